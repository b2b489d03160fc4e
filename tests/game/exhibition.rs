//! AI vs AI exhibitions, hints and the AI's considered destinations in a
//! headless Bevy app (the game's logic plugins, no window): a whole
//! exhibition game ends in a win or a draw with the piece entities matching
//! the rules engine; pause, step and play hold and release moves; the move
//! limit pauses (or exits); a restart drops a move held by the pause; a hint
//! is a legal move for the side to move, shown as a selection, and is
//! dropped when a move is played first; the AI shows every destination of
//! the piece it moves before moving it, or does not, as set.
//!
//! Restarting while the AI searches is covered in `headless.rs`.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use crate::app::{
    assert_entities_match_game, considered_cells, destinations, game, headless_app, no_animation,
    start_playing, turn, update_until, update_until_within,
};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::{
    AiEvaluation, AiThinking, BoardLayout, CellClicked, ConsideredDestinations, CurrentGame,
    ExhibitionCommand, ExhibitionControl, Hint, NewGame, NewGameSettings, Notice, Opponent,
    PlayMove, Players, RequestHint, Screen, Selection, Settings, Turn,
};
use hive::records::Seats;
use hive::rules::{Color as Side, Game, GameStatus, GameType, Hex, Move, Options, Piece};

/// A headless app about to start a game with `opponent` (call `start_playing`).
fn app(opponent: Opponent, control: ExhibitionControl) -> App {
    let mut app = headless_app();
    crate::app::set_settings(&mut app, |settings| {
        settings.opponent = opponent;
        settings.difficulty = Difficulty::Beginner;
    });
    no_animation(&mut app);
    app.insert_resource(control);
    app
}

/// Exhibition controls at the fastest pace, changed by `change`.
fn fast(change: impl FnOnce(&mut ExhibitionControl)) -> ExhibitionControl {
    let mut control = ExhibitionControl::default();
    control.moves_per_minute = 1.0e6;
    change(&mut control);
    control
}

/// An exhibition at the fastest pace, Beginner against Beginner.
fn exhibition(change: impl FnOnce(&mut ExhibitionControl)) -> App {
    app(
        Opponent::Exhibition {
            white: Difficulty::Beginner,
            black: Difficulty::Beginner,
        },
        fast(change),
    )
}

fn move_ready(app: &App) -> bool {
    app.world().resource::<AiThinking>().has_move_ready()
}

/// Lets every search end (a cancelled one, or one whose move a pause will
/// hold), then runs `frames` frames: what could happen by itself has
/// happened, for a check that nothing more did.
fn idle(app: &mut App, frames: usize) {
    crate::app::settle_searches(app, frames);
}

/// Every cell `piece` can reach in `game`, pillbug throws included.
fn all_destinations(game: &Game, piece: Piece) -> BTreeSet<Hex> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .filter(|m| m.piece() == Some(piece))
        .filter_map(|m| m.to())
        .collect()
}

#[test]
fn an_exhibition_plays_a_whole_game_to_a_result() {
    let mut app = app(
        Opponent::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Beginner,
        },
        fast(|_| {}),
    );
    // A safety net: a game still going after 60 turns each is a draw.
    let options = Options {
        turn_limit: Some(60),
        ..default()
    };
    crate::app::set_settings(&mut app, |settings| settings.rules = options);
    start_playing(&mut app);
    let players = *app.world().resource::<Players>();
    assert_eq!(
        players.seats,
        Seats::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Beginner,
        }
    );
    assert_eq!(players.seats.ai_side(), None);
    assert!(players.ai_to_move(&game(&app)), "the AI plays White");

    update_until_within(
        &mut app,
        "the end of the game",
        Duration::from_secs(240),
        |app| turn(app) == Some(Turn::GameOver),
    );
    let finished = game(&app);
    eprintln!("{} after {} moves", finished.status(), finished.ply());
    assert!(
        matches!(
            finished.status(),
            GameStatus::WhiteWins | GameStatus::BlackWins | GameStatus::Draw
        ),
        "{}",
        finished.status()
    );
    assert!(finished.ply() > 4, "a real game was played");
    assert_entities_match_game(&mut app);
    // The notation is the game's: replaying it gives the same game.
    let notation = app.world().resource::<CurrentGame>().notation().to_vec();
    assert_eq!(notation.len() as u32, finished.ply());
    let mut replayed = Game::with_options(GameType::BASE, options);
    for text in &notation {
        let mv = replayed.parse_move(text).unwrap();
        replayed.play(mv).unwrap();
    }
    assert_eq!(replayed.hash(), finished.hash());
    assert_eq!(replayed.status(), finished.status());
    // The evaluation bar has the last search's verdict for this game.
    let evaluation = app.world().resource::<AiEvaluation>().0.unwrap();
    assert_eq!(evaluation.game_id, players.game_id);

    // Nothing moves once the game is over.
    idle(&mut app, 50);
    assert_eq!(game(&app).ply(), finished.ply());
    assert!(!move_ready(&app));

    // Restart: a fresh board, the evaluation forgotten, and play resumes.
    app.world_mut().write_message(NewGame);
    app.update();
    assert_eq!(game(&app).ply(), 0);
    assert_entities_match_game(&mut app);
    update_until(&mut app, "the first move after the restart", |app| {
        game(app).ply() >= 1
    });
}

