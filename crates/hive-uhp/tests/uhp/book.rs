//! The opening book kept in the repository, and `hive-engine match --book`:
//! the book reads, each line a legal unfinished game of its type, no two
//! alike; a match's pairs start from a book's positions, each with both
//! colours; a bad book is refused by its line.

use std::collections::HashSet;

use hive_rules::{Game, GameStatus, GameType};
use hive_uhp::arena::book::{BUILTIN, Book, symmetric_key};

/// The book's file, as kept in the repository.
fn book_file() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings.txt");
    std::fs::read_to_string(path).expect("crates/hive-uhp/data/openings.txt")
}

/// The number after `label` in the header line starting `# <prefix>`.
fn header_number(text: &str, prefix: &str, label: &str) -> Option<usize> {
    let line = text
        .lines()
        .find(|l| l.strip_prefix("# ").is_some_and(|l| l.starts_with(prefix)))?;
    let (before, _) = line.split_once(label)?;
    before.split_whitespace().last()?.parse().ok()
}

#[test]
fn the_book_in_the_repository_is_legal_unfinished_and_without_repeats() {
    let text = book_file();
    assert_eq!(text, BUILTIN, "the binaries carry the book as it is");
    assert!(text.len() < 200_000, "the book stays small");
    let book = Book::parse(&text).expect("the book reads");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(book.positions.len(), lines.len(), "every line a position");
    // The header's counts are the book's: those the search kept, less
    // those dropped as uneven in play.
    let dropped: usize = text
        .lines()
        .find(|l| l.starts_with("# Judged "))
        .and_then(|l| l.split_once("dropped ")?.1.split('.').next()?.parse().ok())
        .unwrap_or(0);
    assert_eq!(
        header_number(&text, "Counts:", "written").map(|n| n - dropped),
        Some(book.positions.len()),
        "{}",
        text.lines().take(12).collect::<Vec<_>>().join("\n")
    );
    let mut keys = HashSet::new();
    let mut hashes = HashSet::new();
    for position in &book.positions {
        let line = position.line;
        let stated = position
            .game_string
            .split(';')
            .next()
            .and_then(|t| t.parse::<GameType>().ok());
        // Replayed move by move under the rules a match plays by.
        let game = Game::from_game_string(&position.game_string).expect("a legal game");
        assert_eq!(stated, Some(game.game_type()), "line {line}");
        assert_eq!(game.status(), GameStatus::InProgress, "line {line}");
        assert!((4..=10).contains(&game.ply()), "line {line}: 4 to 10 moves");
        assert_eq!(game.game_string(), position.game_string, "line {line}");
        assert!(hashes.insert(game.hash()), "line {line} repeats a position");
        assert!(
            keys.insert(symmetric_key(&game)),
            "line {line} repeats a position turned or mirrored"
        );
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "line {line}");
    }
    // A few hundred positions of the full game, some of each subset.
    let count = |letters: &str| {
        let game_type = GameType::from_expansions(letters).expect("a game type");
        let positions = book.of_type(game_type).map_or(0, |p| p.len());
        let named = if letters.is_empty() {
            "Base".to_string()
        } else {
            format!("Base+{letters}")
        };
        let dropped = header_number(&text, &format!("  {named} in play:"), "dropped");
        assert_eq!(
            header_number(&text, &format!("  {named}:"), "written")
                .map(|n| n - dropped.unwrap_or(0)),
            Some(positions),
            "{named}"
        );
        positions
    };
    assert!(count("MLP") >= 300);
    for letters in ["", "M", "L", "P"] {
        assert!(count(letters) >= 50, "Base+{letters}");
    }
}

#[cfg(feature = "cli")]
mod cli {
    use std::path::Path;

    use hive_rules::{Game, GameType, Move};

    use crate::sprt::hive_match;

    /// A game of `game_type` after `moves`, each played by the rules.
    fn played(game_type: GameType, moves: &[&str]) -> Game {
        let mut game = Game::new(game_type);
        for text in moves {
            game.play_move_string(text).expect("a legal move");
        }
        game
    }

