//! Setting up a position by hand, the engine side of a position editor.
//!
//! A [`Setup`] is a board being edited: the game type, the stack on each
//! cell, the side to move and the turn number. Nothing stops the editor
//! from building nonsense; [`Setup::problems`] then says, in sentences a
//! newcomer can read, every reason the position could not arise in a game,
//! each with the cells it concerns so the window can point at them.
//!
//! A position without problems can still be out of reach of any game
//! (pieces walled in where none could have walked). [`Setup::reach`]
//! settles it by finding a game that ends in the position: a list of legal
//! moves from the empty board, which the existing notation code writes as a
//! GameString (`Game::game_string`). The search and its guarantees are
//! described in [`reach`](Setup::reach).

use std::collections::BTreeMap;

use hive_rules::{Bug, Color, Game, GameType, Hex, Piece};
use thiserror::Error;

mod problem;
mod reach;

pub use problem::Problem;
pub use reach::{Budget, Reached, Unreachable};

/// A position being edited: pieces on cells (stacks bottom to top), the
/// side to move and its turn number (`White[3]` is turn 3, counted per side
/// from 1 as in UHP).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    game_type: GameType,
    stacks: BTreeMap<Hex, Vec<Piece>>,
    to_move: Color,
    turn: u32,
}

/// Why [`Setup::place`] refused a piece.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlaceError {
    /// The game type does not use this bug.
    #[error("there is no {} in a {game_type} game", .piece.bug())]
    NotInGame {
        /// The piece.
        piece: Piece,
        /// The game type being edited.
        game_type: GameType,
    },
    /// The piece is on the board under another piece: it cannot be pulled
    /// out of its stack.
    #[error("{piece} is under {by}: take the pieces above it off first")]
    Covered {
        /// The piece.
        piece: Piece,
        /// The piece on top of its stack.
        by: Piece,
    },
}

impl Setup {
    /// An empty board of this game type, White to play its first turn.
    pub fn new(game_type: GameType) -> Setup {
        Setup {
            game_type,
            stacks: BTreeMap::new(),
            to_move: Color::White,
            turn: 1,
        }
    }

    /// The position of a game: its board, side to move and turn.
    pub fn from_game(game: &Game) -> Setup {
        let stacks = game
            .occupied_cells()
            .map(|cell| (cell, game.stack(cell)))
            .collect();
        Setup {
            game_type: game.game_type(),
            stacks,
            to_move: game.to_move(),
            turn: game.turn_number(),
        }
    }

