//! The game's logic plugins in a headless Bevy app (no window, renderer or
//! egui): selection and move messages in, highlights, piece entities and
//! the turn state out, checked against the rules engine at every step of a
//! full game with a beetle climb, pillbug throws and a win; and the AI as a
//! player, searching on the task pool.

use std::collections::{BTreeSet, HashMap};

use crate::app::{
    SCRIPT, assert_entities_match_game as assert_entities_match_layout, destinations, game,
    headless_app, in_words, no_animation, set_screen, set_settings, settle, start_playing, turn,
    update_until,
};
use crate::versus_ai::app_vs_ai;
use bevy::prelude::*;
use hive::game::{
    BoardLayout, CellClicked, ClearSelection, CurrentGame, ForcedPass, Highlight, HighlightKind,
    HumanSide, NewGame, NewGameSettings, Notice, PieceId, PlayMove, Position, Screen, SelectPiece,
    Selection, Settings, StackLevel, Turn,
};
use hive::rules::{Bug, Color as Side, Game, GameStatus, GameType, Hex, Move, Piece};

pub(crate) fn app(game_type: GameType) -> App {
    let mut app = headless_app();
    set_settings(&mut app, |settings| settings.game_type = game_type);
    no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    app
}

pub(crate) fn plane_of(app: &App, hex: Hex) -> IVec2 {
    app.world().resource::<BoardLayout>().plane_of(hex)
}

pub(crate) fn highlights(app: &mut App) -> Vec<Highlight> {
    let mut query = app.world_mut().query::<&Highlight>();
    query.iter(app.world()).copied().collect()
}

pub(crate) fn click(app: &mut App, hex: Hex) {
    let plane = plane_of(app, hex);
    app.world_mut().write_message(CellClicked(plane));
    app.update();
}

/// Every piece on the board has exactly one entity, with the game's cell,
/// level and plane coordinates; no entity stands for a piece off the board;
/// neighbouring cells are neighbours on the plane.
pub(crate) fn assert_entities_match_game(app: &mut App) {
    assert_entities_match_layout(app);
    let layout = app.world().resource::<BoardLayout>().clone();
    // Neighbouring cells are neighbours on the plane too.
    for (a, pa) in layout.occupied() {
        for (b, pb) in layout.occupied() {
            if let Some(dir) = a.direction_to(b) {
                let (dq, dr) = dir.axial();
                assert_eq!(pb - pa, IVec2::new(dq, dr), "{a:?} -> {b:?}");
            }
        }
    }
}

pub(crate) fn planes(app: &mut App) -> HashMap<Piece, IVec2> {
    let mut query = app.world_mut().query::<(&PieceId, &Position)>();
    query
        .iter(app.world())
        .map(|(id, pos)| (id.0, pos.plane))
        .collect()
}

pub(crate) fn own_destinations(game: &Game, piece: Piece) -> BTreeSet<Hex> {
    game.legal_moves_for(piece)
        .iter()
        .filter_map(|m| m.to())
        .collect()
}

/// Plays one move the way a player would, checking highlights on the way.
pub(crate) fn play_like_a_player(app: &mut App, mv: Move) {
    let before = game(app);
    let Some(piece) = mv.piece() else {
        app.world_mut().write_message(PlayMove(mv));
        settle(app);
        return;
    };
    let to = mv.to().unwrap();
    if piece.color() == before.to_move() {
        // Select (from hand or board): the highlights are the rules engine's
        // destinations for this piece, one frame later.
        app.world_mut().write_message(SelectPiece(piece));
        app.update();
        assert_eq!(
            destinations(app),
            own_destinations(&before, piece),
            "{piece}"
        );
        assert!(destinations(app).contains(&to));
    } else {
        // A throw of an opponent's piece: click our pillbug, then the ringed
        // piece, then where it lands.
        let pillbug = Piece::new(before.to_move(), Bug::Pillbug, 1).unwrap();
        click(app, before.position(pillbug).unwrap());
        let ringed: Vec<Piece> = highlights(app)
            .iter()
            .filter_map(|h| match h.kind {
                HighlightKind::Throwable(p) => Some(p),
                _ => None,
            })
            .collect();
        assert!(
            ringed.contains(&piece),
            "{piece} should be throwable: {ringed:?}"
        );
        assert_eq!(destinations(app), own_destinations(&before, pillbug));
        click(app, before.position(piece).unwrap());
        let landings: BTreeSet<Hex> = before
            .pillbug_throws(pillbug)
            .iter()
            .filter(|m| m.piece() == Some(piece))
            .filter_map(|m| m.to())
            .collect();
        assert_eq!(destinations(app), landings);
        assert_eq!(app.world().resource::<Selection>().thrower, Some(pillbug));
    }
    click(app, to);
    // The move is played in the frame of the click; the piece then slides.
    assert_eq!(game(app).last_move(), Some(mv));
    assert!(
        highlights(app).is_empty(),
        "highlights cleared after a move"
    );
    settle(app);
}

