//! One position, one key: a real game turned by each of the 12 symmetries
//! of the grid, and pieces numbered otherwise.

use hive_db::{CanonicalMove, ExplorerFilter, PositionKey};
use hive_formats::{GameRecord, Headers};
use hive_rules::{Game, Hex, Move};

use crate::{fresh, recordings};

/// A real game's moves: Abbo69 against WeakBot (Base+MLP, 65 plies).
fn real_game() -> Game {
    let path = recordings().join("HV-Abbo69-WeakBot-2018-10-28-2007.sgf");
    let text = std::fs::read_to_string(path).expect("the recording");
    hive_formats::read_sgf(&text)
        .expect("a record")
        .main_line_game()
}

/// Symmetry `index` (0..12: a reflection for 6..12, then `index % 6`
/// sixth-turns) about the first piece's cell.
fn turn(index: usize, hex: Hex) -> Hex {
    let (oq, or) = Hex::ORIGIN.axial();
    let (q, r) = hex.unwrap_near(oq as f32, or as f32);
    let (mut q, mut r) = (q - oq, r - or);
    if index >= 6 {
        (q, r) = (r, q);
    }
    for _ in 0..index % 6 {
        (q, r) = (-r, q + r);
    }
    Hex::from_axial(oq + q, or + r)
}

fn turn_move(index: usize, mv: Move) -> Move {
    match mv {
        Move::Place { piece, to } => Move::Place {
            piece,
            to: turn(index, to),
        },
        Move::Move { piece, from, to } => Move::Move {
            piece,
            from: turn(index, from),
            to: turn(index, to),
        },
        Move::Pass => Move::Pass,
    }
}

#[test]
fn a_real_game_turned_by_each_symmetry_has_one_key_at_every_ply() {
    let original = real_game();
    let moves: Vec<Move> = original.moves().collect();
    assert!(moves.len() > 30, "{}", moves.len());
    let mut replay = Game::with_options(original.game_type(), original.options());
    let mut keys = vec![PositionKey::of(&replay)];
    for &mv in &moves {
        replay.play(mv).expect("the recorded move");
        keys.push(PositionKey::of(&replay));
    }
    // Distinct positions have distinct keys (the game never repeats).
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), keys.len());
    for index in 0..12 {
        let mut turned = Game::with_options(original.game_type(), original.options());
        assert_eq!(PositionKey::of(&turned), keys[0]);
        for (ply, &mv) in moves.iter().enumerate() {
            turned
                .play(turn_move(index, mv))
                .unwrap_or_else(|e| panic!("symmetry {index} ply {ply}: {e}"));
            assert_eq!(
                PositionKey::of(&turned),
                keys[ply + 1],
                "symmetry {index}, ply {}",
                ply + 1
            );
            // Zobrist hashes tell the boards apart: only the key is shared.
            if index != 0 && ply > 2 {
                assert_ne!(turned.hash(), replay_hash(&moves[..=ply], &original));
            }
        }
    }
}

fn replay_hash(moves: &[Move], original: &Game) -> u64 {
    let mut game = Game::with_options(original.game_type(), original.options());
    for &mv in moves {
        game.apply_unchecked(mv);
    }
    game.hash()
}

#[test]
fn the_explorer_on_a_turned_board_gives_the_stored_move_turned_onto_it() {
    let original = real_game();
    let moves: Vec<Move> = original.moves().collect();
    let (_dir, mut db) = fresh();
    let record = GameRecord::from_game(&original, Headers::new(original.game_type()));
    assert!(db.add_record(&record, "test").expect("stored"));
    for index in 0..12 {
        let mut turned = Game::with_options(original.game_type(), original.options());
        let mut exact = 0;
        for (ply, &mv) in moves.iter().enumerate() {
            let expected = turn_move(index, mv);
            let found = db
                .explore(&turned, &ExplorerFilter::default())
                .expect("the explorer answers");
            assert_eq!(found.len(), 1, "symmetry {index}, ply {ply}");
            let got = found[0].mv;
            // Legal here (explore only returns legal moves), the same piece...
            assert_eq!(got.piece(), expected.piece(), "symmetry {index}, ply {ply}");
            assert_eq!(found[0].uhp, turned.move_string(got));
            // ... and leading to the stored game's next position; the very
            // cell unless the position is symmetric itself (early plies).
            let mut after = turned.clone();
            after.play(got).expect("a legal move");
            let mut expected_after = turned.clone();
            expected_after.play(expected).expect("the turned move");
            assert_eq!(PositionKey::of(&after), PositionKey::of(&expected_after));
            if got == expected {
                exact += 1;
            }
            turned.play(expected).expect("the turned move");
        }
        assert!(
            exact + 3 >= moves.len(),
            "symmetry {index}: {exact} of {} exact",
            moves.len()
        );
    }
}

