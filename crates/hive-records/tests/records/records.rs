//! Game files, autosave, undo/redo/review (`hive_records`).

use std::fs;
use std::path::Path;

use crate::boardspace_writer::play_randomly;
use crate::common::{load_game, save_game};
use hive_records::{Autosave, ErrorKind, FormatError, SavedGame};
use hive_rules::{Game, GameStatus, GameType, Options};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A seeded random game, played to its end or `max_plies`.
fn random_game(seed: u64, game_type: GameType, options: Options, max_plies: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::with_options(game_type, options);
    play_randomly(&mut game, &mut rng, max_plies);
    game
}

fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.game_string(), b.game_string());
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.status(), b.status());
    assert_eq!(a.options(), b.options());
    assert_eq!(a.moves().collect::<Vec<_>>(), b.moves().collect::<Vec<_>>());
}

/// Writes `text` to a file, tries to load it, and checks that the error
/// names the file and that the file is unchanged.
fn refused(dir: &Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    let err = load_game(&path).expect_err("a bad file must be refused");
    let message = err.to_string();
    assert!(message.contains(name), "{message:?} does not name the file");
    assert_eq!(err.path(), Some(path.as_path()));
    assert_eq!(fs::read(&path).unwrap(), text, "loading changed the file");
    message
}

#[test]
fn complete_games_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let mut ended = 0;
    let cases = [
        (1, GameType::BASE, Options::default()),
        (2, GameType::ALL, Options::default()),
        (
            3,
            GameType::from_expansions("M").unwrap(),
            Options::default(),
        ),
        (
            4,
            GameType::from_expansions("LP").unwrap(),
            Options::default(),
        ),
        (5, GameType::ALL, Options::default()),
        (6, GameType::BASE, Options::default()),
        (
            7,
            GameType::ALL,
            Options {
                turn_limit: Some(12),
                threefold_repetition: true,
                ..Options::default()
            },
        ),
        (
            8,
            GameType::BASE,
            Options {
                tournament_opening: false,
                ..Options::default()
            },
        ),
    ];
    for (seed, game_type, options) in cases {
        let game = random_game(seed, game_type, options, 150);
        if game.status().is_over() {
            ended += 1;
        }
        let path = dir.path().join(format!("game{seed}.txt"));
        save_game(&path, &game).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.ends_with(&format!("{}\n", game.game_string())));
        let loaded = load_game(&path).unwrap();
        assert_same(&game, &loaded);
        // Saving again gives the same file.
        save_game(&path, &loaded).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
    }
    // The turn-limited game at least must have ended.
    assert!(ended >= 1);
    // No temporary files are left behind.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), cases.len());
}

#[test]
fn default_games_are_plain_game_strings() {
    let game = random_game(11, GameType::ALL, Options::default(), 20);
    assert_eq!(
        SavedGame::new(game.clone()).text(),
        format!("{}\n", game.game_string())
    );
    let new = Game::new(GameType::BASE);
    assert_eq!(SavedGame::new(new).text(), "Base;NotStarted;White[1]\n");
}

#[test]
fn whitespace_and_comment_lines_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let game = random_game(12, GameType::ALL, Options::default(), 30);
    let path = dir.path().join("commented.txt");
    let text = format!(
        "\u{feff}# exported from somewhere\n\n   {}   \r\n\n",
        game.game_string()
    );
    fs::write(&path, &text).unwrap();
    assert_same(&load_game(&path).unwrap(), &game);
    // A pasted GameString reads the same way.
    let pasted = SavedGame::parse(&game.game_string(), Path::new("the clipboard"))
        .unwrap()
        .game;
    assert_same(&pasted, &game);
}

