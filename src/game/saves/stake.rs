//! What leaving the game on the board does to it, for the question Restart,
//! Main menu, Quit and Load ask first: where the game comes back from (the
//! autosave of its kind of play, the file it was read from, or nowhere),
//! and what becomes of the engine's review (one under way is lost, a
//! finished one is kept with the game).
//!
//! [`Stake`] is worked out from the game, the autosave actually written and
//! the review, after every change; [`Stake::question`] words it, so that
//! what the question says is what happens.

use bevy::prelude::*;

use super::engine_review::EngineReview;
use super::paths::{AutosaveStatus, RecordPaths};
use crate::game::core::CurrentGame;
use crate::records::PlayKind;
use crate::text::Texts;

/// Where the game on the board can be found again after leaving it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum KeptIn {
    /// Nowhere: over (its autosave removed), or never written (a game
    /// opened for review, no data directory).
    #[default]
    Nowhere,
    /// The autosave of this kind of play, which brings it back.
    Autosave(PlayKind),
    /// The record it was read from.
    File,
    /// The player's own games: it ended and was kept there.
    YourGames,
}

/// An action that leaves the game on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaving {
    /// A new game in its place (Undo brings it back until a move).
    Restart,
    /// Back to the main menu.
    MainMenu,
    /// Closing the game.
    Quit,
    /// Another game loaded in its place.
    Load,
}

/// What leaving the game on the board does to it (see the module's docs).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Stake {
    /// Where the game comes back from.
    pub kept: KeptIn,
    /// Whether leaving deserves a question: an unfinished game of our own,
    /// or the engine's review under way.
    pub worth_asking: bool,
    /// The engine's review under way, lost on leaving.
    pub review_running: bool,
    /// The engine's finished review of the line, kept with the game.
    pub review_kept: bool,
}

impl Stake {
    /// What leaving by `leaving` does to the game, in words.
    pub fn question(&self, leaving: Leaving, words: &Texts) -> String {
        let key = match (self.kept, leaving) {
            (KeptIn::Nowhere, _) => "confirm-not-kept-text",
            (KeptIn::File, _) => "confirm-record-text",
            (KeptIn::YourGames, _) => "confirm-your-games-text",
            (KeptIn::Autosave(kind), leaving) => kept_key(kind, leaving),
        };
        let mut text = words.get(key);
        let review = if self.review_running {
            Some("confirm-review-running")
        } else if self.review_kept {
            Some("confirm-review-kept")
        } else {
            None
        };
        if let Some(review) = review {
            text.push(' ');
            text.push_str(&words.get(review));
        }
        text
    }
}

/// The sentence for a game in the autosave of `kind`.
fn kept_key(kind: PlayKind, leaving: Leaving) -> &'static str {
    match (kind, leaving) {
        (PlayKind::Game, Leaving::Restart) => "confirm-restart-text",
        (PlayKind::Game, Leaving::MainMenu) => "confirm-main-menu-text",
        (PlayKind::Game, Leaving::Quit) => "confirm-quit-text",
        (PlayKind::Game, Leaving::Load) => "confirm-load-text",
        (PlayKind::Analysis, Leaving::Restart) => "confirm-restart-analysis-text",
        (PlayKind::Analysis, Leaving::MainMenu) => "confirm-main-menu-analysis-text",
        (PlayKind::Analysis, Leaving::Quit) => "confirm-quit-analysis-text",
        (PlayKind::Analysis, Leaving::Load) => "confirm-load-analysis-text",
        (PlayKind::Exhibition, Leaving::Restart) => "confirm-restart-exhibition-text",
        (PlayKind::Exhibition, Leaving::MainMenu) => "confirm-main-menu-exhibition-text",
        (PlayKind::Exhibition, Leaving::Quit) => "confirm-quit-exhibition-text",
        (PlayKind::Exhibition, Leaving::Load) => "confirm-load-exhibition-text",
        (PlayKind::Online, Leaving::Restart) => "confirm-restart-online-text",
        (PlayKind::Online, Leaving::MainMenu) => "confirm-main-menu-online-text",
        (PlayKind::Online, Leaving::Quit) => "confirm-quit-online-text",
        (PlayKind::Online, Leaving::Load) => "confirm-load-online-text",
    }
}

/// Works the stake out again after a change of the game, the autosave or
/// the review.
pub(super) fn weigh_the_stake(
    current: Res<CurrentGame>,
    (status, review, paths): (Res<AutosaveStatus>, Res<EngineReview>, Res<RecordPaths>),
    kept_games: Res<super::KeptGames>,
    mut stake: ResMut<Stake>,
) {
    let line = current.full_game();
    let in_your_games = kept_games
        .holds
        .as_ref()
        .is_some_and(|kept| *kept == current.game().game_string());
    let kept = if current.headers().is_some() {
        KeptIn::File
    } else if in_your_games {
        KeptIn::YourGames
    } else {
        match &status.holds {
            Some((kind, text)) if *text == line.game_string() => KeptIn::Autosave(*kind),
            _ => KeptIn::Nowhere,
        }
    };
    let review_running = review.is_running();
    let unfinished = !current.is_empty() && !line.status().is_over();
    let weighed = Stake {
        kept,
        worth_asking: review_running
            || (unfinished && current.headers().is_none() && !in_your_games),
        review_running,
        review_kept: review.reviewed(current.variations()).is_some() && paths.reviews().is_some(),
    };
    stake.set_if_neq(weighed);
}
