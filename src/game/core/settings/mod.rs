//! The player's preferences, in one folder: the value, the file and its
//! keeping.
//!
//! One resource, [`Settings`], is the truth every feature reads (the next
//! game's opponent and rules, automatic passes, the question before
//! leaving, the animation speed, the sounds, the language, the theme). No
//! feature keeps a copy: a menu or a command that changes a preference
//! asks for it here ([`EditSettings`], [`ChangeSettings`]), and `kept`
//! saves it whenever it changes (on the IO task pool, in
//! [`SettingsWrites`]), in the file [`SettingsFile`] names (`file`: RON in
//! the config directory; no [`SettingsFile`] resource keeps none).
//!
//! Every value is typed; the file keeps the words earlier versions wrote
//! (`"ai"`, `"random"`, `"easy"`, a level by its name) and reads an unknown
//! word as the default (see [`by_word`]), so an edited or older file still
//! starts the game. The command line's word on a preference for one run
//! (`--lang`, `--theme`, `--local`, `--relay`) is applied once at start-up
//! into [`Settings::this_run`], which is never saved; the preference in
//! force is read through one method each ([`Settings::wanted_language`],
//! [`Settings::wanted_theme`], [`Settings::online_local_now`],
//! [`Settings::online_relay_now`]), and picking one in the menu drops the
//! command line's.

mod file;
mod kept;

use std::fmt;
use std::str::FromStr;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::records::Seats;
use crate::rules::{Color, GameType, Options};

pub use file::{LoadedSettings, SETTINGS_FILE, SettingsFile};
pub use kept::{SavedSettings, SettingsWrites, restore_settings};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
    app.add_message::<ChangeSettings>();
    app.add_systems(Last, apply_settings_changes);
    kept::plugin(app);
}

/// The preferences as a menu changed them: the whole [`Settings`], made
/// from the ones in force (see [`EditSettings`]) and put in force at the
/// end of the frame, here alone.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ChangeSettings(pub Settings);

/// How a menu changes the preferences: reads them as they are, and asks
/// for a change ([`ChangeSettings`]) only when an edit changes something,
/// so the settings are saved only then.
#[derive(SystemParam)]
pub struct EditSettings<'w> {
    settings: Res<'w, Settings>,
    changes: MessageWriter<'w, ChangeSettings>,
}

impl EditSettings<'_> {
    /// Asks for the settings as `edit` leaves a copy of them, if it
    /// changed anything.
    pub fn edit(&mut self, edit: impl FnOnce(&mut Settings)) {
        let mut changed = self.settings.clone();
        edit(&mut changed);
        self.set(changed);
    }

    /// Asks for these settings, if they differ from the ones in force (a
    /// menu that edited a copy of them all).
    pub fn set(&mut self, settings: Settings) {
        if settings != *self.settings {
            self.changes.write(ChangeSettings(settings));
        }
    }
}

impl std::ops::Deref for EditSettings<'_> {
    type Target = Settings;

    fn deref(&self) -> &Settings {
        &self.settings
    }
}

fn apply_settings_changes(
    mut changes: MessageReader<ChangeSettings>,
    mut settings: ResMut<Settings>,
) {
    for ChangeSettings(changed) in changes.read() {
        settings.set_if_neq(changed.clone());
    }
}

