//! Reading one command line into a [`Command`], and every error an engine
//! answers with (`err ...` or `invalidmove ...`).

use std::time::Duration;

use thiserror::Error;

use hive_rules::{LoadError, NotationError, RuleError};

/// The deepest `bestmove depth N` and `perft N` accept: deeper would not
/// finish in any useful time, and a typo should not hang the engine.
pub const MAX_SEARCH_DEPTH: u32 = 32;
/// The most lines `analyse ... lines K` accepts.
pub const MAX_ANALYSE_LINES: u32 = 256;
/// The deepest `perft N` accepted.
pub const MAX_PERFT_DEPTH: u32 = 8;

/// One engine command, with its arguments checked for form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command<'a> {
    /// `info`: the engine's id and capabilities.
    Info,
    /// `help`: the list of commands.
    Help,
    /// `newgame [GameTypeString | GameString]`.
    NewGame(Option<&'a str>),
    /// `play MoveString`.
    Play(&'a str),
    /// `pass`.
    Pass,
    /// `validmoves`.
    ValidMoves,
    /// `bestmove`, `bestmove depth N` or `bestmove time hh:mm:ss`.
    BestMove(SearchLimit),
    /// `undo [N]`.
    Undo(u32),
    /// `options`: every option.
    Options,
    /// `options get Name`.
    OptionsGet(&'a str),
    /// `options set Name Value`.
    OptionsSet(&'a str, &'a str),
    /// `perft N`: move-path counts for depths 0 to N (an extension).
    Perft(u32),
    /// `analyse [depth N | time hh:mm:ss] [lines K]`: the score, depth,
    /// nodes and principal variation of a search, for the best K moves
    /// (default 1; an extension for viewers).
    Analyse(SearchLimit, u32),
    /// `exit`: stop the engine.
    Exit,
}

/// How long `bestmove` may think.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SearchLimit {
    /// No argument: the `MaxDepth` and `MaxTimeSeconds` options.
    Options,
    /// `depth N`: exactly N plies deep.
    Depth(u32),
    /// `time hh:mm:ss`: as deep as fits in this time.
    Time(Duration),
}

/// Why a command was not carried out. [`UhpError::is_invalid_move`] tells
/// which ones answer `invalidmove` instead of `err`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UhpError {
    /// A blank line.
    #[error("Empty command. Try 'help' to see a list of valid commands.")]
    EmptyCommand,
    /// A word that is not a command.
    #[error("Invalid command '{0}'. Try 'help' to see a list of valid commands.")]
    UnknownCommand(String),
    /// A command with the wrong arguments.
    #[error("Invalid arguments for '{command}'. Usage: {usage}")]
    BadArguments {
        /// The command word.
        command: &'static str,
        /// How it is written.
        usage: &'static str,
    },
    /// A game command before any `newgame`.
    #[error("No game in progress. Try 'newgame' to start a new game.")]
    NoGame,
    /// A move or search after the game ended.
    #[error("The game is over. Try 'newgame' to start a new game, or 'undo'.")]
    GameOver,
    /// `newgame` with an unreadable or inconsistent GameString.
    #[error("Unable to load '{text}': {error}")]
    BadGameString {
        /// The argument as given (shortened if long).
        text: String,
        /// What is wrong with it.
        error: LoadError,
    },
    /// `play` with text that is not a MoveString in this position.
    #[error("Unable to parse '{text}': {error}")]
    BadMoveString {
        /// The argument as given (shortened if long).
        text: String,
        /// What is wrong with it.
        error: NotationError,
    },
    /// A well-formed move that breaks a rule.
    #[error("{0}")]
    IllegalMove(RuleError),
    /// `undo` of more moves than were played (or of none).
    #[error("Unable to undo {asked} moves: {played} have been played.")]
    UndoTooMany {
        /// Moves asked to undo.
        asked: u32,
        /// Moves in the game.
        played: u32,
    },
    /// `bestmove depth` with a bad number.
    #[error("Invalid depth '{0}': expected a whole number from 1 to {MAX_SEARCH_DEPTH}.")]
    BadDepth(String),
    /// `bestmove time` with a bad time.
    #[error("Invalid time '{0}': expected hh:mm:ss, like 00:00:05.")]
    BadTime(String),
    /// `perft` with a bad depth.
    #[error("Invalid perft depth '{0}': expected a whole number from 0 to {MAX_PERFT_DEPTH}.")]
    BadPerftDepth(String),
    /// `options get/set` of an option that does not exist.
    #[error("The option '{0}' is not valid. Try 'options' to see the list.")]
    UnknownOption(String),
    /// `options set` with a value out of range or of the wrong type.
    #[error("Invalid value '{value}' for {name}: expected {expected}.")]
    BadOptionValue {
        /// The option.
        name: &'static str,
        /// The value given (shortened if long).
        value: String,
        /// What it accepts.
        expected: String,
    },
    /// An input line over [`super::MAX_LINE_BYTES`].
    #[error("The command is longer than {limit} bytes and was ignored.")]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A bug in the engine, caught before it could end the session.
    #[error("Internal error: {0}. The game is as it was before the command.")]
    Internal(String),
}

