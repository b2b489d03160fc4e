//! The explorer (the moves played from a position, with their results) and
//! the search of games.

use hive_formats::GameResult;
use hive_rules::{Game, GameType, Move, Options};
use rusqlite::types::Value;

use crate::db::Database;
use crate::error::DbError;
use crate::import::{day_text, opening, result_code};
use crate::key::{Canonical, CanonicalMove, PositionKey};

/// Which games the explorer and "games that reached this position" count.
/// The default counts every game (and the explorer then answers from its
/// aggregate table in one indexed lookup for an opening position, or from
/// the position's rows alone for any other).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExplorerFilter {
    /// Only games of this type.
    pub game_type: Option<GameType>,
    /// Only games played on or after this date (`yyyy`, `yyyy-mm` or `yyyy-mm-dd`).
    pub from: Option<String>,
    /// Only games played on or before this date (the whole year or month
    /// when only those are given).
    pub to: Option<String>,
    /// Only games this player played (either side, any case).
    pub player: Option<String>,
    /// Only games whose players both have a known rating at least this.
    pub min_rating: Option<i64>,
}

impl ExplorerFilter {
    /// Whether it lets every game through.
    pub fn is_empty(&self) -> bool {
        *self == ExplorerFilter::default()
    }

    /// The filter for `game`'s position: a position's key holds its game
    /// type, so a filter by type lets all its games through (and is
    /// dropped) or none (`None`).
    fn for_position(&self, game: &Game) -> Option<ExplorerFilter> {
        match self.game_type {
            Some(t) if t != game.game_type() => None,
            _ => Some(ExplorerFilter {
                game_type: None,
                ..self.clone()
            }),
        }
    }

    /// Conditions on the position's rows `p` (dates and ratings: the rows
    /// hold the mover's and the opponent's ratings and the day), with their
    /// values appended to `values`.
    fn row_conditions(&self, values: &mut Vec<Value>) -> Result<String, DbError> {
        let mut sql = String::new();
        if let Some(from) = &self.from {
            values.push(Value::Integer(day_bound(from, false)?));
            sql += &format!(" AND p.day >= ?{}", values.len());
        }
        if let Some(to) = &self.to {
            values.push(Value::Integer(day_bound(to, true)?));
            sql += &format!(" AND p.day <= ?{}", values.len());
        }
        if let Some(min) = self.min_rating {
            values.push(Value::Integer(min));
            let n = values.len();
            sql += &format!(" AND p.rating >= ?{n} AND p.opponent_rating >= ?{n}");
        }
        Ok(sql)
    }

    /// The condition on the games `g` (the player), if any.
    fn player_condition(&self, values: &mut Vec<Value>) -> Option<String> {
        let player = self.player.as_ref()?;
        values.push(Value::Text(player.clone()));
        let n = values.len();
        Some(format!(
            " AND (g.white = ?{n} COLLATE NOCASE OR g.black = ?{n} COLLATE NOCASE)"
        ))
    }
}

/// A filter's date as a day number (`yyyymmdd`): a year or a month alone
/// is its first day, or with `last` its last.
fn day_bound(text: &str, last: bool) -> Result<i64, DbError> {
    let bad = || DbError::BadDate(text.to_string());
    let parts: Vec<&str> = text.trim().split(['-', '.', '/']).collect();
    let number = |i: usize, max: i64| -> Result<Option<i64>, DbError> {
        match parts.get(i) {
            None => Ok(None),
            Some(p) => match p.parse::<i64>() {
                Ok(n) if (0..=max).contains(&n) && p.len() <= 4 => Ok(Some(n)),
                _ => Err(bad()),
            },
        }
    };
    if parts.len() > 3 || parts.first().is_none_or(|y| y.len() != 4) {
        return Err(bad());
    }
    let year = number(0, 9999)?.ok_or_else(bad)?;
    let month = number(1, 12)?;
    let day = number(2, 31)?;
    let fill = if last { 99 } else { 0 };
    Ok(year * 10_000 + month.unwrap_or(fill) * 100 + day.unwrap_or(fill))
}

