//! The computer player: search and evaluation over [`hive_rules`].
//!
//! [`search`] is a game-agnostic iterative-deepening alpha-beta searcher;
//! [`eval`] scores Hive positions; [`Engine`] ties them to [`Game`] with
//! difficulty presets; [`review`] grades every move of a played game and [`explain`] says why.

pub mod eval;
pub mod explain;
mod level;
pub mod rating;
pub mod review;
pub mod search;
pub mod style;
pub mod texel;
pub mod tt;

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use hive_rules::{Game, GameStatus, Move};

pub use eval::{HiveEvaluator, Weights, WeightsError};
pub use explain::{Explanation, explain_hint, explain_move};
pub use level::Difficulty;
use level::OPENING_TOLERANCE;
pub use rating::{LevelRatings, PlayerRating, RatedGame, Score, next_step};
pub use review::{
    GameReview, MoveClass, MoveReview, PlayerSummary, REVIEW_DEPTH, default_review_limits,
    review_game,
};
pub use search::{
    Limits, OrderingStats, Outcome, SearchConfig, SearchConfigError, SearchGame, Searcher,
    available_threads,
};
pub use style::{Style, StyleError};
pub use tt::PackedMove;

/// What a search of a Hive position found.
pub type SearchResult = search::SearchResult<Move>;

impl SearchGame for Game {
    type Move = Move;

    fn generate_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        Game::is_legal(self, mv)
    }

    fn make_move(&mut self, mv: Move) {
        self.apply_unchecked(mv);
    }

    fn unmake_move(&mut self) {
        self.undo();
    }

    fn position_hash(&self) -> u64 {
        self.hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = match self.status() {
            GameStatus::Draw => return Some(Outcome::Draw),
            GameStatus::WhiteWins => hive_rules::Color::White,
            GameStatus::BlackWins => hive_rules::Color::Black,
            _ => return None,
        };
        Some(if winner == self.to_move() {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }

    fn move_key(mv: Move) -> usize {
        match mv {
            Move::Place { piece, to } | Move::Move { piece, to, .. } => {
                piece.id() * hive_rules::CELLS + to.index()
            }
            Move::Pass => 0,
        }
    }

    fn repeats(&self) -> bool {
        Game::repeats(self)
    }

    fn null_move() -> Option<Move> {
        // A pass: `apply_unchecked` plays it whatever else is legal.
        Some(Move::Pass)
    }
}

/// A move in 28 bits: kind (2), piece id (6), from (10), to (10).
impl PackedMove for Move {
    fn pack(self) -> u32 {
        match self {
            Move::Pass => 0,
            Move::Place { piece, to } => 1 << 26 | (piece.id() as u32) << 20 | to.index() as u32,
            Move::Move { piece, from, to } => {
                2 << 26
                    | (piece.id() as u32) << 20
                    | (from.index() as u32) << 10
                    | to.index() as u32
            }
        }
    }

    fn unpack(bits: u32) -> Move {
        let piece = hive_rules::Piece::from_id(((bits >> 20) & 63) as u8);
        let to = hive_rules::Hex::from_index((bits & 1023) as usize);
        match bits >> 26 {
            1 => Move::Place { piece, to },
            2 => Move::Move {
                piece,
                from: hive_rules::Hex::from_index(((bits >> 10) & 1023) as usize),
                to,
            },
            _ => Move::Pass,
        }
    }
}

/// The moves of `line` (a principal variation) that are legal in turn
/// from `game`, as MoveStrings: what a viewer shows of a search's line.
pub fn line_strings(game: &Game, line: &[Move]) -> Vec<String> {
    let mut replay = game.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        if replay.check_move(mv).is_err() {
            break;
        }
        texts.push(replay.move_string(mv));
        replay.apply_unchecked(mv);
    }
    texts
}

