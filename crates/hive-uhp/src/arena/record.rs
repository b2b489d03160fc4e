//! A match's progress as a text file, so that a match stopped part way
//! (nokamute at depth 7 can think for hours over one game) goes on from
//! where it was instead of from its first move.
//!
//! The file's first line is [`RECORD_FORMAT`], its second names the match
//! (`match: ` and [`super::match_header`]); then comes one line per game
//! begun, in order, its fields separated by tabs: the result (`A wins`,
//! `B wins`, `draw`, `A forfeits: why`, `B forfeits: why`, or `playing` for
//! the game under way, only ever the last), A's moves and milliseconds of
//! thinking, B's, and the game's GameString.

use std::time::Duration;

use thiserror::Error;

use super::{GameResult, Thinking};

/// The first line of a match record.
pub const RECORD_FORMAT: &str = "hive match record 1";

/// Every game of a match begun so far, in order; all but the last finished.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchProgress {
    /// The games.
    pub games: Vec<GameProgress>,
}

/// One game as far as it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameProgress {
    /// The moves so far, the opening's included.
    pub game_string: String,
    /// A's (`[0]`) and B's (`[1]`) moves and thinking time so far.
    pub thinking: [Thinking; 2],
    /// How it ended; `None` while it is being played.
    pub result: Option<GameResult>,
}

