//! What a move changed, in words: every position of the rules' "why"
//! cases (`crates/hive-rules/tests/common/why_cases.rs`) in English and
//! Spanish, each sentence whole, with the cells the fact lights.

use std::path::{Path, PathBuf};

use hive_rules::{Cells, Color, Fact, Game, Hex, Piece};
use hive_text::{Texts, fact_key};

#[path = "../../../hive-rules/tests/common/why_cases.rs"]
mod why_cases;

use why_cases::{WHY_CASES, why_facts, why_game};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales")
}

fn texts(lang: &str) -> Texts {
    let (texts, warnings) = Texts::load(&locales(), lang);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(texts.language(), lang);
    texts
}

/// Every case's facts in English and Spanish, in order.
const WORDING: &[(&str, &[(&str, &str)])] = &[
    ("first-queen", &[]),
    (
        "second-queen",
        &[(
            "the white Queen Bee (wQ) had 6 free cells around it, now only 5",
            "la Abeja Reina blanca (wQ) tenía 6 casillas libres alrededor, y ahora solo 5",
        )],
    ),
    (
        "ant-beside-own-queen",
        &[
            (
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "far-placement",
        &[(
            "the white Ant (wA2) is now pinned: moving it would split the hive",
            "la Hormiga blanca (wA2) queda inmovilizada: moverla partiría la colmena en dos",
        )],
    ),
    (
        "loop-frees",
        &[
            (
                "the white Queen Bee (wQ) had 4 free cells around it, now only 3",
                "la Abeja Reina blanca (wQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Ant (wA1) is no longer pinned: it can move without splitting the hive",
                "la Hormiga blanca (wA1) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "ant-attacks-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
                "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
            ),
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "spider-attacks-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
                "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
            ),
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "ladybug-attacks-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
                "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
            ),
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "grasshopper-attacks-queen",
        &[
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "queen-steps-away",
        &[(
            "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
            "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
        )],
    ),
    (
        "opponent-leaves-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 4 free cells around it, up from 3",
                "la Abeja Reina blanca (wQ) ahora tiene 4 casillas libres alrededor, antes 3",
            ),
            (
                "the black Queen Bee (bQ) is now pinned: moving it would split the hive",
                "la Abeja Reina negra (bQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "surrounds-queen",
        &[(
            "the black Queen Bee (bQ) had one free cell around it, now none: it is surrounded",
            "la Abeja Reina negra (bQ) tenía una casilla libre alrededor, y ahora ninguna: está rodeada",
        )],
    ),
    (
        "pins-opponent",
        &[
            (
                "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
                "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
            (
                "the black Ant (bA1) is now pinned: moving it would split the hive",
                "la Hormiga negra (bA1) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "frees-opponent",
        &[
            (
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
            (
                "the black Ant (bA1) is no longer pinned: it can move without splitting the hive",
                "la Hormiga negra (bA1) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "gate-closed",
        &[
            (
                "a gate closes next to the white Queen Bee, on its left (-wQ): no piece can slide into that cell any more, the gap is too narrow",
                "se cierra el paso junto a la Abeja Reina blanca, a su izquierda (-wQ): ya ninguna pieza puede deslizarse hasta esa casilla, el hueco es demasiado estrecho",
            ),
            (
                "the white Ant (wA3) is now pinned: moving it would split the hive",
                "la Hormiga blanca (wA3) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "gate-opened",
        &[
            (
                "a gate opens next to the white Queen Bee, on its left (-wQ): pieces can now slide into that cell",
                "se abre el paso junto a la Abeja Reina blanca, a su izquierda (-wQ): ahora las piezas pueden deslizarse hasta esa casilla",
            ),
            (
                "the white Ant (wA3) is no longer pinned: it can move without splitting the hive",
                "la Hormiga blanca (wA3) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "gate-closed-by-opponent",
        &[
            (
                "a gate closes next to the white Queen Bee, on its left (-wQ): no piece can slide into that cell any more, the gap is too narrow",
                "se cierra el paso junto a la Abeja Reina blanca, a su izquierda (-wQ): ya ninguna pieza puede deslizarse hasta esa casilla, el hueco es demasiado estrecho",
            ),
            (
                "the black Ant (bA1) is no longer pinned: it can move without splitting the hive",
                "la Hormiga negra (bA1) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
            (
                "the white Ant (wA3) is now pinned: moving it would split the hive",
                "la Hormiga blanca (wA3) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "beetle-on-own-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 5 free cells around it, up from 4",
                "la Abeja Reina blanca (wQ) ahora tiene 5 casillas libres alrededor, antes 4",
            ),
            (
                "the white Beetle (wB1) now sits on top of the white Queen Bee (wQ), which cannot move while it is covered",
                "el Escarabajo blanco (wB1) está ahora encima de la Abeja Reina blanca (wQ), que no puede moverse mientras esté cubierta",
            ),
            (
                "the white Beetle (wB1) can climb onto the black Queen Bee (bQ) on its next turn",
                "el Escarabajo blanco (wB1) puede subirse encima de la Abeja Reina negra (bQ) en su próximo turno",
            ),
        ],
    ),
    (
        "beetle-on-opponent-queen",
        &[(
            "the white Beetle (wB1) now sits on top of the black Queen Bee (bQ), which cannot move while it is covered",
            "el Escarabajo blanco (wB1) está ahora encima de la Abeja Reina negra (bQ), que no puede moverse mientras esté cubierta",
        )],
    ),
    (
        "beetle-reaches-queen",
        &[
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Beetle (wB1) can climb onto the black Queen Bee (bQ) on its next turn",
                "el Escarabajo blanco (wB1) puede subirse encima de la Abeja Reina negra (bQ) en su próximo turno",
            ),
            (
                "the white Queen Bee (wQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina blanca (wQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "mosquito-on-queen",
        &[
            (
                "the white Queen Bee (wQ) now has 4 free cells around it, up from 3",
                "la Abeja Reina blanca (wQ) ahora tiene 4 casillas libres alrededor, antes 3",
            ),
            (
                "the white Mosquito (wM) now sits on top of the white Queen Bee (wQ), which cannot move while it is covered",
                "el Mosquito blanco (wM) está ahora encima de la Abeja Reina blanca (wQ), que no puede moverse mientras esté cubierta",
            ),
            (
                "the white Mosquito (wM) can climb onto the black Queen Bee (bQ) on its next turn",
                "el Mosquito blanco (wM) puede subirse encima de la Abeja Reina negra (bQ) en su próximo turno",
            ),
        ],
    ),
    (
        "pillbug-reaches-queen",
        &[
            (
                "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
                "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Pillbug (wP) can now throw the black Queen Bee (bQ) onto any of 4 cells next to it",
                "la Cochinilla blanca (wP) ya puede lanzar la Abeja Reina negra (bQ) a cualquiera de 4 casillas a su lado",
            ),
        ],
    ),
    (
        "pillbug-between-queens",
        &[
            (
                "the white Pillbug (wP) can now throw the black Queen Bee (bQ) onto any of 4 cells next to it",
                "la Cochinilla blanca (wP) ya puede lanzar la Abeja Reina negra (bQ) a cualquiera de 4 casillas a su lado",
            ),
            (
                "the white Pillbug (wP) can now throw the white Queen Bee (wQ) onto any of 4 cells next to it",
                "la Cochinilla blanca (wP) ya puede lanzar la Abeja Reina blanca (wQ) a cualquiera de 4 casillas a su lado",
            ),
            (
                "the white Pillbug (wP) is now pinned: moving it would split the hive",
                "la Cochinilla blanca (wP) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "mosquito-gets-the-throw",
        &[
            (
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the white Pillbug (wP) can now throw the white Mosquito (wM) onto any of 2 cells next to it",
                "la Cochinilla blanca (wP) ya puede lanzar el Mosquito blanco (wM) a cualquiera de 2 casillas a su lado",
            ),
            (
                "the white Mosquito (wM) can now throw the white Queen Bee (wQ) onto any of 4 cells next to it",
                "el Mosquito blanco (wM) ya puede lanzar la Abeja Reina blanca (wQ) a cualquiera de 4 casillas a su lado",
            ),
        ],
    ),
    (
        "line-beetle-on-queen",
        &[
            (
                "the white Beetle (wB1) now sits on top of the black Queen Bee (bQ), which cannot move while it is covered",
                "el Escarabajo blanco (wB1) está ahora encima de la Abeja Reina negra (bQ), que no puede moverse mientras esté cubierta",
            ),
            (
                "the black Ant (bA1) is now pinned: moving it would split the hive",
                "la Hormiga negra (bA1) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "line-reply-fills-cell",
        &[
            (
                "the white Queen Bee (wQ) had 4 free cells around it, now only 3",
                "la Abeja Reina blanca (wQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the white Ant (wA1) is now pinned: moving it would split the hive",
                "la Hormiga blanca (wA1) queda inmovilizada: moverla partiría la colmena en dos",
            ),
            (
                "the black Queen Bee (bQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina negra (bQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "line-stops-at-illegal",
        &[
            (
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the black Queen Bee (bQ) had 5 free cells around it, now only 4",
                "la Abeja Reina negra (bQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
            (
                "the black Queen Bee (bQ) is now pinned: moving it would split the hive",
                "la Abeja Reina negra (bQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "line-loses",
        &[(
            "the black Queen Bee (bQ) had 2 free cells around it, now none: it is surrounded",
            "la Abeja Reina negra (bQ) tenía 2 casillas libres alrededor, y ahora ninguna: está rodeada",
        )],
    ),
    (
        "missed-win",
        &[
            (
                "this lets a forced win slip: White could win in one move",
                "así se escapa una victoria forzada: las blancas podían ganar en una jugada",
            ),
            (
                "the white Queen Bee (wQ) had 4 free cells around it, now only 3",
                "la Abeja Reina blanca (wQ) tenía 4 casillas libres alrededor, y ahora solo 3",
            ),
            (
                "the black Queen Bee (bQ) now has 2 free cells around it, up from 1",
                "la Abeja Reina negra (bQ) ahora tiene 2 casillas libres alrededor, antes 1",
            ),
            (
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
    (
        "forced-loss",
        &[
            (
                "this lets White force a win in one move",
                "esto permite a las blancas forzar la victoria en una jugada",
            ),
            (
                "the black Queen Bee (bQ) had 2 free cells around it, now only one",
                "la Abeja Reina negra (bQ) tenía 2 casillas libres alrededor, y ahora solo una",
            ),
            (
                "the black Queen Bee (bQ) is no longer pinned: it can move without splitting the hive",
                "la Abeja Reina negra (bQ) ya no está inmovilizada: puede moverse sin partir la colmena",
            ),
        ],
    ),
    (
        "missed-win-and-loss",
        &[
            (
                "this lets a forced win slip: White could win in 2 moves",
                "así se escapa una victoria forzada: las blancas podían ganar en 2 jugadas",
            ),
            (
                "this lets Black force a win in 2 moves",
                "esto permite a las negras forzar la victoria en 2 jugadas",
            ),
            (
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
            ),
            (
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ),
        ],
    ),
];

#[test]
fn every_why_case_in_english_and_spanish() {
    let en = texts("en");
    let es = texts("es");
    let mut failures = Vec::new();
    for case in WHY_CASES {
        let Some((_, expected)) = WORDING.iter().find(|(name, _)| *name == case.name) else {
            failures.push(format!("{}: no wording", case.name));
            continue;
        };
        let facts = why_facts(case);
        let english = en.move_facts(&facts);
        let spanish = es.move_facts(&facts);
        let got: Vec<(&str, &str)> = english
            .iter()
            .zip(&spanish)
            .map(|(e, s)| (e.text.as_str(), s.text.as_str()))
            .collect();
        if got != *expected {
            failures.push(format!("{}: got {got:#?}", case.name));
        }
        for ((fact, e), s) in facts.facts.iter().zip(&english).zip(&spanish) {
            assert_eq!(e.cells, fact.cells().as_slice(), "{}", case.name);
            assert_eq!(s.cells, e.cells, "{}", case.name);
        }
    }
    assert_eq!(WORDING.len(), WHY_CASES.len());
    assert!(WHY_CASES.len() >= 30);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(en.take_warnings().is_empty());
    assert!(es.take_warnings().is_empty());
}

fn piece(text: &str) -> Piece {
    text.parse().expect("piece")
}

#[test]
fn a_throw_onto_one_cell_names_the_cell() {
    let case = WHY_CASES
        .iter()
        .find(|case| case.name == "ant-beside-own-queen")
        .expect("case");
    let mut game = why_game(case);
    game.play_move_string("wA1 -wQ").expect("legal");
    let wq = game.position(piece("wQ")).expect("placed");
    let wa1 = game.position(piece("wA1")).expect("placed");
    let drop = wq.neighbor(hive_rules::Direction::SouthEast);
    let fact = Fact::ThrowPossible {
        pillbug: piece("wP"),
        at: wq,
        piece: piece("wA1"),
        from: wa1,
        to: [drop].into_iter().collect::<Cells>(),
    };
    let en = texts("en").fact(&fact, &game);
    assert_eq!(
        en.text,
        "the white Pillbug (wP) can now throw the white Ant (wA1) \
         next to the white Queen Bee, on its lower right (wQ\\)"
    );
    assert_eq!(en.cells, [wq, wa1, drop]);
    let es = texts("es").fact(&fact, &game);
    assert_eq!(
        es.text,
        "la Cochinilla blanca (wP) ya puede lanzar la Hormiga blanca (wA1) \
         junto a la Abeja Reina blanca, abajo a su derecha (wQ\\)"
    );
}

#[test]
fn forced_results_count_the_winners_moves() {
    let en = texts("en");
    let game = Game::new("Base".parse().expect("type"));
    let words = |fact: Fact| en.fact(&fact, &game).text;
    for (plies, moves) in [
        (1, "one move"),
        (2, "one move"),
        (3, "2 moves"),
        (5, "3 moves"),
    ] {
        assert_eq!(
            words(Fact::MissedWin {
                side: Color::Black,
                plies
            }),
            format!("this lets a forced win slip: Black could win in {moves}")
        );
        assert_eq!(
            words(Fact::ForcedLoss {
                winner: Color::White,
                plies
            }),
            format!("this lets White force a win in {moves}")
        );
    }
    assert!(
        en.fact(
            &Fact::MissedWin {
                side: Color::White,
                plies: 0
            },
            &game
        )
        .cells
        .is_empty()
    );
}

#[test]
fn every_fact_has_its_message_in_every_language() {
    let queen = piece("wQ");
    let cell = Hex::ORIGIN;
    let facts = [
        Fact::MissedWin {
            side: Color::White,
            plies: 1,
        },
        Fact::ForcedLoss {
            winner: Color::White,
            plies: 1,
        },
        Fact::QueenCells {
            queen,
            at: cell,
            before: 2,
            after: 1,
            changed: Cells::default(),
        },
        Fact::QueenCells {
            queen,
            at: cell,
            before: 1,
            after: 2,
            changed: Cells::default(),
        },
        Fact::BeetleOnQueen {
            beetle: piece("bB1"),
            queen,
            at: cell,
        },
        Fact::BeetleReachesQueen {
            beetle: piece("bB1"),
            from: cell,
            queen,
            at: cell,
        },
        Fact::GateClosed { queen, cell },
        Fact::GateOpened { queen, cell },
        Fact::ThrowPossible {
            pillbug: piece("bP"),
            at: cell,
            piece: queen,
            from: cell,
            to: Cells::default(),
        },
        Fact::Pinned {
            piece: queen,
            at: cell,
        },
        Fact::Freed {
            piece: queen,
            at: cell,
        },
    ];
    let keys: Vec<&str> = facts.iter().map(fact_key).collect();
    for lang in ["en", "es"] {
        let texts = texts(lang);
        for key in &keys {
            assert!(texts.has(key), "{lang}: {key}");
        }
    }
    let mut unique = keys.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), keys.len());
}

#[test]
fn spanish_agrees_with_the_piece() {
    let es = texts("es");
    let game = Game::new("Base".parse().expect("type"));
    let at = Hex::ORIGIN;
    let words = |fact: Fact| es.fact(&fact, &game).text;
    assert_eq!(
        words(Fact::Pinned {
            piece: piece("bG2"),
            at
        }),
        "el Saltamontes negro (bG2) queda inmovilizado: moverlo partiría la colmena en dos"
    );
    assert_eq!(
        words(Fact::Freed {
            piece: piece("wB1"),
            at
        }),
        "el Escarabajo blanco (wB1) ya no está inmovilizado: puede moverse sin partir la colmena"
    );
    assert_eq!(
        words(Fact::Pinned {
            piece: piece("wS1"),
            at
        }),
        "la Araña blanca (wS1) queda inmovilizada: moverla partiría la colmena en dos"
    );
    assert_eq!(
        texts("en")
            .fact(
                &Fact::Pinned {
                    piece: piece("bG2"),
                    at
                },
                &game
            )
            .text,
        "the black Grasshopper (bG2) is now pinned: moving it would split the hive"
    );
}

#[test]
fn on_the_position_shown_the_same_words_light_the_pieces_where_they_stand() {
    let en = texts("en");
    for case in WHY_CASES {
        let facts = why_facts(case);
        let mut shown = why_game(case);
        shown.play_move_string(case.mv).expect("legal");
        let at_end = en.move_facts(&facts);
        let on_screen = en.move_facts_on(&facts, &shown);
        assert_eq!(at_end.len(), on_screen.len());
        for ((fact, end), now) in facts.facts.iter().zip(&at_end).zip(&on_screen) {
            assert_eq!(end.text, now.text, "{}", case.name);
            assert_eq!(
                now.cells,
                fact.cells_in(&facts.after, &shown).as_slice(),
                "{}",
                case.name
            );
        }
        // With no line after the move, the position shown is the end.
        if facts.followed == 0 {
            assert_eq!(on_screen, at_end, "{}", case.name);
        }
    }
}

/// A case's facts kept for `stance`, in `lang`.
fn told(lang: &str, name: &str, stance: hive_rules::Stance) -> Vec<String> {
    let case = WHY_CASES
        .iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    texts(lang)
        .move_facts(&why_facts(case).keep_only(stance))
        .into_iter()
        .map(|worded| worded.text)
        .collect()
}

#[test]
fn a_move_is_praised_and_blamed_from_its_movers_side_in_english_and_spanish() {
    use hive_rules::Stance::{Blame, Praise};
    // (language, position, side of the account, what it says in full)
    let said: [(&str, &str, hive_rules::Stance, &[&str]); 8] = [
        // White's Ant beside White's own Queen: nothing to praise; her lost
        // cell and her pin are the blame.
        ("en", "ant-beside-own-queen", Praise, &[]),
        ("es", "ant-beside-own-queen", Praise, &[]),
        (
            "en",
            "ant-beside-own-queen",
            Blame,
            &[
                "the white Queen Bee (wQ) had 5 free cells around it, now only 4",
                "the white Queen Bee (wQ) is now pinned: moving it would split the hive",
            ],
        ),
        (
            "es",
            "ant-beside-own-queen",
            Blame,
            &[
                "la Abeja Reina blanca (wQ) tenía 5 casillas libres alrededor, y ahora solo 4",
                "la Abeja Reina blanca (wQ) queda inmovilizada: moverla partiría la colmena en dos",
            ],
        ),
        // White's Ant on the black Queen: the black Queen's lost cell is
        // praise for White, never blame.
        ("en", "ant-attacks-queen", Blame, &[]),
        ("es", "ant-attacks-queen", Blame, &[]),
        // A Black move: the black Queen's lost cell is Black's blame, her
        // freedom its praise.
        (
            "es",
            "forced-loss",
            Blame,
            &[
                "esto permite a las blancas forzar la victoria en una jugada",
                "la Abeja Reina negra (bQ) tenía 2 casillas libres alrededor, y ahora solo una",
            ],
        ),
        (
            "en",
            "forced-loss",
            Praise,
            &[
                "the black Queen Bee (bQ) is no longer pinned: it can move without splitting the hive",
            ],
        ),
    ];
    for (lang, position, stance, expected) in said {
        assert_eq!(told(lang, position, stance), expected, "{lang} {position}");
    }
    // Among the praise of White's Ant on the black Queen, in both languages.
    let praised = [
        (
            "en",
            "the black Queen Bee (bQ) had 4 free cells around it, now only 3",
        ),
        (
            "es",
            "la Abeja Reina negra (bQ) tenía 4 casillas libres alrededor, y ahora solo 3",
        ),
    ];
    for (lang, line) in praised {
        let praise = told(lang, "ant-attacks-queen", Praise);
        assert!(praise.contains(&line.to_string()), "{lang}: {praise:?}");
    }
}
