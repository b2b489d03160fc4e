//! Makes a book of balanced openings for `hive match --book`.
//!
//! Candidates come from real games (every `.pgn` under the `--games`
//! folders, cut after `--min-plies` to `--max-plies` moves) and from varied
//! openings of each `--types` game type (`--random` a type: two random
//! moves, then a one-ply search choosing at random among the moves within
//! 150 points of its best, for a seeded number of moves in the same range).
//! Each candidate that is new (no earlier candidate is the same position,
//! turned, mirrored or with like pieces swapped: `symmetric_key`) is
//! searched by the engine to `--depth`, and kept when its score for the side
//! to move is within `--threshold` hundredths of a piece of even. At most
//! `--keep` positions a type are written, in the candidates' order (the real
//! games' first), with a header saying how the book was made.
//!
//! ```sh
//! cargo run --release -p hive-uhp --features cli --example make_book -- \
//!     --games /work/shared/testdata/recordings --depth 4 --threshold 50 \
//!     --out crates/hive-uhp/data/openings.txt
//! ```
//!
//! The same arguments make the same book.

#[path = "common/made_file.rs"]
mod made_file;
#[path = "common/recorded.rs"]
mod recorded;

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use hive_ai::search::WIN_THRESHOLD;
use hive_ai::{Engine, Limits, Style};
use hive_rules::{Game, GameType};
use hive_uhp::arena::book::symmetric_key;

/// Makes a book of near-even openings, one UHP GameString a line.
#[derive(Parser, Debug)]
struct Args {
    /// Folders whose `.pgn` games give candidates (searched recursively).
    #[arg(long = "games")]
    games: Vec<PathBuf>,
    /// Game types of the varied openings, as expansion letters ("" for
    /// Base), comma-separated, each with its number of openings after a
    /// colon (without it, --random): ":200,M,L,P,MLP:800".
    #[arg(long, default_value = ",M,L,P,MLP")]
    types: String,
    /// Varied openings made for a game type without its own number.
    #[arg(long, default_value_t = 400)]
    random: u32,
    /// Fewest moves of a candidate.
    #[arg(long, default_value_t = 4)]
    min_plies: u32,
    /// Most moves of a candidate.
    #[arg(long, default_value_t = 10)]
    max_plies: u32,
    /// Search depth of each candidate.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Largest |score| kept, in hundredths of a piece for the side to move.
    #[arg(long, default_value_t = 50)]
    threshold: i32,
    /// Most positions kept for each game type.
    #[arg(long, default_value_t = 1000)]
    keep: usize,
    /// Seed of the varied openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the book goes, and its header's command and notes.
    #[command(flatten)]
    made: made_file::MadeFile,
}

/// A position to search, and where it came from.
struct Candidate {
    game: Game,
    from_record: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    made_file::exit("make_book", run(&args))
}