impl UhpError {
    /// Whether this answers `invalidmove` (a legal-looking move that breaks a
    /// rule) rather than `err`.
    pub fn is_invalid_move(&self) -> bool {
        matches!(self, UhpError::IllegalMove(_))
    }
}

/// Longest piece of user input echoed back in an error message.
const ECHO_CHARS: usize = 80;

/// User input to quote in a message: at most [`ECHO_CHARS`] characters, with
/// control characters replaced so the answer stays on one line.
pub(super) fn echo(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(ECHO_CHARS)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if text.chars().nth(ECHO_CHARS).is_some() {
        out.push_str("...");
    }
    out
}

impl<'a> Command<'a> {
    /// Reads one line. Command words are matched in any case; arguments are
    /// kept as written.
    pub fn parse(line: &'a str) -> Result<Command<'a>, UhpError> {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        if word.is_empty() {
            return Err(UhpError::EmptyCommand);
        }
        let args: Vec<&str> = rest.split_whitespace().collect();
        let bad = |command, usage| UhpError::BadArguments { command, usage };
        let no_args = |command: Command<'a>, name, usage| {
            if args.is_empty() {
                Ok(command)
            } else {
                Err(bad(name, usage))
            }
        };
        match word.to_ascii_lowercase().as_str() {
            "info" => no_args(Command::Info, "info", "info"),
            "help" | "?" => Ok(Command::Help),
            "newgame" => Ok(Command::NewGame((!rest.is_empty()).then_some(rest))),
            "play" if rest.is_empty() => Err(bad("play", "play MoveString")),
            "play" => Ok(Command::Play(rest)),
            "pass" => no_args(Command::Pass, "pass", "pass"),
            "validmoves" => no_args(Command::ValidMoves, "validmoves", "validmoves"),
            "bestmove" => parse_bestmove(&args),
            "analyse" | "analyze" => {
                const USAGE: &str = "analyse [depth MaxDepth | time hh:mm:ss] [lines Lines], \
                    with Lines a whole number from 1 to 256";
                let (args, lines) = match args.as_slice() {
                    [rest @ .., word, count] if word.eq_ignore_ascii_case("lines") => {
                        let lines = count
                            .parse()
                            .ok()
                            .filter(|k| (1..=MAX_ANALYSE_LINES).contains(k))
                            .ok_or_else(|| bad("analyse", USAGE))?;
                        (rest, lines)
                    }
                    all => (all, 1),
                };
                match parse_bestmove(args) {
                    Ok(Command::BestMove(limit)) => Ok(Command::Analyse(limit, lines)),
                    Err(UhpError::BadArguments { .. }) | Ok(_) => Err(bad("analyse", USAGE)),
                    Err(error) => Err(error),
                }
            }
            "undo" => match args.as_slice() {
                [] => Ok(Command::Undo(1)),
                [n] => n
                    .parse()
                    .map(Command::Undo)
                    .map_err(|_| bad("undo", "undo [MovesToUndo], with a whole number")),
                _ => Err(bad("undo", "undo [MovesToUndo]")),
            },
            "options" => match args.as_slice() {
                [] => Ok(Command::Options),
                [get, name] if get.eq_ignore_ascii_case("get") => Ok(Command::OptionsGet(name)),
                [set, name, value] if set.eq_ignore_ascii_case("set") => {
                    Ok(Command::OptionsSet(name, value))
                }
                _ => Err(bad(
                    "options",
                    "options | options get OptionName | options set OptionName OptionValue",
                )),
            },
            "perft" => match args.as_slice() {
                [n] => n
                    .parse()
                    .ok()
                    .filter(|&d| d <= MAX_PERFT_DEPTH)
                    .map(Command::Perft)
                    .ok_or_else(|| UhpError::BadPerftDepth(echo(n))),
                _ => Err(bad("perft", "perft MaxDepth")),
            },
            "exit" | "quit" => no_args(Command::Exit, "exit", "exit"),
            _ => Err(UhpError::UnknownCommand(echo(word))),
        }
    }
}

