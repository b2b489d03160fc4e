//! A fact told on the board shown and beside another line's facts: the
//! cells it lights where its pieces stand now ([`Fact::cells_in`]), and
//! whether two facts say the same thing ([`Fact::same_claim`]).

use super::{Cells, Fact};
use crate::{Game, Piece};

impl Fact {
    /// Whether two facts (of two lines from the same position) say the
    /// same thing in words: the same Queen with the same counts, the same
    /// climber and Queen, the same gate, the same thrower and piece, the same
    /// piece pinned or freed, wherever the cells they light.
    pub fn same_claim(&self, other: &Fact) -> bool {
        match (*self, *other) {
            (
                Fact::QueenCells {
                    queen,
                    before,
                    after,
                    ..
                },
                Fact::QueenCells {
                    queen: q,
                    before: b,
                    after: a,
                    ..
                },
            ) => (queen, before, after) == (q, b, a),
            (
                Fact::BeetleOnQueen { beetle, queen, .. },
                Fact::BeetleOnQueen {
                    beetle: b,
                    queen: q,
                    ..
                },
            )
            | (
                Fact::BeetleReachesQueen { beetle, queen, .. },
                Fact::BeetleReachesQueen {
                    beetle: b,
                    queen: q,
                    ..
                },
            ) => (beetle, queen) == (b, q),
            (
                Fact::ThrowPossible { pillbug, piece, .. },
                Fact::ThrowPossible {
                    pillbug: p,
                    piece: t,
                    ..
                },
            ) => (pillbug, piece) == (p, t),
            (Fact::Pinned { piece, .. }, Fact::Pinned { piece: p, .. })
            | (Fact::Freed { piece, .. }, Fact::Freed { piece: p, .. }) => piece == p,
            (a, b) => a == b,
        }
    }

    /// The cells to light on another position of the same game (`shown`,
    /// the one on screen) for a fact found at `end`: each piece named where
    /// it stands in `shown`; the cells meant (a Queen's changed cells, a
    /// gate, a throw's landings) only where the piece they are about stands
    /// in `shown` as it does at `end`, else they would mean nothing there.
    pub fn cells_in(&self, end: &Game, shown: &Game) -> Cells {
        let mut cells = Cells::default();
        let piece = |cells: &mut Cells, piece: Piece| {
            if let Some(at) = shown.position(piece) {
                cells.push(at);
            }
        };
        let stays = |piece: Piece| {
            let at = shown.position(piece);
            at.is_some() && at == end.position(piece)
        };
        match *self {
            Fact::MissedWin { .. } | Fact::ForcedLoss { .. } => {}
            Fact::QueenCells { queen, .. } => {
                piece(&mut cells, queen);
                if stays(queen) {
                    for &hex in &self.cells() {
                        cells.push(hex);
                    }
                }
            }
            Fact::BeetleOnQueen { beetle, queen, .. }
            | Fact::BeetleReachesQueen { beetle, queen, .. } => {
                piece(&mut cells, beetle);
                piece(&mut cells, queen);
            }
            Fact::GateClosed { queen, cell } | Fact::GateOpened { queen, cell } => {
                if stays(queen) {
                    cells.push(cell);
                }
            }
            Fact::ThrowPossible {
                pillbug,
                piece: thrown,
                to,
                ..
            } => {
                piece(&mut cells, pillbug);
                piece(&mut cells, thrown);
                if stays(pillbug) {
                    for &hex in &to {
                        cells.push(hex);
                    }
                }
            }
            Fact::Pinned { piece: held, .. } | Fact::Freed { piece: held, .. } => {
                piece(&mut cells, held);
            }
        }
        cells
    }
}
