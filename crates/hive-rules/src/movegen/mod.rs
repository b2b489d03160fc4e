//! Legal move generation: placements, each bug's movement and the pillbug's
//! special ability, with One Hive, freedom to move and climbing gates.
//!
//! The generators work on the board with the moving piece lifted off its
//! cell ([`board::Lifted`]), so gates, contact and jumps never see it, and
//! hand each destination to a [`Sink`]: the move list, a counter (perft) or
//! a path finder (animations).

mod ant;
mod ant_count;
mod board;
mod mosquito;
mod perft;
mod pillbug;
mod pinned;
mod placement;
mod steps;
mod tables;
#[cfg(test)]
mod tests;

pub(crate) use tables::SLIDES;

use ant::ant_moves;
use board::{CellSet, Lifted};
use pinned::Pinned;
use steps::{beetle_moves, grasshopper_moves, ladybug_moves, slide_moves, spider_moves};

use crate::game::{Game, Move};
use crate::hex::{Direction, Hex};
use crate::piece::{Bug, PIECE_COUNT, PIECES_PER_SIDE, Piece};

/// How a generator reached a destination: all a path needs, at no cost to
/// generators that only want the destination.
#[derive(Copy, Clone)]
pub(crate) enum Trail {
    /// One step from the start.
    Step,
    /// A straight jump in this direction (grasshopper).
    Line(Direction),
    /// Three steps through these two cells (spider, ladybug).
    Walk(Hex, Hex),
    /// A walk of any length whose last step came from this cell, itself the
    /// start or an earlier destination of the same walk (ant).
    After(Hex),
}

/// Where the movement generators put one piece's destinations.
pub(crate) trait Sink {
    /// Whether the ant's walk should go breadth first, so that each cell's
    /// trail is a shortest walk (for paths); otherwise it goes depth first,
    /// which fixes the order of the generated moves.
    const BREADTH_FIRST: bool = false;

    /// `to` is reachable, by way of `trail`.
    fn emit(&mut self, to: Hex, trail: Trail);
}

/// Counts one piece's destinations.
pub(super) struct Counter(pub(super) usize);

impl Sink for Counter {
    #[inline]
    fn emit(&mut self, _to: Hex, _trail: Trail) {
        self.0 += 1;
    }
}

/// Whether a bug's generator may reach one cell by two ways (then its sink
/// must keep each destination once): a spider's or ladybug's walks, and a
/// ground mosquito's several borrowed movements. An ant's walk, a
/// grasshopper's lines and one-step movements reach each cell once.
#[inline]
fn may_repeat(bug: Bug) -> bool {
    matches!(bug, Bug::Spider | Bug::Ladybug | Bug::Mosquito)
}

/// Collects one piece's destinations as moves (each once when `DEDUP`).
struct Emitter<'a, const DEDUP: bool> {
    out: &'a mut Vec<Move>,
    piece: Piece,
    from: Hex,
    seen: CellSet,
}

impl<const DEDUP: bool> Sink for Emitter<'_, DEDUP> {
    #[inline]
    fn emit(&mut self, to: Hex, _trail: Trail) {
        if !DEDUP || self.seen.insert(to) {
            self.out.push(Move::Move {
                piece: self.piece,
                from: self.from,
                to,
            });
        }
    }
}

/// Looks for one destination among a piece's.
struct Finder {
    to: Hex,
    found: bool,
}

impl Sink for Finder {
    #[inline]
    fn emit(&mut self, to: Hex, _trail: Trail) {
        self.found |= to == self.to;
    }
}

