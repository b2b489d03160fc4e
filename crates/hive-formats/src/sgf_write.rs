//! Records written as boardspace.net SGF, as the site writes them: the
//! headers, then one `move` event and its `done` per move on boardspace's
//! grid ([`crate::grid`]), with the site's note for people (the position
//! part of the UHP MoveString). [`crate::read_sgf`] reads it back.

use hive_rules::{Direction, Game, Hex, Move, PIECE_COUNT};

use super::grid::Cell;
use super::record::{GameRecord, GameResult};

/// The month names boardspace writes in `DT`.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `text` as an SGF property value: `\` and `]` escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// A `yyyy.mm.dd` date as boardspace writes it in `DT` (`28 October
/// 2018`); anything else as it is.
pub fn boardspace_date(date: &str) -> String {
    let parts: Vec<&str> = date.split(['.', '-']).collect();
    if let [year, month, day] = parts.as_slice()
        && let (Ok(month), Ok(day)) = (month.parse::<usize>(), day.parse::<u32>())
        && (1..=12).contains(&month)
    {
        return format!("{day} {} {year}", MONTHS[month - 1]);
    }
    date.to_string()
}

/// Writes the main line of `record` as a boardspace.net SGF record: players
/// (`P0` plays White) with their ratings (`WhiteElo`, `BlackElo` as
/// `ranking`), date, event, the game's name (`SgfGameName`, if any), the
/// result, then the moves.
pub fn write_sgf(record: &GameRecord) -> String {
    let h = &record.headers;
    let mut out = String::from("(;\nGM[27]VV[1]\n");
    let letters = h.game_type.expansions().to_ascii_lowercase();
    if letters.is_empty() {
        out.push_str("SU[hive]\n");
    } else {
        out.push_str(&format!("SU[hive-{letters}]\n"));
    }
    if let Some(date) = &h.date {
        out.push_str(&format!("DT[{}]\n", escape(&boardspace_date(date))));
    }
    if let Some(name) = h.extra("SgfGameName") {
        out.push_str(&format!("GN[{}]\n", escape(name)));
    }
    for (id, value) in [("EV", &h.event), ("PC", &h.site), ("RO", &h.round)] {
        if let Some(value) = value {
            out.push_str(&format!("{id}[{}]\n", escape(value)));
        }
    }
    let name = |n: &Option<String>, default: &str| n.clone().unwrap_or_else(|| default.to_string());
    let (white, black) = (name(&h.white, "White"), name(&h.black, "Black"));
    match record.result() {
        Some(GameResult::WhiteWins) => {
            out.push_str(&format!("RE[Game won by {}]\n", escape(&white)))
        }
        Some(GameResult::BlackWins) => {
            out.push_str(&format!("RE[Game won by {}]\n", escape(&black)))
        }
        Some(GameResult::Draw) => out.push_str("RE[Draw]\n"),
        None => {}
    }
    for (seat, player, rating) in [("P0", &white, "WhiteElo"), ("P1", &black, "BlackElo")] {
        out.push_str(&format!(
            "{seat}[id \"{}\"]\n",
            escape(&player.replace('"', "'"))
        ));
        if let Some(rating) = h
            .extra(rating)
            .filter(|r| r.bytes().all(|b| b.is_ascii_digit()))
        {
            out.push_str(&format!("{seat}[ranking {rating}]\n"));
        }
    }
    out.push_str("; P0[0 Start P0]\n");
    let mut game = Game::with_options(h.game_type, record.tree.options());
    // Each piece's grid cell (east, north of N 13), as the moves put it.
    let mut cells: [Option<(i32, i32)>; PIECE_COUNT] = [None; PIECE_COUNT];
    let mut event = 1;
    for node in record.tree.continuation(crate::NodeId::ROOT) {
        let Some(mv) = record.tree.mv(node) else {
            break;
        };
        let seat = if game.ply().is_multiple_of(2) {
            "P0"
        } else {
            "P1"
        };
        match mv {
            Move::Pass => {
                out.push_str(&format!("; {seat}[{event} pass]\n"));
            }
            Move::Place { piece, to } | Move::Move { piece, to, .. } => {
                let cell = grid_cell(&game, &cells, to);
                let text = game.move_string(mv);
                let note = text.split_once(' ').map_or(".", |(_, note)| note);
                let pool = if piece.color().index() == 0 { 'W' } else { 'B' };
                let at = Cell::from_origin(cell.0, cell.1).words();
                out.push_str(&format!(
                    "; {seat}[{event} move {pool} {piece} {at} {}]\n",
                    escape(note)
                ));
                cells[piece.id()] = Some(cell);
            }
        }
        event += 1;
        out.push_str(&format!("; {seat}[{event} done]\n"));
        event += 1;
        game.apply_unchecked(mv);
    }
    out.push_str(")\n");
    out
}

/// The grid cell of `to` (east, north of the first cell), from a piece on
/// it or next to it.
fn grid_cell(game: &Game, cells: &[Option<(i32, i32)>; PIECE_COUNT], to: Hex) -> (i32, i32) {
    let known = |hex: Hex| game.top(hex).and_then(|piece| cells[piece.id()]);
    if let Some(cell) = known(to) {
        return cell;
    }
    for dir in Direction::ALL {
        if let Some((east, north)) = known(to.neighbor(dir)) {
            // The step from the neighbour back to `to`, on the grid: east is
            // the next column, north-west the next row.
            let (dq, dr) = dir.axial();
            let (dq, dr) = (-dq, -dr);
            return (east + dq, north - dr);
        }
    }
    (0, 0)
}
