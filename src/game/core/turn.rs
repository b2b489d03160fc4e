//! The turn state machine, and playing moves.
//!
//! While a game is on screen, [`Turn`] is one of: awaiting input (a player
//! picks a move), animating (the moved piece slides; input is ignored),
//! game over, and review (stepping through the moves; nothing is played).
//! A `PlayMove` message is checked by the rules engine and played, and the
//! turn becomes `Animating`; the board's animation ends that state when its
//! pieces have landed. A player with no legal move is told so; the
//! pass is played by itself after a moment (`play`'s automatic pass), or a
//! Pass button waits ([`ForcedPass`], [`Settings::auto_pass`]): passes are never silent. In review nothing
//! is played, so such a position is shown without the call to pass.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::GameSystems;
use super::current_game::CurrentGame;
use super::notice::Notices;
use super::screens::Screen;
use super::settings::Settings;
use crate::rules::{Hex, Move, RuleError};

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<Turn>();
    app.init_resource::<ForcedPass>();
    app.add_message::<PlayMove>();
    app.add_message::<MoveRefused>();
    app.add_message::<MovePlayed>();
    app.add_systems(
        Update,
        play_requested_moves
            .in_set(GameSystems::Play)
            .run_if(in_state(Turn::AwaitingInput)),
    );
    app.add_systems(
        Update,
        (
            announce_forced_pass
                .run_if(resource_changed::<CurrentGame>.or_else(state_changed::<Turn>)),
            end_finished_game,
        )
            .chain()
            .in_set(GameSystems::Sync)
            .in_set(TurnChecks)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The checks of the turn after the game changed (forced pass, game over).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnChecks;

/// Where the current turn stands.
#[derive(SubStates, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Turn {
    /// The side to move chooses a move.
    #[default]
    AwaitingInput,
    /// The last move's piece is sliding into place.
    Animating,
    /// A queen is surrounded (or both), or a draw rule ended the game.
    GameOver,
    /// The game is being reviewed move by move: no moves are played and the
    /// AI does not search.
    Review,
}

/// The one way the turn changes: every feature asks it of this parameter,
/// by what happened (a move played, its pieces landed, the game ended off
/// the board, a game started, a jump), and this module alone writes the
/// state. A request that does not apply (the pieces landing after a jump
/// already changed the turn this frame) is ignored here.
#[derive(SystemParam)]
pub struct TurnControl<'w> {
    turn: Option<Res<'w, State<Turn>>>,
    next: ResMut<'w, NextState<Turn>>,
}

impl TurnControl<'_> {
    /// The turn now (none off the playing screen).
    pub fn now(&self) -> Option<Turn> {
        self.turn.as_deref().map(|turn| *turn.get())
    }

    /// The turn as it will be once this frame's change is applied.
    pub fn upcoming(&self) -> Option<Turn> {
        self.turn
            .as_deref()
            .map(|turn| upcoming_turn(turn, &self.next))
    }

    /// Whether a change of the turn was asked for this frame already.
    pub fn pending(&self) -> bool {
        !matches!(*self.next, NextState::Unchanged)
    }

    /// The pieces of the last move have landed: the game goes on, or it is
    /// over. Only while animating, and not over a change asked for this
    /// frame (a jump under the slide).
    pub fn landed(&mut self, over: bool) {
        if self.now() != Some(Turn::Animating) || self.pending() {
            return;
        }
        self.next.set(if over {
            Turn::GameOver
        } else {
            Turn::AwaitingInput
        });
    }

    /// The game ended off the board (a flag fell, a resignation, an online
    /// game ended by agreement or by the friend).
    pub fn end(&mut self) {
        NextState::set_if_neq(&mut self.next, Turn::GameOver);
    }

    /// A game starts or restarts: the first move is awaited.
    pub fn start(&mut self) {
        self.next.set(Turn::AwaitingInput);
    }

    /// The position on the board was replaced ([`Jump`](super::Jump)): the
    /// turn it goes on with (awaiting input, or review).
    pub fn jumped(&mut self, turn: Turn) {
        NextState::set_if_neq(&mut self.next, turn);
    }

    /// A move was played: its piece slides.
    fn played(&mut self) {
        self.next.set(Turn::Animating);
    }
}

/// The turn as it will be once this frame's transition is applied: a
/// change asked for this frame (say, a jump into review) counts already.
pub fn upcoming_turn(turn: &State<Turn>, next: &NextState<Turn>) -> Turn {
    match next {
        NextState::Pending(next) | NextState::PendingIfNeq(next) => *next,
        NextState::Unchanged => *turn.get(),
    }
}

/// Play this move for the side to move (ignored unless it is legal).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayMove(pub Move);

/// A move was just played; `path` is the cells it passed through.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// Its cells from start to end (see `Game::path_of`).
    pub path: Vec<Hex>,
    /// A pillbug threw the piece (see `Game::is_throw`).
    pub thrown: bool,
}

/// A move the player tried was refused by the rules (a click or a drop on
/// a cell the piece cannot go to, or a move request), and why: a lesson
/// adds its hint.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveRefused(pub RuleError);

/// Whether the side to move has no legal move and must pass.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ForcedPass(pub bool);

fn play_requested_moves(
    mut requests: MessageReader<PlayMove>,
    mut current: ResMut<CurrentGame>,
    (mut notice, words, mut refused): (Notices, Res<super::Words>, MessageWriter<MoveRefused>),
    mut played: MessageWriter<MovePlayed>,
    mut turn: TurnControl,
) {
    // One move per frame: after it, the turn is animating.
    let Some(&PlayMove(mv)) = requests.read().next() else {
        return;
    };
    requests.clear();
    // Checked first: a refused move leaves the game untouched and unmarked,
    // so nothing that follows the game recomputes or rewrites anything.
    let checked = current
        .game()
        .check_move(mv)
        .map(|()| (current.game().path_of(mv), current.game().is_throw(mv)));
    match checked.and_then(|how| current.bypass_change_detection().play(mv).map(|()| how)) {
        Ok((path, thrown)) => {
            current.set_changed();
            info!(
                "move played: {}",
                current.notation().last().copied().unwrap_or_default()
            );
            notice.clear();
            played.write(MovePlayed { mv, path, thrown });
            turn.played();
        }
        Err(err) => {
            info!("move refused: {err}");
            notice.show_worded(words.reason(&err, Some(current.game())));
            refused.write(MoveRefused(err));
        }
    }
}

fn announce_forced_pass(
    current: Res<CurrentGame>,
    (settings, mode, words): (Res<Settings>, super::CurrentMode, Res<super::Words>),
    turn: Res<State<Turn>>,
    next_turn: Res<NextState<Turn>>,
    mut forced: ResMut<ForcedPass>,
    mut notice: Notices,
) {
    let game = current.game();
    let playing = matches!(
        upcoming_turn(&turn, &next_turn),
        Turn::AwaitingInput | Turn::Animating
    );
    let must_pass = playing && {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves == [Move::Pass]
    };
    forced.set_if_neq(ForcedPass(must_pass));
    if must_pass {
        let key = if settings.auto_pass && !mode.get().practising() {
            "notice-passes"
        } else {
            "notice-must-pass"
        };
        let args = super::with_color(&words, crate::text::Args::new(), game.to_move());
        notice.show(words.format(key, &args));
    }
}

/// A game shown while awaiting input that is already over (a resumed or
/// continued game, or a draw rule switched on) ends.
fn end_finished_game(current: Res<CurrentGame>, mut turn: TurnControl) {
    if turn.now() == Some(Turn::AwaitingInput)
        && !turn.pending()
        && current.game().status().is_over()
    {
        turn.end();
    }
}
