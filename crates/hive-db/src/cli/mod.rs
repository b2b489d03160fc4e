//! The database's commands (`hive db ...`), shared by the `hive` game
//! binary and the window-free `hive-db` binary: `import`, `stats`,
//! `explore`, `search`, `check`, `games` and `generate`. Every command takes
//! `--db FILE`; without it, the data folder's database
//! ([`Database::default_path`]), or with `--mine` the player's own games
//! (`my-games.sqlite` in the data folder, [`crate::KEPT_FILE`]).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::{Args, Subcommand};
use hive_formats::GameResult;
use hive_rules::GameType;

mod games;

use self::games::{GamesArgs, games};
use crate::generate::{GenerateConfig, generate};
use crate::{
    Database, DbError, ExplorerFilter, GameSummary, ImportOptions, PositionKey, SearchQuery,
    SortBy, parse_position,
};

/// The game database's commands.
#[derive(Subcommand, Debug)]
pub enum DbCommand {
    /// Import game records: files (.sgf, .pgn, UHP GameStrings), folders
    /// (recursively), zip archives, PGN files of many games. Run again, it
    /// skips the files already imported; each game is stored once.
    Import {
        /// Files, folders and zip archives.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        db: DbArg,
        /// Games per committed batch.
        #[arg(long, default_value_t = crate::ImportOptions::default().batch_size)]
        batch: usize,
        /// Print a line after each committed batch instead of a progress bar.
        #[arg(long)]
        lines: bool,
    },
    /// The database's numbers; the last line is the number of games.
    Stats {
        #[command(flatten)]
        db: DbArg,
    },
    /// The moves played from a position, with games and results.
    Explore {
        /// The position: a UHP GameString, or a GameTypeString ("Base+MLP") for the start.
        game: String,
        #[command(flatten)]
        db: DbArg,
        /// One line per move: the UHP MoveString, games, White wins, draws,
        /// Black wins, tab-separated.
        #[arg(long)]
        tsv: bool,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// Find games, newest first.
    Search(SearchArgs),
    /// Check the whole file (SQLite's quick_check): prints `ok`, or the
    /// problems found and exits with failure.
    Check {
        #[command(flatten)]
        db: DbArg,
        /// Report at most this many problems.
        #[arg(long, default_value_t = 100)]
        max: u32,
    },
    /// The player's own games (every game finished in the window or with
    /// `hive online`), newest first: when, opponent, side, result, how it
    /// ended, type, turns; or all of them written to one PGN file, or such
    /// a file read back.
    Games(GamesArgs),
    /// Write N engine self-play games as SGF records in yearly zip archives.
    Generate {
        /// How many games.
        n: u64,
        /// The seed (the same seed writes the same bytes).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The folder for the archives.
        #[arg(long)]
        out: PathBuf,
        /// The first year of the dates.
        #[arg(long, default_value_t = 2012)]
        first_year: u32,
        /// The last year of the dates.
        #[arg(long, default_value_t = 2025)]
        last_year: u32,
    },
}

/// The database file option every command takes.
#[derive(Args, Debug, Clone)]
pub struct DbArg {
    /// The database file (default: games.sqlite in the data folder, HIVE_DATA_DIR if set).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// The player's own games: my-games.sqlite in the data folder.
    #[arg(long, conflicts_with = "db")]
    mine: bool,
}

impl DbArg {
    /// The file the option names.
    fn path(&self) -> Result<PathBuf, DbError> {
        match (&self.db, self.mine) {
            (Some(path), _) => Ok(path.clone()),
            (None, true) => {
                let games = Database::default_path()?;
                Ok(games.with_file_name(crate::KEPT_FILE))
            }
            (None, false) => Database::default_path(),
        }
    }
}

/// The explorer's filters.
#[derive(Args, Debug, Clone)]
pub struct FilterArgs {
    /// Only games of this type (Base, Base+M, ..., Base+MLP).
    #[arg(long)]
    game_type: Option<GameType>,
    /// Only games on or after this date (yyyy, yyyy-mm, yyyy-mm-dd).
    #[arg(long)]
    from: Option<String>,
    /// Only games on or before this date.
    #[arg(long)]
    to: Option<String>,
    /// Only games of this player.
    #[arg(long)]
    player: Option<String>,
    /// Only games whose players are both rated at least this.
    #[arg(long)]
    min_rating: Option<i64>,
}

/// `hive db search`'s arguments.
#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    db: DbArg,
    /// A player (either side).
    #[arg(long)]
    player: Option<String>,
    /// The opponent (with --player: games between the two).
    #[arg(long)]
    opponent: Option<String>,
    /// Played on or after (yyyy, yyyy-mm, yyyy-mm-dd).
    #[arg(long)]
    from: Option<String>,
    /// Played on or before.
    #[arg(long)]
    to: Option<String>,
    /// The result: white, black or draw.
    #[arg(long, value_parser = parse_result)]
    result: Option<GameResult>,
    /// The game type.
    #[arg(long)]
    game_type: Option<GameType>,
    /// At least this many plies.
    #[arg(long)]
    min_length: Option<u32>,
    /// At most this many plies.
    #[arg(long)]
    max_length: Option<u32>,
    /// Games that reached this position (a UHP GameString).
    #[arg(long)]
    position: Option<String>,
    /// The order: newest, oldest, longest, shortest.
    #[arg(long, default_value = "newest", value_parser = parse_sort)]
    sort: SortBy,
    /// At most this many games (0: all).
    #[arg(long, default_value_t = 50)]
    limit: u32,
    /// Skip this many first.
    #[arg(long, default_value_t = 0)]
    offset: u32,
}

