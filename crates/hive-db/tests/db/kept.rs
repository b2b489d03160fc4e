//! The player's own games: kept with exact headers and moves, listed newest
//! first and filtered, kept again by the same id without doubling,
//! forgotten with their explorer counts, and exported as one PGN file that
//! reads back game for game.

use std::path::Path;

use hive_ai::Difficulty;
use hive_db::{Database, ExplorerFilter, KeptFilter, Outcome};
use hive_records::{Clocks, Ending, GameResult, KeptGame, Seats, TimeControl};
use hive_rules::{Color, Game, GameType, Options};

/// A game of `moves` (`;`-separated MoveStrings) under `options`.
fn played(game_type: GameType, options: Options, moves: &str) -> Game {
    let mut game = Game::with_options(game_type, options);
    for mv in moves.split(';').filter(|m| !m.trim().is_empty()) {
        game.play_move_string(mv.trim()).expect("a legal move");
    }
    game
}

/// Black's Queen surrounded: White wins by the rules after 11 plies.
const WHITE_WINS: &str =
    "wS1;bA1 /wS1;wQ \\wS1;bG1 bA1\\;wQ -wS1;bQ /bA1;wS2 \\wQ;bS1 /bQ;wS2 -bQ;bB1 bS1-;wQ -bA1";

fn kept(id: &str, seats: Seats, result: Option<GameResult>, ending: Ending, day: &str) -> KeptGame {
    let game = played(GameType::BASE, Options::default(), "wS1;bS1 wS1-;wQ -wS1");
    KeptGame {
        id: id.to_string(),
        game,
        seats,
        names: ["You".to_string(), "AI Medium".to_string()],
        result,
        ending,
        ended_at: (day.to_string(), "12:00:00".to_string()),
        clocks: None,
        move_clocks: Vec::new(),
        rated: None,
    }
}

fn fresh_kept() -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().expect("a folder");
    let db = Database::open_kept(dir.path()).expect("the player's games open");
    (dir, db)
}

const VS_MEDIUM: Seats = Seats::Ai {
    side: Color::Black,
    difficulty: Difficulty::Medium,
};

#[test]
fn a_kept_game_comes_back_with_every_header_and_move() {
    let (_dir, mut db) = fresh_kept();
    let game = played(
        "Base+MLP".parse::<GameType>().expect("a type"),
        Options {
            tournament_opening: false,
            threefold_repetition: true,
            turn_limit: Some(100),
        },
        "wQ;bL wQ-;wA1 -wQ",
    );
    let mut clocks = Clocks::new(TimeControl::parse("10+5").expect("a control"));
    clocks.run(Color::White, std::time::Duration::from_secs(30));
    let original = KeptGame {
        id: "00aa11bb22cc33dd".to_string(),
        game: game.clone(),
        seats: Seats::Online {
            remote: Color::White,
        },
        names: ["Ben".to_string(), "Ana".to_string()],
        result: Some(GameResult::WhiteWins),
        ending: Ending::Time,
        ended_at: ("2026.12.06".to_string(), "14:05:31".to_string()),
        clocks: Some(clocks),
        move_clocks: [575.0, 600.0, 570.5]
            .map(std::time::Duration::from_secs_f64)
            .to_vec(),
        rated: Some((1484.4, 1531.6)),
    };
    let id = db.keep(&original).expect("kept");
    let back = db.kept_game(id).expect("read").expect("there");
    assert_eq!(back.id, original.id);
    assert_eq!(back.game.game_string(), game.game_string());
    assert_eq!(back.game.options(), game.options());
    assert_eq!(back.seats, original.seats);
    assert_eq!(back.names, original.names);
    assert_eq!(back.result, Some(GameResult::WhiteWins));
    assert_eq!(back.ending, Ending::Time);
    assert_eq!(back.ended_at, original.ended_at);
    assert_eq!(back.clocks, original.clocks);
    assert_eq!(back.move_clocks, original.move_clocks, "each move's clock");
    assert!(
        original
            .pgn()
            .contains("[MoveClocks \"575.0 600.0 570.5\"]"),
        "{}",
        original.pgn()
    );
    assert_eq!(back.rated, Some((1484.0, 1532.0)), "rounded as written");
    let list = db.kept(&KeptFilter::default()).expect("listed");
    assert_eq!(list.len(), 1);
    let row = &list[0];
    assert_eq!(row.side, Some(Color::Black), "the friend played White");
    assert_eq!(row.opponent.as_deref(), Some("Ben"));
    assert_eq!(row.outcome, Some(Outcome::Loss));
    assert_eq!(row.ending, Ending::Time);
    assert_eq!(
        (row.day.as_str(), row.time.as_str()),
        ("2026-12-06", "14:05:31")
    );
    assert_eq!(row.game_type, "Base+MLP");
    assert_eq!(row.plies, 3);
    assert!(row.rated);
}

