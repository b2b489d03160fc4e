//! Saved games in the app: saving the whole game to a file (a GameString,
//! a variations file or PGN), loading one or importing pasted text for
//! review (also boardspace `.sgf` and `.pgn` records, and a file dropped on
//! the window), and resuming the autosave. The files themselves are
//! `crate::records`' business. Reading and writing files runs on the IO
//! task pool, never on the frame.
//!
//! Nothing is written unless [`RecordPaths`] names where: `run` fills it
//! from the command line's directories or the platform's, tests point it at
//! temporary directories, and an app without it keeps no files at all.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, futures::check_ready};
use bevy::window::FileDragAndDrop;

use super::actions::RecordsAction;
use super::engine_review::{EngineReview, EngineReviewRequest, ReviewedLine};
use super::paths::{AutosaveStatus, RecordPaths, SaveWrites};
use super::reads::{Purpose, Read, Reads, main_line_end};
use super::review::ReviewAction;
use crate::ai::GameReview;
use crate::game::core::SetAnalysis;
use crate::game::core::{
    CurrentGame, GameClock, Jump, Notices, Players, Screen, Settings, Turn, Words, record_error,
};
use crate::records::{
    Clocks, FileKind, Format, GameRecord, Headers, NodeId, PlayKind, RecordError, RecordFile,
    SavedGame, Seats, Variations, annotate, read_review, save_game_file, save_record,
    save_variations,
};
use crate::rules::Game;
use crate::text::{Args, Texts};

/// How a pasted import went, for the Import dialog to close, or to keep
/// the text and show why not.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ImportResult {
    /// Read, and opened on the board.
    Opened,
    /// Refused: the reason, in the player's words.
    Refused(String),
}

impl Pending {
    /// `game` opened for review at its end by the people at the screen,
    /// with `message`, and nothing else of a record's.
    fn review(game: Game, message: String) -> Pending {
        Pending {
            game,
            cursor: None,
            variations: None,
            review: true,
            seats: Some(Seats::Human),
            message,
            clocks: None,
            headers: None,
            engine_review: false,
            saved_review: None,
            kept_review: None,
            analyse: false,
        }
    }
}

/// A game to put on the board once the playing screen is up.
#[derive(Resource, Default)]
pub(super) struct PendingGame(Option<Pending>);

struct Pending {
    /// The game: the whole line (the position shown is `cursor` moves in).
    game: Game,
    /// How many of its moves are shown (`None`: all of them).
    cursor: Option<usize>,
    /// The game's variations, when it was loaded with them (their main
    /// line is `game`).
    variations: Option<Variations>,
    /// Open it in review (a loaded game) or play on (a resumed one).
    review: bool,
    /// Who plays it on: as saved (a resumed game), the people at the screen
    /// (a loaded one), or as chosen in the menu (`None`: an autosave that
    /// does not say).
    seats: Option<Seats>,
    /// The message for the player.
    message: String,
    /// The clocks it was saved with (a timed game).
    clocks: Option<Clocks>,
    /// The headers of the record it was read from (players, date, result).
    headers: Option<Headers>,
    /// Have the engine review it once it is on the board.
    engine_review: bool,
    /// The engine's review saved with the record (in its comments).
    saved_review: Option<GameReview>,
    /// The engine's review kept of this game (in the data folder), read
    /// with it off the frame.
    kept_review: Option<GameReview>,
    /// Turn the engine's analysis on (the analysis board resumed).
    analyse: bool,
}

