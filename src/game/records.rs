//! Game records in the app: the undo / redo history of the game in play, the
//! autosave after every move, resuming it at the next start, saving, loading
//! and importing games (UHP GameStrings), and the player's settings kept
//! between runs. The files themselves are `crate::records`' business.
//!
//! [`GameHistory`] follows [`CurrentGame`]: a move played extends it, a new
//! game replaces it. Undo, redo and review ([`super::review`]) move its
//! cursor and put the position at the cursor into `CurrentGame`; the piece
//! entities follow as after any change. Every such jump gives the game a
//! new id in [`Players`], so an AI search for the old position is cancelled
//! and its move never applied.
//!
//! The autosave is a game file with one more comment line before the
//! GameString, `# hive players: ai=black:medium` (or `human`, or
//! `exhibition=white:easy,black:medium`), so a game against the AI resumes
//! against the AI, and an AI vs AI exhibition as one with the same presets;
//! other programs skip the line.
//!
//! Nothing is written unless [`RecordPaths`] names where: `run` fills it
//! from the platform's directories (or `HIVE_DATA_DIR` / `HIVE_CONFIG_DIR`),
//! tests point it at temporary directories, and an app without it keeps no
//! files at all.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::GameSystems;
use super::ai_player::ConsideredDestinations;
use super::animation::AnimationSettings;
use super::board::CurrentGame;
use super::new_game::{GameOptions, NewGameSettings, Players, Restart};
use super::notice::Notice;
use super::screens::Screen;
use super::turn::{PlayMove, Turn};
use crate::ai::Difficulty;
use crate::records::{
    Autosave, History, RecordError, Settings, SettingsFile, game_file_text, load_game,
    parse_game_text, save_game, write_atomic,
};
use crate::rules::{Color, Game};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordPaths>();
    app.init_resource::<GameHistory>();
    app.init_resource::<AutosaveStatus>();
    app.init_resource::<PlayerSettings>();
    app.init_resource::<PendingGame>();
    app.add_message::<RecordsAction>();
    app.add_systems(PreStartup, restore_at_startup);
    app.add_systems(Startup, detect_autosave);
    app.add_systems(
        Update,
        (
            handle_file_actions,
            (handle_undo_redo, apply_pending_game).run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(GameSystems::Select)
            .in_set(HistoryJumps)
            .before(Restart),
    );
    app.add_systems(
        Update,
        follow_current_game
            .in_set(GameSystems::Sync)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
    app.add_systems(
        Update,
        save_changed_settings.run_if(
            resource_changed::<NewGameSettings>
                .or_else(resource_changed::<GameOptions>)
                .or_else(resource_changed::<AnimationSettings>)
                .or_else(resource_changed::<ConsideredDestinations>)
                .or_else(resource_changed::<PlayerSettings>),
        ),
    );
    app.add_systems(OnExit(Turn::Review), leave_review);
    app.add_systems(OnExit(Screen::Playing), leave_review);
}

/// Undo, redo, review and loaded games replacing the position: early in the
/// frame, before a restart, the AI and moves are handled.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct HistoryJumps;

/// Where the autosave and the settings live; `None` keeps no file.
#[derive(Resource, Debug, Clone, Default)]
pub struct RecordPaths {
    /// The autosave (in the data directory).
    pub autosave: Option<Autosave>,
    /// The settings file (in the config directory).
    pub settings: Option<SettingsFile>,
}

impl RecordPaths {
    /// Both files in this platform's directories (or those the environment
    /// names); a missing directory is logged and that file not kept.
    pub fn default_locations() -> RecordPaths {
        let autosave = Autosave::default_location()
            .inspect_err(|err| warn!("no autosave: {err}"))
            .ok();
        let settings = SettingsFile::default_location()
            .inspect_err(|err| warn!("settings will not be kept: {err}"))
            .ok();
        RecordPaths { autosave, settings }
    }

    /// Where saved games go: the data directory, if known.
    pub fn data_dir(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::dir)
    }
}

