//! The records crate's tests, one binary (`cargo test -p hive-records`),
//! one module per subject; `tests/data` holds the files they read.

mod boardspace_writer;
mod common;
mod trees;

mod annotated_pgn;
mod autosave;
mod format_errors;
mod format_properties;
mod formats;
mod library;
mod old_saves;
mod records;
mod review_notes;
mod saved_games;