/// Saving (on the IO task pool), loading, importing and resuming.
pub(super) fn handle_file_actions(
    mut actions: MessageReader<RecordsAction>,
    paths: Res<RecordPaths>,
    (current, clock, engine_review, players): (
        Res<CurrentGame>,
        Res<GameClock>,
        Res<EngineReview>,
        Res<Players>,
    ),
    (mut saves, mut reads): (ResMut<SaveWrites>, ResMut<Reads>),
    mut status: ResMut<AutosaveStatus>,
    (mut notice, words): (Notices, Res<Words>),
) {
    let words = &words.0;
    let store = paths.reviews();
    for action in actions.read() {
        match action {
            RecordsAction::Undo
            | RecordsAction::Redo
            | RecordsAction::PromoteVariation(_)
            | RecordsAction::DeleteVariation(_) => {}
            RecordsAction::Save(path)
            | RecordsAction::SaveVariations(path)
            | RecordsAction::SavePgn(path) => {
                let path = path.clone();
                let file = Args::new().with("file", path.display().to_string());
                // What to write is taken now; the writing runs off the frame.
                let job: Box<dyn FnOnce() -> Result<String, RecordError> + Send> = match action {
                    RecordsAction::SavePgn(_) => {
                        let headers = current
                            .headers()
                            .cloned()
                            .unwrap_or_else(|| Headers::new(current.game().game_type()));
                        let mut record = GameRecord::from_game(&current.full_game(), headers);
                        // The engine's review, as far as it is this line's.
                        if let Some(line) = engine_review.reviewed(current.variations()) {
                            annotate(&mut record, &line.review);
                        }
                        let done = words.format("notice-saved-pgn", &file);
                        Box::new(move || {
                            save_to(&path, |path| save_record(path, &record, Format::Pgn))
                                .map(|()| done)
                        })
                    }
                    RecordsAction::SaveVariations(_) => {
                        let tree = current.variations().clone();
                        let done = words.format("notice-saved-variations", &file);
                        Box::new(move || {
                            save_to(&path, |path| save_variations(path, &tree)).map(|()| done)
                        })
                    }
                    _ => {
                        // The whole line, the position shown, who plays
                        // each side and the clocks: what the player sees.
                        let saved = SavedGame::new(current.full_game())
                            .with_cursor(current.ply())
                            .with_seats(players.seats)
                            .with_clocks(clock.0);
                        let done = words.format("notice-saved", &file);
                        Box::new(move || {
                            save_to(&path, |path| save_game_file(path, &saved)).map(|()| done)
                        })
                    }
                };
                saves.0.push(IoTaskPool::get().spawn(async move { job() }));
                status.saving = true;
            }
            RecordsAction::Load(path) | RecordsAction::LoadAndReview(path) => {
                let path = path.clone();
                let engine_review = matches!(action, RecordsAction::LoadAndReview(_));
                reads.start(store.clone(), Purpose::Load { engine_review }, move || {
                    (RecordFile::load(&path).map(Read::File), path)
                });
            }
            RecordsAction::Import(text) | RecordsAction::ImportAt(text, _) => {
                // The text's kind names it in a refusal ("the pasted record").
                let source = match (action, FileKind::of_text(text)) {
                    (RecordsAction::ImportAt(..), _) | (_, FileKind::Foreign) => {
                        "notice-pasted-record"
                    }
                    (_, FileKind::Variations) => "notice-pasted-text",
                    (_, FileKind::Game) => "notice-pasted-gamestring",
                };
                let source = PathBuf::from(words.get(source));
                let text = text.clone();
                let purpose = match action {
                    RecordsAction::ImportAt(_, ply) => Purpose::Import {
                        at: *ply,
                        from_move_list: true,
                    },
                    _ => Purpose::Import {
                        at: None,
                        from_move_list: false,
                    },
                };
                reads.start(store.clone(), purpose, move || {
                    (RecordFile::read(&text, &source).map(Read::File), source)
                });
            }
            RecordsAction::Resume | RecordsAction::ResumeKind(_) => {
                let kind = match action {
                    RecordsAction::ResumeKind(kind) => *kind,
                    _ => PlayKind::Game,
                };
                let Some(autosave) = &paths.autosave else {
                    notice.show(words.get("notice-no-autosave"));
                    continue;
                };
                let autosave = autosave.with_kind(kind);
                reads.start(store.clone(), Purpose::Resume(kind), move || {
                    let read = autosave.read().map(|saved| {
                        Read::Autosave(saved.map(|saved| {
                            let variations = autosave.variations_of(&saved.game);
                            (Box::new(saved), variations)
                        }))
                    });
                    (read, autosave.path())
                });
            }
        }
    }
    status.reading |= !reads.0.is_empty();
}

/// The game read from the autosave of `kind`, to play on where it was left.
fn resume(
    kind: PlayKind,
    saved: SavedGame,
    variations: Option<Variations>,
    words: &Texts,
) -> Pending {
    let message = match kind {
        PlayKind::Game => "notice-resumed",
        PlayKind::Analysis => "notice-resumed-analysis",
        PlayKind::Exhibition => "notice-resumed-exhibition",
        PlayKind::Online => "notice-resumed-online",
    };
    Pending {
        variations,
        cursor: Some(saved.cursor),
        review: false,
        seats: saved.seats,
        clocks: saved.clocks,
        analyse: kind == PlayKind::Analysis,
        ..Pending::review(saved.game, words.get(message))
    }
}

