//! Matches between players: built-in AI presets or external UHP engines.
//!
//! `hive match` plays pairs of games from seeded random openings or from
//! the positions of an opening book ([`book`]; each opening once with each
//! side to each player), caps their length, records
//! every game as a GameString and reports wins, draws and losses with a 95%
//! confidence interval. An illegal move or a crash is reported as such, not
//! counted as an ordinary result. A match can keep its progress in a
//! [`MatchProgress`] after every move and go on from it later
//! ([`resume_match`]).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use hive_rules::{Color, Game, GameStatus, GameType, Move, Options};
use thiserror::Error;

pub mod book;
mod pairs;
mod player;
mod record;
pub mod sprt;
pub mod spsa;
pub use pairs::{AfterPair, Seat, run_match};
pub use player::{Player, PlayerError};
pub use record::{GameProgress, MatchProgress, RECORD_FORMAT, RecordError};

/// How one game ended, for the first player ("A").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A won.
    Win,
    /// Nobody won (both queens, or the length cap).
    Draw,
    /// B won.
    Loss,
    /// A player failed: an illegal move, a crash or no answer.
    Forfeit {
        /// Whether A was the one at fault.
        by_a: bool,
        /// What happened.
        reason: String,
    },
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The whole game, replayable anywhere.
    pub game_string: String,
    /// Its result for A.
    pub result: GameResult,
    /// A's colour.
    pub a_color: Color,
    /// How long A (`[0]`) and B (`[1]`) took over their moves.
    pub thinking: [Thinking; 2],
}

/// One player's moves in a game and the time they took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Moves asked of this player (not the opening's).
    pub moves: u32,
    /// Wall-clock time from asking for each move to its answer, summed.
    pub time: Duration,
}

impl fmt::Display for Thinking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.time.as_secs_f64();
        write!(f, "{} moves in {secs:.2} s", self.moves)?;
        if self.moves > 0 {
            write!(f, " ({:.3} s a move)", secs / f64::from(self.moves))?;
        }
        Ok(())
    }
}

/// Settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games in all (rounded up to whole pairs).
    pub games: u32,
    /// Expansions in use.
    pub game_type: GameType,
    /// Random opening moves before the players take over (not used with
    /// a book).
    pub opening_plies: u32,
    /// The positions the pairs start from, in turn, instead of random
    /// moves.
    pub book: Option<book::BookOpenings>,
    /// A game still going after this many moves is a draw.
    pub max_plies: u32,
    /// Seed for openings and for the presets' randomness.
    pub seed: u64,
    /// Whether the third occurrence of a position ends the game in a draw
    /// (the rules' optional threefold repetition). nokamute plays under
    /// this rule: it has no move in a position it has seen twice before,
    /// so its matches need the referee to end those games first.
    pub threefold_repetition: bool,
}

/// Totals of a match, for A.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games won by A.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games won by B.
    pub losses: u32,
    /// Games A forfeited.
    pub a_forfeits: u32,
    /// Games B forfeited.
    pub b_forfeits: u32,
}

impl Summary {
    /// Add one game.
    pub fn add(&mut self, result: &GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
            GameResult::Forfeit { by_a: true, .. } => self.a_forfeits += 1,
            GameResult::Forfeit { by_a: false, .. } => self.b_forfeits += 1,
        }
    }

    /// Games with an ordinary result.
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score (win 1, draw ½) and its 95% confidence half-width.
    pub fn score(&self) -> (f64, f64) {
        let n = f64::from(self.played());
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let mean = (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n;
        let squares = f64::from(self.wins) + 0.25 * f64::from(self.draws);
        let variance = (squares / n - mean * mean).max(0.0);
        (mean, 1.96 * (variance / n).sqrt())
    }

    /// The Elo difference matching a score (clamped away from 0 and 1).
    pub fn elo(score: f64) -> f64 {
        let s = score.clamp(0.001, 0.999);
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (score, margin) = self.score();
        write!(
            f,
            "wins {} draws {} losses {} (A's score {:.1}% ± {:.1}%, Elo {:+.0} [{:+.0}, {:+.0}])",
            self.wins,
            self.draws,
            self.losses,
            100.0 * score,
            100.0 * margin,
            Summary::elo(score),
            Summary::elo(score - margin),
            Summary::elo(score + margin),
        )?;
        if self.a_forfeits + self.b_forfeits > 0 {
            write!(f, "; forfeits: A {} B {}", self.a_forfeits, self.b_forfeits)?;
        }
        Ok(())
    }
}

