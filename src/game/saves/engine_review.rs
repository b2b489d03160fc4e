//! "Review with the engine" in the app: the engine's verdict on every move
//! of the game's current line ([`crate::ai::review_game`]), computed on the
//! task pool while the window goes on answering.
//!
//! [`EngineReview`] holds the review under way (its progress, for the bar,
//! and its cancel flag, set by Cancel, by a new request and when the job is
//! dropped) and the finished one, tied to the tree's nodes of the line it
//! reviewed: the move list marks those moves with their class, the review
//! panel draws the evaluation graph, and a move that was not the engine's
//! choice gets the engine's move as an arrow and its line as a variation to
//! play ([`EngineReviewRequest::PlayBestLine`]). A review stays valid while
//! the tree still holds those moves (variations added, the cursor moved or
//! another line shown do not change it) and is dropped when a new game
//! starts, another is loaded or the screen is left.
//!
//! A finished review is kept with its game ([`ReviewStore`]: the game's
//! record with the review in its comments, in the data directory, written
//! on the IO task pool): opening the same moves again shows it, and asking
//! for a review of a line reviewed before shows that one, without a search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, IoTaskPool, Task, futures::check_ready};

use super::ReviewAction;
use super::paths::{AutosaveStatus, RecordPaths, SaveWrites};
use crate::ai::{Engine, GameReview, Limits, MoveReview, default_review_limits, review_game};
use crate::game::core::Jump;
use crate::game::core::{CurrentGame, LineRefused, Notices, Screen, Words};
use crate::records::{Headers, NodeId, ReviewStore, Variations};
use crate::rules::Move;
use crate::text::{Args, Texts};

/// The review's own transposition table (the AI's engine stays the AI's).
const REVIEW_TT_MEGABYTES: usize = 32;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineReview>();
    app.add_message::<EngineReviewRequest>();
    // The requests and the finished review are taken in the records' own
    // order of changes to the game (see `saves`).
    app.add_systems(OnExit(Screen::Playing), forget_review);
}

/// What the player asks of the engine's review.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineReviewRequest {
    /// Review every move of the current line (the game is stepped into
    /// review to show it).
    Start,
    /// Stop the review under way, keeping nothing of it.
    Cancel,
    /// Put the review away.
    Close,
    /// Add the engine's line in place of this reviewed move, as a
    /// variation, and show its first move.
    PlayBestLine(NodeId),
}

/// A finished review and the moves it is about.
#[derive(Debug, Clone)]
pub struct ReviewedLine {
    /// The engine's verdicts.
    pub review: GameReview,
    /// The tree's node of each reviewed move (`nodes[i]` for
    /// `review.moves[i]`).
    pub nodes: Vec<NodeId>,
    /// Each node's MoveString when reviewed, to notice a replaced tree.
    texts: Vec<String>,
}

impl ReviewedLine {
    /// The review of the line `nodes` of `tree` (as many nodes as moves).
    pub fn new(review: GameReview, tree: &Variations, nodes: Vec<NodeId>) -> ReviewedLine {
        let texts = nodes.iter().map(|&n| tree.text(n).to_string()).collect();
        ReviewedLine {
            review,
            nodes,
            texts,
        }
    }

    /// Whether `tree` still holds the moves reviewed.
    pub fn is_for(&self, tree: &Variations) -> bool {
        self.nodes.len() == self.texts.len()
            && self
                .nodes
                .iter()
                .zip(&self.texts)
                .all(|(&node, text)| tree.contains(node) && tree.text(node) == text)
    }

    /// The verdict on the move at `node`, if it is one of the line's.
    pub fn verdict(&self, node: NodeId) -> Option<&MoveReview> {
        let index = self.nodes.iter().position(|&n| n == node)?;
        self.review.moves.get(index)
    }

    /// The node of the position after `ply` moves of the line (the root
    /// for none).
    pub fn node_after(&self, ply: usize) -> NodeId {
        ply.checked_sub(1)
            .and_then(|index| self.nodes.get(index))
            .copied()
            .unwrap_or(NodeId::ROOT)
    }

    /// How many moves of the line lead to `node` (`None` off the line).
    pub fn ply_of(&self, node: NodeId) -> Option<usize> {
        if node == NodeId::ROOT {
            return Some(0);
        }
        self.nodes.iter().position(|&n| n == node).map(|i| i + 1)
    }
}

