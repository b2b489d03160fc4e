//! How long a whole-game review takes: plays a seeded 60-move Base+MLP game
//! (Easy against Medium, so the moves are plausible but not the engine's
//! own), reviews it on one thread and prints the time and the verdicts. A
//! report, not a check:
//!
//! `cargo run --release -p hive-ai --example review_time`
//! (depth from `HIVE_REVIEW_DEPTH`, default the review depth; plies from
//! `HIVE_REVIEW_PLIES`, default 60; `HIVE_REVIEW_PRINT=1` prints the review).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use hive_ai::{Difficulty, Engine, Limits, MoveClass, REVIEW_DEPTH, review_game};
use hive_rules::{Game, GameType};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A game of `plies` moves that is not over before its last move, from the
/// first seed that gives one.
fn seeded_game(plies: u32, engine: &mut Engine, cancel: &AtomicBool) -> (Game, u64) {
    let game_type = GameType::from_expansions("MLP").expect("Base+MLP");
    for seed in 0.. {
        let mut game = Game::new(game_type);
        engine.clear();
        while game.ply() < plies && !game.status().is_over() {
            let level = if game.ply().is_multiple_of(2) {
                Difficulty::Easy
            } else {
                Difficulty::Medium
            };
            let choice = engine.choose(&game, level, seed * 1000 + u64::from(game.ply()), cancel);
            game.play(choice.best.expect("a legal move"))
                .expect("the engine plays legal moves");
        }
        if game.ply() == plies {
            return (game, seed);
        }
    }
    unreachable!()
}

fn main() {
    let depth = env_or("HIVE_REVIEW_DEPTH", REVIEW_DEPTH);
    let plies = env_or("HIVE_REVIEW_PLIES", 60u32);
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::new(32);
    let (game, seed) = seeded_game(plies, &mut engine, &cancel);
    println!("game: seed {seed}, {} plies, {}", game.ply(), game.status());

    let start = Instant::now();
    let review = review_game(&game, Limits::depth(depth), &mut engine, &cancel, |_, _| {})
        .expect("not cancelled");
    let seconds = start.elapsed().as_secs_f64();
    if env_or("HIVE_REVIEW_PRINT", 0) == 1 {
        print!("{review}");
    }
    let counts: Vec<String> = MoveClass::ALL
        .iter()
        .map(|&c| {
            let n = review.moves.iter().filter(|m| m.class == c).count();
            format!("{} {n}", c.name())
        })
        .collect();
    println!("{}", counts.join(", "));
    println!(
        "review at depth {depth}: {} positions in {seconds:.2} s ({:.0} ms per position)",
        plies + 1,
        1000.0 * seconds / f64::from(plies + 1)
    );
}
