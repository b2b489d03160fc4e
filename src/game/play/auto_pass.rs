//! The automatic pass: when the person to move has no legal move, the pass
//! is announced on the message line (see `core`'s turn) and played by
//! itself after a short pause, scaled like the animations; no button to
//! hunt for. With [`Settings::auto_pass`] off, the Pass button waits instead. The AI
//! passes by itself in any case.

use bevy::prelude::*;

use crate::game::board::AnimationSettings;
use crate::game::core::{CurrentGame, CurrentMode, ForcedPass, PlayMove, Players, Settings};
use crate::rules::Move;

/// How long the announcement shows before the pass, at the normal speed.
const PASS_SECONDS: f32 = 1.0;

/// When the pass waiting now is played: the game id and move count it is
/// for, and the time.
#[derive(Resource, Debug, Default)]
pub(super) struct PendingPass(Option<(u64, u32, f64)>);

pub(super) fn pass_when_forced(
    (forced, settings, mode): (Res<ForcedPass>, Res<Settings>, CurrentMode),
    current: Res<CurrentGame>,
    players: Res<Players>,
    time: Res<Time>,
    mut pending: ResMut<PendingPass>,
    mut play: MessageWriter<PlayMove>,
) {
    let game = current.game();
    let now = time.elapsed_secs_f64();
    // In a lesson the player presses Pass (there is a lesson about it).
    let due = forced.0
        && settings.auto_pass
        && !mode.get().practising()
        && !players.moves_elsewhere(game);
    let key = (players.game_id, game.ply());
    match pending.0 {
        _ if !due => pending.0 = None,
        Some((id, ply, at)) if (id, ply) == key => {
            if now >= at {
                info!("{} has no legal move: passing", game.to_move());
                play.write(PlayMove(Move::Pass));
                pending.0 = None;
            }
        }
        _ => {
            pending.0 = Some((
                key.0,
                key.1,
                now + AnimationSettings::of(&settings).pause(PASS_SECONDS),
            ))
        }
    }
}
