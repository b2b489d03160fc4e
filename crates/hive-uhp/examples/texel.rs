//! Texel tuning of the evaluation's weights (`hive_ai::texel`).
//!
//! 1. **Games.** `--games` self-play games of the engine searching `--nodes`
//!    nodes a move (one thread, its table cleared before each game), each
//!    from a position of the built-in book (`--game-type`, shuffled by
//!    `--seed`), its first `--varied` plies after the book played as the
//!    levels vary theirs (a 2-ply search, a seeded pick among the moves
//!    within 25 points of the best), to the end or `--max-plies` (a draw);
//!    then the real games (`.pgn`) under `--records`. `--save-games` keeps
//!    them (a result for White and a GameString a line), `--load-games`
//!    reads such files instead of playing.
//! 2. **Positions.** Every position of those games from ply `--min-ply` on
//!    that is quiet (`hive_ai::texel::is_quiet`: not over, and the side to
//!    move has no move the quiescence search would look at), labelled with
//!    its game's result. A game's positions all go to the held-out set (a
//!    seeded `--held-out` percent of the games) or all to the training set.
//! 3. **Tuning.** `K` is fitted to the training set under the current
//!    weights, then every weight is tuned by Texel's local search at that
//!    `K` (but for the few it cannot measure:
//!    `hive_ai::texel::default_frozen`). The old and new weights and the losses of both sets before and
//!    after are printed; `--weights-out` writes the new weights as
//!    `hive match`'s `weights:FILE:...` players read them.
//!
//! ```sh
//! cargo run --release -p hive-uhp --features cli --example texel -- \
//!     --games 600 --nodes 6000 --seed 1 --save-games texel-games.txt \
//!     --weights-out crates/hive-ai/data/texel-weights.txt
//! ```
//!
//! The same arguments give the same games, positions and weights.

#[path = "common/recorded.rs"]
mod recorded;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Parser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use hive_ai::texel::{Features, Sample, TuneOptions, fit_k, is_quiet, loss, tune};
use hive_ai::{Engine, Limits, Style, Weights};
use hive_formats::GameResult;
use hive_rules::{Game, GameStatus, GameType};
use hive_uhp::arena::book::{BUILTIN, BUILTIN_NAME, Book, BookOpenings, BookOrder};

/// Tunes the evaluation's weights on self-play games (Texel's method).
#[derive(Parser, Debug)]
struct Args {
    /// Self-play games to play.
    #[arg(long, default_value_t = 400)]
    games: u32,
    /// Nodes the engine searches a move.
    #[arg(long, default_value_t = 6000)]
    nodes: u64,
    /// Plies after the book position played varied.
    #[arg(long, default_value_t = 2)]
    varied: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The game type of the self-play games.
    #[arg(long, default_value = "Base+MLP")]
    game_type: String,
    /// Folders of real games (`.pgn`) added to the self-play ones.
    #[arg(long, default_value = "crates/hive-records/tests/data/recordings")]
    records: Vec<PathBuf>,
    /// The first ply whose positions are used.
    #[arg(long, default_value_t = 10)]
    min_ply: u32,
    /// Percent of the games held out of the tuning to measure it.
    #[arg(long, default_value_t = 15)]
    held_out: u64,
    /// Seed of the openings' order, their varied plies and the held-out games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to keep the games played.
    #[arg(long)]
    save_games: Option<PathBuf>,
    /// Games kept by --save-games, read instead of playing (and of
    /// --records); repeatable, the files' games in turn.
    #[arg(long)]
    load_games: Vec<PathBuf>,
    /// Where to write the tuned weights.
    #[arg(long)]
    weights_out: Option<PathBuf>,
    /// A line for the weights file's header, e.g. the date and commit
    /// (repeatable).
    #[arg(long)]
    note: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("texel: {error}");
            ExitCode::FAILURE
        }
    }
}

/// A finished game and its result for White.
struct Played {
    result: f64,
    game: Game,
}

fn result_word(result: f64) -> &'static str {
    if result == 1.0 {
        "1"
    } else if result == 0.0 {
        "0"
    } else {
        "0.5"
    }
}

