//! Every switch and tuning constant of the search, in one place:
//! [`SearchConfig`], held by the [`Searcher`](super::Searcher) and copied to
//! each of its threads when a search starts.

use std::time::Duration;

/// How the search searches. [`SearchConfig::default`] is the engine as
/// measured and shipped; the switches are there for the easier levels
/// ([`SearchConfig::exact_root`]), for tests, and for measuring a change
/// against the default.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Search every root move with a full window so each gets an exact
    /// value in [`SearchResult::root_scores`](super::SearchResult::root_scores)
    /// (slower; used by the easier levels to choose among near-best moves).
    /// Default: off.
    pub exact_root: bool,
    /// Play out noisy moves below the horizon
    /// ([`Evaluator::is_noisy`](super::Evaluator::is_noisy), where
    /// [`Evaluator::wants_quiescence`](super::Evaluator::wants_quiescence)
    /// asks for it). Default: on.
    pub quiescence: bool,
    /// Plies of quiescence search below the horizon. Default: 3.
    pub quiescence_plies: u32,
    /// Record the quiescence search's moves in the line, so that its
    /// countermove lookups read the move actually played before (without
    /// it, below the first quiescence ply they read whatever the line held
    /// at that ply from an earlier, deeper branch). Default: off.
    pub quiescence_line: bool,
    /// Look the quiescence search's positions up in the transposition
    /// table: an entry's bound that settles the window answers at once (any
    /// entry searched at least as deep as the quiescence search's nothing),
    /// and its move, when noisy, is tried first. The quiescence search
    /// still stores nothing. Default: off.
    pub quiescence_table: bool,
    /// Search late quiet moves one ply shallower first, and to full depth
    /// only if they beat alpha (late-move reductions). Default: on.
    pub late_move_reductions: bool,
    /// Late-move reductions start at this move number: the moves before it,
    /// and the table, killer and noisy moves, are searched to full depth.
    /// Default: 4.
    pub reduce_from_move: usize,
    /// And only at this remaining depth or more. Default: 3.
    pub reduce_from_depth: u32,
    /// Score a position that repeats an earlier one as a draw, so that a
    /// side ahead looks for progress instead of shuffling. Default: on.
    pub repetition_draws: bool,
    /// History values stay within plus or minus this: each update pulls the
    /// value toward its bound by a share of the distance (history gravity),
    /// so old results fade and history only breaks ties between moves of
    /// the same [`Evaluator::move_priority`](super::Evaluator::move_priority)
    /// (its steps are 30 and more in Hive). Default: 25.
    pub history_max: i32,
    /// Ordering bonus of the countermove: the reply that last refuted the
    /// opponent's previous move. Default: 30.
    pub countermove_bonus: i32,
    /// Continuation history: besides each move's own history, its history
    /// as the answer to the move before it, added to its ordering value
    /// (within [`SearchConfig::history_max`] too). Default: off.
    pub continuation_history: bool,
    /// Time kept back from a time budget (at most a tenth of it) so that
    /// the answer is out before the budget ends. Default: 10 ms.
    pub time_margin: Duration,
    /// Each iteration costs several times the one before: with a time
    /// budget, no new iteration starts once this share of it is spent.
    /// Default: 0.45.
    pub iteration_time_share: f64,
    /// The share instead when the best move just changed (from depth 2 on),
    /// for it to settle. Default: 0.6.
    pub unsettled_time_share: f64,
    /// Reduce late moves by a table, `ln(depth) * ln(move number) /`
    /// [`SearchConfig::reduction_divisor`] plies (at least one; one less at
    /// principal-variation nodes), instead of by one ply. Default: off.
    pub reduction_table: bool,
    /// The divisor of the reduction table. Default: 2.0.
    pub reduction_divisor: f64,
    /// Reverse futility pruning (static null move): at a node off the
    /// principal variation with at most [`SearchConfig::futility_depth`]
    /// plies left, a static value beating beta by
    /// [`SearchConfig::futility_margin`] a ply stands. Default: off.
    pub reverse_futility: bool,
    /// Deepest remaining depth of reverse futility pruning. Default: 3.
    pub futility_depth: u32,
    /// Margin of reverse futility pruning, per ply left. Default: 80.
    pub futility_margin: i32,
    /// Futility pruning: off the principal variation and out of danger,
    /// with at most [`SearchConfig::futility_depth`] plies left, when the
    /// static value plus [`SearchConfig::futility_margin`] a ply cannot
    /// reach alpha, the quiet moves after the first are not searched.
    /// Default: off.
    pub futility_pruning: bool,
    /// Internal iterative reduction: a node with 4 plies or more left and
    /// no move from the table is searched a ply shallower (the table has
    /// nothing to order it by; the next iteration will). Default: off.
    pub internal_reduction: bool,
    /// Null-move pruning: off the principal variation, with at least
    /// [`SearchConfig::null_move_depth`] plies left and a static value at
    /// beta or more, the side to move passes; if a search
    /// `2 + depth / 4` plies shallower still beats beta, the node is cut.
    /// From [`SearchConfig::null_move_verify_depth`] plies on, the cut is
    /// verified by a search of the node itself, as shallow, without null
    /// moves near it. Needs [`SearchGame::null_move`]. Default: off.
    pub null_move: bool,
    /// Least remaining depth of a null move. Default: 3.
    pub null_move_depth: u32,
    /// Least remaining depth at which a null-move cut is verified. Default: 8.
    pub null_move_verify_depth: u32,
    /// Late-move pruning: off the principal variation, with at most
    /// [`SearchConfig::late_move_depth`] plies left, the quiet moves after
    /// the first `late_move_count + depth * depth * late_move_scale` are not
    /// searched. Default: on (docs/ai.md, "Every engine change under
    /// SPRT": +93 Elo).
    pub late_move_pruning: bool,
    /// The base count of late-move pruning. Default: 6.
    pub late_move_count: usize,
    /// The growth of the count with the depth left. Default: 4.
    pub late_move_scale: usize,
    /// Deepest remaining depth of late-move pruning. Default: 3.
    pub late_move_depth: u32,
    /// Search a move one ply deeper when it closes in on the enemy queen
    /// and leaves it one free cell
    /// ([`Evaluator::threatened`](super::Evaluator::threatened) after it),
    /// as chess engines extend checks; not right after another extended
    /// move. Default: off.
    pub threat_extension: bool,
    /// A node whose side to move is in danger
    /// ([`Evaluator::in_danger`](super::Evaluator::in_danger): its queen
    /// nearly surrounded) has none of its moves pruned by late-move pruning
    /// nor reduced by late-move reductions, as chess engines spare a side
    /// in check: the move that saves the queen is often a quiet one late
    /// in the order. Default: off.
    pub danger_exempt: bool,
    /// Search the table's move before generating the node's moves: a
    /// legal table move that cuts saves generating and ordering the rest
    /// (the same moves in the same order either way: the table's move is
    /// the first the ordering gives). Default: off.
    pub table_move_first: bool,
    /// Aspiration windows: each iteration after the fourth searches the
    /// root in a window of this many points around the last iteration's
    /// value, widened (doubled) on a fail; 0 is off. Only for one line
    /// without exact root values. Default: 0.
    pub aspiration_window: i32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            exact_root: false,
            quiescence: true,
            quiescence_plies: 3,
            quiescence_line: false,
            quiescence_table: false,
            late_move_reductions: true,
            reduce_from_move: 4,
            reduce_from_depth: 3,
            repetition_draws: true,
            history_max: 25,
            countermove_bonus: 30,
            continuation_history: false,
            time_margin: Duration::from_millis(10),
            iteration_time_share: 0.45,
            unsettled_time_share: 0.6,
            reduction_table: false,
            reduction_divisor: 2.0,
            reverse_futility: false,
            futility_depth: 3,
            futility_margin: 80,
            futility_pruning: false,
            internal_reduction: false,
            null_move: false,
            null_move_depth: 3,
            null_move_verify_depth: 8,
            late_move_pruning: true,
            late_move_count: 6,
            late_move_scale: 4,
            late_move_depth: 3,
            threat_extension: false,
            danger_exempt: false,
            table_move_first: false,
            aspiration_window: 0,
        }
    }
}

