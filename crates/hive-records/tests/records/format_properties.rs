//! Properties of the record formats over random legal games: a PGN written
//! and read back (with random variations and comments), and a boardspace
//! SGF written in every event form the site has used and read back, give
//! the same game; no input makes a reader panic.

use std::path::Path;

use hive_formats::{read_pgn, read_sgf};
use hive_records::{Format, GameRecord, GameResult, Headers, read_record, record_text, write_pgn};
use hive_rules::Game;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::boardspace_writer::{boardspace_sgf, random_game};

use crate::trees::{add_random_notes, nodes};

/// Random header text: letters, digits, spaces and the characters PGN
/// must escape.
fn random_text(rng: &mut StdRng) -> Option<String> {
    const CHARS: &[char] = &['a', 'Z', '7', ' ', '.', '-', '"', '\\', 'é', '/'];
    let len = rng.random_range(0..8);
    let text: String = (0..len)
        .map(|_| CHARS[rng.random_range(0..CHARS.len())])
        .collect();
    (!text.is_empty()).then_some(text)
}

fn random_headers(rng: &mut StdRng, game: &Game) -> Headers {
    let mut headers = Headers::new(game.game_type());
    headers.white = random_text(rng);
    headers.black = random_text(rng);
    headers.date = random_text(rng);
    headers.event = random_text(rng);
    headers.site = random_text(rng);
    headers.round = random_text(rng);
    headers.time_control = random_text(rng);
    headers.result = GameResult::from_status(game.status()).or_else(|| {
        [None, Some(GameResult::Draw), Some(GameResult::BlackWins)][rng.random_range(0..3)]
    });
    for n in 0..rng.random_range(0..3) {
        headers
            .extra
            .insert(format!("Extra{n}"), random_text(rng).unwrap_or_default());
    }
    headers
}

fn main_line(game: &Game) -> Vec<String> {
    GameRecord::from_game(game, Headers::new(game.game_type())).main_line()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pgn_written_and_read_back_is_the_same_record(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, 0..=90);
        let headers = random_headers(&mut rng, &game);
        let mut record = GameRecord::from_game(&game, headers);
        // Half the records plain (Mzinga's form), half with variations and
        // comments (a line added after the last move makes the game longer).
        if rng.random_bool(0.5) {
            add_random_notes(&mut record.tree, &mut rng, 6, 10);
            // Then the game may have ended, and the record says how.
            record.headers.result = record.headers.result.or_else(|| record.result());
        }
        let text = write_pgn(&record);
        let back = read_pgn(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.main_line(), record.main_line());
        prop_assert_eq!(back.game_string(), record.game_string());
        let headers = back.headers.clone();
        // The extra headers in their order too (a map's equality ignores it).
        prop_assert!(headers.extra.iter().eq(record.headers.extra.iter()));
        prop_assert_eq!(headers, record.headers.clone());
        // Every line in its place, every comment on its move (PGN leaves
        // out a `}`).
        let written: Vec<_> = nodes(&record.tree)
            .into_iter()
            .map(|(path, comment)| {
                let comment = comment.map(|c| c.replace('}', "").trim().to_string());
                (path, comment.filter(|c| !c.is_empty()))
            })
            .collect();
        prop_assert_eq!(nodes(&back.tree), written, "{}", text);
        prop_assert_eq!(back.tree.options(), record.tree.options());
        // Written again, the same text.
        prop_assert_eq!(write_pgn(&back), text);
        // And through `read_record` and the GameString.
        let again = read_record(&record_text(&record, Format::GameString), Path::new("g.txt"));
        prop_assert_eq!(again.map(|r| r.game_string()).ok(), Some(record.game_string()));
    }

    #[test]
    fn boardspace_sgf_of_a_game_reads_as_that_game(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, 0..=120);
        let text = boardspace_sgf(&game, &mut rng);
        let record = read_sgf(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(record.main_line(), main_line(&game), "{}", text);
        prop_assert_eq!(record.headers.white.as_deref(), Some("w"));
        prop_assert_eq!(record.headers.game_type, game.game_type());
    }

    #[test]
    fn damaged_records_never_panic(seed in any::<u64>(), edits in 1usize..12) {
        let mut rng = StdRng::seed_from_u64(seed);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/recordings");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let path = &files[rng.random_range(0..files.len())];
        let mut text: Vec<char> = std::fs::read_to_string(path).unwrap().chars().collect();
        const JUNK: &[char] = &['[', ']', '(', ')', ';', '\\', '.', '-', '/', '1', '9', 'Z', 'w', 'b', '\n', ' ', 'é', '\u{0}', '"', '{', '}'];
        for _ in 0..edits {
            if text.is_empty() {
                break;
            }
            let at = rng.random_range(0..text.len());
            match rng.random_range(0..3) {
                0 => {
                    let end = (at + rng.random_range(1..40)).min(text.len());
                    text.drain(at..end);
                }
                1 => text.insert(at, JUNK[rng.random_range(0..JUNK.len())]),
                _ => text[at] = JUNK[rng.random_range(0..JUNK.len())],
            }
        }
        let text: String = text.into_iter().collect();
        // Whatever the verdict, it comes without a panic, and a record read
        // is one that can be written.
        if let Ok(record) = read_record(&text, path) {
            let _ = write_pgn(&record);
        }
    }

    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
        let _ = read_record(&text, Path::new("any"));
        let _ = read_record(&format!("(;{text}"), Path::new("any.sgf"));
        let _ = read_record(&format!("[Event \"x\"]\n1. {text}"), Path::new("any.pgn"));
    }
}

/// The five real games (one with thirteen passes) written as boardspace
/// SGF in every form, and read back.
#[test]
fn real_games_in_every_event_form_read_back() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/recordings");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let game = hive_records::load_record(&path).unwrap().main_line_game();
        for seed in 0..8 {
            let mut rng = StdRng::seed_from_u64(seed);
            let text = boardspace_sgf(&game, &mut rng);
            let record = read_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(record.main_line(), main_line(&game), "{}", path.display());
            assert_eq!(
                record.main_line_game().options(),
                game.options(),
                "{}",
                path.display()
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}
