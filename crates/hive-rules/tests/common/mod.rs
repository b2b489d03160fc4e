//! The reference perft table, shared by the rules, UHP and search tests
//! (the other crates include this file by its path).
#![allow(dead_code)] // each test file uses part of it

/// `tests/data/perft.tsv`, a copy of `shared/testdata/perft.tsv`.
pub const PERFT_TABLE: &str = include_str!("../data/perft.tsv");

/// Every row as (GameString, perft counts from depth 1).
pub fn perft_rows() -> Vec<(&'static str, Vec<u64>)> {
    PERFT_TABLE
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let game = fields.next().unwrap_or_default();
            let counts = fields.filter_map(|f| f.parse().ok()).collect();
            (game, counts)
        })
        .collect()
}

/// The GameStrings of every row.
pub fn perft_games() -> Vec<&'static str> {
    perft_rows().into_iter().map(|(game, _)| game).collect()
}
