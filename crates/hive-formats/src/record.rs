//! A game record: who played, when and where, the result, and the moves.
//!
//! [`GameRecord`] is what every reader ([`crate::read_record`]) returns and
//! every writer takes: its [`Headers`] and a [`Variations`] tree whose main
//! line is the game. The readers of other programs' files (SGF, PGN) fill the
//! headers they find; a GameString or a variations file has none but its game
//! type and the result its moves reach.

use std::fmt;

use indexmap::IndexMap;

use hive_rules::{Color, Game, GameStatus, GameType, Move, Options, RuleError};

use super::{NodeId, Variations};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Black's Queen was surrounded (or Black resigned).
    WhiteWins,
    /// White's Queen was surrounded (or White resigned).
    BlackWins,
    /// Both Queens at once, or agreed.
    Draw,
}

impl GameResult {
    /// The result of a game that has ended, `None` while it goes on.
    pub fn from_status(status: GameStatus) -> Option<GameResult> {
        match status {
            GameStatus::WhiteWins => Some(GameResult::WhiteWins),
            GameStatus::BlackWins => Some(GameResult::BlackWins),
            GameStatus::Draw => Some(GameResult::Draw),
            GameStatus::NotStarted | GameStatus::InProgress => None,
        }
    }

    /// The side that won, if one did.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// A win for `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// Reads a result in either spelling: the UHP names (`WhiteWins`,
    /// `BlackWins`, `Draw`) or chess's (`1-0`, `0-1`, `1/2-1/2`), in any
    /// case. `None` for anything else, including an unfinished game
    /// (`InProgress`, `*`).
    pub fn parse(text: &str) -> Option<GameResult> {
        match text.trim().to_ascii_lowercase().as_str() {
            "whitewins" | "1-0" => Some(GameResult::WhiteWins),
            "blackwins" | "0-1" => Some(GameResult::BlackWins),
            "draw" | "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The UHP name: `WhiteWins`, `BlackWins` or `Draw`.
    pub fn uhp_name(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "WhiteWins",
            GameResult::BlackWins => "BlackWins",
            GameResult::Draw => "Draw",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uhp_name())
    }
}

/// What a record says about its game besides the moves. Text fields are
/// `None` when the record leaves them out or empty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Headers {
    /// The player of White.
    pub white: Option<String>,
    /// The player of Black.
    pub black: Option<String>,
    /// When the game was played, as `yyyy.mm.dd` where the record's date
    /// could be read (PGN keeps what the file says).
    pub date: Option<String>,
    /// The event (tournament, league, ...).
    pub event: Option<String>,
    /// Where it was played (a site, a web address).
    pub site: Option<String>,
    /// The round of the event.
    pub round: Option<String>,
    /// How the game ended, as the record says; when it says nothing, the
    /// result the moves reach (see [`GameRecord::result`]).
    pub result: Option<GameResult>,
    /// The expansion pieces used (the same as the tree's).
    pub game_type: GameType,
    /// The time control, as the record writes it.
    pub time_control: Option<String>,
    /// Every other header, in the record's order (PGN tags by name; from
    /// SGF the original `SgfDate`, `SgfGameName` and `SgfResult`); a name
    /// given twice keeps its last value, in the place of that last one.
    pub extra: IndexMap<String, String>,
}

impl Headers {
    /// Empty headers for a game of `game_type`.
    pub fn new(game_type: GameType) -> Headers {
        Headers {
            game_type,
            ..Headers::default()
        }
    }

    /// The value of the extra header `name`, if present.
    pub fn extra(&self, name: &str) -> Option<&str> {
        self.extra.get(name).map(String::as_str)
    }
}

/// A game and what is known about it (see the module's docs).
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Players, date, result, ...
    pub headers: Headers,
    /// The moves; the main line is the game.
    pub tree: Variations,
}

impl GameRecord {
    /// A record of the moves of `game` with these headers (whose game type
    /// is set to the game's).
    pub fn from_game(game: &Game, mut headers: Headers) -> GameRecord {
        headers.game_type = game.game_type();
        GameRecord {
            headers,
            tree: Variations::from_game(game),
        }
    }

    /// The main line's last node.
    pub fn main_line_end(&self) -> NodeId {
        self.tree
            .continuation(NodeId::ROOT)
            .last()
            .copied()
            .unwrap_or(NodeId::ROOT)
    }

    /// The game of the main line, every move played.
    pub fn main_line_game(&self) -> Game {
        self.tree.game_at(self.main_line_end())
    }

    /// The main line as a UHP GameString.
    pub fn game_string(&self) -> String {
        self.main_line_game().game_string()
    }

    /// The main line's moves as MoveStrings, in order.
    pub fn main_line(&self) -> Vec<String> {
        self.tree
            .continuation(NodeId::ROOT)
            .into_iter()
            .map(|node| self.tree.text(node).to_string())
            .collect()
    }

    /// The result: the headers', or else the one the main line reaches.
    pub fn result(&self) -> Option<GameResult> {
        self.headers
            .result
            .or_else(|| GameResult::from_status(self.main_line_game().status()))
    }
}

/// Plays `mv`, as [`Game::play`], except that a Queen placed on its side's
/// first turn turns the tournament opening rule off instead of being
/// refused: older boardspace.net games (and their PGN conversions) were
/// played without it. Anything else is refused with the rule it breaks, and
/// then the game (options included) is unchanged.
pub(crate) fn play_lenient(game: &mut Game, mv: Move) -> Result<(), RuleError> {
    match game.play(mv) {
        Err(RuleError::QueenOnFirstTurn { .. }) if game.options().tournament_opening => {
            let before = game.options();
            game.set_options(Options {
                tournament_opening: false,
                ..before
            });
            let played = game.play(mv);
            if played.is_err() {
                game.set_options(before);
            }
            played
        }
        other => other,
    }
}
