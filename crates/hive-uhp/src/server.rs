//! The engine side: a [`Session`] holds the game, the options and the AI, and
//! answers one command line at a time.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use hive_ai::search::{WIN, WIN_THRESHOLD};
use hive_ai::{Engine, Limits, line_strings};
use hive_rules::{Game, LoadError, Move, RuleError};

use super::command::{Command, SearchLimit, UhpError, echo};
use super::options::EngineOptions;

/// The `id` line's engine name.
pub const ENGINE_NAME: &str = "Hive";
/// The expansions this engine plays, as `info` lists them.
pub const CAPABILITIES: &str = "Mosquito;Ladybug;Pillbug";

/// Whether the session goes on after a command.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `exit` was asked: stop without answering.
    Exit,
}

/// One engine session: the current game (none before `newgame`), the
/// options and the AI with its transposition table.
pub struct Session {
    game: Option<Game>,
    options: EngineOptions,
    /// Made at the first `bestmove`, so sessions that never search stay light.
    engine: Option<Engine>,
    /// Reused by `validmoves`.
    moves: Vec<Move>,
    /// Never set for now: searches end by their limits.
    cancel: AtomicBool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session with no game yet and the default options.
    pub fn new() -> Session {
        Session {
            game: None,
            options: EngineOptions::default(),
            engine: None,
            moves: Vec::with_capacity(256),
            cancel: AtomicBool::new(false),
        }
    }

