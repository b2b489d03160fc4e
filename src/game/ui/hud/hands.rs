//! A side's pieces in hand, drawn as the theme's own tiles: one stack per
//! bug (a tile per piece left, up to three drawn, with the count), the
//! bug's art on top. Clicking a stack selects its next piece for placement;
//! pressing one and dragging it onto the board places it where it is
//! released. On the side to move, a bug that cannot be placed now (the
//! Queen on the first turn, everything but the Queen on the fourth, none
//! left) is dimmed, and hovering it gives the rules engine's reason.

use bevy::prelude::*;
use bevy_egui::egui;

use super::clicks::Clicks;
use crate::game::play::{SelectPiece, Selection};
use crate::game::widgets::{PieceArt, TILE};
use crate::records::{ClockWarning, Clocks};
use crate::rules::{self, Bug, Game, Piece};
use crate::text::{Args, Texts};

/// One bug's stack in a hand, as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct HandStack {
    /// The bug.
    pub bug: Bug,
    /// How many are left in hand.
    pub left: usize,
    /// The piece a click places (the lowest number left).
    pub next: Option<Piece>,
    /// Why it cannot be placed now, on the side to move (dimmed when set).
    pub reason: Option<String>,
}

/// The stacks of `side`'s hand, one per bug in the game, in `Bug::ALL` order.
pub(super) fn hand_stacks(game: &Game, side: rules::Color, words: &Texts) -> Vec<HandStack> {
    let to_move = game.to_move() == side && !game.status().is_over();
    // Drawn every frame: one move generation says which pieces can be
    // placed; only the others ask the rules engine why not.
    let mut placeable = Vec::new();
    if to_move {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        placeable.extend(moves.iter().filter_map(|mv| match *mv {
            rules::Move::Place { piece, .. } => Some(piece),
            _ => None,
        }));
    }
    Bug::ALL
        .into_iter()
        .filter(|&bug| game.game_type().includes(bug))
        .map(|bug| {
            let left = game.hand(side).filter(|p| p.bug() == bug).count();
            let next = game.next_in_hand(side, bug);
            let reason = if !to_move {
                None
            } else if let Some(piece) = next {
                (!placeable.contains(&piece))
                    .then(|| {
                        game.why_immobile(piece)
                            .map(|why| words.reason(&why, Some(game)).text)
                    })
                    .flatten()
            } else {
                let error = rules::RuleError::NoneLeftInHand { color: side, bug };
                Some(words.reason(&error, Some(game)).text)
            };
            HandStack {
                bug,
                left,
                next,
                reason,
            }
        })
        .collect()
}

/// How far each tile under the top one peeks out.
const STACK_STEP: egui::Vec2 = egui::vec2(3.0, -4.0);
/// The width one stack takes in a row: its tile, the tiles peeking out
/// under it and its count.
const STACK_WIDTH: f32 = 62.0;

/// What a hand is drawn with besides the game: the theme's art, the words
/// for its tooltips, and the clocks.
pub(super) struct HandContext<'a> {
    pub art: &'a PieceArt,
    pub words: &'a Texts,
    pub clocks: Option<&'a Clocks>,
    /// Where the stacks that can be picked up now lie, with their pieces.
    pub slots: &'a mut Vec<(egui::Rect, Piece)>,
    /// The game has ended off the board too (agreed, resigned, on time):
    /// nobody is to move.
    pub over: bool,
}

/// The hand of `side`. A stack activated from the keyboard selects its
/// next piece through `clicks` (the pointer's presses on a stack are read
/// in order with the rest of the pointer's events, through the slots the
/// hand reports).
pub(super) fn show(
    ui: &mut egui::Ui,
    game: &Game,
    side: rules::Color,
    selection: &Selection,
    awaiting_input: bool,
    context: HandContext,
    clicks: &mut Clicks,
) {
    let HandContext {
        art,
        words,
        clocks,
        slots,
        over,
    } = context;
    let flagged = clocks.is_some_and(|clocks| clocks.flagged().is_some());
    let to_move = game.to_move() == side && !game.status().is_over() && !flagged && !over;
    let heading = if to_move {
        words.format(
            "hand-to-move",
            &Args::new().with("color", words.color(side)),
        )
    } else {
        words.get(match side {
            rules::Color::White => "hand-white",
            rules::Color::Black => "hand-black",
        })
    };
    ui.heading(heading);
    if let Some(clocks) = clocks {
        clock_face(ui, clocks, side, to_move);
    }
    ui.label(words.format(
        "hand-count",
        &Args::new().with("count", game.hand(side).count()),
    ));
    ui.add_space(6.0);
    let stacks = hand_stacks(game, side, words);
    let per_row = ((ui.available_width() / STACK_WIDTH) as usize).clamp(2, 3);
    for row in stacks.chunks(per_row) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            for stack in row {
                let (slot, activated) = stack_tile(
                    ui,
                    stack,
                    side,
                    selection,
                    to_move && awaiting_input,
                    (art, words),
                );
                slots.extend(slot);
                if let Some(piece) = activated {
                    clicks.select.write(SelectPiece(piece));
                }
            }
        });
        ui.add_space(2.0);
    }
}

/// `side`'s clock: large, brighter while it runs, orange under a tenth of
/// the starting time, red under ten seconds.
fn clock_face(ui: &mut egui::Ui, clocks: &Clocks, side: rules::Color, running: bool) {
    let color = match clocks.warning(side) {
        ClockWarning::Critical => ui.visuals().error_fg_color,
        ClockWarning::Low => ui.visuals().warn_fg_color,
        ClockWarning::None if running => ui.visuals().strong_text_color(),
        ClockWarning::None => ui.visuals().weak_text_color(),
    };
    ui.label(
        egui::RichText::new(clocks.display(side))
            .monospace()
            .size(26.0)
            .color(color),
    );
}

