//! Measures the game database: import speed and memory, the explorer and
//! search times, the file's size per game. One thread.
//!
//! ```text
//! cargo run --release -p hive-db --example db_bench -- generate N SEED DIR
//! cargo run --release -p hive-db --example db_bench -- import DB DIR...
//! cargo run --release -p hive-db --example db_bench -- query DB
//! cargo run --release -p hive-db --example db_bench -- parse DIR...
//! ```
//!
//! `import` prints games per second, the peak resident memory (VmHWM) and
//! the bytes per game; `query` times the explorer at the start, 10 plies
//! into a stored game, at the most reached position beyond the openings
//! (unfiltered, and at the start filtered by rating, a player, dates), the
//! games that reached the start (all, and rated), a search by
//! player and a search by position, each the median of 21 runs after one
//! cold run; `parse` only reads the records (no database), to tell reading
//! from storing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use hive_db::generate::{GenerateConfig, generate};
use hive_db::{Database, DbError, ExplorerFilter, ImportOptions, PositionKey, SearchQuery};
use hive_rules::{Game, GameType};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") if args.len() == 4 => run_generate(&args[1..]),
        Some("import") if args.len() >= 3 => run_import(&args[1], &args[2..]),
        Some("query") if args.len() == 2 => run_query(&args[1]),
        Some("parse") if args.len() >= 2 => run_parse(&args[1..]),
        _ => {
            eprintln!(
                "usage: db_bench generate N SEED DIR | import DB DIR... | query DB | parse DIR..."
            );
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("db_bench: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The process's peak resident memory, in KiB (Linux).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn run_generate(args: &[String]) -> Result<(), DbError> {
    let games = args[0].parse().unwrap_or(1000);
    let seed = args[1].parse().unwrap_or(1);
    let config = GenerateConfig {
        games,
        seed,
        ..GenerateConfig::default()
    };
    let started = Instant::now();
    let report = generate(&config, &PathBuf::from(&args[2]), &mut |_| {})?;
    let secs = started.elapsed().as_secs_f64();
    println!(
        "generated {} games ({} plies, {:.1} per game) in {:.1} s: {:.0} games/s, peak {} MiB",
        report.games,
        report.plies,
        report.plies as f64 / report.games.max(1) as f64,
        secs,
        report.games as f64 / secs,
        peak_kib() / 1024
    );
    Ok(())
}

fn run_import(db: &str, paths: &[String]) -> Result<(), DbError> {
    let mut db = Database::open(db)?;
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let mut peak_at = Vec::new();
    let report = db.import(
        &paths,
        ImportOptions::default(),
        &AtomicBool::new(false),
        &mut |p| {
            if p.committed {
                peak_at.push((p.added, peak_kib()));
            }
        },
    )?;
    let p = report.progress;
    let stats = db.stats()?;
    println!(
        "imported {} games ({} duplicates, {} unreadable) in {:.1} s: {:.0} games/s",
        p.added,
        p.duplicates,
        p.failed,
        p.elapsed.as_secs_f64(),
        p.games_per_second()
    );
    for (games, kib) in peak_at {
        println!("  peak memory after {games} games: {} MiB", kib / 1024);
    }
    println!(
        "database: {} games, {} positions, {} explorer rows, {:.1} MiB, {} bytes per game",
        stats.games,
        stats.positions,
        stats.explorer_rows,
        stats.bytes as f64 / (1024.0 * 1024.0),
        stats.bytes.checked_div(stats.games).unwrap_or(0)
    );
    Ok(())
}

/// The median of 21 timed runs after one cold run, and the cold one.
fn time<T>(mut f: impl FnMut() -> Result<T, DbError>) -> Result<(Duration, Duration, T), DbError> {
    let start = Instant::now();
    let value = f()?;
    let cold = start.elapsed();
    let mut times = Vec::new();
    for _ in 0..21 {
        let start = Instant::now();
        f()?;
        times.push(start.elapsed());
    }
    times.sort();
    Ok((cold, times[10], value))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// The most visited position with more than the aggregate's pieces (its
/// visits, and the position replayed from a game that reached it); found
/// with one scan of the positions, in key order.
fn most_reached_beyond_openings(db: &Database, path: &str) -> Result<Option<(i64, Game)>, DbError> {
    let Ok(conn) = rusqlite::Connection::open(path) else {
        return Ok(None);
    };
    let found: Option<(i64, i64, i64)> = conn
        .query_row(
            "SELECT count(*) AS visits, min(game_id), key FROM positions \
             WHERE key NOT IN (SELECT key FROM explorer) \
             GROUP BY key ORDER BY visits DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .ok();
    let Some((visits, id, key)) = found else {
        return Ok(None);
    };
    let ply: Option<i64> = conn
        .query_row(
            "SELECT ply FROM positions WHERE key = ?1 AND game_id = ?2",
            (key, id),
            |row| row.get(0),
        )
        .ok();
    let (Some(stored), Some(ply)) = (db.game(id)?, ply) else {
        return Ok(None);
    };
    let mut game = stored.game()?;
    while i64::from(game.ply()) > ply {
        game.undo();
    }
    Ok(Some((visits, game)))
}

fn run_query(path: &str) -> Result<(), DbError> {
    let db = Database::open(path)?;
    let none = ExplorerFilter::default();
    let start = Game::new("Base+MLP".parse::<GameType>().unwrap_or_default());
    let (cold, warm, moves) = time(|| db.explore(&start, &none))?;
    let games: u64 = moves.iter().map(|m| m.games).sum();
    println!(
        "explorer at the start (Base+MLP): {} moves, {games} games: cold {}, median {}",
        moves.len(),
        ms(cold),
        ms(warm)
    );
    // A stored game 10 plies in.
    let long = db.search(&SearchQuery {
        min_plies: Some(30),
        game_type: start.game_type().into(),
        limit: 1,
        offset: 7,
        ..SearchQuery::default()
    })?;
    let Some(summary) = long.first() else {
        println!("no game of 30 plies or more");
        return Ok(());
    };
    let Some(stored) = db.game(summary.id)? else {
        return Ok(());
    };
    let mut game = Game::new(start.game_type());
    for mv in stored.moves.iter().take(10) {
        if game.play_move_string(mv).is_err() {
            break;
        }
    }
    let (cold, warm, moves) = time(|| db.explore(&game, &none))?;
    println!(
        "explorer 10 plies in (game {}): {} moves: cold {}, median {}",
        summary.id,
        moves.len(),
        ms(cold),
        ms(warm)
    );
    // The position beyond the openings that most games reached: summed from
    // its rows (the aggregate holds the openings only).
    if let Some((visits, game)) = most_reached_beyond_openings(&db, path)? {
        let (cold, warm, moves) = time(|| db.explore(&game, &none))?;
        println!(
            "explorer at the most reached position beyond the openings ({} pieces, {visits} visits): {} moves: cold {}, median {}",
            game.pieces_placed(),
            moves.len(),
            ms(cold),
            ms(warm)
        );
    }
    let rated = ExplorerFilter {
        min_rating: Some(1500),
        ..ExplorerFilter::default()
    };
    let (cold, warm, moves) = time(|| db.explore(&start, &rated))?;
    println!(
        "explorer at the start, both players rated 1500+: {} moves, {} games: cold {}, median {}",
        moves.len(),
        moves.iter().map(|m| m.games).sum::<u64>(),
        ms(cold),
        ms(warm)
    );
    let (cold, warm, found) = time(|| db.games_reaching(&start, &none, 50, 0))?;
    println!(
        "games that reached the start (newest 50): {} games: cold {}, median {}",
        found.len(),
        ms(cold),
        ms(warm)
    );
    let (cold, warm, found) = time(|| db.games_reaching(&start, &rated, 50, 0))?;
    println!(
        "games that reached the start, both players rated 1500+ (newest 50): {} games: cold {}, median {}",
        found.len(),
        ms(cold),
        ms(warm)
    );
    let player = summary.white.clone();
    let filter = ExplorerFilter {
        player: player.clone(),
        ..ExplorerFilter::default()
    };
    let (cold, warm, moves) = time(|| db.explore(&start, &filter))?;
    println!(
        "explorer at the start, filtered by player {}: {} moves: cold {}, median {}",
        player.as_deref().unwrap_or("?"),
        moves.len(),
        ms(cold),
        ms(warm)
    );
    let dated = ExplorerFilter {
        from: Some("2020".into()),
        to: Some("2021".into()),
        min_rating: Some(1500),
        ..ExplorerFilter::default()
    };
    let (cold, warm, moves) = time(|| db.explore(&start, &dated))?;
    println!(
        "explorer at the start, games of 2020-2021 with both players rated 1500+: {} moves, {} games: cold {}, median {}",
        moves.len(),
        moves.iter().map(|m| m.games).sum::<u64>(),
        ms(cold),
        ms(warm)
    );
    let query = SearchQuery {
        from: Some("2019-03".into()),
        to: Some("2019-03".into()),
        min_plies: Some(60),
        limit: 50,
        ..SearchQuery::default()
    };
    let (cold, warm, found) = time(|| db.search(&query))?;
    println!(
        "search by month and length (March 2019, 60+ plies, newest 50): {} games: cold {}, median {}",
        found.len(),
        ms(cold),
        ms(warm)
    );
    let query = SearchQuery {
        player: player.clone(),
        limit: 50,
        ..SearchQuery::default()
    };
    let (cold, warm, found) = time(|| db.search(&query))?;
    println!(
        "search by player {} (newest 50): {} games: cold {}, median {}",
        player.as_deref().unwrap_or("?"),
        found.len(),
        ms(cold),
        ms(warm)
    );
    let query = SearchQuery {
        position: Some(PositionKey::of(&start)),
        limit: 50,
        ..SearchQuery::default()
    };
    let (cold, warm, found) = time(|| db.search(&query))?;
    println!(
        "search by position, the start (every Base+MLP game, newest 50): {} games: cold {}, median {}",
        found.len(),
        ms(cold),
        ms(warm)
    );
    let query = SearchQuery {
        position: Some(PositionKey::of(&game)),
        limit: 50,
        ..SearchQuery::default()
    };
    let (cold, warm, found) = time(|| db.search(&query))?;
    println!(
        "search by position 10 plies in (newest 50): {} games: cold {}, median {}",
        found.len(),
        ms(cold),
        ms(warm)
    );
    Ok(())
}

fn run_parse(paths: &[String]) -> Result<(), DbError> {
    use std::io::Read;
    let started = Instant::now();
    let mut games = 0u64;
    for path in paths {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| DbError::Io {
                path: path.into(),
                source: e,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        files.sort();
        for file in files {
            let open = std::fs::File::open(&file).map_err(|e| DbError::Io {
                path: file.clone(),
                source: e,
            })?;
            let mut zip = zip::ZipArchive::new(open).map_err(|e| DbError::Zip {
                path: file.clone(),
                source: e,
            })?;
            for i in 0..zip.len() {
                let Ok(mut entry) = zip.by_index(i) else {
                    continue;
                };
                let mut text = String::new();
                if entry.read_to_string(&mut text).is_ok()
                    && hive_formats::read_record(&text).is_ok()
                {
                    games += 1;
                }
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "read {games} records (no database) in {secs:.1} s: {:.0} games/s",
        games as f64 / secs
    );
    Ok(())
}
