//! The editor's board, each problem with the sentence it shows, and the
//! search for a game that reaches a position.

use hive_rules::{Color, Game, GameType, Hex, Move, Piece};

use super::*;

/// The default node bound with time to spare: the nodes alone decide, so
/// that a loaded machine (a debug build, other work on its cores) gives
/// the same answers as an idle one.
const BUDGET: Budget = Budget {
    nodes: Budget::DEFAULT.nodes,
    time: std::time::Duration::from_secs(600),
};

fn at(q: i32, r: i32) -> Hex {
    Hex::from_axial(q, r)
}

fn piece(name: &str) -> Piece {
    name.parse().expect("a piece name")
}

/// A setup of this game type with pieces put on axial cells in order
/// (later ones on top), `to_move` to play `turn`.
fn setup(game_type: &str, pieces: &[(&str, i32, i32)], to_move: Color, turn: u32) -> Setup {
    let mut setup = Setup::new(game_type.parse().expect("a game type"));
    for &(name, q, r) in pieces {
        setup.place(piece(name), at(q, r)).expect("placeable");
    }
    setup.set_to_move(to_move);
    setup.set_turn(turn);
    setup
}

/// The problems' sentences.
fn reasons(setup: &Setup) -> Vec<String> {
    setup.problems().iter().map(ToString::to_string).collect()
}

// The board being edited.

#[test]
fn place_remove_and_hand() {
    let mut s = Setup::new(GameType::BASE);
    assert_eq!(s.hand(Color::White).len(), 11);
    s.place(piece("wA1"), at(0, 0)).unwrap();
    s.place(piece("bQ"), at(1, 0)).unwrap();
    assert_eq!(s.stack(at(0, 0)), [piece("wA1")]);
    assert!(!s.hand(Color::White).contains(&piece("wA1")));
    // A piece on the board moves from its old cell.
    s.place(piece("wA1"), at(-1, 0)).unwrap();
    assert_eq!(s.stack(at(0, 0)), []);
    assert_eq!(s.position(piece("wA1")), Some(at(-1, 0)));
    // On an occupied cell it goes on top.
    s.place(piece("wB1"), at(1, 0)).unwrap();
    assert_eq!(s.stack(at(1, 0)), [piece("bQ"), piece("wB1")]);
    assert_eq!(s.top(at(1, 0)), Some(piece("wB1")));
    let levels: Vec<(Piece, u8)> = s.pieces().map(|(p, _, level)| (p, level)).collect();
    assert!(levels.contains(&(piece("wB1"), 1)) && levels.contains(&(piece("bQ"), 0)));
    // A covered piece cannot be pulled out of its stack.
    let covered = s.place(piece("bQ"), at(3, 3)).unwrap_err();
    assert_eq!(
        covered.to_string(),
        "bQ is under wB1: take the pieces above it off first"
    );
    // Removing takes the top piece back to hand.
    assert_eq!(s.remove(at(1, 0)), Some(piece("wB1")));
    assert!(s.hand(Color::White).contains(&piece("wB1")));
    assert_eq!(s.remove(at(5, 5)), None);
    // Bugs of another game type are refused.
    let refused = s.place(piece("wM"), at(2, 0)).unwrap_err();
    assert_eq!(refused.to_string(), "there is no Mosquito in a Base game");
    s.clear();
    assert!(s.is_empty());
}

#[test]
fn a_game_becomes_a_setup() {
    let game = Game::from_game_string(
        "Base+M;InProgress;White[4];wG1;bG1 wG1-;wQ -wG1;bQ bG1-;wM /wQ;bB1 bQ/",
    )
    .unwrap();
    let s = Setup::from_game(&game);
    assert_eq!(s.game_type(), "Base+M".parse().unwrap());
    assert_eq!((s.to_move(), s.turn()), (Color::White, 4));
    assert_eq!(s.turn_string(), "White[4]");
    assert_eq!(
        (s.turns_played(Color::White), s.turns_played(Color::Black)),
        (3, 3)
    );
    assert!(s.matches(&game, (0, 0)));
    assert!(s.problems().is_empty());
}

