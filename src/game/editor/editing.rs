//! The position editor ("Set up a position"): a board edited by hand, the
//! reasons it could not arise in a game in words (with their cells), and
//! the hand-off of a valid position to play, to analysis or to the
//! clipboard as a GameString.
//!
//! The editor is a screen of its own ([`Screen::Editor`]), opened from the
//! main menu on an empty board or from a game on its position (the game
//! comes back as it was with Back, in the activity it was in: a lesson or
//! a puzzle goes on). The board being edited is a
//! [`Setup`]: nothing stops it from holding nonsense, and
//! [`Setup::problems`] says what is wrong, worded again after every edit.
//! A position is handed on as a game of legal moves that reaches it,
//! found by [`Setup::reach`] on the async compute pool (a search of up to
//! about a second, never on the frame). When the only game found reaches
//! it at another turn than the one set, Play and Analyse say so first and
//! wait for the player to go on at that turn or keep editing.
//!
//! While the player edits, the board's frame and the hands' slots stay
//! put ([`layout`](super::layout)).

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::game::core::SetAnalysis;
use crate::game::core::{
    Activity, CurrentGame, CurrentMode, Jump, Players, Screen, Settings, Turn, Words,
};

use super::layout::BoardFrame;
use crate::learn::{Budget, PlaceError, Reached, Setup, Unreachable};
use crate::records::Seats;
use crate::rules::{Color, Game, GameType, Hex, Piece};
use crate::text::{Args, Texts, Worded, capitalized};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>();
    app.add_message::<EditorRequest>();
}

/// What the editor's screen (and a game's analysis panel) asks for.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum EditorRequest {
    /// Open the editor on an empty board of this game type.
    OpenEmpty(GameType),
    /// Open the editor on the position of the game in play; Back returns
    /// to the game as it is.
    OpenFromGame,
    /// Take this piece (in hand or on top of a stack) to place it next, or
    /// put it down (`None`).
    Pick(Option<Piece>),
    /// Put a piece on a cell, on top of what is there.
    Place(Piece, Hex),
    /// Take the top piece of a cell back to its owner's hand.
    Remove(Hex),
    /// The side to move.
    SetToMove(Color),
    /// The side to move's turn number.
    SetTurn(u32),
    /// The expansions in use.
    SetGameType(GameType),
    /// Take every piece off the board.
    Clear,
    /// Hand the position on (after finding a game that reaches it).
    Finish(Goal),
    /// Go on with the game found, at the other turn it reaches the
    /// position (after [`EditorStatus::OtherTurn`]).
    GoOn,
    /// Keep editing instead (after [`EditorStatus::OtherTurn`]).
    KeepEditing,
    /// Frame the board around the pieces again.
    Fit,
    /// Leave: back to the game the editor was opened from, or to the main
    /// menu.
    Back,
}

/// Where a finished position goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Play on from it, with these seats.
    Play(Seats),
    /// Analyse it with the engine (both sides at the screen).
    Analyse,
    /// Write it as a GameString, for the clipboard.
    Copy,
}

/// What the editor's bar says about the last thing asked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum EditorStatus {
    /// Nothing to say.
    #[default]
    Idle,
    /// An edit was refused, and why.
    Refused(String),
    /// A game reaching the position is being looked for.
    Searching(Goal),
    /// No game reaches the position, and why.
    Unreachable(String),
    /// The game found reaches the position only at another turn: said
    /// before the position is handed on (Play or Analyse), which waits for
    /// [`EditorRequest::GoOn`] or [`EditorRequest::KeepEditing`].
    OtherTurn {
        /// Where it was going.
        goal: Goal,
        /// The turn the game reaches it at.
        turn: u32,
        /// The turn set in the editor.
        requested: u32,
        /// What to tell the player.
        note: String,
    },
    /// The position as a GameString (copied to the clipboard by the
    /// screen), with a note when the turn differs from the one asked for.
    Written {
        /// The GameString.
        game_string: String,
        /// The turn note, if any.
        note: Option<String>,
    },
}

/// A game to put on the board once the game screen is up.
#[derive(Debug, Clone)]
struct Handoff {
    current: CurrentGame,
    players: Players,
    analyse: bool,
    note: Option<String>,
    /// What the player was doing with it (a game for a position edited).
    activity: Activity,
}

