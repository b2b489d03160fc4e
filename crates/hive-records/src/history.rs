//! Undo, redo and review over one line of moves.

use hive_rules::{Color, Game, Move, Options, RuleError};

/// A game and the moves after its current position: the moves played up to
/// the cursor are the game's own history, the rest wait on a redo stack.
///
/// Undo and redo, and review (stepping and jumping through the moves), all
/// move the cursor; [`History::play`] and [`History::continue_from_here`]
/// drop the moves after it.
#[derive(Clone)]
pub struct History {
    game: Game,
    /// The moves after the cursor, the next one last.
    redo: Vec<Move>,
}

impl History {
    /// This game, with the cursor after its last move.
    pub fn new(game: Game) -> History {
        History {
            game,
            redo: Vec::new(),
        }
    }

    /// This game for review, with the cursor at the start.
    pub fn review(game: Game) -> History {
        let mut history = History::new(game);
        history.goto(0);
        history
    }

    /// The position at the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The whole line, the moves after the cursor included (what to save
    /// while reviewing).
    pub fn full_game(&self) -> Game {
        let mut game = self.game.clone();
        for &mv in self.redo.iter().rev() {
            game.apply_unchecked(mv);
        }
        game
    }

    /// Every move of the line, in order, the moves after the cursor included.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self.game.moves().collect();
        moves.extend(self.redo.iter().rev());
        moves
    }

    /// The cursor: how many moves of the line are played.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// How many moves the line has.
    pub fn len(&self) -> usize {
        self.ply() + self.redo.len()
    }

    /// Whether the line has no moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the cursor is after the last move (no redo, not reviewing).
    pub fn at_end(&self) -> bool {
        self.redo.is_empty()
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.ply() > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Play a move at the cursor (checked against the rules); the moves
    /// after the cursor are dropped. On error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        self.game.play(mv)?;
        self.redo.clear();
        Ok(())
    }

    /// Take back the move before the cursor, keeping it for redo.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.game.undo()?;
        self.redo.push(mv);
        Some(mv)
    }

    /// Replay the move after the cursor.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = self.redo.pop()?;
        // It was played from this very position before.
        self.game.apply_unchecked(mv);
        Some(mv)
    }

    /// Against the AI: take back moves until `human`'s latest move is undone
    /// and it is `human`'s turn again: the AI's reply and the human's move,
    /// or only the human's move while the AI is still thinking. Returns how
    /// many moves were taken back (0 when `human` has not moved yet).
    pub fn undo_pair(&mut self, human: Color) -> usize {
        let human_has_moved = match human {
            Color::White => self.ply() >= 1,
            Color::Black => self.ply() >= 2,
        };
        if !human_has_moved {
            return 0;
        }
        let mut undone = 0;
        while self.ply() > 0 {
            let mover = self.game.to_move().opponent();
            self.undo();
            undone += 1;
            if mover == human {
                break;
            }
        }
        undone
    }

    /// Move the cursor to after `ply` moves (clamped to the line).
    pub fn goto(&mut self, ply: usize) {
        let target = ply.min(self.len());
        while self.ply() > target && self.undo().is_some() {}
        while self.ply() < target && self.redo().is_some() {}
    }

    /// Continue playing from the cursor: drops the moves after it and
    /// returns how many were dropped (ask the player first when not 0).
    pub fn continue_from_here(&mut self) -> usize {
        let dropped = self.redo.len();
        self.redo.clear();
        dropped
    }

    /// Replaces the moves after the cursor with `after` (in playing order,
    /// each legal after the ones before it): another continuation of the
    /// position at the cursor, for redo and review.
    pub fn set_continuation(&mut self, after: &[Move]) {
        self.redo.clear();
        self.redo.extend(after.iter().rev());
    }

    /// Change the optional rules (the result so far is re-evaluated).
    pub fn set_options(&mut self, options: Options) {
        self.game.set_options(options);
    }
}
