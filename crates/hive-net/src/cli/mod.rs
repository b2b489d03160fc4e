//! The headless peers: `hive online host` and `hive online join`, each
//! playing one online game with the AI or an external UHP engine, and
//! `hive online watch`, following one.
//!
//! Output for scripts: `host` prints the invitation alone on its first line
//! of standard output (with `--watchers N`, the watch invitation on the
//! second, after `watch `); all three print each move as it is played, one
//! line each (`<ply> <MoveString>`); all end with the game's UHP GameString
//! alone on the last line, and exit 0 when the game ended normally.
//! Everything else (connection, refusals) goes to standard error.
//!
//! `host` and `join` keep their game in the data directory as it goes
//! ([`keep`], [`crate::resume`]): the same command run again after the
//! program stopped (closed, killed, the machine restarted) gets back into
//! the same game at the same move. Joining again the invitation of a game
//! over for both sides says so, prints its GameString and exits with
//! status [`ALREADY_OVER`].

mod keep;
mod mover;
mod watch;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use hive_ai::Difficulty;
use hive_rules::{Color, Game, GameType};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use self::keep::{Found, Keeper};
use self::mover::Mover;
use crate::error::PeerError;
use crate::limits::{Refusals, Verdict};
use crate::protocol::{EndReason, GameResult, GameSettings, HouseRules, Role};
use crate::session::{Session, SessionEvent, Stage};
use crate::transport::{Event, Link, MAX_WATCHERS, Network, WatcherEvent};
use crate::watch::Audience;
use crate::{Invitation, Secret};

/// Online play without the window.
#[derive(Subcommand, Debug)]
pub enum OnlineCommand {
    /// Host a game: print an invitation (first line of output), wait for
    /// the joiner, then play.
    Host(HostArgs),
    /// Join a game with its invitation (the text or the hive://join/ link).
    Join(JoinArgs),
    /// Watch a game with its watch invitation: every move as it is played,
    /// the GameString at the end.
    Watch(WatchArgs),
}

/// `hive online host`'s arguments.
#[derive(Args, Debug)]
pub struct HostArgs {
    #[command(flatten)]
    player: PlayerArgs,
    /// Play White (default: a random side).
    #[arg(long, conflicts_with = "black")]
    white: bool,
    /// Play Black.
    #[arg(long)]
    black: bool,
    /// Expansion pieces: any of M, L, P (empty for the base game).
    #[arg(long, default_value = "MLP", value_parser = parse_expansions)]
    expansions: GameType,
    /// End the game as a draw after N turns each: a house rule both peers
    /// agree to with the settings, so the rules engine itself ends it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=9999))]
    turn_limit: Option<u16>,
    /// Let up to N people watch (at most 16): the watch invitation is
    /// printed on the second line of output, after `watch `.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_WATCHERS as i64))]
    watchers: Option<u8>,
    /// Host a new game even if one is waiting in the data directory (by
    /// default an unfinished game there is resumed).
    #[arg(long)]
    new: bool,
}

/// `hive online watch`'s arguments.
#[derive(Args, Debug)]
pub struct WatchArgs {
    /// The host's watch invitation.
    invitation: String,
    /// Stay on this machine (loopback only: no relay, no lookup, no port mapping).
    #[arg(long)]
    local: bool,
    /// A relay of one's own instead of n0's public relays.
    #[arg(long, conflicts_with = "local")]
    relay: Option<url::Url>,
    /// The name the host sees.
    #[arg(long, default_value = "Watcher")]
    name: String,
    /// Save the finished game to this file.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Give up after this many seconds with nothing from the host.
    #[arg(long, default_value_t = 300)]
    wait: u64,
}

/// `hive online join`'s arguments.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's invitation.
    invitation: String,
    #[command(flatten)]
    player: PlayerArgs,
}

/// What both commands take.
#[derive(Args, Debug)]
pub struct PlayerArgs {
    /// The AI level that plays: one of the fifteen (beginner, beginner2,
    /// beginner3, beginner4, easy, easy2 ... easy5, medium, medium2,
    /// medium3, hard, hard2, expert).
    #[arg(long, default_value = "medium", value_parser = parse_level, conflicts_with = "engine")]
    ai: Difficulty,
    /// An external UHP engine's command line plays instead (one second a move).
    #[arg(long)]
    engine: Option<String>,
    /// Stay on this machine (loopback only: no relay, no lookup, no port mapping).
    #[arg(long)]
    local: bool,
    /// A relay of one's own instead of n0's public relays.
    #[arg(long, conflicts_with = "local")]
    relay: Option<url::Url>,
    /// The name the peer sees.
    #[arg(long, default_value = "Headless")]
    name: String,
    /// Save the finished game to this file.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Seed of the AI's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// For resilience tests: after this percentage of our own moves (picked
    /// from --seed), drop the connection with the move still unsent, as a
    /// network failure would. The game must still end the same on both ends.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    cut_chance: u8,
    /// Give up after this many seconds with nothing from the peer.
    #[arg(long, default_value_t = 300)]
    wait: u64,
}

