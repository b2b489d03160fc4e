//! The position editor's screen ("Set up a position"): the board being
//! edited in the middle, drawn with the theme's tiles; each side's hand on
//! its side; the side to move, the turn and the expansions above; below,
//! what makes the position impossible (hovering a reason lights its
//! cells) and where the position can go: play (against a person or the
//! AI), the analysis board, or the clipboard as a GameString.
//!
//! Click a piece in a hand, then a cell: it goes on top of what is there.
//! Click a piece on the board to pick it up and put it elsewhere; a right
//! click takes a cell's top piece back to its hand; Escape puts the picked
//! piece down.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board_view::{board, hand};
use super::{Editor, EditorRequest, EditorStatus, Goal};
use crate::game::core::EditSettings;
use crate::game::core::{Screen, Settings, Words};
use crate::game::saves::{AutosaveStatus, RecordsAction};
use crate::game::theme::Theme;
use crate::game::widgets::{self, PieceArt, WaitingAnswer, ask_about_waiting_game};
use crate::learn::Setup;
use crate::records::Seats;
use crate::rules::{Bug, Color as Side, GameType, Hex};
use crate::text::{Args, Texts};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_editor.run_if(in_state(Screen::Editor)),
    );
}

/// Who the player chose to play a finished position against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Against {
    #[default]
    Person,
    Ai(Side),
}

/// The editor's own choices between frames.
#[derive(Default)]
struct EditorView {
    against: Against,
    /// "Play" waits for the answer about the game in "Resume last game".
    asking: Option<Seats>,
}

fn draw_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    (words, theme, mut settings): (Res<Words>, Option<Res<Theme>>, EditSettings),
    (autosave, mut records): (Res<AutosaveStatus>, MessageWriter<RecordsAction>),
    mut requests: MessageWriter<EditorRequest>,
    mut view: Local<EditorView>,
) -> Result {
    let art = theme.map(|theme| PieceArt::new(&mut contexts, &theme));
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let setup = editor.setup();
    let mut out = Vec::new();
    if let EditorStatus::Written { game_string, .. } = &editor.status
        && editor.copy_pending
    {
        ctx.copy_text(game_string.clone());
        editor.copy_pending = false;
    }
    let editor = &*editor;
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) && editor.picked.is_some() {
        out.push(EditorRequest::Pick(None));
    }
    if let Some(seats) = view.asking {
        let mut answer_ask = settings.ask_before_leaving;
        let answer = ask_about_waiting_game(ctx, words, &mut answer_ask);
        settings.edit(|settings| settings.ask_before_leaving = answer_ask);
        match answer {
            Some(WaitingAnswer::NewGame) => {
                view.asking = None;
                out.push(EditorRequest::Finish(Goal::Play(seats)));
            }
            Some(WaitingAnswer::Resume) => {
                view.asking = None;
                records.write(RecordsAction::Resume);
            }
            Some(WaitingAnswer::Cancel) => view.asking = None,
            None => {}
        }
    }

    let mut window = crate::game::widgets::window_ui(ctx, "editor_window");
    egui::Panel::top("editor_top").show(&mut window, |ui| {
        top_bar(ui, words, editor, &setup, &mut out);
    });
    let mut hovered_problem = None;
    // The buttons, then what the editor says above them in a band of its
    // own height, so a longer list of problems never moves the board.
    egui::Panel::bottom("editor_bottom").show(&mut window, |ui| {
        let mut play = None;
        finish_bar(
            ui,
            words,
            editor,
            &settings,
            &mut view.against,
            &mut play,
            &mut out,
        );
        if let Some(seats) = play {
            if autosave.available && settings.ask_before_leaving {
                view.asking = Some(seats);
            } else {
                out.push(EditorRequest::Finish(Goal::Play(seats)));
            }
        }
    });
    egui::Panel::bottom("editor_messages")
        .exact_size(MESSAGES_HEIGHT)
        .show(&mut window, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    hovered_problem = problems(ui, words, editor);
                    status_lines(ui, words, editor, &mut out);
                });
        });
    let side_width = (ctx.content_rect().width() / 6.0).clamp(120.0, 190.0);
    for side in Side::ALL {
        let panel = match side {
            Side::White => egui::Panel::left("editor_white"),
            Side::Black => egui::Panel::right("editor_black"),
        };
        panel.exact_size(side_width).show(&mut window, |ui| {
            hand(
                ui,
                words,
                art.as_ref(),
                &setup,
                side,
                editor.picked,
                &mut out,
            );
        });
    }
    egui::CentralPanel::default().show(&mut window, |ui| {
        let lit: Vec<Hex> = match hovered_problem {
            Some(i) => editor.problems[i].cells.clone(),
            None => editor
                .problems
                .iter()
                .flat_map(|p| p.cells.iter().copied())
                .collect(),
        };
        board(
            ui,
            art.as_ref(),
            (&setup, editor.frame),
            editor.picked,
            &lit,
            &mut out,
        );
    });
    for request in out {
        requests.write(request);
    }
    Ok(())
}

