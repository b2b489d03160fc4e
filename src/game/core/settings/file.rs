//! The [`Settings`] file in the platform's config directory.
//!
//! The file is RON (`settings.ron`), meant to be readable and editable:
//! unknown fields are ignored, missing ones take their defaults, and
//! `rules: (turn_limit: 40)` may be written without `Some(...)`. A file that cannot
//! be read is reported and the defaults are used; it is not overwritten
//! until the player changes a setting (the next [`SettingsFile::save`]).
//!
//! A small module of our own rather than a persistence crate: the one that
//! fits Bevy 0.19 (`bevy-persistent` 0.11) truncates the file and writes it
//! in place, and replaces a damaged file with the defaults, where a failed
//! write here must leave the previous good file, and a damaged one is kept.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::game::core::{CONFIG_DIR_ENV, LaunchSettings, Settings};
use crate::records::{ErrorKind, RecordError, write_atomic};

/// The settings' file name inside the config directory.
pub const SETTINGS_FILE: &str = "settings.ron";

/// Settings read at start-up, and why the defaults are used if they are.
#[derive(Debug)]
pub struct LoadedSettings {
    /// The settings to use (the defaults when the file is missing or bad).
    pub settings: Settings,
    /// Set when the file exists but could not be used: tell the player.
    pub warning: Option<RecordError>,
}

/// The optional rules as files written before 2026-12-06 kept them: three
/// fields beside the others, where they are now one `rules: (..)`. Read
/// from a file with no `rules` (missing ones the defaults); never written.
#[derive(serde::Deserialize)]
#[serde(rename = "Settings", default)]
struct RulesBefore {
    tournament_opening: bool,
    threefold_repetition: bool,
    turn_limit: Option<u16>,
    /// The rules as kept now, if the file has them.
    rules: Option<serde::de::IgnoredAny>,
}

impl Default for RulesBefore {
    fn default() -> RulesBefore {
        let rules = Settings::default().rules;
        RulesBefore {
            tournament_opening: rules.tournament_opening,
            threefold_repetition: rules.threefold_repetition,
            turn_limit: rules.turn_limit,
            rules: None,
        }
    }
}

impl RulesBefore {
    fn options(&self) -> crate::rules::Options {
        crate::rules::Options {
            tournament_opening: self.tournament_opening,
            threefold_repetition: self.threefold_repetition,
            turn_limit: self.turn_limit,
        }
    }
}

