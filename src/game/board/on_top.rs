//! What is on top of the board: egui's panels, windows, dialogs, menus and
//! text fields come first; the side panels leave the board a part of the
//! window (`BoardArea`, which the ui's panels report with `BoardAreaLeft`). One place answers, for every dialog alike,
//! whether a point of the window belongs to the board (for presses,
//! releases, hovering, scrolling and panning) and whether the board may read
//! the keys; every system that reads the pointer or the keyboard for the
//! board asks it. Without a window (the headless tests of the rules) nothing
//! is on top.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, EguiPreUpdateSet, PrimaryEguiContext, egui};

use crate::game::core::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelsOnTop>();
    app.add_systems(
        PreUpdate,
        remember_the_panels.after(EguiPreUpdateSet::InitContexts),
    );
}

/// The part of the window not covered by panels, in logical pixels from the
/// top-left corner, as the panels last reported it ([`BoardAreaLeft`];
/// `None` before they first have).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct BoardArea(pub Option<Rect>);

/// What the panels leave the board: the ui, which lays them out, reports
/// it every frame it draws them.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct BoardAreaLeft(pub Rect);

/// Where [`BoardArea`] takes the panels' latest report: before the frame's
/// input and everything else that reads it; the report is sent before.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeepBoardArea;

/// [`BoardArea`], kept from the panels' reports: for the camera, and for
/// a headless test of the panels.
pub fn keep_the_board_area(app: &mut App) {
    app.init_resource::<BoardArea>();
    app.add_message::<BoardAreaLeft>();
    app.add_systems(
        Update,
        keep_board_area
            .in_set(KeepBoardArea)
            .before(GameSystems::Input),
    );
}

fn keep_board_area(mut left: MessageReader<BoardAreaLeft>, mut area: ResMut<BoardArea>) {
    if let Some(&BoardAreaLeft(rect)) = left.read().last() {
        area.set_if_neq(BoardArea(Some(rect)));
    }
}

/// The primary egui context, kept to ask where its windows lie (egui's
/// memory of the last pass: every window, dialog, menu and its backdrop).
#[derive(Resource, Default, Clone)]
pub struct PanelsOnTop(Option<egui::Context>);

impl PanelsOnTop {
    /// Whether an egui window, dialog, menu or modal backdrop lies over
    /// `at` (logical pixels from the window's top-left corner). Panels at
    /// the window's edges are not counted here: [`BoardArea`] leaves them
    /// out.
    pub fn covers(&self, at: Vec2) -> bool {
        let Some(ctx) = &self.0 else {
            return false;
        };
        ctx.layer_id_at(egui::pos2(at.x, at.y))
            .is_some_and(|layer| layer.order != egui::Order::Background)
    }

    /// Whether a text field or a focused widget has the keyboard, or a
    /// modal dialog is open: its backdrop (or egui's modal layer) lies over
    /// the whole window, corners included, where only the side panels are
    /// otherwise.
    pub fn have_keys(&self) -> bool {
        let Some(ctx) = &self.0 else {
            return false;
        };
        let window = ctx.viewport_rect().shrink(1.0);
        let modal = [
            window.left_top(),
            window.right_top(),
            window.left_bottom(),
            window.right_bottom(),
        ]
        .into_iter()
        .all(|corner| self.covers(Vec2::new(corner.x, corner.y)));
        modal || ctx.egui_wants_keyboard_input()
    }
}

fn remember_the_panels(
    mut contexts: Query<&mut EguiContext, With<PrimaryEguiContext>>,
    mut on_top: ResMut<PanelsOnTop>,
) {
    if on_top.0.is_none()
        && let Ok(mut context) = contexts.single_mut()
    {
        on_top.0 = Some(context.get_mut().clone());
    }
}

/// What the board may read of the pointer and the keyboard this frame.
#[derive(SystemParam)]
pub struct BoardInput<'w> {
    area: Option<Res<'w, BoardArea>>,
    on_top: Option<Res<'w, PanelsOnTop>>,
    wants: Option<Res<'w, EguiWantsInput>>,
}

impl BoardInput<'_> {
    /// Whether a press, a release, a wheel turn or the hover at `at`
    /// (logical pixels) is the board's: inside the part the side panels
    /// leave free, with no window, dialog or menu over it and no menu open
    /// (a press beside an open menu closes it, nothing more).
    pub fn owns(&self, at: Vec2) -> bool {
        self.area
            .as_ref()
            .and_then(|area| area.0)
            .is_none_or(|rect| rect.contains(at))
            && !self.popup_open()
            && !self.on_top.as_ref().is_some_and(|on_top| on_top.covers(at))
    }

    /// Whether `at` is covered by an egui window, dialog or open menu (not
    /// the side panels).
    pub fn covered(&self, at: Vec2) -> bool {
        self.popup_open() || self.on_top.as_ref().is_some_and(|on_top| on_top.covers(at))
    }

    /// Whether the board may read the keys: no text field, focused button
    /// or open menu has them.
    pub fn keys(&self) -> bool {
        !self.popup_open()
            && !self
                .wants
                .as_ref()
                .is_some_and(|wants| wants.wants_keyboard_input())
            && !self
                .on_top
                .as_ref()
                .is_some_and(|on_top| on_top.have_keys())
    }

    fn popup_open(&self) -> bool {
        self.wants
            .as_ref()
            .is_some_and(|wants| wants.is_popup_open())
    }
}
