//! SPSA tuning of the evaluation's weights by games
//! (`hive_uhp::arena::spsa`): every pair moves all the weights at once.
//!
//! Each pair: every tuned weight moved up or down by its step (the signs at
//! random) makes θ+, the opposite signs θ-; the two play Expert's search
//! at `--time` seconds a move on one thread each, from a position of the
//! built-in book (`--game-type`, shuffled by `--seed`), once with each
//! colour; each weight then steps toward the side that scored more. A
//! weight's last step (`c_end`) is `--c-share` of its starting value, at
//! least `--c-min`; the learning rate at the last pair is `--r-end`. Every
//! weight is tuned but those of `--freeze` (by default the two that the
//! others already measure: `queen_danger[0]` and `in_hand[Queen]`), each
//! kept between 0 and four times its start (at least 40;
//! `attacker_mobility_percent` at most 100).
//!
//! The state (the weights as real numbers, the pairs done, the schedule)
//! is written to `--state` after every pair, whole or not at all; run again
//! with the same `--state`, the tuning goes on from it (a pair under way
//! when it stopped is played again). `--weights-out` gets the weights
//! rounded, as `hive match`'s `weights:FILE:...` players read them, at every
//! report and at the end. `--concurrency N` plays N pairs at once (one
//! core each); their results are applied as they come in.
//!
//! ```sh
//! cargo run --release -p hive-uhp --features cli --example spsa -- \
//!     --pairs 20000 --time 0.02 --state target/spsa.state \
//!     --weights-out target/spsa-weights.txt --concurrency 2
//! ```
//!
//! New weights are kept only when an SPRT against the old ones accepts them
//! (`hive match weights:FILE:expert expert --sprt ...`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use hive_ai::{Difficulty, Engine, Weights};
use hive_rules::{Color, GameType};
use hive_uhp::arena::book::{BUILTIN, BUILTIN_NAME, Book, BookOpenings, BookOrder};
use hive_uhp::arena::spsa::{Param, Perturbation, Schedule, Tuning};
use hive_uhp::arena::{GameResult, Player, play_game};
use hive_uhp::cli::write_whole;

