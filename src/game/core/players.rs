//! Starting games: the settings the next game starts with (chosen in the main
//! menu or on the command line), and the `NewGame` message that restarts.
//!
//! Entering the playing screen starts a game; so does `NewGame` during one
//! ("Restart" in the top bar, "New game" after a win), with the same
//! players as the game it replaces (also a game resumed or loaded against
//! the AI), which become the next game's settings. Each game started gets
//! a fresh id in [`Players`], with the side the AI plays in it, if any (a
//! "random" side is drawn then).

use bevy::prelude::*;

use super::GameSystems;
use super::clock::GameClock;
use super::current_game::CurrentGame;
use super::notice::Notice;
use super::screens::Screen;
use super::turn::Turn;
use crate::ai::Difficulty;
use crate::records::{Seats, Settings, TimeControl};
use crate::rules::{Color, Game, GameType, Options};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameSettings>();
    app.init_resource::<Players>();
    app.init_resource::<GameOptions>();
    app.init_resource::<AskBeforeLeaving>();
    app.init_resource::<RestartedFrom>();
    app.add_message::<NewGame>();
    app.add_systems(OnEnter(Screen::Playing), start_game);
    app.add_systems(
        Update,
        restart_on_request
            .in_set(GameSystems::Jump)
            .in_set(Restart)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Whether Restart, Main menu, Quit and Load ask first when the game is not
/// over (a setting, on by default).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AskBeforeLeaving(pub bool);

impl Default for AskBeforeLeaving {
    fn default() -> Self {
        AskBeforeLeaving(true)
    }
}

/// The game a Restart left, while it can be brought back (by Undo, until a
/// move of the new game is played): the game, its players and its clocks.
#[derive(Resource, Debug, Default)]
pub struct RestartedFrom(pub Option<(CurrentGame, Players, GameClock)>);

/// Restarting on [`NewGame`]: first of the jumps, so nothing meant for the
/// old game reaches the new one.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Restart;

/// What the next game starts with.
#[derive(Resource, Debug, Clone)]
pub struct NewGameSettings {
    /// The expansion pieces in the box.
    pub game_type: GameType,
    /// A position to start from instead of an empty table (for demos and
    /// measurements); its game type wins over `game_type`.
    pub opening: Option<Game>,
    /// Who plays against the human.
    pub opponent: Opponent,
    /// The AI's preset (when the opponent is the AI).
    pub difficulty: Difficulty,
    /// The side the human plays against the AI.
    pub human_side: HumanSide,
    /// The clocks' time control (`None`: untimed, the default).
    pub time_control: Option<TimeControl>,
    /// Whether the clocks stand still while the window is not focused.
    pub pause_clock_unfocused: bool,
}

impl Default for NewGameSettings {
    fn default() -> Self {
        NewGameSettings {
            game_type: GameType::default(),
            opening: None,
            opponent: Opponent::Human,
            difficulty: Difficulty::Medium,
            human_side: HumanSide::White,
            time_control: None,
            pause_clock_unfocused: false,
        }
    }
}

/// Who plays the other side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one screen.
    #[default]
    Human,
    /// The computer.
    Ai,
    /// No human: the AI plays both sides, at these presets (an exhibition,
    /// see `exhibition`).
    Exhibition {
        /// White's preset.
        white: Difficulty,
        /// Black's preset.
        black: Difficulty,
    },
}

/// The side the human takes against the AI.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HumanSide {
    /// White, who moves first.
    #[default]
    White,
    /// Black.
    Black,
    /// Drawn at random for each game.
    Random,
}

impl HumanSide {
    /// All choices, in menu order.
    pub const ALL: [HumanSide; 3] = [HumanSide::White, HumanSide::Black, HumanSide::Random];

    /// The choice's name in English, for logs (the menu shows the
    /// `menu-white`, `menu-black` and `menu-random` messages).
    pub fn name(self) -> &'static str {
        match self {
            HumanSide::White => "White",
            HumanSide::Black => "Black",
            HumanSide::Random => "Random",
        }
    }
}

/// Who plays the game in progress: its id (a new one for every game
/// started, so an AI search for an older game is recognised as stale) and
/// the AI's side and preset, if the AI plays (both sides' presets in an
/// exhibition).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Players {
    /// Counts games started since the app began.
    pub game_id: u64,
    /// The side the AI plays and its preset.
    pub ai: Option<(Color, Difficulty)>,
    /// In an AI vs AI exhibition, White's and Black's presets (`ai` is
    /// then `None`).
    pub exhibition: Option<(Difficulty, Difficulty)>,
}

impl Players {
    /// Whether the AI is to move in `game` (false once it is over).
    pub fn ai_to_move(&self, game: &Game) -> bool {
        !game.status().is_over() && self.ai_preset(game.to_move()).is_some()
    }

    /// The preset the AI plays `side` with, if the AI plays it.
    pub fn ai_preset(&self, side: Color) -> Option<Difficulty> {
        match (self.exhibition, self.ai) {
            (Some((white, _)), _) if side == Color::White => Some(white),
            (Some((_, black)), _) => Some(black),
            (None, Some((ai, preset))) if ai == side => Some(preset),
            (None, _) => None,
        }
    }

