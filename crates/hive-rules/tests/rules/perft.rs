//! Every row of the reference perft table, depths 1 to 3 (deeper depths run
//! in the perft benchmark and with `hive perft`).

use hive_rules::Game;

use crate::common::{PERFT_TABLE as TABLE, perft_rows as rows};

/// The repository's copy of the reference table is the shared one, row
/// for row, where the shared files sit beside the repository (`../shared`,
/// as on the project's machines; the path was once one level short, and
/// the comparison never ran). Elsewhere the copy is checked by its rows.
#[test]
fn table_is_the_shared_one() {
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/testdata/perft.tsv"
    );
    match std::fs::read_to_string(shared) {
        Ok(text) => assert_eq!(text, TABLE, "tests/data/perft.tsv differs from {shared}"),
        Err(e) => eprintln!("{shared}: {e}: only the copy's rows are checked"),
    }
    assert_eq!(rows().len(), 28);
    for (game_string, expected) in rows() {
        assert!(Game::from_game_string(game_string).is_ok(), "{game_string}");
        assert!(expected.windows(2).all(|w| w[1] >= w[0]), "{game_string}");
    }
}

#[test]
fn every_row_to_depth_3() {
    let mut failures = Vec::new();
    for (game_string, expected) in rows() {
        let mut game =
            Game::from_game_string(game_string).unwrap_or_else(|e| panic!("{game_string}: {e}"));
        for depth in 1..=3 {
            let got = game.perft(depth);
            if got != expected[depth as usize - 1] {
                failures.push(format!(
                    "{game_string}\n  depth {depth}: got {got}, expected {}",
                    expected[depth as usize - 1]
                ));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
