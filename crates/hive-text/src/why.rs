//! Why a move is worse (or better), in words: every [`Fact`] the rules
//! engine finds about a move ([`hive_rules::Game::move_facts`]) through the
//! `why-*` messages, with the cells the fact lights.

use hive_rules::{Fact, Game, Hex, MoveFacts, Piece};

use crate::texts::Texts;
use crate::words::{Landmark, Sentence, Worded};

/// The message key of a fact: `why-` and what it says
/// (`Fact::QueenCells` is `why-queen-cells-fewer` or `why-queen-cells-more`).
pub fn fact_key(fact: &Fact) -> &'static str {
    match fact {
        Fact::MissedWin { .. } => "why-missed-win",
        Fact::ForcedLoss { .. } => "why-forced-loss",
        Fact::QueenCells { before, after, .. } if after < before => "why-queen-cells-fewer",
        Fact::QueenCells { .. } => "why-queen-cells-more",
        Fact::BeetleOnQueen { .. } => "why-beetle-on-queen",
        Fact::BeetleReachesQueen { .. } => "why-beetle-reaches-queen",
        Fact::GateClosed { .. } => "why-gate-closed",
        Fact::GateOpened { .. } => "why-gate-opened",
        Fact::ThrowPossible { .. } => "why-throw-possible",
        Fact::Pinned { .. } => "why-pinned",
        Fact::Freed { .. } => "why-freed",
    }
}

/// A forced result's length as the winner's moves: plies of both sides,
/// the winner's first (as the review shows `#3`); at least one.
fn winner_moves(plies: u32) -> u32 {
    plies.div_ceil(2).max(1)
}

/// A cell next to `queen` (standing on `at`), named by her.
fn beside_queen(game: &Game, queen: Piece, cell: Hex) -> Landmark {
    match game.position(queen).and_then(|at| at.direction_to(cell)) {
        Some(dir) => Landmark::NextTo(queen, dir),
        None => Landmark::of_cell(game, cell, None),
    }
}

impl Texts {
    /// One fact in words, its pieces and cells named in `game`, the
    /// position the fact describes ([`MoveFacts::after`]); the cells are
    /// the fact's own ([`Fact::cells`]).
    pub fn fact(&self, fact: &Fact, game: &Game) -> Worded {
        let mut s = Sentence::new(self, Some(game));
        match *fact {
            Fact::MissedWin { side, plies } => {
                s.color("side", side).number("moves", winner_moves(plies));
            }
            Fact::ForcedLoss { winner, plies } => {
                s.color("winner", winner)
                    .number("moves", winner_moves(plies));
            }
            Fact::QueenCells {
                queen,
                before,
                after,
                ..
            } => {
                s.piece("queen", queen)
                    .number("before", u32::from(before))
                    .number("after", u32::from(after));
            }
            Fact::BeetleOnQueen { beetle, queen, .. }
            | Fact::BeetleReachesQueen { beetle, queen, .. } => {
                s.piece("beetle", beetle).piece("queen", queen);
            }
            Fact::GateClosed { queen, cell } | Fact::GateOpened { queen, cell } => {
                s.piece("queen", queen)
                    .text("cell", self.landmark(beside_queen(game, queen, cell)));
            }
            Fact::ThrowPossible {
                pillbug, piece, to, ..
            } => {
                s.piece("pillbug", pillbug)
                    .piece("piece", piece)
                    .number("count", to.len() as u32);
                if let Some(&first) = to.as_slice().first() {
                    s.text(
                        "cell",
                        self.landmark(Landmark::of_cell(game, first, Some(piece))),
                    );
                }
            }
            Fact::Pinned { piece, .. } | Fact::Freed { piece, .. } => {
                s.piece("piece", piece);
            }
        }
        Worded {
            text: s.finish(fact_key(fact)).text,
            cells: fact.cells().as_slice().to_vec(),
        }
    }

    /// Every fact of a move in words, weightiest first (the order of
    /// [`MoveFacts::facts`]): a review shows the first one or two.
    pub fn move_facts(&self, facts: &MoveFacts) -> Vec<Worded> {
        facts
            .facts
            .iter()
            .map(|fact| self.fact(fact, &facts.after))
            .collect()
    }

    /// Every fact of a move in words, like [`Texts::move_facts`], with the
    /// cells lit on `shown`, another position of the same game (the one on
    /// screen): its pieces where they stand there ([`Fact::cells_in`]).
    pub fn move_facts_on(&self, facts: &MoveFacts, shown: &Game) -> Vec<Worded> {
        facts
            .facts
            .iter()
            .map(|fact| Worded {
                cells: fact.cells_in(&facts.after, shown).as_slice().to_vec(),
                ..self.fact(fact, &facts.after)
            })
            .collect()
    }
}
