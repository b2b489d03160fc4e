//! A lesson that keeps the player's pieces from step to step.
//!
//! Every step of a lesson file has a position of its own, but a player who
//! has just placed an Ant should not see it turn into the Grasshopper the
//! file expected. [`carry_on`] gives the next step with the pieces the
//! player chose; when it cannot, the step starts from its own position, as
//! written.
//!
//! The rule, which keeps every guarantee `hive lessons check` gives about a
//! step:
//!
//! 1. The player's pieces stand in for the ones the files expected. When
//!    the next step's position continues the previous step's (its moves
//!    are the previous position's, then one move the previous step accepts,
//!    the move the author expected of the player, then any further moves)
//!    and the player placed a piece where the author placed another, the
//!    two swap names from then on, within the lesson. A movement for a
//!    movement, or a pass, changes no name.
//! 2. Each step starts from its own position with those names swapped: the
//!    player's Ant stays an Ant, on the cell the file gives the piece it
//!    stands for (played where the file expected, nothing on the board
//!    changes at all). The step's goal, highlights and wrong move read with
//!    the same names; its cells are the author's, so its words ("the lit
//!    cells", "on the right") still hold.
//! 3. That position is replayed through the rules, and the renamed step
//!    must pass every check `hive lessons check` makes of a step (the game
//!    goes on, every highlight names a cell, the goal can be met, the wrong
//!    move is refused or misses the goal). Otherwise the step starts from
//!    its own position as written, and the names start afresh.
//!
//! The step's text and hint are not changed, so a step that may follow a
//! piece the player chose should not name it ("next to White's first
//! piece", not "next to the white Grasshopper").

use hive_rules::{Game, Move, Piece};

use crate::lesson::{Goal, Step};
use crate::lesson_check::{Verdict, check_step_in, judge_move};

/// How the lesson files' piece names read on the player's board: the
/// player placed their own pieces where the files expected others.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renaming {
    /// `(name in the files, name on the board)`, only where they differ.
    pairs: Vec<(Piece, Piece)>,
}

impl Renaming {
    /// No piece renamed.
    pub fn none() -> Renaming {
        Renaming::default()
    }

