//! boardspace.net's Hive move events, replayed into the moves of a game.
//!
//! A boardspace record writes what the players did with the mouse, one
//! event per SGF property, numbered: `pick W 4 wS1` (a piece taken from the
//! hand), `pickb N 14 wA1` (taken from the board), `dropb wA1 J 10 /bQ` (put
//! down on the board), `pdropb` (put down by a Pillbug's throw), `drop W 4
//! wS1 Rack` (put back in the hand), `move W wQ K 12 /bG1` and `pmove` (a
//! whole move at once), `movedone` and `pmovedone` (a move and its
//! confirmation), `done` (the move is confirmed), `pass`, `resign`,
//! `offerdraw`, `acceptdraw`, `declinedraw`, `start`, ... in any case.
//!
//! # Where a piece goes
//!
//! Destinations are cells of boardspace's own grid ([`crate::grid`]). The
//! first piece stands at the origin, and every later cell is found from a
//! piece already down: the grid cell of each piece is known from the event
//! that put it there, and the grid's six neighbour steps are fixed. So a
//! destination written only as a grid cell, or `.` for a climb onto a
//! stack, resolves as boardspace itself does. The text after the cell (`/bQ`, `wQ-`, `\bQ`, `bQ.`) is
//! the site's note for people, written relative to a neighbour as in UHP;
//! it serves when the grid cell is unusable or the move it gives is illegal.
//!
//! # Which events make a move
//!
//! A pick and a drop make a move, confirmed by `done` (or at once by
//! `movedone`). A `move` or `pmove` carries a whole move: confirmed by its
//! `done`, or, when the record has none, by the other player's next event
//! or the end of the record. A drop never confirmed is no move, unless it
//! is the last event and ends the game. A piece put back where it was picked up, dropped back in
//! the hand, or picked up again from where it was just dropped (then
//! dropped elsewhere) changes nothing; a new pick replaces an unconfirmed
//! one. A `done` with no move passes, unless the turn was spent on a draw
//! offer, an answer to one, or a resignation. Piece names may lack the
//! colour (`g1`: the pick's pool, or the player's side) and unique bugs may
//! carry boardspace's `1` (`wM1`, `bP1`).

use hive_rules::{
    Color, Direction, Game, GameType, Hex, Move, NotationError, PIECE_COUNT, Piece, PieceRef,
};

use super::error::{LineFault, Located, RecordProblem};
use super::grid::{Cell, parse_piece, pool_color};
use super::record::{GameResult, play_lenient};

/// The unconfirmed part of the turn.
#[derive(Debug, Clone, Default)]
enum Pending {
    #[default]
    Nothing,
    /// A piece in the hand of the player, from its cell (`None`: the hand).
    Picked { piece: Piece, from: Option<Cell> },
    /// A piece put down on `to`, not yet confirmed; the event's line and
    /// text, which errors name; `whole` for a `move` event of seat `seat`.
    Dropped {
        piece: Piece,
        from: Option<Cell>,
        to: Cell,
        note: String,
        line: usize,
        text: String,
        whole: Option<usize>,
    },
    /// A pass, not yet confirmed.
    Pass,
}

/// The replay of a boardspace record (see the module's docs).
pub(crate) struct Boardspace {
    game: Game,
    /// The grid cell of each piece on the board, by piece id.
    cells: [Option<Cell>; PIECE_COUNT],
    /// Pieces the record numbers otherwise than the rules do: the record's
    /// name, and the piece it stands for.
    renamed: Vec<(Piece, Piece)>,
    pending: Pending,
    /// The turn was spent on a draw offer, an answer or a resignation.
    spoken: bool,
    resigned: Option<Color>,
    draw_agreed: bool,
    /// The side of each seat (P0, P1).
    seats: [Color; 2],
}

impl Boardspace {
    /// A replay of a game of `game_type`, seat P0 playing White.
    pub(crate) fn new(game_type: GameType) -> Boardspace {
        Boardspace {
            game: Game::new(game_type),
            cells: [None; PIECE_COUNT],
            renamed: Vec::new(),
            pending: Pending::Nothing,
            spoken: false,
            resigned: None,
            draw_agreed: false,
            seats: [Color::White, Color::Black],
        }
    }

    /// The side that seat P0 (`0`) or P1 (`1`) plays.
    pub(crate) fn side(&self, seat: usize) -> Color {
        self.seats[seat & 1]
    }

    /// Whether `word` names an event (the first word of a move property
    /// without its number).
    pub(crate) fn is_event(word: &str) -> bool {
        const EVENTS: &str = "start edit reset swap null gameoverontime playwhite playblack \
            pick pickb drop dropb pdropb move pmove movedone pmovedone done pass passdone resign \
            offerdraw acceptdraw declinedraw";
        EVENTS
            .split_whitespace()
            .any(|event| event.eq_ignore_ascii_case(word))
    }

