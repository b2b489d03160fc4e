//! Finding a game that ends in a set-up position, by taking it apart.
//!
//! The search runs the game backwards from the edited position to the
//! empty board. Going back one move, the side that made it either takes a
//! piece off (the move was a placement: the piece stands alone on its cell,
//! touches only its own colour, does not hold the hive together, is the
//! highest-numbered of its bug on the board, and the Queen comes in on the
//! side's second to fourth turn) or moves a piece back to where it came
//! from. Moves are found with the rules' own move generator: a move of the
//! bugs that walk, jump and climb can always be walked back the same way,
//! and the few that cannot (a Mosquito copies its neighbours, which change)
//! are checked in the forward direction.
//!
//! The walk back is a best-first search (weighted A*) over positions, each
//! seen once: it goes on from the position whose steps so far plus twice
//! an estimate of the steps left is smallest. The estimate counts, per
//! side, the pieces to take off plus the moves they still need (a piece up
//! on the hive must climb down, a piece touching the other colour must get
//! away from it, except the two first pieces), and the sides take turns.
//! Positions no game passes through are dropped on sight: piece counts
//! that do not fit the turns (before its Queen a side only places), a side
//! without its Queen that has nothing to take off, a Mosquito up on the
//! hive with no Beetle left to have copied. A move right after another
//! of the same piece is never taken (a piece just moved cannot be thrown,
//! a piece just thrown cannot move). The moves found are replayed forwards
//! through [`Game::play`], so a game is only ever returned legal.
//!
//! Turns are matched afterwards where the game came out short: a move is
//! split in two, and pieces step out and back (see [`pad_turns`]).
//!
//! The first piece of every game stands on the origin, so the game's board
//! is the edited one moved by an offset ([`Reached::offset`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use hive_rules::{Bug, Color, Game, GameType, Hex, Move, PIECE_COUNT, Piece};
use thiserror::Error;

use super::{Problem, Setup, translate};

/// How much work [`Setup::reach`] may do before it gives up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may look at (each candidate step weighed counts one).
    pub nodes: u64,
    /// Wall-clock time.
    pub time: Duration,
}

impl Budget {
    /// Plenty for positions of real games (most take a few thousand
    /// positions, a few milliseconds), and a bound of about a second.
    pub const DEFAULT: Budget = Budget {
        nodes: 300_000,
        time: Duration::from_millis(1500),
    };

    /// A budget of `nodes` positions, with the default time bound.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time: Budget::DEFAULT.time,
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// A game that ends in the set-up position.
#[derive(Clone, Debug)]
pub struct Reached {
    /// The game, with its moves from the empty board; `game.game_string()`
    /// writes it.
    pub game: Game,
    /// Where the set-up position stands in the game: the setup's cell
    /// `(q, r)` is the game's cell `(q + offset.0, r + offset.1)`.
    pub offset: (i32, i32),
    /// The game's turn number (the side to move is the setup's).
    pub turn: u32,
    /// The turn the setup asked for.
    pub requested_turn: u32,
    /// Positions the search looked at.
    pub tries: u64,
}

impl Reached {
    /// The game's cell for a cell of the setup.
    pub fn to_game(&self, hex: Hex) -> Hex {
        translate(hex, self.offset)
    }

    /// The setup's cell for a cell of the game.
    pub fn from_game(&self, hex: Hex) -> Hex {
        translate(hex, (-self.offset.0, -self.offset.1))
    }

    /// Whether the game reached the requested turn too.
    pub fn turn_matched(&self) -> bool {
        self.turn == self.requested_turn
    }

    /// What to tell the player when the turn differs: `None` when it matches.
    pub fn turn_note(&self) -> Option<String> {
        (!self.turn_matched()).then(|| {
            format!(
                "the position is reached at turn {} rather than {}: no game found here gets there {}",
                self.turn,
                self.requested_turn,
                if self.turn > self.requested_turn {
                    "sooner"
                } else {
                    "that late"
                }
            )
        })
    }
}

/// Why [`Setup::reach`] found no game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Unreachable {
    /// The position has problems (see [`Setup::problems`]); the first is shown.
    #[error("this position cannot arise in a game: {}", .0.first().map(ToString::to_string).unwrap_or_default())]
    Problems(Vec<Problem>),
    /// The search ran out of budget.
    #[error(
        "no game reaches this position within {tries} tries; it cannot be written as a GameString"
    )]
    NotFound {
        /// Positions the search looked at.
        tries: u64,
    },
}

