//! UHP benchmarks: how long the `validmoves` answer takes on the mid-game
//! rows of the perft table (parsing the command, generating the moves and
//! writing every MoveString).

use criterion::{Criterion, criterion_group, criterion_main};
use hive_uhp::Session;
use std::hint::black_box;

const TABLE: &str = include_str!("../../hive-rules/tests/data/perft.tsv");

/// The GameStrings of the rows whose game is under way.
fn mid_game_rows() -> Vec<&'static str> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .filter(|g| g.split(';').nth(1) == Some("InProgress"))
        .collect()
}

fn validmoves(c: &mut Criterion) {
    let mut group = c.benchmark_group("uhp validmoves");
    for (i, row) in mid_game_rows().into_iter().enumerate() {
        let mut session = Session::new();
        let mut out = Vec::with_capacity(8192);
        session
            .handle_line(&format!("newgame {row}"), &mut out)
            .expect("in memory");
        assert!(session.game().is_some(), "{row}");
        let game_type = row.split(';').next().unwrap_or("?");
        let turn = row.split(';').nth(2).unwrap_or("?");
        group.bench_function(format!("{i:02} {game_type} {turn}"), |b| {
            b.iter(|| {
                out.clear();
                session
                    .handle_line(black_box("validmoves"), &mut out)
                    .expect("in memory");
                black_box(out.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, validmoves);
criterion_main!(benches);
