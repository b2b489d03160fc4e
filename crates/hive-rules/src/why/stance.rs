//! A fact from a side's point of view: whether it is good or bad for that
//! side ([`Fact::good_for`]), so that a review praises a better move only
//! with what helps its mover, and blames a worse one only with what hurts
//! its mover ([`MoveFacts::keep_only`]).

use super::{Fact, MoveFacts};
use crate::Color;

/// Which of a move's facts to keep, from its mover's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stance {
    /// What helps the mover: why a move is good (a hint, the better move).
    Praise,
    /// What hurts the mover: why a move is worse.
    Blame,
}

impl Fact {
    /// Whether the fact is good for `side`: `Some(true)` if it helps it,
    /// `Some(false)` if it hurts it, `None` if it is neither (a Beetle on
    /// its own side's Queen: it shields her and holds her down at once).
    ///
    /// A Queen with fewer free cells is bad for her side and good for the
    /// other; a gate closed next to a Queen (no ground piece slides in any
    /// more) is good for her side, an opened one bad; a climber on or within
    /// reach of the enemy Queen, and a throw that matters, are good for the
    /// climber's or the thrower's side; a piece pinned is bad for its side,
    /// freed good; a forced win missed is bad for the side that had it, a
    /// forced loss good for the winner.
    pub fn good_for(&self, side: Color) -> Option<bool> {
        let (owner, good) = match *self {
            Fact::MissedWin { side: had, .. } => (had, false),
            Fact::ForcedLoss { winner, .. } => (winner, true),
            Fact::QueenCells {
                queen,
                before,
                after,
                ..
            } => (queen.color(), after > before),
            Fact::BeetleOnQueen { beetle, queen, .. } => {
                if beetle.color() == queen.color() {
                    return None;
                }
                (beetle.color(), true)
            }
            Fact::BeetleReachesQueen { beetle, .. } => (beetle.color(), true),
            Fact::GateClosed { queen, .. } => (queen.color(), true),
            Fact::GateOpened { queen, .. } => (queen.color(), false),
            Fact::ThrowPossible { pillbug, .. } => (pillbug.color(), true),
            Fact::Pinned { piece, .. } => (piece.color(), false),
            Fact::Freed { piece, .. } => (piece.color(), true),
        };
        Some(if owner == side { good } else { !good })
    }
}

impl MoveFacts {
    /// Keeps only the facts that say what `stance` asks for from the
    /// mover's side: its good ones to praise, its bad ones to blame (a
    /// fact neither good nor bad goes).
    pub fn keep_only(mut self, stance: Stance) -> MoveFacts {
        let mover = self.mover;
        let wanted = stance == Stance::Praise;
        self.facts
            .retain(|fact| fact.good_for(mover) == Some(wanted));
        self
    }
}
