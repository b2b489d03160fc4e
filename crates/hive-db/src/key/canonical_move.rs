//! A move stored in the canonical frame of its position, as one integer.

use hive_rules::{Bug, Color, Game, Move};

use super::Canonical;

/// A move in the canonical frame of the position it is played in: its kind,
/// the bug and colour, and the cells (see the module's docs). Stored as one
/// integer ([`CanonicalMove::code`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CanonicalMove(pub(super) u32);

/// Coordinates in a frame are stored with this offset in 6 bits.
pub(super) const COORD_OFFSET: i32 = 16;
pub(super) const KIND_PASS: u32 = 0;
pub(super) const KIND_PLACE: u32 = 1;
pub(super) const KIND_MOVE: u32 = 2;

impl CanonicalMove {
    /// The move `mv` of `game`'s position in its canonical frame; `None`
    /// when the move cannot be located on the board (a corrupt move).
    pub fn of(game: &Game, mv: Move) -> Option<CanonicalMove> {
        Canonical::of(game).canonical_move(mv)
    }

    /// The integer stored in the database.
    pub fn code(self) -> u32 {
        self.0
    }

    /// The move of a stored integer.
    pub fn from_code(code: u32) -> CanonicalMove {
        CanonicalMove(code)
    }

    /// This move on `game`'s board as shown, if it is legal there (it is
    /// whenever `game` has the position the move was stored for).
    pub fn on_board(self, game: &Game) -> Option<Move> {
        Canonical::of(game).board_move(game, self)
    }

    pub(super) fn pack(
        kind: u32,
        piece: Option<(Color, Bug)>,
        from: (i32, i32),
        to: (i32, i32),
    ) -> Option<u32> {
        let coord = |v: i32| -> Option<u32> {
            let v = v + COORD_OFFSET;
            (0..64).contains(&v).then_some(v as u32)
        };
        let (color, bug) = piece.map_or((0, 0), |(c, b)| (c.index() as u32, b as u32));
        Some(
            kind << 30
                | color << 29
                | bug << 26
                | coord(from.0)? << 18
                | coord(from.1)? << 12
                | coord(to.0)? << 6
                | coord(to.1)?,
        )
    }

    pub(super) fn kind(self) -> u32 {
        self.0 >> 30
    }

    pub(super) fn color(self) -> Color {
        if (self.0 >> 29) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    pub(super) fn bug(self) -> Bug {
        Bug::ALL[((self.0 >> 26) & 7) as usize]
    }

    pub(super) fn source_cell(self) -> (i32, i32) {
        (
            ((self.0 >> 18) & 63) as i32 - COORD_OFFSET,
            ((self.0 >> 12) & 63) as i32 - COORD_OFFSET,
        )
    }

    pub(super) fn target_cell(self) -> (i32, i32) {
        (
            ((self.0 >> 6) & 63) as i32 - COORD_OFFSET,
            (self.0 & 63) as i32 - COORD_OFFSET,
        )
    }
}
