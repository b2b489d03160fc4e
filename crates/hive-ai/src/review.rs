//! Whole-game review: the engine's verdict on every move of a finished (or
//! unfinished) game, as in a chess site's "computer analysis".
//!
//! [`review_game`] replays a game from its start and searches each position
//! with the review's limits: a game of N moves costs N + 1 such searches,
//! plus a cheaper one (a ply shallower) after each move that was not the
//! engine's choice. The search
//! of the position before a move gives the value *before* it, the engine's
//! best move there and its line; the value *after* the move comes from the
//! position it led to, searched to the depth that makes it comparable
//! (see [`review_game`]).
//!
//! A move's *loss* is how much worse the position became for the side that
//! moved (never below zero); [`MoveClass`] grades it with the thresholds
//! [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`]. Scores of won and lost
//! positions are clamped to ±[`DECISIVE`] for that arithmetic, so one
//! forced win does not swamp a player's average loss.
//!
//! Every value stored is on the engine's scale (100 is about one pawn-like
//! unit, shown as `+1.00`); forced results keep their raw search scores
//! (beyond [`WIN_THRESHOLD`]) and are shown as `#3` (White wins in three of
//! its moves), `#-2`, or `1-0` / `0-1` once the game is over.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use hive_rules::{Color, Game, GameStatus, Move};

use crate::search::{WIN, WIN_THRESHOLD};
use crate::{Engine, Limits, line_strings};

/// A loss (mover's view, engine units) from which a move is an inaccuracy.
pub const INACCURACY: i32 = 50;
/// A loss from which a move is a mistake.
pub const MISTAKE: i32 = 120;
/// A loss from which a move is a blunder. Throwing away a forced win, or
/// walking into a forced loss that could have been avoided, is a blunder
/// whatever the numbers say.
pub const BLUNDER: i32 = 300;
/// Won and lost positions count as this much (and every value is clamped
/// to ±this) when losses are computed and in [`GameReview::evaluations`].
pub const DECISIVE: i32 = 1000;
/// The depth of a review's searches by default: see [`default_review_limits`].
pub const REVIEW_DEPTH: u32 = 5;

/// How a review searches by default: [`REVIEW_DEPTH`] plies, the same on
/// every machine. A 60-move Base+MLP game takes about 5 s in a release
/// build on one thread, a 120-move one about 11 s (depth 6: about 30 s for
/// 60 moves); `cargo run --release -p hive-ai --example review_time`.
pub fn default_review_limits() -> Limits {
    Limits::depth(REVIEW_DEPTH)
}

/// The grade of a move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MoveClass {
    /// The engine's own choice (or a win at least as quick).
    Best,
    /// Loses less than [`INACCURACY`].
    Good,
    /// Loses at least [`INACCURACY`].
    Inaccuracy,
    /// Loses at least [`MISTAKE`].
    Mistake,
    /// Loses at least [`BLUNDER`], or throws away a forced win, or walks
    /// into an avoidable forced loss.
    Blunder,
}

impl MoveClass {
    /// Every class, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The annotation symbol: `?!`, `?`, `??`, or nothing for a sound move.
    pub fn symbol(self) -> &'static str {
        match self {
            MoveClass::Best | MoveClass::Good => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    /// The class's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// Position in [`MoveClass::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The class of a move from the values (mover's view, raw search
    /// scores) of the position before it and after it, and whether it is
    /// the engine's best move; with the loss, clamped, never negative
    /// (zero for the engine's move).
    pub fn classify(before: i32, after: i32, engine_best: bool) -> (MoveClass, i32) {
        if engine_best {
            return (MoveClass::Best, 0);
        }
        let loss = (clamp_score(before) - clamp_score(after)).max(0);
        let class = if after >= WIN_THRESHOLD && after >= before {
            MoveClass::Best
        } else if (before >= WIN_THRESHOLD && after < WIN_THRESHOLD)
            || (after <= -WIN_THRESHOLD && before > -WIN_THRESHOLD)
            || loss >= BLUNDER
        {
            MoveClass::Blunder
        } else if loss >= MISTAKE {
            MoveClass::Mistake
        } else if loss >= INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        };
        (class, loss)
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value clamped to ±[`DECISIVE`] (forced results to the bound).
pub fn clamp_score(score: i32) -> i32 {
    score.clamp(-DECISIVE, DECISIVE)
}

/// A value in White's view as a player reads it: `+1.25`, `-0.40`, `0.00`,
/// `#3` / `#-3` (a forced win in that many of the winner's moves), `1-0` /
/// `0-1` (the game is over).
pub fn format_score(score: i32) -> String {
    if score.abs() >= WIN_THRESHOLD {
        let plies = WIN - score.abs();
        let white = score > 0;
        return match (plies, white) {
            (0, true) => "1-0".into(),
            (0, false) => "0-1".into(),
            (_, true) => format!("#{}", (plies + 1) / 2),
            (_, false) => format!("#-{}", (plies + 1) / 2),
        };
    }
    if score == 0 {
        return "0.00".into();
    }
    let sign = if score > 0 { '+' } else { '-' };
    format!("{sign}{}.{:02}", score.abs() / 100, score.abs() % 100)
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Moves played before this one (0 for the first move of the game).
    pub ply: usize,
    /// The side that played it.
    pub mover: Color,
    /// The move played, as a MoveString.
    pub played: String,
    /// The value of the position before the move, White's view (raw).
    pub eval_before: i32,
    /// The value of the move played, White's view (raw): from the search of
    /// the position before, at the same depth as `eval_before` (exact when
    /// the move ends the game).
    pub eval_after: i32,
    /// How much the move lost, in the mover's view (clamped, ≥ 0).
    pub loss: i32,
    /// Its grade.
    pub class: MoveClass,
    /// The engine's move in the position before (None when it had none).
    pub best: Option<String>,
    /// The engine's line from the position before, starting with `best`.
    pub best_line: Vec<String>,
}

/// A player's record in a review.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// Whose record.
    pub color: Color,
    /// Moves reviewed.
    pub moves: usize,
    /// Moves per class, in the order of [`MoveClass::ALL`].
    pub counts: [usize; 5],
    /// Mean loss per move (0 without moves).
    pub average_loss: f64,
}

impl PlayerSummary {
    /// The moves of this class.
    pub fn count(&self, class: MoveClass) -> usize {
        self.counts[class.index()]
    }
}

impl fmt::Display for PlayerSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} moves", self.color.name(), self.moves)?;
        for class in MoveClass::ALL {
            write!(f, ", {} {}", self.count(class), class.name())?;
        }
        write!(f, "; average loss {:.2}", self.average_loss / 100.0)
    }
}