/// A review under way.
struct ReviewJob {
    task: Task<Option<GameReview>>,
    cancel: Arc<AtomicBool>,
    /// Positions searched so far (of `total`).
    done: Arc<AtomicUsize>,
    total: usize,
    nodes: Vec<NodeId>,
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        // The search loop runs on a pool thread: tell it to stop.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The engine's review of the game: the one under way and the last one
/// finished (see the module's docs).
#[derive(Resource)]
pub struct EngineReview {
    /// How deep or long each position is searched.
    pub limits: Limits,
    job: Option<ReviewJob>,
    finished: Option<ReviewedLine>,
    /// How many reviews the engine was set to search (a review kept from
    /// before is shown without one), for tests and the log.
    pub searches: u64,
}

impl Default for EngineReview {
    fn default() -> Self {
        EngineReview {
            limits: default_review_limits(),
            job: None,
            finished: None,
            searches: 0,
        }
    }
}

impl EngineReview {
    /// Whether a review is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The progress of the review under way: positions searched, and how
    /// many there are.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|job| (job.done.load(Ordering::Relaxed), job.total))
    }

    /// The finished review, if it is about the moves of `tree`.
    pub fn reviewed(&self, tree: &Variations) -> Option<&ReviewedLine> {
        self.finished.as_ref().filter(|line| line.is_for(tree))
    }

    /// Shows a review made earlier (one read back from a record).
    pub fn show(&mut self, line: ReviewedLine) {
        self.job = None;
        self.finished = Some(line);
    }

    /// Drops the review under way and the one shown.
    pub fn forget(&mut self) {
        self.job = None;
        self.finished = None;
    }
}

pub(super) fn handle_review_requests(
    mut requests: MessageReader<EngineReviewRequest>,
    (mut review, paths): (ResMut<EngineReview>, Res<RecordPaths>),
    mut jump: Jump,
    mut steps: MessageWriter<ReviewAction>,
) {
    for &request in requests.read() {
        match request {
            EngineReviewRequest::Start => {
                let game = jump.current().full_game();
                let nodes = jump.current().line_nodes().to_vec();
                if nodes.is_empty() {
                    jump.say("notice-review-nothing");
                    continue;
                }
                // Reviewed before: the review kept with the game.
                if let Some(kept) = paths.reviews().and_then(|store| store.find(&game)) {
                    info!("the review of these {} moves is kept: shown", nodes.len());
                    review.show(ReviewedLine::new(kept, jump.current().variations(), nodes));
                    jump.say("notice-review-kept");
                    steps.write(ReviewAction::Enter);
                    continue;
                }
                let cancel = Arc::new(AtomicBool::new(false));
                let done = Arc::new(AtomicUsize::new(0));
                let limits = review.limits;
                let (flag, counter) = (cancel.clone(), done.clone());
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    let mut engine = Engine::new(REVIEW_TT_MEGABYTES);
                    review_game(&game, limits, &mut engine, &flag, |searched, _| {
                        counter.store(searched, Ordering::Relaxed);
                    })
                });
                info!("reviewing {} moves with the engine", nodes.len());
                review.searches += 1;
                review.finished = None;
                review.job = Some(ReviewJob {
                    task,
                    cancel,
                    done,
                    total: nodes.len() + 1,
                    nodes,
                });
                steps.write(ReviewAction::Enter);
            }
            EngineReviewRequest::Cancel => {
                if review.job.take().is_some() {
                    jump.say("notice-review-cancelled");
                }
            }
            EngineReviewRequest::Close => review.forget(),
            EngineReviewRequest::PlayBestLine(node) => {
                let Some(line) = review
                    .reviewed(jump.current().variations())
                    .and_then(|line| line.verdict(node))
                    .map(|verdict| verdict.best_line.clone())
                else {
                    continue;
                };
                // The line joins the game's record (no jump: the position
                // shown moves to it by the review's step).
                let from = jump.current().variations().parent(node);
                let mut added = None;
                jump.edit(|current| {
                    let result = current.add_line(from, &line);
                    let changed = result.is_ok();
                    added = Some(result);
                    changed
                });
                let text = match added {
                    Some(Ok(first)) => {
                        steps.write(ReviewAction::GotoNode(first));
                        let args = Args::new().with("moves", line.join(" "));
                        jump.words().format("notice-review-line", &args)
                    }
                    Some(Err(refused)) => {
                        info!("the engine's line is not added: {refused}");
                        line_refused(jump.words(), &refused)
                    }
                    None => continue,
                };
                jump.notice().show(text);
            }
        }
    }
}

