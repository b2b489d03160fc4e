//! Why a move matters: what it changed on the board, as typed facts a
//! review can put into words (see `docs/ai.md`, "Why a move is worse").
//!
//! [`Game::move_facts`] plays a move, and then as much of a continuation
//! (the engine's line) as is legal, on a copy of the game, and compares the
//! position before with the position at the end: each Queen's free cells,
//! the gates around them, Beetles on or next to a Queen, Pillbug throws
//! that appear, and pieces pinned or freed by the one-hive rule. The search
//! alone knows about forced wins: [`MoveFacts::with_missed_win`] and
//! [`MoveFacts::with_forced_loss`] carry what it found.
//!
//! Everything is computed with the rules' own functions (legality, pinned
//! pieces, throws, sliding); nothing here generates moves of its own, and
//! nothing here runs during a search.

mod shown;
mod stance;

pub use stance::Stance;

use std::borrow::Cow;

use super::error::RuleError;
use super::game::{Game, Move};
use super::hex::Hex;
use super::movegen::SLIDES;
use super::piece::{Bug, Color, Piece};

/// Up to eight cells, kept inline: the cells a fact lights.
#[derive(Copy, Clone, PartialEq, Eq, Default)]
pub struct Cells {
    cells: [Hex; 8],
    len: u8,
}

impl Cells {
    /// The cells, in the order they were added.
    pub fn as_slice(&self) -> &[Hex] {
        &self.cells[..self.len as usize]
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `hex` is among them.
    pub fn contains(&self, hex: Hex) -> bool {
        self.as_slice().contains(&hex)
    }

    /// Adds `hex` unless it is there already or the list is full (eight
    /// cells: more than any fact needs).
    fn push(&mut self, hex: Hex) {
        if !self.contains(hex) && (self.len as usize) < self.cells.len() {
            self.cells[self.len as usize] = hex;
            self.len += 1;
        }
    }

    fn with(mut self, hex: Hex) -> Cells {
        self.push(hex);
        self
    }
}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl FromIterator<Hex> for Cells {
    /// The first eight distinct cells.
    fn from_iter<I: IntoIterator<Item = Hex>>(iter: I) -> Cells {
        let mut cells = Cells::default();
        for hex in iter {
            cells.push(hex);
        }
        cells
    }
}

impl<'a> IntoIterator for &'a Cells {
    type Item = &'a Hex;
    type IntoIter = std::slice::Iter<'a, Hex>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// One thing a move (with its continuation) changed, or a forced result the
/// search found. Pieces and cells are those of the position at the end
/// ([`MoveFacts::after`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Fact {
    /// The side that moved had a forced win in `plies` plies (of both
    /// sides) and the move lets it go. Carried from the search.
    MissedWin {
        /// The side that had the win.
        side: Color,
        /// Its length in plies, as the search gave it.
        plies: u32,
    },
    /// After the move the opponent wins by force in `plies` plies. Carried
    /// from the search.
    ForcedLoss {
        /// The side that now wins by force.
        winner: Color,
        /// Its length in plies.
        plies: u32,
    },
    /// The number of empty cells around a Queen changed.
    QueenCells {
        /// The Queen.
        queen: Piece,
        /// Where she stands at the end.
        at: Hex,
        /// Her empty neighbours before.
        before: u8,
        /// Her empty neighbours at the end.
        after: u8,
        /// The cells around her that filled or emptied (when she moved
        /// herself: her empty neighbours at the end).
        changed: Cells,
    },
    /// A Beetle (or a Mosquito moving as one) now stands on top of a Queen:
    /// she cannot move while covered.
    BeetleOnQueen {
        /// The climber.
        beetle: Piece,
        /// The Queen under it.
        queen: Piece,
        /// Their cell.
        at: Hex,
    },
    /// A Beetle (or a Mosquito) can now climb onto the opponent's Queen on
    /// its side's next turn.
    BeetleReachesQueen {
        /// The climber.
        beetle: Piece,
        /// Where it stands.
        from: Hex,
        /// The Queen it can climb onto.
        queen: Piece,
        /// Her cell.
        at: Hex,
    },
    /// An empty cell next to a Queen became a gate: no ground piece can
    /// slide into it any more (every way in is too narrow, or touches
    /// nothing), so only a placement, a climber, a jump or a throw can
    /// fill it.
    GateClosed {
        /// The Queen the cell touches.
        queen: Piece,
        /// The cell.
        cell: Hex,
    },
    /// An empty cell next to a Queen that no piece could slide into can now
    /// be slid into.
    GateOpened {
        /// The Queen the cell touches.
        queen: Piece,
        /// The cell.
        cell: Hex,
    },
    /// A Pillbug (or a Mosquito next to one) can now throw a piece where it
    /// matters: a Queen anywhere, any piece onto a cell next to the
    /// opponent's Queen, or an opponent's piece off a cell next to the
    /// thrower's own Queen (as if the thrower's side were to move).
    ThrowPossible {
        /// The thrower.
        pillbug: Piece,
        /// Its cell.
        at: Hex,
        /// The piece it can throw.
        piece: Piece,
        /// Where that piece stands.
        from: Hex,
        /// The cells (that matter) it can drop it on, not possible before.
        to: Cells,
    },
    /// A piece is now held by the one-hive rule: lifting it would split
    /// the hive.
    Pinned {
        /// The piece.
        piece: Piece,
        /// Its cell.
        at: Hex,
    },
    /// A piece that the one-hive rule held is free of it now.
    Freed {
        /// The piece.
        piece: Piece,
        /// Its cell.
        at: Hex,
    },
}

impl Fact {
    /// The cells to light: the pieces named first, then the cells meant.
    pub fn cells(&self) -> Cells {
        let none = Cells::default();
        match *self {
            Fact::MissedWin { .. } | Fact::ForcedLoss { .. } => none,
            Fact::QueenCells { at, changed, .. } => {
                let mut cells = none.with(at);
                for &hex in &changed {
                    cells.push(hex);
                }
                cells
            }
            Fact::BeetleOnQueen { at, .. } => none.with(at),
            Fact::BeetleReachesQueen { from, at, .. } => none.with(from).with(at),
            Fact::GateClosed { cell, .. } | Fact::GateOpened { cell, .. } => none.with(cell),
            Fact::ThrowPossible { at, from, to, .. } => {
                let mut cells = none.with(at).with(from);
                for &hex in &to {
                    cells.push(hex);
                }
                cells
            }
            Fact::Pinned { at, .. } | Fact::Freed { at, .. } => none.with(at),
        }
    }