/// Why a change to the search could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchConfigError {
    /// A part that is not `name=value`.
    #[error("'{0}': write name=value, e.g. null_move=on")]
    NotAPair(String),
    /// A name that is no switch or constant of the search.
    #[error("'{0}' is not a setting of the search ({names})", names = SearchConfig::NAMES.join(", "))]
    UnknownName(String),
    /// A value of the wrong kind for its setting.
    #[error("'{name}' takes {kind}, not '{value}'")]
    BadValue {
        /// The setting.
        name: String,
        /// What it takes.
        kind: &'static str,
        /// What was given.
        value: String,
    },
}

impl SearchConfig {
    /// The settings [`SearchConfig::with_changes`] reads, by their fields'
    /// names (not `exact_root`, each search's own, nor the time margin).
    pub const NAMES: [&'static str; 31] = [
        "quiescence",
        "quiescence_plies",
        "quiescence_line",
        "quiescence_table",
        "late_move_reductions",
        "reduce_from_move",
        "reduce_from_depth",
        "repetition_draws",
        "history_max",
        "countermove_bonus",
        "continuation_history",
        "reduction_table",
        "reduction_divisor",
        "reverse_futility",
        "futility_depth",
        "futility_margin",
        "futility_pruning",
        "internal_reduction",
        "null_move",
        "null_move_depth",
        "null_move_verify_depth",
        "late_move_pruning",
        "late_move_count",
        "late_move_scale",
        "late_move_depth",
        "threat_extension",
        "danger_exempt",
        "table_move_first",
        "aspiration_window",
        "iteration_time_share",
        "unsettled_time_share",
    ];