/// A seeded random opening of `plies` moves, played under `options`.
fn random_opening(game_type: GameType, options: Options, plies: u32, rng: &mut StdRng) -> Game {
    let mut game = Game::with_options(game_type, options);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.apply_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    game
}

/// The match in a line, as its record names it: the players and how long
/// they think, and everything that decides the games but their number (a
/// record of fewer games goes on to more). Its end says that the players
/// forget their earlier games at each pair ([`Player::forget`]): a record
/// made before they did is another match.
pub fn match_header(a: &Player, b: &Player, config: &MatchConfig) -> String {
    let opening = match &config.book {
        Some(book) => format!("openings from the book {}", book.label),
        None => format!("opening {} moves", config.opening_plies),
    };
    format!(
        "A {} ({}), B {} ({}), {}, seed {}, {opening}, draw after {} moves{}, \
         players fresh at each pair",
        a.name(),
        a.time_per_move_label(),
        b.name(),
        b.time_per_move_label(),
        config.game_type,
        config.seed,
        config.max_plies,
        if config.threefold_repetition {
            ", threefold repetition draws"
        } else {
            ""
        }
    )
}

/// Why a match could not go on from its record.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ResumeError {
    /// The record has more games than the match plays.
    #[error("the record has {recorded} games begun; this match plays {games}")]
    TooManyGames {
        /// Games in the record.
        recorded: usize,
        /// Games in the match.
        games: u32,
    },
    /// A recorded GameString that does not read.
    #[error("game {game}: the recorded game does not read: {reason}")]
    Unreadable {
        /// The game's number, from 1.
        game: usize,
        /// Why.
        reason: String,
    },
    /// The recorded game did not start from this match's opening.
    #[error("game {game}: the record's opening is not this match's")]
    OtherOpening {
        /// The game's number, from 1.
        game: usize,
    },
    /// A recorded move the rules refuse.
    #[error("game {game}, ply {ply}: the recorded move {recorded} is illegal: {reason}")]
    Illegal {
        /// The game's number, from 1.
        game: usize,
        /// The move's ply, from 1.
        ply: u32,
        /// The move.
        recorded: String,
        /// The rule it breaks.
        reason: String,
    },
    /// A replayed player chose another move than the record's (another
    /// build, or other limits).
    #[error(
        "game {game}, ply {ply}: {player} now plays {now} where the record has {recorded}, \
         so the record cannot be resumed (made by another build?)"
    )]
    Diverged {
        /// The game's number, from 1.
        game: usize,
        /// The move's ply, from 1.
        ply: u32,
        /// The player.
        player: String,
        /// Its move now.
        now: String,
        /// The record's.
        recorded: String,
    },
}

/// Plays one game from `opening`; `a` has `a_color`.
pub fn play_game(
    a: &mut Player,
    b: &mut Player,
    opening: &Game,
    a_color: Color,
    max_plies: u32,
    seed: u64,
) -> GameRecord {
    let start = opening.clone();
    let mut no_progress = |_: &Game, _: &[Thinking; 2]| {};
    continue_game(
        (a, b),
        (start, [Thinking::default(); 2]),
        a_color,
        max_plies,
        seed,
        &mut no_progress,
    )
}

