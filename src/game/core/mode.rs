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
//! `Jump::mode` where a system also replaces the position or the turn), and
//! a system that runs in one mode only is scheduled for it with a run
//! condition ([`in_exhibition`], [`in_review`], [`practising`]).
//!
//! Adding a mode is a variant here (or a kind of [`Seats`]) and the
//! feature folder that sets it; docs/architecture.md walks through one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::GameSystems;
use super::players::Players;
use super::screens::{Activity, Screen};
use super::turn::{Turn, upcoming_turn};
use crate::records::{PlayKind, Seats};
use crate::rules::{Color, Game};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisSwitch>();
    app.add_message::<SetAnalysis>();
    app.add_systems(
        Update,
        switch_analysis
            .in_set(AnalysisSwitching)
            .after(GameSystems::Jump)
            .before(GameSystems::Ai)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), analysis_off);
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
    Lesson(Board),
    /// A puzzle on the board, against the engine's defence.
    Puzzle(Board),
    /// A game on the board: played at this screen, against the AI, an
    /// exhibition, online, watched, or the analysis board; in play or in
    /// review.
    Game(GameMode),
}

/// Practice on the board (a lesson or a puzzle): who plays it and where
/// its turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Who sits at each side (a puzzle's defence is the AI's).
    pub seats: Seats,
    /// Where the turn stands, as it will be once this frame's change is
    /// applied.
    pub turn: Turn,
}

/// A game on the board: who plays it and how it is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameMode {
    /// Who sits at each side.
    pub seats: Seats,
    /// The engine's analysis is on (with both sides played at the screen,
    /// this is the analysis board).
    pub analysing: bool,
    /// Where the turn stands, as it will be once this frame's change is
    /// applied (a jump into review asked for this frame counts already).
    pub turn: Turn,
}

impl GameMode {
    /// The game is being stepped through: nothing is played.
    pub fn reviewing(self) -> bool {
        self.turn == Turn::Review
    }
}

impl Mode {
    /// The mode these sources make (`activity` and `turn` exist only on
    /// the playing screen; `turn` is the upcoming one, [`upcoming_turn`]).
    pub fn of(
        screen: Screen,
        activity: Option<Activity>,
        turn: Option<Turn>,
        players: &Players,
        analysis: AnalysisSwitch,
    ) -> Mode {
        let board = Board {
            seats: players.seats,
            turn: turn.unwrap_or_default(),
        };
        match (screen, activity) {
            (Screen::Playing, Some(Activity::Lesson)) => Mode::Lesson(board),
            (Screen::Playing, Some(Activity::Puzzle)) => Mode::Puzzle(board),
            (Screen::Playing, Some(Activity::Game) | None) => Mode::Game(GameMode {
                seats: board.seats,
                analysing: analysis.0,
                turn: board.turn,
            }),
            (Screen::Editor, _) => Mode::Editor,
            (Screen::MainMenu | Screen::Games | Screen::Puzzles | Screen::Lessons, _) => Mode::Menu,
        }
    }

    /// The game on the board, if this mode is one.
    pub fn game(self) -> Option<GameMode> {
        match self {
            Mode::Game(game) => Some(game),
            Mode::Menu | Mode::Editor | Mode::Lesson(_) | Mode::Puzzle(_) => None,
        }
    }

    /// Who plays what is on the board and where its turn stands (a game, a
    /// lesson or a puzzle; none off the board).
    pub fn board(self) -> Option<Board> {
        match self {
            Mode::Game(game) => Some(Board {
                seats: game.seats,
                turn: game.turn,
            }),
            Mode::Lesson(board) | Mode::Puzzle(board) => Some(board),
            Mode::Menu | Mode::Editor => None,
        }
    }

