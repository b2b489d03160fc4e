//! An exact solver for short forced wins: the proofs behind every puzzle.
//!
//! "Win within `n`" means: the side to move (the attacker) surrounds the
//! opponent's Queen on one of its next `n` moves, whatever the defender
//! replies. The solver decides it by a plain AND/OR search over the rules
//! of [`hive_rules`]: at the attacker's turns one move must work (OR), at
//! the defender's turns every legal reply must lose (AND), and a move that
//! ends the game is judged by the game's own status (a move that surrounds
//! both Queens is a draw, not a win; a defender who surrounds the
//! attacker's Queen first has refuted the line). There is no evaluation,
//! no depth reduction, no transposition table and no pruning that could
//! drop a move: an answer of `true` is a strategy tree that was walked to
//! the end, an answer of `false` names (in the walk) a reply for every
//! attacking try. Move ordering only changes how soon the answer is found.
//!
//! One shortcut, and why it is exact: on the attacker's last move only a
//! move that fills the last empty cell next to the enemy Queen, or moves
//! that Queen (a Pillbug or a Mosquito next to it throwing it into a
//! hole), can surround it. So when two or more of its cells are empty and
//! no Pillbug or Mosquito of the attacker stands next to it, no last move
//! wins and no move list is needed.

use hive_rules::{Bug, Color, Game, GameStatus, Hex, Move, Piece};

/// The deepest search the solver is asked for (attacker moves); killer
/// moves are kept per remaining depth up to this.
const MAX_DEPTH: usize = 8;

/// The AND/OR search, with its move-ordering memory and a node count.
#[derive(Default)]
pub struct Solver {
    nodes: u64,
    /// The last attacking move that worked, per attacker moves left.
    attack_killers: [Option<Move>; MAX_DEPTH + 1],
    /// The last defence that held, per attacker moves left after it.
    defence_killers: [Option<Move>; MAX_DEPTH + 1],
}

/// Whether the game status is a win for `color`.
pub fn won_by(status: GameStatus, color: Color) -> bool {
    matches!(
        (status, color),
        (GameStatus::WhiteWins, Color::White) | (GameStatus::BlackWins, Color::Black)
    )
}

/// Every legal move of the side to move.
pub fn legal_moves(game: &Game) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// The cell of `color`'s Queen, if it is on the board.
pub fn queen_cell(game: &Game, color: Color) -> Option<Hex> {
    Piece::new(color, Bug::Queen, 1).and_then(|queen| game.position(queen))
}

impl Solver {
    /// A solver with an empty memory.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Positions visited so far (for measurements).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move surrounds the opponent's Queen within `n`
    /// of its own moves whatever the defence (`false` when the game is
    /// over or `n` is 0).
    pub fn wins_within(&mut self, game: &Game, n: u32) -> bool {
        if game.status().is_over() || n == 0 {
            return false;
        }
        let mut work = game.clone();
        self.attacker_wins(&mut work, n.min(MAX_DEPTH as u32))
    }

