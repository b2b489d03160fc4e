//! "Review with the engine" in the headless app: the review of the game's
//! line runs on the task pool with its progress shown, then grades every
//! move of the line; a move that was not the engine's choice gives its line
//! as a variation to play; Cancel stops a review, and a new game drops the
//! old game's review; saved as PGN, the review comes back with the game.

use std::time::Duration;

use crate::app::{SCRIPT, local_app_from, scripted_game, settle, turn, update_until_within};
use bevy::prelude::*;
use hive::ai::{Limits, MoveClass};
use hive::game::{
    CurrentGame, EngineReview, EngineReviewRequest, NewGame, RecordsAction, ReviewAction,
    ReviewWhy, ReviewedLine, Turn, Words,
};
use hive::rules::Color;

/// The scripted Base+P game (19 moves), two people at the screen, with
/// reviews searched to depth 2 so the test runs in seconds.
fn app() -> bevy::app::App {
    let mut app = local_app_from(&scripted_game().game_string());
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(2);
    app
}

/// Whether the engine's review of the game on the board is kept.
pub(crate) fn reviewed(app: &App) -> bool {
    let current = app.world().resource::<CurrentGame>();
    app.world()
        .resource::<EngineReview>()
        .reviewed(current.variations())
        .is_some()
}

/// The review shown for the game on the board.
fn review_shown(app: &App) -> ReviewedLine {
    let current = app.world().resource::<CurrentGame>();
    app.world()
        .resource::<EngineReview>()
        .reviewed(current.variations())
        .expect("reviewed")
        .clone()
}

fn review_to_the_end(app: &mut App) {
    app.world_mut().write_message(EngineReviewRequest::Start);
    app.update();
    update_until_within(app, "the review", Duration::from_secs(60), reviewed);
}

#[test]
fn the_engine_grades_every_move_of_the_line_with_progress_shown() {
    let mut app = app();
    let moves = app.world().resource::<CurrentGame>().line_nodes().len();
    assert_eq!(moves, SCRIPT.split(';').count());
    app.world_mut().write_message(EngineReviewRequest::Start);
    app.update();
    let progress = app.world().resource::<EngineReview>().progress();
    // Finished in one frame is possible on a fast machine, but then the
    // review is there.
    if let Some((done, total)) = progress {
        assert_eq!(total, moves + 1, "every position, the start included");
        assert!(done <= total);
    }
    update_until_within(&mut app, "the review", Duration::from_secs(60), reviewed);
    assert_eq!(
        turn(&app),
        Some(Turn::Review),
        "the game is shown in review"
    );

    let current = app.world().resource::<CurrentGame>().clone();
    let line = review_shown(&app);
    assert_eq!(line.nodes, current.line_nodes());
    assert_eq!(line.review.moves.len(), moves);
    assert_eq!(line.review.positions.len(), moves + 1);
    for (ply, &node) in current.line_nodes().iter().enumerate() {
        let verdict = line.verdict(node).expect("each move has a verdict");
        assert_eq!(verdict.ply, ply);
        assert_eq!(verdict.played, current.variations().text(node));
        assert_eq!(line.ply_of(node), Some(ply + 1));
        assert_eq!(line.node_after(ply + 1), node);
    }
    let white = line.review.summary(Color::White);
    let black = line.review.summary(Color::Black);
    assert_eq!(white.moves + black.moves, moves);
    assert_eq!(white.counts.iter().sum::<usize>(), white.moves);
    // The last move surrounds the Queen: nothing better exists.
    let last = line.review.moves.last().expect("moves");
    assert_eq!(last.class, MoveClass::Best);
}

/// Shows the move at `node` of the reviewed line and what is said of it.
fn why_at(app: &mut App, node: hive::records::NodeId) -> ReviewWhy {
    app.world_mut().write_message(ReviewAction::GotoNode(node));
    settle(app);
    assert_eq!(app.world().resource::<CurrentGame>().node(), node);
    app.world().resource::<ReviewWhy>().clone()
}

