//! The panels' words in a small window, read from what egui lays out in the
//! headless app (`panels_app`, with the window's size and the pointer given
//! to egui): at 800x600, in English and Spanish, the Games screen cuts no
//! result and names the players of the program's own saved games, the top
//! bar shows whose turn it is whole, an exhibition's bar keeps off the
//! hands' headers and its game-over box, and offers no Pause once the game
//! is over; the review's marks and scores and the analysis's depth explain
//! themselves on hover; the move list follows the review's cursor; the
//! editor's Spanish message for a white piece says White.

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::app::{SCRIPT, frames, set_screen, update_until_within};
use crate::panels::panels_app;
use bevy::prelude::*;
use bevy_egui::{
    EguiContext, EguiFullOutput, EguiInput, EguiPostUpdateSet, EguiPreUpdateSet, egui,
};
use hive::ai::{Difficulty, Limits};
use hive::game::editor::EditorRequest;
use hive::game::{
    CurrentGame, EngineReview, EngineReviewRequest, ExhibitionControl, GameLibrary, LibraryRequest,
    NewGameSettings, Opponent, PlayMove, ReviewAction, Screen, SetAnalysis, Turn, Words,
};
use hive::records::{SavedGame, Seats, save_game_file};
use hive::rules::{Color, Game, GameType, Hex, Piece};

/// The window egui is told about, and where the pointer is.
#[derive(Resource)]
struct Window {
    size: egui::Vec2,
    pointer: Option<egui::Pos2>,
}

/// One text egui laid out: where, clipped to what, and whether it was cut
/// short with "…".
#[derive(Clone, Debug)]
pub(crate) struct Laid {
    pub(crate) text: String,
    rect: egui::Rect,
    clip: egui::Rect,
    elided: bool,
}

/// Every text of the last frame.
#[derive(Resource, Default)]
struct LaidOut(Vec<Laid>);

fn feed_window(window: Res<Window>, mut inputs: Query<&mut EguiInput>) {
    for mut input in &mut inputs {
        input.0.screen_rect = Some(egui::Rect::from_min_size(egui::Pos2::ZERO, window.size));
        if let Some(pos) = window.pointer {
            input.0.events.push(egui::Event::PointerMoved(pos));
        }
    }
}

fn texts_of(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<Laid>) {
    match shape {
        egui::Shape::Text(text) => out.push(Laid {
            text: text.galley.text().to_string(),
            rect: text.galley.rect.translate(text.pos.to_vec2()),
            clip,
            elided: text.galley.elided,
        }),
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts_of(s, clip, out)),
        _ => {}
    }
}

fn read_laid_out(outputs: Query<&EguiFullOutput>, mut laid: ResMut<LaidOut>) {
    let mut texts = Vec::new();
    for output in &outputs {
        if let Some(full) = &output.0 {
            for clipped in &full.shapes {
                texts_of(&clipped.shape, clipped.clip_rect, &mut texts);
            }
        }
    }
    if !texts.is_empty() {
        laid.0 = texts;
    }
}

