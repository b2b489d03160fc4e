//! Online play in the window's logic: two headless apps on this machine
//! (the local mode: loopback only) host and join through a real
//! invitation, play moves both ways, survive a dropped connection (a move
//! made while the line is down arrives after it), take a move back (Undo
//! asks the friend), agree a draw, and go on with a game kept from an
//! earlier run. Bad invitations get a clear message.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::app::{app_keeping_files, game, mode, screen, set_settings, turn};
use bevy::prelude::*;
use hive::game::online::{Offer, Online, OnlineRequest, Resumable, ResumingOnline, Watching};
use hive::game::{
    AutosaveStatus, NewGameSettings, Notice, PlayMove, Players, RecordsAction, Screen, Turn,
};
use hive::net::resume::Resume;
use hive::net::{EndReason, GameResult, GameSettings, HouseRules, Role};
use hive::records::Seats;
use hive::rules::Color;
use tempfile::TempDir;

/// An app on the main menu keeping its files in `data`, online on this
/// machine only, its player named `name`.
fn online_app(data: &Path, name: &str) -> App {
    let mut app = app_keeping_files(Some(data), None, NewGameSettings::default());
    set_settings(&mut app, |settings| {
        settings.online_local = true;
        settings.player_name = name.to_string();
    });
    app
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

/// Whether the board shows the online game (its players are that game's).
fn online_on_the_board(app: &App) -> bool {
    online(app).shown(mode(app)).is_some()
}

/// Runs frames of both apps until `done`, at most a minute.
fn both_until(a: &mut App, b: &mut App, what: &str, done: impl Fn(&App, &App) -> bool) {
    let start = Instant::now();
    while !done(a, b) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}: {}; {}",
            state(a),
            state(b)
        );
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The app's online game as a line, for a test that fails.
fn state(app: &App) -> String {
    let Some(c) = online(app).0.as_ref() else {
        return "no online game".into();
    };
    format!(
        "board {} ({:?}), session {} at {:?}, link {:?}, notice {:?}",
        game(app).game_string(),
        turn(app),
        c.session.game().game_string(),
        c.session.stage(),
        c.link_state,
        notice(app)
    )
}

fn settings() -> GameSettings {
    GameSettings {
        game_type: "Base+MLP".into(),
        host_side: Color::White,
        clock: None,
        house_rules: HouseRules::default(),
        host_name: "Ann".into(),
        joiner_name: String::new(),
        round: 1,
    }
}

/// Plays `mv` on `app`'s board as a click would: once the board takes
/// input and will next frame too (a move that just arrived may still be
/// landing, or about to).
fn play(app: &mut App, mv: &str) {
    crate::app::update_until(app, "the board awaiting input", |app| {
        let settled = matches!(
            app.world().resource::<NextState<Turn>>(),
            NextState::Unchanged
        );
        turn(app) == Some(Turn::AwaitingInput) && settled
    });
    let parsed = game(app).parse_move(mv).expect("a move");
    app.world_mut().write_message(PlayMove(parsed));
}

/// A host and a joiner with the game started on both boards.
fn started(host_data: &Path, joiner_data: &Path) -> (App, App) {
    started_with(host_data, joiner_data, settings())
}