    /// The expansion pieces in use.
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// Change the game type. Pieces of a bug it drops stay on the board
    /// (and [`Setup::problems`] names them).
    pub fn set_game_type(&mut self, game_type: GameType) {
        self.game_type = game_type;
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set the side to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// The side to move's turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Set the turn number (0 counts as 1).
    pub fn set_turn(&mut self, turn: u32) {
        self.turn = turn.max(1);
    }

    /// `White[3]`: the side to move and its turn, as UHP writes them.
    pub fn turn_string(&self) -> String {
        format!("{}[{}]", self.to_move, self.turn)
    }

    /// How many turns `color` has played before this position (White plays
    /// first, so at `Black[2]` White has had two turns and Black one).
    pub fn turns_played(&self, color: Color) -> u32 {
        let before = self.turn - 1;
        match color {
            Color::White => before + u32::from(self.to_move == Color::Black),
            Color::Black => before,
        }
    }

    /// Put `piece` on `hex`, on top if the cell is occupied. A piece already
    /// on the board moves from its old cell (if it is on top there); a piece
    /// the game type does not use is refused.
    pub fn place(&mut self, piece: Piece, hex: Hex) -> Result<(), PlaceError> {
        if !self.game_type.includes(piece.bug()) {
            return Err(PlaceError::NotInGame {
                piece,
                game_type: self.game_type,
            });
        }
        if let Some(from) = self.position(piece) {
            let stack = &self.stacks[&from];
            let top = *stack.last().expect("stacks are never empty");
            if top != piece {
                return Err(PlaceError::Covered { piece, by: top });
            }
            if from == hex {
                return Ok(());
            }
            self.remove(from);
        }
        self.stacks.entry(hex).or_default().push(piece);
        Ok(())
    }

    /// Take the top piece of `hex` back to its owner's hand.
    pub fn remove(&mut self, hex: Hex) -> Option<Piece> {
        let stack = self.stacks.get_mut(&hex)?;
        let piece = stack.pop();
        if stack.is_empty() {
            self.stacks.remove(&hex);
        }
        piece
    }

    /// Take every piece off the board.
    pub fn clear(&mut self) {
        self.stacks.clear();
    }

    /// The pieces on a cell, bottom first (empty when the cell is).
    pub fn stack(&self, hex: Hex) -> &[Piece] {
        self.stacks.get(&hex).map_or(&[], Vec::as_slice)
    }

    /// The piece on top of a cell.
    pub fn top(&self, hex: Hex) -> Option<Piece> {
        self.stack(hex).last().copied()
    }

    /// Where a piece stands, `None` in hand.
    pub fn position(&self, piece: Piece) -> Option<Hex> {
        self.pieces()
            .find(|&(p, _, _)| p == piece)
            .map(|(_, hex, _)| hex)
    }

    /// Every piece on the board with its cell and level (0 on the ground).
    pub fn pieces(&self) -> impl Iterator<Item = (Piece, Hex, u8)> + '_ {
        self.stacks.iter().flat_map(|(&hex, stack)| {
            stack
                .iter()
                .enumerate()
                .map(move |(level, &piece)| (piece, hex, level as u8))
        })
    }

