//! The game database in the headless app: an import on the task pool into
//! a temporary data folder, the explorer's moves for the position on the
//! board (the same as the database's own answer, asked again when the
//! position changes), a click on a move playing it (in review: as a
//! variation), a search by player and a game opened in review at a ply,
//! a broken database file reported and left as it is, and the explorer and
//! the Games screen's database part fitting at 800x600 in English and
//! Spanish.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::app::{app_keeping_files, game, set_screen, settle, turn, update_until_within};
use bevy::prelude::*;
use hive::db::generate::{GenerateConfig, generate};
use hive::db::{DB_FILE, Database, ExplorerFilter, PositionKey, SearchQuery};
use hive::game::{
    CurrentGame, DatabaseRequest, GameDatabase, NewGameSettings, Notice, QueryError, RecordPaths,
    Screen, SettingsFile, Turn, WhyNothing, Words, why_nothing,
};
use hive::records::Autosave;
use hive::rules::{Game, GameType};
use hive::text::Args;
use tempfile::TempDir;

/// A corpus of `games` seeded self-play games in yearly zips.
fn corpus(games: u64) -> TempDir {
    let dir = TempDir::new().expect("a temporary folder");
    let config = GenerateConfig {
        games,
        seed: 7,
        ..GenerateConfig::default()
    };
    generate(&config, dir.path(), &mut |_| {}).expect("generated");
    dir
}

fn db(app: &App) -> &GameDatabase {
    app.world().resource::<GameDatabase>()
}

const LIMIT: Duration = Duration::from_secs(60);

/// Runs frames until the database in the data folder is open.
fn wait_until_open(app: &mut App) {
    update_until_within(app, "the database open", LIMIT, |app| db(app).ready());
}

/// Imports `sources` through the app and waits for the report.
fn import(app: &mut App, sources: Vec<PathBuf>) {
    app.world_mut()
        .write_message(DatabaseRequest::Import(sources));
    app.update();
    update_until_within(app, "the import's report", LIMIT, |app| {
        db(app).import().is_none() && db(app).report().is_some()
    });
}

/// A local game on the board, with the data folder `data`.
fn app_with_data(data: &Path) -> App {
    let mut app = app_keeping_files(Some(data), None, NewGameSettings::default());
    wait_until_open(&mut app);
    app
}

fn start_base_game(app: &mut App, game_type: GameType) {
    app.world_mut()
        .resource_mut::<hive::game::Settings>()
        .game_type = game_type;
    set_screen(app, Screen::Playing);
    settle(app);
    assert_eq!(game(app).game_type(), game_type);
}

/// Runs frames until the explorer has answered about the position on the
/// board (with its page of games when the list is open).
fn wait_for_answer(app: &mut App) {
    update_until_within(app, "the explorer's answer", LIMIT, |app| {
        let current = app.world().resource::<CurrentGame>().game().clone();
        let explorer = &db(app).explorer;
        explorer.answer_for(&current).is_some_and(|answer| {
            answer.games_loaded || !explorer.list_open || answer.error.is_some()
        })
    });
}

/// Opens the stored game `id` in review at `ply`, as a click on its row
/// does, and waits for it.
fn open_in_review(app: &mut App, id: i64, ply: u32) {
    app.world_mut()
        .write_message(DatabaseRequest::Open { id, ply: Some(ply) });
    update_until_within(app, "the game in review", LIMIT, |app| {
        turn(app) == Some(Turn::Review)
    });
    settle(app);
}

