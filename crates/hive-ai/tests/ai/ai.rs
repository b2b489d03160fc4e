//! The AI against positions whose answer is proved by brute force, and in
//! seeded self-play across every expansion set.

use std::sync::atomic::AtomicBool;

use crate::common::tactics::{
    biased_random_move, forces_win_in_two, legal, winning_moves, wins_for,
};
use crate::rules_common::SMOTHERED;
use hive_ai::{Difficulty, Engine, Limits, PackedMove};
use hive_rules::{Color, Game, GameType, Move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions from biased random games satisfying `wanted`, at most `count`.
fn positions(count: usize, mut wanted: impl FnMut(&mut Game) -> bool) -> Vec<Game> {
    let mut found = Vec::new();
    for seed in 0..2000u64 {
        let game_type: GameType = ["Base", "Base+MLP", "Base+P", "Base+M"][seed as usize % 4]
            .parse()
            .expect("type");
        let mut game = Game::new(game_type);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..120 {
            if game.status().is_over() {
                break;
            }
            if game.ply() > 10 && wanted(&mut game) {
                found.push(game.clone());
                break;
            }
            let mv = biased_random_move(&game, &mut rng);
            game.apply_unchecked(mv);
        }
        if found.len() >= count {
            break;
        }
    }
    found
}

fn search(game: &Game, depth: u32) -> Move {
    let mut engine = Engine::new(8);
    engine
        .search(game, Limits::depth(depth), &AtomicBool::new(false))
        .best
        .expect("a move")
}

#[test]
fn finds_a_win_in_one() {
    let cases = positions(15, |g| !winning_moves(g).is_empty());
    assert!(cases.len() >= 10, "only {} positions", cases.len());
    for mut game in cases {
        let best = search(&game, 2);
        assert!(
            winning_moves(&mut game).contains(&best),
            "{}",
            game.game_string()
        );
    }
}

#[test]
fn finds_a_win_in_two() {
    let cases = positions(6, |g| {
        winning_moves(g).is_empty() && legal(g).into_iter().any(|m| forces_win_in_two(g, m))
    });
    assert!(cases.len() >= 3, "only {} positions", cases.len());
    for mut game in cases {
        let best = search(&game, 3);
        assert!(forces_win_in_two(&mut game, best), "{}", game.game_string());
    }
}

#[test]
fn blocks_a_win_in_one() {
    // The opponent threatens to win, we cannot win at once, and some move parries.
    let opponent_wins_after = |g: &mut Game, mv: Move| {
        g.apply_unchecked(mv);
        let wins = !g.status().is_over() && !winning_moves(g).is_empty();
        g.undo();
        wins
    };
    let cases = positions(8, |g| {
        let moves = legal(g);
        winning_moves(g).is_empty()
            && moves.iter().any(|&m| opponent_wins_after(g, m))
            && moves.iter().any(|&m| !opponent_wins_after(g, m))
            && moves.iter().filter(|&&m| opponent_wins_after(g, m)).count() * 2 > moves.len()
    });
    assert!(cases.len() >= 4, "only {} positions", cases.len());
    for mut game in cases {
        let best = search(&game, 2);
        assert!(
            !opponent_wins_after(&mut game, best),
            "{}",
            game.game_string()
        );
    }
}

#[test]
fn self_play_only_makes_legal_moves() {
    let types = [
        "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
    ];
    let cancel = AtomicBool::new(false);
    let mut games = 0;
    for (i, name) in types.iter().enumerate() {
        for seed in 0..10u64 {
            let mut game = Game::new(name.parse().expect("type"));
            let mut engines = [Engine::new(1), Engine::new(1)];
            let levels = [Difficulty::Beginner, Difficulty::Beginner];
            for ply in 0..80 {
                if game.status().is_over() {
                    break;
                }
                let side = game.to_move().index();
                let result = engines[side].choose(&game, levels[side], seed * 1000 + ply, &cancel);
                let mv = result.best.expect("a move while the game is on");
                if let Err(e) = game.play(mv) {
                    panic!("illegal {mv:?} ({e}) in {} (type {i})", game.game_string());
                }
            }
            games += 1;
        }
    }
    assert_eq!(games, 80);
}

#[test]
fn cancel_returns_a_legal_move_quickly() {
    let game = Game::from_game_string("Base+MLP;InProgress;White[6];wG1;bP wG1/;wQ wG1\\;bL bP/;wB1 /wG1;bM \\bL;wB1 wG1;bQ \\bM;wP /wB1;bA1 bM/")
        .expect("valid");
    let mut engine = Engine::new(8);
    let cancel = AtomicBool::new(true);
    let result = engine.search(&game, Limits::depth(30), &cancel);
    let best = result.best.expect("a move");
    assert!(legal(&game).contains(&best));
    assert!(
        result.nodes < 1000,
        "{} nodes searched after cancel",
        result.nodes
    );
}

#[test]
fn a_node_limited_search_is_reproducible_and_stops() {
    let game = Game::from_game_string("Base+MLP;InProgress;White[9];wG1;bP wG1/;wQ wG1\\;bL bP/;wB1 /wG1;bM \\bL;wB1 wG1;bQ \\bM;wP /wB1;bA1 bM/;wA1 -wB1;bA2 \\bQ;wA1 bA2/;bA3 /bQ;wA2 -wB1;bA3 bA3\\")
        .expect("valid");
    let limits = Limits {
        max_depth: Some(40),
        nodes: Some(20_000),
        time: None,
    };
    let run = || Engine::new(8).search(&game, limits, &AtomicBool::new(false));
    let (first, second) = (run(), run());
    // Depth 40 is far out of reach in 20 000 nodes: stopping proves the count is read.
    assert!(first.depth < 40 && first.nodes <= 20_000 + 256, "{first:?}");
    assert!(legal(&game).contains(&first.best.expect("a move")));
    assert_eq!(
        (first.best, first.score, first.depth, first.nodes),
        (second.best, second.score, second.depth, second.nodes),
        "the same search twice gives the same answer"
    );
}

/// An engine cleared between positions searches each as a fresh engine
/// would, to the node: nothing of the searches before is left (the table,
/// the history, the countermoves, the line the countermoves are read by).
/// The mid-game rows of the perft table up to the first where a leftover
/// line once changed the count (`Base+L;InProgress;White[19]`, depth 5).
#[test]
fn a_cleared_engine_searches_as_a_fresh_one() {
    const TABLE: &str = include_str!("../../../hive-rules/tests/data/perft.tsv");
    let rows: Vec<Game> = TABLE
        .lines()
        .filter(|l| l.contains("InProgress"))
        .filter_map(|l| Game::from_game_string(l.split('\t').next()?).ok())
        .take(7)
        .collect();
    assert_eq!(rows.len(), 7);
    let cancel = AtomicBool::new(false);
    let mut reused = Engine::new(8);
    reused.set_threads(1);
    for game in &rows {
        reused.clear();
        let again = reused.search(game, Limits::depth(5), &cancel);
        let mut fresh = Engine::new(8);
        fresh.set_threads(1);
        let first = fresh.search(game, Limits::depth(5), &cancel);
        assert_eq!(
            (again.nodes, again.best, again.score),
            (first.nodes, first.best, first.score),
            "{}",
            game.game_string()
        );
    }
}

#[test]
fn moving_away_and_back_while_the_other_side_can_only_pass_is_a_draw() {
    let mut game = Game::from_game_string(SMOTHERED).expect("a game");
    for mv in ["wA1 bA3\\", "pass"] {
        game.play_move_string(mv).expect("legal");
    }
    // White's Ant back, then Black's forced pass: the position after
    // Black's first pass again, which the search scores as a draw.
    let back = game.parse_move("wA1 bA3-").expect("a move");
    let lines = Engine::new(8).search_lines(&game, Limits::depth(2), 1000, &AtomicBool::new(false));
    let line = lines
        .iter()
        .find(|l| l.best == Some(back))
        .expect("its line");
    assert_eq!(line.score, 0, "{:?}", line.pv);
    // Not a level position by chance: the engine's static value is not 0.
    let mut repeated = game.clone();
    repeated.play(back).expect("legal");
    repeated.play(Move::Pass).expect("Black can only pass");
    let engine = Engine::new(8);
    assert_ne!(engine.evaluate(&repeated), 0);
}

#[test]
fn multi_pv_lines_are_distinct_legal_sorted_and_led_by_the_best_move() {
    let games = positions(6, |game| legal(game).len() > 5);
    assert!(games.len() >= 4);
    let cancel = AtomicBool::new(false);
    for game in &games {
        for depth in [1, 2, 3] {
            let lines = Engine::new(8).search_lines(game, Limits::depth(depth), 4, &cancel);
            let best = Engine::new(8).search(game, Limits::depth(depth), &cancel);
            assert_eq!(lines.len(), 4, "{}", game.game_string());
            assert_eq!(lines[0].best, best.best, "{}", game.game_string());
            assert_eq!(lines[0].score, best.score, "{}", game.game_string());
            // (The lines' lower passes fill the table and the history
            // differently, so the first line's continuation may differ.)
            let moves = legal(game);
            for (i, line) in lines.iter().enumerate() {
                let mv = line.best.expect("a move");
                assert!(moves.contains(&mv), "{}", game.game_string());
                assert!(lines[..i].iter().all(|l| l.best != Some(mv)), "distinct");
                assert_eq!(line.pv.first(), Some(&mv));
                assert_eq!(line.depth, depth);
                if i > 0 {
                    assert!(lines[i - 1].score >= line.score, "sorted by score");
                }
            }
            // As many lines as asked, or as there are moves.
            let all = Engine::new(8).search_lines(game, Limits::depth(1), 1000, &cancel);
            assert_eq!(all.len(), moves.len());
        }
    }
}

#[test]
fn every_legal_move_packs_into_the_table_and_back() {
    for game in positions(40, |_| true) {
        for mv in legal(&game) {
            assert_eq!(Move::unpack(mv.pack()), mv, "{}", game.game_string());
        }
    }
}

#[test]
fn threads_find_wins_block_and_play_legal_moves() {
    let cancel = AtomicBool::new(false);
    let mut wins = positions(8, |game| !winning_moves(game).is_empty());
    assert!(wins.len() >= 4);
    for threads in [2, 3] {
        let mut engine = Engine::new(8);
        engine.set_threads(threads);
        assert_eq!(engine.threads(), threads);
        for game in wins.iter_mut() {
            let winners = winning_moves(game);
            let game = &*game;
            for depth in [1, 3] {
                let found = engine.search(game, Limits::depth(depth), &cancel);
                let mv = found.best.expect("a move");
                assert!(
                    winners.contains(&mv),
                    "{threads} threads, depth {depth}: {}",
                    game.game_string()
                );
            }
            let timed = engine.search(
                game,
                Limits::time(std::time::Duration::from_millis(50)),
                &cancel,
            );
            assert!(legal(game).contains(&timed.best.expect("a move")));
            let lines = engine.search_lines(game, Limits::depth(2), 3, &cancel);
            assert!(winners.contains(&lines[0].best.expect("a move")));
            for (i, line) in lines.iter().enumerate() {
                let mv = line.best.expect("a move");
                assert!(legal(game).contains(&mv));
                assert!(lines[..i].iter().all(|l| l.best != Some(mv)));
            }
        }
    }
}

#[test]
fn the_levels_below_expert_ignore_threads() {
    // Node- and depth-limited levels search on one thread, whatever asked:
    // the same moves as a one-thread engine.
    let cancel = AtomicBool::new(false);
    for game in positions(4, |game| legal(game).len() > 5) {
        for level in [Difficulty::Easy, Difficulty::Medium] {
            let mut threaded = Engine::new(8);
            threaded.set_threads(2);
            let a = threaded.choose(&game, level, 5, &cancel);
            let b = Engine::new(8).choose(&game, level, 5, &cancel);
            assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
        }
    }
}

/// Plays `games` games of a preset against a uniformly random mover, colours
/// alternating; returns the preset's wins.
fn wins_against_random(level: Difficulty, games: u64) -> u64 {
    let cancel = AtomicBool::new(false);
    let mut wins = 0;
    for seed in 0..games {
        let mut game = Game::new(GameType::ALL);
        let mut engine = Engine::new(4);
        let mut rng = StdRng::seed_from_u64(seed);
        let ai_color = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        for ply in 0..300 {
            if game.status().is_over() {
                break;
            }
            let mv = if game.to_move() == ai_color {
                engine
                    .choose(&game, level, seed * 7919 + ply, &cancel)
                    .best
                    .expect("a move")
            } else {
                let moves = legal(&game);
                moves[rng.random_range(0..moves.len())]
            };
            game.play(mv).expect("legal");
        }
        if wins_for(game.status(), ai_color) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn beginner_beats_a_random_mover() {
    let wins = wins_against_random(Difficulty::Beginner, 16);
    assert!(wins >= 15, "{wins} wins of 16");
}

#[test]
fn easy_beats_a_random_mover() {
    let wins = wins_against_random(Difficulty::Easy, 16);
    assert!(wins >= 15, "{wins} wins of 16");
}

#[test]
fn medium_beats_a_random_mover() {
    let wins = wins_against_random(Difficulty::Medium, 16);
    assert!(wins >= 15, "{wins} wins of 16");
}

// The order of the levels is checked by tests/levels.rs; the strength of
// the top levels by the `hive match` commands in the README.
