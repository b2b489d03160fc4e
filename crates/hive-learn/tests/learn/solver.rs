//! The solver against a naive full-width search with no shortcut and no
//! move ordering, on the shipped puzzles' positions and on the positions
//! one move later: the same answer everywhere.

use std::path::Path;

use hive_learn::solver::{legal_moves, won_by};
use hive_learn::{Kind, Puzzle, Solver, load_puzzles};
use hive_rules::{Game, Move};

fn shipped() -> Vec<Puzzle> {
    load_puzzles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")).items
}

/// Does `mv` win within `n` of the mover's moves, by brute force?
fn naive_move_wins(game: &mut Game, mv: Move, n: u32) -> bool {
    let me = game.to_move();
    game.apply_unchecked(mv);
    let wins = match game.status() {
        status if status.is_over() => won_by(status, me),
        _ => {
            n > 1
                && legal_moves(game).into_iter().all(|reply| {
                    game.apply_unchecked(reply);
                    let lost = match game.status() {
                        status if status.is_over() => won_by(status, me),
                        _ => legal_moves(game)
                            .into_iter()
                            .any(|again| naive_move_wins(game, again, n - 1)),
                    };
                    game.undo();
                    lost
                })
        }
    };
    game.undo();
    wins
}

fn naive_winners(game: &Game, n: u32) -> Vec<Move> {
    let mut work = game.clone();
    legal_moves(game)
        .into_iter()
        .filter(|&mv| naive_move_wins(&mut work, mv, n))
        .collect()
}

#[test]
fn wins_in_one_match_brute_force_before_and_after_every_move() {
    let mut solver = Solver::new();
    let mut positions = 0;
    for puzzle in shipped().iter().filter(|p| p.kind.depth() == 1) {
        let game = puzzle.game().expect("loads");
        let mut seen = vec![game.clone()];
        for mv in legal_moves(&game) {
            let mut after = game.clone();
            after.apply_unchecked(mv);
            if !after.status().is_over() {
                seen.push(after);
            }
        }
        for position in seen {
            assert_eq!(
                solver.winning_moves(&position, 1),
                naive_winners(&position, 1),
                "{}: {}",
                puzzle.id,
                position.game_string()
            );
            positions += 1;
        }
    }
    assert!(positions > 1000, "only {positions} positions compared");
}

#[test]
fn wins_in_two_match_brute_force() {
    let mut solver = Solver::new();
    let puzzles: Vec<Puzzle> = shipped()
        .into_iter()
        .filter(|p| p.kind == Kind::Win(2))
        .take(3)
        .collect();
    assert_eq!(puzzles.len(), 3);
    for puzzle in puzzles {
        let game = puzzle.game().expect("loads");
        let solution = puzzle.solution_move(&game).expect("reads");
        assert_eq!(
            solver.winning_moves(&game, 2),
            vec![solution],
            "{}",
            puzzle.id
        );
        assert_eq!(naive_winners(&game, 2), vec![solution], "{}", puzzle.id);
    }
}

#[test]
fn a_finished_game_and_depth_zero_win_nothing() {
    let mut solver = Solver::new();
    let puzzle = shipped()
        .into_iter()
        .find(|p| p.kind == Kind::Win(1))
        .expect("one");
    let mut game = puzzle.game().expect("loads");
    assert!(!solver.wins_within(&game, 0));
    let mv = puzzle.solution_move(&game).expect("reads");
    game.play(mv).expect("legal");
    assert!(game.status().is_over());
    assert!(!solver.wins_within(&game, 3));
    assert_eq!(solver.nodes(), 0, "nothing to search");
}
