//! The mouse pointer over the board: the cell under it (for the stack
//! inspector), presses and releases (clicks, and drags from the board or a
//! hand) as [`GameIntent`]s, and the keyboard cursor hidden while the mouse
//! is in use.
//!
//! Presses and releases are read from the window's events in the order they
//! came, each at the position the pointer had then, not at the position it
//! has when the frame is drawn: at a few frames a second a quick drag is
//! pressed, moved and released within one frame, and still picks up the
//! piece it started on and lands where it ended. A press on a hand's stack
//! picks its next piece up (the hands say where their stacks lie,
//! [`HandSlots`]). What egui has on top (a window, a dialog, an open menu)
//! keeps the press: the board is asked through [`BoardInput`], one rule for
//! every dialog.

use bevy::input::ButtonState;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy::window::WindowEvent;

use super::devices::GameIntent;
use super::intents::BoardCursor;
use crate::game::board::{BoardInput, BoardLayout, MainCamera, world_to_plane};
use crate::game::core::Screen;
use crate::rules::{Hex, Piece};

/// The board cell under the mouse pointer (or the keyboard cursor, when a
/// key or the gamepad was used last), if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoveredCell(pub Option<(IVec2, Hex)>);

/// Where each hand stack that can be picked up now lies on screen (logical
/// pixels) and the piece it gives, as the hands were last drawn
/// ([`HandsDrawn`]).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct HandSlots(pub Vec<(Rect, Piece)>);

/// The hands as drawn: the HUD, which draws them, says where each stack
/// that can be picked up lies when that changes.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct HandsDrawn(pub Vec<(Rect, Piece)>);

/// Keeps the latest [`HandsDrawn`] for the pointer.
pub(super) fn keep_hand_slots(mut drawn: MessageReader<HandsDrawn>, mut slots: ResMut<HandSlots>) {
    if let Some(HandsDrawn(now)) = drawn.read().last() {
        slots.set_if_neq(HandSlots(now.clone()));
    }
}

impl HandSlots {
    /// The piece of the stack at `at`, if any.
    pub fn at(&self, at: Vec2) -> Option<Piece> {
        self.0
            .iter()
            .find(|(rect, _)| rect.contains(at))
            .map(|&(_, piece)| piece)
    }
}

/// One of the window's pointer events, in the order they came.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PointerEvent {
    /// The pointer moved to this position (logical pixels).
    Moved(Vec2),
    /// The pointer left the window.
    Left,
    /// The left button went down.
    Pressed,
    /// The left button came up.
    Released,
}

/// What lies at a point of the window, for the pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// An egui window, dialog or open menu: the press is egui's.
    Covered,
    /// A hand's stack that can be picked up, giving this piece.
    Hand(Piece),
    /// The board's cell (plane coordinates), or a side panel (`None`).
    Board(Option<IVec2>),
}

/// The pointer followed through its events: where it is, and whether the
/// press under way is the board's (a click or a drag) or egui's.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Strokes {
    at: Option<Vec2>,
    /// The press under way: `true` when the board took it.
    press: Option<bool>,
}

impl Strokes {
    /// Turns one event into the intents it means, reading what lies where
    /// the pointer is with `spot`.
    pub fn feed(
        &mut self,
        event: PointerEvent,
        spot: impl Fn(Vec2) -> Spot,
        out: &mut Vec<GameIntent>,
    ) {
        match event {
            PointerEvent::Moved(at) => self.at = Some(at),
            PointerEvent::Left => self.at = None,
            PointerEvent::Pressed => {
                let board = match self.at.map(&spot) {
                    Some(Spot::Covered) => false,
                    Some(Spot::Hand(piece)) => {
                        out.push(GameIntent::Grab(piece));
                        true
                    }
                    Some(Spot::Board(cell)) => {
                        out.push(GameIntent::Click(cell));
                        true
                    }
                    None => {
                        out.push(GameIntent::Click(None));
                        true
                    }
                };
                self.press = Some(board);
            }
            PointerEvent::Released => {
                if self.press.take() == Some(true) {
                    let cell = match self.at.map(&spot) {
                        Some(Spot::Board(cell)) => cell,
                        _ => None,
                    };
                    out.push(GameIntent::Release(cell));
                }
            }
        }
    }

    /// Forgets the press under way (off the board's screen).
    pub fn reset(&mut self) {
        self.press = None;
    }

    /// Where the pointer is, as far as the events told.
    pub fn at(&self) -> Option<Vec2> {
        self.at
    }

    /// Sets where the pointer is when no event has told yet.
    pub fn start_at(&mut self, at: Option<Vec2>) {
        if self.at.is_none() {
            self.at = at;
        }
    }
}

/// The world point under the window position `at` (logical pixels from the
/// top-left corner), for the board's 2D camera at `camera` with `scale`
/// world units per pixel (its orthographic projection fits the window).
pub fn screen_to_world(window_size: Vec2, camera: &Transform, scale: f32, at: Vec2) -> Vec2 {
    let from_centre = Vec2::new(at.x - window_size.x / 2.0, window_size.y / 2.0 - at.y);
    camera.translation.truncate() + from_centre * scale
}

/// The board cell (plane coordinates) under `at`, as the camera shows it.
fn plane_at(window: &Window, camera: (&Transform, &Projection), at: Vec2) -> IVec2 {
    let scale = match camera.1 {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    };
    world_to_plane(screen_to_world(window.size(), camera.0, scale, at))
}

/// The mouse is in use: the keyboard cursor hides.
pub(super) fn hide_cursor_for_the_mouse(
    motion: Res<AccumulatedMouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut cursor: ResMut<BoardCursor>,
) {
    if motion.delta != Vec2::ZERO || buttons.get_just_pressed().next().is_some() {
        cursor.set_visible(false);
    }
}

