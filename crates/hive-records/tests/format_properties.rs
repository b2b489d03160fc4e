//! Properties of the record formats over random legal games: a PGN written
//! and read back, and a boardspace SGF written in every event form the
//! site has used and read back, give the same game; no input makes a
//! reader panic.

use std::path::Path;

use hive_records::{
    Format, GameRecord, GameResult, Headers, read_pgn, read_record, read_sgf, record_text,
    write_pgn,
};
use hive_rules::{Color, Game, GameType, Hex, Move, PIECE_COUNT, Piece};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random legal game of a random type, up to `max_plies` moves.
fn random_game(rng: &mut StdRng, max_plies: usize) -> Game {
    let game_type = GameType::from_expansions(
        &"MLP"
            .chars()
            .filter(|_| rng.random_bool(0.6))
            .collect::<String>(),
    )
    .expect("expansion letters");
    let mut game = Game::new(game_type);
    let mut moves = Vec::new();
    for _ in 0..rng.random_range(0..=max_plies) {
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("a legal move");
    }
    game
}

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
            .push((format!("Extra{n}"), random_text(rng).unwrap_or_default()));
    }
    headers
}

/// A column as boardspace prints it: `N`, `2Z`, `1A`.
fn column(col: i32) -> String {
    let (a, z) = (i32::from(b'A'), i32::from(b'Z'));
    match col {
        c if c > z => format!("{}Z", c - z),
        c if c < a => format!("{}A", a - c),
        c => char::from(u8::try_from(c).expect("a letter")).to_string(),
    }
}

/// Writes `game` as a boardspace SGF record, choosing with `rng` among the
/// event forms the site has used (see `crate::boardspace` for the forms).
fn boardspace_sgf(game: &Game, rng: &mut StdRng) -> String {
    let game_type = game.game_type();
    let mut su = format!("hive-{}", game_type.expansions());
    if game_type.expansions().is_empty() {
        su = "hive".to_string();
    }
    if rng.random_bool(0.5) {
        su = su.to_uppercase();
    }
    let mut text =
        format!("(;\nGM[27]VV[1]\nSU[{su}]\nP0[id \"w\"]\nP1[id \"b\"]\n; P0[0 Start P0]\n");
    let mut number = 1;
    let mut replay = Game::new(game_type);
    // Plane coordinates of each piece on the board.
    let mut plane: [Option<(i32, i32)>; PIECE_COUNT] = [None; PIECE_COUNT];
    for mv in game.moves() {
        let seat = usize::from(replay.to_move() == Color::Black);
        let mut events: Vec<String> = Vec::new();
        let case = |rng: &mut StdRng, event: &str| match rng.random_range(0..3) {
            0 => event.to_string(),
            1 => event.to_ascii_lowercase(),
            _ => {
                let mut c = event.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase())
                    .unwrap_or_default()
            }
        };
        match mv {
            Move::Pass => match rng.random_range(0..4) {
                0 => events.extend(["pass".into(), "done".into()]),
                1 => events.extend(["Pass ".into(), "Done ".into()]),
                2 => events.push("Done ".into()),
                _ => events.push(case(rng, "PassDone")),
            },
            Move::Place { piece, to } | Move::Move { piece, to, .. } => {
                let at = plane_of(&replay, &plane, to);
                let cell = format!(
                    "{} {}",
                    column(i32::from(b'N') + at.0 - 16),
                    13 - (at.1 - 16)
                );
                let from = replay
                    .position(piece)
                    .and_then(|_| plane[piece.id()])
                    .map(|p| format!("{} {}", column(i32::from(b'N') + p.0 - 16), 13 - (p.1 - 16)));
                let note = match rng.random_range(0..4) {
                    0 => ".".to_string(),
                    // A wrong note: the grid cell decides.
                    1 => "wQ-".to_string(),
                    _ => replay
                        .move_string(mv)
                        .split_once(' ')
                        .map_or(".".to_string(), |(_, r)| r.replace('\\', "\\\\")),
                };
                let colour = if piece.color() == Color::White {
                    "W"
                } else {
                    "B"
                };
                let name = piece_name(piece, rng, piece.color() == replay.to_move());
                let full = piece_name(piece, rng, false);
                let thrown = piece.color() != replay.to_move();
                let whole = rng.random_bool(0.4);
                match (&from, whole) {
                    (_, true) => {
                        let event = if thrown { "PMove" } else { "Move" };
                        if rng.random_bool(0.3) {
                            let event = case(rng, &format!("{event}Done"));
                            events.push(format!("{event} {colour} {name} {cell} {note}"));
                        } else {
                            let event = case(rng, event);
                            events.push(format!("{event} {colour} {name} {cell} {note}"));
                            events.push(case(rng, "Done"));
                        }
                    }
                    (None, false) => {
                        if rng.random_bool(0.3) {
                            // Picked and put back in the hand first.
                            events.push(format!("{} {colour} 0 {name}", case(rng, "Pick")));
                            events.push(format!("{} {colour} 0 {name} Rack", case(rng, "Drop")));
                        }
                        events.push(format!("{} {colour} 3 {name}", case(rng, "Pick")));
                        events.push(format!("{} {name} {cell} {note}", case(rng, "Dropb")));
                        events.push(case(rng, "Done"));
                    }
                    (Some(from), false) => {
                        if rng.random_bool(0.3) {
                            // Picked and put back where it was.
                            events.push(format!("{} {from} {full}", case(rng, "Pickb")));
                            events.push(format!("{} {full} {from} .", case(rng, "Dropb")));
                        }
                        events.push(format!("{} {from} {full}", case(rng, "Pickb")));
                        let drop = if thrown { "Pdropb" } else { "Dropb" };
                        if rng.random_bool(0.3) {
                            // Dropped elsewhere, picked up again from there.
                            events.push(format!("{} {full} A 1 .", case(rng, drop)));
                            events.push(format!("{} A 1 {full}", case(rng, "Pickb")));
                        }
                        events.push(format!("{} {full} {cell} {note}", case(rng, drop)));
                        events.push(case(rng, "Done"));
                    }
                }
                plane[piece.id()] = Some(at);
            }
        }
        for event in events {
            text.push_str(&format!("; P{seat}[{number} {event}]\n"));
            number += 1;
        }
        replay.play(mv).expect("the game's own move");
    }
    text.push_str(";\nP0[time 0:01:00 ]\nP1[time 0:01:00 ]\n)\n");
    text
}