    /// The occupied cells.
    pub fn cells(&self) -> impl Iterator<Item = Hex> + '_ {
        self.stacks.keys().copied()
    }

    /// Whether no piece is on the board.
    pub fn is_empty(&self) -> bool {
        self.stacks.is_empty()
    }

    /// The pieces of `color` in this game type that are not on the board,
    /// in numbering order.
    pub fn hand(&self, color: Color) -> Vec<Piece> {
        Piece::all()
            .filter(|&p| p.color() == color && self.game_type.includes(p.bug()))
            .filter(|&p| self.position(p).is_none())
            .collect()
    }

    /// The cells of `color`'s pieces (each once).
    fn cells_of(&self, color: Color) -> Vec<Hex> {
        let mut cells: Vec<Hex> = self
            .pieces()
            .filter(|&(p, _, _)| p.color() == color)
            .map(|(_, hex, _)| hex)
            .collect();
        cells.dedup();
        cells
    }

    fn count(&self, color: Color) -> u32 {
        self.pieces()
            .filter(|&(p, _, _)| p.color() == color)
            .count() as u32
    }

    fn queen(&self, color: Color) -> Option<Hex> {
        self.position(Piece::new(color, Bug::Queen, 1).expect("every side has a Queen"))
    }

    /// The groups of touching cells, largest first.
    fn groups(&self) -> Vec<Vec<Hex>> {
        let mut left: Vec<Hex> = self.cells().collect();
        let mut groups = Vec::new();
        while let Some(start) = left.pop() {
            let mut group = vec![start];
            let mut i = 0;
            while i < group.len() {
                let cell = group[i];
                left.retain(|&other| {
                    let touches = cell.is_neighbor(other);
                    if touches {
                        group.push(other);
                    }
                    !touches
                });
                i += 1;
            }
            group.sort();
            groups.push(group);
        }
        groups.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        groups
    }

    /// Every reason this position could not arise in a game (empty when it
    /// could, as far as these checks see: [`Setup::reach`] has the last
    /// word). Turn-related checks assume no side ever had to pass.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if self.is_empty() {
            if self.turn > 1 || self.to_move != Color::White {
                problems.push(Problem::EmptyBoardLater {
                    to_move: self.to_move,
                    turn: self.turn,
                });
            }
            return problems;
        }
        for (piece, cell, _) in self.pieces() {
            if !self.game_type.includes(piece.bug()) {
                problems.push(Problem::NotInGame {
                    piece,
                    cell,
                    game_type: self.game_type,
                });
            } else if piece.number() > 1 {
                let missing = Piece::new(piece.color(), piece.bug(), piece.number() - 1)
                    .expect("a lower number exists");
                if self.position(missing).is_none() {
                    problems.push(Problem::OutOfOrder {
                        piece,
                        missing,
                        cell,
                    });
                }
            }
        }
        let groups = self.groups();
        if groups.len() > 1 {
            problems.push(Problem::NotOneHive { groups });
        }
        for (piece, cell, level) in self.pieces() {
            if level == 0 {
                continue;
            }
            let beetles = self.pieces().any(|(p, _, _)| p.bug() == Bug::Beetle);
            if !matches!(piece.bug(), Bug::Beetle | Bug::Mosquito) {
                problems.push(Problem::CannotClimb { piece, cell });
            } else if self.queen(piece.color()).is_none() {
                problems.push(Problem::ClimbedWithoutQueen { piece, cell });
            } else if piece.bug() == Bug::Mosquito && !beetles {
                problems.push(Problem::MosquitoWithoutBeetle { piece, cell });
            }
        }
        for color in Color::ALL {
            let pieces = self.count(color);
            let turns = self.turns_played(color);
            let cells = self.cells_of(color);
            let queen = self.queen(color);
            if pieces == 1
                && let Some(cell) = queen
            {
                problems.push(Problem::QueenFirst { color, cell });
            }
            if pieces > turns {
                problems.push(Problem::TooManyPieces {
                    color,
                    pieces,
                    turns,
                    cells,
                });
            } else if queen.is_none() && turns >= 4 {
                problems.push(Problem::QueenLate {
                    color,
                    turns,
                    cells,
                });
            } else if queen.is_none() && pieces < turns {
                problems.push(Problem::MissingPieces {
                    color,
                    pieces,
                    turns,
                    cells,
                });
            }
        }
        if self.queen(Color::White).is_none() && self.queen(Color::Black).is_none() {
            let mut cells = Vec::new();
            let mut pairs = 0;
            for (&a, sa) in &self.stacks {
                for (&b, sb) in &self.stacks {
                    let (ta, tb) = (sa[sa.len() - 1], sb[sb.len() - 1]);
                    if a.is_neighbor(b) && ta.color() == Color::White && tb.color() == Color::Black
                    {
                        pairs += 1;
                        cells.extend([a, b]);
                    }
                }
            }
            if pairs > 1 {
                cells.sort();
                cells.dedup();
                problems.push(Problem::TouchingBeforeQueens { pairs, cells });
            }
        }
        let surrounded = |color: Color| {
            self.queen(color)
                .filter(|q| q.neighbors().iter().all(|n| self.stacks.contains_key(n)))
        };
        match (surrounded(Color::White), surrounded(Color::Black)) {
            (Some(white), Some(black)) => {
                problems.push(Problem::BothQueensSurrounded {
                    cells: [white, black],
                });
            }
            (Some(cell), None) => problems.push(Problem::QueenSurrounded {
                color: Color::White,
                cell,
            }),
            (None, Some(cell)) => problems.push(Problem::QueenSurrounded {
                color: Color::Black,
                cell,
            }),
            (None, None) => {}
        }
        problems
    }

    /// Whether `game`'s board holds exactly these stacks, each moved by
    /// `offset` (axial), and the same side is to move.
    pub fn matches(&self, game: &Game, offset: (i32, i32)) -> bool {
        let on_board = game.pieces_on_board().count();
        game.to_move() == self.to_move
            && on_board == self.pieces().count()
            && self
                .stacks
                .iter()
                .all(|(&hex, stack)| game.stack(translate(hex, offset)) == *stack)
    }
}

/// `hex` moved by `offset` (axial coordinates).
fn translate(hex: Hex, offset: (i32, i32)) -> Hex {
    let (q, r) = hex.axial();
    Hex::from_axial(q + offset.0, r + offset.1)
}

#[cfg(test)]
mod tests;
