//! The player's rating (Glicko-2, the `skillratings` crate) from their
//! games against the levels, kept as a text file a game a line.

use std::fmt;
use std::str::FromStr;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::{
    BEGINNER_RATING, LEVEL_DEVIATION, LevelRatings, RatingError, SUGGESTED_SCORE, expected_score,
    next_step,
};
use crate::Difficulty;

/// A new player's rating: Beginner's, with Glicko-2's first deviation and
/// volatility.
fn new_player() -> Glicko2Rating {
    Glicko2Rating {
        rating: BEGINNER_RATING,
        ..Glicko2Rating::new()
    }
}

/// A game's result for the player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    fn name(self) -> &'static str {
        match self {
            Score::Win => "win",
            Score::Draw => "draw",
            Score::Loss => "loss",
        }
    }
}

/// A word that is not a [`Score`]'s name (`win`, `draw` or `loss`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not win, draw or loss")]
pub struct ScoreError(pub String);

impl FromStr for Score {
    type Err = ScoreError;

    fn from_str(s: &str) -> Result<Score, ScoreError> {
        match s {
            "win" => Ok(Score::Win),
            "draw" => Ok(Score::Draw),
            "loss" => Ok(Score::Loss),
            other => Err(ScoreError(other.into())),
        }
    }
}

/// One rated game and the rating after it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// When it ended (seconds since 1970).
    pub when: u64,
    /// The level played.
    pub level: Difficulty,
    /// The result.
    pub score: Score,
    /// The player's rating after it.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

/// The player's rating and its history.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerRating {
    /// Every rated game, oldest first.
    pub history: Vec<RatedGame>,
}

/// The heading of a rating file.
const RATING_HEADING: &str = "# Your rating against the AI's levels (Glicko-2), a game a line:\n\
# when (seconds since 1970), level, result, rating, deviation, volatility\n";

impl PlayerRating {
    /// The rating now; before any game, a new player's: where the ladder
    /// starts (Beginner's rating, [`BEGINNER_RATING`]), as unsure as
    /// Glicko-2 starts (± 350), so the first games move it fast either way.
    /// (Glicko-2's own start, 1500, would place a newcomer near Medium:
    /// one win against Beginner read as Medium's strength.)
    pub fn current(&self) -> Glicko2Rating {
        self.history
            .last()
            .map_or_else(new_player, |game| Glicko2Rating {
                rating: game.rating,
                deviation: game.deviation,
                volatility: game.volatility,
            })
    }

    /// Records a game against `level` (rated `levels.of(level)`), ended at
    /// `when`; returns the rating after it.
    pub fn record(
        &mut self,
        levels: &LevelRatings,
        level: Difficulty,
        score: Score,
        when: u64,
    ) -> Glicko2Rating {
        let opponent = Glicko2Rating {
            rating: levels.of(level),
            deviation: LEVEL_DEVIATION,
            volatility: 0.06,
        };
        let outcome = match score {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        };
        let (after, _) = glicko2(&self.current(), &opponent, &outcome, &Glicko2Config::new());
        self.history.push(RatedGame {
            when,
            level,
            score,
            rating: after.rating,
            deviation: after.deviation,
            volatility: after.volatility,
        });
        after
    }

    /// The level to try next and the player's expected score against it:
    /// a step or two along the ladder from the last game, so a player
    /// climbs it level by level ([`next_step`]):
    ///
    /// - before any game, the weakest level (Beginner);
    /// - after a win, the next level up; two levels up after a convincing
    ///   result, a second win in a row (a single win may be luck: one
    ///   step; a player who keeps winning climbs twice as fast); Expert
    ///   stays Expert;
    /// - after a loss, the level the rating says ([`SUGGESTED_SCORE`]: the
    ///   strongest the player is expected to score two games in five
    ///   against), but never above the level just lost to nor more than two
    ///   steps below it, and never above the advice before the game nor
    ///   more than a step below it (a first win against Beginner, then a
    ///   loss to Medium: Beginner II still, not two steps below Medium);
    /// - after a draw, the level the rating says, within one step of the
    ///   level drawn with and of the advice before.
    ///
    /// The rating alone would jump: a new player's rating is unsure (± 350),
    /// so one game moves it by a few levels.
    pub fn suggestion(&self, levels: &LevelRatings) -> (Difficulty, f64) {
        let rating = self.current().rating;
        let expected = |level: Difficulty| expected_score(rating, levels.of(level));
        // The advice after each game, from the first: each follows the one
        // before it (see the list above).
        let mut advice = Difficulty::ALL[0];
        for (index, game) in self.history.iter().enumerate() {
            let by_rating = levels
                .all()
                .iter()
                .rev()
                .find(|&&(_, r)| expected_score(game.rating, r) >= SUGGESTED_SCORE)
                .map_or(Difficulty::ALL[0], |&(level, _)| level);
            advice = match game.score {
                Score::Win => {
                    let before = index.checked_sub(1).map(|i| &self.history[i]);
                    let convincing = before.is_some_and(|game| game.score == Score::Win);
                    next_step(game.level, if convincing { 2 } else { 1 })
                }
                // Never above the advice before, nor more than a step
                // below it: a loss to a level far above the advice says
                // little, and the advice moves a step at a time.
                Score::Loss => by_rating
                    .clamp(next_step(game.level, -2), game.level)
                    .clamp(next_step(advice, -1), advice),
                Score::Draw => by_rating
                    .clamp(next_step(game.level, -1), next_step(game.level, 1))
                    .clamp(next_step(advice, -1), next_step(advice, 1)),
            };
        }
        (advice, expected(advice))
    }

    /// The file's text: a heading, then a game a line.
    pub fn to_text(&self) -> String {
        let mut text = RATING_HEADING.to_string();
        for game in &self.history {
            text.push_str(&format!(
                "{}\t{}\t{}\t{:.1}\t{:.1}\t{:.6}\n",
                game.when,
                game.level.id(),
                game.score.name(),
                game.rating,
                game.deviation,
                game.volatility
            ));
        }
        text
    }

    /// Reads a rating file (as [`PlayerRating::to_text`] writes it); the
    /// first line that does not read is the error.
    pub fn from_text(text: &str) -> Result<PlayerRating, RatingError> {
        let mut history = Vec::new();
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |reason: String| RatingError::BadLine {
                line: number + 1,
                reason,
            };
            let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
            let [when, level, score, rating, deviation, volatility] = fields[..] else {
                return Err(bad(format!("expected 6 fields, found {}", fields.len())));
            };
            let number = |field: &str| -> Result<f64, RatingError> {
                field
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| bad(format!("{field:?} is not a number")))
            };
            history.push(RatedGame {
                when: when
                    .parse()
                    .map_err(|_| bad(format!("{when:?} is not a time")))?,
                level: level
                    .parse()
                    .map_err(|_| bad(format!("no level {level:?}")))?,
                score: score.parse().map_err(|e: ScoreError| bad(e.to_string()))?,
                rating: number(rating)?,
                deviation: number(deviation)?,
                volatility: number(volatility)?,
            });
        }
        Ok(PlayerRating { history })
    }
}

impl fmt::Display for PlayerRating {
    /// `1532 ± 240`: the rating and twice its deviation (a 95% range).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let now = self.current();
        write!(f, "{:.0} ± {:.0}", now.rating, 2.0 * now.deviation)
    }
}
