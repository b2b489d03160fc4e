//! What the command line (and its environment switches, which `main`
//! declares with clap) asks of the app, in one resource: the library reads
//! no environment variable and keeps no global for them.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::records::TimeControl;
use crate::rules::Game;

/// The launch options the features read at start-up.
#[derive(Resource, Debug, Clone, Default)]
pub struct LaunchSettings {
    /// `--theme`: draw with this theme (a folder under `assets/themes/`)
    /// rather than the one in the settings.
    pub theme: Option<String>,
    /// `HIVE_START_POSITION`: local games start from this position.
    pub start_position: Option<Game>,
    /// `--clock` (`HIVE_CLOCK`): new games are timed with this control.
    pub clock: Option<TimeControl>,
    /// `HIVE_FRAME_TIME`: log frame-time diagnostics every second.
    pub frame_time: bool,
    /// `HIVE_DATA_DIR`: where the autosave and saved games go (else the
    /// platform's data directory).
    pub data_dir: Option<PathBuf>,
    /// `HIVE_CONFIG_DIR`: where the settings go (else the platform's config
    /// directory).
    pub config_dir: Option<PathBuf>,
    /// `--lang` (`HIVE_LANG`): speak this language (a folder under
    /// `assets/locales/`, such as `es`) rather than the one in the settings
    /// or the system's.
    pub lang: Option<String>,
    /// `--local` (`HIVE_ONLINE_LOCAL`): online play on this machine only
    /// (loopback; no relay, address lookup or port mapping).
    pub online_local: bool,
    /// `--relay URL`: online play through this relay rather than the one in
    /// the settings (or n0's public ones).
    pub relay: Option<String>,
}
