//! Selecting a piece and showing where it can go.
//!
//! A `SelectPiece` message (a click on the board or on a piece in hand)
//! is answered the same frame: the rules engine lists the piece's legal
//! moves, pillbug throws included, and each destination gets a
//! [`Highlight`] entity. A selected pillbug (or a mosquito touching one) also
//! rings the neighbours it can throw; clicking one shows where it can land.
//! A piece with nothing to do is not selected (no ring): the [`Notice`]
//! gives the rules engine's reason instead.
//! `CellClicked` turns a click into the right one of these: play the move
//! to a highlighted cell, pick a piece to throw, select another of one's
//! own pieces, cancel (a click on the selected piece again), or, on any
//! other cell, say on the message line which rule keeps the selected piece
//! from going there (the rules engine's `why_not`), keeping the selection. While the AI is to move, selections and clicks are ignored.

use bevy::prelude::*;

use super::devices::InputDevice;
use crate::game::board::{BoardLayout, LayoutUpdate, resting_translation};
use crate::game::core::{
    CurrentGame, GameSystems, MoveRefused, Notices, PlayMove, Players, Screen, Turn, Words,
};
use crate::rules::{Bug, Game, Hex, Move, Piece, RuleError};
use crate::text::{Args, Worded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.add_message::<SelectPiece>();
    app.add_message::<ClearSelection>();
    app.add_message::<SuggestSelection>();
    app.add_message::<CellClicked>();
    app.add_systems(
        Update,
        (handle_clicks, handle_selection_requests)
            .chain()
            .in_set(GameSystems::Select)
            .run_if(in_state(Turn::AwaitingInput)),
    );
    app.add_systems(
        Update,
        (
            clear_selection_on_game_change.run_if(resource_changed::<CurrentGame>),
            refresh_highlights.run_if(resource_changed::<Selection>),
        )
            .chain()
            .in_set(GameSystems::Sync)
            .in_set(HighlightSync)
            .after(LayoutUpdate)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Dropping a stale selection and respawning the highlights; what reads
/// them runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HighlightSync;

/// Select a piece, on the board or in hand, to see where it can go.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelectPiece(pub Piece);

/// A selection offered to the player by a hint (the engine's, a
/// puzzle's): the piece with every destination, or one move's piece with
/// that move's cell; the player clicks on from it. The hint says its own
/// words, so the selection's are not shown. The player's selection is this
/// folder's alone: other features ask for it so.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestSelection {
    /// The piece, with every destination.
    Piece(Piece),
    /// The move's piece, with this move alone (nothing for a move that is
    /// not legal now).
    Move(Move),
}

/// Drop the selection (Escape, or a click on nothing).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct ClearSelection;

/// The player clicked the board at these plane coordinates.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellClicked(pub IVec2);

/// The selected piece and what it may do.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// The piece selected, if any.
    pub piece: Option<Piece>,
    /// When choosing where a pillbug throws `piece`: that pillbug (or mosquito).
    pub thrower: Option<Piece>,
    /// The legal moves of `piece` (one per destination cell).
    pub moves: Vec<Move>,
    /// Neighbours the selected pillbug (or mosquito) can throw.
    pub throwable: Vec<Piece>,
}

impl Selection {
    /// `piece` selected with everything it may do: its legal moves (one per
    /// destination cell) and, for a pillbug (or a mosquito touching one) on
    /// top of its stack, the neighbours it can throw. What a click, the
    /// AI's "considered cells" and a hint show all start here.
    pub fn of(game: &Game, piece: Piece) -> Selection {
        let mut moves = game.legal_moves_for(piece);
        let mut seen = Vec::new();
        moves.retain(|m| {
            let fresh = !seen.contains(&m.to());
            seen.push(m.to());
            fresh
        });
        let mut throwable: Vec<Piece> = Vec::new();
        let on_top = game
            .position(piece)
            .is_some_and(|hex| game.top(hex) == Some(piece));
        if matches!(piece.bug(), Bug::Pillbug | Bug::Mosquito) && on_top {
            for throw in game.pillbug_throws(piece) {
                if let Some(thrown) = throw.piece().filter(|p| !throwable.contains(p)) {
                    throwable.push(thrown);
                }
            }
        }
        Selection {
            piece: Some(piece),
            thrower: None,
            moves,
            throwable,
        }
    }

    /// The selection of `mv`'s piece showing only `mv` (a hint). `None`
    /// for a pass, or a move that is not legal in `game`.
    pub fn of_move(game: &Game, mv: Move) -> Option<Selection> {
        let mut selection = Selection::of(game, mv.piece()?);
        if !selection.moves.contains(&mv) {
            return None;
        }
        selection.moves = vec![mv];
        selection.throwable.clear();
        Some(selection)
    }

