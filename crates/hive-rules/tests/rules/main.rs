//! The rules engine's integration tests, in one binary: the perft table,
//! hand-checked positions, one illegal attempt per rule, the endings, the
//! public API, and properties of seeded random games.

#[path = "../common/mod.rs"]
mod common;

mod endings;
mod illegal;
mod perft;
mod positions;
mod properties;
mod rules_api;
mod why;

#[path = "../common/why_cases.rs"]
mod why_cases;