fn parse_bestmove<'a>(args: &[&str]) -> Result<Command<'a>, UhpError> {
    const USAGE: &str = "bestmove | bestmove depth MaxDepth | bestmove time hh:mm:ss";
    let bad = || UhpError::BadArguments {
        command: "bestmove",
        usage: USAGE,
    };
    let limit = match args {
        [] => SearchLimit::Options,
        [kind, value] if kind.eq_ignore_ascii_case("depth") => SearchLimit::Depth(
            value
                .parse()
                .ok()
                .filter(|d| (1..=MAX_SEARCH_DEPTH).contains(d))
                .ok_or_else(|| UhpError::BadDepth(echo(value)))?,
        ),
        [kind, value] if kind.eq_ignore_ascii_case("time") => {
            SearchLimit::Time(parse_hhmmss(value).ok_or_else(|| UhpError::BadTime(echo(value)))?)
        }
        _ => return Err(bad()),
    };
    Ok(Command::BestMove(limit))
}

/// `hh:mm:ss` (hours any width, minutes and seconds below 60), more than zero.
pub fn parse_hhmmss(text: &str) -> Option<Duration> {
    let mut fields = text.split(':');
    let (Some(h), Some(m), Some(s), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return None;
    };
    let number = |t: &str, max: u64| {
        (!t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u64>().ok())
            .flatten()
            .filter(|&n| n <= max)
    };
    let seconds = number(h, 999)? * 3600 + number(m, 59)? * 60 + number(s, 59)?;
    (seconds > 0).then(|| Duration::from_secs(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(parse_hhmmss("00:00:05"), Some(Duration::from_secs(5)));
        assert_eq!(parse_hhmmss("1:02:03"), Some(Duration::from_secs(3723)));
        for bad in [
            "", "5", "00:05", "00:00:60", "00:60:00", "00:00:00", "a:b:c", "-1:00:00", "0:0:0:1",
            "+1:00:00",
        ] {
            assert_eq!(parse_hhmmss(bad), None, "{bad}");
        }
    }

    #[test]
    fn commands() {
        assert_eq!(
            Command::parse("  PLAY  wS1 ").expect("parses"),
            Command::Play("wS1")
        );
        assert_eq!(
            Command::parse("play bG1  wS1-").expect("parses"),
            Command::Play("bG1  wS1-")
        );
        assert_eq!(Command::parse("undo").expect("parses"), Command::Undo(1));
        assert_eq!(Command::parse("undo 3").expect("parses"), Command::Undo(3));
        assert_eq!(
            Command::parse("bestmove depth 2").expect("parses"),
            Command::BestMove(SearchLimit::Depth(2))
        );
        assert_eq!(
            Command::parse("analyse depth 4 LINES 3").expect("parses"),
            Command::Analyse(SearchLimit::Depth(4), 3)
        );
        assert_eq!(
            Command::parse("analyse lines 2").expect("parses"),
            Command::Analyse(SearchLimit::Options, 2)
        );
        assert_eq!(
            Command::parse("analyse time 00:00:01").expect("parses"),
            Command::Analyse(SearchLimit::Time(Duration::from_secs(1)), 1)
        );
        for bad in [
            "analyse lines 0",
            "analyse lines",
            "analyse lines 3 depth 2",
            "analyse depth 2 lines x",
            "analyse depth 2 lines 257",
            "analyse depth 2 lines 2 lines 2",
        ] {
            assert!(
                matches!(Command::parse(bad), Err(UhpError::BadArguments { .. })),
                "{bad}"
            );
        }
        assert_eq!(Command::parse("").unwrap_err(), UhpError::EmptyCommand);
        assert!(matches!(
            Command::parse("undo x"),
            Err(UhpError::BadArguments { .. })
        ));
        assert!(matches!(
            Command::parse("bestmove depth 0"),
            Err(UhpError::BadDepth(_))
        ));
    }

    #[test]
    fn echo_is_short_and_on_one_line() {
        assert_eq!(echo("a\nb"), "a\u{FFFD}b");
        assert_eq!(echo(&"x".repeat(100)), format!("{}...", "x".repeat(80)));
    }
}