fn run(args: &Args) -> Result<(), String> {
    let started = Instant::now();
    let games = match args.load_games.as_slice() {
        [] => {
            let mut games = self_play(args)?;
            let records = record_games(&args.records)?;
            println!("real games from {:?}: {}", args.records, records.len());
            games.extend(records);
            games
        }
        paths => {
            let mut games = Vec::new();
            for path in paths {
                games.extend(load_games(path)?);
            }
            games
        }
    };
    if let Some(path) = &args.save_games {
        let mut text = String::new();
        for g in &games {
            writeln!(text, "{}\t{}", result_word(g.result), g.game.game_string())
                .expect("a string");
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let (wins, draws) = games.iter().fold((0, 0), |(w, d), g| {
        (
            w + usize::from(g.result == 1.0),
            d + usize::from(g.result == 0.5),
        )
    });
    println!(
        "games: {} (White wins {wins}, draws {draws}, Black wins {})",
        games.len(),
        games.len() - wins - draws
    );

    // Positions, each game wholly in one set.
    let mut split = StdRng::seed_from_u64(args.seed ^ 0x7e5e_1000);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let (mut seen, mut noisy) = (0usize, 0usize);
    for played in &games {
        let into = if split.random_range(0..100) < args.held_out {
            &mut held
        } else {
            &mut train
        };
        let moves: Vec<_> = played.game.moves().collect();
        let mut game = Game::with_options(played.game.game_type(), played.game.options());
        for mv in moves {
            if game.ply() >= args.min_ply {
                seen += 1;
                if is_quiet(&game) {
                    into.push(Sample {
                        features: Features::of(&game),
                        result: played.result,
                    });
                } else {
                    noisy += 1;
                }
            }
            game.apply_unchecked(mv);
        }
    }
    println!(
        "positions from ply {}: {seen}, not quiet {noisy}, kept {}: training {}, held out {} \
         ({} s so far)",
        args.min_ply,
        train.len() + held.len(),
        train.len(),
        held.len(),
        started.elapsed().as_secs()
    );

    // The features must give the evaluator's own scores.
    let old = Weights::default();
    let old_values = old.to_vec();
    let k = fit_k(&train, &old_values);
    let before = (loss(&train, &old_values, k), loss(&held, &old_values, k));
    println!("K = {k:.6} (fitted on the training set, old weights)");
    println!(
        "loss before: training {:.6}, held out {:.6}",
        before.0, before.1
    );
    let options = TuneOptions::default();
    let new_values = tune(&train, &old_values, k, &options, |pass| {
        println!(
            "  step {} pass {}: training loss {:.6}, {} weights changed",
            pass.step, pass.number, pass.loss, pass.changed
        );
    });
    let after = (loss(&train, &new_values, k), loss(&held, &new_values, k));
    println!(
        "loss after: training {:.6}, held out {:.6}",
        after.0, after.1
    );
    let k_after = fit_k(&train, &new_values);
    println!("K refitted to the new weights: {k_after:.6}");
    println!("weights (old -> new):");
    for (i, ((name, o), n)) in Weights::names()
        .iter()
        .zip(&old_values)
        .zip(&new_values)
        .enumerate()
    {
        let mark = if options.frozen.contains(&i) {
            "  (left alone)"
        } else if o == n {
            ""
        } else {
            "  *"
        };
        println!("  {name:32} {o:5} -> {n:5}{mark}");
    }
    let new = Weights::from_slice(&new_values);
    if let Some(path) = &args.weights_out {
        let mut text = String::new();
        writeln!(text, "# Evaluation weights tuned by Texel's method").expect("a string");
        let command: Vec<String> = std::env::args().skip(1).collect();
        writeln!(text, "# texel example: {}", command.join(" ")).expect("a string");
        for note in &args.note {
            writeln!(text, "# {note}").expect("a string");
        }
        writeln!(
            text,
            "# {} games, {} positions for training, {} held out; K {k:.6}",
            games.len(),
            train.len(),
            held.len()
        )
        .expect("a string");
        writeln!(
            text,
            "# loss training {:.6} -> {:.6}, held out {:.6} -> {:.6}",
            before.0, after.0, before.1, after.1
        )
        .expect("a string");
        text.push_str(&new.to_string());
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    } else {
        print!("{new}");
    }
    println!("{} s in all", started.elapsed().as_secs());
    Ok(())
}

/// The self-play games.
fn self_play(args: &Args) -> Result<Vec<Played>, String> {
    let game_type: GameType = args
        .game_type
        .parse()
        .map_err(|e| format!("--game-type {}: {e}", args.game_type))?;
    let book = Book::parse(BUILTIN).map_err(|e| format!("the built-in book: {e}"))?;
    let openings = BookOpenings::new(&book, BUILTIN_NAME, game_type, BookOrder::Random, args.seed)
        .map_err(|e| e.to_string())?;
    println!("openings from the book {}", openings.label);
    let mut engine = Engine::new(64);
    engine.set_threads(1);
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let mut games = Vec::new();
    for number in 0..args.games {
        let mut game = openings.opening(number, Default::default());
        let style = Style {
            limits: Limits::nodes(args.nodes),
            tolerance: 0,
            varied_opening_plies: game.ply() + args.varied,
        };
        let seed = args
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(number) << 16);
        engine.clear();
        let result = loop {
            match game.status() {
                GameStatus::WhiteWins => break 1.0,
                GameStatus::BlackWins => break 0.0,
                GameStatus::Draw => break 0.5,
                _ if game.ply() >= args.max_plies => break 0.5,
                _ => {}
            }
            let found = engine.play_style(&game, style, seed + u64::from(game.ply()), &cancel);
            let Some(mv) = found.best else {
                return Err(format!(
                    "game {}: no move at ply {}",
                    number + 1,
                    game.ply()
                ));
            };
            game.apply_unchecked(mv);
        };
        if (number + 1) % 25 == 0 {
            println!(
                "  {} games played ({} s)",
                number + 1,
                started.elapsed().as_secs()
            );
        }
        games.push(Played { result, game });
    }
    Ok(games)
}

/// Games kept by --save-games.
fn load_games(path: &Path) -> Result<Vec<Played>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            let bad = |why: String| format!("{}: line {}: {why}", path.display(), index + 1);
            let (result, game) = line.split_once('\t').ok_or_else(|| bad("no tab".into()))?;
            let result: f64 = result
                .parse()
                .map_err(|_| bad(format!("result {result}")))?;
            let game = Game::from_game_string(game).map_err(|e| bad(e.to_string()))?;
            Ok(Played { result, game })
        })
        .collect()
}

/// The finished real games under `dirs`, with their results.
fn record_games(dirs: &[PathBuf]) -> Result<Vec<Played>, String> {
    let mut games = Vec::new();
    for (game, header) in recorded::recorded_games(dirs)? {
        let result = match (game.status(), header) {
            (GameStatus::WhiteWins, _) | (_, Some(GameResult::WhiteWins)) => 1.0,
            (GameStatus::BlackWins, _) | (_, Some(GameResult::BlackWins)) => 0.0,
            (GameStatus::Draw, _) | (_, Some(GameResult::Draw)) => 0.5,
            // A game without a result says nothing.
            _ => continue,
        };
        games.push(Played { result, game });
    }
    Ok(games)
}
