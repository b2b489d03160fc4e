//! The player's rating against the AI's levels: each game against a level,
//! played from the start to its end here, moves the rating
//! ([`crate::ai::PlayerRating`], Glicko-2 against the levels' fitted
//! ratings); kept in the data directory (`progress/rating.txt`, written on
//! the IO task pool) with its history. A file that does not read is
//! reported and left as it is: nothing is rated (or written over it) until
//! it is mended or moved away.

use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;

use super::progress;
use crate::ai::{Difficulty, LevelRatings, PlayerRating, Score};
use crate::game::core::{
    CurrentGame, CurrentMode, GameClock, GameSystems, MovePlayed, Players, Resignation, Turn,
};
use crate::game::saves::RecordPaths;
use crate::records::{NodeId, Seats};
use crate::rules::{Color, GameStatus};
use crate::text::Args;

/// Where the rating is kept (in the data directory's `progress`).
pub const RATING_FILE: &str = "rating.txt";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rating>();
    app.add_systems(Startup, read_the_rating);
    app.add_systems(Update, note_moves_played.in_set(GameSystems::View));
    app.add_systems(OnEnter(Turn::GameOver), rate_the_game);
}

/// The player's rating, what the last rated game changed, and which game
/// is being played here.
#[derive(Resource, Debug, Default)]
pub struct Rating {
    /// The rating and its history.
    pub player: PlayerRating,
    /// Why the kept file could not be read (then nothing is rated).
    pub unreadable: Option<String>,
    /// The last game rated: its id, the level, the result, the rating
    /// before and after.
    pub last: Option<RatedNow>,
    /// The game (`Players::game_id`) a move was last played in here.
    moved_in: Option<u64>,
}

/// A game just rated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedNow {
    /// Its `Players::game_id`.
    pub game_id: u64,
    /// The level it was against.
    pub level: Difficulty,
    /// The player's result.
    pub score: Score,
    /// The rating before it.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

impl Rating {
    /// The player's rating and its history read from a file's text.
    pub fn from_file(text: &str) -> Rating {
        match PlayerRating::from_text(text) {
            Ok(player) => Rating {
                player,
                ..default()
            },
            Err(err) => Rating {
                unreadable: Some(err.to_string()),
                ..default()
            },
        }
    }
}

fn read_the_rating(paths: Res<RecordPaths>, mut rating: ResMut<Rating>) {
    *rating = Rating::from_file(&progress::read(&paths, RATING_FILE));
    if let Some(err) = &rating.unreadable {
        warn!("progress/{RATING_FILE}: {err}; games are not rated until it is mended or moved");
    }
}

fn note_moves_played(
    mut moves: MessageReader<MovePlayed>,
    players: Res<Players>,
    mut rating: ResMut<Rating>,
) {
    if moves.read().count() > 0 && rating.moved_in != Some(players.game_id) {
        rating.moved_in = Some(players.game_id);
    }
}

/// The result of a finished game for the person playing `human`, if it
/// has one (a win on the board, on time or by resignation, or a draw).
fn score_for(
    human: Color,
    status: GameStatus,
    flagged: Option<Color>,
    resigned: Option<Color>,
) -> Option<Score> {
    let winner = match (status, flagged.or(resigned)) {
        (GameStatus::Draw, _) => return Some(Score::Draw),
        (GameStatus::WhiteWins, _) => Color::White,
        (GameStatus::BlackWins, _) => Color::Black,
        (_, Some(loser)) => loser.opponent(),
        _ => return None,
    };
    Some(if winner == human {
        Score::Win
    } else {
        Score::Loss
    })
}

/// A game against the AI, played from the start and ended by a move (or a
/// flag) here, counts once.
pub(in crate::game) fn rate_the_game(
    players: Res<Players>,
    current: Res<CurrentGame>,
    clock: Res<GameClock>,
    mode: CurrentMode,
    paths: Res<RecordPaths>,
    mut rating: ResMut<Rating>,
    resignation: Res<Resignation>,
) {
    let Seats::Ai { side, difficulty } = players.seats else {
        return;
    };
    let practising = mode.get().practising();
    let from_start = current.variations().game_at(NodeId::ROOT).ply() == 0;
    let here = rating.moved_in == Some(players.game_id);
    let again = rating
        .last
        .is_some_and(|last| last.game_id == players.game_id);
    if practising || !from_start || !here || again || rating.unreadable.is_some() {
        return;
    }
    let game = current.game();
    let resigned = resignation.of(&players);
    let Some(score) = score_for(side.opponent(), game.status(), clock.flagged(), resigned) else {
        return;
    };
    let before = rating.player.current().rating;
    let when = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let after = rating
        .player
        .record(LevelRatings::measured(), difficulty, score, when);
    rating.last = Some(RatedNow {
        game_id: players.game_id,
        level: difficulty,
        score,
        before,
        after: after.rating,
    });
    progress::write(&paths, RATING_FILE, rating.player.to_text());
    info!(
        "rated: {score:?} against {difficulty:?}, {before:.0} -> {:.0}",
        after.rating
    );
}

/// The change of the last rated game in words: "your rating: 1532 (+48)".
pub fn change_in_words(words: &crate::text::Texts, last: &RatedNow) -> String {
    let delta = (last.after - last.before).round() as i64;
    let sign = if delta >= 0 { "+" } else { "" };
    words.format(
        "rating-change",
        &Args::new()
            .with("rating", format!("{:.0}", last.after))
            .with("change", format!("{sign}{delta}")),
    )
}

/// Why a file could not be read, for the player.
pub fn unreadable_in_words(words: &crate::text::Texts, err: &str) -> String {
    words.format(
        "rating-unreadable",
        &Args::new()
            .with("file", format!("progress/{RATING_FILE}"))
            .with("error", err.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_board_then_the_flag() {
        let w = Color::White;
        assert_eq!(
            score_for(w, GameStatus::WhiteWins, None, None),
            Some(Score::Win)
        );
        assert_eq!(
            score_for(w, GameStatus::BlackWins, None, None),
            Some(Score::Loss)
        );
        assert_eq!(
            score_for(w, GameStatus::Draw, None, None),
            Some(Score::Draw)
        );
        assert_eq!(
            score_for(w, GameStatus::InProgress, Some(Color::White), None),
            Some(Score::Loss)
        );
        assert_eq!(
            score_for(
                Color::Black,
                GameStatus::InProgress,
                Some(Color::White),
                None
            ),
            Some(Score::Win)
        );
        assert_eq!(score_for(w, GameStatus::InProgress, None, None), None);
        // A resignation is a loss for the side that resigned.
        assert_eq!(
            score_for(w, GameStatus::InProgress, None, Some(Color::White)),
            Some(Score::Loss)
        );
        assert_eq!(
            score_for(
                Color::Black,
                GameStatus::InProgress,
                None,
                Some(Color::White)
            ),
            Some(Score::Win)
        );
    }

    #[test]
    fn an_unreadable_file_is_kept_as_the_reason_and_rates_nothing() {
        let rating = Rating::from_file("1\tmedium\twon\t1500\t300\t0.06\n");
        assert!(rating.unreadable.is_some_and(|e| e.contains("won")));
    }
}
