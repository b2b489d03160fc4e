//! Random legal games, and their records written as boardspace.net SGF in
//! every event form the site has used: shared by the format tests and the
//! library benchmark (`examples/library_scan.rs`), each of which includes
//! this file with `#[path]`.

use std::ops::RangeInclusive;

use hive_rules::{Color, Game, GameType, Hex, Move, PIECE_COUNT, Piece};
use rand::Rng;
use rand::rngs::StdRng;

/// A random legal game of a random type, of a number of moves in `plies`
/// (fewer if it ends sooner).
pub fn random_game(rng: &mut StdRng, plies: RangeInclusive<usize>) -> Game {
    let game_type = GameType::from_expansions(
        &"MLP"
            .chars()
            .filter(|_| rng.random_bool(0.6))
            .collect::<String>(),
    )
    .expect("expansion letters");
    let mut game = Game::new(game_type);
    let plies = rng.random_range(plies);
    play_randomly(&mut game, rng, plies);
    game
}

/// Plays up to `plies` random legal moves in `game` (fewer if it ends).
pub fn play_randomly(game: &mut Game, rng: &mut StdRng, plies: usize) {
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("a legal move");
    }
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
pub fn boardspace_sgf(game: &Game, rng: &mut StdRng) -> String {
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