/// The review of a whole game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// One verdict per move, in order.
    pub moves: Vec<MoveReview>,
    /// The value of each position from the start to the end (one more than
    /// the moves), White's view (raw): each from its own search.
    pub positions: Vec<i32>,
}

impl GameReview {
    /// How `color` played.
    pub fn summary(&self, color: Color) -> PlayerSummary {
        let mut counts = [0; 5];
        let mut total = 0i64;
        let mut moves = 0;
        for m in self.moves.iter().filter(|m| m.mover == color) {
            counts[m.class.index()] += 1;
            total += i64::from(m.loss);
            moves += 1;
        }
        PlayerSummary {
            color,
            moves,
            counts,
            average_loss: if moves == 0 {
                0.0
            } else {
                total as f64 / moves as f64
            },
        }
    }

    /// The value of every position from the start to the end (one more than
    /// the moves), White's view, clamped to ±[`DECISIVE`]: what an
    /// evaluation graph draws.
    pub fn evaluations(&self) -> Vec<i32> {
        self.positions.iter().map(|&v| clamp_score(v)).collect()
    }
}

/// The text `hive review` prints: a line per move, then each player's summary.
impl fmt::Display for GameReview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.moves {
            let before = format_score(m.eval_before);
            let after = format_score(m.eval_after);
            write!(
                f,
                "{:>3}. {:<12} {before:>7} -> {after:>7}  {}",
                m.ply + 1,
                m.played,
                m.class.name()
            )?;
            if !m.class.symbol().is_empty() {
                write!(f, " {}", m.class.symbol())?;
            }
            if m.class != MoveClass::Best
                && let Some(best) = &m.best
            {
                write!(f, "  best: {best}")?;
                if m.best_line.len() > 1 {
                    write!(f, " ({})", m.best_line[1..].join("; "))?;
                }
            }
            writeln!(f)?;
        }
        for color in Color::ALL {
            writeln!(f, "{}", self.summary(color))?;
        }
        Ok(())
    }
}

/// What the review learnt of one position.
struct Assessment {
    /// Value for the side to move: the search's, or exact when over.
    value: i32,
    /// Whether the game is over here (and `value` exact).
    over: bool,
    /// The depth of the search (0 when over).
    depth: u32,
    /// The engine's move, and its line starting with it as MoveStrings.
    best: Option<Move>,
    line: Vec<String>,
    /// The value for the side to move from a search one ply shallower than
    /// the previous position's, when the move that led here was not the
    /// engine's: comparable with the previous position's value.
    shallow: Option<i32>,
}

/// The value of a finished game for the side to move, `None` when it goes on.
fn exact_value(game: &Game) -> Option<i32> {
    let winner = match game.status() {
        GameStatus::Draw => return Some(0),
        GameStatus::WhiteWins => Color::White,
        GameStatus::BlackWins => Color::Black,
        GameStatus::NotStarted | GameStatus::InProgress => return None,
    };
    Some(if winner == game.to_move() { WIN } else { -WIN })
}

