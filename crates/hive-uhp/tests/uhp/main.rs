//! The UHP engine's integration tests, in one binary: in-memory sessions
//! with the exact answers (protocol, games, the engine's commands), every
//! move of the perft games through the protocol, a fuzz test, the
//! levels' order, `hive-engine match` as an SPRT, and the opening book
//! with `hive-engine match --book`.

#[path = "../../../hive-rules/tests/common/mod.rs"]
mod common;
mod session;

mod book;
mod engine;
mod fuzz;
mod games;
mod levels;
mod moves;
mod protocol;
#[cfg(feature = "cli")]
mod sprt;
