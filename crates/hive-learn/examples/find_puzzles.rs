//! Times the puzzle generator: plays seeded self-play games and prints the
//! proved puzzles it finds, with the time each game took.
//!
//! `cargo run --release -p hive-learn --example find_puzzles -- [GAMES] [SEED]`

use std::time::Instant;

use hive_learn::{GenerateConfig, find_in_game, puzzle_text, self_play};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let config = GenerateConfig::default();
    for s in seed..seed + games {
        let start = Instant::now();
        let game = self_play(s);
        let played = start.elapsed();
        let found = find_in_game(&game, s, &config);
        eprintln!(
            "# seed {s}: {} plies, {}, played in {:.1}s, searched in {:.1}s, {} puzzles",
            game.ply(),
            game.status(),
            played.as_secs_f64(),
            (start.elapsed() - played).as_secs_f64(),
            found.len()
        );
        for puzzle in found {
            println!("{}", puzzle_text(&puzzle));
        }
    }
}