    /// Whether every piece keeps its name.
    pub fn is_none(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The board's name for the files' `piece`.
    pub fn piece(&self, piece: Piece) -> Piece {
        self.pairs
            .iter()
            .find(|&&(file, _)| file == piece)
            .map_or(piece, |&(_, board)| board)
    }

    /// Swaps two names on the board: what read as `a` reads as `b`, and
    /// the other way round.
    fn swap_on_board(&mut self, a: Piece, b: Piece) {
        if a == b {
            return;
        }
        // A name nobody is renamed to is its own.
        for name in [a, b] {
            if !self.pairs.iter().any(|&(_, board)| board == name) {
                self.pairs.push((name, name));
            }
        }
        for pair in &mut self.pairs {
            if pair.1 == a {
                pair.1 = b;
            } else if pair.1 == b {
                pair.1 = a;
            }
        }
        self.pairs.retain(|(file, board)| file != board);
    }

    /// A cell reference (`wS1`, `wS1-`, `/bQ`) with its piece renamed;
    /// anything else as it is.
    pub fn reference(&self, text: &str) -> String {
        let marks: &[char] = &['-', '/', '\\'];
        let text = text.trim();
        let body = text.trim_start_matches(marks);
        let prefix = &text[..text.len() - body.len()];
        let name = body.trim_end_matches(marks);
        let suffix = &body[name.len()..];
        match name.parse::<Piece>() {
            Ok(piece) => format!("{prefix}{}{suffix}", self.piece(piece)),
            Err(_) => text.to_string(),
        }
    }

    /// A MoveString with its pieces renamed (`pass` as it is).
    pub fn move_text(&self, text: &str) -> String {
        text.split_whitespace()
            .map(|part| self.reference(part))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `step` with the pieces of its goal, highlights and wrong move
    /// renamed (its text, hint and position as written).
    pub fn step(&self, step: &Step) -> Step {
        let mut step = step.clone();
        step.goal = match step.goal {
            Goal::Moves(moves) => Goal::Moves(moves.iter().map(|m| self.move_text(m)).collect()),
            Goal::MovePiece(piece) => Goal::MovePiece(self.piece(piece)),
            goal => goal,
        };
        step.highlight = step.highlight.iter().map(|h| self.reference(h)).collect();
        step.wrong = step.wrong.map(|wrong| self.move_text(&wrong));
        step
    }
}

/// A step with the player's pieces in it.
#[derive(Clone, Debug)]
pub struct Carried {
    /// The step's starting position, the player's pieces in it.
    pub game: Game,
    /// The step as it reads on that board.
    pub step: Step,
    /// The names from now on.
    pub renaming: Renaming,
}

/// The MoveStrings of a step's position as its file writes them (none for
/// a bare game type).
fn written_moves(position: &str) -> Vec<String> {
    position
        .split(';')
        .skip(3)
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
        .collect()
}

/// How the next step's position continues the previous one: the previous
/// position's length and the move expected of the player.
fn continuation(previous: &Step, next: &Step) -> Option<(usize, Move)> {
    let start = previous.start().ok()?;
    let before: Vec<Move> = start.moves().collect();
    let after: Vec<Move> = next.start().ok()?.moves().collect();
    let n = before.len();
    let expected = *after.get(n)?;
    // The move the next position goes on with must be one the previous
    // step accepts: else the file goes on from another move than the
    // player's.
    let continues =
        after[..n] == before[..] && judge_move(previous, &start, expected) == Verdict::Accepted;
    continues.then_some((n, expected))
}

/// The move `next`'s position expects of the player in `previous`, read on
/// the board (`board`: `previous` started there, `renaming` in force), if
/// `next` continues `previous` (see the module's rule).
pub fn expected_move(
    previous: &Step,
    renaming: &Renaming,
    board: &Game,
    next: &Step,
) -> Option<Move> {
    let (n, _) = continuation(previous, next)?;
    let written = written_moves(&next.position);
    board.parse_move(&renaming.move_text(written.get(n)?)).ok()
}

/// The next step with the player's pieces: `board` is where the previous
/// step ended (its start and the player's move, with `renaming` in force);
/// `None` when the next step starts from its own position as written (see
/// the module's rule).
pub fn carry_on(
    previous: &Step,
    renaming: &Renaming,
    board: &Game,
    next: &Step,
) -> Option<Carried> {
    let own = next.start().ok()?;
    if own.game_type() != board.game_type() {
        return None;
    }
    let mut renaming = renaming.clone();
    if let Some((n, expected)) = continuation(previous, next)
        && board.ply() as usize == n + 1
    {
        stand_in(expected, board, &mut renaming);
    }
    renamed_own(next, &own, renaming)
}

/// The player's move (the board's last) standing in for `expected`: a
/// piece placed for another swaps their names in `renaming`.
fn stand_in(expected: Move, board: &Game, renaming: &mut Renaming) {
    if let (Move::Place { piece: theirs, .. }, Some(Move::Place { piece: mine, .. })) =
        (expected, board.last_move())
        && theirs.color() == mine.color()
    {
        let was = renaming.piece(theirs);
        renaming.swap_on_board(was, mine);
    }
}

/// `game` with the written MoveStrings played in it, renamed; `None` if
/// one does not read or is illegal.
fn replay(mut game: Game, written: &[String], renaming: &Renaming) -> Option<Game> {
    for text in written {
        let mv = game.parse_move(&renaming.move_text(text)).ok()?;
        game.play(mv).ok()?;
    }
    Some(game)
}

/// The step's own position with the player's pieces for the ones the file
/// names (the bugs they chose stay theirs, on the file's cells), if any is
/// renamed and the step holds there.
fn renamed_own(next: &Step, own: &Game, renaming: Renaming) -> Option<Carried> {
    if renaming.is_none() {
        return None;
    }
    let written = written_moves(&next.position);
    if written.len() != own.moves().len() {
        return None;
    }
    let empty = Game::with_options(own.game_type(), own.options());
    let game = replay(empty, &written, &renaming)
        .filter(|game| game.turn_string() == own.turn_string())?;
    let step = renaming.step(next);
    check_step_in(&step, &game).ok()?;
    Some(Carried {
        game,
        step,
        renaming,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Piece {
        text.parse().expect("a piece")
    }

    #[test]
    fn names_swap_and_swap_back() {
        let mut renaming = Renaming::none();
        renaming.swap_on_board(p("wG1"), p("wA1"));
        assert_eq!(renaming.piece(p("wG1")), p("wA1"));
        assert_eq!(renaming.piece(p("wA1")), p("wG1"));
        assert_eq!(renaming.piece(p("bQ")), p("bQ"));
        // The file's wA1 (now read wG1) swapped with wS1.
        renaming.swap_on_board(p("wG1"), p("wS1"));
        assert_eq!(renaming.piece(p("wG1")), p("wA1"));
        assert_eq!(renaming.piece(p("wA1")), p("wS1"));
        assert_eq!(renaming.piece(p("wS1")), p("wG1"));
        renaming.swap_on_board(p("wS1"), p("wG1"));
        renaming.swap_on_board(p("wA1"), p("wG1"));
        assert!(renaming.is_none(), "{renaming:?}");
    }

    #[test]
    fn references_and_move_strings_are_renamed() {
        let mut renaming = Renaming::none();
        renaming.swap_on_board(p("wG1"), p("wA1"));
        assert_eq!(renaming.reference("wG1-"), "wA1-");
        assert_eq!(renaming.reference(" \\wG1"), "\\wA1");
        assert_eq!(renaming.reference("bQ/"), "bQ/");
        assert_eq!(renaming.move_text("bG1 wG1-"), "bG1 wA1-");
        assert_eq!(renaming.move_text("wA1 /wG1"), "wG1 /wA1");
        assert_eq!(renaming.move_text("pass"), "pass");
        assert_eq!(renaming.reference("é"), "é");
    }
}
