//! The headless game app shared by the `game_*` tests: the game's logic
//! plugins on `MinimalPlugins` (no window, renderer or egui), reading the
//! state back, running frames until something holds, and checking the
//! piece entities against the rules engine.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::time::{Duration, Instant};

use bevy::app::Plugins;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use hive::game::{
    AiEngine, AiThinking, AutosaveStatus, BoardLayout, CurrentGame, Highlight, HighlightKind,
    NewGameSettings, PieceId, Position, RecordPaths, SavedSettings, Screen, Settings, SettingsFile,
    StackLevel, Turn,
};
use hive::records::Autosave;
use hive::rules::{Game, GameType, Hex, Piece};

/// A Base+P game found by search: wP throws bP (move 11), wB1 climbs onto
/// wA1 (move 17), and wP throws bA3 next to the black queen to win.
pub const SCRIPT: &str = "wP;bP /wP;wQ wP-;bG1 bP\\;wA1 \\wQ;bA1 /bP;wA2 wQ\\;bQ -bP;\
wA1 /bQ;bQ bP-;bP -wP;bA2 -bP;wA1 bG1-;bA3 -bA2;wB1 wA1-;bA3 \\wP;wB1 wA1;bB1 -bA1;bA3 bP\\";

/// [`SCRIPT`], played to its end (a win for White).
pub fn scripted_game() -> Game {
    let mut game = Game::new(GameType::from_expansions("P").unwrap());
    for text in SCRIPT.split(';') {
        game.play_move_string(text).unwrap();
    }
    assert!(game.status().is_over());
    game
}

/// A line wG1 wA1 bA1 bQ with wQ above wA1 and bB1 below bA1: White to
/// move, with moves, climbs and jumps to choose from.
pub const LINE_OPENING: &str =
    "Base;InProgress;White[4];wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;bB1 bA1\\";

/// A headless local game (two people) started from `game_string`, with no
/// animation, settled on its first frame of play.
pub fn local_app_from(game_string: &str) -> App {
    let mut app = headless_app();
    app.insert_resource(NewGameSettings {
        opening: Some(Game::from_game_string(game_string).unwrap()),
        ..default()
    });
    no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    app
}

/// A headless app with the game's logic plugins, on the main menu.
pub fn headless_app() -> App {
    headless_app_with(())
}

/// A headless app on the main menu that keeps its autosave in `data` and
/// its settings in `config` (either may be left out), with `settings` for
/// the next game and no animation.
pub fn app_keeping_files(
    data: Option<&Path>,
    config: Option<&Path>,
    settings: NewGameSettings,
) -> App {
    let mut app = headless_app();
    app.insert_resource(RecordPaths {
        autosave: data.map(Autosave::new),
    });
    if let Some(config) = config {
        app.insert_resource(SettingsFile::in_dir(config));
    }
    app.insert_resource(settings);
    no_animation(&mut app);
    app.update();
    app
}

/// [`headless_app`] with more `plugins`, added before the game's.
pub fn headless_app_with<M>(plugins: impl Plugins<M>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        plugins,
        hive::game::logic_plugin,
    ));
    app
}

/// Pieces put in place at once.
pub fn no_animation(app: &mut App) {
    set_settings(app, |settings| settings.animation_speed = 0.0);
}

/// Changes the player's settings in `app`, as the main menu does.
pub fn set_settings(app: &mut App, change: impl FnOnce(&mut Settings)) {
    change(&mut app.world_mut().resource_mut::<Settings>());
}

/// Asks for `screen` (entered on the next frame).
pub fn set_screen(app: &mut App, screen: Screen) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
}

