//! What a move changed (`Game::move_facts`): the positions of
//! `tests/common/why_cases.rs`, and the API's edges.

use hive_rules::{Cells, Color, Fact, Game, GameStatus, Hex, Move, Piece, PieceRef, RuleError};

use crate::why_cases::{WHY_CASES, WhyCase, describe, why_facts, why_game};

#[test]
fn every_why_case() {
    let mut failures = Vec::new();
    for case in WHY_CASES {
        let facts = why_facts(case);
        let got: Vec<String> = facts
            .facts
            .iter()
            .map(|fact| describe(fact, &facts.after))
            .collect();
        if got != case.facts {
            failures.push(format!(
                "{}: got {got:?}\n{}",
                case.name,
                facts.after.ascii_board()
            ));
        }
    }
    assert!(WHY_CASES.len() >= 30);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn case(name: &str) -> &'static WhyCase {
    WHY_CASES
        .iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

fn hex(game: &Game, reference: &str) -> Hex {
    let reference: PieceRef = reference.parse().expect("reference");
    reference.cell(game.position(reference.piece).expect("on the board"))
}

#[test]
fn an_illegal_move_is_refused_with_its_rule() {
    let game = why_game(case("ant-beside-own-queen"));
    let wa1: Piece = "wA1".parse().expect("piece");
    let far = Move::Place {
        piece: wa1,
        to: Hex::from_axial(5, 5),
    };
    assert!(matches!(
        game.move_facts(far, &[]),
        Err(RuleError::PlaceNotTouchingOwn { .. })
    ));
    assert_eq!(
        game.move_facts(Move::Pass, &[]).err(),
        Some(RuleError::PassNotAllowed)
    );
}

#[test]
fn the_line_is_followed_up_to_its_first_illegal_move() {
    assert_eq!(why_facts(case("line-stops-at-illegal")).followed, 1);
    assert_eq!(why_facts(case("line-beetle-on-queen")).followed, 1);
    assert_eq!(why_facts(case("gate-closed")).followed, 0);
    // The game ends along the line: nothing after the win is played.
    let lost = case("line-loses");
    let game = why_game(lost);
    let mut after = game.clone();
    let mv = after.play_move_string(lost.mv).expect("legal");
    let win = after.parse_move("wQ -bA1").expect("legal");
    let facts = game.move_facts(mv, &[win, Move::Pass]).expect("legal");
    assert_eq!(facts.followed, 1);
    assert_eq!(facts.after.status(), GameStatus::WhiteWins);
}

#[test]
fn the_line_changes_what_is_told() {
    // The move alone: Black's placement pins its own Ant; along the line,
    // White's Beetle climbs onto the black Queen.
    let line = case("line-beetle-on-queen");
    let game = why_game(line);
    let mv = game.parse_move(line.mv).expect("legal");
    let alone = game.move_facts(mv, &[]).expect("legal");
    let ba1: Piece = "bA1".parse().expect("piece");
    assert_eq!(
        alone.facts,
        [Fact::Pinned {
            piece: ba1,
            at: hex(&game, "bA1")
        }]
    );
    assert_eq!(alone.mover, Color::Black);
    assert_eq!(alone.mv, mv);
}

#[test]
fn each_fact_lights_its_pieces_and_cells() {
    let throw = why_facts(case("pillbug-reaches-queen"));
    let after = &throw.after;
    let fact = throw.facts[1];
    let Fact::ThrowPossible { to, .. } = fact else {
        panic!("{fact:?}");
    };
    let mut expected = vec![hex(after, "wP"), hex(after, "bQ")];
    expected.extend_from_slice(to.as_slice());
    assert_eq!(fact.cells().as_slice(), expected);
    assert_eq!(fact.cells().len(), 6);
    assert_eq!(fact.side(), Color::White);

    let gate = why_facts(case("gate-closed"));
    assert_eq!(gate.facts[0].cells().as_slice(), [hex(&gate.after, "-wQ")]);
    assert_eq!(gate.facts[0].side(), Color::White);

    let queen = why_facts(case("ant-attacks-queen"));
    assert_eq!(
        queen.facts[1].cells().as_slice(),
        [hex(&queen.after, "bQ"), hex(&queen.after, "wA1")]
    );
    assert_eq!(queen.facts[1].side(), Color::Black);

    let beetle = why_facts(case("beetle-reaches-queen"));
    assert_eq!(
        beetle.facts[1].cells().as_slice(),
        [hex(&beetle.after, "wB1"), hex(&beetle.after, "bQ")]
    );

    let forced = why_facts(case("missed-win-and-loss"));
    assert!(forced.facts[0].cells().is_empty());
    assert_eq!(forced.facts[0].side(), Color::White);
    assert_eq!(forced.facts[1].side(), Color::Black);
}

#[test]
fn cells_keep_each_cell_once_and_at_most_eight() {
    let cells: Cells = (0..20).map(|i| Hex::from_axial(i % 10, 0)).collect();
    assert_eq!(cells.len(), 8);
    let twice: Cells = [Hex::ORIGIN, Hex::ORIGIN].into_iter().collect();
    assert_eq!(twice.as_slice(), [Hex::ORIGIN]);
}

#[test]
fn cells_on_the_position_shown_follow_the_pieces() {
    // On the position the fact was found in, the same cells as the fact's.
    for case in WHY_CASES {
        let facts = why_facts(case);
        for fact in &facts.facts {
            assert_eq!(
                fact.cells_in(&facts.after, &facts.after),
                fact.cells(),
                "{}: {fact:?}",
                case.name
            );
        }
    }
    // Shown before the line is played: the Beetle is lit where it stands
    // now, not on the Queen it reaches at the end of the line.
    let line = case("line-beetle-on-queen");
    let game = why_game(line);
    let mut shown = game.clone();
    let mv = shown.play_move_string(line.mv).expect("legal");
    let facts = why_facts(line);
    let on_queen = facts
        .facts
        .iter()
        .find(|fact| matches!(fact, Fact::BeetleOnQueen { .. }))
        .expect("the Beetle climbs along the line");
    let Fact::BeetleOnQueen { beetle, queen, .. } = *on_queen else {
        unreachable!()
    };
    let (beetle_now, queen_now) = (
        shown.position(beetle).expect("on the board"),
        shown.position(queen).expect("on the board"),
    );
    assert_ne!(beetle_now, queen_now);
    assert_eq!(
        on_queen.cells_in(&facts.after, &shown).as_slice(),
        [beetle_now, queen_now]
    );
    assert_eq!(facts.mv, mv);
}

#[test]
fn the_same_claim_is_the_same_words_wherever_the_cells() {
    let bq: Piece = "bQ".parse().expect("piece");
    let wa1: Piece = "wA1".parse().expect("piece");
    let (a, b) = (Hex::from_axial(0, 0), Hex::from_axial(1, 0));
    let cells = |hex| -> Cells { [hex].into_iter().collect() };
    let queen = |before, after, changed| Fact::QueenCells {
        queen: bq,
        at: a,
        before,
        after,
        changed,
    };
    assert!(queen(2, 3, cells(a)).same_claim(&queen(2, 3, cells(b))));
    assert!(!queen(2, 3, cells(a)).same_claim(&queen(2, 4, cells(a))));
    let pinned = |at| Fact::Pinned { piece: wa1, at };
    assert!(pinned(a).same_claim(&pinned(b)));
    assert!(!pinned(a).same_claim(&Fact::Freed { piece: wa1, at: a }));
    let gate = |cell| Fact::GateClosed { queen: bq, cell };
    assert!(gate(a).same_claim(&gate(a)));
    assert!(
        !gate(a).same_claim(&gate(b)),
        "another gate is another claim"
    );
}

/// The facts kept to praise (or blame) a move in a case, as [`describe`]
/// writes them.
fn kept(name: &str, stance: hive_rules::Stance) -> Vec<String> {
    let facts = why_facts(case(name)).keep_only(stance);
    facts
        .facts
        .iter()
        .map(|fact| describe(fact, &facts.after))
        .collect()
}

#[test]
fn a_move_is_praised_and_blamed_from_its_movers_side() {
    use hive_rules::Stance::{Blame, Praise};
    // White's Ant beside White's own Queen: her lost cell and her pin are
    // bad for White, never praise.
    assert!(kept("ant-beside-own-queen", Praise).is_empty());
    assert_eq!(
        kept("ant-beside-own-queen", Blame),
        ["queen-cells wQ 5->4 [wA1]", "pinned wQ"]
    );
    // White's Ant on the black Queen: her lost cell is praise for White, as
    // are White's Queen's cell won and her freedom; nothing to blame.
    assert_eq!(
        kept("ant-attacks-queen", Praise),
        [
            "queen-cells wQ 4->5 [-wQ]",
            "queen-cells bQ 4->3 [wA1]",
            "freed wQ"
        ]
    );
    assert!(kept("ant-attacks-queen", Blame).is_empty());
    // A Black move: the black Queen losing a cell is Black's loss.
    let forced = kept("forced-loss", Blame);
    assert_eq!(forced, ["forced-loss White 1", "queen-cells bQ 2->1 [bB1]"]);
    assert_eq!(kept("forced-loss", Praise), ["freed bQ"]);
    // A forced win missed is blame; a Beetle on its own Queen is neither.
    assert!(kept("missed-win", Blame).contains(&"missed-win White 1".to_string()));
    let own_beetle = kept("beetle-on-own-queen", Praise);
    assert!(!own_beetle.iter().any(|f| f.starts_with("beetle-on-queen")));
    assert!(kept("beetle-on-opponent-queen", Praise) == ["beetle-on-queen wB1 bQ"]);
    // Every fact of every case is good or bad for each side, the opposite
    // for the other (a Beetle on its own Queen aside).
    for case in WHY_CASES {
        for fact in why_facts(case).facts {
            let (white, black) = (fact.good_for(Color::White), fact.good_for(Color::Black));
            assert_eq!(white.map(|good| !good), black, "{}: {fact:?}", case.name);
        }
    }
}
