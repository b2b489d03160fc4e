//! The `hive` command: the desktop game, the UHP engine and the tools around them.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use hive::rules::Game;

/// Hive, the board game of bugs on hexagons.
///
/// Without a subcommand, opens the game's main menu.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a local two-player game directly, skipping the menu.
    Play {
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "")]
        expansions: String,
    },
    /// Run the Universal Hive Protocol engine on standard input and output.
    Uhp,
    /// Count move sequences (perft) from a position, printing each depth and its speed.
    Perft {
        /// A UHP GameString or GameTypeString, e.g. "Base+MLP".
        game: String,
        /// The deepest depth to count.
        depth: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => launch_gui(None),
        Some(Command::Play { expansions }) => launch_gui(Some(expansions)),
        Some(Command::Uhp) => run_uhp(),
        Some(Command::Perft { game, depth }) => run_perft(&game, depth),
    }
}

#[cfg(feature = "gui")]
fn launch_gui(expansions: Option<String>) -> ExitCode {
    use hive::game::Launch;
    let launch = match expansions {
        None => Launch::MainMenu,
        Some(expansions) => Launch::Local { expansions },
    };
    hive::game::run(launch);
    ExitCode::SUCCESS
}

#[cfg(not(feature = "gui"))]
fn launch_gui(_expansions: Option<String>) -> ExitCode {
    eprintln!("this build of hive has no game window (built without the `gui` feature); try `hive uhp`");
    ExitCode::FAILURE
}

fn run_uhp() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match hive::uhp::run(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("hive uhp: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(game: &str, depth: u32) -> ExitCode {
    let mut game = match Game::from_game_string(game) {
        Ok(game) => game,
        Err(err) => {
            eprintln!("hive perft: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "depth\tcount\tseconds\tnodes/s");
    for d in 0..=depth {
        let start = Instant::now();
        let count = game.perft(d);
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { count as f64 / secs } else { 0.0 };
        let _ = writeln!(out, "{d}\t{count}\t{secs:.3}\t{rate:.0}");
        let _ = out.flush();
    }
    ExitCode::SUCCESS
}
