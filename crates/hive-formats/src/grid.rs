//! How boardspace.net writes places and pieces in its Hive records: the
//! cells of its grid (`N 13`) and its piece names (`wS1`, `bM1`, `g1`).
//!
//! The grid has a column letter and a row number; past the letters, columns
//! are written `2Z` (two after Z) and `1A` (one before A). Its six steps are
//! fixed: east is the next column, north-west the next row, north-east both
//! (and their opposites), so every cell of the board has one grid name.
//! Piece names may lack the colour (`g1`: the colour is known from the
//! event) and unique bugs may carry a `1` (`wM1`, `bP1`).

use hive_rules::{Bug, Color, Direction, Piece};

/// A cell of boardspace's grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Cell {
    /// The column: `'A'` is 65, as boardspace stores it.
    col: i32,
    /// The row.
    row: i32,
}

impl Cell {
    /// Reads a column (`N`, `2Z`, `1A`) and a row (`13`).
    pub(crate) fn parse(col: &str, row: &str) -> Option<Cell> {
        let row = row.parse::<i32>().ok()?;
        let col = match col.as_bytes() {
            [c] if c.is_ascii_alphabetic() => i32::from(c.to_ascii_uppercase()),
            [c] if c.is_ascii_graphic() && !c.is_ascii_digit() => i32::from(*c),
            [digits @ .., end] if !digits.is_empty() => {
                let off = std::str::from_utf8(digits).ok()?.parse::<i32>().ok()?;
                match end.to_ascii_uppercase() {
                    b'Z' => i32::from(b'Z').checked_add(off)?,
                    b'A' => i32::from(b'A').checked_sub(off)?,
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(Cell { col, row })
    }

    /// The cell `east` columns and `north` rows from boardspace's usual
    /// first cell, `N 13`.
    pub(crate) fn from_origin(east: i32, north: i32) -> Cell {
        Cell {
            col: i32::from(b'N').saturating_add(east),
            row: 13i32.saturating_add(north),
        }
    }

    /// The cell as an SGF event writes it: the column, a space, the row.
    pub(crate) fn words(self) -> String {
        let text = self.to_string();
        let split = text
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_digit() && *c != '-')
            .map_or(0, |(i, c)| i + c.len_utf8());
        format!("{} {}", &text[..split], &text[split..])
    }

    /// The neighbouring cell in direction `dir`.
    pub(crate) fn step(self, dir: Direction) -> Cell {
        let (dc, dr) = match dir {
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthWest => (0, 1),
            Direction::SouthEast => (0, -1),
            Direction::NorthEast => (1, 1),
            Direction::SouthWest => (-1, -1),
        };
        Cell {
            col: self.col.saturating_add(dc),
            row: self.row.saturating_add(dr),
        }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, z) = (i32::from(b'A'), i32::from(b'Z'));
        match char::from_u32(self.col.unsigned_abs()) {
            Some(c) if (a..=z).contains(&self.col) => write!(f, "{c}{}", self.row),
            _ if self.col > z => write!(f, "{}Z{}", self.col - z, self.row),
            _ => write!(f, "{}A{}", a.saturating_sub(self.col), self.row),
        }
    }
}

/// Reads a boardspace piece name: `wS1`, `bM1`, `q`, `g1`, `bs2`. A name
/// without a colour takes `default`.
pub(crate) fn parse_piece(name: &str, default: Color) -> Option<Piece> {
    let name = name.trim();
    let split = name
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(name.len());
    let (letters, digits) = name.split_at(split);
    let (color, bug) = match letters.as_bytes() {
        [bug] => (default, *bug),
        [color, bug] => (
            match color.to_ascii_lowercase() {
                b'w' => Color::White,
                b'b' => Color::Black,
                _ => return None,
            },
            *bug,
        ),
        _ => return None,
    };
    let bug = Bug::from_letter(char::from(bug))?;
    let number = match digits {
        "" if bug.count() == 1 => 1,
        _ if !digits.bytes().all(|b| b.is_ascii_digit()) => return None,
        _ => digits.parse::<u8>().ok()?,
    };
    Piece::new(color, bug, number)
}

/// The colour of a pool (`W`, `B`, `w`, `b`) in a `pick` or `move` event.
pub(crate) fn pool_color(word: &str) -> Option<Color> {
    match word.bytes().next()?.to_ascii_lowercase() {
        b'w' => Some(Color::White),
        b'b' => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_and_print_as_boardspace_writes_them() {
        let n13 = Cell::parse("N", "13").unwrap();
        assert_eq!(n13.to_string(), "N13");
        assert_eq!(Cell::parse("n", "13"), Some(n13));
        assert_eq!(Cell::parse("2Z", "4").unwrap().to_string(), "2Z4");
        assert_eq!(Cell::parse("1A", "-3").unwrap().to_string(), "1A-3");
        assert_eq!(Cell::parse("Z", "99").unwrap().to_string(), "Z99");
        for bad in [
            ("", "1"),
            ("N", "x"),
            ("3Q", "1"),
            ("7", "1"),
            ("99999999999Z", "1"),
        ] {
            assert_eq!(Cell::parse(bad.0, bad.1), None, "{bad:?}");
        }
        // Opposite steps cancel.
        for dir in Direction::ALL {
            let back = Direction::ALL[(dir as usize + 3) % 6];
            assert_eq!(n13.step(dir).step(back), n13);
        }
    }

    #[test]
    fn piece_names_in_every_spelling() {
        let w = Color::White;
        let cases = [
            ("wS1", "wS1"),
            ("wM1", "wM"),
            ("bP1", "bP"),
            ("q", "wQ"),
            ("g1", "wG1"),
            ("b2", "wB2"),
            ("bs2", "bS2"),
            ("bg1", "bG1"),
            ("BQ", "bQ"),
            ("p", "wP"),
        ];
        for (name, want) in cases {
            assert_eq!(
                parse_piece(name, w).map(|p| p.to_string()),
                Some(want.into()),
                "{name}"
            );
        }
        for bad in ["", "x1", "wQ2", "wA4", "wA", "wxA1", "w1", "wA1x", "wA-1"] {
            assert_eq!(parse_piece(bad, w), None, "{bad}");
        }
    }
}