/// Plays on a game from `game`, where A and B have thought as `thinking`
/// says, calling `on_move` after every move.
fn continue_game(
    (a, b): (&mut Player, &mut Player),
    (mut game, mut thinking): (Game, [Thinking; 2]),
    a_color: Color,
    max_plies: u32,
    seed: u64,
    on_move: &mut dyn FnMut(&Game, &[Thinking; 2]),
) -> GameRecord {
    let result = loop {
        match game.status() {
            GameStatus::WhiteWins | GameStatus::BlackWins => {
                let white_won = game.status() == GameStatus::WhiteWins;
                let a_won = white_won == (a_color == Color::White);
                break if a_won {
                    GameResult::Win
                } else {
                    GameResult::Loss
                };
            }
            GameStatus::Draw => break GameResult::Draw,
            _ if game.ply() >= max_plies => break GameResult::Draw,
            _ => {}
        }
        let a_to_move = game.to_move() == a_color;
        let player = if a_to_move { &mut *a } else { &mut *b };
        let forfeit = |reason: String| GameResult::Forfeit {
            by_a: a_to_move,
            reason,
        };
        let asked = Instant::now();
        let choice = player.choose(&game, seed.wrapping_add(u64::from(game.ply())));
        let clock = &mut thinking[usize::from(!a_to_move)];
        clock.moves += 1;
        clock.time += asked.elapsed();
        let text = match choice {
            Ok(text) => text,
            Err(error) => break forfeit(error.to_string()),
        };
        let mv: Move = match game.parse_move(&text) {
            Ok(mv) => mv,
            Err(e) => break forfeit(format!("unreadable move '{text}': {e}")),
        };
        if let Err(e) = game.play(mv) {
            break forfeit(format!("illegal move '{text}': {e}"));
        }
        on_move(&game, &thinking);
    };
    GameRecord {
        game_string: game.game_string(),
        result,
        a_color,
        thinking,
    }
}