#[test]
fn the_same_id_kept_again_replaces_and_the_same_moves_twice_are_two_games() {
    let (_dir, mut db) = fresh_kept();
    let first = kept("1", VS_MEDIUM, None, Ending::Unfinished, "2026.12.01");
    db.keep(&first).expect("kept");
    // The same game, finished later: replaced, not doubled.
    let finished = KeptGame {
        result: Some(GameResult::BlackWins),
        ending: Ending::Resigned,
        ..first.clone()
    };
    db.keep(&finished).expect("kept again");
    // Another game with the same moves: a game of its own.
    db.keep(&KeptGame {
        id: "2".to_string(),
        ..finished.clone()
    })
    .expect("a second game");
    let list = db.kept(&KeptFilter::default()).expect("listed");
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list.iter().all(|g| g.ending == Ending::Resigned));
    assert_eq!(db.stats().expect("stats").games, 2);
    assert_eq!(db.kept_count().expect("count"), 2);
}

#[test]
fn the_list_is_newest_first_and_each_filter_holds() {
    let (_dir, mut db) = fresh_kept();
    let easy = Seats::Ai {
        side: Color::White,
        difficulty: Difficulty::Easy,
    };
    let games = [
        kept(
            "a",
            VS_MEDIUM,
            Some(GameResult::WhiteWins),
            Ending::Rules,
            "2025.03.04",
        ),
        kept(
            "b",
            VS_MEDIUM,
            Some(GameResult::BlackWins),
            Ending::Resigned,
            "2026.01.10",
        ),
        kept(
            "c",
            easy,
            Some(GameResult::Draw),
            Ending::Agreed,
            "2026.12.05",
        ),
        kept(
            "d",
            Seats::Human,
            Some(GameResult::WhiteWins),
            Ending::Rules,
            "2026.12.06",
        ),
        kept("e", VS_MEDIUM, None, Ending::Unfinished, "2026.11.30"),
    ];
    for game in &games {
        db.keep(game).expect("kept");
    }
    let ids = |filter: KeptFilter| -> Vec<String> {
        db.kept(&filter)
            .expect("listed")
            .into_iter()
            .map(|g| g.uid)
            .collect()
    };
    assert_eq!(ids(KeptFilter::default()), ["d", "c", "e", "b", "a"]);
    let outcome = |o| KeptFilter {
        outcome: Some(o),
        ..KeptFilter::default()
    };
    assert_eq!(ids(outcome(Outcome::Win)), ["a"], "White against Medium");
    assert_eq!(ids(outcome(Outcome::Loss)), ["b"]);
    assert_eq!(ids(outcome(Outcome::Draw)), ["c"]);
    assert_eq!(ids(outcome(Outcome::Unfinished)), ["e"]);
    let level = KeptFilter {
        level: Some("easy".to_string()),
        ..KeptFilter::default()
    };
    assert_eq!(ids(level), ["c"]);
    let opponent = KeptFilter {
        opponent: Some("medium".to_string()),
        ..KeptFilter::default()
    };
    assert_eq!(ids(opponent), ["e", "b", "a"]);
    let year = KeptFilter {
        from: Some("2026".to_string()),
        to: Some("2026-11".to_string()),
        ..KeptFilter::default()
    };
    assert_eq!(ids(year), ["e", "b"]);
    let some = KeptFilter {
        limit: 2,
        ..KeptFilter::default()
    };
    assert_eq!(ids(some), ["d", "c"]);
    let other_type = KeptFilter {
        game_type: Some("Base+M".to_string()),
        ..KeptFilter::default()
    };
    assert!(ids(other_type).is_empty());
}

