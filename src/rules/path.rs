//! The cells a moving piece travels through, for animations to follow.

use super::game::{Game, Move};
use super::hex::{Direction, Hex};
use super::movegen::{CellSet, Heights, can_slide, can_step};
use super::piece::{Bug, Piece};

impl Game {
    /// The cells a move passes through, from its start to its end: one cell
    /// for a placement; the walk around the hive for ants and spiders; the
    /// line for a grasshopper; each step for a beetle or ladybug; start,
    /// pillbug and landing cell for a pillbug throw. Empty for a pass.
    ///
    /// The move should be legal in this position.
    pub fn path_of(&self, mv: Move) -> Vec<Hex> {
        match mv {
            Move::Pass => Vec::new(),
            Move::Place { to, .. } => vec![to],
            Move::Move { piece, from, to } => self
                .own_path(piece, from, to)
                .or_else(|| self.throw_path(from, to))
                .unwrap_or_else(|| vec![from, to]),
        }
    }

    /// The piece's own way there, if its own movement is legal now.
    fn own_path(&self, piece: Piece, from: Hex, to: Hex) -> Option<Vec<Hex>> {
        if piece.color() != self.to_move {
            return None;
        }
        let on_ground = self.height(from) == 1;
        if on_ground && self.pinned_pieces() & (1 << piece.id()) != 0 {
            return None;
        }
        let mut h: Heights = self.height;
        h[from.index()] -= 1;
        let bugs: Vec<Bug> = match piece.bug() {
            Bug::Mosquito if !on_ground => vec![Bug::Beetle],
            Bug::Mosquito => from
                .neighbors()
                .iter()
                .filter_map(|&n| self.top(n))
                .map(Piece::bug)
                .filter(|&b| b != Bug::Mosquito)
                .collect(),
            bug => vec![bug],
        };
        bugs.into_iter().find_map(|bug| bug_path(bug, &h, from, to))
    }

    /// Start, the throwing pillbug's cell, landing cell.
    fn throw_path(&self, from: Hex, to: Hex) -> Option<Vec<Hex>> {
        let me = self.to_move;
        [Bug::Pillbug, Bug::Mosquito]
            .into_iter()
            .filter_map(|bug| Piece::new(me, bug, 1))
            .filter(|&actor| self.can_use_pillbug_power(actor))
            .filter_map(|actor| self.position(actor))
            .find(|at| at.direction_to(from).is_some() && at.direction_to(to).is_some())
            .map(|at| vec![from, at, to])
    }
}

fn bug_path(bug: Bug, h: &Heights, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    match bug {
        Bug::Queen | Bug::Pillbug => {
            let dir = from.direction_to(to)?;
            can_slide(h, from, dir).then(|| vec![from, to])
        }
        Bug::Beetle | Bug::Mosquito => {
            let dir = from.direction_to(to)?;
            can_step(h, from, dir).then(|| vec![from, to])
        }
        Bug::Grasshopper => Direction::ALL.into_iter().find_map(|dir| {
            let mut line = vec![from];
            let mut cell = from.neighbor(dir);
            while h[cell.index()] != 0 {
                line.push(cell);
                cell = cell.neighbor(dir);
            }
            (line.len() > 1 && cell == to).then(|| {
                line.push(cell);
                line
            })
        }),
        Bug::Ant => ant_path(h, from, to),
        Bug::Spider => walk(h, &mut vec![from], to, 3, false),
        Bug::Ladybug => walk(h, &mut vec![from], to, 3, true),
    }
}

/// Shortest sliding walk (breadth first).
fn ant_path(h: &Heights, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let mut parent = vec![(from, from)];
    let mut seen = CellSet::new();
    seen.insert(from);
    let mut i = 0;
    while i < parent.len() {
        let cell = parent[i].0;
        if cell == to {
            let mut path = vec![to];
            let mut at = i;
            while parent[at].0 != from {
                let prev = parent[at].1;
                path.push(prev);
                at = parent.iter().position(|&(c, _)| c == prev)?;
            }
            path.reverse();
            return Some(path);
        }
        for dir in Direction::ALL {
            let next = cell.neighbor(dir);
            if !seen.contains(next) && can_slide(h, cell, dir) {
                seen.insert(next);
                parent.push((next, cell));
            }
        }
        i += 1;
    }
    None
}

/// Depth-first search for an exact-length walk: spider slides, or ladybug
/// climbs (two steps on top, then down).
fn walk(
    h: &Heights,
    path: &mut Vec<Hex>,
    to: Hex,
    steps: usize,
    ladybug: bool,
) -> Option<Vec<Hex>> {
    let cell = *path.last()?;
    if path.len() == steps + 1 {
        return (cell == to).then(|| path.clone());
    }
    for dir in Direction::ALL {
        let next = cell.neighbor(dir);
        if path.contains(&next) {
            continue;
        }
        let ok = if ladybug {
            let on_top = path.len() < steps;
            (h[next.index()] != 0) == on_top && can_step(h, cell, dir)
        } else {
            can_slide(h, cell, dir)
        };
        if ok {
            path.push(next);
            if let Some(found) = walk(h, path, to, steps, ladybug) {
                return Some(found);
            }
            path.pop();
        }
    }
    None
}
