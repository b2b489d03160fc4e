//! The player's kept games as the Games screen lists them: read from
//! `my-games.sqlite` on the IO task pool (never on the frame) when the
//! screen opens, when the filter changes and when a game is kept or
//! forgotten; a game opened in review, forgotten, or all of them written
//! to one PGN file, each on the IO pool too.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use crate::db::{Database, DbError, KeptFilter, KeptSummary, Progress};
use crate::game::core::{Notices, Screen, Words};
use crate::game::saves::{KeptGames, RecordPaths, RecordsAction};
use crate::text::Args;

/// What the player asks of their games.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum YourGamesRequest {
    /// List them again under this filter.
    Filter(KeptFilter),
    /// Open this one (its row) in review.
    Review(i64),
    /// Open in review the game against the AI that ended at this moment
    /// (seconds since 1970): a point of the rating's history.
    ReviewRated(u64),
    /// Forget this one (asked first on the screen).
    Forget(i64),
    /// Write them all to this file, as one PGN.
    Export(PathBuf),
}

/// What an IO task brings back.
enum Done {
    Listed {
        games: Vec<KeptSummary>,
        total: u64,
        progress: Box<Progress>,
        took: std::time::Duration,
    },
    Opened(String),
    Forgotten,
    Exported(PathBuf, u64),
}

/// The player's games as listed, and the tasks reading or changing them.
#[derive(Resource, Default)]
pub struct YourGames {
    /// The filter the list was read under.
    pub filter: KeptFilter,
    /// The games it lets through, newest first.
    pub games: Vec<KeptSummary>,
    /// How many games are kept in all.
    pub total: u64,
    /// The player's results from them.
    pub progress: Progress,
    /// The list has been read at least once.
    pub read: bool,
    /// Why the file could not be read or changed, if it could not.
    pub error: Option<String>,
    /// How long the last listing took (read and filtered), for the record.
    pub last_listing: Option<std::time::Duration>,
    /// The [`KeptGames::changes`] the list was read after.
    seen_changes: Option<u64>,
    tasks: Vec<Task<Result<Done, DbError>>>,
    /// A listing is asked while one runs: it runs after.
    again: bool,
}

impl YourGames {
    /// A task is under way.
    pub fn busy(&self) -> bool {
        !self.tasks.is_empty()
    }
}

fn spawn(
    games: &mut YourGames,
    dir: PathBuf,
    job: impl FnOnce(&Path) -> Result<Done, DbError> + Send + 'static,
) {
    games
        .tasks
        .push(IoTaskPool::get().spawn(async move { job(&dir) }));
}

fn list(games: &mut YourGames, dir: PathBuf) {
    let filter = games.filter.clone();
    spawn(games, dir, move |dir| {
        let started = std::time::Instant::now();
        if !Database::kept_path(dir).exists() {
            return Ok(Done::Listed {
                games: Vec::new(),
                total: 0,
                progress: Box::default(),
                took: started.elapsed(),
            });
        }
        let db = Database::open_kept(dir)?;
        Ok(Done::Listed {
            games: db.kept(&filter)?,
            total: db.kept_count()?,
            progress: Box::new(db.progress()?),
            took: started.elapsed(),
        })
    });
}

/// Reads the list again when the screen opens or a game was kept.
pub(super) fn list_when_needed(
    screen: Res<State<Screen>>,
    paths: Res<RecordPaths>,
    kept: Res<KeptGames>,
    mut games: ResMut<YourGames>,
) {
    let Some(dir) = paths.data_dir() else {
        return;
    };
    let stale = games.seen_changes != Some(kept.changes);
    if *screen.get() != Screen::Games || !(stale || games.again) {
        return;
    }
    if games.busy() {
        games.again = true;
        return;
    }
    games.again = false;
    games.seen_changes = Some(kept.changes);
    list(&mut games, dir.to_path_buf());
}

