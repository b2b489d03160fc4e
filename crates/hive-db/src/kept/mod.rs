//! The player's own games: every game they finish (or leave unfinished),
//! kept in a database file of its own ([`KEPT_FILE`], apart from the
//! imported games, so 200 of theirs are never lost among 100,000 others),
//! listed newest first with filters, read back whole, forgotten on request,
//! and written out as one PGN file that imports back game for game.
//!
//! Each kept game is a row of `games` with its positions, as an imported
//! game is (so the explorer and search read the player's games as they read
//! any), and a row of `kept` (schema version 4) with what only the player's
//! games have: the game's own id (keeping it again replaces it), when it
//! ended, who played, the player's side and outcome, how it ended, whether
//! it was rated, and the whole record ([`KeptGame`]'s PGN).

use std::path::{Path, PathBuf};

use hive_formats::{GameResult, read_pgn};
use hive_records::{Ending, KeptGame, Seats};
use hive_rules::Color;
use rusqlite::{OptionalExtension, params};

use crate::db::Database;
use crate::error::DbError;
use crate::import::record::insert_record;
use crate::import::rows::Buffer;

mod results;

pub use results::{Progress, Score, YourMove};

/// The file of the player's own games in the data folder.
pub const KEPT_FILE: &str = "my-games.sqlite";

/// The `source` of a kept game's row in `games`.
const KEPT_SOURCE: &str = "kept";

/// How a kept game went for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
    /// Left before its end.
    Unfinished,
}

impl Outcome {
    /// Every outcome.
    pub const ALL: [Outcome; 4] = [
        Outcome::Win,
        Outcome::Draw,
        Outcome::Loss,
        Outcome::Unfinished,
    ];

    /// Its word (`win`, `draw`, `loss`, `unfinished`), as the command line
    /// takes it.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
            Outcome::Unfinished => "unfinished",
        }
    }

    /// The outcome [`Outcome::word`] names.
    pub fn parse(word: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.word() == word.trim())
    }

    /// The player's outcome of a game with `result`, played as `side`
    /// (`None`: both sides, or neither; then only unfinished is said).
    pub fn of(side: Option<Color>, result: Option<GameResult>, ending: Ending) -> Option<Outcome> {
        if ending == Ending::Unfinished || result.is_none() {
            return Some(Outcome::Unfinished);
        }
        let side = side?;
        Some(match result?.winner() {
            None => Outcome::Draw,
            Some(winner) if winner == side => Outcome::Win,
            Some(_) => Outcome::Loss,
        })
    }

    fn code(self) -> i64 {
        match self {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
            Outcome::Unfinished => 2,
        }
    }

    fn from_code(code: i64) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.code() == code)
    }
}

/// A kept game as the list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptSummary {
    /// Its row in the file (for [`Database::kept_game`] and
    /// [`Database::forget`]).
    pub id: i64,
    /// The game's own id.
    pub uid: String,
    /// The day it ended (`yyyy-mm-dd`) and the time (`hh:mm:ss`).
    pub day: String,
    /// The time it ended.
    pub time: String,
    /// Who played.
    pub seats: Seats,
    /// The player's side, when they had one.
    pub side: Option<Color>,
    /// The opponent's name, when the player had a side.
    pub opponent: Option<String>,
    /// The AI's level (its id), in a game against the AI.
    pub level: Option<String>,
    /// White's name and Black's.
    pub names: [String; 2],
    /// The result, if the game ended.
    pub result: Option<GameResult>,
    /// How it ended.
    pub ending: Ending,
    /// How it went for the player, when that can be said.
    pub outcome: Option<Outcome>,
    /// Whether it changed the player's rating.
    pub rated: bool,
    /// The game type (`Base+MLP`).
    pub game_type: String,
    /// Its length in plies.
    pub plies: u32,
}

/// Which kept games to list: every field given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptFilter {
    /// The opponent's name contains this (any case).
    pub opponent: Option<String>,
    /// How the game went for the player.
    pub outcome: Option<Outcome>,
    /// The AI's level (its id).
    pub level: Option<String>,
    /// The game type (`Base+MLP`).
    pub game_type: Option<String>,
    /// Ended on or after this day (`yyyy`, `yyyy-mm` or `yyyy-mm-dd`).
    pub from: Option<String>,
    /// Ended on or before this day (the whole year or month when only
    /// those are given).
    pub to: Option<String>,
    /// At most this many games (0: all).
    pub limit: u32,
}

/// A day as stored (`yyyy-mm-dd`) from a kept game's (`yyyy.mm.dd`).
fn stored_day(day: &str) -> String {
    day.replace('.', "-")
}

impl Database {
    /// The player's games in the data folder `dir` ([`KEPT_FILE`]), opened
    /// as [`Database::open`] opens any.
    pub fn open_kept(dir: &Path) -> Result<Database, DbError> {
        Database::open(Database::kept_path(dir))
    }

