//! Every player's rating fitted from a results table (the levels, styles
//! being measured and nokamute's depths alike; a style a level plays counts
//! as that level), strongest first, with the scale placed as the game
//! places it (Beginner at 800).
//!
//! ```sh
//! cargo run --release -p hive-ai --example level_ratings [crates/hive-ai/data/levels.tsv]
//! ```

use std::process::ExitCode;

use hive_ai::Difficulty;
use hive_ai::rating::{BEGINNER_RATING, LEVEL_MATCHES, fit, level_pairings};

fn main() -> ExitCode {
    let text = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("level_ratings: {path}: {error}");
                return ExitCode::FAILURE;
            }
        },
        None => LEVEL_MATCHES.to_string(),
    };
    let ratings = level_pairings(&text).and_then(|p| fit(&p, "beginner", BEGINNER_RATING));
    let mut ratings: Vec<(String, f64)> = match ratings {
        Ok(ratings) => ratings.into_iter().collect(),
        Err(error) => {
            eprintln!("level_ratings: {error}");
            return ExitCode::FAILURE;
        }
    };
    ratings.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (name, rating) in ratings {
        match Difficulty::from_name(&name) {
            Some(level) => println!("{rating:7.0}  {name} ({level})"),
            None => println!("{rating:7.0}  {name}"),
        }
    }
    ExitCode::SUCCESS
}