/// The moves of the game in play with a cursor: undo moves it back, redo
/// forward, review anywhere. The position at the cursor is `CurrentGame`.
#[derive(Resource, Clone)]
pub struct GameHistory {
    history: History,
    /// The whole line in UHP notation, the moves after the cursor included.
    line: Vec<String>,
    /// Whether the game is being reviewed (see [`Turn::Review`]).
    reviewing: bool,
}

impl Default for GameHistory {
    fn default() -> Self {
        GameHistory::new(CurrentGame::default().game().clone(), false)
    }
}

impl GameHistory {
    fn new(game: Game, reviewing: bool) -> Self {
        let mut history = GameHistory {
            history: History::new(game),
            line: Vec::new(),
            reviewing,
        };
        history.refresh();
        history
    }

    /// The history, cursor and all.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Every move of the line in UHP notation, oldest first, the moves after
    /// the cursor included.
    pub fn line(&self) -> &[String] {
        &self.line
    }

    /// How many moves of the line are played.
    pub fn ply(&self) -> usize {
        self.history.ply()
    }

    /// Whether the game is being reviewed.
    pub fn reviewing(&self) -> bool {
        self.reviewing
    }

    /// Whether Undo can do something now.
    pub fn can_undo(&self) -> bool {
        !self.reviewing && self.history.can_undo()
    }

    /// Whether Redo can do something now.
    pub fn can_redo(&self) -> bool {
        !self.reviewing && self.history.can_redo()
    }

    /// The whole line as one game (what Save writes and Copy copies).
    pub fn full_game(&self) -> Game {
        self.history.full_game()
    }

    pub(super) fn history_mut(&mut self) -> &mut History {
        &mut self.history
    }

    pub(super) fn set_reviewing(&mut self, reviewing: bool) {
        self.reviewing = reviewing;
    }

    /// Recomputes the notation after the line changed.
    pub(super) fn refresh(&mut self) {
        self.line = CurrentGame::new(self.history.full_game())
            .notation()
            .to_vec();
    }
}

/// Whether there is an autosaved game to offer on the main menu.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AutosaveStatus {
    /// An autosave file exists (and did not fail to load this session).
    pub available: bool,
}

/// The player's settings as last read or saved.
#[derive(Resource, Debug, Clone, Default)]
pub struct PlayerSettings {
    settings: Settings,
    /// What the file holds (the defaults when there is none, or it is
    /// damaged): a difference is saved.
    saved: Settings,
    /// The file was damaged when read: keep it aside before the first save.
    damaged: bool,
    /// Read from the file already (by `run`, or at start-up).
    restored: bool,
}

impl PlayerSettings {
    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The colour theme's name.
    pub fn theme(&self) -> &str {
        &self.settings.theme
    }

    /// Choose a colour theme (saved with the other settings).
    pub fn set_theme(&mut self, name: impl Into<String>) {
        self.settings.theme = name.into();
    }
}

/// What the player asks of the game's records.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum RecordsAction {
    /// Take back the last move (against the AI: the AI's reply and the
    /// player's move before it).
    Undo,
    /// Play again the move taken back (against the AI: the pair).
    Redo,
    /// Save the whole game to this file.
    Save(PathBuf),
    /// Load the game in this file, for review.
    Load(PathBuf),
    /// Load this GameString (pasted), for review.
    Import(String),
    /// Resume the autosaved game.
    Resume,
}

/// A game to put on the board once the playing screen is up.
#[derive(Resource, Default)]
pub(super) struct PendingGame(Option<Pending>);

struct Pending {
    game: Game,
    /// Open it in review (a loaded game) or play on (a resumed one).
    review: bool,
    /// Who plays it on.
    seats: Seats,
    /// The message for the player.
    message: String,
}

/// Who plays a game put on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seats {
    /// The people at the screen (a loaded game).
    Local,
    /// As when it was autosaved: the AI's side and preset, if it played
    /// one side, or both presets of an exhibition (see [`Players`]).
    Saved {
        ai: Option<(Color, Difficulty)>,
        exhibition: Option<(Difficulty, Difficulty)>,
    },
    /// As chosen in the menu (an autosave that does not say).
    Menu,
}

