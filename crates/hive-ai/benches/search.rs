//! Search benchmarks: a fixed-depth search on the mid-game rows of the perft
//! table (time per search; nodes per second and the depth reached in one
//! second are printed by `cargo bench --bench search -- --nocapture`-free
//! runs of the `depth_in_one_second` group's setup).
//!
//! `cargo bench -p hive-ai --bench search`

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use hive_ai::{Engine, Limits};
use hive_rules::Game;

const TABLE: &str = include_str!("../../hive-rules/tests/data/perft.tsv");

fn mid_game_positions() -> Vec<(String, Game)> {
    TABLE
        .lines()
        .filter(|l| l.contains("InProgress"))
        .filter_map(|l| {
            let game_string = l.split('\t').next()?;
            let mut fields = game_string.split(';');
            let name = format!("{} {}", fields.next()?, fields.nth(1)?);
            Some((name, Game::from_game_string(game_string).ok()?))
        })
        .collect()
}

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search depth 4");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    let cancel = AtomicBool::new(false);
    for (name, game) in mid_game_positions().into_iter().step_by(4) {
        group.bench_function(name, |b| {
            b.iter(|| {
                // A fresh table each time, so every iteration does the same work.
                let mut engine = Engine::new(16);
                black_box(engine.search(&game, Limits::depth(4), &cancel))
            })
        });
    }
    group.finish();
}

/// Not a criterion measurement: prints nodes per second and the depth
/// reached with a one-second budget on every mid-game row.
fn one_second_report(_c: &mut Criterion) {
    let cancel = AtomicBool::new(false);
    println!("\nposition\tdepth in 1 s\tnodes/s\tseconds");
    for (name, game) in mid_game_positions() {
        let mut engine = Engine::new(64);
        let start = Instant::now();
        let result = engine.search(&game, Limits::time(Duration::from_secs(1)), &cancel);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{name}\t{}\t{:.0}\t{seconds:.3}",
            result.depth,
            result.nodes as f64 / seconds
        );
    }
}

/// Not a criterion measurement: prints the nodes, time and nodes per second
/// of a depth-5 search (fresh table) on every mid-game row, and the total.
fn depth_five_report(_c: &mut Criterion) {
    let cancel = AtomicBool::new(false);
    println!("\nposition\tnodes at depth 5\tseconds\tnodes/s");
    let (mut nodes, mut seconds) = (0, 0.0);
    for (name, game) in mid_game_positions() {
        let mut engine = Engine::new(64);
        let start = Instant::now();
        let result = engine.search(&game, Limits::depth(5), &cancel);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{name}\t{}\t{secs:.3}\t{:.0}",
            result.nodes,
            result.nodes as f64 / secs
        );
        nodes += result.nodes;
        seconds += secs;
    }
    println!("all\t{nodes}\t{seconds:.3}\t{:.0}", nodes as f64 / seconds);
}

criterion_group!(benches, fixed_depth, one_second_report, depth_five_report);
criterion_main!(benches);
