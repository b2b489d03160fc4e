//! Checking one move against the rules, and saying which rule it breaks.
//!
//! A move is legal exactly when [`Game::legal_moves`] lists it; the checks
//! here only find the clearest reason to give when it does not.

use super::error::{CellName, RuleError, how_it_moves};
use super::game::{Game, Move};
use super::hex::{Direction, Hex};
use super::piece::{Bug, Color, Piece};

impl Game {
    /// `Ok` if the move is legal now, else the rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), RuleError> {
        if self.status.is_over() {
            return Err(RuleError::GameOver);
        }
        if self.is_legal(mv) {
            return Ok(());
        }
        // Illegal: the full list tells why.
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        match mv {
            Move::Pass => Err(RuleError::PassNotAllowed),
            _ if legal == [Move::Pass] => Err(RuleError::MustPass),
            Move::Place { piece, to } => Err(self.placement_error(piece, to)),
            Move::Move { piece, from, to } => Err(self.movement_error(piece, from, to)),
        }
    }

    /// Why `piece` cannot go to `to` now, or `None` if some legal move takes
    /// it there: its placement if in hand, else its movement (by itself or
    /// thrown by a pillbug). What a player sees after clicking a cell that is
    /// not highlighted. Same answer as [`Game::check_move`] on that move.
    pub fn why_not(&self, piece: Piece, to: Hex) -> Option<RuleError> {
        let mv = match self.position(piece) {
            Some(from) => Move::Move { piece, from, to },
            None => Move::Place { piece, to },
        };
        self.check_move(mv).err()
    }

    /// Why `thrower` (a pillbug, or a mosquito touching one) cannot throw
    /// `piece` to `to` now, or `None` if it can.
    pub fn why_not_throw(&self, thrower: Piece, piece: Piece, to: Hex) -> Option<RuleError> {
        if self.status.is_over() {
            return Some(RuleError::GameOver);
        }
        for p in [thrower, piece] {
            if !self.has_piece(p) {
                return Some(RuleError::BugNotInGame { bug: p.bug() });
            }
        }
        let Some(from) = self.position(piece) else {
            return Some(RuleError::NotOnBoard { piece });
        };
        let mv = Move::Move { piece, from, to };
        if self.pillbug_throws(thrower).contains(&mv) {
            return None;
        }
        Some(self.throw_error(thrower, piece, from, to))
    }

    /// Why this piece has no legal move now, or `None` if it has one.
    ///
    /// What a player sees when clicking a piece that cannot move.
    pub fn why_immobile(&self, piece: Piece) -> Option<RuleError> {
        if !self.legal_moves_for(piece).is_empty() {
            return None;
        }
        if self.status.is_over() {
            return Some(RuleError::GameOver);
        }
        if !self.is_placed(piece) {
            return Some(
                self.hand_piece_error(piece)
                    .unwrap_or(RuleError::NowhereToPlace { piece }),
            );
        }
        Some(
            self.piece_error(piece)
                .unwrap_or(RuleError::NoMoves { piece }),
        )
    }

    /// The cell `mv` ends on, named as the engine would write that move.
    fn cell_name(&self, mv: Move) -> CellName {
        let text = self.move_string(mv);
        let name = text.split_once(' ').map(|(_, cell)| cell.to_string());
        CellName::new(mv.to().unwrap_or(Hex::ORIGIN), name)
    }

    /// Reasons a piece in hand cannot be placed anywhere.
    fn hand_piece_error(&self, piece: Piece) -> Option<RuleError> {
        let me = self.to_move;
        if !self.has_piece(piece) {
            return Some(RuleError::BugNotInGame { bug: piece.bug() });
        }
        if piece.color() != me {
            return Some(RuleError::NotYourPiece {
                piece,
                owner: piece.color(),
                to_move: me,
            });
        }
        let Some(expected) = self.next_in_hand(me, piece.bug()) else {
            return Some(RuleError::NoneLeftInHand {
                color: me,
                bug: piece.bug(),
            });
        };
        if self.is_placed(piece) {
            return Some(RuleError::AlreadyPlaced { piece });
        }
        if expected != piece {
            return Some(RuleError::WrongPieceNumber { piece, expected });
        }
        let turn = self.turn_number();
        if piece.bug() == Bug::Queen && turn == 1 && self.options.tournament_opening {
            return Some(RuleError::QueenOnFirstTurn { piece });
        }
        if piece.bug() != Bug::Queen && turn == 4 && !self.queen_placed(me) {
            return Some(RuleError::QueenByFourthTurn { piece });
        }
        None
    }

    fn placement_error(&self, piece: Piece, to: Hex) -> RuleError {
        if let Some(error) = self.hand_piece_error(piece) {
            return error;
        }
        let me = self.to_move;
        if self.ply == 0 {
            return RuleError::FirstPieceAtOrigin;
        }
        let cell = self.cell_name(Move::Place { piece, to });
        if self.height(to) > 0 {
            return RuleError::PlaceOnOccupied { piece, cell };
        }
        if self.ply == 1 {
            return RuleError::PlaceNotNextToFirst { piece, cell };
        }
        let tops: Vec<Piece> = to.neighbors().iter().filter_map(|&n| self.top(n)).collect();
        if let Some(&touching) = tops.iter().find(|p| p.color() != me) {
            RuleError::PlaceNextToOpponent {
                piece,
                cell,
                touching,
            }
        } else {
            RuleError::PlaceNotTouchingOwn { piece, cell }
        }
    }

    /// Reasons a piece on the board cannot move at all (or cannot be moved).
    fn piece_error(&self, piece: Piece) -> Option<RuleError> {
        let me = self.to_move;
        let at = self.pos[piece.id()];
        let not_yours = RuleError::NotYourPiece {
            piece,
            owner: piece.color(),
            to_move: me,
        };
        if piece.color() != me && !self.could_throw(me) {
            return Some(not_yours);
        }
        if let Some(by) = self.top(at).filter(|&top| top != piece) {
            return Some(RuleError::Covered { piece, by });
        }
        if self.last_moved == piece.id() as u8 {
            return Some(if piece.color() == me {
                RuleError::JustThrown { piece }
            } else {
                RuleError::JustMoved { piece }
            });
        }
        if piece.color() != me {
            return Some(not_yours);
        }
        if !self.queen_placed(me) {
            return Some(if self.turn_number() == 4 {
                RuleError::QueenByFourthTurn { piece }
            } else {
                RuleError::QueenNotPlaced { piece }
            });
        }
        if self.height(at) == 1 && self.pinned_pieces() & (1 << piece.id()) != 0 {
            return Some(RuleError::WouldSplitHive { piece });
        }
        if piece.bug() == Bug::Mosquito && self.height(at) == 1 && self.touched_bugs(at).is_empty()
        {
            return Some(RuleError::MosquitoTouchesNothing { piece });
        }
        None
    }

    /// Whether `color` has a piece on the board that might throw: its
    /// pillbug, or its mosquito (which may come to touch a pillbug).
    fn could_throw(&self, color: Color) -> bool {
        [Bug::Pillbug, Bug::Mosquito].into_iter().any(|bug| {
            Piece::new(color, bug, 1).is_some_and(|p| self.has_piece(p))
                && self.next_in_hand(color, bug).is_none()
        })
    }

    /// The bugs on top of the stacks around `at`, each once, Mosquito left out.
    fn touched_bugs(&self, at: Hex) -> Vec<Bug> {
        let mut bugs: Vec<Bug> = at
            .neighbors()
            .iter()
            .filter_map(|&n| self.top(n))
            .map(Piece::bug)
            .filter(|&b| b != Bug::Mosquito)
            .collect();
        bugs.sort();
        bugs.dedup();
        bugs
    }

    fn movement_error(&self, piece: Piece, from: Hex, to: Hex) -> RuleError {
        if !self.has_piece(piece) {
            return RuleError::BugNotInGame { bug: piece.bug() };
        }
        if !self.is_placed(piece) {
            return RuleError::NotOnBoard { piece };
        }
        if self.pos[piece.id()] != from {
            return RuleError::NotThere { piece };
        }
        if from == to {
            return RuleError::SameCell;
        }
        let me = self.to_move;
        if piece.color() != me && self.queen_placed(me) {
            // Only a pillbug's throw moves an opponent's piece.
            return match self.thrower_next_to(piece, from, to) {
                Ok(thrower) => self.throw_error(thrower, piece, from, to),
                Err(error) => error,
            };
        }
        let own = self.own_movement_error(piece, from, to);
        let unreachable = matches!(
            own,
            RuleError::CannotReach { .. }
                | RuleError::MosquitoCannotCopy { .. }
                | RuleError::GateTooNarrow { .. }
                | RuleError::LosesContact { .. }
        );
        // The piece cannot get there itself; if a pillbug stands next to both,
        // the throw is what the player meant.
        match self.thrower_next_to(piece, from, to) {
            Ok(thrower) if unreachable => self.throw_error(thrower, piece, from, to),
            _ => own,
        }
    }

    /// The side to move's pillbug, or mosquito touching a pillbug, next to
    /// both `from` and `to` (the pillbug first); else why there is none.
    fn thrower_next_to(&self, piece: Piece, from: Hex, to: Hex) -> Result<Piece, RuleError> {
        let me = self.to_move;
        let throwers: Vec<Piece> = [Bug::Pillbug, Bug::Mosquito]
            .into_iter()
            .filter_map(|bug| Piece::new(me, bug, 1))
            .filter(|&p| p != piece && self.has_piece(p))
            .filter_map(|p| Some((p, self.position(p)?)))
            .filter(|&(p, at)| {
                p.bug() == Bug::Pillbug
                    || (self.height(at) == 1 && self.touched_bugs(at).contains(&Bug::Pillbug))
            })
            .filter(|&(_, at)| at.direction_to(from).is_some())
            .map(|(p, _)| p)
            .collect();
        let cell = self.cell_name(Move::Move { piece, from, to });
        if let Some(&thrower) = throwers.iter().find(|&&p| {
            self.position(p)
                .is_some_and(|at| at.direction_to(to).is_some())
        }) {
            return Ok(thrower);
        }
        Err(match throwers.first() {
            // A pillbug could lift it, but not drop it there.
            Some(&pillbug) => RuleError::ThrowTooFar { pillbug, cell },
            None if piece.color() != me && !self.could_throw(me) => RuleError::NotYourPiece {
                piece,
                owner: piece.color(),
                to_move: me,
            },
            None => RuleError::NoPillbugNext {
                color: me,
                piece,
                cell,
            },
        })
    }

    /// Why the side to move's own piece cannot move itself from `from` to `to`.
    fn own_movement_error(&self, piece: Piece, from: Hex, to: Hex) -> RuleError {
        if let Some(error) = self.piece_error(piece) {
            return error;
        }
        let cell = self.cell_name(Move::Move { piece, from, to });
        let on_top = self.height(from) > 1;
        let adjacent = from.direction_to(to).is_some();
        if piece.bug() == Bug::Mosquito && !on_top {
            let touching = self.touched_bugs(from);
            let steps = touching
                .iter()
                .any(|b| matches!(b, Bug::Queen | Bug::Pillbug | Bug::Beetle | Bug::Ant));
            if adjacent
                && steps
                && let Some(error) = self.step_error(piece, from, to, &cell)
            {
                return error;
            }
            return RuleError::MosquitoCannotCopy {
                piece,
                cell,
                touching: touching.into(),
            };
        }
        let one_step = matches!(piece.bug(), Bug::Queen | Bug::Pillbug | Bug::Beetle)
            || (piece.bug() == Bug::Mosquito && on_top);
        if one_step
            && adjacent
            && let Some(error) = self.step_error(piece, from, to, &cell)
        {
            return error;
        }
        // An ant walks to every empty cell along the hive that a slide can
        // get into: one it cannot reach lies behind a gate.
        let touches_hive = to
            .neighbors()
            .iter()
            .any(|&n| n != from && self.height(n) > 0);
        if piece.bug() == Bug::Ant && self.height(to) == 0 && touches_hive {
            return RuleError::GateTooNarrow { piece, cell };
        }
        RuleError::CannotReach {
            piece,
            cell,
            how: how_it_moves(piece.bug()),
        }
    }

    /// Freedom to move for one step to a neighbouring cell: a gate (both
    /// cells beside the step taken, or, climbing, both higher), or a slide
    /// that loses touch with the hive. `None` when the step itself is free.
    fn step_error(&self, piece: Piece, from: Hex, to: Hex, cell: &CellName) -> Option<RuleError> {
        let dir = from.direction_to(to)?;
        let left = self.height(from.neighbor(dir.rotate(5)));
        let right = self.height(from.neighbor(dir.rotate(1)));
        let h1 = self.height(from) - 1;
        let h2 = self.height(to);
        let cell = cell.clone();
        if h1 == 0 && h2 == 0 {
            if left > 0 && right > 0 {
                return Some(RuleError::GateTooNarrow { piece, cell });
            }
            if left == 0 && right == 0 {
                return Some(RuleError::LosesContact { piece, cell });
            }
            return None;
        }
        let climbs = matches!(piece.bug(), Bug::Beetle | Bug::Mosquito);
        (climbs && left.min(right) > h1.max(h2)).then_some(RuleError::GateTooNarrow { piece, cell })
    }

    /// Why `thrower` cannot throw `piece` from `from` to `to`.
    fn throw_error(&self, thrower: Piece, piece: Piece, from: Hex, to: Hex) -> RuleError {
        let me = self.to_move;
        if !matches!(thrower.bug(), Bug::Pillbug | Bug::Mosquito) {
            return RuleError::NotAPillbug { piece: thrower };
        }
        let Some(at) = self.position(thrower) else {
            return RuleError::NotOnBoard { piece: thrower };
        };
        if thrower.color() != me {
            return RuleError::NotYourPiece {
                piece: thrower,
                owner: thrower.color(),
                to_move: me,
            };
        }
        if !self.queen_placed(me) {
            return RuleError::QueenNotPlaced { piece: thrower };
        }
        if let Some(by) = self.top(at).filter(|&top| top != thrower) {
            return RuleError::PillbugCovered {
                pillbug: thrower,
                by,
            };
        }
        if thrower.bug() == Bug::Mosquito
            && (self.height(at) > 1 || !self.touched_bugs(at).contains(&Bug::Pillbug))
        {
            return RuleError::MosquitoNoPillbug { piece: thrower };
        }
        if self.last_moved == thrower.id() as u8 {
            return RuleError::JustThrown { piece: thrower };
        }
        if thrower == piece || at.direction_to(from).is_none() {
            return RuleError::NotNextToPillbug {
                pillbug: thrower,
                piece,
            };
        }
        if self.height(from) != 1 {
            return RuleError::ThrowStacked { piece };
        }
        if self.last_moved == piece.id() as u8 {
            return if piece.color() == me {
                RuleError::JustThrown { piece }
            } else {
                RuleError::JustMoved { piece }
            };
        }
        let cell = self.cell_name(Move::Move { piece, from, to });
        let (Some(lift), Some(drop)) = (at.direction_to(from), at.direction_to(to)) else {
            return RuleError::ThrowTooFar {
                pillbug: thrower,
                cell,
            };
        };
        if self.height(to) > 0 {
            return RuleError::ThrowOnOccupied {
                pillbug: thrower,
                cell,
            };
        }
        if self.pinned_pieces() & (1 << piece.id()) != 0 {
            return RuleError::WouldSplitHive { piece };
        }
        // What is left: the climbing gate over the pillbug, on the lift or the
        // drop (two stacks beside the step, both higher than the pillbug).
        let gate = |dir: Direction| {
            let left = self.height(at.neighbor(dir.rotate(5)));
            let right = self.height(at.neighbor(dir.rotate(1)));
            left.min(right) > 1
        };
        if gate(lift) || gate(drop) {
            return RuleError::ThrowGate {
                pillbug: thrower,
                piece,
                cell,
            };
        }
        RuleError::CannotReach {
            piece,
            cell,
            how: "a Pillbug lifts a piece next to it over itself onto an empty cell next to itself",
        }
    }
}
