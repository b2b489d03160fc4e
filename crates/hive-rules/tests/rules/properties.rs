//! Property tests over thousands of seeded random games, every expansion set.

use std::collections::{HashMap, HashSet, VecDeque};

use hive_rules::{Bug, Color, Direction, Game, GameStatus, GameType, Hex, Move, Piece};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const TYPES: [&str; 8] = [
    "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
];

/// Everything observable about a position, for before/after comparisons.
#[derive(Debug, PartialEq)]
struct Snapshot {
    hash: u64,
    game_string: String,
    to_move: Color,
    status: GameStatus,
    board: Vec<(Piece, Hex, u8)>,
    moves: Vec<Move>,
}

fn snapshot(game: &Game) -> Snapshot {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    Snapshot {
        hash: game.hash(),
        game_string: game.game_string(),
        to_move: game.to_move(),
        status: game.status(),
        board: game.pieces_on_board().collect(),
        moves,
    }
}

fn assert_hive_connected(game: &Game) {
    let cells: HashSet<Hex> = game.occupied_cells().collect();
    let Some(&start) = cells.iter().next() else {
        return;
    };
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        for n in cell.neighbors() {
            if cells.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    assert_eq!(
        seen.len(),
        cells.len(),
        "hive split in {}",
        game.game_string()
    );
}

/// The game's incremental neighbour counts agree with the board, on every
/// occupied cell and every cell beside one.
fn assert_neighbour_counts(game: &Game) {
    for cell in game.occupied_cells() {
        for c in std::iter::once(cell).chain(cell.neighbors()) {
            let counted = c
                .neighbors()
                .iter()
                .filter(|&&n| game.height(n) > 0)
                .count();
            assert_eq!(
                game.occupied_neighbours(c) as usize,
                counted,
                "{c:?} in {}",
                game.game_string()
            );
        }
    }
}

fn assert_pieces_conserved(game: &Game) {
    let total: usize = Bug::ALL
        .iter()
        .filter(|&&b| game.game_type().includes(b))
        .map(|&b| 2 * b.count() as usize)
        .sum();
    let on_board = game.pieces_on_board().count();
    let in_hand = game.hand(Color::White).count() + game.hand(Color::Black).count();
    assert_eq!(on_board + in_hand, total);
    let stacked: usize = game.occupied_cells().map(|c| game.height(c) as usize).sum();
    assert_eq!(stacked, on_board);
    for (piece, hex, level) in game.pieces_on_board() {
        assert_eq!(game.stack(hex)[level as usize], piece);
    }
}

/// Every way of writing `mv` (each piece on the board that names its
/// destination, directly or by a side, in any letter case) reads as `mv`,
/// and `mv` prints as `canonical` whichever spelling it came from.
fn assert_spellings_agree(game: &Game, mv: Move, canonical: &str) {
    let (Some(piece), Some(to)) = (mv.piece(), mv.to()) else {
        assert_eq!(canonical, "pass");
        return;
    };
    if game.ply() == 0 {
        assert_eq!(canonical, piece.to_string());
        return;
    }
    // The canonical form names the piece a move lands on.
    if let Some(top) = game.top(to) {
        assert_eq!(canonical, format!("{piece} {top}"));
    }
    let mut spellings = 0;
    for (reference, at, _) in game.pieces_on_board() {
        let mut forms = Vec::new();
        if at == to {
            forms.push(format!("{piece} {reference}"));
        }
        for (dir, [before, after]) in Direction::ALL.into_iter().zip(MARKS) {
            if at.neighbor(dir) == to {
                forms.push(format!("{piece} {before}{reference}{after}"));
            }
        }
        for form in forms {
            spellings += 1;
            let parsed = game.parse_move(&form);
            assert_eq!(parsed, Ok(mv), "{form} in {}", game.game_string());
            assert_eq!(game.move_string(mv), canonical, "{form}");
            let shouted = format!("  {}  ", form.to_uppercase().replace(' ', "   "));
            assert_eq!(game.parse_move(&shouted), Ok(mv), "{shouted}");
        }
    }
    assert!(spellings > 0, "no spelling of {canonical}");
}

/// The UHP marks around a reference piece for each direction, in
/// [`Direction::ALL`] order (east, south-east, south-west, west, north-west, north-east).
const MARKS: [[&str; 2]; 6] = [
    ["", "-"],
    ["", "\\"],
    ["/", ""],
    ["-", ""],
    ["\\", ""],
    ["", "/"],
];

/// Why `path` is not a way `mv`'s piece may legally travel in `game`, or
/// `None` when it is: a chain of neighbouring cells from the piece's cell to
/// its destination that its bug's movement allows, step by step (slides
/// through no gate and keeping contact, climbs under no higher gate, jumps
/// over a straight unbroken line, exact step counts), or a pillbug throw
/// over a pillbug (or mosquito touching one) of the side to move. Checked
/// here from the rules, independently of the move generator.
fn path_error(game: &Game, mv: Move, path: &[Hex]) -> Option<String> {
    let (piece, from, to) = match mv {
        Move::Pass => return (!path.is_empty()).then(|| "a pass has a path".into()),
        Move::Place { to, .. } => {
            return (path != [to]).then(|| "a placement's path is its cell".into());
        }
        Move::Move { piece, from, to } => (piece, from, to),
    };
    if path.len() < 2 || path[0] != from || path[path.len() - 1] != to {
        return Some(format!("{path:?} does not run from {from:?} to {to:?}"));
    }
    if path.windows(2).any(|w| w[0].direction_to(w[1]).is_none()) {
        return Some(format!("{path:?} is not a chain of neighbours"));
    }
    // Heights with the moving piece lifted off its cell.
    let h = |cell: Hex| game.height(cell) - u8::from(cell == from);
    let beside = |a: Hex, b: Hex| {
        let d = a.direction_to(b).expect("neighbours");
        (h(a.neighbor(d.rotate(5))), h(a.neighbor(d.rotate(1))))
    };
    let slide = |a: Hex, b: Hex| slides_between(game, from, a, b);
    let climb = |a: Hex, b: Hex| {
        let (left, right) = beside(a, b);
        if h(a) == 0 && h(b) == 0 {
            (left == 0) != (right == 0)
        } else {
            left.min(right) <= h(a).max(h(b))
        }
    };
    let distinct = |cells: &[Hex]| cells.iter().collect::<HashSet<_>>().len() == cells.len();
    let steps = path.len() - 1;
    let walks = |bug: Bug| match bug {
        Bug::Queen | Bug::Pillbug => steps == 1 && slide(from, to),
        Bug::Beetle => steps == 1 && climb(from, to),
        Bug::Ant => distinct(path) && path.windows(2).all(|w| slide(w[0], w[1])),
        Bug::Spider => steps == 3 && distinct(path) && path.windows(2).all(|w| slide(w[0], w[1])),
        Bug::Grasshopper => {
            let dir = from.direction_to(path[1]);
            steps >= 2
                && path.windows(2).all(|w| w[0].direction_to(w[1]) == dir)
                && path[1..steps].iter().all(|&c| h(c) > 0)
                && h(to) == 0
        }
        Bug::Ladybug => {
            steps == 3
                && h(path[1]) > 0
                && h(path[2]) > 0
                && h(to) == 0
                && to != from
                && path.windows(2).all(|w| climb(w[0], w[1]))
        }
        Bug::Mosquito => false,
    };
    let own = match piece.bug() {
        Bug::Mosquito if h(from) > 0 => walks(Bug::Beetle),
        Bug::Mosquito => from
            .neighbors()
            .iter()
            .filter_map(|&n| game.top(n))
            .any(|p| walks(p.bug())),
        bug => walks(bug),
    };
    let thrower = |cell: Hex| {
        game.top(cell).is_some_and(|p| {
            p.color() == game.to_move()
                && game.height(cell) == 1
                && (p.bug() == Bug::Pillbug
                    || p.bug() == Bug::Mosquito
                        && cell
                            .neighbors()
                            .iter()
                            .any(|&n| game.top(n).is_some_and(|q| q.bug() == Bug::Pillbug)))
        })
    };
    let thrown = steps == 2
        && game.height(from) == 1
        && h(to) == 0
        && thrower(path[1])
        && climb(from, path[1])
        && climb(path[1], to);
    (!own && !thrown).then(|| format!("{path:?} is not a way {piece} may go"))
}

/// Whether a ground piece lifted off `lifted` may slide from `a` to its
/// neighbour `b`: both empty, and exactly one of the two cells beside the
/// step occupied (no gate, and contact kept).
fn slides_between(game: &Game, lifted: Hex, a: Hex, b: Hex) -> bool {
    let h = |cell: Hex| game.height(cell) - u8::from(cell == lifted);
    let Some(d) = a.direction_to(b) else {
        return false;
    };
    let (left, right) = (h(a.neighbor(d.rotate(5))), h(a.neighbor(d.rotate(1))));
    h(a) == 0 && h(b) == 0 && (left == 0) != (right == 0)
}

/// An ant's own walk (what the animation follows) is a shortest one: as
/// many steps as a breadth-first search over the sliding rule needs. (An
/// enemy ant thrown by our pillbug goes over the pillbug instead.)
fn assert_shortest_walk(game: &Game, mv: Move, path: &[Hex]) {
    let Move::Move { piece, from, to } = mv else {
        return;
    };
    if piece.bug() != Bug::Ant || piece.color() != game.to_move() || path.len() == 3 {
        // (Three cells may be a throw; a walk of two steps is short anyway.)
        return;
    }
    let mut steps = HashMap::from([(from, 0usize)]);
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        for next in cell.neighbors() {
            if !steps.contains_key(&next) && slides_between(game, from, cell, next) {
                steps.insert(next, steps[&cell] + 1);
                queue.push_back(next);
            }
        }
    }
    assert_eq!(
        Some(path.len() - 1),
        steps.get(&to).copied(),
        "{path:?} is not a shortest walk in {}",
        game.game_string()
    );
}

