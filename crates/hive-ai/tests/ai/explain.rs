//! Why a reviewed move is worse: the facts of the move played and of the
//! engine's move along their lines, with the forced results the search
//! found; shared facts dropped; hints explained along their line.

use std::sync::atomic::AtomicBool;

use crate::common::tactics::{legal, winning_moves};
use hive_ai::search::{WIN, WIN_THRESHOLD};
use hive_ai::{
    Engine, Limits, MoveClass, MoveReview, REVIEW_DEPTH, default_review_limits, explain_hint,
    explain_move, review_game,
};
use hive_rules::{Bug, Color, Fact, Game, GameType, Piece};

const TACTICS: &str = include_str!("../data/tactics.tsv");

/// A verdict on `played` in `game` with the given values (White's view).
fn verdict(game: &Game, played: &str, best: &str, before: i32, after: i32) -> MoveReview {
    MoveReview {
        ply: game.ply() as usize,
        mover: game.to_move(),
        played: played.into(),
        eval_before: before,
        eval_after: after,
        loss: 0,
        class: MoveClass::Blunder,
        best: Some(best.into()),
        best_line: vec![best.into()],
    }
}

/// Two different legal moves of `game`, as MoveStrings.
fn two_moves(game: &Game) -> (String, String) {
    let moves = legal(game);
    (
        game.move_string(moves[0]),
        game.move_string(moves[moves.len() - 1]),
    )
}

/// A legal move of `game` other than `played`, as a MoveString.
fn other_than(game: &Game, played: &str) -> String {
    legal(game)
        .into_iter()
        .map(|m| game.move_string(m))
        .find(|m| m != played)
        .expect("more than one legal move")
}

fn base() -> Game {
    Game::from_game_string("Base;InProgress;White[3];wS1;bG1 -wS1;wA1 wS1/;bQ /bG1")
        .expect("a legal game")
}

#[test]
fn a_win_let_slip_is_told_with_its_length_in_the_movers_terms() {
    let game = base();
    // White (to move) had a win in 3 plies and the move played lets it go.
    let v = verdict(
        &game,
        "wQ wS1\\",
        &other_than(&game, "wQ wS1\\"),
        WIN - 3,
        40,
    );
    let why = explain_move(&game, &v, &[]).expect("the review is of this game");
    assert_eq!(
        why.played.facts.first(),
        Some(&Fact::MissedWin {
            side: Color::White,
            plies: 3
        })
    );
    assert!(why.better.is_some(), "the engine's move is explained too");
    // Black to move: the values are White's view, so Black's win is -WIN.
    let mut black = game.clone();
    black.play_move_string("wQ wS1\\").expect("legal");
    let (played, best) = two_moves(&black);
    let v = verdict(&black, &played, &best, -(WIN - 5), -20);
    let why = explain_move(&black, &v, &[]).expect("of this game");
    assert_eq!(
        why.played.facts.first(),
        Some(&Fact::MissedWin {
            side: Color::Black,
            plies: 5
        })
    );
}

#[test]
fn a_forced_loss_walked_into_is_counted_from_the_position_after() {
    let game = base();
    // The move, then Black's win in one: two plies from the position before.
    let v = verdict(
        &game,
        "wQ wS1\\",
        &other_than(&game, "wQ wS1\\"),
        30,
        -(WIN - 2),
    );
    let why = explain_move(&game, &v, &[]).expect("of this game");
    assert_eq!(
        why.played.facts.first(),
        Some(&Fact::ForcedLoss {
            winner: Color::Black,
            plies: 1
        })
    );
    // Already lost before: nothing new is said of the loss.
    let v = verdict(
        &game,
        "wQ wS1\\",
        &other_than(&game, "wQ wS1\\"),
        -(WIN - 6),
        -(WIN - 2),
    );
    let why = explain_move(&game, &v, &[]).expect("of this game");
    assert!(
        !why.played
            .facts
            .iter()
            .any(|f| matches!(f, Fact::ForcedLoss { .. } | Fact::MissedWin { .. })),
        "{:?}",
        why.played.facts
    );
}

