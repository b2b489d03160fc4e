//! The standard wording of a puzzle's title and hint, in parts.
//!
//! The generator ([`crate::generate`]) writes every puzzle's `title` and
//! `hint` from a few facts: the side to move, the [`Kind`], the [`Theme`]
//! and what the solution moves. [`StandardTitle`] and [`StandardHint`]
//! keep those facts, so another language can word them for itself (the
//! game does it through `hive-text`), and give the English the files hold
//! ([`StandardTitle::english`], [`StandardHint::english`]). A title or hint
//! that an author rewrote by hand is no longer the standard one: comparing
//! the file's text with the English tells them apart.

use hive_rules::{Bug, Color, Game, Move, parse_turn};

use crate::puzzle::{Kind, Puzzle, Theme};
use crate::verify::PuzzleError;

/// What a standard title says: "White to move wins in 2 with the Pillbug".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StandardTitle {
    /// The side to move: the player.
    pub side: Color,
    /// What the player must do.
    pub kind: Kind,
    /// The trick of the first move, if the puzzle is about one.
    pub theme: Option<Theme>,
}

impl StandardTitle {
    /// The facts of `puzzle`'s title, the side read from its position's
    /// turn (`Black[12]`) without replaying the moves; `None` when the
    /// position has no readable turn.
    pub fn of(puzzle: &Puzzle) -> Option<StandardTitle> {
        let turn = puzzle.position.split(';').nth(2)?;
        let (side, _) = parse_turn(turn).ok()?;
        Some(StandardTitle {
            side,
            kind: puzzle.kind,
            theme: puzzle.theme,
        })
    }

    /// The title in English, as the generator writes it.
    pub fn english(&self) -> String {
        let side = self.side;
        let trick = match self.theme {
            Some(Theme::Pillbug) => " with the Pillbug",
            Some(Theme::Mosquito) => " with the Mosquito",
            None => "",
        };
        match self.kind {
            Kind::Win(1) => format!("{side} to move wins at once{trick}"),
            Kind::Win(n) => format!("{side} to move wins in {n}{trick}"),
            Kind::Stop(1) => format!("{side} to move: stop the threat{trick}"),
            Kind::Stop(n) => format!("{side} to move: stop a win in {n}{trick}"),
        }
    }

    /// Whether `puzzle`'s title is this standard one, word for word.
    pub fn is_title_of(&self, puzzle: &Puzzle) -> bool {
        self.english() == puzzle.title
    }
}

/// The second sentence of a standard hint: how the solution does it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tip {
    /// A Pillbug puzzle: the Pillbug lifts a piece over itself.
    PillbugThrow,
    /// The solution is a pass.
    Pass,
    /// The solution places a piece from the hand.
    Place,
    /// The solution moves a piece of the other colour (a throw).
    EitherColour,
    /// The solution moves one of the player's pieces, of this bug.
    Bug(Bug),
}

impl Tip {
    /// The tip in English.
    pub fn english(self) -> &'static str {
        match self {
            Tip::PillbugThrow => {
                "Your Pillbug can lift a piece next to it and set it down on its other side."
            }
            Tip::Pass => "Sometimes there is nothing to do.",
            Tip::Place => "A piece from your hand can do it.",
            Tip::EitherColour => "A Pillbug can move a piece of either colour.",
            Tip::Bug(bug) => match bug {
                Bug::Queen => "Your Queen can step aside.",
                Bug::Ant => "An Ant can walk all the way around the hive.",
                Bug::Grasshopper => "Look along the straight lines: a Grasshopper jumps.",
                Bug::Spider => "Count three steps around the hive.",
                Bug::Beetle => "A Beetle can climb onto the hive.",
                Bug::Mosquito => "Your Mosquito moves like the bugs it touches.",
                Bug::Ladybug => "A Ladybug walks over the top of the hive.",
                Bug::Pillbug => "Your Pillbug can take one step.",
            },
        }
    }
}

/// What a standard hint says: what to aim for (from the [`Kind`]), then a
/// [`Tip`] on how.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StandardHint {
    /// What the player must do.
    pub kind: Kind,
    /// How the solution does it.
    pub tip: Tip,
}

impl StandardHint {
    /// The hint for a puzzle in `game` (its position) whose solution is
    /// `solution`.
    pub fn new(game: &Game, kind: Kind, solution: Move, theme: Option<Theme>) -> StandardHint {
        let tip = if theme == Some(Theme::Pillbug) {
            Tip::PillbugThrow
        } else {
            match solution {
                Move::Pass => Tip::Pass,
                Move::Place { .. } => Tip::Place,
                Move::Move { piece, .. } if piece.color() != game.to_move() => Tip::EitherColour,
                Move::Move { piece, .. } => Tip::Bug(piece.bug()),
            }
        };
        StandardHint { kind, tip }
    }

    /// The facts of `puzzle`'s hint (its position is loaded and its
    /// solution read).
    pub fn of(puzzle: &Puzzle) -> Result<StandardHint, PuzzleError> {
        let game = puzzle.game()?;
        let solution = puzzle.solution_move(&game)?;
        Ok(StandardHint::new(
            &game,
            puzzle.kind,
            solution,
            puzzle.theme,
        ))
    }

    /// The hint in English, as the generator writes it.
    pub fn english(&self) -> String {
        let about = match self.kind {
            Kind::Win(_) => "Close the ring around the enemy Queen.",
            Kind::Stop(_) => "Only one move keeps your Queen safe.",
        };
        format!("{about} {}", self.tip.english())
    }

    /// Whether `puzzle`'s hint is this standard one, word for word.
    pub fn is_hint_of(&self, puzzle: &Puzzle) -> bool {
        self.english() == puzzle.hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::Origin;
    use crate::puzzle::Level;

    fn puzzle(position: &str, kind: Kind, theme: Option<Theme>) -> Puzzle {
        Puzzle {
            id: "x".to_string(),
            level: Level::Easy,
            kind,
            theme,
            position: position.to_string(),
            solution: "pass".to_string(),
            title: String::new(),
            hint: String::new(),
            origin: Origin::default(),
        }
    }

    #[test]
    fn titles_read_the_side_from_the_turn() {
        let p = puzzle(
            "Base+P;InProgress;Black[4];wA1;bA1 wA1-",
            Kind::Win(2),
            Some(Theme::Pillbug),
        );
        let title = StandardTitle::of(&p).expect("a turn");
        assert_eq!(title.side, Color::Black);
        assert_eq!(title.english(), "Black to move wins in 2 with the Pillbug");
        let p = puzzle("Base;InProgress;White[3]", Kind::Stop(1), None);
        let title = StandardTitle::of(&p).expect("a turn");
        assert_eq!(title.english(), "White to move: stop the threat");
        assert!(StandardTitle::of(&puzzle("Base", Kind::Win(1), None)).is_none());
    }

    #[test]
    fn hints_name_what_the_solution_moves() {
        let hint = StandardHint {
            kind: Kind::Stop(2),
            tip: Tip::Bug(Bug::Ant),
        };
        assert_eq!(
            hint.english(),
            "Only one move keeps your Queen safe. An Ant can walk all the way around the hive."
        );
    }
}