#[test]
fn bad_files_are_refused_naming_the_file_and_first_bad_move() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();

    // A move that breaks a rule: White moves on Black's turn.
    let m = refused(d, "illegal.txt", b"Base;InProgress;White[2];wS1;wS2 wS1-\n");
    assert!(m.contains("move 2") && m.contains("wS2 wS1-"), "{m}");

    // A move that cannot be read.
    let m = refused(
        d,
        "unreadable.txt",
        b"Base;InProgress;White[2];wS1;bX9 wS1-\n",
    );
    assert!(m.contains("move 2") && m.contains("bX9 wS1-"), "{m}");

    // A bad move later in a real game: the first bad one is named.
    let game = random_game(21, GameType::ALL, Options::default(), 40);
    assert!(game.moves().len() > 21);
    let mut fields: Vec<String> = game.game_string().split(';').map(String::from).collect();
    fields[3 + 9] = "wQ wQ-".to_string();
    fields[3 + 20] = "nonsense".to_string();
    let m = refused(d, "edited.txt", fields.join(";").as_bytes());
    assert!(m.contains("move 10") && m.contains("wQ wQ-"), "{m}");

    // Truncated files: cut in the middle, or the last move lost or empty.
    let full = game.game_string();
    let last = full.rfind(';').unwrap();
    // A cut inside a move is refused; a cut that leaves whole moves (or
    // whole but different ones: `wB1 bS1\` cut to `wB1 bS1`) is a shorter
    // game whose header no longer matches: loaded from its moves, with a note.
    refused(d, "truncated.txt", &full.as_bytes()[..last + 1]);
    for cut in [full.len() / 3, full.len() / 2, last] {
        let text = &full[..cut];
        match SavedGame::parse_noted(text, Path::new("truncated.txt"), None) {
            Err(e) => assert!(e.to_string().contains("truncated.txt"), "{e}"),
            Ok((_, note)) => assert!(note.is_some(), "{text} loaded without a note"),
        }
    }

    // Not a game at all.
    refused(d, "garbage.txt", b"hello, world\n");
    refused(d, "binary.txt", &[0xff, 0xfe, 0x00, 0x81, 0x12, 0x00]);
    refused(d, "badstate.txt", b"Base;Winning;White[1]\n");
    refused(d, "badtype.txt", b"Chess;InProgress;White[1]\n");
    refused(d, "two.txt", format!("{full}\n{full}\n").as_bytes());
    let m = refused(d, "empty.txt", b"");
    assert!(m.contains("empty"), "{m}");
    refused(d, "comment-only.txt", b"# nothing here\n\n");

    // A missing file.
    let err = load_game(d.join("missing.txt")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Read(_)));
    assert!(err.to_string().contains("missing.txt"));
}

/// A header that disagrees with the moves (other programs write such
/// GameStrings, and a file missing its last move has one) is forgiven: the
/// state and turn come from the moves, and the note says so.
#[test]
fn a_header_the_moves_contradict_is_recomputed_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    for (text, expected) in [
        (
            "Base;WhiteWins;Black[1];wS1",
            "Base;InProgress;Black[1];wS1",
        ),
        (
            "Base;NotStarted;Black[1];wS1",
            "Base;InProgress;Black[1];wS1",
        ),
        (
            "Base;InProgress;White[5];wS1;bS1 wS1-",
            "Base;InProgress;White[2];wS1;bS1 wS1-",
        ),
    ] {
        let (saved, note) = SavedGame::parse_noted(text, Path::new("x.txt"), None).unwrap();
        assert_eq!(saved.game.game_string(), expected);
        let note = note.expect("a note about the header");
        assert!(note.contains("moves lead to"), "{note}");
        let path = dir.path().join("lenient.txt");
        fs::write(&path, text).unwrap();
        let (loaded, note) =
            SavedGame::parse_noted(&fs::read_to_string(&path).unwrap(), &path, None).unwrap();
        assert_eq!(loaded.game.game_string(), expected);
        assert!(note.is_some());
    }
    // An honest header gives no note.
    let (_, note) =
        SavedGame::parse_noted("Base;InProgress;Black[1];wS1", Path::new("x.txt"), None).unwrap();
    assert_eq!(note, None);
}

#[test]
fn bad_move_error_carries_index_and_text() {
    let err = SavedGame::parse_noted(
        "Base;InProgress;White[2];wS1;wS2 wS1-",
        Path::new("x.txt"),
        None,
    )
    .unwrap_err();
    match err.into_kind() {
        ErrorKind::Format(FormatError::BadMove {
            index, text, rule, ..
        }) => {
            assert_eq!(index, 2);
            assert_eq!(text, "wS2 wS1-");
            assert!(rule.is_some());
        }
        other => panic!("unexpected {other:?}"),
    }
}

/// Whether files can be created in `dir` (root ignores read-only permissions).
fn can_create_in(dir: &Path) -> bool {
    let probe = dir.join("probe");
    let ok = fs::write(&probe, b"x").is_ok();
    let _ = fs::remove_file(&probe);
    ok
}

