//! Tactics: positions from `tests/data/tactics.tsv` with a forced win within
//! the search horizon or a threat that must be blocked, each searched at a
//! fixed depth (no clock: the same result on any machine).
//!
//! A row is `kind<TAB>GameString<TAB>move<TAB>comment`, where kind is
//! - `win1`: the side to move wins at once; the engine must play a winning move;
//! - `win2`: it wins on its next move whatever the reply, and cannot win at
//!   once; the engine must play a move that forces it (checked by brute force);
//! - `block`: the opponent threatens to surround our queen next move and we
//!   cannot win at once; the engine's move must leave the opponent no win in one.
//!
//! The move column holds the right move (for `block`, one that parries).
//! `cargo test --release --no-default-features --test tactics -- --ignored --nocapture`
//! prints new candidate rows from seeded play, or from the GameStrings in the
//! file named by `HIVE_TACTICS_GAMES` (e.g. the games of a `hive match` log).

mod common;

use std::sync::atomic::AtomicBool;

use common::tactics::{biased_random_move, forces_win_in_two, legal, winning_moves, wins_for};
use hive::ai::{Engine, Limits};
use hive::rules::{Game, GameType, Move};
use rand::SeedableRng;
use rand::rngs::StdRng;

const TABLE: &str = include_str!("data/tactics.tsv");

/// After `mv`, can the opponent win at once (or has `mv` lost already)?
fn lets_opponent_win(game: &mut Game, mv: Move) -> bool {
    let me = game.to_move();
    game.apply_unchecked(mv);
    let lost = match game.status() {
        s if s.is_over() => !wins_for(s, me),
        _ => !winning_moves(game).is_empty(),
    };
    game.undo();
    lost
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Win1,
    Win2,
    Block,
}

impl Kind {
    fn parse(text: &str) -> Option<Kind> {
        match text {
            "win1" => Some(Kind::Win1),
            "win2" => Some(Kind::Win2),
            "block" => Some(Kind::Block),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Win1 => "win1",
            Kind::Win2 => "win2",
            Kind::Block => "block",
        }
    }

    /// The fixed search depth for the kind: the horizon of the tactic.
    fn depth(self) -> u32 {
        match self {
            Kind::Win1 => 1,
            Kind::Win2 => 3,
            Kind::Block => 2,
        }
    }

    /// Whether `mv` solves the position.
    fn solved_by(self, game: &mut Game, mv: Move) -> bool {
        match self {
            Kind::Win1 => winning_moves(game).contains(&mv),
            Kind::Win2 => forces_win_in_two(game, mv),
            Kind::Block => !lets_opponent_win(game, mv),
        }
    }

    /// Whether the position is a fair test of the kind.
    fn holds(self, game: &mut Game) -> bool {
        let wins = winning_moves(game);
        match self {
            Kind::Win1 => !wins.is_empty(),
            // That a forcing move exists is checked on the row's move.
            Kind::Win2 => wins.is_empty(),
            Kind::Block => {
                let moves = legal(game);
                let losing = moves
                    .iter()
                    .filter(|&&m| lets_opponent_win(game, m))
                    .count();
                wins.is_empty() && losing > 0 && losing < moves.len()
            }
        }
    }
}

struct Row {
    line: usize,
    kind: Kind,
    game: Game,
    right: Move,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let line = i + 1;
            let fields: Vec<&str> = l.split('\t').collect();
            assert!(fields.len() >= 3, "line {line}: kind, GameString, move");
            let kind = Kind::parse(fields[0])
                .unwrap_or_else(|| panic!("line {line}: unknown kind {}", fields[0]));
            let game = Game::from_game_string(fields[1])
                .unwrap_or_else(|e| panic!("line {line}: illegal position: {e}"));
            let right = game
                .parse_move(fields[2])
                .unwrap_or_else(|e| panic!("line {line}: bad move {}: {e}", fields[2]));
            assert!(
                legal(&game).contains(&right),
                "line {line}: {} is not legal",
                fields[2]
            );
            Row {
                line,
                kind,
                game,
                right,
            }
        })
        .collect()
}

#[test]
fn every_row_is_legal_and_its_move_is_right() {
    let rows = rows();
    for kind in [Kind::Win1, Kind::Win2, Kind::Block] {
        let n = rows.iter().filter(|r| r.kind == kind).count();
        assert!(n >= 5, "only {n} {} rows", kind.name());
    }
    for mut row in rows {
        assert!(
            row.kind.holds(&mut row.game),
            "line {}: not a {}",
            row.line,
            row.kind.name()
        );
        assert!(
            row.kind.solved_by(&mut row.game, row.right),
            "line {}: the listed move does not solve it",
            row.line
        );
    }
}

#[test]
fn the_engine_solves_every_row_at_its_depth() {
    let cancel = AtomicBool::new(false);
    let mut failures = Vec::new();
    for mut row in rows() {
        let mut engine = Engine::new(4);
        let result = engine.search(&row.game, Limits::depth(row.kind.depth()), &cancel);
        let best = result.best.expect("a move");
        if std::env::var_os("HIVE_TACTICS_NODES").is_some() {
            eprintln!("line {}: {} nodes", row.line, result.nodes);
        }
        if !row.kind.solved_by(&mut row.game, best) {
            failures.push(format!(
                "line {} ({}): played {}, right is {}",
                row.line,
                row.kind.name(),
                row.game.move_string(best),
                row.game.move_string(row.right)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

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

#[test]
#[ignore = "prints candidate rows; run in a release build"]
fn candidate_rows() {
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
