//! What the examples that make a file share: where it goes and the lines
//! its header gives to how it was made, and how an example ends.

use std::path::PathBuf;
use std::process::ExitCode;

/// Where a made file goes, and what its header says of how it was made.
#[derive(clap::Args, Debug)]
pub struct MadeFile {
    /// Where to write it (standard output without it).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The command line to write in the header (default: this one).
    #[arg(long)]
    pub command: Option<String>,
    /// A line for the header, e.g. the date and commit (repeatable).
    #[arg(long)]
    pub note: Vec<String>,
}

impl MadeFile {
    /// The command line the header names.
    pub fn command(&self) -> String {
        self.command
            .clone()
            .unwrap_or_else(|| std::env::args().collect::<Vec<_>>().join(" "))
    }

    /// Writes `text` to `--out`, or to standard output without it.
    pub fn write(&self, text: &str) -> Result<(), String> {
        match &self.out {
            Some(path) => {
                std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
            }
            None => {
                print!("{text}");
                Ok(())
            }
        }
    }
}

/// The example's exit status: its error, if any, on standard error after
/// its name.
pub fn exit(name: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{name}: {error}");
            ExitCode::FAILURE
        }
    }
}
