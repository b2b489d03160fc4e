//! Matching the requested turn: a move split in two, pieces stepping out
//! and back.

use super::*;

/// The game with turns added when it is short of `turn`: a move split in
/// two (one turn more for each side), then moves out and back (two turns
/// more each), as far as they can be found. The board and the side to
/// move stay as they were.
pub(super) fn pad_turns(game: Game, turn: u32) -> Game {
    let reached = game.turn_number();
    if turn <= reached {
        return game;
    }
    let game_type = game.game_type();
    let mut moves: Vec<Move> = game.moves().collect();
    let mut missing = turn - reached;
    if missing % 2 == 1
        && let Some(longer) = split_pair(game_type, &moves)
    {
        moves = longer;
        missing -= 1;
    }
    if missing >= 2
        && let Some((at, cycle)) = out_and_back(game_type, &moves)
    {
        // The four moves leave the position as it was after their first
        // round, so the same round can be played again and again.
        let rounds = (missing / 2) as usize;
        let mut longer = moves[..at].to_vec();
        for _ in 0..rounds {
            longer.extend(cycle);
        }
        longer.extend_from_slice(&moves[at..]);
        if replay(game_type, &longer).is_some() {
            moves = longer;
        } else {
            moves.splice(at..at, cycle);
        }
    }
    replay(game_type, &moves).unwrap_or(game)
}

/// How many alternatives each padding search tries per move.
pub(super) const PAD_TRIES: usize = 24;

/// How far back from the end of the game padding is tried.
pub(super) const PAD_DEPTH: usize = 12;

/// The movements (no placements, no pass) of the side to move.
pub(super) fn movements(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.retain(|mv| matches!(mv, Move::Move { .. }));
    moves
}

/// Four moves to insert after the first `at` moves, near the end: each
/// side moves a piece away and back, leaving the board as it was.
pub(super) fn out_and_back(game_type: GameType, moves: &[Move]) -> Option<(usize, [Move; 4])> {
    let mut game = replay(game_type, moves)?;
    let mut at = moves.len();
    loop {
        let board = board_of(&game);
        for first in movements(&game).into_iter().take(PAD_TRIES) {
            let mut one = game.clone();
            one.apply_unchecked(first);
            for second in movements(&one).into_iter().take(PAD_TRIES) {
                let mut two = one.clone();
                two.apply_unchecked(second);
                let back = [reverse(first)?, reverse(second)?];
                let Some(after) = play_on(two, &back) else {
                    continue;
                };
                if board_of(&after) == board && play_on(after, &moves[at..]).is_some() {
                    return Some((at, [first, second, back[0], back[1]]));
                }
            }
        }
        if at == 0 || moves.len() - at >= PAD_DEPTH {
            return None;
        }
        game.undo();
        at -= 1;
    }
}

/// The moves with one more turn for each side: two successive moves each
/// made in two (a placement elsewhere then a step to the right cell, or a
/// movement by way of another cell), the second legs after both first legs.
pub(super) fn split_pair(game_type: GameType, moves: &[Move]) -> Option<Vec<Move>> {
    let mut game = replay(game_type, moves)?;
    game.undo();
    for at in (0..moves.len().saturating_sub(1)).rev() {
        game.undo();
        let (mine, theirs) = (moves[at], moves[at + 1]);
        for first in first_legs(&game, mine) {
            let mut one = game.clone();
            one.apply_unchecked(first);
            for second in first_legs(&one, theirs) {
                let mut two = one.clone();
                two.apply_unchecked(second);
                let rest = [second_leg(first, mine)?, second_leg(second, theirs)?];
                if play_on(two, &rest)
                    .and_then(|after| play_on(after, &moves[at + 2..]))
                    .is_none()
                {
                    continue;
                }
                let mut longer = moves[..at].to_vec();
                longer.extend([first, second]);
                longer.extend(rest);
                longer.extend_from_slice(&moves[at + 2..]);
                return Some(longer);
            }
        }
        if moves.len() - at >= PAD_DEPTH {
            return None;
        }
    }
    None
}

/// Legal moves in `game` that do part of `mv`'s work: the same piece
/// placed elsewhere, or moved from the same cell to another.
pub(super) fn first_legs(game: &Game, mv: Move) -> Vec<Move> {
    let mut legs = Vec::new();
    game.legal_moves(&mut legs);
    legs.retain(|&leg| match (leg, mv) {
        (Move::Place { piece, to }, Move::Place { piece: p, to: b }) => piece == p && to != b,
        (
            Move::Move { piece, from, to },
            Move::Move {
                piece: p,
                from: a,
                to: b,
            },
        ) => piece == p && from == a && to != b,
        _ => false,
    });
    legs.truncate(PAD_TRIES);
    legs
}

/// The step that finishes `mv` after its first leg `first`.
pub(super) fn second_leg(first: Move, mv: Move) -> Option<Move> {
    Some(Move::Move {
        piece: mv.piece()?,
        from: first.to()?,
        to: mv.to()?,
    })
}
