//! Sides, bugs and individual pieces (`wA1`, `bQ`, ...).

use std::fmt;

/// A side of the game. White moves first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as in UHP piece names.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` or `Black`, as in UHP turn strings.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds of bug.
///
/// Each has a key in lower case (`queen`, `grasshopper`, ...; [`Bug::key`]),
/// the one name files and message keys use for it (theme manifests, the
/// game's words), read back with [`str::parse`].
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    Hash,
    Debug,
    PartialOrd,
    Ord,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[strum(serialize_all = "lowercase")]
pub enum Bug {
    /// Queen Bee: one sliding step; surround it to win.
    Queen,
    /// Soldier Ant: any number of sliding steps around the hive.
    Ant,
    /// Grasshopper: jumps in a straight line over pieces.
    Grasshopper,
    /// Spider: exactly three sliding steps.
    Spider,
    /// Beetle: one step, may climb on top of the hive.
    Beetle,
    /// Mosquito (expansion): moves as any bug it touches.
    Mosquito,
    /// Ladybug (expansion): two steps on top of the hive, then one down.
    Ladybug,
    /// Pillbug (expansion): one step, or moves a neighbour over itself.
    Pillbug,
}

impl Bug {
    /// All bugs, in piece-numbering order.
    pub const ALL: [Bug; 8] = [
        Bug::Queen,
        Bug::Ant,
        Bug::Grasshopper,
        Bug::Spider,
        Bug::Beetle,
        Bug::Mosquito,
        Bug::Ladybug,
        Bug::Pillbug,
    ];

    /// How many of this bug each side owns (when it is in the game).
    pub const fn count(self) -> u8 {
        match self {
            Bug::Ant | Bug::Grasshopper => 3,
            Bug::Spider | Bug::Beetle => 2,
            _ => 1,
        }
    }

    /// The first piece slot of this bug within a side (see [`Piece`]).
    pub(crate) const fn first_slot(self) -> u8 {
        match self {
            Bug::Queen => 0,
            Bug::Ant => 1,
            Bug::Grasshopper => 4,
            Bug::Spider => 7,
            Bug::Beetle => 9,
            Bug::Mosquito => 11,
            Bug::Ladybug => 12,
            Bug::Pillbug => 13,
        }
    }

    /// The UHP letter: `Q`, `A`, `G`, `S`, `B`, `M`, `L`, `P`.
    pub const fn letter(self) -> char {
        match self {
            Bug::Queen => 'Q',
            Bug::Ant => 'A',
            Bug::Grasshopper => 'G',
            Bug::Spider => 'S',
            Bug::Beetle => 'B',
            Bug::Mosquito => 'M',
            Bug::Ladybug => 'L',
            Bug::Pillbug => 'P',
        }
    }

    /// The bug with this UHP letter (either case).
    pub fn from_letter(c: char) -> Option<Bug> {
        Bug::ALL
            .into_iter()
            .find(|b| b.letter() == c.to_ascii_uppercase())
    }