/// What the player chose, kept between runs.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The AI's level against a person (a level by its name; an unknown
    /// name reads as the default).
    #[serde(with = "difficulty_by_name")]
    pub difficulty: Difficulty,
    /// The colour theme's name (a folder of `assets/themes/`).
    pub theme: String,
    /// Animation speed, 1.0 normal, 0.0 no animation.
    pub animation_speed: f32,
    /// The optional rules the next game is played with: the tournament
    /// opening (on by default), a draw on threefold repetition (off), a
    /// draw at a turn (the house rule, 100 by default; `None`: no limit).
    pub rules: Options,
    /// A player with no legal move passes by itself after a moment (on by
    /// default); off, a Pass button waits for the player.
    pub auto_pass: bool,
    /// The expansions the next game is played with (kept as their letters,
    /// `"MLP"` or `""`; wrong letters read as the base game).
    #[serde(rename = "last_expansions", with = "expansion_letters")]
    pub game_type: GameType,
    /// When the AI shows the cells it considered before moving.
    #[serde(with = "by_word")]
    pub ai_shows_considered: ConsideredDestinations,
    /// Ask before Restart, Main menu, Quit or Load leave a game that is not
    /// over.
    pub ask_before_leaving: bool,
    /// The language the player picked (a folder of `assets/locales/`, such
    /// as `es`); empty to follow the system's.
    pub language: String,
    /// The sounds' volume, from 0 (silent) to 1 (as recorded).
    pub sound_volume: f32,
    /// Sounds off, whatever the volume (so unmuting brings it back).
    pub sound_muted: bool,
    /// Who the next game is against.
    #[serde(with = "by_word")]
    pub opponent: Opponent,
    /// The side the player takes against the AI.
    #[serde(with = "by_word")]
    pub human_side: HumanSide,
    /// The name a friend sees in an online game.
    pub player_name: String,
    /// Games watched online are kept with the player's games too.
    pub keep_watched_games: bool,
    /// Online play on this machine only (loopback: no relay, no address
    /// lookup, no port mapping), for trying it out.
    pub online_local: bool,
    /// A relay server of one's own for online play (empty: n0's public
    /// relays).
    pub online_relay: String,
    /// The command line's word on the preferences above, for this run
    /// only: never saved.
    #[serde(skip)]
    pub this_run: ThisRun,
}

/// What the command line asks of some preferences for this run only; each
/// wins over the saved preference until the player picks one. Declared
/// once, here: `LaunchSettings` flattens these options into the commands
/// that open the window, and puts them into the settings as they are
/// restored at start-up.
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct ThisRun {
    /// Speak this language (a folder of assets/locales/, e.g. es or en) rather than the one in the settings or the system's.
    #[arg(long = "lang", value_name = "CODE", env = "HIVE_LANG")]
    pub language: Option<String>,
    /// Draw the game with the theme NAME: a built-in one (default, high-contrast) or one of yours (`hive theme list`).
    #[arg(long, value_name = "NAME")]
    pub theme: Option<String>,
    /// Online play on this machine only: loopback, no relay, no address
    /// lookup, no port mapping (for trying it out, and for tests).
    #[arg(long = "local", env = "HIVE_ONLINE_LOCAL",
          value_parser = clap::builder::FalseyValueParser::new())]
    pub online_local: bool,
    /// Online play through this relay server (a self-hosted `iroh-relay`)
    /// rather than the public ones.
    #[arg(long = "relay", value_name = "URL", conflicts_with = "online_local")]
    pub online_relay: Option<String>,
}

impl ThisRun {
    /// These options, with those given before the subcommand (`before`)
    /// where these leave one out.
    pub fn or(self, before: ThisRun) -> ThisRun {
        ThisRun {
            language: self.language.or(before.language),
            theme: self.theme.or(before.theme),
            online_local: self.online_local || before.online_local,
            online_relay: self.online_relay.or(before.online_relay),
        }
    }
}

impl Settings {
    /// The player's name in their kept games: the name a friend sees, or
    /// "You" when none is set.
    pub fn player_or_you(&self) -> String {
        match self.player_name.trim() {
            "" => "You".to_string(),
            name => name.to_string(),
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            difficulty: Difficulty::Medium,
            theme: "default".to_string(),
            animation_speed: 1.0,
            rules: Options {
                turn_limit: Some(Settings::HOUSE_TURN_LIMIT),
                ..Options::default()
            },
            auto_pass: true,
            game_type: GameType::BASE,
            ai_shows_considered: ConsideredDestinations::default(),
            ask_before_leaving: true,
            language: String::new(),
            sound_volume: Settings::DEFAULT_SOUND_VOLUME,
            sound_muted: false,
            opponent: Opponent::default(),
            human_side: HumanSide::default(),
            player_name: String::new(),
            keep_watched_games: true,
            online_local: false,
            online_relay: String::new(),
            this_run: ThisRun::default(),
        }
    }
}