    /// This configuration with the changes of `text`: `name=value` pairs
    /// separated by commas, the names those of the fields, switches `on`
    /// or `off` (for measuring a change against the default:
    /// `null_move=on,null_move_depth=4`).
    pub fn with_changes(mut self, text: &str) -> Result<SearchConfig, SearchConfigError> {
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .map(|(n, v)| (n.trim(), v.trim()))
                .ok_or_else(|| SearchConfigError::NotAPair(part.to_string()))?;
            let bad = |kind: &'static str| SearchConfigError::BadValue {
                name: name.to_string(),
                kind,
                value: value.to_string(),
            };
            let switch = || match value.to_ascii_lowercase().as_str() {
                "on" | "true" | "1" => Ok(true),
                "off" | "false" | "0" => Ok(false),
                _ => Err(bad("on or off")),
            };
            let whole = || value.parse::<u32>().map_err(|_| bad("a whole number"));
            let count = || value.parse::<usize>().map_err(|_| bad("a whole number"));
            let points = || value.parse::<i32>().map_err(|_| bad("an integer"));
            let share = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|s| (0.0..=1.0).contains(s))
                    .ok_or_else(|| bad("a share from 0 to 1"))
            };
            match name {
                "quiescence" => self.quiescence = switch()?,
                "quiescence_plies" => self.quiescence_plies = whole()?,
                "quiescence_line" => self.quiescence_line = switch()?,
                "quiescence_table" => self.quiescence_table = switch()?,
                "late_move_reductions" => self.late_move_reductions = switch()?,
                "reduce_from_move" => self.reduce_from_move = count()?,
                "reduce_from_depth" => self.reduce_from_depth = whole()?,
                "repetition_draws" => self.repetition_draws = switch()?,
                "history_max" => {
                    self.history_max = points()?.max(1);
                }
                "countermove_bonus" => self.countermove_bonus = points()?,
                "continuation_history" => self.continuation_history = switch()?,
                "reduction_table" => self.reduction_table = switch()?,
                "reduction_divisor" => {
                    self.reduction_divisor = value
                        .parse::<f64>()
                        .ok()
                        .filter(|d| *d > 0.0 && d.is_finite())
                        .ok_or_else(|| bad("a number above 0"))?;
                }
                "reverse_futility" => self.reverse_futility = switch()?,
                "futility_depth" => self.futility_depth = whole()?,
                "futility_margin" => self.futility_margin = points()?,
                "futility_pruning" => self.futility_pruning = switch()?,
                "internal_reduction" => self.internal_reduction = switch()?,
                "null_move" => self.null_move = switch()?,
                "null_move_depth" => self.null_move_depth = whole()?.max(1),
                "null_move_verify_depth" => self.null_move_verify_depth = whole()?,
                "late_move_pruning" => self.late_move_pruning = switch()?,
                "late_move_count" => self.late_move_count = count()?,
                "late_move_scale" => self.late_move_scale = count()?,
                "late_move_depth" => self.late_move_depth = whole()?,
                "threat_extension" => self.threat_extension = switch()?,
                "danger_exempt" => self.danger_exempt = switch()?,
                "table_move_first" => self.table_move_first = switch()?,
                "aspiration_window" => self.aspiration_window = points()?.max(0),
                "iteration_time_share" => self.iteration_time_share = share()?,
                "unsettled_time_share" => self.unsettled_time_share = share()?,
                _ => return Err(SearchConfigError::UnknownName(name.to_string())),
            }
        }
        Ok(self)
    }
}