/// Why a record cannot be read for this match.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    /// The first line is not [`RECORD_FORMAT`].
    #[error("not a match record: its first line is not '{RECORD_FORMAT}'")]
    NotARecord,
    /// Another match's record: other players, seed, expansions, ...
    #[error("the record is of another match:\n  recorded: {recorded}\n  this one: {asked}")]
    OtherMatch {
        /// The record's match.
        recorded: String,
        /// The match asked for.
        asked: String,
    },
    /// A game line that cannot be read.
    #[error("line {line}: {reason}")]
    BadLine {
        /// Its number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

impl MatchProgress {
    /// The record's text for the match `header` names.
    pub fn to_text(&self, header: &str) -> String {
        let mut text = format!("{RECORD_FORMAT}\nmatch: {header}\n");
        for game in &self.games {
            let result = match &game.result {
                None => "playing".to_string(),
                Some(GameResult::Win) => "A wins".to_string(),
                Some(GameResult::Loss) => "B wins".to_string(),
                Some(GameResult::Draw) => "draw".to_string(),
                Some(GameResult::Forfeit { by_a, reason }) => {
                    let reason: String = reason
                        .chars()
                        .map(|c| if c.is_control() { ' ' } else { c })
                        .collect();
                    format!("{} forfeits: {reason}", if *by_a { "A" } else { "B" })
                }
            };
            let [a, b] = game.thinking;
            text += &format!(
                "{result}\t{}\t{}\t{}\t{}\t{}\n",
                a.moves,
                a.time.as_millis(),
                b.moves,
                b.time.as_millis(),
                game.game_string
            );
        }
        text
    }

    /// Reads a record, refusing one of a match other than `header`'s.
    pub fn parse(text: &str, header: &str) -> Result<MatchProgress, RecordError> {
        let mut lines = text.lines();
        if lines.next() != Some(RECORD_FORMAT) {
            return Err(RecordError::NotARecord);
        }
        let recorded = lines
            .next()
            .and_then(|line| line.strip_prefix("match: "))
            .ok_or(RecordError::NotARecord)?;
        if recorded != header {
            return Err(RecordError::OtherMatch {
                recorded: recorded.to_string(),
                asked: header.to_string(),
            });
        }
        let mut progress = MatchProgress::default();
        for (index, line) in lines.enumerate() {
            let line_number = index + 3;
            let bad = |reason: &str| RecordError::BadLine {
                line: line_number,
                reason: reason.to_string(),
            };
            if progress.games.last().is_some_and(|g| g.result.is_none()) {
                return Err(bad("a game follows the unfinished one"));
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [result, a_moves, a_ms, b_moves, b_ms, game_string] = fields[..] else {
                return Err(bad("expected six fields separated by tabs"));
            };
            let result = match result {
                "playing" => None,
                "A wins" => Some(GameResult::Win),
                "B wins" => Some(GameResult::Loss),
                "draw" => Some(GameResult::Draw),
                other => {
                    let forfeit = |by_a, reason: &str| GameResult::Forfeit {
                        by_a,
                        reason: reason.to_string(),
                    };
                    match (
                        other.strip_prefix("A forfeits: "),
                        other.strip_prefix("B forfeits: "),
                    ) {
                        (Some(reason), _) => Some(forfeit(true, reason)),
                        (_, Some(reason)) => Some(forfeit(false, reason)),
                        _ => return Err(bad(&format!("'{other}' is not a result"))),
                    }
                }
            };
            let number = |field: &str, what: &str| {
                field
                    .parse::<u64>()
                    .map_err(|_| bad(&format!("{what} '{field}' is not a whole number")))
            };
            let moves = |field: &str, what: &str| {
                u32::try_from(number(field, what)?).map_err(|_| bad(&format!("{what} too large")))
            };
            let thinking = [
                Thinking {
                    moves: moves(a_moves, "A's moves")?,
                    time: Duration::from_millis(number(a_ms, "A's milliseconds")?),
                },
                Thinking {
                    moves: moves(b_moves, "B's moves")?,
                    time: Duration::from_millis(number(b_ms, "B's milliseconds")?),
                },
            ];
            progress.games.push(GameProgress {
                game_string: game_string.to_string(),
                thinking,
                result,
            });
        }
        Ok(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MatchProgress {
        let thinking = |moves, ms| Thinking {
            moves,
            time: Duration::from_millis(ms),
        };
        let game = |result| GameProgress {
            game_string: "Base+MLP;InProgress;White[2];wA1;bA1 wA1-".to_string(),
            thinking: [thinking(3, 1500), thinking(2, 250_000)],
            result,
        };
        MatchProgress {
            games: vec![
                game(Some(GameResult::Win)),
                game(Some(GameResult::Draw)),
                game(Some(GameResult::Loss)),
                game(Some(GameResult::Forfeit {
                    by_a: false,
                    reason: "bestmove failed:\tno answer".to_string(),
                })),
                game(None),
            ],
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let progress = sample();
        let text = progress.to_text("A beginner, B uhp:x");
        let read = MatchProgress::parse(&text, "A beginner, B uhp:x").expect("a record");
        // A forfeit's reason is kept on one line.
        let mut expected = progress;
        expected.games[3].result = Some(GameResult::Forfeit {
            by_a: false,
            reason: "bestmove failed: no answer".to_string(),
        });
        assert_eq!(read, expected);
        assert_eq!(
            MatchProgress::parse(&MatchProgress::default().to_text("m"), "m"),
            Ok(MatchProgress::default())
        );
    }

    #[test]
    fn a_record_of_another_match_or_a_damaged_one_is_refused() {
        let text = sample().to_text("seed 36");
        assert!(matches!(
            MatchProgress::parse(&text, "seed 37"),
            Err(RecordError::OtherMatch { .. })
        ));
        assert_eq!(
            MatchProgress::parse("a note\n", "seed 36"),
            Err(RecordError::NotARecord)
        );
        let line = |text: &str| match MatchProgress::parse(text, "seed 36") {
            Err(RecordError::BadLine { line, .. }) => line,
            other => panic!("{other:?}"),
        };
        // A game after the unfinished one (line 7).
        assert_eq!(
            line(&format!("{text}{}", text.lines().last().unwrap_or(""))),
            8
        );
        assert_eq!(line(&text.replace("\t3\t1500\t", "\tthree\t1500\t")), 3);
        assert_eq!(line(&text.replacen("draw\t", "drawn\t", 1)), 4);
        let mut finished = sample();
        finished.games.pop();
        let finished = finished.to_text("seed 36");
        assert_eq!(line(&format!("{finished}A wins\t1\t2\n")), 7);
    }
}
