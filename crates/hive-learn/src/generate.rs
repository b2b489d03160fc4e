//! Finding new puzzles in engine self-play, so the set can grow.
//!
//! 1. [`self_play`] plays one game from the opening between two engine
//!    levels (Easy and Medium, which play the same on every machine),
//!    seeded: the same seed gives the same game.
//! 2. [`find_in_game`] looks at the positions shortly before the end of
//!    that game, where it was decided, and asks the exact solver for
//!    puzzles: a single winning move within 1, 2 or 3 moves (and none
//!    faster), or a single move that stops the opponent's win within 1
//!    or 2.
//! 3. Every candidate is then put through [`verify`], the same proof the
//!    puzzle files pass, and kept only if it passes.
//!
//! Titles and hints are written from the solution's bug, in English (see
//! [`crate::wording`], which other languages word for themselves); the
//! difficulty follows the kind ([`level_for`]).

use std::sync::atomic::AtomicBool;

use hive_ai::{Difficulty, Engine};
use hive_rules::{Color, Game, GameType, Move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::blocks::Origin;
use crate::puzzle::{Kind, Level, Puzzle, Theme};
use crate::solver::{Solver, legal_moves, queen_cell};
use crate::verify::{fits_theme, verify};
use crate::wording::{StandardHint, StandardTitle};

/// What to look for, and in how many games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// Self-play games to play.
    pub games: u32,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// The deepest win to look for (1 to 3).
    pub win_depth: u32,
    /// The deepest threat to look for in stop-a-win puzzles (0 for none).
    pub stop_depth: u32,
    /// How many positions before the end of each game are examined.
    pub last_plies: u32,
}

impl Default for GenerateConfig {
    fn default() -> GenerateConfig {
        GenerateConfig {
            games: 20,
            seed: 1,
            win_depth: 3,
            stop_depth: 2,
            last_plies: 16,
        }
    }
}

/// The game types self-play cycles through: mostly with the Pillbug and
/// Mosquito, so their tricks come up.
const GAME_TYPES: [&str; 5] = ["Base+MLP", "Base+MP", "Base+P", "Base+M", "Base"];

/// The longest self-play game (plies) before it is given up.
const MAX_PLIES: u32 = 200;

/// Plays one seeded game from the opening between the engine's Easy and
/// Medium levels (colours by seed), with two random opening moves.
pub fn self_play(seed: u64) -> Game {
    let game_type: GameType = GAME_TYPES[seed as usize % GAME_TYPES.len()]
        .parse()
        .unwrap_or_default();
    let mut game = Game::new(game_type);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut engine = Engine::new(8);
    let levels = if seed.is_multiple_of(2) {
        [Difficulty::Medium, Difficulty::Easy]
    } else {
        [Difficulty::Easy, Difficulty::Medium]
    };
    let cancel = AtomicBool::new(false);
    while !game.status().is_over() && game.ply() < MAX_PLIES {
        let mv = if game.ply() < 2 {
            let moves = legal_moves(&game);
            moves[rng.random_range(0..moves.len())]
        } else {
            let level = levels[game.to_move().index()];
            match engine.choose(&game, level, rng.random(), &cancel).best {
                Some(mv) => mv,
                None => break,
            }
        };
        game.apply_unchecked(mv);
    }
    game
}

/// The difficulty a puzzle of this kind and theme gets.
pub fn level_for(kind: Kind, theme: Option<Theme>) -> Level {
    match (kind.depth(), theme) {
        (1, None) => Level::Easy,
        (1, Some(_)) | (2, None) => Level::Medium,
        _ => Level::Hard,
    }
}