/// Collects the finished review, and keeps it with the game.
pub(super) fn finish_review(
    mut review: ResMut<EngineReview>,
    current: Res<CurrentGame>,
    (mut notice, words): (Notices, Res<Words>),
    (paths, mut saves, mut status): (Res<RecordPaths>, ResMut<SaveWrites>, ResMut<AutosaveStatus>),
) {
    let Some(job) = review.job.as_mut() else {
        return;
    };
    let Some(result) = check_ready(&mut job.task) else {
        return;
    };
    let nodes = std::mem::take(&mut job.nodes);
    review.job = None;
    let Some(done) = result else {
        return;
    };
    let line = ReviewedLine::new(done, current.variations(), nodes);
    if !line.is_for(current.variations()) {
        // The game was replaced while the engine worked.
        return;
    }
    let blunders = count_worst(&words, &line.review.moves);
    info!("review done: {blunders}");
    let args = Args::new().with("summary", blunders);
    let done = words.format("notice-review-done", &args);
    match paths.reviews() {
        // Said once it is kept (or why it could not be).
        Some(store) => {
            saves.0.push(keep(store, &current, &line, done));
            status.saving = true;
        }
        None => notice.show(done),
    }
    review.finished = Some(line);
}

/// Writes the review of `line` with its game into `store`, on the IO task
/// pool; `done` is the message once it is written.
fn keep(
    store: ReviewStore,
    current: &CurrentGame,
    line: &ReviewedLine,
    done: String,
) -> Task<Result<String, crate::records::RecordError>> {
    let tree = current.variations();
    let game = tree.game_at(line.node_after(line.nodes.len()));
    let headers = current
        .headers()
        .cloned()
        .unwrap_or_else(|| Headers::new(game.game_type()));
    let review = line.review.clone();
    IoTaskPool::get().spawn(async move {
        store.keep(&game, headers, &review)?;
        Ok(done)
    })
}

/// "2 blunders, 1 mistake" (or "no inaccuracies, mistakes or blunders"),
/// in the player's language.
fn count_worst(words: &Texts, moves: &[MoveReview]) -> String {
    use crate::ai::MoveClass;
    let count = |class| moves.iter().filter(|m| m.class == class).count();
    let counts: Vec<String> = [
        (MoveClass::Blunder, "notice-review-count-blunders"),
        (MoveClass::Mistake, "notice-review-count-mistakes"),
        (MoveClass::Inaccuracy, "notice-review-count-inaccuracies"),
    ]
    .into_iter()
    .filter_map(|(class, key)| {
        let n = count(class);
        (n > 0).then(|| words.format(key, &Args::new().with("count", n)))
    })
    .collect();
    if counts.is_empty() {
        words.get("notice-review-clean")
    } else {
        counts.join(", ")
    }
}

/// Why the engine's line could not be added, in the player's language.
fn line_refused(words: &Texts, refused: &LineRefused) -> String {
    match refused {
        LineRefused::Gone => words.get("notice-line-gone"),
        LineRefused::Empty => words.get("notice-line-empty"),
        LineRefused::Unreadable { text, error } => words.format(
            "notice-line-unreadable",
            &Args::new().with("move", text).with("error", error),
        ),
        LineRefused::Illegal { text, rule } => words.format(
            "notice-line-illegal",
            &Args::new()
                .with("move", text)
                .with("reason", words.reason(rule, None).text),
        ),
    }
}

pub(super) fn forget_review(mut review: ResMut<EngineReview>) {
    review.forget();
}

/// The move a reviewed move's verdict names as the engine's best, read in
/// the position before it.
pub fn best_move_of(verdict: &MoveReview, tree: &Variations, node: NodeId) -> Option<Move> {
    let best = verdict.best.as_deref()?;
    tree.game_at(tree.parent(node)).parse_move(best).ok()
}
