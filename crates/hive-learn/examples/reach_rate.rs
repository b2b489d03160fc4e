//! Measures `Setup::reach` on self-play positions: seeded games cut at
//! several points, each position set up and reached again from the empty
//! board. Prints every position that fails, then the success rate, how
//! many came out at their own turn, and the times.
//!
//! `cargo run --release -p hive-learn --example reach_rate -- [GAMES] [SEED]`

use std::time::Instant;

use hive_learn::{Budget, Setup, self_play};
use hive_rules::Game;

/// Where each game is cut (plies), besides just before its end.
const PLIES: [usize; 9] = [8, 14, 20, 30, 40, 55, 70, 90, 110];

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let (mut reached, mut at_turn, mut total) = (0, 0, 0);
    let mut times = Vec::new();
    for s in seed..seed + games {
        let game = self_play(s);
        let mut cuts: Vec<usize> = PLIES.to_vec();
        cuts.push((game.ply() as usize).saturating_sub(1));
        for ply in cuts
            .into_iter()
            .filter(|&p| p > 0 && p < game.ply() as usize)
        {
            let mut position = Game::with_options(game.game_type(), game.options());
            for mv in game.moves().take(ply) {
                position.apply_unchecked(mv);
            }
            let setup = Setup::from_game(&position);
            if !setup.problems().is_empty() {
                continue;
            }
            total += 1;
            let start = Instant::now();
            let result = setup.reach(Budget::DEFAULT);
            times.push(start.elapsed().as_secs_f64());
            match result {
                Ok(found) => {
                    reached += 1;
                    at_turn += usize::from(found.turn_matched());
                }
                Err(error) => println!("seed {s} ply {ply}: {error}\n  {}", position.game_string()),
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |n: usize| 100.0 * n as f64 / total.max(1) as f64;
    println!(
        "{reached} of {total} positions reached ({:.1}%), {at_turn} at their own turn ({:.1}%)",
        pct(reached),
        pct(at_turn)
    );
    if !times.is_empty() {
        println!(
            "time: median {:.1} ms, 90th percentile {:.1} ms, worst {:.1} ms",
            1000.0 * times[times.len() / 2],
            1000.0 * times[times.len() * 9 / 10],
            1000.0 * times[times.len() - 1]
        );
    }
}
