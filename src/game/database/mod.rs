//! The game database in the window (`crate::db`, an SQLite file in the
//! data directory): opened on the IO task pool when the data directory is
//! known (a file that could not be read is set aside and the message line
//! says so), the opening explorer's answer for the position on the board
//! (asked again whenever the position or the filter changes; an answer for
//! another position is dropped), the import of files, folders and zips on
//! the compute pool (progress, Cancel, the report; resumable), searches,
//! and a stored game opened in review at a ply. Every query runs off the
//! frame, on its own connection (SQLite's WAL lets them read while an
//! import writes).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, IoTaskPool, Task, block_on, poll_once};

use crate::db::{
    DB_FILE, Database, ExplorerFilter, ExplorerMove, GameSummary, ImportOptions, ImportProgress,
    ImportReport, SearchQuery,
};
use crate::game::core::{CurrentGame, GameSystems, Notice, PlayMove, Players, Screen, Turn, Words};
use crate::game::saves::{RecordPaths, RecordsAction, ReviewAction};
use crate::records::{GameRecord, Headers};
use crate::rules::{Game, Move};
use crate::text::Args;

/// How many games a page of search results (and of the games that reached
/// the explorer's position) holds.
pub const PAGE: u32 = 50;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameDatabase>();
    app.add_message::<DatabaseRequest>();
    app.configure_sets(Update, DatabaseSystems.after(GameSystems::View));
    app.add_systems(
        Update,
        (
            open_database,
            handle_requests,
            ask_the_explorer.run_if(in_state(Screen::Playing)),
            collect_answers,
            play_after_review,
        )
            .chain()
            .in_set(DatabaseSystems),
    );
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
}

/// The explorer's filter as the player types it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilterForm {
    /// Only games of this type (`Base+MLP`; empty: any).
    pub game_type: String,
    /// Played on or after (`yyyy`, `yyyy-mm`, `yyyy-mm-dd`).
    pub from: String,
    /// Played on or before.
    pub to: String,
    /// A player, either side.
    pub player: String,
    /// Both players rated at least this.
    pub min_rating: String,
}

impl FilterForm {
    /// The filter asked of the database (what cannot be read is left out).
    pub fn filter(&self) -> ExplorerFilter {
        let text = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        ExplorerFilter {
            game_type: self.game_type.trim().parse().ok(),
            from: text(&self.from),
            to: text(&self.to),
            player: text(&self.player),
            min_rating: self.min_rating.trim().parse().ok(),
        }
    }
}

/// The explorer's answer about one position.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplorerAnswer {
    /// The position asked about (its GameString) and the filter.
    pub asked: (String, ExplorerFilter),
    /// Every move played from it, most played first.
    pub moves: Vec<ExplorerMove>,
    /// The games that reached it, newest first (page `page`).
    pub games: Vec<GameSummary>,
    /// Which page of [`PAGE`] games `games` is (0: the newest).
    pub page: u32,
    /// Why the database could not answer.
    pub error: Option<QueryError>,
}

/// Why the explorer or the search could not answer.
#[derive(Debug, Clone, PartialEq)]
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

/// The opening explorer beside the board.
#[derive(Default)]
pub struct Explorer {
    /// The panel is shown (and the database asked).
    pub open: bool,
    /// The filter as typed.
    pub form: FilterForm,
    /// The page of the games that reached the position to show (back to
    /// the first when the position or the filter changes).
    pub page: u32,
    answer: Option<ExplorerAnswer>,
    asked: Option<(String, ExplorerFilter, u32)>,
    task: Option<Task<ExplorerAnswer>>,
}

impl Explorer {
    /// The answer, only if it is about `game` with the filter as typed.
    pub fn answer_for(&self, game: &Game) -> Option<&ExplorerAnswer> {
        let asked = (game.game_string(), self.form.filter());
        self.answer.as_ref().filter(|answer| answer.asked == asked)
    }

    /// Whether a question is under way.
    pub fn asking(&self) -> bool {
        self.task.is_some()
    }
}

