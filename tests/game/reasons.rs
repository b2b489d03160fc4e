//! Every illegal action gets its reason on the spot, in the game: each row
//! of `tests/data/illegal.tsv` (a position, an attempt, the rule it
//! breaks) is played in the headless app as a player would, by selecting
//! the piece (or the pillbug, then the piece to throw) and clicking the
//! cell, and the message line must give the rules engine's reason: the
//! one for that cell (`why_not`, `why_not_throw`), or, for a piece with
//! nothing to do, the one given when it is selected (`why_immobile`).
//! The selection stays, so the player can try again. A click on one of
//! the mover's own pieces selects that piece instead, so rows aiming at
//! such a cell are not clicked (nor a pass, nor a finished game).

use crate::app::{headless_app, in_words, local_app_from, no_animation, set_screen, settle};
use bevy::prelude::*;
use hive::game::{
    BoardLayout, CellClicked, CurrentGame, Flash, NewGame, NewGameSettings, Notice, Screen,
    SelectPiece, Selection,
};
use hive::rules::{Direction, Game, Hex, Move, Piece};

const CASES: &str = include_str!("../../crates/hive-rules/tests/data/illegal.tsv");

/// The piece, the cell and, for a throw, the pillbug of an attempt.
fn attempt_of(game: &Game, attempt: &str) -> Option<(Piece, Hex, Option<Piece>)> {
    if let Some((thrower, mv)) = attempt.split_once(" throws ") {
        let thrower: Piece = thrower.parse().ok()?;
        let mv = game.parse_move(mv).ok()?;
        return Some((mv.piece()?, mv.to()?, Some(thrower)));
    }
    if let Some((piece, cell)) = attempt.split_once(" @") {
        let piece: Piece = piece.parse().ok()?;
        let (q, r) = cell.split_once(',')?;
        let (q0, r0) = Hex::ORIGIN.axial();
        let to = Hex::from_axial(q0 + q.parse::<i32>().ok()?, r0 + r.parse::<i32>().ok()?);
        return Some((piece, to, None));
    }
    // `place X`: the game never means a placement of a placed piece.
    let mv: Move = game.parse_move(attempt).ok()?;
    Some((mv.piece()?, mv.to()?, None))
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn click(app: &mut App, hex: Hex) {
    let plane = app.world().resource::<BoardLayout>().plane_of(hex);
    app.world_mut().write_message(CellClicked(plane));
    app.update();
}

#[test]
fn every_illegal_click_gets_its_reason_on_the_message_line() {
    let mut app = headless_app();
    no_animation(&mut app);
    // Positions where a player must pass stay on the board to be clicked.
    crate::app::set_settings(&mut app, |settings| settings.auto_pass = false);
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, game_string, attempt, _] = fields[..] else {
            panic!("bad line: {line}");
        };
        if attempt.starts_with("place ") || attempt == "pass" {
            continue; // no click means a placement of a placed piece, or a pass
        }
        let game = Game::from_game_string(game_string).expect("a legal position");
        if game.status().is_over() {
            continue; // the game-over dialog takes the clicks
        }
        let Some((piece, to, thrower)) = attempt_of(&game, attempt) else {
            failures.push(format!("{name}: cannot read {attempt}"));
            continue;
        };
        app.insert_resource(NewGameSettings {
            opening: Some(game.clone()),
            ..default()
        });
        app.world_mut().write_message(NewGame);
        settle(&mut app);
        let shown = app.world().resource::<CurrentGame>().game().clone();
        assert_eq!(shown.game_string(), game.game_string(), "{name}");
        let expected = match thrower {
            Some(thrower) => {
                app.world_mut().write_message(SelectPiece(thrower));
                app.update();
                let throwable = app.world().resource::<Selection>().throwable.clone();
                if !throwable.contains(&piece) {
                    // Not offered for throwing at all: selecting the
                    // pillbug rings only what it can throw.
                    continue;
                }
                click(&mut app, game.position(piece).expect("on the board"));
                game.why_not_throw(thrower, piece, to)
            }
            None => {
                app.world_mut().write_message(SelectPiece(piece));
                app.update();
                let live = !app.world().resource::<Selection>().moves.is_empty();
                if live {
                    game.why_not(piece, to)
                } else {
                    // Said when selected; a click elsewhere then cancels.
                    game.why_immobile(piece)
                }
            }
        };
        let live = !app.world().resource::<Selection>().moves.is_empty();
        if game
            .top(to)
            .is_some_and(|top| top.color() == game.to_move())
        {
            // A click on one's own piece selects it (by design), so the
            // reason is only ever asked of other cells.
            continue;
        }
        if live {
            click(&mut app, to);
            let selection = app.world().resource::<Selection>().piece;
            if selection != Some(piece) {
                failures.push(format!("{name}: the selection was dropped"));
            }
        }
        let expected = expected.map(|e| in_words(&e, &game)).unwrap_or_default();
        if !notice(&app).eq_ignore_ascii_case(&expected) {
            failures.push(format!(
                "{name}: the message line says {:?}, the rules {expected:?}",
                notice(&app)
            ));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 30, "only {checked} rows clicked");
}

/// A refused placement in words: the cell is named by the piece beside it,
/// the notation stays in brackets, and the cell flashes on the board.
#[test]
fn a_reason_names_the_cell_by_its_neighbour_and_the_cell_flashes() {
    let mut app = local_app_from("Base;InProgress;White[2];wA1;bA1 wA1-");
    settle(&mut app);
    let ant: Piece = "wA2".parse().unwrap();
    let game = app.world().resource::<CurrentGame>().game().clone();
    let black = game.position("bA1".parse().unwrap()).unwrap();
    // East of the black Ant: touching Black.
    let to = black.neighbor(Direction::East);
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    click(&mut app, to);
    let said = notice(&app);
    assert!(
        said.contains("next to the black Ant, on its right (bA1-)"),
        "{said}"
    );
    assert!(said.contains("white Ant (wA2)"), "{said}");
    let cells = app.world().resource::<Notice>().cells().to_vec();
    assert_eq!(cells.first(), Some(&to), "the named cell comes first");
    app.update();
    let mut flashes = app.world_mut().query::<&Flash>();
    let flashing: Vec<Hex> = flashes.iter(app.world()).map(|f| f.hex).collect();
    assert!(flashing.contains(&to), "{flashing:?}");
}
