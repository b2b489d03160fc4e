//! The AI's integration tests, in one binary: answers proved by brute
//! force, the tactics file, and the review of whole games.

#[path = "../common/mod.rs"]
mod common;
#[path = "../../../hive-rules/tests/common/mod.rs"]
mod rules_common;

mod ai;
mod explain;
mod rating;
mod review;
mod tactics;
