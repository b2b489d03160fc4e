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
    /// (`nodes:N` or `depth:N`), either of those evaluating with the
    /// weights of a file (`weights:FILE:nodes:20000`, `weights:FILE:medium2`)
    /// or with other search settings (`search:null_move=on:nodes:20000`,
    /// `search:late_move_pruning=on,late_move_count=8:expert`), or an
    /// external UHP engine written `uhp:<command line>`. Player A takes White in odd games and Black in
    /// even ones; each opening (random moves, or a position of --book) is
    /// played twice, once with each colour.
    ///
    /// With --sprt (or any of --elo0, --elo1, --alpha, --beta) the match is
    /// a sequential probability ratio test as fishtest runs it: pairs are
    /// played until the log-likelihood ratio of H1 (A is elo1 stronger)
    /// against H0 (elo0) crosses a bound, or --games are played.
    Match(Box<MatchArgs>),
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
            EngineCommand::Match(args) => run_match(*args),
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
    /// Number of games (rounded up to an even number); with an SPRT the
    /// most it may play [default: 20; with an SPRT 2000].
    #[arg(long)]
    games: Option<u32>,
    /// Seconds per move for both players (presets otherwise use their own limits).
    #[arg(long)]
    time: Option<f64>,
    /// Player B's seconds per move when they differ from --time (time
    /// odds: `--time 0.1 --time-b 1` gives B ten times A's time).
    #[arg(long)]
    time_b: Option<f64>,
    /// Expansion pieces: any of M, L, P.
    #[arg(long, default_value = "MLP", value_parser = parse_expansions)]
    expansions: GameType,
    /// Random opening moves before the players take over (without --book).
    #[arg(long, default_value_t = 2, conflicts_with = "book")]
    opening: u32,
    /// Start the pairs from the positions of this opening book (one UHP
    /// GameString a line, `#` comments) instead of random moves, each
    /// position played with both colours; only the positions of the
    /// match's game type are used. `builtin` is the book kept with the
    /// engine (crates/hive-uhp/data/openings.txt: Base, Base+M, Base+L,
    /// Base+P and Base+MLP positions the engine finds near even).
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
    /// The order the pairs take the book's positions in: shuffled by --seed
    /// (random) or the file's (sequential); after the last, the first again.
    #[arg(long, value_enum, default_value_t = crate::arena::book::BookOrder::Random, requires = "book")]
    book_order: crate::arena::book::BookOrder,
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
    /// Run the match as an SPRT (sequential probability ratio test) with
    /// fishtest's defaults: H0 elo0 = 0, H1 elo1 = 5 (logistic Elo),
    /// alpha = beta = 0.05; it stops when H0 or H1 is accepted.
    #[arg(long)]
    sprt: bool,
    /// The SPRT's H0: A is this many Elo stronger (logistic; default 0).
    /// Implies --sprt.
    #[arg(long, allow_negative_numbers = true)]
    elo0: Option<f64>,
    /// The SPRT's H1: A is this many Elo stronger (logistic; default 5).
    /// Implies --sprt.
    #[arg(long, allow_negative_numbers = true)]
    elo1: Option<f64>,
    /// The SPRT's chance of accepting H1 when H0 holds (default 0.05).
    /// Implies --sprt.
    #[arg(long)]
    alpha: Option<f64>,
    /// The SPRT's chance of accepting H0 when H1 holds (default 0.05).
    /// Implies --sprt.
    #[arg(long)]
    beta: Option<f64>,
    /// Games played at once, each on its own thread with its own players
    /// (an external engine is started once per game at once). A pair of
    /// games is the unit of work and results are taken in pair order, so
    /// the games are those of --concurrency 1. The built-in players then
    /// search on one thread each unless --threads says otherwise.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
}

