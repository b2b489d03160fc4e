//! The game database in the window (`crate::db`, an SQLite file in the
//! data directory): one connection held open on its own thread
//! ([`DbWorker`]), opened once when the data directory is known (a damaged
//! file is reported, never moved or overwritten, and the explorer says the
//! database is unavailable), answering the opening explorer about the
//! position on the board (asked again whenever the position or the filter
//! changes, one question at a time; an answer for another position is
//! dropped), searches, and a stored game opened in review at a ply. The
//! import of files, folders and zips runs on the compute pool on a
//! connection of its own (progress, Cancel, the report; resumable): SQLite's
//! WAL lets the held connection read while it writes. Nothing waits on the
//! frame: answers are polled.
//!
//! Its screens: the opening explorer's window beside the board (`panel`)
//! and the Games screen's database part ([`screen`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::db::{
    DB_FILE, Database, DbError, DbWorker, GameSummary, GameTypes, ImportOptions, ImportProgress,
    ImportReport, Pending, SearchQuery,
};
use crate::game::core::{
    Activity, CurrentGame, CurrentMode, GameSystems, Notices, PlayMove, Screen, Turn, Words,
};
use crate::game::saves::{RecordPaths, RecordsAction, ReviewAction};
use crate::records::{GameRecord, Headers};
use crate::rules::Move;
use crate::text::Args;

mod explorer;
mod panel;
pub(in crate::game) mod screen;

pub use explorer::{
    Explorer, ExplorerAnswer, FilterForm, WhyNothing, YourMovesAnswer, is_next_in_line, why_nothing,
};

/// How many games a page of search results (and of the games that reached
/// the explorer's position) holds.
pub const PAGE: u32 = 50;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameDatabase>();
    app.add_message::<DatabaseRequest>();
    app.configure_sets(Update, DatabaseSystems.after(GameSystems::View));
    // The explorer belongs to a game on the board: it closes with the
    // board's screen, and when a lesson or a puzzle takes the board.
    app.add_systems(OnExit(Screen::Playing), explorer::close);
    app.add_systems(OnEnter(Activity::Lesson), explorer::close);
    app.add_systems(OnEnter(Activity::Puzzle), explorer::close);
    app.add_systems(
        Update,
        (
            open_database,
            handle_requests,
            explorer::ask.run_if(in_state(Screen::Playing)),
            explorer::ask_yours.run_if(in_state(Screen::Playing)),
            collect_answers,
            play_after_review,
        )
            .chain()
            .in_set(DatabaseSystems),
    );
}

/// The database's screens: the opening explorer beside the board, and the
/// state of the Games screen's database part.
pub(super) fn view_plugin(app: &mut App) {
    app.init_resource::<screen::DatabaseScreen>();
    app.add_plugins(panel::plugin);
}

/// The database's systems: after the frame's game, so that the explorer
/// asks about the position the frame ends with.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DatabaseSystems;

/// What the player asks of the database.
#[derive(Message, Debug, Clone)]
pub enum DatabaseRequest {
    /// Import these files, folders and zip archives (files already imported
    /// are skipped: an import cancelled goes on from where it stopped).
    Import(Vec<PathBuf>),
    /// Stop the import under way (what it committed stays).
    CancelImport,
    /// Search the games.
    Search(SearchQuery),
    /// Open a stored game in review, at this ply (`None`: its end).
    Open {
        /// The game's id in the database.
        id: i64,
        /// How many of its moves to show.
        ply: Option<u32>,
    },
    /// Play this explorer move on the board (in review: as a variation
    /// from the position shown).
    Play(Move),
    /// Show the explorer beside the board, or not.
    ShowExplorer(bool),
    /// Show the database's part of the Games screen, or another tab.
    OnGamesScreen(bool),
    /// The last import's report has been read: drop it.
    DismissReport,
}