    /// Whether the selected piece can do anything: move, or (a pillbug)
    /// throw a neighbour.
    pub fn is_live(&self) -> bool {
        !self.moves.is_empty() || !self.throwable.is_empty()
    }

    /// The legal move of the selection ending on `hex`, if any.
    pub fn move_to(&self, hex: Hex) -> Option<Move> {
        self.moves.iter().copied().find(|m| m.to() == Some(hex))
    }

    /// Why the selected piece cannot go to `hex` (thrown there, when the
    /// selection is a pillbug's throw), if it cannot; none with nothing
    /// selected.
    pub fn why_not(&self, game: &Game, hex: Hex) -> Option<RuleError> {
        let piece = self.piece?;
        match self.thrower {
            Some(thrower) => game.why_not_throw(thrower, piece, hex),
            None => game.why_not(piece, hex),
        }
    }

    /// The plane coordinates of the selection's destinations.
    pub fn destination_planes(&self, layout: &BoardLayout) -> Vec<IVec2> {
        self.moves
            .iter()
            .filter_map(|mv| mv.to())
            .map(|hex| layout.plane_of(hex))
            .collect()
    }
}

/// The board's cell at `plane` (where a click or a drop landed), if the
/// plane is one of the board's: a far-away plane can alias a hive cell on
/// the wrapped grid, and is none. Clicks and drops both go through this
/// and [`Selection::move_to`] / [`Selection::why_not`].
pub fn cell_at(layout: &BoardLayout, plane: IVec2) -> Option<Hex> {
    let hex = layout.hex_at(plane);
    (layout.plane_of(hex) == plane).then_some(hex)
}

/// A highlighted cell on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    /// The cell.
    pub hex: Hex,
    /// Its plane coordinates.
    pub plane: IVec2,
    /// Why it is highlighted.
    pub kind: HighlightKind,
    /// Shown for the AI (the cells it considered), not for the player's
    /// selection: the AI feature spawns and drops these itself.
    pub by_ai: bool,
}

/// The highlight of `hex` as `kind` (for the AI's display when `by_ai`),
/// placed over the cell's stack as the board is laid out now.
pub fn highlight(
    game: &Game,
    layout: &BoardLayout,
    hex: Hex,
    kind: HighlightKind,
    by_ai: bool,
) -> impl Bundle {
    let plane = layout.plane_of(hex);
    // Above the tallest stack: a beetle's destination may be on top.
    let level = match kind {
        HighlightKind::Destination(_) | HighlightKind::Considered(_) => game.height(hex),
        HighlightKind::Selected | HighlightKind::Throwable(_) => game.height(hex).saturating_sub(1),
    };
    let mut translation = resting_translation(plane, level);
    translation.z = 40.0;
    (
        Name::new("Highlight"),
        Highlight {
            hex,
            plane,
            kind,
            by_ai,
        },
        Transform::from_translation(translation),
        Visibility::default(),
        DespawnOnExit(Screen::Playing),
    )
}

/// What a highlighted cell offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HighlightKind {
    /// The selected piece.
    Selected,
    /// A legal destination; clicking it plays this move.
    Destination(Move),
    /// A destination the AI considered before moving (not clickable).
    Considered(Move),
    /// A piece the selected pillbug can throw; clicking it picks it.
    Throwable(Piece),
}

fn handle_clicks(
    mut clicks: MessageReader<CellClicked>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    mut selection: ResMut<Selection>,
    (mut notice, device, words, mut refused): (
        Notices,
        Res<InputDevice>,
        Res<Words>,
        MessageWriter<MoveRefused>,
    ),
    mut play: MessageWriter<PlayMove>,
    players: Res<Players>,
) {
    if players.moves_elsewhere(game.game()) {
        clicks.clear();
        return;
    }
    for &CellClicked(plane) in clicks.read() {
        let game = game.game();
        let cell = cell_at(&layout, plane);
        if let Some(mv) = cell.and_then(|hex| selection.move_to(hex)) {
            play.write(PlayMove(mv));
            continue;
        }
        let top = cell.and_then(|hex| game.top(hex));
        // Throwable pieces are only ever listed beside the selected pillbug.
        let thrower = selection.piece.filter(|_| !selection.throwable.is_empty());
        // With something to do, a selection answers clicks on other cells
        // with the reason it cannot go there; a piece with nothing to do
        // gives way to any piece clicked.
        let live = selection.is_live();
        match (top, thrower) {
            (Some(piece), Some(thrower)) if selection.throwable.contains(&piece) => {
                *selection = throw_selection(game, thrower, piece);
                let mut args = Args::new();
                words.set_piece(&mut args, "thrower", thrower);
                words.set_piece(&mut args, "piece", piece);
                notice.show_worded(Worded {
                    text: words.format("notice-choose-throw", &args),
                    cells: game.position(piece).into_iter().collect(),
                });
            }
            (Some(piece), _) if selection.piece == Some(piece) => {
                selection.set_if_neq(Selection::default());
                notice.clear();
            }
            (Some(piece), _) if !live || piece.color() == game.to_move() => {
                *selection = select(game, piece, &mut notice, *device, &words);
            }
            _ => match cell.filter(|_| selection.piece.is_some() && live) {
                Some(hex) => {
                    if let Some(reason) = selection.why_not(game, hex) {
                        notice.show_worded(words.reason(&reason, Some(game)));
                        refused.write(MoveRefused(reason));
                    }
                }
                None => {
                    selection.set_if_neq(Selection::default());
                    notice.clear();
                }
            },
        }
    }
}

