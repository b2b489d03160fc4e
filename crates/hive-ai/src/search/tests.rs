//! The search on toy games whose minimax values are known: random trees
//! (against plain negamax) and a small graph with repetitions.

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod switches;

/// A random game tree: every node has 1-4 children down to a fixed depth;
/// leaves carry a value for the side to move there.
struct Tree {
    children: Vec<Vec<usize>>,
    value: Vec<i32>,
}

impl Tree {
    fn random(seed: u64, depth: u32) -> Tree {
        Tree::random_wide(seed, depth, 4)
    }

    /// As [`Tree::random`], with 1 to `widest` children a node.
    fn random_wide(seed: u64, depth: u32, widest: usize) -> Tree {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut tree = Tree {
            children: vec![Vec::new()],
            value: vec![0],
        };
        let mut frontier = vec![0usize];
        for _ in 0..depth {
            let mut next = Vec::new();
            for node in frontier {
                for _ in 0..rng.random_range(1..=widest) {
                    let id = tree.children.len();
                    tree.children.push(Vec::new());
                    tree.value.push(rng.random_range(-100..=100));
                    tree.children[node].push(id);
                    next.push(id);
                }
            }
            frontier = next;
        }
        tree
    }

    /// Plain negamax without pruning: the reference value.
    fn negamax(&self, node: usize, depth: u32) -> i32 {
        if depth == 0 || self.children[node].is_empty() {
            return self.value[node];
        }
        self.children[node]
            .iter()
            .map(|&c| -self.negamax(c, depth - 1))
            .max()
            .unwrap_or(0)
    }
}

#[derive(Clone)]
struct TreeGame<'a> {
    tree: &'a Tree,
    path: Vec<usize>,
}

impl TreeGame<'_> {
    /// The value of the position reached, for the side to move there.
    fn value(&self) -> i32 {
        self.tree.value[*self.path.last().unwrap_or(&0)]
    }
}

impl SearchGame for TreeGame<'_> {
    type Move = usize;
    fn generate_moves(&self, out: &mut Vec<usize>) {
        out.extend(&self.tree.children[*self.path.last().unwrap_or(&0)]);
    }
    fn make_move(&mut self, mv: usize) {
        self.path.push(mv);
    }
    fn unmake_move(&mut self) {
        self.path.pop();
    }
    fn position_hash(&self) -> u64 {
        (*self.path.last().unwrap_or(&0) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn move_key(mv: usize) -> usize {
        mv
    }
}

struct LeafValue;

impl<'a> Evaluator<TreeGame<'a>> for LeafValue {
    fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
        game.value()
    }
}

/// Orders moves by their true value (`sign` 1: best first) or its
/// opposite (`sign` -1: worst first).
struct Oracle {
    value: Vec<i32>,
    sign: i32,
}

impl<'a> Evaluator<TreeGame<'a>> for Oracle {
    fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
        game.value()
    }
    fn move_priority(&self, _game: &TreeGame<'a>, mv: usize) -> i32 {
        -self.sign * self.value[mv]
    }
}

#[test]
fn ordering_statistics_tell_good_order_from_bad() {
    let mut stats = [OrderingStats::default(); 2];
    for seed in 0..40 {
        let depth = 6;
        let tree = Tree::random(seed, depth);
        // Leaves are all at `depth`: a node's value is its full subtree's.
        let value: Vec<i32> = (0..tree.value.len())
            .map(|n| tree.negamax(n, depth + 1))
            .collect();
        for (k, sign) in [1, -1].into_iter().enumerate() {
            let mut game = TreeGame {
                tree: &tree,
                path: vec![0],
            };
            let oracle = Oracle {
                value: value.clone(),
                sign,
            };
            let mut searcher = Searcher::new(1);
            searcher.config.late_move_reductions = false;
            let cancel = AtomicBool::new(false);
            let result = searcher.search(&mut game, &oracle, Limits::depth(depth), &cancel);
            if tree.children[0].len() > 1 {
                assert_eq!(result.score, value[0], "seed {seed}");
            }
            let s = searcher.ordering_stats();
            assert!(s.first_move_cutoffs <= s.cutoffs && s.cutoffs <= s.nodes);
            stats[k].add(&s);
        }
    }
    let [good, bad] = stats;
    assert!(good.cutoffs > 100, "{good:?}");
    assert!(
        good.first_move_rate() > bad.first_move_rate() + 0.1,
        "{good:?} {bad:?}"
    );
    assert!(
        good.mean_cutoff_index() < bad.mean_cutoff_index(),
        "{good:?} {bad:?}"
    );
}

