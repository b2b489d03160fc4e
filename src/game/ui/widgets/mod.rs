//! What every panel shares: egui's colours from the theme, the keys handed
//! to egui in order, and the optional frame-time logging.

pub(super) mod diagnostics;
pub(super) mod keys_in_order;
pub(super) mod style;
