//! The panels' colours a theme sets (`ui: (...)` in `theme.ron`): what
//! the manifest says, and the colours settled (the `ui` folder turns them
//! into egui's visuals).

use serde::{Deserialize, Serialize};

use super::rgba::{Rgba, rgba};

/// The panels' colours in a manifest (`ui: (text: "#d8dade", ...)`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UiColors {
    /// Ordinary text: labels, buttons, the move list.
    pub text: Option<String>,
    /// Quiet text: the help line, details, turn headers.
    pub weak_text: Option<String>,
    /// Titles, names and the side to move.
    pub strong_text: Option<String>,
    /// The side and top panels.
    pub panel: Option<String>,
    /// Dialogs and menus over the board.
    pub window: Option<String>,
    /// A button or field at rest.
    pub widget: Option<String>,
    /// A button or field under the pointer.
    pub widget_hover: Option<String>,
    /// The chosen item (selected move, ticked option).
    pub selection: Option<String>,
    /// The message line: why a move was refused, what a piece can do.
    pub notice: Option<String>,
    /// Links and the current move's marker.
    pub accent: Option<String>,
    /// A warning (the clock's last minute, a house rule in force).
    pub warning: Option<String>,
    /// An error (a file that cannot be read, a refused import).
    pub error: Option<String>,
}

/// The panels' colours, settled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResolvedUi {
    /// Ordinary text.
    pub text: Rgba,
    /// Quiet text.
    pub weak_text: Rgba,
    /// Titles and names.
    pub strong_text: Rgba,
    /// Side and top panels.
    pub panel: Rgba,
    /// Dialogs and menus.
    pub window: Rgba,
    /// A widget at rest.
    pub widget: Rgba,
    /// A widget under the pointer.
    pub widget_hover: Rgba,
    /// The chosen item.
    pub selection: Rgba,
    /// The message line.
    pub notice: Rgba,
    /// Links and markers.
    pub accent: Rgba,
    /// Warnings.
    pub warning: Rgba,
    /// Errors.
    pub error: Rgba,
}

impl ResolvedUi {
    /// The default theme's panels, as written in code.
    pub const BUILTIN: ResolvedUi = ResolvedUi {
        text: rgba(0xd2, 0xd5, 0xdb, 255),
        weak_text: rgba(0x9a, 0xa0, 0xaa, 255),
        strong_text: rgba(0xff, 0xff, 0xff, 255),
        panel: rgba(0x24, 0x27, 0x2d, 255),
        window: rgba(0x2a, 0x2d, 0x34, 255),
        widget: rgba(0x3a, 0x3e, 0x47, 255),
        widget_hover: rgba(0x4a, 0x50, 0x5b, 255),
        selection: rgba(0x2f, 0x5f, 0x94, 255),
        notice: rgba(0xff, 0xd2, 0x5a, 255),
        accent: rgba(0x8c, 0xc8, 0xff, 255),
        warning: rgba(0xff, 0xa5, 0x26, 255),
        error: rgba(0xeb, 0x6e, 0x5a, 255),
    };
}