/// Where the settings live: a resource, inserted by `run` (or a test);
/// without it the settings are kept in no file.
#[derive(Resource, Clone, Debug)]
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
            .or_else(|| crate::records::project_dirs().map(|d| d.config_dir().to_path_buf()))
            .ok_or_else(|| RecordError::no_directory(CONFIG_DIR_ENV))?;
        Ok(SettingsFile::in_dir(dir))
    }

    /// The settings file in the directory the command line names, else
    /// this platform's; none (logged) when there is no such directory.
    pub fn for_launch(launch: &LaunchSettings) -> Option<SettingsFile> {
        SettingsFile::default_location(launch.config_dir.clone())
            .inspect_err(|err| warn!("settings will not be kept: {err}"))
            .ok()
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved settings; a new player's ([`Settings::first_run`]) with
    /// no warning when there is no file yet, the defaults with a warning
    /// when it cannot be used. Never writes anything.
    pub fn load(&self) -> LoadedSettings {
        match self.try_load() {
            Ok(settings) => LoadedSettings {
                settings: settings.unwrap_or_else(Settings::first_run),
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
        let ron = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let mut settings = ron
            .from_str::<Settings>(&text)
            .map_err(|e| damaged(e.to_string()))?;
        if let Ok(before) = ron.from_str::<RulesBefore>(&text)
            && before.rules.is_none()
        {
            settings.rules = before.options();
        }
        Ok(Some(settings.sanitized()))
    }

    /// Save atomically (call when the player changes a setting), creating
    /// the directory if needed. On failure the previous file is kept.
    pub fn save(&self, settings: &Settings) -> Result<(), RecordError> {
        let pretty = ron::ser::PrettyConfig::new().struct_names(true);
        let mut text = ron::ser::to_string_pretty(settings, pretty)
            .map_err(|e| RecordError::new(&self.path, ErrorKind::Encode(e.to_string())))?;
        text.push('\n');
        if let Some(dir) = self.path.parent()
            && !dir.as_os_str().is_empty()
        {
            fs::create_dir_all(dir)
                .map_err(|source| RecordError::new(&self.path, ErrorKind::Write(source)))?;
        }
        write_atomic(&self.path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;
    use crate::game::core::ThisRun;
    use crate::game::core::{ConsideredDestinations, HumanSide, Opponent};
    use crate::rules::GameType;

    #[test]
    fn settings_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let file = SettingsFile::in_dir(dir.path().join("config"));
        // No file yet: a new player's, no warning, nothing written.
        let loaded = file.load();
        assert_eq!(loaded.settings, Settings::first_run());
        assert_eq!(loaded.settings.opponent, Opponent::Ai);
        assert!(loaded.warning.is_none());
        assert!(!file.path().exists());

        let settings = Settings {
            difficulty: Difficulty::Expert,
            theme: "dark".to_string(),
            animation_speed: 2.5,
            rules: crate::rules::Options {
                threefold_repetition: true,
                turn_limit: Some(40),
                tournament_opening: false,
            },
            auto_pass: false,
            game_type: GameType::ALL,
            ai_shows_considered: ConsideredDestinations::Never,
            ask_before_leaving: false,
            language: "es".to_string(),
            sound_volume: 0.25,
            sound_muted: true,
            player_name: "Ann".to_string(),
            keep_watched_games: false,
            online_local: true,
            online_relay: "https://relay.example.org".to_string(),
            opponent: Opponent::Exhibition {
                white: Difficulty::Easy,
                black: Difficulty::Hard,
            },
            human_side: HumanSide::Random,
            // The command line's word for one run: never saved.
            this_run: ThisRun {
                language: Some("fr".to_string()),
                theme: Some("high-contrast".to_string()),
                online_local: false,
                online_relay: None,
            },
        };
        file.save(&settings).unwrap();
        let text = fs::read_to_string(file.path()).unwrap();
        assert!(text.contains("last_expansions: \"MLP\""), "{text}");
        assert!(text.contains("difficulty: \"Expert\""), "{text}");
        assert!(
            !text.contains("\"fr\"") && !text.contains("high-contrast"),
            "{text}"
        );
        let loaded = file.load();
        assert!(loaded.warning.is_none(), "{:?}", loaded.warning);
        let saved = Settings {
            this_run: ThisRun::default(),
            ..settings
        };
        assert_eq!(loaded.settings, saved);
        assert_eq!(loaded.settings.rules.turn_limit, Some(40));
        assert!(loaded.settings.rules.threefold_repetition);
        assert!(text.contains("rules: Options("), "{text}");
        assert_eq!(fs::read_dir(dir.path().join("config")).unwrap().count(), 1);
    }

    #[test]
    fn settings_ignore_unknown_and_default_missing_fields() {
        let dir = tempfile::tempdir().unwrap();
        let file = SettingsFile::in_dir(dir.path());
        fs::write(
            file.path(),
            "(difficulty: \"hard\", colour_blind: true, turn_limit: 30, animation_speed: 99.0, sound_volume: 3.0)",
        )
        .unwrap();
        let loaded = file.load();
        assert!(loaded.warning.is_none(), "{:?}", loaded.warning);
        let s = loaded.settings;
        assert_eq!(s.difficulty, Difficulty::Hard);
        assert_eq!(
            s.rules.turn_limit,
            Some(30),
            "as files before 2026-12-06 kept it"
        );
        assert_eq!(s.animation_speed, Settings::MAX_ANIMATION_SPEED);
        assert_eq!(s.sound_volume, 1.0);
        assert!(!s.sound_muted);
        assert_eq!(s.theme, Settings::default().theme);

        // Kept now: one `rules`, whose missing fields are the rules'
        // defaults; the fields of before are not read beside it.
        fs::write(
            file.path(),
            "Settings(rules: (turn_limit: 40, threefold_repetition: true), turn_limit: 30)",
        )
        .unwrap();
        let rules = file.load().settings.rules;
        assert_eq!(rules.turn_limit, Some(40));
        assert!(rules.threefold_repetition);
        assert!(rules.tournament_opening);

        // An unknown difficulty name falls back to the default.
        fs::write(file.path(), "Settings(difficulty: \"Godlike\")").unwrap();
        let loaded = file.load();
        assert!(loaded.warning.is_none());
        assert_eq!(loaded.settings, Settings::default());
    }

    #[test]
    fn settings_from_earlier_versions_still_load() {
        let dir = tempfile::tempdir().unwrap();
        let file = SettingsFile::in_dir(dir.path());
        // A whole file as written before most settings existed.
        fs::write(
            file.path(),
            "Settings(\n    difficulty: \"Hard\",\n    theme: \"default\",\n    animation_speed: 1.0,\n    \
             threefold_repetition: false,\n    turn_limit: None,\n    last_expansions: \"P\",\n)\n",
        )
        .unwrap();
        let loaded = file.load();
        assert!(loaded.warning.is_none(), "{:?}", loaded.warning);
        assert_eq!(loaded.settings.difficulty, Difficulty::Hard);
        assert_eq!(
            loaded.settings.game_type,
            GameType::from_expansions("P").unwrap()
        );
        assert_eq!(
            loaded.settings.ai_shows_considered,
            ConsideredDestinations::Always
        );
        // The rules' three fields of then, read into the rules.
        assert_eq!(loaded.settings.rules.turn_limit, None);
        assert!(!loaded.settings.rules.threefold_repetition);
        // Settings added since take their defaults: the house rules.
        assert!(loaded.settings.rules.tournament_opening);
        assert!(loaded.settings.auto_pass);
        assert!(loaded.settings.ask_before_leaving);

        // Case and spaces do not matter; an unknown word is the default,
        // not an error.
        fs::write(file.path(), "(ai_shows_considered: \" Easy \")").unwrap();
        assert_eq!(
            file.load().settings.ai_shows_considered,
            ConsideredDestinations::EasyPresets
        );
        fs::write(file.path(), "(opponent: \" AI \", human_side: \"Black\")").unwrap();
        let loaded = file.load().settings;
        assert_eq!(
            (loaded.opponent, loaded.human_side),
            (Opponent::Ai, HumanSide::Black)
        );
        fs::write(
            file.path(),
            "(opponent: \"robot\", human_side: \"left\", last_expansions: \"XYZ\")",
        )
        .unwrap();
        assert_eq!(file.load().settings, Settings::default());
        fs::write(file.path(), "(ai_shows_considered: \"sometimes\")").unwrap();
        let loaded = file.load();
        assert!(loaded.warning.is_none());
        assert_eq!(loaded.settings, Settings::default());
    }

    #[test]
    fn corrupt_settings_are_reported_and_kept_until_changed() {
        let dir = tempfile::tempdir().unwrap();
        let file = SettingsFile::in_dir(dir.path());
        let corrupt = b"(difficulty: \"Hard\", theme: ";
        fs::write(file.path(), corrupt).unwrap();
        let loaded = file.load();
        assert_eq!(loaded.settings, Settings::default());
        let warning = loaded.warning.expect("a corrupt file is reported");
        assert!(warning.to_string().contains("settings.ron"), "{warning}");
        assert!(matches!(warning.kind(), ErrorKind::Settings(_)));
        // Loading again still does not touch it.
        let _ = file.load();
        assert_eq!(fs::read(file.path()).unwrap(), corrupt);

        // Not text at all.
        fs::write(file.path(), [0xffu8, 0x00, 0xfe]).unwrap();
        assert!(file.load().warning.is_some());

        // The player changes a setting: now it is replaced.
        let settings = Settings {
            theme: "light".to_string(),
            ..Settings::default()
        };
        file.save(&settings).unwrap();
        let loaded = file.load();
        assert!(loaded.warning.is_none());
        assert_eq!(loaded.settings, settings);
    }

    #[test]
    fn the_default_settings_are_the_house_rules() {
        let settings = Settings::default();
        let options = settings.rules;
        assert!(options.tournament_opening);
        assert_eq!(options.turn_limit, Some(Settings::HOUSE_TURN_LIMIT));
        assert_eq!(options.turn_limit, Some(100));
        assert!(!options.threefold_repetition);
        assert!(settings.auto_pass);
        assert_eq!(settings.ai_shows_considered, ConsideredDestinations::Always);
        // The UHP engine's default rules have no turn limit.
        assert_eq!(crate::rules::Options::default().turn_limit, None);
    }
}
