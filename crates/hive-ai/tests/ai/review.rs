//! Whole-game review: wins in one thrown away and taken, the engine's own
//! games, cancelling, progress and the printed text.

use std::sync::atomic::AtomicBool;

use crate::common::tactics::{legal, winning_moves};
use hive_ai::review::{BLUNDER, DECISIVE, INACCURACY, MISTAKE, format_score};
use hive_ai::search::{WIN, WIN_THRESHOLD};
use hive_ai::{
    Engine, GameReview, Limits, MoveClass, REVIEW_DEPTH, default_review_limits, review_game,
};
use hive_rules::{Color, Game, GameType};

const TACTICS: &str = include_str!("../data/tactics.tsv");

fn review(game: &Game, limits: Limits) -> GameReview {
    let cancel = AtomicBool::new(false);
    review_game(game, limits, &mut Engine::new(16), &cancel, |_, _| {}).expect("not cancelled")
}

/// The first few `win1` rows: (position, the row's winning move).
fn wins_in_one() -> Vec<(Game, String)> {
    TACTICS
        .lines()
        .filter(|l| l.starts_with("win1\t"))
        .take(3)
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            let game = Game::from_game_string(fields[1]).expect("a legal row");
            (game, fields[2].to_string())
        })
        .collect()
}

#[test]
fn throwing_away_a_win_in_one_is_a_blunder_and_taking_it_is_best() {
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    for (game, row_move) in wins_in_one() {
        let mut work = game.clone();
        let winners: Vec<String> = winning_moves(&mut work)
            .into_iter()
            .map(|m| game.move_string(m))
            .collect();
        assert!(winners.contains(&row_move), "{row_move}");

        // Taking the win.
        let mut won = game.clone();
        won.play_move_string(&row_move).expect("legal");
        let last = review(&won, default_review_limits()).moves.pop().unwrap();
        assert_eq!(last.played, row_move);
        assert_eq!(last.class, MoveClass::Best, "{row_move}");
        assert_eq!(last.loss, 0);

        // Any move after which the win is gone (the other side is not lost).
        let other = legal(&game)
            .into_iter()
            .filter(|m| !winners.contains(&game.move_string(*m)))
            .find(|&m| {
                let mut after = game.clone();
                after.apply_unchecked(m);
                let reply = engine.search(&after, Limits::depth(REVIEW_DEPTH), &cancel);
                reply.score > -WIN_THRESHOLD
            })
            .expect("a move that lets the win go");
        let mut thrown = game.clone();
        thrown.play(other).unwrap();
        let reviewed = review(&thrown, default_review_limits());
        let last = reviewed.moves.last().unwrap();
        assert_eq!(last.played, game.move_string(other));
        assert_eq!(last.class, MoveClass::Blunder, "{}", last.played);
        assert_eq!(last.class.symbol(), "??");
        let best = last.best.as_ref().expect("a best move");
        assert!(winners.contains(best), "best {best} among {winners:?}");
        assert_eq!(last.best_line.first(), Some(best));
        // Before: a win for the mover, shown as a forced win.
        let mover_view = match last.mover {
            Color::White => last.eval_before,
            Color::Black => -last.eval_before,
        };
        assert!(mover_view >= WIN_THRESHOLD, "{mover_view}");
        assert!(last.loss > 0 && last.loss <= 2 * DECISIVE);
        assert!(reviewed.to_string().contains("blunder ??  best: "));
    }
}

#[test]
fn the_engines_own_moves_at_the_review_depth_are_best() {
    let cancel = AtomicBool::new(false);
    let limits = default_review_limits();
    // A game between two engines at the review's depth, searched in the
    // order the review searches (from a cleared table), so each of its
    // moves is the one the review's engine finds.
    let mut engine = Engine::new(16);
    engine.clear();
    let mut game = Game::new(GameType::from_expansions("MLP").unwrap());
    while game.ply() < 10 && !game.status().is_over() {
        let result = engine.search(&game, limits, &cancel);
        game.play(result.best.unwrap()).unwrap();
    }
    let plies = game.ply() as usize;

    let reviewed = review(&game, limits);
    assert_eq!(reviewed.moves.len(), plies);
    for (i, m) in reviewed.moves.iter().enumerate() {
        assert_eq!(m.ply, i);
        assert!(
            m.class == MoveClass::Best || m.loss == 0,
            "{i}: {} {:?} loss {}",
            m.played,
            m.class,
            m.loss
        );
        assert_eq!(
            m.mover,
            if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        );
    }
    let evaluations = reviewed.evaluations();
    assert_eq!(evaluations.len(), plies + 1);
    assert!(evaluations.iter().all(|e| e.abs() <= DECISIVE));
    for color in Color::ALL {
        let summary = reviewed.summary(color);
        let moves = reviewed.moves.iter().filter(|m| m.mover == color).count();
        assert_eq!(summary.moves, moves);
        assert_eq!(summary.counts.iter().sum::<usize>(), moves);
        assert!(summary.average_loss >= 0.0);
        assert_eq!(summary.count(MoveClass::Best), moves);
    }
}