fn top_bar(
    ui: &mut egui::Ui,
    words: &Texts,
    editor: &Editor,
    setup: &Setup,
    out: &mut Vec<EditorRequest>,
) {
    ui.horizontal_wrapped(|ui| {
        let tip = if editor.opened_from_game() {
            "editor-back-to-game-tip"
        } else {
            "editor-back-to-menu-tip"
        };
        if ui
            .button(words.get("editor-back"))
            .on_hover_text(words.get(tip))
            .clicked()
        {
            out.push(EditorRequest::Back);
        }
        ui.separator();
        ui.heading(words.get("editor-title"));
        ui.separator();
        ui.label(words.get("editor-to-move"));
        let mut to_move = setup.to_move();
        for side in Side::ALL {
            ui.radio_value(&mut to_move, side, words.get(&side_key(side)));
        }
        if to_move != setup.to_move() {
            out.push(EditorRequest::SetToMove(to_move));
        }
        ui.separator();
        ui.label(words.get("editor-turn"))
            .on_hover_text(words.get("editor-turn-tip"));
        let mut turn = setup.turn();
        ui.add(egui::DragValue::new(&mut turn).range(1..=99))
            .on_hover_text(words.get("editor-turn-tip"));
        if turn != setup.turn() {
            out.push(EditorRequest::SetTurn(turn));
        }
        ui.separator();
        ui.label(words.get("editor-expansions"));
        let mut game_type = setup.game_type();
        for bug in [Bug::Mosquito, Bug::Ladybug, Bug::Pillbug] {
            let mut on = game_type.includes(bug);
            if ui.checkbox(&mut on, words.bug(bug, 1)).changed() {
                game_type = with_bug(game_type, bug, on);
            }
        }
        if game_type != setup.game_type() {
            out.push(EditorRequest::SetGameType(game_type));
        }
        ui.separator();
        let clicked = widgets::buttons(
            ui,
            words,
            [
                (
                    !setup.is_empty(),
                    "editor-clear",
                    "editor-clear-tip",
                    EditorRequest::Clear,
                ),
                (true, "editor-fit", "editor-fit-tip", EditorRequest::Fit),
            ],
        );
        out.extend(clicked);
    });
    ui.label(egui::RichText::new(words.get("editor-blurb")).weak());
}

/// `game_type` with `bug` added or taken out.
fn with_bug(game_type: GameType, bug: Bug, on: bool) -> GameType {
    let mut name = String::from("Base");
    let kept: String = [
        (Bug::Mosquito, 'M'),
        (Bug::Ladybug, 'L'),
        (Bug::Pillbug, 'P'),
    ]
    .into_iter()
    .filter(|&(b, _)| if b == bug { on } else { game_type.includes(b) })
    .map(|(_, letter)| letter)
    .collect();
    if !kept.is_empty() {
        name = format!("Base+{kept}");
    }
    name.parse().unwrap_or(game_type)
}

/// "editor-white" or "editor-black": a side as a choice.
fn side_key(side: Side) -> String {
    match side {
        Side::White => "editor-white".to_string(),
        Side::Black => "editor-black".to_string(),
    }
}

/// The problems in words (or that there are none); returns the one under
/// the pointer.
fn problems(ui: &mut egui::Ui, words: &Texts, editor: &Editor) -> Option<usize> {
    let mut hovered = None;
    if editor.problems.is_empty() {
        ui.label(words.get("editor-no-problems"));
        return None;
    }
    ui.label(
        egui::RichText::new(words.format(
            "editor-problems",
            &Args::new().with("count", editor.problems.len()),
        ))
        .strong(),
    );
    for (i, problem) in editor.problems.iter().enumerate() {
        let line = ui.colored_label(ui.visuals().error_fg_color, format!("• {}", problem.text));
        if line.hovered() {
            hovered = Some(i);
        }
    }
    hovered
}

/// The height of the band above the buttons: what makes the position
/// impossible, and what the editor says about the last request.
const MESSAGES_HEIGHT: f32 = 150.0;