/// [`started`] with these settings.
fn started_with(host_data: &Path, joiner_data: &Path, game: GameSettings) -> (App, App) {
    let mut host = online_app(host_data, "Ann");
    let mut joiner = online_app(joiner_data, "Ben");
    host.world_mut().write_message(OnlineRequest::Host(game));
    both_until(&mut host, &mut joiner, "the invitation", |h, _| {
        online(h).0.as_ref().is_some_and(|c| c.invitation.is_some())
    });
    let invitation = online(&host)
        .0
        .as_ref()
        .unwrap()
        .invitation
        .clone()
        .unwrap();
    joiner.world_mut().write_message(OnlineRequest::Join {
        invitation: invitation.to_link(),
        name: "Ben".into(),
    });
    both_until(&mut host, &mut joiner, "the host's settings", |_, j| {
        online(j).0.as_ref().is_some_and(|c| c.proposed.is_some())
    });
    let proposed = online(&joiner)
        .0
        .as_ref()
        .unwrap()
        .proposed
        .clone()
        .unwrap();
    assert_eq!(proposed.host_name, "Ann");
    assert_eq!(proposed.game_type, "Base+MLP");
    joiner.world_mut().write_message(OnlineRequest::Accept);
    both_until(&mut host, &mut joiner, "both boards", |h, j| {
        online_on_the_board(h) && online_on_the_board(j) && turn(h) == Some(Turn::AwaitingInput)
    });
    assert_eq!(
        (screen(&host), screen(&joiner)),
        (Screen::Playing, Screen::Playing)
    );
    (host, joiner)
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn seats(app: &App) -> Seats {
    app.world().resource::<Players>().seats
}

fn same_games(host: &App, joiner: &App) -> bool {
    game(host).game_string() == game(joiner).game_string()
}

#[test]
fn two_apps_play_over_loopback_through_a_drop_a_takeback_and_a_draw() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let (mut host, mut joiner) = started(host_data.path(), joiner_data.path());
    assert_eq!(
        seats(&host),
        Seats::Online {
            remote: Color::Black
        }
    );
    assert_eq!(
        seats(&joiner),
        Seats::Online {
            remote: Color::White
        }
    );
    assert_eq!(game(&host).game_type().to_string(), "Base+MLP");

    // Moves both ways: each board follows the other.
    play(&mut host, "wG1");
    both_until(
        &mut host,
        &mut joiner,
        "White's move on Black's board",
        |h, j| game(j).ply() == 1 && same_games(h, j),
    );
    // A move for the friend's side asked on White's board goes no further:
    // the board goes back to the connection's game.
    play(&mut host, "bG1 -wG1");
    for _ in 0..6 {
        host.update();
        joiner.update();
    }
    assert_eq!(game(&host).ply(), 1, "the friend's move is theirs to make");
    assert_eq!(game(&joiner).ply(), 1);
    assert!(
        notice(&host).contains("your friend's turn"),
        "{}",
        notice(&host)
    );
    play(&mut joiner, "bG1 -wG1");
    both_until(
        &mut host,
        &mut joiner,
        "Black's move on White's board",
        |h, j| game(h).ply() == 2 && same_games(h, j),
    );

    // The line drops; White moves anyway; the move arrives after it.
    online(&host).0.as_ref().unwrap().cut();
    both_until(&mut host, &mut joiner, "the drop seen", |h, _| {
        online(h).0.as_ref().is_some_and(|c| c.link_state.lost)
    });
    play(&mut host, "wQ wG1-");
    both_until(&mut host, &mut joiner, "the reconnection", |h, j| {
        let back = |a: &App| online(a).0.as_ref().is_some_and(|c| c.link_state.connected);
        back(h) && back(j) && game(j).ply() == 3 && same_games(h, j)
    });

    // Undo on Black's board asks White to take Black's move back.
    play(&mut joiner, "bQ -bG1");
    both_until(&mut host, &mut joiner, "Black's second move", |h, j| {
        game(h).ply() == 4 && same_games(h, j)
    });
    joiner.world_mut().write_message(RecordsAction::Undo);
    both_until(&mut host, &mut joiner, "the takeback request", |h, _| {
        online(h).0.as_ref().unwrap().incoming == Some(Offer::Takeback)
    });
    assert_eq!(game(&joiner).ply(), 4, "Undo waits for the friend");
    host.world_mut()
        .write_message(OnlineRequest::AnswerTakeback(true));
    both_until(&mut host, &mut joiner, "the move taken back", |h, j| {
        game(h).ply() == 3 && game(j).ply() == 3 && same_games(h, j)
    });

    // A draw offered and accepted ends the game on both boards.
    host.world_mut().write_message(OnlineRequest::OfferDraw);
    both_until(&mut host, &mut joiner, "the draw offer", |_, j| {
        online(j).0.as_ref().unwrap().incoming == Some(Offer::Draw)
    });
    joiner
        .world_mut()
        .write_message(OnlineRequest::AnswerDraw(true));
    both_until(&mut host, &mut joiner, "the game over", |h, j| {
        turn(h) == Some(Turn::GameOver) && turn(j) == Some(Turn::GameOver)
    });
    for app in [&host, &joiner] {
        let ended = hive::game::online::ended_off_the_board(online(app), mode(app));
        assert_eq!(ended, Some((GameResult::Draw, EndReason::DrawAgreed)));
    }
    // Each side keeps the game as theirs, a draw agreed with the friend
    // named, and its online autosave goes (nothing to resume).
    both_until(&mut host, &mut joiner, "the games kept", |h, j| {
        let kept = |a: &App| {
            let kept = a.world().resource::<hive::game::KeptGames>();
            kept.changes == 1 && !kept.keeping && !a.world().resource::<AutosaveStatus>().online
        };
        kept(h) && kept(j)
    });
    let end = game(&host);
    for (data, friend, side) in [
        (host_data.path(), "Ben", Color::White),
        (joiner_data.path(), "Ann", Color::Black),
    ] {
        let db = hive::db::Database::open_kept(data).expect("the player's games");
        let games = db.kept(&hive::db::KeptFilter::default()).expect("listed");
        assert_eq!(games.len(), 1, "{games:?}");
        let row = &games[0];
        assert_eq!(row.opponent.as_deref(), Some(friend));
        assert_eq!(row.side, Some(side));
        assert_eq!(row.ending, hive::records::Ending::Agreed);
        assert_eq!(row.outcome, Some(hive::db::Outcome::Draw));
        let kept = db.kept_game(row.id).expect("read").expect("there");
        assert_eq!(kept.game.game_string(), end.game_string());
        assert!(!hive::records::Autosave::of_kind(data, hive::records::PlayKind::Online).exists());
        // The same game, with the same result, through `hive db search`
        // in that side's data folder.
        let found = crate::app::db_search_mine(data, friend);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("Ann") && found[0].contains("Ben"),
            "{found:?}"
        );
        assert!(found[0].contains("\tDraw\t"), "the same result: {found:?}");
    }
}