/// The autosave's comment line naming who played, before the GameString.
const PLAYERS_PREFIX: &str = "# hive players:";

/// Writes the autosave: who plays (a comment line other programs skip),
/// then the game file's text. On failure the previous autosave is kept.
fn write_autosave(autosave: &Autosave, game: &Game, players: &Players) -> Result<(), RecordError> {
    fs::create_dir_all(autosave.dir()).map_err(|source| RecordError::Write {
        path: autosave.path(),
        source,
    })?;
    let text = format!(
        "{PLAYERS_PREFIX} {}\n{}",
        seats_words(players),
        game_file_text(game)
    );
    write_atomic(&autosave.path(), text.as_bytes())
}

/// Who plays, as the autosave's players line says it: `human`,
/// `ai=black:medium` or `exhibition=white:easy,black:medium`.
fn seats_words(players: &Players) -> String {
    let preset = |difficulty: Difficulty| difficulty.name().to_lowercase();
    match (players.exhibition, players.ai) {
        (Some((white, black)), _) => {
            format!("exhibition=white:{},black:{}", preset(white), preset(black))
        }
        (None, Some((side, difficulty))) => {
            format!("ai={}:{}", side_word(side), preset(difficulty))
        }
        (None, None) => "human".to_string(),
    }
}

fn side_word(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `side:preset`, like `black:medium`.
fn parse_side_preset(words: &str) -> Option<(Color, Difficulty)> {
    let (side, name) = words.split_once(':')?;
    let side = match side.trim() {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return None,
    };
    Some((side, Difficulty::from_name(name.trim())?))
}

/// The seats a players line's words name (see [`seats_words`]), if valid.
fn parse_seats(words: &str) -> Option<Seats> {
    if words == "human" {
        return Some(Seats::Saved {
            ai: None,
            exhibition: None,
        });
    }
    if let Some(ai) = words.strip_prefix("ai=") {
        return Some(Seats::Saved {
            ai: Some(parse_side_preset(ai)?),
            exhibition: None,
        });
    }
    let (first, second) = words.strip_prefix("exhibition=")?.split_once(',')?;
    let (Color::White, white) = parse_side_preset(first)? else {
        return None;
    };
    let (Color::Black, black) = parse_side_preset(second)? else {
        return None;
    };
    Some(Seats::Saved {
        ai: None,
        exhibition: Some((white, black)),
    })
}

/// Who played the autosaved game, if its file says so.
fn autosaved_seats(autosave: &Autosave) -> Seats {
    let Ok(text) = fs::read_to_string(autosave.path()) else {
        return Seats::Menu;
    };
    text.lines()
        .find_map(|line| line.trim().strip_prefix(PLAYERS_PREFIX))
        .and_then(|words| parse_seats(words.trim()))
        .unwrap_or(Seats::Menu)
}

/// Reads the settings file (if [`RecordPaths`] names one) and applies it to
/// the next game's settings and the animation speed; a damaged file is
/// reported in the [`Notice`] and the log, and left as it is. `run` calls it
/// before applying its command line, which then wins; otherwise it runs at
/// start-up.
pub fn restore_settings(world: &mut World) {
    let file = world
        .get_resource::<RecordPaths>()
        .and_then(|paths| paths.settings.clone());
    let Some(file) = file else {
        world.get_resource_or_init::<PlayerSettings>().restored = true;
        return;
    };
    let loaded = file.load();
    if let Some(warning) = &loaded.warning {
        warn!("{warning}");
        if let Some(mut notice) = world.get_resource_mut::<Notice>() {
            notice.show(warning.to_string());
        }
    }
    let settings = loaded.settings;
    if let Some(mut next) = world.get_resource_mut::<NewGameSettings>() {
        next.difficulty = settings.difficulty;
        next.game_type = settings.game_type();
    }
    world.insert_resource(GameOptions(settings.options()));
    world.insert_resource(AnimationSettings::at_speed(settings.animation_speed));
    world.insert_resource(considered_from_word(&settings.ai_shows_considered));
    world.insert_resource(PlayerSettings {
        saved: settings.clone(),
        settings,
        damaged: loaded.warning.is_some(),
        restored: true,
    });
}

fn restore_at_startup(world: &mut World) {
    if !world.get_resource_or_init::<PlayerSettings>().restored {
        restore_settings(world);
    }
}

/// How a [`ConsideredDestinations`] choice is written in the settings (one
/// of [`Settings::AI_SHOWS_CONSIDERED`]).
fn considered_word(choice: ConsideredDestinations) -> &'static str {
    match choice {
        ConsideredDestinations::EasyPresets => "easy",
        ConsideredDestinations::Always => "always",
        ConsideredDestinations::Never => "never",
    }
}