#[test]
fn cancelled_before_the_call_returns_none_at_once() {
    let (game, _) = wins_in_one().remove(0);
    let cancel = AtomicBool::new(true);
    let mut calls = 0;
    let mut engine = Engine::new(1);
    let result = review_game(&game, Limits::depth(4), &mut engine, &cancel, |_, _| {
        calls += 1
    });
    assert!(result.is_none());
    assert_eq!(calls, 0);
    // Next to nothing searched (the review going on would search every
    // position to depth 4, thousands of nodes), whatever the machine's
    // speed.
    let searched = engine.ordering_stats().nodes;
    assert!(
        searched < 1_000,
        "{searched} nodes searched after the cancel"
    );
}

#[test]
fn progress_is_reported_once_per_position() {
    let (game, _) = wins_in_one().remove(1);
    let cancel = AtomicBool::new(false);
    let mut seen = Vec::new();
    let reviewed = review_game(
        &game,
        Limits::depth(2),
        &mut Engine::new(1),
        &cancel,
        |done, total| seen.push((done, total)),
    )
    .unwrap();
    let total = game.ply() as usize + 1;
    let expected: Vec<(usize, usize)> = (1..=total).map(|done| (done, total)).collect();
    assert_eq!(seen, expected);
    assert_eq!(reviewed.moves.len() + 1, total);
}

#[test]
fn the_text_has_a_line_per_move_and_both_summaries() {
    let (game, _) = wins_in_one().remove(2);
    let reviewed = review(&game, Limits::depth(2));
    let text = reviewed.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), reviewed.moves.len() + 2, "{text}");
    for (line, m) in lines.iter().zip(&reviewed.moves) {
        assert!(
            line.starts_with(&format!("{:>3}. {}", m.ply + 1, m.played)),
            "{line}"
        );
        assert!(line.contains(m.class.name()), "{line}");
        assert!(line.contains(&format_score(m.eval_before)), "{line}");
    }
    let white = reviewed.summary(Color::White).to_string();
    let black = reviewed.summary(Color::Black).to_string();
    assert!(lines[lines.len() - 2] == white && white.starts_with("White: "));
    assert!(lines[lines.len() - 1] == black && black.starts_with("Black: "));
    assert!(white.contains("average loss"));
}

#[test]
fn classes_follow_the_thresholds() {
    let class = |before, after| MoveClass::classify(before, after, false);
    assert_eq!(MoveClass::classify(30, -500, true), (MoveClass::Best, 0));
    assert_eq!(
        class(30, 30 - INACCURACY + 1),
        (MoveClass::Good, INACCURACY - 1)
    );
    assert_eq!(class(30, 60), (MoveClass::Good, 0));
    assert_eq!(class(30, 30 - INACCURACY).0, MoveClass::Inaccuracy);
    assert_eq!(class(30, 30 - MISTAKE).0, MoveClass::Mistake);
    assert_eq!(class(30, 30 - BLUNDER).0, MoveClass::Blunder);
    // A forced win kept, as quick as the engine's: best; slower: no loss.
    assert_eq!(class(WIN - 3, WIN - 1).0, MoveClass::Best);
    assert_eq!(class(WIN - 1, WIN - 3), (MoveClass::Good, 0));
    // A forced win thrown away, whatever the value left.
    assert_eq!(class(WIN - 1, 900).0, MoveClass::Blunder);
    // Walking into an avoidable forced loss; a lost game stays lost.
    assert_eq!(class(-900, -WIN + 4).0, MoveClass::Blunder);
    assert_eq!(class(-WIN + 6, -WIN + 2), (MoveClass::Good, 0));
    // Mate scores count as DECISIVE.
    assert_eq!(class(WIN - 1, 0).1, DECISIVE);
    assert_eq!(MoveClass::Mistake.symbol(), "?");
    assert_eq!(MoveClass::Inaccuracy.symbol(), "?!");
    assert_eq!(MoveClass::Good.symbol(), "");
    assert_eq!(format_score(125), "+1.25");
    assert_eq!(format_score(-40), "-0.40");
    assert_eq!(format_score(0), "0.00");
    assert_eq!(format_score(WIN - 5), "#3");
    assert_eq!(format_score(-WIN + 2), "#-1");
    assert_eq!(format_score(WIN), "1-0");
    assert_eq!(format_score(-WIN), "0-1");
}