#[test]
fn a_scripted_game_with_a_climb_throws_and_a_win() {
    let mut app = app(GameType::from_expansions("P").unwrap());
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    let mut reference = Game::new(GameType::from_expansions("P").unwrap());
    let beetle = Piece::new(Side::White, Bug::Beetle, 1).unwrap();
    let ant = Piece::new(Side::White, Bug::Ant, 1).unwrap();
    let texts: Vec<&str> = SCRIPT.split(';').collect();
    for (i, text) in texts.iter().enumerate() {
        let mv = reference.parse_move(text).unwrap();
        reference.play(mv).unwrap();
        let before = planes(&mut app);
        play_like_a_player(&mut app, mv);
        // The board never jumps: pieces that did not move keep their place.
        for (piece, plane) in planes(&mut app) {
            if Some(piece) != mv.piece()
                && let Some(&old) = before.get(&piece)
            {
                assert_eq!(plane, old, "{piece} moved on screen after {text}");
            }
        }
        assert_eq!(game(&app).hash(), reference.hash(), "after {text}");
        assert_entities_match_game(&mut app);
        let last = i + 1 == texts.len();
        let expected = if last {
            Turn::GameOver
        } else {
            Turn::AwaitingInput
        };
        assert_eq!(turn(&app), Some(expected), "after {text}");
        if *text == "wB1 wA1" {
            let mut query = app
                .world_mut()
                .query::<(&PieceId, &StackLevel, &Position)>();
            let levels: HashMap<Piece, (u8, Hex)> = query
                .iter(app.world())
                .map(|(id, level, pos)| (id.0, (level.0, pos.hex)))
                .collect();
            assert_eq!(levels[&beetle].0, 1, "the beetle is on top");
            assert_eq!(levels[&ant].0, 0, "the ant is under it");
            assert_eq!(levels[&beetle].1, levels[&ant].1, "same cell");
        }
    }
    assert_eq!(game(&app).status(), GameStatus::WhiteWins);
    let notation = app.world().resource::<CurrentGame>().notation().to_vec();
    assert_eq!(notation.len(), texts.len());
    assert_eq!(
        Game::from_game_string(&game(&app).game_string())
            .unwrap()
            .hash(),
        reference.hash()
    );
    // Game over: selections do nothing.
    app.world_mut().write_message(SelectPiece(beetle));
    app.update();
    assert!(highlights(&mut app).is_empty());

    // "New game" starts again from an empty board.
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_eq!(game(&app).ply(), 0);
    assert_entities_match_game(&mut app);
}

#[test]
fn immobile_pieces_say_why_and_clicks_elsewhere_say_why_not() {
    let mut app = app(GameType::BASE);
    let queen = Piece::new(Side::White, Bug::Queen, 1).unwrap();
    // Tournament opening: no queen on the first turn.
    app.world_mut().write_message(SelectPiece(queen));
    app.update();
    assert!(destinations(&mut app).is_empty());
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    let reason = in_words(&game(&app).why_immobile(queen).unwrap(), &game(&app));
    assert!(notice.eq_ignore_ascii_case(&reason), "{notice} / {reason}");

    // An ant has one place to go: the middle of the table.
    let ant = Piece::new(Side::White, Bug::Ant, 1).unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    assert_eq!(destinations(&mut app), BTreeSet::from([Hex::ORIGIN]));
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("click the green cell"), "{notice}");

    // Escape cancels.
    app.world_mut().write_message(ClearSelection);
    app.update();
    assert!(highlights(&mut app).is_empty());

    // A click on a cell that is not green says why, and keeps the
    // selection to try again.
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    let elsewhere = Hex::ORIGIN.neighbor(hive::rules::Direction::East);
    let plane = plane_of(&app, elsewhere);
    app.world_mut().write_message(CellClicked(plane));
    app.update();
    assert_eq!(destinations(&mut app), BTreeSet::from([Hex::ORIGIN]));
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    let reason = in_words(&game(&app).why_not(ant, elsewhere).unwrap(), &game(&app));
    assert!(notice.eq_ignore_ascii_case(&reason), "{notice} / {reason}");
    assert_eq!(game(&app).ply(), 0);
    // Escape cancels.
    app.world_mut().write_message(ClearSelection);
    app.update();
    assert!(highlights(&mut app).is_empty());

    // Moving a piece before its queen is placed: the reason, in words.
    play_like_a_player(
        &mut app,
        Move::Place {
            piece: ant,
            to: Hex::ORIGIN,
        },
    );
    let black_ant = Piece::new(Side::Black, Bug::Ant, 1).unwrap();
    let east = Hex::ORIGIN.neighbor(hive::rules::Direction::East);
    play_like_a_player(
        &mut app,
        Move::Place {
            piece: black_ant,
            to: east,
        },
    );
    click(&mut app, Hex::ORIGIN);
    assert!(destinations(&mut app).is_empty());
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.to_lowercase().contains("queen"), "{notice}");
    // Clicking the opponent's piece gives the rules engine's reason too.
    click(&mut app, east);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    let reason = in_words(&game(&app).why_immobile(black_ant).unwrap(), &game(&app));
    assert!(notice.eq_ignore_ascii_case(&reason), "{notice} / {reason}");
}

