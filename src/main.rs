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
#[command(
    version,
    about,
    long_about = None,
    after_help = "Environment:\n  \
        HIVE_START_POSITION=<GameString>  start local games from this position\n  \
        HIVE_FRAME_TIME=1                 log Bevy's frame-time diagnostics every second\n  \
        HIVE_DATA_DIR=<dir>               keep the autosave and saved games here\n  \
        HIVE_CONFIG_DIR=<dir>             keep the settings here"
)]
struct Cli {
    /// Open the game saved in FILE (a UHP GameString) for review.
    #[arg(long, value_name = "FILE")]
    load: Option<std::path::PathBuf>,
    /// Draw the game with the theme in assets/themes/NAME/ (e.g. high-contrast).
    #[arg(long, global = true, value_name = "NAME")]
    theme: Option<String>,
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
    /// Watch the AI play itself: an AI vs AI exhibition in the game window.
    Exhibition {
        /// White's preset: beginner, easy, medium, hard or expert.
        #[arg(long, default_value = "medium")]
        white: String,
        /// Black's preset (the same choices).
        #[arg(long, default_value = "medium")]
        black: String,
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "")]
        expansions: String,
        /// Pause after this many moves.
        #[arg(long)]
        moves: Option<u32>,
        /// Close the window when stopped (after --moves, or when the game ends).
        #[arg(long)]
        exit: bool,
        /// Moves per minute (5 to 600, default 60).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        speed: Option<u32>,
    },
    /// Run the Universal Hive Protocol engine on standard input and output.
    Uhp,
    /// Play a match between two players and report the score with a 95% confidence interval.
    ///
    /// A player is a preset (beginner, easy, medium, hard, expert) or an
    /// external UHP engine written `uhp:<command line>`. Player A takes White
    /// in odd games and Black in even ones; each random opening is played
    /// twice, once with each colour.
    Match {
        /// Player A.
        a: String,
        /// Player B.
        b: String,
        /// Number of games (rounded up to an even number).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Seconds per move for both players (presets otherwise use their own limits).
        #[arg(long)]
        time: Option<f64>,
        /// Expansion pieces: any of M, L, P.
        #[arg(long, default_value = "MLP")]
        expansions: String,
        /// Random opening moves before the players take over.
        #[arg(long, default_value_t = 2)]
        opening: u32,
        /// Moves after which an unfinished game is a draw.
        #[arg(long, default_value_t = 300)]
        max_moves: u32,
        /// Seed for the openings and the presets' randomness.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
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
    #[cfg(feature = "gui")]
    if let Some(theme) = cli.theme {
        hive::game::theme::use_theme(theme);
    }
    #[cfg(not(feature = "gui"))]
    let _ = cli.theme;
    if let Some(path) = cli.load {
        if cli.command.is_some() {
            eprintln!("hive: --load opens the game window and takes no subcommand");
            return ExitCode::from(2);
        }
        return launch_review(path);
    }
    match cli.command {
        None => launch_gui(None),
        Some(Command::Play { expansions }) => launch_gui(Some(expansions)),
        Some(Command::Exhibition {
            white,
            black,
            expansions,
            moves,
            exit,
            speed,
        }) => launch_exhibition(&white, &black, &expansions, moves, exit, speed),
        Some(Command::Uhp) => run_uhp(),
        Some(Command::Perft { game, depth }) => run_perft(&game, depth),
        Some(Command::Match {
            a,
            b,
            games,
            time,
            expansions,
            opening,
            max_moves,
            seed,
        }) => run_match(&a, &b, games, time, &expansions, opening, max_moves, seed),
    }
}

#[cfg(feature = "gui")]
fn launch_gui(expansions: Option<String>) -> ExitCode {
    use hive::game::Launch;
    let launch = match expansions {
        None => Launch::MainMenu,
        Some(expansions) => {
            if let Err(err) = hive::rules::GameType::from_expansions(&expansions) {
                eprintln!("hive play: --expansions {expansions:?}: {err}");
                return ExitCode::from(2);
            }
            Launch::Local { expansions }
        }
    };
    hive::game::run(launch);
    ExitCode::SUCCESS
}

