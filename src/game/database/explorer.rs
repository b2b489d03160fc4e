//! The opening explorer's side of the database: what it was asked (the
//! position on the board and the filter as typed), its answers (the moves
//! at once, the page of games that reached the position apart, once its
//! list is open; the player's own moves from their kept games beside
//! them), why a position shows nothing, and closing it with its board.

use bevy::prelude::*;

use super::{GameDatabase, PAGE, QueryError};
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use crate::db::{
    Database, ExplorerFilter, ExplorerMove, ExplorerPage, GameSummary, GameTypes, Pending,
    PositionKey, YourMove,
};
use crate::game::core::CurrentGame;
use crate::game::saves::{KeptGames, RecordPaths};
use crate::rules::{Game, Move};

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
    /// The games that reached it, newest first (page `page`): asked apart
    /// from the moves, once the list is open (or with them, when no game
    /// went on from the position).
    pub games: Vec<GameSummary>,
    /// Which page of [`PAGE`] games `games` is (0: the newest).
    pub page: u32,
    /// Whether `games` holds the page's answer (not yet: still asked).
    pub games_loaded: bool,
    /// When a filter hid everything: how many games (visits) played on
    /// from the position without it, and whether any reached it.
    pub unfiltered: Option<(u64, bool)>,
    /// Why the database could not answer.
    pub error: Option<QueryError>,
}

/// Why the explorer has nothing to show for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhyNothing {
    /// The database holds no game at all.
    NoGames,
    /// It holds games of other types only (the board's type, and what it
    /// holds: "100000 Base+MLP").
    OtherTypes {
        /// The board's game type.
        wanted: String,
        /// The games it holds, by type.
        held: Vec<(String, u64)>,
    },
    /// The filters hide the games that reached it (how many played on from
    /// it without them).
    Filtered {
        /// Games without the filters.
        without: u64,
    },
    /// No game of the board's type reached it (how many there are).
    NotReached {
        /// The board's game type.
        game_type: String,
        /// The games of that type the database holds.
        of_type: u64,
    },
}

/// Closes the explorer (its board's screen closed, or a lesson or a
/// puzzle took the board).
pub(super) fn close(mut db: ResMut<GameDatabase>) {
    if db.explorer.open {
        db.explorer.open = false;
    }
}

/// Why an answer with neither moves nor games is empty, from the games the
/// database holds by type and what the filter hid (see [`WhyNothing`]).
pub fn why_nothing(
    game_type: &str,
    types: &GameTypes,
    unfiltered: Option<(u64, bool)>,
) -> WhyNothing {
    if types.total() == 0 {
        WhyNothing::NoGames
    } else if types.of(game_type) == 0 {
        WhyNothing::OtherTypes {
            wanted: game_type.to_string(),
            held: types.0.clone(),
        }
    } else if let Some((without, true)) = unfiltered {
        WhyNothing::Filtered { without }
    } else {
        WhyNothing::NotReached {
            game_type: game_type.to_string(),
            of_type: types.of(game_type),
        }
    }
}

/// Whether `mv` is the next move of the line shown (compared as moves,
/// whatever piece or side its notation refers to): then following it is
/// stepping forward in that line, not starting a variation.
///
/// The same move written another way counts too: one that leads to the
/// same position as the game's own, the board turned or reflected (the
/// explorer shows each position's moves once, in one of their ways; after
/// one piece, every cell beside it is the same).
pub fn is_next_in_line(cursor: &crate::records::GameCursor, mv: Move) -> bool {
    let Some(own) = cursor
        .line_nodes()
        .get(cursor.ply())
        .and_then(|&node| cursor.record().tree.mv(node))
    else {
        return false;
    };
    let after = |mv: Move| {
        let mut game = cursor.game().clone();
        game.play(mv).ok().map(|()| PositionKey::of(&game))
    };
    own == mv || after(own).is_some_and(|key| after(mv) == Some(key))
}

