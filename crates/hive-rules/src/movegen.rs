//! Legal move generation: placements, each bug's movement and the pillbug's
//! special ability, with One Hive, freedom to move and climbing gates.
//!
//! The hot loop works on a copy of the height map in which the moving piece
//! is lifted off its cell, so gates, contact and jumps never see it.

use super::game::{Game, Move, NONE};
use super::hex::{CELLS, Direction, Hex};
use super::piece::{Bug, Color, PIECE_COUNT, PIECES_PER_SIDE, Piece};

/// A set of cells as a 1024-bit bitmap.
#[derive(Clone, Copy)]
pub(super) struct CellSet([u64; CELLS / 64]);

impl CellSet {
    pub(super) const fn new() -> CellSet {
        CellSet([0; CELLS / 64])
    }

    /// Adds a cell; true if it was not there yet.
    #[inline]
    pub(super) fn insert(&mut self, hex: Hex) -> bool {
        let (word, bit) = (hex.index() / 64, 1u64 << (hex.index() % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }

    /// Whether a cell is in the set.
    #[inline]
    pub(super) fn contains(&self, hex: Hex) -> bool {
        self.0[hex.index() / 64] & (1u64 << (hex.index() % 64)) != 0
    }
}

/// The board as a moving piece sees it: the piece lifted off its cell, so
/// gates, contact and jumps never see it. Nothing is copied: heights and
/// neighbour masks are the game's, corrected around the lifted cell.
#[derive(Copy, Clone)]
pub(super) struct Lifted<'a> {
    game: &'a Game,
    from: Hex,
    /// The lifted piece was alone on its cell, which is now empty.
    empties: bool,
}

/// For a cell at torus offset `o` from the lifted cell, the bit of the
/// direction back to it (0 unless `o` is one step): what lifting a lone
/// piece clears from that cell's neighbour mask.
const LIFT: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut i = 0;
    while i < 6 {
        let dir = Direction::ALL[i];
        table[(Hex::ORIGIN.neighbor(dir).index() + CELLS - Hex::ORIGIN.index()) % CELLS] |=
            1 << dir.opposite().index();
        i += 1;
    }
    table
};

impl<'a> Lifted<'a> {
    /// The game with the top piece of `from` lifted.
    #[inline]
    pub(super) fn new(game: &'a Game, from: Hex) -> Lifted<'a> {
        Lifted {
            game,
            from,
            empties: game.height[from.index()] == 1,
        }
    }

    /// The stack height of a cell.
    #[inline]
    fn h(&self, cell: Hex) -> u8 {
        self.game.height[cell.index()] - u8::from(cell == self.from)
    }

    /// Bit `i` set when the neighbour in direction `Direction::ALL[i]` is occupied.
    #[inline]
    fn mask(&self, cell: Hex) -> u8 {
        let mask = self.game.occupied_around(cell);
        if self.empties {
            mask & !LIFT[cell.index().wrapping_sub(self.from.index()) % CELLS]
        } else {
            mask
        }
    }

    /// The directions a ground piece at `cell` can slide in.
    #[inline]
    fn slides(&self, cell: Hex) -> u8 {
        SLIDES[self.mask(cell) as usize]
    }

    /// Can a piece step from `from` to its neighbour in `dir`? Applies the
    /// sliding rule on the ground (exactly one of the two shared neighbours
    /// occupied) and the climbing gate rule above it.
    #[inline]
    fn can_step(&self, from: Hex, dir: Direction) -> bool {
        let left = self.h(from.neighbor(dir.rotate(5)));
        let right = self.h(from.neighbor(dir.rotate(1)));
        let h1 = self.h(from);
        let h2 = self.h(from.neighbor(dir));
        if h1 == 0 && h2 == 0 {
            (left == 0) != (right == 0)
        } else {
            left.min(right) <= h1.max(h2)
        }
    }
}

/// For each occupied-neighbour mask, the directions a ground piece can slide
/// in: the target is empty and exactly one of the two cells beside the step
/// is occupied. (256 entries, the last 192 repeating the first 64, so that
/// any `u8` indexes it without a bounds check.)
pub(super) const SLIDES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut index = 0;
    while index < 256 {
        let mask = index & 63;
        let mut dirs = 0;
        let mut i = 0;
        while i < 6 {
            let target = (mask >> i) & 1;
            let left = (mask >> ((i + 5) % 6)) & 1;
            let right = (mask >> ((i + 1) % 6)) & 1;
            if target == 0 && left != right {
                dirs |= 1 << i;
            }
            i += 1;
        }
        table[index] = dirs;
        index += 1;
    }
    table
};

/// For each occupied-neighbour mask, whether the occupied neighbours form
/// two runs or more around the cell. Only such a cell can be an
/// articulation point: with one run, its neighbours stay joined around it.
const SPLITS: [bool; 64] = {
    let mut table = [false; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut runs = 0;
        let mut i = 0;
        while i < 6 {
            // A run starts at an occupied neighbour whose predecessor is empty.
            if (mask >> i) & 1 == 1 && (mask >> ((i + 5) % 6)) & 1 == 0 {
                runs += 1;
            }
            i += 1;
        }
        table[mask] = runs > 1;
        mask += 1;
    }
    table
};