#[test]
fn failed_write_keeps_the_previous_file() {
    let dir = tempfile::tempdir().unwrap();
    let games_dir = dir.path().join("games");
    fs::create_dir(&games_dir).unwrap();
    let path = games_dir.join("keep.txt");
    let good = random_game(31, GameType::ALL, Options::default(), 20);
    save_game(&path, &good).unwrap();
    let before = fs::read(&path).unwrap();
    let newer = random_game(32, GameType::ALL, Options::default(), 30);

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&games_dir, fs::Permissions::from_mode(0o555)).unwrap();
        let read_only = !can_create_in(&games_dir);
        let result = save_game(&path, &newer);
        fs::set_permissions(&games_dir, fs::Permissions::from_mode(0o755)).unwrap();
        if read_only {
            let err = result.expect_err("a read-only directory cannot be written");
            assert!(matches!(err.kind(), ErrorKind::Write(_)));
            assert!(err.to_string().contains("keep.txt"), "{err}");
            assert_eq!(fs::read(&path).unwrap(), before);
            assert_same(&load_game(&path).unwrap(), &good);
            assert_eq!(fs::read_dir(&games_dir).unwrap().count(), 1);
        } else {
            // Running as root: the write went through. Put the good file back
            // and use the simulation below.
            save_game(&path, &good).unwrap();
        }
    }

    // A target whose parent is a regular file cannot be written.
    let blocker = dir.path().join("blocker");
    fs::write(&blocker, b"not a directory").unwrap();
    let err = save_game(blocker.join("game.txt"), &newer).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Write(_)));
    assert!(err.to_string().contains("game.txt"), "{err}");
    assert_eq!(fs::read(&blocker).unwrap(), b"not a directory");

    // A target that is a directory cannot be replaced; the old game file
    // beside it, and the directory, are untouched.
    let occupied = games_dir.join("occupied");
    fs::create_dir(&occupied).unwrap();
    fs::write(occupied.join("inside"), b"x").unwrap();
    assert!(save_game(&occupied, &newer).is_err());
    assert!(occupied.join("inside").is_file());
    assert_eq!(fs::read(&path).unwrap(), before);
    // No temporary files are left behind.
    assert_eq!(fs::read_dir(&games_dir).unwrap().count(), 2);
}

#[test]
fn autosave_survives_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data").join("hive");
    let game = {
        let autosave = Autosave::new(&data);
        assert!(autosave.load().unwrap().is_none());
        assert!(!autosave.exists());
        // Play, saving after every move; then "crash" (drop everything).
        let full = random_game(41, GameType::ALL, Options::default(), 60);
        let mut game = Game::new(GameType::ALL);
        for mv in full.moves() {
            game.play(mv).unwrap();
            autosave.save(&game).unwrap();
        }
        game.game_string()
    };
    let autosave = Autosave::new(&data);
    let resumed = autosave.load().unwrap().expect("an autosave to resume");
    assert_eq!(resumed.game_string(), game);
    assert_eq!(
        resumed.hash(),
        Game::from_game_string(&game).unwrap().hash()
    );
    // Only the autosave folder is in the directory, and only the autosave
    // in it.
    assert_eq!(fs::read_dir(&data).unwrap().count(), 1);
    assert_eq!(fs::read_dir(autosave.folder()).unwrap().count(), 1);

    // Declined (or the game ended): cleared, and clearing twice is fine.
    autosave.clear().unwrap();
    assert!(autosave.load().unwrap().is_none());
    autosave.clear().unwrap();

    // A damaged autosave is reported, not deleted or changed.
    fs::write(autosave.path(), b"Base;InProgress;White[2];wS1;wQ").unwrap();
    let err = autosave.load().unwrap_err();
    assert!(
        err.to_string()
            .contains(&autosave.path().display().to_string()),
        "{err}"
    );
    assert_eq!(
        fs::read(autosave.path()).unwrap(),
        b"Base;InProgress;White[2];wS1;wQ"
    );
}

#[test]
fn autosave_keeps_the_options() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options {
        turn_limit: Some(8),
        ..Options::default()
    };
    let game = random_game(42, GameType::BASE, options, 150);
    assert_eq!(game.status(), GameStatus::Draw);
    let autosave = Autosave::new(dir.path());
    autosave.save(&game).unwrap();
    assert_same(&autosave.load().unwrap().unwrap(), &game);
}
