//! What the player asks of the game's records: one message, of which undo
//! and redo (`undo`) and the files (`files`) each answer their part.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::records::{NodeId, PlayKind};

/// What the player asks of the game's records.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum RecordsAction {
    /// Take back the last move (against the AI: the AI's reply and the
    /// player's move before it).
    Undo,
    /// Play again the move taken back (against the AI: the pair).
    Redo,
    /// Make the line through this move the main line of the move list.
    PromoteVariation(NodeId),
    /// Delete this move and every move after it from the move list (if the
    /// position shown is among them, go back to the move before).
    DeleteVariation(NodeId),
    /// Save the current line (a UHP GameString) to this file.
    Save(PathBuf),
    /// Save the game with every variation (a variations file) to this file.
    SaveVariations(PathBuf),
    /// Save the current line as PGN (as Mzinga and hivegame.com read it),
    /// with the headers of the record it came from, to this file.
    SavePgn(PathBuf),
    /// Load the game (or the game with its variations) in this file, for
    /// review.
    Load(PathBuf),
    /// Load the game in this file for review, and have the engine review
    /// it at once.
    LoadAndReview(PathBuf),
    /// Load this GameString (pasted), a variations file's text, or a
    /// boardspace SGF or PGN record, for review.
    Import(String),
    /// Load this record's text (as [`RecordsAction::Import`]) for review,
    /// showing the position after this many moves (`None`: the last).
    ImportAt(String, Option<usize>),
    /// Resume the autosaved game.
    Resume,
    /// Resume the autosave of this kind of play: the analysis board, an
    /// exhibition ([`PlayKind::Game`] is [`RecordsAction::Resume`]).
    ResumeKind(PlayKind),
}
