//! Measures the player's own games at the size of a keen player's years:
//! N games kept one at a time (as each game's end keeps it), then the
//! Games screen's work (the file opened and the list read, newest first,
//! unfiltered and under each filter, as the window's IO task does it), and
//! the export of all of them read back into a new file.
//!
//! ```text
//! cargo run --release -p hive-db --example kept_bench -- N SEED DIR
//! ```
//!
//! The games are seeded random play (15 to 120 plies) against the levels,
//! at one screen and online, with every ending, spread over three years.

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use hive_ai::Difficulty;
use hive_db::{Database, KeptFilter, Outcome};
use hive_records::{Ending, GameResult, KeptGame, Seats};
use hive_rules::{Color, Game, GameType};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(seed), Some(dir)) = (
        args.first().and_then(|n| n.parse::<usize>().ok()),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
        args.get(2),
    ) else {
        eprintln!("usage: kept_bench N SEED DIR");
        return ExitCode::FAILURE;
    };
    match run(n, seed, Path::new(dir)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("kept_bench: {error}");
            ExitCode::FAILURE
        }
    }
}

/// A seeded game: who played, the moves, how it ended.
fn a_game(rng: &mut StdRng, i: usize) -> KeptGame {
    let types = ["Base", "Base+MLP", "Base+M", "Base+P"];
    let game_type: GameType = types[rng.random_range(0..types.len())]
        .parse()
        .unwrap_or(GameType::BASE);
    let mut game = Game::new(game_type);
    let plies = rng.random_range(15..120);
    let mut moves = Vec::new();
    while game.moves().len() < plies && !game.status().is_over() {
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    let side = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let seats = match rng.random_range(0..10) {
        0..=5 => Seats::Ai {
            side: side.opponent(),
            difficulty: Difficulty::ALL[rng.random_range(0..Difficulty::ALL.len())],
        },
        6 | 7 => Seats::Online {
            remote: side.opponent(),
        },
        _ => Seats::Human,
    };
    let (result, ending) = match hive_formats::GameResult::from_status(game.status()) {
        Some(result) => (Some(result), Ending::Rules),
        None => match rng.random_range(0..4) {
            0 => (Some(GameResult::win_for(side.opponent())), Ending::Resigned),
            1 => (Some(GameResult::win_for(side)), Ending::Time),
            2 => (Some(GameResult::Draw), Ending::Agreed),
            _ => (None, Ending::Unfinished),
        },
    };
    let friends = ["Ann", "Ben", "Carla", "Dmitri", "Eun-ji", "Farid"];
    let friend = friends[rng.random_range(0..friends.len())].to_string();
    KeptGame {
        id: format!("{i:016x}"),
        game,
        seats,
        names: KeptGame::names(seats, "You", Some([friend.clone(), friend])),
        result,
        ending,
        ended_at: (
            format!(
                "{}.{:02}.{:02}",
                rng.random_range(2024..=2026),
                rng.random_range(1..=12),
                rng.random_range(1..=28)
            ),
            format!(
                "{:02}:{:02}:{:02}",
                rng.random_range(0..24),
                rng.random_range(0..60),
                rng.random_range(0..60)
            ),
        ),
        clocks: None,
        move_clocks: Vec::new(),
        rated: None,
    }
}

/// The median of 21 runs of `f` after one cold run, in milliseconds, and
/// what the last run returned.
fn median<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut last = f();
    let mut times: Vec<Duration> = (0..21)
        .map(|_| {
            let start = Instant::now();
            last = f();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[10].as_secs_f64() * 1000.0, last)
}

fn run(n: usize, seed: u64, dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let path = Database::kept_path(dir);
    if path.exists() {
        return Err(format!("{} exists: give an empty folder", path.display()).into());
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let games: Vec<KeptGame> = (0..n).map(|i| a_game(&mut rng, i)).collect();
    let mut db = Database::open_kept(dir)?;
    let start = Instant::now();
    let mut slowest = Duration::ZERO;
    for game in &games {
        let one = Instant::now();
        db.keep(game)?;
        slowest = slowest.max(one.elapsed());
    }
    let took = start.elapsed();
    println!(
        "kept {n} games one at a time in {:.1} s: {:.2} ms a game, the slowest {:.1} ms; file {:.1} MB",
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / n as f64,
        slowest.as_secs_f64() * 1000.0,
        std::fs::metadata(&path)?.len() as f64 / 1e6
    );
    drop(db);
    let filters = [
        ("all, newest first", KeptFilter::default()),
        (
            "opponent \"ben\"",
            KeptFilter {
                opponent: Some("ben".into()),
                ..KeptFilter::default()
            },
        ),
        (
            "lost",
            KeptFilter {
                outcome: Some(Outcome::Loss),
                ..KeptFilter::default()
            },
        ),
        (
            "level medium",
            KeptFilter {
                level: Some("medium".into()),
                ..KeptFilter::default()
            },
        ),
        (
            "type Base+MLP",
            KeptFilter {
                game_type: Some("Base+MLP".into()),
                ..KeptFilter::default()
            },
        ),
        (
            "December 2025",
            KeptFilter {
                from: Some("2025-12".into()),
                to: Some("2025-12".into()),
                ..KeptFilter::default()
            },
        ),
    ];
    for (name, filter) in &filters {
        // What the window's IO task does for each listing: open, read.
        let (ms, listed) = median(|| -> Result<(usize, u64), hive_db::DbError> {
            let db = Database::open_kept(dir)?;
            Ok((db.kept(filter)?.len(), db.kept_count()?))
        });
        let (shown, total) = listed?;
        println!(
            "list {name}: {shown} of {total} games, {ms:.1} ms (median of 21, opened and read)"
        );
    }
    let db = Database::open_kept(dir)?;
    let start = Instant::now();
    let text = db.export_kept()?;
    let exported = start.elapsed();
    let back_dir = dir.join("read-back");
    std::fs::create_dir_all(&back_dir)?;
    let mut back = Database::open_kept(&back_dir)?;
    let start = Instant::now();
    let (kept, problems) = back.keep_pgn(&text, Path::new("export.pgn"));
    let read_back = start.elapsed();
    let same = back.export_kept()? == text;
    println!(
        "export: {:.1} MB in {:.2} s; read back {kept} of {} ({} unreadable) in {:.1} s; the same text exported again: {same}",
        text.len() as f64 / 1e6,
        exported.as_secs_f64(),
        db.kept_count()?,
        problems.len(),
        read_back.as_secs_f64()
    );
    Ok(())
}
