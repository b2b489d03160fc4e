//! `hive online watch`: a game followed to its end with the host's watch
//! invitation, each move printed as it is played.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use super::{WatchArgs, finish, mode, say_connection, say_refused};
use crate::Invitation;
use crate::limits::{Refusals, Verdict};
use crate::protocol::Role;
use crate::transport::{Event, Link};
use crate::watch::{Watch, WatchEvent, WatchStage};

/// Follows a game to its end with a watch invitation, printing each move.
pub(super) fn watch(args: WatchArgs) -> Result<(), String> {
    let invitation = Invitation::parse(&args.invitation).map_err(|e| e.to_string())?;
    if invitation.role != Role::Watcher {
        return Err("a player's invitation: watching needs the host's watch invitation".into());
    }
    let mut watch = Watch::new(invitation.secret, &args.name);
    let mut link =
        Link::join(mode(args.local, &args.relay), &invitation).map_err(|e| e.to_string())?;
    let wait = Duration::from_secs(args.wait);
    let mut last_heard = Instant::now();
    let out = io::stdout();
    let mut refusals = Refusals::new();
    while watch.result().is_none() {
        for event in link.wait(Duration::from_millis(50)) {
            last_heard = Instant::now();
            say_connection(&event);
            match event {
                Event::Connected { .. } => {
                    watch.connected();
                    refusals.connected();
                }
                Event::Disconnected { .. } => watch.disconnected(),
                Event::Reconnecting { .. } => {}
                Event::Refused(e) => {
                    if let Verdict::HangUp(_) = say_refused("the host", refusals.refused(&e), &e) {
                        link.hang_up();
                    }
                }
                Event::Error(e) => return Err(e),
                Event::Online => {}
                Event::Message(message) => match watch.receive(message) {
                    Ok(events) => {
                        for event in events {
                            match event {
                                WatchEvent::Moved { ply, mv } => {
                                    let _ = writeln!(out.lock(), "{ply} {mv}");
                                }
                                WatchEvent::Started(settings) => eprintln!(
                                    "watching {}: {} ({:?}) against {}",
                                    settings.game_type,
                                    settings.host_name,
                                    settings.host_side,
                                    settings.joiner_name
                                ),
                                WatchEvent::HostLeft if watch.result().is_none() => {
                                    return Err("the host left before the end".into());
                                }
                                other => eprintln!("{other:?}"),
                            }
                        }
                    }
                    Err(e) => {
                        let verdict = say_refused("the host", refusals.refused(&e), &e);
                        if watch.stage() == WatchStage::Closed {
                            return Err(e.to_string());
                        }
                        if let Verdict::HangUp(_) = verdict {
                            link.hang_up();
                        }
                    }
                },
            }
        }
        for message in watch.take_outgoing() {
            link.send(message);
        }
        if last_heard.elapsed() > wait {
            return Err(format!("nothing from the host for {} s", args.wait));
        }
    }
    watch.bye();
    for message in watch.take_outgoing() {
        link.send(message);
    }
    link.close();
    if let Some((result, reason)) = watch.result() {
        eprintln!("game over: {result:?} ({reason:?})");
    }
    finish(watch.game(), &args.save)
}