/// The panels in `lang` in a window `width` by `height`, tooltips at once.
pub(crate) fn app(lang: &str, width: f32, height: f32) -> App {
    let mut app = panels_app(lang);
    app.insert_resource(Window {
        size: egui::vec2(width, height),
        pointer: None,
    });
    app.init_resource::<LaidOut>();
    app.add_systems(
        PreUpdate,
        feed_window
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(
        PostUpdate,
        read_laid_out
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
    app.update();
    context(&mut app).all_styles_mut(|style| {
        style.interaction.tooltip_delay = 0.0;
        style.interaction.show_tooltips_only_when_still = false;
        // Scrolled at once, not over a few tenths of a second.
        style.scroll_animation = egui::style::ScrollAnimation::none();
    });
    app
}

fn context(app: &mut App) -> egui::Context {
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    contexts
        .iter_mut(app.world_mut())
        .next()
        .expect("the primary egui context")
        .get_mut()
        .clone()
}

pub(crate) fn laid(app: &mut App) -> Vec<Laid> {
    frames(app, 3);
    app.world().resource::<LaidOut>().0.clone()
}

fn texts(app: &mut App) -> Vec<String> {
    laid(app).into_iter().map(|l| l.text).collect()
}

pub(crate) fn word(app: &App, key: &str) -> String {
    app.world().resource::<Words>().0.get(key)
}

/// Where the last frame drew the window (or area) `id`.
fn area(app: &mut App, id: &str) -> Option<egui::Rect> {
    context(app).memory(|memory| memory.area_rect(egui::Id::new(id)))
}

/// The texts shown while the pointer rests on the first text `wanted`
/// accepts (found again each frame, should it move), less those shown
/// before: its tooltip.
fn hover(app: &mut App, what: &str, wanted: impl Fn(&str) -> bool) -> Vec<String> {
    let before = laid(app);
    let old: Vec<String> = texts_of_laid(&before);
    let mut new = Vec::new();
    let mut now = before;
    for _ in 0..6 {
        let target = now
            .iter()
            .find(|l| wanted(&l.text))
            .unwrap_or_else(|| panic!("no {what} in {:#?}", texts_of_laid(&now)))
            .rect;
        app.world_mut().resource_mut::<Window>().pointer = Some(target.center());
        app.update();
        now = app.world().resource::<LaidOut>().0.clone();
        for text in texts_of_laid(&now) {
            if !old.contains(&text) && !new.contains(&text) {
                new.push(text);
            }
        }
    }
    app.world_mut().resource_mut::<Window>().pointer = None;
    frames(app, 2);
    new
}

fn texts_of_laid(laid: &[Laid]) -> Vec<String> {
    laid.iter().map(|l| l.text.clone()).collect()
}

/// No text runs past the window's right edge or out of its clip rect
/// sideways, and none of `whole` is cut short.
pub(crate) fn assert_fits(laid: &[Laid], width: f32, whole: &[String], what: &str) {
    for l in laid {
        assert!(
            l.rect.right() <= width + 0.5 && l.rect.right() <= l.clip.right() + 0.5,
            "{what}: {:?} runs past its room ({:?}, clipped to {:?})",
            l.text,
            l.rect,
            l.clip
        );
        assert!(
            !(l.elided && whole.contains(&l.text)),
            "{what}: {:?} is cut short",
            l.text
        );
    }
}

/// A folder with boardspace records and two games this program saved
/// (against the AI, and an exhibition), which name no players.
fn library_folder() -> tempfile::TempDir {
    let dir = tempfile::TempDir::new().expect("a folder");
    let recordings =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/hive-records/tests/data/recordings");
    for entry in fs::read_dir(recordings).expect("the recordings") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|ext| ext == "pgn") {
            let name = path.file_name().expect("a name");
            fs::copy(&path, dir.path().join(name)).expect("copied");
        }
    }
    let game = crate::app::scripted_game();
    for (name, seats) in [
        (
            "against-the-ai.txt",
            Seats::Ai {
                side: Color::Black,
                difficulty: Difficulty::Medium,
            },
        ),
        (
            "exhibition.txt",
            Seats::Exhibition {
                white: Difficulty::Easy,
                black: Difficulty::Hard,
            },
        ),
    ] {
        let mut saved = SavedGame::new(game.clone());
        saved.seats = Some(seats);
        save_game_file(dir.path().join(name), &saved).expect("saved");
    }
    dir
}

#[test]
fn the_games_screen_cuts_no_result_and_names_saved_games_players() {
    let folder = library_folder();
    for (lang, you, ai) in [("en", "You", "AI (Medium)"), ("es", "Tú", "IA (Media)")] {
        let mut app = app(lang, 800.0, 600.0);
        set_screen(&mut app, Screen::Games);
        *app.world_mut().resource_mut::<hive::game::GamesTab>() = hive::game::GamesTab::Folder;
        frames(&mut app, 2);
        app.world_mut()
            .write_message(LibraryRequest::Open(folder.path().to_path_buf()));
        update_until_within(
            &mut app,
            "the folder read",
            Duration::from_secs(30),
            |app| {
                let library = app.world().resource::<GameLibrary>();
                library.progress().is_none() && library.entries().len() >= 7
            },
        );
        let laid = laid(&mut app);
        let shown = texts_of_laid(&laid);
        for name in [you, ai] {
            assert!(
                shown.iter().any(|t| t == name),
                "{lang}: no {name:?} in {shown:#?}"
            );
        }
        let results: Vec<String> = ["moves-result-white", "moves-result-black"]
            .iter()
            .map(|key| word(&app, key))
            .collect();
        assert!(
            results.iter().any(|r| shown.contains(r)),
            "{lang}: no result shown in {shown:#?}"
        );
        let mut whole = results;
        for column in ["white", "black", "date", "game", "result", "moves", "file"] {
            whole.push(word(&app, &format!("library-column-{column}")));
        }
        whole.push(word(&app, "library-unfinished"));
        assert_fits(&laid, 800.0, &whole, lang);
    }
}