/// What the editor says about the last request (and the piece picked).
fn status_lines(ui: &mut egui::Ui, words: &Texts, editor: &Editor, out: &mut Vec<EditorRequest>) {
    match &editor.status {
        EditorStatus::Idle => {}
        EditorStatus::Refused(text) | EditorStatus::Unreachable(text) => {
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
        EditorStatus::Searching(_) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(words.get("editor-searching"));
            });
        }
        EditorStatus::OtherTurn {
            goal,
            turn,
            requested,
            note,
        } => {
            other_turn(ui, words, (*goal, *turn, *requested), note, out);
        }
        EditorStatus::Written { game_string, note } => {
            ui.label(words.get("editor-copied"));
            let mut text = game_string.as_str();
            ui.add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY));
            if let Some(note) = note {
                ui.label(egui::RichText::new(note).weak());
            }
        }
    }
    if let Some(piece) = editor.picked {
        ui.label(words.format(
            "editor-picked",
            &Args::new().with("piece", words.piece(piece)),
        ));
    }
}

/// The buttons that hand the position on.
fn finish_bar(
    ui: &mut egui::Ui,
    words: &Texts,
    editor: &Editor,
    settings: &Settings,
    against: &mut Against,
    play: &mut Option<Seats>,
    out: &mut Vec<EditorRequest>,
) {
    let ready = editor.problems.is_empty() && !editor.searching() && !editor.asking();
    ui.horizontal_wrapped(|ui| {
        ui.label(words.get("editor-opponent"));
        let choices = [
            (Against::Person, "editor-opponent-human"),
            (Against::Ai(Side::White), "editor-opponent-ai-white"),
            (Against::Ai(Side::Black), "editor-opponent-ai-black"),
        ];
        let current = choices
            .iter()
            .find(|(choice, _)| choice == against)
            .map_or("editor-opponent-human", |(_, key)| key);
        egui::ComboBox::from_id_salt("editor_against")
            .selected_text(words.get(current))
            .show_ui(ui, |ui| {
                for (choice, key) in choices {
                    ui.selectable_value(against, choice, words.get(key));
                }
            });
        if ui
            .add_enabled(ready, egui::Button::new(words.get("editor-play")))
            .on_hover_text(words.get("editor-play-tip"))
            .on_disabled_hover_text(words.get("editor-not-ready-tip"))
            .clicked()
        {
            *play = Some(match *against {
                Against::Person => Seats::Human,
                Against::Ai(side) => Seats::Ai {
                    side,
                    difficulty: settings.difficulty,
                },
            });
        }
        ui.separator();
        for (goal, key, tip) in [
            (Goal::Analyse, "editor-analyse", "editor-analyse-tip"),
            (Goal::Copy, "editor-copy", "editor-copy-tip"),
        ] {
            if ui
                .add_enabled(ready, egui::Button::new(words.get(key)))
                .on_hover_text(words.get(tip))
                .on_disabled_hover_text(words.get("editor-not-ready-tip"))
                .clicked()
            {
                out.push(EditorRequest::Finish(goal));
            }
        }
    });
}

/// The game found reaches the position at another turn: said before it is
/// played or analysed, with the choice to go on at that turn or keep
/// editing.
fn other_turn(
    ui: &mut egui::Ui,
    words: &Texts,
    (goal, turn, requested): (Goal, u32, u32),
    note: &str,
    out: &mut Vec<EditorRequest>,
) {
    ui.colored_label(crate::game::widgets::notice_color(ui.ctx()), note);
    let args = Args::new().with("turn", turn).with("requested", requested);
    ui.label(words.format("editor-other-turn-question", &args));
    ui.horizontal_wrapped(|ui| {
        let go_on = match goal {
            Goal::Analyse => "editor-other-turn-analyse",
            _ => "editor-other-turn-play",
        };
        if ui
            .button(words.format(go_on, &args))
            .on_hover_text(words.format("editor-other-turn-go-on-tip", &args))
            .clicked()
        {
            out.push(EditorRequest::GoOn);
        }
        if ui
            .button(words.get("editor-other-turn-back"))
            .on_hover_text(words.get("editor-other-turn-back-tip"))
            .clicked()
        {
            out.push(EditorRequest::KeepEditing);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansions_are_ticked_on_and_off() {
        let base = GameType::BASE;
        let with_pillbug = with_bug(base, Bug::Pillbug, true);
        assert!(with_pillbug.includes(Bug::Pillbug));
        assert!(!with_pillbug.includes(Bug::Mosquito));
        let all = with_bug(
            with_bug(with_pillbug, Bug::Mosquito, true),
            Bug::Ladybug,
            true,
        );
        assert_eq!(all.to_string(), "Base+MLP");
        assert_eq!(with_bug(all, Bug::Ladybug, false).to_string(), "Base+MP");
    }
}