/// Puts the files and texts read on the board, in the order they were
/// asked, or says why they could not be.
pub(super) fn finish_reads(
    mut reads: ResMut<Reads>,
    mut pending: ResMut<PendingGame>,
    (mut status, mut imported): (ResMut<AutosaveStatus>, MessageWriter<ImportResult>),
    (mut notice, words): (Notices, Res<Words>),
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let words = &words.0;
    while let Some(reading) = reads.0.front_mut() {
        let Some(done) = check_ready(&mut reading.task) else {
            break;
        };
        let Some(reading) = reads.0.pop_front() else {
            break;
        };
        status.last_reader = Some(done.thread);
        let opened = match (reading.purpose, done.read) {
            (Purpose::Load { engine_review }, Ok(Read::File(file))) => {
                let mut opened = loaded_file(&done.path, file, words);
                opened.engine_review = engine_review;
                Ok(opened)
            }
            (Purpose::Import { at, from_move_list }, Ok(Read::File(file))) => {
                imported.write(ImportResult::Opened);
                Ok(imported_text(file, at, from_move_list, words))
            }
            (Purpose::Import { .. }, Err(err)) => {
                imported.write(ImportResult::Refused(record_error(words, &err)));
                Err(err)
            }
            (Purpose::Resume(kind), Ok(Read::Autosave(Some((saved, variations))))) => {
                Ok(resume(kind, *saved, variations, words))
            }
            (Purpose::Resume(kind), Ok(Read::Autosave(None))) => {
                status.set_waiting(kind, false);
                notice.show(words.get("notice-no-autosave"));
                continue;
            }
            (Purpose::Resume(kind), Err(err)) => {
                // Left as it is on disk, but not offered again.
                status.set_waiting(kind, false);
                Err(err)
            }
            (Purpose::Load { .. }, Err(err)) => Err(err),
            // Each purpose reads its own kind of file.
            (Purpose::Load { .. } | Purpose::Import { .. }, Ok(Read::Autosave(_)))
            | (Purpose::Resume(_), Ok(Read::File(_))) => continue,
        };
        match opened {
            Ok(mut game) => {
                game.kept_review = done.kept;
                pending.0 = Some(game);
                NextState::set_if_neq(&mut next_screen, Screen::Playing);
            }
            Err(err) => refuse(&mut notice, words, &err),
        }
    }
    let reading = !reads.0.is_empty();
    if status.reading != reading {
        status.reading = reading;
    }
}

/// Pasted text read, for review (at move `at`, if given; pasted in the
/// move list, one message for every kind of text).
fn imported_text(
    file: RecordFile,
    at: Option<usize>,
    from_move_list: bool,
    words: &Texts,
) -> Pending {
    let message = |key: &str| {
        if from_move_list {
            words.get("notice-imported-record")
        } else {
            words.get(key)
        }
    };
    let mut pending = match file {
        RecordFile::Foreign(record) => {
            review_record(*record, message("notice-imported-record"), words)
        }
        RecordFile::Variations(tree) => {
            review_variations(tree, message("notice-imported-variations"), words)
        }
        RecordFile::Game(saved) => {
            Pending::review(saved.game, message("notice-imported-gamestring"))
        }
    };
    if from_move_list {
        pending.cursor = at;
    }
    pending
}

/// Writes a file with `save`, making its folder first if need be (an error
/// there shows as the save's own).
fn save_to(
    path: &Path,
    save: impl FnOnce(&Path) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
        && !dir.exists()
    {
        let _ = fs::create_dir_all(dir);
    }
    save(path)
}

/// Reports the saves that finished on the message line.
pub(super) fn finish_saves(
    mut saves: ResMut<SaveWrites>,
    mut status: ResMut<AutosaveStatus>,
    (mut notice, words): (Notices, Res<Words>),
) {
    saves.0.retain_mut(|task| {
        let Some(result) = check_ready(task) else {
            return true;
        };
        match result {
            Ok(message) => {
                info!("{message}");
                notice.show(message);
            }
            Err(err) => refuse(&mut notice, &words, &err),
        }
        false
    });
    let saving = !saves.0.is_empty();
    if status.saving != saving {
        status.saving = saving;
    }
}

/// A saved game, a variations file, or a boardspace `.sgf` or `.pgn`
/// record (read from `path`), for review.
fn loaded_file(path: &Path, read: RecordFile, words: &Texts) -> Pending {
    let file = Args::new().with("file", path.display().to_string());
    let saved = match read {
        RecordFile::Foreign(record) => {
            return review_record(*record, words.format("notice-loaded", &file), words);
        }
        RecordFile::Variations(tree) => {
            return review_variations(tree, words.format("notice-loaded-variations", &file), words);
        }
        RecordFile::Game(saved) => *saved,
    };
    // Our own save: where it was left, with the same players (a game
    // against the AI goes on against the AI); a bare GameString, which
    // does not say who played, opens in review for the people here.
    let (review, seats, message) = match saved.seats {
        Some(seats) => (
            false,
            seats,
            words.format("notice-loaded-where-left", &file),
        ),
        None => (
            true,
            Seats::Human,
            words.format("notice-loaded-review", &file),
        ),
    };
    Pending {
        cursor: Some(saved.cursor),
        review,
        seats: Some(seats),
        clocks: saved.clocks,
        ..Pending::review(saved.game, message)
    }
}

