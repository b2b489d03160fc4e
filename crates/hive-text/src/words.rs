//! Pieces, cells and moves in words a newcomer can read, the notation kept
//! in brackets: "the white Ant (wA1)", "next to the black Pillbug, on its
//! lower left (/bP)", "place the white Ant (wA1) next to the black Queen
//! Bee, on its left (wA1 -bQ)".
//!
//! # What the messages are given
//!
//! Every piece a message names comes as four variables, here for a
//! placeholder called `piece`:
//! - `$piece`: the piece with its article and notation ("the white Ant
//!   (wA1)", message `piece`);
//! - `$piece-name`: without article or notation ("white Ant", message
//!   `piece-name`), for languages that join the article to a preposition
//!   (Spanish "al", "del");
//! - `$piece-gender`: the grammatical gender of its bug (the `.gender`
//!   attribute of its `bug-*` message, `other` when there is none), for
//!   selectors that make words agree;
//! - `$piece-notation`: its notation alone ("wA1").
//!
//! A bug comes as `$bug` (singular), `$bug-plural` (as for several) and
//! `$bug-gender`; a side as `$color` (message `color-white` or
//! `color-black`) and `$color-code` (`white` or `black`); a cell as
//! `$cell`, a place phrase with its notation ("next to the black Pillbug,
//! on its lower left (/bP)", "on top of the white Queen Bee (wQ)", "in the
//! middle of the table").

use std::fmt;

use hive_rules::{Bug, CellName, Color, Direction, Game, Hex, Move, Piece, PieceRef};

use crate::args::Args;
use crate::texts::Texts;

/// A sentence for a person, and the cells it means (so a window can make
/// them flash).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Worded {
    /// The sentence, starting in lower case like the engine's own messages.
    pub text: String,
    /// The cells it is about: first the cell it names as a place (a
    /// destination), then the cells of the pieces it names that are on the
    /// board; each once.
    pub cells: Vec<Hex>,
}

impl fmt::Display for Worded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// How words find a cell: by a piece on it or next to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Landmark {
    /// The first cell of an empty table: "in the middle of the table".
    Middle,
    /// The cell holds this piece on top of its stack: "on top of the white
    /// Queen Bee (wQ)".
    OnTop(Piece),
    /// The cell is next to this piece, in this direction from it: "next to
    /// the black Pillbug, on its lower left (/bP)".
    NextTo(Piece, Direction),
    /// The cell touches no piece: "away from the hive".
    Alone,
    /// A cell known by no piece (a rule message with no notation and no
    /// game to look at): "there".
    Unnamed,
}

/// How readily a newcomer finds a bug on the table: the Queens first, then
/// the bugs each side has one of, then those it has two of, then three.
fn recognisability(bug: Bug) -> u8 {
    match bug {
        Bug::Queen => 0,
        Bug::Pillbug | Bug::Ladybug | Bug::Mosquito => 1,
        Bug::Beetle | Bug::Spider => 2,
        Bug::Ant | Bug::Grasshopper => 3,
    }
}

/// The piece seen on top of `hex` once `moving` has left it: the top, or the
/// piece under `moving` when `moving` is the top.
fn visible_top(game: &Game, hex: Hex, moving: Option<Piece>) -> Option<Piece> {
    let stack = game.stack(hex);
    match stack.split_last() {
        Some((&top, below)) if Some(top) == moving => below.last().copied(),
        Some((&top, _)) => Some(top),
        None => None,
    }
}

