//! The computer player: search and evaluation over [`crate::rules`].
