//! What the Puzzles screen asks below the window: a try at a puzzle
//! judged move by move, the engine's defence, the refutation of a wrong
//! move, and the hint.

use std::path::Path;

use hive_learn::play::winning_reply;
use hive_learn::solver::{legal_moves, won_by};
use hive_learn::{Attempt, Kind, Outcome, Puzzle, Solver, defence, hint, load_puzzles, refutation};
use hive_rules::{Move, RuleError};

fn shipped() -> Vec<Puzzle> {
    load_puzzles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")).items
}

fn first(kind: Kind) -> Puzzle {
    shipped()
        .into_iter()
        .find(|p| p.kind == kind)
        .expect("shipped")
}

fn wrong_move(puzzle: &Puzzle) -> Move {
    let game = puzzle.game().expect("loads");
    let solution = puzzle.solution_move(&game).expect("reads");
    legal_moves(&game)
        .into_iter()
        .find(|&mv| mv != solution)
        .expect("two moves")
}

#[test]
fn a_win_in_two_is_solved_by_the_solution_and_a_finish() {
    let puzzle = first(Kind::Win(2));
    let mut attempt = Attempt::new(&puzzle).expect("loads");
    let solution = puzzle.solution_move(attempt.game()).expect("reads");
    let me = attempt.game().to_move();
    let Outcome::Continue { reply } = attempt.play(solution) else {
        panic!("the solution is answered");
    };
    assert_eq!(attempt.game().last_move(), Some(reply));
    assert_eq!(attempt.moves_left(), 1);
    let finish = winning_reply(attempt.game(), 1).expect("a finish after any defence");
    assert_eq!(attempt.play(finish), Outcome::Solved);
    assert!(won_by(attempt.game().status(), me));
    assert!(attempt.is_finished());
}

#[test]
fn a_wrong_first_move_is_refuted() {
    for kind in [Kind::Win(1), Kind::Win(2), Kind::Win(3)] {
        let puzzle = first(kind);
        let mut attempt = Attempt::new(&puzzle).expect("loads");
        let wrong = wrong_move(&puzzle);
        let outcome = attempt.play(wrong);
        let Outcome::Wrong { refutation: shown } = outcome else {
            panic!("{}: {outcome:?}", puzzle.id);
        };
        // The refutation leaves the player no win within the moves left.
        let mut after = puzzle.game().expect("loads");
        after.apply_unchecked(wrong);
        if after.status().is_over() {
            continue;
        }
        assert_eq!(refutation(&puzzle, &after), shown, "{}", puzzle.id);
        let reply = shown.expect("a defence that holds");
        after.apply_unchecked(reply);
        assert!(
            after.status().is_over() || !Solver::new().wins_within(&after, kind.depth() - 1),
            "{}: the refutation does not hold",
            puzzle.id
        );
    }
}

#[test]
fn a_stop_puzzle_is_solved_by_its_move_and_lost_to_the_threat_otherwise() {
    let puzzle = first(Kind::Stop(1));
    let mut attempt = Attempt::new(&puzzle).expect("loads");
    let solution = puzzle.solution_move(attempt.game()).expect("reads");
    assert_eq!(attempt.play(solution), Outcome::Solved);

    let mut attempt = Attempt::new(&puzzle).expect("loads");
    let me = attempt.game().to_move();
    let Outcome::Wrong {
        refutation: Some(win),
    } = attempt.play(wrong_move(&puzzle))
    else {
        panic!("the threat is carried out");
    };
    assert_eq!(attempt.game().last_move(), Some(win));
    assert!(won_by(attempt.game().status(), me.opponent()));
}

#[test]
fn an_illegal_move_changes_nothing() {
    let puzzle = first(Kind::Win(1));
    let mut attempt = Attempt::new(&puzzle).expect("loads");
    let before = attempt.game().game_string();
    let outcome = attempt.play(Move::Pass);
    assert_eq!(outcome, Outcome::Illegal(RuleError::PassNotAllowed));
    assert_eq!(attempt.game().game_string(), before);
    assert!(!attempt.is_finished());
}

#[test]
fn the_defence_puts_off_the_loss_longest() {
    let puzzle = first(Kind::Win(3));
    let mut game = puzzle.game().expect("loads");
    game.play(puzzle.solution_move(&game).expect("reads"))
        .expect("legal");
    let chosen = defence(&game, 2).expect("a reply");
    let mut solver = Solver::new();
    let delay = |solver: &mut Solver, mv: Move| {
        let mut after = game.clone();
        after.apply_unchecked(mv);
        if after.status().is_over() {
            0
        } else {
            solver.fastest_win(&after, 2).unwrap_or(3)
        }
    };
    let best = delay(&mut solver, chosen);
    assert_eq!(best, 2, "the win still takes two more moves");
    for mv in legal_moves(&game) {
        assert!(delay(&mut solver, mv) <= best);
    }
}

#[test]
fn the_hint_names_the_piece_to_move() {
    let puzzle = first(Kind::Win(2));
    let game = puzzle.game().expect("loads");
    let solution = puzzle.solution_move(&game).expect("reads");
    let hint = hint(&puzzle).expect("readable");
    assert_eq!(hint.text, puzzle.hint);
    assert_eq!(hint.piece, solution.piece());
}