    /// The side the fact is about: the Queen's, the piece's, the thrower's,
    /// the climber's, the side with the forced win.
    pub fn side(&self) -> Color {
        match *self {
            Fact::MissedWin { side, .. } => side,
            Fact::ForcedLoss { winner, .. } => winner,
            Fact::QueenCells { queen, .. }
            | Fact::GateClosed { queen, .. }
            | Fact::GateOpened { queen, .. } => queen.color(),
            Fact::BeetleOnQueen { beetle, .. } | Fact::BeetleReachesQueen { beetle, .. } => {
                beetle.color()
            }
            Fact::ThrowPossible { pillbug, .. } => pillbug.color(),
            Fact::Pinned { piece, .. } | Fact::Freed { piece, .. } => piece.color(),
        }
    }
}

/// What a move changed: the facts, in order of weight (forced results,
/// Queens' cells, climbers, gates, throws, pins), and the position they
/// describe.
#[derive(Clone, Debug)]
pub struct MoveFacts {
    /// The side that played the move.
    pub mover: Color,
    /// The move.
    pub mv: Move,
    /// What changed.
    pub facts: Vec<Fact>,
    /// How many moves of the continuation were played (it is followed up
    /// to its first illegal move, or the end of the game).
    pub followed: usize,
    /// The position at the end: after the move and the continuation played.
    pub after: Game,
}

impl MoveFacts {
    /// Adds the search's word that the mover had a forced win in `plies`
    /// and this move misses it (first, as the weightiest fact).
    pub fn with_missed_win(mut self, plies: u32) -> MoveFacts {
        let side = self.mover;
        self.facts.insert(0, Fact::MissedWin { side, plies });
        self
    }

    /// Adds the search's word that after this move the opponent wins by
    /// force in `plies`.
    pub fn with_forced_loss(mut self, plies: u32) -> MoveFacts {
        let winner = self.mover.opponent();
        let at = usize::from(matches!(self.facts.first(), Some(Fact::MissedWin { .. })));
        self.facts.insert(at, Fact::ForcedLoss { winner, plies });
        self
    }
}

impl Game {
    /// What `mv` changes, followed by `continuation` (the engine's line
    /// after it; may be empty): the position now is compared with the one
    /// at the end. `mv` must be legal (the rule it breaks otherwise); the
    /// continuation is played up to its first illegal move.
    pub fn move_facts(&self, mv: Move, continuation: &[Move]) -> Result<MoveFacts, RuleError> {
        let mut after = self.clone();
        after.play(mv)?;
        let mut followed = 0;
        for &next in continuation {
            if after.play(next).is_err() {
                break;
            }
            followed += 1;
        }
        let mut facts = Vec::new();
        compare(self, &after, self.to_move, &mut facts);
        Ok(MoveFacts {
            mover: self.to_move,
            mv,
            facts,
            followed,
            after,
        })
    }