pub(super) fn track_pointer(
    window: Single<&Window>,
    camera: Single<(&Transform, &Projection), With<MainCamera>>,
    input: BoardInput,
    layout: Res<BoardLayout>,
    cursor: Res<BoardCursor>,
    mut hovered: ResMut<HoveredCell>,
) {
    if cursor.visible() {
        let cell = cursor.plane().map(|plane| (plane, layout.hex_at(plane)));
        hovered.set_if_neq(HoveredCell(cell));
        return;
    }
    let cell = window
        .cursor_position()
        .filter(|&at| input.owns(at))
        .map(|at| plane_at(&window, *camera, at))
        .map(|plane| (plane, layout.hex_at(plane)));
    hovered.set_if_neq(HoveredCell(cell));
}

/// The window's pointer events of this frame, in order, as intents.
#[allow(clippy::too_many_arguments)]
pub(super) fn read_pointer_events(
    mut events: MessageReader<WindowEvent>,
    screen: Res<State<Screen>>,
    window: Single<&Window>,
    camera: Single<(&Transform, &Projection), With<MainCamera>>,
    input: BoardInput,
    slots: Res<HandSlots>,
    mut strokes: Local<Strokes>,
    mut intents: MessageWriter<GameIntent>,
) {
    if *screen.get() != Screen::Playing {
        events.clear();
        strokes.reset();
        return;
    }
    strokes.start_at(window.cursor_position());
    let spot = |at: Vec2| {
        if input.covered(at) {
            Spot::Covered
        } else if let Some(piece) = slots.at(at) {
            Spot::Hand(piece)
        } else if input.owns(at) {
            Spot::Board(Some(plane_at(&window, *camera, at)))
        } else {
            Spot::Board(None)
        }
    };
    let mut out = Vec::new();
    for event in events.read() {
        let event = match event {
            WindowEvent::CursorMoved(moved) => PointerEvent::Moved(moved.position),
            WindowEvent::CursorLeft(_) => PointerEvent::Left,
            WindowEvent::MouseButtonInput(button) if button.button == MouseButton::Left => {
                match button.state {
                    ButtonState::Pressed => PointerEvent::Pressed,
                    ButtonState::Released => PointerEvent::Released,
                }
            }
            _ => continue,
        };
        strokes.feed(event, spot, &mut out);
    }
    intents.write_batch(out);
}

#[cfg(test)]
mod tests {
    use super::*;
    const QUEEN: Piece = Piece::from_id(0);

    /// The hand's Queen at x < 100, a dialog over 300..400, the board
    /// elsewhere (cell (x / 100, 0)).
    fn spot(at: Vec2) -> Spot {
        if at.x < 100.0 {
            Spot::Hand(QUEEN)
        } else if (300.0..400.0).contains(&at.x) {
            Spot::Covered
        } else {
            Spot::Board(Some(IVec2::new((at.x / 100.0) as i32, 0)))
        }
    }

    fn run(events: &[PointerEvent]) -> Vec<GameIntent> {
        let mut strokes = Strokes::default();
        let mut out = Vec::new();
        for &event in events {
            strokes.feed(event, spot, &mut out);
        }
        out
    }

    use PointerEvent::{Moved, Pressed, Released};

    #[test]
    fn a_drag_within_one_frame_takes_the_piece_it_started_on_to_where_it_ended() {
        // Where the pointer is when the frame is drawn (x = 250) played no
        // part: the press was on the Queen, the release on cell 2.
        let intents = run(&[
            Moved(Vec2::new(50.0, 10.0)),
            Pressed,
            Moved(Vec2::new(150.0, 10.0)),
            Moved(Vec2::new(230.0, 10.0)),
            Released,
            Moved(Vec2::new(250.0, 10.0)),
        ]);
        assert_eq!(
            intents,
            vec![
                GameIntent::Grab(QUEEN),
                GameIntent::Release(Some(IVec2::new(2, 0)))
            ]
        );
    }

    #[test]
    fn a_press_on_a_dialog_is_not_the_boards() {
        let intents = run(&[Moved(Vec2::new(350.0, 10.0)), Pressed, Released]);
        assert_eq!(intents, Vec::new());
        // Dragged off the dialog onto the board: still the dialog's.
        let intents = run(&[
            Moved(Vec2::new(350.0, 10.0)),
            Pressed,
            Moved(Vec2::new(550.0, 10.0)),
            Released,
        ]);
        assert_eq!(intents, Vec::new());
    }

    #[test]
    fn a_board_drag_released_on_a_dialog_ends_nowhere() {
        let intents = run(&[
            Moved(Vec2::new(150.0, 10.0)),
            Pressed,
            Moved(Vec2::new(350.0, 10.0)),
            Released,
        ]);
        assert_eq!(
            intents,
            vec![
                GameIntent::Click(Some(IVec2::new(1, 0))),
                GameIntent::Release(None)
            ]
        );
    }

    #[test]
    fn screen_points_map_through_the_camera() {
        let camera = Transform::from_xyz(10.0, -20.0, 0.0);
        let size = Vec2::new(800.0, 600.0);
        assert_eq!(
            screen_to_world(size, &camera, 2.0, Vec2::new(400.0, 300.0)),
            Vec2::new(10.0, -20.0)
        );
        // Right and up on screen are right and up in the world.
        assert_eq!(
            screen_to_world(size, &camera, 2.0, Vec2::new(500.0, 200.0)),
            Vec2::new(210.0, 180.0)
        );
    }
}