/// The opening explorer beside the board.
#[derive(Default)]
pub struct Explorer {
    /// The panel is shown (and the database asked).
    pub open: bool,
    /// Which games it shows: everyone's in the database with yours beside
    /// them, or only yours.
    pub only_yours: bool,
    /// The filter as typed.
    pub form: FilterForm,
    /// The page of the games that reached the position to show (back to
    /// the first when the position or the filter changes).
    pub page: u32,
    /// The list of the games that reached the position is open: its page
    /// is asked (after the moves, apart from them).
    pub list_open: bool,
    /// How long the last answer about the moves took, from the frame that
    /// asked to the frame that took it (what the player waits).
    pub waited: Option<std::time::Duration>,
    answer: Option<ExplorerAnswer>,
    asked: Option<Asked>,
    task: Option<(Pending<ExplorerPage>, Asked, std::time::Instant)>,
    games_asked: Option<(Asked, u32)>,
    games_task: Option<(Pending<Vec<GameSummary>>, Asked, u32)>,
    /// The player's own moves from the position, from their kept games.
    yours: Option<YourMovesAnswer>,
    /// What was asked of them: the position and the kept games' changes.
    yours_asked: Option<(String, u64)>,
    yours_task: Option<(Task<YourMoves>, String)>,
}

/// The player's own moves from a position, or why they could not be read.
type YourMoves = Result<Vec<YourMove>, QueryError>;

/// The player's own moves from a position, from their kept games
/// (`my-games.sqlite`): beside the database's, in the explorer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YourMovesAnswer {
    /// The position asked about (its GameString).
    pub asked: String,
    /// The moves the player made there on their turn, with how each game
    /// went for them; or why the file could not be read.
    pub moves: YourMoves,
}

/// What the explorer was asked about: the position (its GameString) and
/// the filter.
type Asked = (String, ExplorerFilter);

impl Explorer {
    /// The answer, only if it is about `game` with the filter as typed.
    pub fn answer_for(&self, game: &Game) -> Option<&ExplorerAnswer> {
        let asked = (game.game_string(), self.form.filter());
        self.answer.as_ref().filter(|answer| answer.asked == asked)
    }

    /// The player's own moves, only if they are about `game`.
    pub fn yours_for(&self, game: &Game) -> Option<&YourMovesAnswer> {
        let asked = game.game_string();
        self.yours.as_ref().filter(|answer| answer.asked == asked)
    }

    /// Whether a question is under way.
    pub fn asking(&self) -> bool {
        self.task.is_some() || self.games_task.is_some()
    }

    /// Asks again (the games changed).
    pub(super) fn ask_again(&mut self) {
        self.asked = None;
        self.games_asked = None;
    }

    /// Forgets every answer and question (another database).
    pub(super) fn forget(&mut self) {
        self.answer = None;
        self.asked = None;
        self.task = None;
        self.games_asked = None;
        self.games_task = None;
    }
}

/// Asks the database about the position on the board when the explorer
/// is shown and the position or the filter changed: first the moves (what
/// the player waits for), then, when the list of games is open, the page
/// of games that reached it (one question of each kind at a time: one
/// asked meanwhile waits for the answer before).
pub(super) fn ask(mut db: ResMut<GameDatabase>, current: Res<CurrentGame>) {
    if !db.explorer.open || !db.ready() {
        return;
    }
    let asked: Asked = (current.game().game_string(), db.explorer.form.filter());
    if db.explorer.task.is_none() && db.explorer.asked.as_ref() != Some(&asked) {
        db.explorer.page = 0;
        db.explorer.asked = Some(asked.clone());
        let game = current.game().clone();
        let filter = asked.1.clone();
        let question = move |db: &mut Database| {
            let since = std::time::Instant::now();
            let found = db.explorer_moves(&game, &filter, PAGE);
            let took = since.elapsed().as_secs_f64() * 1000.0;
            debug!("explorer: the database answered in {took:.1} ms");
            found
        };
        match super::ask(&db, question) {
            Ok(pending) => {
                db.explorer.task = Some((pending, asked, std::time::Instant::now()));
            }
            Err(error) => db.explorer.answer = Some(failed(asked, error.into())),
        }
        return;
    }
    // The page of games, once the moves are in and show games went on.
    let page = db.explorer.page;
    let wanted = db.explorer.list_open
        && db.explorer.games_task.is_none()
        && db.explorer.games_asked.as_ref() != Some(&(asked.clone(), page))
        && db
            .explorer
            .answer
            .as_ref()
            .is_some_and(|answer| answer.asked == asked && !answer.moves.is_empty());
    if !wanted {
        return;
    }
    db.explorer.games_asked = Some((asked.clone(), page));
    let game = current.game().clone();
    let filter = asked.1.clone();
    let question = move |db: &mut Database| db.games_reaching(&game, &filter, PAGE, page * PAGE);
    match super::ask(&db, question) {
        Ok(pending) => db.explorer.games_task = Some((pending, asked, page)),
        Err(error) => db.explorer.answer = Some(failed(asked, error.into())),
    }
}