/// The position being edited, and what the editor is doing with it.
#[derive(Resource, Default)]
pub struct Editor {
    /// The board being edited.
    pub setup: Option<Setup>,
    /// The piece to place with the next click on the board.
    pub picked: Option<Piece>,
    /// Why the position could not arise in a game, each in words with its
    /// cells (worded again after every edit).
    pub problems: Vec<Worded>,
    /// What the bar says.
    pub status: EditorStatus,
    /// Whether the GameString in the status is still to be copied.
    pub copy_pending: bool,
    /// The cells the board shows (kept while editing).
    pub frame: BoardFrame,
    /// The game found at another turn, until the player answers.
    other_turn: Option<Handoff>,
    /// The game the editor was opened from, to go back to.
    back: Option<Handoff>,
    reaching: Option<(Goal, Task<Result<Reached, Unreachable>>)>,
    handoff: Option<Handoff>,
}

impl Editor {
    /// The board being edited (an empty base board before any is opened).
    pub fn setup(&self) -> Setup {
        self.setup
            .clone()
            .unwrap_or_else(|| Setup::new(GameType::BASE))
    }

    /// Whether Back returns to a game (else to the main menu).
    pub fn opened_from_game(&self) -> bool {
        self.back.is_some()
    }

    /// Whether a game reaching the position is being looked for.
    pub fn searching(&self) -> bool {
        self.reaching.is_some()
    }

    fn reword(&mut self, words: &Texts) {
        self.problems = self
            .setup
            .as_ref()
            .map(|setup| setup.problems().iter().map(|p| words.problem(p)).collect())
            .unwrap_or_default();
    }

    fn open(&mut self, setup: Setup, back: Option<Handoff>, words: &Texts) {
        *self = Editor {
            frame: BoardFrame::fit(&setup),
            setup: Some(setup),
            back,
            ..Editor::default()
        };
        self.reword(words);
    }

    /// Whether the player is asked about another turn.
    pub fn asking(&self) -> bool {
        self.other_turn.is_some()
    }
}

/// A refused edit in words.
fn refusal(words: &Texts, error: &PlaceError) -> String {
    let text = match error {
        PlaceError::NotInGame { piece, game_type } => words.format(
            "editor-refused-not-in-game",
            &Args::new()
                .with("piece", words.piece(*piece))
                .with("bug", words.bug(piece.bug(), 1))
                .with("game-type", game_type.to_string()),
        ),
        PlaceError::Covered { piece, by } => words.format(
            "editor-refused-covered",
            &Args::new()
                .with("piece", words.piece(*piece))
                .with("by", words.piece(*by)),
        ),
    };
    capitalized(&text)
}

