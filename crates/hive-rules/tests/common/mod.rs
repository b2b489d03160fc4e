//! The reference perft table and a smothered position, shared by the
//! rules, UHP and search tests (the other crates include this file by its
//! path).
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

/// A Base game, White to move, in which Black can only pass (each of its
/// pieces pinned or gated, no cell to place on) and keeps passing while
/// White's Ant goes to `wA1 bA3\` and back to `wA1 bA3-`. Found by a random
/// game in which White always chose the move leaving Black the fewest.
pub const SMOTHERED: &str = "Base;InProgress;White[30];wG1;bG1 wG1/;wG2 /wG1;bB1 bG1-;\
    wB1 -wG1;bQ bB1/;wQ wG2\\;bQ bB1-;wB1 -bG1;bG2 bQ/;wB1 bG1;bG3 bQ-;wB1 bB1;bG2 bG3\\;\
    wB1 bQ;bA1 bG2\\;wQ wG2-;bA1 /bG2;wG2 \\bB1;bA1 -wG2;wG2 -bA1;bA2 bG2-;wQ wG1-;\
    bA2 bG3-;wG1 bA1-;bG2 bA2/;wB1 bG3;bG1 bA2-;wG3 \\wG2;bB2 bG2-;wA1 wG3/;bG1 bB2/;\
    wA1 \\bG1;bS1 bA2\\;wA1 bS1-;bA3 bB2-;wA1 bA3-;bS1 bA3\\;wA1 \\bG1;bS2 bS1-;wB2 -wQ;\
    bS2 wA1-;wA1 bS2-;bS1 bA2\\;wA1 bA3-;bS1 wQ-;wS1 \\wG3;bS2 wA1-;wS2 wB2\\;bS2 bG1/;\
    wA2 wA1/;bS1 bA2\\;wA2 bS1-;bS2 wA1-;wA3 wS1-;bS2 bG1/;wA3 bS2/;pass";