/// A game played from MoveStrings.
fn played(moves: &[&str]) -> Game {
    let mut game = Game::new(hive_rules::GameType::BASE);
    for mv in moves {
        game.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

#[test]
fn pieces_numbered_otherwise_give_the_same_key() {
    // wA1 and wA2 on swapped cells: the same position.
    let a = played(&["wS1", "bS1 wS1-", "wA1 -wS1", "bA1 bS1-", "wA2 /wS1"]);
    let b = played(&["wS1", "bS1 wS1-", "wA1 /wS1", "bA1 bS1-", "wA2 -wS1"]);
    assert_ne!(a.hash(), b.hash(), "the rules' hash knows the numbers");
    assert_eq!(PositionKey::of(&a), PositionKey::of(&b));
    // Its mirror image across the line of wS1 and bS1 is the same position.
    let mirrored = played(&["wS1", "bS1 wS1-", "wA1 -wS1", "bA1 bS1-", "wA2 \\wS1"]);
    assert_eq!(PositionKey::of(&a), PositionKey::of(&mirrored));
    // A different position (an ant on another cell) has another key.
    let c = played(&["wS1", "bS1 wS1-", "wA1 -wS1", "bA1 bS1-", "wA2 /wA1"]);
    assert_ne!(PositionKey::of(&a), PositionKey::of(&c));
    // The side to move is part of the key.
    let d = played(&[
        "wS1", "bS1 wS1-", "wA1 -wS1", "bA1 bS1-", "wA2 /wS1", "bA2 bA1-",
    ]);
    assert_ne!(PositionKey::of(&a), PositionKey::of(&d));

    // Both games go on with the ant on the west cell moving: wA1 in one,
    // wA2 in the other. The explorer counts them as one move and gives the
    // piece on that cell of the board asked about.
    let (_dir, mut db) = fresh();
    let then = ["bQ bA1-", "wQ \\wS1", "bA2 bQ-"];
    let at_of = |game: &Game| {
        let mut game = game.clone();
        for mv in then {
            game.play_move_string(mv)
                .unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        game
    };
    for (game, ant) in [(&a, "wA1"), (&b, "wA2")] {
        let mut game = at_of(game);
        game.play_move_string(&format!("{ant} bA2-"))
            .expect("legal");
        let record = GameRecord::from_game(&game, Headers::new(game.game_type()));
        assert!(db.add_record(&record, "test").expect("stored"));
    }
    let at = at_of(&a);
    let found = db
        .explore(&at, &ExplorerFilter::default())
        .expect("the explorer answers");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].uhp.as_str(), found[0].games), ("wA1 bA2-", 2));
    let at_b = at_of(&b);
    let found = db
        .explore(&at_b, &ExplorerFilter::default())
        .expect("the explorer answers");
    assert_eq!((found[0].uhp.as_str(), found[0].games), ("wA2 bA2-", 2));
    // A move stored from one board maps back onto the other.
    let code = CanonicalMove::of(&at_b, found[0].mv).expect("located on its board");
    let on_a = CanonicalMove::from_code(code.code())
        .on_board(&at)
        .expect("legal on the other board");
    assert_eq!(at.move_string(on_a), "wA1 bA2-");
}