/// The choice a settings word names (the default for an unknown word).
fn considered_from_word(word: &str) -> ConsideredDestinations {
    ConsideredDestinations::ALL
        .into_iter()
        .find(|&choice| considered_word(choice) == word)
        .unwrap_or_default()
}

fn detect_autosave(paths: Res<RecordPaths>, mut status: ResMut<AutosaveStatus>) {
    status.available = paths.autosave.as_ref().is_some_and(Autosave::exists);
}

/// Saves the settings when the player changed one (in the main menu, or the
/// theme). A file that was damaged is first kept aside, and the player told.
fn save_changed_settings(
    paths: Res<RecordPaths>,
    next_game: Res<NewGameSettings>,
    options: Res<GameOptions>,
    animation: Res<AnimationSettings>,
    considered: Res<ConsideredDestinations>,
    mut stored: ResMut<PlayerSettings>,
    mut notice: ResMut<Notice>,
) {
    if !stored.restored {
        return; // start-up has not read the file yet
    }
    let mut settings = stored.settings.clone();
    settings.difficulty = next_game.difficulty;
    settings.last_expansions = next_game.game_type.expansions();
    settings.threefold_repetition = options.0.threefold_repetition;
    settings.turn_limit = options.0.turn_limit;
    settings.ai_shows_considered = considered_word(*considered).to_string();
    if animation.is_changed() {
        settings.animation_speed = animation.speed();
    }
    let Some(file) = paths.settings.clone().filter(|_| settings != stored.saved) else {
        stored.bypass_change_detection().settings = settings;
        return;
    };
    if stored.damaged {
        let aside = file.path().with_extension("ron.damaged");
        if let Err(err) = fs::rename(file.path(), &aside) {
            let message = format!(
                "the settings were not saved: the damaged file {} could not be kept aside as {}: {err}",
                file.path().display(),
                aside.display()
            );
            warn!("{message}");
            notice.show(message);
            let stored = stored.bypass_change_detection();
            stored.saved = settings.clone();
            stored.settings = settings;
            return;
        }
        notice.show(format!(
            "the damaged settings file was kept as {}; new settings saved",
            aside.display()
        ));
        stored.bypass_change_detection().damaged = false;
    }
    if let Err(err) = file.save(&settings) {
        warn!("{err}");
        notice.show(err.to_string());
    } else {
        info!("settings saved to {}", file.path().display());
    }
    // Also on failure: the error is shown once, not every frame.
    let stored = stored.bypass_change_detection();
    stored.saved = settings.clone();
    stored.settings = settings;
}

