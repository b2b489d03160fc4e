//! The mosquito on the ground: it moves as each bug it touches (on top of
//! the hive it moves as a beetle, see [`Game::piece_moves`]).

use super::Sink;
use super::ant::ant_moves;
use super::board::Lifted;
use super::steps::{beetle_moves, grasshopper_moves, ladybug_moves, slide_moves, spider_moves};
use crate::game::{Game, NONE};
use crate::hex::Hex;
use crate::piece::{Bug, Piece};

impl Game {
    /// A ground mosquito moves as each bug it touches.
    pub(super) fn mosquito_moves<S: Sink>(&self, h: &Lifted, from: Hex, sink: &mut S) {
        let mut touched = 0u8;
        for n in from.neighbors() {
            let t = self.top[n.index()];
            if t != NONE {
                touched |= 1 << Piece::from_id(t).bug() as u8;
            }
        }
        let has = |bug: Bug| touched & (1 << bug as u8) != 0;
        // Beetle and ant moves include every one-step slide.
        if has(Bug::Beetle) {
            beetle_moves(h, from, sink);
        } else if !has(Bug::Ant) && (has(Bug::Queen) || has(Bug::Pillbug)) {
            slide_moves(h, from, sink);
        }
        if has(Bug::Ant) {
            ant_moves(h, from, sink);
        } else if has(Bug::Spider) {
            spider_moves(h, from, sink);
        }
        if has(Bug::Grasshopper) {
            grasshopper_moves(h, from, sink);
        }
        if has(Bug::Ladybug) {
            ladybug_moves(h, from, sink);
        }
    }
}
