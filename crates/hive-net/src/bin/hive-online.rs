//! `hive-online`: online play without the game window. `hive online` is
//! the same command.

use std::process::ExitCode;

use clap::Parser;
use hive_net::cli::OnlineCommand;

/// Hive online, headless: host a game or join one, played by the AI or a
/// UHP engine.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: OnlineCommand,
}

fn main() -> ExitCode {
    Cli::parse().command.run()
}