/// Plays a recorded game's moves again from `opening`: a player that
/// [replays](Player::replays) is asked each of its moves, so that its
/// engine is where it was, and must choose the recorded one; the other's
/// moves are taken from the record. Gives the game as far as it went.
fn replay_game(
    (a, b): (&mut Player, &mut Player),
    opening: &Game,
    a_color: Color,
    seed: u64,
    (number, recorded): (usize, &GameProgress),
) -> Result<Game, ResumeError> {
    let whole =
        Game::from_game_string_with(&recorded.game_string, opening.options()).map_err(|e| {
            ResumeError::Unreadable {
                game: number,
                reason: e.to_string(),
            }
        })?;
    let moves: Vec<Move> = whole.moves().collect();
    let opening_plies = opening.ply() as usize;
    if moves.len() < opening_plies || !moves[..opening_plies].iter().copied().eq(opening.moves()) {
        return Err(ResumeError::OtherOpening { game: number });
    }
    let mut game = opening.clone();
    for &mv in &moves[opening_plies..] {
        let ply = game.ply() + 1;
        let text = game.move_string(mv);
        let a_to_move = game.to_move() == a_color;
        let player = if a_to_move { &mut *a } else { &mut *b };
        if player.replays() {
            let now = player
                .choose(&game, seed.wrapping_add(u64::from(game.ply())))
                .unwrap_or_else(|e| format!("nothing ({e})"));
            if now != text {
                return Err(ResumeError::Diverged {
                    game: number,
                    ply,
                    player: player.name(),
                    now,
                    recorded: text,
                });
            }
        }
        game.play(mv).map_err(|e| ResumeError::Illegal {
            game: number,
            ply,
            recorded: text.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(game)
}

/// Plays the match, calling `on_game` after each game.
pub fn play_match(
    a: &mut Player,
    b: &mut Player,
    config: &MatchConfig,
    on_game: impl FnMut(usize, &GameRecord, &Summary),
) -> Summary {
    let mut progress = MatchProgress::default();
    match resume_match(a, b, config, &mut progress, on_game, |_| {}) {
        Ok(summary) => summary,
        // An empty record has no move to disagree with.
        Err(error) => unreachable!("a match without a record failed to resume: {error}"),
    }
}

/// Plays the match on from `progress` (empty: from the start), calling
/// `on_game` after each game, the recorded ones included, and `on_progress`
/// after every move played, with `progress` brought up to date: kept, it
/// lets the match go on from there later. The recorded games are played
/// again first ([`Player::replays`]), so the match ends as it would have
/// without a stop. [`run_match`] with one seat and no stop.
pub fn resume_match(
    a: &mut Player,
    b: &mut Player,
    config: &MatchConfig,
    progress: &mut MatchProgress,
    on_game: impl FnMut(usize, &GameRecord, &Summary),
    on_progress: impl FnMut(&MatchProgress),
) -> Result<Summary, ResumeError> {
    let after_pair = |_: u32, _: &[GameRecord; 2]| AfterPair::Continue;
    run_match(
        vec![(a, b)],
        config,
        progress,
        on_game,
        after_pair,
        on_progress,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_and_interval() {
        let s = Summary {
            wins: 15,
            draws: 2,
            losses: 3,
            ..Summary::default()
        };
        let (score, margin) = s.score();
        assert!((score - 0.8).abs() < 1e-9);
        assert!(margin > 0.05 && margin < 0.25);
        assert!(Summary::elo(0.5).abs() < 1e-9);
        assert!(Summary::elo(0.8) > 200.0);
        assert!(s.to_string().contains("wins 15 draws 2 losses 3"));
    }

    #[test]
    fn a_preset_pair_plays_whole_games() {
        let mut a = Player::from_spec("beginner", None).expect("preset");
        let mut b = Player::from_spec("Beginner", None).expect("preset");
        let config = MatchConfig {
            games: 2,
            game_type: GameType::ALL,
            opening_plies: 2,
            book: None,
            max_plies: 40,
            seed: 1,
            threefold_repetition: false,
        };
        let mut records = Vec::new();
        let summary = play_match(&mut a, &mut b, &config, |_, r, _| records.push(r.clone()));
        assert_eq!(records.len(), 2);
        assert_eq!(
            summary.played() + summary.a_forfeits + summary.b_forfeits,
            2
        );
        for r in &records {
            let game = Game::from_game_string(&r.game_string).expect("a GameString");
            // Every move after the opening was asked of A or B, in turn.
            let [a, b] = r.thinking;
            assert_eq!(a.moves + b.moves, game.ply() - config.opening_plies);
            assert!(a.moves.abs_diff(b.moves) <= 1);
        }
        assert!(Player::from_spec("grandmaster", None).is_err());
        let style = Player::from_spec("depth:1,tolerance:100", None).expect("a style");
        assert_eq!(style.name(), "depth:1,tolerance:100");
        assert!(matches!(
            Player::from_spec("nodes:many", None),
            Err(PlayerError::Style(_))
        ));
        assert!(Player::from_spec("uhp:", None).is_err());
    }

    /// `weights:FILE:...` plays a level or style with the weights of FILE:
    /// the default weights written out play the same moves as the default
    /// player, and a bad spec or file is refused with its reason.
    #[test]
    fn players_take_weights_from_a_file() {
        let dir = std::env::temp_dir().join(format!("hive-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let defaults = dir.join("defaults.txt");
        std::fs::write(&defaults, hive_ai::Weights::default().to_string()).expect("written");
        let spec = format!("weights:{}:nodes:300", defaults.display());
        let mut with_file = Player::from_spec(&spec, None).expect("a style with weights");
        assert_eq!(
            with_file.name(),
            format!("nodes:300 with weights {}", defaults.display())
        );
        let mut plain = Player::from_spec("nodes:300", None).expect("a style");
        let level = format!("weights:{}:easy3", defaults.display());
        let preset = Player::from_spec(&level, None).expect("a level with weights");
        assert_eq!(
            preset.name(),
            format!("Easy III with weights {}", defaults.display())
        );
        let mut game = Game::new(GameType::ALL);
        for ply in 0..12 {
            let mv = plain.choose(&game, 1).expect("a move");
            assert_eq!(with_file.choose(&game, 1).expect("a move"), mv, "ply {ply}");
            game.play_move_string(&mv).expect("legal");
        }
        for bad in [
            "weights:".to_string(),
            format!("weights:{}", defaults.display()),
            format!("weights:{}:", defaults.display()),
        ] {
            assert!(
                matches!(
                    Player::from_spec(&bad, None),
                    Err(PlayerError::WeightsSpec(_))
                ),
                "{bad}"
            );
        }
        let missing = format!("weights:{}:medium", dir.join("missing.txt").display());
        assert!(matches!(
            Player::from_spec(&missing, None),
            Err(PlayerError::Weights { .. })
        ));
        let unreadable = dir.join("bad.txt");
        std::fs::write(&unreadable, "tempo twelve\n").expect("written");
        let error = Player::from_spec(&format!("weights:{}:medium", unreadable.display()), None)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("tempo"), "{error}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    /// `search:CHANGES:...` plays with other search settings: the defaults
    /// named play the default player's moves, a change plays others, and a
    /// bad spec or setting is refused with its reason.
    #[test]
    fn players_take_search_settings() {
        let mut same = Player::from_spec("search:null_move=off:nodes:3000", None)
            .expect("a style with search settings");
        assert_eq!(same.name(), "nodes:3000 with search null_move=off");
        let mut changed = Player::from_spec("search:late_move_pruning=off:nodes:3000", None)
            .expect("a style with search settings");
        let mut plain = Player::from_spec("nodes:3000", None).expect("a style");
        let mut game = Game::new(GameType::ALL);
        let mut differed = false;
        for ply in 0..16 {
            let mv = plain.choose(&game, 1).expect("a move");
            assert_eq!(same.choose(&game, 1).expect("a move"), mv, "ply {ply}");
            differed |= changed.choose(&game, 1).expect("a move") != mv;
            game.play_move_string(&mv).expect("legal");
        }
        assert!(
            differed,
            "turning late-move pruning off never changed a move"
        );
        let level = Player::from_spec("search:null_move=on:easy3", None).expect("a level");
        assert_eq!(level.name(), "Easy III with search null_move=on");
        for bad in ["search:", "search:null_move=on", "search:null_move=on:"] {
            assert!(
                matches!(
                    Player::from_spec(bad, None),
                    Err(PlayerError::SearchSpec(_))
                ),
                "{bad}"
            );
        }
        let error = Player::from_spec("search:nul_move=on:medium", None)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("nul_move"), "{error}");
    }

    /// A node-limited level, whose table and history carry from move to
    /// move, and a depth-limited one.
    fn players() -> (Player, Player) {
        let a = Player::from_spec("medium2", None).expect("preset");
        let b = Player::from_spec("beginner2", None).expect("preset");
        (a, b)
    }

    /// A match of [`players`], with a snapshot of its record after every move.
    fn recorded_match() -> (MatchConfig, Vec<GameRecord>, Vec<MatchProgress>) {
        let config = MatchConfig {
            games: 2,
            game_type: GameType::ALL,
            opening_plies: 2,
            book: None,
            max_plies: 30,
            seed: 5,
            threefold_repetition: false,
        };
        let (mut a, mut b) = players();
        let (mut records, mut snapshots) = (Vec::new(), Vec::new());
        let mut progress = MatchProgress::default();
        resume_match(
            &mut a,
            &mut b,
            &config,
            &mut progress,
            |_, r, _| records.push(r.clone()),
            |p| snapshots.push(p.clone()),
        )
        .expect("a match from the start");
        assert_eq!(progress, snapshots[snapshots.len() - 1]);
        (config, records, snapshots)
    }

    fn resume_from(
        config: &MatchConfig,
        snapshot: &MatchProgress,
    ) -> Result<Vec<GameRecord>, ResumeError> {
        let (mut a, mut b) = players();
        let mut records = Vec::new();
        let mut progress = snapshot.clone();
        resume_match(
            &mut a,
            &mut b,
            config,
            &mut progress,
            |_, r, _| records.push(r.clone()),
            |_| {},
        )?;
        Ok(records)
    }

    #[test]
    fn a_match_resumed_from_its_record_ends_as_it_would_have() {
        let (config, records, snapshots) = recorded_match();
        assert_eq!(records.len(), 2);
        // A snapshot after every move and after every game.
        let moves: u32 = records
            .iter()
            .map(|r| r.thinking[0].moves + r.thinking[1].moves)
            .sum();
        assert_eq!(snapshots.len(), moves as usize + 2);
        let in_game = |n: usize| {
            snapshots
                .iter()
                .filter(|s| s.games.len() == n && s.games[n - 1].result.is_none())
                .collect::<Vec<_>>()
        };
        let (first, second) = (in_game(1), in_game(2));
        assert!(first.len() > 10 && second.len() > 10);
        for snapshot in [first[first.len() / 2], second[second.len() / 2]] {
            let resumed = resume_from(&config, snapshot).expect("a resumable record");
            assert_eq!(resumed.len(), 2);
            for (resumed, played) in resumed.iter().zip(&records) {
                assert_eq!(resumed.game_string, played.game_string);
                assert_eq!(resumed.result, played.result);
                assert_eq!(resumed.thinking[0].moves, played.thinking[0].moves);
                assert_eq!(resumed.thinking[1].moves, played.thinking[1].moves);
            }
        }
        // The whole record gives the same games without a move asked anew.
        let last = &snapshots[snapshots.len() - 1];
        let replayed = resume_from(&config, last).expect("a finished record");
        assert_eq!(replayed[1].thinking, records[1].thinking);
        assert_eq!(replayed[1].game_string, records[1].game_string);
    }

    #[test]
    fn a_record_the_players_would_not_have_played_is_refused() {
        let (config, _, snapshots) = recorded_match();
        let last = &snapshots[snapshots.len() - 1];
        // A's first move after the opening (A is White in game 1) changed.
        let game = Game::from_game_string(&last.games[0].game_string).expect("a game");
        let mut changed = Game::new(GameType::ALL);
        for mv in game.moves().take(2) {
            changed.play(mv).expect("the opening");
        }
        let chosen = game.moves().nth(2).expect("a move after the opening");
        let mut legal = Vec::new();
        changed.legal_moves(&mut legal);
        let other = legal
            .into_iter()
            .find(|&m| m != chosen)
            .expect("another move");
        changed.play(other).expect("a legal move");
        let mut tampered = last.clone();
        tampered.games.truncate(1);
        tampered.games[0].game_string = changed.game_string();
        tampered.games[0].result = None;
        assert!(matches!(
            resume_from(&config, &tampered),
            Err(ResumeError::Diverged {
                game: 1,
                ply: 3,
                ..
            })
        ));
        // Another match's opening, and more games than the match plays.
        let mut other_opening = tampered.clone();
        other_opening.games[0].game_string = "Base+MLP;InProgress;White[1]".to_string();
        assert_eq!(
            resume_from(&config, &other_opening).err(),
            Some(ResumeError::OtherOpening { game: 1 })
        );
        let mut longer = last.clone();
        longer.games.push(last.games[0].clone());
        assert!(matches!(
            resume_from(&config, &longer),
            Err(ResumeError::TooManyGames {
                recorded: 3,
                games: 2
            })
        ));
    }

    /// A match of cheap players with `seats` games at once, stopped after
    /// `stop_after` pairs when given: its games and its record.
    fn seated_match(
        seats: usize,
        games: u32,
        stop_after: Option<u32>,
        progress: &mut MatchProgress,
    ) -> Result<Vec<GameRecord>, ResumeError> {
        let config = MatchConfig {
            games,
            game_type: GameType::ALL,
            opening_plies: 2,
            book: None,
            max_plies: 24,
            seed: 9,
            threefold_repetition: false,
        };
        let mut players: Vec<(Player, Player)> = (0..seats)
            .map(|_| {
                let a = Player::from_spec_threads("beginner2", None, Some(1)).expect("preset");
                let b = Player::from_spec_threads("depth:1", None, Some(1)).expect("a style");
                (a, b)
            })
            .collect();
        let mut records = Vec::new();
        let mut numbers = Vec::new();
        let after_pair = |pair: u32, _: &[GameRecord; 2]| match stop_after {
            Some(n) if pair + 1 >= n => AfterPair::Stop,
            _ => AfterPair::Continue,
        };
        run_match(
            players.iter_mut().map(|(a, b)| (a, b)).collect(),
            &config,
            progress,
            |i, r, _| {
                numbers.push(i);
                records.push(r.clone());
            },
            after_pair,
            |_| {},
        )?;
        assert_eq!(numbers, (1..=records.len()).collect::<Vec<_>>());
        Ok(records)
    }

    fn same_games(x: &[GameRecord], y: &[GameRecord]) -> bool {
        x.len() == y.len()
            && x.iter().zip(y).all(|(x, y)| {
                x.game_string == y.game_string && x.result == y.result && x.a_color == y.a_color
            })
    }

    /// Games played several at once are those played one after another,
    /// reported in order; a stop after a pair stops there.
    #[test]
    fn games_at_once_are_the_games_one_at_a_time() {
        let one = seated_match(1, 8, None, &mut MatchProgress::default()).expect("a match");
        assert_eq!(one.len(), 8);
        let mut progress = MatchProgress::default();
        let three = seated_match(3, 8, None, &mut progress).expect("a match");
        assert!(same_games(&one, &three));
        // The record holds every game, finished, in order.
        assert_eq!(progress.games.len(), 8);
        for (kept, played) in progress.games.iter().zip(&one) {
            assert_eq!(kept.game_string, played.game_string);
            assert_eq!(kept.result.as_ref(), Some(&played.result));
        }
        for seats in [1, 2] {
            let mut progress = MatchProgress::default();
            let stopped = seated_match(seats, 8, Some(2), &mut progress).expect("a match");
            assert!(same_games(&stopped, &one[..4]), "{seats} seats");
            assert!(progress.games.len() >= 4);
            assert!(progress.games[..4].iter().all(|g| g.result.is_some()));
        }
    }

    /// A record of part of a match, the last game unfinished, goes on with
    /// games at once to the same games.
    #[test]
    fn a_record_goes_on_with_games_at_once() {
        let mut whole = MatchProgress::default();
        let one = seated_match(1, 6, None, &mut whole).expect("a match");
        let mut part = whole.clone();
        part.games.truncate(3);
        let unfinished = &mut part.games[2];
        let game = Game::from_game_string(&unfinished.game_string).expect("a game");
        let mut shorter = Game::new(GameType::ALL);
        for mv in game.moves().take(game.ply() as usize / 2) {
            shorter.play(mv).expect("a recorded move");
        }
        unfinished.game_string = shorter.game_string();
        unfinished.result = None;
        let resumed = seated_match(2, 6, None, &mut part).expect("a resumed match");
        assert!(same_games(&one, &resumed));
        assert_eq!(part.games.len(), 6);
    }

    #[test]
    fn players_can_be_sent_to_other_threads() {
        fn sendable<T: Send>() {}
        sendable::<Player>();
    }

    /// Two queens shuttling: the first position comes back every four moves.
    const SHUTTLE: [&str; 4] = ["wQ /wG1", "bQ bG1/", "wQ -wG1", "bQ bG1-"];

    fn shuttled(options: Options, rounds: usize) -> Game {
        let opening = "Base;InProgress;White[3];wG1;bG1 wG1-;wQ -wG1;bQ bG1-";
        let mut game = Game::from_game_string_with(opening, options).expect("an opening");
        for text in SHUTTLE.iter().cycle().take(4 * rounds) {
            let mv = game.parse_move(text).expect("a move");
            game.play(mv).expect("a legal move");
        }
        game
    }

    #[test]
    fn a_match_under_threefold_repetition_ends_a_repeated_game_unasked() {
        let threefold = Options {
            threefold_repetition: true,
            ..Options::default()
        };
        // The position after the opening, seen a third time: the game is over
        // before either player is asked for a move.
        let opening = shuttled(threefold, 2);
        let mut a = Player::from_spec("beginner", None).expect("preset");
        let mut b = Player::from_spec("beginner", None).expect("preset");
        let record = play_game(&mut a, &mut b, &opening, Color::White, 300, 1);
        assert_eq!(record.result, GameResult::Draw);
        assert_eq!(record.game_string, opening.game_string());
        // Without the rule the same position is played on.
        let plain = shuttled(Options::default(), 2);
        let record = play_game(&mut a, &mut b, &plain, Color::White, 300, 1);
        assert!(record.game_string.len() > plain.game_string().len());

        // The match's openings carry the rule.
        let mut rng = StdRng::seed_from_u64(3);
        let opening = random_opening(GameType::ALL, threefold, 4, &mut rng);
        assert!(opening.options().threefold_repetition);
    }
}