impl Landmark {
    /// How to name `hex` in `game` once `moving` (the piece the sentence is
    /// about, if any) has left its cell: the piece on top of it, else the
    /// most recognisable neighbour (a Queen first, see the module docs;
    /// ties go to the first direction clockwise from east, as in a
    /// MoveString), else the middle of an empty table, else [`Landmark::Alone`].
    pub fn of_cell(game: &Game, hex: Hex, moving: Option<Piece>) -> Landmark {
        if let Some(top) = visible_top(game, hex, moving) {
            return Landmark::OnTop(top);
        }
        let best = Direction::ALL
            .into_iter()
            .enumerate()
            .filter_map(|(order, dir)| {
                let piece = visible_top(game, hex.neighbor(dir.opposite()), moving)?;
                Some((recognisability(piece.bug()), order, piece, dir))
            })
            .min();
        if let Some((_, _, piece, dir)) = best {
            return Landmark::NextTo(piece, dir);
        }
        let empty = game.pieces_on_board().all(|(p, _, _)| Some(p) == moving);
        if empty && hex == Hex::ORIGIN {
            Landmark::Middle
        } else {
            Landmark::Alone
        }
    }

    /// Reads the reference part of a MoveString (`wQ`, `/bP`, `wS1-`);
    /// `None` when it is not one.
    pub fn from_notation(text: &str) -> Option<Landmark> {
        text.parse::<PieceRef>().ok().map(Landmark::from)
    }

    /// The notation of this cell as a MoveString writes its reference
    /// (`wQ`, `/bP`, `wS1-`), if it has one.
    pub fn notation(self) -> Option<String> {
        self.piece_ref().map(|reference| reference.to_string())
    }

    /// The piece this cell is named by, and the side of it, if any.
    pub fn piece_ref(self) -> Option<PieceRef> {
        match self {
            Landmark::OnTop(piece) => Some(PieceRef::on_top(piece)),
            Landmark::NextTo(piece, dir) => Some(PieceRef::beside(piece, dir)),
            Landmark::Middle | Landmark::Alone | Landmark::Unnamed => None,
        }
    }
}

impl From<PieceRef> for Landmark {
    fn from(reference: PieceRef) -> Landmark {
        match reference.side {
            None => Landmark::OnTop(reference.piece),
            Some(dir) => Landmark::NextTo(reference.piece, dir),
        }
    }
}

/// `white` or `black`: the selector value of a side.
pub fn color_code(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `east`, `south-east`, ...: the selector value of a direction, and its
/// part of the `side-*` keys.
pub fn direction_code(dir: Direction) -> &'static str {
    match dir {
        Direction::East => "east",
        Direction::SouthEast => "south-east",
        Direction::SouthWest => "south-west",
        Direction::West => "west",
        Direction::NorthWest => "north-west",
        Direction::NorthEast => "north-east",
    }
}

impl Texts {
    /// A side, as sentences name it ("White"; Spanish "las blancas").
    pub fn color(&self, color: Color) -> String {
        self.get(&format!("color-{}", color_code(color)))
    }

    /// A bug's name for `count` pieces ("Ant", "Ants").
    pub fn bug(&self, bug: Bug, count: u32) -> String {
        self.format(
            &format!("bug-{}", bug.key()),
            &Args::new().with("count", count),
        )
    }

    /// A bug's grammatical gender in the language in use (`masculine`,
    /// `feminine`, ...; `other` when the language gives none).
    pub fn bug_gender(&self, bug: Bug) -> String {
        self.optional(&format!("bug-{}.gender", bug.key()))
            .unwrap_or_else(|| "other".to_string())
    }

    /// The variables of the `piece` and `piece-name` messages for `piece`.
    fn piece_args(&self, piece: Piece) -> Args {
        Args::new()
            .with("color", color_code(piece.color()))
            .with("bug", self.bug(piece.bug(), 1))
            .with("gender", self.bug_gender(piece.bug()))
            .with("notation", piece.to_string())
    }

    /// A piece with its article and notation: "the white Ant (wA1)".
    pub fn piece(&self, piece: Piece) -> String {
        self.format("piece", &self.piece_args(piece))
    }

    /// A piece without article or notation: "white Ant".
    pub fn piece_name(&self, piece: Piece) -> String {
        self.format("piece-name", &self.piece_args(piece))
    }

