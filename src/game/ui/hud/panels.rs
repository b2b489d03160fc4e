//! The in-game panels, drawn by one system so they share the window in a
//! fixed order (top bar, message line, White's hand on the left, Black's on
//! the right); what they leave free is the board area the camera fits into
//! and the mouse clicks in.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::clicks::Clicks;
use super::exhibition_bar::BarRect;
use super::{game_over, hands, inspector, legend, move_list, top_bar};
use crate::ai::LevelRatings;
use crate::game::ai::AiThinking;
use crate::game::board::BoardLayout;
use crate::game::board::{BoardAreaLeft, KeepBoardArea};
use crate::game::core::Players;
use crate::game::core::Screen;
use crate::game::core::{CurrentGame, Words};
use crate::game::core::{ForcedPass, Turn};
use crate::game::play::{DragFrom, FocusTopBar, HandSlots, HandsDrawn, HoveredCell, PointerDrag};
use crate::game::play::{InputDevice, MovablePieces, Selection};
use crate::game::theme::Theme;
use crate::game::widgets::{PieceArt, difficulty_name, side_panel_width, window_ui};
use crate::rules;
use crate::text::Args;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<PanelsLeave>();
    app.add_systems(
        Update,
        tell_the_board_its_area
            .before(KeepBoardArea)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_hud.run_if(in_state(Screen::Playing)),
    );
}

/// The part of the window the side panels and bars left free when last
/// drawn (logical pixels), before the exhibition bar takes its share: the
/// board is told ([`BoardAreaLeft`](crate::game::board::BoardAreaLeft))
/// once the bar's is known.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(super) struct PanelsLeave(pub(super) Option<Rect>);

/// Tells the board the panels' free area, less the bar when it hangs over
/// its top.
fn tell_the_board_its_area(
    (bar, panels): (Res<BarRect>, Res<PanelsLeave>),
    mut left: MessageWriter<BoardAreaLeft>,
) {
    let Some(free) = panels.0 else {
        return;
    };
    let area = match bar.0 {
        Some(bar)
            if bar.min.x < free.max.x
                && bar.max.x > free.min.x
                && bar.max.y > free.min.y
                && bar.max.y < free.max.y =>
        {
            Rect::new(free.min.x, bar.max.y, free.max.x, free.max.y)
        }
        _ => free,
    };
    left.write(BoardAreaLeft(area));
}

/// Everything the panels show.
#[derive(bevy::ecs::system::SystemParam)]
struct HudView<'w> {
    game: Res<'w, CurrentGame>,
    selection: Res<'w, Selection>,
    considered: Res<'w, crate::game::ai::AiConsidered>,
    forced_pass: Res<'w, ForcedPass>,
    turn: Res<'w, State<Turn>>,
    hovered: Res<'w, HoveredCell>,
    players: Res<'w, Players>,
    thinking: Res<'w, AiThinking>,
    history: crate::game::ui::PlayedGame<'w>,
    theme: Res<'w, Theme>,
    drag: Res<'w, PointerDrag>,
    layout: Res<'w, BoardLayout>,
    device: Res<'w, InputDevice>,
    movable: Res<'w, MovablePieces>,
    words: Res<'w, Words>,
    notice: Res<'w, crate::game::core::Notice>,
    online: Res<'w, crate::game::online::Online>,
    rating: Res<'w, crate::game::learn::Rating>,
    resignation: Res<'w, crate::game::core::Resignation>,
    kept: crate::game::your_games::KeptNow<'w>,
}

impl HudView<'_> {
    /// The selection the board shows: the AI's considered move while it
    /// shows one (and `true`), else the player's.
    fn shown(&self) -> (&Selection, bool) {
        match &self.considered.0 {
            Some(considered) => (considered, true),
            None => (&self.selection, false),
        }
    }
}

impl HudView<'_> {
    /// The game's result when it ended off the board: agreed, resigned or
    /// on time online, or resigned against the AI.
    fn off_board_end(&self) -> Option<crate::net::GameResult> {
        let resigned = self.resignation.of(&self.players).map(|side| match side {
            crate::rules::Color::White => crate::net::GameResult::BlackWins,
            crate::rules::Color::Black => crate::net::GameResult::WhiteWins,
        });
        crate::game::online::ended_off_the_board(&self.online, self.history.mode())
            .map(|(result, _)| result)
            .or(resigned)
    }

    /// Whether a lesson or a puzzle is on the board.
    fn practising(&self) -> bool {
        self.history.practising()
    }
}

