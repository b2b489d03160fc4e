//! Drag and drop: press on a piece on the board (or a stack in hand), drag,
//! and release on a cell. The press selects the piece as a click does, so
//! its legal cells light up during the drag; a release on one of them plays
//! the move, a release anywhere else on the board says why the piece cannot
//! go there (the rules engine's reason) and the piece stays where it was,
//! still selected. A release on the cell it was pressed on is a plain
//! click, so click-click play works as before.

use bevy::prelude::*;

use super::selection::{Selection, cell_at};
use crate::game::board::BoardLayout;
use crate::game::core::{CurrentGame, MoveRefused, Notices, PlayMove, Players, Words};
use crate::rules::Piece;

/// Where the piece being dragged was picked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DragFrom {
    /// A cell of the board (plane coordinates).
    Board(IVec2),
    /// A stack in hand: its next piece.
    Hand(Piece),
}

/// The press that may become a drag, until the button is released.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PointerDrag(pub Option<DragFrom>);

impl PointerDrag {
    /// The piece being dragged, if a drag is under way in `game`.
    pub fn piece(&self, game: &crate::rules::Game, layout: &BoardLayout) -> Option<Piece> {
        match self.0? {
            DragFrom::Hand(piece) => Some(piece),
            DragFrom::Board(plane) => game.top(layout.hex_at(plane)),
        }
    }
}

/// A piece dragged from `from` was released on the board cell `to`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellDropped {
    /// Where it was picked up.
    pub from: DragFrom,
    /// The cell it was released on (plane coordinates).
    pub to: IVec2,
}

/// Plays a dropped piece's move, or says why it cannot go there.
pub(super) fn handle_drops(
    mut drops: MessageReader<CellDropped>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    players: Res<Players>,
    mut selection: ResMut<Selection>,
    (mut notice, words, mut refused): (Notices, Res<Words>, MessageWriter<MoveRefused>),
    mut play: MessageWriter<PlayMove>,
) {
    let game = game.game();
    if players.moves_elsewhere(game) {
        drops.clear();
        return;
    }
    for &CellDropped { from, to } in drops.read() {
        let piece = match from {
            DragFrom::Hand(piece) => Some(piece),
            DragFrom::Board(plane) => game.top(layout.hex_at(plane)),
        };
        let Some(piece) = piece else {
            continue;
        };
        let cell = cell_at(&layout, to);
        // The selection may be a pillbug's throw of this piece.
        let chosen = if selection.piece == Some(piece) {
            selection.clone()
        } else {
            Selection::of(game, piece)
        };
        if let Some(mv) = cell.and_then(|hex| chosen.move_to(hex)) {
            play.write(PlayMove(mv));
            continue;
        }
        if let Some(reason) = cell.and_then(|hex| chosen.why_not(game, hex)) {
            notice.show_worded(words.reason(&reason, Some(game)));
            refused.write(MoveRefused(reason));
        }
        // A piece with nothing to do is not left selected.
        let chosen = if chosen.is_live() {
            chosen
        } else {
            Selection::default()
        };
        if *selection != chosen {
            *selection = chosen;
        }
    }
}
