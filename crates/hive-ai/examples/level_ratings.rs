//! Every player's rating fitted from a results table (the levels, styles
//! being measured and nokamute's depths alike; a style a level plays counts
//! as that level), strongest first, with the scale placed as the game
//! places it (Beginner at 800); a player whose whole matches all went one
//! way (every game won, or every game lost) gets a 95% bound instead. With
//! `--tables`, docs/ai.md's two tables instead: each level over the one
//! below it, and each level against nokamute at depths 2, 4 and 7 (the
//! rows of a match played in parts added up). With `--chance FIRST-LAST`,
//! each step over its games on seeds FIRST to LAST and the chance that a
//! new 40-game match of it lands in 60-80%, each step alone and all of
//! them on one seed.
//!
//! ```sh
//! cargo run --release -p hive-ai --example level_ratings [--tables | --chance 66-80] [crates/hive-ai/data/levels.tsv]
//! ```

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::process::ExitCode;

use hive_ai::Difficulty;
use hive_ai::rating::{
    BEGINNER_RATING, LEVEL_MATCHES, MATCH_GAMES, Pairing, bot_name, chance_of_score, fit,
    player_id, whole_matches, without_one_sided,
};

fn main() -> ExitCode {
    let mut tables = false;
    let mut seeds = None;
    let mut path = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--tables" => tables = true,
            "--chance" => match args.next().as_deref().and_then(seed_range) {
                Some(range) => seeds = Some(range),
                None => {
                    eprintln!(
                        "level_ratings: --chance takes seeds as FIRST-LAST or one seed, e.g. 66-80"
                    );
                    return ExitCode::FAILURE;
                }
            },
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
    if let Some(seeds) = seeds {
        print_chances(&text, &seeds);
        return ExitCode::SUCCESS;
    }
    let fitted = whole_matches(&text).and_then(|pairings| {
        let ratings = fit(&without_one_sided(&pairings), "beginner", BEGINNER_RATING)?;
        Ok((pairings, ratings))
    });
    let (pairings, ratings) = match fitted {
        Ok(fitted) => fitted,
        Err(error) => {
            eprintln!("level_ratings: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut lines: Vec<(f64, String)> = ratings
        .iter()
        .map(|(name, &rating)| {
            let line = match Difficulty::from_name(name) {
                Some(level) => format!("{rating:7.0}  {name} ({level})"),
                None => format!("{rating:7.0}  {name}"),
            };
            (rating, line)
        })
        .collect();
    // The players left out of the fit, bounded by the ratings of those
    // they met.
    let mut unplaced: Vec<&str> = pairings
        .iter()
        .flat_map(|p| [p.a.as_str(), p.b.as_str()])
        .filter(|name| !ratings.contains_key(*name))
        .collect();
    unplaced.sort_unstable();
    unplaced.dedup();
    lines.extend(
        unplaced
            .into_iter()
            .map(|name| bound(&pairings, &ratings, name)),
    );
    lines.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, line) in lines {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

/// What the games of a player whose whole matches all went one way (left
/// out of the fit by [`without_one_sided`]) say of it: the one-sided 95%
/// bound of each sweep (n games all won: the chance of winning a game is
/// above 0.05^(1/n)), the tightest of them, and the line that says so.
fn bound(pairings: &[Pairing], ratings: &BTreeMap<String, f64>, name: &str) -> (f64, String) {
    let (mut above, mut below): (Option<f64>, Option<f64>) = (None, None);
    let mut games = 0;
    for p in pairings {
        let (opponent, won, lost) = if p.a == name {
            (&p.b, p.wins, p.losses)
        } else if p.b == name {
            (&p.a, p.losses, p.wins)
        } else {
            continue;
        };
        let Some(&opponent) = ratings.get(opponent) else {
            continue;
        };
        let n = won + lost;
        games += n;
        let chance = 0.05f64.powf(1.0 / f64::from(n.max(1)));
        let gap = 400.0 * (chance / (1.0 - chance)).log10();
        if won > 0 {
            above = Some(above.map_or(opponent + gap, |a: f64| a.max(opponent + gap)));
        } else {
            below = Some(below.map_or(opponent - gap, |b: f64| b.min(opponent - gap)));
        }
    }
    match (above, below) {
        (Some(above), _) => (
            above,
            format!(
                "  >{above:5.0}  {name} (won all {games} games of its whole matches: a 95% bound, not a rating)"
            ),
        ),
        (None, Some(below)) => (
            below,
            format!(
                "  <{below:5.0}  {name} (lost all {games} games of its whole matches: a 95% bound, not a rating)"
            ),
        ),
        (None, None) => (f64::NEG_INFINITY, format!("      ?  {name} (no games)")),
    }
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

/// `FIRST-LAST` (or one seed) as the seeds it names.
fn seed_range(text: &str) -> Option<RangeInclusive<u64>> {
    let (first, last) = text.split_once('-').unwrap_or((text, text));
    Some(first.trim().parse().ok()?..=last.trim().parse().ok()?)
}

/// The rows of `a` against `b`, added up (only those played on one of
/// `seeds`, if given).
fn played(text: &str, a: &str, b: &str, seeds: Option<&RangeInclusive<u64>>) -> Option<Played> {
    let mut sum: Option<Played> = None;
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || fields.len() < 8 {
            continue;
        }
        if player_id(fields[0]) != a || player_id(fields[1]) != b {
            continue;
        }
        let command = fields[7];
        let word_after = |word: &str| {
            let mut words = command.split_whitespace();
            words.find(|w| *w == word)?;
            words.next().map(|w| w.trim_end_matches(')').to_string())
        };
        let seed = word_after("--seed");
        if let Some(seeds) = seeds {
            let on = seed.as_deref().and_then(|s| s.parse().ok());
            if !on.is_some_and(|s| seeds.contains(&s)) {
                continue;
            }
        }
        let count = |i: usize| fields[i].trim().parse::<u32>().unwrap_or(0);
        let sum = sum.get_or_insert_with(Played::default);
        sum.wins += count(2);
        sum.draws += count(3);
        sum.losses += count(4);
        if let Some(seed) = seed {
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
        match played(text, level.id(), below.id(), None) {
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
            .map(
                |depth| match played(text, level.id(), &bot_name(depth), None) {
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
                },
            )
            .collect();
        println!("| {} | {} |", level.name(), cells.join(" | "));
    }
}

/// Each step over its games on `seeds`, with the chance that one new match
/// of [`MATCH_GAMES`] games lands in 60-80% (its games won, drawn and lost
/// as often as there), and the chance that every step played there does on
/// one seed; beside it, the same for steps that each score exactly 70%
/// with a tenth of the games drawn.
fn print_chances(text: &str, seeds: &RangeInclusive<u64>) {
    println!(
        "| Step | Seeds {}-{} (W-D-L) | Score | Chance a {MATCH_GAMES}-game match scores 60-80% |",
        seeds.start(),
        seeds.end()
    );
    println!("|---|---|---:|---:|");
    let mut all = 1.0;
    let mut steps = 0;
    for pair in Difficulty::ALL.windows(2) {
        let (below, level) = (pair[0], pair[1]);
        let Some(p) = played(text, level.id(), below.id(), Some(seeds)) else {
            continue;
        };
        let games = Pairing {
            a: level.id().into(),
            b: below.id().into(),
            wins: p.wins,
            draws: p.draws,
            losses: p.losses,
        };
        let Some(chance) = chance_of_score(&games, MATCH_GAMES, 0.6, 0.8) else {
            continue;
        };
        all *= chance;
        steps += 1;
        println!(
            "| {} over {} | {}-{}-{} ({}) | {:.1}% | {:.1}% |",
            level.name(),
            below.name(),
            p.wins,
            p.draws,
            p.losses,
            p.games(),
            p.score(),
            100.0 * chance
        );
    }
    println!();
    println!(
        "All {steps} steps in 60-80% on one seed: {:.1}%",
        100.0 * all
    );
    let centred = Pairing {
        a: "a".into(),
        b: "b".into(),
        wins: 65,
        draws: 10,
        losses: 25,
    };
    if let Some(chance) = chance_of_score(&centred, MATCH_GAMES, 0.6, 0.8) {
        println!(
            "Steps each at exactly 70% with a tenth of the games drawn: {:.1}% a step, {:.1}% for {steps} steps",
            100.0 * chance,
            100.0 * chance.powi(steps)
        );
    }
}