#[test]
fn pause_holds_moves_step_plays_one_and_play_resumes() {
    let mut app = exhibition(|c| c.paused = true);
    start_playing(&mut app);
    // The AI searches while paused, and holds the move it found.
    update_until(&mut app, "a move found", move_ready);
    idle(&mut app, 60);
    assert_eq!(game(&app).ply(), 0, "paused: no move played");
    assert!(move_ready(&app));
    assert!(
        considered_cells(&mut app).is_empty() && destinations(&mut app).is_empty(),
        "paused: no cells shown that look like cells to click"
    );
    assert!(
        !app.world().resource::<AiThinking>().is_thinking(),
        "a move held by the pause is not thinking"
    );

    // Step: exactly one move, then paused again.
    app.world_mut().write_message(ExhibitionCommand::Step);
    update_until(&mut app, "the stepped move", |app| game(app).ply() == 1);
    update_until(&mut app, "Black's move found", |app| {
        move_ready(app) && turn(app) == Some(Turn::AwaitingInput)
    });
    idle(&mut app, 60);
    assert_eq!(game(&app).ply(), 1, "one step, one move");
    assert!(app.world().resource::<ExhibitionControl>().paused);
    assert_entities_match_game(&mut app);

    // Two steps, two moves.
    app.world_mut().write_message(ExhibitionCommand::Step);
    app.world_mut().write_message(ExhibitionCommand::Step);
    update_until(&mut app, "two stepped moves", |app| game(app).ply() == 3);
    update_until(&mut app, "the next move found", move_ready);
    idle(&mut app, 60);
    assert_eq!(game(&app).ply(), 3);

    // Play: moves follow by themselves.
    app.world_mut().write_message(ExhibitionCommand::Play);
    update_until(&mut app, "moves after Play", |app| game(app).ply() >= 8);

    // Pause: the move count stops where it is.
    app.world_mut().write_message(ExhibitionCommand::Pause);
    app.update();
    let paused_at = game(&app).ply();
    idle(&mut app, 150);
    assert_eq!(game(&app).ply(), paused_at);
    assert_entities_match_game(&mut app);
}

#[test]
fn a_new_exhibition_from_the_menu_is_not_paused() {
    let mut app = exhibition(|c| c.paused = true);
    start_playing(&mut app);
    update_until(&mut app, "a move found", move_ready);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    assert!(!move_ready(&app), "leaving drops the held move");
    assert!(!app.world().resource::<ExhibitionControl>().paused);
    start_playing(&mut app);
    update_until(&mut app, "moves in the new exhibition", |app| {
        game(app).ply() >= 2
    });
}

#[test]
fn the_move_limit_pauses_and_can_exit() {
    let mut app = exhibition(|c| c.stop_after = Some(3));
    start_playing(&mut app);
    update_until(&mut app, "three moves", |app| game(app).ply() == 3);
    update_until(&mut app, "the pause", |app| {
        app.world().resource::<ExhibitionControl>().paused
    });
    idle(&mut app, 150);
    assert_eq!(game(&app).ply(), 3, "stopped at the limit");
    assert!(app.should_exit().is_none());
    // Play goes on past the limit.
    app.world_mut().write_message(ExhibitionCommand::Play);
    update_until(&mut app, "a move past the limit", |app| {
        game(app).ply() == 4
    });

    // With an exit asked for, the app exits after the last move.
    let mut app = exhibition(|c| {
        c.stop_after = Some(4);
        c.exit_when_stopped = true;
    });
    start_playing(&mut app);
    update_until(&mut app, "the exit", |app| {
        // At the limit the AI neither plays nor searches.
        assert!(game(app).ply() < 4 || !app.world().resource::<AiThinking>().is_thinking());
        app.should_exit().is_some()
    });
    assert_eq!(app.should_exit(), Some(AppExit::Success));
    assert_eq!(game(&app).ply(), 4);
    assert!(!move_ready(&app));
    assert_entities_match_game(&mut app);
}

