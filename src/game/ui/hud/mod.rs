//! The panels around the board during play: the top bar, the hands, the
//! move list, the legend of the marks and their tips, the stack inspector,
//! the game-over dialog, the exhibition bar with the evaluation, and the
//! analysis and engine review panels. The online game's panel and the
//! opening explorer are their features' own (`online`, `database`).

pub(super) mod analysis_panel;
pub(super) mod clicks;
pub(super) mod evaluation;
pub(super) mod exhibition_bar;
pub(super) mod game_menu;
pub(super) mod game_over;
pub(super) mod hands;
pub(super) mod inspector;
pub(super) mod legend;
pub(super) mod marks;
pub(super) mod move_list;
pub(super) mod panels;
pub(super) mod review_bar;
pub(super) mod review_panel;
pub(super) mod review_why;
pub(super) mod top_bar;
