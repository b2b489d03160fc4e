//! The input dispatcher: what each [`GameIntent`] (from the keyboard, the
//! gamepad or the pointer) does in a game, and the board cursor of
//! keyboard and gamepad play that most of them move or act on.
//!
//! The cursor jumps between the cells that matter: with no piece selected,
//! the pieces of the side to move; with one selected, its cell, its
//! destinations and the pieces it can throw, and nothing else (with Shift
//! held, the side's other pieces too, to choose another). A direction picks
//! the nearest of them that way. Confirm acts on the cursor's cell exactly as a click there would
//! (`CellClicked`): select, play, pick a piece to throw, or cancel.
//! Selecting a piece puts the cursor on its nearest destination. The
//! cursor shows while a key or the gamepad was used last, and hides when
//! the mouse moves or clicks.
//!
//! While a piece is travelling, a click, Confirm, Cancel or Skip finishes
//! the animation at once; nothing else is taken until it has ended. In
//! review and after the game, the intents here do nothing (egui and
//! `review` take the keys).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::devices::{GameIntent, InputDevice, ReadDevices};
use super::drag::{CellDropped, DragFrom, PointerDrag};
use super::selection::{CellClicked, ClearSelection, HighlightSync, SelectPiece, Selection};
use crate::game::board::geometry::plane_to_world;
use crate::game::board::{BoardLayout, SkipAnimation, hex_to_world};
use crate::game::core::{
    CurrentGame, GameSystems, Notices, Resigning, Screen, Turn, Words, with_color,
};
use crate::rules::{Bug, Game, Hex, Piece};
use crate::text::Args;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>();
    app.add_systems(OnEnter(Screen::Playing), reset_cursor);
    app.add_systems(
        Update,
        carry_out_intents
            .in_set(GameSystems::Input)
            .after(ReadDevices)
            .before(Resigning)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        follow_selection
            .in_set(GameSystems::Sync)
            .after(HighlightSync)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<Selection>)),
    );
}

/// The cell the keyboard and gamepad act on.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardCursor {
    plane: Option<IVec2>,
    visible: bool,
}

impl BoardCursor {
    /// The cursor's cell, in plane coordinates, once it has been placed.
    pub fn plane(&self) -> Option<IVec2> {
        self.plane
    }

    /// Whether it is drawn: a key or the gamepad was used last.
    pub fn visible(&self) -> bool {
        self.visible && self.plane.is_some()
    }

    pub fn set_visible(&mut self, visible: bool) {
        if self.visible != visible {
            self.visible = visible;
        }
    }
}

/// A target this far off the pushed direction (cosine) is not "that way".
const MIN_COSINE: f32 = 0.3;

/// What intents ask of the rest of the game.
#[derive(SystemParam)]
struct Requests<'w> {
    clicks: MessageWriter<'w, CellClicked>,
    select: MessageWriter<'w, SelectPiece>,
    clear: MessageWriter<'w, ClearSelection>,
    skip: MessageWriter<'w, SkipAnimation>,
    drops: MessageWriter<'w, CellDropped>,
    drag: ResMut<'w, PointerDrag>,
    notice: Notices<'w>,
    device: ResMut<'w, InputDevice>,
    words: Res<'w, Words>,
}

fn reset_cursor(mut cursor: ResMut<BoardCursor>) {
    cursor.plane = None;
}

