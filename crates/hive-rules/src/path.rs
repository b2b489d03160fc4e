//! The cells a moving piece travels through, for animations to follow.
//!
//! Nothing here knows how a bug moves: the path is the way the move
//! generator itself reached the destination (see [`Trail`]), so a move has a
//! path exactly when the generator lists it.

use super::game::{Game, Move};
use super::hex::Hex;
use super::movegen::{Sink, Trail};

/// Listens to one piece's destinations for one of them, and rebuilds the way
/// the generator went there.
struct PathTo {
    from: Hex,
    to: Hex,
    /// Each cell an ant walk reached, with the cell it came from (the
    /// generator walks breadth first for this sink, so following these back
    /// from a cell gives a shortest walk to it).
    came_from: Vec<(Hex, Hex)>,
    found: Option<Vec<Hex>>,
}

impl PathTo {
    /// The cells of an ant walk from the start to `cell`, which it reached.
    fn walk_to(&self, cell: Hex) -> Vec<Hex> {
        let mut path = vec![cell];
        let mut at = cell;
        while at != self.from {
            match self.came_from.iter().find(|&&(c, _)| c == at) {
                Some(&(_, before)) => at = before,
                None => break,
            }
            path.push(at);
        }
        path.reverse();
        path
    }
}

impl Sink for PathTo {
    const BREADTH_FIRST: bool = true;

    fn emit(&mut self, to: Hex, trail: Trail) {
        if self.found.is_some() {
            return;
        }
        if let Trail::After(before) = trail {
            self.came_from.push((to, before));
        }
        if to != self.to {
            return;
        }
        let from = self.from;
        self.found = Some(match trail {
            Trail::Step => vec![from, to],
            Trail::Walk(c1, c2) => vec![from, c1, c2, to],
            Trail::Line(dir) => {
                let mut line = vec![from];
                let mut cell = from;
                while cell != to {
                    cell = cell.neighbor(dir);
                    line.push(cell);
                }
                line
            }
            Trail::After(_) => self.walk_to(to),
        });
    }
}

impl Game {
    /// The cells a move passes through, from its start to its end: one cell
    /// for a placement; the walk around the hive for ants and spiders; the
    /// line for a grasshopper; each step for a beetle or ladybug; start,
    /// pillbug and landing cell for a pillbug throw. Empty for a pass.
    ///
    /// The path is the one the move generator took, so it is empty exactly
    /// when the move is not legal here.
    pub fn path_of(&self, mv: Move) -> Vec<Hex> {
        match mv {
            Move::Pass => Vec::new(),
            Move::Place { .. } if self.check_move(mv).is_err() => Vec::new(),
            Move::Place { to, .. } => vec![to],
            Move::Move { piece, from, to } => self
                .own_path(mv)
                .or_else(|| {
                    let mut via = None;
                    self.throws_of(piece, from, to, |at| via = via.or(Some(at)));
                    via.map(|at| vec![from, at, to])
                })
                .unwrap_or_default(),
        }
    }

    /// Whether `mv` is a legal pillbug throw here: a piece moved by a
    /// neighbouring Pillbug (or Mosquito copying one), not by itself.
    pub fn is_throw(&self, mv: Move) -> bool {
        matches!(mv, Move::Move { .. })
            && self.own_path(mv).is_none()
            && !self.path_of(mv).is_empty()
    }

    /// The way the piece goes there by its own movement, if it can.
    fn own_path(&self, mv: Move) -> Option<Vec<Hex>> {
        let Move::Move { piece, from, to } = mv else {
            return None;
        };
        let id = piece.id();
        if self.status.is_over()
            || piece.color() != self.to_move
            || !self.queen_placed(self.to_move)
            || self.position(piece) != Some(from)
            || !self.can_move_itself(id, self.pinned_pieces())
        {
            return None;
        }
        let mut sink = PathTo {
            from,
            to,
            came_from: Vec::new(),
            found: None,
        };
        self.piece_moves(id, &mut sink);
        sink.found
    }
}