impl Setup {
    /// A game of legal moves from the empty board that ends with exactly
    /// these stacks (moved by [`Reached::offset`], since every game starts
    /// on the origin) and the same side to move, at the requested turn when
    /// the search can get there (padding with moves that leave the board as
    /// it was; [`Reached::turn`] says which turn was reached).
    ///
    /// Refuses a position with [`problems`](Setup::problems), and gives up
    /// when `budget` runs out.
    pub fn reach(&self, budget: Budget) -> Result<Reached, Unreachable> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(Unreachable::Problems(problems));
        }
        let mut search = Search {
            game_type: self.game_type,
            weight: WEIGHT,
            nodes: 0,
            budget,
            start: Instant::now(),
        };
        let Some((mut game, mut offset)) = self.search_game(&mut search, u32::MAX) else {
            return Err(Unreachable::NotFound {
                tries: search.nodes,
            });
        };
        // Too long a game: look again for a shorter one, weighing the
        // estimate less, with a few times the work the first one took.
        if game.ply() > self.plies() {
            let first = search.nodes;
            search.weight = SHORTER_WEIGHT;
            search.budget.nodes = search.budget.nodes.min(5 * first + 20_000);
            if let Some(shorter) = self.search_game(&mut search, game.ply()) {
                (game, offset) = shorter;
            }
        }
        let game = pad_turns(game, self.turn);
        Ok(Reached {
            turn: game.turn_number(),
            requested_turn: self.turn,
            game,
            offset,
            tries: search.nodes,
        })
    }

    /// Moves played before this position: `White[3]` follows four, `Black[3]` five.
    fn plies(&self) -> u32 {
        2 * (self.turn - 1) + u32::from(self.to_move == Color::Black)
    }

    /// The first game `search` finds that ends in this position in fewer
    /// than `shorter_than` moves, with its offset.
    fn search_game(&self, search: &mut Search, shorter_than: u32) -> Option<(Game, (i32, i32))> {
        let mut board: Vec<(Piece, Hex, u8)> = self.pieces().collect();
        board.sort_by_key(|&(_, _, level)| level);
        let board = board.into_iter().map(|(p, h, _)| (p, h)).collect();
        search.run(board, self.to_move.opponent(), |moves| {
            if moves.len() >= shorter_than as usize {
                return None;
            }
            let offset = offset_for(&moves);
            let moves: Vec<Move> = moves.iter().map(|&mv| moved(mv, offset)).collect();
            let game = replay(self.game_type, &moves)?;
            self.matches(&game, offset).then_some((game, offset))
        })
    }
}

/// The offset that puts the first placement on the origin.
fn offset_for(moves: &[Move]) -> (i32, i32) {
    let Some(Move::Place { to, .. }) = moves.first() else {
        return (0, 0);
    };
    let (oq, or) = Hex::ORIGIN.axial();
    let (q, r) = to.axial();
    (oq - q, or - r)
}

/// A move with its cells moved by `offset`.
fn moved(mv: Move, offset: (i32, i32)) -> Move {
    match mv {
        Move::Place { piece, to } => Move::Place {
            piece,
            to: translate(to, offset),
        },
        Move::Move { piece, from, to } => Move::Move {
            piece,
            from: translate(from, offset),
            to: translate(to, offset),
        },
        Move::Pass => Move::Pass,
    }
}

/// The move that takes a movement back (`None` for a placement or a pass).
fn reverse(mv: Move) -> Option<Move> {
    match mv {
        Move::Move { piece, from, to } => Some(Move::Move {
            piece,
            from: to,
            to: from,
        }),
        _ => None,
    }
}

/// The game of these moves from the empty board, each checked; `None` if
/// one is illegal.
fn replay(game_type: GameType, moves: &[Move]) -> Option<Game> {
    play_on(Game::new(game_type), moves)
}

/// `game` with `rest` played after it, if every move is legal.
fn play_on(mut game: Game, rest: &[Move]) -> Option<Game> {
    for &mv in rest {
        game.play(mv).ok()?;
    }
    Some(game)
}