/// The search's date conditions on the games `g` (whose dates are text,
/// `yyyy-mm-dd` as the records give them); a date that is not one is
/// refused, as the explorer refuses it.
fn date_conditions(
    from: &Option<String>,
    to: &Option<String>,
    values: &mut Vec<Value>,
    sql: &mut String,
) -> Result<(), DbError> {
    // `2018` or `2018-10` from the first day (`2018-00-00`) to the last
    // (`2018-10-99`); `2019.3.14` is `2019-03-14`.
    let text = |day: i64| {
        format!(
            "{:04}-{:02}-{:02}",
            day / 10_000,
            day / 100 % 100,
            day % 100
        )
    };
    if let Some(from) = from {
        values.push(Value::Text(text(day_bound(from, false)?)));
        *sql += &format!(" AND g.date >= ?{}", values.len());
    }
    if let Some(to) = to {
        values.push(Value::Text(text(day_bound(to, true)?)));
        *sql += &format!(" AND g.date <= ?{}", values.len());
    }
    Ok(())
}

/// One move played from a position, and how its games went.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplorerMove {
    /// The move on the board as given (legal there).
    pub mv: Move,
    /// The move as a UHP MoveString on that board.
    pub uhp: String,
    /// Games (each visit of the position counts) that played it.
    pub games: u64,
    /// Of those, won by White.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black_wins: u64,
    /// The average rating of the player who made the move, where known.
    pub average_rating: Option<f64>,
    /// The last date it was played (`yyyy-mm-dd`), where known.
    pub last_date: Option<String>,
}

/// A stored game, as search and "games that reached this position" list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// Its id in the database.
    pub id: i64,
    /// White's player.
    pub white: Option<String>,
    /// Black's player.
    pub black: Option<String>,
    /// White's rating, where known.
    pub white_rating: Option<i64>,
    /// Black's rating, where known.
    pub black_rating: Option<i64>,
    /// When it was played (`yyyy-mm-dd`).
    pub date: Option<String>,
    /// How it ended, where known.
    pub result: Option<GameResult>,
    /// The game type.
    pub game_type: String,
    /// Its length in plies (moves of either side).
    pub plies: u32,
    /// For a search by position: the first ply at which it reached it.
    pub reached_at: Option<u32>,
}

/// A stored game with its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// What search lists.
    pub summary: GameSummary,
    /// The moves as UHP MoveStrings.
    pub moves: Vec<String>,
    /// Where it was imported from.
    pub source: Option<String>,
}

impl StoredGame {
    /// The game replayed (the tournament opening rule off, as older
    /// records were played without it).
    pub fn game(&self) -> Result<Game, DbError> {
        let bad = |reason: String| DbError::BadPosition {
            text: self.moves.join(";"),
            reason,
        };
        let game_type: GameType = self
            .summary
            .game_type
            .parse()
            .map_err(|e: hive_rules::NotationError| bad(e.to_string()))?;
        let mut game = Game::with_options(
            game_type,
            Options {
                tournament_opening: false,
                ..Options::default()
            },
        );
        for mv in &self.moves {
            game.play_move_string(mv).map_err(|e| bad(e.to_string()))?;
        }
        Ok(game)
    }
}

/// How search results are sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    /// Newest first (then by id).
    #[default]
    Newest,
    /// Oldest first.
    Oldest,
    /// Longest first.
    Longest,
    /// Shortest first.
    Shortest,
}

