//! The cells the last move touched, as the board marks them: where it
//! started and ended, and, for a pillbug's throw, the pillbug (or mosquito)
//! that threw it.
//!
//! A move in the record does not say who moved it, so the thrower is found
//! from the position before it: a move is a throw when the side that played
//! it moved an opponent's piece, or when its own piece went over an occupied
//! cell in a way only a throw goes (up onto the pillbug and down beside it,
//! not a grasshopper's straight jump).

use crate::rules::{Bug, Game, Hex, Move};

/// The last move's cells: nothing for a pass or a new game, the cell of a
/// placement, the start and end of a movement, and for a throw the
/// thrower's cell after those two.
pub fn last_move_cells(game: &Game) -> Vec<Hex> {
    match game.last_move() {
        Some(Move::Place { to, .. }) => vec![to],
        Some(mv @ Move::Move { from, to, .. }) => {
            let mut cells = vec![from, to];
            cells.extend(thrower_cell(game, mv));
            cells
        }
        Some(Move::Pass) | None => Vec::new(),
    }
}

/// Where the pillbug (or mosquito) that threw `last` stands, if `last`, the
/// game's last move, was a throw.
fn thrower_cell(game: &Game, last: Move) -> Option<Hex> {
    let Move::Move { piece, .. } = last else {
        return None;
    };
    let mut before = game.clone();
    before.undo()?;
    let path = before.path_of(last);
    let [from, via, to] = path[..] else {
        return None;
    };
    if before.height(via) == 0 {
        // A walk around the hive, not over a piece.
        return None;
    }
    let jumps = matches!(piece.bug(), Bug::Grasshopper | Bug::Mosquito);
    let straight =
        from.direction_to(via).is_some() && from.direction_to(via) == via.direction_to(to);
    let own_piece = piece.color() == before.to_move();
    if own_piece && jumps && straight {
        return None;
    }
    before
        .top(via)
        .filter(|thrower| matches!(thrower.bug(), Bug::Pillbug | Bug::Mosquito))
        .map(|_| via)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameType;

    fn game_after(moves: &str) -> Game {
        let mut game = Game::new(GameType::from_expansions("P").unwrap());
        for text in moves.split(';') {
            game.play_move_string(text).unwrap();
        }
        game
    }

    #[test]
    fn a_placement_marks_its_cell_and_a_pass_nothing() {
        let game = game_after("wA1");
        assert_eq!(last_move_cells(&game), vec![Hex::ORIGIN]);
        assert!(last_move_cells(&Game::new(GameType::BASE)).is_empty());
    }

    #[test]
    fn a_throw_marks_the_pillbug_too_and_a_step_does_not() {
        // Black's queen steps next to the white pillbug (two cells marked);
        // then the pillbug throws Black's ant over itself (three).
        let mut game = game_after(r"wP;bA1 wP-;wQ -wP;bQ bA1\;wA1 /wQ;bQ wP\");
        let before = last_move_cells(&game);
        assert_eq!(before.len(), 2, "{before:?}");
        let pillbug = game.top(Hex::ORIGIN).unwrap();
        game.play_move_string(r"bA1 \wP").unwrap();
        let cells = last_move_cells(&game);
        assert_eq!(cells.len(), 3, "{cells:?}");
        assert_eq!(cells[2], Hex::ORIGIN, "the pillbug's cell is marked");
        assert_eq!(game.top(cells[2]), Some(pillbug));
    }
}
