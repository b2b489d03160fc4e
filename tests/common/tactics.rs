//! Tactics helpers shared by the AI tests: legal moves, wins in one and
//! two proved by brute force, and random play that crowds the queens.

use hive::rules::{Bug, Color, Game, GameStatus, Move, Piece};
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
