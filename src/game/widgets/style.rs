//! The panels' look comes from the theme: egui's visuals are rebuilt from
//! the theme's `ui` colours (text, panels, widgets, the message line,
//! warnings and errors) whenever the theme changes, so a high-contrast
//! theme is high contrast in the menus too. Panels take their colours from
//! egui's visuals (`text_color`, `weak_text_color`, `warn_fg_color`,
//! `error_fg_color`, `hyperlink_color`) or from [`notice_color`], never
//! from constants of their own.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::theme::Theme;
use crate::game::theme::manifest::Rgba;
use crate::game::theme::panel_colors::ResolvedUi;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_theme_colours);
}

/// The colours last given to egui, so visuals are only rebuilt when the
/// theme's change.
#[derive(Default)]
struct Applied(Option<ResolvedUi>);

fn apply_theme_colours(
    mut contexts: EguiContexts,
    theme: Option<Res<Theme>>,
    mut applied: Local<Applied>,
) -> Result {
    let Some(theme) = theme else {
        return Ok(());
    };
    let colours = theme.resolved.ui;
    if applied.0 == Some(colours) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_visuals(visuals(&colours));
    ctx.data_mut(|data| data.insert_temp(notice_id(), color(colours.notice)));
    applied.0 = Some(colours);
    Ok(())
}

fn notice_id() -> egui::Id {
    egui::Id::new("hive-notice-colour")
}

/// The message line's colour in the theme in use.
pub(in crate::game) fn notice_color(ctx: &egui::Context) -> egui::Color32 {
    ctx.data(|data| data.get_temp(notice_id()))
        .unwrap_or(egui::Color32::from_rgb(0xff, 0xd2, 0x5a))
}

fn color(rgba: Rgba) -> egui::Color32 {
    let [r, g, b, a] = rgba.0;
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// egui's visuals in the theme's colours: dark or light by the panels'
/// brightness, then every text, fill and stroke from the theme.
pub(super) fn visuals(ui: &ResolvedUi) -> egui::Visuals {
    let [r, g, b, _] = ui.panel.0;
    let light = u32::from(r) + u32::from(g) + u32::from(b) > 3 * 128;
    let mut v = if light {
        egui::Visuals::light()
    } else {
        egui::Visuals::dark()
    };
    let text = color(ui.text);
    let strong = color(ui.strong_text);
    v.override_text_color = None;
    v.weak_text_color = Some(color(ui.weak_text));
    v.panel_fill = color(ui.panel);
    v.window_fill = color(ui.window);
    v.faint_bg_color = color(ui.widget).gamma_multiply(0.5);
    v.extreme_bg_color = color(ui.window);
    v.text_edit_bg_color = Some(color(ui.window));
    v.hyperlink_color = color(ui.accent);
    v.warn_fg_color = color(ui.warning);
    v.error_fg_color = color(ui.error);
    v.selection.bg_fill = color(ui.selection);
    v.selection.stroke.color = strong;
    v.window_stroke.color = color(ui.weak_text).gamma_multiply(0.5);
    let w = &mut v.widgets;
    w.noninteractive.fg_stroke.color = text;
    w.noninteractive.bg_stroke.color = color(ui.widget);
    w.noninteractive.bg_fill = color(ui.panel);
    w.noninteractive.weak_bg_fill = color(ui.panel);
    for (state, fill, fg) in [
        (&mut w.inactive, ui.widget, text),
        (&mut w.hovered, ui.widget_hover, strong),
        (&mut w.active, ui.widget_hover, strong),
        (&mut w.open, ui.widget, text),
    ] {
        state.bg_fill = color(fill);
        state.weak_bg_fill = color(fill);
        state.fg_stroke.color = fg;
    }
    w.hovered.bg_stroke.color = strong.gamma_multiply(0.6);
    w.active.bg_stroke.color = strong;
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theme::manifest::ResolvedTheme;

    #[test]
    fn the_visuals_carry_the_theme_colours() {
        let ui = ResolvedTheme::builtin().ui;
        let v = visuals(&ui);
        assert_eq!(v.text_color(), color(ui.text));
        assert_eq!(v.weak_text_color(), color(ui.weak_text));
        assert_eq!(v.panel_fill, color(ui.panel));
        assert_eq!(v.error_fg_color, color(ui.error));
        assert!(v.dark_mode);
        let mut paper = ui;
        paper.panel = Rgba([0xf4, 0xf1, 0xe8, 255]);
        assert!(!visuals(&paper).dark_mode, "light panels get light visuals");
    }
}
