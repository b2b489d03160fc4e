//! Checking one move against the rules, and saying which rule it breaks.
//!
//! A move is legal exactly when [`Game::legal_moves`] lists it; the checks
//! here only find the clearest reason to give when it does not.

use super::error::{RuleError, how_it_moves};
use super::game::{Game, Move};
use super::hex::Hex;
use super::piece::{Bug, Color, Piece};

impl Game {
    /// `Ok` if the move is legal now, else the rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), RuleError> {
        if self.status.is_over() {
            return Err(RuleError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if legal.contains(&mv) {
            return Ok(());
        }
        match mv {
            Move::Pass => Err(RuleError::PassNotAllowed),
            _ if legal == [Move::Pass] => Err(RuleError::MustPass),
            Move::Place { piece, to } => Err(self.placement_error(piece, to)),
            Move::Move { piece, from, to } => Err(self.movement_error(piece, from, to)),
        }
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
        if !self.has_piece(piece) {
            return Some(RuleError::BugNotInGame { bug: piece.bug() });
        }
        let placed = self.is_placed(piece);
        if !placed {
            return Some(self.placement_error(piece, Hex::ORIGIN)).filter(|e| {
                !matches!(
                    e,
                    RuleError::PlaceOnOccupied | RuleError::FirstPieceAtOrigin
                )
            });
        }
        Some(
            self.piece_error(piece)
                .unwrap_or(RuleError::NoMoves { piece }),
        )
    }

    fn common_errors(&self, piece: Piece) -> Result<(), RuleError> {
        if !self.has_piece(piece) {
            return Err(RuleError::BugNotInGame { bug: piece.bug() });
        }
        Ok(())
    }

    fn placement_error(&self, piece: Piece, to: Hex) -> RuleError {
        let me = self.to_move;
        if let Err(e) = self.common_errors(piece) {
            return e;
        }
        if piece.color() != me {
            return RuleError::NotYourPiece {
                piece,
                owner: piece.color(),
                to_move: me,
            };
        }
        if self.is_placed(piece) {
            return RuleError::AlreadyPlaced { piece };
        }
        if let Some(expected) = self.next_in_hand(me, piece.bug())
            && expected != piece
        {
            return RuleError::WrongPieceNumber { piece, expected };
        }
        let turn = self.turn_number();
        if piece.bug() == Bug::Queen && turn == 1 && self.options.tournament_opening {
            return RuleError::QueenOnFirstTurn;
        }
        if piece.bug() != Bug::Queen && turn == 4 && !self.queen_placed(me) {
            return RuleError::QueenByFourthTurn;
        }
        if self.ply == 0 {
            return RuleError::FirstPieceAtOrigin;
        }
        if self.height(to) > 0 {
            return RuleError::PlaceOnOccupied;
        }
        let tops: Vec<Color> = to
            .neighbors()
            .iter()
            .filter_map(|&n| self.top(n))
            .map(Piece::color)
            .collect();
        if self.ply == 1 {
            return RuleError::PlaceNotNextToFirst;
        }
        if tops.contains(&me.opponent()) {
            RuleError::PlaceNextToOpponent
        } else if !tops.contains(&me) {
            RuleError::PlaceNotTouchingOwn
        } else {
            RuleError::NoMoves { piece }
        }
    }

    /// Reasons a piece on the board cannot move at all (or cannot be moved).
    fn piece_error(&self, piece: Piece) -> Option<RuleError> {
        let me = self.to_move;
        if !self.queen_placed(me) {
            return Some(if self.turn_number() == 4 {
                RuleError::QueenByFourthTurn
            } else {
                RuleError::QueenNotPlaced
            });
        }
        let at = self.pos[piece.id()];
        if self.top(at) != Some(piece) {
            return Some(RuleError::Covered { piece });
        }
        if self.last_moved == piece.id() as u8 {
            return Some(RuleError::JustMoved { piece });
        }
        if piece.color() != me {
            return Some(RuleError::NotYourPiece {
                piece,
                owner: piece.color(),
                to_move: me,
            });
        }
        if self.height(at) == 1 && self.pinned_pieces() & (1 << piece.id()) != 0 {
            return Some(RuleError::WouldSplitHive { piece });
        }
        if piece.bug() == Bug::Mosquito
            && self.height(at) == 1
            && at
                .neighbors()
                .iter()
                .all(|&n| self.top(n).is_none_or(|p| p.bug() == Bug::Mosquito))
        {
            return Some(RuleError::MosquitoTouchesNothing);
        }
        None
    }

    fn movement_error(&self, piece: Piece, from: Hex, to: Hex) -> RuleError {
        if let Err(e) = self.common_errors(piece) {
            return e;
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
        if let Some(error) = self.piece_error(piece) {
            return error;
        }
        let one_step = matches!(piece.bug(), Bug::Queen | Bug::Pillbug | Bug::Beetle)
            || (piece.bug() == Bug::Mosquito && self.height(from) > 1);
        if one_step && from.direction_to(to).is_some() {
            let climbing = piece.bug() != Bug::Queen && piece.bug() != Bug::Pillbug;
            if climbing || self.height(to) == 0 {
                return RuleError::GateTooNarrow { piece };
            }
        }
        let how = if piece.bug() == Bug::Mosquito && self.height(from) > 1 {
            "a Mosquito on top of the hive moves as a Beetle"
        } else {
            how_it_moves(piece.bug())
        };
        RuleError::CannotReach { piece, how }
    }
}
