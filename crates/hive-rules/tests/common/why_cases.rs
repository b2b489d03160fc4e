//! Positions for the review's "why" facts, shared by the rules tests (the
//! facts) and the words tests (the facts in English and Spanish), which
//! include this file by its path.
#![allow(dead_code)] // each test binary uses part of it

use hive_rules::{Direction, Fact, Game, GameType, Hex, Move, MoveFacts, Options, PieceRef};

/// One position, a move in it, and what the move changes.
pub struct WhyCase {
    /// A name for failure messages (and the wording table's key).
    pub name: &'static str,
    /// The GameTypeString.
    pub game_type: &'static str,
    /// The moves before, `;`-separated MoveStrings (Queens allowed on the
    /// first turn).
    pub moves: &'static str,
    /// The move explained.
    pub mv: &'static str,
    /// The continuation after it, `;`-separated.
    pub line: &'static str,
    /// The search's forced win missed, in plies.
    pub missed_win: Option<u32>,
    /// The search's forced loss after the move, in plies.
    pub forced_loss: Option<u32>,
    /// The facts, as [`describe`] writes them, in order.
    pub facts: &'static [&'static str],
}

const fn case(
    name: &'static str,
    game_type: &'static str,
    moves: &'static str,
    mv: &'static str,
    line: &'static str,
    facts: &'static [&'static str],
) -> WhyCase {
    WhyCase {
        name,
        game_type,
        moves,
        mv,
        line,
        missed_win: None,
        forced_loss: None,
        facts,
    }
}

/// The moves of a Base game one White move from winning (`wQ -bA1`
/// surrounds the black Queen), from the rules' endings tests.
const NEAR_WIN: &str =
    "wS1;bA1 /wS1;wQ \\wS1;bG1 bA1\\;wQ -wS1;bQ /bA1;wS2 \\wQ;bS1 /bQ;wS2 -bQ;bB1 bS1-";
/// The same a Black move earlier: `bB1 bS1-` lets White win at once.
const NEAR_WIN_BLACK: &str =
    "wS1;bA1 /wS1;wQ \\wS1;bG1 bA1\\;wQ -wS1;bQ /bA1;wS2 \\wQ;bS1 /bQ;wS2 -bQ";
/// A white pocket beside the white Queen: `wG1 wA3/` closes it.
const POCKET: &str = "wQ;bQ wQ-;wA1 /wQ;bA1 bQ-;wA2 -wA1;bA2 bA1-;wA3 \\wA2;bA3 bA2-";