pub(super) fn handle_selection_requests(
    (mut requests, mut suggestions): (MessageReader<SelectPiece>, MessageReader<SuggestSelection>),
    mut clears: MessageReader<ClearSelection>,
    game: Res<CurrentGame>,
    mut selection: ResMut<Selection>,
    (mut notice, device, words): (Notices, Res<InputDevice>, Res<Words>),
    players: Res<Players>,
) {
    if players.moves_elsewhere(game.game()) {
        requests.clear();
        suggestions.clear();
        clears.clear();
        return;
    }
    for &SelectPiece(piece) in requests.read() {
        *selection = select(game.game(), piece, &mut notice, *device, &words);
    }
    for &suggestion in suggestions.read() {
        let game = game.game();
        *selection = match suggestion {
            SuggestSelection::Piece(piece) => Selection::of(game, piece),
            SuggestSelection::Move(mv) => Selection::of_move(game, mv).unwrap_or_default(),
        };
    }
    if clears.read().count() > 0 {
        selection.set_if_neq(Selection::default());
        notice.clear();
    }
}

/// The selection of `piece`, with a notice saying what it can do; a piece
/// with nothing to do is not selected, and the notice says why.
fn select(
    game: &Game,
    piece: Piece,
    notice: &mut Notices,
    device: InputDevice,
    words: &Words,
) -> Selection {
    let selection = Selection::of(game, piece);
    let Selection {
        moves, throwable, ..
    } = &selection;
    notice.clear();
    // The piece, how the player picks a cell, and with what.
    let mut args = Args::new()
        .with("pick", words.get(device.pick_key()))
        .with("device", device.code());
    words.set_piece(&mut args, "piece", piece);
    if !throwable.is_empty() {
        let names: Vec<String> = throwable.iter().map(|&p| words.piece(p)).collect();
        args.set("pieces", words.list(&names));
        let throw = words.format("notice-can-throw", &args);
        args.set("throw", throw.clone());
        let text = if moves.is_empty() {
            match game.why_immobile(piece) {
                Some(reason) => {
                    args.set("reason", words.reason(&reason, Some(game)).text);
                    words.format("notice-can-throw-but", &args)
                }
                None => throw,
            }
        } else {
            words.format("notice-can-throw-or-move", &args)
        };
        notice.show_worded(Worded {
            text,
            cells: throwable.iter().filter_map(|&p| game.position(p)).collect(),
        });
    } else if moves.is_empty() {
        if let Some(reason) = game.why_immobile(piece) {
            notice.show_worded(words.reason(&reason, Some(game)));
        }
        return Selection::default();
    } else {
        let key = if game.position(piece).is_some() {
            "notice-selected-move"
        } else {
            "notice-selected-place"
        };
        args.set("count", moves.len());
        notice.show(words.format(key, &args));
    }
    selection
}

/// Choosing where `thrower` throws `piece`.
fn throw_selection(game: &Game, thrower: Piece, piece: Piece) -> Selection {
    let moves = game
        .pillbug_throws(thrower)
        .into_iter()
        .filter(|m| m.piece() == Some(piece))
        .collect();
    Selection {
        piece: Some(piece),
        thrower: Some(thrower),
        moves,
        throwable: Vec::new(),
    }
}

fn clear_selection_on_game_change(mut selection: ResMut<Selection>) {
    selection.set_if_neq(Selection::default());
}

fn refresh_highlights(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    old: Query<(Entity, &Highlight)>,
) {
    for (entity, old) in &old {
        if !old.by_ai {
            commands.entity(entity).despawn();
        }
    }
    let game = game.game();
    let mut spawn = |hex: Hex, kind: HighlightKind| {
        commands.spawn(highlight(game, &layout, hex, kind, false));
    };
    if let Some(hex) = selection.piece.and_then(|p| game.position(p)) {
        spawn(hex, HighlightKind::Selected);
    }
    for &mv in &selection.moves {
        if let Some(to) = mv.to() {
            spawn(to, HighlightKind::Destination(mv));
        }
    }
    for &piece in &selection.throwable {
        if let Some(hex) = game.position(piece) {
            spawn(hex, HighlightKind::Throwable(piece));
        }
    }
}