/// The candidate puzzles in the last `config.last_plies` positions of a
/// played game, each proved by [`verify`]; `seed` names them.
pub fn find_in_game(game: &Game, seed: u64, config: &GenerateConfig) -> Vec<Puzzle> {
    let moves: Vec<Move> = game.moves().collect();
    let mut replay = Game::with_options(game.game_type(), game.options());
    let first = moves
        .len()
        .saturating_sub(config.last_plies as usize)
        .max(8);
    let mut found = Vec::new();
    for (ply, &mv) in moves.iter().enumerate() {
        if ply >= first
            && !replay.status().is_over()
            && let Some((kind, solution)) = classify(&replay, config)
        {
            let puzzle = make_puzzle(&replay, kind, solution, seed, ply);
            if verify(&puzzle).is_ok() {
                found.push(puzzle);
            }
        }
        replay.apply_unchecked(mv);
    }
    found
}

/// Plays `config.games` games and returns the proved puzzles whose
/// positions are not in `known` (GameStrings), each once; `progress` is
/// told about every game.
pub fn generate(
    config: &GenerateConfig,
    known: &[String],
    mut progress: impl FnMut(u64, &Game, usize),
) -> Vec<Puzzle> {
    let mut seen: Vec<String> = known.to_vec();
    let mut puzzles = Vec::new();
    for i in 0..u64::from(config.games) {
        let seed = config.seed + i;
        let game = self_play(seed);
        let found = find_in_game(&game, seed, config);
        let before = puzzles.len();
        for puzzle in found {
            if !seen.contains(&puzzle.position) {
                seen.push(puzzle.position.clone());
                puzzles.push(puzzle);
            }
        }
        progress(seed, &game, puzzles.len() - before);
    }
    puzzles
}

/// Whether the position holds a puzzle, and its kind and solution: the
/// shallowest unique win, else a unique stop of the shallowest threat.
fn classify(game: &Game, config: &GenerateConfig) -> Option<(Kind, Move)> {
    let mut solver = Solver::new();
    let moves = legal_moves(game);
    if moves.len() < 2 {
        return None;
    }
    for depth in 1..=config.win_depth {
        if depth == 3 && !close_to_queen(game, game.to_move().opponent(), 4) {
            break;
        }
        let mut winners = moves
            .iter()
            .copied()
            .filter(|&mv| solver.move_wins_within(game, mv, depth));
        match (winners.next(), winners.next()) {
            (Some(mv), None) => return Some((Kind::Win(depth), mv)),
            (Some(_), Some(_)) => return None,
            _ => {}
        }
    }
    for depth in 1..=config.stop_depth {
        if !close_to_queen(game, game.to_move(), depth + 2) {
            return None;
        }
        let mut stops = moves
            .iter()
            .copied()
            .filter(|&mv| solver.move_stops_win(game, mv, depth));
        match (stops.next(), stops.next()) {
            (Some(mv), None) => return Some((Kind::Stop(depth), mv)),
            (Some(_), Some(_)) => {}
            _ => return None,
        }
    }
    None
}

/// Whether `color`'s Queen has at most `empty` empty cells around it (a
/// cheap filter for where deep searches are worth it; proofs never use it).
fn close_to_queen(game: &Game, color: Color, empty: u32) -> bool {
    queen_cell(game, color).is_some_and(|cell| 6 - game.occupied_neighbours(cell) <= empty)
}

fn make_puzzle(game: &Game, kind: Kind, solution: Move, seed: u64, ply: usize) -> Puzzle {
    let theme = [Theme::Pillbug, Theme::Mosquito]
        .into_iter()
        .find(|&theme| fits_theme(game, solution, theme));
    let prefix = match kind {
        Kind::Win(n) => format!("w{n}"),
        Kind::Stop(n) => format!("s{n}"),
    };
    let theme_mark = match theme {
        Some(Theme::Pillbug) => "p",
        Some(Theme::Mosquito) => "m",
        None => "",
    };
    Puzzle {
        id: format!("{prefix}{theme_mark}-{seed:04}-{ply:03}"),
        level: level_for(kind, theme),
        kind,
        theme,
        position: game.game_string(),
        solution: game.move_string(solution),
        title: StandardTitle {
            side: game.to_move(),
            kind,
            theme,
        }
        .english(),
        hint: StandardHint::new(game, kind, solution, theme).english(),
        origin: Origin::default(),
    }
}
