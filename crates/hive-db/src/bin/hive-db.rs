//! `hive-db`: the game database's commands without the game's window
//! (the same as `hive db ...`).

use std::process::ExitCode;

use clap::Parser;
use hive_db::cli::DbCommand;

/// Hive's game database and opening explorer.
#[derive(Parser, Debug)]
#[command(name = "hive-db", version)]
struct Cli {
    #[command(subcommand)]
    command: DbCommand,
}

fn main() -> ExitCode {
    Cli::parse().command.run()
}
