//! How long the window's opening explorer makes a player wait: the game's
//! own logic (the window's systems without the drawing) on the database in
//! a data folder, the explorer opened on a new game and its most played
//! move followed, move after move; each wait measured from the frame that
//! asked to the frame that took the answer, with frames paced as a window's
//! (60 a second): the moves, then the list of the games that reached the
//! position, opened (asked apart, as the panel does).
//!
//! ```sh
//! hive db generate 1000000 --out corpus && hive db import corpus   # once (HIVE_DATA_DIR=DATA)
//! cargo run --example explorer_wait -- DATA [MOVES] [GAME-TYPE]
//! ```
//!
//! Prints each wait and the median and the longest (docs/benchmarks.md,
//! "The game database").

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use hive::game::{CurrentGame, DatabaseRequest, GameDatabase, RecordPaths, Screen, Settings};
use hive::records::Autosave;

/// A window's frame at 60 frames a second.
const FRAME: Duration = Duration::from_micros(16_667);

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: explorer_wait DATA-FOLDER [MOVES] [GAME-TYPE]";
    let data = PathBuf::from(args.next().ok_or(usage)?);
    let moves: usize = match args.next() {
        Some(text) => text.parse().map_err(|_| usage.to_string())?,
        None => 12,
    };
    let game_type = match args.next() {
        Some(text) => text.parse().map_err(|e| format!("{text}: {e}"))?,
        None => "Base+MLP".parse().map_err(|e| format!("{e}"))?,
    };
    if !data.join(hive::db::DB_FILE).is_file() {
        return Err(format!("no {} in {}", hive::db::DB_FILE, data.display()));
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, hive::game::logic_plugin));
    app.insert_resource(RecordPaths {
        autosave: Some(Autosave::new(data.clone())),
    });
    app.update();
    let opened = Instant::now();
    paced_until(&mut app, Duration::from_secs(120), |app| db(app).ready())
        .ok_or("the database did not open within two minutes")?;
    println!(
        "database open after {:.0} ms: {} games",
        opened.elapsed().as_secs_f64() * 1000.0,
        db(&app).games().unwrap_or(0)
    );
    app.world_mut().resource_mut::<Settings>().game_type = game_type;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    let (mut waits, mut lists) = (Vec::new(), Vec::new());
    for ply in 0..=moves {
        let answered = paced_until(&mut app, Duration::from_secs(60), |app| {
            let game = app.world().resource::<CurrentGame>().game().clone();
            db(app).explorer.answer_for(&game).is_some()
        });
        answered.ok_or(format!("no answer at ply {ply} within a minute"))?;
        let game = app.world().resource::<CurrentGame>().game().clone();
        let answer = db(&app).explorer.answer_for(&game).cloned();
        let waited = db(&app).explorer.waited.unwrap_or_default();
        let Some(answer) = answer else { break };
        let played: u64 = answer.moves.iter().map(|m| m.games).sum();
        // Then the list of the games that reached it, opened.
        let opened = Instant::now();
        app.world_mut()
            .resource_mut::<GameDatabase>()
            .explorer
            .list_open = true;
        paced_until(&mut app, Duration::from_secs(60), |app| {
            db(app)
                .explorer
                .answer_for(&game)
                .is_some_and(|answer| answer.games_loaded)
        })
        .ok_or(format!("no games at ply {ply} within a minute"))?;
        let listed = opened.elapsed();
        app.world_mut()
            .resource_mut::<GameDatabase>()
            .explorer
            .list_open = false;
        println!(
            "ply {ply:>2}: moves {:>6.1} ms ({} moves from {played} games), its games listed {:>6.1} ms",
            waited.as_secs_f64() * 1000.0,
            answer.moves.len(),
            listed.as_secs_f64() * 1000.0
        );
        waits.push(waited);
        lists.push(listed);
        let Some(next) = answer.moves.first() else {
            break;
        };
        if ply < moves {
            app.world_mut()
                .write_message(DatabaseRequest::Play(next.mv));
            let before = game.ply();
            paced_until(&mut app, Duration::from_secs(10), |app| {
                app.world().resource::<CurrentGame>().game().ply() > before
            })
            .ok_or(format!("the explorer's move at ply {ply} was not played"))?;
        }
    }
    summary("the moves", &mut waits);
    summary("the games listed", &mut lists);
    Ok(())
}

/// The median and the longest of `waits`.
fn summary(what: &str, waits: &mut [Duration]) {
    waits.sort();
    if let (Some(median), Some(longest)) = (waits.get(waits.len() / 2), waits.last()) {
        println!(
            "{what}: {} answers, median {:.1} ms, longest {:.1} ms",
            waits.len(),
            median.as_secs_f64() * 1000.0,
            longest.as_secs_f64() * 1000.0
        );
    }
}

fn db(app: &App) -> &GameDatabase {
    app.world().resource::<GameDatabase>()
}

/// Runs frames at a window's pace until `done`, at most `limit`: `None`
/// if it never was.
fn paced_until(app: &mut App, limit: Duration, done: impl Fn(&App) -> bool) -> Option<()> {
    let start = Instant::now();
    let mut next = Instant::now();
    while !done(app) {
        if start.elapsed() > limit {
            return None;
        }
        next += FRAME;
        app.update();
        if let Some(rest) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(rest);
        }
    }
    Some(())
}