/// Runs `n` frames.
pub fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// Enters the playing screen (which starts a game) and runs one frame.
pub fn start_playing(app: &mut App) {
    set_screen(app, Screen::Playing);
    app.update();
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn turn(app: &App) -> Option<Turn> {
    app.world().get_resource::<State<Turn>>().map(|s| *s.get())
}

/// What the player is doing, as the game's systems read it.
pub fn mode(app: &App) -> hive::game::Mode {
    hive::game::Mode::in_world(app.world())
}

pub fn game(app: &App) -> Game {
    app.world().resource::<CurrentGame>().game().clone()
}

/// Whether the AI is searching.
pub fn thinking(app: &App) -> bool {
    app.world().resource::<AiThinking>().is_thinking()
}

/// Runs frames until a file asked for is read, then until the turn is no
/// longer animating (a played move turns
/// the state to `Animating` on the next frame, and back one frame later,
/// with no animation), then until the autosave and any save (written on
/// the IO task pool) are on disk.
pub fn settle(app: &mut App) {
    // A file being loaded (read on the IO task pool from the first frame)
    // opens on the frames after it is read.
    app.update();
    update_until_within(app, "the file read", Duration::from_secs(10), |app| {
        !app.world()
            .get_resource::<AutosaveStatus>()
            .is_some_and(|status| status.reading)
    });
    frames(app, 2);
    let mut frames = 0;
    while turn(app) == Some(Turn::Animating) {
        frames += 1;
        assert!(frames <= 10, "still animating after 13 frames");
        app.update();
    }
    wait_for_autosave(app);
}

/// Runs frames until no autosave write, save to a file, read of a file or
/// settings write is under way.
pub fn wait_for_autosave(app: &mut App) {
    let writing = |app: &App| {
        app.world()
            .get_resource::<AutosaveStatus>()
            .is_some_and(|status| status.writing || status.saving || status.reading)
            || app
                .world()
                .get_resource::<SavedSettings>()
                .is_some_and(SavedSettings::busy)
    };
    update_until_within(
        app,
        "the autosave written",
        Duration::from_secs(10),
        |app| !writing(app),
    );
}

/// Runs frames (with short sleeps: searches run on other threads) until
/// `done` holds; panics after `limit` so a broken build fails, not hangs.
pub fn update_until_within(
    app: &mut App,
    what: &str,
    limit: Duration,
    done: impl Fn(&App) -> bool,
) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_micros(500));
    }
}

/// Waits, running no frame, until `done` holds (something on another
/// thread, like a search ending); panics after twenty seconds.
pub fn wait_for(app: &App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_micros(500));
    }
}

/// Waits until no search holds the AI's engine (a cancelled one has seen
/// its flag and ended), then runs `frames` frames: what a dropped search
/// could still have done is done by then, so a check that nothing happened
/// after it is sound without waiting a guessed time.
pub fn settle_searches(app: &mut App, frames: usize) {
    wait_for(app, "the searches to let go of the engine", |app| {
        !app.world().resource::<AiEngine>().is_searching()
    });
    for _ in 0..frames {
        app.update();
    }
}

/// [`update_until_within`] twenty seconds.
pub fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    update_until_within(app, what, Duration::from_secs(20), done);
}

/// The cells highlighted as destinations of the selected piece.
pub fn destinations(app: &mut App) -> BTreeSet<Hex> {
    let mut query = app.world_mut().query::<&Highlight>();
    query
        .iter(app.world())
        .filter(|h| matches!(h.kind, HighlightKind::Destination(_)))
        .map(|h| h.hex)
        .collect()
}

/// The cells highlighted as the AI's considered destinations.
pub fn considered_cells(app: &mut App) -> BTreeSet<Hex> {
    let mut query = app.world_mut().query::<&Highlight>();
    query
        .iter(app.world())
        .filter(|h| matches!(h.kind, HighlightKind::Considered(_)))
        .map(|h| h.hex)
        .collect()
}

/// Every piece on the board has exactly one entity, with the game's cell,
/// level and plane coordinates; no entity stands for a piece off the board.
pub fn assert_entities_match_game(app: &mut App) {
    let game = game(app);
    let layout = app.world().resource::<BoardLayout>().clone();
    let mut query = app
        .world_mut()
        .query::<(&PieceId, &Position, &StackLevel)>();
    let entities: HashMap<Piece, (Position, StackLevel)> = query
        .iter(app.world())
        .map(|(id, pos, level)| (id.0, (*pos, *level)))
        .collect();
    let on_board: Vec<(Piece, Hex, u8)> = game.pieces_on_board().collect();
    assert_eq!(
        entities.len(),
        on_board.len(),
        "one entity per piece on the board"
    );
    for (piece, hex, level) in on_board {
        let (pos, stack_level) = entities[&piece];
        assert_eq!(pos.hex, hex, "{piece} cell");
        assert_eq!(pos.plane, layout.plane_of(hex), "{piece} plane");
        assert_eq!(stack_level.0, level, "{piece} level");
    }
}