/// What the player is doing, for the help line.
fn doing(view: &HudView) -> top_bar::Doing {
    use top_bar::Doing;
    let mode = view.history.mode();
    if mode.exhibition() {
        Doing::Watching
    } else if mode.watching() {
        Doing::WatchingOnline
    } else if view.players.ai_to_move(view.game.game()) {
        Doing::AiToMove
    } else if view.players.moves_elsewhere(view.game.game()) {
        let away = view
            .online
            .shown(mode)
            .is_some_and(|c| !c.link_state.connected);
        if away {
            Doing::FriendAway
        } else {
            Doing::FriendToMove
        }
    } else if view.drag.0.is_some() {
        Doing::Dragging
    } else if view.selection.piece.is_some() {
        Doing::Selected
    } else {
        Doing::Choosing
    }
}

fn draw_hud(
    mut contexts: EguiContexts,
    view: HudView,
    mut clicks: Clicks,
    (hand_slots, mut hands_drawn): (Res<HandSlots>, MessageWriter<HandsDrawn>),
    mut panels_leave: ResMut<PanelsLeave>,
    mut focus_top_bar: MessageReader<FocusTopBar>,
) -> Result {
    let art = PieceArt::new(&mut contexts, &view.theme);
    let marks = legend::MarkArt::new(&mut contexts, &view.theme);
    let ctx = contexts.ctx_mut()?;
    let mut window = window_ui(ctx, "hud_window");
    let game = view.game.game();
    // The human's input is awaited (not the AI's move).
    let awaiting = view.history.mode().takes_move(game);
    let mut slots = Vec::new();
    let auto_pass = clicks.auto_pass();

    egui::Panel::top("top_bar").show(&mut window, |ui| {
        let bar = top_bar::TopBar {
            game,
            players: &view.players,
            thinking: view.thinking.is_thinking(),
            offer_pass: view.forced_pass.0 && (!auto_pass || view.practising()) && awaiting,
            history: &view.history,
            focus_first: focus_top_bar.read().count() > 0,
            off_board_end: view.off_board_end(),
            can_resign: view.history.mode().can_resign(game),
            words: &view.words,
        };
        top_bar::show(ui, &bar, &mut clicks);
    });
    egui::Panel::bottom("message_line").show(&mut window, |ui| {
        top_bar::message_line(
            ui,
            &view.words,
            view.notice.0.as_deref(),
            (*view.turn.get(), doing(&view)),
            *view.device,
        );
    });
    for side in rules::Color::ALL {
        let panel = match side {
            rules::Color::White => egui::Panel::left("white_hand"),
            rules::Color::Black => egui::Panel::right("black_hand"),
        };
        panel
            .exact_size(side_panel_width(ctx.content_rect().width()))
            .resizable(false)
            .show(&mut window, |ui| {
                let clocks = view.history.clock.0;
                hands::show(
                    ui,
                    game,
                    side,
                    view.shown().0,
                    awaiting,
                    hands::HandContext {
                        art: &art,
                        words: &view.words,
                        clocks: clocks.as_ref(),
                        slots: &mut slots,
                        over: *view.turn.get() == Turn::GameOver,
                    },
                    &mut clicks,
                );
                ui.separator();
                match side {
                    // In a short window the inspector and the legend scroll,
                    // with a solid bar that shows there is more below.
                    rules::Color::White => {
                        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                        egui::ScrollArea::vertical()
                            .id_salt("white_panel_scroll")
                            .show(ui, |ui| {
                                inspector::stack_panel(
                                    ui,
                                    &view.words,
                                    game,
                                    &view.hovered,
                                    view.shown().0,
                                );
                                ui.separator();
                                // Open at first where there is room for it.
                                let tall = ui.ctx().content_rect().height() >= 720.0;
                                legend::legend_panel(ui, &view.words, &marks, tall);
                            })
                            .inner
                    }
                    rules::Color::Black => {
                        move_list::moves_panel(ui, &view.words, game, &view.history, &mut clicks)
                    }
                }
            });
    }
    let free = leave_room_for_corner_panels(ctx, window.available_rect_before_wrap());
    panels_leave.0 = Some(rect_to_bevy(free));
    let slots: Vec<_> = slots
        .into_iter()
        .map(|(rect, piece)| (rect_to_bevy(rect), piece))
        .collect();
    if hand_slots.0 != slots {
        hands_drawn.write(HandsDrawn(slots));
    }
    inspector::stack_tooltip(ctx, &view.words, game, &view.hovered);
    legend::marks_tooltip(
        ctx,
        &view.words,
        game,
        &view.hovered,
        view.shown(),
        &view.movable,
    );
    if awaiting {
        draw_dragged_piece(ctx, &view, &art);
    }
    // A lesson or a puzzle says so in its own bar, with its own next step.
    if *view.turn.get() == Turn::GameOver && !view.practising() {
        // A game against the AI just rated: the rating's change.
        let rated = view
            .rating
            .last
            .filter(|last| last.game_id == view.players.game_id)
            .map(|last| {
                // With the next step along the ladder, as the menu says it.
                let (next, _) = view.rating.player.suggestion(LevelRatings::measured());
                let level = difficulty_name(&view.words, next);
                game_over::Rated {
                    change: crate::game::learn::rating::change_in_words(&view.words, &last),
                    next: view
                        .words
                        .format("over-next-level", &Args::new().with("level", level)),
                }
            });
        game_over::show(
            ctx,
            &view.words,
            game,
            game_over::Ending {
                flagged: view.history.clock.flagged(),
                online: crate::game::online::ended_off_the_board(&view.online, view.history.mode()),
                resigned: view.resignation.of(&view.players),
            },
            game_over::Player {
                side: crate::records::KeptGame::player_side_of(view.players.seats),
                kept: view.kept.state(),
            },
            rated,
            &mut clicks,
        );
    }

    // An action that leaves an unfinished game waits for the player's
    // answer (see `Clicks::leave`); the one just confirmed goes ahead.
    clicks.show_question(ctx);
    Ok(())
}