    /// Practice rather than a game (a lesson or a puzzle): nothing of it is
    /// autosaved, nothing asks before leaving it, and passing is the
    /// player's to press.
    pub fn practising(self) -> bool {
        matches!(self, Mode::Lesson(_) | Mode::Puzzle(_))
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

    /// Whether the game on the board comes over the internet, played
    /// online or watched: its move list is not this screen's alone (no
    /// undo or redo of one's own).
    pub fn over_the_internet(self) -> bool {
        self.online().is_some() || self.watching()
    }

    /// Whether a game is on the board and being reviewed.
    pub fn reviewing(self) -> bool {
        self.game().is_some_and(GameMode::reviewing)
    }

    /// Whether the AI plays both sides of the game on the board.
    pub fn exhibition(self) -> bool {
        self.game().is_some_and(|game| game.seats.is_exhibition())
    }

    /// Whether the engine's analysis of the game on the board is on.
    pub fn analysing(self) -> bool {
        self.game().is_some_and(|game| game.analysing)
    }

    /// Whether the board takes a move from a person at this screen now:
    /// `game` (the one on the board) goes on, its turn awaits input, and
    /// its side to move is played here (not by the AI, not over the
    /// internet, not watched). Lessons and puzzles take moves too.
    pub fn takes_move(self, game: &Game) -> bool {
        self.board().is_some_and(|board| {
            board.turn == Turn::AwaitingInput && board.seats.here(game.to_move())
        }) && !game.status().is_over()
    }

    /// Whether something on the board is being played (its turn awaits a
    /// move or a piece slides): not over, not reviewed, not off the board.
    pub fn in_play(self) -> bool {
        self.board()
            .is_some_and(|board| matches!(board.turn, Turn::AwaitingInput | Turn::Animating))
    }

    /// Whether the engine's hint may be asked for: the board takes a move
    /// (see [`Mode::takes_move`]) and no friend plays over the internet
    /// (the engine's help is not theirs to share).
    pub fn hint_available(self, game: &Game) -> bool {
        self.takes_move(game) && self.online().is_none()
    }

    /// Whether the person may resign now: a game against the AI, on the
    /// board, not over (by the rules or otherwise) and not in review.
    pub fn can_resign(self, game: &Game) -> bool {
        self.game().is_some_and(|mode| {
            mode.seats.ai_side().is_some()
                && matches!(mode.turn, Turn::AwaitingInput | Turn::Animating)
        }) && !game.status().is_over()
    }
}

/// Whether the engine's analysis is on: turned here alone, on the
/// [`SetAnalysis`] of the game menu, the game-over box, the analysis panel,
/// the editor and the main menu's analysis board, and off on leaving the
/// board; the search it runs is the AI feature's, which follows it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnalysisSwitch(pub bool);

/// Turn the analysis on or off.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetAnalysis(pub bool);

/// Where [`AnalysisSwitch`] turns, on the board: after the frame's jumps
/// (the editor's hand-off asks for the analysis) and before the AI's
/// systems, which read it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnalysisSwitching;

fn switch_analysis(mut requests: MessageReader<SetAnalysis>, mut switch: ResMut<AnalysisSwitch>) {
    for &SetAnalysis(on) in requests.read() {
        switch.set_if_neq(AnalysisSwitch(on));
    }
}

/// Leaving the board turns the analysis off.
fn analysis_off(mut switch: ResMut<AnalysisSwitch>) {
    switch.set_if_neq(AnalysisSwitch(false));
}

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
        Mode::read(
            self.screen.as_deref(),
            self.activity.as_deref(),
            self.turn.as_deref(),
            &self.next_turn,
            &self.players,
            *self.analysis,
        )
    }
}

impl Mode {
    /// The mode in `world` now, read as [`CurrentMode`] reads it (for
    /// tests and tools outside the schedule).
    pub fn in_world(world: &World) -> Mode {
        let players = world.get_resource::<Players>().copied().unwrap_or_default();
        let analysis = world
            .get_resource::<AnalysisSwitch>()
            .copied()
            .unwrap_or_default();
        Mode::read(
            world.get_resource::<State<Screen>>(),
            world.get_resource::<State<Activity>>(),
            world.get_resource::<State<Turn>>(),
            world
                .get_resource::<NextState<Turn>>()
                .unwrap_or(&NextState::Unchanged),
            &players,
            analysis,
        )
    }

    /// The mode the sources' resources make (for a system parameter that
    /// holds them, [`CurrentMode`] or [`Jump`](super::Jump)).
    pub(super) fn read(
        screen: Option<&State<Screen>>,
        activity: Option<&State<Activity>>,
        turn: Option<&State<Turn>>,
        next_turn: &NextState<Turn>,
        players: &Players,
        analysis: AnalysisSwitch,
    ) -> Mode {
        Mode::of(
            screen.map_or(Screen::MainMenu, |s| *s.get()),
            activity.map(|a| *a.get()),
            turn.map(|turn| upcoming_turn(turn, next_turn)),
            players,
            analysis,
        )
    }
}

/// Whether a lesson or a puzzle is on the board: a run condition.
pub fn practising(mode: CurrentMode) -> bool {
    mode.get().practising()
}

/// Whether the AI plays both sides of the game on the board: a run
/// condition.
pub fn in_exhibition(mode: CurrentMode) -> bool {
    mode.get().exhibition()
}

/// Whether the game on the board is being reviewed: a run condition.
pub fn in_review(mode: CurrentMode) -> bool {
    mode.get().reviewing()
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
            None,
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
        let lesson = Mode::of(Screen::Playing, Some(Activity::Lesson), None, &players, off);
        assert!(matches!(lesson, Mode::Lesson(_)));
        assert!(lesson.practising());
        assert_eq!(lesson.autosave_kind(), None);
        for screen in [Screen::MainMenu, Screen::Games, Screen::Lessons] {
            assert_eq!(Mode::of(screen, None, None, &players, off), Mode::Menu);
        }
        let editor = Mode::of(Screen::Editor, None, None, &players, off);
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
            None,
            &players,
            AnalysisSwitch(false),
        );
        assert_eq!(off_the_board.online(), None);
        let review = Mode::of(
            Screen::Playing,
            Some(Activity::Game),
            Some(Turn::Review),
            &players,
            AnalysisSwitch(false),
        );
        assert!(review.reviewing());
        assert_eq!(review.autosave_kind(), Some(PlayKind::Online));
    }
}
