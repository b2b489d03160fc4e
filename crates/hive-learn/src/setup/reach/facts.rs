//! What the walk back knows of a position, found in one pass: the board
//! with a piece taken off ([`View`]), the pieces, the cells that hold the
//! hive together, the counts ([`Facts`]), and whether a piece could have
//! been the last one placed ([`can_take_off`]).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use hive_rules::{Bug, Color, Game, Hex, PIECE_COUNT, Piece};

/// The board of `game` with the cell `gone` emptied (its one piece taken
/// off), as the search weighs a position.
#[derive(Copy, Clone)]
pub(super) struct View<'a> {
    pub(super) game: &'a Game,
    pub(super) gone: Option<Hex>,
}

impl View<'_> {
    pub(super) fn height(&self, hex: Hex) -> u8 {
        if Some(hex) == self.gone {
            0
        } else {
            self.game.height(hex)
        }
    }

    pub(super) fn top(&self, hex: Hex) -> Option<Piece> {
        if Some(hex) == self.gone {
            None
        } else {
            self.game.top(hex)
        }
    }
}

/// One piece on the board: where, at which level, and the index of its
/// cell in [`Facts::cells`].
#[derive(Copy, Clone)]
pub(super) struct Entry {
    pub(super) piece: Piece,
    pub(super) hex: Hex,
    pub(super) level: u8,
    pub(super) cell: u8,
}

/// What the search needs to know of a position, in one pass.
pub(super) struct Facts {
    pub(super) pieces: [Entry; PIECE_COUNT],
    pub(super) len: usize,
    /// Occupied cells.
    pub(super) cells: [Hex; PIECE_COUNT],
    pub(super) cell_count: usize,
    /// Bit per cell: taking its stack away splits the hive.
    pub(super) cut: u32,
    /// Pieces on the board per side.
    pub(super) count: [u32; 2],
    /// Queen on the board per side.
    pub(super) queen: [bool; 2],
    /// A Mosquito is up on the hive and no Beetle is on the board: it
    /// climbed copying a Beetle, so no earlier position had it there
    /// without one.
    pub(super) stranded_mosquito: bool,
}

impl Facts {
    pub(super) fn of(view: &View) -> Facts {
        let blank = Entry {
            piece: Piece::from_id(0),
            hex: Hex::ORIGIN,
            level: 0,
            cell: 0,
        };
        let mut facts = Facts {
            pieces: [blank; PIECE_COUNT],
            len: 0,
            cells: [Hex::ORIGIN; PIECE_COUNT],
            cell_count: 0,
            cut: 0,
            count: [0; 2],
            queen: [false; 2],
            stranded_mosquito: false,
        };
        let (mut beetle, mut mosquito_up) = (false, false);
        // The cell index of each piece, by piece id.
        let mut cell_of = [0u8; PIECE_COUNT];
        for (piece, hex, level) in view.game.pieces_on_board() {
            if Some(hex) == view.gone {
                continue;
            }
            facts.count[piece.color().index()] += 1;
            match piece.bug() {
                Bug::Queen => facts.queen[piece.color().index()] = true,
                Bug::Beetle => beetle = true,
                Bug::Mosquito if level > 0 => mosquito_up = true,
                _ => {}
            }
            let mut cell = 0;
            if level == 0 {
                cell = facts.cell_count as u8;
                cell_of[piece.id()] = cell;
                facts.cells[facts.cell_count] = hex;
                facts.cell_count += 1;
            }
            facts.pieces[facts.len] = Entry {
                piece,
                hex,
                level,
                cell,
            };
            facts.len += 1;
        }
        // Pieces up on the hive share the cell of the piece at its bottom.
        let cells = &facts.cells[..facts.cell_count];
        for entry in &mut facts.pieces[..facts.len] {
            if entry.level > 0 {
                entry.cell = cells.iter().position(|&c| c == entry.hex).unwrap_or(0) as u8;
                cell_of[entry.piece.id()] = entry.cell;
            }
        }
        facts.stranded_mosquito = mosquito_up && !beetle;
        // Touching cells, a bit per cell index.
        let mut adj = [0u32; PIECE_COUNT];
        for (bits, cell) in adj.iter_mut().zip(cells) {
            for n in cell.neighbors() {
                if let Some(top) = view.top(n) {
                    *bits |= 1 << cell_of[top.id()];
                }
            }
        }
        facts.cut = articulation(&adj[..facts.cell_count]);
        facts
    }

    pub(super) fn pieces(&self) -> &[Entry] {
        &self.pieces[..self.len]
    }

    pub(super) fn is_cut(&self, entry: &Entry) -> bool {
        self.cut & (1 << entry.cell) != 0
    }