/// An import under way: its progress (written by the import's thread) and
/// its cancel flag.
pub struct ImportJob {
    progress: Arc<Mutex<ImportProgress>>,
    cancel: Arc<AtomicBool>,
    task: Task<Result<ImportReport, String>>,
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

/// A stored game's record text and the ply to show it at.
type RecordAt = (String, Option<u32>);

/// The game database: where it is, how many games it holds, the import,
/// the explorer and the search.
#[derive(Resource, Default)]
pub struct GameDatabase {
    path: Option<PathBuf>,
    /// The number of games (once the file is open).
    games: Option<u64>,
    /// Why the database cannot be used.
    error: Option<String>,
    opening: Option<Task<Result<Opened, String>>>,
    import: Option<ImportJob>,
    report: Option<Result<ImportReport, String>>,
    /// The opening explorer.
    pub explorer: Explorer,
    /// The Games screen shows the database (not a folder's records).
    pub on_games_screen: bool,
    search_task: Option<Task<Searched>>,
    /// The last search's results.
    pub searched: Searched,
    open_task: Option<Task<Result<RecordAt, String>>>,
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
    pub fn report(&self) -> Option<&Result<ImportReport, String>> {
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
}

/// Opens the database in the data directory (again when it changes), on
/// the IO task pool.
fn open_database(
    paths: Res<RecordPaths>,
    mut db: ResMut<GameDatabase>,
    mut notice: ResMut<Notice>,
    words: Res<Words>,
) {
    let path = paths.data_dir().map(|dir| dir.join(DB_FILE));
    if path != db.path {
        db.path = path.clone();
        db.games = None;
        db.error = None;
        db.explorer.answer = None;
        db.explorer.asked = None;
        db.opening = path.map(|path| IoTaskPool::get().spawn(async move { open_file(&path) }));
    }
    let Some(task) = db.opening.as_mut() else {
        return;
    };
    let Some(opened) = block_on(poll_once(task)) else {
        return;
    };
    db.opening = None;
    match opened {
        Ok(Opened { set_aside, games }) => {
            db.games = Some(games);
            if let Some((file, reason)) = set_aside {
                notice.show(words.0.format(
                    "database-set-aside",
                    &Args::new().with("file", file).with("reason", reason),
                ));
            }
        }
        Err(error) => {
            notice.show(
                words
                    .0
                    .format("database-unusable", &Args::new().with("reason", &error)),
            );
            db.error = Some(error);
        }
    }
}

/// The database as opened: the file set aside first if any (where it went
/// and why), and how many games it holds.
struct Opened {
    set_aside: Option<(String, String)>,
    games: u64,
}

/// Opens (or creates) the database at `path`.
fn open_file(path: &Path) -> Result<Opened, String> {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let db = Database::open(path).map_err(|e| e.to_string())?;
    let set_aside = db
        .set_aside()
        .map(|aside| (aside.moved_to.display().to_string(), aside.reason.clone()));
    let games = db.stats().map_err(|e| e.to_string())?.games;
    Ok(Opened { set_aside, games })
}

/// Imports `sources` into the database at `path`, telling `progress`.
fn import_into(
    path: &Path,
    sources: &[PathBuf],
    cancel: &AtomicBool,
    progress: &Mutex<ImportProgress>,
) -> Result<ImportReport, String> {
    let mut db = Database::open(path).map_err(|e| e.to_string())?;
    db.import(sources, ImportOptions::default(), cancel, &mut |now| {
        *progress.lock().unwrap_or_else(PoisonError::into_inner) = *now;
    })
    .map_err(|e| e.to_string())
}

/// The stored game `id` as a record's text (PGN, with its players, date,
/// result and ratings).
fn stored_record(path: &Path, id: i64) -> Result<String, String> {
    let db = Database::open(path).map_err(|e| e.to_string())?;
    let stored = db
        .game(id)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no game {id}"))?;
    let game = stored.game().map_err(|e| e.to_string())?;
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

/// Starts the imports, searches and openings asked for.
fn handle_requests(
    mut requests: MessageReader<DatabaseRequest>,
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    turn: Option<Res<State<Turn>>>,
    mut review: MessageWriter<ReviewAction>,
) {
    for request in requests.read() {
        let Some(path) = db.path.clone() else {
            continue;
        };
        match request {
            DatabaseRequest::Import(sources) => {
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
                let query = query.clone();
                db.search_task = Some(AsyncComputeTaskPool::get().spawn(async move {
                    let found = Database::open(&path).and_then(|db| db.search(&query));
                    match found {
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
                    }
                }));
            }
            DatabaseRequest::Open { id, ply } => {
                let (id, ply) = (*id, *ply);
                db.open_task = Some(
                    IoTaskPool::get()
                        .spawn(async move { stored_record(&path, id).map(|text| (text, ply)) }),
                );
            }
            DatabaseRequest::Play(mv) => {
                let reviewing = turn.as_ref().is_some_and(|t| *t.get() == Turn::Review);
                if reviewing {
                    review.write(ReviewAction::ContinueFromHere);
                }
                db.pending_move = Some((current.game().game_string(), *mv));
            }
        }
    }
}

/// Asks the database about the position on the board when the explorer
/// is shown and the position or the filter changed.
fn ask_the_explorer(mut db: ResMut<GameDatabase>, current: Res<CurrentGame>) {
    if !db.explorer.open || !db.ready() {
        return;
    }
    let Some(path) = db.path.clone() else {
        return;
    };
    let asked = (current.game().game_string(), db.explorer.form.filter());
    let same_position = db
        .explorer
        .asked
        .as_ref()
        .is_some_and(|(game, filter, _)| (game, filter) == (&asked.0, &asked.1));
    if !same_position {
        db.explorer.page = 0;
    }
    let page = db.explorer.page;
    if same_position && db.explorer.asked.as_ref().is_some_and(|a| a.2 == page) {
        return;
    }
    db.explorer.asked = Some((asked.0.clone(), asked.1.clone(), page));
    let game = current.game().clone();
    db.explorer.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let filter = &asked.1;
        let answer = Database::open(&path).and_then(|db| {
            let moves = db.explore(&game, filter)?;
            let games = db.games_reaching(&game, filter, PAGE, page * PAGE)?;
            Ok((moves, games))
        });
        match answer {
            Ok((moves, games)) => ExplorerAnswer {
                asked,
                moves,
                games,
                page,
                error: None,
            },
            Err(error) => ExplorerAnswer {
                asked,
                moves: Vec::new(),
                games: Vec::new(),
                page,
                error: Some(error.into()),
            },
        }
    }));
}

