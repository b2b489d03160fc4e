//! The walk back: a best-first search over positions, from the set-up
//! one to the empty board (see the parent module for the method).

use super::*;

/// The board of `game` with the cell `gone` emptied (its one piece taken
/// off), as the search weighs a position.
#[derive(Copy, Clone)]
pub(super) struct View<'a> {
    game: &'a Game,
    gone: Option<Hex>,
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
    piece: Piece,
    hex: Hex,
    level: u8,
    cell: u8,
}

/// What the search needs to know of a position, in one pass.
pub(super) struct Facts {
    pieces: [Entry; PIECE_COUNT],
    len: usize,
    /// Occupied cells.
    cells: [Hex; PIECE_COUNT],
    cell_count: usize,
    /// Bit per cell: taking its stack away splits the hive.
    cut: u32,
    /// Pieces on the board per side.
    count: [u32; 2],
    /// Queen on the board per side.
    queen: [bool; 2],
    /// A Mosquito is up on the hive and no Beetle is on the board: it
    /// climbed copying a Beetle, so no earlier position had it there
    /// without one.
    stranded_mosquito: bool,
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

/// A position on the way back: the board (pieces bottom up), the side
/// that made the last move into it (who takes the next step back), and
/// how it was reached from the setup.
pub(super) struct Node {
    board: Vec<(Piece, Hex)>,
    mover: Color,
    /// Steps back from the setup.
    steps: u32,
    /// The node this one was reached from (itself for the setup).
    parent: usize,
    /// The forward move that led from this position to the parent's.
    forward: Move,
}

/// A step back found by [`Search::expand`].
pub(super) struct Child {
    /// The board before the move.
    board: Vec<(Piece, Hex)>,
    /// The move, forwards.
    forward: Move,
    /// The estimated steps left from the board.
    estimate: f64,
}

/// How much the estimate of the steps left counts against the steps taken:
/// above 1 the search goes for a game quickly rather than the shortest.
pub(super) const WEIGHT: f64 = 2.0;

/// The weight of a second search for a game shorter than the first found.
pub(super) const SHORTER_WEIGHT: f64 = 1.5;

/// The search: a best-first walk back from the setup to the empty board.
pub(super) struct Search {
    pub(super) game_type: GameType,
    /// How much the estimate counts ([`WEIGHT`], or less for a shorter game).
    pub(super) weight: f64,
    pub(super) nodes: u64,
    pub(super) budget: Budget,
    pub(super) start: Instant,
}

impl Search {
    pub(super) fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget.nodes || self.start.elapsed() >= self.budget.time
    }

    /// Walks back from `board` (`mover` made the last move into it);
    /// `found` is asked about each game found (its moves from the empty
    /// board) and the search stops at the first it accepts.
    pub(super) fn run<T>(
        &mut self,
        board: Vec<(Piece, Hex)>,
        mover: Color,
        mut found: impl FnMut(Vec<Move>) -> Option<T>,
    ) -> Option<T> {
        let mut seen = KeySet::default();
        let first = game_of(self.game_type, &board, mover);
        seen.insert(
            Facts::of(&View {
                game: &first,
                gone: None,
            })
            .key(mover),
        );
        let mut nodes = vec![Node {
            board,
            mover,
            steps: 0,
            parent: 0,
            forward: Move::Pass,
        }];
        let mut open: BinaryHeap<(Reverse<u64>, Reverse<usize>)> = BinaryHeap::new();
        open.push((Reverse(0), Reverse(0)));
        while let Some((_, Reverse(index))) = open.pop() {
            if self.out_of_budget() {
                return None;
            }
            if nodes[index].board.is_empty() {
                let mut moves = Vec::new();
                let mut at = index;
                while at != 0 {
                    moves.push(nodes[at].forward);
                    at = nodes[at].parent;
                }
                if let Some(result) = found(moves) {
                    return Some(result);
                }
                continue;
            }
            let steps = nodes[index].steps + 1;
            let mover = nodes[index].mover;
            for Child {
                board,
                forward,
                estimate,
            } in self.expand(&nodes[index], &mut seen)
            {
                let f = f64::from(steps) + self.weight * estimate;
                open.push((Reverse((f * 16.0) as u64), Reverse(nodes.len())));
                nodes.push(Node {
                    board,
                    mover: mover.opponent(),
                    steps,
                    parent: index,
                    forward,
                });
            }
        }
        None
    }

