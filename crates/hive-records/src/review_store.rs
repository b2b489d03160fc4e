//! Engine reviews kept with their games, so that a game reviewed once is
//! never searched again: when the engine finishes a review, the game's
//! record, with the review in its comments ([`annotate`]), is written as
//! PGN to the `reviews` folder of the data directory, named after the
//! game's moves. Opening the same moves again (resumed, loaded, from the
//! library, pasted) finds it and reads the review back ([`read_review`]).
//!
//! ```text
//! ~/.local/share/hive/
//!     reviews/
//!         3f6c0d1e9a2b4c57.pgn      a reviewed game: its moves and the review
//! ```
//!
//! The name is a hash of the game's GameString; the record's own moves are
//! compared before its review is used, so two games never share one.

use std::path::PathBuf;

use hive_ai::GameReview;
use hive_rules::Game;

use super::{
    ErrorKind, Format, GameRecord, Headers, RecordError, annotate, load_record, read_review,
    save_record,
};

/// The folder of the kept reviews, in the data directory.
pub const REVIEWS_DIR: &str = "reviews";

/// The reviews kept in a data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewStore {
    dir: PathBuf,
}

impl ReviewStore {
    /// The reviews kept in the data directory `dir` (the folder is made on
    /// the first one).
    pub fn in_dir(dir: impl Into<PathBuf>) -> ReviewStore {
        ReviewStore { dir: dir.into() }
    }

    /// The folder of the reviews, [`REVIEWS_DIR`] in the data directory.
    pub fn folder(&self) -> PathBuf {
        self.dir.join(REVIEWS_DIR)
    }

    /// The file that keeps the review of `game` (its whole line).
    pub fn path_of(&self, game: &Game) -> PathBuf {
        self.folder()
            .join(format!("{:016x}.pgn", fnv1a(game.game_string().as_bytes())))
    }

    /// Keeps `review` of `game` (every move of it), with the record's
    /// `headers` (players, date, ...), replacing an earlier one of the same
    /// game.
    pub fn keep(
        &self,
        game: &Game,
        headers: Headers,
        review: &GameReview,
    ) -> Result<(), RecordError> {
        let path = self.path_of(game);
        std::fs::create_dir_all(self.folder())
            .map_err(|source| RecordError::new(&path, ErrorKind::Write(source)))?;
        let mut record = GameRecord::from_game(game, headers);
        annotate(&mut record, review);
        save_record(&path, &record, Format::Pgn)
    }

    /// The review kept of `game`, if there is one of every move of it
    /// (`None` too when its file cannot be read or is another game's).
    pub fn find(&self, game: &Game) -> Option<GameReview> {
        let path = self.path_of(game);
        if !path.is_file() {
            return None;
        }
        let record = load_record(&path).ok()?;
        let same =
            record.main_line() == GameRecord::from_game(game, Headers::default()).main_line();
        let review = read_review(&record).filter(|_| same)?;
        (review.moves.len() == game.moves().count()).then_some(review)
    }
}

/// The 64-bit FNV-1a hash of `bytes`: stable across versions and
/// platforms, as a file name must be.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a() {
        // The published test vectors.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