#[test]
fn a_restart_drops_the_move_held_by_the_pause() {
    let mut app = exhibition(|c| c.paused = true);
    start_playing(&mut app);
    update_until(&mut app, "White's move found", move_ready);
    let first_id = app.world().resource::<Players>().game_id;

    // Restart on the same empty table, where the held move is still legal:
    // it is dropped in the restart's frame, and a new search starts.
    app.world_mut().write_message(NewGame);
    app.update();
    assert!(app.world().resource::<Players>().game_id > first_id);
    assert!(!move_ready(&app), "the held move was dropped");
    assert!(app.world().resource::<AiThinking>().is_thinking());
    assert_eq!(game(&app).ply(), 0);
    update_until(&mut app, "the new game's move found", move_ready);
    let first_id = app.world().resource::<Players>().game_id;

    // Restart into a position with Black to move, and play on in the same
    // frame: the held White move must not land.
    let opening = Game::from_game_string("Base;InProgress;Black[1];wA1").unwrap();
    app.world_mut().resource_mut::<NewGameSettings>().opening = Some(opening.clone());
    app.world_mut().write_message(NewGame);
    app.world_mut().write_message(ExhibitionCommand::Play);
    app.update();
    assert!(app.world().resource::<Players>().game_id > first_id);
    assert_eq!(game(&app).hash(), opening.hash());
    update_until(&mut app, "Black's reply", |app| game(app).ply() == 2);
    let reply = game(&app).last_move().unwrap();
    assert_eq!(reply.piece().map(|p| p.color()), Some(Side::Black));
    assert_eq!(
        app.world().resource::<CurrentGame>().notation()[0],
        "wA1",
        "the opening is intact"
    );
    assert_entities_match_game(&mut app);
}

/// A local game (two humans) with `moves` played.
fn local_game(moves: &[&str]) -> App {
    let mut app = app(Opponent::Human, ExhibitionControl::default());
    start_playing(&mut app);
    for text in moves {
        let mv = game(&app).parse_move(text).unwrap();
        app.world_mut().write_message(PlayMove(mv));
        idle(&mut app, 4);
        assert_eq!(game(&app).last_move(), Some(mv));
    }
    app
}

#[test]
fn a_hint_says_what_its_move_changes_with_the_cells_lit() {
    // Black to move wins at once (a row of the AI's tactics file): the hint
    // surrounds White's Queen and says so.
    let mut app = crate::app::local_app_from(
        "Base+M;InProgress;Black[9];wS1;bS1 \\wS1;wS2 /wS1;bA1 \\bS1;wA1 wS2\\;bS2 /bA1;\
         wQ wA1\\;bQ bA1-;wM /wQ;bS2 \\bQ;wG1 wS1-;bM bQ-;wA2 /wA1;bA1 wQ-;wM wA1-;\
         bA2 /bS2;wA3 wA2\\",
    );
    let before = game(&app);
    app.world_mut().write_message(RequestHint);
    app.update();
    update_until(&mut app, "the hint", |app| {
        app.world().resource::<Hint>().suggestion().is_some()
    });
    let hint = app.world().resource::<Hint>().suggestion().unwrap();
    let mut after = before.clone();
    after.play(hint).unwrap();
    assert_eq!(after.status(), GameStatus::BlackWins, "{hint:?} wins");
    let notice = app.world().resource::<hive::game::Notice>().clone();
    let text = notice.0.clone().unwrap_or_default();
    let piece = hint.piece().unwrap().to_string();
    assert!(text.contains(&piece), "the hint names its piece: {text}");
    assert!(
        text.contains("Why: ") && text.contains("surrounded"),
        "the message line says why: {text}"
    );
    let queen = before.position(Piece::new(Side::White, hive::rules::Bug::Queen, 1).unwrap());
    assert!(
        queen.is_some_and(|at| notice.cells().contains(&at)),
        "the Queen's cell is lit"
    );
}

