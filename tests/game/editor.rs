//! The position editor through the app, as a player would use it: edits
//! the rules of a setup refuse, each with its reason in words and its
//! cells; a valid position copied as a GameString that reads back to it,
//! handed to the analysis board and to a game against the AI; and opened
//! from a game, then Back to the game as it was; the hands' slots and the
//! board's frame kept while editing; and Play or Analyse asking first when
//! the only game found reaches the position at another turn.

use crate::app::{app_keeping_files, at, edit, game, p, screen, settle, update_until};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::editor::{BoardFrame, Editor, EditorRequest, EditorStatus, Goal, hand_slots};
use hive::game::{AnalysisSwitch, NewGameSettings, Players, Screen};
use hive::learn::Setup;
use hive::records::Seats;
use hive::rules::{Bug, Color, Game, GameType};

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn problems(app: &App) -> Vec<String> {
    editor(app)
        .problems
        .iter()
        .map(|w| w.text.clone())
        .collect()
}

/// Whether `game`'s board is the setup's, moved anywhere on the table.
fn same_position(setup: &Setup, game: &Game) -> bool {
    (-16..16).any(|dq| (-16..16).any(|dr| setup.matches(game, (dq, dr))))
}

fn finish(app: &mut App, goal: Goal) {
    edit(app, EditorRequest::Finish(goal));
    update_until(app, "the search for a game", |app| !editor(app).searching());
    settle(app);
}

#[test]
fn the_editor_refuses_with_reasons_and_hands_a_valid_position_on() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    edit(&mut app, EditorRequest::OpenEmpty(GameType::BASE));
    assert_eq!(screen(&app), Screen::Editor);
    assert!(
        problems(&app).is_empty(),
        "an empty board is White's first turn"
    );

    // A bug the game type does not use is refused, with the reason.
    edit(&mut app, EditorRequest::Place(p("wM"), at(0, 0)));
    match &editor(&app).status {
        EditorStatus::Refused(text) => assert_eq!(
            text,
            "The white Mosquito (wM) is not in a Base game: tick its expansion first."
        ),
        other => panic!("not refused: {other:?}"),
    }

    // Impossible positions are built, and said to be impossible.
    edit(&mut app, EditorRequest::Place(p("wQ"), at(0, 0)));
    edit(&mut app, EditorRequest::Place(p("bQ"), at(1, 0)));
    edit(&mut app, EditorRequest::Place(p("wA1"), at(0, 0)));
    edit(&mut app, EditorRequest::Place(p("bG1"), at(5, 0)));
    let said = problems(&app);
    assert!(
        said.iter()
            .any(|t| t
                .starts_with("The white Ant (wA1) is on top of another piece, but only a Beetle")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|t| t.starts_with("The pieces form 2 separate groups")),
        "{said:?}"
    );
    let climb = editor(&app)
        .problems
        .iter()
        .find(|w| w.text.contains("on top of another piece"))
        .expect("the climb");
    assert_eq!(climb.cells, [at(0, 0)], "the stack's cell is lit");
    let apart = editor(&app)
        .problems
        .iter()
        .find(|w| w.text.contains("separate groups"))
        .expect("the groups");
    assert_eq!(apart.cells, [at(5, 0)], "the piece cut off is lit");
    // Too many pieces for White's first turn.
    assert!(
        said.iter()
            .any(|t| t.starts_with("White has 2 pieces on the board but has had only 0 turns")),
        "{said:?}"
    );
    // A covered piece cannot be pulled out from under another.
    edit(&mut app, EditorRequest::Place(p("wQ"), at(-1, 0)));
    match &editor(&app).status {
        EditorStatus::Refused(text) => {
            assert!(text.contains("is under the white Ant (wA1)"), "{text}")
        }
        other => panic!("not refused: {other:?}"),
    }
    // Nothing impossible is handed on.
    finish(&mut app, Goal::Play(Seats::Human));
    assert_eq!(screen(&app), Screen::Editor);
    match &editor(&app).status {
        EditorStatus::Unreachable(text) => {
            assert!(
                text.starts_with("This position cannot arise in a game: "),
                "{text}"
            )
        }
        other => panic!("handed on: {other:?}"),
    }

    // A position two placements each reach: the Ants first, then each
    // Queen beside its own Ant, White[3].
    edit(&mut app, EditorRequest::Clear);
    for (piece, q) in [("wA1", 0), ("bA1", 1), ("wQ", -1), ("bQ", 2)] {
        edit(&mut app, EditorRequest::Place(p(piece), at(q, 0)));
    }
    edit(&mut app, EditorRequest::SetTurn(3));
    assert_eq!(problems(&app), Vec::<String>::new());
    let setup = editor(&app).setup();
    assert_eq!(setup.turn_string(), "White[3]");

    // Copied as a GameString that reads back to the position.
    finish(&mut app, Goal::Copy);
    let EditorStatus::Written { game_string, .. } = editor(&app).status.clone() else {
        panic!("not written: {:?}", editor(&app).status);
    };
    let written = Game::from_game_string(&game_string).expect("a GameString");
    assert!(same_position(&setup, &written), "{game_string}");
    assert_eq!(written.to_move(), Color::White);

    // Handed to the analysis board.
    finish(&mut app, Goal::Analyse);
    update_until(&mut app, "the game screen", |app| {
        screen(app) == Screen::Playing
    });
    settle(&mut app);
    assert!(
        same_position(&setup, &game(&app)),
        "{}",
        game(&app).game_string()
    );
    assert!(app.world().resource::<AnalysisSwitch>().0);
    assert_eq!(app.world().resource::<Players>().seats, Seats::Human);

    // Opened from the game, and Back to it as it was.
    let before = game(&app).game_string();
    edit(&mut app, EditorRequest::OpenFromGame);
    assert_eq!(screen(&app), Screen::Editor);
    assert!(editor(&app).opened_from_game());
    assert!(same_position(&editor(&app).setup(), &game(&app)));
    edit(&mut app, EditorRequest::Remove(at(2, 0)));
    edit(&mut app, EditorRequest::Back);
    update_until(&mut app, "back to the game", |app| {
        screen(app) == Screen::Playing
    });
    settle(&mut app);
    assert_eq!(game(&app).game_string(), before);
    assert!(app.world().resource::<AnalysisSwitch>().0);

    // Played against the AI from the editor.
    edit(&mut app, EditorRequest::OpenFromGame);
    let seats = Seats::Ai {
        side: Color::Black,
        difficulty: Difficulty::Beginner,
    };
    finish(&mut app, Goal::Play(seats));
    update_until(&mut app, "the game screen", |app| {
        screen(app) == Screen::Playing
    });
    settle(&mut app);
    assert_eq!(app.world().resource::<Players>().seats, seats);
    assert!(same_position(&setup, &game(&app)));
    assert!(!app.world().resource::<AnalysisSwitch>().0);
}

