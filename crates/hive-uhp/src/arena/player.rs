//! Who plays a match: a built-in preset, a style being measured, either
//! with other evaluation weights or other search settings, or an external
//! UHP engine.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hive_ai::{
    Difficulty, Engine, Limits, SearchConfig, SearchConfigError, Style, StyleError, Weights,
    WeightsError, available_threads,
};
use hive_rules::Game;
use thiserror::Error;

use crate::{ClientError, UhpClient};

/// Who plays.
pub enum Player {
    /// A built-in preset, optionally with a fixed time per move instead of its own limits.
    Preset {
        /// The preset.
        level: Difficulty,
        /// Replaces the preset's limits when set.
        time_per_move: Option<Duration>,
        /// What it plays with other than the defaults, in words: a weights
        /// file (`weights:FILE:...`), search settings (`search:...:...`).
        weights: Option<String>,
        /// The engine (kept between moves for its table).
        engine: Box<Engine>,
    },
    /// The engine playing a [`Style`] given as numbers (`nodes:20000`,
    /// `depth:2,tolerance:60`): a candidate level, measured before it is
    /// named.
    Style {
        /// How it plays.
        style: Style,
        /// What it plays with other than the defaults, in words: a weights
        /// file (`weights:FILE:...`), search settings (`search:...:...`).
        weights: Option<String>,
        /// The engine (kept between moves for its table).
        engine: Box<Engine>,
    },
    /// An external engine speaking UHP.
    Uhp {
        /// The command line it was started with.
        command: String,
        /// The connection.
        client: Box<UhpClient>,
        /// Thinking time per move.
        time_per_move: Duration,
        /// A fixed search depth instead of the time (`bestmove depth N`).
        depth: Option<u32>,
        /// `NumThreads` to set, when the engine lists that option.
        threads: Option<usize>,
    },
}

/// Why a player could not be set up.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// `uhp:` with nothing after it.
    #[error("uhp: needs a command line, like uhp:nokamute uhp")]
    NoCommand,
    /// Neither a preset's name, a style, `weights:FILE:...` nor
    /// `uhp:<command line>`.
    #[error(
        "'{spec}' is not a player: use beginner, easy, medium, hard, expert, a style \
         (nodes:N or depth:N, then ,tolerance:T ,opening:P), weights:FILE:<level or style>, \
         search:<name=value,...>:<player> or uhp:<command>"
    )]
    Unknown {
        /// What was given.
        spec: String,
    },
    /// A style that could not be read.
    #[error("{0}")]
    Style(#[from] StyleError),
    /// `weights:FILE` without the level or style after it.
    #[error("'{0}': write weights:FILE:<level or style>, e.g. weights:tuned.txt:nodes:20000")]
    WeightsSpec(String),
    /// `search:CHANGES` without the level or style after it.
    #[error(
        "'{0}': write search:<name=value,...>:<level, style or weights:...>, \
         e.g. search:null_move=on:nodes:20000"
    )]
    SearchSpec(String),
    /// Search settings that could not be read.
    #[error("{0}")]
    Search(#[from] SearchConfigError),
    /// The weights file could not be read.
    #[error("weights file {file}: {reason}")]
    Weights {
        /// The file.
        file: String,
        /// Why.
        reason: String,
    },
    /// The engine's process did not start or did not answer `info`.
    #[error("could not start '{command}': {source}")]
    Start {
        /// The engine's command line.
        command: String,
        /// What went wrong.
        source: ClientError,
    },
    /// The engine did not answer `options` or refused `NumThreads`.
    #[error("'{command}': setting NumThreads to {threads} failed: {source}")]
    Threads {
        /// The engine's command line.
        command: String,
        /// The threads asked for.
        threads: usize,
        /// What went wrong.
        source: ClientError,
    },
}

/// Why a player made no move (the game is forfeited).
#[derive(Debug, Error)]
pub(super) enum MoveError {
    #[error("the engine found no move")]
    NoMove,
    #[error("newgame failed: {0}")]
    NewGame(ClientError),
    #[error("bestmove failed: {0}")]
    BestMove(ClientError),
}

