//! The Universal Hive Protocol (UHP): the text protocol Hive viewers,
//! referees and bot bridges use to talk to an engine.
//!
//! [`run`] is the engine side over any reader and writer (`hive uhp` passes
//! stdin and stdout); [`Session`] answers one command line at a time, so tests
//! and benchmarks can drive it in memory. [`UhpClient`] is the other side: it
//! starts an engine process and sends it commands.
//!
//! Every answer ends with a line `ok`. A bad command or GameString answers
//! `err <message>`, a well-formed but illegal move `invalidmove <reason>`;
//! either way the session keeps its previous state.

pub mod arena;
#[cfg(feature = "cli")]
pub mod cli;
mod client;
mod command;
mod options;
mod server;

use std::io::{self, BufRead, Write};

pub use client::{ClientError, UhpClient, whole_seconds};
pub use command::{Command, SearchLimit, UhpError};
pub use options::{EngineOptions, OPTION_NAMES};
pub use server::{Flow, Session};

/// Lines longer than this are answered with an error and otherwise ignored,
/// so that a runaway input cannot exhaust memory. A GameString of a very long
/// game (a thousand moves) is still far below it.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Runs the protocol until end of input (or `exit`): prints the `info` answer,
/// then answers each line read from `input` on `output`.
///
/// Input that is not UTF-8 is read with replacement characters; it only ever
/// produces an `err` answer. Only I/O errors end the session with an error.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut session = Session::new();
    session.write_info(&mut output)?;
    output.flush()?;
    let mut line = Vec::new();
    loop {
        let status = read_line_capped(&mut input, &mut line, MAX_LINE_BYTES)?;
        let flow = match status {
            LineStatus::Eof => return Ok(()),
            LineStatus::TooLong => session.answer_error(
                &UhpError::LineTooLong {
                    limit: MAX_LINE_BYTES,
                },
                &mut output,
            )?,
            LineStatus::Line => {
                let text = String::from_utf8_lossy(&line);
                session.handle_line(&text, &mut output)?
            }
        };
        output.flush()?;
        if flow == Flow::Exit {
            return Ok(());
        }
    }
}

/// What [`read_line_capped`] found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum LineStatus {
    /// A line (possibly the last, without a newline) is in the buffer.
    Line,
    /// The line was longer than the limit; it has been skipped.
    TooLong,
    /// No more input.
    Eof,
}

/// Reads one line into `buf` (without its newline), never holding more than
/// `limit` bytes: the rest of a longer line is read and dropped.
fn read_line_capped(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<LineStatus> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (read_any, too_long) {
                (false, _) => LineStatus::Eof,
                (true, true) => LineStatus::TooLong,
                (true, false) => LineStatus::Line,
            });
        }
        read_any = true;
        let (taken, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + taken > limit {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..taken]);
            }
        }
        input.consume(if done { taken + 1 } else { taken });
        if done {
            return Ok(if too_long {
                LineStatus::TooLong
            } else {
                LineStatus::Line
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<(LineStatus, Vec<u8>)> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let status = read_line_capped(&mut reader, &mut buf, limit).expect("in memory");
            if status == LineStatus::Eof {
                return out;
            }
            out.push((status, buf.clone()));
        }
    }

    #[test]
    fn lines_are_split_and_capped() {
        let got = lines(b"info\nabcdefghij\n\nlast", 6);
        assert_eq!(
            got,
            vec![
                (LineStatus::Line, b"info".to_vec()),
                (LineStatus::TooLong, Vec::new()),
                (LineStatus::Line, Vec::new()),
                (LineStatus::Line, b"last".to_vec()),
            ]
        );
    }

    #[test]
    fn a_too_long_last_line_is_reported() {
        assert_eq!(
            lines(b"abcdefghij", 6),
            vec![(LineStatus::TooLong, Vec::new())]
        );
    }
}