#[test]
fn a_forgotten_game_leaves_nothing_behind_in_the_explorer() {
    let (_dir, mut db) = fresh_kept();
    let won = KeptGame {
        game: played(GameType::BASE, Options::default(), WHITE_WINS),
        result: Some(GameResult::WhiteWins),
        ..kept("won", VS_MEDIUM, None, Ending::Rules, "2026.12.06")
    };
    let left = kept("left", VS_MEDIUM, None, Ending::Unfinished, "2026.12.06");
    let won_id = db.keep(&won).expect("kept");
    db.keep(&left).expect("kept");
    let start = Game::new(GameType::BASE);
    let first = db
        .explore(&start, &ExplorerFilter::default())
        .expect("explored");
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].games, first[0].white_wins), (2, 1));
    assert!(db.forget(won_id).expect("forgotten"));
    assert!(!db.forget(won_id).expect("asked again"), "gone already");
    let after = db
        .explore(&start, &ExplorerFilter::default())
        .expect("explored");
    assert_eq!((after[0].games, after[0].white_wins), (1, 0));
    let stats = db.stats().expect("stats");
    assert_eq!(stats.games, 1);
    assert_eq!(stats.positions, 4, "the unfinished game's 4 positions");
}

#[test]
fn the_export_reads_back_game_for_game() {
    let (dir, mut db) = fresh_kept();
    for (i, day) in ["2026.12.01", "2026.12.02", "2026.12.03"]
        .iter()
        .enumerate()
    {
        db.keep(&kept(
            &format!("g{i}"),
            VS_MEDIUM,
            Some(GameResult::BlackWins),
            Ending::Resigned,
            day,
        ))
        .expect("kept");
    }
    let text = db.export_kept().expect("exported");
    let mut other = Database::open(dir.path().join("other.sqlite")).expect("opens");
    let (count, problems) = other.keep_pgn(&text, Path::new("export.pgn"));
    assert_eq!((count, problems.len()), (3, 0), "{problems:?}");
    assert_eq!(other.export_kept().expect("exported again"), text);
    // A record that is no kept game is named, and the rest kept.
    let broken = format!("{text}\n[GameType \"Base\"]\n[Result \"InProgress\"]\n\n1. wS1\n");
    let (count, problems) = other.keep_pgn(&broken, Path::new("export.pgn"));
    assert_eq!(count, 3);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("game 4") && problems[0].contains("Players"));
}

/// From a position, the moves the player made there when it was their
/// turn, turned to the board asked about, with how each game went for
/// them; the opponent's moves and games at one screen are not theirs.
#[test]
fn your_moves_from_a_position_count_only_the_players_turns_with_their_results() {
    let (_dir, mut db) = fresh_kept();
    let as_white = |id: &str, moves: &str, result, ending| KeptGame {
        game: played(GameType::BASE, Options::default(), moves),
        result,
        ..kept(id, VS_MEDIUM, None, ending, "2026.12.06")
    };
    // White (the player) opened wS1 twice, winning once and losing once,
    // and wA1 once, a draw.
    db.keep(&as_white(
        "a",
        "wS1;bS1 wS1-",
        Some(GameResult::WhiteWins),
        Ending::Rules,
    ))
    .expect("kept");
    db.keep(&as_white(
        "b",
        "wS1;bG1 wS1-",
        Some(GameResult::BlackWins),
        Ending::Resigned,
    ))
    .expect("kept");
    db.keep(&as_white(
        "c",
        "wA1;bS1 wA1-",
        Some(GameResult::Draw),
        Ending::Agreed,
    ))
    .expect("kept");
    // Played as Black: its first move is the AI's, not the player's.
    let as_black = KeptGame {
        seats: Seats::Ai {
            side: Color::White,
            difficulty: Difficulty::Medium,
        },
        ..as_white(
            "d",
            "wG1;bS1 wG1-",
            Some(GameResult::BlackWins),
            Ending::Rules,
        )
    };
    db.keep(&as_black).expect("kept");
    // Two people at one screen: nobody's side.
    let local = KeptGame {
        seats: Seats::Human,
        ..as_white(
            "e",
            "wS1;bS1 wS1-",
            Some(GameResult::WhiteWins),
            Ending::Rules,
        )
    };
    db.keep(&local).expect("kept");
    let start = Game::new(GameType::BASE);
    let mine: Vec<(String, u64, u64, u64, u64)> = db
        .your_moves(&start)
        .expect("asked")
        .into_iter()
        .map(|m| (m.uhp, m.games, m.won, m.drawn, m.lost))
        .collect();
    assert_eq!(
        mine,
        [
            ("wS1".to_string(), 2, 1, 0, 1),
            ("wA1".to_string(), 1, 0, 1, 0)
        ]
    );
    // After wG1, Black to move: the player's reply in game d, a win.
    let after = played(GameType::BASE, Options::default(), "wG1");
    let replies = db.your_moves(&after).expect("asked");
    assert_eq!(replies.len(), 1);
    assert_eq!((replies[0].games, replies[0].won), (1, 1));
    assert!(replies[0].uhp.starts_with("bS1"), "{}", replies[0].uhp);
    // The same position reached the other way round (a different first
    // piece number or orientation) finds the same moves: after wS1, the
    // player (White) made no move in d or e; Black's replies are not theirs.
    let after_s = played(GameType::BASE, Options::default(), "wS1");
    assert!(db.your_moves(&after_s).expect("asked").is_empty());
}