#[test]
fn a_game_left_is_resumed_from_both_sides_at_the_same_move() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let (mut host, mut joiner) = started(host_data.path(), joiner_data.path());
    play(&mut host, "wS1");
    both_until(&mut host, &mut joiner, "the first move", |h, j| {
        game(j).ply() == 1 && same_games(h, j)
    });
    both_until(&mut host, &mut joiner, "the kept connection", |h, j| {
        let kept = |a: &App| a.world().resource::<AutosaveStatus>().online;
        kept(h) && kept(j)
    });
    // Each side keeps how to get back in, readable by its owner only: its
    // endpoint's key (a restarted joiner dials as the same peer, so the
    // host lets go of a dead connection at once), the host its port, the
    // joiner the invitation.
    for (data, hosts) in [(host_data.path(), true), (joiner_data.path(), false)] {
        let file = data.join(hive::game::online::RESUME_FILE);
        both_until(&mut host, &mut joiner, "the resume file", |_, _| {
            file.exists()
        });
        let kept = Resume::load(&file).expect("readable").expect("kept");
        assert_eq!(kept.host, hosts);
        assert!(kept.key_bytes().is_some(), "{kept:?}");
        assert_eq!(kept.invitation.is_some(), !hosts, "{kept:?}");
        assert_eq!(
            kept.settings.as_ref().map(|s| s.host_name.as_str()),
            Some("Ann")
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).expect("kept").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
    // The host closes the game; the friend is told.
    host.world_mut().write_message(OnlineRequest::Leave);
    both_until(&mut host, &mut joiner, "the friend told", |h, j| {
        online(h).0.is_none() && online(j).0.as_ref().is_some_and(|c| c.peer_left)
    });
    // A fresh run of the host's program goes on with it from the menu.
    drop(host);
    let mut host = online_app(host_data.path(), "Ann");
    // Read off the frame; offered on its screens once read.
    crate::app::update_until(&mut host, "the game offered again", |a| {
        a.world().resource::<Resumable>().friend() == Some("Ben")
    });
    host.world_mut().write_message(OnlineRequest::Resume);
    both_until(&mut host, &mut joiner, "the game resumed", |h, j| {
        online_on_the_board(h)
            && online(h).0.as_ref().is_some_and(|c| c.link_state.connected)
            && online(j).0.as_ref().is_some_and(|c| c.link_state.connected)
            && same_games(h, j)
            && turn(h) == Some(Turn::AwaitingInput)
    });
    assert_eq!(game(&host).ply(), 1);
    assert_eq!(
        seats(&host),
        Seats::Online {
            remote: Color::Black
        }
    );
    let resuming = host.world().resource::<ResumingOnline>();
    assert!(!resuming.reading());
    assert_ne!(
        resuming.last_reader.expect("the files were read"),
        std::thread::current().id(),
        "read on the IO task pool, not on the thread running the frames"
    );
    both_until(&mut host, &mut joiner, "the friend back", |_, j| {
        online(j).0.as_ref().is_some_and(|c| !c.peer_left)
    });
    assert!(
        notice(&joiner).contains("onnected again"),
        "{}",
        notice(&joiner)
    );
    play(&mut joiner, "bS1 -wS1");
    both_until(&mut host, &mut joiner, "play on", |h, j| {
        game(h).ply() == 2 && same_games(h, j)
    });
}

