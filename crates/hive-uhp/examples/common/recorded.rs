//! Real games for the examples that learn from them (`make_book`,
//! `texel`): every `.pgn` file under some folders, read by hive-formats'
//! PGN reader (Mzinga's records), in file-name order.

use std::path::{Path, PathBuf};

use hive_formats::GameResult;
use hive_rules::Game;

/// Every game under `dirs` (their main lines) with its `[Result]`, if it
/// says one; a file that does not read is an error naming it.
pub fn recorded_games(dirs: &[PathBuf]) -> Result<Vec<(Game, Option<GameResult>)>, String> {
    let mut files = Vec::new();
    for dir in dirs {
        pgn_files(dir, &mut files).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    files.sort();
    files
        .iter()
        .map(|file| {
            let named = |e: String| format!("{}: {e}", file.display());
            let text = std::fs::read_to_string(file).map_err(|e| named(e.to_string()))?;
            let record = hive_formats::read_pgn(&text).map_err(|e| named(e.to_string()))?;
            Ok((record.main_line_game(), record.headers.result))
        })
        .collect()
}

/// Every `.pgn` file under `dir`.
fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            pgn_files(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            out.push(path);
        }
    }
    Ok(())
}
