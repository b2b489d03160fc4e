//! Why a move is illegal, in words: every [`RuleError`] through the
//! `rule-*` messages, pieces and cells named as in [`crate::words`].

use hive_rules::{Ending, Game, Hex, RuleError, how_it_moves};

use crate::texts::Texts;
use crate::words::{Sentence, Worded};

/// The message key of each rule: `rule-` and the variant's name in
/// kebab case (`RuleError::PlaceNextToOpponent` is `rule-place-next-to-opponent`).
pub fn rule_key(error: &RuleError) -> &'static str {
    match error {
        RuleError::GameOver => "rule-game-over",
        RuleError::NotYourPiece { .. } => "rule-not-your-piece",
        RuleError::BugNotInGame { .. } => "rule-bug-not-in-game",
        RuleError::NoneLeftInHand { .. } => "rule-none-left-in-hand",
        RuleError::WrongPieceNumber { .. } => "rule-wrong-piece-number",
        RuleError::QueenOnFirstTurn { .. } => "rule-queen-on-first-turn",
        RuleError::QueenByFourthTurn { .. } => "rule-queen-by-fourth-turn",
        RuleError::QueenNotPlaced { .. } => "rule-queen-not-placed",
        RuleError::FirstPieceAtOrigin => "rule-first-piece-at-origin",
        RuleError::NotThere { .. } => "rule-not-there",
        RuleError::PlaceOnOccupied { .. } => "rule-place-on-occupied",
        RuleError::PlaceNotNextToFirst { .. } => "rule-place-not-next-to-first",
        RuleError::PlaceNextToOpponent { .. } => "rule-place-next-to-opponent",
        RuleError::PlaceNotTouchingOwn { .. } => "rule-place-not-touching-own",
        RuleError::NowhereToPlace { .. } => "rule-nowhere-to-place",
        RuleError::NotOnBoard { .. } => "rule-not-on-board",
        RuleError::AlreadyPlaced { .. } => "rule-already-placed",
        RuleError::Covered { .. } => "rule-covered",
        RuleError::WouldSplitHive { .. } => "rule-would-split-hive",
        RuleError::JustMoved { .. } => "rule-just-moved",
        RuleError::JustThrown { .. } => "rule-just-thrown",
        RuleError::GateTooNarrow { .. } => "rule-gate-too-narrow",
        RuleError::LosesContact { .. } => "rule-loses-contact",
        RuleError::SameCell => "rule-same-cell",
        RuleError::MosquitoTouchesNothing { .. } => "rule-mosquito-touches-nothing",
        RuleError::MosquitoCannotCopy { .. } => "rule-mosquito-cannot-copy",
        RuleError::CannotReach { .. } => "rule-cannot-reach",
        RuleError::NoMoves { .. } => "rule-no-moves",
        RuleError::PassNotAllowed => "rule-pass-not-allowed",
        RuleError::MustPass => "rule-must-pass",
        RuleError::NoPillbugNext { .. } => "rule-no-pillbug-next",
        RuleError::NotAPillbug { .. } => "rule-not-a-pillbug",
        RuleError::MosquitoNoPillbug { .. } => "rule-mosquito-no-pillbug",
        RuleError::PillbugCovered { .. } => "rule-pillbug-covered",
        RuleError::NotNextToPillbug { .. } => "rule-not-next-to-pillbug",
        RuleError::ThrowStacked { .. } => "rule-throw-stacked",
        RuleError::ThrowTooFar { .. } => "rule-throw-too-far",
        RuleError::ThrowOnOccupied { .. } => "rule-throw-on-occupied",
        RuleError::ThrowGate { .. } => "rule-throw-gate",
    }
}

