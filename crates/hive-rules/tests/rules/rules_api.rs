//! Rule errors a player sees, notation round trips and malformed input, and
//! the paths moves travel along.

use crate::common::SMOTHERED;
use hive_rules::{Color, Game, GameStatus, LoadError, Move, Options, Piece, RuleError};

fn game(s: &str) -> Game {
    Game::from_game_string(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn error_of(g: &Game, mv: &str) -> RuleError {
    let mv = g.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    g.check_move(mv).expect_err("the move should be illegal")
}

fn piece(s: &str) -> Piece {
    s.parse().expect("a piece")
}

const OPENING: &str = "Base;InProgress;White[4];wA1;bA1 wA1-;wQ -wA1;bQ bA1-;wG1 /wQ;bG1 bQ-";

#[test]
fn each_rule_is_named() {
    let g = game(OPENING);
    for mv in ["wS1 bQ/", "wS1 bG1-"] {
        match error_of(&g, mv) {
            RuleError::PlaceNextToOpponent {
                piece: placed,
                touching,
                ..
            } => assert_eq!((placed, touching.color()), (piece("wS1"), Color::Black)),
            other => panic!("{mv}: {other:?}"),
        }
    }
    assert_eq!(
        error_of(&g, "wS1 wQ").to_string(),
        "wS1 cannot be placed on wQ: pieces are never placed on top of others"
    );
    assert_eq!(
        error_of(&g, "wA3 \\wQ"),
        RuleError::WrongPieceNumber {
            piece: piece("wA3"),
            expected: piece("wA2")
        }
    );
    assert_eq!(
        error_of(&g, "wQ \\wQ"),
        RuleError::WouldSplitHive { piece: piece("wQ") }
    );
    assert!(matches!(
        error_of(&g, "bS1 bQ-"),
        RuleError::NotYourPiece { .. }
    ));
    assert!(matches!(
        error_of(&g, "wG1 wA1-"),
        RuleError::CannotReach { .. }
    ));
    assert_eq!(error_of(&g, "pass"), RuleError::PassNotAllowed);
    assert_eq!(
        error_of(&game("Base"), "wQ"),
        RuleError::QueenOnFirstTurn { piece: piece("wQ") }
    );
    assert_eq!(
        error_of(&game("Base;InProgress;Black[1];wA1"), "bA1 wA1").to_string(),
        "bA1 cannot be placed on wA1: pieces are never placed on top of others"
    );
    assert_eq!(
        error_of(
            &game("Base;InProgress;White[3];wA1;bA1 wA1-;wG1 -wA1;bG1 bA1-"),
            "wA1 \\wG1"
        ),
        RuleError::QueenNotPlaced {
            piece: piece("wA1")
        }
    );
    assert_eq!(
        error_of(
            &game("Base;InProgress;White[4];wA1;bA1 wA1-;wG1 -wA1;bG1 bA1-;wS1 /wA1;bS1 bG1-"),
            "wA2 -wG1"
        ),
        RuleError::QueenByFourthTurn {
            piece: piece("wA2")
        }
    );
    assert_eq!(
        error_of(
            &game("Base+P;InProgress;Black[3];wP;bP wP-;wQ -wP;bQ bP-;wQ wP\\"),
            "wQ bP\\"
        ),
        RuleError::JustMoved { piece: piece("wQ") }
    );
    let no_mosquito = game("Base");
    assert!(no_mosquito.parse_move("wM").is_err());
    // Every message reads as a sentence for a player.
    for e in [
        RuleError::JustThrown { piece: piece("wQ") },
        RuleError::QueenByFourthTurn {
            piece: piece("wA2"),
        },
    ] {
        assert!(e.to_string().len() > 20);
    }
}

/// In random games, whenever the side to move's queen could step to an empty
/// neighbour but both cells beside that step are occupied, the step is
/// refused as a gate (unless the queen is pinned or stunned, said first).
#[test]
fn gates_are_refused_by_name() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut gates_seen = 0;
    for seed in 0..300u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::new("Base".parse().expect("type"));
        let mut moves = Vec::new();
        for _ in 0..60 {
            moves.clear();
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let me = g.to_move();
            let queen = Piece::new(me, hive_rules::Bug::Queen, 1).expect("queen");
            if let Some(at) = g.position(queen)
                && g.why_immobile(queen).is_none()
                && g.height(at) == 1
            {
                for dir in hive_rules::Direction::ALL {
                    let to = at.neighbor(dir);
                    let left = at.neighbor(dir.rotate(5));
                    let right = at.neighbor(dir.rotate(1));
                    if g.height(to) == 0 && g.height(left) > 0 && g.height(right) > 0 {
                        let mv = Move::Move {
                            piece: queen,
                            from: at,
                            to,
                        };
                        let error = g.check_move(mv);
                        assert!(
                            matches!(
                                &error,
                                Err(RuleError::GateTooNarrow { piece, cell })
                                    if *piece == queen && cell.hex() == to
                            ),
                            "{error:?}"
                        );
                        gates_seen += 1;
                    }
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            g.play(mv).expect("legal");
        }
    }
    assert!(gates_seen > 10, "only {gates_seen} gates met");
}

#[test]
fn game_strings_round_trip() {
    for s in [
        "Base;NotStarted;White[1]",
        OPENING,
        "Base+MLP;InProgress;White[5];wB1;bB1 -wB1;wQ wB1-;bQ /bB1;wB2 wQ-;bQ bB1\\;wB2 wQ;bB1 bQ",
        "Base+P;InProgress;Black[3];wP;bP wP-;wQ -wP;bQ bP-;wQ wP\\",
    ] {
        assert_eq!(game(s).game_string(), s);
    }
    // Other spellings of the same moves load, and are written canonically.
    assert_eq!(
        game("Base+MLP;InProgress;White[5];wB1;bB1 -wB1;wQ wB1-;bQ /bB1;wB2 wQ-;bQ /wB1;wB2 wQ;bB1 bQ")
            .game_string(),
        "Base+MLP;InProgress;White[5];wB1;bB1 -wB1;wQ wB1-;bQ /bB1;wB2 wQ-;bQ bB1\\;wB2 wQ;bB1 bQ"
    );
    // A bare game type loads too.
    assert_eq!(game("Base+ML").game_string(), "Base+ML;NotStarted;White[1]");
}

#[test]
fn malformed_strings_say_what_is_wrong() {
    let bad = [
        ("", "game type"),
        ("Base;", "game state"),
        ("Base;InProgress", "turn"),
        ("Base;Started;White[1]", "game state"),
        ("Base;NotStarted;Red[1]", "turn"),
        ("Base;NotStarted;White[0]", "turn"),
        (
            "Base;InProgress;Black[1];xA1",
            "move 1 (xA1) cannot be read",
        ),
        (
            "Base;InProgress;Black[1];wS1;xA1",
            "move 2 (xA1) cannot be read: 'xA1' is not a piece",
        ),
        ("Base;InProgress;Black[1];wA4", "number"),
        ("Base;InProgress;Black[1];wQ1", "no number"),
        ("Base;InProgress;White[2];wA1;bA1", "reference"),
        ("Base;InProgress;White[2];wA1;bA1 -wA1-", "both sides"),
        ("Base;InProgress;White[2];wA1;bA1 wG1-", "not on the board"),
    ];
    for (text, needle) in bad {
        let err = Game::from_game_string(text).expect_err(text).to_string();
        assert!(err.contains(needle), "{text}: '{err}' lacks '{needle}'");
    }
    // A header that disagrees with the moves is recomputed from them, with a note.
    for (text, expected) in [
        (
            "Base;InProgress;White[3];wA1;bA1 wA1-",
            "Base;InProgress;White[2];wA1;bA1 wA1-",
        ),
        (
            "Base;NotStarted;White[1];wA1",
            "Base;InProgress;Black[1];wA1",
        ),
        (
            "Base;NotStarted;Black[1];wS1",
            "Base;InProgress;Black[1];wS1",
        ),
    ] {
        let (loaded, note) = Game::load_game_string(text, Options::default()).expect(text);
        assert_eq!(loaded.game_string(), expected);
        let note = note.expect("a note");
        assert!(note.contains("lead to"), "{note}");
    }
    let (_, note) = Game::load_game_string("Base;InProgress;Black[1];wS1", Options::default())
        .expect("honest header");
    assert_eq!(note, None);
    let illegal =
        Game::from_game_string("Base;InProgress;White[2];wQ;bA1 wQ-").expect_err("queen first");
    match illegal {
        LoadError::IllegalMove { index, text, error } => {
            assert_eq!((index, text.as_str()), (1, "wQ"));
            assert_eq!(error, RuleError::QueenOnFirstTurn { piece: piece("wQ") });
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn every_move_has_a_path() {
    // Ant walks cell by cell around the hive; grasshopper passes the line.
    let g = game(
        "Base+MLP;InProgress;White[5];wL;bM wL-;wQ -wL;bQ bM-;wB1 /wL;bB1 bQ\\;wA1 \\wQ;bA1 bQ/",
    );
    for mv in g.legal_moves_for(piece("wA1")) {
        let path = g.path_of(mv);
        assert_eq!(path.first().copied(), g.position(piece("wA1")));
        for pair in path.windows(2) {
            assert!(pair[0].direction_to(pair[1]).is_some(), "{mv:?}: {path:?}");
            assert_eq!(g.height(pair[1]), 0, "an ant walks on the ground");
        }
        assert_eq!(path.last().copied(), mv.to());
    }
    // A pillbug throw goes start, pillbug, landing cell.
    let g = game("Base+P;InProgress;White[3];wP;bP wP-;wQ -wP;bQ bP-");
    let throw = g.parse_move("wQ wP\\").expect("parses");
    let wp = g.position(piece("wP")).expect("on board");
    let path = g.path_of(throw);
    assert_eq!(path.len(), 3);
    assert_eq!(path[1], wp);
    assert!(g.is_throw(throw));
    // The Queen steps by herself, or is thrown over the Pillbug.
    let (mut steps, mut throws) = (0, 0);
    for mv in g.legal_moves_for(piece("wQ")) {
        let over_the_pillbug = g.path_of(mv).get(1) == Some(&wp);
        assert_eq!(g.is_throw(mv), over_the_pillbug, "{mv:?}");
        *(if over_the_pillbug {
            &mut throws
        } else {
            &mut steps
        }) += 1;
    }
    assert!(steps > 0 && throws > 0, "{steps} steps, {throws} throws");
    assert!(!g.is_throw(g.parse_move("wA1 /wP").expect("parses")));
    // A placement is its cell; a pass goes nowhere.
    assert_eq!(g.path_of(Move::Pass), vec![]);
}

#[test]
fn undo_to_the_start() {
    let mut g = game(OPENING);
    let start_hash = Game::new(g.game_type()).hash();
    while g.undo().is_some() {}
    assert_eq!(g.status(), GameStatus::NotStarted);
    assert_eq!(g.hash(), start_hash);
    assert_eq!(g.undo(), None);
}

#[test]
fn move_strings_are_stored_in_canonical_case() {
    let mut g = game("Base");
    g.play_move_string("WA1").expect("legal");
    g.play_move_string("bg1   wa1-").expect("legal");
    assert_eq!(g.game_string(), "Base;InProgress;White[2];wA1;bG1 wA1-");
}

#[test]
fn threefold_repetition_draws_only_when_switched_on() {
    let shuffle = ["wQ \\wA1", "bQ bA1/", "wQ -wA1", "bQ bA1-"];
    let start = "Base;InProgress;White[3];wA1;bA1 wA1-;wQ -wA1;bQ bA1-";
    let mut plain = game(start);
    let mut strict = game(start);
    // Switched on mid-game: the positions already played still count.
    strict.set_options(hive_rules::Options {
        threefold_repetition: true,
        ..hive_rules::Options::default()
    });
    for round in 0..2 {
        for mv in shuffle {
            plain.play_move_string(mv).expect("legal");
            strict.play_move_string(mv).expect("legal");
        }
        let expected = if round == 1 {
            GameStatus::Draw
        } else {
            GameStatus::InProgress
        };
        assert_eq!(strict.status(), expected, "after round {round}");
    }
    assert_eq!(plain.status(), GameStatus::InProgress);
    strict.undo();
    assert_eq!(strict.status(), GameStatus::InProgress);
}

#[test]
fn turn_limit_draws() {
    let mut g = Game::with_options(
        "Base".parse().expect("type"),
        hive_rules::Options {
            turn_limit: Some(3),
            ..hive_rules::Options::default()
        },
    );
    // Some(3): drawn when the GameString reads White[3].
    for mv in ["wA1", "bA1 wA1-", "wQ -wA1"] {
        g.play_move_string(mv).expect("legal");
        assert_eq!(g.status(), GameStatus::InProgress);
    }
    g.play_move_string("bQ bA1-").expect("legal");
    assert_eq!(g.status(), GameStatus::Draw);
}

#[test]
fn repeats_sees_a_position_seen_before_since_the_last_placement() {
    let mut g = game("Base;InProgress;White[3];wA1;bA1 wA1-;wQ -wA1;bQ bA1-");
    assert!(!g.repeats(), "nothing repeated yet");
    for (mv, repeated) in [
        ("wQ \\wA1", false),
        ("bQ bA1/", false),
        ("wQ -wA1", false),
        // Back to the position after bQ bA1-, White to move again.
        ("bQ bA1-", true),
        ("wQ \\wA1", true),
    ] {
        play_and_check_repeats(&mut g, mv, repeated);
    }
    // A placement makes every later position new.
    g.play_move_string("bG1 bQ-").expect("legal");
    assert!(!g.repeats());
    g.undo();
    assert!(g.repeats(), "undo restores what came before");
}

#[test]
fn repeats_sees_through_passes() {
    // Black can only pass, and keeps passing while White's Ant goes away
    // and comes back: the position after Black's second pass is the one
    // after its first (as in a game where the search, blind to it, moved
    // a Beetle on and off the Queen until the threefold rule drew it).
    let mut g = game(SMOTHERED);
    assert!(!g.repeats(), "nothing repeated yet");
    for (mv, repeated) in [
        ("wA1 bA3\\", false),
        ("pass", false),
        // The board as it was, but wA1 moved last, not wA3.
        ("wA1 bA3-", false),
        ("pass", true),
    ] {
        if mv == "pass" {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            assert_eq!(moves, [Move::Pass], "Black can only pass");
        }
        play_and_check_repeats(&mut g, mv, repeated);
    }
}

#[track_caller]
fn play_and_check_repeats(g: &mut Game, mv: &str, repeated: bool) {
    g.play_move_string(mv).expect("legal");
    assert_eq!(g.repeats(), repeated, "after {mv}");
}
