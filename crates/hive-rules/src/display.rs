//! A text picture of the board, for debugging, tests and the command line.

use std::collections::{HashMap, VecDeque};

use super::game::Game;
use super::hex::{Direction, Hex};

impl Game {
    /// Plane axial coordinates for every occupied cell, found by walking the
    /// hive from `anchor` (a cell of the hive) placed at `anchor_at`.
    ///
    /// Because the walk follows adjacency, the coordinates are exact however
    /// far the hive has drifted on the wrapped grid.
    pub fn unwrapped_cells(&self, anchor: Hex, anchor_at: (i32, i32)) -> HashMap<Hex, (i32, i32)> {
        let mut coords = HashMap::from([(anchor, anchor_at)]);
        let mut queue = VecDeque::from([anchor]);
        while let Some(cell) = queue.pop_front() {
            let (q, r) = coords[&cell];
            for dir in Direction::ALL {
                let next = cell.neighbor(dir);
                if self.height(next) > 0 && !coords.contains_key(&next) {
                    let (dq, dr) = dir.axial();
                    coords.insert(next, (q + dq, r + dr));
                    queue.push_back(next);
                }
            }
        }
        coords
    }

    /// The board as text: one line per row, top pieces by name, stacks
    /// marked with their height (`wB1^2`), empty cells as `.`.
    pub fn ascii_board(&self) -> String {
        let Some(anchor) = self.occupied_cells().next() else {
            return String::from("(empty board)\n");
        };
        let coords = self.unwrapped_cells(anchor, (0, 0));
        let by_coord: HashMap<(i32, i32), Hex> = coords.iter().map(|(&h, &c)| (c, h)).collect();
        let (min_r, max_r) = span(coords.values().map(|c| c.1));
        // x = 2q + r puts each row half a cell to the right of the one above.
        let (min_x, max_x) = span(coords.values().map(|&(q, r)| 2 * q + r));
        let mut out = String::new();
        for r in min_r - 1..=max_r + 1 {
            let width = (3 * (max_x - min_x + 6)) as usize;
            let mut line = vec![' '; width];
            for x in min_x - 2..=max_x + 2 {
                if (x - r).rem_euclid(2) != 0 {
                    continue;
                }
                let q = (x - r) / 2;
                let label = match by_coord
                    .get(&(q, r))
                    .and_then(|&h| self.top(h).map(|p| (h, p)))
                {
                    Some((h, piece)) if self.height(h) > 1 => format!("{piece}^{}", self.height(h)),
                    Some((_, piece)) => piece.to_string(),
                    None => ".".to_string(),
                };
                let centre = (3 * (x - min_x + 2)) as usize + 1;
                let start = centre.saturating_sub(label.len() / 2);
                for (i, c) in label.chars().enumerate() {
                    if let Some(slot) = line.get_mut(start + i) {
                        *slot = c;
                    }
                }
            }
            let text: String = line.into_iter().collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

fn span(values: impl Iterator<Item = i32>) -> (i32, i32) {
    values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}
