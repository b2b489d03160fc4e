//! The player's preferences, kept in the platform's config directory.
//!
//! The file is RON (`settings.ron`), meant to be readable and editable:
//! unknown fields are ignored, missing ones take their defaults, and
//! `turn_limit: 40` may be written without `Some(...)`. A file that cannot be
//! read is reported and the defaults are used; it is not overwritten until the
//! player changes a setting (the next [`SettingsFile::save`]).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{ErrorKind, RecordError, project_dirs, write_atomic};
use hive_ai::Difficulty;
use hive_rules::{GameType, Options};

/// The environment variable that overrides the config directory.
pub const CONFIG_DIR_ENV: &str = "HIVE_CONFIG_DIR";

/// The settings' file name inside the config directory.
pub const SETTINGS_FILE: &str = "settings.ron";

/// What the player chose last time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The AI's strength (stored by name; an unknown name means the default).
    #[serde(
        serialize_with = "difficulty_name",
        deserialize_with = "difficulty_or_default"
    )]
    pub difficulty: Difficulty,
    /// The colour theme's name.
    pub theme: String,
    /// Animation speed, 1.0 normal, 0.0 no animation.
    pub animation_speed: f32,
    /// Draw on threefold repetition.
    pub threefold_repetition: bool,
    /// Draw at this turn (the house rule, 100 by default; `None`: no limit).
    pub turn_limit: Option<u16>,
    /// No Queen on a player's first turn (the tournament opening, on by
    /// default).
    pub tournament_opening: bool,
    /// A player with no legal move passes by itself after a moment (on by
    /// default); off, a Pass button waits for the player.
    pub auto_pass: bool,
    /// Expansion letters of the last game, like `"MLP"` or `""`.
    pub last_expansions: String,
    /// When the AI shows the cells it considered before moving: one of
    /// [`Settings::AI_SHOWS_CONSIDERED`], `"always"` by default; files from
    /// before this setting, and unknown words, read as the default (case
    /// does not matter).
    #[serde(default = "default_ai_shows_considered")]
    pub ai_shows_considered: String,
    /// Ask before Restart, Main menu, Quit or Load leave a game that is not
    /// over (on by default; files from before this setting read as on).
    #[serde(default = "default_true")]
    pub ask_before_leaving: bool,
    /// The language the player picked (a folder of `assets/locales/`, such
    /// as `es`); empty to follow the system's (the default, and files from
    /// before this setting).
    #[serde(default)]
    pub language: String,
    /// The sounds' volume, from 0 (silent) to 1 (as recorded); files from
    /// before this setting read as the default.
    #[serde(default = "default_sound_volume")]
    pub sound_volume: f32,
    /// Sounds off, whatever the volume (so unmuting brings it back).
    #[serde(default)]
    pub sound_muted: bool,
    /// Who the next game is against: one of [`Settings::OPPONENTS`],
    /// `"human"` by default; files from before this setting, and unknown
    /// words, read as the default.
    #[serde(default = "default_opponent")]
    pub opponent: String,
    /// The side the player takes against the AI: one of
    /// [`Settings::HUMAN_SIDES`], `"white"` by default (as `opponent`).
    #[serde(default = "default_human_side")]
    pub human_side: String,
}

fn default_opponent() -> String {
    Settings::OPPONENTS[0].to_string()
}

fn default_human_side() -> String {
    Settings::HUMAN_SIDES[0].to_string()
}

/// `word` as one of `words` (case and spaces aside), or the first.
fn one_of(word: &str, words: &[&str]) -> String {
    let word = word.trim().to_ascii_lowercase();
    if words.contains(&word.as_str()) {
        word
    } else {
        words[0].to_string()
    }
}

fn default_sound_volume() -> f32 {
    Settings::DEFAULT_SOUND_VOLUME
}

fn default_true() -> bool {
    true
}

fn default_ai_shows_considered() -> String {
    Settings::AI_SHOWS_CONSIDERED[0].to_string()
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            difficulty: Difficulty::Medium,
            theme: "default".to_string(),
            animation_speed: 1.0,
            threefold_repetition: false,
            turn_limit: Some(Settings::HOUSE_TURN_LIMIT),
            tournament_opening: true,
            auto_pass: true,
            last_expansions: String::new(),
            ai_shows_considered: default_ai_shows_considered(),
            ask_before_leaving: true,
            language: String::new(),
            sound_volume: Settings::DEFAULT_SOUND_VOLUME,
            sound_muted: false,
            opponent: default_opponent(),
            human_side: default_human_side(),
        }
    }
}

impl Settings {
    /// The sounds' volume on a first start.
    pub const DEFAULT_SOUND_VOLUME: f32 = 0.7;

    /// The fastest animation speed kept.
    pub const MAX_ANIMATION_SPEED: f32 = 10.0;