impl Settings {
    /// The sounds' volume on a first start.
    pub const DEFAULT_SOUND_VOLUME: f32 = 0.7;

    /// The fastest animation speed kept.
    pub const MAX_ANIMATION_SPEED: f32 = 10.0;

    /// The turn at which games are drawn unless the player changes it (the
    /// game's rules sheet promises it; the UHP engine has no limit by
    /// default).
    pub const HOUSE_TURN_LIMIT: u16 = 100;

    /// The language to speak: `--lang` (until the player picks one), else
    /// the player's choice, else the system's.
    pub fn wanted_language(&self) -> String {
        self.this_run
            .language
            .clone()
            .or_else(|| Some(self.language.clone()).filter(|code| !code.is_empty()))
            .unwrap_or_else(super::system_language)
    }

    /// The player picks the language (`""`: the system's): it wins over
    /// `--lang` from now on.
    pub fn pick_language(&mut self, code: String) {
        self.language = code;
        self.this_run.language = None;
    }

    /// The theme to draw with: `--theme` (until the player picks one),
    /// else the player's.
    pub fn wanted_theme(&self) -> &str {
        self.this_run.theme.as_deref().unwrap_or(&self.theme)
    }

    /// The player picks the theme: it wins over `--theme` from now on.
    pub fn pick_theme(&mut self, name: String) {
        self.theme = name;
        self.this_run.theme = None;
    }

    /// Whether online play stays on this machine (`--local` or the
    /// preference).
    pub fn online_local_now(&self) -> bool {
        self.this_run.online_local || self.online_local
    }

    /// The relay online play goes through, if not n0's public ones
    /// (`--relay`, else the preference).
    pub fn online_relay_now(&self) -> Option<&str> {
        self.this_run
            .online_relay
            .as_deref()
            .or(Some(self.online_relay.as_str()))
            .map(str::trim)
            .filter(|relay| !relay.is_empty())
    }

    /// The volume sounds play at now: `None` when muted or at 0.
    pub fn audible_volume(&self) -> Option<f32> {
        let volume = self.sound_volume.clamp(0.0, 1.0);
        (!self.sound_muted && volume > 0.0).then_some(volume)
    }

    /// Who sits at the next game: the opponent chosen, the AI on the side
    /// the player leaves it (drawn now when the player chose a random side).
    pub fn next_seats(&self) -> Seats {
        match self.opponent {
            Opponent::Human => Seats::Human,
            Opponent::Ai => Seats::Ai {
                side: self.human_side.draw().opponent(),
                difficulty: self.difficulty,
            },
            Opponent::Exhibition { white, black } => Seats::Exhibition { white, black },
        }
    }

    /// Makes the next game's opponent the one `seats` says (a game resumed
    /// or restarted against the AI stays one); the side is kept when the
    /// player asked for a random one. Changes nothing when they agree.
    pub fn seat_as(&mut self, seats: Seats) {
        let mut next = self.clone();
        match seats {
            Seats::Human => next.opponent = Opponent::Human,
            Seats::Ai { side, difficulty } => {
                next.opponent = Opponent::Ai;
                next.difficulty = difficulty;
                if next.human_side != HumanSide::Random {
                    next.human_side = match side {
                        Color::White => HumanSide::Black,
                        Color::Black => HumanSide::White,
                    };
                }
            }
            Seats::Exhibition { white, black } => {
                next.opponent = Opponent::Exhibition { white, black };
            }
            // A game over the internet is started from its own screen.
            Seats::Online { .. } | Seats::Watching => {}
        }
        if next != *self {
            *self = next;
        }
    }

