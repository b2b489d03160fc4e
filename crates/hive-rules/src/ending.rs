//! How a game ended, in words a player reads on the game-over dialog.

use std::fmt;

use super::game::{Game, GameStatus};
use super::piece::Color;

/// Why the game is over: [`Game::ending`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// One Queen is surrounded; its owner loses.
    QueenSurrounded {
        /// The owner of the surrounded Queen (the loser).
        queen: Color,
        /// The side whose move surrounded it (it may be the Queen's owner).
        by: Color,
    },
    /// Both Queens were surrounded by the same move: a draw.
    BothQueensSurrounded {
        /// The side whose move did it.
        by: Color,
    },
    /// The turn limit was reached: a draw. See [`super::Options::turn_limit`].
    TurnLimit {
        /// The limit in force, a UHP turn number (`White[limit]`).
        limit: u16,
    },
    /// The same position (the pieces where they stand, whichever piece moved
    /// last) came up a third time with the same side to move: a draw.
    ThreefoldRepetition,
}

impl Ending {
    /// The result this ending gives.
    pub fn status(self) -> GameStatus {
        match self {
            Ending::QueenSurrounded {
                queen: Color::White,
                ..
            } => GameStatus::BlackWins,
            Ending::QueenSurrounded {
                queen: Color::Black,
                ..
            } => GameStatus::WhiteWins,
            Ending::BothQueensSurrounded { .. }
            | Ending::TurnLimit { .. }
            | Ending::ThreefoldRepetition => GameStatus::Draw,
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::QueenSurrounded { queen, .. } => Some(queen.opponent()),
            _ => None,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ending::QueenSurrounded { queen, by } if by == queen => write!(
                f,
                "{queen}'s Queen is surrounded by {by}'s own move: {} wins",
                queen.opponent()
            ),
            Ending::QueenSurrounded { queen, .. } => write!(
                f,
                "{queen}'s Queen is surrounded: {} wins",
                queen.opponent()
            ),
            Ending::BothQueensSurrounded { .. } => {
                f.write_str("Both Queens are surrounded at once: a draw")
            }
            Ending::TurnLimit { limit } => write!(f, "Turn limit reached (turn {limit}): a draw"),
            Ending::ThreefoldRepetition => f.write_str("Threefold repetition: a draw"),
        }
    }
}

impl Game {
    /// How the game ended, `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.status
            .is_over()
            .then(|| self.compute_ending())
            .flatten()
    }

    /// The ending the rules give the position as it stands, whatever the
    /// recorded status. Queens first, then the optional draw rules.
    pub(super) fn compute_ending(&self) -> Option<Ending> {
        // The side that played the last move (passes included).
        let by = self.to_move.opponent();
        match (
            self.queen_surrounded(Color::White),
            self.queen_surrounded(Color::Black),
        ) {
            (true, true) => return Some(Ending::BothQueensSurrounded { by }),
            (true, false) => {
                return Some(Ending::QueenSurrounded {
                    queen: Color::White,
                    by,
                });
            }
            (false, true) => {
                return Some(Ending::QueenSurrounded {
                    queen: Color::Black,
                    by,
                });
            }
            (false, false) => {}
        }
        if self.options.threefold_repetition && self.position_repeats(3) {
            return Some(Ending::ThreefoldRepetition);
        }
        match self.options.turn_limit {
            Some(limit) if self.ply > 0 && self.turn_number() >= u32::from(limit) => {
                Some(Ending::TurnLimit { limit })
            }
            _ => None,
        }
    }
}
