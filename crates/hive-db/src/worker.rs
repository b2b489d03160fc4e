//! One connection held open on its own thread, answering questions in
//! order: what a window uses so that no question pays for opening the
//! file, and no question runs on the window's frame. Questions are
//! closures run on the thread with the [`Database`]; each answer comes back
//! on its own channel ([`Pending`]), to be polled without blocking.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;

use hive_rules::Game;

use crate::db::Database;
use crate::error::DbError;
use crate::explore::{ExplorerFilter, ExplorerMove, GameSummary};

/// How many questions may wait for the thread before [`DbWorker::ask`]
/// refuses more ([`DbError::Busy`]).
pub const QUEUE: usize = 32;

type Job = Box<dyn FnOnce(Result<&mut Database, &DbError>) + Send>;

/// A thread owning one [`Database`] connection, opened once.
pub struct DbWorker {
    path: PathBuf,
    jobs: Option<SyncSender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for DbWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DbWorker")
            .field("path", &self.path)
            .finish()
    }
}

/// An answer on its way (`Sync`, so a window's resource may hold it).
#[derive(Debug)]
pub struct Pending<R> {
    answer: Mutex<Receiver<Result<R, DbError>>>,
}

impl<R> Pending<R> {
    /// The answer if it has come (never blocks). Once taken, `None` after.
    pub fn try_take(&mut self) -> Option<Result<R, DbError>> {
        let answer = self
            .answer
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        match answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(DbError::WorkerGone)),
        }
    }

    /// Waits for the answer (not for a window's frame: for tests,
    /// benchmarks and commands).
    pub fn wait(self) -> Result<R, DbError> {
        let answer = self
            .answer
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        answer.recv().unwrap_or(Err(DbError::WorkerGone))
    }
}

impl DbWorker {
    /// Starts the thread, which opens (or creates) the database at `path`
    /// ([`Database::open`]: a damaged file is refused, left as it is).
    /// Questions asked meanwhile wait for the open; if it failed, each is
    /// answered with [`DbError::NotOpen`] saying why.
    pub fn open(path: impl AsRef<Path>) -> Result<DbWorker, DbError> {
        let path = path.as_ref().to_path_buf();
        let (jobs, queue) = mpsc::sync_channel::<Job>(QUEUE);
        let opened = path.clone();
        let thread = std::thread::Builder::new()
            .name("hive-db".into())
            .spawn(move || {
                let mut db = Database::open(&opened);
                for job in queue {
                    job(db.as_mut().map_err(|e| &*e));
                }
            })
            .map_err(|e| DbError::io(&path, e))?;
        Ok(DbWorker {
            path,
            jobs: Some(jobs),
            thread: Some(thread),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Asks `question` of the database on the thread, after the questions
    /// before it. Never blocks: a full queue is [`DbError::Busy`].
    pub fn ask<R, F>(&self, question: F) -> Result<Pending<R>, DbError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Database) -> Result<R, DbError> + Send + 'static,
    {
        let (tell, answer) = mpsc::sync_channel(1);
        let path = self.path.clone();
        let job: Job = Box::new(move |db| {
            let result = match db {
                Ok(db) => question(db),
                Err(error) => Err(DbError::NotOpen {
                    path,
                    reason: error.to_string(),
                }),
            };
            // The asker may have stopped waiting: nothing to do then.
            let _ = tell.send(result);
        });
        let jobs = self.jobs.as_ref().ok_or(DbError::WorkerGone)?;
        match jobs.try_send(job) {
            Ok(()) => Ok(Pending {
                answer: Mutex::new(answer),
            }),
            Err(TrySendError::Full(_)) => Err(DbError::Busy {
                path: self.path.clone(),
            }),
            Err(TrySendError::Disconnected(_)) => Err(DbError::WorkerGone),
        }
    }
}

impl DbWorker {
    /// Ends the thread after the questions already asked, and waits for it
    /// (the connection closes with it). Dropping the worker ends the thread
    /// the same way without waiting (as a window must).
    pub fn close(mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The explorer's whole answer about one position, as the window shows it:
/// the moves, a page of the games that reached it, and when there is
/// nothing, what the filter hid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExplorerPage {
    /// Every move played from the position, most played first.
    pub moves: Vec<ExplorerMove>,
    /// The games that reached it, newest first (the page asked).
    pub games: Vec<GameSummary>,
    /// When the filter is not empty and found nothing: how many games
    /// (visits) played on from the position without it, and whether any
    /// game reached it at all.
    pub unfiltered: Option<(u64, bool)>,
}

/// How many games of each type the database holds, most first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameTypes(pub Vec<(String, u64)>);

impl GameTypes {
    /// All the games.
    pub fn total(&self) -> u64 {
        self.0.iter().map(|(_, n)| n).sum()
    }

    /// The games of type `game_type` (as its GameTypeString).
    pub fn of(&self, game_type: &str) -> u64 {
        self.0
            .iter()
            .find(|(t, _)| t == game_type)
            .map_or(0, |(_, n)| *n)
    }
}

impl Database {
    /// The explorer's first answer for `game`'s position, the one a player
    /// waits for: [`Database::explore`] (the moves, from the summed table:
    /// milliseconds at a million games), no games when there are moves
    /// (the page of games that reached a position many games went through
    /// is asked apart, [`Database::games_reaching`], when the list is
    /// looked at), else the first `page_size` games that reached it and,
    /// when a filter hid everything, the unfiltered count.
    pub fn explorer_moves(
        &self,
        game: &Game,
        filter: &ExplorerFilter,
        page_size: u32,
    ) -> Result<ExplorerPage, DbError> {
        let moves = self.explore(game, filter)?;
        if !moves.is_empty() {
            return Ok(ExplorerPage {
                moves,
                ..ExplorerPage::default()
            });
        }
        self.explorer_page(game, filter, page_size, 0)
    }

    /// The explorer's answer for `game`'s position: [`Database::explore`],
    /// the page `page` of `page_size` of [`Database::games_reaching`], and
    /// when a filter hid everything, the unfiltered count.
    pub fn explorer_page(
        &self,
        game: &Game,
        filter: &ExplorerFilter,
        page_size: u32,
        page: u32,
    ) -> Result<ExplorerPage, DbError> {
        let moves = self.explore(game, filter)?;
        let games = self.games_reaching(game, filter, page_size, page * page_size)?;
        let unfiltered = if moves.is_empty() && games.is_empty() && !filter.is_empty() {
            let all = ExplorerFilter::default();
            let played: u64 = self.explore(game, &all)?.iter().map(|m| m.games).sum();
            let reached = played > 0 || !self.games_reaching(game, &all, 1, 0)?.is_empty();
            Some((played, reached))
        } else {
            None
        };
        Ok(ExplorerPage {
            moves,
            games,
            unfiltered,
        })
    }

    /// How many games of each type it holds (from the index on the type).
    pub fn game_types(&self) -> Result<GameTypes, DbError> {
        let mut statement = self
            .conn
            .prepare_cached(
                "SELECT game_type, count(*) FROM games GROUP BY game_type ORDER BY count(*) DESC, game_type",
            )
            .map_err(|e| self.err(e))?;
        let rows = statement
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?.max(0) as u64,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut types = Vec::new();
        for row in rows {
            types.push(row.map_err(|e| self.err(e))?);
        }
        Ok(GameTypes(types))
    }
}
