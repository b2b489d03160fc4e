//! The Universal Hive Protocol engine over any reader and writer.

use std::io::{self, BufRead, Write};

/// Runs the protocol until end of input.
pub fn run(_input: impl BufRead, _output: impl Write) -> io::Result<()> {
    Ok(())
}