#[test]
fn a_joiner_started_again_dials_with_its_kept_key_and_plays_on() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let (mut host, mut joiner) = started(host_data.path(), joiner_data.path());
    play(&mut host, "wS1");
    let file = joiner_data.path().join(hive::game::online::RESUME_FILE);
    both_until(
        &mut host,
        &mut joiner,
        "the joiner's resume file",
        |h, j| {
            let kept = |a: &App| a.world().resource::<AutosaveStatus>().online;
            game(j).ply() == 1 && same_games(h, j) && kept(j) && file.exists()
        },
    );
    // The joiner's program closes; a fresh run goes on with the game.
    joiner.world_mut().write_message(OnlineRequest::Leave);
    both_until(&mut host, &mut joiner, "the host told", |h, j| {
        online(j).0.is_none() && online(h).0.as_ref().is_some_and(|c| c.peer_left)
    });
    drop(joiner);
    let mut joiner = online_app(joiner_data.path(), "Ben");
    crate::app::update_until(&mut joiner, "the game offered again", |a| {
        a.world().resource::<Resumable>().friend() == Some("Ann")
    });
    joiner.world_mut().write_message(OnlineRequest::Resume);
    both_until(&mut host, &mut joiner, "the game resumed", |h, j| {
        online_on_the_board(j)
            && online(h)
                .0
                .as_ref()
                .is_some_and(|c| c.link_state.connected && !c.peer_left)
            && online(j).0.as_ref().is_some_and(|c| c.link_state.connected)
            && same_games(h, j)
    });
    assert_eq!(
        seats(&joiner),
        Seats::Online {
            remote: Color::White
        }
    );
    play(&mut joiner, "bS1 -wS1");
    both_until(&mut host, &mut joiner, "play on", |h, j| {
        game(h).ply() == 2 && same_games(h, j)
    });
}

