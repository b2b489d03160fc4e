//! How long the game library takes to read a folder: N records (default
//! 5000, about a year of boardspace.net games), half boardspace SGF and half
//! PGN, of random legal games of 30 to 80 moves, plus a few broken files,
//! written to a temporary folder and then listed ([`record_files`]) and read
//! ([`read_entry`]) one after the other on one thread.
//!
//! ```text
//! cargo run --release -p hive-records --example library_scan -- [N] [--dir DIR]
//! ```
//!
//! With `--dir`, the records are written to DIR and kept; a DIR that
//! already holds records is only read (to time a second reading, or one
//! after the disk cache is dropped).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use hive_records::{GameRecord, GameResult, Headers, read_entry, record_files, write_pgn};
use hive_rules::{Color, Game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[path = "../tests/records/boardspace_writer.rs"]
mod boardspace_writer;
use boardspace_writer::{boardspace_sgf, random_game};

const PLAYERS: [&str; 8] = [
    "Dumbot", "WeakBot", "SmartBot", "Abbo69", "Kaur50", "blue1224", "Eucalyx", "kearf29",
];

fn main() {
    let mut count = 5000;
    let mut kept = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--dir" {
            kept = Some(PathBuf::from(args.next().expect("--dir DIR")));
        } else {
            count = arg.parse().expect("the number of records");
        }
    }
    let temp = tempfile::tempdir().expect("a temporary folder");
    let dir = kept.unwrap_or_else(|| temp.path().to_path_buf());
    fs::create_dir_all(&dir).expect("the folder");
    let mut moves = None;
    if record_files(&dir).expect("the folder lists").is_empty() {
        let started = Instant::now();
        let written = write_records(&dir, count);
        let broken = write_broken(&dir);
        println!(
            "wrote {count} records ({written} moves, {:.1} on average) and {broken} broken files in {:.2?}",
            written as f64 / count as f64,
            started.elapsed()
        );
        moves = Some(written);
    } else {
        println!("reading the records already in {}", dir.display());
    }

    let started = Instant::now();
    let files = record_files(&dir).expect("the folder lists");
    let listed = started.elapsed();
    let entries: Vec<_> = files.iter().map(|path| read_entry(path)).collect();
    let total = started.elapsed();
    let errors = entries.iter().filter(|e| e.summary.is_err()).count();
    let read_moves: usize = entries
        .iter()
        .filter_map(|e| e.summary.as_ref().ok())
        .map(|s| s.length)
        .sum();
    if let Some(moves) = moves {
        assert_eq!(read_moves, moves, "every record read back whole");
    }
    println!(
        "listed {} files in {listed:.2?}; read them in {total:.2?} on one thread: {:.0} files/s, {:.0} µs a file; {errors} errors",
        files.len(),
        files.len() as f64 / total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / files.len() as f64,
    );
}

/// Writes `count` records, alternately boardspace SGF and PGN, and returns
/// the number of moves in all.
fn write_records(dir: &Path, count: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(2018);
    let mut moves = 0;
    for n in 0..count {
        let game = random_game(&mut rng, 30..=80);
        moves += game.moves().len();
        let white = PLAYERS[rng.random_range(0..PLAYERS.len())];
        let black = PLAYERS[rng.random_range(0..PLAYERS.len())];
        let (month, day) = (rng.random_range(1..=12), rng.random_range(1..=28));
        let stem = format!("HV-{white}-{black}-2018-{month:02}-{day:02}-{n:04}");
        if n % 2 == 0 {
            let mut text = boardspace_sgf(&game, &mut rng);
            let result = match GameResult::from_status(game.status()) {
                Some(GameResult::Draw) => "RE[Game drawn]\n".to_string(),
                Some(won) => {
                    let winner = if won.winner() == Some(Color::White) {
                        white
                    } else {
                        black
                    };
                    format!("RE[Game won by {winner}]\n")
                }
                None => String::new(),
            };
            let about = format!(
                "DT[{}]\nGN[{stem}]\n{result}P0[id \"{white}\"]\nP1[id \"{black}\"]",
                hive_formats::boardspace_date(&format!("2018.{month}.{day}"))
            );
            text = text.replacen("P0[id \"w\"]\nP1[id \"b\"]", &about, 1);
            fs::write(dir.join(format!("{stem}.sgf")), text).expect("written");
        } else {
            fs::write(
                dir.join(format!("{stem}.pgn")),
                pgn(&game, white, black, month, day),
            )
            .expect("written");
        }
    }
    moves
}

/// The game as PGN, with boardspace's headers.
fn pgn(game: &Game, white: &str, black: &str, month: usize, day: u32) -> String {
    let mut headers = Headers::new(game.game_type());
    headers.white = Some(white.to_string());
    headers.black = Some(black.to_string());
    headers.date = Some(format!("2018.{month:02}.{day:02}"));
    headers.event = Some("boardspace.net".to_string());
    headers.result = GameResult::from_status(game.status());
    write_pgn(&GameRecord::from_game(game, headers))
}

/// A few files the library lists but cannot read; returns how many.
fn write_broken(dir: &Path) -> usize {
    let files: [(&str, &[u8]); 4] = [
        (
            "cut-short.sgf",
            b"(;\nGM[27]VV[1]\nSU[hive]\n; P0[0 Start P0]\n; P0[1 pick W 4 wS1]",
        ),
        ("binary.sgf", &[0xff, 0xfe, 0, 1, 2, 3, 0x80]),
        (
            "illegal.pgn",
            b"[GameType \"Base\"]\n\n1. wQ\n2. bQ -wQ\n3. wQ bQ-\n",
        ),
        ("notes.txt", b"remember to play the Mosquito early\n"),
    ];
    for (name, bytes) in files {
        fs::write(dir.join(name), bytes).expect("written");
    }
    files.len()
}
