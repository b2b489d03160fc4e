//! Made-up game collections for tests and benchmarks: seeded engine
//! self-play written as boardspace-style SGF records, in one zip archive
//! per year (`games-2018.zip`, entries in `2018/03/` folders), the same
//! bytes for the same seed.
//!
//! Each game draws its game type (most with all three expansions, as on
//! boardspace.net), two invented players from a pool with fixed ratings, a
//! date, a few random opening moves, then plays each move by a one-ply
//! look at a handful of sampled moves with the engine's evaluation (the
//! best one most of the time), so games differ and stay cheap. A game not
//! over after its drawn length is resigned by the side the evaluation
//! says is losing, or agreed drawn when it is level.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use hive_ai::HiveEvaluator;
use hive_formats::{GameRecord, GameResult, Headers, write_sgf};
use hive_rules::{Game, GameType, Move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use zip::write::SimpleFileOptions;

use crate::error::DbError;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateConfig {
    /// How many games.
    pub games: u64,
    /// The seed: the same seed gives the same files, byte for byte.
    pub seed: u64,
    /// The first year of the dates.
    pub first_year: u32,
    /// The last year of the dates.
    pub last_year: u32,
}

impl Default for GenerateConfig {
    fn default() -> GenerateConfig {
        GenerateConfig {
            games: 1000,
            seed: 1,
            first_year: 2012,
            last_year: 2025,
        }
    }
}

/// What was generated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GenerateReport {
    /// The zip archives written, by year.
    pub files: Vec<PathBuf>,
    /// Games written.
    pub games: u64,
    /// Moves (plies) written.
    pub plies: u64,
}

const GAME_TYPES: [&str; 8] = [
    "Base+MLP", "Base+MLP", "Base+MLP", "Base+MLP", "Base", "Base+P", "Base+M", "Base+L",
];
const SYLLABLES: [&str; 24] = [
    "ka", "ro", "mi", "zu", "bel", "dan", "ti", "vo", "sha", "len", "qui", "mar", "po", "fex",
    "nor", "al", "wyn", "te", "gus", "ri", "on", "sa", "hex", "bo",
];
/// The size of the pool of invented players.
const PLAYERS: u64 = 600;

/// An invented player of the pool: a name and a rating, fixed by the seed.
fn player(seed: u64, n: u64) -> (String, u32) {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9).wrapping_add(n) ^ 0x5eed);
    let parts = rng.random_range(2..=3);
    let mut name = String::new();
    for _ in 0..parts {
        name.push_str(SYLLABLES[rng.random_range(0..SYLLABLES.len())]);
    }
    let mut chars = name.chars();
    let name = match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => name,
    };
    let name = format!("{name}{}", n % 100);
    (name, rng.random_range(1000..2200))
}

