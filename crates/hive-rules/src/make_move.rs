//! Playing and taking back moves: the board's incremental state (stack
//! tops, the neighbour masks, the slides, the hive's Euler count and the
//! hashes) kept up to date by every move and every undo, with the hashes or,
//! for perft, without them.

use super::error::RuleError;
use super::game::{Game, Move, NONE, Record};
use super::hex::{Direction, Hex};
use super::movegen::SLIDES;
use super::piece::PIECES_PER_SIDE;
use super::zobrist;

/// For each occupied-neighbour mask of a cell, how `E - V - T` of the
/// occupied cells changes when the cell fills: one vertex, an edge per
/// occupied neighbour, a triangle per two adjacent occupied neighbours (the
/// number of runs of occupied neighbours minus one, or -1 when all six are
/// occupied: a one-cell hole is filled).
const EULER_ADD: [i8; 64] = {
    let mut table = [0i8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut delta = -1i8;
        let mut i = 0;
        while i < 6 {
            if (mask >> i) & 1 == 1 {
                delta += 1;
                if (mask >> ((i + 1) % 6)) & 1 == 1 {
                    delta -= 1;
                }
            }
            i += 1;
        }
        table[mask] = delta;
        mask += 1;
    }
    table
};

impl Game {
    /// The top of `cell` changes from `old` to `new` (piece ids or [`NONE`]):
    /// its neighbours' masks follow when the colour on top changes.
    #[inline]
    fn retop(&mut self, cell: Hex, old: u8, new: u8) {
        let side = |id: u8| (id != NONE).then(|| usize::from(id as usize >= PIECES_PER_SIDE));
        let (was, now) = (side(old), side(new));
        if was == now {
            return;
        }
        for dir in Direction::ALL {
            let n = cell.neighbor(dir).index();
            let bit = 1 << dir.opposite().index();
            if let Some(was) = was {
                self.around[was][n] &= !bit;
            }
            if let Some(now) = now {
                self.around[now][n] |= bit;
            }
            match (was, now) {
                (None, _) => self.occupied[n] |= bit,
                (_, None) => self.occupied[n] &= !bit,
                _ => continue,
            }
            self.slides[n] = SLIDES[self.occupied[n] as usize];
        }
    }

    /// Put `piece` on top of `to` (and its keys into the hashes when `HASH`).
    fn put<const HASH: bool>(&mut self, piece: u8, to: Hex) {
        let c = to.index();
        let level = self.height[c];
        if level == 0 {
            self.euler += EULER_ADD[self.occupied_around(to) as usize];
        }
        self.under[piece as usize] = self.top[c];
        self.retop(to, self.top[c], piece);
        self.top[c] = piece;
        self.height[c] = level + 1;
        self.pos[piece as usize] = to;
        if HASH {
            self.toggle_keys(piece, c, level);
        }
    }

    /// The keys of `piece` at `level` on the cell with index `c`, into
    /// both hashes (in or out).
    #[inline]
    fn toggle_keys(&mut self, piece: u8, c: usize, level: u8) {
        self.hash ^=
            zobrist::CELL[piece as usize][c] ^ zobrist::LEVEL[piece as usize][level as usize];
        self.board_hash ^= zobrist::BUG_CELL[piece as usize][c]
            ^ zobrist::BUG_LEVEL[piece as usize][level as usize];
    }

    /// Take `piece` off the top of `from` (and its keys out of the hashes
    /// when `HASH`).
    fn take<const HASH: bool>(&mut self, piece: u8, from: Hex) {
        let c = from.index();
        let level = self.height[c] - 1;
        self.height[c] = level;
        if level == 0 {
            self.euler -= EULER_ADD[self.occupied_around(from) as usize];
        }
        self.retop(from, piece, self.under[piece as usize]);
        self.top[c] = self.under[piece as usize];
        if HASH {
            self.toggle_keys(piece, c, level);
        }
    }

    /// Set the piece moved last (and its key in `hash` when `HASH`).
    fn set_last_moved<const HASH: bool>(&mut self, piece: u8) {
        if HASH && self.last_moved != NONE {
            self.hash ^= zobrist::JUST_MOVED[self.last_moved as usize][0];
        }
        self.last_moved = piece;
        if HASH && piece != NONE {
            self.hash ^= zobrist::JUST_MOVED[piece as usize][0];
        }
    }

    /// Play a move known to be legal (taken from [`Game::legal_moves`]).
    ///
    /// The fast path for search: no checks. Use [`Game::play`] for moves
    /// that come from a player.
    pub fn apply_unchecked(&mut self, mv: Move) {
        self.apply::<true>(mv);
    }

    /// [`Game::apply_unchecked`] that leaves the hashes as they are, for
    /// perft: every move it plays is taken back by [`Game::undo_unhashed`]
    /// before anything reads a hash, and without the optional threefold
    /// repetition rule (which reads the board hash) no move's result
    /// depends on one. The hashes are right again once the move is undone.
    pub(crate) fn apply_unhashed(&mut self, mv: Move) {
        debug_assert!(!self.options.threefold_repetition);
        self.apply::<false>(mv);
    }

    #[inline]
    fn apply<const HASH: bool>(&mut self, mv: Move) {
        self.history.push(Record {
            mv,
            last_moved: self.last_moved,
            status: self.status,
            board_hash: self.board_hash,
        });
        match mv {
            Move::Place { piece, to } => {
                self.placed |= 1 << piece.id();
                self.put::<HASH>(piece.id() as u8, to);
                self.set_last_moved::<HASH>(piece.id() as u8);
            }
            Move::Move { piece, from, to } => {
                self.take::<HASH>(piece.id() as u8, from);
                self.put::<HASH>(piece.id() as u8, to);
                self.set_last_moved::<HASH>(piece.id() as u8);
            }
            Move::Pass => self.set_last_moved::<HASH>(NONE),
        }
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        if HASH {
            self.hash ^= zobrist::BLACK_TO_MOVE;
            self.board_hash ^= zobrist::BLACK_TO_MOVE;
            self.hashes.push(self.hash);
        }
        self.status = self.compute_status();
    }

    /// Check a move against every rule, then play it.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        self.check_move(mv)?;
        self.apply_unchecked(mv);
        Ok(())
    }

    /// Take back the last move; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Move> {
        self.undo_with::<true>()
    }

    /// Take back a move played by [`Game::apply_unhashed`].
    pub(crate) fn undo_unhashed(&mut self) {
        self.undo_with::<false>();
    }

    #[inline]
    fn undo_with<const HASH: bool>(&mut self) -> Option<Move> {
        let record = self.history.pop()?;
        match record.mv {
            Move::Place { piece, to } => {
                self.take::<HASH>(piece.id() as u8, to);
                self.placed &= !(1 << piece.id());
            }
            Move::Move { piece, from, to } => {
                self.take::<HASH>(piece.id() as u8, to);
                self.put::<HASH>(piece.id() as u8, from);
            }
            Move::Pass => {}
        }
        self.set_last_moved::<HASH>(record.last_moved);
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
        if HASH {
            self.hashes.pop();
            self.hash ^= zobrist::BLACK_TO_MOVE;
            self.board_hash ^= zobrist::BLACK_TO_MOVE;
        }
        self.status = record.status;
        Some(record.mv)
    }
}
