//! The Hive evaluation: queen danger, free pieces, pins, beetles on the
//! queen, reserves, and immediate threats, weighed by one [`Weights`] struct.

use hive_rules::{Bug, Color, Game, Hex, Move, PIECES_PER_SIDE, Piece, PieceFacts};

use super::search::Evaluator;

/// Every number the evaluation uses, in hundredths of a "free ant".
///
/// Scores are from one side's point of view; each term is computed for both
/// sides and the opponent's is subtracted.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Danger to a side's own queen by the number of occupied cells around
    /// it (index 0 to 5; 6 is a lost game). Subtracted.
    pub queen_danger: [i32; 6],
    /// Relief per empty cell around a queen that no sliding piece can enter
    /// (five or more of its own neighbours occupied): it is hard to fill.
    pub sealed_cell: i32,
    /// Value of a piece on the board that is free to move, per bug
    /// (Queen, Ant, Grasshopper, Spider, Beetle, Mosquito, Ladybug, Pillbug).
    pub free_piece: [i32; 8],
    /// Value of a piece still in hand, per bug (same order).
    pub in_hand: [i32; 8],
    /// Penalty for a piece pinned by the One Hive rule.
    pub pinned: i32,
    /// Penalty for a piece covered by another.
    pub covered: i32,
    /// Bonus for a side's beetle or mosquito on top of the enemy queen.
    pub beetle_on_queen: i32,
    /// Bonus for a side's beetle next to the enemy queen.
    pub beetle_next_to_queen: i32,
    /// Bonus for a side whose queen can still slide away.
    pub queen_free: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Bonus for the side to move when the enemy queen has one empty cell
    /// left and a free piece of ours touches that cell's surroundings.
    pub winning_threat: i32,
    /// Penalty for having no queen on the board yet.
    pub queen_in_hand: i32,
    /// Relief per own piece next to a side's queen that can still walk away
    /// (the liberty can be given back).
    pub movable_friend_by_queen: i32,
    /// Extra danger per enemy piece next to a side's queen (it will not leave).
    pub enemy_by_queen: i32,
    /// Share (in percent) of its free-piece value a piece keeps while it
    /// presses the enemy queen: it is committed there, not roaming.
    pub attacker_mobility_percent: i32,
    /// Bonus for a pillbug of a side next to its own queen, able to lift the
    /// queen out to a roomy cell.
    pub pillbug_defense: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            // SPSA's weights after all 10,000 pairs, as kept in
            // `crates/hive-ai/data/spsa-weights.txt` (docs/ai.md, "SPSA
            // tuning": +41.6 Elo under SPRT over the ones at 1,750 pairs,
            // which had gained +57.8 over the hand-set ones).
            queen_danger: [0, 18, 51, 117, 183, 313],
            sealed_cell: 23,
            free_piece: [15, 45, 20, 14, 32, 36, 27, 22],
            in_hand: [0, 16, 11, 7, 10, 17, 12, 10],
            pinned: 3,
            covered: 22,
            beetle_on_queen: 97,
            beetle_next_to_queen: 21,
            queen_free: 21,
            tempo: 15,
            winning_threat: 216,
            queen_in_hand: 32,
            movable_friend_by_queen: 12,
            enemy_by_queen: 13,
            attacker_mobility_percent: 32,
            pillbug_defense: 43,
        }
    }
}

/// Why a weights file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// A line whose first word names no weight.
    #[error("line {line}: '{name}' is not a weight (the names are those of `Weights`' fields)")]
    UnknownName {
        /// The line, from 1.
        line: usize,
        /// The word.
        name: String,
    },
    /// A line with the wrong number of values, or one that is not an integer.
    #[error("line {line}: {name} takes {expected} integer(s)")]
    BadValues {
        /// The line, from 1.
        line: usize,
        /// The weight.
        name: String,
        /// How many it takes.
        expected: usize,
    },
    /// The same weight twice.
    #[error("line {line}: {name} is given twice")]
    Repeated {
        /// The line, from 1.
        line: usize,
        /// The weight.
        name: String,
    },
}

