//! The analysis board in the headless app: with analysis on, the engine
//! searches the position on the board depth after depth on the task pool;
//! every change of the position (a move, a step in review) drops the
//! running search and the line shown, so a line is only ever shown for the
//! position it was searched for; clicking the line plays it; off stops it.

use crate::app::{LINE_OPENING, game, local_app_from, settle, update_until};
use bevy::prelude::*;
use hive::game::{
    Analysis, AnalysisSwitch, PlayMove, Players, RecordsAction, ReviewAction, SetAnalysis, Turn,
};

fn app() -> App {
    let mut app = local_app_from(LINE_OPENING);
    app.world_mut().write_message(SetAnalysis(true));
    app.update();
    app
}

/// The line shown is for the position on the board, or there is none.
fn assert_not_stale(app: &App) {
    let analysis = app.world().resource::<Analysis>();
    let id = app.world().resource::<Players>().game_id;
    if let Some(line) = analysis.line() {
        assert!(
            line.is_for(id, &game(app)),
            "a stale line is shown: {line:?}"
        );
    }
}

fn line_depth(app: &App) -> u32 {
    let analysis = app.world().resource::<Analysis>();
    let id = app.world().resource::<Players>().game_id;
    analysis
        .line()
        .filter(|line| line.is_for(id, &game(app)))
        .map_or(0, |line| line.depth)
}

#[test]
fn the_analysis_restarts_on_every_change_and_never_shows_a_stale_line() {
    let mut app = app();
    update_until(&mut app, "a line at depth 2", |app| line_depth(app) >= 2);
    let line = app.world().resource::<Analysis>().line().cloned().unwrap();
    assert!(!line.pv.is_empty());
    assert_eq!(line.pv_text.len(), line.pv.len());
    let best = line.best().unwrap();
    assert!(
        game(&app).check_move(best).is_ok(),
        "the best move is legal here"
    );

    // A move: the line and the search for the old position go at once.
    let dropped = app.world().resource::<Analysis>().dropped;
    let mut moves = Vec::new();
    game(&app).legal_moves(&mut moves);
    app.world_mut()
        .write_message(PlayMove(moves[moves.len() - 1]));
    for _ in 0..5 {
        app.update();
        assert_not_stale(&app);
    }
    let analysis = app.world().resource::<Analysis>();
    assert!(analysis.dropped > dropped || analysis.line().is_none() || line_depth(&app) > 0);
    update_until(&mut app, "a line for the new position", |app| {
        assert_not_stale(app);
        line_depth(app) >= 1
    });

    // Review: the analysis follows the position shown.
    app.world_mut().write_message(RecordsAction::Undo);
    app.world_mut().write_message(ReviewAction::Enter);
    settle(&mut app);
    app.world_mut().write_message(ReviewAction::StepBack);
    settle(&mut app);
    assert_eq!(
        app.world().get_resource::<State<Turn>>().map(|t| *t.get()),
        Some(Turn::Review)
    );
    update_until(&mut app, "a line for the reviewed position", |app| {
        assert_not_stale(app);
        line_depth(app) >= 1
    });
}

#[test]
fn clicking_the_line_plays_it_and_off_stops() {
    let mut app = app();
    update_until(&mut app, "a line at depth 2", |app| line_depth(app) >= 2);
    let line = app.world().resource::<Analysis>().line().cloned().unwrap();
    let before = game(&app).ply();
    app.world_mut().resource_mut::<Analysis>().play_line_to(0);
    settle(&mut app);
    assert_eq!(game(&app).ply(), before + 1);
    assert_eq!(game(&app).last_move(), line.best());

    app.world_mut().write_message(SetAnalysis(false));
    settle(&mut app);
    let analysis = app.world().resource::<Analysis>();
    assert!(!app.world().resource::<AnalysisSwitch>().0);
    assert!(analysis.line().is_none() && !analysis.is_searching());
    let started = analysis.started;
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Analysis>().started,
        started,
        "nothing searched"
    );
}

#[test]
fn top_three_moves_are_distinct_legal_and_ranked() {
    let mut app = app();
    app.world_mut().resource_mut::<Analysis>().set_lines(3);
    update_until(&mut app, "three lines at depth 2", |app| {
        assert_not_stale(app);
        line_depth(app) >= 2
    });
    let line = app.world().resource::<Analysis>().line().cloned().unwrap();
    assert_eq!(line.others.len(), 2, "{line:?}");
    let firsts: Vec<_> = std::iter::once(line.best().unwrap())
        .chain(line.others.iter().map(|other| other.pv[0]))
        .collect();
    for (i, &mv) in firsts.iter().enumerate() {
        assert!(game(&app).check_move(mv).is_ok(), "{mv:?} is legal");
        assert!(!firsts[..i].contains(&mv), "{mv:?} is listed once");
    }
    // White is to move: the best is best for White.
    assert!(line.others[0].white_score <= line.white_score);
    assert!(line.others[1].white_score <= line.others[0].white_score);
    // Clicking the second line's first move plays it.
    let second = line.others[0].pv[0];
    app.world_mut()
        .resource_mut::<Analysis>()
        .play_other_line_to(1, 0);
    settle(&mut app);
    assert_eq!(game(&app).last_move(), Some(second));
    // Back to one line: the search starts again without the others.
    app.world_mut().resource_mut::<Analysis>().set_lines(1);
    update_until(&mut app, "one line", |app| line_depth(app) >= 1);
    let line = app.world().resource::<Analysis>().line().cloned().unwrap();
    assert!(line.others.is_empty());
}

/// The analysis board is opened with two hands at the screen, and the
/// opponent chosen for the next game stays as it was (it used to become
/// "Human": New game then started a game for two at the screen).
#[test]
fn the_analysis_board_leaves_the_opponent_chosen_for_the_next_game() {
    use crate::app::{app_keeping_files, set_screen, set_settings, start_playing};
    use hive::game::{NewGameSettings, Opponent, Screen, SeatsOnce, Settings};
    use hive::records::Seats;
    let mut app = app_keeping_files(None, None, NewGameSettings::default());
    set_settings(&mut app, |s| s.opponent = Opponent::Ai);
    app.world_mut().resource_mut::<SeatsOnce>().0 = Some(Seats::Human);
    start_playing(&mut app);
    assert_eq!(app.world().resource::<Players>().seats, Seats::Human);
    assert_eq!(app.world().resource::<Settings>().opponent, Opponent::Ai);
    set_screen(&mut app, Screen::MainMenu);
    app.update();
    start_playing(&mut app);
    assert!(matches!(
        app.world().resource::<Players>().seats,
        Seats::Ai { .. }
    ));
}