/// A record read from another program's file, for review at the end of
/// its main line, with its headers.
fn review_record(record: GameRecord, message: String, words: &Texts) -> Pending {
    let saved_review = read_review(&record);
    let GameRecord { headers, tree } = record;
    let mut message = message;
    if let (Some(white), Some(black)) = (&headers.white, &headers.black) {
        let args = Args::new()
            .with("message", message)
            .with("white", white)
            .with("black", black);
        message = words.format("notice-record-players", &args);
    }
    if saved_review.is_some() {
        let args = Args::new().with("message", message);
        message = words.format("notice-record-reviewed", &args);
    }
    // One of the player's kept games says who sat where (its `Players`
    // tag): "Continue from here" goes on against the same AI level. Only
    // the seats a board can go on with alone: an online or a watched game
    // goes on between the people here.
    let kept_seats = headers
        .extra("Players")
        .and_then(Seats::parse_words)
        .filter(|seats| seats.ai_side().is_some());
    let mut pending = review_variations(tree, message, words);
    pending.seats = kept_seats.or(pending.seats);
    pending.headers = Some(headers);
    pending.saved_review = saved_review;
    pending
}

/// A game with its variations, for review at the end of its main line.
fn review_variations(tree: Variations, message: String, words: &Texts) -> Pending {
    let lines = tree.leaves().len();
    let message = words.format(
        "notice-record-lines",
        &Args::new().with("message", message).with("count", lines),
    );
    let game = main_line_end(&tree);
    Pending {
        variations: Some(tree),
        ..Pending::review(game, message)
    }
}

/// Shows why a file could not be read or written (and logs it, in English).
pub(super) fn refuse(notice: &mut Notices, words: &Texts, err: &RecordError) {
    warn!("{err}");
    notice.show(record_error(words, err));
}

pub(super) fn apply_pending_game(
    mut pending: ResMut<PendingGame>,
    settings: Res<Settings>,
    mut jump: Jump,
    (mut engine_review, mut review_now): (ResMut<EngineReview>, MessageWriter<EngineReviewRequest>),
    (mut steps, mut analysis): (MessageWriter<ReviewAction>, MessageWriter<SetAnalysis>),
) {
    let Some(Pending {
        game,
        cursor,
        variations,
        review,
        seats,
        message,
        clocks,
        headers,
        engine_review: review_with_engine,
        saved_review,
        kept_review,
        analyse,
    }) = pending.0.take()
    else {
        return;
    };
    let game_id = jump.players().game_id;
    let players = match seats {
        Some(seats) => Players::seated(game_id, seats),
        None => jump.players().next(&settings),
    };
    jump.seat(players);
    let turn = if review {
        Turn::Review
    } else {
        Turn::AwaitingInput
    };
    // Opened at its last move, in review or to play on.
    jump.change(turn, |current| {
        *current = match variations {
            Some(tree) => {
                // At the position of `game` (a line of the tree).
                let at = tree.node_of(&game);
                let mut with_tree = CurrentGame::from_variations(tree);
                if let Some(node) = at {
                    with_tree.goto_node(node);
                }
                with_tree
            }
            None => CurrentGame::new(game),
        };
        if let Some(cursor) = cursor {
            current.goto(cursor);
        }
        current.set_headers(headers);
        true
    });
    jump.notice().show(message);
    jump.set_clocks(GameClock(clocks));
    if analyse {
        analysis.write(SetAnalysis(true));
    }
    engine_review.forget();
    let tree = jump.current().variations();
    // The review in the record's comments, of its main line; else the one
    // kept of this line, when the engine reviewed it before.
    let shown = match saved_review {
        Some(review) => {
            let nodes: Vec<NodeId> = tree
                .continuation(NodeId::ROOT)
                .into_iter()
                .take(review.moves.len())
                .collect();
            (nodes.len() == review.moves.len()).then(|| ReviewedLine::new(review, tree, nodes))
        }
        None => kept_review
            .map(|review| ReviewedLine::new(review, tree, jump.current().line_nodes().to_vec())),
    };
    let reviewed = shown.is_some();
    if let Some(line) = shown {
        engine_review.show(line);
    }
    // Asked to review: a review already made is shown, not searched again.
    if review_with_engine && reviewed {
        steps.write(ReviewAction::Enter);
    } else if review_with_engine {
        review_now.write(EngineReviewRequest::Start);
    }
}

pub(super) fn detect_autosave(paths: Res<RecordPaths>, mut status: ResMut<AutosaveStatus>) {
    for kind in PlayKind::ALL {
        let exists = paths
            .autosave
            .as_ref()
            .is_some_and(|autosave| autosave.with_kind(kind).exists());
        status.set_waiting(kind, exists);
    }
}

/// A file dropped on the window opens for review, as Load would.
pub(super) fn open_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut actions: MessageWriter<RecordsAction>,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            info!("file dropped on the window: {}", path_buf.display());
            actions.write(RecordsAction::Load(path_buf.clone()));
        }
    }
}