/// Starts a UHP engine and, when `threads` is given and the engine lists a
/// `NumThreads` option, sets it (an engine without the option keeps its own
/// thread count: for nokamute, `nokamute --num-threads N uhp` also works).
/// Also says whether the engine took the thread count.
fn start_engine(command: &str, threads: Option<usize>) -> Result<(UhpClient, bool), PlayerError> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let (program, args) = words.split_first().ok_or(PlayerError::NoCommand)?;
    let mut client = UhpClient::spawn(program, args).map_err(|source| PlayerError::Start {
        command: command.to_string(),
        source,
    })?;
    let Some(n) = threads else {
        return Ok((client, false));
    };
    let threads_error = |source| PlayerError::Threads {
        command: command.to_string(),
        threads: n,
        source,
    };
    let options = client.send("options").map_err(threads_error)?;
    if !options.iter().any(|line| line.starts_with("NumThreads;")) {
        return Ok((client, false));
    }
    client
        .set_option("NumThreads", &n.to_string())
        .map_err(threads_error)?;
    Ok((client, true))
}

impl Player {
    /// Parses `beginner`…`expert`, or `uhp:<command line>`, with the
    /// default threads ([`Player::from_spec_threads`] with `None`).
    pub fn from_spec(spec: &str, time_per_move: Option<Duration>) -> Result<Player, PlayerError> {
        Player::from_spec_threads(spec, time_per_move, None)
    }

    /// Parses `beginner`…`expert`, a style (`nodes:20000`), either after
    /// `weights:FILE:` (the engine evaluates with the weights of FILE, as
    /// [`Weights::parse`] reads them), or `uhp:<command line>`.
    ///
    /// `threads` pins the player's search threads: a preset's engine uses
    /// that many (default: every core; node- and depth-limited levels
    /// always search on one), and a UHP engine that lists `NumThreads`
    /// is set to it (default: the engine's own setting).
    pub fn from_spec_threads(
        spec: &str,
        time_per_move: Option<Duration>,
        threads: Option<usize>,
    ) -> Result<Player, PlayerError> {
        if let Some(command) = spec.strip_prefix("uhp:") {
            let (client, threads_set) = start_engine(command, threads)?;
            return Ok(Player::Uhp {
                command: command.to_string(),
                client: Box::new(client),
                time_per_move: time_per_move.unwrap_or(Duration::from_secs(1)),
                depth: None,
                threads: threads.filter(|_| threads_set),
            });
        }
        let (spec, search) = match spec.strip_prefix("search:") {
            Some(rest) => {
                let (changes, play) = rest
                    .split_once(':')
                    .filter(|(changes, play)| !changes.is_empty() && !play.is_empty())
                    .ok_or_else(|| PlayerError::SearchSpec(spec.to_string()))?;
                let config = SearchConfig::default().with_changes(changes)?;
                (play, Some((changes.to_string(), config)))
            }
            None => (spec, None),
        };
        let (spec, weights) = match spec.strip_prefix("weights:") {
            Some(rest) => {
                let (file, play) = rest
                    .split_once(':')
                    .filter(|(file, play)| !file.is_empty() && !play.is_empty())
                    .ok_or_else(|| PlayerError::WeightsSpec(spec.to_string()))?;
                let weights = read_weights(file)?;
                (play, Some((file.to_string(), weights)))
            }
            None => (spec, None),
        };
        let (file, mut engine) = match weights {
            Some((file, weights)) => (Some(file), Box::new(Engine::with_weights(64, weights))),
            None => (None, Box::new(Engine::new(64))),
        };
        engine.set_threads(threads.unwrap_or_else(available_threads));
        let file = match search {
            Some((changes, config)) => {
                engine.set_search_config(config);
                let weights = file
                    .map(|f| format!(" with weights {f}"))
                    .unwrap_or_default();
                Some(format!("search {changes}{weights}"))
            }
            None => file.map(|f| format!("weights {f}")),
        };
        if spec.contains(':') {
            let style = Style::parse(spec)?;
            return Ok(Player::Style {
                style,
                weights: file,
                engine,
            });
        }
        let level = Difficulty::from_name(spec).ok_or_else(|| PlayerError::Unknown {
            spec: spec.to_string(),
        })?;
        Ok(Player::Preset {
            level,
            time_per_move,
            weights: file,
            engine,
        })
    }

    /// A UHP engine searching to `depth` (`bestmove depth N`) instead of
    /// for a time; a preset is unchanged (its levels are its own).
    pub fn with_uhp_depth(mut self, depth: u32) -> Player {
        if let Player::Uhp { depth: d, .. } = &mut self {
            *d = Some(depth);
        }
        self
    }

