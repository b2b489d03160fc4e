//! Search speed and move ordering on the mid-game rows of the perft table:
//! nodes per second of a fixed-depth search (`bestmove depth N`) on one
//! thread, the nodes it took to reach that depth, and how well the moves
//! were ordered (of the beta cutoffs, the share made by the first move
//! searched, and the mean index of the cutting move). A report, not a check:
//!
//! `cargo run --release -p hive-ai --example speed`
//! (depth from `HIVE_SPEED_DEPTH`, default 4; search settings changed by
//! `HIVE_SEARCH`, as `hive match`'s `search:` players take them, e.g.
//! `HIVE_SEARCH=null_move=on`). One thread, so the node counts and the
//! ordering statistics are the same on every run.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use hive_ai::{Engine, Limits, OrderingStats, SearchConfig};
use hive_rules::Game;

const TABLE: &str = include_str!("../../hive-rules/tests/data/perft.tsv");

fn main() {
    let depth = std::env::var("HIVE_SPEED_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let changes = std::env::var("HIVE_SEARCH").unwrap_or_default();
    let config = match SearchConfig::default().with_changes(&changes) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("HIVE_SEARCH: {e}");
            std::process::exit(2);
        }
    };
    let cancel = AtomicBool::new(false);
    let (mut nodes, mut seconds) = (0u64, 0f64);
    let mut total = OrderingStats::default();
    let mut positions = 0;
    println!("position\tnodes\tseconds\tnodes/s\tcutoffs\tfirst-move %\tmean index");
    // One engine, its table and history cleared before each position: as
    // a fresh engine's, but with the table's memory already touched, so
    // the time is the search's and not the system's first mapping of it.
    let mut engine = Engine::new(64);
    engine.set_threads(1);
    engine.set_search_config(config);
    for line in TABLE.lines().filter(|l| l.contains("InProgress")) {
        let Some(text) = line.split('\t').next() else {
            continue;
        };
        let game = Game::from_game_string(text).expect("a legal row");
        engine.clear();
        let start = Instant::now();
        let result = engine.search(&game, Limits::depth(depth), &cancel);
        let s = start.elapsed().as_secs_f64();
        assert!(result.best.is_some());
        assert_eq!(result.depth, depth, "{text}");
        let stats = engine.ordering_stats();
        assert!(stats.first_move_cutoffs <= stats.cutoffs && stats.cutoffs <= stats.nodes);
        let name: String = text.split(';').take(3).collect::<Vec<_>>().join(";");
        println!(
            "{name}\t{}\t{s:.3}\t{:.0}\t{}\t{:.1}\t{:.2}",
            result.nodes,
            result.nodes as f64 / s,
            stats.cutoffs,
            100.0 * stats.first_move_rate(),
            stats.mean_cutoff_index()
        );
        nodes += result.nodes;
        seconds += s;
        total.add(&stats);
        positions += 1;
    }
    assert_eq!(positions, 20, "the 20 mid-game rows");
    println!(
        "total\t{nodes}\t{seconds:.3}\t{:.0}\t{}\t{:.1}\t{:.2}",
        nodes as f64 / seconds,
        total.cutoffs,
        100.0 * total.first_move_rate(),
        total.mean_cutoff_index()
    );
}