    /// A new player's settings (no settings file yet): New game plays the
    /// AI at Beginner, where the rating starts and its advice points (two
    /// players at one screen, the defaults' opponent, is one click away).
    pub fn first_run() -> Settings {
        Settings {
            opponent: Opponent::Ai,
            difficulty: Difficulty::Beginner,
            ..Settings::default()
        }
    }

    /// Values out of range brought back in: the animation speed in
    /// `0..=MAX_ANIMATION_SPEED` (1.0 if not a number), the sound volume in
    /// `0..=1` (the default if not a number), a turn limit not 0.
    pub fn sanitized(mut self) -> Settings {
        self.animation_speed = if self.animation_speed.is_nan() {
            1.0
        } else {
            self.animation_speed.clamp(0.0, Self::MAX_ANIMATION_SPEED)
        };
        self.sound_volume = if self.sound_volume.is_nan() {
            Self::DEFAULT_SOUND_VOLUME
        } else {
            self.sound_volume.clamp(0.0, 1.0)
        };
        self.rules.turn_limit = self.rules.turn_limit.filter(|&n| n > 0);
        self
    }
}

/// Who plays the other side of the next game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one screen.
    #[default]
    Human,
    /// The computer, at [`Settings::difficulty`].
    Ai,
    /// No human: the AI plays both sides, at these presets (an exhibition).
    Exhibition {
        /// White's preset.
        white: Difficulty,
        /// Black's preset.
        black: Difficulty,
    },
}

/// How an opponent is written in the settings file: `human`, `ai`, or
/// `exhibition` and the two presets.
impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Human => f.write_str("human"),
            Opponent::Ai => f.write_str("ai"),
            Opponent::Exhibition { white, black } => {
                write!(f, "exhibition {} {}", white.name(), black.name())
            }
        }
    }
}

/// Not an opponent the settings know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an opponent: {0:?} (human, ai, or exhibition and two levels)")]
pub struct UnknownWord(String);

impl FromStr for Opponent {
    type Err = UnknownWord;

    fn from_str(text: &str) -> Result<Opponent, UnknownWord> {
        let unknown = || UnknownWord(text.to_string());
        let words: Vec<String> = text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        match words.as_slice() {
            [word] if word == "human" => Ok(Opponent::Human),
            [word] if word == "ai" => Ok(Opponent::Ai),
            [word, white, black] if word == "exhibition" => Ok(Opponent::Exhibition {
                white: Difficulty::from_name(white).ok_or_else(unknown)?,
                black: Difficulty::from_name(black).ok_or_else(unknown)?,
            }),
            _ => Err(unknown()),
        }
    }
}

/// The side the human takes against the AI.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    strum::Display,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum HumanSide {
    /// White, who moves first.
    #[default]
    White,
    /// Black.
    Black,
    /// Drawn at random for each game.
    Random,
}

impl HumanSide {
    /// All choices, in menu order.
    pub const ALL: [HumanSide; 3] = [HumanSide::White, HumanSide::Black, HumanSide::Random];

    /// The side taken in a game starting now (a random one drawn).
    pub fn draw(self) -> Color {
        match self {
            HumanSide::White => Color::White,
            HumanSide::Black => Color::Black,
            HumanSide::Random if rand::random::<bool>() => Color::White,
            HumanSide::Random => Color::Black,
        }
    }
}

/// When the AI shows the destinations it considered before moving.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    strum::Display,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum ConsideredDestinations {
    /// At every preset (the default).
    #[default]
    Always,
    /// At the Beginner and Easy presets only.
    #[strum(serialize = "easy")]
    EasyPresets,
    /// Never: the AI moves as soon as it has chosen.
    Never,
}

impl ConsideredDestinations {
    /// All choices, in menu order.
    pub const ALL: [ConsideredDestinations; 3] = [
        ConsideredDestinations::Always,
        ConsideredDestinations::EasyPresets,
        ConsideredDestinations::Never,
    ];

