//! The autosaves: one per kind of play in the `autosave` folder of the data
//! directory, what the player sees kept (the whole line and the cursor, who
//! plays, the clocks, the house rules), the autosave of earlier versions
//! resumed once, and none of them in the player's list of games.

use std::fs;
use std::path::Path;

use crate::common::save_game;
use hive_ai::Difficulty;
use hive_records::{
    AUTOSAVE_DIR, AUTOSAVE_FILE, AUTOSAVE_VARIATIONS_FILE, Autosave, Clocks, FormatError, PlayKind,
    SavedGame, Seats, TimeControl, Variations, record_files,
};
use hive_rules::{Color, Game, GameType, Options};

/// A game of `plies` moves, each the `pick`-th legal move (mod their count).
fn game_of(game_type: GameType, plies: usize, pick: usize) -> Game {
    let mut game = Game::with_options(
        game_type,
        Options {
            threefold_repetition: true,
            ..Options::default()
        },
    );
    let mut moves = Vec::new();
    for i in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        game.play(moves[(i * pick + 1) % moves.len()]).unwrap();
    }
    game
}

/// The old data directory of `tests/data/old-saves`, copied.
fn old_data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/old-saves/data-dir");
    for entry in fs::read_dir(old).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

#[test]
fn autosaves_live_in_their_own_folder() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = Autosave::new(dir.path());
    assert_eq!(autosave.kind(), PlayKind::Game);
    assert_eq!(autosave.dir(), dir.path());
    assert_eq!(autosave.folder(), dir.path().join(AUTOSAVE_DIR));
    assert_eq!(autosave.path(), dir.path().join("autosave/game.txt"));
    assert_eq!(
        autosave.variations_path(),
        dir.path().join("autosave/game-variations.txt")
    );
    let analysis = autosave.with_kind(PlayKind::Analysis);
    assert_eq!(analysis.dir(), dir.path());
    assert_eq!(analysis.path(), dir.path().join("autosave/analysis.txt"));
    assert_eq!(
        Autosave::of_kind(dir.path(), PlayKind::Exhibition).variations_path(),
        dir.path().join("autosave/exhibition-variations.txt")
    );
    assert_eq!(analysis.old_paths(), None);
    assert_eq!(
        autosave.old_paths(),
        Some((
            dir.path().join(AUTOSAVE_FILE),
            dir.path().join(AUTOSAVE_VARIATIONS_FILE)
        ))
    );
}

#[test]
fn each_kind_of_play_keeps_its_own_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<(PlayKind, Game)> = PlayKind::ALL
        .into_iter()
        .zip(1..)
        .map(|(kind, pick)| (kind, game_of(GameType::ALL, 6 + pick, pick)))
        .collect();
    for (kind, game) in &games {
        let autosave = Autosave::of_kind(dir.path(), *kind);
        assert!(!autosave.exists());
        let tree = Variations::from_game(game);
        autosave.save_variations(Some(&tree)).unwrap();
        autosave
            .write(&SavedGame::new(game.clone()).with_seats(Seats::Human))
            .unwrap();
    }
    // Writing the analysis board and the exhibition left the game's alone.
    for (kind, game) in &games {
        let autosave = Autosave::of_kind(dir.path(), *kind);
        let saved = autosave.read().unwrap().expect("its own autosave");
        assert_eq!(saved.game.game_string(), game.game_string(), "{kind}");
        assert!(autosave.variations_of(game).is_some(), "{kind}");
    }
    // Clearing one leaves the others.
    Autosave::of_kind(dir.path(), PlayKind::Analysis)
        .clear()
        .unwrap();
    let exists: Vec<bool> = PlayKind::ALL
        .into_iter()
        .map(|kind| Autosave::of_kind(dir.path(), kind).exists())
        .collect();
    assert_eq!(exists, [true, false, true, true]);
    assert!(
        !Autosave::of_kind(dir.path(), PlayKind::Analysis)
            .variations_path()
            .exists()
    );
}

#[test]
fn the_autosave_keeps_what_the_player_sees() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = Autosave::new(dir.path());
    let game = game_of(GameType::BASE, 8, 3);
    let mut clocks = Clocks::new(TimeControl::minutes(5, 3));
    clocks.run(Color::White, std::time::Duration::from_secs(42));
    let saved = SavedGame::new(game.clone())
        .with_cursor(5)
        .with_seats(Seats::Ai {
            side: Color::White,
            difficulty: Difficulty::Hard,
        })
        .with_clocks(Some(clocks))
        .with_kind(PlayKind::Game);
    autosave.write(&saved).unwrap();
    let back = autosave.read().unwrap().unwrap();
    assert_eq!(back.game.game_string(), game.game_string());
    assert_eq!((back.len(), back.cursor), (8, 5));
    assert_eq!(back.seats, saved.seats);
    assert_eq!(back.clocks, Some(clocks));
    assert_eq!(back.kind, Some(PlayKind::Game));
    assert!(back.game.options().threefold_repetition);
    // The old accessors: the position shown, who plays, the clocks.
    let shown = autosave.load().unwrap().unwrap();
    assert_eq!(shown.ply(), 5);
    assert_eq!(autosave.seats(), saved.seats);
    assert_eq!(autosave.clocks(), Some(clocks));
}