/// Saving, loading, importing and resuming.
fn handle_file_actions(
    mut actions: MessageReader<RecordsAction>,
    paths: Res<RecordPaths>,
    history: Res<GameHistory>,
    mut pending: ResMut<PendingGame>,
    mut status: ResMut<AutosaveStatus>,
    mut notice: ResMut<Notice>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        let loaded = match action {
            RecordsAction::Undo | RecordsAction::Redo => continue,
            RecordsAction::Save(path) => {
                if let Some(dir) = path.parent()
                    && !dir.as_os_str().is_empty()
                    && !dir.exists()
                {
                    // An error here shows as the save's own.
                    let _ = fs::create_dir_all(dir);
                }
                match save_game(path, &history.full_game()) {
                    Ok(()) => {
                        info!("game saved to {}", path.display());
                        notice.show(format!("game saved to {}", path.display()));
                    }
                    Err(err) => refuse(&mut notice, &err),
                }
                continue;
            }
            RecordsAction::Load(path) => load_game(path).map(|game| Pending {
                game,
                review: true,
                seats: Seats::Local,
                message: format!(
                    "loaded {}: the Left and Right arrow keys step through it",
                    path.display()
                ),
            }),
            RecordsAction::Import(text) => {
                parse_game_text(text, Path::new("the pasted GameString"), None).map(|game| {
                    Pending {
                        game,
                        review: true,
                        seats: Seats::Local,
                        message:
                            "GameString imported: the Left and Right arrow keys step through it"
                                .into(),
                    }
                })
            }
            RecordsAction::Resume => {
                let Some(autosave) = &paths.autosave else {
                    notice.show("there is no autosaved game");
                    continue;
                };
                match autosave.load() {
                    Ok(Some(game)) => Ok(Pending {
                        game,
                        review: false,
                        seats: autosaved_seats(autosave),
                        message: "your last game, where you left it".into(),
                    }),
                    Ok(None) => {
                        status.available = false;
                        notice.show("there is no autosaved game");
                        continue;
                    }
                    Err(err) => {
                        // Left as it is on disk, but not offered again.
                        status.available = false;
                        Err(err)
                    }
                }
            }
        };
        match loaded {
            Ok(game) => {
                pending.0 = Some(game);
                NextState::set_if_neq(&mut next_screen, Screen::Playing);
            }
            Err(err) => refuse(&mut notice, &err),
        }
    }
}

fn refuse(notice: &mut Notice, err: &RecordError) {
    warn!("{err}");
    notice.show(err.to_string());
}

/// What replacing the position on the board touches.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Jump<'w> {
    current: ResMut<'w, CurrentGame>,
    players: ResMut<'w, Players>,
    next_turn: ResMut<'w, NextState<Turn>>,
    requests: ResMut<'w, Messages<PlayMove>>,
    notice: ResMut<'w, Notice>,
}

impl Jump<'_> {
    /// Shows the position at the history's cursor: a new game id (so a
    /// search for the old position is dropped), no move requests left over,
    /// and the turn in review or awaiting input.
    pub(super) fn show(&mut self, history: &mut GameHistory) {
        history.refresh();
        *self.current = CurrentGame::new(history.history().game().clone());
        self.players.game_id += 1;
        self.requests.clear();
        self.notice.clear();
        NextState::set_if_neq(
            &mut self.next_turn,
            if history.reviewing() {
                Turn::Review
            } else {
                Turn::AwaitingInput
            },
        );
    }

    /// Who plays the game now.
    pub(super) fn players(&self) -> Players {
        *self.players
    }
}

fn handle_undo_redo(
    mut actions: MessageReader<RecordsAction>,
    mut history: ResMut<GameHistory>,
    mut jump: Jump,
) {
    for action in actions.read() {
        if history.reviewing() {
            continue;
        }
        let ai = jump.players().ai.map(|(side, _)| side);
        let moved = match action {
            RecordsAction::Undo => match ai {
                Some(ai) => history.history_mut().undo_pair(ai.opponent()) > 0,
                None => history.history_mut().undo().is_some(),
            },
            RecordsAction::Redo => redo(history.history_mut(), ai),
            _ => continue,
        };
        if moved {
            jump.show(&mut history);
        }
    }
}

/// Redo one move, or against the AI until the human is to move again.
fn redo(history: &mut History, ai: Option<Color>) -> bool {
    if history.redo().is_none() {
        return false;
    }
    while ai.is_some_and(|ai| history.game().to_move() == ai && !history.game().status().is_over())
        && history.redo().is_some()
    {}
    true
}