#[test]
fn a_hint_is_a_legal_move_shown_as_a_selection_and_playable() {
    let mut app = local_game(&["wA1", "bG1 wA1-", "wQ -wA1"]);
    let before = game(&app);
    assert_eq!(before.to_move(), Side::Black);
    app.world_mut().write_message(RequestHint);
    app.update();
    update_until(&mut app, "the hint", |app| {
        app.world().resource::<Hint>().suggestion().is_some()
    });
    let hint = app.world().resource::<Hint>().suggestion().unwrap();
    let mut legal = Vec::new();
    before.legal_moves(&mut legal);
    assert!(legal.contains(&hint), "{hint:?} is legal");
    let piece = hint.piece().unwrap();
    assert_eq!(piece.color(), Side::Black, "a move for the side to move");
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.piece, Some(piece));
    assert_eq!(selection.moves, vec![hint]);
    app.update();
    assert_eq!(
        destinations(&mut app),
        BTreeSet::from([hint.to().unwrap()]),
        "the hinted destination is highlighted"
    );
    let notice = app.world().resource::<hive::game::Notice>().0.clone();
    assert!(
        notice.is_some_and(|n| n.contains(&before.move_string(hint))),
        "the message line names the move"
    );

    // Clicking the highlighted cell plays it.
    let plane = app
        .world()
        .resource::<BoardLayout>()
        .plane_of(hint.to().unwrap());
    app.world_mut().write_message(CellClicked(plane));
    app.update();
    assert_eq!(game(&app).last_move(), Some(hint));
    idle(&mut app, 4);
    assert_eq!(app.world().resource::<Hint>().suggestion(), None);
}

#[test]
fn a_hint_is_dropped_when_a_move_is_played_first() {
    for round in 0..5 {
        let mut app = local_game(&["wA1"]);
        app.world_mut().write_message(RequestHint);
        app.update();
        if round % 2 == 1 {
            // Wait for the search to finish (no frame runs meanwhile): its
            // answer is ready when the move lands.
            crate::app::wait_for(&app, "the hint's search to end", |app| {
                app.world().resource::<Hint>().search_finished()
            });
        }
        let mv = game(&app).parse_move("bS1 wA1-").unwrap();
        app.world_mut().write_message(PlayMove(mv));
        idle(&mut app, 100);
        assert_eq!(game(&app).ply(), 2);
        let hint = app.world().resource::<Hint>();
        assert!(
            !hint.is_searching(),
            "round {round}: the search was dropped"
        );
        assert_eq!(hint.suggestion(), None, "round {round}");
        assert_eq!(app.world().resource::<Selection>().piece, None);
        assert!(destinations(&mut app).is_empty(), "round {round}");
    }
}

#[test]
fn no_hint_while_the_ai_is_to_move() {
    let mut app = exhibition(|c| c.paused = true);
    start_playing(&mut app);
    app.world_mut().write_message(RequestHint);
    idle(&mut app, 50);
    let hint = app.world().resource::<Hint>();
    assert!(!hint.is_searching() && hint.suggestion().is_none());
}

/// One move watched: the position before it, the move, and the piece the
/// AI showed first (if any) with the destinations it highlighted.
type Watched = (Game, Move, Option<(Piece, BTreeSet<Hex>)>);

/// Plays `moves` exhibition moves frame by frame, watching each.
fn watch_moves(app: &mut App, moves: u32) -> Vec<Watched> {
    let mut seen = Vec::new();
    let mut shown = None;
    let mut before = game(app);
    let start = Instant::now();
    while seen.len() < moves as usize {
        assert!(start.elapsed() < Duration::from_secs(20), "timed out");
        app.update();
        std::thread::sleep(Duration::from_micros(300));
        let now = game(app);
        if now.ply() > before.ply() {
            let mv = now.last_move().unwrap();
            seen.push((before, mv, shown.take()));
            before = now;
            continue;
        }
        if move_ready(app)
            && shown.is_none()
            && let Some(piece) = app
                .world()
                .resource::<hive::game::ai::AiConsidered>()
                .0
                .as_ref()
                .and_then(|shown| shown.piece)
        {
            // In the AI's colour, none in the player's.
            assert!(
                destinations(app).is_empty(),
                "the AI's cells look clickable"
            );
            shown = Some((piece, considered_cells(app)));
        }
    }
    seen
}