impl Weights {
    /// Every weight by its field's name, arrays as slices, in the order of
    /// the struct: what [`Weights::parse`] reads and `Display` writes, and
    /// what a tuner walks through.
    pub fn fields(&self) -> [(&'static str, &[i32]); 16] {
        [
            ("queen_danger", &self.queen_danger[..]),
            ("sealed_cell", std::slice::from_ref(&self.sealed_cell)),
            ("free_piece", &self.free_piece[..]),
            ("in_hand", &self.in_hand[..]),
            ("pinned", std::slice::from_ref(&self.pinned)),
            ("covered", std::slice::from_ref(&self.covered)),
            (
                "beetle_on_queen",
                std::slice::from_ref(&self.beetle_on_queen),
            ),
            (
                "beetle_next_to_queen",
                std::slice::from_ref(&self.beetle_next_to_queen),
            ),
            ("queen_free", std::slice::from_ref(&self.queen_free)),
            ("tempo", std::slice::from_ref(&self.tempo)),
            ("winning_threat", std::slice::from_ref(&self.winning_threat)),
            ("queen_in_hand", std::slice::from_ref(&self.queen_in_hand)),
            (
                "movable_friend_by_queen",
                std::slice::from_ref(&self.movable_friend_by_queen),
            ),
            ("enemy_by_queen", std::slice::from_ref(&self.enemy_by_queen)),
            (
                "attacker_mobility_percent",
                std::slice::from_ref(&self.attacker_mobility_percent),
            ),
            (
                "pillbug_defense",
                std::slice::from_ref(&self.pillbug_defense),
            ),
        ]
    }

    /// [`Weights::fields`], to change them.
    pub fn fields_mut(&mut self) -> [(&'static str, &mut [i32]); 16] {
        [
            ("queen_danger", &mut self.queen_danger[..]),
            ("sealed_cell", std::slice::from_mut(&mut self.sealed_cell)),
            ("free_piece", &mut self.free_piece[..]),
            ("in_hand", &mut self.in_hand[..]),
            ("pinned", std::slice::from_mut(&mut self.pinned)),
            ("covered", std::slice::from_mut(&mut self.covered)),
            (
                "beetle_on_queen",
                std::slice::from_mut(&mut self.beetle_on_queen),
            ),
            (
                "beetle_next_to_queen",
                std::slice::from_mut(&mut self.beetle_next_to_queen),
            ),
            ("queen_free", std::slice::from_mut(&mut self.queen_free)),
            ("tempo", std::slice::from_mut(&mut self.tempo)),
            (
                "winning_threat",
                std::slice::from_mut(&mut self.winning_threat),
            ),
            (
                "queen_in_hand",
                std::slice::from_mut(&mut self.queen_in_hand),
            ),
            (
                "movable_friend_by_queen",
                std::slice::from_mut(&mut self.movable_friend_by_queen),
            ),
            (
                "enemy_by_queen",
                std::slice::from_mut(&mut self.enemy_by_queen),
            ),
            (
                "attacker_mobility_percent",
                std::slice::from_mut(&mut self.attacker_mobility_percent),
            ),
            (
                "pillbug_defense",
                std::slice::from_mut(&mut self.pillbug_defense),
            ),
        ]
    }

    /// Every weight as one number, in the order of [`Weights::fields`].
    pub fn to_vec(&self) -> Vec<i32> {
        self.fields()
            .iter()
            .flat_map(|(_, values)| values.iter().copied())
            .collect()
    }

    /// The weights of `values` (in the order of [`Weights::to_vec`], which
    /// must be that long).
    pub fn from_slice(values: &[i32]) -> Weights {
        let mut weights = Weights::default();
        let mut rest = values;
        for (_, field) in weights.fields_mut() {
            let (head, tail) = rest.split_at(field.len());
            field.copy_from_slice(head);
            rest = tail;
        }
        assert!(rest.is_empty(), "{} values too many", rest.len());
        weights
    }

    /// The name of each number of [`Weights::to_vec`]: `tempo`,
    /// `queen_danger[3]`, `free_piece[Ant]`.
    pub fn names() -> Vec<String> {
        let mut names = Vec::new();
        for (name, values) in Weights::default().fields() {
            match values.len() {
                1 => names.push(name.to_string()),
                // Indexed by `bug as usize`, the order of `Bug::ALL`.
                8 => names.extend(Bug::ALL.iter().map(|bug| format!("{name}[{bug:?}]"))),
                n => names.extend((0..n).map(|i| format!("{name}[{i}]"))),
            }
        }
        names
    }

    /// Reads weights as `Display` writes them: a line a weight, its field's
    /// name then its integers (an array's in order), blanks between; lines
    /// starting with `#` and blank lines are skipped. A weight not given
    /// keeps its default.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = Weights::default();
        let mut seen = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or_default();
            let number = index + 1;
            let mut fields = weights.fields_mut();
            let Some((known, field)) = fields.iter_mut().find(|(n, _)| *n == name) else {
                return Err(WeightsError::UnknownName {
                    line: number,
                    name: name.to_string(),
                });
            };
            if seen.contains(known) {
                return Err(WeightsError::Repeated {
                    line: number,
                    name: name.to_string(),
                });
            }
            seen.push(*known);
            let values: Result<Vec<i32>, _> = words.map(str::parse).collect();
            match values {
                Ok(values) if values.len() == field.len() => field.copy_from_slice(&values),
                _ => {
                    return Err(WeightsError::BadValues {
                        line: number,
                        name: name.to_string(),
                        expected: field.len(),
                    });
                }
            }
        }
        Ok(weights)
    }
}