#[test]
fn an_import_fills_the_explorer_and_a_click_on_a_move_plays_it() {
    let corpus = corpus(60);
    let data = TempDir::new().unwrap();
    let mut app = app_with_data(data.path());
    assert_eq!(db(&app).games(), Some(0), "a new database is empty");
    import(&mut app, vec![corpus.path().to_path_buf()]);
    let report = db(&app).report().unwrap().as_ref().expect("imported");
    assert_eq!(report.progress.added, 60);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(db(&app).games(), Some(60));
    // Imported again: nothing new (resumable, each game once).
    import(&mut app, vec![corpus.path().to_path_buf()]);
    let again = db(&app).report().unwrap().as_ref().expect("imported");
    assert_eq!(again.progress.added, 0);
    assert_eq!(db(&app).games(), Some(60));

    // The most common game type of the generator.
    let game_type: GameType = "Base+MLP".parse().unwrap();
    start_base_game(&mut app, game_type);
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    // The moves come first, alone: the games that reached the position
    // only once their list is open.
    wait_for_answer(&mut app);
    let moves_only = db(&app).explorer.answer_for(&game(&app)).unwrap().clone();
    assert!(!moves_only.moves.is_empty() && !moves_only.games_loaded);
    assert!(moves_only.games.is_empty());
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .explorer
        .list_open = true;
    wait_for_answer(&mut app);
    let direct = Database::open(data.path().join(DB_FILE)).unwrap();
    let start = Game::new(game_type);
    let expected = direct.explore(&start, &ExplorerFilter::default()).unwrap();
    let answer = db(&app).explorer.answer_for(&game(&app)).unwrap().clone();
    assert!(answer.error.is_none(), "{:?}", answer.error);
    assert!(!expected.is_empty(), "the corpus has Base+MLP games");
    assert_eq!(
        answer.moves, expected,
        "the explorer's moves are the database's"
    );
    let total: u64 = answer.moves.iter().map(|m| m.games).sum();
    assert_eq!(answer.games.len() as u64, total.min(50));
    assert_eq!(answer.page, 0);
    // The next page of the games that reached it: the database's next 50.
    app.world_mut().resource_mut::<GameDatabase>().explorer.page = 1;
    update_until_within(&mut app, "the second page", LIMIT, |app| {
        db(app)
            .explorer
            .answer_for(&game(app))
            .is_some_and(|a| a.page == 1)
    });
    let second = db(&app).explorer.answer_for(&game(&app)).unwrap().clone();
    let filter = ExplorerFilter::default();
    let expected_page = direct.games_reaching(&start, &filter, 50, 50).unwrap();
    assert_eq!(second.games, expected_page);
    assert_eq!(second.moves, answer.moves, "the moves stay");

    // A click on the most played move plays it, and the explorer answers
    // about the new position.
    let first = answer.moves[0].clone();
    app.world_mut()
        .write_message(DatabaseRequest::Play(first.mv));
    settle(&mut app);
    let after = game(&app);
    assert_eq!(after.moves().len(), 1, "the move was played");
    assert_eq!(after.moves().next().unwrap(), first.mv);
    wait_for_answer(&mut app);
    let next = db(&app).explorer.answer_for(&after).unwrap();
    assert_eq!(next.page, 0, "a new position starts at its newest games");
    let expected = direct.explore(&after, &ExplorerFilter::default()).unwrap();
    assert_eq!(next.moves, expected);
    assert_eq!(
        next.moves.iter().map(|m| m.games).sum::<u64>(),
        first.games,
        "every game that played the move goes on from it"
    );

    // A filter by a player who never played: no moves.
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .explorer
        .form
        .player = "nobody-at-all".into();
    wait_for_answer(&mut app);
    let hidden = db(&app).explorer.answer_for(&after).unwrap();
    assert!(hidden.moves.is_empty());
    // It says why: the filter hides the games that went on from here.
    let why = why_nothing(
        &after.game_type().to_string(),
        db(&app).types(),
        hidden.unfiltered,
    );
    assert_eq!(
        why,
        WhyNothing::Filtered {
            without: first.games
        }
    );
    // A date that is none: the explorer says so (its own message, in the
    // player's language), and answers again once it is one.
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .explorer
        .form
        .from = "20x9".into();
    wait_for_answer(&mut app);
    assert_eq!(
        db(&app).explorer.answer_for(&after).unwrap().error,
        Some(QueryError::BadDate("20x9".into()))
    );
    let words = app.world().resource::<Words>();
    let message = words.format("explorer-bad-date", &Args::new().with("date", "20x9"));
    assert!(
        message.contains("'20x9'") && message.contains("2019-03-14"),
        "{message}"
    );
    let mut form = app.world_mut().resource_mut::<GameDatabase>();
    form.explorer.form.from = "2019".into();
    form.explorer.form.player.clear();
    wait_for_answer(&mut app);
    let dated = db(&app).explorer.answer_for(&after).unwrap();
    assert!(
        dated.error.is_none() && !dated.moves.is_empty(),
        "{dated:?}"
    );
}