    /// The time a move this player gets, in words: UHP engines are told
    /// whole seconds (`bestmove time hh:mm:ss`), so a shorter budget is
    /// rounded up for them.
    pub fn time_per_move_label(&self) -> String {
        match self {
            Player::Preset {
                time_per_move: Some(t),
                ..
            } => format!("{} s", t.as_secs_f64()),
            Player::Preset { level, .. } => format!("{level}'s own limit"),
            Player::Style { style, .. } => style.to_string(),
            Player::Uhp {
                depth: Some(depth), ..
            } => format!("depth {depth}"),
            Player::Uhp { time_per_move, .. } => {
                let secs = crate::whole_seconds(*time_per_move);
                if Duration::from_secs(secs) == *time_per_move {
                    format!("{secs} s")
                } else {
                    format!(
                        "{secs} s (asked for {} s; UHP times are whole seconds)",
                        time_per_move.as_secs_f64()
                    )
                }
            }
        }
    }

    /// Whether this is a UHP engine without a `NumThreads` option, which
    /// keeps its own thread count whatever was asked.
    pub fn keeps_own_threads(&self) -> bool {
        matches!(self, Player::Uhp { threads: None, .. })
    }

    /// Whether the player's moves can be asked again and come out the
    /// same: a built-in player without a clock (one thread, limited by
    /// nodes or depth) makes the same moves from the same history, its
    /// table included. A UHP engine or a timed player is not asked again
    /// when a match is resumed: its recorded moves stand.
    pub fn replays(&self) -> bool {
        match self {
            Player::Preset {
                time_per_move: Some(_),
                ..
            }
            | Player::Uhp { .. } => false,
            Player::Preset { level, .. } => level.style().limits.time.is_none(),
            Player::Style { style, .. } => style.limits.time.is_none(),
        }
    }

    /// Forgets what the player learnt in earlier games: a built-in
    /// engine's table and move-ordering history are cleared, so that it
    /// plays a pair of games the same whatever it played before (a match
    /// calls this before every pair; its games then come out the same
    /// played one pair after another or several at once, and a record's
    /// pair can be replayed alone). A UHP engine is left as it is: it is
    /// sent each position whole anyway.
    pub fn forget(&mut self) {
        match self {
            Player::Preset { engine, .. } | Player::Style { engine, .. } => engine.clear(),
            Player::Uhp { .. } => {}
        }
    }

    /// How the player is shown in reports.
    pub fn name(&self) -> String {
        match self {
            Player::Preset { level, weights, .. } => with_weights(level.name(), weights),
            Player::Style { style, weights, .. } => with_weights(&style.to_string(), weights),
            Player::Uhp { command, .. } => command.clone(),
        }
    }

    /// The player's move in `game` (as a MoveString), or why it has none.
    pub(super) fn choose(&mut self, game: &Game, seed: u64) -> Result<String, MoveError> {
        let cancel = AtomicBool::new(false);
        let result = match self {
            Player::Preset {
                time_per_move: Some(t),
                engine,
                ..
            } => engine.search(game, Limits::time(*t), &cancel),
            Player::Preset { level, engine, .. } => engine.choose(game, *level, seed, &cancel),
            Player::Style { style, engine, .. } => engine.play_style(game, *style, seed, &cancel),
            Player::Uhp {
                client,
                time_per_move,
                depth,
                command,
                threads,
            } => {
                let answer = client
                    .new_game(&game.game_string())
                    .map_err(MoveError::NewGame)
                    .and_then(|_| {
                        match depth {
                            Some(depth) => client.best_move_depth(*depth),
                            None => client.best_move_time(*time_per_move),
                        }
                        .map_err(MoveError::BestMove)
                    });
                if answer.is_err() {
                    // This game is forfeited; a fresh engine plays the next.
                    if let Ok((fresh, _)) = start_engine(command, *threads) {
                        **client = fresh;
                    }
                }
                return answer;
            }
        };
        let mv = result.best.ok_or(MoveError::NoMove)?;
        Ok(game.move_string(mv))
    }
}

/// A player's name with what it plays with other than the defaults.
fn with_weights(name: &str, weights: &Option<String>) -> String {
    match weights {
        Some(changes) => format!("{name} with {changes}"),
        None => name.to_string(),
    }
}

/// The weights of `file`.
fn read_weights(file: &str) -> Result<Weights, PlayerError> {
    let error = |reason: String| PlayerError::Weights {
        file: file.to_string(),
        reason,
    };
    let text = std::fs::read_to_string(file).map_err(|e| error(e.to_string()))?;
    Weights::parse(&text).map_err(|e: WeightsError| error(e.to_string()))
}