fn apply_pending_game(
    mut pending: ResMut<PendingGame>,
    mut history: ResMut<GameHistory>,
    settings: Res<NewGameSettings>,
    mut jump: Jump,
) {
    let Some(Pending {
        game,
        review,
        seats,
        message,
    }) = pending.0.take()
    else {
        return;
    };
    *history = GameHistory::new(game, review);
    *jump.players = match seats {
        Seats::Local => Players {
            game_id: jump.players.game_id,
            ..Players::default()
        },
        Seats::Saved { ai, exhibition } => Players {
            game_id: jump.players.game_id,
            ai,
            exhibition,
        },
        Seats::Menu => jump.players.next(&settings),
    };
    jump.show(&mut history);
    jump.notice.show(message);
}

/// Keeps the history in step with moves played and games started, and
/// writes the autosave after every move (clears it when the game is over).
fn follow_current_game(
    current: Res<CurrentGame>,
    mut history: ResMut<GameHistory>,
    paths: Res<RecordPaths>,
    players: Res<Players>,
    mut status: ResMut<AutosaveStatus>,
    mut notice: ResMut<Notice>,
) {
    let game = current.game();
    let known = history.history().game();
    if !same_line(game, known) {
        let one_more = game.ply() == known.ply() + 1
            && same_rules(game, known)
            && game.moves().zip(known.moves()).all(|(a, b)| a == b);
        let extended = one_more
            && game
                .last_move()
                .is_some_and(|mv| history.history_mut().play(mv).is_ok());
        if extended {
            history.refresh();
        } else {
            *history = GameHistory::new(game.clone(), false);
        }
    }
    if history.reviewing() {
        return;
    }
    let Some(autosave) = &paths.autosave else {
        return;
    };
    if game.status().is_over() {
        match autosave.clear() {
            Ok(()) => status.available = false,
            Err(err) => refuse(&mut notice, &err),
        }
    } else if game.ply() > 0 {
        match write_autosave(autosave, game, &players) {
            Ok(()) => status.available = true,
            Err(err) => refuse(&mut notice, &err),
        }
    }
}

fn same_rules(a: &Game, b: &Game) -> bool {
    a.game_type() == b.game_type() && a.options() == b.options()
}

fn same_line(a: &Game, b: &Game) -> bool {
    same_rules(a, b) && a.ply() == b.ply() && a.moves().eq(b.moves())
}

fn leave_review(mut history: ResMut<GameHistory>) {
    history.set_reviewing(false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_lines_round_trip() {
        let cases = [
            (Players::default(), "human"),
            (
                Players {
                    ai: Some((Color::Black, Difficulty::Medium)),
                    ..Players::default()
                },
                "ai=black:medium",
            ),
            (
                Players {
                    exhibition: Some((Difficulty::Easy, Difficulty::Expert)),
                    ..Players::default()
                },
                "exhibition=white:easy,black:expert",
            ),
        ];
        for (players, words) in cases {
            assert_eq!(seats_words(&players), words);
            assert_eq!(
                parse_seats(words),
                Some(Seats::Saved {
                    ai: players.ai,
                    exhibition: players.exhibition,
                }),
                "{words}"
            );
        }
    }

    #[test]
    fn bad_players_lines_are_not_seats() {
        for words in [
            "",
            "robots",
            "ai=purple:easy",
            "ai=black:godlike",
            "ai=black",
            "exhibition=white:easy",
            "exhibition=black:easy,white:easy",
            "exhibition=white:easy,black:godlike",
        ] {
            assert_eq!(parse_seats(words), None, "{words}");
        }
    }

    #[test]
    fn considered_words_match_the_settings_words() {
        let words: Vec<&str> = ConsideredDestinations::ALL
            .into_iter()
            .map(considered_word)
            .collect();
        assert_eq!(words, Settings::AI_SHOWS_CONSIDERED);
        for choice in ConsideredDestinations::ALL {
            assert_eq!(considered_from_word(considered_word(choice)), choice);
        }
        assert_eq!(
            considered_from_word("sometimes"),
            ConsideredDestinations::default()
        );
    }
}
