//! The viewer side: start a UHP engine as a child process (or attach to any
//! pair of streams), send it commands and read its answers up to `ok`.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::Duration;

use thiserror::Error;

/// What went wrong talking to an engine.
#[derive(Debug, Error)]
pub enum ClientError {
    /// Starting the engine, or writing to it, failed.
    #[error("engine I/O error: {0}")]
    Io(#[from] io::Error),
    /// The engine closed its output before answering `ok`.
    #[error("the engine stopped before answering (output so far: {0:?})")]
    Closed(Vec<String>),
    /// No `ok` within the client's timeout.
    #[error("the engine did not answer within {0:?}")]
    Timeout(Duration),
    /// The engine answered `err <message>`.
    #[error("engine error: {0}")]
    Engine(String),
    /// The engine answered `invalidmove <reason>`.
    #[error("invalid move: {0}")]
    InvalidMove(String),
    /// The answer did not have the expected form.
    #[error("unexpected answer from the engine: {0:?}")]
    Unexpected(Vec<String>),
}

/// The seconds a `bestmove time hh:mm:ss` for `time` gives: UHP times are
/// whole seconds, so anything shorter is rounded up (at least 1 s).
pub fn whole_seconds(time: Duration) -> u64 {
    (time.as_secs() + u64::from(time.subsec_nanos() > 0)).max(1)
}

/// A connection to a UHP engine.
///
/// Output is read on a helper thread, so every command can have a time limit
/// ([`UhpClient::set_timeout`]); a hung engine then gives
/// [`ClientError::Timeout`] instead of blocking forever.
pub struct UhpClient {
    input: Box<dyn Write + Send>,
    lines: Receiver<io::Result<String>>,
    child: Option<Child>,
    info: Vec<String>,
    timeout: Option<Duration>,
}

impl UhpClient {
    /// Starts `program` with `args` and reads its start-up `info` answer.
    pub fn spawn<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
    ) -> Result<UhpClient, ClientError> {
        let mut command = Command::new(program);
        command.args(args);
        UhpClient::from_command(command)
    }

