//! The search's switches on toy games: each keeps the root's value exact
//! where it must (against plain negamax), or changes what it is there to
//! change.

use super::*;

/// Searches the random tree of `seed` to `depth` with late-move
/// reductions off and `configure` applied, and checks the root's value and
/// move against plain negamax: the tree, and its value, unless the root
/// has a single move.
fn check_exact_root(
    seed: u64,
    depth: u32,
    configure: impl FnOnce(&mut SearchConfig),
) -> Option<(Tree, i32)> {
    let tree = Tree::random(seed, depth);
    if tree.children[0].len() < 2 {
        return None;
    }
    let expected = tree.negamax(0, depth);
    let mut game = TreeGame {
        tree: &tree,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    searcher.config.late_move_reductions = false;
    configure(&mut searcher.config);
    let cancel = AtomicBool::new(false);
    let result = searcher.search(&mut game, &LeafValue, Limits::depth(depth), &cancel);
    assert_eq!(result.score, expected, "seed {seed}");
    let best = result.best.expect("a move");
    assert_eq!(-tree.negamax(best, depth - 1), expected, "seed {seed}");
    Some((tree, expected))
}

/// The table's move searched before the node's moves are generated
/// ([`SearchConfig::table_move_first`]): the root's value and move stay
/// exact.
#[test]
fn the_table_move_searched_first_finds_the_minimax_value() {
    let searched = (0..120)
        .filter_map(|seed| {
            check_exact_root(seed, 4 + (seed % 4) as u32, |c| c.table_move_first = true)
        })
        .count();
    assert!(searched > 80, "only {searched} trees searched");
}

/// Every move noisy, so the quiescence search plays on to its last ply.
struct AllNoisy;

impl<'a> Evaluator<TreeGame<'a>> for AllNoisy {
    fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
        game.value()
    }
    fn wants_quiescence(&self, _game: &TreeGame<'a>) -> bool {
        true
    }
    fn is_noisy(&self, _game: &TreeGame<'a>, _mv: usize) -> bool {
        true
    }
}

/// Five positions in a row, one move each, whose values (for the side to
/// move) keep each stand-pat value below beta: searched with [`AllNoisy`],
/// no ply of the quiescence search stands pat.
fn noisy_chain() -> Tree {
    Tree {
        children: vec![vec![1], vec![2], vec![3], vec![4], Vec::new()],
        value: vec![0, 10, -20, 10, -20],
    }
}

/// With [`SearchConfig::quiescence_line`] the quiescence search records
/// its moves in the line, so the countermove looked up at each of its
/// plies is the move just played: on a chain of five positions searched
/// one ply deep, the line holds the root's move and the three quiescence
/// moves after it (without the switch, nothing past the root's move).
#[test]
fn the_quiescence_search_records_its_moves_in_the_line() {
    let tree = noisy_chain();
    let mut game = TreeGame {
        tree: &tree,
        path: vec![0],
    };
    let mut searcher = Searcher::new(1);
    searcher.config.quiescence_plies = 3;
    searcher.config.quiescence_line = true;
    let cancel = AtomicBool::new(false);
    searcher.search(&mut game, &AllNoisy, Limits::depth(1), &cancel);
    let line: Vec<_> = (0..5).map(|ply| searcher.main.order.line(ply)).collect();
    assert_eq!(line, [Some(1), Some(2), Some(3), Some(4), None]);
}

/// With [`SearchConfig::quiescence_table`] the quiescence search takes an
/// exact value from the table: on a chain of positions searched one ply
/// deep, the value stored for the position after the root's one move is
/// the root's (without the switch, the quiescence search's own).
#[test]
fn the_quiescence_search_takes_a_value_from_the_table() {
    let tree = noisy_chain();
    let search = |table: bool| {
        let mut game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        searcher.config.quiescence_plies = 3;
        searcher.config.quiescence_table = table;
        game.make_move(1);
        let hash = game.position_hash();
        game.unmake_move();
        searcher
            .tt
            .store(hash, None, 77, 5, crate::tt::Bound::Exact);
        let cancel = AtomicBool::new(false);
        searcher
            .search(&mut game, &AllNoisy, Limits::depth(1), &cancel)
            .score
    };
    assert_eq!(search(true), -77);
    // Without it, the chain's own value: each side stands pat or plays on,
    // from the last position's -20 back up to 20 after the root's move.
    assert_eq!(search(false), -20);
}

/// The side to move always in danger.
struct AlwaysInDanger;

impl<'a> Evaluator<TreeGame<'a>> for AlwaysInDanger {
    fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
        game.value()
    }
    fn in_danger(&self, _game: &TreeGame<'a>) -> bool {
        true
    }
}

/// With [`SearchConfig::danger_exempt`] a side in danger has no move
/// pruned or reduced: on wide random trees, with late-move pruning and
/// reductions on and every position in danger, the root's value is
/// plain negamax's; without the switch the pruning misses it in some.
#[test]
fn a_side_in_danger_has_no_move_pruned_or_reduced() {
    let mut missed_without = 0;
    for seed in 0..60 {
        let depth = 3 + (seed % 2) as u32;
        let tree = Tree::random_wide(seed, depth, 16);
        if tree.children[0].len() < 2 {
            continue;
        }
        let expected = tree.negamax(0, depth);
        let search = |exempt: bool| {
            let mut game = TreeGame {
                tree: &tree,
                path: vec![0],
            };
            let mut searcher = Searcher::new(1);
            searcher.config.late_move_pruning = true;
            searcher.config.late_move_reductions = true;
            searcher.config.danger_exempt = exempt;
            let cancel = AtomicBool::new(false);
            searcher.search(&mut game, &AlwaysInDanger, Limits::depth(depth), &cancel)
        };
        let spared = search(true);
        assert_eq!(spared.score, expected, "seed {seed}");
        let best = spared.best.expect("a move");
        assert_eq!(-tree.negamax(best, depth - 1), expected, "seed {seed}");
        missed_without += usize::from(search(false).score != expected);
    }
    assert!(missed_without > 0, "the pruning never missed the value");
}

/// Aspiration windows narrow the root's window and search again when the
/// value falls outside: the root's value and move stay exact.
#[test]
fn aspiration_windows_find_the_minimax_value() {
    let mut failed_windows = 0;
    for seed in 0..120 {
        let depth = 5 + (seed % 4) as u32;
        // Leaf values span -100..=100: a window of 5 often fails.
        let Some((tree, expected)) = check_exact_root(seed, depth, |c| c.aspiration_window = 5)
        else {
            continue;
        };
        // How often the window failed: the last iteration's value moved
        // by more than the window from the one before.
        let shallower = tree.negamax(0, depth - 1);
        failed_windows += usize::from((expected - shallower).abs() > 5);
    }
    assert!(failed_windows > 20, "only {failed_windows} windows failed");
}
