//! How a game ends, as [`Game::ending`] tells it: one test per ending, from
//! games played out move by move (each GameString is replayed and checked).

use hive_rules::{Bug, Color, Ending, Game, GameStatus, Options, Piece};

fn game(s: &str) -> Game {
    Game::from_game_string(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The game before its last move, and the ending that move brings.
#[track_caller]
fn last_move_ends(s: &str, status: GameStatus, ending: Ending, text: &str) {
    let mut g = game(s);
    assert_eq!(g.status(), status, "{s}");
    assert_eq!(g.ending(), Some(ending), "{s}");
    assert_eq!(ending.status(), status);
    assert_eq!(ending.to_string(), text);
    g.undo();
    assert!(!g.status().is_over(), "over before the last move: {s}");
    assert_eq!(g.ending(), None);
}

#[test]
fn black_queen_surrounded_by_white() {
    last_move_ends(
        "Base;WhiteWins;Black[6];wS1;bA1 /wS1;wQ \\wS1;bG1 bA1\\;wQ -wS1;bQ /bA1;wS2 \\wQ;bS1 /bQ;wS2 -bQ;bB1 bS1-;wQ -bA1",
        GameStatus::WhiteWins,
        Ending::QueenSurrounded {
            queen: Color::Black,
            by: Color::White,
        },
        "Black's Queen is surrounded: White wins",
    );
}

#[test]
fn white_queen_surrounded_by_black() {
    last_move_ends(
        "Base+MLP;BlackWins;White[6];wA1;bP -wA1;wQ wA1/;bB1 \\bP;wQ bB1-;bA1 /bP;wL wQ/;bQ -bB1;wS1 wQ-;bA1 -wL",
        GameStatus::BlackWins,
        Ending::QueenSurrounded {
            queen: Color::White,
            by: Color::Black,
        },
        "White's Queen is surrounded: Black wins",
    );
    assert_eq!(
        Ending::QueenSurrounded {
            queen: Color::White,
            by: Color::Black,
        }
        .winner(),
        Some(Color::Black)
    );
}

#[test]
fn a_side_can_surround_its_own_queen() {
    last_move_ends(
        "Base;WhiteWins;White[6];wS1;bA1 \\wS1;wA1 /wS1;bA2 \\bA1;wS2 /wA1;bQ /bA2;wQ -wA1;bQ /bA1;wS2 -bQ;bA2 -bA1",
        GameStatus::WhiteWins,
        Ending::QueenSurrounded {
            queen: Color::Black,
            by: Color::Black,
        },
        "Black's Queen is surrounded by Black's own move: White wins",
    );
}

#[test]
fn both_queens_at_once_is_a_draw() {
    let ending = Ending::BothQueensSurrounded { by: Color::Black };
    last_move_ends(
        "Base;Draw;White[7];wS1;bG1 /wS1;wG1 wS1-;bQ bG1\\;wQ wG1\\;bQ bG1-;wG2 wQ\\;bG2 bG1\\;wG3 wQ-;bA1 bG2\\;wS2 wG1-;bA1 bG2-",
        GameStatus::Draw,
        ending,
        "Both Queens are surrounded at once: a draw",
    );
    assert_eq!(ending.winner(), None);
    last_move_ends(
        "Base+MLP;Draw;Black[8];wL;bL wL\\;wS1 wL/;bS1 /bL;wG1 -wL;bQ bL-;wQ wS1-;bQ wL-;wM \\wQ;bQ bL-;wS2 wQ-;bQ wL-;wP wM-;bA1 bL-;wG1 bQ-",
        GameStatus::Draw,
        Ending::BothQueensSurrounded { by: Color::White },
        "Both Queens are surrounded at once: a draw",
    );
}

/// Both Queens step out and back twice: the position after the opening
/// comes up a third time.
#[test]
fn threefold_repetition_is_a_draw() {
    let options = Options {
        threefold_repetition: true,
        ..Options::default()
    };
    let mut g = Game::with_options("Base".parse().expect("type"), options);
    let opening = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"];
    let shuffle = ["wQ /wS1", "bQ bS1/", "wQ -wS1", "bQ bS1-"];
    let moves: Vec<&str> = opening
        .iter()
        .chain(shuffle.iter())
        .chain(shuffle.iter())
        .copied()
        .collect();
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(g.ending(), None, "before move {i} ({mv})");
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(g.status(), GameStatus::Draw);
    assert_eq!(g.ending(), Some(Ending::ThreefoldRepetition));
    assert_eq!(
        Ending::ThreefoldRepetition.to_string(),
        "Threefold repetition: a draw"
    );
    // Without the option, the same moves go on.
    let mut plain = Game::new("Base".parse().expect("type"));
    for mv in &moves {
        plain.play_move_string(mv).expect("legal");
    }
    assert_eq!(plain.ending(), None);
}

/// The position is the pieces where they stand: reached again by another
/// piece's move (here the first time by an Ant's placement, then twice by
/// the Beetle stepping down), it is the same position.
#[test]
fn a_repetition_counts_whichever_piece_moved_last() {
    let options = Options {
        threefold_repetition: true,
        ..Options::default()
    };
    let mut g = Game::with_options("Base".parse().expect("type"), options);
    let opening = [
        "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 \\wQ", "bB1 bQ\\", "wG1 /wQ", "bA1 bQ-",
    ];
    let shuffle = ["wA1 wQ\\", "bB1 bQ", "wA1 \\wQ", "bB1 bQ\\"];
    for mv in opening.iter().chain(&shuffle) {
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(g.ending(), None, "twice is not a draw");
    for mv in &shuffle {
        assert_eq!(g.ending(), None);
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(g.ending(), Some(Ending::ThreefoldRepetition));
    assert_eq!(g.status(), GameStatus::Draw);
}

/// Pieces of one bug are not told apart: two Ants that trade cells leave
/// the position as it was. Here White's Ants go round (wA1 and wA2 trade
/// places every three moves) while Black's Ant circles its Queen, so the
/// position after the opening is back, Ants traded, after six moves, and
/// back with each Ant on its own cell after twelve: the third time.
#[test]
fn a_repetition_does_not_tell_pieces_of_one_bug_apart() {
    let options = Options {
        threefold_repetition: true,
        ..Options::default()
    };
    let mut g = Game::with_options("Base".parse().expect("type"), options);
    let opening = [
        "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-", "wA2 \\wQ",
    ];
    let round = [
        "bA1 bQ/", "wA1 /wQ", "bA1 bQ\\", "wA2 -wQ", "bA1 bQ-", "wA1 \\wQ",
    ];
    for mv in &opening {
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    let start = g.game_string();
    for mv in &round {
        assert_eq!(g.ending(), None);
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    // wA1 stands where wA2 stood and wA2 where wA1 stood.
    let w = |g: &Game, n| g.position(Piece::new(Color::White, Bug::Ant, n).expect("piece"));
    let mut first = Game::new("Base".parse().expect("type"));
    for mv in &opening {
        first.play_move_string(mv).expect("legal");
    }
    assert_eq!(w(&g, 1), w(&first, 2), "after {start}: {}", g.game_string());
    assert_eq!(w(&g, 2), w(&first, 1));
    assert_eq!(g.ending(), None, "twice is not a draw");
    // The Ants trade again: the third time (the second with each Ant on
    // its own cell, which alone would not be a draw).
    let again = ["bA1 bQ/", "wA2 /wQ", "bA1 bQ\\", "wA1 -wQ", "bA1 bQ-"];
    for mv in &again {
        assert_eq!(g.ending(), None);
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert_eq!(g.ending(), None);
    g.play_move_string("wA2 \\wQ").expect("legal");
    assert_eq!(w(&g, 1), w(&first, 1));
    assert_eq!(g.ending(), Some(Ending::ThreefoldRepetition));
    assert_eq!(g.status(), GameStatus::Draw);
}

/// Plays the Queens back and forth until the game ends; returns the
/// GameString's turn when it did (the turn the game "reached").
fn turn_at_draw(limit: u16) -> (String, Option<Ending>) {
    let options = Options {
        turn_limit: Some(limit),
        ..Options::default()
    };
    let mut g = Game::with_options("Base".parse().expect("type"), options);
    let opening = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"];
    let shuffle = ["wQ /wS1", "bQ bS1/", "wQ -wS1", "bQ bS1-"];
    for mv in opening.iter().chain(shuffle.iter().cycle()) {
        if g.status().is_over() {
            break;
        }
        g.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    (g.turn_string(), g.ending())
}

#[test]
fn turn_limit_draws_when_the_game_string_reaches_that_turn() {
    for limit in [2, 3, 10, 100] {
        let (turn, ending) = turn_at_draw(limit);
        assert_eq!(turn, format!("White[{limit}]"));
        assert_eq!(ending, Some(Ending::TurnLimit { limit }));
    }
    assert_eq!(
        Ending::TurnLimit { limit: 100 }.to_string(),
        "Turn limit reached (turn 100): a draw"
    );
    // The GameString of a game drawn at the limit reads White[100].
    let (_, ending) = turn_at_draw(100);
    assert_eq!(ending.map(Ending::status), Some(GameStatus::Draw));
}

#[test]
fn a_game_in_progress_has_no_ending() {
    assert_eq!(game("Base").ending(), None);
    assert_eq!(game("Base;InProgress;Black[1];wS1").ending(), None);
}