fn parse_result(text: &str) -> Result<GameResult, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" | "1-0" => Ok(GameResult::WhiteWins),
        "black" | "b" | "0-1" => Ok(GameResult::BlackWins),
        "draw" | "d" | "1/2-1/2" => Ok(GameResult::Draw),
        _ => GameResult::parse(text)
            .ok_or_else(|| format!("'{text}' is not a result (white, black or draw)")),
    }
}

fn parse_sort(text: &str) -> Result<SortBy, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "newest" => Ok(SortBy::Newest),
        "oldest" => Ok(SortBy::Oldest),
        "longest" => Ok(SortBy::Longest),
        "shortest" => Ok(SortBy::Shortest),
        _ => Err(format!(
            "'{text}' is not an order (newest, oldest, longest, shortest)"
        )),
    }
}

impl DbCommand {
    /// Runs the command; the exit status says whether it succeeded.
    pub fn run(self) -> ExitCode {
        let outcome = match self {
            DbCommand::Import {
                paths,
                db,
                batch,
                lines,
            } => import(&paths, &db, batch, lines),
            DbCommand::Stats { db } => stats(&db),
            DbCommand::Explore {
                game,
                db,
                tsv,
                filter,
            } => explore(&game, &db, tsv, filter),
            DbCommand::Search(args) => search(args),
            DbCommand::Check { db, max } => check(&db, max),
            DbCommand::Games(args) => games(args),
            DbCommand::Generate {
                n,
                seed,
                out,
                first_year,
                last_year,
            } => {
                let config = GenerateConfig {
                    games: n,
                    seed,
                    first_year,
                    last_year,
                };
                run_generate(&config, &out)
            }
        };
        match outcome {
            Ok(code) => code,
            Err(error) => {
                eprintln!("hive db: {error}");
                ExitCode::FAILURE
            }
        }
    }
}

fn open(arg: &DbArg) -> Result<Database, DbError> {
    Database::open(arg.path()?)
}

/// Checks the file as it is (a damaged file too: it is opened read only,
/// never migrated or written).
fn check(arg: &DbArg, max: u32) -> Result<ExitCode, DbError> {
    let path = arg.path()?;
    let problems = Database::check_file(&path, max)?;
    if problems.is_empty() {
        println!("ok");
        return Ok(ExitCode::SUCCESS);
    }
    for problem in &problems {
        println!("{problem}");
    }
    eprintln!(
        "hive db: {} is damaged ({} problem{} shown): move it away to start a new database{}",
        path.display(),
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        if path.file_name().is_some_and(|n| n == crate::KEPT_FILE) {
            " (your games in it can be read back with `sqlite3 FILE .recover`)"
        } else {
            ""
        }
    );
    Ok(ExitCode::FAILURE)
}