fn check_random_game(type_index: usize, seed: u64, plies: usize) {
    let game_type: GameType = TYPES[type_index].parse().expect("game type");
    let mut game = Game::new(game_type);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for ply in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        if game.status().is_over() {
            assert!(moves.is_empty());
            break;
        }
        assert!(!moves.is_empty(), "no move and no pass");
        assert_eq!(moves.len(), game.count_legal_moves());
        if moves.contains(&Move::Pass) {
            assert_eq!(moves, [Move::Pass], "pass alongside other moves");
        }
        let unique: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(unique.len(), moves.len(), "duplicate moves");
        if ply % 4 == 0 {
            for &mv in &moves {
                let text = game.move_string(mv);
                assert_eq!(
                    game.parse_move(&text),
                    Ok(mv),
                    "{text} in {}",
                    game.game_string()
                );
                assert_eq!(game.check_move(mv), Ok(()));
                assert_spellings_agree(&game, mv, &text);
                let path = game.path_of(mv);
                if let Some(error) = path_error(&game, mv, &path) {
                    panic!("{error}: {text} in {}", game.game_string());
                }
                assert_shortest_walk(&game, mv, &path);
            }
        }
        let before = snapshot(&game);
        let mv = moves[rng.random_range(0..moves.len())];
        if let Some(error) = path_error(&game, mv, &game.path_of(mv)) {
            panic!("{error}: {mv:?} in {}", game.game_string());
        }
        game.play(mv).expect("a listed move is legal");
        assert_hive_connected(&game);
        assert_pieces_conserved(&game);
        assert_neighbour_counts(&game);
        if ply % 3 == 0 {
            let after = snapshot(&game);
            assert_eq!(game.undo(), Some(mv));
            assert_eq!(snapshot(&game), before, "undo of {mv:?}");
            game.apply_unchecked(mv);
            assert_eq!(snapshot(&game), after, "redo of {mv:?}");
        }
    }
    // The incremental hash equals one computed by replaying from scratch.
    let replayed = Game::from_game_string(&game.game_string()).expect("own GameString loads");
    assert_eq!(replayed.hash(), game.hash());
    assert_eq!(replayed.game_string(), game.game_string());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1200))]

    #[test]
    fn random_games_keep_every_invariant(type_index in 0usize..8, seed in any::<u64>()) {
        check_random_game(type_index, seed, 90);
    }
}

