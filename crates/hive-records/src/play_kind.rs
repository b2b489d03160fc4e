//! The kinds of play that each keep an autosave of their own, so that an
//! analysis board or an exhibition never overwrites the game a player will
//! want to resume.

use std::fmt;

/// What is being played on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayKind {
    /// A game against a person or the AI: what "Resume last game" loads.
    Game,
    /// An analysis board: positions set up or explored, not a contest.
    Analysis,
    /// The AI against itself.
    Exhibition,
    /// A game against a person over the internet.
    Online,
}

impl PlayKind {
    /// Every kind.
    pub const ALL: [PlayKind; 4] = [
        PlayKind::Game,
        PlayKind::Analysis,
        PlayKind::Exhibition,
        PlayKind::Online,
    ];

    /// Its name in files: `game`, `analysis`, `exhibition` or `online`.
    pub fn word(self) -> &'static str {
        match self {
            PlayKind::Game => "game",
            PlayKind::Analysis => "analysis",
            PlayKind::Exhibition => "exhibition",
            PlayKind::Online => "online",
        }
    }

    /// Whether it is a contest between players (a game here or online),
    /// whose unfinished game is kept as the player's when another takes
    /// its autosave; an analysis board or an exhibition is not.
    pub fn is_contest(self) -> bool {
        match self {
            PlayKind::Game | PlayKind::Online => true,
            PlayKind::Analysis | PlayKind::Exhibition => false,
        }
    }

    /// The kind [`PlayKind::word`] names (surrounding whitespace ignored).
    pub fn parse(word: &str) -> Option<PlayKind> {
        PlayKind::ALL
            .into_iter()
            .find(|kind| kind.word() == word.trim())
    }
}

impl fmt::Display for PlayKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for kind in PlayKind::ALL {
            assert_eq!(PlayKind::parse(&kind.to_string()), Some(kind));
        }
        assert_eq!(PlayKind::parse(" analysis "), Some(PlayKind::Analysis));
        assert_eq!(PlayKind::parse("Game"), None);
        assert_eq!(PlayKind::parse(""), None);
    }
}
