//! UHP notation: MoveStrings (`bG1 wS1-`), GameStrings
//! (`Base;InProgress;White[2];wS1;bS1 wS1-`) and turn strings.

use std::str::FromStr;

use super::error::{LoadError, NotationError};
use super::game::{Game, GameStatus, Move};
use super::game_type::{GameType, Options};
use super::hex::{Direction, Hex};
use super::piece::{Bug, Color, Piece};
use super::piece_ref::PieceRef;

impl FromStr for Piece {
    type Err = NotationError;

    /// Parses `wQ`, `bA2`, `wM`, ... (the colour and bug letters in either case).
    fn from_str(s: &str) -> Result<Piece, NotationError> {
        let bad = |why: &str| NotationError::new(format!("'{s}' is not a piece: {why}"));
        let mut chars = s.chars();
        let color = match chars.next().map(|c| c.to_ascii_lowercase()) {
            Some('w') => Color::White,
            Some('b') => Color::Black,
            _ => return Err(bad("it must start with w or b")),
        };
        let bug = chars
            .next()
            .and_then(Bug::from_letter)
            .ok_or_else(|| bad("the second letter must be one of Q A G S B M L P"))?;
        let rest = chars.as_str();
        let number = match (bug.count(), rest) {
            (1, "") => 1,
            (1, _) => return Err(bad("this bug has no number")),
            (_, "") => return Err(bad("this bug needs a number")),
            (_, digits) => digits
                .parse::<u8>()
                .ok()
                .filter(|&n| n >= 1 && n <= bug.count())
                .ok_or_else(|| bad(&format!("the number must be 1 to {}", bug.count())))?,
        };
        Piece::new(color, bug, number).ok_or_else(|| bad("no such piece"))
    }
}

