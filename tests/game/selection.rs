//! Selecting a piece that can do nothing: it gets no "selected" ring and
//! the selection stays empty, while the message line gives the rules
//! engine's reason; by click, by the hand, and by keyboard cycling through
//! the hand (which skips pieces that cannot be placed).

use crate::app::{destinations, game, headless_app, in_words, no_animation, set_screen, settle};
use bevy::prelude::*;
use hive::game::{
    BoardLayout, CellClicked, GameIntent, Highlight, HighlightKind, NewGameSettings, Notice,
    PlayMove, Screen, SelectPiece, Selection,
};
use hive::rules::{Bug, Color, Hex, Move, Piece};

fn app() -> App {
    let mut app = headless_app();
    app.insert_resource(NewGameSettings::default());
    no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    app
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn rings(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&Highlight>();
    query
        .iter(app.world())
        .filter(|h| h.kind == HighlightKind::Selected)
        .count()
}

fn selected(app: &App) -> Option<Piece> {
    app.world().resource::<Selection>().piece
}

fn piece(color: Color, bug: Bug, number: u8) -> Piece {
    Piece::new(color, bug, number).expect("a piece")
}

#[test]
fn a_piece_that_cannot_move_is_not_selected_and_the_reason_is_shown() {
    let mut app = app();
    // The tournament opening: no Queen on the first turn.
    let queen = piece(Color::White, Bug::Queen, 1);
    app.world_mut().write_message(SelectPiece(queen));
    settle(&mut app);
    assert_eq!(selected(&app), None, "the Queen is not selected");
    assert!(destinations(&mut app).is_empty());
    let reason = in_words(
        &game(&app).why_immobile(queen).expect("a reason"),
        &game(&app),
    );
    assert!(
        notice(&app).eq_ignore_ascii_case(&reason),
        "{} / {reason}",
        notice(&app)
    );

    // Two pieces down; White's Ant cannot move before its Queen is placed.
    let (ant, black_ant) = (
        piece(Color::White, Bug::Ant, 1),
        piece(Color::Black, Bug::Ant, 1),
    );
    let east = Hex::ORIGIN.neighbor(hive::rules::Direction::East);
    for mv in [
        Move::Place {
            piece: ant,
            to: Hex::ORIGIN,
        },
        Move::Place {
            piece: black_ant,
            to: east,
        },
    ] {
        app.world_mut().write_message(PlayMove(mv));
        settle(&mut app);
    }
    // A click on the board piece: no ring, the reason.
    let plane = app.world().resource::<BoardLayout>().plane_of(Hex::ORIGIN);
    app.world_mut().write_message(CellClicked(plane));
    settle(&mut app);
    assert_eq!(selected(&app), None);
    assert_eq!(rings(&mut app), 0, "no selected ring on the Ant");
    let reason = in_words(
        &game(&app).why_immobile(ant).expect("a reason"),
        &game(&app),
    );
    assert!(
        notice(&app).eq_ignore_ascii_case(&reason),
        "{} / {reason}",
        notice(&app)
    );
    // A piece that can move still is selected, with its ring.
    let spider = piece(Color::White, Bug::Spider, 1);
    app.world_mut().write_message(SelectPiece(spider));
    settle(&mut app);
    assert_eq!(selected(&app), Some(spider));
    assert!(!destinations(&mut app).is_empty());
    // A click on the opponent's piece never selects it: the Spider stays
    // selected (and a piece in hand has no ring on the board).
    let plane = app.world().resource::<BoardLayout>().plane_of(east);
    app.world_mut().write_message(CellClicked(plane));
    settle(&mut app);
    assert_eq!(selected(&app), Some(spider));
    assert_eq!(rings(&mut app), 0);
}

#[test]
fn cycling_through_the_hand_skips_pieces_that_cannot_be_placed() {
    let mut app = app();
    // On the first turn the Queen (first in the hand) cannot be placed:
    // the next hand piece is another bug, selected with its cells.
    app.world_mut().write_message(GameIntent::NextHandPiece);
    settle(&mut app);
    let first = selected(&app).expect("a hand piece selected");
    assert_ne!(first.bug(), Bug::Queen);
    app.world_mut().write_message(GameIntent::NextHandPiece);
    settle(&mut app);
    let second = selected(&app).expect("another hand piece");
    assert_ne!(second.bug(), first.bug(), "the cycle goes on");
    assert_ne!(second.bug(), Bug::Queen);
}
