//! The settings the next game starts with, chosen in the main menu or on the
//! command line.
//!
//! `Expansions` is a stand-in until the board is wired to the rules engine,
//! whose `GameType` says the same thing.

use std::fmt;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameSettings>();
}

/// What the next "New local game" starts with.
#[derive(Resource, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct NewGameSettings {
    /// The expansion pieces in the box.
    pub expansions: Expansions,
}

/// Which expansion pieces join the base game.
#[derive(Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Expansions {
    /// The Mosquito (`M`).
    pub mosquito: bool,
    /// The Ladybug (`L`).
    pub ladybug: bool,
    /// The Pillbug (`P`).
    pub pillbug: bool,
}

/// An expansion letter other than `M`, `L` or `P`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown expansion '{0}' (expected M, L or P)")]
pub struct UnknownExpansion(pub char);

impl Expansions {
    /// The base game alone.
    pub const BASE: Expansions = Expansions {
        mosquito: false,
        ladybug: false,
        pillbug: false,
    };

    /// From expansion letters such as `"MLP"`, `"p"` or `""`, in any order.
    pub fn from_letters(letters: &str) -> Result<Expansions, UnknownExpansion> {
        let mut expansions = Expansions::BASE;
        for letter in letters.chars() {
            match letter.to_ascii_uppercase() {
                'M' => expansions.mosquito = true,
                'L' => expansions.ladybug = true,
                'P' => expansions.pillbug = true,
                _ => return Err(UnknownExpansion(letter)),
            }
        }
        Ok(expansions)
    }

    /// The letters in their usual order (`"MLP"`), empty for the base game.
    pub fn letters(self) -> String {
        [
            (self.mosquito, 'M'),
            (self.ladybug, 'L'),
            (self.pillbug, 'P'),
        ]
        .into_iter()
        .filter_map(|(on, letter)| on.then_some(letter))
        .collect()
    }
}

/// As a UHP game type: `Base`, `Base+MLP`.
impl fmt::Display for Expansions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = self.letters();
        if letters.is_empty() {
            f.write_str("Base")
        } else {
            write!(f, "Base+{letters}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_canonical_order() {
        for (input, canonical) in [("", ""), ("M", "M"), ("pl", "LP"), ("PLM", "MLP")] {
            let expansions = Expansions::from_letters(input).unwrap();
            assert_eq!(expansions.letters(), canonical, "input {input:?}");
        }
    }

    #[test]
    fn unknown_letter_is_rejected() {
        assert_eq!(Expansions::from_letters("MX"), Err(UnknownExpansion('X')));
    }

    #[test]
    fn displays_as_uhp_game_type() {
        assert_eq!(Expansions::BASE.to_string(), "Base");
        let all = Expansions::from_letters("MLP").unwrap();
        assert_eq!(all.to_string(), "Base+MLP");
    }
}