#[test]
fn a_review_of_another_game_is_not_explained_and_the_engines_own_move_has_no_better() {
    let game = base();
    let v = verdict(&game, "bQ wS1-", "wQ wS1\\", 0, 0);
    assert!(
        explain_move(&game, &v, &[]).is_none(),
        "not White's piece to play"
    );
    let v = verdict(&game, "wQ wS1\\", "wQ wS1\\", 0, 0);
    let why = explain_move(&game, &v, &[]).expect("of this game");
    assert!(why.better.is_none());
    // A line that stops parsing is followed up to there.
    let v = verdict(&game, "wQ wS1\\", &other_than(&game, "wQ wS1\\"), 0, 0);
    let replies = ["bA1 -bQ".to_string(), "nonsense".into(), "wA1 bQ-".into()];
    let why = explain_move(&game, &v, &replies).expect("of this game");
    assert_eq!(why.played.followed, 1);
}

#[test]
fn facts_both_lines_share_say_nothing_and_are_dropped_from_both() {
    // In a crowded position, two moves that change some of the same things
    // (a Queen's cells, a pin): neither side of the explanation keeps a
    // fact the other has too, and only those go.
    let game = wins_in_one().remove(0);
    let facts = |mv| game.move_facts(mv, &[]).expect("legal");
    let moves = legal(&game);
    let mut pairs_with_shared = 0;
    for pair in moves.windows(2).take(40) {
        let (full_played, full_better) = (facts(pair[0]), facts(pair[1]));
        let said = |facts: &[Fact], fact: &Fact| facts.iter().any(|f| f.same_claim(fact));
        // What is its own, and from the mover's side: the move played
        // keeps what hurts the mover, the better move what helps it.
        let mover = game.to_move();
        let own = |mine: &[Fact], theirs: &[Fact], good: bool| -> Vec<Fact> {
            mine.iter()
                .filter(|f| !said(theirs, f) && f.good_for(mover) == Some(good))
                .copied()
                .collect()
        };
        let (played, best) = (game.move_string(pair[0]), game.move_string(pair[1]));
        let v = verdict(&game, &played, &best, 0, 0);
        let why = explain_move(&game, &v, &[]).expect("of this game");
        let better = why.better.expect("the engine's move differs");
        for fact in &why.played.facts {
            assert!(!said(&better.facts, fact), "{fact:?} on both sides");
        }
        assert_eq!(
            why.played.facts,
            own(&full_played.facts, &full_better.facts, false)
        );
        assert_eq!(
            better.facts,
            own(&full_better.facts, &full_played.facts, true)
        );
        pairs_with_shared += usize::from(why.played.facts.len() < full_played.facts.len());
    }
    assert!(pairs_with_shared > 0, "no pair shared a fact");
}

/// A few `win1` rows of the tactics file.
fn wins_in_one() -> Vec<Game> {
    TACTICS
        .lines()
        .filter(|l| l.starts_with("win1\t"))
        .take(3)
        .map(|l| Game::from_game_string(l.split('\t').nth(1).unwrap()).expect("a legal row"))
        .collect()
}

#[test]
fn a_reviewed_win_thrown_away_names_the_missed_win_and_the_better_move_surrounds_the_queen() {
    let cancel = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    let mut losses_told = 0;
    for game in wins_in_one() {
        let mover = game.to_move();
        let mut work = game.clone();
        let winners = winning_moves(&mut work);
        let other = legal(&game)
            .into_iter()
            .filter(|m| !winners.contains(m))
            .find(|&m| {
                let mut after = game.clone();
                after.apply_unchecked(m);
                engine
                    .search(&after, Limits::depth(REVIEW_DEPTH), &cancel)
                    .score
                    > -WIN_THRESHOLD
            })
            .expect("a move that lets the win go");
        let mut thrown = game.clone();
        thrown.play(other).unwrap();
        let review = review_game(
            &thrown,
            default_review_limits(),
            &mut engine,
            &cancel,
            |_, _| {},
        )
        .expect("not cancelled");
        let last = review.moves.len() - 1;
        let why = review.explain(last, &game).expect("of this game");
        assert_eq!(
            why.played.facts.first(),
            Some(&Fact::MissedWin {
                side: mover,
                plies: 1
            })
        );
        let better = why.better.expect("the engine's move");
        let their_queen = Piece::new(mover.opponent(), Bug::Queen, 1).unwrap();
        assert!(
            better.facts.iter().any(|f| matches!(
                f,
                Fact::QueenCells { queen, after: 0, .. } if *queen == their_queen
            )),
            "{:?}",
            better.facts
        );
        // The move before let the win in: told as a forced loss in one,
        // unless that side was lost already.
        let mut before_that = game.clone();
        before_that.undo();
        let into = &review.moves[last - 1];
        let view = |v: i32| if into.mover == Color::White { v } else { -v };
        if view(into.eval_before) > -WIN_THRESHOLD && view(into.eval_after) <= -WIN_THRESHOLD {
            let why = review
                .explain(last - 1, &before_that)
                .expect("of this game");
            assert!(why.played.facts.contains(&Fact::ForcedLoss {
                winner: mover,
                plies: 1
            }));
            losses_told += 1;
        }
    }
    assert!(losses_told > 0, "no row had a move walking into the loss");
}