fn parse_expansions(text: &str) -> Result<GameType, String> {
    GameType::from_expansions(text).map_err(|e| e.to_string())
}

fn parse_level(text: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(text).ok_or_else(|| format!("levels: {}", Difficulty::NAMES.join(", ")))
}

/// The exit status of `host` or `join` run again for a game that was
/// already over for both sides (its GameString is printed again).
pub const ALREADY_OVER: u8 = 3;

/// How a command ended well.
enum Outcome {
    /// The game was played (or resumed) to its end.
    Ended,
    /// The game was over before: said again.
    AlreadyOver,
}

impl OnlineCommand {
    /// Runs the command; the exit status says whether the game ended
    /// normally (0), was over already ([`ALREADY_OVER`]) or failed (1).
    pub fn run(self) -> ExitCode {
        let result = match self {
            OnlineCommand::Host(args) => host(args),
            OnlineCommand::Join(args) => join(args),
            OnlineCommand::Watch(args) => watch::watch(args).map(|()| Outcome::Ended),
        };
        match result {
            Ok(Outcome::Ended) => ExitCode::SUCCESS,
            Ok(Outcome::AlreadyOver) => ExitCode::from(ALREADY_OVER),
            Err(message) => {
                eprintln!("hive online: {message}");
                ExitCode::FAILURE
            }
        }
    }
}

fn mode(local: bool, relay: &Option<url::Url>) -> Network {
    if local {
        Network::Local
    } else {
        Network::Public {
            relay: relay.clone(),
        }
    }
}

fn host(args: HostArgs) -> Result<Outcome, String> {
    let host_side = if args.white {
        Color::White
    } else if args.black {
        Color::Black
    } else if rand::random() {
        Color::White
    } else {
        Color::Black
    };
    let settings = GameSettings {
        game_type: args.expansions.to_string(),
        host_side,
        clock: None,
        house_rules: HouseRules {
            turn_limit: args.turn_limit.map(|n| n.saturating_add(1)),
            ..HouseRules::default()
        },
        host_name: args.player.name.clone(),
        joiner_name: String::new(),
        round: 1,
    };
    let (start, over) = keep::host(settings, &args.player.name, args.new)?;
    let keep::Start {
        session,
        key,
        port,
        mut keeper,
    } = start;
    if over.is_some() {
        return over_again(&session, &args.player, &mut keeper);
    }
    let secret = session.secret();
    let mover = Mover::new(&args.player)?;
    let link_mode = mode(args.player.local, &args.player.relay);
    let local = link_mode == Network::Local;
    let mut link = Link::host_with_key(link_mode, key, if local { port } else { 0 })
        .map_err(|e| e.to_string())?;
    if let Some(addr) = link.addrs().first().filter(|_| local) {
        keeper.set_port(addr.port());
    }
    // Kept before the invitation is given: a restart has the same key.
    keeper.update(&session);
    if !args.player.local {
        // The public addresses and relay, before the invitation is made.
        while !link
            .wait(Duration::from_millis(100))
            .contains(&Event::Online)
        {}
    }
    println!("{}", link.invitation(secret, Role::Player).to_text());
    // Watchers get an invitation of their own, with a secret of its own:
    // it can never be used to play.
    let audience = args.watchers.map(|max| {
        let audience = Audience::new(Secret::random());
        link.allow_watchers(usize::from(max));
        let invitation = link.invitation(audience.secret(), Role::Watcher);
        println!("watch {}", invitation.to_text());
        audience
    });
    let _ = io::stdout().flush();
    play(link, session, audience, mover, &args.player, keeper)
}

/// A game over for both sides, found again: said, its GameString printed.
fn already_over(
    game: &Game,
    result: Option<(GameResult, EndReason)>,
    save: &Option<PathBuf>,
    keeper: &mut Keeper,
) -> Result<Outcome, String> {
    let how = result.map_or("over".into(), |(result, reason)| {
        format!("over ({result:?}, {reason:?})")
    });
    eprintln!("hive online: the game of this invitation is {how}; its GameString follows");
    finish(game, save)?;
    keeper.close();
    Ok(Outcome::AlreadyOver)
}

/// [`already_over`] for a resumed session: the game kept with the player's
/// games too (again: it replaces itself), in case the stop came first.
fn over_again(
    session: &Session,
    args: &PlayerArgs,
    keeper: &mut Keeper,
) -> Result<Outcome, String> {
    keep::keep_the_game(session, &args.name);
    already_over(session.game(), session.result(), &args.save, keeper)
}

