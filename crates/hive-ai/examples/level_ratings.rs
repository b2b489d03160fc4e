//! Every player's rating fitted from a results table (the levels, styles
//! being measured and nokamute's depths alike; a style a level plays counts
//! as that level), strongest first, with the scale placed as the game
//! places it (Beginner at 800). With `--tables`, docs/ai.md's two tables
//! instead: each level over the one below it, and each level against
//! nokamute at depths 2, 4 and 7 (the rows of a match played in parts
//! added up).
//!
//! ```sh
//! cargo run --release -p hive-ai --example level_ratings [--tables] [crates/hive-ai/data/levels.tsv]
//! ```

use std::process::ExitCode;

use hive_ai::Difficulty;
use hive_ai::rating::{
    BEGINNER_RATING, LEVEL_MATCHES, MATCH_GAMES, bot_name, fit, player_id, whole_matches,
};

fn main() -> ExitCode {
    let mut tables = false;
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--tables" => tables = true,
            _ => path = Some(arg),
        }
    }
    let text = match path {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("level_ratings: {path}: {error}");
                return ExitCode::FAILURE;
            }
        },
        None => LEVEL_MATCHES.to_string(),
    };
    if tables {
        print_tables(&text);
        return ExitCode::SUCCESS;
    }
    let ratings = whole_matches(&text).and_then(|p| fit(&p, "beginner", BEGINNER_RATING));
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

/// One pair's games, its parts added up.
#[derive(Default)]
struct Played {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Games the engine could not finish, left out of the counts: (a's, b's).
    forfeits: (u32, u32),
    seeds: Vec<String>,
    commits: Vec<String>,
}

impl Played {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, in percent.
    fn score(&self) -> f64 {
        100.0 * (f64::from(self.wins) + 0.5 * f64::from(self.draws))
            / f64::from(self.games().max(1))
    }

    fn result(&self) -> String {
        format!(
            "{}-{}-{}, {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            self.score()
        )
    }
}

/// The rows of `a` against `b`, added up.
fn played(text: &str, a: &str, b: &str) -> Option<Played> {
    let mut sum: Option<Played> = None;
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || fields.len() < 8 {
            continue;
        }
        if player_id(fields[0]) != a || player_id(fields[1]) != b {
            continue;
        }
        let count = |i: usize| fields[i].trim().parse::<u32>().unwrap_or(0);
        let sum = sum.get_or_insert_with(Played::default);
        sum.wins += count(2);
        sum.draws += count(3);
        sum.losses += count(4);
        let command = fields[7];
        let word_after = |word: &str| {
            let mut words = command.split_whitespace();
            words.find(|w| *w == word)?;
            words.next().map(|w| w.trim_end_matches(')').to_string())
        };
        if let Some(seed) = word_after("--seed") {
            sum.seeds.push(seed);
        }
        let forfeits = |side: &str| word_after(side).and_then(|n| n.parse::<u32>().ok());
        if command.contains("forfeits:") {
            sum.forfeits.0 += forfeits("A").unwrap_or(0);
            sum.forfeits.1 += forfeits("B").unwrap_or(0);
        }
        let commit = fields[6].trim().to_string();
        if !sum.commits.contains(&commit) {
            sum.commits.push(commit);
        }
    }
    sum
}

fn print_tables(text: &str) {
    println!("| Step | Result (W-D-L) | Score | Seed, engine at | Between 60% and 80%? |");
    println!("|---|---|---:|---|---|");
    for pair in Difficulty::ALL.windows(2) {
        let (below, level) = (pair[0], pair[1]);
        let step = format!("{} over {}", level.name(), below.name());
        match played(text, level.id(), below.id()) {
            Some(p) => {
                let score = p.score();
                let commits: Vec<String> = p.commits.iter().map(|c| format!("`{c}`")).collect();
                println!(
                    "| {step} | {}-{}-{} | {score:.1}% | {}, {} | {} |",
                    p.wins,
                    p.draws,
                    p.losses,
                    p.seeds.join(", "),
                    commits.join(", "),
                    if (60.0..=80.0).contains(&score) {
                        "yes"
                    } else {
                        "no"
                    }
                );
            }
            None => println!("| {step} | not played | | | |"),
        }
    }
    println!();
    println!("| Level | nokamute depth 2 | depth 4 | depth 7 |");
    println!("|---|---|---|---|");
    for level in Difficulty::ALL {
        let cells: Vec<String> = [2, 4, 7]
            .into_iter()
            .map(|depth| match played(text, level.id(), &bot_name(depth)) {
                None => "not yet".to_string(),
                Some(p) => {
                    let mut cell = p.result();
                    let finished = p.games() + p.forfeits.0 + p.forfeits.1;
                    if finished < MATCH_GAMES {
                        cell += &format!(" ({finished} of {MATCH_GAMES} games so far)");
                    }
                    if p.forfeits != (0, 0) {
                        cell += &format!(" (forfeits: A {} B {})", p.forfeits.0, p.forfeits.1);
                    }
                    cell
                }
            })
            .collect();
        println!("| {} | {} |", level.name(), cells.join(" | "));
    }
}