fn carry_out_intents(
    mut intents: MessageReader<GameIntent>,
    turn: Option<Res<State<Turn>>>,
    (game, layout, selection): (Res<CurrentGame>, Res<BoardLayout>, Res<Selection>),
    mut cursor: ResMut<BoardCursor>,
    mut requests: Requests,
    keys: Option<Res<ButtonInput<KeyCode>>>,
) {
    let turn = turn.map(|turn| *turn.get());
    let wide = keys.is_some_and(|keys| keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]));
    let game = game.game();
    for &intent in intents.read() {
        match intent {
            GameIntent::Click(None) | GameIntent::Release(_) => {
                cursor.set_visible(false);
                requests.device.set_if_neq(InputDevice::Mouse);
                if intent == GameIntent::Click(None) || turn != Some(Turn::AwaitingInput) {
                    requests.drag.0 = None;
                }
            }
            GameIntent::Click(_) | GameIntent::Grab(_) => {
                cursor.set_visible(false);
                requests.device.set_if_neq(InputDevice::Mouse);
            }
            GameIntent::MoveCursor(_)
            | GameIntent::Confirm
            | GameIntent::NextHandPiece
            | GameIntent::PrevHandPiece => cursor.set_visible(true),
            _ => {}
        }
        match (turn, intent) {
            (
                Some(Turn::Animating),
                GameIntent::Click(_) | GameIntent::Confirm | GameIntent::Cancel | GameIntent::Skip,
            ) => {
                requests.skip.write(SkipAnimation);
            }
            (Some(Turn::AwaitingInput | Turn::Animating), GameIntent::MoveCursor(direction)) => {
                let targets = targets(game, &layout, &selection, wide);
                cursor.plane = match cursor.plane {
                    Some(from) => step_toward(from, direction, &targets).or(Some(from)),
                    None => nearest(start_point(game, &layout, &selection), &targets),
                };
            }
            (Some(Turn::AwaitingInput), GameIntent::Click(Some(plane))) => {
                cursor.plane = Some(plane);
                requests.clicks.write(CellClicked(plane));
                requests.drag.0 = Some(DragFrom::Board(plane));
            }
            (Some(Turn::AwaitingInput), GameIntent::Grab(piece)) => {
                if selection.piece != Some(piece) {
                    requests.select.write(SelectPiece(piece));
                }
                requests.drag.0 = Some(DragFrom::Hand(piece));
            }
            (Some(Turn::AwaitingInput), GameIntent::Release(cell)) => {
                let from = requests.drag.0.take();
                let dropped = match (from, cell) {
                    (Some(DragFrom::Board(press)), Some(to)) if press != to => from,
                    (Some(DragFrom::Hand(_)), Some(_)) => from,
                    _ => None,
                };
                if let (Some(from), Some(to)) = (dropped, cell) {
                    requests.drops.write(CellDropped { from, to });
                }
            }
            (Some(Turn::AwaitingInput), GameIntent::Confirm) => match cursor.plane {
                Some(plane) => {
                    requests.clicks.write(CellClicked(plane));
                }
                None => {
                    let targets = targets(game, &layout, &selection, wide);
                    cursor.plane = nearest(start_point(game, &layout, &selection), &targets);
                }
            },
            (Some(Turn::AwaitingInput), GameIntent::Cancel) => {
                requests.clear.write(ClearSelection);
            }
            (Some(Turn::AwaitingInput), GameIntent::NextHandPiece | GameIntent::PrevHandPiece) => {
                let forward = intent == GameIntent::NextHandPiece;
                match hand_piece(game, &selection, forward) {
                    Some(piece) => {
                        requests.select.write(SelectPiece(piece));
                    }
                    None => {
                        let words = &requests.words;
                        let args = with_color(words, Args::new(), game.to_move());
                        let text = words.format("notice-no-pieces-in-hand", &args);
                        requests.notice.show(text);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Once a piece is selected with the keyboard or gamepad, the cursor goes
/// to its nearest destination, so Confirm plays it.
fn follow_selection(
    selection: Res<Selection>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    mut cursor: ResMut<BoardCursor>,
) {
    // Not placed yet counts: the first Tab places it on a destination.
    if !cursor.visible || selection.moves.is_empty() {
        return;
    }
    let destinations = selection.destination_planes(&layout);
    if cursor.plane.is_some_and(|at| destinations.contains(&at)) {
        return;
    }
    let from = match cursor.plane {
        Some(at) => hex_to_world(at.x, at.y),
        None => start_point(game.game(), &layout, &selection),
    };
    cursor.plane = nearest(from, &destinations);
}

/// The cells the cursor stops on: the selected piece, its destinations and
/// the pieces it can throw; with nothing selected that could go anywhere,
/// or `wide` (Shift held), every stack topped by the side to move as well.
fn targets(game: &Game, layout: &BoardLayout, selection: &Selection, wide: bool) -> Vec<IVec2> {
    let mut cells: Vec<Hex> = Vec::new();
    cells.extend(selection.piece.and_then(|piece| game.position(piece)));
    cells.extend(selection.moves.iter().filter_map(|mv| mv.to()));
    cells.extend(
        selection
            .throwable
            .iter()
            .filter_map(|&piece| game.position(piece)),
    );
    let choosing = !selection.moves.is_empty() || !selection.throwable.is_empty();
    if wide || !choosing {
        cells.extend(
            game.occupied_cells()
                .filter(|&hex| game.top(hex).is_some_and(|p| p.color() == game.to_move())),
        );
    }
    let mut planes: Vec<IVec2> = Vec::new();
    for hex in cells {
        let plane = layout.plane_of(hex);
        if !planes.contains(&plane) {
            planes.push(plane);
        }
    }
    planes
}

/// Where a cursor not yet placed starts from: the selected piece, or the
/// middle of the hive.
fn start_point(game: &Game, layout: &BoardLayout, selection: &Selection) -> Vec2 {
    match selection.piece.and_then(|piece| game.position(piece)) {
        Some(hex) => {
            let plane = layout.plane_of(hex);
            hex_to_world(plane.x, plane.y)
        }
        None => plane_to_world(layout.center()),
    }
}

/// The target closest to `point`.
fn nearest(point: Vec2, targets: &[IVec2]) -> Option<IVec2> {
    targets.iter().copied().min_by(|a, b| {
        let da = hex_to_world(a.x, a.y).distance_squared(point);
        let db = hex_to_world(b.x, b.y).distance_squared(point);
        da.total_cmp(&db)
    })
}

/// The target nearest to `from` in `direction` (on screen, y up): the
/// closest of those roughly that way, straighter ones preferred.
fn step_toward(from: IVec2, direction: Vec2, targets: &[IVec2]) -> Option<IVec2> {
    let direction = direction.try_normalize()?;
    let origin = hex_to_world(from.x, from.y);
    targets
        .iter()
        .copied()
        .filter(|&target| target != from)
        .filter_map(|target| {
            let offset = hex_to_world(target.x, target.y) - origin;
            let distance = offset.length();
            let cosine = offset.dot(direction) / distance;
            (cosine > MIN_COSINE).then_some((target, distance * (1.0 + 2.0 * (1.0 - cosine))))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(target, _)| target)
}

/// The next (or previous) kind of bug in the hand of the side to move,
/// after the one selected, in the order of the hand panel.
fn hand_piece(game: &Game, selection: &Selection, forward: bool) -> Option<Piece> {
    let side = game.to_move();
    let bugs: Vec<Bug> = Bug::ALL
        .into_iter()
        .filter(|&bug| game.next_in_hand(side, bug).is_some())
        .collect();
    // A piece that cannot be placed is not selected (the message line says
    // why), so the cycle goes through those that can, if any.
    let placeable: Vec<Bug> = bugs
        .iter()
        .copied()
        .filter(|&bug| {
            game.next_in_hand(side, bug)
                .is_some_and(|piece| !game.legal_moves_for(piece).is_empty())
        })
        .collect();
    let bugs = if placeable.is_empty() {
        bugs
    } else {
        placeable
    };
    let count = bugs.len();
    if count == 0 {
        return None;
    }
    let current = selection
        .piece
        .filter(|piece| piece.color() == side && game.position(*piece).is_none())
        .and_then(|piece| bugs.iter().position(|&bug| bug == piece.bug()));
    let index = match (current, forward) {
        (None, true) => 0,
        (None, false) => count - 1,
        (Some(i), true) => (i + 1) % count,
        (Some(i), false) => (i + count - 1) % count,
    };
    game.next_in_hand(side, bugs[index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_to_the_nearest_target_that_way() {
        let targets = [
            IVec2::new(0, 0),
            IVec2::new(1, 0),
            IVec2::new(3, 0),
            IVec2::new(0, 1),
            IVec2::new(-2, 0),
        ];
        let from = IVec2::ZERO;
        assert_eq!(step_toward(from, Vec2::X, &targets), Some(IVec2::new(1, 0)));
        assert_eq!(
            step_toward(IVec2::new(1, 0), Vec2::X, &targets),
            Some(IVec2::new(3, 0))
        );
        assert_eq!(
            step_toward(from, -Vec2::X, &targets),
            Some(IVec2::new(-2, 0))
        );
        // (0, 1) is down and to the left on screen.
        assert_eq!(
            step_toward(from, -Vec2::Y, &targets),
            Some(IVec2::new(0, 1))
        );
        assert_eq!(
            step_toward(from, Vec2::Y, &targets),
            None,
            "nothing up there"
        );
        assert_eq!(step_toward(from, Vec2::ZERO, &targets), None);
    }

    #[test]
    fn hand_pieces_cycle_both_ways_and_skip_empty_bugs() {
        // The tournament opening off, so the Queen may open the game.
        let options = crate::rules::Options {
            tournament_opening: false,
            ..crate::rules::Options::default()
        };
        let game = Game::with_options(crate::rules::GameType::BASE, options);
        let none = Selection::default();
        let first = hand_piece(&game, &none, true).unwrap();
        assert_eq!(first.bug(), Bug::ALL[0]);
        let last = hand_piece(&game, &none, false).unwrap();
        let select = |piece: Piece| Selection {
            piece: Some(piece),
            ..Selection::default()
        };
        assert_eq!(hand_piece(&game, &select(last), true), Some(first));
        assert_eq!(hand_piece(&game, &select(first), false), Some(last));
        let mut seen = vec![first];
        let mut piece = first;
        loop {
            piece = hand_piece(&game, &select(piece), true).unwrap();
            if piece == first {
                break;
            }
            assert!(game.game_type().includes(piece.bug()));
            seen.push(piece);
        }
        assert_eq!(seen.len(), 5, "queen, ant, grasshopper, spider, beetle");
    }

    #[test]
    fn hand_pieces_that_cannot_be_placed_are_passed_over() {
        let options = crate::rules::Options {
            tournament_opening: true,
            ..crate::rules::Options::default()
        };
        let game = Game::with_options(crate::rules::GameType::BASE, options);
        let none = Selection::default();
        let first = hand_piece(&game, &none, true).unwrap();
        assert_eq!(first.bug(), Bug::Ant, "no Queen on the first turn");
        let last = hand_piece(&game, &none, false).unwrap();
        let select = |piece: Piece| Selection {
            piece: Some(piece),
            ..Selection::default()
        };
        assert_eq!(hand_piece(&game, &select(last), true), Some(first));
    }
}
