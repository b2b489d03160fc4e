//! The round trip of a move between two iroh endpoints on loopback (the
//! local mode): the host plays, the joiner's session checks the move and
//! answers with a random legal move, and the host's session checks that.
//! Games of up to 300 moves (a turn limit of 150) follow one another until
//! N round trips are measured.
//!
//! `cargo run --release -p hive-net --example round_trip -- 1000`

use std::thread;
use std::time::{Duration, Instant};

use hive_net::{
    Event, GameSettings, HouseRules, Link, Network, Role, Secret, Session, SessionEvent,
};
use hive_rules::Color;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Runs one end until its game is over and the peer has confirmed it;
/// the host times each of its moves until the joiner's answer is applied.
fn run(mut link: Link, mut session: Session, seed: u64, times: &mut Vec<Duration>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sent_at: Option<Instant> = None;
    let mut legal = Vec::new();
    while !(session.result().is_some() && session.peer_saw_end()) {
        for event in link.wait(Duration::from_millis(100)) {
            match event {
                Event::Connected { .. } => session.connected(),
                Event::Disconnected { .. } => session.disconnected(),
                Event::Message(message) => {
                    for event in session.receive(message).unwrap_or_default() {
                        match event {
                            SessionEvent::SettingsProposed(_) => {
                                let _ = session.accept_settings();
                            }
                            SessionEvent::Moved { .. } => {
                                if let Some(at) = sent_at.take() {
                                    times.push(at.elapsed());
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if session.is_my_turn() {
            let game = session.game();
            legal.clear();
            game.legal_moves(&mut legal);
            if let Some(&mv) = legal.get(rng.random_range(0..legal.len().max(1))) {
                let text = game.move_string(mv);
                if session.play(&text).is_ok() && session.result().is_none() {
                    sent_at = Some(Instant::now());
                }
            }
        }
        for message in session.take_outgoing() {
            link.send(message);
        }
    }
    link.close();
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn main() {
    let wanted: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut times = Vec::with_capacity(wanted);
    let mut games = 0u64;
    let started = Instant::now();
    while times.len() < wanted {
        let secret = Secret::random();
        let settings = GameSettings {
            game_type: "Base+MLP".into(),
            host_side: Color::White,
            clock: None,
            house_rules: HouseRules {
                turn_limit: Some(151),
                ..HouseRules::default()
            },
            host_name: "Host".into(),
            joiner_name: String::new(),
            round: 1,
        };
        let Ok(host_link) = Link::host(Network::Local) else {
            eprintln!("the host could not bind");
            std::process::exit(1);
        };
        let invitation = host_link.invitation(secret, Role::Player);
        let Ok(join_link) = Link::join(Network::Local, &invitation) else {
            eprintln!("the joiner could not start");
            std::process::exit(1);
        };
        let Ok(host) = Session::host(secret, settings) else {
            std::process::exit(1);
        };
        let joiner = Session::join(secret, "Joiner");
        let seed = games;
        let other = thread::spawn(move || run(join_link, joiner, seed + 1000, &mut Vec::new()));
        run(host_link, host, seed, &mut times);
        let _ = other.join();
        games += 1;
    }
    times.truncate(wanted);
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "{} round trips in {games} games ({:.1} s): p50 {:.0} µs, p99 {:.0} µs, mean {:.0} µs, max {:.0} µs",
        times.len(),
        started.elapsed().as_secs_f64(),
        us(percentile(&times, 0.5)),
        us(percentile(&times, 0.99)),
        us(mean),
        us(times.last().copied().unwrap_or_default()),
    );
}
