//! The engine's command-line commands, shared by the `hive` game binary and
//! the window-free `hive-engine` binary: `uhp` (the protocol on standard
//! input and output), `match` (engines against each other) and `perft`
//! (move counts and their speed).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;

use crate::arena::MatchProgress;
use hive_rules::{Game, GameType, NotationError};

/// The commands that need no window.
#[derive(Subcommand, Debug)]
pub enum EngineCommand {
    /// Run the Universal Hive Protocol engine on standard input and output.
    Uhp,
    /// Play a match between two players and report the score with a 95% confidence interval.
    ///
    /// A player is one of the fifteen levels (beginner, beginner2,
    /// beginner3, beginner4, easy, easy2, easy3, easy4, easy5, medium,
    /// medium2, medium3, hard, hard2, expert), a style being measured
    /// (`nodes:N` or `depth:N`), or an external UHP engine written
    /// `uhp:<command line>`. Player A takes White in odd games and Black in
    /// even ones; each random opening is played twice, once with each
    /// colour.
    Match(MatchArgs),
    /// Count move sequences (perft) from a position, printing each depth and its speed.
    Perft {
        /// A UHP GameString or GameTypeString, e.g. "Base+MLP".
        game: String,
        /// The deepest depth to count.
        depth: u32,
    },
}

impl EngineCommand {
    /// Runs the command; the exit status says whether it succeeded.
    pub fn run(self) -> ExitCode {
        match self {
            EngineCommand::Uhp => run_uhp(),
            EngineCommand::Perft { game, depth } => run_perft(&game, depth),
            EngineCommand::Match(args) => run_match(args),
        }
    }
}

/// `hive match`'s arguments.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
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
    /// UHP engines search to this depth (`bestmove depth N`) instead of
    /// for --time: hivegame.com's bots are nokamute at depths 2, 4 and 7.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    uhp_depth: Option<u32>,
    /// Draw a game at the third occurrence of a position (the rules'
    /// optional threefold repetition). nokamute plays under this rule and has
    /// no move in a position it has seen twice, so its matches need it.
    #[arg(long)]
    threefold_repetition: bool,
    /// Player B's threads when they differ from --threads (e.g. to measure
    /// what a second thread is worth: `--threads 2 --threads-b 1`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads_b: Option<u32>,
    /// Keep the match's progress in this file after every move; when the
    /// file already holds this match's progress, go on from there. The
    /// recorded games are played again (a built-in player must choose the
    /// recorded moves; a UHP engine's moves are taken as they are), so a
    /// stopped match ends as it would have. A record of fewer games goes on
    /// to more.
    #[arg(long)]
    record: Option<PathBuf>,
}

/// Expansion letters (any of M, L, P) as a game type, for clap.
pub fn parse_expansions(text: &str) -> Result<GameType, NotationError> {
    GameType::from_expansions(text)
}

fn run_uhp() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match crate::run(stdin.lock(), stdout.lock()) {
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
        uhp_depth,
        threefold_repetition,
        record,
    } = args;
    let threads = threads.map(|t| t as usize);
    let threads_b = threads_b.map(|t| t as usize).or(threads);
    let (a, b) = (a.as_str(), b.as_str());
    use crate::arena::{GameResult, MatchConfig, Player, match_header, resume_match};
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
        Ok((a, b)) => match uhp_depth {
            Some(depth) => (a.with_uhp_depth(depth), b.with_uhp_depth(depth)),
            None => (a, b),
        },
        Err(e) => {
            eprintln!("hive match: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (player, asked) in [(&a, threads), (&b, threads_b)] {
        if asked.is_some() && player.keeps_own_threads() {
            eprintln!(
                "hive match: '{}' has no NumThreads option; its threads are its own",
                player.name()
            );
        }
    }
    let config = MatchConfig {
        games,
        game_type,
        opening_plies: opening,
        max_plies: max_moves,
        seed,
        threefold_repetition,
    };
    let shown = |t: Option<usize>| t.map_or("default".to_string(), |t| t.to_string());
    println!(
        "# A = {}, B = {}, {game_type}{}, threads: A {}, B {}",
        a.name(),
        b.name(),
        if threefold_repetition {
            ", threefold repetition draws"
        } else {
            ""
        },
        shown(threads),
        shown(threads_b)
    );
    println!(
        "# a move: A {}, B {}",
        a.time_per_move_label(),
        b.time_per_move_label()
    );
    let header = match_header(&a, &b, &config);
    let mut progress = match record.as_deref().map(|path| read_record(path, &header)) {
        Some(Ok(progress)) => progress,
        Some(Err(error)) => {
            eprintln!("hive match: {error}");
            return ExitCode::FAILURE;
        }
        None => MatchProgress::default(),
    };
    if let Some(path) = &record
        && !progress.games.is_empty()
    {
        println!(
            "# resumed from {}: {} games begun, played again",
            path.display(),
            progress.games.len()
        );
    }
    let mut unsaved = false;
    let save = |progress: &MatchProgress| {
        let Some(path) = &record else { return };
        match write_record(path, &progress.to_text(&header)) {
            Ok(()) => unsaved = false,
            Err(error) if !unsaved => {
                unsaved = true;
                eprintln!("hive match: {error} (the match goes on)");
            }
            Err(_) => {}
        }
    };
    let on_game = |i: usize, record: &crate::arena::GameRecord, summary: &crate::arena::Summary| {
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
        let [a, b] = record.thinking;
        println!("  thinking: A {a}, B {b}");
        println!("  so far: {summary}");
    };
    match resume_match(&mut a, &mut b, &config, &mut progress, on_game, save) {
        Ok(summary) => {
            println!("result: {summary}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            let path = record.as_deref().map(|p| format!("{}: ", p.display()));
            eprintln!("hive match: {}{error}", path.unwrap_or_default());
            ExitCode::FAILURE
        }
    }
}

/// A match's record, or none yet when the file does not exist.
fn read_record(path: &Path, header: &str) -> Result<MatchProgress, String> {
    match fs::read_to_string(path) {
        Ok(text) => {
            MatchProgress::parse(&text, header).map_err(|e| format!("{}: {e}", path.display()))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(MatchProgress::default()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Writes the record whole or not at all: a file beside it, flushed to
/// disk, then renamed over the old one (`tempfile`'s `persist`).
fn write_record(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let written = tempfile::NamedTempFile::new_in(dir).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(())
    });
    written.map_err(|e| format!("could not save the record {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::EngineCommand;

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: EngineCommand,
    }

    /// `hive match --help` names every level a player can be.
    #[test]
    fn match_help_names_every_level() {
        let mut command = Cli::command();
        let help = command
            .find_subcommand_mut("match")
            .expect("the match command")
            .render_long_help()
            .to_string();
        let words: Vec<&str> = help
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        for name in hive_ai::Difficulty::NAMES {
            assert!(words.contains(name), "`{name}` is missing from: {help}");
        }
        assert_eq!(
            hive_ai::Difficulty::NAMES.len(),
            15,
            "the help says fifteen"
        );
    }
}