    /// Replays one event of seat `seat`: its text (without the number) and
    /// line. An error names the line it is about: a move confirmed by `done`
    /// is named by the line that put its piece down.
    pub(crate) fn event(&mut self, seat: usize, text: &str, line: usize) -> Result<(), Located> {
        self.replay(seat, text, line).map_err(|error| {
            let (at, text) = error.at.unwrap_or_else(|| (line, text.to_string()));
            (error.fault, at, text)
        })
    }

    fn replay(&mut self, seat: usize, text: &str, line: usize) -> Result<(), EventError> {
        if matches!(self.pending, Pending::Dropped { whole: Some(mover), .. } if mover != seat) {
            // A whole move its record never confirmed: the other player's
            // turn has begun.
            self.done()?;
        }
        let mut words = text.split_whitespace();
        let command = need(words.next(), "the event")?;
        let side = self.side(seat);
        match command.to_ascii_lowercase().as_str() {
            "start" | "swap" | "null" | "gameoverontime" => {}
            "edit" if self.game.ply() == 0 => {}
            "edit" => return Err(RecordProblem::EditedGame.into()),
            "reset" => self.pending = Pending::Nothing,
            "playwhite" => self.seat_plays(seat, Color::White),
            "playblack" => self.seat_plays(seat, Color::Black),
            "pick" => {
                let pool = pool_color(need(words.next(), "the pool")?)
                    .ok_or(RecordProblem::Missing("the pool's colour (W or B)"))?;
                let name = need(words.nth(1), "the piece")?;
                let piece = self.piece(name, pool)?;
                self.pending = Pending::Picked { piece, from: None };
            }
            "pickb" => {
                let cell = cell(&mut words)?;
                self.pick_from_board(cell, words.next(), side)?;
            }
            "drop" => {
                // Into the hand: a piece from the hand goes back.
                if matches!(self.pending, Pending::Picked { from: None, .. }) {
                    self.pending = Pending::Nothing;
                }
            }
            "dropb" | "pdropb" => {
                let name = need(words.next(), "the piece")?;
                let to = cell(&mut words)?;
                let note = words.next().unwrap_or(".");
                self.drop_on_board(name, to, note, side, (line, text))?;
            }
            "move" | "pmove" | "movedone" | "pmovedone" => {
                let pool = pool_color(need(words.next(), "the piece's colour")?)
                    .ok_or(RecordProblem::Missing("the piece's colour (W or B)"))?;
                let piece = self.piece(need(words.next(), "the piece")?, pool)?;
                let to = cell(&mut words)?;
                let note = words.next().unwrap_or(".").to_string();
                let from = self.cell_of(piece);
                self.pending = Pending::Dropped {
                    piece,
                    from,
                    to,
                    note,
                    line,
                    text: text.to_string(),
                    whole: Some(seat),
                };
                if command.to_ascii_lowercase().ends_with("done") {
                    self.done()?;
                }
            }
            "done" => self.done()?,
            "pass" => self.pending = Pending::Pass,
            "passdone" => {
                self.pending = Pending::Pass;
                self.done()?;
            }
            "resign" => {
                self.resigned = Some(side);
                self.spoken = true;
                self.pending = Pending::Nothing;
            }
            "offerdraw" => self.spoken = true,
            "acceptdraw" => {
                self.draw_agreed = true;
                self.spoken = true;
            }
            "declinedraw" => {
                self.draw_agreed = false;
                self.spoken = true;
            }
            _ => return Err(RecordProblem::UnknownEvent(command.to_string()).into()),
        }
        Ok(())
    }

    /// The game, and the result the events gave (a resignation, an accepted
    /// draw). A last move never confirmed is kept if it was a whole `move`
    /// event (refused if illegal), or if it ends the game (the confirmation
    /// of a winning move is sometimes missing); otherwise it was never made.
    pub(crate) fn finish(mut self) -> Result<(Game, Option<GameResult>), Located> {
        if let Pending::Dropped {
            whole,
            line,
            ref text,
            ..
        } = self.pending
        {
            let text = text.clone();
            let before = self.game.clone();
            match self.done() {
                Err(error) if whole.is_some() => {
                    let (at, text) = error.at.unwrap_or((line, text));
                    return Err((error.fault, at, text));
                }
                Ok(()) if whole.is_some() || self.game.status().is_over() => {}
                _ => self.game = before,
            }
        }
        let result = match (self.resigned, self.draw_agreed) {
            (Some(loser), _) => Some(GameResult::win_for(loser.opponent())),
            (None, true) => Some(GameResult::Draw),
            (None, false) => None,
        };
        Ok((self.game, result))
    }

