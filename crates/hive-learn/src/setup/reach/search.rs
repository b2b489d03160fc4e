//! The walk back: a best-first search over positions, from the set-up
//! one to the empty board (see the parent module for the method).

use super::facts::{Facts, KeySet, View, can_take_off, clean};
use super::*;

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
