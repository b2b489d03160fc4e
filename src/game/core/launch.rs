//! What the command line (and its environment switches) asks of the app,
//! in one resource declared once: `main` flattens [`LaunchSettings`] into
//! the commands that open the window, so each option is written here and
//! nowhere else. The library reads no environment variable and keeps no
//! global for them.
//!
//! The options that win over a preference for this run (`--lang`,
//! `--theme`, `--local`, `--relay`) are declared once, as [`ThisRun`] (the
//! settings' own field, flattened here), and put into the [`Settings`] as
//! they are restored at start-up ([`LaunchSettings::applied_to`]); after
//! that every feature reads the settings alone.

use std::path::PathBuf;

use bevy::prelude::*;

use super::settings::{Settings, ThisRun};
use crate::records::TimeControl;
use crate::rules::Game;

/// The environment variable that overrides the config directory (where
/// the settings are kept: `--config-dir`).
pub const CONFIG_DIR_ENV: &str = "HIVE_CONFIG_DIR";

/// The options of the commands that open the game's window (the main menu,
/// `play`, `exhibition`): the other commands neither take nor list them.
#[derive(Resource, clap::Args, Debug, Clone, Default)]
pub struct LaunchSettings {
    /// The preferences' word for this run: `--lang`, `--theme`, `--local`,
    /// `--relay`.
    #[command(flatten)]
    pub this_run: ThisRun,
    /// Start local games from this position (a UHP GameString), for demos and measurements.
    #[arg(long, value_name = "GAMESTRING", env = "HIVE_START_POSITION",
          value_parser = parse_game_string)]
    pub start_position: Option<Game>,
    /// Time new games: minutes per player + seconds added per move (e.g. 10+5).
    #[arg(long, value_name = "MIN+INC", env = "HIVE_CLOCK", value_parser = parse_clock)]
    pub clock: Option<TimeControl>,
    /// Log Bevy's frame-time diagnostics every second (any value but 0, false, no or off).
    #[arg(long, env = "HIVE_FRAME_TIME",
          value_parser = clap::builder::FalseyValueParser::new())]
    pub frame_time: bool,
    /// Keep the autosave and saved games in DIR (default: the platform's data directory).
    #[arg(long, value_name = "DIR", env = crate::records::DATA_DIR_ENV)]
    pub data_dir: Option<PathBuf>,
    /// Keep the settings in DIR (default: the platform's config directory).
    #[arg(long, value_name = "DIR", env = CONFIG_DIR_ENV)]
    pub config_dir: Option<PathBuf>,
}

impl LaunchSettings {
    /// These options, with those given before the subcommand (`before`)
    /// where these leave one out: `hive --lang es play` and
    /// `hive play --lang es` ask the same.
    pub fn or(self, before: LaunchSettings) -> LaunchSettings {
        LaunchSettings {
            this_run: self.this_run.or(before.this_run),
            start_position: self.start_position.or(before.start_position),
            clock: self.clock.or(before.clock),
            frame_time: self.frame_time || before.frame_time,
            data_dir: self.data_dir.or(before.data_dir),
            config_dir: self.config_dir.or(before.config_dir),
        }
    }

    /// `settings` with these options' word for this run (never saved; a
    /// preference the player picks drops its own).
    pub fn applied_to(&self, mut settings: Settings) -> Settings {
        settings.this_run = self.this_run.clone();
        settings
    }
}

fn parse_game_string(text: &str) -> Result<Game, crate::rules::LoadError> {
    Game::from_game_string(text)
}

/// Not a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a time control: give minutes+seconds, e.g. 10+5")]
pub struct NotAClock(String);

fn parse_clock(text: &str) -> Result<TimeControl, NotAClock> {
    TimeControl::parse(text).ok_or_else(|| NotAClock(text.to_string()))
}