// Problems, each with the sentence a newcomer reads.

#[test]
fn an_empty_board_is_whites_first_turn() {
    let mut s = Setup::new(GameType::BASE);
    assert!(s.problems().is_empty());
    s.set_turn(3);
    assert_eq!(
        reasons(&s),
        ["The board is empty, so it is White's first turn (White[1]), not White[3]."]
    );
    assert_eq!(s.problems()[0].cells(), []);
    s.set_turn(1);
    s.set_to_move(Color::Black);
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn a_bug_the_game_type_does_not_have() {
    let mut s = setup(
        "Base+M",
        &[("wA1", 0, 0), ("bA1", 1, 0), ("wM", -1, 0)],
        Color::Black,
        2,
    );
    assert!(s.problems().is_empty());
    s.set_game_type(GameType::BASE);
    assert_eq!(
        reasons(&s),
        [
            "White's Mosquito wM is on the board, but a Base game has no Mosquito: take it off, or choose a game type with it."
        ]
    );
    assert_eq!(s.problems()[0].cells(), [at(-1, 0)]);
}

#[test]
fn pieces_come_in_number_order() {
    let s = setup("Base", &[("wA2", 0, 0), ("bA1", 1, 0)], Color::White, 2);
    assert_eq!(
        reasons(&s),
        [
            "wA2 is on the board but wA1 is not: pieces of one kind come into play in number order, so wA1 comes first."
        ]
    );
    assert_eq!(s.problems()[0].cells(), [at(0, 0)]);
}

#[test]
fn all_pieces_form_one_hive() {
    let s = setup(
        "Base",
        &[("wA1", 0, 0), ("bA1", 1, 0), ("wA2", -1, 0), ("bA2", 4, 0)],
        Color::White,
        3,
    );
    assert_eq!(
        reasons(&s),
        ["The pieces form 2 separate groups: in Hive all the pieces touch, as one hive."]
    );
    // The smaller group is the one to point at.
    assert_eq!(s.problems()[0].cells(), [at(4, 0)]);
}

#[test]
fn only_beetles_and_mosquitoes_climb() {
    let pieces = |climber| {
        [
            ("wG1", 0, 0),
            ("bG1", 1, 0),
            ("wQ", -1, 0),
            ("bQ", 2, 0),
            (climber, 2, 0),
        ]
    };
    let ant = setup("Base", &pieces("wA1"), Color::Black, 3);
    assert_eq!(
        reasons(&ant),
        [
            "White's Soldier Ant wA1 is on top of another piece, but only a Beetle (or a Mosquito next to one) can climb onto the hive."
        ]
    );
    assert_eq!(ant.problems()[0].cells(), [at(2, 0)]);
    let beetle = setup("Base", &pieces("wB1"), Color::Black, 3);
    assert!(beetle.problems().is_empty());
    let mosquito = setup("Base+M", &pieces("wM"), Color::Black, 3);
    assert_eq!(
        reasons(&mosquito),
        [
            "White's Mosquito wM is on top of the hive, but no Beetle is on the board: a Mosquito climbs only by copying a Beetle it touches, and pieces never leave the board."
        ]
    );
}

#[test]
fn nothing_climbs_before_its_queen() {
    let s = setup(
        "Base",
        &[("wG1", 0, 0), ("bG1", 1, 0), ("wB1", 1, 0)],
        Color::Black,
        2,
    );
    assert_eq!(
        reasons(&s),
        [
            "White's Beetle wB1 is on top of the hive, but White's Queen is not on the board: a piece climbs only by moving, and nothing moves before its side's Queen is placed."
        ]
    );
}

#[test]
fn the_queen_never_comes_first() {
    let s = setup("Base", &[("wQ", 0, 0), ("bG1", 1, 0)], Color::White, 2);
    assert_eq!(
        reasons(&s),
        ["White's only piece is its Queen, but no side may place its Queen on its first turn."]
    );
    assert_eq!(s.problems()[0].cells(), [at(0, 0)]);
}

#[test]
fn one_piece_a_turn_at_most() {
    let s = setup(
        "Base",
        &[("wG1", 0, 0), ("bG1", 1, 0), ("wG2", -1, 0), ("wG3", -2, 0)],
        Color::Black,
        2,
    );
    assert_eq!(
        reasons(&s),
        [
            "White has 3 pieces on the board but has had only 2 turns so far: a side brings in at most one piece a turn. Set a later turn, or take pieces off."
        ]
    );
    let mut cells = s.problems()[0].cells();
    cells.sort();
    let mut white = [at(-2, 0), at(-1, 0), at(0, 0)];
    white.sort();
    assert_eq!(cells, white);
}

#[test]
fn before_its_queen_every_turn_places_a_piece() {
    let s = setup("Base", &[("wG1", 0, 0), ("bG1", 1, 0)], Color::White, 3);
    assert_eq!(
        reasons(&s),
        [
            "White's Queen is not on the board, so nothing of White's has moved and each of its 2 turns placed a piece: it should have 2 pieces on the board, not 1.",
            "Black's Queen is not on the board, so nothing of Black's has moved and each of its 2 turns placed a piece: it should have 2 pieces on the board, not 1."
        ]
    );
}

#[test]
fn the_queen_comes_by_the_fourth_turn() {
    let s = setup(
        "Base",
        &[
            ("wA1", -3, 0),
            ("wG3", -2, 0),
            ("wG2", -1, 0),
            ("wG1", 0, 0),
            ("bG1", 1, 0),
            ("bG2", 2, 0),
            ("bG3", 3, 0),
            ("bA1", 4, 0),
        ],
        Color::White,
        5,
    );
    assert_eq!(
        reasons(&s),
        [
            "White has had 4 turns without placing its Queen: the Queen must be on the board by the end of its side's fourth turn.",
            "Black has had 4 turns without placing its Queen: the Queen must be on the board by the end of its side's fourth turn."
        ]
    );
}

#[test]
fn before_the_queens_only_the_first_pieces_touch() {
    let s = setup(
        "Base",
        &[("wG1", 0, 0), ("bG1", 1, 0), ("wG2", 0, 1)],
        Color::Black,
        2,
    );
    assert_eq!(
        reasons(&s),
        [
            "Neither Queen is on the board, so no piece has moved yet: a piece comes in touching only its own colour, and only the two first pieces touch across colours. Here 2 White-Black pairs touch."
        ]
    );
    assert_eq!(s.problems()[0].cells(), [at(0, 0), at(1, 0), at(0, 1)]);
}

#[test]
fn a_surrounded_queen_ends_the_game() {
    // wQ and bQ side by side, the eight cells around them filled.
    let ring = [
        ("wA1", 0, 1),
        ("bA1", -1, 1),
        ("wA2", -1, 0),
        ("bA2", 0, -1),
        ("wA3", 1, -1),
        ("bA3", 2, -1),
        ("wG1", 2, 0),
        ("bG1", 1, 1),
    ];
    let mut pieces = vec![("wQ", 0, 0), ("bQ", 1, 0)];
    pieces.extend(ring);
    let both = setup("Base", &pieces, Color::White, 6);
    assert!(
        reasons(&both)
            .contains(&"Both Queens are surrounded: the game is already over (a draw).".into())
    );
    let mut one = both.clone();
    one.remove(at(2, 0));
    one.set_to_move(Color::Black);
    one.set_turn(5);
    assert!(reasons(&one).contains(
        &"White's Queen is surrounded: the game is already over (Black has won).".into()
    ));
    let over = one
        .problems()
        .into_iter()
        .find(|p| matches!(p, Problem::QueenSurrounded { .. }))
        .unwrap();
    assert_eq!(over.cells(), [at(0, 0)]);
}

// Reaching a position from the empty board.

/// Checks a game found for `setup`: legal from the start (it is rebuilt
/// from its GameString), the same stacks under the offset, the same side
/// to move.
fn check_reached(setup: &Setup, reached: &Reached) {
    let text = reached.game.game_string();
    let replayed = Game::from_game_string(&text).expect("the GameString loads");
    assert!(setup.matches(&replayed, reached.offset), "{text}");
    for (piece, hex, level) in setup.pieces() {
        assert_eq!(replayed.position(piece), Some(reached.to_game(hex)));
        assert_eq!(replayed.stack_level(piece), Some(level));
        assert_eq!(reached.from_game(reached.to_game(hex)), hex);
    }
    assert_eq!(replayed.to_move(), setup.to_move());
    assert_eq!(replayed.turn_number(), reached.turn);
    assert!(!replayed.status().is_over());
    if let Some(Move::Place { to, .. }) = replayed.moves().next() {
        assert_eq!(to, Hex::ORIGIN);
    }
}

/// The position of `game` after its first `ply` moves.
/// Self-play games, seeds 1 to 5 a line: `generate::self_play`'s Easy
/// against Medium with two random opening moves, as the engine played them
/// with late-move pruning off (07de2af's search). Kept as records so these
/// tests stay on the same positions whatever the engine's tuning.
const SELF_PLAY_GAMES: &str = include_str!("self_play_games.txt");

/// The self-play game of `seed` (1 to 5).
fn self_play(seed: u64) -> Game {
    let line = SELF_PLAY_GAMES
        .lines()
        .nth(seed as usize - 1)
        .unwrap_or_else(|| panic!("no self-play game {seed}"));
    Game::from_game_string(line).unwrap_or_else(|e| panic!("self-play game {seed}: {e}"))
}

fn prefix(game: &Game, ply: usize) -> Game {
    let mut at = Game::with_options(game.game_type(), game.options());
    for mv in game.moves().take(ply) {
        at.apply_unchecked(mv);
    }
    at
}

#[test]
fn self_play_positions_are_reached() {
    // One game of each game type self-play cycles through, cut at several
    // points (each of these passes; see examples/reach_rate.rs for the
    // rate over many).
    let mut matched = 0;
    let mut total = 0;
    for seed in 1..=5 {
        let game = self_play(seed);
        for ply in [5, 12, 21, 30, 44, 60] {
            if ply + 1 >= game.ply() as usize {
                continue;
            }
            let setup = Setup::from_game(&prefix(&game, ply));
            let reached = setup
                .reach(BUDGET)
                .unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {e}"));
            check_reached(&setup, &reached);
            total += 1;
            matched += usize::from(reached.turn_matched());
        }
    }
    assert!(total >= 25, "{total} positions");
    // Most come out at the very turn of the self-play game.
    assert!(
        matched * 3 >= total * 2,
        "{matched} of {total} at their turn"
    );
}

#[test]
fn the_empty_board_is_the_start() {
    let reached = Setup::new(GameType::ALL).reach(BUDGET).unwrap();
    assert_eq!(reached.game.game_string(), "Base+MLP;NotStarted;White[1]");
    assert!(reached.turn_matched());
}

#[test]
fn a_beetle_on_a_stack_is_reached() {
    // wB1 on top of bQ: it came in next to White's pieces and climbed over.
    let s = setup(
        "Base",
        &[
            ("wG1", 0, 0),
            ("bG1", 1, 0),
            ("wQ", -1, 0),
            ("bQ", 2, 0),
            ("wB1", 2, 0),
        ],
        Color::Black,
        6,
    );
    let reached = s.reach(BUDGET).unwrap();
    check_reached(&s, &reached);
    assert_eq!(
        reached.game.stack(reached.to_game(at(2, 0))),
        [piece("bQ"), piece("wB1")]
    );
    assert!(reached.turn_matched(), "{}", reached.game.game_string());
}

#[test]
fn a_turn_too_early_is_reported() {
    // The same position at Black[3]: White has had three turns, one per
    // piece, but the Beetle must also have climbed.
    let s = setup(
        "Base",
        &[
            ("wG1", 0, 0),
            ("bG1", 1, 0),
            ("wQ", -1, 0),
            ("bQ", 2, 0),
            ("wB1", 2, 0),
        ],
        Color::Black,
        3,
    );
    assert!(s.problems().is_empty());
    let reached = s.reach(BUDGET).unwrap();
    check_reached(&s, &reached);
    assert!(reached.turn > 3);
    let note = reached.turn_note().unwrap();
    assert!(
        note.starts_with(&format!(
            "the position is reached at turn {} rather than 3",
            reached.turn
        )),
        "{note}"
    );
}

#[test]
fn a_position_anywhere_on_the_grid_is_moved_to_the_origin() {
    let s = setup(
        "Base",
        &[
            ("wS1", 7, 3),
            ("bS1", 8, 3),
            ("wQ", 6, 3),
            ("bQ", 9, 3),
            ("wA1", 6, 4),
            ("bA1", 9, 2),
        ],
        Color::White,
        4,
    );
    let reached = s.reach(BUDGET).unwrap();
    check_reached(&s, &reached);
    assert_ne!(reached.offset, (0, 0));
    assert!(reached.turn_matched());
}

#[test]
fn a_position_after_a_pillbug_throw_is_reached() {
    // The first throw of an opponent's piece in a Pillbug self-play game.
    let game = self_play(2);
    let mut replay = Game::new(game.game_type());
    let mut thrown_at = None;
    for (ply, mv) in game.moves().enumerate() {
        if let Move::Move { piece, .. } = mv
            && piece.color() != replay.to_move()
        {
            thrown_at = Some(ply + 1);
            break;
        }
        replay.apply_unchecked(mv);
    }
    let ply = thrown_at.expect("the game has a throw");
    let setup = Setup::from_game(&prefix(&game, ply));
    let reached = setup.reach(BUDGET).unwrap();
    check_reached(&setup, &reached);
}

#[test]
fn turns_are_padded_with_moves_out_and_back() {
    let game = self_play(3);
    let mut setup = Setup::from_game(&prefix(&game, 24));
    for extra in [1, 2, 5, 40] {
        setup.set_turn(13 + extra);
        let reached = setup.reach(BUDGET).unwrap();
        check_reached(&setup, &reached);
        assert_eq!(reached.turn, 13 + extra, "{}", reached.game.game_string());
    }
}

#[test]
fn positions_with_problems_are_refused() {
    let s = setup(
        "Base",
        &[("wA1", 0, 0), ("bA1", 1, 0), ("wA2", -1, 0), ("bA2", 4, 0)],
        Color::White,
        3,
    );
    let refused = s.reach(BUDGET).unwrap_err();
    assert!(matches!(refused, Unreachable::Problems(ref p) if p.len() == 1));
    assert_eq!(
        refused.to_string(),
        "this position cannot arise in a game: The pieces form 2 separate groups: in Hive all the pieces touch, as one hive."
    );
}

#[test]
fn a_search_out_of_budget_gives_up() {
    let game = self_play(4);
    let setup = Setup::from_game(&prefix(&game, 30));
    let refused = setup.reach(Budget::nodes(50)).unwrap_err();
    assert!(matches!(refused, Unreachable::NotFound { .. }));
    assert!(
        refused
            .to_string()
            .ends_with("tries; it cannot be written as a GameString"),
        "{refused}"
    );
}

#[test]
fn a_position_no_game_reaches() {
    // Black has no Queen, so it has only placed, once a turn; White has
    // had as many turns, but its Queen touches only Black's Ant, so it must
    // have moved there after coming in: one turn too many for White.
    let s = setup(
        "Base",
        &[("wG1", 0, 0), ("bG1", 1, 0), ("bA1", 2, 0), ("wQ", 3, 0)],
        Color::White,
        3,
    );
    assert!(s.problems().is_empty());
    let refused = s.reach(BUDGET).unwrap_err();
    let Unreachable::NotFound { tries } = refused else {
        panic!("{refused}");
    };
    assert_eq!(
        refused.to_string(),
        format!(
            "no game reaches this position within {tries} tries; it cannot be written as a GameString"
        )
    );
}