/// A game against the AI (the human plays White), at its first turn.
fn against_the_ai(app: &mut App) {
    crate::app::set_settings(app, |settings| {
        settings.game_type = GameType::from_expansions("MLP").expect("a game type");
        settings.opponent = Opponent::Ai;
        settings.difficulty = Difficulty::Medium;
        settings.human_side = hive::game::HumanSide::White;
    });
    crate::app::no_animation(app);
    set_screen(app, Screen::Playing);
    frames(app, 3);
}

#[test]
fn the_top_bar_shows_whose_turn_whole_at_800x600() {
    for (lang, you) in [("en", "(you)"), ("es", "(tú)")] {
        let mut app = app(lang, 800.0, 600.0);
        against_the_ai(&mut app);
        let laid = laid(&mut app);
        let status = laid
            .iter()
            .find(|l| l.text.contains(you))
            .unwrap_or_else(|| panic!("{lang}: no status in {:#?}", texts_of_laid(&laid)))
            .clone();
        assert_fits(&laid, 800.0, std::slice::from_ref(&status.text), lang);
    }
}

/// The scripted game one move before its end, as an exhibition, paused.
fn exhibition_before_the_end(app: &mut App) -> Game {
    let mut before_end = Game::new(GameType::from_expansions("P").expect("a game type"));
    let moves: Vec<&str> = SCRIPT.split(';').collect();
    for text in &moves[..moves.len() - 1] {
        before_end.play_move_string(text).expect("a legal move");
    }
    app.insert_resource(NewGameSettings {
        opening: Some(before_end.clone()),
        ..default()
    });
    crate::app::set_settings(app, |settings| {
        settings.opponent = Opponent::Exhibition {
            white: Difficulty::Beginner,
            black: Difficulty::Beginner,
        };
    });
    crate::app::no_animation(app);
    let mut control = ExhibitionControl::default();
    control.paused = true;
    app.insert_resource(control);
    set_screen(app, Screen::Playing);
    frames(app, 3);
    before_end
}

#[test]
fn an_exhibition_keeps_off_the_hands_and_its_game_over_box_and_ends_without_pause() {
    for lang in ["en", "es"] {
        let mut app = app(lang, 800.0, 600.0);
        let before_end = exhibition_before_the_end(&mut app);
        let laid = laid(&mut app);
        let bar = area(&mut app, "exhibition_bar").expect("the exhibition bar");
        // Nothing else's words under the bar (the hands' headers, the top
        // bar's).
        for l in laid.iter().filter(|l| !bar.contains_rect(l.rect)) {
            assert!(
                !l.rect.intersects(bar),
                "{lang}: {:?} is under the exhibition bar {bar:?}",
                l.text
            );
        }
        let shown = texts_of_laid(&laid);
        assert!(shown.contains(&word(&app, "exhibition-play")), "{shown:#?}");
        // The pace is shown as a number beside the slider.
        assert!(
            shown.iter().any(|t| t.starts_with("60 ")),
            "{lang}: no pace in {shown:#?}"
        );

        // The last move: the game is over.
        let last = SCRIPT.split(';').next_back().expect("a last move");
        let mv = before_end.parse_move(last).expect("the last move");
        app.world_mut().write_message(PlayMove(mv));
        update_until_within(&mut app, "the game over", Duration::from_secs(10), |app| {
            *app.world().resource::<State<Turn>>().get() == Turn::GameOver
        });
        let shown = texts(&mut app);
        for key in ["exhibition-pause", "exhibition-play"] {
            let button = word(&app, key);
            assert!(
                !shown.contains(&button),
                "{lang}: {button:?} offered after the end: {shown:#?}"
            );
        }
        let bar = area(&mut app, "exhibition_bar").expect("the exhibition bar");
        let over = area(&mut app, "game_over").expect("the game-over box");
        assert!(
            !over.intersects(bar),
            "{lang}: the game-over box {over:?} and the bar {bar:?} overlap"
        );
    }
}

/// The scripted game reviewed by the engine (to depth 2, quickly).
fn reviewed_game(app: &mut App) {
    app.insert_resource(NewGameSettings {
        opening: Some(crate::app::scripted_game()),
        ..default()
    });
    crate::app::no_animation(app);
    set_screen(app, Screen::Playing);
    frames(app, 3);
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(2);
    app.world_mut().write_message(EngineReviewRequest::Start);
    update_until_within(app, "the review", Duration::from_secs(120), |app| {
        let current = app.world().resource::<CurrentGame>();
        app.world()
            .resource::<EngineReview>()
            .reviewed(current.variations())
            .is_some()
    });
}