/// "Go on" with no online game kept, then with its connection damaged:
/// each is said in words, off the frame; the damaged file is left as it
/// is and the player stays on the menu.
#[test]
fn a_resume_with_nothing_kept_or_a_damaged_file_is_refused_in_words() {
    let data = TempDir::new().unwrap();
    let mut app = online_app(data.path(), "Ann");
    app.world_mut().write_message(OnlineRequest::Resume);
    crate::app::update_until(&mut app, "nothing to go on with", |a| {
        notice(a).contains("no online game to go on with")
    });
    drop(app);

    let moves = hive::rules::Game::from_game_string("Base;InProgress;White[2];wS1;bS1 -wS1")
        .expect("a game");
    hive::records::Autosave::new(data.path())
        .with_kind(hive::records::PlayKind::Online)
        .save(&moves)
        .expect("the online autosave");
    let file = data.path().join(hive::game::online::RESUME_FILE);
    let damaged = "{ \"host\": tru";
    std::fs::write(&file, damaged).expect("a damaged resume file");
    let mut app = online_app(data.path(), "Ann");
    crate::app::update_until(&mut app, "the online autosave seen", |a| {
        a.world().resource::<AutosaveStatus>().online
    });
    assert_eq!(app.world().resource::<Resumable>().friend(), None);
    app.world_mut().write_message(OnlineRequest::Resume);
    crate::app::update_until(&mut app, "why not", |a| {
        notice(a).contains("cannot be read")
    });
    let resuming = app.world().resource::<ResumingOnline>();
    assert_ne!(
        resuming.last_reader.expect("the files were read"),
        std::thread::current().id(),
        "read on the IO task pool"
    );
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(online(&app).0.is_none());
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), damaged);
}

#[test]
fn bad_invitations_are_refused_in_words() {
    let data = TempDir::new().unwrap();
    let mut app = online_app(data.path(), "Ben");
    app.world_mut().write_message(OnlineRequest::Join {
        invitation: "not an invitation".into(),
        name: "Ben".into(),
    });
    app.update();
    assert!(
        notice(&app).contains("not a Hive invitation"),
        "{}",
        notice(&app)
    );
    assert!(online(&app).0.is_none());
    // A word pasted by mistake: the same words, not "a newer format"; and
    // the second refusal in a row says it was tried again.
    app.world_mut().write_message(OnlineRequest::Join {
        invitation: "hello".into(),
        name: "Ben".into(),
    });
    app.update();
    assert!(
        notice(&app).contains("not a Hive invitation") && notice(&app).contains("tried 2 times"),
        "{}",
        notice(&app)
    );
    // An invitation to another machine, in the local mode: refused before
    // any socket is made.
    let far = hive::net::Invitation {
        endpoint: [7; 32],
        addrs: vec!["192.0.2.1:4000".parse().unwrap()],
        relay: None,
        secret: hive::net::Secret::random(),
        role: hive::net::Role::Player,
    };
    app.world_mut().write_message(OnlineRequest::Join {
        invitation: far.to_text(),
        name: "Ben".into(),
    });
    crate::app::update_until(&mut app, "the refusal", |app| {
        online(app).0.as_ref().is_some_and(|c| c.problem.is_some())
    });
    assert!(
        notice(&app).contains("this machine only"),
        "{}",
        notice(&app)
    );
    assert!(!online(&app).0.as_ref().unwrap().link_up());
}

#[test]
fn a_flag_fall_loses_on_time_on_both_boards() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let timed = GameSettings {
        clock: Some(hive::net::Clock {
            base_ms: 400,
            increment_ms: 0,
        }),
        ..settings()
    };
    let (mut host, mut joiner) = started_with(host_data.path(), joiner_data.path(), timed);
    // White (the host) does not move: its clock runs out.
    let ended =
        |app: &App| hive::game::online::ended_off_the_board(online(app), mode(app)).is_some();
    both_until(&mut host, &mut joiner, "the flag", |h, j| {
        turn(h) == Some(Turn::GameOver) && turn(j) == Some(Turn::GameOver) && ended(h) && ended(j)
    });
    for app in [&host, &joiner] {
        let ended = hive::game::online::ended_off_the_board(online(app), mode(app));
        assert_eq!(ended, Some((GameResult::BlackWins, EndReason::Time)));
    }
    assert_eq!(game(&joiner).ply(), 0);
}