#[test]
fn a_board_of_a_type_the_database_lacks_says_which_types_it_holds() {
    let corpus = corpus(30);
    let data = TempDir::new().unwrap();
    let mut app = app_with_data(data.path());
    import(&mut app, vec![corpus.path().to_path_buf()]);
    update_until_within(&mut app, "the games counted by type", LIMIT, |app| {
        db(app).types().total() == 30
    });
    let held = db(&app).types().clone();
    // A type the generated games never have (the generator plays the
    // expansions): what the player sees on an empty board of it.
    let missing = [
        "Base", "Base+L", "Base+P", "Base+M", "Base+ML", "Base+MP", "Base+LP",
    ]
    .into_iter()
    .find(|t| held.of(t) == 0)
    .expect("a type the corpus lacks");
    start_base_game(&mut app, missing.parse().unwrap());
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    wait_for_answer(&mut app);
    let answer = db(&app).explorer.answer_for(&game(&app)).unwrap();
    assert!(answer.moves.is_empty(), "{missing} in {held:?}: {answer:?}");
    let why = why_nothing(missing, db(&app).types(), answer.unfiltered);
    assert_eq!(
        why,
        WhyNothing::OtherTypes {
            wanted: missing.to_string(),
            held: held.0.clone(),
        }
    );
}

#[test]
fn the_explorer_closes_with_its_board_and_stays_out_of_lessons() {
    let data = TempDir::new().unwrap();
    let mut app = app_with_data(data.path());
    let open = |app: &App| db(app).explorer.open;
    start_base_game(&mut app, GameType::BASE);
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    settle(&mut app);
    set_screen(&mut app, Screen::MainMenu);
    settle(&mut app);
    assert!(!open(&app), "closed with the board's screen");
    start_base_game(&mut app, GameType::BASE);
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    settle(&mut app);
    app.world_mut()
        .write_message(hive::game::learn::LessonRequest::Start(0));
    settle(&mut app);
    assert_eq!(
        app.world().resource::<State<hive::game::Activity>>().get(),
        &hive::game::Activity::Lesson
    );
    assert!(!open(&app), "closed when the lesson took the board");
}

#[test]
fn the_games_own_move_written_another_way_follows_its_line() {
    let corpus = corpus(10);
    let data = TempDir::new().unwrap();
    let mut app = app_with_data(data.path());
    import(&mut app, vec![corpus.path().to_path_buf()]);
    let direct = Database::open(data.path().join(DB_FILE)).unwrap();
    let first = SearchQuery {
        limit: 1,
        ..SearchQuery::default()
    };
    let chosen = direct.search(&first).unwrap()[0].clone();
    let stored = direct.game(chosen.id).unwrap().unwrap().game().unwrap();
    let own: Vec<_> = stored.moves().collect();
    open_in_review(&mut app, chosen.id, 1);
    // After one piece every cell beside it is the same position turned: a
    // move that the board's symmetry makes the game's own second move.
    let at_one = game(&app);
    assert_eq!(at_one.ply(), 1);
    let after = |mv| {
        let mut next = at_one.clone();
        next.play(mv).unwrap();
        PositionKey::of(&next)
    };
    let mut legal = Vec::new();
    at_one.legal_moves(&mut legal);
    let twin = legal
        .into_iter()
        .find(|&mv| mv != own[1] && after(mv) == after(own[1]))
        .expect("the same move written another way");
    app.world_mut().write_message(DatabaseRequest::Play(twin));
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::Review), "still reviewing the game");
    let current = app.world().resource::<CurrentGame>();
    assert_eq!(current.ply(), 2, "one step along the game's own line");
    assert_eq!(
        current.full_game().moves().collect::<Vec<_>>(),
        own,
        "no side line started"
    );
}

