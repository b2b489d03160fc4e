//! Times the proof of every puzzle in the files given (or in
//! `assets/puzzles/`): one line per puzzle with its kind and milliseconds,
//! then the total. The slowest puzzles are the ones to drop when the
//! verification test grows too slow.
//!
//! `cargo run --release -p hive-learn --example verify_timing -- [FILE...]`

use std::path::PathBuf;
use std::time::Instant;

use hive_learn::{read_puzzle_file, verify};

fn main() {
    let mut files: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles");
        files = hive_learn::blocks::files_with_extension(&dir, "puzzles").unwrap_or_default();
    }
    let start = Instant::now();
    let mut count = 0;
    for file in files {
        let puzzles = match read_puzzle_file(&file) {
            Ok(puzzles) => puzzles,
            Err(err) => {
                eprintln!("{err}");
                continue;
            }
        };
        for puzzle in puzzles {
            let t = Instant::now();
            let result = verify(&puzzle);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            let verdict = match result {
                Ok(()) => "ok".to_string(),
                Err(err) => err.to_string(),
            };
            println!("{}\t{}\t{ms:.1}\t{verdict}", puzzle.id, puzzle.kind);
            count += 1;
        }
    }
    println!("# {count} puzzles in {:.2}s", start.elapsed().as_secs_f64());
}