    /// Who sits at the board, as the autosave records it.
    pub fn seats(&self) -> Seats {
        match (self.exhibition, self.ai) {
            (Some((white, black)), _) => Seats::Exhibition { white, black },
            (None, Some((side, difficulty))) => Seats::Ai { side, difficulty },
            (None, None) => Seats::Human,
        }
    }

    /// The players of game `game_id` seated as `seats` says.
    pub fn seated(game_id: u64, seats: Seats) -> Players {
        let (ai, exhibition) = match seats {
            Seats::Human => (None, None),
            Seats::Ai { side, difficulty } => (Some((side, difficulty)), None),
            Seats::Exhibition { white, black } => (None, Some((white, black))),
        };
        Players {
            game_id,
            ai,
            exhibition,
        }
    }

    /// The players of the next game, with `settings`.
    pub fn next(&self, settings: &NewGameSettings) -> Players {
        let ai = match settings.opponent {
            Opponent::Human | Opponent::Exhibition { .. } => None,
            Opponent::Ai => {
                let human = match settings.human_side {
                    HumanSide::White => Color::White,
                    HumanSide::Black => Color::Black,
                    HumanSide::Random if rand::random::<bool>() => Color::White,
                    HumanSide::Random => Color::Black,
                };
                Some((human.opponent(), settings.difficulty))
            }
        };
        let exhibition = match settings.opponent {
            Opponent::Exhibition { white, black } => Some((white, black)),
            Opponent::Human | Opponent::Ai => None,
        };
        Players {
            game_id: self.game_id + 1,
            ai,
            exhibition,
        }
    }
}

impl NewGameSettings {
    /// A fresh game with these settings.
    pub fn new_game(&self) -> Game {
        match &self.opening {
            Some(game) => game.clone(),
            None => Game::new(self.game_type),
        }
    }
}

/// Throw the current game away and start a new one with the same settings
/// (handled early in the frame, in [`GameSystems::Jump`], so nothing meant
/// for the old game reaches the new one).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NewGame;

/// The optional rules games are started with: by default the house rules
/// (tournament opening, draw at turn 100), as the settings' defaults say.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions(pub Options);

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions(Settings::default().options())
    }
}

impl GameOptions {
    /// `game` under these rules.
    fn apply(self, mut game: Game) -> Game {
        game.set_options(self.0);
        game
    }
}

fn start_game(
    settings: Res<NewGameSettings>,
    options: Res<GameOptions>,
    mut game: ResMut<CurrentGame>,
    mut players: ResMut<Players>,
    mut notice: ResMut<Notice>,
    mut clock: ResMut<GameClock>,
) {
    *game = CurrentGame::new(options.apply(settings.new_game()));
    *clock = GameClock::start(settings.time_control);
    *players = players.next(&settings);
    notice.clear();
}

/// The players of a game restarted from one played by `players`: the same
/// seats (the AI's side drawn again when the player chose a random side),
/// with `settings` made to say so, so the main menu and the next game keep
/// the opponent played (a game resumed against the AI stays one).
fn restarted(players: &Players, settings: &mut NewGameSettings) -> (Players, bool) {
    let mut next = settings.clone();
    match players.seats() {
        Seats::Human => next.opponent = Opponent::Human,
        Seats::Ai { side, difficulty } => {
            next.opponent = Opponent::Ai;
            next.difficulty = difficulty;
            if next.human_side != HumanSide::Random {
                next.human_side = match side {
                    Color::White => HumanSide::Black,
                    Color::Black => HumanSide::White,
                };
            }
        }
        Seats::Exhibition { white, black } => next.opponent = Opponent::Exhibition { white, black },
    }
    let changed = (next.opponent, next.difficulty, next.human_side)
        != (settings.opponent, settings.difficulty, settings.human_side);
    if changed {
        *settings = next;
    }
    (players.next(settings), changed)
}

fn restart_on_request(
    mut requests: MessageReader<NewGame>,
    mut settings: ResMut<NewGameSettings>,
    options: Res<GameOptions>,
    mut game: ResMut<CurrentGame>,
    mut players: ResMut<Players>,
    (mut notice, words): (ResMut<Notice>, Res<super::Words>),
    (mut next_turn, mut clock, mut left): (
        ResMut<NextState<Turn>>,
        ResMut<GameClock>,
        ResMut<RestartedFrom>,
    ),
) {
    if requests.read().count() == 0 {
        return;
    }
    let unfinished = !game.is_empty() && !game.full_game().status().is_over();
    let new = CurrentGame::new(options.apply(settings.new_game()));
    let old = std::mem::replace(&mut *game, new);
    left.0 = unfinished.then(|| (old, *players, *clock));
    *clock = GameClock::start(settings.time_control);
    // Marked changed (and so saved) only when the opponent differs.
    let (next, changed) = restarted(&players, settings.bypass_change_detection());
    if changed {
        settings.set_changed();
    }
    *players = next;
    notice.clear();
    if unfinished {
        notice.show(words.get("notice-new-game"));
    }
    next_turn.set(Turn::AwaitingInput);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_round_trip_through_the_autosaves_seats() {
        let cases = [
            Players::default(),
            Players {
                ai: Some((Color::Black, Difficulty::Medium)),
                ..Players::default()
            },
            Players {
                exhibition: Some((Difficulty::Easy, Difficulty::Expert)),
                ..Players::default()
            },
        ];
        for players in cases {
            let seated = Players::seated(players.game_id, players.seats());
            assert_eq!(seated, players);
        }
    }
}