#[test]
fn a_search_by_player_opens_a_game_in_review_and_a_move_there_is_a_variation() {
    let corpus = corpus(40);
    let data = TempDir::new().unwrap();
    let mut app = app_with_data(data.path());
    import(&mut app, vec![corpus.path().to_path_buf()]);
    let direct = Database::open(data.path().join(DB_FILE)).unwrap();
    let some = direct
        .search(&SearchQuery {
            limit: 1,
            ..SearchQuery::default()
        })
        .unwrap();
    let player = some[0].white.clone().expect("a named player");
    let query = SearchQuery {
        player: Some(player.clone()),
        limit: 50,
        ..SearchQuery::default()
    };
    app.world_mut()
        .write_message(DatabaseRequest::Search(query.clone()));
    update_until_within(&mut app, "the search", LIMIT, |app| {
        db(app).searched.query.is_some() && !db(app).searching()
    });
    let found = db(&app).searched.games.clone();
    assert!(!found.is_empty());
    assert_eq!(found, direct.search(&query).unwrap());
    for summary in &found {
        let sides = [&summary.white, &summary.black];
        assert!(
            sides.iter().any(|s| s.as_deref() == Some(player.as_str())),
            "{player} played {summary:?}"
        );
    }

    // A date that is none: the search says so, as the explorer does.
    let dated = SearchQuery {
        to: Some("2019-13".into()),
        ..query.clone()
    };
    app.world_mut()
        .write_message(DatabaseRequest::Search(dated));
    update_until_within(&mut app, "the dated search", LIMIT, |app| {
        let asked = db(app).searched.query.as_ref();
        asked.and_then(|q| q.to.as_deref()) == Some("2019-13") && !db(app).searching()
    });
    assert_eq!(
        db(&app).searched.error,
        Some(QueryError::BadDate("2019-13".into()))
    );
    assert!(db(&app).searched.games.is_empty());

    // Opened in review at its third move.
    let chosen = found[0].clone();
    let stored = direct.game(chosen.id).unwrap().unwrap().game().unwrap();
    open_in_review(&mut app, chosen.id, 3);
    let current = app.world().resource::<CurrentGame>();
    assert_eq!(current.ply(), 3);
    assert_eq!(
        current.full_game().moves().collect::<Vec<_>>(),
        stored.moves().collect::<Vec<_>>()
    );
    let headers = current.headers().expect("the game's headers");
    assert_eq!(headers.white, chosen.white);

    // A move of the explorer played in review: a variation from move 3.
    let shown = game(&app);
    let mut legal = Vec::new();
    shown.legal_moves(&mut legal);
    let mv = legal[0];
    app.world_mut().write_message(DatabaseRequest::Play(mv));
    update_until_within(&mut app, "the variation played", LIMIT, |app| {
        game(app).moves().len() == 4
    });
    settle(&mut app);
    let played = game(&app);
    let played: Vec<_> = played.moves().collect();
    let stored: Vec<_> = stored.moves().collect();
    assert_eq!(played[..3], stored[..3]);
    assert_eq!(played[3], mv);
    // The game's own fourth move stays in the tree beside the new one.
    let tree = app.world().resource::<CurrentGame>().variations().clone();
    assert!(tree.leaves().len() >= 2 || stored[3] == mv);
}

