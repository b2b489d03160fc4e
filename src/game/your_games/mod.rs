//! The player's own games (`crate::db`'s kept games, in `my-games.sqlite`
//! in the data directory): every game they finish kept as it ends
//! (`keep`), listed, opened in review, forgotten and exported (`list`), and
//! the Games screen's "Your games" tab (`screen`, shown in the `ui`'s panel).

pub mod keep;
pub mod list;
pub mod screen;

use bevy::prelude::*;

pub use keep::KeptNow;
pub use list::{YourGames, YourGamesRequest};
pub use screen::{YourGamesPart, YourGamesScreen};

use crate::game::core::{GameSystems, Screen, Turn};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<keep::Following>();
    app.init_resource::<YourGames>();
    app.init_resource::<YourGamesScreen>();
    app.add_message::<YourGamesRequest>();
    app.add_systems(
        OnEnter(Turn::GameOver),
        keep::keep_the_finished_game.after(crate::game::learn::rating::rate_the_game),
    );
    app.add_systems(
        Update,
        keep::follow_the_game
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        (
            list::handle_requests,
            list::list_when_needed,
            list::finish_tasks,
        )
            .chain()
            .in_set(GameSystems::View),
    );
}