impl Game {
    /// Reads a MoveString in this position. The result may still be illegal:
    /// [`Game::play`] says why.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let mut parts = text.split_whitespace();
        let (Some(piece_text), reference, None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(NotationError::new(format!(
                "'{text}' is not a move: expected a piece and where it goes, like \"wS1\" or \"bG1 wS1-\""
            )));
        };
        let piece: Piece = piece_text.parse()?;
        if !self.has_piece(piece) {
            return Err(NotationError::new(format!(
                "there is no {} in a {} game",
                piece.bug(),
                self.game_type
            )));
        }
        let to = match reference {
            None if self.ply == 0 => Hex::ORIGIN,
            None => {
                return Err(NotationError::new(format!(
                    "'{text}' needs a reference piece, like \"{piece} wQ-\", except on the first move"
                )));
            }
            Some(reference) => self.resolve_reference(reference)?,
        };
        Ok(match self.position(piece) {
            None => Move::Place { piece, to },
            Some(from) => Move::Move { piece, from, to },
        })
    }

    /// The cell named by `wS1-`, `/bQ`, `wB1` (on top), ...
    fn resolve_reference(&self, text: &str) -> Result<Hex, NotationError> {
        let reference: PieceRef = text.parse()?;
        let at = self.position(reference.piece).ok_or_else(|| {
            NotationError::new(format!(
                "the reference piece {} is not on the board",
                reference.piece
            ))
        })?;
        Ok(reference.cell(at))
    }

    /// Writes a move (legal in this position) as a MoveString.
    pub fn move_string(&self, mv: Move) -> String {
        let mut text = String::with_capacity(9);
        self.push_move_string(mv, &mut text);
        text
    }

    /// [`Game::move_string`] appended to `out` (no allocation when `out`
    /// has room: a database import writes millions).
    pub fn push_move_string(&self, mv: Move, out: &mut String) {
        let (piece, from, to) = match mv {
            Move::Pass => return out.push_str("pass"),
            Move::Place { piece, to } => (piece, None, to),
            Move::Move { piece, from, to } => (piece, Some(from), to),
        };
        piece.push_name(out);
        if self.ply == 0 || self.placed == 0 {
            return;
        }
        out.push(' ');
        if let Some(top) = self.top(to) {
            return top.push_name(out);
        }
        for dir in Direction::ALL {
            let neighbour = to.neighbor(dir.opposite());
            let reference = if Some(neighbour) == from {
                // The moving piece leaves; what stays under it (if anything) can serve.
                match self.stack(neighbour).iter().rev().nth(1) {
                    Some(&below) => below,
                    None => continue,
                }
            } else {
                match self.top(neighbour) {
                    Some(top) => top,
                    None => continue,
                }
            };
            return PieceRef::beside(reference, dir).push_to(out);
        }
        // Not reachable for legal moves: every destination touches the hive.
        out.pop();
    }

    /// Parses and plays a MoveString. Any spelling that names the right cell
    /// is accepted (`bB1 -bQ` for a climb onto the piece west of `bQ`); the
    /// game records the move in its canonical form ([`Game::move_string`]).
    pub fn play_move_string(&mut self, text: &str) -> Result<Move, LoadError> {
        let mv = self.parse_move(text)?;
        self.play(mv).map_err(|error| LoadError::IllegalMove {
            index: self.history.len() + 1,
            text: text.trim().to_string(),
            error,
        })?;
        Ok(mv)
    }

    /// `White[3]`: the side to move and its turn number.
    pub fn turn_string(&self) -> String {
        format!("{}[{}]", self.to_move, self.turn_number())
    }

    /// The UHP GameString of the game so far, every move in its canonical
    /// MoveString.
    pub fn game_string(&self) -> String {
        let mut s = format!(
            "{};{};{}",
            self.game_type,
            self.status.uhp_name(),
            self.turn_string()
        );
        let mut replay = Game::with_options(self.game_type, self.options);
        for record in &self.history {
            s.push(';');
            s.push_str(&replay.move_string(record.mv));
            replay.apply_unchecked(record.mv);
        }
        s
    }

    /// Loads a GameString (or a bare GameTypeString) with default options.
    pub fn from_game_string(text: &str) -> Result<Game, LoadError> {
        Game::from_game_string_with(text, Options::default())
    }

    /// Loads a GameString (or a bare GameTypeString) with these options,
    /// checking every move. A header whose state or turn disagrees with the
    /// moves is forgiven (see [`Game::load_game_string`]).
    pub fn from_game_string_with(text: &str, options: Options) -> Result<Game, LoadError> {
        Game::load_game_string(text, options).map(|(game, _)| game)
    }

    /// Loads a GameString by replaying its moves, with a note when its
    /// stated state or turn disagrees with them (other programs write such
    /// headers, like `Base;NotStarted;Black[1];wS1`): the state and turn are
    /// then recomputed from the moves. Refuses only what cannot be replayed,
    /// naming the first move that cannot be read or played.
    pub fn load_game_string(
        text: &str,
        options: Options,
    ) -> Result<(Game, Option<String>), LoadError> {
        let text = text.trim();
        let mut fields = text.split(';');
        let game_type: GameType = fields.next().unwrap_or_default().parse()?;
        let mut game = Game::with_options(game_type, options);
        let Some(state) = fields.next() else {
            return Ok((game, None));
        };
        let state = parse_state(state)?;
        let turn = fields.next().ok_or_else(|| {
            NotationError::new("the GameString has a state but no turn, like \"White[1]\"")
        })?;
        let (turn_color, turn_number) = parse_turn(turn)?;
        for text in fields {
            let index = game.history.len() + 1;
            match game.play_move_string(text) {
                Ok(_) => {}
                Err(LoadError::Notation(error)) => {
                    return Err(LoadError::UnreadableMove {
                        index,
                        text: text.trim().to_string(),
                        error,
                    });
                }
                Err(error) => return Err(error),
            }
        }
        let header = (state, turn_color, turn_number);
        let note = (header != (game.status, game.to_move, game.turn_number())).then(|| {
            format!(
                "the GameString says {state};{} but its moves lead to {};{}, which is used",
                turn.trim(),
                game.status,
                game.turn_string()
            )
        });
        Ok((game, note))
    }
}

/// Parses a GameStateString.
pub fn parse_state(text: &str) -> Result<GameStatus, NotationError> {
    Ok(match text.trim() {
        "NotStarted" => GameStatus::NotStarted,
        "InProgress" => GameStatus::InProgress,
        "Draw" => GameStatus::Draw,
        "WhiteWins" => GameStatus::WhiteWins,
        "BlackWins" => GameStatus::BlackWins,
        other => {
            return Err(NotationError::new(format!(
                "'{other}' is not a game state (NotStarted, InProgress, Draw, WhiteWins, BlackWins)"
            )));
        }
    })
}

/// Parses a TurnString such as `Black[4]`.
pub fn parse_turn(text: &str) -> Result<(Color, u32), NotationError> {
    let text = text.trim();
    let bad = || NotationError::new(format!("'{text}' is not a turn, like \"White[1]\""));
    let (color, rest) = if let Some(rest) = text.strip_prefix("White[") {
        (Color::White, rest)
    } else if let Some(rest) = text.strip_prefix("Black[") {
        (Color::Black, rest)
    } else {
        return Err(bad());
    };
    let number = rest
        .strip_suffix(']')
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n >= 1)
        .ok_or_else(bad)?;
    Ok((color, number))
}