    /// A cell as a place, with its notation in brackets when it has one:
    /// "next to the black Pillbug, on its lower left (/bP)".
    pub fn landmark(&self, landmark: Landmark) -> String {
        let place = self.landmark_words(landmark);
        match landmark.notation() {
            Some(notation) => self.format(
                "with-notation",
                &Args::new().with("text", place).with("notation", notation),
            ),
            None => place,
        }
    }

    /// A cell as a place, without its notation.
    fn landmark_words(&self, landmark: Landmark) -> String {
        let (key, reference, dir) = match landmark {
            Landmark::Middle => ("cell-middle", None, None),
            Landmark::Alone => ("cell-alone", None, None),
            Landmark::Unnamed => ("cell-unnamed", None, None),
            Landmark::OnTop(piece) => ("cell-on-top", Some(piece), None),
            Landmark::NextTo(piece, dir) => ("cell-next-to", Some(piece), Some(dir)),
        };
        let mut args = Args::new();
        if let Some(piece) = reference {
            self.set_piece(&mut args, "ref", piece);
        }
        if let Some(dir) = dir {
            args.set("dir", direction_code(dir));
            args.set("side", self.get(&format!("side-{}", direction_code(dir))));
        }
        self.format(key, &args)
    }

    /// `hex` in `game` in words: "next to the black Pillbug, on its lower
    /// left (/bP)", "on top of the white Queen Bee (wQ)", "in the middle of
    /// the table" (see [`Landmark::of_cell`]).
    pub fn cell(&self, game: &Game, hex: Hex) -> Worded {
        self.cell_for(game, hex, None)
    }

    /// `hex` in words for a sentence about `moving`: named as it will be
    /// once `moving` has left its cell, never by `moving` itself.
    pub fn cell_for(&self, game: &Game, hex: Hex, moving: Option<Piece>) -> Worded {
        Worded {
            text: self.landmark(Landmark::of_cell(game, hex, moving)),
            cells: vec![hex],
        }
    }

    /// A move in words, the full MoveString in brackets: "place the white
    /// Ant (wA1) next to the black Queen Bee, on its left (wA1 -bQ)", "move
    /// ...", "have the white Pillbug (wP) throw ...", "pass".
    ///
    /// The MoveString names the cell by the same piece as the words (so it
    /// may differ from [`Game::move_string`], which takes the first
    /// neighbour clockwise from east); both read back as the same move. A
    /// movement of a piece of the side not to move is worded as a throw by
    /// the pillbug (or mosquito) of the side to move that can make it.
    /// The cells: where a moving piece was, then where the piece goes.
    pub fn move_words(&self, game: &Game, mv: Move) -> Worded {
        let (piece, from, to) = match mv {
            Move::Pass => {
                return Worded {
                    text: self.get("move-pass"),
                    cells: Vec::new(),
                };
            }
            Move::Place { piece, to } => (piece, None, to),
            Move::Move { piece, from, to } => (piece, Some(from), to),
        };
        let landmark = Landmark::of_cell(game, to, Some(piece));
        let move_string = match landmark.notation() {
            Some(notation) => format!("{piece} {notation}"),
            None => piece.to_string(),
        };
        let mut args = Args::new()
            .with("cell", self.landmark_words(landmark))
            .with("move", move_string);
        self.set_piece(&mut args, "piece", piece);
        let thrower = from
            .filter(|_| piece.color() != game.to_move())
            .and_then(|_| {
                [Bug::Pillbug, Bug::Mosquito]
                    .into_iter()
                    .filter_map(|bug| Piece::new(game.to_move(), bug, 1))
                    .find(|&t| game.has_piece(t) && game.pillbug_throws(t).contains(&mv))
            });
        let key = match (from, thrower) {
            (None, _) => "move-place",
            (Some(_), None) => "move-move",
            (Some(_), Some(thrower)) => {
                self.set_piece(&mut args, "thrower", thrower);
                "move-throw"
            }
        };
        Worded {
            text: self.format(key, &args),
            cells: from.into_iter().chain([to]).collect(),
        }
    }