/// A Hive player: the searcher, its table and the evaluation.
///
/// [`Engine::new`] searches on one thread (deterministic, and it leaves the
/// other cores to the caller, e.g. a window); [`Engine::set_threads`] asks
/// for more ([`available_threads`] is every core). Whatever the setting,
/// node- and depth-limited searches through [`Engine::choose`] (every level
/// below Expert) and every node-limited search run on one thread, so that
/// they play the same everywhere.
pub struct Engine {
    searcher: Searcher<Move>,
    evaluator: HiveEvaluator,
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes`.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            searcher: Searcher::new(tt_megabytes),
            evaluator: HiveEvaluator::default(),
        }
    }

    /// An engine with custom evaluation weights (for tuning).
    pub fn with_weights(tt_megabytes: usize, weights: Weights) -> Engine {
        Engine {
            searcher: Searcher::new(tt_megabytes),
            evaluator: HiveEvaluator { weights },
        }
    }

    /// Search with this many threads (at least one) from the next search on,
    /// sharing one transposition table (Lazy SMP).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    /// The threads a search may use.
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// How well the last search ordered its moves (main thread).
    pub fn ordering_stats(&self) -> OrderingStats {
        self.searcher.ordering_stats()
    }

    /// The search's switches and tuning, from the next search on (the
    /// root's exactness stays each call's own).
    pub fn set_search_config(&mut self, config: SearchConfig) {
        self.searcher.config = config;
    }

    /// The search's switches and tuning.
    pub fn search_config(&self) -> SearchConfig {
        self.searcher.config
    }

    /// Forget cached results (call between unrelated games).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// The evaluation of `game` for the side to move (no search).
    pub fn evaluate(&self, game: &Game) -> i32 {
        use search::Evaluator;
        self.evaluator.evaluate(game)
    }

    /// The best move within `limits`; gives up early when `cancel` is set.
    pub fn search(&mut self, game: &Game, limits: Limits, cancel: &AtomicBool) -> SearchResult {
        let mut game = game.clone();
        self.searcher.config.exact_root = false;
        self.searcher
            .search(&mut game, &self.evaluator, limits, cancel)
    }

    /// Multi-PV: the best `lines` moves within `limits` (at least one line),
    /// best first, each a [`SearchResult`] with its move (`best`), its exact
    /// value at its `depth`, and its principal variation (`pv`, starting
    /// with the move). `nodes` is the whole search's count in every line.
    /// Fewer lines come back when there are fewer legal moves, none when
    /// there is no legal move. With `lines` = 1 the one line is what
    /// [`Engine::search`] answers; more lines cost about `lines` times the
    /// time per depth.
    pub fn search_lines(
        &mut self,
        game: &Game,
        limits: Limits,
        lines: usize,
        cancel: &AtomicBool,
    ) -> Vec<SearchResult> {
        let mut game = game.clone();
        self.searcher.config.exact_root = false;
        self.searcher
            .search_lines(&mut game, &self.evaluator, limits, lines, cancel)
    }

    /// A move at a difficulty level: the best one, or at the easier levels
    /// (and in the first plies of the stronger ones) one picked at random
    /// (from `seed`) among those close to the best.
    pub fn choose(
        &mut self,
        game: &Game,
        difficulty: Difficulty,
        seed: u64,
        cancel: &AtomicBool,
    ) -> SearchResult {
        self.play_style(game, difficulty.style(), seed, cancel)
    }

    /// A move as `style` plays it: [`Engine::choose`] for any [`Style`],
    /// a level's or one being measured.
    pub fn play_style(
        &mut self,
        game: &Game,
        style: Style,
        seed: u64,
        cancel: &AtomicBool,
    ) -> SearchResult {
        let (limits, tolerance) = if game.ply() < style.varied_opening_plies {
            (Limits::depth(2), OPENING_TOLERANCE)
        } else {
            (style.limits, style.tolerance)
        };
        let mut work = game.clone();
        self.searcher.config.exact_root = tolerance > 0;
        // The clock-free levels stay on one thread: the same moves everywhere.
        let threads = self.searcher.threads();
        if limits.time.is_none() {
            self.searcher.set_threads(1);
        }
        let mut result = self
            .searcher
            .search(&mut work, &self.evaluator, limits, cancel);
        self.searcher.set_threads(threads);
        self.searcher.config.exact_root = false;
        if tolerance > 0 {
            pick_near_best(&mut result, tolerance, seed);
        }
        result
    }
}

/// Replaces the best move by one picked at random among the root moves
/// within `tolerance` of the best value (never a lost one, and only the
/// winning ones when a win is found).
fn pick_near_best(result: &mut SearchResult, tolerance: i32, seed: u64) {
    let Some(best) = result.root_scores.iter().map(|&(_, s)| s).max() else {
        return;
    };
    let floor = if best >= search::WIN_THRESHOLD {
        best
    } else {
        best - tolerance
    };
    let near: Vec<(Move, i32)> = result
        .root_scores
        .iter()
        .copied()
        .filter(|&(_, s)| s >= floor && s > -search::WIN_THRESHOLD)
        .collect();
    if !near.is_empty() {
        let mut rng = StdRng::seed_from_u64(seed);
        let (mv, score) = near[rng.random_range(0..near.len())];
        result.best = Some(mv);
        result.score = score;
        result.pv = vec![mv];
    }
}