/// A piece's name in one of boardspace's spellings: `wA1`, `wM1` (unique
/// bugs numbered), or, for the mover's own pieces, `a1`, `m` without colour.
fn piece_name(piece: Piece, rng: &mut StdRng, own: bool) -> String {
    let uhp = piece.to_string();
    let numbered = if piece.bug().count() == 1 && rng.random_bool(0.5) {
        format!("{uhp}1")
    } else {
        uhp
    };
    if own && rng.random_bool(0.3) {
        numbered[1..].to_ascii_lowercase()
    } else {
        numbered
    }
}

/// The plane coordinates of `to` in `game`: next to (or on) a piece whose
/// plane coordinates are known; the origin's for the first piece.
fn plane_of(game: &Game, plane: &[Option<(i32, i32)>; PIECE_COUNT], to: Hex) -> (i32, i32) {
    for (piece, at, _) in game.pieces_on_board() {
        if (at == to || at.is_neighbor(to))
            && let Some((q, r)) = plane[piece.id()]
        {
            return to.unwrap_near(q as f32, r as f32);
        }
    }
    Hex::ORIGIN.axial()
}

fn main_line(game: &Game) -> Vec<String> {
    GameRecord::from_game(game, Headers::new(game.game_type())).main_line()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pgn_written_and_read_back_is_the_same_record(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, 90);
        let headers = random_headers(&mut rng, &game);
        let record = GameRecord::from_game(&game, headers);
        let text = write_pgn(&record);
        let back = read_pgn(&text, Path::new("r.pgn")).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.main_line(), record.main_line());
        prop_assert_eq!(back.game_string(), game.game_string());
        let mut headers = back.headers.clone();
        headers.source = None;
        prop_assert_eq!(headers, record.headers.clone());
        // And through `read_record` and the GameString.
        let again = read_record(&record_text(&record, Format::GameString), Path::new("g.txt"));
        prop_assert_eq!(again.map(|r| r.game_string()).ok(), Some(game.game_string()));
    }

    #[test]
    fn boardspace_sgf_of_a_game_reads_as_that_game(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = random_game(&mut rng, 120);
        let text = boardspace_sgf(&game, &mut rng);
        let record = read_sgf(&text, Path::new("r.sgf")).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
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
            let record =
                read_sgf(&text, Path::new("r.sgf")).unwrap_or_else(|e| panic!("{e}\n{text}"));
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