    /// The current game, if `newgame` has been given.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The current options.
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// The `info` answer, `ok` included (also printed at start-up).
    pub fn write_info(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "id {ENGINE_NAME} v{}", env!("CARGO_PKG_VERSION"))?;
        writeln!(out, "{CAPABILITIES}")?;
        writeln!(out, "ok")
    }

    /// Answers an error: `err <message>` or `invalidmove <reason>`, then `ok`.
    pub fn answer_error(&self, error: &UhpError, out: &mut impl Write) -> io::Result<Flow> {
        let tag = if error.is_invalid_move() {
            "invalidmove"
        } else {
            "err"
        };
        // Messages can quote input: keep the answer on one line whatever it held.
        let message: String = error
            .to_string()
            .chars()
            .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
            .collect();
        writeln!(out, "{tag} {message}")?;
        writeln!(out, "ok")?;
        Ok(Flow::Continue)
    }

    /// Answers one command line, ending with `ok` (except after `exit`).
    /// Only I/O errors on `out` are returned; after any protocol error the
    /// session is exactly as it was before the line.
    pub fn handle_line(&mut self, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        let command = match Command::parse(line) {
            Ok(Command::Exit) => return Ok(Flow::Exit),
            Ok(command) => command,
            Err(error) => return self.answer_error(&error, out),
        };
        let mut answer = String::new();
        match self.execute_guarded(command, &mut answer) {
            Ok(()) => {
                out.write_all(answer.as_bytes())?;
                writeln!(out, "ok")?;
                Ok(Flow::Continue)
            }
            Err(error) => self.answer_error(&error, out),
        }
    }

    /// [`Session::execute`], turning a panic (a bug) into an error answer and
    /// restoring the game as it was.
    fn execute_guarded(
        &mut self,
        command: Command<'_>,
        answer: &mut String,
    ) -> Result<(), UhpError> {
        let read_only = matches!(
            command,
            Command::Info
                | Command::Help
                | Command::ValidMoves
                | Command::BestMove(_)
                | Command::Analyse(..)
                | Command::Options
                | Command::OptionsGet(_)
        );
        let saved = if read_only {
            None
        } else {
            Some((self.game.clone(), self.options))
        };
        match catch_unwind(AssertUnwindSafe(|| self.execute(command, answer))) {
            Ok(result) => result,
            Err(payload) => {
                if let Some((game, options)) = saved {
                    self.game = game;
                    self.options = options;
                }
                self.engine = None;
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_string());
                Err(UhpError::Internal(echo(&message)))
            }
        }
    }

    /// Carries out one command, appending its answer lines (without `ok`) to
    /// `answer`. On error, nothing has changed.
    pub fn execute(&mut self, command: Command<'_>, answer: &mut String) -> Result<(), UhpError> {
        match command {
            Command::Info => {
                let _ = writeln!(answer, "id {ENGINE_NAME} v{}", env!("CARGO_PKG_VERSION"));
                let _ = writeln!(answer, "{CAPABILITIES}");
            }
            Command::Help => answer.push_str(HELP),
            Command::NewGame(text) => self.new_game(text.unwrap_or("Base"), answer)?,
            Command::Play(text) => self.play(text, answer)?,
            Command::Pass => self.play("pass", answer)?,
            Command::ValidMoves => self.valid_moves(answer)?,
            Command::BestMove(limit) => self.best_move(limit, answer)?,
            Command::Analyse(limit, lines) => self.analyse(limit, lines, answer)?,
            Command::Undo(count) => self.undo(count, answer)?,
            Command::Options => {
                for line in self.options.lines() {
                    let _ = writeln!(answer, "{line}");
                }
            }
            Command::OptionsGet(name) => {
                let _ = writeln!(answer, "{}", self.options.line(name)?);
            }
            Command::OptionsSet(name, value) => self.set_option(name, value, answer)?,
            Command::Perft(depth) => self.perft(depth, answer)?,
            Command::Exit => {}
        }
        Ok(())
    }

    fn new_game(&mut self, text: &str, answer: &mut String) -> Result<(), UhpError> {
        let (game, note) = Game::load_game_string(text, self.options.rules).map_err(|error| {
            UhpError::BadGameString {
                text: echo(text),
                error,
            }
        })?;
        if let Some(note) = note {
            // The answer is the GameString; the forgiven header is only noted.
            eprintln!("newgame: {note}");
        }
        let _ = writeln!(answer, "{}", game.game_string());
        // The engine's table is kept: it is keyed by position, so what it
        // learnt stays true, and a client that sends `newgame` with the whole
        // game before each `bestmove` (as `hive match` does) keeps it.
        self.game = Some(game);
        Ok(())
    }

    /// `play`: any spelling of a move is accepted, the GameString records
    /// its canonical MoveString. After the game has ended the move is what
    /// is refused (`invalidmove`), as other engines answer.
    fn play(&mut self, text: &str, answer: &mut String) -> Result<(), UhpError> {
        let game = self.game.as_mut().ok_or(UhpError::NoGame)?;
        if game.status().is_over() {
            return Err(UhpError::IllegalMove(RuleError::GameOver));
        }
        let bad_text = |error| UhpError::BadMoveString {
            text: echo(text),
            error,
        };
        game.play_move_string(text).map_err(|error| match error {
            LoadError::IllegalMove { error, .. } => UhpError::IllegalMove(error),
            LoadError::Notation(error) | LoadError::UnreadableMove { error, .. } => bad_text(error),
        })?;
        let _ = writeln!(answer, "{}", game.game_string());
        Ok(())
    }

    /// `validmoves`: every legal move, `;`-separated (`pass` when it is the only one).
    fn valid_moves(&mut self, answer: &mut String) -> Result<(), UhpError> {
        let game = self.game.as_ref().ok_or(UhpError::NoGame)?;
        if game.status().is_over() {
            return Err(UhpError::GameOver);
        }
        self.moves.clear();
        game.legal_moves(&mut self.moves);
        for (i, &mv) in self.moves.iter().enumerate() {
            if i > 0 {
                answer.push(';');
            }
            answer.push_str(&game.move_string(mv));
        }
        answer.push('\n');
        Ok(())
    }

    /// The search limits `limit` asks for.
    fn limits(&self, limit: SearchLimit) -> Limits {
        match limit {
            SearchLimit::Options => Limits {
                max_depth: (self.options.max_depth > 0).then_some(self.options.max_depth),
                time: Some(Duration::from_secs(u64::from(
                    self.options.max_time_seconds,
                ))),
                nodes: None,
            },
            SearchLimit::Depth(depth) => Limits::depth(depth),
            SearchLimit::Time(time) => Limits::time(time),
        }
    }

    /// Runs `search` on the game in play with the engine (made at the
    /// table size the options ask for) and `limit`'s limits; an error when
    /// there is no game or it is over.
    fn with_search<T>(
        &mut self,
        limit: SearchLimit,
        search: impl FnOnce(&mut Engine, &Game, Limits, &AtomicBool, &mut Vec<Move>) -> T,
    ) -> Result<T, UhpError> {
        let tt_megabytes = self.options.tt_megabytes as usize;
        let limits = self.limits(limit);
        let game = self.game.as_ref().ok_or(UhpError::NoGame)?;
        if game.status().is_over() {
            return Err(UhpError::GameOver);
        }
        let engine = self.engine.get_or_insert_with(|| Engine::new(tt_megabytes));
        engine.set_threads(self.options.threads as usize);
        Ok(search(engine, game, limits, &self.cancel, &mut self.moves))
    }

    fn best_move(&mut self, limit: SearchLimit, answer: &mut String) -> Result<(), UhpError> {
        let line = self.with_search(limit, |engine, game, limits, cancel, moves| {
            game.move_string(search(engine, game, limits, cancel, moves))
        })?;
        let _ = writeln!(answer, "{line}");
        Ok(())
    }

    /// `analyse` (an extension): two lines, `score S depth D nodes N` (the
    /// score for the side to move, in hundredths of a piece; a win shows as
    /// `win P` or `loss P`, plies to the end) and `pv M1;M2;...`, the
    /// principal variation as MoveStrings. With `lines K`, one such pair
    /// for each of the K best moves (fewer when there are fewer legal
    /// moves), best first; `nodes` is the whole search's count in each.
    fn analyse(
        &mut self,
        limit: SearchLimit,
        lines: u32,
        answer: &mut String,
    ) -> Result<(), UhpError> {
        let found = self.with_search(limit, |engine, game, limits, cancel, _| {
            engine
                .search_lines(game, limits, lines as usize, cancel)
                .into_iter()
                .map(|result| {
                    let line = line_strings(game, &result.pv).join(";");
                    (result, line)
                })
                .collect::<Vec<_>>()
        })?;
        for (result, line) in found {
            let score = if result.score >= WIN_THRESHOLD {
                format!("win {}", WIN - result.score)
            } else if result.score <= -WIN_THRESHOLD {
                format!("loss {}", WIN + result.score)
            } else {
                result.score.to_string()
            };
            let _ = writeln!(
                answer,
                "score {score} depth {} nodes {}",
                result.depth, result.nodes
            );
            let _ = writeln!(answer, "pv {line}");
        }
        Ok(())
    }

    fn undo(&mut self, count: u32, answer: &mut String) -> Result<(), UhpError> {
        let game = self.game.as_mut().ok_or(UhpError::NoGame)?;
        let played = game.ply();
        if count == 0 || count > played {
            return Err(UhpError::UndoTooMany {
                asked: count,
                played,
            });
        }
        for _ in 0..count {
            game.undo();
        }
        let _ = writeln!(answer, "{}", game.game_string());
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: &str, answer: &mut String) -> Result<(), UhpError> {
        let mut options = self.options;
        let name = options.set(name, value)?;
        if options.tt_megabytes != self.options.tt_megabytes {
            self.engine = None;
        }
        if options.rules != self.options.rules
            && let Some(game) = &mut self.game
        {
            game.set_options(options.rules);
        }
        self.options = options;
        let _ = writeln!(answer, "{}", self.options.line(name)?);
        Ok(())
    }

    fn perft(&mut self, depth: u32, answer: &mut String) -> Result<(), UhpError> {
        let game = self.game.as_mut().ok_or(UhpError::NoGame)?;
        for d in 0..=depth {
            let start = Instant::now();
            let count = game.perft(d);
            let ms = start.elapsed().as_millis();
            let _ = writeln!(answer, "perft({d}) = {count} in {ms} ms");
        }
        Ok(())
    }
}

/// The AI's move within `limits`, or the first legal move if it finds none
/// (or, through some bug, an illegal one): `bestmove` always answers a move.
fn search(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    cancel: &AtomicBool,
    moves: &mut Vec<Move>,
) -> Move {
    let found = engine.search(game, limits, cancel).best;
    moves.clear();
    game.legal_moves(moves);
    match found {
        Some(mv) if moves.contains(&mv) => mv,
        _ => moves.first().copied().unwrap_or(Move::Pass),
    }
}

const HELP: &str = "\
Commands:
  info
  newgame [GameTypeString|GameString]
  play MoveString
  pass
  validmoves
  bestmove [depth MaxDepth | time hh:mm:ss]
  undo [MovesToUndo]
  options [get OptionName | set OptionName OptionValue]
  perft MaxDepth
  analyse [depth MaxDepth | time hh:mm:ss] [lines Lines]
  help
  exit
";
