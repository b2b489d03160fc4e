//! Keeps the positions of a book that are even in play, not only to a
//! search.
//!
//! Every finished game in the `hive match` logs given (`--logs`, files or
//! folders of `.log` files; each game's GameString is a line of its own) is
//! matched to the book position it started from: the longest position of
//! the same game type whose moves begin the game's. That gives each
//! position White's score in play (a draw is a half). A position with at
//! least `--min-games` games is kept when White scored within `--band` of
//! one half, and dropped otherwise; a position with fewer games, and every
//! position of a game type no log played, is kept as it is. The header
//! keeps the book's own and adds how it was filtered, with the counts.
//!
//! ```sh
//! cargo run --release -p hive-uhp --features cli --example book_in_play -- \
//!     --logs sprt-logs/ --min-games 20 --band 0.2 \
//!     --out crates/hive-uhp/data/openings.txt
//! ```
//!
//! With `--report KEPT` it writes nothing and tells, for the logs' games,
//! how White scored from the positions `KEPT` holds and from the others
//! (games played after the book was filtered check it).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

#[path = "common/made_file.rs"]
mod made_file;

use made_file::MadeFile;

/// Keeps a book's positions that are even in play.
#[derive(Parser, Debug)]
struct Args {
    /// The book to filter (one UHP GameString a line, `#` comments).
    #[arg(long, default_value = "crates/hive-uhp/data/openings.txt")]
    book: PathBuf,
    /// `hive match` logs, or folders of them (`.log`).
    #[arg(long, required = true)]
    logs: Vec<PathBuf>,
    /// Fewest games for a position to be judged.
    #[arg(long, default_value_t = 20)]
    min_games: u32,
    /// How far from one half White's score may be, for a position kept.
    #[arg(long, default_value_t = 0.2)]
    band: f64,
    /// Where the book goes, and its header's command and notes.
    #[command(flatten)]
    made: MadeFile,
    /// Report White's score in the logs from the positions of this book and
    /// from the others, instead of writing a book.
    #[arg(long)]
    report: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    made_file::exit("book_in_play", run(&args))
}

/// A book position: its game type and moves, as the GameString writes them.
type Position = (String, Vec<String>);

/// White's points doubled (a win 2, a draw 1) and the games.
#[derive(Clone, Copy, Default, Debug)]
struct Tally {
    points2: u64,
    games: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.points2 += other.points2;
        self.games += other.games;
    }

    fn score(self) -> f64 {
        self.points2 as f64 / 2.0 / self.games.max(1) as f64
    }
}

/// A GameString's game type and moves, and White's points doubled if the
/// game is over.
fn parse_game(line: &str) -> Option<(Position, Option<u64>)> {
    let mut fields = line.trim().split(';');
    let game_type = fields.next()?;
    if !game_type.starts_with("Base") {
        return None;
    }
    let points2 = match fields.next()? {
        "WhiteWins" => Some(2),
        "Draw" => Some(1),
        "BlackWins" => Some(0),
        "InProgress" | "NotStarted" => None,
        _ => return None,
    };
    let turn = fields.next()?;
    if !(turn.starts_with("White[") || turn.starts_with("Black[")) {
        return None;
    }
    let moves = fields.map(str::to_string).collect();
    Some(((game_type.to_string(), moves), points2))
}

/// A book: its comment lines, and its positions in order (each with its
/// line).
type Book = (Vec<String>, Vec<(String, Position)>);

/// The book's lines: comments, and positions in order.
fn read_book(path: &Path) -> Result<Book, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut header = Vec::new();
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            header.push(line.to_string());
            continue;
        }
        let (position, _) = parse_game(line)
            .ok_or_else(|| format!("{} line {}: not a GameString", path.display(), n + 1))?;
        positions.push((line.to_string(), position));
    }
    Ok((header, positions))
}

/// Every `.log` file of the paths given (a folder's, sorted).
fn log_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "log"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// White's tally by book position (its index), and the games no position
/// began.
fn tally(
    positions: &[(String, Position)],
    files: &[PathBuf],
) -> Result<(HashMap<usize, Tally>, u64), String> {
    let index: HashMap<&Position, usize> = positions
        .iter()
        .enumerate()
        .map(|(i, (_, p))| (p, i))
        .collect();
    let lengths: Vec<usize> = {
        let mut l: Vec<usize> = positions.iter().map(|(_, (_, m))| m.len()).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    let mut tallies: HashMap<usize, Tally> = HashMap::new();
    let mut unmatched = 0;
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        for line in text.lines().filter(|l| l.starts_with("  Base")) {
            let Some(((game_type, moves), Some(points2))) = parse_game(line) else {
                continue;
            };
            let found = lengths.iter().rev().find_map(|&n| {
                let key = (game_type.clone(), moves.get(..n)?.to_vec());
                index.get(&key).copied()
            });
            match found {
                Some(i) => tallies
                    .entry(i)
                    .or_default()
                    .add(Tally { points2, games: 1 }),
                None => unmatched += 1,
            }
        }
    }
    Ok((tallies, unmatched))
}