/// Searches random tree `seed` (of depth 1 to 6) on `threads` threads
/// without late-move reductions (they trade exactness for depth: the
/// alpha-beta core is checked without them), checks the score and best
/// move against plain negamax, then hands the searcher, the position,
/// the tree and the depth to `more`.
fn check_random_tree(
    seed: u64,
    threads: usize,
    more: impl FnOnce(&mut Searcher<usize>, &mut TreeGame, &Tree, u32),
) {
    let depth = 1 + (seed % 6) as u32;
    let tree = Tree::random(seed, depth);
    let expected = tree.negamax(0, depth);
    let mut game = TreeGame {
        tree: &tree,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    searcher.set_threads(threads);
    searcher.config.late_move_reductions = false;
    let cancel = AtomicBool::new(false);
    let result = searcher.search(&mut game, &LeafValue, Limits::depth(depth), &cancel);
    if tree.children[0].len() > 1 {
        assert_eq!(result.score, expected, "seed {seed}");
        let best = result.best.expect("a move");
        assert_eq!(-tree.negamax(best, depth - 1), expected, "seed {seed}");
    }
    more(&mut searcher, &mut game, &tree, depth);
}

#[test]
fn finds_the_minimax_value_of_random_trees() {
    for seed in 0..200 {
        check_random_tree(seed, 1, |searcher, game, tree, depth| {
            // Exact root values agree with the reference for every move.
            searcher.config.exact_root = true;
            let result = searcher.search(
                game,
                &LeafValue,
                Limits::depth(depth),
                &AtomicBool::new(false),
            );
            for (mv, score) in result.root_scores {
                assert_eq!(score, -tree.negamax(mv, depth - 1), "seed {seed} move {mv}");
            }
        });
    }
}

#[test]
fn multi_pv_gives_the_best_moves_with_their_exact_values() {
    for seed in 0..200 {
        let depth = 1 + (seed % 5) as u32;
        let tree = Tree::random(seed, depth);
        let mut game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        searcher.config.late_move_reductions = false;
        let cancel = AtomicBool::new(false);
        let lines = searcher.search_lines(&mut game, &LeafValue, Limits::depth(depth), 3, &cancel);
        let children = &tree.children[0];
        assert_eq!(lines.len(), children.len().min(3), "seed {seed}");
        let mut values: Vec<i32> = children
            .iter()
            .map(|&c| -tree.negamax(c, depth - 1))
            .collect();
        values.sort_by_key(|&v| std::cmp::Reverse(v));
        for (i, line) in lines.iter().enumerate() {
            let mv = line.best.expect("a move");
            assert!(children.contains(&mv), "seed {seed}");
            assert!(lines[..i].iter().all(|l| l.best != Some(mv)), "seed {seed}");
            assert_eq!(line.pv.first(), Some(&mv), "seed {seed}");
            if children.len() > 1 {
                assert_eq!(line.score, values[i], "seed {seed} line {i}");
                assert_eq!(line.score, -tree.negamax(mv, depth - 1), "seed {seed}");
                assert_eq!(line.depth, depth, "seed {seed}");
            }
        }
        // One line is exactly the plain search, with or without reductions.
        for reductions in [false, true] {
            searcher.config.late_move_reductions = reductions;
            searcher.clear();
            let one =
                searcher.search_lines(&mut game, &LeafValue, Limits::depth(depth), 1, &cancel);
            searcher.clear();
            let plain = searcher.search(&mut game, &LeafValue, Limits::depth(depth), &cancel);
            assert_eq!(one, vec![plain], "seed {seed}");
        }
    }
}

#[test]
fn threads_find_the_same_minimax_values() {
    for threads in [2, 3] {
        for seed in 0..120 {
            check_random_tree(seed, threads, |searcher, game, tree, depth| {
                let cancel = AtomicBool::new(false);
                let lines =
                    searcher.search_lines(game, &LeafValue, Limits::depth(depth), 2, &cancel);
                for line in &lines {
                    let mv = line.best.expect("a move");
                    if tree.children[0].len() > 1 {
                        assert_eq!(line.score, -tree.negamax(mv, depth - 1), "seed {seed}");
                    }
                }
            });
        }
    }
}

#[test]
fn a_set_cancel_flag_stops_at_once() {
    let tree = Tree::random(7, 8);
    let mut game = TreeGame {
        tree: &tree,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    let cancel = AtomicBool::new(true);
    let result = searcher.search(&mut game, &LeafValue, Limits::depth(8), &cancel);
    assert!(
        result.nodes < 300,
        "searched {} nodes after cancel",
        result.nodes
    );
    assert!(result.best.is_some(), "still answers with a legal move");
}

#[test]
fn node_limit_is_honoured() {
    let tree = Tree::random(3, 9);
    let mut game = TreeGame {
        tree: &tree,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    let limits = Limits {
        nodes: Some(2000),
        ..Limits::default()
    };
    let result = searcher.search(&mut game, &LeafValue, limits, &AtomicBool::new(false));
    assert!(result.nodes <= 2000 + 256, "{} nodes", result.nodes);
}

/// A game on a small graph whose positions can recur: node values are
/// for the side to move, every node lists its successors.
#[derive(Clone)]
struct Cycle {
    next: Vec<Vec<usize>>,
    value: Vec<i32>,
    path: Vec<usize>,
}

impl SearchGame for Cycle {
    type Move = usize;
    fn generate_moves(&self, out: &mut Vec<usize>) {
        out.extend(&self.next[*self.path.last().unwrap_or(&0)]);
    }
    fn make_move(&mut self, mv: usize) {
        self.path.push(mv);
    }
    fn unmake_move(&mut self) {
        self.path.pop();
    }
    fn position_hash(&self) -> u64 {
        // Positions two plies apart have the same side to move.
        let side = (self.path.len() % 2) as u64;
        (*self.path.last().unwrap_or(&0) as u64 * 2 + side).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn move_key(mv: usize) -> usize {
        mv
    }
    fn repeats(&self) -> bool {
        let (last, earlier) = self.path.split_last().expect("a start node");
        earlier.iter().rev().skip(1).step_by(2).any(|n| n == last)
    }
}

struct NodeValue;
impl Evaluator<Cycle> for NodeValue {
    fn evaluate(&self, game: &Cycle) -> i32 {
        game.value[*game.path.last().unwrap_or(&0)]
    }
}

/// Node 0 (first player to move) can shuffle to 1 and back, or leave
/// for a line of nodes 2, 3, 4, ... worth `line` to the first player.
/// The shuffle's nodes are worth 50 to the first player.
fn shuffle_or_line(line: i32, repetition_draws: bool) -> SearchResult<usize> {
    let len = 12;
    let mut next = vec![vec![1, 2], vec![0]];
    let mut value = vec![50, -50];
    for k in 2..len {
        next.push(if k + 1 < len { vec![k + 1] } else { vec![k] });
        value.push(if k % 2 == 0 { -line } else { line });
    }
    let mut game = Cycle {
        next,
        value,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    searcher.config.repetition_draws = repetition_draws;
    searcher.search(
        &mut game,
        &NodeValue,
        Limits::depth(6),
        &AtomicBool::new(false),
    )
}

#[test]
fn a_repeated_position_is_a_draw() {
    // Without the rule the shuffle is worth its nodes' 50.
    let blind = shuffle_or_line(-10, false);
    assert_eq!((blind.best, blind.score), (Some(1), 50));
    // With it the shuffle is a draw: still better than -10...
    let drawn = shuffle_or_line(-10, true);
    assert_eq!((drawn.best, drawn.score), (Some(1), 0));
    // ...but a line worth +10 is progress, and is taken.
    let progress = shuffle_or_line(10, true);
    assert_eq!((progress.best, progress.score), (Some(2), 10));
    assert_eq!(shuffle_or_line(10, false).best, Some(1));
}

#[test]
fn search_settings_read_from_text_and_bad_ones_are_named() {
    let config = SearchConfig::default()
        .with_changes(" null_move=on, null_move_depth=4 ,reduction_divisor=2.5,late_move_count=9")
        .expect("good changes");
    assert!(config.null_move);
    assert_eq!(config.null_move_depth, 4);
    assert_eq!(config.reduction_divisor, 2.5);
    assert_eq!(config.late_move_count, 9);
    assert_eq!(
        SearchConfig::default().with_changes(""),
        Ok(SearchConfig::default())
    );
    // Every listed name is read (a value of the wrong kind is refused by
    // name, not as unknown).
    for name in SearchConfig::NAMES {
        let error = SearchConfig::default()
            .with_changes(&format!("{name}=x"))
            .expect_err(name);
        assert!(
            matches!(&error, SearchConfigError::BadValue { name: n, .. } if n == name),
            "{name}: {error}"
        );
    }
    for (bad, says) in [
        ("null_move", "name=value"),
        ("nullmove=on", "not a setting"),
        ("null_move=maybe", "on or off"),
        ("futility_depth=-1", "whole number"),
        ("reduction_divisor=0", "above 0"),
    ] {
        let error = SearchConfig::default()
            .with_changes(bad)
            .expect_err(bad)
            .to_string();
        assert!(error.contains(says), "{bad}: {error}");
    }
}

/// Moves taken one by one from the order (the first few by selection, the
/// rest sorted) come in the full sort's order: priority first, ties in
/// the generator's order.
#[test]
fn picked_moves_come_in_the_sorted_order() {
    use super::ordering::MoveOrder;
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..200 {
        let n = rng.random_range(0..40);
        // Few distinct priorities: many ties.
        let value: Vec<i32> = (0..n).map(|_| rng.random_range(-3..=3)).collect();
        let tree = Tree {
            children: vec![(0..n).collect()],
            value: value.clone(),
        };
        let game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let oracle = Oracle {
            value: value.clone(),
            sign: 1,
        };
        let moves: Vec<usize> = (0..n).collect();
        let mut expected = moves.clone();
        expected.sort_by_key(|&m| (value[m], m));
        let mut order = MoveOrder::new();
        order.rank(&game, &oracle, &moves, None, 1, &SearchConfig::default());
        let picked: Vec<usize> = (0..n).map(|i| order.pick(1, i)).collect();
        assert_eq!(picked, expected, "round {round}");
    }
}
