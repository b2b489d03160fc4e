//! Hand-checked positions from `tests/data/positions.tsv`: the legal moves of
//! one piece, or why it has none.

use std::collections::BTreeSet;

use hive_rules::{Game, Move, Piece};

const CASES: &str = include_str!("../data/positions.tsv");

#[test]
fn every_position_case() {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, game_string, piece, expected, reason] = fields[..] else {
            panic!("bad line (want 5 tab-separated fields): {line}");
        };
        count += 1;
        let game = Game::from_game_string(game_string).unwrap_or_else(|e| panic!("{name}: {e}"));
        let piece: Piece = piece.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected: BTreeSet<String> = expected
            .split(';')
            .filter(|m| !m.is_empty())
            .map(|m| {
                let mv: Move = game
                    .parse_move(m)
                    .unwrap_or_else(|e| panic!("{name}: {m}: {e}"));
                format!("{mv:?}")
            })
            .collect();
        let got: BTreeSet<String> = game
            .legal_moves_for(piece)
            .into_iter()
            .map(|m| format!("{m:?}"))
            .collect();
        if got != expected {
            let shown: Vec<String> = game
                .legal_moves_for(piece)
                .into_iter()
                .map(|m| game.move_string(m))
                .collect();
            failures.push(format!(
                "{name}: got {}\n{}",
                shown.join(";"),
                game.ascii_board()
            ));
        }
        let why = game.why_immobile(piece).map(|e| e.to_string());
        match (reason.is_empty(), &why) {
            (true, None) => {}
            (false, Some(text)) if text.contains(reason) => {}
            _ => failures.push(format!(
                "{name}: reason {why:?}, expected one containing {reason:?}"
            )),
        }
    }
    assert!(count >= 18);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
