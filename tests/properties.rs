//! Property tests over thousands of seeded random games, every expansion set.

use std::collections::{HashSet, VecDeque};

use hive::rules::{Bug, Color, Direction, Game, GameStatus, GameType, Hex, Move, Piece};
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
            }
        }
        let before = snapshot(&game);
        let mv = moves[rng.random_range(0..moves.len())];
        assert!(!game.path_of(mv).is_empty() || mv == Move::Pass);
        game.play(mv).expect("a listed move is legal");
        assert_hive_connected(&game);
        assert_pieces_conserved(&game);
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
