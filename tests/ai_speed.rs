//! Search speed on the mid-game rows of the perft table: nodes per second of
//! a fixed-depth search (`bestmove depth N`). A report, not a check:
//!
//! `cargo test --release --no-default-features --test ai_speed -- --ignored --nocapture`
//! (depth from `HIVE_SPEED_DEPTH`, default 4).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use hive::ai::{Engine, Limits};
use hive::rules::Game;

const TABLE: &str = include_str!("data/perft.tsv");

#[test]
#[ignore = "a speed report: run it in a release build"]
fn nodes_per_second_at_fixed_depth() {
    let depth = std::env::var("HIVE_SPEED_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let cancel = AtomicBool::new(false);
    let (mut nodes, mut seconds) = (0u64, 0f64);
    println!("position\tnodes\tseconds\tnodes/s");
    for line in TABLE.lines().filter(|l| l.contains("InProgress")) {
        let Some(text) = line.split('\t').next() else {
            continue;
        };
        let game = Game::from_game_string(text).expect("a legal row");
        let mut engine = Engine::new(64);
        let start = Instant::now();
        let result = engine.search(&game, Limits::depth(depth), &cancel);
        let s = start.elapsed().as_secs_f64();
        assert!(result.best.is_some());
        let name: String = text.split(';').take(3).collect::<Vec<_>>().join(";");
        println!(
            "{name}\t{}\t{s:.3}\t{:.0}",
            result.nodes,
            result.nodes as f64 / s
        );
        nodes += result.nodes;
        seconds += s;
    }
    println!(
        "total\t{nodes}\t{seconds:.3}\t{:.0}",
        nodes as f64 / seconds
    );
}
