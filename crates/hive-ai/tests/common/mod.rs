//! Shared by the AI tests.

/// Wins proved by brute force, and random play near the queens.
pub mod tactics;