#[test]
fn a_damaged_autosave_is_reported_and_left_alone() {
    let dir = old_data_dir();
    let autosave = Autosave::new(dir.path());
    fs::create_dir_all(autosave.folder()).unwrap();
    let damaged = "# hive cursor: many\nBase;InProgress;White[2];wS1\n";
    fs::write(autosave.path(), damaged).unwrap();
    let err = autosave.read().unwrap_err();
    assert!(
        matches!(
            err.format_error(),
            Some(FormatError::BadLine { line: 1, .. })
        ),
        "{err}"
    );
    assert_eq!(err.path(), Some(autosave.path().as_path()));
    assert!(autosave.load().is_err());
    assert_eq!(autosave.seats(), None);
    // Neither it nor the old autosave was touched.
    assert_eq!(fs::read_to_string(autosave.path()).unwrap(), damaged);
    assert!(dir.path().join(AUTOSAVE_FILE).is_file());
}

#[test]
fn the_old_autosave_is_resumed_once() {
    let dir = old_data_dir();
    let old_text = fs::read_to_string(dir.path().join(AUTOSAVE_FILE)).unwrap();
    let autosave = Autosave::new(dir.path());
    // Found in the old place while the new one is absent.
    assert!(autosave.exists());
    let saved = autosave.read().unwrap().expect("the old autosave");
    assert_eq!(saved.game.game_string(), old_text.lines().last().unwrap());
    assert!(saved.at_end());
    assert_eq!(
        saved.seats,
        Some(Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        })
    );
    assert_eq!(
        autosave.variations_of(&saved.game).unwrap().leaves().len(),
        2
    );
    // Only the game's autosave takes it.
    for kind in [PlayKind::Analysis, PlayKind::Exhibition] {
        assert!(!autosave.with_kind(kind).exists());
        assert!(autosave.with_kind(kind).read().unwrap().is_none());
    }
    // Variations written for the resumed game before the game itself: the
    // old autosave is still the one read until the game is written.
    let tree = autosave.variations_of(&saved.game).unwrap();
    autosave.save_variations(Some(&tree)).unwrap();
    assert_eq!(autosave.read().unwrap().unwrap().cursor, saved.cursor);
    // The resumed game written in the new place: the old one is gone.
    let resumed = saved.clone().with_cursor(3);
    autosave.write(&resumed).unwrap();
    assert!(!dir.path().join(AUTOSAVE_FILE).exists());
    assert!(!dir.path().join(AUTOSAVE_VARIATIONS_FILE).exists());
    let back = autosave.read().unwrap().unwrap();
    assert_eq!(back.cursor, 3);
    assert_eq!(back.game.game_string(), saved.game.game_string());
    assert!(autosave.variations_of(&back.game).is_some());
}

#[test]
fn clearing_removes_the_old_autosave_too() {
    let dir = old_data_dir();
    let autosave = Autosave::new(dir.path());
    autosave.clear().unwrap();
    assert!(!autosave.exists());
    assert!(autosave.read().unwrap().is_none());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn the_new_autosave_wins_over_the_old_one() {
    let dir = old_data_dir();
    // Another copy of the program still writing the old place, say.
    let newer = game_of(GameType::BASE, 4, 2);
    fs::create_dir_all(dir.path().join(AUTOSAVE_DIR)).unwrap();
    save_game(dir.path().join("autosave/game.txt"), &newer).unwrap();
    let autosave = Autosave::new(dir.path());
    let saved = autosave.read().unwrap().unwrap();
    assert_eq!(saved.game.game_string(), newer.game_string());
    // The old variations are not taken for the new game's.
    assert!(autosave.variations_of(&saved.game).is_none());
}

#[test]
fn the_list_of_games_shows_no_autosave() {
    let dir = old_data_dir();
    let data = dir.path();
    let game = game_of(GameType::BASE, 5, 1);
    save_game(data.join("my game.txt"), &game).unwrap();
    for kind in PlayKind::ALL {
        let autosave = Autosave::of_kind(data, kind);
        autosave
            .save_variations(Some(&Variations::from_game(&game)))
            .unwrap();
        autosave.save(&game).unwrap();
    }
    // The old autosave went with the game's first write; put it back.
    let old = old_data_dir();
    for name in [AUTOSAVE_FILE, AUTOSAVE_VARIATIONS_FILE] {
        fs::copy(old.path().join(name), data.join(name)).unwrap();
    }
    assert_eq!(record_files(data).unwrap(), [data.join("my game.txt")]);
    // Nor when the autosave folder itself is listed; another file there is.
    let folder = data.join(AUTOSAVE_DIR);
    save_game(folder.join("kept by hand.txt"), &game).unwrap();
    assert_eq!(
        record_files(&folder).unwrap(),
        [folder.join("kept by hand.txt")]
    );
}
