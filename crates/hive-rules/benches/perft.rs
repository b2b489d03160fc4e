//! Perft benchmarks: how fast the move generator counts move sequences
//! (the last ply counted without being played).
//!
//! `cargo bench -p hive-rules --bench perft`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use hive_rules::Game;

const TABLE: &str = include_str!("../tests/data/perft.tsv");

fn start_position(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft start");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let mut game = Game::from_game_string("Base+MLP").expect("valid game type");
    group.bench_function("Base+MLP depth 5", |b| b.iter(|| black_box(game.perft(5))));
    group.finish();
}

fn mid_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft mid-game");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for line in TABLE.lines().filter(|l| l.contains("InProgress")) {
        let game_string = line.split('\t').next().unwrap_or_default();
        let mut game = Game::from_game_string(game_string).expect("valid GameString");
        let mut fields = game_string.split(';');
        let name = format!(
            "{} {} depth 3",
            fields.next().unwrap_or_default(),
            fields.nth(1).unwrap_or_default()
        );
        group.bench_function(name, |b| b.iter(|| black_box(game.perft(3))));
    }
    group.finish();
}

criterion_group!(benches, start_position, mid_game);
criterion_main!(benches);