    /// The words [`Settings::ai_shows_considered`] may be, the default first:
    /// at every preset, at the Beginner and Easy presets, never.
    pub const AI_SHOWS_CONSIDERED: [&'static str; 3] = ["always", "easy", "never"];

    /// The words [`Settings::opponent`] may be, the default first: a
    /// person at the same screen, the AI.
    pub const OPPONENTS: [&'static str; 2] = ["human", "ai"];

    /// The words [`Settings::human_side`] may be, the default first.
    pub const HUMAN_SIDES: [&'static str; 3] = ["white", "black", "random"];

    /// The turn at which games are drawn unless the player changes it (the
    /// game's rules sheet promises it; the UHP engine has no limit by
    /// default).
    pub const HOUSE_TURN_LIMIT: u16 = 100;

    /// The expansions of the last game (the base game if the letters are wrong).
    pub fn game_type(&self) -> GameType {
        GameType::from_expansions(&self.last_expansions).unwrap_or(GameType::BASE)
    }

    /// The optional rules these settings ask for.
    pub fn options(&self) -> Options {
        Options {
            threefold_repetition: self.threefold_repetition,
            turn_limit: self.turn_limit,
            tournament_opening: self.tournament_opening,
        }
    }

    /// Values out of range brought back in: animation speed in
    /// `0..=MAX_ANIMATION_SPEED` (1.0 if not a number), the sound volume in
    /// `0..=1` (the default if not a number), turn limit not 0,
    /// expansion letters canonical, an unknown `ai_shows_considered`,
    /// `opponent` or `human_side` the default.
    pub fn sanitized(mut self) -> Settings {
        self.opponent = one_of(&self.opponent, &Self::OPPONENTS);
        self.human_side = one_of(&self.human_side, &Self::HUMAN_SIDES);
        let considered = self.ai_shows_considered.trim().to_ascii_lowercase();
        self.ai_shows_considered = if Self::AI_SHOWS_CONSIDERED.contains(&considered.as_str()) {
            considered
        } else {
            default_ai_shows_considered()
        };
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
        self.turn_limit = self.turn_limit.filter(|&n| n > 0);
        self.last_expansions = self.game_type().expansions();
        self
    }

    /// The file's text.
    fn to_text(&self) -> Result<String, ron::Error> {
        let pretty = ron::ser::PrettyConfig::new().struct_names(true);
        let mut text = ron::ser::to_string_pretty(self, pretty)?;
        text.push('\n');
        Ok(text)
    }

    /// Read from a file's text.
    fn from_text(text: &str) -> Result<Settings, ron::error::SpannedError> {
        let ron = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        ron.from_str::<Settings>(text).map(Settings::sanitized)
    }
}

/// Settings read at start-up, and why the defaults are used if they are.
#[derive(Debug)]
pub struct LoadedSettings {
    /// The settings to use (the defaults when the file is missing or bad).
    pub settings: Settings,
    /// Set when the file exists but could not be used: tell the player.
    pub warning: Option<RecordError>,
}

/// Where the settings live.
#[derive(Clone, Debug)]
pub struct SettingsFile {
    path: PathBuf,
}

impl SettingsFile {
    /// The settings file in `dir` (created on the first save).
    pub fn in_dir(dir: impl AsRef<Path>) -> SettingsFile {
        SettingsFile {
            path: dir.as_ref().join(SETTINGS_FILE),
        }
    }

    /// The settings file in `dir` if given (the command line's
    /// `HIVE_CONFIG_DIR`), else in the platform's config directory
    /// (`~/.config/hive` on Linux).
    pub fn default_location(dir: Option<PathBuf>) -> Result<SettingsFile, RecordError> {
        let dir = dir
            .filter(|dir| !dir.as_os_str().is_empty())
            .or_else(|| project_dirs().map(|d| d.config_dir().to_path_buf()))
            .ok_or_else(|| RecordError::no_directory(CONFIG_DIR_ENV))?;
        Ok(SettingsFile::in_dir(dir))
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved settings; the defaults with no warning when there is no
    /// file yet, the defaults with a warning when it cannot be used. Never
    /// writes anything.
    pub fn load(&self) -> LoadedSettings {
        match self.try_load() {
            Ok(settings) => LoadedSettings {
                settings: settings.unwrap_or_default(),
                warning: None,
            },
            Err(warning) => LoadedSettings {
                settings: Settings::default(),
                warning: Some(warning),
            },
        }
    }

    /// The saved settings, `None` when there is no file, an error when it
    /// cannot be read or understood.
    pub fn try_load(&self) -> Result<Option<Settings>, RecordError> {
        let bytes = match fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(RecordError::new(&self.path, ErrorKind::Read(source)));
            }
        };
        let damaged = |message: String| RecordError::new(&self.path, ErrorKind::Settings(message));
        let text = String::from_utf8(bytes).map_err(|_| damaged("it is not text".into()))?;
        Settings::from_text(&text)
            .map(Some)
            .map_err(|e| damaged(e.to_string()))
    }

    /// Save atomically (call when the player changes a setting), creating
    /// the directory if needed. On failure the previous file is kept.
    pub fn save(&self, settings: &Settings) -> Result<(), RecordError> {
        let text = settings
            .to_text()
            .map_err(|e| RecordError::new(&self.path, ErrorKind::Encode(e.to_string())))?;
        if let Some(dir) = self.path.parent()
            && !dir.as_os_str().is_empty()
        {
            fs::create_dir_all(dir)
                .map_err(|source| RecordError::new(&self.path, ErrorKind::Write(source)))?;
        }
        write_atomic(&self.path, text.as_bytes())
    }
}

/// A [`Difficulty`] as its name, a string (as settings files have always held it).
fn difficulty_name<S: serde::Serializer>(d: &Difficulty, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.name())
}

/// A [`Difficulty`] by its name; an unknown name reads as the default.
fn difficulty_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Difficulty, D::Error> {
    let name = String::deserialize(d)?;
    Ok(Difficulty::from_name(&name).unwrap_or(Difficulty::Medium))
}