#[test]
fn the_reviews_marks_and_scores_are_explained_on_hover() {
    for (lang, loss, average, was, after) in [
        ("en", "loss", "average", "(was ", "After the move"),
        ("es", "pérdida", "media", "(antes ", "Tras la jugada"),
    ] {
        let mut app = app(lang, 1280.0, 800.0);
        reviewed_game(&mut app);
        // Each mark with the losses it stands for.
        for (mark, meaning) in [
            ("?!", "0.50"),
            ("?", "1.20"),
            ("??", "3.00"),
            (loss, average),
        ] {
            let tip = hover(&mut app, mark, |t| t == mark);
            assert!(
                tip.iter().any(|t| t.contains(meaning)),
                "{lang}: hovering {mark:?} says {tip:#?}"
            );
        }
        // The verdict on a move: its scores explained.
        let line = app.world().resource::<CurrentGame>().line_nodes().to_vec();
        app.world_mut()
            .write_message(ReviewAction::GotoNode(line[line.len() / 2]));
        frames(&mut app, 3);
        let tip = hover(&mut app, "a verdict", |t| t.contains(was));
        assert!(
            tip.iter().any(|t| t.contains(after)),
            "{lang}: hovering the verdict says {tip:#?}"
        );
    }
}

#[test]
fn the_analysis_depth_is_explained_on_hover() {
    for (lang, depth, looked) in [
        ("en", "depth ", "the engine looked"),
        ("es", "profundidad ", "el motor miró"),
    ] {
        let mut app = app(lang, 1280.0, 800.0);
        app.insert_resource(NewGameSettings::default());
        set_screen(&mut app, Screen::Playing);
        frames(&mut app, 3);
        app.world_mut().write_message(SetAnalysis(true));
        update_until_within(&mut app, "the analysis", Duration::from_secs(60), |app| {
            app.world()
                .resource::<LaidOut>()
                .0
                .iter()
                .any(|l| l.text.contains(depth))
        });
        let tip = hover(&mut app, "the depth", |t| t.contains(depth));
        assert!(
            tip.iter().any(|t| t.contains(looked)),
            "{lang}: hovering the depth says {tip:#?}"
        );
    }
}

/// A long game (for a move list taller than the panel): a legal move each
/// turn, the same ones every run, stopping before the game ends.
fn long_game(plies: usize) -> Game {
    let mut game = Game::new(GameType::BASE);
    let mut moves = Vec::new();
    for ply in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        let playable: Vec<_> = moves
            .iter()
            .copied()
            .filter(|mv| {
                let mut next = game.clone();
                next.play(*mv).is_ok() && !next.status().is_over()
            })
            .collect();
        let Some(mv) = playable.get((ply * 7 + 3) % playable.len().max(1)).copied() else {
            break;
        };
        game.play(mv).expect("a legal move");
    }
    game
}

#[test]
fn the_move_list_follows_the_review_cursor() {
    let mut app = app("en", 800.0, 600.0);
    let game = long_game(80);
    assert!(game.moves().len() >= 60, "{} moves", game.moves().len());
    app.insert_resource(NewGameSettings {
        opening: Some(game.clone()),
        ..default()
    });
    crate::app::no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    frames(&mut app, 3);
    app.world_mut().write_message(ReviewAction::Enter);
    frames(&mut app, 3);
    let current = app.world().resource::<CurrentGame>().clone();
    let line = current.line_nodes().to_vec();
    let text = |node| current.variations().text(node).to_string();
    let (first, last) = (line[0], line[line.len() - 1]);
    // At the end of the game, its first move is out of sight (egui paints
    // only what is in sight).
    let shown = texts(&mut app);
    assert!(shown.contains(&text(last)), "the last move in sight");
    assert!(
        !shown.contains(&text(first)),
        "the list is taller than its room"
    );
    // The cursor sent to the first move (as the graph or Home does): the
    // list follows it, and back to the last.
    for (node, other) in [(first, last), (last, first)] {
        app.world_mut().write_message(ReviewAction::GotoNode(node));
        let shown = texts(&mut app);
        assert!(shown.contains(&text(node)), "{} out of sight", text(node));
        assert!(!shown.contains(&text(other)));
    }
}

#[test]
fn a_white_piece_is_white_in_the_spanish_editor() {
    let mut app = app("es", 1280.0, 800.0);
    app.world_mut()
        .write_message(EditorRequest::OpenEmpty(GameType::BASE));
    frames(&mut app, 3);
    let queen: Piece = "wQ".parse().expect("a piece");
    app.world_mut()
        .write_message(EditorRequest::Place(queen, Hex::ORIGIN));
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.contains("Las blancas")),
        "no message about White in {shown:#?}"
    );
    assert!(
        !shown.iter().any(|t| t.contains("Las negras")),
        "Black named for a white piece: {shown:#?}"
    );
}