pub const WHY_CASES: &[WhyCase] = &[
    // Placements.
    case("first-queen", "Base", "", "wQ", "", &[]),
    case(
        "second-queen",
        "Base",
        "wQ",
        "bQ wQ-",
        "",
        &["queen-cells wQ 6->5 [bQ]"],
    ),
    case(
        "ant-beside-own-queen",
        "Base",
        "wQ;bQ wQ-",
        "wA1 -wQ",
        "",
        &["queen-cells wQ 5->4 [wA1]", "pinned wQ"],
    ),
    case(
        "far-placement",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-;wA2 -wA1;bA2 bA1-",
        "wA3 -wA2",
        "",
        &["pinned wA2"],
    ),
    case(
        "loop-frees",
        "Base",
        "wQ;bQ wQ-;wA1 /wQ;bA1 bQ-;wA2 -wA1;bA2 bA1-",
        "wA3 -wQ",
        "",
        &["queen-cells wQ 4->3 [wA3]", "freed wA1"],
    ),
    // Queens' cells.
    case(
        "ant-attacks-queen",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-",
        "wA1 bQ\\",
        "",
        &[
            "queen-cells wQ 4->5 [-wQ]",
            "queen-cells bQ 4->3 [wA1]",
            "freed wQ",
        ],
    ),
    case(
        "spider-attacks-queen",
        "Base",
        "wQ;bQ wQ-;wS1 -wQ;bA1 bQ-",
        "wS1 bQ\\",
        "",
        &[
            "queen-cells wQ 4->5 [-wQ]",
            "queen-cells bQ 4->3 [wS1]",
            "freed wQ",
        ],
    ),
    case(
        "ladybug-attacks-queen",
        "Base+L",
        "wQ;bQ wQ-;wL -wQ;bA1 bQ-",
        "wL bQ\\",
        "",
        &[
            "queen-cells wQ 4->5 [-wQ]",
            "queen-cells bQ 4->3 [wL]",
            "freed wQ",
        ],
    ),
    case(
        "grasshopper-attacks-queen",
        "Base",
        "wQ;bQ wQ-;wG1 \\wQ;bA1 bQ-",
        "wG1 wQ\\",
        "",
        &["queen-cells bQ 4->3 [wG1]", "freed wQ"],
    ),
    case(
        "queen-steps-away",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-;wA1 wQ\\;bA2 bA1-",
        "wQ \\bQ",
        "",
        &["queen-cells wQ 4->5 [wQ- /wQ -wQ \\wQ wQ/]"],
    ),
    case(
        "opponent-leaves-queen",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-;wA2 -wA1;bA1 wQ\\;wA3 -wA2",
        "bA1 bQ-",
        "",
        &["queen-cells wQ 3->4 [wQ\\]", "pinned bQ"],
    ),
    case(
        "surrounds-queen",
        "Base",
        NEAR_WIN,
        "wQ -bA1",
        "",
        &["queen-cells bQ 1->0 [wQ]"],
    ),
    // Pins.
    case(
        "pins-opponent",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-",
        "wA1 bA1-",
        "",
        &["queen-cells wQ 4->5 [-wQ]", "freed wQ", "pinned bA1"],
    ),
    case(
        "frees-opponent",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-;wA1 bA1-;bA2 bQ/",
        "wA1 -wQ",
        "",
        &["queen-cells wQ 5->4 [wA1]", "pinned wQ", "freed bA1"],
    ),
    // Gates.
    case(
        "gate-closed",
        "Base",
        POCKET,
        "wG1 wA3/",
        "",
        &["gate-closed wQ -wQ", "pinned wA3"],
    ),
    case(
        "gate-opened",
        "Base",
        "wQ;bQ wQ-;wA1 /wQ;bA1 bQ-;wA2 -wA1;bA2 bA1-;wA3 \\wA2;bA3 bA2-;wG1 wA3/;bA3 bQ/",
        "wG1 -wA2",
        "",
        &["gate-opened wQ -wQ", "freed wA3"],
    ),
    case(
        "gate-closed-by-opponent",
        "Base",
        "wQ;bQ wQ-;wA1 /wQ;bA1 bQ-;wA2 -wA1;bA2 bA1-;wA3 \\wA2",
        "bA2 wA3/",
        "",
        &["gate-closed wQ -wQ", "freed bA1", "pinned wA3"],
    ),
    // Climbers.
    case(
        "beetle-on-own-queen",
        "Base",
        "wQ;bQ wQ-;wB1 -wQ;bA1 bQ-",
        "wB1 wQ",
        "",
        &[
            "queen-cells wQ 4->5 [-wB1]",
            "beetle-on-queen wB1 wQ",
            "beetle-reaches-queen wB1 bQ",
        ],
    ),
    case(
        "beetle-on-opponent-queen",
        "Base",
        "wQ;bQ wQ-;wB1 -wQ;bA1 bQ-;wB1 wQ;bA2 bA1-",
        "wB1 bQ",
        "",
        &["beetle-on-queen wB1 bQ"],
    ),
    case(
        "beetle-reaches-queen",
        "Base",
        "wQ;bQ wQ-;wB1 /wQ;bA1 bQ-",
        "wB1 wQ\\",
        "",
        &[
            "queen-cells bQ 4->3 [wB1]",
            "beetle-reaches-queen wB1 bQ",
            "freed wQ",
        ],
    ),
    case(
        "mosquito-on-queen",
        "Base+M",
        "wQ;bQ wQ-;wB1 -wQ;bA1 bQ-;wM /wQ;bA2 bA1-",
        "wM wQ",
        "",
        &[
            "queen-cells wQ 3->4 [wB1\\]",
            "beetle-on-queen wM wQ",
            "beetle-reaches-queen wM bQ",
        ],
    ),
    // Throws.
    case(
        "pillbug-reaches-queen",
        "Base+MLP",
        "wQ;bQ wQ-;wP /wQ;bA1 bQ-;wA1 -wQ;bA1 wQ/",
        "wP wQ\\",
        "",
        &[
            "queen-cells bQ 4->3 [wP]",
            "throw wP bQ [bQ\\ wP\\ /wP /wQ]",
        ],
    ),
    case(
        "pillbug-between-queens",
        "Base+P",
        "wP;bQ wP-",
        "wQ -wP",
        "",
        &[
            "throw wP bQ [/bQ wQ\\ wQ/ \\bQ]",
            "throw wP wQ [/bQ wQ\\ wQ/ \\bQ]",
            "pinned wP",
        ],
    ),
    case(
        "mosquito-gets-the-throw",
        "Base+MP",
        "wP;bQ wP-;wQ -wP;bA1 bQ-",
        "wM \\wP",
        "",
        &[
            "queen-cells wQ 5->4 [wM]",
            "throw wP wM [/bQ \\bQ]",
            "throw wM wQ [\\bQ \\wQ \\wM wM/]",
        ],
    ),
    // Along the engine's line.
    case(
        "line-beetle-on-queen",
        "Base",
        "wQ;bQ wQ-;wB1 -wQ;bA1 bQ-;wB1 wQ",
        "bA2 bA1-",
        "wB1 bQ",
        &["beetle-on-queen wB1 bQ", "pinned bA1"],
    ),
    case(
        "line-reply-fills-cell",
        "Base",
        "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-",
        "wA2 -wA1",
        "bA1 wQ\\",
        &["queen-cells wQ 4->3 [bA1]", "pinned wA1", "freed bQ"],
    ),
    case(
        "line-stops-at-illegal",
        "Base",
        "wQ;bQ wQ-",
        "wA1 -wQ",
        "bA1 bQ-;wQ bQ-",
        &[
            "queen-cells wQ 5->4 [wA1]",
            "queen-cells bQ 5->4 [bA1]",
            "pinned wQ",
            "pinned bQ",
        ],
    ),
    case(
        "line-loses",
        "Base",
        NEAR_WIN_BLACK,
        "bB1 bS1-",
        "wQ -bA1",
        &["queen-cells bQ 2->0 [bB1 wQ]"],
    ),
    // Forced results from the search.
    WhyCase {
        missed_win: Some(1),
        ..case(
            "missed-win",
            "Base",
            NEAR_WIN,
            "wS2 \\wQ",
            "",
            &[
                "missed-win White 1",
                "queen-cells wQ 4->3 [wS2]",
                "queen-cells bQ 1->2 [-bQ]",
                "pinned wQ",
            ],
        )
    },
    WhyCase {
        forced_loss: Some(1),
        ..case(
            "forced-loss",
            "Base",
            NEAR_WIN_BLACK,
            "bB1 bS1-",
            "",
            &[
                "forced-loss White 1",
                "queen-cells bQ 2->1 [bB1]",
                "freed bQ",
            ],
        )
    },
    WhyCase {
        missed_win: Some(3),
        forced_loss: Some(4),
        ..case(
            "missed-win-and-loss",
            "Base",
            "wQ;bQ wQ-",
            "wA1 -wQ",
            "",
            &[
                "missed-win White 3",
                "forced-loss Black 4",
                "queen-cells wQ 5->4 [wA1]",
                "pinned wQ",
            ],
        )
    },
];