impl Game {
    /// All legal moves for the side to move, appended to `out`.
    ///
    /// `pass` alone when nothing else is legal; nothing once the game is over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.status.is_over() {
            return;
        }
        let start = out.len();
        self.placements(out);
        self.movements(out);
        if out.len() == start {
            out.push(Move::Pass);
        }
    }

    /// Whether `mv` is legal now: the same answer as looking for it in
    /// [`Game::legal_moves`], but generating only what could give it (the
    /// placement cells for a placement; the moving piece's own destinations
    /// and the pillbug throws for a movement), not every move.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.status.is_over() {
            return false;
        }
        match mv {
            Move::Pass => {
                let mut all = Vec::new();
                self.legal_moves(&mut all);
                all == [Move::Pass]
            }
            Move::Place { piece, to } => {
                if self.placeable() & (1 << piece.id()) == 0 {
                    return false;
                }
                let mut found = false;
                self.each_placement_cell(|cell| found |= cell == to);
                found
            }
            Move::Move { piece, from, to } => {
                if !self.queen_placed(self.to_move) {
                    return false;
                }
                let id = piece.id();
                let mut pinned = Pinned::new(self);
                if piece.color() == self.to_move
                    && self.placed & (1 << id) != 0
                    && self.pos[id] == from
                    && id as u8 != self.last_moved
                    && self.top[from.index()] as usize == id
                    && (self.height[from.index()] > 1 || !pinned.contains(id, from))
                {
                    let mut finder = Finder { to, found: false };
                    self.piece_moves(id, &mut finder);
                    if finder.found {
                        return true;
                    }
                }
                let mut thrown = false;
                for actor in self.pillbug_actors().into_iter().flatten() {
                    self.each_throw_by(actor, &mut pinned, |throw| thrown |= throw == mv);
                }
                thrown
            }
        }
    }

    /// The legal moves of one piece: its placements if in hand, otherwise its
    /// own movements and the pillbug throws that would move it.
    pub fn legal_moves_for(&self, piece: Piece) -> Vec<Move> {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        all.retain(|m| m.piece() == Some(piece));
        all
    }

    /// The throws the pillbug (or pillbug-touching mosquito) `actor` can make now.
    pub fn pillbug_throws(&self, actor: Piece) -> Vec<Move> {
        let mut out = Vec::new();
        if self.status.is_over()
            || actor.color() != self.to_move
            || !self.queen_placed(self.to_move)
            || !self.can_use_pillbug_power(actor)
        {
            return out;
        }
        let mut pinned = Pinned::new(self);
        self.throws_by(actor, &mut pinned, &mut out);
        let mut seen: Vec<Move> = Vec::with_capacity(out.len());
        out.retain(|m| {
            let fresh = !seen.contains(m);
            seen.push(*m);
            fresh
        });
        out
    }

    /// The side to move's pieces that may move by themselves: on top of
    /// their stack, not the piece the opponent just moved (or threw), and
    /// not holding the hive together (asked of `pinned` only when lifting
    /// the piece could split it); `found` gets each one's id and cell.
    #[inline]
    fn each_free_piece(&self, pinned: &mut Pinned, mut found: impl FnMut(usize, Hex)) {
        let base = self.to_move.index() * PIECES_PER_SIDE;
        let mut own = self.placed & (((1 << PIECES_PER_SIDE) - 1) << base);
        while own != 0 {
            let id = own.trailing_zeros() as usize;
            own &= own - 1;
            let from = self.pos[id];
            if id as u8 == self.last_moved
                || self.top[from.index()] as usize != id
                || (self.height[from.index()] == 1 && pinned.contains(id, from))
            {
                continue;
            }
            found(id, from);
        }
    }

    /// Movements and pillbug throws for the side to move, appended to `out`.
    fn movements(&self, out: &mut Vec<Move>) {
        if !self.queen_placed(self.to_move) {
            return;
        }
        let actors = self.pillbug_actors();
        let mut pinned = Pinned::new(self);
        let mut ranges = [(0u16, 0u16); PIECE_COUNT];
        self.each_free_piece(&mut pinned, |id, from| {
            let piece = Piece::from_id(id as u8);
            let seen = CellSet::new();
            let start = out.len();
            if may_repeat(piece.bug()) {
                let mut emitter = Emitter::<true> {
                    out,
                    piece,
                    from,
                    seen,
                };
                self.piece_moves(id, &mut emitter);
            } else {
                let mut emitter = Emitter::<false> {
                    out,
                    piece,
                    from,
                    seen,
                };
                self.piece_moves(id, &mut emitter);
            }
            ranges[id] = (start as u16, out.len() as u16);
        });

        // Pillbug throws: a thrown piece's move may equal one of its own moves
        // (same MoveString), so each is checked against those first.
        let throws_start = out.len();
        for &actor in actors.iter().flatten() {
            self.throws_by(actor, &mut pinned, out);
        }
        if out.len() == throws_start {
            return;
        }
        // Keep only throws that are new: not a move the piece makes itself,
        // nor the same throw by the other actor.
        let mut kept = throws_start;
        for i in throws_start..out.len() {
            let throw = out[i];
            let Some(piece) = throw.piece() else { continue };
            let (start, end) = ranges[piece.id()];
            if out[start as usize..end as usize].contains(&throw)
                || out[throws_start..kept].contains(&throw)
            {
                continue;
            }
            out[kept] = throw;
            kept += 1;
        }
        out.truncate(kept);
    }

    /// Whether the piece with this id may move by its own power now (it is
    /// on the board, on top, not just moved, and not pinned on the ground),
    /// given the pinned pieces. Colour and queen are the caller's business.
    #[inline]
    pub(crate) fn can_move_itself(&self, id: usize, pinned: u32) -> bool {
        if self.placed & (1 << id) == 0 || id as u8 == self.last_moved {
            return false;
        }
        let from = self.pos[id];
        self.top[from.index()] as usize == id
            && (self.height[from.index()] > 1 || pinned & (1 << id) == 0)
    }

    /// The destinations of the piece with this id (which may move itself),
    /// by its own movement, into `sink`.
    pub(crate) fn piece_moves<S: Sink>(&self, id: usize, sink: &mut S) {
        let from = self.pos[id];
        let view = Lifted::new(self, from);
        match Piece::from_id(id as u8).bug() {
            Bug::Mosquito if self.height[from.index()] > 1 => beetle_moves(&view, from, sink),
            Bug::Mosquito => self.mosquito_moves(&view, from, sink),
            bug => bug_moves(bug, &view, from, sink),
        }
    }
}

/// The destinations of a `bug` on `from` by its own movement, into `sink`.
fn bug_moves<S: Sink>(bug: Bug, h: &Lifted, from: Hex, sink: &mut S) {
    match bug {
        Bug::Queen | Bug::Pillbug => slide_moves(h, from, sink),
        Bug::Ant => ant_moves(h, from, sink),
        Bug::Grasshopper => grasshopper_moves(h, from, sink),
        Bug::Spider => spider_moves(h, from, sink),
        Bug::Beetle => beetle_moves(h, from, sink),
        Bug::Ladybug => ladybug_moves(h, from, sink),
        // A mosquito on the ground is handled by Game::mosquito_moves; one on
        // top moves as a beetle.
        Bug::Mosquito => beetle_moves(h, from, sink),
    }
}