/// Runs frames of the three apps until `done`, at most a minute.
fn all_until(apps: &mut [&mut App; 3], what: &str, done: impl Fn(&[&mut App; 3]) -> bool) {
    let start = Instant::now();
    while !done(apps) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}: {}; {}; watcher board {} notice {:?}",
            state(apps[0]),
            state(apps[1]),
            game(apps[2]).game_string(),
            notice(apps[2])
        );
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn watching(app: &App) -> &Watching {
    app.world().resource::<Watching>()
}

#[test]
fn a_watcher_gets_the_game_so_far_and_every_move_and_cannot_move() {
    let dirs = [
        TempDir::new().unwrap(),
        TempDir::new().unwrap(),
        TempDir::new().unwrap(),
    ];
    let (mut host, mut joiner) = started(dirs[0].path(), dirs[1].path());
    play(&mut host, "wS1");
    both_until(&mut host, &mut joiner, "the first move", |h, j| {
        game(j).ply() == 1 && same_games(h, j)
    });
    // The host's watch-only invitation, not the player's.
    let (to_play, to_watch) = {
        let connection = online(&host).0.as_ref().unwrap();
        (
            connection.invitation.clone().unwrap(),
            connection
                .watch_invitation
                .clone()
                .expect("a watch invitation"),
        )
    };
    assert_eq!(to_watch.role, Role::Watcher);
    assert_ne!(to_watch.secret, to_play.secret);
    let mut watcher = online_app(dirs[2].path(), "Cy");
    watcher.world_mut().write_message(OnlineRequest::Join {
        invitation: to_watch.to_text(),
        name: "Cy".into(),
    });
    let mut apps = [&mut host, &mut joiner, &mut watcher];
    all_until(&mut apps, "the game so far on the watcher's board", |a| {
        watching(a[2]).shown(mode(a[2])).is_some()
            && game(a[2]).game_string() == game(a[0]).game_string()
    });
    assert_eq!(screen(&watcher), Screen::Playing);
    assert_eq!(seats(&watcher), Seats::Watching);
    let players = *watcher.world().resource::<Players>();
    assert!(
        players.moves_elsewhere(&game(&watcher)),
        "no side moves here"
    );
    assert!(
        notice(&host).contains("Cy"),
        "the host is told: {}",
        notice(&host)
    );
    // The game goes on: the watcher follows, move by move.
    play(&mut joiner, "bS1 wS1-");
    let mut apps = [&mut host, &mut joiner, &mut watcher];
    all_until(&mut apps, "the second move everywhere", |a| {
        game(a[2]).ply() == 2 && game(a[2]).game_string() == game(a[1]).game_string()
    });
    // A move asked on the watcher's board is not played.
    let before = game(&watcher).game_string();
    let mv = game(&watcher).parse_move("wQ -wS1").expect("a move");
    watcher.world_mut().write_message(PlayMove(mv));
    for _ in 0..5 {
        watcher.update();
    }
    assert_eq!(game(&watcher).game_string(), before);
    let watchers = online(&host)
        .0
        .as_ref()
        .unwrap()
        .audience
        .as_ref()
        .unwrap()
        .watchers();
    assert_eq!(watchers.len(), 1);
    assert_eq!(watchers[0].1, "Cy");
    // The joiner resigns: the watcher sees the end and keeps the game
    // watched (the setting is on by default), named for both players.
    joiner.world_mut().write_message(OnlineRequest::Resign);
    let mut apps = [&mut host, &mut joiner, &mut watcher];
    all_until(&mut apps, "the watched game kept", |a| {
        a[2].world().resource::<hive::game::KeptGames>().changes == 1
    });
    let kept = kept_online(dirs[2].path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].seats, Seats::Watching);
    assert_eq!(kept[0].names, ["Ann".to_string(), "Ben".to_string()]);
    assert_eq!(kept[0].result, Some(hive::records::GameResult::WhiteWins));
    assert_eq!(kept[0].ending, hive::records::Ending::Resigned);
    // The host leaves: the watcher is told.
    host.world_mut().write_message(OnlineRequest::Leave);
    let mut apps = [&mut host, &mut joiner, &mut watcher];
    all_until(&mut apps, "the watcher told", |a| {
        notice(a[2]).contains("host")
    });
}

