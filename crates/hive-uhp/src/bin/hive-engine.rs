//! `hive-engine`: the UHP engine, matches and perft without the game window,
//! so engine users and benchmarks need not build Bevy. `hive uhp`,
//! `hive match` and `hive perft` are the same commands.

use std::process::ExitCode;

use clap::Parser;
use hive_uhp::cli::EngineCommand;

/// Hive's engine without the window: the Universal Hive Protocol, matches
/// between engines and move counting.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: EngineCommand,
}

fn main() -> ExitCode {
    Cli::parse().command.run()
}