/// A rule's reason as the message line words it (English).
pub fn in_words(reason: &hive::rules::RuleError, game: &hive::rules::Game) -> String {
    hive::text::Texts::english().reason(reason, Some(game)).text
}

/// A piece by its notation (`wA1`).
pub fn p(text: &str) -> Piece {
    text.parse().expect("a piece")
}

/// The cell `q`, `r` steps (axial) from the origin.
pub fn at(q: i32, r: i32) -> Hex {
    let (oq, or) = Hex::ORIGIN.axial();
    Hex::from_axial(oq + q, or + r)
}

/// Sends the position editor a request and lets it settle.
pub fn edit(app: &mut App, request: hive::game::editor::EditorRequest) {
    app.world_mut().write_message(request);
    settle(app);
}

/// The tactics table of the AI's tests: positions with a known best move.
const TACTICS: &str = include_str!("../../crates/hive-ai/tests/data/tactics.tsv");

/// A game from the start, White to move and win at once, and the move.
pub fn white_wins_in_one() -> (Game, String) {
    TACTICS
        .lines()
        .filter(|l| l.starts_with("win1\t"))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .map(|f| {
            (
                Game::from_game_string(f[1]).expect("a legal row"),
                f[2].to_string(),
            )
        })
        .find(|(game, _)| game.to_move() == hive::rules::Color::White)
        .expect("a row with White to move")
}

/// The legal move of the position on the board at `index` (the last when
/// there are fewer), in the rules' order.
pub fn legal_move(app: &App, index: usize) -> hive::rules::Move {
    let mut moves = Vec::new();
    game(app).legal_moves(&mut moves);
    moves[index.min(moves.len() - 1)]
}

/// The person plays the first legal move; the AI's answer is awaited.
pub fn a_move_and_the_ais_answer(app: &mut App) {
    let ply = game(app).ply();
    let mv = legal_move(app, 0);
    app.world_mut().write_message(hive::game::PlayMove(mv));
    update_until(app, "the AI's answer", |app| {
        game(app).ply() == ply + 2 && turn(app) == Some(Turn::AwaitingInput)
    });
}

/// The person resigns; the game's end is awaited.
pub fn resign(app: &mut App) {
    app.world_mut().write_message(hive::game::core::Resign);
    update_until(app, "the end of the game", |app| {
        turn(app) == Some(Turn::GameOver)
    });
}

/// An app keeping its files in `data`, the person White against
/// `opponent` (the AI at Medium), on `opening` (none: the empty table).
pub fn app_playing(data: &Path, opponent: hive::game::Opponent, opening: Option<Game>) -> App {
    let settings = NewGameSettings {
        opening,
        ..default()
    };
    let mut app = app_keeping_files(Some(data), None, settings);
    set_settings(&mut app, |s| {
        s.opponent = opponent;
        s.difficulty = hive::ai::Difficulty::Medium;
        s.human_side = hive::game::HumanSide::White;
    });
    start_playing(&mut app);
    settle(&mut app);
    app
}

/// Plays White's winning move and waits for the game's end.
pub fn play_the_win(app: &mut App) -> Game {
    let (_, win) = white_wins_in_one();
    let mv = game(app).parse_move(&win).expect("legal");
    app.world_mut().write_message(hive::game::PlayMove(mv));
    update_until(app, "the end of the game", |app| {
        turn(app) == Some(Turn::GameOver)
    });
    assert_eq!(game(app).status(), hive::rules::GameStatus::WhiteWins);
    game(app)
}

/// `hive db search --mine --player <player>` in the data folder `data`,
/// as a player would run it: its lines, one a game found.
pub fn db_search_mine(data: &Path, player: &str) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hive"))
        .env("HIVE_DATA_DIR", data)
        .args(["db", "search", "--mine", "--player", player])
        .output()
        .expect("hive db search runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}