    /// The empty neighbours of `color`'s Queen, as a direction mask, with
    /// her cell; `None` while she is in hand.
    fn queen_free(&self, color: Color) -> Option<(Piece, Hex, u8)> {
        let queen = Piece::new(color, Bug::Queen, 1)?;
        let at = self.position(queen)?;
        Some((queen, at, !self.occupied_around(at) & 0b11_1111))
    }

    /// Whether a ground piece could slide into the empty `cell` from some
    /// empty neighbour: a step with exactly one of the two cells beside it
    /// occupied (the sliding rule, read from the same table as moves).
    fn slide_in(&self, cell: Hex) -> bool {
        SLIDES[self.occupied_around(cell) as usize] != 0
    }

    /// This position as if `color` were to move: itself, or a copy where
    /// the other side passed (so that nothing counts as just moved by
    /// `color`'s opponent).
    fn turn_of(&self, color: Color) -> Cow<'_, Game> {
        if self.to_move == color || self.status.is_over() {
            Cow::Borrowed(self)
        } else {
            let mut game = self.clone();
            game.apply_unchecked(Move::Pass);
            Cow::Owned(game)
        }
    }

    /// Whether `climber` (a Beetle or Mosquito) can climb onto the cell of
    /// `queen` on its side's turn.
    fn can_climb_onto(&self, climber: Piece, queen: Piece) -> bool {
        let (Some(from), Some(to)) = (self.position(climber), self.position(queen)) else {
            return false;
        };
        if from == to || !from.is_neighbor(to) {
            return false;
        }
        self.turn_of(climber.color()).is_legal(Move::Move {
            piece: climber,
            from,
            to,
        })
    }

    /// Each side's Pillbug throws that matter (see [`Fact::ThrowPossible`]),
    /// as if that side were to move, handed to `found`.
    fn each_relevant_throw(&self, mut found: impl FnMut(Piece, Piece, Hex, Hex)) {
        let queens = Color::ALL.map(|c| self.queen_free(c).map(|(_, at, _)| at));
        let next_to = |color: Color, hex: Hex| {
            queens[color.index()].is_some_and(|queen| queen.is_neighbor(hex))
        };
        for color in Color::ALL {
            let game = self.turn_of(color);
            for bug in [Bug::Pillbug, Bug::Mosquito] {
                let Some(actor) = Piece::new(color, bug, 1) else {
                    continue;
                };
                if !game.has_piece(actor) {
                    continue;
                }
                for throw in game.pillbug_throws(actor) {
                    let Move::Move { piece, from, to } = throw else {
                        continue;
                    };
                    // A Queen moved; any piece dropped next to the
                    // opponent's Queen; an opponent's piece lifted from
                    // beside the thrower's own Queen.
                    if piece.bug() == Bug::Queen
                        || next_to(color.opponent(), to)
                        || (piece.color() != color && next_to(color, from))
                    {
                        found(actor, piece, from, to);
                    }
                }
            }
        }
    }
}

/// The facts that tell `before` from `after` (`mover` played the first
/// move between them), appended to `out`.
///
/// Once the game is over only the Queens surrounded and the climbers on a
/// Queen are told: nothing else matters any more.
fn compare(before: &Game, after: &Game, mover: Color, out: &mut Vec<Fact>) {
    queen_cells(before, after, out);
    climbers(before, after, out);
    if after.status.is_over() {
        out.retain(|fact| match fact {
            Fact::QueenCells { after, .. } => *after == 0,
            Fact::BeetleOnQueen { .. } => true,
            _ => false,
        });
        return;
    }
    gates(before, after, out);
    throws(before, after, out);
    pins(before, after, mover, out);
}

fn queen_cells(before: &Game, after: &Game, out: &mut Vec<Fact>) {
    for color in Color::ALL {
        let (Some((_, was_at, was)), Some((queen, at, now))) =
            (before.queen_free(color), after.queen_free(color))
        else {
            continue;
        };
        if was.count_ones() == now.count_ones() {
            continue;
        }
        let mut changed = Cells::default();
        for (i, n) in at.neighbors().into_iter().enumerate() {
            let empty_now = now & (1 << i) != 0;
            let changed_here = if was_at == at {
                empty_now != (was & (1 << i) != 0)
            } else {
                empty_now
            };
            if changed_here {
                changed.push(n);
            }
        }
        out.push(Fact::QueenCells {
            queen,
            at,
            before: was.count_ones() as u8,
            after: now.count_ones() as u8,
            changed,
        });
    }
}