    fn seat_plays(&mut self, seat: usize, color: Color) {
        self.seats[seat & 1] = color;
        self.seats[(seat + 1) & 1] = color.opponent();
    }

    /// The piece the record calls `name` (a name without colour is
    /// `default`'s), in this game.
    fn piece(&self, name: &str, default: Color) -> Result<Piece, RecordProblem> {
        let named =
            parse_piece(name, default).ok_or_else(|| RecordProblem::UnknownPiece(name.into()))?;
        let game_type = self.game.game_type();
        if !game_type.includes(named.bug()) {
            return Err(RecordProblem::BugNotInGame {
                bug: named.bug(),
                game_type,
            });
        }
        Ok(self
            .renamed
            .iter()
            .find(|(record, _)| *record == named)
            .map_or(named, |&(_, piece)| piece))
    }

    fn cell_of(&self, piece: Piece) -> Option<Cell> {
        self.game.position(piece)?;
        self.cells[piece.id()]
    }

    /// The top piece on grid cell `cell`, if any.
    fn top_at(&self, cell: Cell) -> Option<Piece> {
        let (at, _) = self.cells_on_board().find(|&(_, c)| c == cell)?;
        self.game.top(at)
    }

    /// The hex and grid cell of every piece on the board.
    fn cells_on_board(&self) -> impl Iterator<Item = (Hex, Cell)> + '_ {
        self.game
            .pieces_on_board()
            .filter_map(|(piece, at, _)| Some((at, self.cells[piece.id()]?)))
    }

    fn pick_from_board(
        &mut self,
        cell: Cell,
        name: Option<&str>,
        side: Color,
    ) -> Result<(), RecordProblem> {
        // Picking up the piece just dropped takes back the drop.
        if let Pending::Dropped {
            piece, from, to, ..
        } = self.pending
            && to == cell
        {
            self.pending = Pending::Picked { piece, from };
            return Ok(());
        }
        let named = name
            .and_then(|name| self.piece(name, side).ok())
            .filter(|&piece| self.game.position(piece).is_some());
        let piece = self
            .top_at(cell)
            .or(named)
            .ok_or_else(|| RecordProblem::NoPieceAt(cell.to_string()))?;
        self.pending = Pending::Picked {
            piece,
            from: Some(cell),
        };
        Ok(())
    }

    fn drop_on_board(
        &mut self,
        name: &str,
        to: Cell,
        note: &str,
        side: Color,
        (line, text): (usize, &str),
    ) -> Result<(), RecordProblem> {
        let (piece, from) = match std::mem::take(&mut self.pending) {
            Pending::Picked { piece, from } | Pending::Dropped { piece, from, .. } => (piece, from),
            Pending::Nothing | Pending::Pass => {
                let piece = self.piece(name, side)?;
                (piece, self.cell_of(piece))
            }
        };
        if from == Some(to) {
            // Put back where it was.
            return Ok(());
        }
        self.pending = Pending::Dropped {
            piece,
            from,
            to,
            note: note.to_string(),
            line,
            text: text.to_string(),
            whole: None,
        };
        Ok(())
    }

    /// Confirms the turn: its move, else a pass (see the module's docs).
    fn done(&mut self) -> Result<(), EventError> {
        let spoken = std::mem::take(&mut self.spoken);
        match std::mem::take(&mut self.pending) {
            Pending::Dropped {
                piece,
                from,
                to,
                note,
                line,
                text,
                ..
            } => {
                // A piece from the hand, or one the record numbers otherwise
                // ("from the hand" but already down).
                let placing = from.is_none() || self.game.position(piece).is_none();
                let piece = if placing {
                    self.fresh_piece(piece)
                } else {
                    piece
                };
                self.commit(piece, to, &note)
                    .map_err(|fault| EventError::from((fault, line, text)))
            }
            Pending::Pass => self.pass(),
            Pending::Nothing | Pending::Picked { .. } if !spoken => self.pass(),
            Pending::Nothing | Pending::Picked { .. } => Ok(()),
        }
    }

    fn pass(&mut self) -> Result<(), EventError> {
        if self.game.status().is_over() {
            return Ok(());
        }
        Ok(self.play(Move::Pass, None)?)
    }

    /// The piece to place for the record's `piece`: itself, or the next of
    /// its bug in hand when the record numbers pieces otherwise (the record's
    /// name then stands for that piece from now on).
    fn fresh_piece(&mut self, piece: Piece) -> Piece {
        match self.game.next_in_hand(piece.color(), piece.bug()) {
            Some(next) if next != piece => {
                self.renamed.push((piece, next));
                next
            }
            _ => piece,
        }
    }

    /// Plays `piece` to grid cell `to` (see the module's docs).
    fn commit(&mut self, piece: Piece, to: Cell, note: &str) -> Result<(), LineFault> {
        let by_grid = self.grid_target(to);
        let by_note = self.note_target(note);
        let make = |game: &Game, hex: Hex| match game.position(piece) {
            None => Move::Place { piece, to: hex },
            Some(from) => Move::Move {
                piece,
                from,
                to: hex,
            },
        };
        let first_try = match (by_grid, by_note) {
            (Some(hex), _) => (hex, to),
            (None, Some(target)) => target,
            (None, None) => return Err(RecordProblem::NoCellNextToHive(to.to_string()).into()),
        };
        let mv = make(&self.game, first_try.0);
        let Err(fault) = self.play(mv, Some(first_try.1)) else {
            return Ok(());
        };
        match by_note {
            Some((hex, cell)) if hex != first_try.0 => {
                let mv = make(&self.game, hex);
                self.play(mv, Some(cell)).map_err(|_| fault)
            }
            _ => Err(fault),
        }
    }

    /// Plays `mv`, recording the grid cell its piece lands on.
    fn play(&mut self, mv: Move, cell: Option<Cell>) -> Result<(), LineFault> {
        let number = self.game.ply() as usize + 1;
        // A move refused leaves the game as it was, so its MoveString is
        // written only then.
        if let Err(rule) = play_lenient(&mut self.game, mv) {
            return Err(LineFault::Illegal {
                number,
                notation: Some(self.game.move_string(mv)),
                rule,
            });
        }
        if let (Some(piece), Some(cell)) = (mv.piece(), cell) {
            self.cells[piece.id()] = Some(cell);
        }
        Ok(())
    }

    /// The hex of grid cell `to`, found from a piece on it or next to it
    /// (the origin for the first piece).
    fn grid_target(&self, to: Cell) -> Option<Hex> {
        if self.game.pieces_on_board().next().is_none() {
            return Some(Hex::ORIGIN);
        }
        let mut next_to = None;
        for (at, cell) in self.cells_on_board() {
            if cell == to {
                return Some(at);
            }
            if next_to.is_none() {
                next_to = Direction::ALL
                    .into_iter()
                    .find(|&dir| cell.step(dir) == to)
                    .map(|dir| at.neighbor(dir));
            }
        }
        next_to
    }

    /// The hex and grid cell that boardspace's note (`/bQ`, `wQ-`, `bQ`,
    /// `bQ.`) names, if it names a piece on the board.
    fn note_target(&self, note: &str) -> Option<(Hex, Cell)> {
        let mut body = note.trim();
        if body.len() > 1 {
            body = body.strip_suffix('.').unwrap_or(body);
        }
        // The marks as in a MoveString; the piece as boardspace names it.
        let reference = PieceRef::read_with(body, |name| {
            self.piece(name, self.game.to_move())
                .map_err(|problem| NotationError::new(problem.to_string()).into())
        })
        .ok()?;
        let at = self.game.position(reference.piece)?;
        let cell = self.cells[reference.piece.id()]?;
        Some((
            reference.cell(at),
            reference.side.map_or(cell, |dir| cell.step(dir)),
        ))
    }
}

/// What is wrong with an event, about its own line (`at: None`) or about
/// another's (the line and text that put down the piece of a move).
#[derive(Debug)]
struct EventError {
    fault: LineFault,
    at: Option<(usize, String)>,
}

impl From<LineFault> for EventError {
    fn from(fault: LineFault) -> EventError {
        EventError { fault, at: None }
    }
}

impl From<RecordProblem> for EventError {
    fn from(problem: RecordProblem) -> EventError {
        LineFault::from(problem).into()
    }
}

impl From<Located> for EventError {
    fn from((fault, line, text): Located) -> EventError {
        EventError {
            fault,
            at: Some((line, text)),
        }
    }
}

/// A field the event needs.
fn need<'a>(word: Option<&'a str>, what: &'static str) -> Result<&'a str, RecordProblem> {
    word.ok_or(RecordProblem::Missing(what))
}

/// A grid cell written as two words, `N 13`.
fn cell<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Cell, RecordProblem> {
    let col = need(words.next(), "the cell")?;
    let row = need(words.next(), "the cell's row")?;
    Cell::parse(col, row).ok_or_else(|| RecordProblem::BadCell(format!("{col} {row}")))
}