#[test]
fn a_hint_is_explained_along_its_line() {
    let game = Game::new(GameType::from_expansions("").unwrap());
    let mut engine = Engine::new(16);
    let cancel = AtomicBool::new(false);
    let result = engine.search(&game, Limits::depth(2), &cancel);
    let hint = result.best.expect("a move at the start");
    let facts = explain_hint(&game, hint, &result.pv).expect("a legal hint");
    assert_eq!(facts.mv, hint);
    assert_eq!(facts.followed, result.pv.len().saturating_sub(1));
    // A line that does not start with the hint is not followed.
    let other = legal(&game).into_iter().find(|&m| m != hint).unwrap();
    let facts = explain_hint(&game, other, &result.pv).expect("legal");
    assert_eq!(facts.followed, 0);
}

#[test]
fn the_better_move_is_praised_and_the_played_one_blamed_from_the_movers_side() {
    // White to move: `wA2 /wQ` beside White's own Queen takes a cell from
    // her; `wA1 bQ-` takes one from the black Queen (and gives White's
    // Queen one back).
    let game = Game::from_game_string(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wQ;bA1 bQ\\",
    )
    .expect("legal");
    let own_queen = "wA2 /wQ";
    let theirs = "wA1 bQ-";
    let white_queen = Piece::new(Color::White, Bug::Queen, 1).unwrap();
    let black_queen = Piece::new(Color::Black, Bug::Queen, 1).unwrap();
    let fewer = |facts: &[Fact], queen: Piece| {
        facts.iter().any(|f| {
            matches!(f, Fact::QueenCells { queen: q, before, after, .. } if *q == queen && after < before)
        })
    };
    // The engine prefers the attack: White's own Queen losing a cell is the
    // played move's fault, never the better move's merit.
    let why = explain_move(&game, &verdict(&game, own_queen, theirs, 0, 0), &[]).expect("legal");
    let better = why.better.expect("a better move");
    assert!(
        fewer(&why.played.facts, white_queen),
        "{:?}",
        why.played.facts
    );
    assert!(fewer(&better.facts, black_queen), "{:?}", better.facts);
    assert!(!fewer(&better.facts, white_queen), "{:?}", better.facts);
    // The other way round: the attack played is not blamed for the black
    // Queen's lost cell, and the move beside White's own Queen is not
    // praised for hers.
    let why = explain_move(&game, &verdict(&game, theirs, own_queen, 0, 0), &[]).expect("legal");
    let better = why.better.expect("a better move");
    assert!(
        !fewer(&why.played.facts, black_queen),
        "{:?}",
        why.played.facts
    );
    assert!(!fewer(&better.facts, white_queen), "{:?}", better.facts);
    for fact in &better.facts {
        assert_eq!(fact.good_for(Color::White), Some(true), "{fact:?}");
    }
    // A hint beside its own Queen has no reason to give for her.
    let hint = game.parse_move(own_queen).unwrap();
    let facts = explain_hint(&game, hint, &[hint]).expect("legal");
    assert!(facts.facts.is_empty(), "{:?}", facts.facts);
    let attack = game.parse_move(theirs).unwrap();
    let facts = explain_hint(&game, attack, &[attack]).expect("legal");
    assert!(fewer(&facts.facts, black_queen), "{:?}", facts.facts);
}