impl Texts {
    /// Why a move is illegal, in words: the pieces named in words with
    /// their notation, the cells by what is there.
    ///
    /// With `game` (the position the move was tried in), a cell is named by
    /// its most recognisable neighbour (see [`crate::Landmark::of_cell`]) and
    /// the cells of the pieces named are among [`Worded::cells`]; without
    /// it, by the notation the rules engine gave.
    pub fn reason(&self, error: &RuleError, game: Option<&Game>) -> Worded {
        let mut s = Sentence::new(self, game);
        match error {
            RuleError::GameOver
            | RuleError::SameCell
            | RuleError::PassNotAllowed
            | RuleError::MustPass => {}
            RuleError::FirstPieceAtOrigin => {
                s.place(Hex::ORIGIN);
            }
            RuleError::NotYourPiece {
                piece,
                owner,
                to_move,
            } => {
                s.piece("piece", *piece)
                    .color("owner", *owner)
                    .color("to-move", *to_move);
            }
            RuleError::BugNotInGame { bug } => {
                s.bug("bug", *bug);
            }
            RuleError::NoneLeftInHand { color, bug } => {
                s.color("color", *color).bug("bug", *bug);
            }
            RuleError::WrongPieceNumber { piece, expected } => {
                s.piece("piece", *piece).piece("expected", *expected);
            }
            RuleError::QueenOnFirstTurn { piece } => {
                s.piece("piece", *piece).color("color", piece.color());
            }
            RuleError::QueenByFourthTurn { piece } | RuleError::QueenNotPlaced { piece } => {
                s.piece("piece", *piece).color("color", piece.color());
                if let Some(queen) =
                    hive_rules::Piece::new(piece.color(), hive_rules::Bug::Queen, 1)
                {
                    s.piece("queen", queen);
                }
            }
            RuleError::NotThere { piece }
            | RuleError::NotOnBoard { piece }
            | RuleError::AlreadyPlaced { piece }
            | RuleError::WouldSplitHive { piece }
            | RuleError::JustMoved { piece }
            | RuleError::JustThrown { piece }
            | RuleError::MosquitoTouchesNothing { piece }
            | RuleError::NoMoves { piece }
            | RuleError::NotAPillbug { piece }
            | RuleError::MosquitoNoPillbug { piece }
            | RuleError::ThrowStacked { piece } => {
                s.piece("piece", *piece);
            }
            RuleError::NowhereToPlace { piece } => {
                s.piece("piece", *piece).color("color", piece.color());
            }
            RuleError::PlaceOnOccupied { piece, cell }
            | RuleError::PlaceNotNextToFirst { piece, cell }
            | RuleError::GateTooNarrow { piece, cell }
            | RuleError::LosesContact { piece, cell } => {
                s.cell("cell", cell, Some(*piece)).piece("piece", *piece);
            }
            RuleError::PlaceNextToOpponent {
                piece,
                cell,
                touching,
            } => {
                s.cell("cell", cell, Some(*piece))
                    .piece("piece", *piece)
                    .piece("touching", *touching);
            }
            RuleError::PlaceNotTouchingOwn { piece, cell } => {
                s.cell("cell", cell, Some(*piece))
                    .piece("piece", *piece)
                    .color("color", piece.color());
            }
            RuleError::Covered { piece, by } => {
                s.piece("piece", *piece).piece("by", *by);
            }
            RuleError::MosquitoCannotCopy {
                piece,
                cell,
                touching,
            } => {
                let names: Vec<String> = touching.iter().map(|&bug| self.bug(bug, 1)).collect();
                s.cell("cell", cell, Some(*piece))
                    .piece("piece", *piece)
                    .text("bugs", self.list(&names));
            }
            RuleError::CannotReach { piece, cell, how } => {
                // `how` is the engine's English: its own bug's way of
                // moving, or else a pillbug's throw.
                let way = if *how == how_it_moves(piece.bug()) {
                    format!("how-{}", piece.bug().key())
                } else {
                    "how-throw".to_string()
                };
                s.cell("cell", cell, Some(*piece))
                    .piece("piece", *piece)
                    .text("how", self.get(&way));
            }
            RuleError::NoPillbugNext { color, piece, cell } => {
                s.cell("cell", cell, Some(*piece))
                    .piece("piece", *piece)
                    .color("color", *color);
            }
            RuleError::PillbugCovered { pillbug, by } => {
                s.piece("pillbug", *pillbug).piece("by", *by);
            }
            RuleError::NotNextToPillbug { pillbug, piece } => {
                s.piece("pillbug", *pillbug).piece("piece", *piece);
            }
            RuleError::ThrowTooFar { pillbug, cell }
            | RuleError::ThrowOnOccupied { pillbug, cell } => {
                // The piece being thrown is not in the error: the cell is
                // named as it stands.
                s.cell("cell", cell, None).piece("pillbug", *pillbug);
            }
            RuleError::ThrowGate {
                pillbug,
                piece,
                cell,
            } => {
                s.cell("cell", cell, Some(*piece))
                    .piece("pillbug", *pillbug)
                    .piece("piece", *piece);
            }
        }
        s.finish(rule_key(error))
    }
}

impl Texts {
    /// How a game ended, as a sentence: "White's Queen is surrounded:
    /// Black wins." (the `ending-*` messages).
    pub fn ending(&self, ending: &Ending) -> String {
        let mut s = Sentence::new(self, None);
        let key = match *ending {
            Ending::QueenSurrounded { queen, by } => {
                s.color("queen", queen).color("winner", queen.opponent());
                if by == queen {
                    "ending-own-queen-surrounded"
                } else {
                    "ending-queen-surrounded"
                }
            }
            Ending::BothQueensSurrounded { .. } => "ending-both-queens-surrounded",
            Ending::TurnLimit { limit } => {
                s.number("limit", u32::from(limit));
                "ending-turn-limit"
            }
            Ending::ThreefoldRepetition => "ending-threefold-repetition",
        };
        s.finish(key).text
    }
}