#[test]
fn long_random_games_keep_every_invariant() {
    for seed in 0..24 {
        check_random_game(seed as usize % 8, seed, 400);
    }
}

/// The path check above can fail: broken versions of real paths are refused.
#[test]
fn the_path_check_refuses_broken_paths() {
    let mut rng = StdRng::seed_from_u64(14);
    let mut seen = [0usize; 5];
    for seed in 0..40u64 {
        let mut game = Game::new(TYPES[seed as usize % 8].parse().expect("type"));
        let mut moves = Vec::new();
        for _ in 0..60 {
            moves.clear();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let Move::Move { piece, from, to } = mv else {
                    continue;
                };
                let path = game.path_of(mv);
                assert_eq!(path_error(&game, mv, &path), None, "{mv:?}");
                // The destination left off, or a cell in the middle.
                assert!(path_error(&game, mv, &path[..path.len() - 1]).is_some());
                seen[0] += 1;
                // (A cell whose neighbours on the path do not touch.)
                if let Some(i) =
                    (1..path.len() - 1).find(|&i| path[i - 1].direction_to(path[i + 1]).is_none())
                {
                    let mut gap = path.clone();
                    gap.remove(i);
                    assert!(path_error(&game, mv, &gap).is_some(), "{gap:?}");
                    seen[1] += 1;
                }
                // One step too many (a spider's fourth, a queen's second).
                if matches!(piece.bug(), Bug::Spider | Bug::Queen) && game.height(from) == 1 {
                    for n in to.neighbors() {
                        if game.height(n) == 0 && !path.contains(&n) && n != from {
                            let mut longer = path.clone();
                            longer.push(n);
                            let moved = Move::Move { piece, from, to: n };
                            assert!(path_error(&game, moved, &longer).is_some(), "{longer:?}");
                            seen[2] += 1;
                        }
                    }
                }
                // A grasshopper stepping instead of jumping.
                if piece.bug() == Bug::Grasshopper {
                    for n in from.neighbors() {
                        if game.height(n) == 0 {
                            let moved = Move::Move { piece, from, to: n };
                            assert!(path_error(&game, moved, &[from, n]).is_some());
                            seen[3] += 1;
                        }
                    }
                }
                // A slide into a gate: both cells beside the step occupied.
                if matches!(piece.bug(), Bug::Queen | Bug::Ant | Bug::Spider)
                    && game.height(from) == 1
                {
                    for d in Direction::ALL {
                        let n = from.neighbor(d);
                        let gate = game.height(from.neighbor(d.rotate(1))) > 0
                            && game.height(from.neighbor(d.rotate(5))) > 0;
                        if game.height(n) == 0 && gate {
                            let moved = Move::Move { piece, from, to: n };
                            assert!(path_error(&game, moved, &[from, n]).is_some());
                            seen[4] += 1;
                        }
                    }
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).expect("legal");
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "kinds of breakage met: {seen:?}"
    );
}