/// The Beetles and Mosquitoes of both sides, with the opponent's Queen.
fn climber_pairs() -> impl Iterator<Item = (Piece, Piece)> {
    Color::ALL.into_iter().flat_map(|color| {
        let queen = Piece::new(color.opponent(), Bug::Queen, 1);
        [(Bug::Beetle, 1), (Bug::Beetle, 2), (Bug::Mosquito, 1)]
            .into_iter()
            .filter_map(move |(bug, n)| Some((Piece::new(color, bug, n)?, queen?)))
    })
}

fn climbers(before: &Game, after: &Game, out: &mut Vec<Fact>) {
    // On top of a Queen: any climber right above her, either side's.
    for color in Color::ALL {
        let Some((queen, at, _)) = after.queen_free(color) else {
            continue;
        };
        let above = |game: &Game| {
            Piece::all().find(|&p| game.is_placed(p) && game.under[p.id()] == queen.id() as u8)
        };
        if let Some(beetle) = above(after)
            && above(before) != Some(beetle)
        {
            out.push(Fact::BeetleOnQueen { beetle, queen, at });
        }
    }
    // Able to climb onto the opponent's Queen next turn.
    for (beetle, queen) in climber_pairs() {
        if !after.has_piece(beetle) || after.status.is_over() {
            continue;
        }
        if after.can_climb_onto(beetle, queen) && !before.can_climb_onto(beetle, queen) {
            let (Some(from), Some(at)) = (after.position(beetle), after.position(queen)) else {
                continue;
            };
            out.push(Fact::BeetleReachesQueen {
                beetle,
                from,
                queen,
                at,
            });
        }
    }
}

fn gates(before: &Game, after: &Game, out: &mut Vec<Fact>) {
    for color in Color::ALL {
        let (Some((_, was_at, _)), Some((queen, at, _))) =
            (before.queen_free(color), after.queen_free(color))
        else {
            continue;
        };
        for cell in at.neighbors() {
            // Empty and next to the Queen in both positions.
            if after.height(cell) != 0 || before.height(cell) != 0 || !was_at.is_neighbor(cell) {
                continue;
            }
            match (before.slide_in(cell), after.slide_in(cell)) {
                (true, false) => out.push(Fact::GateClosed { queen, cell }),
                (false, true) => out.push(Fact::GateOpened { queen, cell }),
                _ => {}
            }
        }
    }
}

fn throws(before: &Game, after: &Game, out: &mut Vec<Fact>) {
    let mut old: Vec<(Piece, Piece, Hex, Hex)> = Vec::new();
    before.each_relevant_throw(|actor, piece, from, to| old.push((actor, piece, from, to)));
    let first = out.len();
    after.each_relevant_throw(|actor, piece, from, to| {
        if old.contains(&(actor, piece, from, to)) {
            return;
        }
        let same = out[first..].iter_mut().find(|fact| {
            matches!(fact, Fact::ThrowPossible { pillbug, piece: p, .. } if *pillbug == actor && *p == piece)
        });
        match same {
            Some(Fact::ThrowPossible { to: drops, .. }) => drops.push(to),
            _ => out.push(Fact::ThrowPossible {
                pillbug: actor,
                at: after.pos[actor.id()],
                piece,
                from,
                to: Cells::default().with(to),
            }),
        }
    });
}

fn pins(before: &Game, after: &Game, mover: Color, out: &mut Vec<Fact>) {
    let was = before.piece_facts().pinned;
    let now = after.piece_facts();
    // The mover's pieces first, then the opponent's.
    for color in [mover, mover.opponent()] {
        for piece in now.pinned.iter().filter(|p| p.color() == color) {
            if !was.contains(piece) {
                out.push(Fact::Pinned {
                    piece,
                    at: after.pos[piece.id()],
                });
            }
        }
        for piece in was.iter().filter(|p| p.color() == color) {
            let on_top = after.is_placed(piece)
                && after.top[after.pos[piece.id()].index()] == piece.id() as u8;
            if !now.pinned.contains(piece) && on_top {
                out.push(Fact::Freed {
                    piece,
                    at: after.pos[piece.id()],
                });
            }
        }
    }
}
