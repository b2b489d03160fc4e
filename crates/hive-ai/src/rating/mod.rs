//! Ratings: one scale for the AI's levels, fitted from their matches, and
//! the player's own rating from their games against the levels.
//!
//! The levels' ratings are a maximum-likelihood fit ([`fit`]) of the match
//! results in `data/levels.tsv` (measured with `hive match`, commands and
//! seeds in that file and in `docs/ai.md`): the Elo model (a 400-point gap
//! is ten-to-one odds, a draw half a win to each side) with one virtual
//! draw added to each pairing, so that a 40-0 result gives a finite gap, and
//! the scale placed with Beginner at [`BEGINNER_RATING`]. The player's rating
//! is Glicko-2 (the `skillratings` crate): a rating, how sure it is (the
//! deviation) and its volatility, updated after each game against a level
//! as against an opponent of the level's rating whose deviation is
//! [`LEVEL_DEVIATION`].

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::{Difficulty, Style};

mod player;

pub use player::{PlayerRating, RatedGame, Score, ScoreError};

/// Where the scale is placed: Beginner's rating.
pub const BEGINNER_RATING: f64 = 800.0;

/// How uncertain a level's rating is taken to be in the player's updates
/// (a measured level: well below a new player's 350).
pub const LEVEL_DEVIATION: f64 = 60.0;

/// A player's expected score against the level suggested next: about two
/// games in five.
pub const SUGGESTED_SCORE: f64 = 0.4;

/// Points per factor ten in the odds of winning.
const ELO_SCALE: f64 = 400.0;

/// The results of one match-up, from `a`'s side.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// The first player.
    pub a: String,
    /// The second player.
    pub b: String,
    /// `a`'s wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// `a`'s losses.
    pub losses: u32,
}

/// Why ratings could not be fitted or read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A line of a results table or rating file that does not read.
    #[error("line {line}: {reason}")]
    BadLine {
        /// 1-based.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A player with no games against the others (or not linked to the
    /// anchor by any chain of games): no rating can be given.
    #[error("{0} has no games linking it to {1}")]
    NotLinked(String, String),
    /// The anchor has no games at all.
    #[error("{0} is not among the players")]
    NoAnchor(String),
}

/// The expected score of a player rated `rating` against one rated
/// `opponent` (Elo model).
pub fn expected_score(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / ELO_SCALE))
}

