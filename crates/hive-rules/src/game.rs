//! The state of one game: the board with its stacks, whose turn it is, the
//! history for undo, and the result.

use std::fmt;

use super::game_type::{GameType, Options};
use super::hex::{CELLS, Hex};
use super::piece::{Bug, Color, PIECE_COUNT, PIECES_PER_SIDE, Piece};

/// Marks "no piece" in the compact arrays.
pub(super) const NONE: u8 = 0xFF;

/// The piece ids of the bugs that climb (beetles and mosquitoes), both sides.
const CLIMBERS: u32 = {
    let side = (0b11 << Bug::Beetle.first_slot()) | (1 << Bug::Mosquito.first_slot());
    side | side << PIECES_PER_SIDE
};

/// One move: a placement, a movement (a pillbug throw is written as a
/// movement of the thrown piece), or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Put a piece from hand onto the board.
    Place {
        /// The piece placed.
        piece: Piece,
        /// Where it goes.
        to: Hex,
    },
    /// Move a piece on the board (by itself, or thrown by a pillbug).
    Move {
        /// The piece moved.
        piece: Piece,
        /// Where it was.
        from: Hex,
        /// Where it ends.
        to: Hex,
    },
    /// Pass; legal only when nothing else is.
    Pass,
}

impl Move {
    /// The piece placed or moved, if any.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Move::Place { piece, .. } | Move::Move { piece, .. } => Some(piece),
            Move::Pass => None,
        }
    }

    /// The cell the piece ends on, if any.
    pub fn to(self) -> Option<Hex> {
        match self {
            Move::Place { to, .. } | Move::Move { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

/// Where the game stands.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameStatus {
    /// No move has been played yet.
    NotStarted,
    /// The game goes on.
    InProgress,
    /// Both queens were surrounded at once, or an optional draw rule applied.
    Draw,
    /// Black's queen is surrounded.
    WhiteWins,
    /// White's queen is surrounded.
    BlackWins,
}

impl GameStatus {
    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        matches!(
            self,
            GameStatus::Draw | GameStatus::WhiteWins | GameStatus::BlackWins
        )
    }

    /// The UHP GameStateString.
    pub fn uhp_name(self) -> &'static str {
        match self {
            GameStatus::NotStarted => "NotStarted",
            GameStatus::InProgress => "InProgress",
            GameStatus::Draw => "Draw",
            GameStatus::WhiteWins => "WhiteWins",
            GameStatus::BlackWins => "BlackWins",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uhp_name())
    }
}

/// What undo needs to restore, one per move played.
#[derive(Clone, Debug)]
pub(super) struct Record {
    pub(super) mv: Move,
    pub(super) last_moved: u8,
    pub(super) status: GameStatus,
    /// The game's `board_hash` before the move.
    pub(super) board_hash: u64,
}

/// A game of Hive: board, side to move, history and result.
///
/// [`Game::play`] checks a move against every rule; [`Game::apply_unchecked`]
/// is the fast path for search, for moves taken from [`Game::legal_moves`].
#[derive(Clone)]
pub struct Game {
    /// Stack height per cell.
    pub(super) height: [u8; CELLS],
    /// Top piece id per cell, [`NONE`] when empty.
    pub(super) top: [u8; CELLS],
    /// Per colour and cell: bit `d` set when the neighbour in direction
    /// `Direction::ALL[d]` has a stack topped by that colour. Kept up to
    /// date by every move.
    pub(super) around: [[u8; CELLS]; 2],
    /// Per cell: bit `d` set when the neighbour in direction
    /// `Direction::ALL[d]` is occupied (the union of the two `around`
    /// masks), so that a cell's occupied neighbours cost one load.
    pub(super) occupied: [u8; CELLS],
    /// Per cell: the directions a ground piece on it could slide in,
    /// `SLIDES` of its `occupied` mask, kept with it (one load for the
    /// walks, not two in a row).
    pub(super) slides: [u8; CELLS],
    /// The piece directly below each piece, [`NONE`] when on the ground.
    pub(super) under: [u8; PIECE_COUNT],
    /// Cell of each piece on the board (meaningless while in hand).
    pub(super) pos: [Hex; PIECE_COUNT],
    /// Bit per piece id: on the board.
    pub(super) placed: u32,
    pub(super) game_type: GameType,
    pub(super) options: Options,
    pub(super) to_move: Color,
    /// Moves played (passes included).
    pub(super) ply: u32,
    /// The piece moved on the previous turn, [`NONE`] after a pass or at the start.
    pub(super) last_moved: u8,
    pub(super) status: GameStatus,
    pub(super) hash: u64,
    /// Zobrist hash of the pieces as they stand (by side and bug, not by
    /// which Ant is which) and the side to move: the position the
    /// threefold-repetition rule counts.
    pub(super) board_hash: u64,
    /// `E - V - T` of the graph of occupied cells (edges between neighbours,
    /// triangles of three mutual neighbours), kept up to date as cells fill
    /// and empty. By Euler's formula a connected hive has `euler + 1` holes
    /// (enclosed empty regions): see [`Game::holes`].
    pub(super) euler: i8,
    pub(super) history: Vec<Record>,
    /// Hash after each move, for the search's repetitions and the optional
    /// threefold-repetition rule (always kept, so the rule can be switched
    /// on in the middle of a game).
    pub(super) hashes: Vec<u64>,
}

