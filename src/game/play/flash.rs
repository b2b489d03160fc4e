//! The cells a message is about flash: when the message line names a cell
//! ("next to the black Pillbug, on its lower left"), that cell pulses a few
//! times on the board, so the words and the board meet.

use bevy::prelude::*;

use crate::game::board::{BoardLayout, resting_translation};
use crate::game::core::{CurrentGame, Notice, Screen};
use crate::rules::Hex;

/// How long a cell flashes, in seconds.
pub const FLASH_SECONDS: f32 = 2.4;
/// How many times it pulses in that time.
const PULSES: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    // After the frame's work, when every message of the frame is written.
    app.add_systems(
        PostUpdate,
        (
            flash_the_notices_cells.run_if(resource_changed::<Notice>),
            fade_flashes,
        )
            .chain()
            .run_if(in_state(Screen::Playing)),
    );
}

/// A cell flashing for the message shown.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Flash {
    /// The cell.
    pub hex: Hex,
    /// Seconds since it started.
    pub age: f32,
    /// Lit while its message is shown (a lesson's cells), not a few pulses.
    pub steady: bool,
}

impl Flash {
    /// How strongly it shows now, 0 to 1: a few pulses, then nothing.
    pub fn strength(&self) -> f32 {
        if self.steady {
            let phase = self.age / FLASH_SECONDS * PULSES * std::f32::consts::TAU;
            return 0.75 - 0.25 * phase.cos();
        }
        if self.age >= FLASH_SECONDS {
            return 0.0;
        }
        let phase = self.age / FLASH_SECONDS * PULSES * std::f32::consts::TAU;
        0.5 - 0.5 * phase.cos()
    }
}

fn flash_the_notices_cells(
    mut commands: Commands,
    notice: Res<Notice>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    old: Query<Entity, With<Flash>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let game = game.game();
    for &hex in notice.cells() {
        let plane = layout.plane_of(hex);
        let mut translation = resting_translation(plane, game.height(hex).saturating_sub(1));
        translation.z = 41.0;
        commands.spawn((
            Name::new("Flash"),
            Flash {
                hex,
                age: 0.0,
                steady: notice.keeps_cells_lit(),
            },
            Transform::from_translation(translation),
            Visibility::default(),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

fn fade_flashes(mut commands: Commands, time: Res<Time>, mut flashes: Query<(Entity, &mut Flash)>) {
    for (entity, mut flash) in &mut flashes {
        flash.age += time.delta_secs();
        if flash.age >= FLASH_SECONDS && !flash.steady {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_pulses_then_fades_out() {
        let at = |age| {
            Flash {
                hex: Hex::ORIGIN,
                age,
                steady: false,
            }
            .strength()
        };
        assert_eq!(at(0.0), 0.0);
        let peak = FLASH_SECONDS / PULSES / 2.0;
        assert!((at(peak) - 1.0).abs() < 1e-4);
        assert_eq!(at(FLASH_SECONDS), 0.0);
        let lit = Flash {
            hex: Hex::ORIGIN,
            age: 100.0,
            steady: true,
        };
        assert!(lit.strength() >= 0.5, "a lesson's cells stay lit");
    }
}