/// Games an SPRT may play at most when --games is not given.
const SPRT_GAMES: u32 = 2000;
/// Games a match plays when --games is not given.
const MATCH_GAMES: u32 = 20;

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
        time_b,
        expansions: game_type,
        opening,
        book,
        book_order,
        max_moves,
        seed,
        threads,
        threads_b,
        uhp_depth,
        threefold_repetition,
        record,
        sprt,
        elo0,
        elo1,
        alpha,
        beta,
        concurrency,
    } = args;
    use crate::arena::sprt::{Decision, Sprt, SprtState};
    use crate::arena::{AfterPair, GameResult, MatchConfig, Player, match_header, run_match};
    let sprt = if sprt || elo0.is_some() || elo1.is_some() || alpha.is_some() || beta.is_some() {
        let sprt = Sprt::new(
            elo0.unwrap_or(Sprt::DEFAULT_ELO0),
            elo1.unwrap_or(Sprt::DEFAULT_ELO1),
            alpha.unwrap_or(Sprt::DEFAULT_ERROR),
            beta.unwrap_or(Sprt::DEFAULT_ERROR),
        );
        match sprt {
            Ok(sprt) => Some(sprt),
            Err(e) => {
                eprintln!("hive match: --sprt: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        None
    };
    let games = games.unwrap_or(if sprt.is_some() {
        SPRT_GAMES
    } else {
        MATCH_GAMES
    });
    let concurrency = concurrency as usize;
    // Games at once: the built-in players on one thread each, unless told.
    let own_threads = |spec: &str, asked: Option<usize>| match asked {
        None if concurrency > 1 && !spec.starts_with("uhp:") => Some(1),
        asked => asked,
    };
    let threads = threads.map(|t| t as usize);
    let threads_b = own_threads(&b, threads_b.map(|t| t as usize).or(threads));
    let threads = own_threads(&a, threads);
    let (a, b) = (a.as_str(), b.as_str());
    let seconds = |option: &str, time: Option<f64>| match time {
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(std::time::Duration::from_secs_f64(t))),
        Some(t) => Err(format!(
            "hive match: {option} must be a positive number of seconds, not {t}"
        )),
        None => Ok(None),
    };
    let (time, time_b) = match (seconds("--time", time), seconds("--time-b", time_b)) {
        (Ok(time), Ok(time_b)) => (time, time_b.or(time)),
        (Err(error), _) | (_, Err(error)) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    // The book before the players: a bad one is refused before an engine starts.
    let book = match book
        .as_deref()
        .map(|name| read_book(name, game_type, book_order, seed))
    {
        Some(Ok(book)) => Some(book),
        Some(Err(error)) => {
            eprintln!("hive match: {error}");
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let seat = || -> Result<(Player, Player), crate::arena::PlayerError> {
        let a = Player::from_spec_threads(a, time, threads)?;
        let b = Player::from_spec_threads(b, time_b, threads_b)?;
        Ok(match uhp_depth {
            Some(depth) => (a.with_uhp_depth(depth), b.with_uhp_depth(depth)),
            None => (a, b),
        })
    };
    let seats: Result<Vec<(Player, Player)>, _> = (0..concurrency).map(|_| seat()).collect();
    let mut seats = match seats {
        Ok(seats) => seats,
        Err(e) => {
            eprintln!("hive match: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some((a, b)) = seats.first() else {
        eprintln!("hive match: --concurrency must be at least 1");
        return ExitCode::FAILURE;
    };
    for (player, asked) in [(a, threads), (b, threads_b)] {
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
        book,
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
    if concurrency > 1 {
        println!("# {concurrency} games at once");
    }
    if let Some(book) = &config.book {
        println!("# openings from the book {}", book.label);
    }
    if let Some(sprt) = &sprt {
        let ((elo0, elo1), (alpha, beta)) = (sprt.hypotheses(), sprt.errors());
        let (lower, upper) = sprt.bounds();
        println!(
            "# SPRT: H0 elo0 {elo0:+}, H1 elo1 {elo1:+} (logistic Elo, pentanomial), \
             alpha {alpha}, beta {beta}, LLR bounds [{lower:.2}, {upper:.2}], at most {} games",
            2 * games.div_ceil(2)
        );
    }
    let header = match_header(a, b, &config);
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
    let mut state = sprt.map(SprtState::new);
    let after_pair = |_: u32, [first, second]: &[crate::arena::GameRecord; 2]| {
        let Some(state) = &mut state else {
            return AfterPair::Continue;
        };
        let decision = state.add_pair(&first.result, &second.result);
        println!("sprt: {state}");
        match decision {
            Decision::Continue => AfterPair::Continue,
            Decision::AcceptH0 | Decision::AcceptH1 => AfterPair::Stop,
        }
    };
    let seats = seats.iter_mut().map(|(a, b)| (a, b)).collect();
    match run_match(seats, &config, &mut progress, on_game, after_pair, save) {
        Ok(summary) => {
            println!("result: {summary}");
            if let Some(state) = &state {
                println!("{}", sprt_verdict(state));
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            let path = record.as_deref().map(|p| format!("{}: ", p.display()));
            eprintln!("hive match: {}{error}", path.unwrap_or_default());
            ExitCode::FAILURE
        }
    }
}

/// The last line of an SPRT match: which hypothesis was accepted, or none.
fn sprt_verdict(state: &crate::arena::sprt::SprtState) -> String {
    use crate::arena::sprt::Decision;
    let (elo0, elo1) = state.sprt.hypotheses();
    let (lower, upper) = state.sprt.bounds();
    let games = 2 * state.pentanomial.pairs();
    let llr = state.llr();
    match state.decision() {
        Decision::AcceptH1 => format!(
            "sprt: H1 accepted (elo1 {elo1:+} rather than elo0 {elo0:+}): \
             LLR {llr:.2} reached {upper:.2} after {games} games"
        ),
        Decision::AcceptH0 => format!(
            "sprt: H0 accepted (elo0 {elo0:+} rather than elo1 {elo1:+}): \
             LLR {llr:.2} reached {lower:.2} after {games} games"
        ),
        Decision::Continue => format!(
            "sprt: inconclusive: LLR {llr:.2} within [{lower:.2}, {upper:.2}] after {games} games \
             (the most --games allowed)"
        ),
    }
}

/// The positions of `game_type` in the book `name` (a file, or
/// [`BUILTIN_NAME`](crate::arena::book::BUILTIN_NAME)), in `order`.
fn read_book(
    name: &str,
    game_type: GameType,
    order: crate::arena::book::BookOrder,
    seed: u64,
) -> Result<crate::arena::book::BookOpenings, String> {
    use crate::arena::book::{BUILTIN, BUILTIN_NAME, Book, BookOpenings};
    let (text, label) = if name == BUILTIN_NAME {
        (BUILTIN.to_string(), BUILTIN_NAME.to_string())
    } else {
        let text = fs::read_to_string(name)
            .map_err(|e| format!("--book {name}: cannot read the book: {e}"))?;
        // The record names the book by its file name; the checksum of its
        // positions tells books apart.
        let file = Path::new(name)
            .file_name()
            .map_or_else(|| name.to_string(), |f| f.to_string_lossy().into_owned());
        (text, file)
    };
    Book::parse(&text)
        .and_then(|book| BookOpenings::new(&book, &label, game_type, order, seed))
        .map_err(|e| format!("--book {name}: {e}"))
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

/// Writes the record whole or not at all ([`write_whole`]).
fn write_record(path: &Path, text: &str) -> Result<(), String> {
    write_whole(path, text)
        .map_err(|e| format!("could not save the record {}: {e}", path.display()))
}

/// Writes `text` to `path` whole or not at all: a file beside it, flushed
/// to disk, then renamed over the old one (`tempfile`'s `persist`), so a
/// stop mid-write leaves the old file as it was.
pub fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
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
