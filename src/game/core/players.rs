//! Starting games: the next game started with what was chosen for it in the
//! main menu or on the command line ([`NewGameSettings`], in `next_game`),
//! and the `NewGame` message that restarts.
//!
//! Entering the playing screen starts a game; so does `NewGame` during one
//! ("Restart" in the top bar, "New game" after a win), with the same
//! players as the game it replaces (also a game resumed or loaded against
//! the AI), which become the next game's settings. Each game started gets
//! a fresh id in [`Players`], with the side the AI plays in it, if any (a
//! "random" side is drawn then). The id is the position's version rather
//! than the game's: every jump of the board (a takeback, a sync, a record
//! loaded) gives a new one too (`Jump::change`), so a search for an older
//! position is recognised; what must know a game from another keeps its
//! own id (a kept game's, an online game's [`RemoteGame`]).

use bevy::prelude::*;

use super::GameSystems;
use super::clock::GameClock;
use super::current_game::CurrentGame;
use super::next_game::{ClockChoice, NewGameSettings};
use super::notice::Notices;
use super::screens::Screen;
use super::settings::Settings;
use crate::ai::Difficulty;
use crate::records::Seats;
use crate::rules::{Color, Game};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameSettings>();
    app.init_resource::<Players>();
    app.init_resource::<RestartedFrom>();
    app.add_systems(
        Update,
        forget_the_game_left
            .in_set(GameSystems::Input)
            .before(super::Resigning)
            .run_if(resource_changed::<CurrentGame>),
    );
    app.add_message::<NewGame>();
    app.init_resource::<SeatsOnce>();
    app.add_message::<NextGameRequest>();
    app.add_systems(Last, apply_next_game_requests);
    app.init_resource::<RemoteGame>();
    app.add_systems(OnEnter(Screen::Playing), start_game.in_set(StartGame));
    app.add_systems(
        Update,
        restart_on_request
            .in_set(GameSystems::Jump)
            .in_set(Restart)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The game a Restart left, while it can be brought back (by Undo, through
/// [`Jump::bring_back_the_game_left`](super::Jump::bring_back_the_game_left),
/// until a move of the new game is played): the game, its players and its
/// clocks.
#[derive(Resource, Debug, Default)]
pub struct RestartedFrom(pub Option<(CurrentGame, Players, GameClock)>);

/// A move of the game a Restart began: the game it left is gone for good.
fn forget_the_game_left(game: Res<CurrentGame>, mut left: ResMut<RestartedFrom>) {
    if !game.is_empty() && left.0.is_some() {
        left.0 = None;
    }
}

/// Starting a game on entering the playing screen: a game that arrives
/// from elsewhere (online, watched) is put on the board after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StartGame;

/// Restarting on [`NewGame`]: first of the jumps, so nothing meant for the
/// old game reaches the new one.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Restart;

/// Who plays the game in progress: its id (a new one for every game
/// started, so an AI search for an older game is recognised as stale) and
/// its [`Seats`].
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Players {
    /// A new number for every game started and every jump of the board
    /// since the app began (see the module's docs): a position's version.
    pub game_id: u64,
    /// Who sits on each side.
    pub seats: Seats,
}

impl Players {
    /// Whether the AI is to move in `game` (false once it is over).
    pub fn ai_to_move(&self, game: &Game) -> bool {
        !game.status().is_over() && self.ai_preset(game.to_move()).is_some()
    }

    /// Whether the AI or someone over the internet is to move in `game`,
    /// not a person at this screen (false once it is over).
    pub fn moves_elsewhere(&self, game: &Game) -> bool {
        !game.status().is_over() && !self.seats.here(game.to_move())
    }

    /// The preset the AI plays `side` with, if the AI plays it.
    pub fn ai_preset(&self, side: Color) -> Option<Difficulty> {
        self.seats.preset(side)
    }

    /// The players of game `game_id` seated as `seats` says.
    pub fn seated(game_id: u64, seats: Seats) -> Players {
        Players { game_id, seats }
    }

    /// The players of the next game, seated as `settings` say.
    pub fn next(&self, settings: &Settings) -> Players {
        Players::seated(self.game_id + 1, settings.next_seats())
    }
}

/// The game on the board when it is played with someone elsewhere (an
/// online game): the friend's name and the game's own id (its secret and
/// round), set as such a game takes the board and saved with its
/// autosave, so the game is told from another (a takeback or a sync is the
/// same game) and named if it is kept unfinished later.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoteGame {
    /// The friend's name.
    pub name: Option<String>,
    /// The game's own id.
    pub id: Option<String>,
}

/// The seats of the next board opened, when it is not a game against the
/// opponent chosen in the menu (the analysis board: two hands at the
/// screen), taken once as it starts: the player's choice of opponent stays
/// as it was for the next game.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatsOnce(pub Option<Seats>);

/// What the main menu asks of the next game ([`NewGameSettings`],
/// [`SeatsOnce`]), applied at the frame's end, before the board opens.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextGameRequest {
    /// The clocks chosen.
    Clock(ClockChoice),
    /// No clock (the analysis board).
    Untimed,
    /// An empty table, not the position given at launch (another game
    /// type was chosen: the position only applies to its own).
    EmptyTable,
    /// These seats for the next board only (the analysis board: two hands
    /// at the screen), the opponent chosen for games left as it is.
    SeatOnce(Seats),
}

