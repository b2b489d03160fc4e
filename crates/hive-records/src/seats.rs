//! Who plays a saved game, so a game against the AI resumes against the AI
//! and an exhibition as one with the same presets.
//!
//! Saved games and autosaves carry it in their `players` header (see
//! [`crate::SaveHeaders`]), `# hive players: ai=black:medium` (or `human`,
//! or `exhibition=white:easy,black:medium`); other programs skip the line.

use hive_ai::Difficulty;
use hive_rules::Color;

/// The header line naming who plays.
pub use hive_formats::PLAYERS_PREFIX;

/// Who sits at the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Seats {
    /// People at the screen play both sides.
    #[default]
    Human,
    /// The AI plays `side` at `difficulty`; a person the other side.
    Ai {
        /// The AI's side.
        side: Color,
        /// Its preset.
        difficulty: Difficulty,
    },
    /// The AI plays both sides: an exhibition.
    Exhibition {
        /// White's preset.
        white: Difficulty,
        /// Black's preset.
        black: Difficulty,
    },
    /// A person here plays one side, a person over the internet the other.
    Online {
        /// The side played over the internet.
        remote: Color,
    },
    /// Two people elsewhere play; this screen watches (a watch-only
    /// invitation): no side moves here.
    Watching,
}

impl Seats {
    /// The preset the AI plays `side` with, if the AI plays it.
    pub fn preset(self, side: Color) -> Option<Difficulty> {
        match self {
            Seats::Human => None,
            Seats::Ai {
                side: ai,
                difficulty,
            } => (ai == side).then_some(difficulty),
            Seats::Exhibition { white, .. } if side == Color::White => Some(white),
            Seats::Exhibition { black, .. } => Some(black),
            Seats::Online { .. } | Seats::Watching => None,
        }
    }

    /// The side the AI plays against a person, if it does.
    pub fn ai_side(self) -> Option<Color> {
        match self {
            Seats::Ai { side, .. } => Some(side),
            Seats::Human | Seats::Exhibition { .. } | Seats::Online { .. } | Seats::Watching => {
                None
            }
        }
    }

    /// Whether the AI plays both sides.
    pub fn is_exhibition(self) -> bool {
        match self {
            Seats::Exhibition { .. } => true,
            Seats::Human | Seats::Ai { .. } | Seats::Online { .. } | Seats::Watching => false,
        }
    }

    /// The side played over the internet, if one is.
    pub fn remote_side(self) -> Option<Color> {
        match self {
            Seats::Online { remote } => Some(remote),
            Seats::Human | Seats::Ai { .. } | Seats::Exhibition { .. } | Seats::Watching => None,
        }
    }

    /// Whether a person at this screen moves for `side` (not the AI, not
    /// someone over the internet, not while watching).
    pub fn here(self, side: Color) -> bool {
        match self {
            Seats::Human => true,
            Seats::Ai { side: ai, .. } => ai != side,
            Seats::Online { remote } => remote != side,
            Seats::Exhibition { .. } | Seats::Watching => false,
        }
    }

    /// Whether both sides are played elsewhere and this screen watches.
    pub fn watching(self) -> bool {
        match self {
            Seats::Watching => true,
            Seats::Human | Seats::Ai { .. } | Seats::Exhibition { .. } | Seats::Online { .. } => {
                false
            }
        }
    }

    /// The words after [`PLAYERS_PREFIX`]: `human`, `ai=black:medium`,
    /// `exhibition=white:easy,black:medium`, `online=black` (the side
    /// played over the internet) or `watching`.
    pub fn words(self) -> String {
        let preset = |difficulty: Difficulty| difficulty.id();
        match self {
            Seats::Human => "human".to_string(),
            Seats::Ai { side, difficulty } => {
                format!("ai={}:{}", side_word(side), preset(difficulty))
            }
            Seats::Exhibition { white, black } => {
                format!("exhibition=white:{},black:{}", preset(white), preset(black))
            }
            Seats::Online { remote } => format!("online={}", side_word(remote)),
            Seats::Watching => "watching".to_string(),
        }
    }

    /// The seats `words` name (see [`Seats::words`]), if valid.
    pub fn parse_words(words: &str) -> Option<Seats> {
        let words = words.trim();
        if words == "human" {
            return Some(Seats::Human);
        }
        if words == "watching" {
            return Some(Seats::Watching);
        }
        if let Some(ai) = words.strip_prefix("ai=") {
            let (side, difficulty) = parse_side_preset(ai)?;
            return Some(Seats::Ai { side, difficulty });
        }
        if let Some(remote) = words.strip_prefix("online=") {
            let remote = match remote.trim() {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return None,
            };
            return Some(Seats::Online { remote });
        }
        let (first, second) = words.strip_prefix("exhibition=")?.split_once(',')?;
        let (Color::White, white) = parse_side_preset(first)? else {
            return None;
        };
        let (Color::Black, black) = parse_side_preset(second)? else {
            return None;
        };
        Some(Seats::Exhibition { white, black })
    }
}

fn side_word(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `side:preset`, like `black:medium`.
fn parse_side_preset(words: &str) -> Option<(Color, Difficulty)> {
    let (side, name) = words.split_once(':')?;
    let side = match side.trim() {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return None,
    };
    Some((side, Difficulty::from_name(name.trim())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_lines_round_trip() {
        let cases = [
            (Seats::Human, "human"),
            (
                Seats::Ai {
                    side: Color::Black,
                    difficulty: Difficulty::Medium,
                },
                "ai=black:medium",
            ),
            (
                Seats::Exhibition {
                    white: Difficulty::Easy,
                    black: Difficulty::Expert,
                },
                "exhibition=white:easy,black:expert",
            ),
            (
                Seats::Online {
                    remote: Color::White,
                },
                "online=white",
            ),
            (Seats::Watching, "watching"),
        ];
        for (seats, words) in cases {
            assert_eq!(seats.words(), words);
            assert_eq!(Seats::parse_words(words), Some(seats), "{words}");
        }
    }

    #[test]
    fn bad_players_lines_are_not_seats() {
        for words in [
            "",
            "robots",
            "ai=purple:easy",
            "ai=black:godlike",
            "ai=black",
            "exhibition=white:easy",
            "exhibition=black:easy,white:easy",
            "exhibition=white:easy,black:godlike",
            "online=purple",
            "online=",
        ] {
            assert_eq!(Seats::parse_words(words), None, "{words}");
        }
    }
}