/// The app's friends, once read or written.
fn friends(app: &App) -> &[hive::net::Friend] {
    &app.world()
        .resource::<hive::game::online::FriendsBook>()
        .friends
}

/// The games `data`'s player kept, newest first.
fn kept_online(data: &Path) -> Vec<hive::db::KeptSummary> {
    hive::db::Database::open_kept(data)
        .and_then(|db| db.kept(&hive::db::KeptFilter::default()))
        .unwrap_or_default()
}

#[test]
fn a_rematch_swaps_the_colours_and_the_friend_is_one_click_away_next_time() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    let (mut host, mut joiner) = started(host_data.path(), joiner_data.path());
    let first_id = host.world().resource::<Players>().game_id;
    play(&mut host, "wS1");
    both_until(&mut host, &mut joiner, "the move", |h, j| {
        same_games(h, j) && game(j).ply() == 1
    });
    joiner.world_mut().write_message(OnlineRequest::Resign);
    let over = |a: &App| turn(a) == Some(Turn::GameOver);
    both_until(&mut host, &mut joiner, "the end", |h, j| over(h) && over(j));

    // The joiner asks for a rematch; the host's panel offers it, and the
    // host's own Rematch agrees.
    joiner.world_mut().write_message(OnlineRequest::Rematch);
    both_until(&mut host, &mut joiner, "the offer", |h, _| {
        online(h)
            .0
            .as_ref()
            .is_some_and(|c| c.incoming == Some(Offer::Rematch))
    });
    assert_eq!(
        online(&joiner).0.as_ref().and_then(|c| c.asked),
        Some(Offer::Rematch)
    );
    host.world_mut().write_message(OnlineRequest::Rematch);
    let next_game = |a: &App| {
        online(a)
            .0
            .as_ref()
            .is_some_and(|c| c.session.round() == 2 && c.session.started())
            && game(a).ply() == 0
            && turn(a) == Some(Turn::AwaitingInput)
    };
    both_until(
        &mut host,
        &mut joiner,
        "the rematch on both boards",
        |h, j| next_game(h) && next_game(j),
    );
    // The colours swapped, a game of its own on each board.
    assert_eq!(
        seats(&host),
        Seats::Online {
            remote: Color::White
        }
    );
    assert_eq!(
        seats(&joiner),
        Seats::Online {
            remote: Color::Black
        }
    );
    assert!(host.world().resource::<Players>().game_id > first_id);
    assert_eq!(screen(&host), Screen::Playing);
    // The joiner has White now and moves first; the host resigns.
    play(&mut joiner, "wG1");
    both_until(&mut host, &mut joiner, "the move", |h, j| {
        same_games(h, j) && game(h).ply() == 1
    });
    host.world_mut().write_message(OnlineRequest::Resign);
    both_until(&mut host, &mut joiner, "the second end", |h, j| {
        over(h) && over(j)
    });

    // Both games kept on both sides, each with its own result; the friend
    // kept with two games.
    both_until(&mut host, &mut joiner, "two games kept", |h, j| {
        let done = |a: &App| {
            let kept = a.world().resource::<hive::game::KeptGames>();
            kept.changes == 2 && !kept.keeping
        };
        done(h) && done(j) && friends(h).first().is_some_and(|f| f.games == 2)
    });
    for (data, side_now, friend) in [
        (host_data.path(), Color::Black, "Ben"),
        (joiner_data.path(), Color::White, "Ann"),
    ] {
        let kept = kept_online(data);
        assert_eq!(kept.len(), 2, "{kept:?}");
        assert_eq!(kept[0].side, Some(side_now));
        assert_eq!(kept[1].side, Some(side_now.opponent()));
        assert_eq!(
            kept[0].outcome,
            Some(hive::db::Outcome::Win)
                .filter(|_| side_now == Color::White)
                .or(Some(hive::db::Outcome::Loss))
        );
        assert_eq!(
            kept[1].outcome,
            Some(hive::db::Outcome::Win)
                .filter(|_| side_now == Color::Black)
                .or(Some(hive::db::Outcome::Loss))
        );
        assert!(kept.iter().all(|k| k.opponent.as_deref() == Some(friend)));
    }
    both_until(&mut host, &mut joiner, "the joiner's friend", |_, j| {
        friends(j).first().is_some_and(|f| f.games == 2)
    });
    assert_eq!(friends(&host)[0].name, "Ben");
    assert_eq!(friends(&joiner)[0].name, "Ann");

    // Both leave; the next day, each clicks Play again once.
    for app in [&mut host, &mut joiner] {
        app.world_mut().write_message(OnlineRequest::Leave);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::MainMenu);
    }
    both_until(&mut host, &mut joiner, "the main menus", |h, j| {
        screen(h) == Screen::MainMenu && screen(j) == Screen::MainMenu && online(h).0.is_none()
    });
    host.world_mut().write_message(OnlineRequest::PlayFriend(0));
    joiner
        .world_mut()
        .write_message(OnlineRequest::PlayFriend(0));
    both_until(&mut host, &mut joiner, "the friends' next game", |h, j| {
        online_on_the_board(h)
            && online_on_the_board(j)
            && screen(h) == Screen::Playing
            && screen(j) == Screen::Playing
            && game(h).ply() == 0
    });
    // The colours swapped again from the last game; no Accept was asked.
    assert_eq!(
        seats(&host),
        Seats::Online {
            remote: Color::Black
        }
    );
    assert_eq!(
        online(&joiner).0.as_ref().map(|c| c.session.round()),
        Some(1)
    );
    play(&mut host, "wA1");
    both_until(&mut host, &mut joiner, "a move of the next game", |h, j| {
        same_games(h, j) && game(j).ply() == 1
    });
}

