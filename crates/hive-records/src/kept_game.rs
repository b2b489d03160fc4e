//! A game the player played, kept as theirs once it ends: the moves, who
//! played each side and how the game ended, as one PGN record that any Hive
//! program reads (Mzinga's tags, then this program's own).
//!
//! ```text
//! [GameType "Base+MLP"]
//! [Date "2026.12.06"]
//! [White "You"]
//! [Black "AI Medium"]
//! [Result "BlackWins"]
//! [TimeControl "10+5"]
//! [Time "14:05:31"]
//! [Players "ai=black:medium"]
//! [Ending "resigned"]
//! [HouseRules "tournament_opening=on threefold_repetition=on turn_limit=none"]
//! [Rated "yes"]
//! [GameId "6f1c0d2a9b3e4471"]
//!
//! 1. wS1
//! 2. bS1 wS1-
//! ```
//!
//! | tag          | what                                                           |
//! |--------------|----------------------------------------------------------------|
//! | `Time`       | the local time the game ended, `hh:mm:ss` (`Date` its day)     |
//! | `Players`    | who sat at each side ([`Seats::words`]): the AI and its level, a friend over the internet, two people at this screen, a game watched |
//! | `Ending`     | how it ended ([`Ending`]): `rules`, `resigned`, `time`, `agreed`, `unfinished` |
//! | `HouseRules` | the rules it was played under, as the saved games write them   |
//! | `Clocks`     | with a clock: the time control and both times left at the end  |
//! | `MoveClocks` | with a clock: the mover's time left after each move, in seconds, in the order of the moves (`298.5 299.0 291.2 …`) |
//! | `Rated`      | `yes` when the game changed the player's rating                |
//! | `Rating`     | the player's rating before and after it (`1484 -> 1532`)       |
//! | `GameId`     | the game's own id: keeping it again replaces it, never doubles |
//!
//! Reading a record back ([`KeptGame::from_record`]) needs `Players`,
//! `Ending` and `GameId`; the rest is optional. A game kept before it was
//! stored (the program stopped at the last move) waits as a file in the
//! autosave folder ([`KeptGame::write_pending`], [`KeptGame::pending`]).

use std::path::{Path, PathBuf};

use hive_formats::headers::{options_words, parse_options};
use hive_formats::{GameRecord, GameResult, Headers, read_pgn, write_pgn};
use hive_rules::{Color, Game};

use super::disk::{read_record_file, remove_if_there, write_atomic};
use super::{AUTOSAVE_DIR, Clocks, ErrorKind, RecordError, Seats};

/// How a kept game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// On the board: a Queen surrounded, a draw by the rules.
    Rules,
    /// A player gave it up.
    Resigned,
    /// A player's clock ran out.
    Time,
    /// Both players agreed a draw.
    Agreed,
    /// It was left before its end.
    Unfinished,
}

impl Ending {
    /// Every ending.
    pub const ALL: [Ending; 5] = [
        Ending::Rules,
        Ending::Resigned,
        Ending::Time,
        Ending::Agreed,
        Ending::Unfinished,
    ];

    /// Its word in the record's `Ending` tag.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Rules => "rules",
            Ending::Resigned => "resigned",
            Ending::Time => "time",
            Ending::Agreed => "agreed",
            Ending::Unfinished => "unfinished",
        }
    }

    /// The ending [`Ending::word`] names.
    pub fn parse(word: &str) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| e.word() == word.trim())
    }
}

/// A game the player played, as it is kept (see the module's docs).
#[derive(Debug, Clone)]
pub struct KeptGame {
    /// The game's own id (keeping the same id again replaces the game).
    pub id: String,
    /// Every move played, under the game's house rules.
    pub game: Game,
    /// Who sat at each side.
    pub seats: Seats,
    /// White's name and Black's.
    pub names: [String; 2],
    /// The result; `None` for a game left unfinished.
    pub result: Option<GameResult>,
    /// How it ended.
    pub ending: Ending,
    /// The day it ended, `yyyy.mm.dd`, and the time, `hh:mm:ss`.
    pub ended_at: (String, String),
    /// The clocks at the end, when the game had a clock.
    pub clocks: Option<Clocks>,
    /// With a clock: the mover's time left after each move, its increment
    /// added, one a move in the order of the moves (empty: not known).
    pub move_clocks: Vec<std::time::Duration>,
    /// Whether it changed the player's rating, and the rating before and
    /// after it.
    pub rated: Option<(f64, f64)>,
}

/// The name of a kept game's file while it waits to be stored, in the
/// autosave folder: `finished-<id>.pgn`.
const PENDING_PREFIX: &str = "finished-";
const PENDING_EXTENSION: &str = crate::library::PGN_EXTENSION;

