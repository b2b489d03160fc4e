//! Which expansion pieces a game uses, and the optional rules.

use std::fmt;
use std::str::FromStr;

use super::error::NotationError;
use super::piece::Bug;

/// The base game plus any subset of the Mosquito, Ladybug and Pillbug.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct GameType {
    /// Mosquito in play.
    pub mosquito: bool,
    /// Ladybug in play.
    pub ladybug: bool,
    /// Pillbug in play.
    pub pillbug: bool,
}

impl GameType {
    /// The base game only.
    pub const BASE: GameType = GameType {
        mosquito: false,
        ladybug: false,
        pillbug: false,
    };
    /// Base plus all three expansion pieces.
    pub const ALL: GameType = GameType {
        mosquito: true,
        ladybug: true,
        pillbug: true,
    };

    /// From expansion letters such as `"MLP"`, `"p"` or `""`.
    pub fn from_expansions(letters: &str) -> Result<GameType, NotationError> {
        let mut game_type = GameType::BASE;
        for c in letters.chars() {
            match c.to_ascii_uppercase() {
                'M' => game_type.mosquito = true,
                'L' => game_type.ladybug = true,
                'P' => game_type.pillbug = true,
                _ => {
                    return Err(NotationError::new(format!(
                        "unknown expansion '{c}' (expected M, L or P)"
                    )));
                }
            }
        }
        Ok(game_type)
    }

    /// The expansion letters in canonical order (`"MLP"`, `""`).
    pub fn expansions(self) -> String {
        let mut s = String::new();
        for (on, c) in [
            (self.mosquito, 'M'),
            (self.ladybug, 'L'),
            (self.pillbug, 'P'),
        ] {
            if on {
                s.push(c);
            }
        }
        s
    }

    /// Whether pieces of this bug are used.
    pub const fn includes(self, bug: Bug) -> bool {
        match bug {
            Bug::Mosquito => self.mosquito,
            Bug::Ladybug => self.ladybug,
            Bug::Pillbug => self.pillbug,
            _ => true,
        }
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let exp = self.expansions();
        if exp.is_empty() {
            f.write_str("Base")
        } else {
            write!(f, "Base+{exp}")
        }
    }
}

impl FromStr for GameType {
    type Err = NotationError;

    /// Parses a UHP GameTypeString: `Base`, `Base+M`, ..., `Base+MLP`.
    fn from_str(s: &str) -> Result<GameType, NotationError> {
        let s = s.trim();
        let bad = || {
            NotationError::new(format!(
                "'{s}' is not a game type (expected Base, Base+M, ..., Base+MLP)"
            ))
        };
        let rest = s.strip_prefix("Base").ok_or_else(bad)?;
        if rest.is_empty() {
            return Ok(GameType::BASE);
        }
        let letters = rest.strip_prefix('+').ok_or_else(bad)?;
        // UHP spells the expansions once each, in the order M, L, P.
        let game_type = GameType::from_expansions(letters).map_err(|_| bad())?;
        if letters.is_empty() || game_type.expansions() != letters {
            return Err(bad());
        }
        Ok(game_type)
    }
}

/// Optional rules, off by default except the tournament opening (and so
/// a field missing from a serialized value).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Options {
    /// Neither side may place its Queen on its first turn (UHP engines' default).
    pub tournament_opening: bool,
    /// The game is drawn when a position (the pieces where they stand)
    /// repeats three times with the same side to move.
    pub threefold_repetition: bool,
    /// The game is drawn when it reaches this turn, in UHP numbering: with
    /// `Some(100)` the game is drawn as soon as its GameString would read
    /// `White[100]` (both sides have played 99 turns), unless a Queen fell on
    /// the move that got there. Checked after each move, so a limit of 1
    /// ends the game after the first move.
    pub turn_limit: Option<u16>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            tournament_opening: true,
            threefold_repetition: false,
            turn_limit: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_types_round_trip() {
        for s in [
            "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
        ] {
            let t: GameType = s.parse().expect(s);
            assert_eq!(t.to_string(), s);
        }
        for bad in [
            "",
            "base",
            "Base+",
            "Base+X",
            "Base+PM",
            "Base+MM",
            "Base+MLPX",
            "Bases",
        ] {
            assert!(bad.parse::<GameType>().is_err(), "{bad}");
        }
    }
}