/// Searches `game` (unless it is over); first, when `shallow_depth` is
/// given, to that depth alone (before the full search fills the table with
/// deeper values).
fn assess(
    game: &Game,
    limits: Limits,
    shallow_depth: Option<u32>,
    engine: &mut Engine,
    cancel: &AtomicBool,
) -> Assessment {
    if let Some(value) = exact_value(game) {
        return Assessment {
            value,
            over: true,
            depth: 0,
            best: None,
            line: Vec::new(),
            shallow: None,
        };
    }
    let shallow = shallow_depth.map(|depth| {
        let limits = Limits {
            max_depth: Some(depth),
            ..limits
        };
        engine.search(game, limits, cancel).score
    });
    let result = engine.search(game, limits, cancel);
    let Some(best) = result.best else {
        return Assessment {
            value: engine.evaluate(game),
            over: false,
            depth: 0,
            best: None,
            line: Vec::new(),
            shallow,
        };
    };
    let mut line = line_strings(game, &result.pv);
    if result.pv.first() != Some(&best) {
        line = vec![game.move_string(best)];
    }
    Assessment {
        value: result.score,
        over: false,
        depth: result.depth,
        best: Some(best),
        line,
        shallow,
    }
}

/// When the side that moved had a forced win before its move and the
/// searches after it no longer see one, searches the position the move led
/// to again, deep enough to see the win one move later than before: a
/// slower way to the same win is no blunder, and a search only as deep as
/// the review's cannot tell it from a win thrown away. The value found
/// then stands for the move (`shallow`) when it still wins.
fn keep_the_win_in_sight(
    game: &Game,
    positions: &mut [Assessment],
    played: Move,
    limits: Limits,
    engine: &mut Engine,
    cancel: &AtomicBool,
) {
    let [.., before, here] = positions else {
        return;
    };
    if before.best == Some(played) || here.over || before.value < WIN_THRESHOLD {
        return;
    }
    let seen = -here.shallow.unwrap_or(here.value);
    if seen >= WIN_THRESHOLD {
        return;
    }
    let plies = u32::try_from(WIN - before.value).unwrap_or(u32::MAX);
    let cap = limits.max_depth.unwrap_or(before.depth) + 4;
    let depth = plies.saturating_add(1).min(cap);
    let deeper = Limits {
        max_depth: Some(depth),
        ..limits
    };
    let score = engine.search(game, deeper, cancel).score;
    if -score >= WIN_THRESHOLD {
        here.shallow = Some(score);
    }
}

/// Reviews every move of `game` from its start (same game type and
/// options), `progress(done, total)` after each of its `moves + 1`
/// positions; `None` when `cancel` was set before or during the review.
///
/// Each position that is not over is searched once within `limits` (a
/// finished one gets its exact value). The value before a move is its
/// position's; the value after the engine's own move is the same, and after
/// any other move it is minus the value of the next position searched one
/// ply shallower than the position before was (a second, cheap search of
/// that position, run before its full one). Minus the next position's full
/// search would come from one ply deeper than the value before: on this
/// engine the side to move gains about half a unit from an odd depth over
/// an even one, and every move, the engine's own included, would seem to
/// lose that much. A move that ends the game gets its exact value.
///
/// The engine's table is cleared first, so a review depends only on the
/// game, the limits and the engine's settings (on one thread it is the same
/// on every run).
pub fn review_game(
    game: &Game,
    limits: Limits,
    engine: &mut Engine,
    cancel: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Option<GameReview> {
    let played: Vec<Move> = game.moves().collect();
    let total = played.len() + 1;
    let mut replay = Game::with_options(game.game_type(), game.options());
    let mut positions: Vec<Assessment> = Vec::with_capacity(total);
    let mut texts = Vec::with_capacity(played.len());
    let mut to_move = Vec::with_capacity(total);
    engine.clear();
    for done in 1..=total {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let shallow_depth = match (positions.last(), done.checked_sub(2)) {
            (Some(before), Some(i)) if before.best != Some(played[i]) && !before.over => {
                // The depth asked for, not the one reached: a search that
                // found a forced result stops early.
                let depth = limits.max_depth.unwrap_or(before.depth);
                Some(depth.saturating_sub(1).max(1))
            }
            _ => None,
        };
        to_move.push(replay.to_move());
        positions.push(assess(&replay, limits, shallow_depth, engine, cancel));
        if let Some(i) = done.checked_sub(2) {
            keep_the_win_in_sight(&replay, &mut positions, played[i], limits, engine, cancel);
        }
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        progress(done, total);
        if let Some(&mv) = played.get(done - 1) {
            texts.push(replay.move_string(mv));
            replay.apply_unchecked(mv);
        }
    }

    let white_view = |color: Color, value: i32| match color {
        Color::White => value,
        Color::Black => -value,
    };
    let moves = (0..played.len())
        .map(|i| {
            let (here, next) = (&positions[i], &positions[i + 1]);
            let mover = to_move[i];
            let engine_best = here.best == Some(played[i]);
            let before = here.value;
            let after = match next.shallow {
                _ if next.over => -next.value,
                _ if engine_best => before,
                Some(value) => -value,
                None => -next.value,
            };
            let (class, loss) = MoveClass::classify(before, after, engine_best);
            MoveReview {
                ply: i,
                mover,
                played: texts[i].clone(),
                eval_before: white_view(mover, before),
                eval_after: white_view(mover, after),
                loss,
                class,
                best: here.line.first().cloned(),
                best_line: here.line.clone(),
            }
        })
        .collect();
    let positions = positions
        .iter()
        .enumerate()
        .map(|(i, p)| white_view(to_move[i], p.value))
        .collect();
    Some(GameReview { moves, positions })
}
