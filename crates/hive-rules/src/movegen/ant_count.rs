//! Counting the moves of several ants of one side at once, for perft:
//! their walks share the work that lifting one ant or another leaves the
//! same.
//!
//! This is one more ant walk, kept for speed alone: when it was written,
//! counting each ant by its own walk made perft 9% slower from the perft
//! table's `Base+MLP White[12]` row and 5% from its `Base+P White[13]` row
//! (depth 3, instructions counted under valgrind). Listing needs each
//! destination in the walk's order, so it uses [`ant_moves`]; a lone ant
//! is counted by [`ant_count_walk`], where sharing saves nothing.
//!
//! [`ant_moves`]: super::ant::ant_moves

use super::ant::{Frontier, ant_count_walk};
use super::board::{CellSet, Lifted};
use crate::game::Game;
use crate::hex::{CELLS, Hex};

/// The most ants of one side.
pub(super) const MAX_ANTS: usize = 3;

/// Components labelled by [`AntWalks`] at most; past that, its caller
/// walks each ant by itself.
const MAX_COMPONENTS: usize = 32;

/// [`AntWalks::tags`]: a hot cell, its number in the low bits.
const HOT: u8 = 0x80;

/// The walks of several ants of one side, sharing their work; each walk
/// gives the cells [`ant_count_walk`] reaches.
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
    /// The hot cells by number.
    hot: [Hex; 7 * MAX_ANTS],
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
    /// For the ants (alone on their cells) on these cells (at most
    /// [`MAX_ANTS`]).
    #[inline]
    pub(super) fn new(game: &'a Game, ants: &[Hex]) -> AntWalks<'a> {
        let mut walks = AntWalks {
            game,
            ants: [Hex::ORIGIN; MAX_ANTS],
            ant_count: ants.len().min(MAX_ANTS),
            tags: [0; CELLS],
            near: [0; MAX_ANTS],
            hot: [Hex::ORIGIN; 7 * MAX_ANTS],
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
            walks.hot[k * 7 + 6] = ant;
            for i in 0..6 {
                let cell = ant.neighbor_at(i);
                walks.tags[cell.index()] = HOT | (k * 7 + i) as u8;
                walks.hot[k * 7 + i] = cell;
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
    // Run once per component: out of line, so that the walks' hot loop
    // ([`AntWalks::reach`]) inlines.
    #[inline(never)]
    fn label(&mut self, start: Hex) -> Option<usize> {
        if self.components == MAX_COMPONENTS {
            return None;
        }
        let c = self.components;
        self.components += 1;
        let tag = c as u8 + 1;
        self.tags[start.index()] = tag;
        // As in `ant_count_walk`: on from each cell to the first new one at
        // once, the others kept for later.
        let mut frontier = Frontier::new();
        let (mut size, mut borders) = (1u16, 0u32);
        let mut cell = start;
        loop {
            let mut dirs = self.game.slides[cell.index()];
            while dirs != 0 {
                let i = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let reached = cell.neighbor_at(i);
                let t = self.tags[reached.index()];
                if t & HOT != 0 {
                    borders |= 1 << (t & !HOT);
                } else if t == 0 {
                    self.tags[reached.index()] = tag;
                    size += 1;
                    frontier.reached(reached);
                }
            }
            match frontier.advance() {
                Some(next) => cell = next,
                None => break,
            }
        }
        self.sizes[c] = size;
        self.borders[c] = borders;
        Some(c)
    }

    /// The nodes the empty cell `cell` slides to, in the directions
    /// `dirs`.
    #[inline]
    fn slides_from(&mut self, cell: Hex, mut dirs: u8) -> Option<u64> {
        let mut nodes = 0;
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            nodes |= self.node(cell.neighbor_at(i))?;
        }
        Some(nodes)
    }

    /// The moves of the ant on `self.ants[k]`: the number of cells
    /// [`ant_count_walk`] reaches, and the nodes it reached (its own
    /// cell's among them), for [`AntWalks::contains`]. `None` when the
    /// components run out.
    #[inline]
    pub(super) fn reach(&mut self, k: usize) -> Option<(usize, u64)> {
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
                let cell = self.hot[n];
                self.slides_from(cell, Lifted::new(self.game, from).slides(cell))?
            } else {
                if self.known & (1 << n) == 0 {
                    let cell = self.hot[n];
                    self.slides[n] = self.slides_from(cell, self.game.slides[cell.index()])?;
                    self.known |= 1 << n;
                }
                self.slides[n]
            };
            let fresh = next & !reached;
            reached |= fresh;
            todo |= fresh;
        }
        let mut count = ((reached & !start) as u32).count_ones() as usize;
        let mut components = (reached >> 32) as u32;
        while components != 0 {
            let c = components.trailing_zeros() as usize;
            components &= components - 1;
            count += self.sizes[c] as usize;
        }
        Some((count, reached))
    }

    /// Whether `cell` is among the nodes `reached` (an answer of
    /// [`AntWalks::reach`]). A walk enters a component only by labelling
    /// it, so a cell not labelled yet was not reached.
    #[inline]
    pub(super) fn contains(&self, reached: u64, cell: Hex) -> bool {
        let t = self.tags[cell.index()];
        if t & HOT != 0 {
            reached & (1 << (t & !HOT)) != 0
        } else {
            t != 0 && reached & (1 << (31 + t)) != 0
        }
    }
}

impl Game {
    /// The number of moves of the ant alone on `from`, by its walk.
    pub(super) fn count_ant_walk(&self, from: Hex) -> usize {
        ant_count_walk(&Lifted::new(self, from), from, &mut CellSet::new())
    }
}
