//! The lessons and puzzles commands on their own, as the `hive` binary
//! will offer them: `puzzles verify [FILE]`, `puzzles generate ...`,
//! `lessons check [DIR]`.
//!
//! `cargo run --release -p hive-learn --example learn -- puzzles verify`

use clap::Parser;
use hive_learn::LearnCommand;

/// Lessons and puzzles without the window.
#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: LearnCommand,
}

fn main() -> std::process::ExitCode {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    Cli::parse().command.run(&assets)
}
