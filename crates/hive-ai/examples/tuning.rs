//! Self-play tuning of the evaluation weights: each variant plays the default
//! weights at equal depth from seeded openings, colours alternating.
//!
//! `cargo run --release -p hive-ai --example tuning`
//! prints a table; the README records the last run.

use std::sync::atomic::AtomicBool;

use hive_ai::{Engine, Limits, Weights};
use hive_rules::{Color, Game, GameStatus, GameType};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Variant's (wins, draws, losses) against the default weights.
fn play_variant(variant: &Weights, games: u64, depth: u32) -> (u32, u32, u32) {
    let cancel = AtomicBool::new(false);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game_index in 0..games {
        // Each opening is played twice, the variant taking each side once.
        let mut rng = StdRng::seed_from_u64(game_index / 2);
        let mut game = Game::new(GameType::ALL);
        let mut moves = Vec::new();
        for _ in 0..3 {
            moves.clear();
            game.legal_moves(&mut moves);
            game.apply_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let variant_color = if game_index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut engines = [
            Engine::with_weights(8, Weights::default()),
            Engine::with_weights(8, variant.clone()),
        ];
        while !game.status().is_over() && game.ply() < 200 {
            let engine = &mut engines[usize::from(game.to_move() == variant_color)];
            let mv = engine
                .search(&game, Limits::depth(depth), &cancel)
                .best
                .expect("a move");
            game.play(mv).expect("legal");
        }
        match (game.status(), variant_color) {
            (GameStatus::WhiteWins, Color::White) | (GameStatus::BlackWins, Color::Black) => {
                wins += 1
            }
            (GameStatus::WhiteWins, _) | (GameStatus::BlackWins, _) => losses += 1,
            _ => draws += 1,
        }
    }
    (wins, draws, losses)
}

fn main() {
    let base = Weights::default();
    let variants: Vec<(&str, Weights)> = vec![
        (
            "queen danger x2",
            Weights {
                queen_danger: base.queen_danger.map(|v| v * 2),
                ..base.clone()
            },
        ),
        (
            "queen danger /2",
            Weights {
                queen_danger: base.queen_danger.map(|v| v / 2),
                ..base.clone()
            },
        ),
        (
            "free pieces x2",
            Weights {
                free_piece: base.free_piece.map(|v| v * 2),
                ..base.clone()
            },
        ),
        (
            "free pieces /2",
            Weights {
                free_piece: base.free_piece.map(|v| v / 2),
                ..base.clone()
            },
        ),
        (
            "no reserves value",
            Weights {
                in_hand: [0; 8],
                ..base.clone()
            },
        ),
        (
            "no sealed-cell relief",
            Weights {
                sealed_cell: 0,
                ..base.clone()
            },
        ),
    ];
    println!("variant\twins\tdraws\tlosses (vs defaults, depth 3, 20 games)");
    for (name, weights) in variants {
        let (w, d, l) = play_variant(&weights, 20, 3);
        println!("{name}\t{w}\t{d}\t{l}");
    }
}
