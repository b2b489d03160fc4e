//! An engine review kept in a record's comments: written, saved as PGN and
//! as a variations file, read back the same; what people wrote is kept;
//! annotating again changes nothing; a review kept in the data directory is
//! found again by its game's moves, and only by them.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use hive_ai::search::WIN;
use hive_ai::{Engine, GameReview, Limits, MoveClass, MoveReview, review_game};
use hive_formats::read_pgn;
use hive_records::{
    GameRecord, Headers, NodeId, REVIEWS_DIR, ReviewStore, Variations, annotate, load_record,
    read_review, remove_review, write_pgn,
};
use hive_rules::{Color, Game, GameType};

use crate::trees::nodes;

/// Abbo69 against WeakBot, 31 moves, White wins.
fn real_game() -> GameRecord {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/recordings/HV-Abbo69-WeakBot-2018-10-28-2007.pgn");
    load_record(path).unwrap()
}

fn reviewed(record: &GameRecord) -> GameReview {
    let cancel = AtomicBool::new(false);
    let game = record.main_line_game();
    review_game(
        &game,
        Limits::depth(2),
        &mut Engine::new(4),
        &cancel,
        |_, _| {},
    )
    .expect("not cancelled")
}

/// Through PGN and back.
fn through_pgn(record: &GameRecord) -> GameRecord {
    let text = write_pgn(record);
    read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Through a variations file and back (the headers stay).
fn through_variations_file(record: &GameRecord) -> GameRecord {
    let tree = Variations::parse(&record.tree.file_text()).unwrap();
    GameRecord {
        headers: record.headers.clone(),
        tree,
    }
}

#[test]
fn a_real_review_is_read_back_from_pgn_exactly() {
    let mut record = real_game();
    let review = reviewed(&record);
    assert_eq!(review.moves.len(), 31);
    annotate(&mut record, &review);
    assert_eq!(read_review(&record), Some(review.clone()));
    let back = through_pgn(&record);
    assert_eq!(read_review(&back), Some(review.clone()));
    assert_eq!(nodes(&back.tree), nodes(&record.tree));
    assert_eq!(back.main_line(), real_game().main_line());
    assert_eq!(
        read_review(&through_variations_file(&record)),
        Some(review.clone())
    );
    // Each move that was not the engine's has the engine's line beside it.
    let main = record.tree.continuation(NodeId::ROOT);
    for (m, &node) in review.moves.iter().zip(&main) {
        let siblings = record.tree.children(record.tree.parent(node));
        let has_line = siblings
            .iter()
            .any(|&s| Some(record.tree.text(s)) == m.best.as_deref());
        assert_eq!(has_line, m.best.is_some(), "{}", m.played);
        if m.best.as_deref() != Some(&m.played) && m.best.is_some() {
            assert!(siblings.len() > 1, "{}", m.played);
        }
    }
    // The text says what a person wants to know.
    let text = write_pgn(&record);
    let summary = record.tree.comment(NodeId::ROOT).unwrap();
    assert!(
        summary.starts_with("Engine review. White: 16 moves, "),
        "{summary}"
    );
    assert!(
        text.contains("\n31. wB1 /bP\n{best, 1-0 "),
        "the winning move:\n{text}"
    );
    assert!(
        text.contains("[%review-game moves=31 end=1000000]}\n1. wS1\n"),
        "{text}"
    );
}

#[test]
fn annotating_twice_is_annotating_once() {
    let mut record = real_game();
    let review = reviewed(&record);
    annotate(&mut record, &review);
    let once = write_pgn(&record);
    annotate(&mut record, &review);
    assert_eq!(write_pgn(&record), once);
    // Also after the way through a file.
    let mut back = through_pgn(&record);
    annotate(&mut back, &review);
    assert_eq!(write_pgn(&back), once);
    // Another review replaces it, nothing of the first left.
    let mut other = review.clone();
    for m in &mut other.moves {
        m.eval_before += 1;
        m.best_line.truncate(1);
    }
    annotate(&mut record, &other);
    assert_eq!(read_review(&record), Some(other));
    let text = write_pgn(&record);
    assert_eq!(text.matches("[%review ").count(), 31, "{text}");
    assert_eq!(text.matches("[%review-game ").count(), 1, "{text}");
}

#[test]
fn what_people_wrote_is_kept_and_is_no_review() {
    let mut record = real_game();
    let main = record.tree.continuation(NodeId::ROOT);
    let people = "Played at the club; [%clk 0:05:00] a {sharp} game";
    record
        .tree
        .set_comment(NodeId::ROOT, Some(people.to_string()));
    record
        .tree
        .set_comment(main[4], Some("the Queen comes out".to_string()));
    // A variation of a person's, beside a move where the engine has its own.
    let review = reviewed(&record);
    let third = record.tree.parent(main[2]);
    let game = record.tree.game_at(third);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let theirs = moves
        .into_iter()
        .find(|&mv| {
            let text = game.move_string(mv);
            text != review.moves[2].played && Some(&text) != review.moves[2].best.as_ref()
        })
        .unwrap();
    record.tree.add(third, theirs, game.move_string(theirs));
    let before = through_pgn(&record);
    assert_eq!(read_review(&before), None);
    assert_eq!(read_review(&real_game()), None);
    let plain = nodes(&before.tree);

    annotate(&mut record, &review);
    let root = record.tree.comment(NodeId::ROOT).unwrap();
    assert!(
        root.starts_with(&format!("{people} Engine review.")),
        "{root}"
    );
    let fifth = record.tree.comment(main[4]).unwrap();
    assert!(fifth.starts_with("the Queen comes out "), "{fifth}");
    let back = through_pgn(&record);
    assert_eq!(read_review(&back), Some(review));
    // Taken out again, the record is what the people wrote.
    let mut back = back;
    assert!(remove_review(&mut back));
    assert_eq!(nodes(&back.tree), plain);
    assert!(!remove_review(&mut back));
}

#[test]
fn an_engine_line_someone_changed_stays() {
    let mut record = real_game();
    let review = reviewed(&record);
    annotate(&mut record, &review);
    // The first engine line: a comment on its last move.
    let main = record.tree.continuation(NodeId::ROOT);
    let (node, _) = main
        .iter()
        .zip(&review.moves)
        .find(|(_, m)| m.best.is_some() && m.best.as_deref() != Some(&m.played))
        .expect("a move that was not the engine's");
    let line = record.tree.children(record.tree.parent(*node))[1];
    let last = *record.tree.continuation(line).last().unwrap_or(&line);
    record
        .tree
        .set_comment(last, Some("worth a look".to_string()));
    assert!(remove_review(&mut record));
    assert_eq!(record.tree.comment(last), Some("worth a look"));
    assert_eq!(record.tree.children(record.tree.parent(*node)).len(), 2);
    assert_eq!(read_review(&record), None);
}

/// A game of four moves and a review of it made by hand, with what a
/// review by the engine seldom has: a forced win, a move without an engine
/// line, a best move that is not its line's first, a position valued apart.
fn handmade() -> (GameRecord, GameReview) {
    let mut game = Game::new(GameType::BASE);
    for mv in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"] {
        game.play_move_string(mv).unwrap();
    }
    let record = GameRecord::from_game(&game, Headers::new(GameType::BASE));
    let m = |ply: usize, played: &str, class, before, after, loss, best: Option<&str>, line| {
        MoveReview {
            ply,
            mover: if ply.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
            played: played.to_string(),
            eval_before: before,
            eval_after: after,
            loss,
            class,
            best: best.map(str::to_string),
            best_line: line,
        }
    };
    let strings = |moves: &[&str]| moves.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let review = GameReview {
        moves: vec![
            m(
                0,
                "wS1",
                MoveClass::Best,
                5,
                5,
                0,
                Some("wS1"),
                strings(&["wS1", "bS1 wS1-"]),
            ),
            m(
                1,
                "bS1 wS1-",
                MoveClass::Blunder,
                5,
                WIN - 3,
                1000,
                Some("bA1 wS1-"),
                strings(&["bA1 wS1-", "wQ -wS1"]),
            ),
            m(2, "wQ -wS1", MoveClass::Good, -7, -40, 33, None, Vec::new()),
            m(
                3,
                "bQ bS1-",
                MoveClass::Mistake,
                -(WIN - 8),
                -200,
                1000,
                Some("bA1 bS1-"),
                strings(&["bG1 bS1-"]),
            ),
        ],
        positions: vec![5, 5, WIN - 3, -(WIN - 8), -200],
    };
    (record, review)
}

