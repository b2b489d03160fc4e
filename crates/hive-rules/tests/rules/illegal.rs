//! Every illegal action gets its reason: `tests/data/illegal.tsv` lists one
//! attempt per rule, in a position reached by playing a real game, and the
//! [`RuleError`] variant the player must be told.
//!
//! An attempt is written as one of:
//! - a MoveString (`wS1 bQ/`): placement or movement, as `play` reads it;
//!   checked with both [`Game::check_move`] and [`Game::why_not`];
//! - `place <MoveString>`: forced to be a placement, even of a placed piece;
//! - `<piece> @q,r`: the piece to the cell `q, r` axial steps from the
//!   first cell of the game (for cells no piece stands next to);
//! - `<thrower> throws <MoveString>`: a pillbug throw, checked with
//!   [`Game::why_not_throw`].

use hive_rules::{Game, Hex, Move, Piece, RuleError};

const CASES: &str = include_str!("../data/illegal.tsv");

/// The variant's name: what the table names.
fn variant(error: &RuleError) -> String {
    let debug = format!("{error:?}");
    debug
        .split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The move a player means by "put `piece` on `to`".
fn move_of(game: &Game, piece: Piece, to: Hex) -> Move {
    match game.position(piece) {
        Some(from) => Move::Move { piece, from, to },
        None => Move::Place { piece, to },
    }
}

/// The reason given for `attempt`, after checking it really is illegal.
fn reason(game: &Game, attempt: &str) -> Result<RuleError, String> {
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if let Some((thrower, mv)) = attempt.split_once(" throws ") {
        let thrower: Piece = thrower.parse().map_err(|e| format!("{e}"))?;
        let mv = game.parse_move(mv).map_err(|e| format!("{e}"))?;
        let Move::Move { piece, to, .. } = mv else {
            return Err("a throw moves a piece on the board".into());
        };
        if game.pillbug_throws(thrower).contains(&mv) {
            return Err("the throw is legal".into());
        }
        return game
            .why_not_throw(thrower, piece, to)
            .ok_or_else(|| "no reason given".into());
    }
    let mv = if let Some((piece, cell)) = attempt.split_once(" @") {
        let piece: Piece = piece.parse().map_err(|e| format!("{e}"))?;
        let (q, r) = cell.split_once(',').ok_or("bad @q,r")?;
        let (q0, r0) = Hex::ORIGIN.axial();
        let q: i32 = q.parse().map_err(|_| "bad q")?;
        let r: i32 = r.parse().map_err(|_| "bad r")?;
        move_of(game, piece, Hex::from_axial(q0 + q, r0 + r))
    } else if let Some(text) = attempt.strip_prefix("place ") {
        match game.parse_move(text).map_err(|e| format!("{e}"))? {
            Move::Move { piece, to, .. } | Move::Place { piece, to } => Move::Place { piece, to },
            Move::Pass => return Err("a pass is not a placement".into()),
        }
    } else {
        game.parse_move(attempt).map_err(|e| format!("{e}"))?
    };
    if legal.contains(&mv) {
        return Err("the move is legal".into());
    }
    let error = game.check_move(mv).err().ok_or("check_move accepts it")?;
    // why_not answers for the move a click on that cell means.
    if let (Some(piece), Some(to)) = (mv.piece(), mv.to())
        && move_of(game, piece, to) == mv
        && game.why_not(piece, to).as_ref() != Some(&error)
    {
        return Err(format!("why_not disagrees: {:?}", game.why_not(piece, to)));
    }
    Ok(error)
}

#[test]
fn every_illegal_case_gets_its_reason() {
    let mut failures = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    let mut count = 0;
    for line in CASES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, game_string, attempt, expected] = fields[..] else {
            panic!("bad line (want 4 tab-separated fields): {line}");
        };
        count += 1;
        // Loading replays every move with its legality checked.
        let game = Game::from_game_string(game_string).unwrap_or_else(|e| panic!("{name}: {e}"));
        match reason(&game, attempt) {
            Ok(error) if variant(&error) == expected => {
                println!("{name}: {error}");
                kinds.insert(expected);
            }
            Ok(error) => failures.push(format!(
                "{name}: got {} ({error}), expected {expected}\n{}",
                variant(&error),
                game.ascii_board()
            )),
            Err(why) => failures.push(format!("{name}: {attempt}: {why}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count >= 40, "only {count} cases");
    assert!(kinds.len() >= 35, "only {} kinds: {kinds:?}", kinds.len());
}
