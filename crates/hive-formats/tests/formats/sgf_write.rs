//! The SGF writer read back by the SGF reader, and many PGN games split.

use hive_formats::{GameRecord, GameResult, Headers, read_pgn, read_sgf, split_pgn, write_sgf};
use hive_rules::{Game, GameType};

/// A game played from MoveStrings.
fn game(game_type: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(game_type.parse().expect("a game type"));
    for mv in moves {
        game.play_move_string(mv).expect("a legal move");
    }
    game
}

#[test]
fn written_sgf_reads_back_with_the_same_moves_and_headers() {
    // Climbs, a pillbug in the game, a move far from the first cell.
    let played = game(
        "Base+MLP",
        &[
            "wS1",
            "bL /wS1",
            "wA1 \\wS1",
            "bB1 -bL",
            "wQ wS1-",
            "bS1 /bL",
            "wP \\wQ",
            "bQ -bS1",
            "wQ wP/",
            "bP \\bQ",
            "wA1 /bQ",
            "bS2 bP/",
            "wB1 -wA1",
            "bB2 bS2/",
            "wB1 wA1",
            "bS1 wP\\",
            "wB1 bQ",
            "bB2 -wS1",
        ],
    );
    let mut headers = Headers::new(GameType::default());
    headers.white = Some("Ann ]\\ Lee".to_string());
    headers.black = Some("Bob".to_string());
    headers.date = Some("2019.03.07".to_string());
    headers.result = Some(GameResult::BlackWins);
    headers
        .extra
        .insert("WhiteElo".to_string(), "1612".to_string());
    headers
        .extra
        .insert("BlackElo".to_string(), "1490".to_string());
    let record = GameRecord::from_game(&played, headers);
    let text = write_sgf(&record);
    let back = read_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.main_line(), record.main_line(), "{text}");
    assert_eq!(back.headers.game_type, played.game_type());
    assert_eq!(back.headers.white.as_deref(), Some("Ann ]\\ Lee"));
    assert_eq!(back.headers.black.as_deref(), Some("Bob"));
    assert_eq!(back.headers.date.as_deref(), Some("2019.03.07"));
    assert_eq!(back.headers.result, Some(GameResult::BlackWins));
    assert_eq!(back.headers.extra("WhiteElo"), Some("1612"));
    assert_eq!(back.headers.extra("BlackElo"), Some("1490"));
}

#[test]
fn random_games_round_trip_through_sgf() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    for (i, game_type) in ["Base", "Base+M", "Base+L", "Base+P", "Base+MLP"]
        .iter()
        .cycle()
        .take(40)
        .enumerate()
    {
        let mut played = Game::new(game_type.parse().expect("a game type"));
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(1..90) {
            moves.clear();
            played.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            played
                .play(moves[rng.random_range(0..moves.len())])
                .expect("legal");
        }
        let record = GameRecord::from_game(&played, Headers::new(played.game_type()));
        let text = write_sgf(&record);
        let back = read_sgf(&text).unwrap_or_else(|e| panic!("game {i}: {e}\n{text}"));
        assert_eq!(back.main_line(), record.main_line(), "game {i}\n{text}");
    }
}

#[test]
fn a_file_of_pgn_games_splits_into_each_game() {
    let text = "[White \"a\"]\n[Black \"b\"]\n\n1. wS1\n2. bS1 wS1-\n\n\
                [White \"c\"]\n{ a comment\n[not a tag] }\n1. wA1\n\n\n\
                [White \"d\"]\n1. wG1\n";
    let games = split_pgn(text);
    assert_eq!(games.len(), 3, "{games:?}");
    let whites: Vec<_> = games
        .iter()
        .map(|g| read_pgn(g).expect("a game").headers.white)
        .collect();
    assert_eq!(
        whites,
        [Some("a".into()), Some("c".into()), Some("d".into())]
    );
    assert_eq!(read_pgn(&games[0]).expect("a game").main_line().len(), 2);
    // No tags at all: one game.
    assert_eq!(split_pgn("1. wS1\n2. bS1 wS1-\n").len(), 1);
}