/// Carries out the screen's requests (edits, hand-offs, leaving).
pub(super) fn handle_requests(
    mut requests: MessageReader<EditorRequest>,
    mut editor: ResMut<Editor>,
    words: Res<Words>,
    (current, players, mode): (Res<CurrentGame>, Res<Players>, CurrentMode),
    mut next_screen: ResMut<NextState<Screen>>,
    (activity, mut next_activity): (Option<Res<State<Activity>>>, ResMut<NextState<Activity>>),
) {
    for request in requests.read() {
        let words = &words.0;
        match request.clone() {
            EditorRequest::OpenEmpty(game_type) => {
                editor.open(Setup::new(game_type), None, words);
                next_screen.set(Screen::Editor);
            }
            EditorRequest::OpenFromGame => {
                let back = Handoff {
                    current: current.clone(),
                    players: *players,
                    analyse: mode.get().analysing(),
                    note: None,
                    activity: activity.as_ref().map(|a| *a.get()).unwrap_or_default(),
                };
                editor.open(Setup::from_game(current.game()), Some(back), words);
                next_screen.set(Screen::Editor);
            }
            EditorRequest::Back => {
                editor.reaching = None;
                match editor.back.take() {
                    Some(back) => {
                        // With the screen, so the board comes back in it.
                        next_activity.set(back.activity);
                        editor.handoff = Some(back);
                        next_screen.set(Screen::Playing);
                    }
                    None => next_screen.set(Screen::MainMenu),
                }
            }
            EditorRequest::GoOn => {
                if let Some(handoff) = editor.other_turn.take() {
                    editor.handoff = Some(handoff);
                    editor.status = EditorStatus::Idle;
                    next_screen.set(Screen::Playing);
                }
            }
            EditorRequest::KeepEditing => {
                editor.other_turn = None;
                editor.status = EditorStatus::Idle;
            }
            EditorRequest::Fit => {
                let setup = editor.setup();
                editor.frame = BoardFrame::fit(&setup);
            }
            EditorRequest::Finish(goal) => {
                if editor.reaching.is_some() {
                    continue;
                }
                editor.other_turn = None;
                let setup = editor.setup();
                editor.status = EditorStatus::Searching(goal);
                let task =
                    AsyncComputeTaskPool::get().spawn(async move { setup.reach(Budget::DEFAULT) });
                editor.reaching = Some((goal, task));
            }
            edit => {
                let clearing = edit == EditorRequest::Clear;
                let mut setup = editor.setup();
                let mut status = EditorStatus::Idle;
                let mut picked = editor.picked;
                match edit {
                    EditorRequest::Pick(piece) => picked = piece,
                    EditorRequest::Place(piece, hex) => match setup.place(piece, hex) {
                        Ok(()) => picked = None,
                        Err(error) => status = EditorStatus::Refused(refusal(words, &error)),
                    },
                    EditorRequest::Remove(hex) => {
                        setup.remove(hex);
                    }
                    EditorRequest::SetToMove(color) => setup.set_to_move(color),
                    EditorRequest::SetTurn(turn) => setup.set_turn(turn),
                    EditorRequest::SetGameType(game_type) => setup.set_game_type(game_type),
                    EditorRequest::Clear => setup.clear(),
                    _ => {}
                }
                // A piece the game type no longer uses cannot stay picked.
                picked = picked.filter(|p| setup.game_type().includes(p.bug()));
                // The board stays put unless it no longer holds the pieces;
                // a cleared one starts afresh.
                editor.frame = if clearing {
                    BoardFrame::fit(&setup)
                } else {
                    editor.frame.keep_or_grow(&setup)
                };
                // An edit answers the question about another turn.
                editor.other_turn = None;
                editor.setup = Some(setup);
                editor.picked = picked;
                editor.status = status;
                editor.reword(words);
            }
        }
    }
}

/// The search's answer: the position handed on, or why it cannot be.
pub(super) fn collect_the_game(
    mut editor: ResMut<Editor>,
    words: Res<Words>,
    (players, settings): (Res<Players>, Res<Settings>),
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some((goal, task)) = editor.reaching.as_mut() else {
        return;
    };
    let goal = *goal;
    let Some(result) = check_ready(task) else {
        return;
    };
    editor.reaching = None;
    let reached = match result {
        Ok(reached) => reached,
        Err(why) => {
            editor.status = EditorStatus::Unreachable(words.0.unreachable(&why));
            return;
        }
    };
    let note = words.0.turn_note(&reached);
    match goal {
        Goal::Copy => {
            editor.status = EditorStatus::Written {
                game_string: reached.game.game_string(),
                note,
            };
            editor.copy_pending = true;
        }
        Goal::Play(_) | Goal::Analyse => {
            let seats = match goal {
                Goal::Play(seats) => seats,
                _ => Seats::Human,
            };
            let (turn, requested) = (reached.turn, reached.requested_turn);
            let mut game: Game = reached.game;
            game.set_options(settings.rules);
            let handoff = Handoff {
                current: CurrentGame::new(game),
                players: Players::seated(players.game_id + 1, seats),
                analyse: goal == Goal::Analyse,
                note: note.clone(),
                activity: Activity::Game,
            };
            match note {
                // Said first: the player goes on at that turn or not.
                Some(note) => {
                    editor.other_turn = Some(handoff);
                    editor.status = EditorStatus::OtherTurn {
                        goal,
                        turn,
                        requested,
                        note,
                    };
                }
                None => {
                    editor.handoff = Some(handoff);
                    editor.status = EditorStatus::Idle;
                    next_screen.set(Screen::Playing);
                }
            }
        }
    }
}

/// Puts the handed-on game on the board, once the game screen is up.
pub(super) fn set_up_the_game(
    mut editor: ResMut<Editor>,
    mut jump: Jump,
    mut analysis: MessageWriter<SetAnalysis>,
) {
    let Some(handoff) = editor.handoff.take() else {
        return;
    };
    let game_id = jump.players().game_id + 1;
    jump.seat(Players {
        game_id,
        ..handoff.players
    });
    jump.change(Turn::AwaitingInput, |current| {
        *current = handoff.current;
        true
    });
    if handoff.analyse {
        analysis.write(SetAnalysis(true));
    }
    if let Some(note) = handoff.note {
        jump.notice().show(note);
    }
}