    /// Sets the four variables of piece placeholder `name` (see the module
    /// docs).
    pub fn set_piece(&self, args: &mut Args, name: &str, piece: Piece) {
        let piece_args = self.piece_args(piece);
        args.set(name, self.format("piece", &piece_args));
        args.set(
            format!("{name}-name"),
            self.format("piece-name", &piece_args),
        );
        args.set(format!("{name}-gender"), self.bug_gender(piece.bug()));
        args.set(format!("{name}-notation"), piece.to_string());
    }

    /// Sets the variables of bug placeholder `name`.
    pub fn set_bug(&self, args: &mut Args, name: &str, bug: Bug) {
        args.set(name, self.bug(bug, 1));
        args.set(format!("{name}-plural"), self.bug(bug, 2));
        args.set(format!("{name}-gender"), self.bug_gender(bug));
    }

    /// Sets the variables of side placeholder `name`.
    pub fn set_color(&self, args: &mut Args, name: &str, color: Color) {
        args.set(name, self.color(color));
        args.set(format!("{name}-code"), color_code(color));
    }

    /// "Queen Bee, Ant and Spider", in the language's way of listing.
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => self.get("list-empty"),
            [only] => only.clone(),
            [first, last] => self.format(
                "list-and",
                &Args::new().with("first", first).with("last", last),
            ),
            [first, rest @ ..] => self.format(
                "list-comma",
                &Args::new()
                    .with("first", first)
                    .with("rest", self.list(rest)),
            ),
        }
    }
}

/// A sentence being put together: its variables and the cells it means.
pub(crate) struct Sentence<'a> {
    texts: &'a Texts,
    game: Option<&'a Game>,
    args: Args,
    places: Vec<Hex>,
    pieces: Vec<Hex>,
}

impl<'a> Sentence<'a> {
    pub(crate) fn new(texts: &'a Texts, game: Option<&'a Game>) -> Sentence<'a> {
        Sentence {
            texts,
            game,
            args: Args::new(),
            places: Vec::new(),
            pieces: Vec::new(),
        }
    }

    /// A piece the sentence is about; its cell is meant when it is on the board.
    pub(crate) fn piece(&mut self, name: &str, piece: Piece) -> &mut Self {
        self.texts.set_piece(&mut self.args, name, piece);
        if let Some(at) = self.game.and_then(|g| g.position(piece)) {
            self.pieces.push(at);
        }
        self
    }

    pub(crate) fn bug(&mut self, name: &str, bug: Bug) -> &mut Self {
        self.texts.set_bug(&mut self.args, name, bug);
        self
    }

    pub(crate) fn color(&mut self, name: &str, color: Color) -> &mut Self {
        self.texts.set_color(&mut self.args, name, color);
        self
    }

    pub(crate) fn number(&mut self, name: &str, number: u32) -> &mut Self {
        self.args.set(name, number);
        self
    }

    pub(crate) fn text(&mut self, name: &str, text: String) -> &mut Self {
        self.args.set(name, text);
        self
    }

    /// A cell named as a place: from the game when there is one (never by
    /// `moving`), else from the cell's notation.
    pub(crate) fn cell(&mut self, name: &str, cell: &CellName, moving: Option<Piece>) -> &mut Self {
        let landmark = match self.game {
            Some(game) => Landmark::of_cell(game, cell.hex(), moving),
            None => cell
                .name()
                .and_then(Landmark::from_notation)
                .unwrap_or(Landmark::Unnamed),
        };
        self.args.set(name, self.texts.landmark(landmark));
        self.places.push(cell.hex());
        self
    }

    /// A cell meant by the sentence without being named in it.
    pub(crate) fn place(&mut self, hex: Hex) -> &mut Self {
        self.places.push(hex);
        self
    }

    pub(crate) fn finish(&self, key: &str) -> Worded {
        let mut cells: Vec<Hex> = Vec::new();
        for &hex in self.places.iter().chain(&self.pieces) {
            if !cells.contains(&hex) {
                cells.push(hex);
            }
        }
        Worded {
            text: self.texts.format(key, &self.args),
            cells,
        }
    }
}
