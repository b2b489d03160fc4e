//! The AI's levels: a ladder a player can climb, each level a [`Style`]
//! with a name and a description.
//!
//! Each level scores about 65-75% against the one below it, measured over
//! 40 games a step (`data/levels.tsv`, `docs/ai.md`). The five first named
//! levels (Beginner, Easy, Medium, Hard, Expert) keep their names; the
//! steps between them are numbered after the level below ("Easy III").

use std::time::Duration;

use crate::Style;
use crate::search::Limits;

/// Named strengths a player understands, weakest first.
///
/// Every level below [`Difficulty::Expert`] is limited by depth or by nodes
/// searched, not by the clock, so it plays the same on a fast and a slow
/// machine (and its games are reproducible from the seed). Expert is the
/// full-strength engine with a time budget.
///
/// The one definition of the levels: the command line takes them by their
/// ids (`beginner`, `easy3`; `FromStr`, any case; [`Difficulty::NAMES`]
/// lists them), files store them by their variant names (serde), and
/// [`Difficulty::name`] is how a player sees them in English (the game's
/// texts have them in each language, keyed by the id).
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Difficulty {
    /// Looks one move ahead and often picks a merely decent move.
    Beginner,
    /// Looks two moves ahead, and often settles for a move far from the best.
    Beginner2,
    /// Looks two moves ahead, and often settles for a clearly weaker move.
    Beginner3,
    /// Looks two moves ahead, and often settles for a somewhat weaker move.
    Beginner4,
    /// Looks two moves ahead, with some randomness.
    Easy,
    /// Looks two moves ahead, and strays only a little from the best.
    Easy2,
    /// A short search (700 positions), always the best move it found.
    Easy3,
    /// A short search (1,265 positions).
    Easy4,
    /// A short search (3,584 positions).
    Easy5,
    /// A short search (10,000 positions).
    Medium,
    /// A longer search (20,000 positions).
    Medium2,
    /// A longer search (60,000 positions).
    Medium3,
    /// A deeper search (250,000 positions).
    Hard,
    /// A deeper search (1,000,000 positions).
    Hard2,
    /// Searches as deep as it can in five seconds.
    Expert,
}

/// Expert's budget a move.
const EXPERT_TIME: Duration = Duration::from_secs(5);

/// Plies at the start of a game in which the levels that search by nodes
/// vary their play, so games against them do not repeat.
const VARIED_OPENING_PLIES: u32 = 4;

/// Tolerance of the varied opening moves of the stronger levels.
pub(crate) const OPENING_TOLERANCE: i32 = 25;

impl Difficulty {
    /// All levels, weakest first.
    pub const ALL: [Difficulty; 15] = [
        Difficulty::Beginner,
        Difficulty::Beginner2,
        Difficulty::Beginner3,
        Difficulty::Beginner4,
        Difficulty::Easy,
        Difficulty::Easy2,
        Difficulty::Easy3,
        Difficulty::Easy4,
        Difficulty::Easy5,
        Difficulty::Medium,
        Difficulty::Medium2,
        Difficulty::Medium3,
        Difficulty::Hard,
        Difficulty::Hard2,
        Difficulty::Expert,
    ];

    /// The ids the command line and files take, weakest first.
    pub const NAMES: &'static [&'static str] = <Difficulty as strum::VariantNames>::VARIANTS;

    /// The level's id (`easy3`): the command line's word, the files' and
    /// the texts' key.
    pub fn id(self) -> &'static str {
        self.into()
    }

    /// The level's name in English ("Easy III").
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Beginner => "Beginner",
            Difficulty::Beginner2 => "Beginner II",
            Difficulty::Beginner3 => "Beginner III",
            Difficulty::Beginner4 => "Beginner IV",
            Difficulty::Easy => "Easy",
            Difficulty::Easy2 => "Easy II",
            Difficulty::Easy3 => "Easy III",
            Difficulty::Easy4 => "Easy IV",
            Difficulty::Easy5 => "Easy V",
            Difficulty::Medium => "Medium",
            Difficulty::Medium2 => "Medium II",
            Difficulty::Medium3 => "Medium III",
            Difficulty::Hard => "Hard",
            Difficulty::Hard2 => "Hard II",
            Difficulty::Expert => "Expert",
        }
    }

    /// The level with this id or English name (any case, surrounding
    /// blanks ignored).
    pub fn from_name(name: &str) -> Option<Difficulty> {
        let name = name.trim();
        name.parse().ok().or_else(|| {
            Difficulty::ALL
                .into_iter()
                .find(|d| d.name().eq_ignore_ascii_case(name))
        })
    }

    /// How the level plays, as numbers ([`Style`]).
    pub fn style(self) -> Style {
        let (limits, tolerance) = match self {
            Difficulty::Beginner => (Limits::depth(1), 100),
            Difficulty::Beginner2 => (Limits::depth(2), 120),
            Difficulty::Beginner3 => (Limits::depth(2), 90),
            Difficulty::Beginner4 => (Limits::depth(2), 75),
            Difficulty::Easy => (Limits::depth(2), 55),
            Difficulty::Easy2 => (Limits::depth(2), 35),
            Difficulty::Easy3 => (Limits::nodes(700), 0),
            Difficulty::Easy4 => (Limits::nodes(1_265), 0),
            Difficulty::Easy5 => (Limits::nodes(3_584), 0),
            Difficulty::Medium => (Limits::nodes(10_000), 0),
            Difficulty::Medium2 => (Limits::nodes(20_000), 0),
            Difficulty::Medium3 => (Limits::nodes(60_000), 0),
            Difficulty::Hard => (Limits::nodes(250_000), 0),
            Difficulty::Hard2 => (Limits::nodes(1_000_000), 0),
            Difficulty::Expert => (Limits::time(EXPERT_TIME), 0),
        };
        // The levels that search by depth vary by their tolerance already.
        let varied_opening_plies = if limits.max_depth.is_some() && limits.nodes.is_none() {
            0
        } else {
            VARIED_OPENING_PLIES
        };
        Style {
            limits,
            tolerance,
            varied_opening_plies,
        }
    }

    /// The level that plays `style`, if one does.
    pub fn of_style(style: &Style) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.style() == *style)
    }

    /// How long and how deep it searches: depth or nodes below Expert
    /// (the same strength on any machine), the clock only for Expert.
    pub fn limits(self) -> Limits {
        self.style().limits
    }

    /// Moves within this many points of the best are picked at random.
    pub fn tolerance(self) -> i32 {
        self.style().tolerance
    }

    /// Plies at the start of a game in which the stronger levels vary their
    /// play (a shallow search, a random pick among near-best moves), so games
    /// against them do not repeat.
    pub fn varied_opening_plies(self) -> u32 {
        self.style().varied_opening_plies
    }

    /// Below Medium: the levels that show a newcomer the cells they
    /// considered, when the player asks for it at the easy levels.
    pub fn is_easy(self) -> bool {
        self < Difficulty::Medium
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