/// A search of the games: every field given must hold.
#[derive(Debug, Clone, Default)]
pub struct SearchQuery {
    /// A player, either side (any case).
    pub player: Option<String>,
    /// The opponent: with `player`, games between the two; alone, like `player`.
    pub opponent: Option<String>,
    /// Played on or after (`yyyy`, `yyyy-mm`, `yyyy-mm-dd`).
    pub from: Option<String>,
    /// Played on or before (the whole year or month when only those are given).
    pub to: Option<String>,
    /// How the game ended.
    pub result: Option<GameResult>,
    /// The game type.
    pub game_type: Option<GameType>,
    /// At least this many plies.
    pub min_plies: Option<u32>,
    /// At most this many plies.
    pub max_plies: Option<u32>,
    /// Games that reached this position (any orientation, numbering).
    pub position: Option<PositionKey>,
    /// The order.
    pub sort: SortBy,
    /// At most this many games (0: no limit).
    pub limit: u32,
    /// Skip this many first.
    pub offset: u32,
}

const SUMMARY_COLUMNS: &str = "g.id, g.white, g.black, g.white_rating, g.black_rating, g.date, g.result, g.game_type, g.plies";

fn summary(row: &rusqlite::Row<'_>, reached: Option<usize>) -> rusqlite::Result<GameSummary> {
    let result: Option<i64> = row.get(6)?;
    Ok(GameSummary {
        id: row.get(0)?,
        white: row.get(1)?,
        black: row.get(2)?,
        white_rating: row.get(3)?,
        black_rating: row.get(4)?,
        date: row.get(5)?,
        result: result.map(crate::import::result_of_code),
        game_type: row.get(7)?,
        plies: row.get::<_, i64>(8)?.max(0) as u32,
        reached_at: match reached {
            Some(i) => row.get::<_, Option<i64>>(i)?.map(|p| p.max(0) as u32),
            None => None,
        },
    })
}

/// A position given as a UHP GameString (or a GameTypeString for the start).
pub fn parse_position(text: &str) -> Result<Game, DbError> {
    let text = text.trim();
    let bad = |reason: String| DbError::BadPosition {
        text: text.to_string(),
        reason,
    };
    if !text.contains(';') {
        let game_type: GameType = text
            .parse()
            .map_err(|e: hive_rules::NotationError| bad(e.to_string()))?;
        return Ok(Game::new(game_type));
    }
    Game::from_game_string(text).map_err(|e| bad(e.to_string()))
}