fn import(paths: &[PathBuf], arg: &DbArg, batch: usize, lines: bool) -> Result<ExitCode, DbError> {
    let mut db = open(arg)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let bar = (!lines && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let mut progress = |p: &crate::ImportProgress| {
        let text = format!(
            "{} games stored, {} duplicates, {} unreadable, {:.0} games/s",
            p.added,
            p.duplicates,
            p.failed,
            p.games_per_second()
        );
        if let Some(bar) = &bar {
            bar.set_message(text);
        } else if lines && p.committed {
            println!("committed: {text}");
            let _ = std::io::stdout().flush();
        }
    };
    let report = db.import(
        paths,
        ImportOptions { batch_size: batch },
        &cancel,
        &mut progress,
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    for failure in &report.failures {
        eprintln!("not imported: {failure}");
    }
    let p = report.progress;
    println!(
        "{} games stored, {} duplicates, {} unreadable, {} files done, {} skipped as already imported, in {:.1} s ({:.0} games/s)",
        p.added,
        p.duplicates,
        p.failed,
        p.sources_done,
        p.sources_skipped,
        p.elapsed.as_secs_f64(),
        p.games_per_second()
    );
    Ok(ExitCode::SUCCESS)
}

fn stats(arg: &DbArg) -> Result<ExitCode, DbError> {
    let db = open(arg)?;
    let stats = db.stats()?;
    println!("file: {}", db.path().display());
    println!("schema version: {}", stats.schema_version);
    println!("sources: {}", stats.sources);
    println!("positions: {}", stats.positions);
    println!("explorer rows: {}", stats.explorer_rows);
    println!("bytes: {}", stats.bytes);
    if let Some(per_game) = stats.bytes.checked_div(stats.games) {
        println!("bytes per game: {per_game}");
    }
    println!("games: {}", stats.games);
    Ok(ExitCode::SUCCESS)
}

fn explore(text: &str, arg: &DbArg, tsv: bool, filter: FilterArgs) -> Result<ExitCode, DbError> {
    let game = parse_position(text)?;
    let db = open(arg)?;
    let filter = ExplorerFilter {
        game_type: filter.game_type,
        from: filter.from,
        to: filter.to,
        player: filter.player,
        min_rating: filter.min_rating,
    };
    let moves = db.explore(&game, &filter)?;
    let percent = |n: u64, of: u64| {
        if of == 0 {
            0.0
        } else {
            100.0 * n as f64 / of as f64
        }
    };
    if !tsv {
        println!("position {}", PositionKey::of(&game));
        println!(
            "{:<14} {:>8} {:>7} {:>7} {:>7} {:>7}  last played",
            "move", "games", "white", "draw", "black", "rating"
        );
    }
    for m in &moves {
        if tsv {
            println!(
                "{}\t{}\t{}\t{}\t{}",
                m.uhp, m.games, m.white_wins, m.draws, m.black_wins
            );
        } else {
            println!(
                "{:<14} {:>8} {:>6.1}% {:>6.1}% {:>6.1}% {:>7}  {}",
                m.uhp,
                m.games,
                percent(m.white_wins, m.games),
                percent(m.draws, m.games),
                percent(m.black_wins, m.games),
                m.average_rating
                    .map_or("-".to_string(), |r| format!("{r:.0}")),
                m.last_date.as_deref().unwrap_or("-")
            );
        }
    }
    if !tsv && moves.is_empty() {
        println!("no game in the database reached this position");
    }
    Ok(ExitCode::SUCCESS)
}

fn search(args: SearchArgs) -> Result<ExitCode, DbError> {
    let position = match &args.position {
        Some(text) => Some(PositionKey::of(&parse_position(text)?)),
        None => None,
    };
    let db = open(&args.db)?;
    let query = SearchQuery {
        player: args.player,
        opponent: args.opponent,
        from: args.from,
        to: args.to,
        result: args.result,
        game_type: args.game_type,
        min_plies: args.min_length,
        max_plies: args.max_length,
        position,
        sort: args.sort,
        limit: args.limit,
        offset: args.offset,
    };
    for game in db.search(&query)? {
        println!("{}", summary_line(&game));
    }
    Ok(ExitCode::SUCCESS)
}

/// One game as `search` prints it, tab-separated: id, date, White (rating),
/// Black (rating), result, game type, plies, and the ply a searched
/// position was reached at.
fn summary_line(g: &GameSummary) -> String {
    let player = |name: &Option<String>, rating: Option<i64>| {
        let name = name.as_deref().unwrap_or("?");
        match rating {
            Some(r) => format!("{name} ({r})"),
            None => name.to_string(),
        }
    };
    let mut line = format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}",
        g.id,
        g.date.as_deref().unwrap_or("-"),
        player(&g.white, g.white_rating),
        player(&g.black, g.black_rating),
        g.result.map_or("-", |r| r.uhp_name()),
        g.game_type,
        g.plies
    );
    if let Some(ply) = g.reached_at {
        line += &format!("\treached at ply {ply}");
    }
    line
}

fn run_generate(config: &GenerateConfig, out: &std::path::Path) -> Result<ExitCode, DbError> {
    let started = std::time::Instant::now();
    let bar = std::io::stderr()
        .is_terminal()
        .then(|| indicatif::ProgressBar::new(config.games));
    let report = generate(config, out, &mut |n| {
        if let Some(bar) = &bar {
            bar.set_position(n);
        }
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{} games ({} plies) in {} archives in {}, {:.1} s ({:.0} games/s)",
        report.games,
        report.plies,
        report.files.len(),
        out.display(),
        secs,
        report.games as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