    /// The bug's key: `queen`, `ant`, `grasshopper`, `spider`, `beetle`,
    /// `mosquito`, `ladybug`, `pillbug`.
    pub fn key(self) -> &'static str {
        self.into()
    }

    /// The bug's English name, for players.
    pub const fn name(self) -> &'static str {
        match self {
            Bug::Queen => "Queen Bee",
            Bug::Ant => "Soldier Ant",
            Bug::Grasshopper => "Grasshopper",
            Bug::Spider => "Spider",
            Bug::Beetle => "Beetle",
            Bug::Mosquito => "Mosquito",
            Bug::Ladybug => "Ladybug",
            Bug::Pillbug => "Pillbug",
        }
    }

    /// Whether this bug comes from an expansion.
    pub const fn is_expansion(self) -> bool {
        matches!(self, Bug::Mosquito | Bug::Ladybug | Bug::Pillbug)
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Pieces per side.
pub const PIECES_PER_SIDE: usize = 14;
/// Pieces in a game with every expansion.
pub const PIECE_COUNT: usize = 2 * PIECES_PER_SIDE;

const SLOT_BUG: [Bug; PIECES_PER_SIDE] = [
    Bug::Queen,
    Bug::Ant,
    Bug::Ant,
    Bug::Ant,
    Bug::Grasshopper,
    Bug::Grasshopper,
    Bug::Grasshopper,
    Bug::Spider,
    Bug::Spider,
    Bug::Beetle,
    Bug::Beetle,
    Bug::Mosquito,
    Bug::Ladybug,
    Bug::Pillbug,
];

/// One physical piece, such as `wA1` (White's first Soldier Ant).
///
/// Stored as a number `0..28`: side × 14 + slot, slots in the order
/// Q, A1-A3, G1-G3, S1-S2, B1-B2, M, L, P.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    /// The piece with this id (`0..PIECE_COUNT`).
    #[inline]
    pub const fn from_id(id: u8) -> Piece {
        debug_assert!((id as usize) < PIECE_COUNT);
        Piece(id)
    }

    /// The `number`-th (from 1) piece of `bug` for `color`, if it exists.
    pub const fn new(color: Color, bug: Bug, number: u8) -> Option<Piece> {
        if number == 0 || number > bug.count() {
            return None;
        }
        let slot = bug.first_slot() + number - 1;
        Some(Piece(color as u8 * PIECES_PER_SIDE as u8 + slot))
    }

    /// The id `0..PIECE_COUNT`.
    #[inline]
    pub const fn id(self) -> usize {
        self.0 as usize
    }

    /// The owner.
    #[inline]
    pub const fn color(self) -> Color {
        if (self.0 as usize) < PIECES_PER_SIDE {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The kind of bug.
    #[inline]
    pub const fn bug(self) -> Bug {
        SLOT_BUG[self.0 as usize % PIECES_PER_SIDE]
    }

    /// The number within its bug, from 1 (always 1 for single pieces).
    pub const fn number(self) -> u8 {
        (self.0 % PIECES_PER_SIDE as u8) - self.bug().first_slot() + 1
    }

    /// Every piece of a full game, White's first.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..PIECE_COUNT as u8).map(Piece)
    }
}

impl Piece {
    /// Its name (`wQ`, `bA2`) appended to `out`, as [`fmt::Display`]
    /// writes it but without the formatting machinery (a database import
    /// writes millions of MoveStrings).
    pub fn push_name(self, out: &mut String) {
        let bug = self.bug();
        out.push(self.color().letter());
        out.push(bug.letter());
        if bug.count() > 1 {
            out.push(char::from(b'0' + self.number()));
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let bug = self.bug();
        f.write_char(self.color().letter())?;
        f.write_char(bug.letter())?;
        if bug.count() > 1 {
            f.write_char(char::from(b'0' + self.number()))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bug_key_reads_back() {
        let keys: Vec<&str> = Bug::ALL.iter().map(|b| b.key()).collect();
        assert_eq!(
            keys,
            [
                "queen",
                "ant",
                "grasshopper",
                "spider",
                "beetle",
                "mosquito",
                "ladybug",
                "pillbug"
            ]
        );
        for bug in Bug::ALL {
            assert_eq!(bug.key().parse::<Bug>(), Ok(bug));
        }
        assert!("Queen".parse::<Bug>().is_err());
        assert!("bee".parse::<Bug>().is_err());
    }

    #[test]
    fn every_piece_names_itself() {
        let names: Vec<String> = Piece::all().map(|p| p.to_string()).collect();
        assert_eq!(names[0], "wQ");
        assert_eq!(names[3], "wA3");
        assert_eq!(names[13], "wP");
        assert_eq!(names[14 + 9], "bB1");
        for p in Piece::all() {
            assert_eq!(Piece::new(p.color(), p.bug(), p.number()), Some(p));
        }
        assert_eq!(Piece::new(Color::White, Bug::Queen, 2), None);
        assert_eq!(Piece::new(Color::White, Bug::Ant, 0), None);
    }
}