#[test]
fn an_illegal_move_request_is_refused_with_a_reason() {
    let mut app = app(GameType::BASE);
    let queen = Piece::new(Side::White, Bug::Queen, 1).unwrap();
    app.world_mut().write_message(PlayMove(Move::Place {
        piece: queen,
        to: Hex::ORIGIN,
    }));
    settle(&mut app);
    assert_eq!(game(&app).ply(), 0);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(app.world().resource::<Notice>().0.is_some());
}

/// A base game (found by random play) where Black, to move, has no legal
/// move: every black piece is pinned and every free cell touches White.
pub(crate) const BLACK_MUST_PASS: &str = "Base;InProgress;Black[12];wS1;bA1 wS1\\;wB1 wS1/;bQ bA1\\;\
wQ wB1/;bA2 bA1-;wS2 wQ-;bA2 -wB1;wB2 \\wS2;bA2 -wB2;wA1 wB2-;bA2 wS1-;wA2 -wQ;bG1 bA1-;\
wA3 \\wB2;bA3 /bA1;wA3 bQ-;bA2 -bA3;wA2 wA3-;bG1 /wS1;wA2 -bA2;bG1 bA3\\;wA1 /bG1";

/// Asks for a new game from `position` (a GameString), played from the
/// next frame on; returns the position.
pub(crate) fn restart_from(app: &mut App, position: &str) -> Game {
    let opening = Game::from_game_string(position).unwrap();
    app.insert_resource(NewGameSettings {
        opening: Some(opening.clone()),
        ..default()
    });
    app.world_mut().write_message(NewGame);
    opening
}

/// The confirm-button way of passing (the automatic pass switched off).
pub(crate) fn app_with_pass_button(game_type: GameType) -> App {
    let mut app = app(game_type);
    crate::app::set_settings(&mut app, |settings| settings.auto_pass = false);
    app
}

#[test]
fn a_forced_pass_is_announced_and_applied() {
    let mut app = app_with_pass_button(GameType::BASE);
    let opening = restart_from(&mut app, BLACK_MUST_PASS);
    settle(&mut app);
    assert_eq!(game(&app).hash(), opening.hash());
    assert_entities_match_game(&mut app);
    assert!(app.world().resource::<ForcedPass>().0);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(
        notice.contains("Black has no legal move and must pass"),
        "{notice}"
    );

    // Nothing black can be selected to any effect.
    let ant = Piece::new(Side::Black, Bug::Ant, 1).unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    assert!(destinations(&mut app).is_empty());

    play_like_a_player(&mut app, Move::Pass);
    assert_eq!(game(&app).last_move(), Some(Move::Pass));
    assert_eq!(game(&app).to_move(), Side::White);
    assert!(!app.world().resource::<ForcedPass>().0);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    let notation = app.world().resource::<CurrentGame>().notation().to_vec();
    assert_eq!(notation.last().copied(), Some("pass"));
}

/// The highlights answer a selection in the very next frame.
#[test]
fn selection_to_highlight_takes_one_frame() {
    let mut app = app(GameType::from_expansions("MLP").unwrap());
    let ant = Piece::new(Side::White, Bug::Ant, 1).unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    assert_eq!(destinations(&mut app).len(), 1);
}

#[test]
fn the_menu_starts_clean_of_the_last_games_message() {
    let mut app = app_vs_ai(HumanSide::Black, None);
    start_playing(&mut app);
    app.world_mut()
        .resource_mut::<Notice>()
        .show("White AI (Medium) considers wQ");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    assert_eq!(app.world().resource::<Notice>().0, None);
}

#[test]
fn the_ai_passes_when_it_must() {
    // Black must pass; the AI plays Black.
    let opening = Game::from_game_string(BLACK_MUST_PASS).unwrap();
    let mut app = app_vs_ai(HumanSide::White, Some(opening.clone()));
    start_playing(&mut app);
    update_until(&mut app, "the AI's pass", |app| {
        game(app).ply() == opening.ply() + 1
    });
    assert_eq!(game(&app).last_move(), Some(Move::Pass));
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Side::White);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
}

