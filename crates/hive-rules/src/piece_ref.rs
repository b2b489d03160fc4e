//! The reference part of a MoveString: a piece, and the side of it the
//! moved piece goes to (`wS1-` east of wS1, `/bP` south-west of bP, `bQ\`
//! south-east of bQ), or the piece alone for the cell on top of it (`wB1`).

use std::fmt;
use std::str::FromStr;

use super::error::PieceRefError;
use super::hex::{Direction, Hex};
use super::piece::Piece;

/// A cell named by a piece: on top of it (`side` is `None`) or next to it,
/// on the side `side` of it.
///
/// Read leniently (the colour and bug letters in either case, surrounding
/// spaces ignored) and written canonically:
///
/// ```
/// use hive_rules::{Direction, Piece, PieceRef};
///
/// let reference: PieceRef = "/bp".parse().unwrap();
/// let piece: Piece = "bP".parse().unwrap();
/// assert_eq!(reference, PieceRef::beside(piece, Direction::SouthWest));
/// assert_eq!(reference.to_string(), "/bP");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceRef {
    /// The piece the cell is named by.
    pub piece: Piece,
    /// The side of the piece the cell is on; `None` for the piece's own
    /// cell (on top of it).
    pub side: Option<Direction>,
}

impl PieceRef {
    /// The cell on top of `piece`: `wB1`.
    pub const fn on_top(piece: Piece) -> PieceRef {
        PieceRef { piece, side: None }
    }

    /// The cell next to `piece`, on its side `side`: `wS1-` for east.
    pub const fn beside(piece: Piece, side: Direction) -> PieceRef {
        PieceRef {
            piece,
            side: Some(side),
        }
    }

    /// The cell named, when the piece stands at `at`.
    pub const fn cell(self, at: Hex) -> Hex {
        match self.side {
            None => at,
            Some(side) => at.neighbor(side),
        }
    }
}

/// The mark written before the piece (`-wS1` for west) or after it
/// (`wS1-` for east).
enum Mark {
    Before(char),
    After(char),
}

fn mark(side: Direction) -> Mark {
    match side {
        Direction::East => Mark::After('-'),
        Direction::NorthEast => Mark::After('/'),
        Direction::SouthEast => Mark::After('\\'),
        Direction::West => Mark::Before('-'),
        Direction::SouthWest => Mark::Before('/'),
        Direction::NorthWest => Mark::Before('\\'),
    }
}

fn is_mark(c: &char) -> bool {
    matches!(c, '-' | '/' | '\\')
}

impl FromStr for PieceRef {
    type Err = PieceRefError;

    /// Reads `wS1-`, `/bQ`, `wB1`, ...; the piece is read first, so a
    /// reference with a mark on both sides and a bad piece is refused for
    /// its piece.
    fn from_str(text: &str) -> Result<PieceRef, PieceRefError> {
        PieceRef::read_with(text, |name| name.parse().map_err(PieceRefError::from))
    }
}

impl PieceRef {
    /// Reads a reference whose piece is named in another program's way
    /// (boardspace.net's `q` or `bs2`): the marks as in a MoveString, the
    /// piece by `read_piece`.
    pub fn read_with(
        text: &str,
        read_piece: impl FnOnce(&str) -> Result<Piece, PieceRefError>,
    ) -> Result<PieceRef, PieceRefError> {
        let text = text.trim();
        let prefix = text.chars().next().filter(is_mark);
        let body = prefix.map_or(text, |c| &text[c.len_utf8()..]);
        let suffix = body.chars().last().filter(is_mark);
        let body = suffix.map_or(body, |c| &body[..body.len() - c.len_utf8()]);
        let piece = read_piece(body)?;
        let side = match (prefix, suffix) {
            (None, None) => None,
            (Some(c), None) => Direction::ALL
                .into_iter()
                .find(|&d| matches!(mark(d), Mark::Before(m) if m == c)),
            (None, Some(c)) => Direction::ALL
                .into_iter()
                .find(|&d| matches!(mark(d), Mark::After(m) if m == c)),
            (Some(_), Some(_)) => {
                return Err(PieceRefError::MarksOnBothSides {
                    text: text.to_string(),
                });
            }
        };
        Ok(PieceRef { piece, side })
    }
}

impl PieceRef {
    /// The reference (`wS1-`, `/bQ`, `wB1`) appended to `out`, as
    /// [`fmt::Display`] writes it, without the formatting machinery.
    pub fn push_to(&self, out: &mut String) {
        match self.side.map(mark) {
            None => self.piece.push_name(out),
            Some(Mark::Before(m)) => {
                out.push(m);
                self.piece.push_name(out);
            }
            Some(Mark::After(m)) => {
                self.piece.push_name(out);
                out.push(m);
            }
        }
    }
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.piece;
        match self.side.map(mark) {
            None => write!(f, "{piece}"),
            Some(Mark::Before(m)) => write!(f, "{m}{piece}"),
            Some(Mark::After(m)) => write!(f, "{piece}{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{Bug, Color};

    fn ws1() -> Piece {
        Piece::new(Color::White, Bug::Spider, 1).expect("wS1 exists")
    }

    #[test]
    fn every_side_round_trips_through_its_mark() {
        let written: Vec<String> = Direction::ALL
            .into_iter()
            .map(|d| PieceRef::beside(ws1(), d).to_string())
            .collect();
        assert_eq!(written, ["wS1-", "wS1\\", "/wS1", "-wS1", "\\wS1", "wS1/"]);
        for (text, dir) in written.iter().zip(Direction::ALL) {
            assert_eq!(text.parse(), Ok(PieceRef::beside(ws1(), dir)));
        }
        assert_eq!("wS1".parse(), Ok(PieceRef::on_top(ws1())));
        assert_eq!(PieceRef::on_top(ws1()).to_string(), "wS1");
    }

    #[test]
    fn lenient_reading() {
        assert_eq!(
            " ws1- ".parse(),
            Ok(PieceRef::beside(ws1(), Direction::East))
        );
        assert_eq!(
            "\\WS1".parse(),
            Ok(PieceRef::beside(ws1(), Direction::NorthWest))
        );
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            "-wS1-".parse::<PieceRef>(),
            Err(PieceRefError::MarksOnBothSides {
                text: "-wS1-".to_string()
            })
        );
        assert!(matches!(
            "xS1-".parse::<PieceRef>(),
            Err(PieceRefError::Piece(_))
        ));
        assert!(matches!(
            "-".parse::<PieceRef>(),
            Err(PieceRefError::Piece(_))
        ));
        assert!(matches!(
            "".parse::<PieceRef>(),
            Err(PieceRefError::Piece(_))
        ));
    }

    #[test]
    fn the_cell_is_beside_the_piece() {
        let at = Hex::ORIGIN;
        assert_eq!(PieceRef::on_top(ws1()).cell(at), at);
        for dir in Direction::ALL {
            assert_eq!(PieceRef::beside(ws1(), dir).cell(at), at.neighbor(dir));
        }
    }
}
