//! Every move `validmoves` lists can be played back with `play`, and every
//! move `bestmove` answers is one of them.

use hive_rules::Game;
use hive_uhp::Session;

use crate::common::perft_games as table_games;

/// The lines of an answer before `ok`.
fn answer(session: &mut Session, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    session.handle_line(line, &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.pop().as_deref(), Some("ok"), "{line}: {text}");
    lines
}

fn one_line(session: &mut Session, line: &str) -> String {
    let lines = answer(session, line);
    assert_eq!(lines.len(), 1, "{line}: {lines:?}");
    lines.into_iter().next().unwrap_or_default()
}

fn listed_moves(session: &mut Session) -> Vec<String> {
    one_line(session, "validmoves")
        .split(';')
        .map(str::to_string)
        .collect()
}

#[test]
fn every_listed_move_plays_back() {
    for start in table_games() {
        let mut session = Session::new();
        let loaded = one_line(&mut session, &format!("newgame {start}"));
        let game = Game::from_game_string(start).expect("valid row");
        // The table's spellings come back in canonical notation.
        let start = game.game_string();
        assert_eq!(loaded, start);
        let start = start.as_str();
        let moves = listed_moves(&mut session);
        assert_eq!(moves.len(), game.count_legal_moves(), "{start}");
        for mv in &moves {
            let played = one_line(&mut session, &format!("play {mv}"));
            let mut expected = game.clone();
            expected
                .play_move_string(mv)
                .unwrap_or_else(|e| panic!("{start}: {mv}: {e}"));
            assert_eq!(played, expected.game_string(), "{start}: play {mv}");
            assert_eq!(one_line(&mut session, "undo"), start, "{start}: undo {mv}");
        }
    }
}

#[test]
fn bestmove_answers_a_listed_move() {
    for start in table_games() {
        let mut session = Session::new();
        let start = one_line(&mut session, &format!("newgame {start}"));
        let start = start.as_str();
        let moves = listed_moves(&mut session);
        let best = one_line(&mut session, "bestmove depth 1");
        assert!(moves.contains(&best), "{start}: {best} is not in {moves:?}");
        assert_eq!(
            session.game().map(Game::game_string).as_deref(),
            Some(start),
            "bestmove played"
        );
    }
    let mut session = Session::new();
    one_line(&mut session, "newgame Base+MLP");
    let moves = listed_moves(&mut session);
    let best = one_line(&mut session, "bestmove depth 3");
    assert!(moves.contains(&best), "{best} is not in {moves:?}");
}

/// Plays whole games through the protocol, each move picked from the list
/// by a simple generator, checking the list against the rules at each turn.
#[test]
fn long_walks_stay_consistent() {
    for (game_type, seed) in [
        ("Base", 1u64),
        ("Base+M", 2),
        ("Base+L", 3),
        ("Base+P", 4),
        ("Base+MLP", 5),
        ("Base+MLP", 6),
    ] {
        let mut session = Session::new();
        one_line(&mut session, &format!("newgame {game_type}"));
        let mut replay = Game::from_game_string(game_type).expect("valid type");
        let mut state = seed;
        for _ in 0..150 {
            if replay.status().is_over() {
                break;
            }
            let moves = listed_moves(&mut session);
            assert_eq!(moves.len(), replay.count_legal_moves());
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = &moves[(state >> 33) as usize % moves.len()];
            let played = one_line(&mut session, &format!("play {mv}"));
            replay.play_move_string(mv).expect("listed moves are legal");
            assert_eq!(played, replay.game_string());
        }
        assert_eq!(
            Game::from_game_string(&replay.game_string()).map(|g| g.hash()),
            Ok(replay.hash()),
            "the GameString reloads to the same position"
        );
    }
}