impl Database {
    /// Every move played from `game`'s position in the stored games (in any
    /// orientation and numbering), mapped onto `game`'s board, most played
    /// first. Without a filter this is one indexed lookup in the aggregate
    /// for an opening position; otherwise the position's rows are read (in
    /// key order, one per visit, holding the ratings and the day), and the
    /// games only to filter by player, from that player's games.
    pub fn explore(
        &self,
        game: &Game,
        filter: &ExplorerFilter,
    ) -> Result<Vec<ExplorerMove>, DbError> {
        let Some(filter) = filter.for_position(game) else {
            return Ok(Vec::new());
        };
        let canonical = Canonical::of(game);
        let key = canonical.key.as_sql();
        let mut values = vec![Value::Integer(key)];
        let rows = filter.row_conditions(&mut values)?;
        let sums = "p.next_move, count(*), coalesce(sum(p.result = 1), 0), \
                    coalesce(sum(p.result = 0), 0), coalesce(sum(p.result = -1), 0), \
                    coalesce(sum(p.rating), 0), count(p.rating), max(p.day)";
        let sql = if let Some(player) = filter.player_condition(&mut values) {
            // From the player's games (an index) to their rows of the
            // position (the primary key); `CROSS JOIN` keeps the order.
            format!(
                "SELECT {sums} FROM games g CROSS JOIN positions p ON p.key = ?1 AND p.game_id = g.id \
                 WHERE p.next_move IS NOT NULL{rows}{player} GROUP BY p.next_move"
            )
        } else if filter.is_empty() && opening(game) {
            "SELECT move, games, white_wins, draws, black_wins, rating_sum, rating_count, last_day \
             FROM explorer WHERE key = ?1"
                .to_string()
        } else {
            format!(
                "SELECT {sums} FROM positions p \
                 WHERE p.key = ?1 AND p.next_move IS NOT NULL{rows} GROUP BY p.next_move"
            )
        };
        let mut statement = self.conn.prepare_cached(&sql).map_err(|e| self.err(e))?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(values), |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, i64>(4)?,
                    row.get::<_, i64>(5)?,
                    row.get::<_, i64>(6)?,
                    row.get::<_, Option<i64>>(7)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut moves = Vec::new();
        for row in rows {
            let (code, games, white, draws, black, rating_sum, rating_count, last_day) =
                row.map_err(|e| self.err(e))?;
            let Some(mv) = canonical.board_move(game, CanonicalMove::from_code(code as u32)) else {
                continue;
            };
            moves.push(ExplorerMove {
                mv,
                uhp: game.move_string(mv),
                games: games.max(0) as u64,
                white_wins: white.max(0) as u64,
                draws: draws.max(0) as u64,
                black_wins: black.max(0) as u64,
                average_rating: (rating_count > 0).then(|| rating_sum as f64 / rating_count as f64),
                last_date: last_day.map(day_text),
            });
        }
        moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uhp.cmp(&b.uhp)));
        Ok(moves)
    }

    /// The games that reached `game`'s position, with the first ply at which
    /// each did, newest first.
    pub fn games_reaching(
        &self,
        game: &Game,
        filter: &ExplorerFilter,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<GameSummary>, DbError> {
        let Some(filter) = filter.for_position(game) else {
            return Ok(Vec::new());
        };
        let key = PositionKey::of(game).as_sql();
        let mut values = vec![Value::Integer(key)];
        let rows = filter.row_conditions(&mut values)?;
        let page = limit_clause(limit, offset);
        let sql = if let Some(player) = filter.player_condition(&mut values) {
            format!(
                "SELECT {SUMMARY_COLUMNS}, min(p.ply) FROM games g \
                 CROSS JOIN positions p ON p.key = ?1 AND p.game_id = g.id \
                 WHERE 1{rows}{player} GROUP BY g.id ORDER BY g.date DESC, g.id{page}"
            )
        } else {
            // The page chosen from the position's rows alone (they hold the
            // day), then only its games read.
            format!(
                "SELECT {SUMMARY_COLUMNS}, r.ply FROM \
                 (SELECT p.game_id, min(p.ply) AS ply, max(p.day) AS day FROM positions p \
                  WHERE p.key = ?1{rows} GROUP BY p.game_id ORDER BY day DESC, p.game_id{page}) r \
                 CROSS JOIN games g ON g.id = r.game_id ORDER BY r.day DESC, g.id"
            )
        };
        self.summaries(&sql, values, Some(9))
    }

    /// The games `query` finds, sorted and paged.
    pub fn search(&self, query: &SearchQuery) -> Result<Vec<GameSummary>, DbError> {
        let mut values = Vec::new();
        let mut sql = String::new();
        let text = |values: &mut Vec<Value>, t: &str| {
            values.push(Value::Text(t.trim().to_string()));
            values.len()
        };
        match (&query.player, &query.opponent) {
            (Some(p), Some(o)) => {
                let (p, o) = (text(&mut values, p), text(&mut values, o));
                sql += &format!(
                    " AND ((g.white = ?{p} COLLATE NOCASE AND g.black = ?{o} COLLATE NOCASE) \
                     OR (g.black = ?{p} COLLATE NOCASE AND g.white = ?{o} COLLATE NOCASE))"
                );
            }
            (Some(one), None) | (None, Some(one)) => {
                let n = text(&mut values, one);
                sql += &format!(
                    " AND (g.white = ?{n} COLLATE NOCASE OR g.black = ?{n} COLLATE NOCASE)"
                );
            }
            (None, None) => {}
        }
        date_conditions(&query.from, &query.to, &mut values, &mut sql)?;
        if let Some(result) = result_code(query.result) {
            values.push(Value::Integer(result));
            sql += &format!(" AND g.result = ?{}", values.len());
        }
        if let Some(game_type) = query.game_type {
            values.push(Value::Text(game_type.to_string()));
            sql += &format!(" AND g.game_type = ?{}", values.len());
        }
        if let Some(min) = query.min_plies {
            values.push(Value::Integer(i64::from(min)));
            sql += &format!(" AND g.plies >= ?{}", values.len());
        }
        if let Some(max) = query.max_plies {
            values.push(Value::Integer(i64::from(max)));
            sql += &format!(" AND g.plies <= ?{}", values.len());
        }
        let (reached_column, reached_index) = match query.position {
            Some(key) => {
                // A position most games reach (an opening): walk the games in
                // the order asked and look each up (by key and game, the
                // primary key) until the page is full; a rarer one: its
                // games first.
                let common = self.position_visits(key, 2_001)? > 2_000;
                values.push(Value::Integer(key.as_sql()));
                let n = values.len();
                if common {
                    sql += &format!(
                        " AND EXISTS (SELECT 1 FROM positions WHERE key = ?{n} AND game_id = g.id)"
                    );
                } else {
                    sql +=
                        &format!(" AND g.id IN (SELECT game_id FROM positions WHERE key = ?{n})");
                }
                (
                    format!(
                        ", (SELECT min(ply) FROM positions WHERE key = ?{n} AND game_id = g.id)"
                    ),
                    Some(9),
                )
            }
            None => (String::new(), None),
        };
        let order = match query.sort {
            SortBy::Newest => "g.date DESC, g.id DESC",
            SortBy::Oldest => "g.date ASC, g.id ASC",
            SortBy::Longest => "g.plies DESC, g.id",
            SortBy::Shortest => "g.plies ASC, g.id",
        };
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS}{reached_column} FROM games g WHERE 1{sql} ORDER BY {order}{}",
            limit_clause(query.limit, query.offset)
        );
        self.summaries(&sql, values, reached_index)
    }

    /// How many times the stored games reached the position `key`, counted
    /// up to `at_most` (the position's rows, read in key order).
    pub fn position_visits(&self, key: PositionKey, at_most: u64) -> Result<u64, DbError> {
        self.conn
            .prepare_cached(
                "SELECT count(*) FROM (SELECT 1 FROM positions WHERE key = ?1 LIMIT ?2)",
            )
            .and_then(|mut st| {
                st.query_row((key.as_sql(), at_most.min(i64::MAX as u64) as i64), |row| {
                    row.get::<_, i64>(0)
                })
            })
            .map(|n| n.max(0) as u64)
            .map_err(|e| self.err(e))
    }

    /// The stored game `id`, if there is one.
    pub fn game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        let sql =
            format!("SELECT {SUMMARY_COLUMNS}, g.moves, g.source FROM games g WHERE g.id = ?1");
        let mut statement = self.conn.prepare_cached(&sql).map_err(|e| self.err(e))?;
        let mut rows = statement
            .query_map([id], |row| {
                let moves: String = row.get(9)?;
                Ok(StoredGame {
                    summary: summary(row, None)?,
                    moves: moves
                        .split(';')
                        .filter(|m| !m.is_empty())
                        .map(str::to_string)
                        .collect(),
                    source: row.get(10)?,
                })
            })
            .map_err(|e| self.err(e))?;
        rows.next().transpose().map_err(|e| self.err(e))
    }

    fn summaries(
        &self,
        sql: &str,
        values: Vec<Value>,
        reached: Option<usize>,
    ) -> Result<Vec<GameSummary>, DbError> {
        let mut statement = self.conn.prepare_cached(sql).map_err(|e| self.err(e))?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(values), |row| {
                summary(row, reached)
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| self.err(e))
    }
}

fn limit_clause(limit: u32, offset: u32) -> String {
    match (limit, offset) {
        (0, 0) => String::new(),
        (0, offset) => format!(" LIMIT -1 OFFSET {offset}"),
        (limit, offset) => format!(" LIMIT {limit} OFFSET {offset}"),
    }
}
