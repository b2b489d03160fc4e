//! What the player's kept games say about them: the moves they made from a
//! position (beside the explorer's), and their results in all, by AI
//! level, by opponent, with their streaks.

use super::Outcome;
use crate::db::Database;
use crate::error::DbError;

/// A move the player made from a position in their kept games, and how
/// those games went for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YourMove {
    /// The move on the board asked about.
    pub mv: hive_rules::Move,
    /// The move as a UHP MoveString on that board.
    pub uhp: String,
    /// The games in which the player made it there.
    pub games: u64,
    /// Won, drawn and lost by the player, of those.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost.
    pub lost: u64,
}

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Won.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost.
    pub lost: u64,
}

impl Score {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.won += 1,
            Outcome::Draw => self.drawn += 1,
            Outcome::Loss => self.lost += 1,
            Outcome::Unfinished => {}
        }
    }

    /// Games finished.
    pub fn games(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

/// The player's results from their kept games (those with a side of
/// theirs, finished): in all, by AI level, by opponent, and their streaks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Every finished game with a side of theirs.
    pub all: Score,
    /// Against each AI level (its id), the levels in the ladder's order.
    pub by_level: Vec<(String, Score)>,
    /// Against each opponent by name, most played first.
    pub by_opponent: Vec<(String, Score)>,
    /// The latest results' run: its outcome and how many games long.
    pub streak: Option<(Outcome, u64)>,
    /// The longest run of wins.
    pub best_win_streak: u64,
}

impl Database {
    /// The moves the player made from `game`'s position (in any
    /// orientation and numbering) in their kept games, when it was their
    /// turn there, mapped onto `game`'s board, with how each game went for
    /// them; most played first. Games at one screen (both sides the
    /// player's) and watched games have no side, and are not counted.
    pub fn your_moves(&self, game: &hive_rules::Game) -> Result<Vec<YourMove>, DbError> {
        let canonical = crate::key::Canonical::of(game);
        let mut statement = self
            .conn
            .prepare_cached(
                "SELECT p.next_move, count(*), coalesce(sum(k.outcome = 1), 0),                  coalesce(sum(k.outcome = 0), 0), coalesce(sum(k.outcome = -1), 0)                  FROM positions p JOIN kept k ON k.game_id = p.game_id                  WHERE p.key = ?1 AND p.next_move IS NOT NULL AND k.side = p.ply % 2                  GROUP BY p.next_move",
            )
            .map_err(|e| self.err(e))?;
        let rows = statement
            .query_map([canonical.key.as_sql()], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, i64>(4)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut moves = Vec::new();
        for row in rows {
            let (code, games, won, drawn, lost) = row.map_err(|e| self.err(e))?;
            let Some(mv) =
                canonical.board_move(game, crate::key::CanonicalMove::from_code(code as u32))
            else {
                continue;
            };
            moves.push(YourMove {
                mv,
                uhp: game.move_string(mv),
                games: games.max(0) as u64,
                won: won.max(0) as u64,
                drawn: drawn.max(0) as u64,
                lost: lost.max(0) as u64,
            });
        }
        moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uhp.cmp(&b.uhp)));
        Ok(moves)
    }

    /// The player's results from their kept games (see [`Progress`]).
    pub fn progress(&self) -> Result<Progress, DbError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT outcome, level, opponent FROM kept                  WHERE outcome IN (-1, 0, 1) ORDER BY day, time, game_id",
            )
            .map_err(|e| self.err(e))?;
        let rows = statement
            .query_map([], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, Option<String>>(1)?,
                    row.get::<_, Option<String>>(2)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut progress = Progress::default();
        let mut levels: std::collections::HashMap<String, Score> = Default::default();
        let mut opponents: std::collections::HashMap<String, Score> = Default::default();
        let mut run: Option<(Outcome, u64)> = None;
        let mut wins = 0;
        for row in rows {
            let (code, level, opponent) = row.map_err(|e| self.err(e))?;
            let Some(outcome) = Outcome::from_code(code) else {
                continue;
            };
            progress.all.add(outcome);
            if let Some(level) = level {
                levels.entry(level).or_default().add(outcome);
            }
            if let Some(opponent) = opponent {
                opponents.entry(opponent).or_default().add(outcome);
            }
            run = match run {
                Some((last, n)) if last == outcome => Some((last, n + 1)),
                _ => Some((outcome, 1)),
            };
            wins = if outcome == Outcome::Win { wins + 1 } else { 0 };
            progress.best_win_streak = progress.best_win_streak.max(wins);
        }
        progress.streak = run;
        progress.by_level = hive_ai::Difficulty::ALL
            .iter()
            .filter_map(|level| {
                let id = level.id().to_string();
                levels.remove(&id).map(|score| (id, score))
            })
            .collect();
        let mut by_opponent: Vec<(String, Score)> = opponents.into_iter().collect();
        by_opponent.sort_by(|a, b| b.1.games().cmp(&a.1.games()).then_with(|| a.0.cmp(&b.0)));
        progress.by_opponent = by_opponent;
        Ok(progress)
    }
}
