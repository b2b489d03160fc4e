//! A position set up by hand, in words: every [`Problem`] that makes it
//! impossible through the `setup-*` messages, and why no GameString can be
//! written for it ([`Unreachable`]).

use hive_learn::{Problem, Reached, Unreachable};

use crate::args::Args;
use crate::texts::Texts;
use crate::words::{Sentence, Worded};

/// `text` with its first letter in upper case, as a sentence starts
/// ("the white Ant ..." becomes "The white Ant ...").
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The message key of each problem: `setup-` and the variant's name in
/// kebab case (`Problem::NotOneHive` is `setup-not-one-hive`).
pub fn problem_key(problem: &Problem) -> &'static str {
    match problem {
        Problem::EmptyBoardLater { .. } => "setup-empty-board-later",
        Problem::NotInGame { .. } => "setup-not-in-game",
        Problem::OutOfOrder { .. } => "setup-out-of-order",
        Problem::NotOneHive { .. } => "setup-not-one-hive",
        Problem::CannotClimb { .. } => "setup-cannot-climb",
        Problem::ClimbedWithoutQueen { .. } => "setup-climbed-without-queen",
        Problem::MosquitoWithoutBeetle { .. } => "setup-mosquito-without-beetle",
        Problem::QueenFirst { .. } => "setup-queen-first",
        Problem::TooManyPieces { .. } => "setup-too-many-pieces",
        Problem::MissingPieces { .. } => "setup-missing-pieces",
        Problem::QueenLate { .. } => "setup-queen-late",
        Problem::TouchingBeforeQueens { .. } => "setup-touching-before-queens",
        Problem::QueenSurrounded { .. } => "setup-queen-surrounded",
        Problem::BothQueensSurrounded { .. } => "setup-both-queens-surrounded",
    }
}

impl Texts {
    /// Why a set-up position could not arise in a game, in words, with the
    /// cells it concerns ([`Problem::cells`]).
    pub fn problem(&self, problem: &Problem) -> Worded {
        let mut s = Sentence::new(self, None);
        match problem {
            Problem::EmptyBoardLater { to_move, turn } => {
                s.color("to-move", *to_move).number("turn", *turn);
            }
            Problem::NotInGame {
                piece, game_type, ..
            } => {
                s.piece("piece", *piece)
                    .bug("bug", piece.bug())
                    .text("game-type", game_type.to_string());
            }
            Problem::OutOfOrder { piece, missing, .. } => {
                s.piece("piece", *piece).piece("missing", *missing);
            }
            Problem::NotOneHive { groups } => {
                s.number("groups", groups.len() as u32);
            }
            Problem::CannotClimb { piece, .. }
            | Problem::ClimbedWithoutQueen { piece, .. }
            | Problem::MosquitoWithoutBeetle { piece, .. } => {
                s.piece("piece", *piece).color("color", piece.color());
            }
            Problem::QueenFirst { color, .. } | Problem::QueenSurrounded { color, .. } => {
                s.color("color", *color).color("winner", color.opponent());
            }
            Problem::TooManyPieces {
                color,
                pieces,
                turns,
                ..
            }
            | Problem::MissingPieces {
                color,
                pieces,
                turns,
                ..
            } => {
                s.color("color", *color)
                    .number("pieces", *pieces)
                    .number("turns", *turns);
            }
            Problem::QueenLate { color, turns, .. } => {
                s.color("color", *color).number("turns", *turns);
            }
            Problem::TouchingBeforeQueens { pairs, .. } => {
                s.number("pairs", *pairs as u32);
            }
            Problem::BothQueensSurrounded { .. } => {}
        }
        let mut worded = s.finish(problem_key(problem));
        worded.text = capitalized(&worded.text);
        worded.cells = problem.cells();
        worded
    }

    /// Why no GameString can be written for a set-up position.
    pub fn unreachable(&self, why: &Unreachable) -> String {
        match why {
            Unreachable::Problems(problems) => {
                let first = problems
                    .first()
                    .map(|p| self.problem(p).text)
                    .unwrap_or_default();
                self.format(
                    "setup-unreachable-problems",
                    &Args::new().with("first", first),
                )
            }
            Unreachable::NotFound { tries } => self.format(
                "setup-unreachable-not-found",
                &Args::new().with("tries", *tries),
            ),
        }
    }

    /// What to tell the player when the game found reaches the position at
    /// another turn than the one asked for; `None` when it is the same.
    pub fn turn_note(&self, reached: &Reached) -> Option<String> {
        (!reached.turn_matched()).then(|| {
            let key = if reached.turn > reached.requested_turn {
                "setup-reached-sooner"
            } else {
                "setup-reached-later"
            };
            self.format(
                key,
                &Args::new()
                    .with("turn", reached.turn)
                    .with("requested", reached.requested_turn),
            )
        })
    }
}
