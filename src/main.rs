//! The `hive` command: the desktop game, the UHP engine and the tools around them.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::builder::PossibleValue;
use clap::{Parser, Subcommand, ValueEnum};
use hive::ai::Difficulty;
use hive::rules::{Game, GameType};

/// Hive, the board game of bugs on hexagons.
///
/// Without a subcommand, opens the game's main menu.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Open the game saved in FILE (a UHP GameString, or a variations file) for review.
    #[arg(long, value_name = "FILE")]
    load: Option<std::path::PathBuf>,
    /// Draw the game with the theme in assets/themes/NAME/ (e.g. high-contrast).
    #[arg(long, global = true, value_name = "NAME")]
    theme: Option<String>,
    /// Start local games from this position (a UHP GameString), for demos and measurements.
    #[arg(long, global = true, value_name = "GAMESTRING", env = "HIVE_START_POSITION",
          value_parser = parse_game_string)]
    start_position: Option<Game>,
    /// Time new games: minutes per player + seconds added per move (e.g. 10+5).
    #[arg(long, global = true, value_name = "MIN+INC", env = "HIVE_CLOCK",
          value_parser = parse_clock)]
    clock: Option<hive::records::TimeControl>,
    /// Log Bevy's frame-time diagnostics every second (any value but 0, false, no or off).
    #[arg(long, global = true, env = "HIVE_FRAME_TIME",
          value_parser = clap::builder::FalseyValueParser::new())]
    frame_time: bool,
    /// Keep the autosave and saved games in DIR (default: the platform's data directory).
    #[arg(long, global = true, value_name = "DIR", env = hive::records::DATA_DIR_ENV)]
    data_dir: Option<std::path::PathBuf>,
    /// Keep the settings in DIR (default: the platform's config directory).
    #[arg(long, global = true, value_name = "DIR", env = hive::records::CONFIG_DIR_ENV)]
    config_dir: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a local two-player game directly, skipping the menu.
    Play {
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "", value_parser = parse_expansions)]
        expansions: GameType,
    },
    /// Watch the AI play itself: an AI vs AI exhibition in the game window.
    Exhibition {
        /// White's preset.
        #[arg(long, value_enum, default_value_t = Level(Difficulty::Medium))]
        white: Level,
        /// Black's preset.
        #[arg(long, value_enum, default_value_t = Level(Difficulty::Medium))]
        black: Level,
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "", value_parser = parse_expansions)]
        expansions: GameType,
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
    Match(MatchArgs),
    /// Count move sequences (perft) from a position, printing each depth and its speed.
    Perft {
        /// A UHP GameString or GameTypeString, e.g. "Base+MLP".
        game: String,
        /// The deepest depth to count.
        depth: u32,
    },
}

/// `hive match`'s arguments.
#[derive(clap::Args, Debug)]
struct MatchArgs {
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
    #[arg(long, default_value = "MLP", value_parser = parse_expansions)]
    expansions: GameType,
    /// Random opening moves before the players take over.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Moves after which an unfinished game is a draw.
    #[arg(long, default_value_t = 300)]
    max_moves: u32,
    /// Seed for the openings and the presets' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search threads of both players: a preset uses this many (default:
    /// every core; the levels below expert always use one), a UHP engine
    /// that lists the NumThreads option is set to it (default: its own).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: Option<u32>,
    /// Player B's threads when they differ from --threads (e.g. to measure
    /// what a second thread is worth: `--threads 2 --threads-b 1`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads_b: Option<u32>,
}

/// An AI preset on the command line: `--help` lists them, and clap refuses
/// a misspelt one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Level(Difficulty);

impl ValueEnum for Level {
    fn value_variants<'a>() -> &'a [Self] {
        const LEVELS: [Level; 5] = [
            Level(Difficulty::Beginner),
            Level(Difficulty::Easy),
            Level(Difficulty::Medium),
            Level(Difficulty::Hard),
            Level(Difficulty::Expert),
        ];
        &LEVELS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let name = match self.0 {
            Difficulty::Beginner => "beginner",
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        };
        Some(PossibleValue::new(name))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.to_possible_value() {
            Some(value) => f.write_str(value.get_name()),
            None => Ok(()),
        }
    }
}

fn parse_expansions(text: &str) -> Result<GameType, String> {
    GameType::from_expansions(text).map_err(|err| err.to_string())
}

fn parse_game_string(text: &str) -> Result<Game, String> {
    Game::from_game_string(text).map_err(|err| err.to_string())
}