fn run(args: &Args) -> Result<(), String> {
    if args.min_plies == 0 || args.min_plies > args.max_plies {
        return Err("--min-plies must be at least 1 and at most --max-plies".to_string());
    }
    let types: Vec<(GameType, u32)> = args
        .types
        .split(',')
        .map(|item| {
            let (letters, count) = match item.split_once(':') {
                Some((letters, count)) => {
                    let count = count
                        .trim()
                        .parse()
                        .map_err(|e| format!("--types: '{item}': {e}"))?;
                    (letters, count)
                }
                None => (item, args.random),
            };
            let game_type = GameType::from_expansions(letters.trim())
                .map_err(|e| format!("--types: '{item}': {e}"))?;
            Ok((game_type, count))
        })
        .collect::<Result<_, String>>()?;

    let mut candidates = Vec::new();
    let mut record_games = 0;
    for (game, _) in recorded::recorded_games(&args.games)? {
        record_games += 1;
        let moves: Vec<_> = game.moves().collect();
        let mut position = Game::new(game.game_type());
        for (ply, &mv) in moves.iter().enumerate() {
            if ply as u32 >= args.max_plies {
                break;
            }
            position.apply_unchecked(mv);
            if position.ply() >= args.min_plies {
                candidates.push(Candidate {
                    game: position.clone(),
                    from_record: true,
                });
            }
        }
    }
    let from_records = candidates.len();

    let mut engine = Engine::new(16);
    let cancel = AtomicBool::new(false);
    let style = Style {
        limits: Limits::depth(1),
        tolerance: 150,
        varied_opening_plies: 0,
    };
    for (t, &(game_type, count)) in types.iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(args.seed ^ ((t as u64 + 1) << 32));
        for _ in 0..count {
            let plies = rng.random_range(args.min_plies..=args.max_plies);
            let mut game = Game::new(game_type);
            let mut moves = Vec::new();
            while game.ply() < plies && !game.status().is_over() {
                let mv = if game.ply() < 2 {
                    moves.clear();
                    game.legal_moves(&mut moves);
                    moves[rng.random_range(0..moves.len())]
                } else {
                    engine.clear();
                    let seed = rng.random();
                    match engine.play_style(&game, style, seed, &cancel).best {
                        Some(mv) => mv,
                        None => break,
                    }
                };
                game.apply_unchecked(mv);
            }
            candidates.push(Candidate {
                game,
                from_record: false,
            });
        }
    }

    // Search each new candidate; keep the near-even ones.
    let mut seen = HashSet::new();
    let mut kept: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut counts: BTreeMap<String, [usize; 5]> = BTreeMap::new();
    let (mut duplicates, mut finished, mut uneven) = (0, 0, 0);
    let mut scores = Vec::new();
    let limits = Limits::depth(args.depth);
    for (i, candidate) in candidates.iter().enumerate() {
        if i > 0 && i % 200 == 0 {
            eprintln!("{i} of {} candidates done", candidates.len());
        }
        let game = &candidate.game;
        let name = game.game_type().to_string();
        let count = counts.entry(name.clone()).or_default();
        count[0] += 1;
        if game.status().is_over() {
            finished += 1;
            continue;
        }
        if !seen.insert(symmetric_key(game)) {
            duplicates += 1;
            continue;
        }
        count[1] += 1;
        engine.clear();
        let result = engine.search(game, limits, &cancel);
        scores.push(result.score);
        if result.score.abs() >= WIN_THRESHOLD || result.score.abs() > args.threshold {
            uneven += 1;
            continue;
        }
        count[2] += 1;
        if candidate.from_record {
            count[3] += 1;
        }
        let book = kept.entry(name).or_default();
        if book.len() < args.keep {
            count[4] += 1;
            book.push(game.game_string());
        }
    }

    let command = args.made.command();
    let total: usize = kept.values().map(Vec::len).sum();
    let mut text = String::new();
    let mut line = |s: &str| {
        let _ = writeln!(text, "{}", format!("# {s}").trim_end());
    };
    line("Balanced openings for `hive match --book`: one UHP GameString a line.");
    line("");
    line(&format!("Made by: {command}"));
    for note in &args.made.note {
        line(note);
    }
    line(&format!(
        "Candidates: every position after {} to {} moves of {record_games} real games \
         (.pgn; {from_records} positions), and varied openings ({}): two random moves, then \
         a depth-1 search picking among the moves within 150 of its best, {} to {} moves \
         in all, seed {}.",
        args.min_plies,
        args.max_plies,
        types
            .iter()
            .map(|(t, n)| format!("{n} {t}"))
            .collect::<Vec<_>>()
            .join(", "),
        args.min_plies,
        args.max_plies,
        args.seed
    ));
    line(&format!(
        "Kept: unfinished, not the same as an earlier candidate up to rotation, mirroring \
         and like pieces (hive_uhp::arena::book::symmetric_key), and a depth-{} search \
         (hive_ai::Engine, one thread, table cleared) scoring within {} hundredths of a \
         piece of even for the side to move; at most {} a type, in the candidates' order.",
        args.depth, args.threshold, args.keep
    ));
    line(&format!(
        "Counts: {} candidates, {finished} finished, {duplicates} repeated, {} searched, \
         {uneven} uneven; {total} written.",
        candidates.len(),
        scores.len()
    ));
    for (name, [all, searched, even, from_records, written]) in &counts {
        line(&format!(
            "  {name}: {all} candidates, {searched} searched, {even} near even \
             ({from_records} from real games), {written} written"
        ));
    }
    line(&format!("Scores searched: {}", histogram(&scores)));
    for games in kept.values() {
        for game in games {
            let _ = writeln!(text, "{game}");
        }
    }
    args.made.write(&text)?;
    if let Some(path) = &args.made.out {
        eprintln!("{total} positions written to {}", path.display());
    }
    Ok(())
}

/// How the searched scores spread: how many within each bound of even.
fn histogram(scores: &[i32]) -> String {
    let bounds = [25, 50, 75, 100, 150, 200, 300];
    let mut parts: Vec<String> = bounds
        .iter()
        .map(|&b| {
            let n = scores.iter().filter(|s| s.abs() <= b).count();
            format!("|s| <= {b}: {n}")
        })
        .collect();
    let wins = scores.iter().filter(|s| s.abs() >= WIN_THRESHOLD).count();
    parts.push(format!("won or lost: {wins}"));
    parts.join(", ")
}