impl KeptGame {
    /// A new id for a game: 16 hexadecimal digits, random.
    pub fn new_id() -> String {
        format!("{:016x}", rand::random::<u64>())
    }

    /// The local day (`yyyy.mm.dd`) and time (`hh:mm:ss`) of a moment
    /// (seconds since 1970), as a kept game's `ended_at` says it.
    pub fn at(secs: u64) -> (String, String) {
        let local = chrono::DateTime::from_timestamp(secs as i64, 0)
            .map(|utc| utc.with_timezone(&chrono::Local))
            .unwrap_or_else(chrono::Local::now);
        (
            local.format("%Y.%m.%d").to_string(),
            local.format("%H:%M:%S").to_string(),
        )
    }

    /// The day (`yyyy.mm.dd`) and the time (`hh:mm:ss`) now, here.
    pub fn now() -> (String, String) {
        let now = chrono::Local::now();
        (
            now.format("%Y.%m.%d").to_string(),
            now.format("%H:%M:%S").to_string(),
        )
    }

    /// White's and Black's names for a game `seats` played: `player` for
    /// the player's side (both, at one screen, as `player (White)` and
    /// `player (Black)`), `AI <level>` for the AI's, the friend's name (or
    /// `Friend`) for a side played over the internet; in a game watched,
    /// `watched` gives both.
    pub fn names(seats: Seats, player: &str, others: Option<[String; 2]>) -> [String; 2] {
        let ai = |difficulty: hive_ai::Difficulty| format!("AI {}", difficulty.name());
        let friend = || {
            others
                .clone()
                .unwrap_or_else(|| ["Friend".to_string(), "Friend".to_string()])
        };
        match seats {
            Seats::Human => [format!("{player} (White)"), format!("{player} (Black)")],
            Seats::Ai {
                side: Color::White,
                difficulty,
            } => [ai(difficulty), player.to_string()],
            Seats::Ai { difficulty, .. } => [player.to_string(), ai(difficulty)],
            Seats::Exhibition { white, black } => [ai(white), ai(black)],
            Seats::Online {
                remote: Color::White,
            } => [friend()[0].clone(), player.to_string()],
            Seats::Online { .. } => [player.to_string(), friend()[1].clone()],
            Seats::Watching => friend(),
        }
    }

    /// The side the player played, as far as the seats tell: the side
    /// opposite the AI or the friend; `None` when people at this screen
    /// played both, or the game was watched.
    pub fn player_side(&self) -> Option<Color> {
        KeptGame::player_side_of(self.seats)
    }

    /// The side the player plays when `seats` sit at the board (see
    /// [`KeptGame::player_side`]).
    pub fn player_side_of(seats: Seats) -> Option<Color> {
        match seats {
            Seats::Ai { side, .. } => Some(side.opponent()),
            Seats::Online { remote } => Some(remote.opponent()),
            Seats::Human | Seats::Exhibition { .. } | Seats::Watching => None,
        }
    }

    /// The opponent's name: the other side's, when the player had a side.
    pub fn opponent(&self) -> Option<&str> {
        self.player_side().map(|side| match side {
            Color::White => self.names[1].as_str(),
            Color::Black => self.names[0].as_str(),
        })
    }

    /// The record: the tags of the module's docs and the moves.
    pub fn record(&self) -> GameRecord {
        let mut headers = Headers::new(self.game.game_type());
        headers.white = Some(self.names[0].clone());
        headers.black = Some(self.names[1].clone());
        headers.date = Some(self.ended_at.0.clone());
        headers.result = self.result;
        headers.time_control = self.clocks.map(|clocks| clocks.control().to_string());
        let mut tag = |name: &str, value: String| {
            headers.extra.insert(name.to_string(), value);
        };
        tag("Time", self.ended_at.1.clone());
        tag("Players", self.seats.words());
        tag("Ending", self.ending.word().to_string());
        tag("HouseRules", options_words(self.game.options()));
        if let Some(clocks) = self.clocks {
            tag("Clocks", clocks.words());
        }
        if !self.move_clocks.is_empty() {
            let words: Vec<String> = self
                .move_clocks
                .iter()
                .map(|left| format!("{:.1}", left.as_secs_f64()))
                .collect();
            tag("MoveClocks", words.join(" "));
        }
        tag(
            "Rated",
            if self.rated.is_some() { "yes" } else { "no" }.to_string(),
        );
        if let Some((before, after)) = self.rated {
            tag("Rating", format!("{before:.0} -> {after:.0}"));
        }
        tag("GameId", self.id.clone());
        GameRecord::from_game(&self.game, headers)
    }