/// Starts what the player asked.
pub(super) fn handle_requests(
    mut requests: MessageReader<YourGamesRequest>,
    paths: Res<RecordPaths>,
    mut games: ResMut<YourGames>,
) {
    let Some(dir) = paths.data_dir() else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        let dir = dir.to_path_buf();
        match request.clone() {
            YourGamesRequest::Filter(filter) => {
                games.filter = filter;
                games.again = true;
            }
            YourGamesRequest::Review(id) => spawn(&mut games, dir, move |dir| {
                open_kept(dir, &Database::open_kept(dir)?, id)
            }),
            YourGamesRequest::ReviewRated(when) => spawn(&mut games, dir, move |dir| {
                let db = Database::open_kept(dir)?;
                let id = rated_game_at(&db, when).ok_or(DbError::NotKept {
                    path: Database::kept_path(dir),
                    id: 0,
                    reason: "no game against the AI kept at that moment".to_string(),
                })?;
                open_kept(dir, &db, id)
            }),
            YourGamesRequest::Forget(id) => spawn(&mut games, dir, move |dir| {
                Database::open_kept(dir)?.forget(id)?;
                Ok(Done::Forgotten)
            }),
            YourGamesRequest::Export(path) => spawn(&mut games, dir, move |dir| {
                let db = Database::open_kept(dir)?;
                let text = db.export_kept()?;
                let count = db.kept_count()?;
                crate::records::write_atomic(&path, text.as_bytes()).map_err(|e| {
                    DbError::NotOpen {
                        path: path.clone(),
                        reason: e.to_string(),
                    }
                })?;
                Ok(Done::Exported(path, count))
            }),
        }
    }
}

/// The kept game of row `id` in `db` (the player's games in `dir`), as
/// its record's text to open in review.
fn open_kept(dir: &Path, db: &Database, id: i64) -> Result<Done, DbError> {
    let game = db.kept_game(id)?.ok_or(DbError::NotKept {
        path: Database::kept_path(dir),
        id,
        reason: "it is no longer kept".to_string(),
    })?;
    Ok(Done::Opened(game.pgn()))
}

/// The row of the game against the AI that ended nearest to `when`
/// (seconds since 1970), within ten minutes: the game behind a point of
/// the rating's history (rated as it was kept, a moment apart).
pub fn rated_game_at(db: &Database, when: u64) -> Option<i64> {
    let (day, time) = crate::records::KeptGame::at(when);
    let day = day.replace('.', "-");
    let filter = KeptFilter {
        from: Some(day.clone()),
        to: Some(day),
        ..KeptFilter::default()
    };
    let seconds = |time: &str| -> Option<i64> {
        let mut parts = time.split(':').map(|p| p.parse::<i64>().ok());
        Some(parts.next()?? * 3600 + parts.next()?? * 60 + parts.next()??)
    };
    let at = seconds(&time)?;
    db.kept(&filter)
        .ok()?
        .into_iter()
        .filter(|game| game.level.is_some())
        .filter_map(|game| Some(((seconds(&game.time)? - at).abs(), game.id)))
        .filter(|(apart, _)| *apart <= 600)
        .min()
        .map(|(_, id)| id)
}

/// Collects what the tasks brought back.
pub(super) fn finish_tasks(
    mut games: ResMut<YourGames>,
    mut actions: MessageWriter<RecordsAction>,
    (mut notice, words): (Notices, Res<Words>),
) {
    let games = &mut *games;
    let mut index = 0;
    while index < games.tasks.len() {
        let Some(done) = check_ready(&mut games.tasks[index]) else {
            index += 1;
            continue;
        };
        drop(games.tasks.swap_remove(index));
        match done {
            Ok(Done::Listed {
                games: list,
                total,
                progress,
                took,
            }) => {
                debug!("your games listed in {:.1} ms", took.as_secs_f64() * 1000.0);
                games.last_listing = Some(took);
                games.progress = *progress;
                games.games = list;
                games.total = total;
                games.read = true;
                games.error = None;
            }
            Ok(Done::Opened(pgn)) => {
                actions.write(RecordsAction::ImportAt(pgn, None));
            }
            Ok(Done::Forgotten) => games.again = true,
            Ok(Done::Exported(path, count)) => notice.show(
                words.format(
                    "your-games-exported",
                    &Args::new()
                        .with("count", count)
                        .with("file", path.display().to_string()),
                ),
            ),
            Err(error) => {
                warn!("your games: {error}");
                games.error = Some(match &error {
                    // What to do, in the player's words: the games in it
                    // stay as they are, new ones wait to be kept.
                    DbError::Damaged { path, reason } => words.format(
                        "your-games-damaged",
                        &Args::new()
                            .with("file", path.display().to_string())
                            .with("reason", reason.as_str()),
                    ),
                    other => other.to_string(),
                });
            }
        }
    }
}
