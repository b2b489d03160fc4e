//! Perft benchmarks: how fast the move generator counts move sequences.

use criterion::{Criterion, criterion_group, criterion_main};
use hive::rules::Game;
use std::hint::black_box;

fn start_position(c: &mut Criterion) {
    let mut game = Game::from_game_string("Base+MLP").expect("valid game type");
    c.bench_function("perft Base+MLP start depth 4", |b| {
        b.iter(|| black_box(game.perft(4)))
    });
}

criterion_group!(benches, start_position);
criterion_main!(benches);