/// Collects what the tasks found: the import's report, the explorer's
/// answer (dropped when the board has moved on), the search's results, a
/// game to open.
fn collect_answers(
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    mut actions: MessageWriter<RecordsAction>,
    mut notice: ResMut<Notice>,
    words: Res<Words>,
) {
    let db = &mut *db;
    if let Some(job) = db.import.as_mut()
        && let Some(report) = block_on(poll_once(&mut job.task))
    {
        db.import = None;
        if let Ok(report) = &report {
            db.games = Some(db.games.unwrap_or(0) + report.progress.added);
        }
        // The explorer's answers may have changed.
        db.explorer.asked = None;
        db.report = Some(report);
    }
    if let Some(task) = db.explorer.task.as_mut()
        && let Some(answer) = block_on(poll_once(task))
    {
        db.explorer.task = None;
        if answer.asked.0 == current.game().game_string() {
            db.explorer.answer = Some(answer);
        }
    }
    if let Some(task) = db.search_task.as_mut()
        && let Some(found) = block_on(poll_once(task))
    {
        db.search_task = None;
        db.searched = found;
    }
    if let Some(task) = db.open_task.as_mut()
        && let Some(opened) = block_on(poll_once(task))
    {
        db.open_task = None;
        match opened {
            Ok((text, ply)) => {
                actions.write(RecordsAction::ImportAt(text, ply.map(|p| p as usize)));
            }
            Err(error) => notice.show(
                words
                    .0
                    .format("database-unusable", &Args::new().with("reason", &error)),
            ),
        }
    }
}

/// Plays an explorer move once the board takes moves (at once, or after
/// review has let go of the position shown), if the position is still the
/// one it was chosen in.
fn play_after_review(
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    players: Res<Players>,
    turn: Option<Res<State<Turn>>>,
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
    let Some(turn) = turn else {
        return;
    };
    match turn.get() {
        Turn::AwaitingInput if !players.moves_elsewhere(game) => {
            db.pending_move = None;
            play.write(PlayMove(mv));
        }
        Turn::AwaitingInput | Turn::GameOver => db.pending_move = None,
        Turn::Animating | Turn::Review => {}
    }
}