/// Asks the player's kept games (on the IO task pool: the file is opened
/// and read there) for their moves from the position on the board, when
/// the explorer is shown and the position or the kept games changed; takes
/// the answer when it comes.
pub(super) fn ask_yours(
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    paths: Res<RecordPaths>,
    kept: Res<KeptGames>,
) {
    let explorer = &mut db.explorer;
    if let Some((task, _)) = explorer.yours_task.as_mut()
        && let Some(moves) = check_ready(task)
        && let Some((_, asked)) = explorer.yours_task.take()
    {
        explorer.yours = Some(YourMovesAnswer { asked, moves });
    }
    let Some(dir) = paths.data_dir() else {
        return;
    };
    let asked = (current.game().game_string(), kept.changes);
    if !explorer.open
        || explorer.yours_task.is_some()
        || explorer.yours_asked == Some(asked.clone())
    {
        return;
    }
    explorer.yours_asked = Some(asked.clone());
    let (dir, game) = (dir.to_path_buf(), current.game().clone());
    let task = IoTaskPool::get().spawn(async move {
        if !Database::kept_path(&dir).exists() {
            return Ok(Vec::new());
        }
        Database::open_kept(&dir)
            .and_then(|db| db.your_moves(&game))
            .map_err(QueryError::from)
    });
    explorer.yours_task = Some((task, asked.0));
}

/// An answer that is only why there is none.
fn failed(asked: Asked, error: QueryError) -> ExplorerAnswer {
    ExplorerAnswer {
        asked,
        moves: Vec::new(),
        games: Vec::new(),
        page: 0,
        games_loaded: true,
        unfiltered: None,
        error: Some(error),
    }
}

/// Takes the explorer's answers: the moves (dropped when the board has
/// moved on), then the page of games for the answer shown.
pub(super) fn take_answers(db: &mut GameDatabase, current: &CurrentGame) {
    if let Some((pending, ..)) = db.explorer.task.as_mut()
        && let Some(found) = pending.try_take()
        && let Some((_, asked, since)) = db.explorer.task.take()
    {
        let waited = since.elapsed();
        debug!(
            "explorer: answered in {:.1} ms ({} games)",
            waited.as_secs_f64() * 1000.0,
            db.games.unwrap_or(0)
        );
        db.explorer.waited = Some(waited);
        let answer = match found {
            Ok(found) => ExplorerAnswer {
                asked,
                // With no move from here, the games came with the answer.
                games_loaded: found.moves.is_empty(),
                moves: found.moves,
                games: found.games,
                page: 0,
                unfiltered: found.unfiltered,
                error: None,
            },
            Err(error) => failed(asked, error.into()),
        };
        if answer.asked.0 == current.game().game_string() {
            db.explorer.games_asked = None;
            db.explorer.answer = Some(answer);
        }
    }
    if let Some((pending, ..)) = db.explorer.games_task.as_mut()
        && let Some(found) = pending.try_take()
        && let Some((_, asked, page)) = db.explorer.games_task.take()
        && let Some(answer) = db.explorer.answer.as_mut()
        && answer.asked == asked
    {
        match found {
            Ok(games) => {
                answer.games = games;
                answer.page = page;
                answer.games_loaded = true;
            }
            Err(error) => answer.error = Some(error.into()),
        }
    }
}