/// Tunes the evaluation's weights by self-play pairs (SPSA).
#[derive(Parser, Debug)]
struct Args {
    /// Pairs of games in the whole tuning (its schedule; a state's own
    /// count wins when going on from one).
    #[arg(long, default_value_t = 20000)]
    pairs: u32,
    /// Seconds a move for each engine.
    #[arg(long, default_value_t = 0.02)]
    time: f64,
    /// The game type of the games.
    #[arg(long, default_value = "Base+MLP")]
    game_type: String,
    /// Seed of the openings' order and of the signs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The tuning's state: read if it exists, written after every pair.
    #[arg(long)]
    state: PathBuf,
    /// Weights to start from (default: the engine's).
    #[arg(long)]
    start: Option<PathBuf>,
    /// Weights left alone, by name (`queen_danger[0]`, `tempo`); repeatable.
    #[arg(long, default_values_t = ["queen_danger[0]".to_string(), "in_hand[Queen]".to_string()])]
    freeze: Vec<String>,
    /// A weight's last step as a share of its starting value.
    #[arg(long, default_value_t = 0.1)]
    c_share: f64,
    /// The least last step of a weight.
    #[arg(long, default_value_t = 2.0)]
    c_min: f64,
    /// The learning rate at the last pair.
    #[arg(long, default_value_t = 0.002)]
    r_end: f64,
    /// Pairs played at once (one core each).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Pairs between two reports.
    #[arg(long, default_value_t = 200)]
    every: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Where to write the weights, rounded.
    #[arg(long)]
    weights_out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("spsa: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What the workers share.
struct Shared {
    tuning: Tuning,
    signs: StdRng,
    /// θ+'s wins, draws and losses since the start of this run.
    score: [u32; 3],
    started: Instant,
}

fn run(args: &Args) -> Result<(), String> {
    let game_type: GameType = args
        .game_type
        .parse()
        .map_err(|e| format!("--game-type {}: {e}", args.game_type))?;
    if !(args.time > 0.0 && args.time.is_finite()) {
        return Err(format!("--time {}: not a time above 0", args.time));
    }
    let names = Weights::names();
    let start = match &args.start {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Weights::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Weights::default(),
    };
    let base = start.to_vec();
    for name in &args.freeze {
        if !names.contains(name) {
            return Err(format!(
                "--freeze {name}: not a weight ({})",
                names.join(", ")
            ));
        }
    }
    let tuning = match std::fs::read_to_string(&args.state) {
        Ok(text) => {
            let tuning =
                Tuning::parse(&text).map_err(|e| format!("{}: {e}", args.state.display()))?;
            if let Some(p) = tuning.params.iter().find(|p| !names.contains(&p.name)) {
                return Err(format!(
                    "{}: '{}' is not a weight",
                    args.state.display(),
                    p.name
                ));
            }
            println!(
                "going on from {}: {} of {} pairs done",
                args.state.display(),
                tuning.done,
                tuning.schedule.iterations
            );
            tuning
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let params = names
                .iter()
                .zip(&base)
                .filter(|(name, _)| !args.freeze.contains(name))
                .map(|(name, &value)| param(name, value, args))
                .collect();
            let mut schedule = Schedule::new(args.pairs);
            schedule.r_end = args.r_end;
            Tuning::new(schedule, params)
        }
        Err(e) => return Err(format!("{}: {e}", args.state.display())),
    };
    let book = Book::parse(BUILTIN).map_err(|e| format!("the built-in book: {e}"))?;
    let openings = BookOpenings::new(&book, BUILTIN_NAME, game_type, BookOrder::Random, args.seed)
        .map_err(|e| e.to_string())?;
    println!(
        "{} weights tuned over {} pairs, {} s a move, openings from the book {}",
        tuning.params.len(),
        tuning.schedule.iterations,
        args.time,
        openings.label
    );
    let seed = args.seed ^ u64::from(tuning.done).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let shared = Mutex::new(Shared {
        tuning,
        signs: StdRng::seed_from_u64(seed),
        score: [0; 3],
        started: Instant::now(),
    });
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1) {
            scope.spawn(|| {
                if let Err(e) = worker(args, &base, &openings, &shared) {
                    let mut failed = failure.lock().unwrap_or_else(|e| e.into_inner());
                    failed.get_or_insert(e);
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(error);
    }
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if !shared.tuning.done.is_multiple_of(args.every.max(1)) {
        report(args, &base, &shared)?;
    }
    println!("done: {} pairs", shared.tuning.done);
    Ok(())
}

/// A weight to tune from `value`, its bounds and last step.
fn param(name: &str, value: i32, args: &Args) -> Param {
    let value = f64::from(value);
    let max = if name == "attacker_mobility_percent" {
        100.0
    } else {
        (4.0 * value.abs()).max(40.0)
    };
    Param {
        name: name.to_string(),
        value,
        min: 0.0,
        max,
        c_end: (args.c_share * value.abs()).max(args.c_min),
    }
}

/// The whole weights with the tuned ones at `values`.
fn weights(base: &[i32], tuning: &Tuning, values: &[i32]) -> Weights {
    let names = Weights::names();
    let mut all = base.to_vec();
    for (param, value) in tuning.params.iter().zip(values) {
        if let Some(i) = names.iter().position(|n| *n == param.name) {
            all[i] = *value;
        }
    }
    Weights::from_slice(&all)
}

/// Plays pairs until the tuning has handed out all of them.
fn worker(
    args: &Args,
    base: &[i32],
    openings: &BookOpenings,
    shared: &Mutex<Shared>,
) -> Result<(), String> {
    let time = Duration::from_secs_f64(args.time);
    loop {
        let (p, plus, minus) = {
            let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
            if s.tuning.finished() {
                return Ok(());
            }
            let Shared { tuning, signs, .. } = &mut *s;
            let p = tuning.perturb(signs);
            let plus = weights(base, tuning, &tuning.engine(&p, 1.0));
            let minus = weights(base, tuning, &tuning.engine(&p, -1.0));
            (p, plus, minus)
        };
        let (result, counts) = play_pair(args, openings, &p, plus, minus, time);
        let mut s = shared.lock().unwrap_or_else(|e| e.into_inner());
        s.tuning.apply(&p, result);
        for (total, n) in s.score.iter_mut().zip(counts) {
            *total += n;
        }
        write_whole(&args.state, &s.tuning.to_text())
            .map_err(|e| format!("could not save the state {}: {e}", args.state.display()))?;
        if s.tuning.done.is_multiple_of(args.every.max(1)) {
            report(args, base, &s)?;
        }
    }
}

/// θ+ against θ- from pair `p`'s opening, once with each colour: θ+'s wins
/// less its losses, and its wins, draws and losses.
fn play_pair(
    args: &Args,
    openings: &BookOpenings,
    p: &Perturbation,
    plus: Weights,
    minus: Weights,
    time: Duration,
) -> (f64, [u32; 3]) {
    let player = |weights: Weights, name: &str| {
        // A small table: a move at 0.02 s searches some thousands of nodes.
        let mut engine = Box::new(Engine::with_weights(4, weights));
        engine.set_threads(1);
        Player::Preset {
            level: Difficulty::Expert,
            time_per_move: Some(time),
            weights: Some(name.to_string()),
            engine,
        }
    };
    let (mut a, mut b) = (player(plus, "θ+"), player(minus, "θ-"));
    let opening = openings.opening(p.iteration - 1, Default::default());
    let seed = args.seed.wrapping_add(u64::from(p.iteration) << 16);
    let mut result = 0.0;
    let mut counts = [0; 3];
    for color in [Color::White, Color::Black] {
        a.forget();
        b.forget();
        let record = play_game(&mut a, &mut b, &opening, color, args.max_plies, seed);
        let (points, slot) = match record.result {
            GameResult::Win | GameResult::Forfeit { by_a: false, .. } => (1.0, 0),
            GameResult::Draw => (0.0, 1),
            GameResult::Loss | GameResult::Forfeit { by_a: true, .. } => (-1.0, 2),
        };
        result += points;
        counts[slot] += 1;
    }
    (result, counts)
}

/// A report line, the weights that moved, and `--weights-out` written.
fn report(args: &Args, base: &[i32], s: &Shared) -> Result<(), String> {
    let t = &s.tuning;
    let [w, d, l] = s.score;
    println!(
        "pairs {} of {} ({} s this run; θ+ against θ- {w}-{d}-{l})",
        t.done,
        t.schedule.iterations,
        s.started.elapsed().as_secs()
    );
    let names = Weights::names();
    let mut moved = String::new();
    for p in &t.params {
        let from = names
            .iter()
            .position(|n| *n == p.name)
            .map_or(0, |i| base[i]);
        if p.value.round() as i32 != from {
            let _ = write!(moved, " {} {from}->{:.1}", p.name, p.value);
        }
    }
    println!(" moved:{moved}");
    let Some(path) = &args.weights_out else {
        return Ok(());
    };
    let mut text = String::from("# Evaluation weights tuned by SPSA\n");
    let command: Vec<String> = std::env::args().skip(1).collect();
    let _ = writeln!(text, "# spsa example: {}", command.join(" "));
    let _ = writeln!(
        text,
        "# after {} of {} pairs at {} s a move",
        t.done, t.schedule.iterations, args.time
    );
    text.push_str(&weights(base, t, &t.values()).to_string());
    write_whole(Path::new(path), &text).map_err(|e| format!("{}: {e}", path.display()))
}