/// Game `index` of the collection of `seed`: its record and year.
pub fn generate_game(config: &GenerateConfig, index: u64) -> (GameRecord, u32) {
    let mut rng = StdRng::seed_from_u64(config.seed ^ index.wrapping_mul(0xa076_1d64_78bd_642f));
    let game_type: GameType = GAME_TYPES[rng.random_range(0..GAME_TYPES.len())]
        .parse()
        .unwrap_or_default();
    let year = rng.random_range(config.first_year..=config.last_year.max(config.first_year));
    let (month, day) = (rng.random_range(1..=12u32), rng.random_range(1..=28u32));
    let a = rng.random_range(0..PLAYERS);
    let b = (a + rng.random_range(1..PLAYERS)) % PLAYERS;
    let (white, white_rating) = player(config.seed, a);
    let (black, black_rating) = player(config.seed, b);
    let mut game = Game::new(game_type);
    let evaluator = HiveEvaluator::default();
    let opening = rng.random_range(1..=4);
    let length = rng.random_range(30..=140);
    let greed = rng.random_range(0.6..0.95);
    let mut moves: Vec<Move> = Vec::new();
    while !game.status().is_over() && (game.ply() as usize) < length {
        moves.clear();
        game.legal_moves(&mut moves);
        let Some(&first) = moves.first() else {
            break;
        };
        let mv = if (game.ply() as usize) < opening || moves.len() == 1 {
            moves[rng.random_range(0..moves.len())]
        } else {
            let mover = game.to_move();
            let mut best = (i32::MIN, first);
            let samples = moves.len().min(8);
            for _ in 0..samples {
                let candidate = moves[rng.random_range(0..moves.len())];
                game.apply_unchecked(candidate);
                let score = match game.status() {
                    s if s.is_over() => match GameResult::from_status(s) {
                        Some(r) if r.winner() == Some(mover) => i32::MAX - 1,
                        Some(GameResult::Draw) => 0,
                        _ => i32::MIN + 1,
                    },
                    _ => evaluator.score_for(&game, mover),
                };
                game.undo();
                if score > best.0 {
                    best = (score, candidate);
                }
            }
            if rng.random_bool(greed) {
                best.1
            } else {
                moves[rng.random_range(0..moves.len())]
            }
        };
        game.apply_unchecked(mv);
    }
    let result = GameResult::from_status(game.status()).or_else(|| {
        let score = evaluator.score_for(&game, hive_rules::Color::White);
        Some(match score {
            s if s > 50 => GameResult::WhiteWins,
            s if s < -50 => GameResult::BlackWins,
            _ => GameResult::Draw,
        })
    });
    let mut headers = Headers::new(game_type);
    headers.white = Some(white.clone());
    headers.black = Some(black.clone());
    headers.date = Some(format!("{year:04}.{month:02}.{day:02}"));
    headers.result = result;
    headers.extra.insert(
        "SgfGameName".into(),
        format!("HV-{white}-{black}-{year:04}-{month:02}-{day:02}-{index}"),
    );
    headers
        .extra
        .insert("WhiteElo".into(), white_rating.to_string());
    headers
        .extra
        .insert("BlackElo".into(), black_rating.to_string());
    (GameRecord::from_game(&game, headers), year)
}

/// Writes `config.games` games into `out` (created if missing) as
/// `games-<year>.zip` archives; `progress` is called with the number of
/// games written so far, every 1,000 games and at the end.
pub fn generate(
    config: &GenerateConfig,
    out: &Path,
    progress: &mut dyn FnMut(u64),
) -> Result<GenerateReport, DbError> {
    std::fs::create_dir_all(out).map_err(|e| DbError::io(out, e))?;
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    let mut archives: BTreeMap<u32, (PathBuf, zip::ZipWriter<BufWriter<File>>)> = BTreeMap::new();
    let mut report = GenerateReport::default();
    for index in 0..config.games {
        let (record, year) = generate_game(config, index);
        let text = write_sgf(&record);
        report.plies += record.main_line().len() as u64;
        let (path, zip) = match archives.entry(year) {
            std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::btree_map::Entry::Vacant(entry) => {
                let path = out.join(format!("games-{year}.zip"));
                let file = File::create(&path).map_err(|e| DbError::io(&path, e))?;
                entry.insert((path, zip::ZipWriter::new(BufWriter::new(file))))
            }
        };
        let date = record.headers.date.clone().unwrap_or_default();
        let month = date.get(5..7).unwrap_or("01");
        let name = record.headers.extra("SgfGameName").unwrap_or("game");
        let zip_error = |source| DbError::Zip {
            path: path.clone(),
            source,
        };
        zip.start_file(format!("{year}/{month}/{name}.sgf"), options)
            .map_err(zip_error)?;
        zip.write_all(text.as_bytes())
            .map_err(|e| DbError::io(path, e))?;
        report.games += 1;
        if report.games % 1000 == 0 {
            progress(report.games);
        }
    }
    for (_, (path, zip)) in archives {
        let zip_error = |source| DbError::Zip {
            path: path.clone(),
            source,
        };
        let mut writer = zip.finish().map_err(zip_error)?;
        writer.flush().map_err(|e| DbError::io(&path, e))?;
        report.files.push(path);
    }
    progress(report.games);
    Ok(report)
}