    /// Starts an engine from a prepared command (its stdin and stdout are
    /// replaced by pipes; stderr is passed through).
    pub fn from_command(mut command: Command) -> Result<UhpClient, ClientError> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin: ChildStdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin pipe"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout pipe"))?;
        let mut client = UhpClient::connect_streams(BufReader::new(stdout), stdin);
        client.child = Some(child);
        client.read_info()?;
        Ok(client)
    }

    fn connect_streams(
        mut output: impl BufRead + Send + 'static,
        input: impl Write + Send + 'static,
    ) -> UhpClient {
        let (sender, lines) = channel();
        thread::spawn(move || {
            loop {
                let mut line = String::new();
                match output.read_line(&mut line) {
                    Ok(0) => return,
                    Ok(_) => {
                        let line = line.trim_end_matches(['\r', '\n']).to_string();
                        if sender.send(Ok(line)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = sender.send(Err(e));
                        return;
                    }
                }
            }
        });
        UhpClient {
            input: Box::new(input),
            lines,
            child: None,
            info: Vec::new(),
            timeout: None,
        }
    }

    fn read_info(&mut self) -> Result<(), ClientError> {
        self.info = self.read_answer()?;
        if !self.info.first().is_some_and(|l| l.starts_with("id ")) {
            return Err(ClientError::Unexpected(self.info.clone()));
        }
        Ok(())
    }

    /// Limits how long any later command may take to answer (`None`: no limit).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.timeout = timeout;
    }

    /// The start-up `info` answer, without `ok`.
    pub fn info(&self) -> &[String] {
        &self.info
    }

    /// The engine's name and version, from `id <name>`.
    pub fn id(&self) -> &str {
        self.info
            .first()
            .and_then(|l| l.strip_prefix("id "))
            .unwrap_or("")
    }

    /// Whether the engine lists this capability (`Mosquito`, `Ladybug`, `Pillbug`).
    pub fn has_capability(&self, name: &str) -> bool {
        self.info
            .iter()
            .skip(1)
            .any(|line| line.split(';').any(|c| c == name))
    }

    /// Sends one command line and returns the answer's lines before `ok`,
    /// whatever they say (`err` and `invalidmove` included).
    pub fn send_raw(&mut self, command: &str) -> Result<Vec<String>, ClientError> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        self.read_answer()
    }

    /// Sends one command; an `err` or `invalidmove` answer becomes an error.
    pub fn send(&mut self, command: &str) -> Result<Vec<String>, ClientError> {
        let lines = self.send_raw(command)?;
        for line in &lines {
            if let Some(message) = line.strip_prefix("err") {
                return Err(ClientError::Engine(message.trim().to_string()));
            }
            if let Some(reason) = line.strip_prefix("invalidmove") {
                return Err(ClientError::InvalidMove(reason.trim().to_string()));
            }
        }
        Ok(lines)
    }

    /// Sends a command whose answer is a single line (the last one if the
    /// engine prints progress lines before it).
    fn send_one(&mut self, command: &str) -> Result<String, ClientError> {
        let mut lines = self.send(command)?;
        match lines.pop() {
            Some(last) if !last.is_empty() => Ok(last),
            _ => Err(ClientError::Unexpected(lines)),
        }
    }

    /// `newgame [game]`: starts a game (a GameTypeString or a GameString;
    /// empty for `Base`) and returns its GameString.
    pub fn new_game(&mut self, game: &str) -> Result<String, ClientError> {
        let command = if game.trim().is_empty() {
            "newgame".to_string()
        } else {
            format!("newgame {game}")
        };
        self.send_one(&command)
    }

    /// `play`: plays a MoveString and returns the new GameString.
    pub fn play(&mut self, mv: &str) -> Result<String, ClientError> {
        self.send_one(&format!("play {mv}"))
    }

    /// `pass`: returns the new GameString.
    pub fn pass(&mut self) -> Result<String, ClientError> {
        self.send_one("pass")
    }

    /// `validmoves`: the legal MoveStrings (`["pass"]` when passing is all there is).
    pub fn valid_moves(&mut self) -> Result<Vec<String>, ClientError> {
        let line = self.send_one("validmoves")?;
        Ok(line.split(';').map(str::to_string).collect())
    }

    /// `bestmove depth N`: the engine's choice, not played.
    pub fn best_move_depth(&mut self, depth: u32) -> Result<String, ClientError> {
        self.send_one(&format!("bestmove depth {depth}"))
            .map(|line| first_field(&line))
    }

    /// `bestmove time hh:mm:ss` (rounded up to whole seconds:
    /// [`whole_seconds`]): the engine's choice, not played.
    pub fn best_move_time(&mut self, time: Duration) -> Result<String, ClientError> {
        let secs = whole_seconds(time);
        let text = format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
        self.send_one(&format!("bestmove time {text}"))
            .map(|line| first_field(&line))
    }

    /// `undo N`: returns the new GameString.
    pub fn undo(&mut self, moves: u32) -> Result<String, ClientError> {
        self.send_one(&format!("undo {moves}"))
    }

    /// `options set`: returns the option's new line.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<String, ClientError> {
        self.send_one(&format!("options set {name} {value}"))
    }

    /// Reads lines up to `ok`, within the timeout.
    fn read_answer(&mut self) -> Result<Vec<String>, ClientError> {
        let mut lines = Vec::new();
        loop {
            let next = match self.timeout {
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(limit) => self.lines.recv_timeout(limit),
            };
            match next {
                Ok(Ok(line)) if line == "ok" => return Ok(lines),
                Ok(Ok(line)) => lines.push(line),
                Ok(Err(e)) => return Err(ClientError::Io(e)),
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Closed(lines)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout(self.timeout.unwrap_or_default()));
                }
            }
        }
    }
}

/// Some engines add `;depth;score` to intermediate best moves: keep the move.
fn first_field(line: &str) -> String {
    line.split(';').next().unwrap_or("").to_string()
}

impl Drop for UhpClient {
    /// Asks the engine to exit, then makes sure it is gone.
    fn drop(&mut self) {
        let _ = writeln!(self.input, "exit");
        let _ = self.input.flush();
        if let Some(child) = &mut self.child {
            for _ in 0..20 {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