    /// The steps back from `node` to positions not seen yet: each new
    /// board, the forward move from it to `node`'s, and the estimate of
    /// the steps left from it.
    pub(super) fn expand(&mut self, node: &Node, seen: &mut KeySet) -> Vec<Child> {
        let mover = node.mover;
        let next = mover.opponent();
        let mut game = game_of(self.game_type, &node.board, mover);
        let view = View {
            game: &game,
            gone: None,
        };
        let facts = Facts::of(&view);
        // The move played after the one this step takes back: it may not
        // move the same piece (one just moved cannot be thrown, one just
        // thrown cannot move).
        let then = node.forward;
        let then_piece = match then {
            Move::Move { piece, .. } => Some(piece),
            _ => None,
        };
        let mut children = Vec::new();
        for entry in facts.pieces() {
            if Some(entry.piece) == then_piece || !can_take_off(&view, &facts, entry, mover) {
                continue;
            }
            self.nodes += 1;
            let after = View {
                game: &game,
                gone: Some(entry.hex),
            };
            let after_facts = Facts::of(&after);
            if !seen.insert(after_facts.key(next)) {
                continue;
            }
            if let Some(h) = estimate(&after, &after_facts, next) {
                let board = node
                    .board
                    .iter()
                    .copied()
                    .filter(|&(p, _)| p != entry.piece)
                    .collect();
                let forward = Move::Place {
                    piece: entry.piece,
                    to: entry.hex,
                };
                children.push(Child {
                    board,
                    forward,
                    estimate: h,
                });
            }
        }
        if !facts.queen[mover.index()] {
            return children;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        if moves == [Move::Pass] {
            // The side had no move: it passed.
            self.nodes += 1;
            if seen.insert(facts.key(next))
                && let Some(h) = estimate(&view, &facts, next)
            {
                children.push(Child {
                    board: node.board.clone(),
                    forward: Move::Pass,
                    estimate: h,
                });
            }
        }
        for mv in moves {
            let Some(forward) = reverse(mv) else {
                continue;
            };
            if mv.piece() == then_piece {
                continue;
            }
            self.nodes += 1;
            game.apply_unchecked(mv);
            let after = View {
                game: &game,
                gone: None,
            };
            let after_facts = Facts::of(&after);
            let over = game.queen_surrounded(Color::White) || game.queen_surrounded(Color::Black);
            if !over
                && forward_legal(&game, forward)
                && then_legal(&game, forward, then)
                && seen.insert(after_facts.key(next))
                && let Some(h) = estimate(&after, &after_facts, next)
            {
                children.push(Child {
                    board: board_of(&game),
                    forward,
                    estimate: h,
                });
            }
            game.undo();
        }
        children
    }
}

/// Whether `forward` is legal for the side not to move in `game` (the
/// position before it): checked only where walking back may differ from
/// walking forward, a Mosquito moving by itself (it copies its
/// neighbours, which differ at the two ends).
pub(super) fn forward_legal(game: &Game, forward: Move) -> bool {
    let Some(piece) = forward.piece() else {
        return false;
    };
    if piece.bug() != Bug::Mosquito || piece.color() == game.to_move() {
        return true;
    }
    let mut check = game.clone();
    check.apply_unchecked(Move::Pass);
    check.play(forward).is_ok()
}

/// Whether `then` is still legal after `forward` when `forward` throws a
/// piece of the other side (which is then stunned, and if it is a Pillbug
/// or Mosquito cannot throw): `game` is the position before `forward`,
/// with the side after it to move.
pub(super) fn then_legal(game: &Game, forward: Move, then: Move) -> bool {
    let (Some(piece), Move::Move { .. }) = (forward.piece(), then) else {
        return true;
    };
    if piece.color() != game.to_move() {
        return true;
    }
    let mut check = game.clone();
    check.apply_unchecked(Move::Pass);
    check.apply_unchecked(forward);
    check.play(then).is_ok()
}

/// An estimate of the steps back from a position to the empty board, with
/// `next` to take the next one; `None` for a position no game passes
/// through (see the module documentation).
pub(super) fn estimate(view: &View, facts: &Facts, next: Color) -> Option<f64> {
    if facts.total() == 0 {
        return Some(0.0);
    }
    // `next` made the last move into this position.
    if !facts.consistent(next) || facts.stranded_mosquito {
        return None;
    }
    // Per side: pieces to take off, and moves they need first.
    let mut work = facts.count.map(f64::from);
    let mut touching = [false; 2];
    let mut pinned = 0.0;
    let mut next_can_act = facts.queen[next.index()];
    for entry in facts.pieces() {
        let side = entry.piece.color().index();
        if entry.level > 0 {
            work[side] += 1.0;
        } else if view.height(entry.hex) == 1 && !clean(view, entry.piece, entry.hex) {
            touching[side] = true;
            // A side without its Queen cannot move: the other side must.
            if facts.queen[side] {
                work[side] += 0.5;
            } else {
                work[1 - side] += 0.5;
            }
        }
        if facts.is_cut(entry) {
            pinned += 0.25;
        }
        if !next_can_act && can_take_off(view, facts, entry, next) {
            next_can_act = true;
        }
    }
    // The two first pieces touch each other.
    if touching[0] && touching[1] {
        work[0] -= 0.5;
        work[1] -= 0.5;
    }
    // The sides take turns, and the last step back is White's first placement.
    let [w, b] = work;
    let turns = if next == Color::White {
        (2.0 * w - 1.0).max(2.0 * b + 1.0)
    } else {
        (2.0 * w).max(2.0 * b)
    };
    next_can_act.then_some(turns + pinned)
}
