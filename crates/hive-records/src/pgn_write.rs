//! Writing PGN records, in Mzinga's form (see [`crate::read_pgn`] for the
//! text).

use super::record::{GameRecord, GameResult};

/// The PGN text of `record` in Mzinga's form (see the module's docs): the
/// main line's moves, and the headers.
pub fn write_pgn(record: &GameRecord) -> String {
    let headers = &record.headers;
    let moves = record.main_line();
    let result = record.result();
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace(['\n', '\r'], " ");
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag("GameType", &record.tree.game_type().to_string());
    for (name, value) in [
        ("Date", &headers.date),
        ("Event", &headers.event),
        ("Site", &headers.site),
        ("Round", &headers.round),
        ("White", &headers.white),
        ("Black", &headers.black),
    ] {
        tag(name, value.as_deref().unwrap_or(""));
    }
    let unfinished = if moves.is_empty() {
        "NotStarted"
    } else {
        "InProgress"
    };
    tag("Result", result.map_or(unfinished, GameResult::uhp_name));
    if let Some(time_control) = &headers.time_control {
        tag("TimeControl", time_control);
    }
    for (name, value) in &headers.extra {
        let name: String = name
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            tag(&name, value);
        }
    }
    if !moves.is_empty() {
        text.push('\n');
        for (index, mv) in moves.iter().enumerate() {
            text.push_str(&format!("{}. {mv}\n", index + 1));
        }
    }
    if let Some(result) = result {
        text.push('\n');
        text.push_str(result.uhp_name());
        text.push('\n');
    }
    text
}