fn join(args: JoinArgs) -> Result<Outcome, String> {
    let invitation = Invitation::parse(&args.invitation).map_err(|e| e.to_string())?;
    if invitation.role != Role::Player {
        return Err("a watch invitation: `hive online watch` follows the game with it".into());
    }
    let start = match keep::join(&invitation, &args.player.name)? {
        Found::Play(start) => start,
        Found::Over(over) => {
            let keep::Start {
                session,
                mut keeper,
                ..
            } = *over;
            return over_again(&session, &args.player, &mut keeper);
        }
    };
    let keep::Start {
        session,
        key,
        mut keeper,
        ..
    } = *start;
    let mover = Mover::new(&args.player)?;
    // Kept before dialling: a restart has the same key.
    keeper.update(&session);
    let link = Link::join_with_key(
        mode(args.player.local, &args.player.relay),
        &invitation,
        key,
    )
    .map_err(|e| e.to_string())?;
    play(link, session, None, mover, &args.player, keeper)
}

/// Plays the game to its end: the loop a window's frame would run, with
/// the moves chosen here.
fn play(
    mut link: Link,
    mut session: Session,
    mut audience: Option<Audience>,
    mut mover: Mover,
    args: &PlayerArgs,
    mut keeper: Keeper,
) -> Result<Outcome, String> {
    let wait = Duration::from_secs(args.wait);
    let mut last_heard = Instant::now();
    let out = io::stdout();
    let mut cuts = StdRng::seed_from_u64(args.seed);
    let mut ended: Option<Instant> = None;
    let mut connected_at: Option<Instant> = None;
    let mut peer_gone = false;
    let mut refusals = Refusals::new();
    loop {
        for event in link.wait(Duration::from_millis(50)) {
            // Only the peer's messages count: dialling a host that is gone
            // (or turned away again and again) is not hearing from it.
            if matches!(event, Event::Message(_)) {
                last_heard = Instant::now();
            }
            say_connection(&event);
            match event {
                Event::Connected { .. } => {
                    session.connected();
                    refusals.connected();
                    connected_at = Some(Instant::now());
                }
                Event::Disconnected { .. } => session.disconnected(),
                Event::Reconnecting { .. } => {}
                Event::Refused(e) => {
                    if let Verdict::HangUp(_) = say_refused("the peer", refusals.refused(&e), &e) {
                        link.hang_up();
                    }
                }
                Event::Error(e) => return Err(e),
                Event::Online => {}
                Event::Message(message) => match session.receive(message) {
                    Ok(events) => {
                        for event in events {
                            match event {
                                SessionEvent::Moved { ply, mv } => {
                                    let _ = writeln!(out.lock(), "{ply} {mv}");
                                }
                                SessionEvent::SettingsProposed(settings) => {
                                    eprintln!(
                                        "settings: {}, the host plays {:?}",
                                        settings.game_type, settings.host_side
                                    );
                                    session.accept_settings().map_err(|e| e.to_string())?;
                                }
                                SessionEvent::PeerLeft if session.result().is_none() => {
                                    return Err("the peer left before the end".into());
                                }
                                // Gone after the end: nobody to wait for.
                                SessionEvent::PeerLeft => peer_gone = true,
                                SessionEvent::Chat(text) => eprintln!("chat: {text}"),
                                SessionEvent::DrawOffered => {
                                    let _ = session.answer_draw(false);
                                }
                                SessionEvent::TakebackRequested => {
                                    let _ = session.answer_takeback(false);
                                }
                                other => eprintln!("{other:?}"),
                            }
                        }
                    }
                    Err(e) => {
                        let verdict = say_refused("the peer", refusals.refused(&e), &e);
                        if e.is_fatal() && session.stage() == Stage::Closed {
                            return Err(e.to_string());
                        }
                        if let Verdict::HangUp(_) = verdict {
                            // A stranger or a broken peer: its refusal goes
                            // out, then its connection is dropped.
                            for message in session.take_outgoing() {
                                link.send(message);
                            }
                            link.hang_up();
                        }
                    }
                },
            }
        }
        // A peer that connects and says nothing would hold the host's only
        // connection: it gets ten seconds to say hello.
        if session.stage() == Stage::AwaitHello
            && connected_at.is_some_and(|at| at.elapsed() > Duration::from_secs(10))
        {
            eprintln!("no hello from the peer: hanging up");
            connected_at = None;
            link.hang_up();
        }
        let mut own_move = None;
        if session.is_my_turn() {
            let mv = mover.choose(session.game())?;
            let played = session
                .play(&mv)
                .map_err(|e| format!("our own move {mv}: {e}"))?;
            own_move = Some((session.game().ply(), played));
            last_heard = Instant::now();
            if args.cut_chance > 0 && cuts.random_range(0..100) < args.cut_chance {
                eprintln!("cutting the connection");
                session.disconnected();
                link.cut();
            }
        }
        // Kept before it is sent: a move sent is a move kept (or one the
        // peer's sync brings back after a restart).
        keeper.update_then_show(&session, own_move, &mut out.lock());
        for message in session.take_outgoing() {
            link.send(message);
        }
        if let Some(audience) = &mut audience {
            serve_watchers(&mut link, audience, &session);
        }
        // Once over, wait (a while) for the peer's game_over: it then has
        // every move, even one lost in a cut at the very end.
        match (session.result(), ended) {
            (Some(_), _) if session.peer_saw_end() || peer_gone => break,
            (Some(_), None) => ended = Some(Instant::now()),
            (Some(_), Some(at)) if at.elapsed() > Duration::from_secs(20) => {
                eprintln!("the peer did not confirm the end");
                break;
            }
            _ => {}
        }
        if last_heard.elapsed() > wait {
            return Err(format!("nothing from the peer for {} s", args.wait));
        }
    }
    session.bye();
    for message in session.take_outgoing() {
        link.send(message);
    }
    if let Some(audience) = &mut audience {
        serve_watchers(&mut link, audience, &session);
        audience.bye();
        for (id, message) in audience.take_outgoing() {
            link.send_to_watcher(id, message);
        }
    }
    link.close();
    if let Some((result, reason)) = session.result() {
        eprintln!("game over: {result:?} ({reason:?})");
    }
    keeper.update(&session);
    keep::keep_the_game(&session, &args.name);
    finish(session.game(), &args.save)?;
    keeper.close();
    Ok(Outcome::Ended)
}