/// One stack: up to three tiles, the bug's art, the count; dimmed with a
/// tooltip when it cannot be placed. Returns where it lies with its next
/// piece when it can be picked up now, and that piece when the keyboard
/// activated the stack.
fn stack_tile(
    ui: &mut egui::Ui,
    stack: &HandStack,
    side: rules::Color,
    selection: &Selection,
    playable_side: bool,
    (art, words): (&PieceArt, &Texts),
) -> (Option<(egui::Rect, Piece)>, Option<Piece>) {
    let size = TILE + egui::vec2(2.0 * STACK_STEP.x + 12.0, -2.0 * STACK_STEP.y + 4.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let dimmed = stack.left == 0 || (playable_side && stack.reason.is_some());
    let alpha = if dimmed { 0.3 } else { 1.0 };
    let tint = egui::Color32::WHITE.gamma_multiply(alpha);
    let painter = ui.painter_at(rect);
    let drawn = stack.left.clamp(1, 3);
    // The bottom tile lowest and leftmost, the top one up and to the right.
    let base = rect.left_bottom() + egui::vec2(0.0, -TILE.y);
    let mut top = egui::Rect::from_min_size(base, TILE);
    for k in 0..drawn {
        top = egui::Rect::from_min_size(base + STACK_STEP * k as f32, TILE);
        art.paint_tile(&painter, side, top, tint);
    }
    art.paint_bug(&painter, (stack.bug, side), top, alpha);
    let selected = stack.next.is_some() && selection.piece == stack.next;
    if selected {
        painter.rect_stroke(
            top.expand(1.0),
            6.0,
            egui::Stroke::new(3.0, art.selected()),
            egui::StrokeKind::Outside,
        );
    }
    painter.text(
        rect.right_bottom() + egui::vec2(-1.0, -1.0),
        egui::Align2::RIGHT_BOTTOM,
        format!("×{}", stack.left),
        egui::FontId::proportional(13.0),
        ui.visuals().text_color().gamma_multiply(alpha.max(0.5)),
    );
    let mut response = response.on_hover_text(match &stack.reason {
        Some(reason) => reason.clone(),
        None => words.format(
            "hand-stack-tip",
            &Args::new()
                .with("bug", words.bug(stack.bug, 1))
                .with("count", stack.left),
        ),
    });
    response = response.on_hover_cursor(if playable_side && !dimmed {
        egui::CursorIcon::Grab
    } else {
        egui::CursorIcon::Default
    });
    let Some(piece) = stack.next.filter(|_| playable_side) else {
        return (None, None);
    };
    // Only what the keyboard or gamepad activates: the pointer's presses
    // reach the stack through its slot.
    let by_keys = response.clicked() && !response.clicked_by(egui::PointerButton::Primary);
    (
        Some((response.interact_rect, piece)),
        by_keys.then_some(piece),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameType;

    fn stack(stacks: &[HandStack], bug: Bug) -> &HandStack {
        stacks.iter().find(|s| s.bug == bug).unwrap()
    }

    #[test]
    fn the_queen_is_dimmed_on_the_first_turn_with_the_reason() {
        let game = Game::new(GameType::from_expansions("MLP").unwrap());
        let stacks = hand_stacks(&game, rules::Color::White, &Texts::english());
        assert_eq!(stacks.len(), 8, "one stack per bug of Base+MLP");
        let queen = stack(&stacks, Bug::Queen);
        let reason = queen.reason.as_deref().unwrap_or_default();
        assert!(reason.contains("first turn"), "{reason}");
        let ant = stack(&stacks, Bug::Ant);
        assert_eq!((ant.left, ant.reason.clone()), (3, None));
        // The side not to move is not dimmed: nothing of it is playable now.
        let black = hand_stacks(&game, rules::Color::Black, &Texts::english());
        assert!(black.iter().all(|s| s.reason.is_none()));
        assert_eq!(
            hand_stacks(
                &Game::new(GameType::BASE),
                rules::Color::White,
                &Texts::english()
            )
            .len(),
            5
        );
    }

    #[test]
    fn on_the_fourth_turn_only_the_queen_is_playable() {
        let mut game = Game::new(GameType::BASE);
        for text in [
            "wA1", "bA1 wA1-", "wA2 -wA1", "bA2 bA1-", "wG1 -wA2", "bG1 bA2-",
        ] {
            game.play_move_string(text).unwrap();
        }
        let stacks = hand_stacks(&game, rules::Color::White, &Texts::english());
        assert_eq!(stack(&stacks, Bug::Queen).reason, None);
        for bug in [Bug::Ant, Bug::Grasshopper, Bug::Spider, Bug::Beetle] {
            let reason = stack(&stacks, bug).reason.clone().unwrap_or_default();
            assert!(reason.contains("Queen"), "{bug:?}: {reason}");
        }
    }

    #[test]
    fn an_empty_stack_says_none_are_left() {
        let mut game = Game::new(GameType::BASE);
        for text in [
            "wA1", "bA1 wA1-", "wQ -wA1", "bQ bA1-", "wA2 -wQ", "bA2 bQ-", "wA3 -wA2", "bA3 bA2-",
        ] {
            game.play_move_string(text).unwrap();
        }
        let ant = stack(
            &hand_stacks(&game, rules::Color::White, &Texts::english()),
            Bug::Ant,
        )
        .clone();
        assert_eq!(ant.left, 0);
        assert_eq!(ant.next, None);
        let reason = ant.reason.unwrap_or_default();
        assert!(reason.contains("no Ants left"), "{reason}");
    }
}