/// The spread of the positions' scores over what chance alone gives
/// (about 1 when every position is as even as the rest, a little less with
/// draws; more when some are decided by the opening): a chi-square over its
/// degrees of freedom, each position with two games or more a term.
fn dispersion(tallies: &[Tally]) -> f64 {
    let mut all = Tally::default();
    for t in tallies {
        all.add(*t);
    }
    let p = all.score();
    let judged: Vec<&Tally> = tallies.iter().filter(|t| t.games >= 2).collect();
    let chi: f64 = judged
        .iter()
        .map(|t| (t.score() - p).powi(2) / (p * (1.0 - p) / t.games as f64))
        .sum();
    chi / judged.len().max(1) as f64
}

fn run(args: &Args) -> Result<(), String> {
    let (header, positions) = read_book(&args.book)?;
    let files = log_files(&args.logs)?;
    let (tallies, unmatched) = tally(&positions, &files)?;
    let games: u64 = tallies.values().map(|t| t.games).sum();
    if let Some(kept) = &args.report {
        let (_, kept) = read_book(kept)?;
        let kept: std::collections::HashSet<&Position> = kept.iter().map(|(_, p)| p).collect();
        println!(
            "{} logs, {games} games from {} positions of {} ({unmatched} from none)",
            files.len(),
            tallies.len(),
            args.book.display()
        );
        for (name, keep) in [("kept", true), ("dropped", false)] {
            let part: Vec<Tally> = tallies
                .iter()
                .filter(|(i, _)| kept.contains(&positions[**i].1) == keep)
                .map(|(_, t)| *t)
                .collect();
            let mut all = Tally::default();
            for t in &part {
                all.add(*t);
            }
            println!(
                "{name}: {} positions, {} games, White {:.1}%, spread over chance {:.2}",
                part.len(),
                all.games,
                100.0 * all.score(),
                dispersion(&part)
            );
        }
        return Ok(());
    }
    // The game types some log played.
    let played: std::collections::HashSet<&str> =
        tallies.keys().map(|&i| positions[i].1.0.as_str()).collect();
    let mut out = String::new();
    let mut dropped = 0;
    let mut judged = 0;
    let mut dropped_by_type: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut body = String::new();
    let mut before = Tally::default();
    let mut after = Tally::default();
    let mut kept_tallies = Vec::new();
    for (i, (line, (game_type, _))) in positions.iter().enumerate() {
        let t = tallies.get(&i).copied().unwrap_or_default();
        before.add(t);
        if played.contains(game_type.as_str()) && t.games >= u64::from(args.min_games) {
            judged += 1;
            if (t.score() - 0.5).abs() > args.band {
                dropped += 1;
                *dropped_by_type.entry(game_type.as_str()).or_default() += 1;
                continue;
            }
        }
        after.add(t);
        kept_tallies.push(t);
        body.push_str(line);
        body.push('\n');
    }
    for line in &header {
        out.push_str(line);
        out.push('\n');
    }
    let command = args.made.command();
    let mut types: Vec<&str> = played.into_iter().collect();
    types.sort_unstable();
    let _ = writeln!(out, "#");
    let _ = writeln!(out, "# Then kept where even in play: {command}");
    for note in &args.made.note {
        let _ = writeln!(out, "# {note}");
    }
    let _ = writeln!(
        out,
        "# Played: {games} finished games of {} match logs ({unmatched} began from no position), of {}; a position with at least {} games is kept when White scored within {:.0} points of 50% (a draw a half).",
        files.len(),
        types.join(", "),
        args.min_games,
        100.0 * args.band
    );
    let _ = writeln!(
        out,
        "# Judged {judged}, dropped {dropped}. White scored {:.1}% in all those games, {:.1}% from the positions kept; spread of the positions' scores over chance {:.2} before, {:.2} after.",
        100.0 * before.score(),
        100.0 * after.score(),
        dispersion(&tallies.values().copied().collect::<Vec<_>>()),
        dispersion(&kept_tallies)
    );
    for game_type in &types {
        let n = dropped_by_type.get(game_type).copied().unwrap_or(0);
        let _ = writeln!(out, "#   {game_type} in play: {n} dropped");
    }
    out.push_str(&body);
    args.made.write(&out)
}
