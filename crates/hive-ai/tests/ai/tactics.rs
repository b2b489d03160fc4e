//! Tactics: positions from `tests/data/tactics.tsv` with a forced win within
//! the search horizon or a threat that must be blocked, each searched at a
//! fixed depth (no clock: the same result on any machine).
//!
//! A row is `kind<TAB>GameString<TAB>move<TAB>comment`, where kind is
//! - `win1`: the side to move wins at once; the engine must play a winning move;
//! - `win2`: it wins on its next move whatever the reply, and cannot win at
//!   once; the engine must play a move that forces it (checked by brute force);
//! - `block`: the opponent threatens to surround our queen next move and we
//!   cannot win at once; the engine's move must leave the opponent no win in one.
//!
//! The move column holds the right move (for `block`, one that parries).
//! New rows are found by `cargo run --release -p hive-ai --example mine_tactics`.

use std::sync::atomic::AtomicBool;

use crate::common::tactics::{Kind, legal};
use hive_ai::{Engine, Limits, SearchConfig};
use hive_rules::{Game, Move};

const TABLE: &str = include_str!("../data/tactics.tsv");

struct Row {
    line: usize,
    kind: Kind,
    game: Game,
    right: Move,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let line = i + 1;
            let fields: Vec<&str> = l.split('\t').collect();
            assert!(fields.len() >= 3, "line {line}: kind, GameString, move");
            let kind = Kind::parse(fields[0])
                .unwrap_or_else(|| panic!("line {line}: unknown kind {}", fields[0]));
            let game = Game::from_game_string(fields[1])
                .unwrap_or_else(|e| panic!("line {line}: illegal position: {e}"));
            let right = game
                .parse_move(fields[2])
                .unwrap_or_else(|e| panic!("line {line}: bad move {}: {e}", fields[2]));
            assert!(
                legal(&game).contains(&right),
                "line {line}: {} is not legal",
                fields[2]
            );
            Row {
                line,
                kind,
                game,
                right,
            }
        })
        .collect()
}

#[test]
fn every_row_is_legal_and_its_move_is_right() {
    let rows = rows();
    for kind in [Kind::Win1, Kind::Win2, Kind::Block] {
        let n = rows.iter().filter(|r| r.kind == kind).count();
        assert!(n >= 5, "only {n} {} rows", kind.name());
    }
    for mut row in rows {
        assert!(
            row.kind.holds(&mut row.game),
            "line {}: not a {}",
            row.line,
            row.kind.name()
        );
        assert!(
            row.kind.solved_by(&mut row.game, row.right),
            "line {}: the listed move does not solve it",
            row.line
        );
    }
}

/// The rows `config`'s engine does not solve at their depths, each said
/// as `line N (kind): played M, right is R`.
fn failures(config: SearchConfig) -> Vec<String> {
    let cancel = AtomicBool::new(false);
    let mut failures = Vec::new();
    for mut row in rows() {
        let mut engine = Engine::new(4);
        engine.set_search_config(config);
        let result = engine.search(&row.game, Limits::depth(row.kind.depth()), &cancel);
        let best = result.best.expect("a move");
        if std::env::var_os("HIVE_TACTICS_NODES").is_some() {
            eprintln!("line {}: {} nodes", row.line, result.nodes);
        }
        if !row.kind.solved_by(&mut row.game, best) {
            failures.push(format!(
                "line {} ({}): played {}, right is {}",
                row.line,
                row.kind.name(),
                row.game.move_string(best),
                row.game.move_string(row.right)
            ));
        }
    }
    failures
}

#[test]
fn the_engine_solves_every_row_at_its_depth() {
    let failures = failures(SearchConfig::default());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each of the search's pruning switches, and all of them together, still
/// solves every row: pruning may cut a line, never a forced win in reach.
#[test]
fn the_pruning_switches_still_solve_every_row() {
    let mut all = Vec::new();
    for changes in [
        "reverse_futility=on",
        "null_move=on,null_move_depth=2",
        "late_move_pruning=on,late_move_count=1",
        "reduction_table=on,reduce_from_depth=2,reduce_from_move=1",
        "aspiration_window=10",
        "threat_extension=on",
        "continuation_history=on",
        "futility_pruning=on",
        "internal_reduction=on",
        "reverse_futility=on,null_move=on,late_move_pruning=on,reduction_table=on,threat_extension=on",
    ] {
        let config = SearchConfig::default()
            .with_changes(changes)
            .expect("good changes");
        all.extend(
            failures(config)
                .into_iter()
                .map(|failure| format!("{changes}: {failure}")),
        );
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}