    /// The record's PGN text.
    pub fn pgn(&self) -> String {
        write_pgn(&self.record())
    }

    /// The kept game a record holds (one written by [`KeptGame::record`]),
    /// naming `source` in errors: its `Players`, `Ending` and `GameId`
    /// tags are needed, and its moves are replayed under its `HouseRules`.
    pub fn from_record(record: &GameRecord, source: &Path) -> Result<KeptGame, RecordError> {
        let h = &record.headers;
        let bad = |what: &str| {
            RecordError::new(
                source,
                ErrorKind::NotKept {
                    what: what.to_string(),
                },
            )
        };
        let seats = h
            .extra("Players")
            .and_then(Seats::parse_words)
            .ok_or_else(|| bad("Players"))?;
        let ending = h
            .extra("Ending")
            .and_then(Ending::parse)
            .ok_or_else(|| bad("Ending"))?;
        let id = h
            .extra("GameId")
            .map(str::trim)
            .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()))
            .ok_or_else(|| bad("GameId"))?
            .to_string();
        let options = match h.extra("HouseRules") {
            Some(words) => parse_options(words).ok_or_else(|| bad("HouseRules"))?,
            None => record.tree.options(),
        };
        let mut game = Game::with_options(h.game_type, options);
        for mv in record.main_line() {
            game.play_move_string(&mv)
                .map_err(|_| bad(&format!("the move {mv}")))?;
        }
        let clocks = match h.extra("Clocks") {
            Some(words) => Some(Clocks::parse_words(words).ok_or_else(|| bad("Clocks"))?),
            None => None,
        };
        let move_clocks = match h.extra("MoveClocks") {
            Some(words) => words
                .split_whitespace()
                .map(|w| {
                    w.parse::<f64>()
                        .ok()
                        .filter(|s| s.is_finite() && (0.0..=1e7).contains(s))
                        .map(std::time::Duration::from_secs_f64)
                        .ok_or_else(|| bad("MoveClocks"))
                })
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        let rated = match (h.extra("Rated"), h.extra("Rating")) {
            (Some("yes"), Some(rating)) => {
                let (before, after) = rating.split_once("->").ok_or_else(|| bad("Rating"))?;
                let number = |text: &str| text.trim().parse::<f64>().map_err(|_| bad("Rating"));
                Some((number(before)?, number(after)?))
            }
            _ => None,
        };
        Ok(KeptGame {
            id,
            seats,
            names: [
                h.white.clone().unwrap_or_default(),
                h.black.clone().unwrap_or_default(),
            ],
            result: h.result,
            ending,
            ended_at: (
                h.date.clone().unwrap_or_default(),
                h.extra("Time").unwrap_or_default().to_string(),
            ),
            clocks,
            move_clocks,
            rated,
            game,
        })
    }

    /// Reads a kept game from PGN `text` (one game), naming `source`.
    pub fn parse(text: &str, source: &Path) -> Result<KeptGame, RecordError> {
        let record = read_pgn(text).map_err(|error| RecordError::format(source, error))?;
        KeptGame::from_record(&record, source)
    }

    /// Its file while it waits to be stored, in the data directory `dir`.
    pub fn pending_path(&self, dir: &Path) -> PathBuf {
        dir.join(AUTOSAVE_DIR)
            .join(format!("{PENDING_PREFIX}{}.{PENDING_EXTENSION}", self.id))
    }

    /// Writes it to its waiting file (atomically), before it is stored:
    /// if the program stops before the store, the next start finds it.
    pub fn write_pending(&self, dir: &Path) -> Result<PathBuf, RecordError> {
        let path = self.pending_path(dir);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| RecordError::new(folder, ErrorKind::Write(e)))?;
        }
        write_atomic(&path, self.pgn().as_bytes())?;
        Ok(path)
    }

    /// Removes its waiting file, once stored.
    pub fn remove_pending(&self, dir: &Path) -> Result<(), RecordError> {
        remove_if_there(&self.pending_path(dir))
    }

    /// The kept games waiting to be stored in the data directory `dir`,
    /// each read, in the order of their files' names; a file that cannot be
    /// read is returned as its error (and left as it is).
    pub fn pending(dir: &Path) -> Vec<Result<KeptGame, RecordError>> {
        let folder = dir.join(AUTOSAVE_DIR);
        let Ok(entries) = std::fs::read_dir(&folder) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                name.starts_with(PENDING_PREFIX)
                    && path.extension().and_then(|e| e.to_str()) == Some(PENDING_EXTENSION)
            })
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| read_record_file(&path).and_then(|text| KeptGame::parse(&text, &path)))
            .collect()
    }
}
