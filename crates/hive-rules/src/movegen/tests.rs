//! Checks of the move generator's shortcuts (hole count, pinned pieces,
//! counting) against brute force.

use super::*;
use crate::GameType;

/// The holes of the hive by brute force: empty regions beside it whose
/// flood stops before 200 cells (the outside never does).
fn holes_by_flood(game: &Game) -> u32 {
    let mut seen = CellSet::new();
    let mut holes = 0;
    for cell in game.occupied_cells() {
        for start in cell.neighbors() {
            if game.height(start) != 0 || !seen.insert(start) {
                continue;
            }
            let mut stack = vec![start];
            let mut size = 1;
            while let Some(c) = stack.pop() {
                for n in c.neighbors() {
                    if game.height(n) == 0 && seen.insert(n) {
                        size += 1;
                        stack.push(n);
                    }
                }
            }
            if size < 200 {
                holes += 1;
            }
        }
    }
    holes
}

/// Random games (a fixed xorshift sequence) in every game type: at every
/// position the hole count, each piece's pinned answer and the pinned
/// set match brute force and Tarjan, and counting the moves (shared ant
/// walks, throws by bits) gives the length of the move list.
#[test]
fn shortcuts_match_brute_force_in_random_games() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut positions = 0;
    let mut with_holes = 0;
    for letters in ["", "M", "L", "P", "ML", "MP", "LP", "MLP"] {
        let game_type = GameType::from_expansions(letters).expect("valid expansions");
        for _ in 0..12 {
            let mut game = Game::new(game_type);
            let mut moves = Vec::new();
            for _ in 0..90 {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                assert_eq!(game.count_legal_moves(), moves.len(), "{game:?}");
                let holes = game.holes();
                assert_eq!(holes, holes_by_flood(&game), "{game:?}");
                with_holes += usize::from(holes > 0);
                let tarjan = game.tarjan_pinned();
                assert_eq!(game.pinned_pieces(), tarjan, "{game:?}");
                let mut pinned = Pinned::new(&game);
                for (piece, cell, level) in game.pieces_on_board() {
                    if level == 0 && game.height(cell) == 1 {
                        let id = piece.id();
                        assert_eq!(pinned.contains(id, cell), tarjan & (1 << id) != 0);
                    }
                }
                // The quick legality check agrees with the list: every
                // listed move, and every other placement or movement of
                // any piece to any cell beside the hive (or its own).
                for &mv in &moves {
                    assert!(game.is_legal(mv), "{mv:?} in {game:?}");
                }
                let mut cells: Vec<Hex> = Vec::new();
                for cell in game.occupied_cells() {
                    cells.push(cell);
                    cells.extend(cell.neighbors());
                }
                if cells.is_empty() {
                    cells.push(Hex::ORIGIN);
                }
                for piece in Piece::all() {
                    for &to in &cells {
                        let mv = match game.position(piece) {
                            Some(from) => Move::Move { piece, from, to },
                            None => Move::Place { piece, to },
                        };
                        assert_eq!(game.is_legal(mv), moves.contains(&mv), "{mv:?} in {game:?}");
                    }
                }
                assert_eq!(game.is_legal(Move::Pass), moves == [Move::Pass]);
                positions += 1;
                let mv = moves[next() as usize % moves.len()];
                game.apply_unchecked(mv);
            }
        }
    }
    assert!(
        positions > 5000 && with_holes > 100,
        "{positions} {with_holes}"
    );
}

/// Perft plays its moves without their hashes unless the threefold
/// repetition rule (which reads them) is on: both ways give the same
/// counts on a mid-game row of the perft table, and leave the game's
/// hashes and history as they were.
#[test]
fn perft_without_hashes_counts_the_same_and_restores_them() {
    const ROW: &str = "Base+MLP;InProgress;White[9];wG1;bP wG1/;wQ wG1\\;bL bP/;wB1 /wG1;\
                       bM \\bL;wB1 wG1;bQ \\bM;wP /wB1;bA1 bM/;wA1 -wB1;bA2 \\bQ;wA1 bA2/;\
                       bA3 /bQ;wA2 -wB1;bA3 bA3\\";
    let options = crate::Options::default();
    let threefold = crate::Options {
        threefold_repetition: true,
        ..options
    };
    let mut counts = Vec::new();
    for options in [options, threefold] {
        let mut game = Game::from_game_string_with(ROW, options).expect("a table row");
        let (hash, board_hash, moves) = (game.hash(), game.board_hash, game.moves().count());
        counts.push(game.perft(3));
        assert_eq!((game.hash(), game.board_hash), (hash, board_hash));
        assert_eq!(game.moves().count(), moves);
        assert_eq!(game.hashes.len(), moves);
    }
    assert_eq!(counts, [1_000_669, 1_000_669]);
}