#[test]
fn the_ai_shows_the_destinations_it_considered() {
    let mut app = exhibition(|_| {});
    assert_eq!(
        app.world().resource::<Settings>().ai_shows_considered,
        ConsideredDestinations::Always,
        "at every level by default"
    );
    start_playing(&mut app);
    for (before, mv, shown) in watch_moves(&mut app, 8) {
        let piece = mv.piece().unwrap();
        let (shown_piece, cells) = shown.unwrap_or_else(|| panic!("{mv:?} was not shown first"));
        assert_eq!(shown_piece, piece);
        assert_eq!(cells, all_destinations(&before, piece), "{mv:?}");
        assert!(cells.contains(&mv.to().unwrap()));
    }
    assert_entities_match_game(&mut app);

    // Switched off, the AI moves without showing anything.
    let mut app = exhibition(|_| {});
    crate::app::set_settings(&mut app, |settings| {
        settings.ai_shows_considered = ConsideredDestinations::Never;
    });
    start_playing(&mut app);
    for (_, mv, shown) in watch_moves(&mut app, 6) {
        assert!(shown.is_none(), "{mv:?} was shown");
    }
}

#[test]
fn pausing_while_the_ai_shows_its_cells_hides_them_and_its_message() {
    let mut app = exhibition(|_| {});
    start_playing(&mut app);
    update_until(&mut app, "the AI showing its cells", |app| {
        app.world()
            .resource::<hive::game::ai::AiConsidered>()
            .0
            .is_some()
    });
    assert!(!considered_cells(&mut app).is_empty());
    let says = |app: &App| {
        app.world()
            .resource::<Notice>()
            .0
            .clone()
            .unwrap_or_default()
    };
    assert!(says(&app).contains("considers"), "{}", says(&app));
    app.world_mut().write_message(ExhibitionCommand::Pause);
    idle(&mut app, 3);
    assert!(considered_cells(&mut app).is_empty(), "cells still shown");
    assert!(
        !says(&app).contains("considers") && says(&app).starts_with("Paused"),
        "the message line still says {:?}",
        says(&app)
    );
}

/// Moves per minute of game time an exhibition plays at `pace`, from its
/// 5th to its 25th move, at 60 frames a second with normal animations and
/// the considered cells shown.
fn moves_per_minute_at(pace: f32) -> f64 {
    use bevy::time::TimeUpdateStrategy;
    let mut app = exhibition(|control| control.moves_per_minute = pace);
    crate::app::set_settings(&mut app, |settings| settings.animation_speed = 1.0);
    crate::app::set_settings(&mut app, |settings| {
        settings.ai_shows_considered = ConsideredDestinations::Always;
    });
    let frame = Duration::from_micros(16_667);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    start_playing(&mut app);
    let mut times = Vec::new();
    let mut ply = game(&app).ply();
    for _ in 0..20_000 {
        // A search takes no game time here, however long it runs on this
        // machine: what is measured is the pace the game keeps.
        if app.world().resource::<AiThinking>().is_searching() {
            crate::app::wait_for(&app, "the exhibition's search to end", |app| {
                app.world().resource::<AiThinking>().search_finished()
            });
        }
        app.update();
        let now = game(&app).ply();
        if now != ply {
            ply = now;
            times.push(app.world().resource::<Time>().elapsed_secs_f64());
        }
        if times.len() >= 25 || game(&app).status().is_over() {
            break;
        }
    }
    assert!(times.len() >= 15, "only {} moves", times.len());
    let (first, last) = (times[4], times[times.len() - 1]);
    60.0 * (times.len() - 5) as f64 / (last - first)
}

#[test]
fn the_pace_asked_for_is_the_pace_played_even_at_600_moves_a_minute() {
    // The considered cells and the slides shrink to fit the pace.
    let fast = moves_per_minute_at(600.0);
    assert!((595.0..=601.0).contains(&fast), "{fast:.0} moves a minute");
    // A slow pace is kept, not exceeded.
    let slow = moves_per_minute_at(120.0);
    assert!((119.0..=120.1).contains(&slow), "{slow:.0} moves a minute");
    eprintln!("asked 600: {fast:.0} moves a minute; asked 120: {slow:.0}");
}
