//! One record replayed: the game's row, and its positions with the next
//! moves in the keys' frames.

use hive_formats::{GameRecord, GameResult};
use hive_rules::{Color, Game};
use rusqlite::params;

use super::rows::{BatchGame, Buffer, Ply};
use crate::db::Database;
use crate::error::DbError;

/// A 64-bit FNV-1a hash (stable across versions and platforms).
pub(crate) fn fnv64(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The key of a game for duplicates: its game type and moves.
pub(crate) fn game_hash(game_type: &str, moves: &str) -> i64 {
    fnv64(format!("{game_type};{moves}").as_bytes()) as i64
}

/// A result as stored: 1 White wins, 0 a draw, -1 Black wins.
pub(crate) fn result_code(result: Option<GameResult>) -> Option<i64> {
    result.map(|r| match r {
        GameResult::WhiteWins => 1,
        GameResult::Draw => 0,
        GameResult::BlackWins => -1,
    })
}

/// A stored result (see [`result_code`]) read back.
pub(crate) fn result_of_code(code: i64) -> GameResult {
    match code.signum() {
        1 => GameResult::WhiteWins,
        -1 => GameResult::BlackWins,
        _ => GameResult::Draw,
    }
}

/// A date as stored (`yyyy-mm-dd`), from any form the readers give.
pub(crate) fn normal_date(date: &str) -> Option<String> {
    hive_formats::parse_date(date).map(|d| d.replace('.', "-"))
}

/// A stored date (`yyyy-mm-dd`) as the number `yyyymmdd`, as the
/// positions rows hold it.
pub(crate) fn day_number(date: &str) -> Option<i64> {
    let digits: String = date.chars().filter(char::is_ascii_digit).collect();
    (digits.len() == 8).then(|| digits.parse().ok()).flatten()
}

/// A day number (`yyyymmdd`) as a date (`yyyy-mm-dd`).
pub(crate) fn day_text(day: i64) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        day / 10_000,
        day / 100 % 100,
        day % 100
    )
}

/// Whether the explorer's aggregate counts this position.
pub(crate) fn opening(game: &Game) -> bool {
    game.pieces_placed() <= crate::schema::EXPLORER_PIECES
}

fn rating(record: &GameRecord, name: &str) -> Option<i64> {
    record
        .headers
        .extra(name)
        .and_then(|r| r.trim().parse::<i64>().ok())
        .filter(|r| *r > 0)
}

/// Stores `record`'s main line with its positions; false if the same game
/// (game type and moves) is already stored. A game with a `salt` is told
/// apart by it too (the player's own games: the same moves played twice
/// are two games).
pub(crate) fn insert_record(
    db: &Database,
    record: &GameRecord,
    source: &str,
    buffer: &mut Buffer,
    salt: Option<&str>,
) -> Result<bool, DbError> {
    let h = &record.headers;
    let game_type = h.game_type;
    // One replay gives the moves' text (for the game's row and its hash)
    // and each position's key with the next move in the key's frame.
    let mut game = Game::with_options(game_type, record.tree.options());
    buffer.keys.reset();
    let mut moves_text = String::new();
    let mut plies: Vec<(i64, Option<u32>, Color, bool)> = Vec::new();
    for node in record.tree.continuation(hive_formats::NodeId::ROOT) {
        let Some(mv) = record.tree.mv(node) else {
            break;
        };
        if !plies.is_empty() {
            moves_text.push(';');
        }
        // The tree holds each move's MoveString, written as it was read.
        moves_text.push_str(record.tree.text(node));
        let canonical = buffer.keys.of(&game);
        let next = canonical.canonical_move(mv).map(|m| m.code());
        plies.push((canonical.key.as_sql(), next, game.to_move(), opening(&game)));
        game.apply_unchecked(mv);
    }
    let moves = plies.len();
    plies.push((
        buffer.keys.of(&game).key.as_sql(),
        None,
        game.to_move(),
        opening(&game),
    ));
    let result = h.result.or_else(|| GameResult::from_status(game.status()));
    let type_text = game_type.to_string();
    let hash = match salt {
        Some(salt) => game_hash(&type_text, &format!("{moves_text}#{salt}")),
        None => game_hash(&type_text, &moves_text),
    };
    let date = h.date.as_deref().and_then(normal_date);
    let day = date.as_deref().and_then(day_number);
    let (white_rating, black_rating) = (rating(record, "WhiteElo"), rating(record, "BlackElo"));
    let result = result_code(result);
    let conn = &db.conn;
    let inserted = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO games (hash, game_type, white, black, white_rating, black_rating, \
             date, result, plies, moves, event, site, source) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        )
        .and_then(|mut st| {
            st.execute(params![
                hash,
                type_text,
                h.white,
                h.black,
                white_rating,
                black_rating,
                date,
                result,
                moves as i64,
                moves_text,
                h.event,
                h.site,
                source
            ])
        })
        .map_err(|e| db.err(e))?;
    if inserted == 0 {
        return Ok(false);
    }
    let id = conn.last_insert_rowid();
    let index = buffer.games.len() as u32;
    buffer.games.push(BatchGame {
        id,
        result,
        white_rating,
        black_rating,
        day,
    });
    buffer.plies.extend(
        plies
            .into_iter()
            .enumerate()
            .map(|(ply, (key, next, mover, opening))| Ply {
                key,
                next: next.unwrap_or(0),
                game: index,
                ply: ply as u32,
                flags: (u8::from(next.is_some()) * Ply::HAS_NEXT)
                    | (u8::from(mover == Color::Black) * Ply::BLACK)
                    | (u8::from(opening) * Ply::OPENING),
            }),
    );
    Ok(true)
}