#[test]
fn the_hands_and_the_board_stay_put_while_editing() {
    let mut app = app_keeping_files(None, None, NewGameSettings::default());
    edit(&mut app, EditorRequest::OpenEmpty(GameType::BASE));
    let bugs = |app: &App, side: Color| -> Vec<Bug> {
        hand_slots(&editor(app).setup(), side)
            .iter()
            .map(|slot| slot.bug)
            .collect()
    };
    let (white, black) = (bugs(&app, Color::White), bugs(&app, Color::Black));
    assert_eq!(white.len(), 5, "one slot per bug of the base game");
    let frame = editor(&app).frame;

    // The white Queen, the only one: its slot stays, empty.
    edit(&mut app, EditorRequest::Place(p("wQ"), at(0, 0)));
    assert_eq!(bugs(&app, Color::White), white, "no slot went away");
    let queen = hand_slots(&editor(&app).setup(), Color::White)[0];
    assert_eq!((queen.bug, queen.next, queen.left), (Bug::Queen, None, 0));
    assert_eq!(editor(&app).frame, frame, "the board did not move");
    // More pieces, all inside: still nothing moves (the pieces' middle
    // is now a cell to the right, but the frame stays).
    edit(&mut app, EditorRequest::Place(p("bQ"), at(1, 0)));
    edit(&mut app, EditorRequest::Place(p("bA1"), at(2, 0)));
    assert_eq!(editor(&app).frame, frame);
    assert_eq!(bugs(&app, Color::Black), black);
    // A piece at the frame's edge: it grows to hold it, never shrinks.
    edit(&mut app, EditorRequest::Place(p("bA2"), at(3, 0)));
    let grown = editor(&app).frame;
    assert!(grown.holds(&editor(&app).setup()));
    assert!(grown.radius >= frame.radius && grown != frame, "{grown:?}");
    // Taking it off again leaves the frame as it is; Fit frames the pieces.
    edit(&mut app, EditorRequest::Remove(at(3, 0)));
    assert_eq!(editor(&app).frame, grown);
    edit(&mut app, EditorRequest::Fit);
    assert_eq!(editor(&app).frame, BoardFrame::fit(&editor(&app).setup()));
}

#[test]
fn play_and_analyse_ask_before_going_on_at_another_turn() {
    let mut app = app_keeping_files(None, None, NewGameSettings::default());
    edit(&mut app, EditorRequest::OpenEmpty(GameType::BASE));
    // The white Queen touches a black Ant: it cannot have been placed
    // there, so it walked in, a turn White did not have by turn 3.
    for (piece, (q, r)) in [
        ("wA1", (0, 0)),
        ("bA1", (1, 0)),
        ("bQ", (2, 0)),
        ("wQ", (0, 1)),
    ] {
        edit(&mut app, EditorRequest::Place(p(piece), at(q, r)));
    }
    edit(&mut app, EditorRequest::SetTurn(3));
    assert_eq!(problems(&app), Vec::<String>::new());
    let before = game(&app).game_string();

    finish(&mut app, Goal::Analyse);
    let EditorStatus::OtherTurn {
        goal,
        turn,
        requested,
        note,
    } = editor(&app).status.clone()
    else {
        panic!("not asked: {:?}", editor(&app).status);
    };
    assert_eq!((goal, requested), (Goal::Analyse, 3));
    assert_ne!(turn, 3);
    assert!(note.contains(&format!("turn {turn}")), "{note}");
    assert_eq!(screen(&app), Screen::Editor, "nothing handed on yet");
    assert_eq!(game(&app).game_string(), before);
    // Keep editing: back to the editor, the position as it was.
    edit(&mut app, EditorRequest::KeepEditing);
    assert_eq!(editor(&app).status, EditorStatus::Idle);
    assert_eq!(editor(&app).setup().turn(), 3);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Editor);

    // Asked again; going on takes the position to the board at that turn.
    finish(&mut app, Goal::Analyse);
    assert!(matches!(
        editor(&app).status,
        EditorStatus::OtherTurn { .. }
    ));
    edit(&mut app, EditorRequest::GoOn);
    update_until(&mut app, "the game screen", |app| {
        screen(app) == Screen::Playing
    });
    settle(&mut app);
    assert_eq!(game(&app).turn_number(), turn);
    assert!(same_position(&editor(&app).setup(), &game(&app)));
    assert!(app.world().resource::<AnalysisSwitch>().0);
}
