//! What the player is doing, as one value: [`Mode`], the one definition of
//! the app's modes.
//!
//! It is computed, never stored beside what it is computed from: the
//! screen shown and, on the board, the [`Activity`] (a game, a lesson or a
//! puzzle); who plays the game on the board ([`Players`]' seats: people at
//! the screen, the AI, an exhibition, a friend over the internet, a game
//! watched); whether the engine's analysis is on ([`AnalysisSwitch`]); and
//! whether the game is being reviewed ([`Turn::Review`]). Each of these is
//! set in one place, by the one feature that changes it; every question of
//! the kind "is an online game on the board?", "is this practice?", "which
//! autosave does this game go to?", "does the board take a move from this
//! screen?" is a method of [`Mode`], read through [`CurrentMode`] (or
//! [`Mode::of`] where a system also changes one of its sources).
//!
//! Adding a mode is a variant here (or a kind of [`Seats`]) and the
//! feature folder that sets it; docs/architecture.md walks through one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::players::Players;
use super::screens::{Activity, Screen};
use super::turn::{Turn, reviewing};
use crate::records::{PlayKind, Seats};
use crate::rules::Color;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisSwitch>();
}

/// What the player is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Off the board: the main menu, the game library, the lists of
    /// lessons and puzzles.
    Menu,
    /// The position editor.
    Editor,
    /// A lesson on the board, step by step.
    Lesson,
    /// A puzzle on the board, against the engine's defence.
    Puzzle,
    /// A game on the board: played at this screen, against the AI, an
    /// exhibition, online, watched, or the analysis board; in play or in
    /// review.
    Game(GameMode),
}

/// A game on the board: who plays it and how it is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameMode {
    /// Who sits at each side.
    pub seats: Seats,
    /// The engine's analysis is on (with both sides played at the screen,
    /// this is the analysis board).
    pub analysing: bool,
    /// The game is being stepped through: nothing is played.
    pub reviewing: bool,
}

impl Mode {
    /// The mode these sources make (`activity` exists only on the playing
    /// screen; `reviewing` is [`reviewing`]'s answer).
    pub fn of(
        screen: Screen,
        activity: Option<Activity>,
        reviewing: bool,
        players: &Players,
        analysis: AnalysisSwitch,
    ) -> Mode {
        match (screen, activity) {
            (Screen::Playing, Some(Activity::Lesson)) => Mode::Lesson,
            (Screen::Playing, Some(Activity::Puzzle)) => Mode::Puzzle,
            (Screen::Playing, _) => Mode::Game(GameMode {
                seats: players.seats,
                analysing: analysis.0,
                reviewing,
            }),
            (Screen::Editor, _) => Mode::Editor,
            (Screen::MainMenu | Screen::Games | Screen::Puzzles | Screen::Lessons, _) => Mode::Menu,
        }
    }

    /// The game on the board, if this mode is one.
    pub fn game(self) -> Option<GameMode> {
        match self {
            Mode::Game(game) => Some(game),
            Mode::Menu | Mode::Editor | Mode::Lesson | Mode::Puzzle => None,
        }
    }

    /// Practice rather than a game (a lesson or a puzzle): nothing of it is
    /// autosaved, nothing asks before leaving it, and passing is the
    /// player's to press.
    pub fn practising(self) -> bool {
        matches!(self, Mode::Lesson | Mode::Puzzle)
    }

    /// The autosave the game on the board goes to (none in practice or off
    /// the board). A game watched over the internet is kept with the
    /// exhibitions: games others play, watched.
    pub fn autosave_kind(self) -> Option<PlayKind> {
        let game = self.game()?;
        Some(match game.seats {
            Seats::Exhibition { .. } | Seats::Watching => PlayKind::Exhibition,
            Seats::Human if game.analysing => PlayKind::Analysis,
            Seats::Online { .. } => PlayKind::Online,
            Seats::Human | Seats::Ai { .. } => PlayKind::Game,
        })
    }

    /// The side played over the internet, while an online game is on the
    /// board.
    pub fn online(self) -> Option<Color> {
        self.game().and_then(|game| game.seats.remote_side())
    }

    /// Whether a game watched over the internet is on the board.
    pub fn watching(self) -> bool {
        self.game().is_some_and(|game| game.seats.watching())
    }

    /// Whether a game is on the board and being reviewed.
    pub fn reviewing(self) -> bool {
        self.game().is_some_and(|game| game.reviewing)
    }