/// The player's results: in all, by level in the ladder's order, by
/// opponent, the latest run and the longest run of wins; unfinished games
/// and games at one screen are not results of theirs.
#[test]
fn progress_counts_results_by_level_and_opponent_and_the_streaks() {
    let (_dir, mut db) = fresh_kept();
    let vs = |difficulty| Seats::Ai {
        side: Color::Black,
        difficulty,
    };
    let white = Some(GameResult::WhiteWins);
    let black = Some(GameResult::BlackWins);
    let draw = Some(GameResult::Draw);
    let games = [
        ("1", vs(Difficulty::Medium), white, Ending::Rules),
        ("2", vs(Difficulty::Medium), white, Ending::Rules),
        ("3", vs(Difficulty::Easy), white, Ending::Rules),
        ("4", vs(Difficulty::Medium), black, Ending::Resigned),
        ("5", vs(Difficulty::Easy), draw, Ending::Agreed),
        ("6", Seats::Human, white, Ending::Rules),
        ("7", vs(Difficulty::Medium), None, Ending::Unfinished),
        ("8", vs(Difficulty::Medium), white, Ending::Time),
        ("9", vs(Difficulty::Easy), white, Ending::Rules),
    ];
    for (i, (id, seats, result, ending)) in games.into_iter().enumerate() {
        let mut game = kept(id, seats, result, ending, &format!("2026.12.0{}", i + 1));
        game.names = KeptGame::names(seats, "You", None);
        db.keep(&game).expect("kept");
    }
    let progress = db.progress().expect("counted");
    let score = |won, drawn, lost| hive_db::Score { won, drawn, lost };
    assert_eq!(progress.all, score(5, 1, 1));
    assert_eq!(
        progress.by_level,
        [
            ("easy".to_string(), score(2, 1, 0)),
            ("medium".to_string(), score(3, 0, 1)),
        ]
    );
    assert_eq!(
        progress.by_opponent[0],
        ("AI Medium".to_string(), score(3, 0, 1))
    );
    assert_eq!(progress.streak, Some((Outcome::Win, 2)));
    assert_eq!(progress.best_win_streak, 3);
}

/// Several openers of a new file at once (the game's tasks keep a game
/// and list the games as the file is first made): each gets the file,
/// none fails on a table another has just made.
#[test]
fn openers_of_a_new_file_at_once_all_get_it() {
    for round in 0..5 {
        let dir = tempfile::tempdir().expect("a folder");
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
        let openers: Vec<_> = (0..4)
            .map(|_| {
                let (dir, barrier) = (dir.path().to_path_buf(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Database::open_kept(&dir).map(|db| db.kept_count())
                })
            })
            .collect();
        for opener in openers {
            let opened = opener.join().expect("no panic");
            assert!(matches!(opened, Ok(Ok(0))), "round {round}: {opened:?}");
        }
    }
}