    /// The fewest moves (at most `max`) in which the side to move wins by
    /// force, `None` when it cannot within `max`.
    pub fn fastest_win(&mut self, game: &Game, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.wins_within(game, n))
    }

    /// After the side to move plays `mv` (legal), does it win within `n`
    /// of its moves counting this one, whatever the defence?
    pub fn move_wins_within(&mut self, game: &Game, mv: Move, n: u32) -> bool {
        if n == 0 || game.status().is_over() {
            return false;
        }
        let me = game.to_move();
        let mut work = game.clone();
        work.apply_unchecked(mv);
        match work.status() {
            status if status.is_over() => won_by(status, me),
            _ => n > 1 && self.defender_loses(&mut work, n - 1),
        }
    }

    /// The moves of the side to move that win within `n` (each proved).
    pub fn winning_moves(&mut self, game: &Game, n: u32) -> Vec<Move> {
        legal_moves(game)
            .into_iter()
            .filter(|&mv| self.move_wins_within(game, mv, n))
            .collect()
    }

    /// After the side to move plays `mv` (legal), can the opponent still
    /// not force a win within `n` of its moves? A move that ends the game
    /// in the mover's favour or in a draw stops every win; one that loses
    /// at once stops none.
    pub fn move_stops_win(&mut self, game: &Game, mv: Move, n: u32) -> bool {
        let me = game.to_move();
        let mut work = game.clone();
        work.apply_unchecked(mv);
        match work.status() {
            status if status.is_over() => !won_by(status, me.opponent()),
            _ => !self.attacker_wins(&mut work, n.min(MAX_DEPTH as u32)),
        }
    }

    /// A move of the side to move that surrounds the enemy Queen at once.
    pub fn immediate_win(&mut self, game: &mut Game) -> Option<Move> {
        let me = game.to_move();
        let queen = Piece::new(me.opponent(), Bug::Queen, 1)?;
        let cell = game.position(queen)?;
        let empty = 6 - game.occupied_neighbours(cell);
        let thrower_near = cell.neighbors().iter().any(|&c| {
            game.top(c)
                .is_some_and(|p| p.color() == me && matches!(p.bug(), Bug::Pillbug | Bug::Mosquito))
        });
        if empty >= 2 && !thrower_near {
            return None;
        }
        for mv in legal_moves(game) {
            let fills = mv
                .to()
                .is_some_and(|to| cell.is_neighbor(to) && game.height(to) == 0);
            if !fills && mv.piece() != Some(queen) {
                continue;
            }
            game.apply_unchecked(mv);
            let won = won_by(game.status(), me);
            game.undo();
            if won {
                return Some(mv);
            }
        }
        None
    }

    /// OR node: the attacker (to move, game in progress) has `k` moves left.
    fn attacker_wins(&mut self, game: &mut Game, k: u32) -> bool {
        self.nodes += 1;
        if self.immediate_win(game).is_some() {
            return true;
        }
        if k <= 1 {
            return false;
        }
        let me = game.to_move();
        let mut moves = legal_moves(game);
        order_attacks(game, &mut moves, self.attack_killers[k as usize]);
        for mv in moves {
            game.apply_unchecked(mv);
            let wins = match game.status() {
                status if status.is_over() => won_by(status, me),
                _ => self.defender_loses(game, k - 1),
            };
            game.undo();
            if wins {
                self.attack_killers[k as usize] = Some(mv);
                return true;
            }
        }
        false
    }

    /// AND node: the defender is to move (game in progress), and the
    /// attacker has `k` moves after this reply. True when every reply loses.
    pub(crate) fn defender_loses(&mut self, game: &mut Game, k: u32) -> bool {
        self.nodes += 1;
        let attacker = game.to_move().opponent();
        let mut moves = legal_moves(game);
        order_defences(game, &mut moves, self.defence_killers[k as usize]);
        for mv in moves {
            game.apply_unchecked(mv);
            let lost = match game.status() {
                status if status.is_over() => won_by(status, attacker),
                _ => self.attacker_wins(game, k),
            };
            game.undo();
            if !lost {
                self.defence_killers[k as usize] = Some(mv);
                return false;
            }
        }
        true
    }
}

/// Attacking moves likely to work first: the last one that did, then moves
/// ending next to the enemy Queen.
fn order_attacks(game: &Game, moves: &mut [Move], killer: Option<Move>) {
    let target = queen_cell(game, game.to_move().opponent());
    moves.sort_by_key(|&mv| {
        let mut score = 0;
        if Some(mv) == killer {
            score += 100;
        }
        if let (Some(to), Some(q)) = (mv.to(), target)
            && q.is_neighbor(to)
        {
            score += 10;
        }
        -score
    });
}

/// Defences likely to hold first: the last one that did, moves of the
/// Queen, moves that take a piece away from the Queen's side, and last the
/// moves that crowd it.
fn order_defences(game: &Game, moves: &mut [Move], killer: Option<Move>) {
    let me = game.to_move();
    let own = queen_cell(game, me);
    let theirs = queen_cell(game, me.opponent());
    moves.sort_by_key(|&mv| {
        let mut score = 0;
        if Some(mv) == killer {
            score += 100;
        }
        if let Move::Move { piece, from, to } = mv {
            if piece.bug() == Bug::Queen && piece.color() == me {
                score += 20;
            }
            if own.is_some_and(|q| q.is_neighbor(from)) {
                score += 10;
            }
            if own.is_some_and(|q| q.is_neighbor(to)) {
                score -= 10;
            }
            if theirs.is_some_and(|q| q.is_neighbor(to)) {
                score += 5;
            }
        }
        if let Move::Place { to, .. } = mv
            && own.is_some_and(|q| q.is_neighbor(to))
        {
            score -= 10;
        }
        -score
    });
}