impl Game {
    /// A new game of this type with the default options.
    pub fn new(game_type: GameType) -> Game {
        Game::with_options(game_type, Options::default())
    }

    /// A new game with these options.
    pub fn with_options(game_type: GameType, options: Options) -> Game {
        Game {
            height: [0; CELLS],
            top: [NONE; CELLS],
            around: [[0; CELLS]; 2],
            occupied: [0; CELLS],
            slides: [0; CELLS],
            under: [NONE; PIECE_COUNT],
            pos: [Hex::ORIGIN; PIECE_COUNT],
            placed: 0,
            game_type,
            options,
            to_move: Color::White,
            ply: 0,
            last_moved: NONE,
            status: GameStatus::NotStarted,
            hash: 0,
            board_hash: 0,
            euler: 0,
            history: Vec::new(),
            hashes: Vec::new(),
        }
    }

    /// The expansion pieces in use.
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// The optional rules in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Change the optional rules; the result so far is re-evaluated.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
        if self.ply > 0 {
            self.status = self.compute_status();
        }
    }

    /// In progress, won or drawn.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The side to move's turn number, from 1 (`White[3]` is White's third turn).
    pub fn turn_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// Moves played so far, passes included.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|r| r.mv)
    }

    /// The Zobrist hash of the position (board, side to move, just-moved piece).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether this position (board, side to move, just-moved piece) came
    /// up before in the game, looking back no further than the last
    /// placement (no position before a placement recurs after it). Passes
    /// are looked through: while one side can only pass, the other can
    /// move a piece away and back, and that repeats.
    pub fn repeats(&self) -> bool {
        let n = self.history.len();
        // hashes[j - 1] is the position after move j (history[j - 1]).
        for j in (1..n).rev() {
            if matches!(self.history[j].mv, Move::Place { .. }) {
                return false;
            }
            if (n - j).is_multiple_of(2) && self.hashes[j - 1] == self.hash {
                return true;
            }
        }
        false
    }

    /// Whether the position after the last move (the pieces where they
    /// stand and the side to move) has now come up `times` times in the
    /// game, for the optional threefold-repetition rule. Which piece moved
    /// last is not part of it, as the rule reads (and as nokamute counts):
    /// a position reached again by another piece's move is the same one.
    /// Nor is which of a side's pieces of one bug stands where: two
    /// Grasshoppers that swap cells leave the position as it was.
    pub(super) fn position_repeats(&self, times: usize) -> bool {
        if self.history.is_empty() {
            return false;
        }
        // Each record holds the position before its move; with the one now,
        // that is every position of the game.
        1 + self
            .history
            .iter()
            .filter(|record| record.board_hash == self.board_hash)
            .count()
            >= times
    }

    /// The piece moved on the previous turn (it may neither move nor be moved now).
    pub fn last_moved(&self) -> Option<Piece> {
        (self.last_moved != NONE).then(|| Piece::from_id(self.last_moved))
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|r| r.mv)
    }

    /// Whether this piece is part of this game type.
    pub fn has_piece(&self, piece: Piece) -> bool {
        self.game_type.includes(piece.bug())
    }

    /// Where the piece stands, `None` while in hand.
    #[inline]
    pub fn position(&self, piece: Piece) -> Option<Hex> {
        self.is_placed(piece).then(|| self.pos[piece.id()])
    }

    #[inline]
    pub(super) fn is_placed(&self, piece: Piece) -> bool {
        self.placed & (1 << piece.id()) != 0
    }

    /// How many pieces are on the board (placed pieces never leave it).
    #[inline]
    pub fn pieces_placed(&self) -> u32 {
        self.placed.count_ones()
    }

    /// The pieces of `color` still in hand, in numbering order.
    pub fn hand(&self, color: Color) -> impl Iterator<Item = Piece> + '_ {
        Piece::all().filter(move |&p| p.color() == color && self.has_piece(p) && !self.is_placed(p))
    }

    /// The next piece of this bug `color` would place, if any is left.
    pub fn next_in_hand(&self, color: Color, bug: Bug) -> Option<Piece> {
        if !self.game_type.includes(bug) {
            return None;
        }
        (1..=bug.count())
            .filter_map(|n| Piece::new(color, bug, n))
            .find(|&p| !self.is_placed(p))
    }

    /// Number of pieces stacked on a cell (0 when empty).
    #[inline]
    pub fn height(&self, hex: Hex) -> u8 {
        self.height[hex.index()]
    }

    /// The piece on top of a cell.
    #[inline]
    pub fn top(&self, hex: Hex) -> Option<Piece> {
        let t = self.top[hex.index()];
        (t != NONE).then(|| Piece::from_id(t))
    }

    /// The pieces on a cell, bottom first.
    pub fn stack(&self, hex: Hex) -> Vec<Piece> {
        let mut stack = Vec::new();
        let mut p = self.top[hex.index()];
        while p != NONE {
            stack.push(Piece::from_id(p));
            p = self.under[p as usize];
        }
        stack.reverse();
        stack
    }

    /// The level of a piece in its stack (0 on the ground), `None` in hand.
    pub fn stack_level(&self, piece: Piece) -> Option<u8> {
        self.position(piece)?;
        let mut level = 0;
        let mut p = self.under[piece.id()];
        while p != NONE {
            level += 1;
            p = self.under[p as usize];
        }
        Some(level)
    }

    /// Every piece on the board with its cell and level.
    pub fn pieces_on_board(&self) -> impl Iterator<Item = (Piece, Hex, u8)> + '_ {
        Piece::all().filter_map(move |p| {
            let hex = self.position(p)?;
            Some((p, hex, self.stack_level(p).unwrap_or(0)))
        })
    }

    /// Cells with at least one piece.
    pub fn occupied_cells(&self) -> impl Iterator<Item = Hex> + '_ {
        Piece::all().filter_map(move |p| {
            let hex = self.position(p)?;
            (self.under[p.id()] == NONE).then_some(hex)
        })
    }

    /// The queen of `color` is placed.
    #[inline]
    pub(super) fn queen_placed(&self, color: Color) -> bool {
        self.placed & (1 << (color.index() * PIECES_PER_SIDE)) != 0
    }

    /// The number of holes in the hive: empty regions it encloses (a hive
    /// with no piece has none). Kept by every move at no search cost:
    /// Euler's formula for the connected planar graph of occupied cells.
    #[inline]
    pub fn holes(&self) -> u32 {
        if self.placed == 0 {
            0
        } else {
            (self.euler + 1) as u32
        }
    }

    /// Whether a climbing gate may close somewhere: a gate is two cells
    /// beside a step both higher than the step's ends, so it takes two
    /// stacks (only beetles and mosquitoes climb) on two different cells
    /// when the step has an end at least one high (a step between two
    /// empty cells is a slide, without gates).
    #[inline]
    pub(super) fn gates_possible(&self) -> bool {
        let mut climbers = self.placed & CLIMBERS;
        let mut stack = None;
        while climbers != 0 {
            let id = climbers.trailing_zeros() as usize;
            climbers &= climbers - 1;
            if self.under[id] != NONE {
                let cell = self.pos[id];
                if stack.is_some_and(|other| other != cell) {
                    return true;
                }
                stack = Some(cell);
            }
        }
        false
    }

    /// Is the queen of `color` surrounded on all six sides?
    pub fn queen_surrounded(&self, color: Color) -> bool {
        let queen = color.index() * PIECES_PER_SIDE;
        self.placed & (1 << queen) != 0 && self.occupied_around(self.pos[queen]) == 0b11_1111
    }

    pub(super) fn compute_status(&self) -> GameStatus {
        match self.compute_ending() {
            Some(ending) => ending.status(),
            None if self.ply == 0 => GameStatus::NotStarted,
            None => GameStatus::InProgress,
        }
    }

    /// How many of the six neighbours of `hex` are occupied (one load).
    #[inline]
    pub fn occupied_neighbours(&self, hex: Hex) -> u32 {
        self.occupied_around(hex).count_ones()
    }

    /// Bits of the six neighbours of `cell` that are occupied.
    #[inline]
    pub(super) fn occupied_around(&self, cell: Hex) -> u8 {
        self.occupied[cell.index()]
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({})", self.game_string())
    }
}
