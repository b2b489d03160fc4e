//! The pillbug's special ability (also the mosquito's, touching a
//! pillbug): lift an adjacent piece over itself onto an empty neighbour.

use super::pinned::Pinned;
use super::tables::{after, before};
use crate::game::{Game, Move, NONE};
use crate::hex::Hex;
use crate::piece::{Bug, Piece};

impl Game {
    /// The side to move's pieces that can use the pillbug's power now: its
    /// pillbug and its mosquito, each when able.
    #[inline]
    pub(super) fn pillbug_actors(&self) -> [Option<Piece>; 2] {
        [Bug::Pillbug, Bug::Mosquito].map(|bug| {
            Piece::new(self.to_move, bug, 1).filter(|&actor| self.can_use_pillbug_power(actor))
        })
    }

    /// Whether `actor` (the side to move's pillbug, or its mosquito touching a
    /// pillbug) may use the pillbug's ability now.
    pub(crate) fn can_use_pillbug_power(&self, actor: Piece) -> bool {
        let id = actor.id();
        if !self.is_placed(actor) || id as u8 == self.last_moved {
            return false;
        }
        let at = self.pos[id];
        if self.height[at.index()] != 1 {
            return false;
        }
        match actor.bug() {
            Bug::Pillbug => true,
            Bug::Mosquito => at.neighbors().iter().any(|n| {
                let t = self.top[n.index()];
                t != NONE && Piece::from_id(t).bug() == Bug::Pillbug
            }),
            _ => false,
        }
    }

    /// The pillbug throws of the side to move that move `piece` from `from`
    /// to `to`, handed to `found` with the thrower's cell.
    pub(crate) fn throws_of(&self, piece: Piece, from: Hex, to: Hex, mut found: impl FnMut(Hex)) {
        if self.status.is_over() || !self.queen_placed(self.to_move) {
            return;
        }
        let target = Move::Move { piece, from, to };
        let mut pinned = Pinned::new(self);
        for actor in self.pillbug_actors().into_iter().flatten() {
            let at = self.pos[actor.id()];
            self.each_throw_by(actor, &mut pinned, |mv| {
                if mv == target {
                    found(at);
                }
            });
        }
    }

    /// Throws by `actor` (already known able to act): lift a neighbour that is
    /// alone on its cell, free to leave and not just moved, over the actor, and
    /// drop it on an empty neighbour of the actor; both legs obey the climbing
    /// gate rule.
    pub(super) fn throws_by(&self, actor: Piece, pinned: &mut Pinned, out: &mut Vec<Move>) {
        self.each_throw_by(actor, pinned, |mv| out.push(mv));
    }

    /// [`Game::throws_by`], handing each throw to `found`.
    pub(super) fn each_throw_by(
        &self,
        actor: Piece,
        pinned: &mut Pinned,
        mut found: impl FnMut(Move),
    ) {
        let at = self.pos[actor.id()];
        // The heights around the actor, looked up once; a step between two
        // of its neighbours passes the gate unless both cells beside it (the
        // neighbours before and after) are higher than the actor.
        let h: [u8; 6] = std::array::from_fn(|i| self.height[at.neighbor_at(i).index()]);
        let gated = |i: usize| h[before(i)].min(h[after(i)]) > 1;
        let mut drops = 0u8;
        for (i, &height) in h.iter().enumerate() {
            if height == 0 && !gated(i) {
                drops |= 1 << i;
            }
        }
        if drops == 0 {
            return;
        }
        for (i, &height) in h.iter().enumerate() {
            if height != 1 {
                continue;
            }
            let from = at.neighbor_at(i);
            let target = self.top[from.index()];
            // Lift from the ground (level 0) onto the actor (height 1).
            if target == self.last_moved || gated(i) || pinned.contains(target as usize, from) {
                continue;
            }
            // The lifted cell held one piece, so it never closes a gate of height 2.
            let mut rest = drops;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                found(Move::Move {
                    piece: Piece::from_id(target),
                    from,
                    to: at.neighbor_at(j),
                });
            }
        }
    }
}