/// Dumbot against Kaur50 (boardspace.net, 2023): from move 63 on, White
/// has no move and passes while Black closes in on White's Queen.
const PASSING_GAME: &str = "Base+MLP;BlackWins;White[45];wB1;bP wB1/;wM wB1\\;bM bP/;wS1 /wB1;\
bQ bP-;wQ -wB1;bA1 -bM;wM wB1-;bP bM-;wS2 \\wQ;bA1 wS2/;wA1 wM\\;bA2 \\bP;wA1 bA1-;bQ -bA2;\
wA2 wS1-;bA2 wM-;wS1 -wS2;bP bQ-;wA2 bM-;bA3 bP/;wL wB1\\;bA3 /wQ;wA3 /wL;bS1 bA2\\;wA3 -bA3;\
bS1 wA2-;wA3 \\bQ;bG1 bA2-;wB2 wA3/;bA3 wB2/;wG1 -wB2;bG1 wS1\\;wG2 /wL;bB1 \\bA1;wS1 \\bB1;\
bB2 /bG1;wG3 -wG2;bB2 bG1;wP -wG3;bB2 wQ;wP bG1\\;bB2 wB1;wQ /bG1;bM wA3-;wA3 bB1-;bA3 \\wG1;\
wS1 -bA3;bB1 wA3;wS1 bA3-;bA3 -wQ;wG1 wB2-;bS2 \\bA3;wG1 wS2-;bG1 bA3\\;wS1 bM-;bA1 -wB2;\
wS1 bS1-;bS2 -wS2;wS1 bM-;bA3 wS1/;pass;bB2 wM;pass;bB2 wL;pass;bB2 wG2;pass;bB2 wG3;pass;\
bB2 wP;pass;bL -bS2;pass;bL \\wS2;pass;bS2 -wQ;pass;bG2 /bS2;pass;bG2 \\wQ;pass;bG3 /bS2;pass;\
bG3 bG1-;pass;bB2 bG2-";

#[test]
fn a_position_with_only_a_pass_is_valued_by_what_follows_not_as_level() {
    let game = Game::from_game_string(PASSING_GAME).expect("a legal game");
    let moves: Vec<_> = game.moves().collect();
    // Before the last pass: White must pass, Black then surrounds the Queen.
    let mut before_pass = Game::with_options(game.game_type(), game.options());
    for &mv in &moves[..moves.len() - 2] {
        before_pass.play(mv).expect("legal");
    }
    let mut only = Vec::new();
    before_pass.legal_moves(&mut only);
    assert_eq!(only.len(), 1, "White has only a pass");
    let cancel = AtomicBool::new(false);
    let found = Engine::new(16).search(&before_pass, Limits::depth(3), &cancel);
    assert!(
        found.score <= -WIN_THRESHOLD,
        "White loses next move, not level: {}",
        found.score
    );

    // The review of the whole game: Black, winning all along while White
    // passes, makes no mistake by the engine's measure when its moves
    // keep the win within reach, and White's passes are never graded down.
    let reviewed = review(&game, Limits::depth(3));
    for verdict in reviewed.moves.iter().skip(62) {
        if verdict.played == "pass" {
            assert_eq!(verdict.class, MoveClass::Best, "{verdict:?}");
        }
        // A slower way to a win Black keeps is not a win thrown away.
        assert_ne!(verdict.class, MoveClass::Blunder, "{verdict:?}");
        assert!(
            verdict.eval_before <= 0,
            "Black is ahead once White must pass: {verdict:?}"
        );
    }
}
