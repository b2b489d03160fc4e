//! Helpers shared by the record-format tests.

use std::fs;
use std::path::{Path, PathBuf};

use hive_records::{
    GameRecord, RecordError, SavedGame, load_game_file, read_record, save_game_file,
};
use hive_rules::Game;

/// `tests/data/recordings`: five boardspace games as `.sgf` and `.pgn`.
pub fn recordings() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/recordings")
}

/// The five games, by file stem.
pub const GAMES: [&str; 5] = [
    "HV-Abbo69-WeakBot-2018-10-28-2007",
    "HV-Dumbot-Kaur50-2023-01-17-0059",
    "HV-blue1224-Dumbot-2016-04-02-1915",
    "T!HV-Jewdoka-Eucalyx-2020-12-12-1447",
    "U!HV-kearf29-Dumbot-2013-04-20-0054",
];

/// The moves of the `.pgn` as Mzinga wrote them, one a line after `N. `.
pub fn mzinga_moves(stem: &str) -> Vec<String> {
    let text = fs::read_to_string(recordings().join(format!("{stem}.pgn"))).unwrap();
    text.lines()
        .filter_map(|line| {
            let (number, mv) = line.split_once(". ")?;
            number.parse::<u32>().ok().map(|_| mv.trim().to_string())
        })
        .collect()
}

/// Reads `text` as the file `name`.
pub fn read(name: &str, text: &str) -> Result<GameRecord, RecordError> {
    read_record(text, Path::new(name))
}

/// An SGF record around `events` (one `P0[...]`/`P1[...]` a line).
pub fn sgf(header: &str, events: &str) -> String {
    format!("(;\nGM[27]VV[1]\n{header}\n{events}\n;\nP0[time 0:01:00 ]\n)\n")
}

/// The game saved at `path` (the whole line), as a saved game's file
/// gives it.
pub fn load_game(path: impl AsRef<Path>) -> Result<Game, RecordError> {
    load_game_file(path).map(|saved| saved.game)
}

/// Saves `game`, shown at its end, with nothing else said.
pub fn save_game(path: impl AsRef<Path>, game: &Game) -> Result<(), RecordError> {
    save_game_file(path, &SavedGame::new(game.clone()))
}
