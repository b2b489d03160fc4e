//! Tactics helpers shared by the AI tests: legal moves, wins in one and
//! two proved by brute force, and random play that crowds the queens.
#![allow(dead_code)] // each test binary and the mining example use part of it

use hive_rules::{Bug, Color, Game, GameStatus, Move, Piece};
use rand::Rng;
use rand::rngs::StdRng;

/// Every legal move of `game`.
pub fn legal(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// Whether `status` is a win for `color`.
pub fn wins_for(status: GameStatus, color: Color) -> bool {
    matches!(
        (status, color),
        (GameStatus::WhiteWins, Color::White) | (GameStatus::BlackWins, Color::Black)
    )
}

/// Moves that win at once for the side to move. Only a move ending next to
/// a queen can surround one, so only those are tried.
pub fn winning_moves(game: &mut Game) -> Vec<Move> {
    let me = game.to_move();
    let queens: Vec<_> = Color::ALL
        .iter()
        .filter_map(|&c| game.position(Piece::new(c, Bug::Queen, 1)?))
        .collect();
    legal(game)
        .into_iter()
        .filter(|mv| {
            mv.to()
                .is_some_and(|to| queens.iter().any(|q| q.is_neighbor(to)))
        })
        .filter(|&mv| {
            game.apply_unchecked(mv);
            let won = wins_for(game.status(), me);
            game.undo();
            won
        })
        .collect()
}

/// After `mv`, does the side that played it win whatever the reply (at once
/// or on its next move)?
pub fn forces_win_in_two(game: &mut Game, mv: Move) -> bool {
    let me = game.to_move();
    game.apply_unchecked(mv);
    let result = if game.status().is_over() {
        wins_for(game.status(), me)
    } else {
        legal(game).into_iter().all(|reply| {
            game.apply_unchecked(reply);
            let ok = match game.status() {
                s if s.is_over() => wins_for(s, me),
                _ => !winning_moves(game).is_empty(),
            };
            game.undo();
            ok
        })
    };
    game.undo();
    result
}

/// Random play that likes to crowd queens, so that decisive positions come up.
pub fn biased_random_move(game: &Game, rng: &mut StdRng) -> Move {
    let moves = legal(game);
    let queens: Vec<_> = Color::ALL
        .iter()
        .filter_map(|&c| game.position(Piece::new(c, Bug::Queen, 1)?))
        .collect();
    let near_queen: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            m.to()
                .is_some_and(|to| queens.iter().any(|q| q.direction_to(to).is_some()))
        })
        .collect();
    if !near_queen.is_empty() && rng.random_bool(0.6) {
        near_queen[rng.random_range(0..near_queen.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

/// After `mv`, can the opponent win at once (or has `mv` lost already)?
pub fn lets_opponent_win(game: &mut Game, mv: Move) -> bool {
    let me = game.to_move();
    game.apply_unchecked(mv);
    let lost = match game.status() {
        s if s.is_over() => !wins_for(s, me),
        _ => !winning_moves(game).is_empty(),
    };
    game.undo();
    lost
}

/// The kinds of rows in `tests/data/tactics.tsv`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Win1,
    Win2,
    Block,
}

impl Kind {
    pub fn parse(text: &str) -> Option<Kind> {
        match text {
            "win1" => Some(Kind::Win1),
            "win2" => Some(Kind::Win2),
            "block" => Some(Kind::Block),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Win1 => "win1",
            Kind::Win2 => "win2",
            Kind::Block => "block",
        }
    }

    /// The fixed search depth for the kind: the horizon of the tactic.
    pub fn depth(self) -> u32 {
        match self {
            Kind::Win1 => 1,
            Kind::Win2 => 3,
            Kind::Block => 2,
        }
    }

    /// Whether `mv` solves the position.
    pub fn solved_by(self, game: &mut Game, mv: Move) -> bool {
        match self {
            Kind::Win1 => winning_moves(game).contains(&mv),
            Kind::Win2 => forces_win_in_two(game, mv),
            Kind::Block => !lets_opponent_win(game, mv),
        }
    }

    /// Whether the position is a fair test of the kind.
    pub fn holds(self, game: &mut Game) -> bool {
        let wins = winning_moves(game);
        match self {
            Kind::Win1 => !wins.is_empty(),
            // That a forcing move exists is checked on the row's move.
            Kind::Win2 => wins.is_empty(),
            Kind::Block => {
                let moves = legal(game);
                let losing = moves
                    .iter()
                    .filter(|&&m| lets_opponent_win(game, m))
                    .count();
                wins.is_empty() && losing > 0 && losing < moves.len()
            }
        }
    }
}