fn parse_clock(text: &str) -> Result<hive::records::TimeControl, String> {
    hive::records::TimeControl::parse(text)
        .ok_or_else(|| format!("{text:?} is not a time control: give minutes+seconds, e.g. 10+5"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(feature = "gui")]
    let launch = hive::game::LaunchSettings {
        theme: cli.theme.clone(),
        start_position: cli.start_position.clone(),
        clock: cli.clock,
        frame_time: cli.frame_time,
        data_dir: cli.data_dir.clone(),
        config_dir: cli.config_dir.clone(),
    };
    #[cfg(not(feature = "gui"))]
    let launch = ();
    if let Some(path) = cli.load {
        if cli.command.is_some() {
            eprintln!("hive: --load opens the game window and takes no subcommand");
            return ExitCode::from(2);
        }
        return launch_review(path, launch);
    }
    match cli.command {
        None => launch_gui(None, launch),
        Some(Command::Play { expansions }) => launch_gui(Some(expansions), launch),
        Some(Command::Exhibition {
            white,
            black,
            expansions,
            moves,
            exit,
            speed,
        }) => {
            #[cfg(feature = "gui")]
            let exhibition = hive::game::Launch::Exhibition(hive::game::ExhibitionLaunch {
                game_type: expansions,
                white: white.0,
                black: black.0,
                moves,
                exit,
                moves_per_minute: speed,
            });
            #[cfg(not(feature = "gui"))]
            let exhibition = (white, black, expansions, moves, exit, speed);
            launch_window(exhibition, launch)
        }
        Some(Command::Uhp) => run_uhp(),
        Some(Command::Perft { game, depth }) => run_perft(&game, depth),
        Some(Command::Match(args)) => run_match(args),
    }
}

#[cfg(feature = "gui")]
type LaunchSettings = hive::game::LaunchSettings;
#[cfg(not(feature = "gui"))]
type LaunchSettings = ();

/// The main menu, or a local game with these pieces.
fn launch_gui(game_type: Option<GameType>, launch: LaunchSettings) -> ExitCode {
    #[cfg(feature = "gui")]
    let start = match game_type {
        None => hive::game::Launch::MainMenu,
        Some(game_type) => hive::game::Launch::Local { game_type },
    };
    #[cfg(not(feature = "gui"))]
    let start = game_type;
    launch_window(start, launch)
}

/// `hive --load FILE`: refused at once, with the reason, if the file holds
/// no legal game (or, for a variations file, names its first bad line).
fn launch_review(path: std::path::PathBuf, launch: LaunchSettings) -> ExitCode {
    let checked = if hive::records::is_variations_file(&path) {
        hive::records::load_variations(&path).map(drop)
    } else {
        hive::records::load_game(&path).map(drop)
    };
    if let Err(err) = checked {
        eprintln!("hive --load: {err}");
        return ExitCode::from(2);
    }
    #[cfg(feature = "gui")]
    let start = hive::game::Launch::Review(path);
    #[cfg(not(feature = "gui"))]
    let start = path;
    launch_window(start, launch)
}

#[cfg(feature = "gui")]
fn launch_window(start: hive::game::Launch, launch: LaunchSettings) -> ExitCode {
    if !has_display() {
        eprintln!(
            "hive: the game needs a window, and there is no display here \
             (neither DISPLAY nor WAYLAND_DISPLAY is set).\n\
             Without one, these work: `hive uhp` (the UHP engine), \
             `hive match` (matches between engines), `hive perft` (move counts)."
        );
        return ExitCode::from(2);
    }
    hive::game::run(start, launch);
    ExitCode::SUCCESS
}

/// Whether a window can be opened: on Linux and the BSDs, an X11 or a
/// Wayland display is named; elsewhere the system always has one.
#[cfg(feature = "gui")]
fn has_display() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|value| !value.is_empty()))
}

#[cfg(not(feature = "gui"))]
fn launch_window<T>(_start: T, _launch: LaunchSettings) -> ExitCode {
    eprintln!(
        "this build of hive has no game window (built without the `gui` feature); try `hive uhp`"
    );
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

#[allow(clippy::too_many_arguments)]
fn run_match(args: MatchArgs) -> ExitCode {
    let MatchArgs {
        a,
        b,
        games,
        time,
        expansions: game_type,
        opening,
        max_moves,
        seed,
        threads,
        threads_b,
    } = args;
    let threads = threads.map(|t| t as usize);
    let threads_b = threads_b.map(|t| t as usize).or(threads);
    let (a, b) = (a.as_str(), b.as_str());
    use hive::arena::{GameResult, MatchConfig, Player, play_match};
    let time = match time {
        Some(t) if t.is_finite() && t > 0.0 => Some(std::time::Duration::from_secs_f64(t)),
        Some(t) => {
            eprintln!("hive match: --time must be a positive number of seconds, not {t}");
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let players = Player::from_spec_threads(a, time, threads)
        .and_then(|a| Ok((a, Player::from_spec_threads(b, time, threads_b)?)));
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
    let shown = |t: Option<usize>| t.map_or("default".to_string(), |t| t.to_string());
    println!(
        "# A = {}, B = {}, {game_type}, threads: A {}, B {}",
        a.name(),
        b.name(),
        shown(threads),
        shown(threads_b)
    );
    println!(
        "# time a move: A {}, B {}",
        a.time_per_move_label(),
        b.time_per_move_label()
    );
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