/// Maximum-likelihood ratings of every player in `pairings` (Elo model,
/// draws half a point, one virtual draw added to each pairing), placed so
/// that `anchor` has `anchor_rating`. Every player must be linked to the
/// anchor by a chain of games.
pub fn fit(
    pairings: &[Pairing],
    anchor: &str,
    anchor_rating: f64,
) -> Result<BTreeMap<String, f64>, RatingError> {
    let mut names: Vec<&str> = Vec::new();
    for p in pairings {
        for name in [p.a.as_str(), p.b.as_str()] {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    let index = |name: &str| names.iter().position(|n| *n == name);
    let anchor_at = index(anchor).ok_or_else(|| RatingError::NoAnchor(anchor.into()))?;
    // Games and points between each two players, the virtual draw included.
    let n = names.len();
    let mut games = vec![vec![0.0f64; n]; n];
    let mut points = vec![vec![0.0f64; n]; n];
    for p in pairings {
        let (i, j) = (index(&p.a).unwrap_or(0), index(&p.b).unwrap_or(0));
        let total = f64::from(p.wins + p.draws + p.losses) + 1.0;
        let a_points = f64::from(p.wins) + 0.5 * f64::from(p.draws) + 0.5;
        games[i][j] += total;
        games[j][i] += total;
        points[i][j] += a_points;
        points[j][i] += total - a_points;
    }
    // Every player linked to the anchor.
    let mut linked = vec![false; n];
    let mut stack = vec![anchor_at];
    linked[anchor_at] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if games[i][j] > 0.0 && !linked[j] {
                linked[j] = true;
                stack.push(j);
            }
        }
    }
    if let Some(j) = linked.iter().position(|&l| !l) {
        return Err(RatingError::NotLinked(names[j].into(), anchor.into()));
    }
    // Newton steps, one player at a time, until nothing moves.
    let ln10 = std::f64::consts::LN_10 / ELO_SCALE;
    let mut ratings = vec![0.0f64; n];
    for _ in 0..10_000 {
        let mut largest = 0.0f64;
        for i in 0..n {
            let (mut gradient, mut curvature) = (0.0, 0.0);
            for j in (0..n).filter(|&j| games[i][j] > 0.0) {
                let e = expected_score(ratings[i], ratings[j]);
                gradient += points[i][j] - games[i][j] * e;
                curvature += games[i][j] * e * (1.0 - e);
            }
            let step = (gradient / (curvature * ln10)).clamp(-200.0, 200.0);
            ratings[i] += step;
            largest = largest.max(step.abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    let shift = anchor_rating - ratings[anchor_at];
    Ok(names
        .iter()
        .zip(ratings)
        .map(|(name, r)| (name.to_string(), r + shift))
        .collect())
}

/// Whether `name`'s games in `pairings` all went one way: every one won,
/// or every one lost (a draw is a point both gained and dropped). The fit
/// then gives it a number only because of the virtual draws: its games
/// bound its rating on one side (above the players it swept, or below
/// those who swept it) and do not place it.
pub fn one_sided(pairings: &[Pairing], name: &str) -> bool {
    let (mut gained, mut dropped) = (false, false);
    for p in pairings {
        let (won, drew, lost) = if p.a == name {
            (p.wins, p.draws, p.losses)
        } else if p.b == name {
            (p.losses, p.draws, p.wins)
        } else {
            continue;
        };
        gained |= won + drew > 0;
        dropped |= lost + drew > 0;
    }
    !(gained && dropped)
}

/// The chance that a new match of `games` games between the two players of
/// `pairing` scores between `low` and `high` for `a` (fractions of the
/// points, both ends included), each game won, drawn or lost as often as in
/// `pairing`'s games: the exact distribution of the match's points, one game
/// at a time. What a match of 40 games can show of a step measured over
/// many: a step that scores 70% over hundreds of games still lands outside
/// 60-80% in some 40-game matches. `None` for a pairing with no games.
pub fn chance_of_score(pairing: &Pairing, games: u32, low: f64, high: f64) -> Option<f64> {
    let played = f64::from(pairing.wins + pairing.draws + pairing.losses);
    if played == 0.0 {
        return None;
    }
    let (win, draw, loss) = (
        f64::from(pairing.wins) / played,
        f64::from(pairing.draws) / played,
        f64::from(pairing.losses) / played,
    );
    // chances[h]: the chance of h half-points after the games so far.
    let mut chances = vec![1.0];
    for _ in 0..games {
        let mut next = vec![0.0; chances.len() + 2];
        for (half_points, &chance) in chances.iter().enumerate() {
            next[half_points] += chance * loss;
            next[half_points + 1] += chance * draw;
            next[half_points + 2] += chance * win;
        }
        chances = next;
    }
    let most = f64::from(2 * games.max(1));
    // A score on an end of the range counts (28 of 40 is exactly 70%).
    let within = |half_points: usize| {
        let score = half_points as f64 / most;
        score >= low - 1e-9 && score <= high + 1e-9
    };
    Some(
        chances
            .iter()
            .enumerate()
            .filter(|&(half_points, _)| within(half_points))
            .map(|(_, &chance)| chance)
            .sum(),
    )
}

/// Reads a results table: tab-separated `a`, `b`, wins, draws, losses (and
/// anything after, e.g. the date and command); `#` comments and blank
/// lines skipped.
pub fn read_pairings(text: &str) -> Result<Vec<Pairing>, RatingError> {
    let mut pairings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: &str| RatingError::BadLine {
            line: number + 1,
            reason: reason.into(),
        };
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 5 {
            return Err(bad("expected a, b, wins, draws, losses"));
        }
        let count = |field: &str| {
            field
                .trim()
                .parse::<u32>()
                .map_err(|_| bad(&format!("{field:?} is not a count of games")))
        };
        pairings.push(Pairing {
            a: fields[0].trim().to_lowercase(),
            b: fields[1].trim().to_lowercase(),
            wins: count(fields[2])?,
            draws: count(fields[3])?,
            losses: count(fields[4])?,
        });
    }
    Ok(pairings)
}

/// The levels' matches the ratings are fitted from.
pub const LEVEL_MATCHES: &str = include_str!("../../data/levels.tsv");

/// Each level's rating on one scale.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRatings {
    ratings: Vec<(Difficulty, f64)>,
    /// hivegame.com's bots (nokamute at a fixed depth, `nokamute-dN` in the
    /// table) on the same scale, those placed by their whole matches
    /// (not [`one_sided`]: see [`without_one_sided`]): (depth, rating),
    /// shallowest first.
    bots: Vec<(u32, f64)>,
    /// The bots and levels that have played a whole match against each
    /// other ([`MATCH_GAMES`] games or more): (depth, level).
    matched: Vec<(u32, Difficulty)>,
}

/// How near a bot's rating must be to a level's for the level to be said
/// to play like it (75 points: a 60-40 score either way; the ladder's
/// steps are 100-250 points, so a bot is named beside one level, or two).
pub const BOT_NEAR: f64 = 75.0;

/// Games a pair must have played for its match to count in the ratings: a
/// match played in parts (nokamute at depth 7) is shown as it goes but
/// fitted only once whole, so its first parts do not move the scale.
pub const MATCH_GAMES: u32 = 40;

/// The name a table gives hivegame.com's bot at `depth`: nokamute
/// searching to that depth (as `scripts/level-matches.sh` plays it).
pub fn bot_name(depth: u32) -> String {
    format!("nokamute-d{depth}")
}

/// A player of a results table as the ratings name it: a style a level
/// plays (a level measured before it was named) is that level's id; any
/// other name (a level's id, `nokamute-d4`, a style no level plays) is kept.
pub fn player_id(name: &str) -> String {
    Style::parse(name)
        .ok()
        .and_then(|style| Difficulty::of_style(&style))
        .map_or_else(|| name.to_string(), |level| level.id().to_string())
}

/// A results table read ([`read_pairings`]) with each player written as a
/// style (a level measured before it was named) renamed to the level that
/// plays that style, by its id; the rows of one pair (a match played in
/// parts, each with its own seed) are added into one.
pub fn level_pairings(text: &str) -> Result<Vec<Pairing>, RatingError> {
    let mut pairings: Vec<Pairing> = Vec::new();
    for mut row in read_pairings(text)? {
        row.a = player_id(&row.a);
        row.b = player_id(&row.b);
        match pairings.iter_mut().find(|p| p.a == row.a && p.b == row.b) {
            Some(pairing) => {
                pairing.wins += row.wins;
                pairing.draws += row.draws;
                pairing.losses += row.losses;
            }
            None => pairings.push(row),
        }
    }
    Ok(pairings)
}

/// The pairs of [`level_pairings`] whose match is whole ([`MATCH_GAMES`]
/// games or more): what the ratings are fitted from.
pub fn whole_matches(text: &str) -> Result<Vec<Pairing>, RatingError> {
    let mut pairings = level_pairings(text)?;
    pairings.retain(|p| p.wins + p.draws + p.losses >= MATCH_GAMES);
    Ok(pairings)
}

/// `pairings` without the players the fit cannot place: those whose games
/// all went one way ([`one_sided`]), again until none is left. Such a
/// player's number would come from the virtual draws alone, and would still
/// pull apart the players it met (depth 7's sweeps of Beginner and Beginner
/// II, fitted, moved eleven levels by a point).
pub fn without_one_sided(pairings: &[Pairing]) -> Vec<Pairing> {
    let mut kept = pairings.to_vec();
    loop {
        let before = kept.len();
        let left_out: Vec<String> = kept
            .iter()
            .flat_map(|p| [&p.a, &p.b])
            .filter(|name| one_sided(&kept, name))
            .cloned()
            .collect();
        kept.retain(|p| !left_out.contains(&p.a) && !left_out.contains(&p.b));
        if kept.len() == before {
            return kept;
        }
    }
}

impl LevelRatings {
    /// The ratings fitted from `text` (a results table naming the levels by
    /// their ids, or by their styles as `hive match` takes them; other
    /// players, such as external engines and styles no level plays, are
    /// fitted too but not kept). Every level must be in it.
    pub fn from_matches(text: &str) -> Result<LevelRatings, RatingError> {
        let anchor = Difficulty::Beginner.id().to_string();
        let pairings = whole_matches(text)?;
        let fitted = fit(&without_one_sided(&pairings), &anchor, BEGINNER_RATING)?;
        let ratings = Difficulty::ALL
            .iter()
            .map(|&level| {
                let name = level.id().to_string();
                fitted
                    .get(&name)
                    .map(|&r| (level, r))
                    .ok_or(RatingError::NotLinked(name, anchor.clone()))
            })
            .collect::<Result<_, _>>()?;
        let mut bots: Vec<(u32, f64)> = fitted
            .iter()
            .filter_map(|(name, &rating)| {
                let depth = name.strip_prefix("nokamute-d")?.parse().ok()?;
                (bot_name(depth) == *name).then_some((depth, rating))
            })
            .collect();
        bots.sort_by_key(|&(depth, _)| depth);
        let matched = pairings
            .iter()
            .flat_map(|p| [(&p.a, &p.b), (&p.b, &p.a)])
            .filter_map(|(bot, level)| {
                let depth = bot.strip_prefix("nokamute-d")?.parse().ok()?;
                (bot_name(depth) == *bot).then_some((depth, level.parse().ok()?))
            })
            .collect();
        Ok(LevelRatings {
            ratings,
            bots,
            matched,
        })
    }

    /// The ratings of the levels as measured (`data/levels.tsv`).
    pub fn measured() -> &'static LevelRatings {
        static MEASURED: LazyLock<LevelRatings> = LazyLock::new(|| {
            // The table is part of the build and checked by the tests.
            LevelRatings::from_matches(LEVEL_MATCHES).unwrap_or_else(|err| {
                panic!("data/levels.tsv: {err}");
            })
        });
        &MEASURED
    }

    /// A level's rating.
    pub fn of(&self, level: Difficulty) -> f64 {
        self.ratings
            .iter()
            .find(|(l, _)| *l == level)
            .map_or(BEGINNER_RATING, |&(_, r)| r)
    }

    /// Every level with its rating, weakest first.
    pub fn all(&self) -> &[(Difficulty, f64)] {
        &self.ratings
    }

    /// hivegame.com's bots measured against the levels: (depth, rating),
    /// shallowest first (none before a whole match of [`MATCH_GAMES`] games is
    /// in the table, nor while every game of its whole matches went one way:
    /// see [`one_sided`]).
    pub fn bots(&self) -> &[(u32, f64)] {
        &self.bots
    }

    /// The bot whose rating is nearest `level`'s, if it is within
    /// [`BOT_NEAR`] points (a level is not said to be like a bot it would
    /// beat or lose to three games in five) and the two have played a whole
    /// match ([`MATCH_GAMES`] games): (depth, rating).
    pub fn nearest_bot(&self, level: Difficulty) -> Option<(u32, f64)> {
        let rating = self.of(level);
        self.bots
            .iter()
            .copied()
            .filter(|&(_, bot)| (bot - rating).abs() <= BOT_NEAR)
            .filter(|&(depth, _)| self.matched.contains(&(depth, level)))
            .min_by(|a, b| (a.1 - rating).abs().total_cmp(&(b.1 - rating).abs()))
    }
}

/// The level `steps` along the ladder from `level` (up if positive), held
/// at its ends (Beginner, Expert).
pub fn next_step(level: Difficulty, steps: i32) -> Difficulty {
    let at = Difficulty::ALL
        .iter()
        .position(|&d| d == level)
        .unwrap_or(0) as i32;
    let last = Difficulty::ALL.len() as i32 - 1;
    Difficulty::ALL[(at + steps).clamp(0, last) as usize]
}