impl DatabaseRequest {
    /// Whether it needs the database's file open (the others only change
    /// what is shown).
    fn needs_the_file(&self) -> bool {
        match self {
            DatabaseRequest::Import(_)
            | DatabaseRequest::CancelImport
            | DatabaseRequest::Search(_)
            | DatabaseRequest::Open { .. }
            | DatabaseRequest::Play(_) => true,
            DatabaseRequest::ShowExplorer(_)
            | DatabaseRequest::OnGamesScreen(_)
            | DatabaseRequest::DismissReport => false,
        }
    }
}

/// Why the explorer or the search could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// A date of the filter is not one (the text typed).
    BadDate(String),
    /// The database's own error, as it says it.
    Database(String),
}

impl From<crate::db::DbError> for QueryError {
    fn from(error: crate::db::DbError) -> QueryError {
        match error {
            crate::db::DbError::BadDate(text) => QueryError::BadDate(text),
            error => QueryError::Database(error.to_string()),
        }
    }
}

/// An import under way: its progress (written by the import's thread) and
/// its cancel flag.
pub struct ImportJob {
    progress: Arc<Mutex<ImportProgress>>,
    cancel: Arc<AtomicBool>,
    task: Task<Result<ImportReport, DbError>>,
}

impl ImportJob {
    /// How far it has got.
    pub fn progress(&self) -> ImportProgress {
        *self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether Cancel was asked.
    pub fn cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Search results (a page) and the query that found them.
#[derive(Debug, Default)]
pub struct Searched {
    /// The query.
    pub query: Option<SearchQuery>,
    /// The games found.
    pub games: Vec<GameSummary>,
    /// Why the search failed.
    pub error: Option<QueryError>,
}

/// The game database: where it is, how many games it holds, the import,
/// the explorer and the search.
#[derive(Resource, Default)]
pub struct GameDatabase {
    path: Option<PathBuf>,
    /// The connection held open (on its thread).
    worker: Option<DbWorker>,
    /// The number of games (once the file is open).
    games: Option<u64>,
    /// The games by type.
    types: GameTypes,
    /// Why the database cannot be used.
    error: Option<String>,
    opening: Option<Pending<GameTypes>>,
    import: Option<ImportJob>,
    report: Option<Result<ImportReport, DbError>>,
    /// The opening explorer.
    pub explorer: Explorer,
    /// The Games screen shows the database (not a folder's records).
    pub on_games_screen: bool,
    search_task: Option<(Pending<Vec<GameSummary>>, SearchQuery)>,
    /// The last search's results.
    pub searched: Searched,
    open_task: Option<(Pending<String>, Option<u32>)>,
    /// A move to play once review has let go of the board (the position
    /// it is for, and the move).
    pending_move: Option<(String, Move)>,
}

impl GameDatabase {
    /// The file, when the data directory is known.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// How many games it holds (`None` until it is open).
    pub fn games(&self) -> Option<u64> {
        self.games
    }

    /// Why it cannot be used, if so.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The import under way.
    pub fn import(&self) -> Option<&ImportJob> {
        self.import.as_ref()
    }

    /// The last import's report (or why it failed).
    pub fn report(&self) -> Option<&Result<ImportReport, DbError>> {
        self.report.as_ref()
    }

    /// Forgets the last import's report.
    pub fn dismiss_report(&mut self) {
        self.report = None;
    }

    /// Whether a search is under way.
    pub fn searching(&self) -> bool {
        self.search_task.is_some()
    }

    /// Whether it is open and ready for questions.
    pub fn ready(&self) -> bool {
        self.games.is_some() && self.opening.is_none()
    }

    /// The games it holds by type.
    pub fn types(&self) -> &GameTypes {
        &self.types
    }

    /// Asks the held connection (again) how many games of each type it holds.
    fn count_games(&mut self) {
        if let Some(worker) = &self.worker {
            match worker.ask(|db| db.game_types()) {
                Ok(pending) => self.opening = Some(pending),
                Err(error) => self.error = Some(error.to_string()),
            }
        }
    }
}

/// Opens the database in the data directory (again when it changes) on
/// its own thread, and collects how many games it holds.
fn open_database(
    paths: Res<RecordPaths>,
    mut db: ResMut<GameDatabase>,
    mut notice: Notices,
    words: Res<Words>,
) {
    let path = paths.data_dir().map(|dir| dir.join(DB_FILE));
    if path != db.path {
        db.path = path.clone();
        db.games = None;
        db.types = GameTypes::default();
        db.error = None;
        db.opening = None;
        db.explorer.forget();
        db.search_task = None;
        db.open_task = None;
        // The old thread ends by itself once its questions are answered.
        db.worker = None;
        if let Some(path) = path {
            match DbWorker::open(&path) {
                Ok(worker) => {
                    db.worker = Some(worker);
                    db.count_games();
                }
                Err(error) => db.error = Some(error.to_string()),
            }
        }
    }
    let Some(pending) = db.opening.as_mut() else {
        return;
    };
    let Some(counted) = pending.try_take() else {
        return;
    };
    db.opening = None;
    match counted {
        Ok(types) => {
            db.games = Some(types.total());
            db.types = types;
        }
        Err(error) => {
            let error = error.to_string();
            notice.show(
                words
                    .0
                    .format("database-unusable", &Args::new().with("reason", &error)),
            );
            db.error = Some(error);
        }
    }
}

/// Imports `sources` into the database at `path`, telling `progress`.
fn import_into(
    path: &Path,
    sources: &[PathBuf],
    cancel: &AtomicBool,
    progress: &Mutex<ImportProgress>,
) -> Result<ImportReport, DbError> {
    // A connection of its own (the writer), opened for the import only;
    // the import checks the file before adding to it.
    let mut db = Database::open(path)?;
    db.import(sources, ImportOptions::default(), cancel, &mut |now| {
        *progress.lock().unwrap_or_else(PoisonError::into_inner) = *now;
    })
}

/// The stored game `id` as a record's text (PGN, with its players, date,
/// result and ratings).
fn stored_record(db: &Database, id: i64) -> Result<String, DbError> {
    let stored = db.game(id)?.ok_or(DbError::NoGame(id))?;
    let game = stored.game()?;
    let summary = &stored.summary;
    let mut headers = Headers::new(game.game_type());
    headers.white = summary.white.clone();
    headers.black = summary.black.clone();
    headers.date = summary.date.clone();
    headers.result = summary.result;
    for (name, rating) in [
        ("WhiteElo", summary.white_rating),
        ("BlackElo", summary.black_rating),
    ] {
        if let Some(rating) = rating {
            headers.extra.insert(name.into(), rating.to_string());
        }
    }
    let record = GameRecord::from_game(&game, headers);
    Ok(crate::formats::write_pgn(&record))
}

/// Asks the held connection, or says why it cannot be asked.
fn ask<R, F>(db: &GameDatabase, question: F) -> Result<Pending<R>, DbError>
where
    R: Send + 'static,
    F: FnOnce(&mut Database) -> Result<R, DbError> + Send + 'static,
{
    match &db.worker {
        Some(worker) => worker.ask(question),
        None => Err(DbError::WorkerGone),
    }
}

/// Starts the imports, searches and openings asked for.
fn handle_requests(
    mut requests: MessageReader<DatabaseRequest>,
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    mode: CurrentMode,
    mut review: MessageWriter<ReviewAction>,
    mut notice: Notices,
    words: Res<Words>,
) {
    for request in requests.read() {
        if request.needs_the_file() && db.path.is_none() {
            continue;
        }
        match request {
            DatabaseRequest::ShowExplorer(open) => db.explorer.open = *open,
            DatabaseRequest::OnGamesScreen(shown) => db.on_games_screen = *shown,
            DatabaseRequest::DismissReport => db.dismiss_report(),
            DatabaseRequest::Import(sources) => {
                let Some(path) = db.path.clone() else {
                    continue;
                };
                if db.import.is_some() || sources.is_empty() {
                    continue;
                }
                let progress = Arc::new(Mutex::new(ImportProgress::default()));
                let cancel = Arc::new(AtomicBool::new(false));
                let (shared, stop, sources) = (progress.clone(), cancel.clone(), sources.clone());
                let task = AsyncComputeTaskPool::get()
                    .spawn(async move { import_into(&path, &sources, &stop, &shared) });
                db.report = None;
                db.import = Some(ImportJob {
                    progress,
                    cancel,
                    task,
                });
            }
            DatabaseRequest::CancelImport => {
                if let Some(job) = &db.import {
                    job.cancel.store(true, Ordering::Relaxed);
                }
            }
            DatabaseRequest::Search(query) => {
                let asked = query.clone();
                match ask(&db, move |db| db.search(&asked)) {
                    Ok(pending) => db.search_task = Some((pending, query.clone())),
                    Err(error) => {
                        db.search_task = None;
                        db.searched = Searched {
                            query: Some(query.clone()),
                            games: Vec::new(),
                            error: Some(error.into()),
                        };
                    }
                }
            }
            DatabaseRequest::Open { id, ply } => {
                let id = *id;
                match ask(&db, move |db| stored_record(db, id)) {
                    Ok(pending) => db.open_task = Some((pending, *ply)),
                    Err(error) => notice.show(words.0.format(
                        "database-unusable",
                        &Args::new().with("reason", error.to_string()),
                    )),
                }
            }
            DatabaseRequest::Play(mv) => {
                let reviewing = mode.get().reviewing();
                if reviewing && is_next_in_line(&current, *mv) {
                    // The game's own next move: follow its line.
                    review.write(ReviewAction::StepForward);
                    continue;
                }
                if reviewing {
                    review.write(ReviewAction::ContinueFromHere);
                }
                db.pending_move = Some((current.game().game_string(), *mv));
            }
        }
    }
}

/// Collects what the tasks found: the import's report, the explorer's
/// answer (dropped when the board has moved on), the search's results, a
/// game to open.
fn collect_answers(
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    mut actions: MessageWriter<RecordsAction>,
    mut notice: Notices,
    words: Res<Words>,
) {
    let db = &mut *db;
    if let Some(job) = db.import.as_mut()
        && let Some(report) = block_on(poll_once(&mut job.task))
    {
        db.import = None;
        if let Ok(report) = &report {
            db.games = Some(db.games.unwrap_or(0) + report.progress.added);
            // The games by type, counted again on the held connection.
            db.count_games();
        }
        // The explorer's answers may have changed.
        db.explorer.ask_again();
        db.report = Some(report);
    }
    explorer::take_answers(db, &current);
    if let Some((pending, _)) = db.search_task.as_mut()
        && let Some(found) = pending.try_take()
        && let Some((_, query)) = db.search_task.take()
    {
        db.searched = match found {
            Ok(games) => Searched {
                query: Some(query),
                games,
                error: None,
            },
            Err(error) => Searched {
                query: Some(query),
                games: Vec::new(),
                error: Some(error.into()),
            },
        };
    }
    if let Some((pending, _)) = db.open_task.as_mut()
        && let Some(opened) = pending.try_take()
        && let Some((_, ply)) = db.open_task.take()
    {
        match opened {
            Ok(text) => {
                actions.write(RecordsAction::ImportAt(text, ply.map(|p| p as usize)));
            }
            Err(error) => notice.show(words.0.format(
                "database-unusable",
                &Args::new().with("reason", error.to_string()),
            )),
        }
    }
}

/// Plays an explorer move once the board takes moves (at once, or after
/// review has let go of the position shown), if the position is still the
/// one it was chosen in.
fn play_after_review(
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    mode: CurrentMode,
    mut play: MessageWriter<PlayMove>,
) {
    let Some((position, mv)) = db.pending_move.clone() else {
        return;
    };
    let game = current.game();
    if game.game_string() != position {
        db.pending_move = None;
        return;
    }
    let mode = mode.get();
    let Some(board) = mode.board() else {
        return;
    };
    if mode.takes_move(game) {
        db.pending_move = None;
        play.write(PlayMove(mv));
        return;
    }
    match board.turn {
        Turn::AwaitingInput | Turn::GameOver => db.pending_move = None,
        Turn::Animating | Turn::Review => {}
    }
}
