//! Mines candidate rows for `tests/data/tactics.tsv`: positions with a single
//! winning move, a single move forcing a win in two, or a threat to block,
//! from seeded random play, or from the last dozen positions of each game in
//! the file named by `HIVE_TACTICS_GAMES` (one GameString a line, e.g. the
//! games of a `hive match` log). Prints the rows; a person picks which to keep.
//!
//! `cargo run --release -p hive-ai --example mine_tactics`

#[path = "../tests/common/tactics.rs"]
mod tactics;

use hive_rules::{Game, GameType, Move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tactics::{
    Kind, biased_random_move, forces_win_in_two, legal, lets_opponent_win, winning_moves,
};

/// The row for `game` if it is a tactic: win in one (only with a single
/// winning move), win in two (only with a single forcing move), or block.
fn classify(game: &mut Game) -> Option<(Kind, Move)> {
    let wins = winning_moves(game);
    if wins.len() == 1 {
        return Some((Kind::Win1, wins[0]));
    }
    if !wins.is_empty() {
        return None;
    }
    let moves = legal(game);
    let forcing: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| forces_win_in_two(game, m))
        .collect();
    if forcing.len() == 1 {
        return Some((Kind::Win2, forcing[0]));
    }
    if !forcing.is_empty() {
        return None;
    }
    let parries: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| !lets_opponent_win(game, m))
        .collect();
    // A real threat: most moves lose, some parry.
    if !parries.is_empty() && parries.len() * 2 < moves.len() {
        return Some((Kind::Block, parries[0]));
    }
    None
}

fn print_row(game: &mut Game, kind: Kind, mv: Move, comment: &str) {
    println!(
        "{}\t{}\t{}\t{comment}",
        kind.name(),
        game.game_string(),
        game.move_string(mv)
    );
}

fn main() {
    if let Ok(path) = std::env::var("HIVE_TACTICS_GAMES") {
        let text = std::fs::read_to_string(&path).expect("readable games file");
        for (g, line) in text.lines().enumerate() {
            let Ok(whole) = Game::from_game_string(line.trim()) else {
                continue;
            };
            let moves: Vec<Move> = whole.moves().collect();
            let mut game = Game::new(whole.game_type());
            // The last dozen positions of each game, where it was decided.
            let from = moves.len().saturating_sub(12);
            for (i, &mv) in moves.iter().enumerate() {
                if i >= from
                    && !game.status().is_over()
                    && let Some((kind, right)) = classify(&mut game)
                {
                    print_row(&mut game, kind, right, &format!("game {} ply {i}", g + 1));
                }
                game.apply_unchecked(mv);
            }
        }
        return;
    }
    for seed in 0..400u64 {
        let game_type: GameType = ["Base", "Base+MLP", "Base+P", "Base+M", "Base+L"]
            [seed as usize % 5]
            .parse()
            .expect("type");
        let mut game = Game::new(game_type);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut printed = Vec::new();
        for _ in 0..120 {
            if game.status().is_over() {
                break;
            }
            if game.ply() > 10
                && let Some((kind, right)) = classify(&mut game)
                && !printed.contains(&kind)
            {
                print_row(&mut game, kind, right, &format!("seeded play {seed}"));
                printed.push(kind);
            }
            let mv = biased_random_move(&game, &mut rng);
            game.apply_unchecked(mv);
        }
    }
}