#[test]
fn a_forced_pass_is_played_by_itself_after_a_moment() {
    let mut app = app(GameType::BASE);
    // Animations at their normal speed: the pass waits a second of game
    // time, here in frames of a sixtieth of a second whatever the machine.
    set_settings(&mut app, |settings| settings.animation_speed = 1.0);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_micros(16_667),
    ));
    let opening = restart_from(&mut app, BLACK_MUST_PASS);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(game(&app).hash(), opening.hash(), "not passed at once");
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert_eq!(notice, "Black has no legal move and passes");
    let elapsed = |app: &App| app.world().resource::<Time>().elapsed_secs_f64();
    let start = elapsed(&app);
    update_until(&mut app, "the automatic pass", |app| {
        game(app).last_move() == Some(Move::Pass)
    });
    // A second of game time, less the three frames above.
    let waited = elapsed(&app) - start;
    assert!(
        (0.9..1.0).contains(&waited),
        "the announcement shows for a moment ({waited} s)"
    );
    assert_eq!(game(&app).to_move(), Side::White);
    let notation = app.world().resource::<CurrentGame>().notation().to_vec();
    assert_eq!(notation.last().copied(), Some("pass"));
}

/// A position where the side to move must pass, seen in review: no call to
/// pass (nothing is played in review); back in the game, the call again.
#[test]
fn review_does_not_ask_to_pass() {
    let mut app = app_with_pass_button(GameType::BASE);
    restart_from(&mut app, BLACK_MUST_PASS);
    settle(&mut app);
    assert!(app.world().resource::<ForcedPass>().0);

    app.world_mut()
        .write_message(hive::game::ReviewAction::Enter);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::Review));
    assert!(!app.world().resource::<ForcedPass>().0);
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(
        !notice.as_deref().unwrap_or("").contains("must pass"),
        "{notice:?}"
    );
    // Stepping away and back to the position still does not ask.
    app.world_mut()
        .write_message(hive::game::ReviewAction::StepBack);
    settle(&mut app);
    app.world_mut()
        .write_message(hive::game::ReviewAction::StepForward);
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Side::Black);
    assert!(!app.world().resource::<ForcedPass>().0);
    assert_eq!(app.world().resource::<Notice>().0, None);

    app.world_mut()
        .write_message(hive::game::ReviewAction::BackToGame);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(app.world().resource::<ForcedPass>().0);
    let notice = app.world().resource::<Notice>().0.clone().unwrap();
    assert!(notice.contains("must pass"), "{notice}");
}

/// What the game-over dialog's "Move by move" asks for: a finished game is
/// stepped through, and leaving review comes back to the game's end.
#[test]
fn a_finished_game_can_be_reviewed_from_game_over() {
    let game_type = GameType::from_expansions("P").unwrap();
    let mut finished = Game::new(game_type);
    for text in SCRIPT.split(';') {
        finished.play_move_string(text).unwrap();
    }
    let mut app = app(game_type);
    app.insert_resource(NewGameSettings {
        opening: Some(finished.clone()),
        ..default()
    });
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::GameOver));

    app.world_mut()
        .write_message(hive::game::ReviewAction::Enter);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::Review));
    app.world_mut()
        .write_message(hive::game::ReviewAction::StepBack);
    settle(&mut app);
    assert_eq!(game(&app).ply(), finished.ply() - 1);
    assert!(!game(&app).status().is_over());
    assert_entities_match_game(&mut app);

    app.world_mut()
        .write_message(hive::game::ReviewAction::BackToGame);
    settle(&mut app);
    assert_eq!(game(&app).hash(), finished.hash());
    assert_eq!(turn(&app), Some(Turn::GameOver));
}

/// The tournament opening is on by default (no Queen on the first turn);
/// switched off in the menu, the Queen may open the game.
#[test]
fn the_tournament_opening_is_a_choice() {
    let mut app = app(GameType::BASE);
    let queen = Piece::new(Side::White, Bug::Queen, 1).unwrap();
    app.world_mut().write_message(SelectPiece(queen));
    app.update();
    assert!(destinations(&mut app).is_empty(), "tournament opening");
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("tournament"), "{notice}");

    let mut options = app.world().resource::<Settings>().rules;
    assert!(options.tournament_opening, "on by default");
    assert_eq!(options.turn_limit, Some(100), "draw at turn 100 by default");
    options.tournament_opening = false;
    crate::app::set_settings(&mut app, |settings| settings.rules = options);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    app.world_mut().write_message(SelectPiece(queen));
    app.update();
    assert_eq!(destinations(&mut app).len(), 1, "the Queen opens the game");
    let mv = game(&app).legal_moves_for(queen)[0];
    play_like_a_player(&mut app, mv);
    assert_eq!(game(&app).last_move(), Some(mv));
    assert!(!game(&app).options().tournament_opening);
}
