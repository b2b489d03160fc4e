//! The command-line commands of the texts, for the `hive` binary to
//! flatten into its own (`hive lang check`).
//!
//! [`LangCommand::execute`] writes its report to any writer and returns the
//! exit status (0 or 1), so tests read what a person would see;
//! [`LangCommand::run`] does the same on standard output.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use crate::check::check;

/// `hive lang ...`.
#[derive(Subcommand, Debug)]
pub enum LangCommand {
    /// Check every language against English (default folder: the game's
    /// assets/locales): the keys each lacks, the keys English does not
    /// have, and every file that does not parse, by line. The texts of the
    /// lessons and puzzles beside the folder (../lessons, ../puzzles) are
    /// checked too: each language must translate every one.
    Check {
        /// The folder of language folders.
        dir: Option<PathBuf>,
    },
}

impl LangCommand {
    /// Runs the command on the game's `assets` folder (as the binary found
    /// it, the one rule the window uses too), reporting on standard output.
    pub fn run(self, assets: &Path) -> ExitCode {
        let status = self.execute(assets, &mut std::io::stdout().lock());
        ExitCode::from(status)
    }

    /// Runs the command on `assets` (its `locales` folder unless another is
    /// given), reporting to `out`; the exit status: 0 when every language
    /// is complete, 1 on any problem.
    pub fn execute(self, assets: &Path, out: &mut dyn Write) -> u8 {
        match self {
            LangCommand::Check { dir } => {
                let report = check(&dir.unwrap_or_else(|| assets.join("locales")));
                let written = writeln!(out, "{report}");
                u8::from(written.is_err() || !report.is_clean())
            }
        }
    }
}
