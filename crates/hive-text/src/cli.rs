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

/// The game's `assets/locales` folder: under the current directory if it is
/// there, otherwise in the checkout this crate was built from.
pub fn locales_dir() -> PathBuf {
    let here = Path::new("assets").join("locales");
    if here.is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales")
}

impl LangCommand {
    /// Runs the command, reporting on standard output.
    pub fn run(self) -> ExitCode {
        let status = self.execute(&mut std::io::stdout().lock());
        ExitCode::from(status)
    }

    /// Runs the command, reporting to `out`; the exit status: 0 when every
    /// language is complete, 1 on any problem.
    pub fn execute(self, out: &mut dyn Write) -> u8 {
        match self {
            LangCommand::Check { dir } => {
                let report = check(&dir.unwrap_or_else(locales_dir));
                let written = writeln!(out, "{report}");
                u8::from(written.is_err() || !report.is_clean())
            }
        }
    }
}