    /// Three Base+MLP positions and one Base position.
    fn tiny_book() -> Vec<Game> {
        let mlp = GameType::ALL;
        vec![
            played(mlp, &["wP", "bL -wP", "wM wP-", "bQ \\bL"]),
            played(GameType::BASE, &["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-"]),
            played(mlp, &["wG1", "bA1 wG1/", "wQ /wG1", "bM bA1-", "wB1 \\wQ"]),
            played(mlp, &["wS1", "bS1 -wS1", "wA1 wS1\\", "bQ \\bS1"]),
        ]
    }

    fn write_book(path: &Path, games: &[Game]) {
        let mut text = "# a tiny book\n\n".to_string();
        for game in games {
            text += &game.game_string();
            text.push('\n');
        }
        std::fs::write(path, text).expect("the book is written");
    }

    /// The games of a match's output: A's colour and the GameString.
    fn games(stdout: &str) -> Vec<(bool, Game)> {
        let lines: Vec<&str> = stdout.lines().collect();
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("game "))
            .map(|(i, l)| {
                let a_white = l.contains("(A is White)");
                assert!(a_white || l.contains("(A is Black)"), "{l}");
                let game = Game::from_game_string(lines[i + 1].trim()).expect("a GameString");
                (a_white, game)
            })
            .collect()
    }

    /// Whether `game` begins with `opening`'s moves.
    fn starts_with(game: &Game, opening: &Game) -> bool {
        let moves: Vec<Move> = game.moves().collect();
        moves.len() >= opening.ply() as usize
            && opening
                .moves()
                .eq(moves[..opening.ply() as usize].iter().copied())
    }

    #[test]
    fn a_match_plays_each_book_position_with_both_colours() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("tiny.txt");
        let book = tiny_book();
        write_book(&path, &book);
        let path_arg = path.to_str().expect("a path");
        let mlp: Vec<&Game> = book
            .iter()
            .filter(|g| g.game_type() == GameType::ALL)
            .collect();
        let common = ["--book", path_arg, "--games", "8", "--max-moves", "20"];

        // In the file's order, the Base position left out, then round again.
        let mut args = vec!["beginner", "depth:1", "--book-order", "sequential"];
        args.extend(common);
        let (ok, stdout, stderr) = hive_match(&args);
        assert!(ok, "{stdout}{stderr}");
        assert!(
            stdout.contains("# openings from the book tiny.txt (3 Base+MLP positions"),
            "{stdout}"
        );
        let played = games(&stdout);
        assert_eq!(played.len(), 8, "{stdout}");
        for (i, (a_white, game)) in played.iter().enumerate() {
            let opening = mlp[(i / 2) % mlp.len()];
            assert!(starts_with(game, opening), "game {}: {stdout}", i + 1);
            assert_eq!(*a_white, i % 2 == 0, "game {}", i + 1);
            assert!(game.ply() > opening.ply(), "game {}: played on", i + 1);
        }

        // Shuffled by the seed: each position once in the first three pairs,
        // the pair's two games from the same one.
        let mut args = vec!["beginner", "depth:1", "--seed", "4", "--concurrency", "2"];
        args.extend(common);
        let (ok, stdout, stderr) = hive_match(&args);
        assert!(ok, "{stdout}{stderr}");
        let played = games(&stdout);
        assert_eq!(played.len(), 8, "{stdout}");
        let mut used = Vec::new();
        for pair in played.chunks(2) {
            let opening = mlp
                .iter()
                .position(|o| starts_with(&pair[0].1, o))
                .expect("a book position");
            assert!(starts_with(&pair[1].1, mlp[opening]), "{stdout}");
            assert!(pair[0].0 && !pair[1].0, "A White, then Black");
            used.push(opening);
        }
        let mut first_round = used[..3].to_vec();
        first_round.sort_unstable();
        assert_eq!(first_round, [0, 1, 2], "{used:?}");
        // The same seed, the same games, one at a time.
        let mut args = vec!["beginner", "depth:1", "--seed", "4"];
        args.extend(common);
        let (ok, again, _) = hive_match(&args);
        assert!(ok);
        let gs = |out: &str| -> Vec<String> {
            games(out).iter().map(|(_, g)| g.game_string()).collect()
        };
        assert_eq!(gs(&again), gs(&stdout));
    }

    #[test]
    fn a_record_names_its_book_and_another_book_cannot_resume_it() {
        let dir = tempfile::tempdir().expect("a folder");
        let (path, record) = (dir.path().join("book.txt"), dir.path().join("record.txt"));
        let mut book = tiny_book();
        write_book(&path, &book);
        let args = |games: &'static str| {
            vec![
                "beginner".to_string(),
                "depth:1".to_string(),
                "--book".to_string(),
                path.display().to_string(),
                "--games".to_string(),
                games.to_string(),
                "--max-moves".to_string(),
                "16".to_string(),
                "--record".to_string(),
                record.display().to_string(),
            ]
        };
        let run = |args: Vec<String>| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            hive_match(&args)
        };
        let (ok, first, stderr) = run(args("2"));
        assert!(ok, "{first}{stderr}");
        let text = std::fs::read_to_string(&record).expect("a record");
        assert!(
            text.lines()
                .nth(1)
                .is_some_and(|l| l.contains("openings from the book book.txt (3 Base+MLP")),
            "{text}"
        );
        // The same book goes on to more games, the first ones replayed.
        let (ok, more, stderr) = run(args("4"));
        assert!(ok, "{more}{stderr}");
        assert!(more.contains("resumed from"), "{more}");
        let first_games: Vec<String> = games(&first).iter().map(|(_, g)| g.game_string()).collect();
        let again: Vec<String> = games(&more).iter().map(|(_, g)| g.game_string()).collect();
        assert_eq!(first_games[..], again[..2]);
        // Another position in the book: another match.
        book[3] = played(GameType::ALL, &["wA1", "bA1 wA1-", "wQ -wA1", "bQ bA1-"]);
        write_book(&path, &book);
        let (ok, stdout, stderr) = run(args("4"));
        assert!(!ok, "{stdout}");
        assert!(
            stderr.contains("the record is of another match"),
            "{stderr}"
        );
    }

    #[test]
    fn a_bad_book_is_refused_by_its_line() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("bad.txt");
        let path_arg = path.to_str().expect("a path");
        let good = tiny_book()[0].game_string();
        // A queen surrounded after eleven moves: Black's, by two ants and
        // Black's own pieces.
        let won = played(
            GameType::BASE,
            &[
                "wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wA1 -wQ", "bA1 bQ-", "wA1 bQ/",
                "bA2 bQ\\", "wA2 -wQ", "bA3 /bQ", "wA2 \\bQ",
            ],
        );
        assert_eq!(won.status(), hive_rules::GameStatus::WhiteWins);
        let refused = |body: String| {
            std::fs::write(&path, body).expect("the book is written");
            let (ok, stdout, stderr) = hive_match(&["beginner", "beginner", "--book", path_arg]);
            assert!(!ok, "{stdout}");
            assert!(
                !stdout.contains("game 1"),
                "refused before any game: {stdout}"
            );
            assert!(stderr.starts_with("hive match: --book "), "{stderr}");
            stderr
        };
        let stderr = refused(format!("# comment\n{good}\n{good};bX9 wP\n"));
        assert!(stderr.contains("line 3: "), "{stderr}");
        let stderr = refused(format!("{good}\n\n{}\n", won.game_string()));
        assert!(
            stderr.contains("line 3: ") && stderr.contains("finished"),
            "{stderr}"
        );
        let stderr = refused("# nothing\nBase+MLP;InProgress;White[9];wG1\n".to_string());
        assert!(stderr.contains("line 2: "), "{stderr}");
        let stderr = refused(format!("{}\n", tiny_book()[1].game_string()));
        assert!(
            stderr.contains("no Base+MLP position (it has 1 Base)"),
            "{stderr}"
        );
        let missing = dir.path().join("missing.txt");
        let (ok, _, stderr) = hive_match(&[
            "beginner",
            "beginner",
            "--book",
            missing.to_str().expect("a path"),
        ]);
        assert!(!ok && stderr.contains("cannot read the book"), "{stderr}");
    }
}
