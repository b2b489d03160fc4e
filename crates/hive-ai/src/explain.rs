//! Why a reviewed move is worse, and why the engine's move is better: what
//! each changes along the engine's line after it ([`Game::move_facts`]),
//! with the forced results the search found. The rules compute the facts;
//! `hive-text` words them.

use hive_rules::{Fact, Game, Move, MoveFacts, Stance};

use crate::review::{GameReview, MoveReview};
use crate::search::{WIN, WIN_THRESHOLD};

/// What a reviewed move changed, and what the engine's move would have.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The move played, followed by the engine's line after it (the
    /// opponent's best reply and on), with the forced result it let slip or
    /// walked into.
    pub played: MoveFacts,
    /// The engine's move in its place, followed by the rest of its line
    /// (`None` when the move played was the engine's, or the engine had
    /// none).
    pub better: Option<MoveFacts>,
}

impl Explanation {
    /// Facts both lines share (the same Queen's cells, the same pin, told
    /// in the same words even where their cells differ: [`Fact::same_claim`])
    /// say nothing of the difference between the moves: they are dropped
    /// from both, so each side keeps what is its own.
    fn without_shared(mut self) -> Explanation {
        let Some(better) = self.better.as_mut() else {
            return self;
        };
        let said_by = |facts: &[Fact], fact: &Fact| facts.iter().any(|f| f.same_claim(fact));
        let played = self.played.facts.clone();
        self.played
            .facts
            .retain(|fact| !said_by(&better.facts, fact));
        better.facts.retain(|fact| !said_by(&played, fact));
        self
    }

    /// Each line told from its mover's side: the move played keeps only
    /// what hurts its mover (why it is worse), the better move only what
    /// helps the mover (why it is better). White's own Queen losing a cell
    /// is never a reason to prefer White's move.
    fn seen_by_the_movers(self) -> Explanation {
        Explanation {
            played: self.played.keep_only(Stance::Blame),
            better: self.better.map(|better| better.keep_only(Stance::Praise)),
        }
    }
}

/// A raw value (White's view) in the mover's view.
fn mover_view(verdict: &MoveReview, value: i32) -> i32 {
    match verdict.mover {
        hive_rules::Color::White => value,
        hive_rules::Color::Black => -value,
    }
}

/// The moves of `line` (MoveStrings) that parse in turn from `game` after
/// `first`: a line is followed up to its first move that does not.
fn parse_line(game: &Game, first: Move, line: &[String]) -> Vec<Move> {
    let mut at = game.clone();
    if at.play(first).is_err() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for text in line {
        let Ok(mv) = at.parse_move(text) else {
            break;
        };
        if at.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// Why `verdict`'s move is what the review says: `before` is the position
/// it was played in, `reply_line` the engine's line from the position after
/// it (the next verdict's `best_line`; empty after the last move). `None`
/// when the move does not parse or is not legal in `before` (the review is
/// not of this game).
pub fn explain_move(
    before: &Game,
    verdict: &MoveReview,
    reply_line: &[String],
) -> Option<Explanation> {
    let played = before.parse_move(&verdict.played).ok()?;
    let replies = parse_line(before, played, reply_line);
    let mut played_facts = before.move_facts(played, &replies).ok()?;
    let was = mover_view(verdict, verdict.eval_before);
    let now = mover_view(verdict, verdict.eval_after);
    if was >= WIN_THRESHOLD && now < WIN_THRESHOLD {
        // The search's value is WIN less the plies to the win.
        played_facts = played_facts.with_missed_win((WIN - was).max(1) as u32);
    }
    if now <= -WIN_THRESHOLD && was > -WIN_THRESHOLD {
        // From the position before: this move is the first of those plies.
        let plies = (WIN + now - 1).max(1) as u32;
        played_facts = played_facts.with_forced_loss(plies);
    }
    let better = verdict
        .best
        .as_deref()
        .filter(|best| *best != verdict.played)
        .and_then(|best| before.parse_move(best).ok())
        .and_then(|best| {
            let rest = verdict.best_line.get(1..).unwrap_or_default();
            let line = parse_line(before, best, rest);
            before.move_facts(best, &line).ok()
        });
    Some(
        Explanation {
            played: played_facts,
            better,
        }
        .without_shared()
        .seen_by_the_movers(),
    )
}

impl GameReview {
    /// Why move `index` of the review is what it is; `before` is the
    /// position it was played in. `None` past the end or when the review is
    /// not of this game.
    pub fn explain(&self, index: usize, before: &Game) -> Option<Explanation> {
        let verdict = self.moves.get(index)?;
        let reply_line = self
            .moves
            .get(index + 1)
            .map(|next| next.best_line.as_slice())
            .unwrap_or_default();
        explain_move(before, verdict, reply_line)
    }
}

/// Why the engine suggests `hint` in `game`: the facts along its line
/// (`line` starting with `hint`, as the search gave it) that help the side
/// to move (its own Queen losing a cell is no reason to play it).
pub fn explain_hint(game: &Game, hint: Move, line: &[Move]) -> Option<MoveFacts> {
    let rest = match line.first() {
        Some(&first) if first == hint => &line[1..],
        _ => &[],
    };
    game.move_facts(hint, rest)
        .ok()
        .map(|facts| facts.keep_only(Stance::Praise))
}
