//! Drag and drop, and the marks on movable pieces, in a headless Bevy app:
//! the pointer's press, release and a hand stack picked up go in as the
//! game's intents (what `pointer` and the hand panel send), and the game
//! must play a move dropped on a legal cell, refuse one dropped elsewhere
//! with the rule it breaks (the piece staying where it was, still
//! selected), and treat a release on the pressed cell as a click.

use crate::app::{LINE_OPENING, game, in_words, local_app_from, settle};
use bevy::prelude::*;
use hive::game::{BoardLayout, GameIntent, MovablePieces, Notice, PointerDrag, Selection};
use hive::rules::{Bug, Color as Side, Game, Hex, Move, Piece};

fn app() -> App {
    local_app_from(LINE_OPENING)
}

fn piece(side: Side, bug: Bug, number: u8) -> Piece {
    Piece::new(side, bug, number).unwrap()
}

fn plane(app: &App, hex: Hex) -> IVec2 {
    app.world().resource::<BoardLayout>().plane_of(hex)
}

fn intent(app: &mut App, intent: GameIntent) {
    app.world_mut().write_message(intent);
    app.update();
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

/// A cell two steps away from every piece: no piece can go there.
fn far_cell(game: &Game) -> Hex {
    let occupied: Vec<Hex> = game.occupied_cells().collect();
    let mut cell = Hex::ORIGIN;
    for _ in 0..4 {
        cell = cell.neighbors()[0];
    }
    assert!(!occupied.contains(&cell));
    cell
}

#[test]
fn a_hand_piece_dropped_on_a_legal_cell_is_placed() {
    let mut app = app();
    let before = game(&app);
    let spider = piece(Side::White, Bug::Spider, 1);
    let target = before
        .legal_moves_for(spider)
        .first()
        .and_then(|mv| mv.to())
        .unwrap();
    intent(&mut app, GameIntent::Grab(spider));
    assert_eq!(
        selection(&app).piece,
        Some(spider),
        "picking it up selects it"
    );
    assert!(!selection(&app).moves.is_empty(), "its cells light up");
    let to = plane(&app, target);
    intent(&mut app, GameIntent::Release(Some(to)));
    settle(&mut app);
    let after = game(&app);
    assert_eq!(after.ply(), before.ply() + 1);
    assert_eq!(
        after.last_move(),
        Some(Move::Place {
            piece: spider,
            to: target
        })
    );
    assert_eq!(
        *app.world().resource::<PointerDrag>(),
        PointerDrag::default()
    );
}

#[test]
fn a_board_piece_dropped_on_a_legal_cell_moves_there() {
    let mut app = app();
    let before = game(&app);
    let grasshopper = piece(Side::White, Bug::Grasshopper, 1);
    let from = before.position(grasshopper).unwrap();
    let mv = before.legal_moves_for(grasshopper)[0];
    let cell = plane(&app, from);
    intent(&mut app, GameIntent::Click(Some(cell)));
    assert_eq!(selection(&app).piece, Some(grasshopper));
    let to = plane(&app, mv.to().unwrap());
    intent(&mut app, GameIntent::Release(Some(to)));
    settle(&mut app);
    assert_eq!(game(&app).last_move(), Some(mv));
}

#[test]
fn a_drop_on_an_illegal_cell_names_the_rule_and_changes_nothing() {
    let mut app = app();
    let before = game(&app);
    let grasshopper = piece(Side::White, Bug::Grasshopper, 1);
    let from = before.position(grasshopper).unwrap();
    let far = far_cell(&before);
    let cell = plane(&app, from);
    intent(&mut app, GameIntent::Click(Some(cell)));
    let cell = plane(&app, far);
    intent(&mut app, GameIntent::Release(Some(cell)));
    settle(&mut app);
    assert_eq!(game(&app).ply(), before.ply(), "nothing was played");
    let expected = in_words(&before.why_not(grasshopper, far).unwrap(), &before);
    assert!(
        notice(&app).eq_ignore_ascii_case(&expected),
        "{} / {expected}",
        notice(&app)
    );
    assert_eq!(selection(&app).piece, Some(grasshopper), "still selected");
    assert_eq!(game(&app).position(grasshopper), Some(from), "snapped back");

    // Picked up from the hand and dropped far away: the same.
    let queen_less = piece(Side::White, Bug::Ant, 2);
    intent(&mut app, GameIntent::Grab(queen_less));
    let cell = plane(&app, far);
    intent(&mut app, GameIntent::Release(Some(cell)));
    settle(&mut app);
    assert_eq!(game(&app).ply(), before.ply());
    let expected = in_words(&before.why_not(queen_less, far).unwrap(), &before);
    assert!(
        notice(&app).eq_ignore_ascii_case(&expected),
        "{} / {expected}",
        notice(&app)
    );
    // Released off the board: nothing at all.
    intent(&mut app, GameIntent::Grab(queen_less));
    intent(&mut app, GameIntent::Release(None));
    settle(&mut app);
    assert_eq!(game(&app).ply(), before.ply());
}

#[test]
fn a_release_on_the_pressed_cell_is_a_click() {
    let mut app = app();
    let before = game(&app);
    let grasshopper = piece(Side::White, Bug::Grasshopper, 1);
    let at = plane(&app, before.position(grasshopper).unwrap());
    intent(&mut app, GameIntent::Click(Some(at)));
    intent(&mut app, GameIntent::Release(Some(at)));
    settle(&mut app);
    assert_eq!(
        selection(&app).piece,
        Some(grasshopper),
        "selected, not dropped"
    );
    assert_eq!(game(&app).ply(), before.ply());
    // Click-click still plays.
    let mv = before.legal_moves_for(grasshopper)[0];
    let to = plane(&app, mv.to().unwrap());
    intent(&mut app, GameIntent::Click(Some(to)));
    intent(&mut app, GameIntent::Release(Some(to)));
    settle(&mut app);
    assert_eq!(game(&app).last_move(), Some(mv));
}

#[test]
fn the_pieces_that_can_move_are_marked_on_a_players_turn_only() {
    let mut app = app();
    let game_now = game(&app);
    let movable = app.world().resource::<MovablePieces>().0.clone();
    assert_eq!(movable, hive::game::movable_pieces(&game_now));
    let grasshopper = piece(Side::White, Bug::Grasshopper, 1);
    let ant = piece(Side::White, Bug::Ant, 1);
    assert!(movable.contains(&grasshopper), "{movable:?}");
    assert!(
        !movable.contains(&ant),
        "wA1 holds the hive together: {movable:?}"
    );
    // After White's move it is Black's turn: Black's pieces are marked.
    let mv = game_now.legal_moves_for(grasshopper)[0];
    let at = plane(&app, game_now.position(grasshopper).unwrap());
    intent(&mut app, GameIntent::Click(Some(at)));
    let to = plane(&app, mv.to().unwrap());
    intent(&mut app, GameIntent::Click(Some(to)));
    settle(&mut app);
    let movable = app.world().resource::<MovablePieces>().0.clone();
    assert!(!movable.is_empty());
    assert!(
        movable.iter().all(|p| p.color() == Side::Black),
        "{movable:?}"
    );
}