/// The piece being dragged, drawn under the pointer until it is released
/// (a board piece once the pointer has left its cell).
fn draw_dragged_piece(ctx: &egui::Context, view: &HudView, art: &PieceArt) {
    let game = view.game.game();
    let Some(piece) = view.drag.piece(game, &view.layout) else {
        return;
    };
    if let Some(DragFrom::Board(press)) = view.drag.0
        && view.hovered.0.is_none_or(|(plane, _)| plane == press)
    {
        return;
    }
    let (down, at) = ctx.input(|input| (input.pointer.primary_down(), input.pointer.latest_pos()));
    if let (true, Some(at)) = (down, at) {
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Tooltip,
            egui::Id::new("dragged_piece"),
        ));
        art.paint_piece(&painter, piece, at);
    }
}

fn rect_to_bevy(rect: egui::Rect) -> Rect {
    Rect::new(rect.min.x, rect.min.y, rect.max.x, rect.max.y)
}

/// The board's free area less what the online panel (or a watched game's)
/// covers at its bottom-left corner, as it was last drawn: cut from the
/// bottom or from the left, whichever leaves the larger board, so the hive
/// fits where no panel hides a cell.
fn leave_room_for_corner_panels(ctx: &egui::Context, free: egui::Rect) -> egui::Rect {
    let panel = ["online_panel", "watch_panel"]
        .into_iter()
        .filter_map(|id| {
            let id = egui::Id::new(id);
            let layer = egui::LayerId::new(egui::Order::Middle, id);
            ctx.memory(|mem| {
                mem.areas()
                    .visible_last_frame(&layer)
                    .then(|| mem.area_rect(id))
                    .flatten()
            })
        })
        .find(|rect| rect.intersects(free));
    let Some(panel) = panel else {
        return free;
    };
    let above = egui::Rect::from_min_max(free.min, egui::pos2(free.max.x, panel.min.y));
    let beside = egui::Rect::from_min_max(egui::pos2(panel.max.x, free.min.y), free.max);
    let size = |rect: egui::Rect| rect.width().min(rect.height());
    let best = if size(above) >= size(beside) {
        above
    } else {
        beside
    };
    // A panel so big that too little is left is not made room for.
    if size(best) < 0.4 * size(free) {
        free
    } else {
        best
    }
}