fn apply_next_game_requests(
    mut requests: MessageReader<NextGameRequest>,
    (mut next, mut once): (ResMut<NewGameSettings>, ResMut<SeatsOnce>),
) {
    for &request in requests.read() {
        match request {
            NextGameRequest::Clock(clock) => next.clock = clock,
            NextGameRequest::Untimed => next.clock.control = None,
            NextGameRequest::EmptyTable => next.opening = None,
            NextGameRequest::SeatOnce(seats) => once.0 = Some(seats),
        }
    }
}

/// Throw the current game away and start a new one with the same settings
/// (handled early in the frame, in [`GameSystems::Jump`], so nothing meant
/// for the old game reaches the new one).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NewGame;

fn start_game(
    next: Res<NewGameSettings>,
    settings: Res<Settings>,
    mut game: ResMut<CurrentGame>,
    (mut players, mut once): (ResMut<Players>, ResMut<SeatsOnce>),
    mut notice: Notices,
    mut clock: ResMut<GameClock>,
) {
    *game = CurrentGame::new(next.new_game(&settings));
    *clock = GameClock::start(next.clock.control);
    *players = match once.0.take() {
        Some(seats) => Players::seated(players.game_id + 1, seats),
        None => players.next(&settings),
    };
    notice.clear();
}

fn restart_on_request(
    mut requests: MessageReader<NewGame>,
    (next, mut settings): (Res<NewGameSettings>, ResMut<Settings>),
    mut game: ResMut<CurrentGame>,
    mut players: ResMut<Players>,
    (mut notice, words): (Notices, Res<super::Words>),
    (mut turn, mut clock, mut left): (super::TurnControl, ResMut<GameClock>, ResMut<RestartedFrom>),
) {
    if requests.read().count() == 0 {
        return;
    }
    let unfinished = !game.is_empty() && !game.full_game().status().is_over();
    let new = CurrentGame::new(next.new_game(&settings));
    let old = std::mem::replace(&mut *game, new);
    left.0 = unfinished.then(|| (old, *players, *clock));
    *clock = GameClock::start(next.clock.control);
    // The same seats (the AI's side drawn again when the player chose a
    // random side), and the settings made to say so, so the main menu and
    // the next game keep the opponent played (a game resumed against the
    // AI stays one): changed (and so saved) only when they differ.
    settings.set_if_neq({
        let mut seated = settings.clone();
        seated.seat_as(players.seats);
        seated
    });
    *players = players.next(&settings);
    notice.clear();
    if unfinished {
        notice.show(words.get("notice-new-game"));
    }
    turn.start();
}