/// `hive --load FILE`: refused at once, with the reason, if the file holds
/// no legal game.
#[cfg(feature = "gui")]
fn launch_review(path: std::path::PathBuf) -> ExitCode {
    if let Err(err) = hive::records::load_game(&path) {
        eprintln!("hive --load: {err}");
        return ExitCode::from(2);
    }
    hive::game::run(hive::game::Launch::Review(path));
    ExitCode::SUCCESS
}

#[cfg(not(feature = "gui"))]
fn launch_review(_path: std::path::PathBuf) -> ExitCode {
    launch_gui(None)
}

#[cfg(not(feature = "gui"))]
fn launch_gui(_expansions: Option<String>) -> ExitCode {
    eprintln!(
        "this build of hive has no game window (built without the `gui` feature); try `hive uhp`"
    );
    ExitCode::FAILURE
}

#[cfg(feature = "gui")]
fn launch_exhibition(
    white: &str,
    black: &str,
    expansions: &str,
    moves: Option<u32>,
    exit: bool,
    speed: Option<u32>,
) -> ExitCode {
    use hive::ai::Difficulty;
    let preset = |flag: &str, name: &str| {
        Difficulty::from_name(name).ok_or_else(|| {
            format!(
                "hive exhibition: --{flag} {name:?}: \
                 expected beginner, easy, medium, hard or expert"
            )
        })
    };
    let launch = (|| -> Result<hive::game::ExhibitionLaunch, String> {
        let game_type = hive::rules::GameType::from_expansions(expansions)
            .map_err(|err| format!("hive exhibition: --expansions {expansions:?}: {err}"))?;
        Ok(hive::game::ExhibitionLaunch {
            game_type,
            white: preset("white", white)?,
            black: preset("black", black)?,
            moves,
            exit,
            moves_per_minute: speed,
        })
    })();
    match launch {
        Ok(launch) => {
            hive::game::run(hive::game::Launch::Exhibition(launch));
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn launch_exhibition(
    _white: &str,
    _black: &str,
    _expansions: &str,
    _moves: Option<u32>,
    _exit: bool,
    _speed: Option<u32>,
) -> ExitCode {
    launch_gui(None)
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

#[allow(clippy::too_many_arguments)]
fn run_match(
    a: &str,
    b: &str,
    games: u32,
    time: Option<f64>,
    expansions: &str,
    opening: u32,
    max_moves: u32,
    seed: u64,
) -> ExitCode {
    use hive::arena::{GameResult, MatchConfig, Player, play_match};
    let time = match time {
        Some(t) if t.is_finite() && t > 0.0 => Some(std::time::Duration::from_secs_f64(t)),
        Some(t) => {
            eprintln!("hive match: --time must be a positive number of seconds, not {t}");
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let game_type = match hive::rules::GameType::from_expansions(expansions) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hive match: {e}");
            return ExitCode::FAILURE;
        }
    };
    let players = Player::from_spec(a, time).and_then(|a| Ok((a, Player::from_spec(b, time)?)));
    let (mut a, mut b) = match players {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hive match: {e}");
            return ExitCode::FAILURE;
        }
    };
    let config = MatchConfig {
        games,
        game_type,
        opening_plies: opening,
        max_plies: max_moves,
        seed,
    };
    println!("# A = {}, B = {}, {game_type}", a.name(), b.name());
    let summary = play_match(&mut a, &mut b, &config, |i, record, summary| {
        let result = match &record.result {
            GameResult::Win => "A wins".to_string(),
            GameResult::Loss => "B wins".to_string(),
            GameResult::Draw => "draw".to_string(),
            GameResult::Forfeit { by_a, reason } => {
                format!("{} forfeits: {reason}", if *by_a { "A" } else { "B" })
            }
        };
        println!("game {i} (A is {}): {result}", record.a_color);
        println!("  {}", record.game_string);
        println!("  so far: {summary}");
    });
    println!("result: {summary}");
    ExitCode::SUCCESS
}