    pub(super) fn total(&self) -> u32 {
        self.count[0] + self.count[1]
    }

    /// A key for the position with `mover` to take the next step back.
    pub(super) fn key(&self, mover: Color) -> u64 {
        let mut key = u64::from(mover == Color::Black);
        for e in self.pieces() {
            let x = (e.piece.id() as u64) << 16 | (e.hex.index() as u64) << 3 | u64::from(e.level);
            key ^= splitmix(x);
        }
        key
    }

    /// Whether the piece counts fit the turns: a side without its Queen
    /// has only placed, one piece a turn, and the sides take turns
    /// (`mover` moved last).
    pub(super) fn consistent(&self, mover: Color) -> bool {
        // White's turns minus Black's, given who moved last.
        let lead = i64::from(mover == Color::White);
        let [w, b] = [i64::from(self.count[0]), i64::from(self.count[1])];
        let [qw, qb] = self.queen;
        if !qw && (b > w - lead || (!qb && b != w - lead)) {
            return false;
        }
        if !qb && (w > b + lead || (!qw && w != b + lead)) {
            return false;
        }
        true
    }
}

pub(super) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hashes the search's keys, already well mixed, as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// The articulation points of a connected graph given by its adjacency
/// bits (`adj[i]` has bit `j` when `i` and `j` touch), a bit per vertex.
pub(super) fn articulation(adj: &[u32]) -> u32 {
    let n = adj.len();
    if n < 3 {
        return 0;
    }
    const NONE: u8 = u8::MAX;
    let mut disc = [NONE; PIECE_COUNT];
    let mut low = [0u8; PIECE_COUNT];
    let mut parent = [NONE; PIECE_COUNT];
    let mut rest = [0u32; PIECE_COUNT];
    let mut stack = [0u8; PIECE_COUNT];
    let mut depth = 1;
    let mut time = 1;
    let mut root_children = 0;
    let mut cut = 0;
    disc[0] = 0;
    rest[0] = adj[0];
    while depth > 0 {
        let v = usize::from(stack[depth - 1]);
        if rest[v] != 0 {
            let w = rest[v].trailing_zeros() as usize;
            rest[v] &= rest[v] - 1;
            if disc[w] == NONE {
                disc[w] = time;
                low[w] = time;
                time += 1;
                parent[w] = v as u8;
                rest[w] = adj[w];
                if v == 0 {
                    root_children += 1;
                }
                stack[depth] = w as u8;
                depth += 1;
            } else if w != usize::from(parent[v]) {
                low[v] = low[v].min(disc[w]);
            }
        } else {
            depth -= 1;
            if parent[v] != NONE {
                let p = usize::from(parent[v]);
                low[p] = low[p].min(low[v]);
                if p != 0 && low[v] >= disc[p] {
                    cut |= 1 << p;
                }
            }
        }
    }
    if root_children > 1 {
        cut |= 1;
    }
    cut
}

/// Whether `piece` (on `hex`) is alone on its cell and touches at least
/// one piece, and only pieces of its own colour.
pub(super) fn clean(view: &View, piece: Piece, hex: Hex) -> bool {
    if view.height(hex) != 1 {
        return false;
    }
    let mut own = false;
    for n in hex.neighbors() {
        if let Some(top) = view.top(n) {
            if top.color() != piece.color() {
                return false;
            }
            own = true;
        }
    }
    own
}

/// Whether the last move of `mover` could have been the placement of this
/// piece: see the module documentation.
pub(super) fn can_take_off(view: &View, facts: &Facts, entry: &Entry, mover: Color) -> bool {
    let Entry {
        piece, hex, level, ..
    } = *entry;
    if piece.color() != mover || level != 0 || view.height(hex) != 1 {
        return false;
    }
    let side = mover.index();
    let own = facts.count[side];
    if piece.number() < piece.bug().count()
        && let Some(next) = Piece::new(mover, piece.bug(), piece.number() + 1)
        && facts.pieces().iter().any(|e| e.piece == next)
    {
        return false;
    }
    if piece.bug() == Bug::Queen {
        // The Queen comes on the side's second, third or fourth turn.
        if !(2..=4).contains(&own) {
            return false;
        }
    } else if facts.queen[side] {
        // Some piece came before the Queen, and stays after this one goes.
        if own < 3 {
            return false;
        }
    } else if own > 3 {
        // Without the Queen, this was at most the side's third turn.
        return false;
    }
    if facts.is_cut(entry) {
        return false;
    }
    match (facts.total(), own) {
        // White's first piece, alone on the board.
        (1, _) => mover == Color::White,
        // Black's first piece, next to White's.
        (2, 1) => mover == Color::Black,
        (_, 1) => false,
        _ => clean(view, piece, hex),
    }
}