/// An online game left unfinished is kept as unfinished, with its friend
/// named, when a new online game takes its place in the autosave.
#[test]
fn an_online_game_left_for_a_new_one_is_kept_as_unfinished_with_its_friend() {
    let (host_data, joiner_data) = (TempDir::new().unwrap(), TempDir::new().unwrap());
    // The last online game, four moves in, against Zed.
    let mut left = hive::rules::Game::new(hive::rules::GameType::BASE);
    for mv in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"] {
        left.play_move_string(mv).expect("legal");
    }
    let mut saved = hive::records::SavedGame::new(left.clone())
        .with_seats(Seats::Online {
            remote: Color::Black,
        })
        .with_kind(hive::records::PlayKind::Online);
    saved
        .other_headers
        .push(("friend".to_string(), "Zed".to_string()));
    hive::records::Autosave::of_kind(host_data.path(), hive::records::PlayKind::Online)
        .write(&saved)
        .expect("written");
    // A new online game, and its first move.
    let (mut host, mut joiner) = started(host_data.path(), joiner_data.path());
    play(&mut host, "wG1");
    both_until(
        &mut host,
        &mut joiner,
        "the first move and the old game kept",
        |h, j| game(j).ply() == 1 && h.world().resource::<hive::game::KeptGames>().changes == 1,
    );
    let kept = kept_online(host_data.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].ending, hive::records::Ending::Unfinished);
    assert_eq!(kept[0].opponent.as_deref(), Some("Zed"));
    assert_eq!(kept[0].plies, 4);
}