/// The game before the case's move.
pub fn why_game(case: &WhyCase) -> Game {
    let options = Options {
        tournament_opening: false,
        ..Options::default()
    };
    let game_type: GameType = case.game_type.parse().expect("game type");
    let mut game = Game::with_options(game_type, options);
    for mv in case.moves.split(';').filter(|m| !m.is_empty()) {
        game.play_move_string(mv)
            .unwrap_or_else(|e| panic!("{}: {mv}: {e}", case.name));
    }
    game
}

/// The case's facts, with the search's results added.
pub fn why_facts(case: &WhyCase) -> MoveFacts {
    let game = why_game(case);
    let mv = game
        .parse_move(case.mv)
        .unwrap_or_else(|e| panic!("{}: {}: {e}", case.name, case.mv));
    // The continuation is read move by move along the line, each in the
    // position it is played in.
    let mut line_game = game.clone();
    let mut line: Vec<Move> = Vec::new();
    if line_game.play(mv).is_ok() {
        for text in case.line.split(';').filter(|m| !m.is_empty()) {
            let next = line_game
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{}: {text}: {e}", case.name));
            line.push(next);
            if line_game.play(next).is_err() {
                // Kept in the line: the facts must stop there on their own.
                break;
            }
        }
    }
    let mut facts = game
        .move_facts(mv, &line)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    if let Some(plies) = case.missed_win {
        facts = facts.with_missed_win(plies);
    }
    if let Some(plies) = case.forced_loss {
        facts = facts.with_forced_loss(plies);
    }
    facts
}

