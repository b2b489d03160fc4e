//! Who chooses a headless side's moves: our AI at a level, or an external
//! UHP engine (one second a move).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hive_ai::{Difficulty, Engine};
use hive_rules::Game;
use hive_uhp::UhpClient;

use super::PlayerArgs;

/// Who chooses our moves.
pub(super) enum Mover {
    Ai(Box<Engine>, Difficulty, u64),
    Uhp(Box<UhpClient>),
}

impl Mover {
    pub(super) fn new(args: &PlayerArgs) -> Result<Mover, String> {
        match &args.engine {
            Some(command) => {
                let mut words = command.split_whitespace();
                let program = words.next().ok_or("--engine: an empty command")?;
                let rest: Vec<&str> = words.collect();
                let client = UhpClient::spawn(program, &rest).map_err(|e| e.to_string())?;
                Ok(Mover::Uhp(Box::new(client)))
            }
            None => Ok(Mover::Ai(Box::new(Engine::new(16)), args.ai, args.seed)),
        }
    }

    pub(super) fn choose(&mut self, game: &Game) -> Result<String, String> {
        match self {
            Mover::Ai(engine, level, seed) => {
                let cancel = AtomicBool::new(false);
                let result = engine.choose(
                    game,
                    *level,
                    seed.wrapping_add(u64::from(game.ply())),
                    &cancel,
                );
                let mv = result.best.ok_or("the AI found no move")?;
                Ok(game.move_string(mv))
            }
            Mover::Uhp(client) => {
                client
                    .new_game(&game.game_string())
                    .map_err(|e| e.to_string())?;
                client
                    .best_move_time(Duration::from_secs(1))
                    .map_err(|e| e.to_string())
            }
        }
    }
}