#[test]
fn every_field_is_kept_even_beyond_what_the_engine_gives() {
    let (mut record, review) = handmade();
    annotate(&mut record, &review);
    let text = write_pgn(&record);
    for expected in [
        "\n1. wS1\n{best, +0.05 [%review class=best before=5 after=5 loss=0 line=\"wS1; bS1 wS1-\"]}\n",
        "{?? blunder, #2 (was +0.05); best bA1 wS1- [%review class=blunder before=5 after=999997 loss=1000 line=\"bA1 wS1-; wQ -wS1\"]}\n(2. bA1 wS1- 3. wQ -wS1)\n",
        "{good, -0.40 (was -0.07) [%review class=good before=-7 after=-40 loss=33 position=999997 line=\"\"]}\n",
        "best bA1 bS1- [%review class=mistake before=-999992 after=-200 loss=1000 line=\"bG1 bS1-\" best=\"bA1 bS1-\"]}\n(4. bG1 bS1-)\n",
        "[%review-game moves=4 end=-200]}\n1. wS1",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    let back = through_pgn(&record);
    assert_eq!(read_review(&back), Some(review.clone()));
    assert_eq!(
        read_review(&through_variations_file(&back)),
        Some(review.clone())
    );
    // Without an engine move at all.
    let mut none = review.clone();
    none.moves[3].best = None;
    annotate(&mut record, &none);
    assert!(write_pgn(&record).contains("best=\"\"]"));
    assert_eq!(read_review(&through_pgn(&record)), Some(none));
}

#[test]
fn a_review_of_another_game_is_written_only_as_far_as_it_agrees() {
    let (mut record, mut review) = handmade();
    let untouched = nodes(&record.tree);
    review.moves[2].played = "wQ \\wS1".to_string();
    annotate(&mut record, &review);
    let written = read_review(&record).unwrap();
    assert_eq!(written.moves, review.moves[..2]);
    assert_eq!(written.positions, review.positions[..3]);
    // Not even the first move: nothing.
    let (mut record, mut review) = handmade();
    review.moves[0].played = "wA1".to_string();
    annotate(&mut record, &review);
    assert_eq!(nodes(&record.tree), untouched);
    assert_eq!(read_review(&record), None);
}

#[test]
fn a_damaged_review_is_none() {
    let (mut record, review) = handmade();
    annotate(&mut record, &review);
    let text = write_pgn(&record);
    for (from, to) in [
        ("class=blunder", "class=awful"),
        ("after=-40", "after=x"),
        ("moves=4", "moves=9"),
        ("line=\"bG1 bS1-\"", "line=\"bG1 bS1-"),
        ("[%review-game", "[%reviewed"),
        ("[%review class=good", "[%note class=good"),
    ] {
        let damaged = text.replace(from, to);
        assert_ne!(damaged, text, "{from}");
        let back = read_pgn(&damaged).unwrap();
        assert_eq!(read_review(&back), None, "{from} -> {to}");
    }
}

#[test]
fn a_review_rewrapped_by_another_program_still_reads() {
    // PGN programs wrap long lines at any space, comments included.
    let (mut record, review) = handmade();
    annotate(&mut record, &review);
    let once = write_pgn(&record);
    let wrapped = once
        .replace(" [%review ", "\n[%review\n")
        .replace("; best ", ";\nbest ")
        .replace(" line=\"bA1 wS1-; wQ ", "\n  line=\"bA1 wS1-;\nwQ\n");
    assert_eq!(wrapped.matches("[%review\n").count(), 4, "{wrapped}");
    let mut back = read_pgn(&wrapped).unwrap();
    assert_eq!(read_review(&back), Some(review.clone()));
    annotate(&mut back, &review);
    assert_eq!(write_pgn(&back), once);
}

#[test]
fn a_kept_review_is_found_again_by_its_games_moves_only() {
    let (record, review) = handmade();
    let dir = tempfile::TempDir::new().unwrap();
    let store = ReviewStore::in_dir(dir.path());
    let game = record.main_line_game();
    assert_eq!(store.find(&game), None, "nothing kept yet");
    store
        .keep(&game, Headers::new(GameType::BASE), &review)
        .unwrap();
    assert!(
        store
            .path_of(&game)
            .starts_with(dir.path().join(REVIEWS_DIR))
    );
    assert_eq!(store.find(&game), Some(review.clone()));
    // Kept as a record anyone can read: the review is in its comments.
    let kept = load_record(store.path_of(&game)).unwrap();
    assert_eq!(read_review(&kept), Some(review));

    // One move less is another game.
    let mut shorter = Game::new(GameType::BASE);
    for mv in ["wS1", "bS1 wS1-", "wQ -wS1"] {
        shorter.play_move_string(mv).unwrap();
    }
    assert_eq!(store.find(&shorter), None);
    // Another game's record under its name is not taken for its own.
    std::fs::copy(store.path_of(&game), store.path_of(&shorter)).unwrap();
    assert_eq!(store.find(&shorter), None);
}