    /// Whether the AI plays both sides of the game on the board.
    pub fn exhibition(self) -> bool {
        self.game().is_some_and(|game| game.seats.is_exhibition())
    }
}

/// Whether the engine's analysis is on: turned by the game menu, the
/// game-over box, the editor and a resumed analysis board (through the AI
/// feature's `SetAnalysis`); the search it runs is the AI feature's.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnalysisSwitch(pub bool);

/// The [`Mode`] now, for systems that read it.
#[derive(SystemParam)]
pub struct CurrentMode<'w> {
    screen: Option<Res<'w, State<Screen>>>,
    activity: Option<Res<'w, State<Activity>>>,
    turn: Option<Res<'w, State<Turn>>>,
    next_turn: Res<'w, NextState<Turn>>,
    players: Res<'w, Players>,
    analysis: Res<'w, AnalysisSwitch>,
}

impl CurrentMode<'_> {
    /// What the player is doing.
    pub fn get(&self) -> Mode {
        Mode::of(
            self.screen.as_ref().map_or(Screen::MainMenu, |s| *s.get()),
            self.activity.as_ref().map(|a| *a.get()),
            reviewing(self.turn.as_deref(), &self.next_turn),
            &self.players,
            *self.analysis,
        )
    }
}

/// Whether a lesson or a puzzle is on the board: a run condition.
pub fn practising(mode: CurrentMode) -> bool {
    mode.get().practising()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;

    fn game(seats: Seats, analysing: bool) -> Mode {
        let players = Players::seated(1, seats);
        Mode::of(
            Screen::Playing,
            Some(Activity::Game),
            false,
            &players,
            AnalysisSwitch(analysing),
        )
    }

    #[test]
    fn each_game_goes_to_its_own_autosave() {
        let ai = Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        };
        let exhibition = Seats::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Medium,
        };
        let online = Seats::Online {
            remote: Color::White,
        };
        let cases = [
            (Seats::Human, false, PlayKind::Game),
            (Seats::Human, true, PlayKind::Analysis),
            (ai, false, PlayKind::Game),
            // The engine's panel opened in a game against the AI leaves it one.
            (ai, true, PlayKind::Game),
            (exhibition, true, PlayKind::Exhibition),
            (online, false, PlayKind::Online),
            (Seats::Watching, false, PlayKind::Exhibition),
        ];
        for (seats, analysing, kind) in cases {
            assert_eq!(
                game(seats, analysing).autosave_kind(),
                Some(kind),
                "{seats:?}"
            );
        }
    }

    #[test]
    fn practice_and_the_menus_are_not_autosaved() {
        let players = Players::seated(1, Seats::Human);
        let off = AnalysisSwitch(false);
        let lesson = Mode::of(
            Screen::Playing,
            Some(Activity::Lesson),
            false,
            &players,
            off,
        );
        assert_eq!(lesson, Mode::Lesson);
        assert!(lesson.practising());
        assert_eq!(lesson.autosave_kind(), None);
        for screen in [Screen::MainMenu, Screen::Games, Screen::Lessons] {
            assert_eq!(Mode::of(screen, None, false, &players, off), Mode::Menu);
        }
        let editor = Mode::of(Screen::Editor, None, false, &players, off);
        assert_eq!(editor, Mode::Editor);
        assert_eq!(editor.autosave_kind(), None);
        assert!(!editor.practising());
    }

    #[test]
    fn online_and_watching_are_read_from_the_seats() {
        let online = game(
            Seats::Online {
                remote: Color::Black,
            },
            false,
        );
        assert_eq!(online.online(), Some(Color::Black));
        assert!(!online.watching());
        let watched = game(Seats::Watching, false);
        assert!(watched.watching());
        assert_eq!(watched.online(), None);
        let players = Players::seated(
            1,
            Seats::Online {
                remote: Color::Black,
            },
        );
        let off_the_board = Mode::of(
            Screen::MainMenu,
            None,
            false,
            &players,
            AnalysisSwitch(false),
        );
        assert_eq!(off_the_board.online(), None);
        let review = Mode::of(
            Screen::Playing,
            Some(Activity::Game),
            true,
            &players,
            AnalysisSwitch(false),
        );
        assert!(review.reviewing());
        assert_eq!(review.autosave_kind(), Some(PlayKind::Online));
    }
}
