//! The game's words' integration tests, in one binary: loading and
//! fallback, every language against English, every rule, setup problem
//! and move in words.

mod setup;
mod texts;
mod why;
mod words;