impl std::fmt::Display for Weights {
    /// A line a weight, as [`Weights::parse`] reads it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, values) in self.fields() {
            write!(f, "{name}")?;
            for value in values {
                write!(f, " {value}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The evaluation, holding its weights.
#[derive(Clone, Debug, Default)]
pub struct HiveEvaluator {
    /// The weights in use.
    pub weights: Weights,
}

#[inline]
fn queen_of(color: Color) -> Piece {
    // The queen is the first piece of each side.
    Piece::from_id((color.index() * PIECES_PER_SIDE) as u8)
}

impl HiveEvaluator {
    /// Value of the position for `color`.
    pub fn score_for(&self, game: &Game, color: Color) -> i32 {
        let w = &self.weights;
        let facts = game.piece_facts();
        let mut score = [0i32; 2];
        let queens = [
            game.position(queen_of(Color::White)),
            game.position(queen_of(Color::Black)),
        ];
        for piece in Piece::all() {
            if !game.has_piece(piece) {
                continue;
            }
            let side = piece.color().index();
            let bug = piece.bug() as usize;
            let Some(at) = game.position(piece) else {
                score[side] += w.in_hand[bug];
                continue;
            };
            if facts.free.contains(piece) {
                let presses = queens[1 - side].is_some_and(|q| q.is_neighbor(at));
                score[side] += if presses {
                    w.free_piece[bug] * w.attacker_mobility_percent / 100
                } else {
                    w.free_piece[bug]
                };
            } else if facts.pinned.contains(piece) {
                score[side] -= w.pinned;
            } else if facts.covered.contains(piece) {
                score[side] -= w.covered;
            }
        }
        for side in Color::ALL {
            score[side.index()] -= self.queen_danger(game, &facts, side);
        }
        let to_move = game.to_move().index();
        score[to_move] += w.tempo;
        // One empty cell left around the enemy queen, and it is our move.
        if let Some(at) = queens[1 - to_move]
            && game.occupied_neighbours(at) == 5
            && facts
                .free
                .iter()
                .any(|p| p.color() == game.to_move() && p.bug() != Bug::Queen)
        {
            score[to_move] += w.winning_threat;
        }
        score[color.index()] - score[color.opponent().index()]
    }

    /// How much trouble `side`'s queen is in (positive is bad for `side`);
    /// enemy beetles on or beside it count for the enemy.
    fn queen_danger(&self, game: &Game, facts: &PieceFacts, side: Color) -> i32 {
        let w = &self.weights;
        let queen = queen_of(side);
        let Some(at) = game.position(queen) else {
            return w.queen_in_hand;
        };
        let occupied = game.occupied_neighbours(at) as usize;
        let mut danger = w.queen_danger[occupied.min(5)];
        let queen_on_ground = game.height(at) == 1;
        for n in at.neighbors() {
            let height = game.height(n);
            if height == 0 {
                if game.occupied_neighbours(n) >= 5 {
                    danger -= w.sealed_cell;
                }
                continue;
            }
            let Some(top) = game.top(n) else { continue };
            if top.color() == side {
                if height == 1 && facts.free.contains(top) {
                    danger -= w.movable_friend_by_queen;
                }
                if top.bug() == Bug::Pillbug
                    && queen_on_ground
                    && !facts.pinned.contains(queen)
                    && self.roomy_cell_beside(game, n, at)
                {
                    danger -= w.pillbug_defense;
                }
            } else {
                danger += w.enemy_by_queen;
                if top.bug() == Bug::Beetle {
                    danger += w.beetle_next_to_queen;
                }
            }
        }
        if let Some(top) = game.top(at)
            && top != queen
            && top.color() != side
        {
            danger += w.beetle_on_queen;
        }
        if facts.free.contains(queen) {
            danger -= w.queen_free;
        }
        danger
    }

    /// Whether some empty cell next to `pillbug` (other than the queen's)
    /// has at least three empty neighbours: a place to drop the queen.
    fn roomy_cell_beside(&self, game: &Game, pillbug: Hex, queen: Hex) -> bool {
        pillbug.neighbors().iter().any(|&c| {
            c != queen && game.height(c) == 0 && {
                // The queen's own cell empties when it is lifted.
                let around = game.occupied_neighbours(c) - u32::from(c.is_neighbor(queen));
                around <= 3
            }
        })
    }
}

/// Ordering priority of a placement: after a move of a piece on the board
/// of otherwise equal priority (fewer nodes to depth 4, 5 and 6 on the
/// mid-game rows of the perft table; see the README's "Move ordering").
const PLACEMENT_PRIORITY: i32 = -20;

impl Evaluator<Game> for HiveEvaluator {
    fn evaluate(&self, game: &Game) -> i32 {
        self.score_for(game, game.to_move())
    }

    /// When the enemy queen has at most two free cells left.
    fn wants_quiescence(&self, game: &Game) -> bool {
        game.position(queen_of(game.to_move().opponent()))
            .is_some_and(|q| game.occupied_neighbours(q) >= 4)
    }

    /// When our own queen has at most two free cells left.
    fn in_danger(&self, game: &Game) -> bool {
        game.position(queen_of(game.to_move()))
            .is_some_and(|q| game.occupied_neighbours(q) >= 4)
    }

    /// When our own queen has one free cell left.
    fn threatened(&self, game: &Game) -> bool {
        game.position(queen_of(game.to_move()))
            .is_some_and(|q| game.occupied_neighbours(q) >= 5)
    }

    /// A move that fills one more cell around the enemy queen (or climbs on it).
    fn is_noisy(&self, game: &Game, mv: Move) -> bool {
        let Some(queen) = game.position(queen_of(game.to_move().opponent())) else {
            return false;
        };
        let Some(to) = mv.to() else { return false };
        if !(to.is_neighbor(queen) || to == queen) {
            return false;
        }
        match mv {
            Move::Move { from, .. } => {
                to == queen || !from.is_neighbor(queen) || game.height(from) > 1
            }
            _ => true,
        }
    }

    /// Moves that crowd the enemy queen first (climbing onto it before all),
    /// then moves that free our own; placements after moves.
    fn move_priority(&self, game: &Game, mv: Move) -> i32 {
        let Some(to) = mv.to() else { return 0 };
        let me = game.to_move();
        let mut priority = 0;
        if let Some(enemy_queen) = game.position(queen_of(me.opponent())) {
            if enemy_queen.is_neighbor(to) || enemy_queen == to {
                priority += 100;
            }
            if enemy_queen == to {
                priority += 60; // a beetle onto the queen
            }
            if let Move::Move { from, .. } = mv
                && enemy_queen.is_neighbor(from)
                && game.height(from) == 1
            {
                priority -= 60;
            }
        }
        if let Some(own_queen) = game.position(queen_of(me)) {
            if let Move::Move { from, .. } = mv
                && own_queen.is_neighbor(from)
            {
                priority += 40;
            }
            if own_queen.is_neighbor(to) {
                priority -= 40;
            }
        }
        if matches!(mv, Move::Place { .. }) {
            priority += PLACEMENT_PRIORITY;
        }
        if let Some(piece) = mv.piece()
            && piece.color() != me
        {
            priority += 30; // a pillbug throw of an enemy piece
        }
        priority
    }
}
