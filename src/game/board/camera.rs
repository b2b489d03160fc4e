//! The 2D camera that looks at the board: it fits the hive, centred in the
//! part of the window the panels leave free, when a game starts and on `F`
//! or `Home`; after that it stays still while the hive (with a cell's room
//! around it) stays in view, so pieces do not jump after every move, and
//! fits again only when a piece would leave the view; the player may pan
//! (right or middle drag, `W` `A` `S` `D`) or zoom (wheel, `+`/`-`), after
//! which it follows the player alone. The arrow keys move the keyboard
//! cursor (see `input`).

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

use super::geometry::{HEX_SIZE, hex_to_world};
use super::layout::BoardLayout;
use super::on_top::{BoardArea, BoardInput, keep_the_board_area};
use crate::game::core::{GameSystems, Screen};

/// The table the board lies on.
const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.14);
/// Room left around the hive when fitting, in cells.
const FIT_MARGIN_CELLS: f32 = 2.0;
/// Room the hive must keep in view for the camera to stay still, in cells.
const STAY_MARGIN_CELLS: f32 = 1.0;
/// Fitting never zooms in past one world unit per pixel.
const MIN_FIT_SCALE: f32 = 1.0;
const ZOOM_LIMITS: (f32, f32) = (0.25, 8.0);
/// Keyboard panning speed, in pixels per second.
const PAN_SPEED: f32 = 600.0;
/// How quickly the camera catches up with its target (per second).
const EASE_RATE: f32 = 10.0;