/// A cell as a MoveString reference in `game`: the piece on top of it,
/// else beside a neighbour (a Queen first, then clockwise from east).
pub fn cell_name(game: &Game, hex: Hex) -> String {
    if let Some(top) = game.top(hex) {
        return top.to_string();
    }
    let beside: Vec<PieceRef> = Direction::ALL
        .into_iter()
        .filter_map(|dir| {
            let piece = game.top(hex.neighbor(dir.opposite()))?;
            Some(PieceRef::beside(piece, dir))
        })
        .collect();
    beside
        .iter()
        .find(|r| r.piece.bug() == hive_rules::Bug::Queen)
        .or(beside.first())
        .map_or_else(|| "?".to_string(), |r| r.to_string())
}

fn names(game: &Game, cells: &hive_rules::Cells) -> String {
    cells
        .as_slice()
        .iter()
        .map(|&hex| cell_name(game, hex))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fact in short: `queen-cells wQ 4->3 [-wQ]`, `pinned wA1`, ...; the
/// pieces' cells are checked against `game` on the way.
pub fn describe(fact: &Fact, game: &Game) -> String {
    let at_piece = |piece: hive_rules::Piece, at: Hex| {
        assert_eq!(game.position(piece), Some(at), "{fact:?}");
    };
    match *fact {
        Fact::MissedWin { side, plies } => format!("missed-win {side} {plies}"),
        Fact::ForcedLoss { winner, plies } => format!("forced-loss {winner} {plies}"),
        Fact::QueenCells {
            queen,
            at,
            before,
            after,
            changed,
        } => {
            at_piece(queen, at);
            format!(
                "queen-cells {queen} {before}->{after} [{}]",
                names(game, &changed)
            )
        }
        Fact::BeetleOnQueen { beetle, queen, at } => {
            at_piece(beetle, at);
            at_piece(queen, at);
            format!("beetle-on-queen {beetle} {queen}")
        }
        Fact::BeetleReachesQueen {
            beetle,
            from,
            queen,
            at,
        } => {
            at_piece(beetle, from);
            at_piece(queen, at);
            format!("beetle-reaches-queen {beetle} {queen}")
        }
        Fact::GateClosed { queen, cell } => {
            format!("gate-closed {queen} {}", cell_name(game, cell))
        }
        Fact::GateOpened { queen, cell } => {
            format!("gate-opened {queen} {}", cell_name(game, cell))
        }
        Fact::ThrowPossible {
            pillbug,
            at,
            piece,
            from,
            to,
        } => {
            at_piece(pillbug, at);
            at_piece(piece, from);
            format!("throw {pillbug} {piece} [{}]", names(game, &to))
        }
        Fact::Pinned { piece, at } => {
            at_piece(piece, at);
            format!("pinned {piece}")
        }
        Fact::Freed { piece, at } => {
            at_piece(piece, at);
            format!("freed {piece}")
        }
    }
}