/// The board of a game, pieces bottom up.
fn board_of(game: &Game) -> Vec<(Piece, Hex)> {
    let mut pieces: Vec<(Piece, Hex, u8)> = game.pieces_on_board().collect();
    pieces.sort_by_key(|&(_, _, level)| level);
    pieces.into_iter().map(|(p, h, _)| (p, h)).collect()
}

/// A game with this board (pieces put down bottom up with no regard for
/// the rules) and `mover` to move, with no piece just moved: a position to
/// ask the move generator about.
fn game_of(game_type: GameType, board: &[(Piece, Hex)], mover: Color) -> Game {
    let mut game = Game::new(game_type);
    for &(piece, to) in board {
        game.apply_unchecked(Move::Place { piece, to });
    }
    game.apply_unchecked(Move::Pass);
    if game.to_move() != mover {
        game.apply_unchecked(Move::Pass);
    }
    game
}

/// The board of `game` with the cell `gone` emptied (its one piece taken
/// off), as the search weighs a position.
#[derive(Copy, Clone)]
struct View<'a> {
    game: &'a Game,
    gone: Option<Hex>,
}

impl View<'_> {
    fn height(&self, hex: Hex) -> u8 {
        if Some(hex) == self.gone {
            0
        } else {
            self.game.height(hex)
        }
    }

    fn top(&self, hex: Hex) -> Option<Piece> {
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
struct Entry {
    piece: Piece,
    hex: Hex,
    level: u8,
    cell: u8,
}

/// What the search needs to know of a position, in one pass.
struct Facts {
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
    fn of(view: &View) -> Facts {
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

    fn pieces(&self) -> &[Entry] {
        &self.pieces[..self.len]
    }

    fn is_cut(&self, entry: &Entry) -> bool {
        self.cut & (1 << entry.cell) != 0
    }

    fn total(&self) -> u32 {
        self.count[0] + self.count[1]
    }

    /// A key for the position with `mover` to take the next step back.
    fn key(&self, mover: Color) -> u64 {
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
    fn consistent(&self, mover: Color) -> bool {
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

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hashes the search's keys, already well mixed, as they are.
#[derive(Default)]
struct KeyHasher(u64);

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

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// The articulation points of a connected graph given by its adjacency
/// bits (`adj[i]` has bit `j` when `i` and `j` touch), a bit per vertex.
fn articulation(adj: &[u32]) -> u32 {
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
fn clean(view: &View, piece: Piece, hex: Hex) -> bool {
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
fn can_take_off(view: &View, facts: &Facts, entry: &Entry, mover: Color) -> bool {
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
struct Node {
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
struct Child {
    /// The board before the move.
    board: Vec<(Piece, Hex)>,
    /// The move, forwards.
    forward: Move,
    /// The estimated steps left from the board.
    estimate: f64,
}

/// How much the estimate of the steps left counts against the steps taken:
/// above 1 the search goes for a game quickly rather than the shortest.
const WEIGHT: f64 = 2.0;

/// The weight of a second search for a game shorter than the first found.
const SHORTER_WEIGHT: f64 = 1.5;

/// The search: a best-first walk back from the setup to the empty board.
struct Search {
    game_type: GameType,
    /// How much the estimate counts ([`WEIGHT`], or less for a shorter game).
    weight: f64,
    nodes: u64,
    budget: Budget,
    start: Instant,
}

impl Search {
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget.nodes || self.start.elapsed() >= self.budget.time
    }

    /// Walks back from `board` (`mover` made the last move into it);
    /// `found` is asked about each game found (its moves from the empty
    /// board) and the search stops at the first it accepts.
    fn run<T>(
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
    fn expand(&mut self, node: &Node, seen: &mut KeySet) -> Vec<Child> {
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
fn forward_legal(game: &Game, forward: Move) -> bool {
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
fn then_legal(game: &Game, forward: Move, then: Move) -> bool {
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
fn estimate(view: &View, facts: &Facts, next: Color) -> Option<f64> {
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

/// The game with turns added when it is short of `turn`: a move split in
/// two (one turn more for each side), then moves out and back (two turns
/// more each), as far as they can be found. The board and the side to
/// move stay as they were.
fn pad_turns(game: Game, turn: u32) -> Game {
    let reached = game.turn_number();
    if turn <= reached {
        return game;
    }
    let game_type = game.game_type();
    let mut moves: Vec<Move> = game.moves().collect();
    let mut missing = turn - reached;
    if missing % 2 == 1
        && let Some(longer) = split_pair(game_type, &moves)
    {
        moves = longer;
        missing -= 1;
    }
    if missing >= 2
        && let Some((at, cycle)) = out_and_back(game_type, &moves)
    {
        // The four moves leave the position as it was after their first
        // round, so the same round can be played again and again.
        let rounds = (missing / 2) as usize;
        let mut longer = moves[..at].to_vec();
        for _ in 0..rounds {
            longer.extend(cycle);
        }
        longer.extend_from_slice(&moves[at..]);
        if replay(game_type, &longer).is_some() {
            moves = longer;
        } else {
            moves.splice(at..at, cycle);
        }
    }
    replay(game_type, &moves).unwrap_or(game)
}

/// How many alternatives each padding search tries per move.
const PAD_TRIES: usize = 24;

/// How far back from the end of the game padding is tried.
const PAD_DEPTH: usize = 12;

/// The movements (no placements, no pass) of the side to move.
fn movements(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.retain(|mv| matches!(mv, Move::Move { .. }));
    moves
}

/// Four moves to insert after the first `at` moves, near the end: each
/// side moves a piece away and back, leaving the board as it was.
fn out_and_back(game_type: GameType, moves: &[Move]) -> Option<(usize, [Move; 4])> {
    let mut game = replay(game_type, moves)?;
    let mut at = moves.len();
    loop {
        let board = board_of(&game);
        for first in movements(&game).into_iter().take(PAD_TRIES) {
            let mut one = game.clone();
            one.apply_unchecked(first);
            for second in movements(&one).into_iter().take(PAD_TRIES) {
                let mut two = one.clone();
                two.apply_unchecked(second);
                let back = [reverse(first)?, reverse(second)?];
                let Some(after) = play_on(two, &back) else {
                    continue;
                };
                if board_of(&after) == board && play_on(after, &moves[at..]).is_some() {
                    return Some((at, [first, second, back[0], back[1]]));
                }
            }
        }
        if at == 0 || moves.len() - at >= PAD_DEPTH {
            return None;
        }
        game.undo();
        at -= 1;
    }
}

/// The moves with one more turn for each side: two successive moves each
/// made in two (a placement elsewhere then a step to the right cell, or a
/// movement by way of another cell), the second legs after both first legs.
fn split_pair(game_type: GameType, moves: &[Move]) -> Option<Vec<Move>> {
    let mut game = replay(game_type, moves)?;
    game.undo();
    for at in (0..moves.len().saturating_sub(1)).rev() {
        game.undo();
        let (mine, theirs) = (moves[at], moves[at + 1]);
        for first in first_legs(&game, mine) {
            let mut one = game.clone();
            one.apply_unchecked(first);
            for second in first_legs(&one, theirs) {
                let mut two = one.clone();
                two.apply_unchecked(second);
                let rest = [second_leg(first, mine)?, second_leg(second, theirs)?];
                if play_on(two, &rest)
                    .and_then(|after| play_on(after, &moves[at + 2..]))
                    .is_none()
                {
                    continue;
                }
                let mut longer = moves[..at].to_vec();
                longer.extend([first, second]);
                longer.extend(rest);
                longer.extend_from_slice(&moves[at + 2..]);
                return Some(longer);
            }
        }
        if moves.len() - at >= PAD_DEPTH {
            return None;
        }
    }
    None
}

/// Legal moves in `game` that do part of `mv`'s work: the same piece
/// placed elsewhere, or moved from the same cell to another.
fn first_legs(game: &Game, mv: Move) -> Vec<Move> {
    let mut legs = Vec::new();
    game.legal_moves(&mut legs);
    legs.retain(|&leg| match (leg, mv) {
        (Move::Place { piece, to }, Move::Place { piece: p, to: b }) => piece == p && to != b,
        (
            Move::Move { piece, from, to },
            Move::Move {
                piece: p,
                from: a,
                to: b,
            },
        ) => piece == p && from == a && to != b,
        _ => false,
    });
    legs.truncate(PAD_TRIES);
    legs
}

/// The step that finishes `mv` after its first leg `first`.
fn second_leg(first: Move, mv: Move) -> Option<Move> {
    Some(Move::Move {
        piece: mv.piece()?,
        from: first.to()?,
        to: mv.to()?,
    })
}