    /// The file of the player's games in the data folder `dir`.
    pub fn kept_path(dir: &Path) -> PathBuf {
        dir.join(KEPT_FILE)
    }

    /// Keeps `game` as the player's, with its positions (for the explorer
    /// and search), in one transaction. The same game's id kept again
    /// replaces the game (an undo after the end, then another end); the
    /// row's id is returned.
    pub fn keep(&mut self, game: &KeptGame) -> Result<i64, DbError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        let before: Option<i64> = self
            .conn
            .query_row(
                "SELECT game_id FROM kept WHERE uid = ?1",
                [&game.id],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        if let Some(before) = before {
            self.remove_game(before)?;
        }
        let record = game.record();
        let mut buffer = Buffer::default();
        insert_record(self, &record, KEPT_SOURCE, &mut buffer, Some(&game.id))?;
        let id = self.conn.last_insert_rowid();
        buffer.flush(self)?;
        let side = game.player_side();
        let level = match game.seats {
            Seats::Ai { difficulty, .. } => Some(difficulty.id().to_string()),
            _ => None,
        };
        let outcome = Outcome::of(side, game.result, game.ending).map(Outcome::code);
        self.conn
            .execute(
                "INSERT INTO kept (game_id, uid, day, time, seats, side, opponent, level, ending, \
                 outcome, rated, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                params![
                    id,
                    game.id,
                    stored_day(&game.ended_at.0),
                    game.ended_at.1,
                    game.seats.words(),
                    side.map(side_code),
                    game.opponent(),
                    level,
                    game.ending.word(),
                    outcome,
                    game.rated.is_some(),
                    game.pgn(),
                ],
            )
            .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(id)
    }

    /// The player's games that `filter` lets through, newest first.
    pub fn kept(&self, filter: &KeptFilter) -> Result<Vec<KeptSummary>, DbError> {
        let mut sql = String::from(
            "SELECT k.game_id, k.uid, k.day, k.time, k.seats, k.side, k.opponent, k.level, \
             k.ending, k.outcome, k.rated, g.white, g.black, g.result, g.game_type, g.plies \
             FROM kept k JOIN games g ON g.id = k.game_id WHERE 1",
        );
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        let mut arg = |sql: &mut String, clause: &str, value: rusqlite::types::Value| {
            args.push(value);
            sql.push_str(&clause.replace('?', &format!("?{}", args.len())));
        };
        if let Some(opponent) = filter.opponent.as_deref().filter(|o| !o.trim().is_empty()) {
            let pattern = format!("%{}%", opponent.trim().to_lowercase());
            arg(&mut sql, " AND lower(k.opponent) LIKE ?", pattern.into());
        }
        if let Some(outcome) = filter.outcome {
            arg(&mut sql, " AND k.outcome = ?", outcome.code().into());
        }
        if let Some(level) = filter.level.as_deref() {
            arg(&mut sql, " AND k.level = ?", level.to_string().into());
        }
        if let Some(game_type) = filter.game_type.as_deref() {
            arg(
                &mut sql,
                " AND g.game_type = ?",
                game_type.to_string().into(),
            );
        }
        if let Some(from) = filter.from.as_deref() {
            arg(&mut sql, " AND k.day >= ?", stored_day(from).into());
        }
        if let Some(to) = filter.to.as_deref() {
            // "2026" takes all of 2026, "2026-12" all of December.
            arg(
                &mut sql,
                " AND k.day <= ?",
                format!("{}~", stored_day(to)).into(),
            );
        }
        sql.push_str(" ORDER BY k.day DESC, k.time DESC, k.game_id DESC");
        if filter.limit > 0 {
            sql.push_str(&format!(" LIMIT {}", filter.limit));
        }
        let mut statement = self.conn.prepare(&sql).map_err(|e| self.err(e))?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(args), kept_summary)
            .map_err(|e| self.err(e))?;
        let mut games = Vec::new();
        for row in rows {
            games.push(row.map_err(|e| self.err(e))?);
        }
        Ok(games)
    }

    /// How many games the player has kept.
    pub fn kept_count(&self) -> Result<u64, DbError> {
        self.conn
            .query_row("SELECT count(*) FROM kept", [], |row| row.get::<_, i64>(0))
            .map(|n| n.max(0) as u64)
            .map_err(|e| self.err(e))
    }

    /// The kept game of row `id`, read back from its record.
    pub fn kept_game(&self, id: i64) -> Result<Option<KeptGame>, DbError> {
        let record: Option<String> = self
            .conn
            .query_row("SELECT record FROM kept WHERE game_id = ?1", [id], |row| {
                row.get(0)
            })
            .optional()
            .map_err(|e| self.err(e))?;
        record
            .map(|text| {
                KeptGame::parse(&text, &self.path).map_err(|e| DbError::NotKept {
                    path: self.path.clone(),
                    id,
                    reason: e.to_string(),
                })
            })
            .transpose()
    }

    /// Forgets the kept game of row `id` (its positions and its part of
    /// the explorer's counts with it); false if there was none.
    pub fn forget(&mut self, id: i64) -> Result<bool, DbError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        let there: bool = self
            .conn
            .query_row(
                "SELECT count(*) FROM kept WHERE game_id = ?1",
                [id],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n > 0)
            .map_err(|e| self.err(e))?;
        if there {
            self.remove_game(id)?;
        }
        tx.commit().map_err(|e| self.err(e))?;
        Ok(there)
    }

    /// Every kept game's record, oldest first, as one PGN text (a blank
    /// line between games) that [`Database::keep_pgn`] reads back.
    pub fn export_kept(&self) -> Result<String, DbError> {
        let mut statement = self
            .conn
            .prepare("SELECT record FROM kept ORDER BY day, time, game_id")
            .map_err(|e| self.err(e))?;
        let rows = statement
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(|e| self.err(e))?;
        let mut text = String::new();
        for row in rows {
            let record = row.map_err(|e| self.err(e))?;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(record.trim_end());
            text.push('\n');
        }
        Ok(text)
    }

    /// Keeps every game of a PGN text of kept games (as
    /// [`Database::export_kept`] writes), each in its own transaction; a
    /// game already kept is replaced. Returns how many were kept, and the
    /// games that could not be read, each with its reason.
    pub fn keep_pgn(&mut self, text: &str, source: &Path) -> (u64, Vec<String>) {
        let mut kept = 0;
        let mut problems = Vec::new();
        for (index, game) in hive_formats::split_pgn(text).into_iter().enumerate() {
            let read = read_pgn(&game)
                .map_err(|e| e.to_string())
                .and_then(|record| {
                    KeptGame::from_record(&record, source).map_err(|e| e.to_string())
                })
                .and_then(|game| self.keep(&game).map_err(|e| e.to_string()));
            match read {
                Ok(_) => kept += 1,
                Err(reason) => problems.push(format!("game {}: {reason}", index + 1)),
            }
        }
        (kept, problems)
    }

    /// Removes game `id`: its kept row, its positions, its part of the
    /// explorer's counts and its row (inside the caller's transaction).
    fn remove_game(&self, id: i64) -> Result<(), DbError> {
        let (moves, result): (String, Option<i64>) = self
            .conn
            .query_row(
                "SELECT moves, result FROM games WHERE id = ?1",
                [id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .map_err(|e| self.err(e))?;
        let opening = crate::schema::opening_positions(&moves) as i64;
        self.conn
            .execute(
                "UPDATE explorer SET games = games - 1, \
                 white_wins = white_wins - (coalesce(?2, 9) = 1), \
                 draws = draws - (coalesce(?2, 9) = 0), \
                 black_wins = black_wins - (coalesce(?2, 9) = -1), \
                 rating_sum = rating_sum - coalesce(p.rating, 0), \
                 rating_count = rating_count - (p.rating IS NOT NULL) \
                 FROM (SELECT key, next_move, rating FROM positions \
                       WHERE game_id = ?1 AND ply < ?3 AND next_move IS NOT NULL) AS p \
                 WHERE explorer.key = p.key AND explorer.move = p.next_move",
                params![id, result, opening],
            )
            .map_err(|e| self.err(e))?;
        self.conn
            .execute_batch(&format!(
                "DELETE FROM explorer WHERE games <= 0; \
                 DELETE FROM positions WHERE game_id = {id}; \
                 DELETE FROM kept WHERE game_id = {id}; \
                 DELETE FROM games WHERE id = {id};"
            ))
            .map_err(|e| self.err(e))
    }
}

fn side_code(side: Color) -> i64 {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn kept_summary(row: &rusqlite::Row<'_>) -> rusqlite::Result<KeptSummary> {
    let seats: String = row.get(4)?;
    let ending: String = row.get(8)?;
    let result: Option<i64> = row.get(13)?;
    Ok(KeptSummary {
        id: row.get(0)?,
        uid: row.get(1)?,
        day: row.get(2)?,
        time: row.get(3)?,
        seats: Seats::parse_words(&seats).unwrap_or_default(),
        side: row.get::<_, Option<i64>>(5)?.map(
            |s| {
                if s == 0 { Color::White } else { Color::Black }
            },
        ),
        opponent: row.get(6)?,
        level: row.get(7)?,
        ending: Ending::parse(&ending).unwrap_or(Ending::Rules),
        outcome: row.get::<_, Option<i64>>(9)?.and_then(Outcome::from_code),
        rated: row.get(10)?,
        names: [
            row.get::<_, Option<String>>(11)?.unwrap_or_default(),
            row.get::<_, Option<String>>(12)?.unwrap_or_default(),
        ],
        result: result.map(crate::import::result_of_code),
        game_type: row.get(14)?,
        plies: row.get::<_, i64>(15)?.max(0) as u32,
    })
}
