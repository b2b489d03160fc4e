//! The formats crate's tests, one binary (`cargo test -p hive-formats`):
//! texts only, no files (the records crate's tests read the real ones).

mod detect;
mod headers;
mod sgf_write;