/// The host's watchers: their events to the audience, the game's changes
/// and the audience's answers to them; a watcher refused for good is hung
/// up on once its refusal is sent.
fn serve_watchers(link: &mut Link, audience: &mut Audience, session: &Session) {
    for event in link.poll_watchers() {
        match event {
            WatcherEvent::Connected { id } => audience.connected(id),
            WatcherEvent::Disconnected { id, reason } => {
                eprintln!("watcher {} left: {reason}", id.0);
                audience.disconnected(id);
            }
            WatcherEvent::Refused { id, error } => {
                let who = format!("watcher {}", id.0);
                if let Verdict::HangUp(_) = say_refused(&who, audience.refused(id, &error), &error)
                {
                    link.hang_up_watcher(id);
                }
            }
            WatcherEvent::Message { id, message } => match audience.receive(id, message, session) {
                Ok(events) => events.iter().for_each(|e| eprintln!("{e:?}")),
                Err(error) => {
                    let who = format!("watcher {}", id.0);
                    if let Verdict::HangUp(_) =
                        say_refused(&who, audience.refused(id, &error), &error)
                    {
                        for (to, message) in audience.take_outgoing() {
                            link.send_to_watcher(to, message);
                        }
                        link.hang_up_watcher(id);
                    }
                }
            },
        }
    }
    audience.update(session);
    for (id, message) in audience.take_outgoing() {
        link.send_to_watcher(id, message);
    }
}

/// What the connection did, on standard error (connected, dropped,
/// dialling again); other events say nothing here.
fn say_connection(event: &Event) {
    match event {
        Event::Connected { path, rtt } => {
            eprintln!("connected ({path:?}, round trip {} ms)", rtt.as_millis());
        }
        Event::Disconnected { reason } => eprintln!("disconnected: {reason}"),
        Event::Reconnecting { attempt, delay } => {
            eprintln!(
                "reconnecting (attempt {attempt}, in {} ms)",
                delay.as_millis()
            );
        }
        _ => {}
    }
}

/// A refusal from `who` on standard error, as `verdict` says: the first of
/// a connection, and the one that ends it, once; the others only counted.
fn say_refused(who: &str, verdict: Verdict, error: &PeerError) -> Verdict {
    match &verdict {
        Verdict::Show => eprintln!("refused from {who}: {error} [{}]", error.key()),
        Verdict::HangUp(why) => {
            eprintln!("refused from {who}: {why} [{}]: hanging up", why.key());
        }
        Verdict::Quiet => {}
    }
    verdict
}

/// Saves the game if asked and prints its GameString, last.
fn finish(game: &Game, save: &Option<PathBuf>) -> Result<(), String> {
    let out = io::stdout();
    let game = game.clone();
    if let Some(path) = save {
        let saved = hive_records::SavedGame {
            cursor: game.moves().len(),
            game: game.clone(),
            seats: None,
            clocks: None,
            kind: None,
            other_headers: Vec::new(),
        };
        hive_records::save_game_file(path, &saved).map_err(|e| e.to_string())?;
    }
    let _ = writeln!(out.lock(), "{}", game.game_string());
    Ok(())
}