#[test]
fn a_broken_database_file_is_reported_and_left_as_it_is() {
    let data = TempDir::new().unwrap();
    std::fs::create_dir_all(data.path()).unwrap();
    let bytes = b"this is no database at all, not one byte of it";
    std::fs::write(data.path().join(DB_FILE), bytes).unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    update_until_within(&mut app, "the database refused", LIMIT, |app| {
        db(app).error().is_some()
    });
    assert!(!db(&app).ready());
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .expect("a notice");
    assert!(
        notice.contains("damaged") && notice.contains("hive db check"),
        "{notice}"
    );
    let names: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains("broken")),
        "nothing moved aside: {names:?}"
    );
    assert_eq!(std::fs::read(data.path().join(DB_FILE)).unwrap(), bytes);
}

#[test]
fn no_data_folder_no_database() {
    let mut app = app_keeping_files(None, None, NewGameSettings::default());
    for _ in 0..5 {
        app.update();
    }
    assert!(db(&app).path().is_none());
    assert!(!db(&app).ready());
}

/// The explorer beside a game and the Games screen's database part, at
/// 800x600 in `lang`: every text within the window, the explorer's and
/// the report's words whole.
fn words_fit_in(lang: &str) {
    use crate::words_fit::{app, assert_fits, laid, word};
    let corpus = corpus(30);
    let data = TempDir::new().unwrap();
    let config = TempDir::new().unwrap();
    let mut app = app(lang, 800.0, 600.0);
    app.insert_resource(RecordPaths {
        autosave: Some(Autosave::new(data.path())),
    });
    app.insert_resource(SettingsFile::in_dir(config.path()));
    wait_until_open(&mut app);
    import(&mut app, vec![corpus.path().to_path_buf()]);
    app.world_mut()
        .resource_mut::<hive::game::Settings>()
        .game_type = "Base+MLP".parse().unwrap();
    set_screen(&mut app, Screen::Playing);
    app.world_mut().resource_mut::<GameDatabase>().explorer.open = true;
    for _ in 0..5 {
        app.update();
    }
    wait_for_answer(&mut app);
    let shown = laid(&mut app);
    let texts: Vec<String> = shown.iter().map(|l| l.text.clone()).collect();
    let title = word(&app, "explorer-title");
    assert!(texts.contains(&title), "{lang}: no explorer in {texts:?}");
    assert!(texts.contains(&word(&app, "explorer-results")), "{texts:?}");
    let whole = [
        title,
        word(&app, "explorer-move"),
        word(&app, "explorer-games"),
        word(&app, "explorer-results"),
        word(&app, "explorer-filters"),
    ];
    assert_fits(&shown, 800.0, &whole, &format!("{lang} explorer"));

    // The Games screen's database part, after a search.
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .on_games_screen = true;
    set_screen(&mut app, Screen::Games);
    app.world_mut()
        .write_message(DatabaseRequest::Search(SearchQuery {
            limit: 50,
            ..SearchQuery::default()
        }));
    update_until_within(&mut app, "the search", LIMIT, |app| {
        db(app).searched.query.is_some() && !db(app).searching()
    });
    let shown = laid(&mut app);
    let texts: Vec<String> = shown.iter().map(|l| l.text.clone()).collect();
    let import_button = word(&app, "database-import");
    assert!(texts.contains(&import_button), "{lang}: {texts:?}");
    assert!(
        texts.iter().any(|t| t.contains("30")),
        "{lang}: the count of games in {texts:?}"
    );
    let whole = [
        import_button,
        word(&app, "database-search"),
        word(&app, "database-search-position"),
        word(&app, "database-tab-database"),
    ];
    assert_fits(&shown, 800.0, &whole, &format!("{lang} database"));
}

#[test]
fn the_explorer_and_the_database_fit_at_800x600_in_english() {
    words_fit_in("en");
}

#[test]
fn the_explorer_and_the_database_fit_at_800x600_in_spanish() {
    words_fit_in("es");
}
