//! The window fits the screen it opens on: it asks for 1280x800, and on a
//! smaller screen (800x600, a small laptop's with a large scale) it is made
//! as large as the screen allows, less room for the desktop's own bars, and
//! centred, once the screen is known.

use bevy::prelude::*;
use bevy::window::{Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowPosition};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fit_to_the_screen.run_if(not_fitted));
}

/// The share of the screen's height left to the window when it must
/// shrink (the rest for the desktop's bars and the window's title).
const HEIGHT_SHARE: f32 = 0.92;
/// The share of the screen's width.
const WIDTH_SHARE: f32 = 0.98;

/// The window's size on a screen of `screen` (logical pixels), asked
/// `requested`: as asked when it fits, else as large as the shares of the
/// screen allow (never below the smallest the game is laid out for,
/// 640x480, whatever the screen).
pub(super) fn fitted(requested: Vec2, screen: Vec2) -> Option<Vec2> {
    let room = Vec2::new(screen.x * WIDTH_SHARE, screen.y * HEIGHT_SHARE).floor();
    if requested.x <= room.x && requested.y <= room.y {
        return None;
    }
    Some(requested.min(room).max(Vec2::new(640.0, 480.0)))
}

#[derive(Resource)]
struct Fitted;

fn not_fitted(fitted: Option<Res<Fitted>>) -> bool {
    fitted.is_none()
}

/// Once the primary screen is known: the window made to fit it.
fn fit_to_the_screen(
    mut commands: Commands,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let (Some(monitor), Ok(mut window)) = (monitors.iter().next(), windows.single_mut()) else {
        return;
    };
    commands.insert_resource(Fitted);
    let scale = monitor.scale_factor.max(0.1) as f32;
    let screen = Vec2::new(
        monitor.physical_width as f32 / scale,
        monitor.physical_height as f32 / scale,
    );
    let requested = Vec2::new(window.width(), window.height());
    if let Some(size) = fitted(requested, screen) {
        info!(
            "the window fits the screen ({}x{}): {}x{}",
            screen.x, screen.y, size.x, size.y
        );
        window.resolution.set(size.x, size.y);
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_shrinks_only_to_a_smaller_screen() {
        let asked = Vec2::new(1280.0, 800.0);
        assert_eq!(fitted(asked, Vec2::new(1920.0, 1080.0)), None);
        assert_eq!(
            fitted(asked, Vec2::new(800.0, 600.0)),
            Some(Vec2::new(784.0, 552.0))
        );
        // A 1366x768 laptop: the width is kept, the height shrinks.
        assert_eq!(
            fitted(asked, Vec2::new(1366.0, 768.0)),
            Some(Vec2::new(1280.0, 706.0))
        );
        // Never below the smallest layout.
        assert_eq!(
            fitted(asked, Vec2::new(320.0, 240.0)),
            Some(Vec2::new(640.0, 480.0))
        );
    }
}