/// For each occupied-neighbour mask, the number of runs of occupied
/// neighbours around the cell (as many as the runs of empty ones, unless
/// all six or none are occupied).
const RUNS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut i = 0;
        while i < 6 {
            if (mask >> i) & 1 == 1 && (mask >> ((i + 5) % 6)) & 1 == 0 {
                table[mask] += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// For each occupied-neighbour mask, the empty neighbours whose two
/// neighbours around the cell are both occupied: gaps of one cell.
const SINGLE_GAPS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut i = 0;
        while i < 6 {
            if (mask >> i) & 1 == 0
                && (mask >> ((i + 5) % 6)) & 1 == 1
                && (mask >> ((i + 1) % 6)) & 1 == 1
            {
                table[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// The pinned pieces of a position: decided cell by cell from the
/// neighbour masks and the hive's hole count ([`Game::cut_cell`]), with
/// Tarjan's search run once, and only if a cell cannot be decided so.
pub(super) struct Pinned<'a> {
    game: &'a Game,
    mask: Option<u32>,
}

impl<'a> Pinned<'a> {
    pub(super) fn new(game: &'a Game) -> Pinned<'a> {
        Pinned { game, mask: None }
    }

    /// Whether the piece with this id, alone on `cell`, is pinned.
    #[inline]
    pub(super) fn contains(&mut self, id: usize, cell: Hex) -> bool {
        let around = self.game.occupied_around(cell);
        SPLITS[around as usize]
            && match self.game.cut_cell(cell, around) {
                Some(cut) => cut,
                None => {
                    *self.mask.get_or_insert_with(|| self.game.tarjan_pinned()) & (1 << id) != 0
                }
            }
    }
}

/// Tarjan's cut-vertex search, recursive (at most 28 deep).
struct CutSearch<'a> {
    game: &'a Game,
    /// Discovery time per top piece id, 0 until visited.
    disc: [u8; PIECE_COUNT],
    time: u8,
    pinned: u32,
}

impl CutSearch<'_> {
    /// Visit the stack on `cell` (top piece `v`, reached from `parent`);
    /// returns its low link.
    fn visit(&mut self, cell: Hex, v: u8, parent: u8) -> u8 {
        self.time += 1;
        let disc = self.time;
        self.disc[v as usize] = disc;
        let mut low = disc;
        let mut around = self.game.occupied_around(cell);
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let next = cell.neighbor_at(i);
            let n = self.game.top[next.index()];
            let seen = self.disc[n as usize];
            if seen == 0 {
                let below = self.visit(next, n, v);
                low = low.min(below);
                if below >= disc {
                    self.pinned |= 1 << v;
                }
            } else if n != parent {
                low = low.min(seen);
            }
        }
        low
    }
}

/// The piece slots of each bug within a side, in [`Bug::ALL`] order.
const BUG_SLOTS: [u32; 8] = [
    0b1,
    0b1110,
    0b111_0000,
    0b1_1000_0000,
    0b110_0000_0000,
    1 << 11,
    1 << 12,
    1 << 13,
];

/// Fixed-capacity list of cells (no heap in the hot loop).
pub(super) struct CellList {
    cells: [Hex; 128],
    len: usize,
}

impl CellList {
    fn new() -> CellList {
        CellList {
            cells: [Hex::ORIGIN; 128],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, hex: Hex) {
        if self.len < self.cells.len() {
            self.cells[self.len] = hex;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Hex] {
        &self.cells[..self.len]
    }
}

/// How a generator reached a destination: all a path needs, at no cost to
/// generators that only want the destination.
#[derive(Copy, Clone)]
pub(super) enum Trail {
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
pub(super) trait Sink {
    /// Whether the ant's walk should go breadth first, so that each cell's
    /// trail is a shortest walk (for paths); otherwise it goes depth first,
    /// which fixes the order of the generated moves.
    const BREADTH_FIRST: bool = false;

    /// `to` is reachable, by way of `trail`.
    fn emit(&mut self, to: Hex, trail: Trail);
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

/// Counts one piece's destinations (each once when `DEDUP`).
struct Counter<const DEDUP: bool> {
    count: usize,
    seen: CellSet,
}

impl<const DEDUP: bool> Sink for Counter<DEDUP> {
    #[inline]
    fn emit(&mut self, to: Hex, _trail: Trail) {
        if !DEDUP || self.seen.insert(to) {
            self.count += 1;
        }
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
        let pieces = self.placeable();
        if pieces != 0 {
            let mut cells = CellList::new();
            self.each_placement_cell(|cell| cells.push(cell));
            let mut rest = pieces;
            while rest != 0 {
                let piece = Piece::from_id(rest.trailing_zeros() as u8);
                rest &= rest - 1;
                for &to in cells.as_slice() {
                    out.push(Move::Place { piece, to });
                }
            }
        }
        self.movements(out, false);
        if out.len() == start {
            out.push(Move::Pass);
        }
    }

    /// The number of legal moves (what `legal_moves` would list), without
    /// building the placements.
    pub fn count_legal_moves(&self) -> usize {
        self.count_legal_moves_with(&mut Vec::new())
    }

    /// [`Game::count_legal_moves`] using `scratch` as working space (cleared first).
    pub(super) fn count_legal_moves_with(&self, scratch: &mut Vec<Move>) -> usize {
        if self.status.is_over() {
            return 0;
        }
        let pieces = self.placeable();
        let mut cells = 0;
        if pieces != 0 {
            self.each_placement_cell(|_| cells += 1);
        }
        let placements = cells * pieces.count_ones() as usize;
        scratch.clear();
        let movements = self.movements(scratch, true) + scratch.len();
        match placements + movements {
            0 => 1,
            n => n,
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

    /// The pieces the side to move may place now, one per bug (the
    /// lowest-numbered in hand), as a bit mask of piece ids.
    fn placeable(&self) -> u32 {
        let me = self.to_move;
        let base = me.index() * PIECES_PER_SIDE;
        let mut hand = (!self.placed >> base) & ((1 << PIECES_PER_SIDE) - 1);
        for (bug, slots) in [
            (Bug::Mosquito, BUG_SLOTS[5]),
            (Bug::Ladybug, BUG_SLOTS[6]),
            (Bug::Pillbug, BUG_SLOTS[7]),
        ] {
            if !self.game_type.includes(bug) {
                hand &= !slots;
            }
        }
        let turn = self.turn_number();
        if turn == 4 && !self.queen_placed(me) {
            hand &= BUG_SLOTS[0];
        } else if turn == 1 && self.options.tournament_opening {
            hand &= !BUG_SLOTS[0];
        }
        let mut pieces = 0;
        for slots in BUG_SLOTS {
            let of_bug = hand & slots;
            pieces |= of_bug & of_bug.wrapping_neg();
        }
        pieces << base
    }

    /// Each cell where the side to move may place, once.
    #[inline]
    fn each_placement_cell(&self, mut found: impl FnMut(Hex)) {
        match self.ply {
            0 => found(Hex::ORIGIN),
            1 => {
                if let Some(first) = self.occupied_cells().next() {
                    first.neighbors().into_iter().for_each(found);
                }
            }
            _ => self.placement_cells(self.to_move, found),
        }
    }

    /// Empty cells touching `me`'s stacks and none of the opponent's, each
    /// found once: from the first of its own-coloured neighbours, by the
    /// neighbour masks (no set to clear or fill).
    #[inline]
    fn placement_cells(&self, me: Color, mut found: impl FnMut(Hex)) {
        let (mine, theirs) = (
            &self.around[me.index()],
            &self.around[me.opponent().index()],
        );
        let base = me.index() * PIECES_PER_SIDE;
        let mut own = self.placed & (((1 << PIECES_PER_SIDE) - 1) << base);
        while own != 0 {
            let id = own.trailing_zeros() as usize;
            own &= own - 1;
            let hex = self.pos[id];
            if self.top[hex.index()] as usize != id {
                continue;
            }
            let mut empty = !self.occupied_around(hex) & 0b11_1111;
            while empty != 0 {
                let i = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let n = hex.neighbor_at(i).index();
                // Bit of the direction from `n` back to this stack.
                let back = 1u8 << opposite(i);
                if theirs[n] == 0 && mine[n] & (back - 1) == 0 {
                    found(Hex::from_index(n));
                }
            }
        }
    }

    /// Pieces whose cell is an articulation point of the hive, as a bit mask
    /// of the top piece ids of those cells: each cell decided by
    /// [`Game::cut_cell`], and by Tarjan's search only if one cannot be.
    pub(super) fn pinned_pieces(&self) -> u32 {
        let mut pinned = 0;
        let mut rest = self.placed;
        while rest != 0 {
            let id = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cell = self.pos[id];
            if self.top[cell.index()] as usize != id {
                continue;
            }
            let around = self.occupied_around(cell);
            if !SPLITS[around as usize] {
                continue;
            }
            match self.cut_cell(cell, around) {
                Some(true) => pinned |= 1 << id,
                Some(false) => {}
                None => return self.tarjan_pinned(),
            }
        }
        debug_assert_eq!(pinned, self.tarjan_pinned(), "{self:?}");
        pinned
    }

    /// Whether the occupied cell `cell`, whose occupied neighbours
    /// (`around`) form two runs or more, is an articulation point of the
    /// hive; `None` when the masks and the hole count cannot tell.
    ///
    /// On the hexagonal grid (a triangulation: no two steps cross), a cell
    /// is an articulation point exactly when two of its gaps (runs of empty
    /// neighbours) lie in the same empty region: an empty path between them
    /// closes a loop through the cell that parts the runs on either side.
    /// With no holes, every empty cell is outside the hive, so any two gaps
    /// share the outside. A gap that is a single cell with six occupied
    /// neighbours is a hole of its own, shared with no other gap; when the
    /// other gaps are one at most, or no other hole exists, that settles it.
    #[inline]
    pub(super) fn cut_cell(&self, cell: Hex, around: u8) -> Option<bool> {
        let holes = self.holes();
        if holes == 0 {
            return Some(true);
        }
        let gaps = RUNS[around as usize] as u32;
        let mut own_holes = 0;
        // Single-cell gaps: empty neighbours whose two neighbours around
        // `cell` are occupied.
        let mut single = SINGLE_GAPS[around as usize];
        while single != 0 {
            let i = single.trailing_zeros() as usize;
            single &= single - 1;
            if self.occupied_around(cell.neighbor_at(i)) == 0b11_1111 {
                own_holes += 1;
            }
        }
        if gaps - own_holes <= 1 {
            Some(false)
        } else if holes == own_holes {
            Some(true)
        } else {
            None
        }
    }

    /// [`Game::pinned_pieces`] by Tarjan's cut-vertex search (linear time).
    pub(super) fn tarjan_pinned(&self) -> u32 {
        if self.placed == 0 {
            return 0;
        }
        let root = self.pos[self.placed.trailing_zeros() as usize];
        let root_id = self.top[root.index()];
        // Depth-first search over occupied cells by top piece id, with the
        // discovery time per id; the root is pinned when it has two
        // subtrees or more.
        let mut search = CutSearch {
            game: self,
            disc: [0; PIECE_COUNT],
            time: 1,
            pinned: 0,
        };
        search.disc[root_id as usize] = 1;
        let mut children = 0;
        let mut around = self.occupied_around(root);
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let next = root.neighbor_at(i);
            let n = self.top[next.index()];
            if search.disc[n as usize] == 0 {
                children += 1;
                search.visit(next, n, root_id);
            }
        }
        if children > 1 {
            search.pinned |= 1 << root_id;
        }
        search.pinned
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
    ///
    /// With `count_only`, nothing is listed and the number of moves is
    /// returned ([`Game::count_movements`]); otherwise 0.
    fn movements(&self, out: &mut Vec<Move>, count_only: bool) -> usize {
        let me = self.to_move;
        if !self.queen_placed(me) {
            return 0;
        }
        let mut actors = [None; 2];
        for (slot, bug) in actors.iter_mut().zip([Bug::Pillbug, Bug::Mosquito]) {
            *slot = Piece::new(me, bug, 1).filter(|&actor| self.can_use_pillbug_power(actor));
        }
        if count_only {
            return self.count_movements(&actors);
        }
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
            return 0;
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
        0
    }

    /// The number of movements and pillbug throws for the side to move
    /// (queen placed), each counted once, with `actors` the pieces that can
    /// use the pillbug's power. Nothing is listed: a throw repeats a piece's
    /// own move exactly when it drops the piece on a cell the piece reaches
    /// by itself, so for the pieces beside an actor only that is kept, as
    /// bits over the cells a throw can drop on.
    fn count_movements(&self, actors: &[Option<Piece>; 2]) -> usize {
        // The empty cells beside the actors: where throws drop.
        let mut drops = [Hex::ORIGIN; 12];
        let mut drop_count = 0;
        let mut beside = 0u32;
        for actor in actors.iter().flatten() {
            let at = self.pos[actor.id()];
            let around = self.occupied_around(at);
            let mut dirs = around;
            while dirs != 0 {
                let i = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                beside |= 1 << self.top[at.neighbor_at(i).index()];
            }
            let mut empty = !around & 0b11_1111;
            while empty != 0 {
                let i = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let cell = at.neighbor_at(i);
                if !drops[..drop_count].contains(&cell) {
                    drops[drop_count] = cell;
                    drop_count += 1;
                }
            }
        }
        let drops = &drops[..drop_count];
        // Per piece beside an actor: bit k when it reaches drops[k] itself.
        let mut reaches = [0u16; PIECE_COUNT];
        let mut pinned = Pinned::new(self);
        let mut counted = 0;
        // The free ants not beside an actor.
        let mut ants = [Hex::ORIGIN; MAX_ANTS];
        let mut ant_count = 0;
        self.each_free_piece(&mut pinned, |id, from| {
            let bug = Piece::from_id(id as u8).bug();
            if beside & (1 << id) != 0 {
                let mut seen = CellSet::new();
                counted += if bug == Bug::Ant {
                    ant_reach(self, from, &mut seen)
                } else {
                    let mut counter = Counter::<true> { count: 0, seen };
                    self.piece_moves(id, &mut counter);
                    seen = counter.seen;
                    counter.count
                };
                let mut bits = 0;
                for (k, &cell) in drops.iter().enumerate() {
                    if seen.contains(cell) {
                        bits |= 1 << k;
                    }
                }
                reaches[id] = bits;
                return;
            }
            counted += match bug {
                // One slide: lifting the piece leaves its own cell's
                // neighbour mask as it is.
                Bug::Queen | Bug::Pillbug => {
                    SLIDES[self.occupied_around(from) as usize].count_ones() as usize
                }
                // Counted below, together.
                Bug::Ant => {
                    if ant_count < ants.len() {
                        ants[ant_count] = from;
                        ant_count += 1;
                    }
                    0
                }
                bug if may_repeat(bug) => {
                    let mut counter = Counter::<true> {
                        count: 0,
                        seen: CellSet::new(),
                    };
                    self.piece_moves(id, &mut counter);
                    counter.count
                }
                _ => {
                    let mut counter = Counter::<false> {
                        count: 0,
                        seen: CellSet::new(),
                    };
                    self.piece_moves(id, &mut counter);
                    counter.count
                }
            };
        });
        counted += self.count_ant_moves(&ants[..ant_count]);
        // Throws: new unless the piece gets there itself, or the other
        // actor makes the same throw.
        let mut thrown = [(0u8, 0u8); 24];
        let mut thrown_count = 0;
        for &actor in actors.iter().flatten() {
            self.each_throw_by(actor, &mut pinned, |mv| {
                let Move::Move { piece, to, .. } = mv else {
                    return;
                };
                let k = drops.iter().position(|&cell| cell == to).unwrap_or(0) as u8;
                if reaches[piece.id()] & (1 << k) != 0 {
                    return;
                }
                let key = (piece.id() as u8, k);
                if thrown[..thrown_count].contains(&key) {
                    return;
                }
                if thrown_count < thrown.len() {
                    thrown[thrown_count] = key;
                    thrown_count += 1;
                }
                counted += 1;
            });
        }
        counted
    }

    /// The number of moves of the ants on these cells (free to move, each
    /// alone on its cell): one walk each when there is one, walks sharing
    /// their work ([`AntWalks`]) when there are more.
    fn count_ant_moves(&self, ants: &[Hex]) -> usize {
        match ants {
            [] => 0,
            [from] => ant_reach(self, *from, &mut CellSet::new()),
            _ => {
                let mut walks = AntWalks::new(self, ants);
                (0..ants.len())
                    .map(|k| {
                        let count = walks
                            .reach(k)
                            .unwrap_or_else(|| ant_reach(self, ants[k], &mut CellSet::new()));
                        debug_assert_eq!(count, ant_reach(self, ants[k], &mut CellSet::new()));
                        count
                    })
                    .sum()
            }
        }
    }

    /// Whether the piece with this id may move by its own power now (it is
    /// on the board, on top, not just moved, and not pinned on the ground),
    /// given the pinned pieces. Colour and queen are the caller's business.
    #[inline]
    pub(super) fn can_move_itself(&self, id: usize, pinned: u32) -> bool {
        if self.placed & (1 << id) == 0 || id as u8 == self.last_moved {
            return false;
        }
        let from = self.pos[id];
        self.top[from.index()] as usize == id
            && (self.height[from.index()] > 1 || pinned & (1 << id) == 0)
    }

    /// The destinations of the piece with this id (which may move itself),
    /// by its own movement, into `sink`.
    pub(super) fn piece_moves<S: Sink>(&self, id: usize, sink: &mut S) {
        let from = self.pos[id];
        let view = Lifted::new(self, from);
        match Piece::from_id(id as u8).bug() {
            Bug::Mosquito if !view.empties => beetle_moves(&view, from, sink),
            Bug::Mosquito => self.mosquito_moves(&view, from, sink),
            bug => bug_moves(bug, &view, from, sink),
        }
    }

    /// The pillbug throws of the side to move that move `target` to `to`,
    /// handed to `found` with the thrower's cell.
    pub(super) fn throws_of(&self, piece: Piece, from: Hex, to: Hex, mut found: impl FnMut(Hex)) {
        let me = self.to_move;
        if self.status.is_over() || !self.queen_placed(me) {
            return;
        }
        let mut pinned = Pinned::new(self);
        for bug in [Bug::Pillbug, Bug::Mosquito] {
            if let Some(actor) = Piece::new(me, bug, 1)
                && self.can_use_pillbug_power(actor)
            {
                let target = Move::Move { piece, from, to };
                let at = self.pos[actor.id()];
                self.each_throw_by(actor, &mut pinned, |mv| {
                    if mv == target {
                        found(at);
                    }
                });
            }
        }
    }

    /// Whether `actor` (the side to move's pillbug, or its mosquito touching a
    /// pillbug) may use the pillbug's ability now.
    pub(super) fn can_use_pillbug_power(&self, actor: Piece) -> bool {
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

    /// Throws by `actor` (already known able to act): lift a neighbour that is
    /// alone on its cell, free to leave and not just moved, over the actor, and
    /// drop it on an empty neighbour of the actor; both legs obey the climbing
    /// gate rule.
    fn throws_by(&self, actor: Piece, pinned: &mut Pinned, out: &mut Vec<Move>) {
        self.each_throw_by(actor, pinned, |mv| out.push(mv));
    }

    /// [`Game::throws_by`], handing each throw to `found`.
    fn each_throw_by(&self, actor: Piece, pinned: &mut Pinned, mut found: impl FnMut(Move)) {
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

    /// A ground mosquito moves as each bug it touches.
    fn mosquito_moves<S: Sink>(&self, h: &Lifted, from: Hex, sink: &mut S) {
        let mut touched = 0u8;
        for n in from.neighbors() {
            let t = self.top[n.index()];
            if t != NONE {
                touched |= 1 << Piece::from_id(t).bug() as u8;
            }
        }
        let has = |bug: Bug| touched & (1 << bug as u8) != 0;
        // Beetle and ant moves include every one-step slide.
        if has(Bug::Beetle) {
            beetle_moves(h, from, sink);
        } else if !has(Bug::Ant) && (has(Bug::Queen) || has(Bug::Pillbug)) {
            slide_moves(h, from, sink);
        }
        if has(Bug::Ant) {
            ant_moves(h, from, sink);
        } else if has(Bug::Spider) {
            spider_moves(h, from, sink);
        }
        if has(Bug::Grasshopper) {
            grasshopper_moves(h, from, sink);
        }
        if has(Bug::Ladybug) {
            ladybug_moves(h, from, sink);
        }
    }
}

/// The direction index before `i` (below 6), counterclockwise.
#[inline]
fn before(i: usize) -> usize {
    if i == 0 { 5 } else { i - 1 }
}

/// The direction index after `i` (below 6), clockwise.
#[inline]
fn after(i: usize) -> usize {
    if i >= 5 { 0 } else { i + 1 }
}

/// The direction index opposite `i` (below 6).
#[inline]
fn opposite(i: usize) -> usize {
    if i < 3 { i + 3 } else { i - 3 }
}

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

/// One sliding step (Queen, Pillbug).
fn slide_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut dirs = h.slides(from);
    while dirs != 0 {
        let i = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        sink.emit(from.neighbor_at(i), Trail::Step);
    }
}

/// One step in any direction, climbing allowed (Beetle).
fn beetle_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    // The rule of Lifted::can_step, with the seven heights looked up once.
    let h1 = h.h(from);
    let around: [u8; 6] = std::array::from_fn(|i| h.h(from.neighbor_at(i)));
    for (i, &h2) in around.iter().enumerate() {
        let left = around[before(i)];
        let right = around[after(i)];
        let free = if h1 == 0 && h2 == 0 {
            (left == 0) != (right == 0)
        } else {
            left.min(right) <= h1.max(h2)
        };
        if free {
            sink.emit(from.neighbor_at(i), Trail::Step);
        }
    }
}

/// Any number of slides around the hive (Soldier Ant). Depth first, or
/// breadth first when the sink asks (then the trail to each cell, the cell
/// it was first reached from, is a shortest walk: what an animation
/// follows). The same cells either way.
fn ant_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut visited = CellSet::new();
    visited.insert(from);
    let mut cells = [Hex::ORIGIN; 128];
    let (mut head, mut tail) = (0, 1);
    cells[0] = from;
    while head < tail {
        let cell = if S::BREADTH_FIRST {
            head += 1;
            cells[head - 1]
        } else {
            tail -= 1;
            cells[tail]
        };
        let mut dirs = h.slides(cell);
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let next = cell.neighbor_at(i);
            if visited.insert(next) {
                sink.emit(next, Trail::After(cell));
                if tail < cells.len() {
                    cells[tail] = next;
                    tail += 1;
                }
            }
        }
    }
}

/// The number of moves of an ant alone on `from`: the cells [`ant_moves`]
/// reaches, by the same slides, counted with no sink and no move order to
/// keep, and added to `visited` (with `from`).
fn ant_reach(game: &Game, from: Hex, visited: &mut CellSet) -> usize {
    let f = from.index();
    visited.insert(from);
    let mut stack = [Hex::ORIGIN; 128];
    stack[0] = from;
    let mut len = 1;
    let mut count = 0;
    while len > 0 {
        len -= 1;
        let cell = stack[len];
        // The ant's own cell is empty while it walks.
        let mask = game.occupied_around(cell) & !LIFT[cell.index().wrapping_sub(f) % CELLS];
        let mut dirs = SLIDES[mask as usize];
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let next = cell.neighbor_at(i);
            if visited.insert(next) {
                count += 1;
                if len < stack.len() {
                    stack[len] = next;
                    len += 1;
                }
            }
        }
    }
    count
}

/// The most ants of one side.
const MAX_ANTS: usize = 3;

/// Components labelled by [`AntWalks`] at most; past that, its caller
/// walks each ant by itself.
const MAX_COMPONENTS: usize = 32;

/// [`AntWalks::tags`]: a hot cell, its number in the low bits.
const HOT: u8 = 0x80;

/// The walks of several ants of one side, sharing their work.
///
/// Lifting an ant from `f` changes only the slides between two neighbours
/// of `f` and between `f` and its neighbours: a slide depends on its two
/// cells and the two cells beside the step, and `f` is beside a step only
/// between two of its neighbours. The "hot" cells are the ants' cells and
/// their neighbours; the others are cold. The empty cold cells are grouped
/// once into components of their slides (the same with any of the ants
/// lifted), each with its size and the hot cells its slides reach, and each
/// empty hot cell gets its slides once as the board stands. An ant's walk
/// then goes over these nodes by bit masks, working out slides afresh only
/// around its own cell, and counts the cells of what it reached.
pub(super) struct AntWalks<'a> {
    game: &'a Game,
    ants: [Hex; MAX_ANTS],
    ant_count: usize,
    /// Per cell: [`HOT`] with the hot cell's number (seven per ant: the six
    /// neighbours and the cell itself, of the first ant it is next to), or
    /// the label of its component (from 1), or 0 when not labelled yet.
    tags: [u8; CELLS],
    /// Per ant: the hot cells (as bits by number) on or next to it.
    near: [u32; MAX_ANTS],
    /// Per hot cell, once worked out (`known`): the nodes its slides reach
    /// with every piece in place, hot cells in bits 0 to 31 and components
    /// in bits 32 to 63.
    slides: [u64; 7 * MAX_ANTS],
    known: u32,
    /// Per component (label - 1): its number of cells.
    sizes: [u16; MAX_COMPONENTS],
    /// Per component: the hot cells (as bits by number) that its slides reach.
    borders: [u32; MAX_COMPONENTS],
    components: usize,
}

impl<'a> AntWalks<'a> {
    /// For the ants on these cells (at most [`MAX_ANTS`]).
    #[inline]
    pub(super) fn new(game: &'a Game, ants: &[Hex]) -> AntWalks<'a> {
        let mut walks = AntWalks {
            game,
            ants: [Hex::ORIGIN; MAX_ANTS],
            ant_count: ants.len().min(MAX_ANTS),
            tags: [0; CELLS],
            near: [0; MAX_ANTS],
            slides: [0; 7 * MAX_ANTS],
            known: 0,
            sizes: [0; MAX_COMPONENTS],
            borders: [0; MAX_COMPONENTS],
            components: 0,
        };
        // Later ants first, so that a cell next to two ants keeps the
        // number of the first.
        for k in (0..walks.ant_count).rev() {
            let ant = ants[k];
            walks.ants[k] = ant;
            walks.tags[ant.index()] = HOT | (k * 7 + 6) as u8;
            for i in 0..6 {
                walks.tags[ant.neighbor_at(i).index()] = HOT | (k * 7 + i) as u8;
            }
        }
        for k in 0..walks.ant_count {
            let ant = walks.ants[k];
            let mut near = 1 << (walks.tags[ant.index()] & !HOT);
            for i in 0..6 {
                near |= 1 << (walks.tags[ant.neighbor_at(i).index()] & !HOT);
            }
            walks.near[k] = near;
        }
        walks
    }

    /// The node of the empty cell `cell`, as a bit (see [`AntWalks::slides`]);
    /// `None` when the components run out.
    #[inline]
    fn node(&mut self, cell: Hex) -> Option<u64> {
        let t = self.tags[cell.index()];
        Some(if t & HOT != 0 {
            1 << (t & !HOT)
        } else if t != 0 {
            1 << (31 + t)
        } else {
            1 << (32 + self.label(cell)?)
        })
    }

    /// The component (label - 1) of an empty cold cell not labelled yet,
    /// labelled with the board as it stands; `None` when there are too
    /// many to label.
    fn label(&mut self, start: Hex) -> Option<usize> {
        if self.components == MAX_COMPONENTS {
            return None;
        }
        let c = self.components;
        self.components += 1;
        let tag = c as u8 + 1;
        self.tags[start.index()] = tag;
        let mut stack = [Hex::ORIGIN; 128];
        stack[0] = start;
        let mut len = 1;
        let (mut size, mut borders) = (1u16, 0u32);
        while len > 0 {
            len -= 1;
            let cell = stack[len];
            let mut dirs = SLIDES[self.game.occupied_around(cell) as usize];
            while dirs != 0 {
                let i = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let next = cell.neighbor_at(i);
                let t = self.tags[next.index()];
                if t & HOT != 0 {
                    borders |= 1 << (t & !HOT);
                } else if t == 0 {
                    self.tags[next.index()] = tag;
                    size += 1;
                    if len < stack.len() {
                        stack[len] = next;
                        len += 1;
                    }
                }
            }
        }
        self.sizes[c] = size;
        self.borders[c] = borders;
        Some(c)
    }

    /// The nodes the empty cell `cell` slides to, with the neighbour mask
    /// `mask`.
    #[inline]
    fn slides_from(&mut self, cell: Hex, mask: u8) -> Option<u64> {
        let mut nodes = 0;
        let mut dirs = SLIDES[mask as usize];
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            nodes |= self.node(cell.neighbor_at(i))?;
        }
        Some(nodes)
    }

    /// The number of moves of the ant on `self.ants[k]`: the cells
    /// [`ant_reach`] counts. `None` when the components run out.
    pub(super) fn reach(&mut self, k: usize) -> Option<usize> {
        let from = self.ants[k];
        let f = from.index();
        let near = self.near[k];
        let start = 1u64 << (self.tags[f] & !HOT);
        let mut reached = start;
        let mut todo = start;
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let next = if n >= 32 {
                u64::from(self.borders[n - 32])
            } else if near & (1 << n) != 0 {
                // On or next to the lifted ant: slides as it sees them.
                let cell = self.hot_cell(n);
                let mask =
                    self.game.occupied_around(cell) & !LIFT[cell.index().wrapping_sub(f) % CELLS];
                self.slides_from(cell, mask)?
            } else {
                if self.known & (1 << n) == 0 {
                    let cell = self.hot_cell(n);
                    self.slides[n] = self.slides_from(cell, self.game.occupied_around(cell))?;
                    self.known |= 1 << n;
                }
                self.slides[n]
            };
            let fresh = next & !reached;
            reached |= fresh;
            todo |= fresh;
        }
        let mut count = 0;
        let mut hot = (reached & !start) as u32;
        while hot != 0 {
            hot &= hot - 1;
            count += 1;
        }
        let mut components = (reached >> 32) as u32;
        while components != 0 {
            let c = components.trailing_zeros() as usize;
            components &= components - 1;
            count += self.sizes[c] as usize;
        }
        Some(count)
    }

    /// The hot cell numbered `j`.
    #[inline]
    fn hot_cell(&self, j: usize) -> Hex {
        let ant = self.ants[j / 7];
        match j % 7 {
            6 => ant,
            d => ant.neighbor_at(d),
        }
    }
}

/// Exactly three slides, never revisiting a cell (Spider).
fn spider_moves<S: Sink>(h: &Lifted, start: Hex, sink: &mut S) {
    // Each step leaves out the way straight back (the opposite direction);
    // the third also leaves out the start.
    let mut first = h.slides(start);
    while first != 0 {
        let i1 = first.trailing_zeros() as usize;
        first &= first - 1;
        let c1 = start.neighbor_at(i1);
        let mut second = h.slides(c1) & !(1 << opposite(i1));
        while second != 0 {
            let i2 = second.trailing_zeros() as usize;
            second &= second - 1;
            let c2 = c1.neighbor_at(i2);
            let mut third = h.slides(c2) & !(1 << opposite(i2));
            while third != 0 {
                let i3 = third.trailing_zeros() as usize;
                third &= third - 1;
                let c3 = c2.neighbor_at(i3);
                if c3 != start {
                    sink.emit(c3, Trail::Walk(c1, c2));
                }
            }
        }
    }
}

/// Straight jumps over one or more pieces (Grasshopper).
fn grasshopper_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut dirs = h.mask(from);
    while dirs != 0 {
        let dir = Direction::ALL[dirs.trailing_zeros() as usize];
        dirs &= dirs - 1;
        let mut cell = from.neighbor(dir);
        while h.game.height[cell.index()] != 0 {
            cell = cell.neighbor(dir);
        }
        sink.emit(cell, Trail::Line(dir));
    }
}

/// Two steps on top of the hive, then one down (Ladybug).
fn ladybug_moves<S: Sink>(h: &Lifted, start: Hex, sink: &mut S) {
    for d1 in Direction::ALL {
        let c1 = start.neighbor(d1);
        if h.h(c1) == 0 || !h.can_step(start, d1) {
            continue;
        }
        for d2 in Direction::ALL {
            let c2 = c1.neighbor(d2);
            if h.h(c2) == 0 || !h.can_step(c1, d2) {
                continue;
            }
            for d3 in Direction::ALL {
                let c3 = c2.neighbor(d3);
                if h.h(c3) != 0 || c3 == start || !h.can_step(c2, d3) {
                    continue;
                }
                sink.emit(c3, Trail::Walk(c1, c2));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameType;

    /// The holes of the hive by brute force: empty regions beside it whose
    /// flood stops before 200 cells (the outside never does).
    fn holes_by_flood(game: &Game) -> u32 {
        let mut seen = CellSet::new();
        let mut holes = 0;
        for cell in game.occupied_cells() {
            for start in cell.neighbors() {
                if game.height(start) != 0 || !seen.insert(start) {
                    continue;
                }
                let mut stack = vec![start];
                let mut size = 1;
                while let Some(c) = stack.pop() {
                    for n in c.neighbors() {
                        if game.height(n) == 0 && seen.insert(n) {
                            size += 1;
                            stack.push(n);
                        }
                    }
                }
                if size < 200 {
                    holes += 1;
                }
            }
        }
        holes
    }

    /// Random games (a fixed xorshift sequence) in every game type: at every
    /// position the hole count, each piece's pinned answer and the pinned
    /// set match brute force and Tarjan, and counting the moves (shared ant
    /// walks, throws by bits) gives the length of the move list.
    #[test]
    fn shortcuts_match_brute_force_in_random_games() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut positions = 0;
        let mut with_holes = 0;
        for letters in ["", "M", "L", "P", "ML", "MP", "LP", "MLP"] {
            let game_type = GameType::from_expansions(letters).expect("valid expansions");
            for _ in 0..12 {
                let mut game = Game::new(game_type);
                let mut moves = Vec::new();
                for _ in 0..90 {
                    moves.clear();
                    game.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    assert_eq!(game.count_legal_moves(), moves.len(), "{game:?}");
                    let holes = game.holes();
                    assert_eq!(holes, holes_by_flood(&game), "{game:?}");
                    with_holes += usize::from(holes > 0);
                    let tarjan = game.tarjan_pinned();
                    assert_eq!(game.pinned_pieces(), tarjan, "{game:?}");
                    let mut pinned = Pinned::new(&game);
                    for (piece, cell, level) in game.pieces_on_board() {
                        if level == 0 && game.height(cell) == 1 {
                            let id = piece.id();
                            assert_eq!(pinned.contains(id, cell), tarjan & (1 << id) != 0);
                        }
                    }
                    positions += 1;
                    let mv = moves[next() as usize % moves.len()];
                    game.apply_unchecked(mv);
                }
            }
        }
        assert!(
            positions > 5000 && with_holes > 100,
            "{positions} {with_holes}"
        );
    }
}
