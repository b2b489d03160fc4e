//! Two sessions wired together in memory, and AI moves.

use std::sync::atomic::AtomicBool;

use hive_ai::{Difficulty, Engine};
use hive_net::{GameSettings, HouseRules, Message, Secret, Session, SessionEvent};
use hive_rules::{Color, Game};

pub fn settings(host_side: Color) -> GameSettings {
    GameSettings {
        game_type: "Base+MLP".into(),
        host_side,
        clock: None,
        house_rules: HouseRules::default(),
        host_name: "Host".into(),
        joiner_name: String::new(),
        round: 1,
    }
}

/// Delivers every queued message both ways until both outboxes are empty;
/// any refusal fails the test. Returns the events of each side.
pub fn pump(a: &mut Session, b: &mut Session) -> (Vec<SessionEvent>, Vec<SessionEvent>) {
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    loop {
        let from_a = a.take_outgoing();
        let from_b = b.take_outgoing();
        if from_a.is_empty() && from_b.is_empty() {
            return (ea, eb);
        }
        for m in from_a {
            eb.extend(b.receive(m).expect("b takes a's message"));
        }
        for m in from_b {
            ea.extend(a.receive(m).expect("a takes b's message"));
        }
    }
}

/// A host and a joiner through the handshake, the game started.
pub fn started_pair(host_side: Color) -> (Session, Session) {
    started_pair_with(settings(host_side))
}

/// [`started_pair`] with these settings.
pub fn started_pair_with(settings: GameSettings) -> (Session, Session) {
    let secret = Secret::random();
    let mut host = Session::host(secret, settings).expect("good settings");
    let mut joiner = Session::join(secret, "Joiner");
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    joiner.accept_settings().expect("settings proposed");
    pump(&mut host, &mut joiner);
    assert!(host.started() && joiner.started());
    (host, joiner)
}

/// A move for the side to move at a low level.
pub fn ai_move(engine: &mut Engine, game: &Game, seed: u64) -> String {
    let cancel = AtomicBool::new(false);
    let result = engine.choose(game, Difficulty::Beginner, seed, &cancel);
    let mv = result
        .best
        .expect("a legal move exists while the game is on");
    game.move_string(mv)
}

/// Moves of the game as played so far, for messages made by hand.
pub fn move_message(game: &Game, mv: &str) -> Message {
    let mut after = game.clone();
    after.play_move_string(mv).expect("a legal move");
    Message::Move {
        ply: after.ply(),
        mv: mv.into(),
        hash: format!("{:016x}", after.hash()),
        clock_ms: None,
    }
}

/// Plays `plies` AI moves between the two sessions (whoever is to move).
pub fn play_plies(host: &mut Session, joiner: &mut Session, plies: u32, seed: u64) {
    let mut engine = Engine::new(1);
    for i in 0..plies {
        if host.result().is_some() {
            return;
        }
        let mover = if host.is_my_turn() {
            &mut *host
        } else {
            &mut *joiner
        };
        let mv = ai_move(&mut engine, mover.game(), seed + u64::from(i));
        mover.play(&mv).expect("the AI's move is legal");
        pump(host, joiner);
    }
}