    /// The choice's name in English, for logs (the menu shows the
    /// `menu-considered-*` messages).
    pub fn name(self) -> &'static str {
        match self {
            ConsideredDestinations::EasyPresets => "At Beginner and Easy",
            ConsideredDestinations::Always => "Always",
            ConsideredDestinations::Never => "Never",
        }
    }

    /// Whether the AI shows them at `difficulty`.
    pub fn applies_to(self, difficulty: Difficulty) -> bool {
        match self {
            ConsideredDestinations::EasyPresets => difficulty.is_easy(),
            ConsideredDestinations::Always => true,
            ConsideredDestinations::Never => false,
        }
    }
}

/// A value kept as its word (`Display`), read back with `FromStr`; a word
/// that is not one of them reads as the default, as do files from before
/// the setting (`#[serde(default)]` on [`Settings`]).
mod by_word {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr + Default,
        D: Deserializer<'de>,
    {
        let word = String::deserialize(d)?;
        Ok(word.trim().parse().unwrap_or_default())
    }
}

/// A level kept by its name (`"Medium"`, as settings files have always
/// held it); an unknown name reads as Medium.
mod difficulty_by_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::ai::Difficulty;

    pub fn serialize<S: Serializer>(d: &Difficulty, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(d.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Difficulty, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Difficulty::from_name(&name).unwrap_or(Difficulty::Medium))
    }
}

/// The game type kept as its expansions' letters; wrong letters read as
/// the base game.
mod expansion_letters {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::GameType;

    pub fn serialize<S: Serializer>(game_type: &GameType, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&game_type.expansions())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameType, D::Error> {
        let letters = String::deserialize(d)?;
        Ok(GameType::from_expansions(&letters).unwrap_or(GameType::BASE))
    }
}

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::*;

    #[test]
    fn every_choice_reads_back_from_its_word() {
        for side in HumanSide::VARIANTS {
            assert_eq!(side.to_string().parse::<HumanSide>(), Ok(*side));
        }
        for choice in ConsideredDestinations::VARIANTS {
            assert_eq!(
                choice.to_string().parse::<ConsideredDestinations>(),
                Ok(*choice)
            );
        }
        let opponents = [
            Opponent::Human,
            Opponent::Ai,
            Opponent::Exhibition {
                white: Difficulty::Easy,
                black: Difficulty::Expert,
            },
        ];
        for opponent in opponents {
            assert_eq!(opponent.to_string().parse::<Opponent>(), Ok(opponent));
        }
    }

    #[test]
    fn the_words_are_those_earlier_versions_wrote() {
        let words: Vec<String> = HumanSide::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(words, ["white", "black", "random"]);
        let words: Vec<String> = ConsideredDestinations::ALL
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(words, ["always", "easy", "never"]);
        assert_eq!(Opponent::Ai.to_string(), "ai");
        assert_eq!(" AI ".trim().parse(), Ok(Opponent::Ai));
        assert!("exhibition easy".parse::<Opponent>().is_err());
        assert!("robot".parse::<Opponent>().is_err());
    }

    #[test]
    fn seating_as_a_game_keeps_a_random_side() {
        let mut settings = Settings {
            human_side: HumanSide::Random,
            ..Settings::default()
        };
        let seats = Seats::Ai {
            side: Color::White,
            difficulty: Difficulty::Hard,
        };
        settings.seat_as(seats);
        assert_eq!(settings.opponent, Opponent::Ai);
        assert_eq!(settings.difficulty, Difficulty::Hard);
        assert_eq!(settings.human_side, HumanSide::Random);
        settings.human_side = HumanSide::White;
        settings.seat_as(seats);
        assert_eq!(settings.human_side, HumanSide::Black, "the AI had White");
        let Seats::Ai { side, difficulty } = settings.next_seats() else {
            panic!("the next game is against the AI");
        };
        assert_eq!((side, difficulty), (Color::White, Difficulty::Hard));
    }
}