#[test]
fn a_marked_move_says_why_and_what_the_engines_move_does_instead() {
    let mut app = app();
    review_to_the_end(&mut app);
    let line = review_shown(&app);
    let marked = |class| {
        matches!(
            class,
            MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder
        )
    };
    let mut explained = 0;
    for (index, verdict) in line.review.moves.iter().enumerate() {
        if !marked(verdict.class) {
            continue;
        }
        let node = line.nodes[index];
        let why = why_at(&mut app, node);
        assert!(why.explained, "move {} ({})", index + 1, verdict.played);
        // What the review's explanation says, in the player's words, the
        // first two facts of each move, lit where their pieces stand on the
        // board shown.
        let (before, shown) = {
            let tree = app.world().resource::<CurrentGame>().variations();
            (tree.game_at(tree.parent(node)), tree.game_at(node))
        };
        let expected = line.review.explain(index, &before).expect("of this game");
        let words = &app.world().resource::<Words>().0;
        let mut played = words.move_facts_on(&expected.played, &shown);
        played.truncate(2);
        let mut better = expected
            .better
            .map(|facts| words.move_facts_on(&facts, &shown))
            .unwrap_or_default();
        better.truncate(2);
        assert_eq!(why.played, played);
        assert_eq!(why.better, better);
        for worded in why.played.iter().chain(&why.better) {
            assert!(!worded.text.is_empty());
            assert!(
                !worded.text.contains("why-"),
                "a missing message: {}",
                worded.text
            );
        }
        explained += usize::from(!why.played.is_empty() || !why.better.is_empty());
    }
    assert!(
        explained > 0,
        "no marked move of the game had a fact to tell"
    );
    // A move the review does not mark is not explained.
    let sound = line
        .review
        .moves
        .iter()
        .position(|verdict| !marked(verdict.class))
        .expect("a sound move");
    assert!(!why_at(&mut app, line.nodes[sound]).explained);
}

#[test]
fn the_engines_line_for_a_weaker_move_becomes_a_variation_to_step_through() {
    let mut app = app();
    review_to_the_end(&mut app);
    let (node, best, best_line) = {
        let line = review_shown(&app);
        let (node, verdict) = line
            .nodes
            .iter()
            .filter_map(|&node| line.verdict(node).map(|verdict| (node, verdict)))
            .find(|(_, verdict)| verdict.class != MoveClass::Best && verdict.best.is_some())
            .expect("at depth 2 some move of a real game is not the engine's choice");
        (
            node,
            verdict.best.clone().expect("best"),
            verdict.best_line.clone(),
        )
    };
    let parent = app
        .world()
        .resource::<CurrentGame>()
        .variations()
        .parent(node);
    app.world_mut()
        .write_message(EngineReviewRequest::PlayBestLine(node));
    settle(&mut app);

    let world = app.world();
    let current = world.resource::<CurrentGame>();
    let tree = current.variations();
    let shown = current.node();
    assert_eq!(
        tree.parent(shown),
        parent,
        "the engine's move, in place of the one played"
    );
    assert_eq!(tree.text(shown), best);
    assert!(
        !tree.is_main_child(shown),
        "a variation, the game's line kept"
    );
    let variation = current.line()[current.ply() - 1..].to_vec();
    assert_eq!(
        variation, best_line,
        "the whole engine line, to step through"
    );
    assert_eq!(turn(&app), Some(Turn::Review));
    assert!(
        reviewed(&app),
        "the review stays with the game's moves when a variation is added"
    );
}

#[test]
fn cancel_stops_the_review_and_a_new_game_drops_the_old_one() {
    let mut app = app();
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(6);
    app.world_mut().write_message(EngineReviewRequest::Start);
    app.update();
    assert!(app.world().resource::<EngineReview>().is_running());
    app.world_mut().write_message(EngineReviewRequest::Cancel);
    app.update();
    assert!(!app.world().resource::<EngineReview>().is_running());
    for _ in 0..5 {
        app.update();
    }
    assert!(!reviewed(&app), "a cancelled review shows nothing");

    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(1);
    review_to_the_end(&mut app);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert!(
        !reviewed(&app),
        "a new game does not show the last game's verdicts"
    );
}

#[test]
fn the_review_is_saved_with_the_game_as_pgn_and_shown_again_when_loaded() {
    let mut app = app();
    review_to_the_end(&mut app);
    let verdicts = review_shown(&app).review;
    let dir = tempfile::TempDir::new().expect("a folder");
    let file = dir.path().join("reviewed.pgn");
    app.world_mut()
        .write_message(RecordsAction::SavePgn(file.clone()));
    settle(&mut app);
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(
        text.contains("[%review "),
        "the verdicts are in the comments"
    );

    // Another game, then the saved one: its review is shown at once.
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert!(!reviewed(&app));
    app.world_mut().write_message(RecordsAction::Load(file));
    settle(&mut app);
    let current = app.world().resource::<CurrentGame>();
    let shown = app
        .world()
        .resource::<EngineReview>()
        .reviewed(current.variations())
        .expect("the saved review is shown");
    assert_eq!(shown.review, verdicts, "every verdict as it was");
    assert_eq!(shown.nodes, current.line_nodes()[..shown.nodes.len()]);
}
