//! A puzzle that is not sound is refused with the reason that names what
//! fails: each test breaks a shipped puzzle in one way.

use std::path::Path;

use hive_learn::play::defence;
use hive_learn::solver::legal_moves;
use hive_learn::{Kind, Puzzle, Reason, Solver, Theme, load_puzzles, verify};
use hive_rules::Game;

fn shipped() -> Vec<Puzzle> {
    load_puzzles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")).items
}

fn first(kind: Kind, theme: Option<Theme>) -> Puzzle {
    shipped()
        .into_iter()
        .find(|p| p.kind == kind && p.theme == theme)
        .expect("such a puzzle is shipped")
}

fn reason(puzzle: &Puzzle) -> Reason {
    verify(puzzle).expect_err("the puzzle must fail").reason
}

/// Another legal move of the puzzle's position, as a MoveString.
fn another_move(puzzle: &Puzzle) -> String {
    let game = puzzle.game().expect("loads");
    let solution = puzzle.solution_move(&game).expect("reads");
    let other = legal_moves(&game)
        .into_iter()
        .find(|&mv| mv != solution)
        .expect("two moves");
    game.move_string(other)
}

#[test]
fn a_wrong_solution_does_not_win() {
    let mut puzzle = first(Kind::Win(2), None);
    puzzle.solution = another_move(&puzzle);
    assert_eq!(reason(&puzzle), Reason::SolutionDoesNotWin(2));
}

#[test]
fn a_win_stated_deeper_than_it_is_is_refused() {
    let mut puzzle = first(Kind::Win(1), None);
    puzzle.kind = Kind::Win(2);
    assert_eq!(reason(&puzzle), Reason::WinsFaster(1));
}

#[test]
fn a_second_winning_move_is_named() {
    // After a win in two and the best defence, the finish is often not
    // unique: such a position is no win-in-one puzzle.
    let mut solver = Solver::new();
    for puzzle in shipped().iter().filter(|p| p.kind == Kind::Win(2)) {
        let mut game = puzzle.game().expect("loads");
        game.play(puzzle.solution_move(&game).expect("reads"))
            .expect("legal");
        game.play(defence(&game, 1).expect("a reply"))
            .expect("legal");
        let winners = solver.winning_moves(&game, 1);
        if winners.len() < 2 {
            continue;
        }
        let broken = Puzzle {
            kind: Kind::Win(1),
            theme: None,
            position: game.game_string(),
            solution: game.move_string(winners[0]),
            ..puzzle.clone()
        };
        assert_eq!(
            reason(&broken),
            Reason::AnotherMoveWins(game.move_string(winners[1]))
        );
        return;
    }
    panic!("no position with two winning moves found");
}

#[test]
fn a_move_that_does_not_stop_the_win_is_refused() {
    let mut puzzle = first(Kind::Stop(1), None);
    puzzle.solution = another_move(&puzzle);
    assert_eq!(reason(&puzzle), Reason::SolutionDoesNotStop(1));
}

#[test]
fn a_stop_stated_deeper_than_the_threat_is_refused() {
    let mut puzzle = first(Kind::Stop(1), None);
    puzzle.kind = Kind::Stop(2);
    let why = reason(&puzzle);
    assert!(
        matches!(
            why,
            Reason::SolutionDoesNotStop(2) | Reason::ThreatNotThatDeep(2)
        ),
        "{why}"
    );
}

#[test]
fn a_defence_puzzle_where_the_player_can_win_is_refused() {
    let win = first(Kind::Win(1), None);
    let puzzle = Puzzle {
        kind: Kind::Stop(1),
        ..win.clone()
    };
    assert!(matches!(reason(&puzzle), Reason::WinsInstead(_)));
}

#[test]
fn an_off_theme_solution_is_refused() {
    let mut puzzle = first(Kind::Win(2), None);
    puzzle.theme = Some(Theme::Pillbug);
    assert_eq!(reason(&puzzle), Reason::OffTheme(Theme::Pillbug));
}

#[test]
fn an_illegal_or_unreadable_solution_and_a_bad_position_are_named() {
    let good = first(Kind::Win(1), None);
    let game = good.game().expect("loads");
    let piece_in_hand = game.hand(game.to_move()).next().expect("a piece in hand");
    let illegal = Puzzle {
        solution: format!(
            "{piece_in_hand} {}",
            good.solution.split(' ').nth(1).unwrap_or("")
        ),
        ..good.clone()
    };
    let why = verify(&illegal).map_err(|e| e.reason);
    assert!(
        matches!(
            why,
            Err(Reason::IllegalSolution(_)) | Err(Reason::SolutionDoesNotWin(1))
        ),
        "{why:?}"
    );
    let unreadable = Puzzle {
        solution: "wX9 nowhere".to_string(),
        ..good.clone()
    };
    assert!(matches!(reason(&unreadable), Reason::BadSolution(_)));
    let bad = Puzzle {
        position: "Base;InProgress;White[2];wQ".to_string(),
        ..good.clone()
    };
    let error = verify(&bad).expect_err("the tournament rule refuses wQ first");
    assert!(matches!(error.reason, Reason::BadPosition(_)));
    assert!(error.to_string().contains(&good.id), "{error}");
}

#[test]
fn a_finished_game_is_no_puzzle() {
    let mut puzzle = first(Kind::Win(1), None);
    let mut game: Game = puzzle.game().expect("loads");
    game.play(puzzle.solution_move(&game).expect("reads"))
        .expect("legal");
    puzzle.position = game.game_string();
    assert_eq!(reason(&puzzle), Reason::GameOver);
}