/// The camera, its fitting, panning and zooming (also what a headless test
/// of the panels adds to find cells under the pointer).
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND));
    keep_the_board_area(app);
    app.init_resource::<CameraView>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(OnEnter(Screen::Playing), fit_again);
    app.add_systems(
        Update,
        pan_and_zoom
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        (fit_to_hive, move_camera)
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The one camera; egui draws its panels on it too.
#[derive(Component, Reflect, Debug, Default)]
pub struct MainCamera;

/// Where the camera is heading.
#[derive(Resource, Debug, Clone, Copy)]
pub struct CameraView {
    /// Follow the hive (until the player pans or zooms).
    pub auto_fit: bool,
    /// Fit now, even if the hive is in view (a new screen, `F`).
    pub refit: bool,
    /// Where the camera centre goes, in world space.
    pub target: Vec2,
    /// World units per pixel.
    pub scale: f32,
}

impl Default for CameraView {
    fn default() -> Self {
        CameraView {
            auto_fit: true,
            refit: true,
            target: Vec2::ZERO,
            scale: 1.0,
        }
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Main camera"), MainCamera, Camera2d));
}

fn fit_again(mut view: ResMut<CameraView>) {
    view.auto_fit = true;
    view.refit = true;
}

fn fit_to_hive(
    layout: Res<BoardLayout>,
    area: Res<BoardArea>,
    window: Single<&Window>,
    mut view: ResMut<CameraView>,
) {
    if !view.auto_fit {
        return;
    }
    let window_size = window.size();
    // Until the panels have said what they leave free (the first frame),
    // the fit is for the whole window and is done again once they have.
    let area_known = area.0.is_some();
    let area = area
        .0
        .unwrap_or(Rect::from_corners(Vec2::ZERO, window_size));
    if area.width() < 1.0 || area.height() < 1.0 {
        return;
    }
    let mut bounds = Rect::from_center_size(hex_to_world(0, 0), Vec2::ZERO);
    let mut first = true;
    for (_, plane) in layout.occupied() {
        let at = hex_to_world(plane.x, plane.y);
        bounds = if first {
            Rect::from_center_size(at, Vec2::ZERO)
        } else {
            bounds.union_point(at)
        };
        first = false;
    }
    let offset = area.center() - window_size / 2.0;
    if !view.refit && hive_in_view(&view, area, window_size, bounds) {
        return;
    }
    let asked = view.refit;
    view.refit = !area_known;
    let bounds = bounds.inflate(HEX_SIZE * 2.0 * FIT_MARGIN_CELLS);
    let scale = (bounds.width() / area.width())
        .max(bounds.height() / area.height())
        .max(MIN_FIT_SCALE);
    // Put the hive's centre at the free area's centre, not the window's.
    let target = bounds.center() + Vec2::new(-offset.x, offset.y) * scale;
    if asked || target.distance(view.target) > 0.5 || (scale - view.scale).abs() > 1e-3 {
        info!(
            "camera fit: world centre ({:.1}, {:.1}) at pixel ({:.1}, {:.1}), scale {scale:.3}",
            bounds.center().x,
            bounds.center().y,
            area.center().x,
            area.center().y
        );
        view.target = target;
        view.scale = scale;
    }
}

/// Whether the hive (its cells' centres within `hive`), with
/// [`STAY_MARGIN_CELLS`] of room around it, lies in the free `area` of a
/// window of `window_size` as `view` shows it.
fn hive_in_view(view: &CameraView, area: Rect, window_size: Vec2, hive: Rect) -> bool {
    let offset = area.center() - window_size / 2.0;
    let seen = Rect::from_center_size(
        view.target + Vec2::new(offset.x, -offset.y) * view.scale,
        area.size() * view.scale,
    );
    let needed = hive.inflate(HEX_SIZE * 2.0 * STAY_MARGIN_CELLS);
    seen.contains(needed.min) && seen.contains(needed.max)
}

fn move_camera(
    time: Res<Time>,
    view: Res<CameraView>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let blend = if view.auto_fit {
        1.0 - (-EASE_RATE * time.delta_secs()).exp()
    } else {
        1.0
    };
    let at = transform.translation.truncate().lerp(view.target, blend);
    transform.translation = at.extend(transform.translation.z);
    ortho.scale += (view.scale - ortho.scale) * blend;
}

#[allow(clippy::too_many_arguments)]
pub fn pan_and_zoom(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    input: BoardInput,
    window: Single<&Window>,
    mut view: ResMut<CameraView>,
) {
    // Keys typed into a text field, or meant for a focused button, are not
    // the board's.
    let keys_on_board = input.keys();
    if keys_on_board && keys.any_just_pressed([KeyCode::KeyF, KeyCode::Home]) {
        view.auto_fit = true;
        view.refit = true;
        return;
    }
    let over_board = window.cursor_position().is_some_and(|at| input.owns(at));
    let mut pan = Vec2::ZERO;
    if buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && over_board {
        pan += motion.delta;
    }
    if keys_on_board {
        let dt = time.delta_secs();
        for (key, dir) in [
            (KeyCode::KeyA, Vec2::X),
            (KeyCode::KeyD, -Vec2::X),
            (KeyCode::KeyW, Vec2::Y),
            (KeyCode::KeyS, -Vec2::Y),
        ] {
            if keys.pressed(key) {
                pan += dir * PAN_SPEED * dt;
            }
        }
    }
    let mut zoom = 1.0;
    if over_board && scroll.delta.y != 0.0 {
        let notches = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        zoom *= 0.9f32.powf(notches);
    }
    if keys_on_board && keys.any_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
        zoom *= (-2.0 * time.delta_secs()).exp();
    }
    if keys_on_board && keys.any_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
        zoom *= (2.0 * time.delta_secs()).exp();
    }
    if pan == Vec2::ZERO && zoom == 1.0 {
        return;
    }
    view.auto_fit = false;
    let scale = view.scale;
    view.target += Vec2::new(-pan.x, pan.y) * scale;
    view.scale = (scale * zoom).clamp(ZOOM_LIMITS.0, ZOOM_LIMITS.1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_camera_stays_while_the_hive_keeps_room_in_view_and_moves_when_it_would_leave() {
        let window = Vec2::new(1280.0, 800.0);
        // Side panels leave the middle 860 pixels free.
        let area = Rect::new(210.0, 24.0, 1070.0, 780.0);
        let offset = area.center() - window / 2.0;
        let view = CameraView {
            auto_fit: true,
            refit: false,
            target: Vec2::new(-offset.x, offset.y),
            scale: 1.0,
        };
        let one_cell = Rect::from_center_size(Vec2::ZERO, Vec2::ZERO);
        assert!(hive_in_view(&view, area, window, one_cell));
        // A few cells out: still in view, no jump.
        let grown = one_cell.union_point(hex_to_world(3, -2));
        assert!(hive_in_view(&view, area, window, grown));
        // Far beyond the free area's edge: time to fit again.
        let beyond = one_cell.union_point(Vec2::new(area.width(), 0.0));
        assert!(!hive_in_view(&view, area, window, beyond));
        // Zoomed out, the same hive fits.
        let wide = CameraView { scale: 3.0, ..view };
        assert!(hive_in_view(&wide, area, window, beyond));
    }
}
