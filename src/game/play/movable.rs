//! Which of the player's pieces can move now: on a person's turn, every
//! piece on the board with a legal move (its own or a pillbug's throw of it
//! does not count: the mark says "you can move this"). The board draws a
//! small mark on them (the theme's `movable` overlay), so a player sees at a
//! glance what is playable. Empty while the AI is to move, while pieces
//! slide, in review and after the game.

use bevy::prelude::*;

use crate::game::core::{CurrentGame, CurrentMode};
use crate::rules::{Game, Move, Piece};

/// The side to move's pieces on the board that have a legal move, while a
/// person is to move.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct MovablePieces(pub Vec<Piece>);

/// The pieces on the board of the side to move that a legal move moves by
/// itself (a throw moves a piece, but the pillbug is what the player uses).
pub fn movable_pieces(game: &Game) -> Vec<Piece> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let me = game.to_move();
    let mut pieces: Vec<Piece> = Vec::new();
    for mv in moves {
        if let Move::Move { piece, .. } = mv
            && piece.color() == me
            && !pieces.contains(&piece)
        {
            pieces.push(piece);
        }
    }
    pieces
}

pub(super) fn update_movable_pieces(
    game: Res<CurrentGame>,
    mode: CurrentMode,
    mut movable: ResMut<MovablePieces>,
) {
    let game = game.game();
    let shown = mode.get().takes_move(game);
    let pieces = if shown {
        movable_pieces(game)
    } else {
        Vec::new()
    };
    if movable.0 != pieces {
        movable.0 = pieces;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bug, Color, GameType};

    #[test]
    fn pieces_pinned_by_the_hive_are_not_movable() {
        let mut game = Game::new(GameType::BASE);
        for text in [
            "wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wA1 /wQ", "bA1 bQ-",
        ] {
            game.play_move_string(text).unwrap();
        }
        let movable = movable_pieces(&game);
        let piece = |bug, n| Piece::new(Color::White, bug, n).unwrap();
        // The ant at the end of the line moves; the grasshopper in the
        // middle holds the hive together.
        assert!(movable.contains(&piece(Bug::Ant, 1)), "{movable:?}");
        assert!(
            !movable.contains(&piece(Bug::Grasshopper, 1)),
            "{movable:?}"
        );
        assert!(movable.iter().all(|p| p.color() == Color::White));
    }
}
