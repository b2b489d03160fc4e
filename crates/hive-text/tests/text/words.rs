//! Pieces, cells, moves and rule reasons in words, from real positions.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use hive_rules::{
    Bug, CellName, Color, Direction, Game, Hex, Move, Options, Piece, RuleError, how_it_moves,
};
use hive_text::{Landmark, Texts, rule_key};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales")
}

fn texts(lang: &str) -> Texts {
    let (texts, warnings) = Texts::load(&locales(), lang);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(texts.language(), lang);
    texts
}

/// A game from its GameString, Queens allowed on the first turn.
fn game(text: &str) -> Game {
    let options = Options {
        tournament_opening: false,
        ..Options::default()
    };
    Game::from_game_string_with(text, options).unwrap()
}

fn piece(text: &str) -> Piece {
    text.parse().unwrap()
}

fn at(game: &Game, name: &str) -> Hex {
    game.position(piece(name)).unwrap()
}

/// The text in the last brackets of `text`.
fn last_brackets(text: &str) -> &str {
    let open = text.rfind('(').expect("brackets");
    let close = text[open..].find(')').expect("closing bracket") + open;
    &text[open + 1..close]
}

#[test]
fn pieces_in_words() {
    let en = texts("en");
    let es = texts("es");
    assert_eq!(en.piece(piece("wA1")), "the white Ant (wA1)");
    assert_eq!(en.piece(piece("bQ")), "the black Queen Bee (bQ)");
    assert_eq!(en.piece_name(piece("bP")), "black Pillbug");
    assert_eq!(es.piece(piece("wA1")), "la Hormiga blanca (wA1)");
    assert_eq!(es.piece(piece("bQ")), "la Abeja Reina negra (bQ)");
    assert_eq!(es.piece(piece("bB1")), "el Escarabajo negro (bB1)");
    assert_eq!(es.piece(piece("wG2")), "el Saltamontes blanco (wG2)");
    assert_eq!(es.piece(piece("wM")), "el Mosquito blanco (wM)");
    assert_eq!(es.piece(piece("bL")), "la Mariquita negra (bL)");
    assert_eq!(es.piece(piece("wP")), "la Cochinilla blanca (wP)");
    assert_eq!(es.piece(piece("bS2")), "la Araña negra (bS2)");
    assert_eq!(en.color(Color::White), "White");
    assert_eq!(es.color(Color::Black), "las negras");
    for texts in [&en, &es] {
        assert!(texts.take_warnings().is_empty());
    }
}

#[test]
fn cells_are_named_by_what_is_there() {
    let en = texts("en");
    let es = texts("es");
    let g = game("Base+P;InProgress;White[2];wS1;bP wS1-");
    let lower_left_of_pillbug = at(&g, "bP").neighbor(Direction::SouthWest);
    let cell = en.cell(&g, lower_left_of_pillbug);
    // The Pillbug is more recognisable than the Spider that also touches it.
    assert_eq!(
        cell.text,
        "next to the black Pillbug, on its lower left (/bP)"
    );
    assert_eq!(cell.cells, [lower_left_of_pillbug]);
    assert_eq!(
        es.cell(&g, lower_left_of_pillbug).text,
        "junto a la Cochinilla negra, abajo a su izquierda (/bP)"
    );
    assert_eq!(
        en.cell(&g, at(&g, "wS1")).text,
        "on top of the white Spider (wS1)"
    );
    assert_eq!(
        es.cell(&g, at(&g, "wS1")).text,
        "encima de la Araña blanca (wS1)"
    );
    let far = Hex::from_axial(3, 3);
    assert_eq!(en.cell(&g, far).text, "away from the hive");
    assert_eq!(es.cell(&g, far).text, "lejos de la colmena");
    let empty = Game::new("Base".parse().unwrap());
    assert_eq!(
        en.cell(&empty, Hex::ORIGIN).text,
        "in the middle of the table"
    );
    assert_eq!(es.cell(&empty, Hex::ORIGIN).text, "en el centro de la mesa");
}

#[test]
fn the_queen_comes_first_and_the_moving_piece_never() {
    let en = texts("en");
    let g = game("Base;InProgress;White[2];wS1;bQ wS1-");
    let cell = at(&g, "wS1").neighbor(Direction::SouthEast);
    assert_eq!(
        en.cell(&g, cell).text,
        "next to the black Queen Bee, on its lower left (/bQ)"
    );
    assert_eq!(
        en.cell_for(&g, cell, Some(piece("bQ"))).text,
        "next to the white Spider, on its lower right (wS1\\)"
    );
    // Under a moving Beetle, the piece it leaves is the landmark.
    let g = game("Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wS1;bB1 bQ/;wB1 wS1");
    let lower_right = at(&g, "wS1").neighbor(Direction::SouthEast);
    assert_eq!(
        en.cell(&g, lower_right).text,
        "next to the white Beetle, on its lower right (wB1\\)"
    );
    assert_eq!(
        en.cell_for(&g, lower_right, Some(piece("wB1"))).text,
        "next to the white Spider, on its lower right (wS1\\)"
    );
    assert_eq!(
        en.cell(&g, at(&g, "wS1")).text,
        "on top of the white Beetle (wB1)"
    );
    assert_eq!(
        en.cell_for(&g, at(&g, "wS1"), Some(piece("wB1"))).text,
        "on top of the white Spider (wS1)"
    );
}

#[test]
fn every_direction_has_its_screen_word_and_notation() {
    let en = texts("en");
    let g = game("Base;InProgress;Black[1];wQ");
    let expected = [
        (Direction::East, "on its right", "wQ-"),
        (Direction::SouthEast, "on its lower right", "wQ\\"),
        (Direction::SouthWest, "on its lower left", "/wQ"),
        (Direction::West, "on its left", "-wQ"),
        (Direction::NorthWest, "on its upper left", "\\wQ"),
        (Direction::NorthEast, "on its upper right", "wQ/"),
    ];
    for (dir, words, notation) in expected {
        let cell = Hex::ORIGIN.neighbor(dir);
        let landmark = Landmark::of_cell(&g, cell, None);
        assert_eq!(landmark, Landmark::NextTo(piece("wQ"), dir));
        assert_eq!(landmark.notation().as_deref(), Some(notation));
        assert_eq!(Landmark::from_notation(notation), Some(landmark));
        assert_eq!(
            en.cell(&g, cell).text,
            format!("next to the white Queen Bee, {words} ({notation})")
        );
        // The engine reads the notation back as the same cell, and writes
        // it the same way.
        let mv = g.parse_move(&format!("bA1 {notation}")).unwrap();
        assert_eq!(
            mv,
            Move::Place {
                piece: piece("bA1"),
                to: cell
            }
        );
        assert_eq!(g.move_string(mv), format!("bA1 {notation}"));
    }
    assert_eq!(
        Landmark::from_notation("wQ"),
        Some(Landmark::OnTop(piece("wQ")))
    );
    assert_eq!(Landmark::from_notation("-wQ-"), None);
    assert_eq!(Landmark::from_notation("xQ"), None);
}

#[test]
fn moves_in_words() {
    let en = texts("en");
    let es = texts("es");
    let g = game("Base;InProgress;White[2];wS1;bQ wS1-");
    let place = g.parse_move("wA1 -wS1").unwrap();
    let words = en.move_words(&g, place);
    assert_eq!(
        words.text,
        "place the white Ant (wA1) next to the white Spider, on its left (wA1 -wS1)"
    );
    assert_eq!(words.cells, [at(&g, "wS1").neighbor(Direction::West)]);
    assert_eq!(
        es.move_words(&g, place).text,
        "coloca la Hormiga blanca (wA1) junto a la Araña blanca, a su izquierda (wA1 -wS1)"
    );
    let first = Game::new("Base".parse().unwrap());
    let mv = first.parse_move("wA1").unwrap();
    assert_eq!(
        en.move_words(&first, mv).text,
        "place the white Ant (wA1) in the middle of the table (wA1)"
    );
    let g = game("Base;InProgress;White[3];wS1;bQ wS1-;wQ -wS1;bA1 bQ-");
    let mv = g.parse_move("wQ \\wS1").unwrap();
    let words = en.move_words(&g, mv);
    assert_eq!(
        words.text,
        "move the white Queen Bee (wQ) next to the white Spider, on its upper left (wQ \\wS1)"
    );
    assert_eq!(
        words.cells,
        [at(&g, "wQ"), at(&g, "wS1").neighbor(Direction::NorthWest)]
    );
    assert_eq!(en.move_words(&g, Move::Pass).text, "pass");
    assert_eq!(es.move_words(&g, Move::Pass).text, "pasa");
}

#[test]
fn a_throw_in_words() {
    let en = texts("en");
    // White's Pillbug next to Black's Ant: it may throw the Ant over itself.
    let g = game(
        "Base+P;InProgress;White[5];wP;bQ wP-;wQ -wP;bA1 bQ-;wA1 \\wP;bA1 wP\\;wA2 -wQ;bG1 bQ-",
    );
    let ant = at(&g, "bA1");
    let pillbug = at(&g, "wP");
    assert!(ant.is_neighbor(pillbug));
    let throws = g.pillbug_throws(piece("wP"));
    let mv = *throws
        .iter()
        .find(|m| m.piece() == Some(piece("bA1")))
        .expect("the pillbug can throw the ant");
    let words = en.move_words(&g, mv);
    assert!(
        words
            .text
            .starts_with("have the white Pillbug (wP) throw the black Ant (bA1) "),
        "{}",
        words.text
    );
    let move_string = last_brackets(&words.text);
    assert_eq!(g.parse_move(move_string).unwrap(), mv);
}

/// Plays `plies` moves of a seeded game, calling `visit` on every position.
fn self_play(game_type: &str, seed: u64, plies: usize, mut visit: impl FnMut(&Game)) {
    let mut g = Game::new(game_type.parse().unwrap());
    let mut state = seed;
    for _ in 0..plies {
        visit(&g);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(state >> 33) as usize % legal.len()];
        g.play(mv).unwrap();
    }
}

#[test]
fn every_legal_move_in_words_keeps_a_move_string_that_reads_back() {
    let en = texts("en");
    let es = texts("es");
    let mut worded = 0;
    for seed in 1..=3 {
        self_play("Base+MLP", seed, 40, |g| {
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            for mv in legal {
                for texts in [&en, &es] {
                    let words = texts.move_words(g, mv);
                    assert!(!words.text.contains(['{', '}']), "{}", words.text);
                    if mv == Move::Pass {
                        continue;
                    }
                    let move_string = last_brackets(&words.text);
                    assert_eq!(g.parse_move(move_string).unwrap(), mv, "{}", words.text);
                    assert_eq!(words.cells.last(), mv.to().as_ref());
                }
                worded += 1;
            }
        });
    }
    assert!(worded > 1000, "{worded}");
    assert!(en.take_warnings().is_empty());
    assert!(es.take_warnings().is_empty());
}

#[test]
fn placing_next_to_an_opponent_names_the_neighbour_and_keeps_the_notation() {
    let en = texts("en");
    let es = texts("es");
    let g = game("Base;InProgress;White[2];wS1;bQ wS1-");
    let to = at(&g, "bQ").neighbor(Direction::East);
    let error = g.why_not(piece("wA1"), to).unwrap();
    assert!(
        matches!(error, RuleError::PlaceNextToOpponent { .. }),
        "{error:?}"
    );
    let words = en.reason(&error, Some(&g));
    assert_eq!(
        words.text,
        "the white Ant (wA1) cannot be placed next to the black Queen Bee, on its right (bQ-): \
         it would touch the black Queen Bee (bQ), an opponent's piece"
    );
    assert!(words.text.contains("next to the black"));
    assert_eq!(words.cells, [to, at(&g, "bQ")]);
    assert_eq!(
        es.reason(&error, Some(&g)).text,
        "la Hormiga blanca (wA1) no puede colocarse junto a la Abeja Reina negra, a su derecha (bQ-): \
         tocaría la Abeja Reina negra (bQ), una pieza del rival"
    );
    // Without the game, the cell is read from the engine's notation (and a
    // cell the engine could not name is "there").
    let unnamed = RuleError::LosesContact {
        piece: piece("wQ"),
        cell: CellName::new(to, None),
    };
    assert_eq!(
        en.reason(&unnamed, None).text,
        "the white Queen Bee (wQ) cannot slide there: it would lose touch with the hive on the way"
    );
    let words = en.reason(&error, None);
    assert!(
        words
            .text
            .contains("next to the black Queen Bee, on its right (bQ-)"),
        "{}",
        words.text
    );
    assert_eq!(words.cells, [to]);
}

#[test]
fn a_spanish_sentence_agrees_with_its_piece() {
    let es = texts("es");
    let covered = |piece_name: &str, by: &str| RuleError::Covered {
        piece: piece(piece_name),
        by: piece(by),
    };
    assert_eq!(
        es.reason(&covered("wA1", "bB1"), None).text,
        "la Hormiga blanca (wA1) está cubierta por el Escarabajo negro (bB1) y no puede moverse"
    );
    assert_eq!(
        es.reason(&covered("wG1", "bB1"), None).text,
        "el Saltamontes blanco (wG1) está cubierto por el Escarabajo negro (bB1) y no puede moverse"
    );
    let cell = CellName::new(Hex::ORIGIN, Some("bB1".to_string()));
    let occupied = RuleError::PlaceOnOccupied {
        piece: piece("wA1"),
        cell,
    };
    assert!(
        es.reason(&occupied, None)
            .text
            .contains("encima del Escarabajo negro (bB1)")
    );
    let none = RuleError::BugNotInGame { bug: Bug::Mosquito };
    assert_eq!(
        es.reason(&none, None).text,
        "en esta partida no hay ningún Mosquito"
    );
    let none = RuleError::BugNotInGame { bug: Bug::Ladybug };
    assert_eq!(
        es.reason(&none, None).text,
        "en esta partida no hay ninguna Mariquita"
    );
}

/// One of every rule, built directly.
fn every_rule() -> Vec<RuleError> {
    let p = piece;
    let cell = |name: &str| {
        CellName::new(
            Hex::ORIGIN.neighbor(Direction::East),
            Some(name.to_string()),
        )
    };
    vec![
        RuleError::GameOver,
        RuleError::NotYourPiece {
            piece: p("bA1"),
            owner: Color::Black,
            to_move: Color::White,
        },
        RuleError::BugNotInGame { bug: Bug::Pillbug },
        RuleError::NoneLeftInHand {
            color: Color::White,
            bug: Bug::Spider,
        },
        RuleError::WrongPieceNumber {
            piece: p("wA2"),
            expected: p("wA1"),
        },
        RuleError::QueenOnFirstTurn { piece: p("wQ") },
        RuleError::QueenByFourthTurn { piece: p("bG1") },
        RuleError::QueenNotPlaced { piece: p("wB1") },
        RuleError::FirstPieceAtOrigin,
        RuleError::NotThere { piece: p("wS1") },
        RuleError::PlaceOnOccupied {
            piece: p("wA1"),
            cell: cell("bQ"),
        },
        RuleError::PlaceNotNextToFirst {
            piece: p("bA1"),
            cell: CellName::new(Hex::from_axial(3, 3), None),
        },
        RuleError::PlaceNextToOpponent {
            piece: p("wA1"),
            cell: cell("bQ-"),
            touching: p("bQ"),
        },
        RuleError::PlaceNotTouchingOwn {
            piece: p("wA1"),
            cell: cell("/bQ"),
        },
        RuleError::NowhereToPlace { piece: p("wA3") },
        RuleError::NotOnBoard { piece: p("wL") },
        RuleError::AlreadyPlaced { piece: p("wM") },
        RuleError::Covered {
            piece: p("wQ"),
            by: p("bB2"),
        },
        RuleError::WouldSplitHive { piece: p("wG3") },
        RuleError::JustMoved { piece: p("bS2") },
        RuleError::JustThrown { piece: p("wA3") },
        RuleError::GateTooNarrow {
            piece: p("wQ"),
            cell: cell("\\bA1"),
        },
        RuleError::LosesContact {
            piece: p("wP"),
            cell: cell("wS1/"),
        },
        RuleError::SameCell,
        RuleError::MosquitoTouchesNothing { piece: p("bM") },
        RuleError::MosquitoCannotCopy {
            piece: p("wM"),
            cell: cell("wG1\\"),
            touching: vec![Bug::Queen, Bug::Ant, Bug::Spider].into(),
        },
        RuleError::CannotReach {
            piece: p("wG1"),
            cell: cell("-bQ"),
            how: how_it_moves(Bug::Grasshopper),
        },
        RuleError::NoMoves { piece: p("bQ") },
        RuleError::PassNotAllowed,
        RuleError::MustPass,
        RuleError::NoPillbugNext {
            color: Color::White,
            piece: p("bA1"),
            cell: cell("wQ-"),
        },
        RuleError::NotAPillbug { piece: p("wB1") },
        RuleError::MosquitoNoPillbug { piece: p("wM") },
        RuleError::PillbugCovered {
            pillbug: p("wP"),
            by: p("bB1"),
        },
        RuleError::NotNextToPillbug {
            pillbug: p("wP"),
            piece: p("bA2"),
        },
        RuleError::ThrowStacked { piece: p("bB1") },
        RuleError::ThrowTooFar {
            pillbug: p("bP"),
            cell: cell("wA1-"),
        },
        RuleError::ThrowOnOccupied {
            pillbug: p("bP"),
            cell: cell("wA1"),
        },
        RuleError::ThrowGate {
            pillbug: p("wP"),
            piece: p("bQ"),
            cell: cell("wP/"),
        },
    ]
}

/// A reason is a sentence: not empty, no Fluent placeholder left, no key.
fn assert_readable(texts: &Texts, error: &RuleError, text: &str) {
    assert!(!text.trim().is_empty(), "{error:?}");
    assert!(
        !text.contains(['{', '}', '$']),
        "{}: {text}",
        texts.language()
    );
    assert!(!text.contains("rule-") && !text.contains("how-"), "{text}");
    assert_ne!(text, rule_key(error));
}

#[test]
fn every_rule_reads_in_english_and_spanish() {
    let rules = every_rule();
    // The list covers every rule: one per rule-* message of English.
    let keys: BTreeSet<&str> = rules.iter().map(rule_key).collect();
    assert_eq!(keys.len(), rules.len(), "one of each");
    let english = std::fs::read_to_string(locales().join("en/rules.ftl")).unwrap();
    let messages: BTreeSet<&str> = english
        .lines()
        .filter(|l| l.starts_with("rule-"))
        .filter_map(|l| l.split(" =").next())
        .collect();
    assert_eq!(keys, messages);

    let g = game("Base+MLP;InProgress;White[3];wQ;bQ wQ-;wA1 -wQ;bA1 bQ-");
    for lang in ["en", "es"] {
        let texts = texts(lang);
        let english = Texts::english();
        for error in &rules {
            for game in [None, Some(&g)] {
                let words = texts.reason(error, game);
                assert_readable(&texts, error, &words.text);
                if lang == "es" {
                    assert_ne!(words.text, english.reason(error, game).text, "{error:?}");
                }
            }
        }
        assert!(texts.take_warnings().is_empty(), "{lang}");
    }
}

#[test]
fn reasons_from_real_positions_read_in_both_languages() {
    let en = texts("en");
    let es = texts("es");
    let mut seen = BTreeSet::new();
    for seed in 1..=4 {
        self_play("Base+MLP", seed, 36, |g| {
            // Every piece of either side, to every cell in and around the hive.
            let mut cells: Vec<Hex> = g.occupied_cells().collect();
            for hex in cells.clone() {
                cells.extend(hex.neighbors());
            }
            cells.sort();
            cells.dedup();
            for p in Piece::all().filter(|&p| g.has_piece(p)) {
                for &to in cells.iter().step_by(3) {
                    let Some(error) = g.why_not(p, to) else {
                        continue;
                    };
                    seen.insert(rule_key(&error));
                    for texts in [&en, &es] {
                        let words = texts.reason(&error, Some(g));
                        assert_readable(texts, &error, &words.text);
                    }
                }
            }
        });
    }
    assert!(seen.len() >= 15, "{seen:?}");
    assert!(en.take_warnings().is_empty());
    assert!(es.take_warnings().is_empty());
}

#[test]
fn cannot_reach_says_how_the_bug_moves_or_how_a_pillbug_throws() {
    let en = texts("en");
    let es = texts("es");
    let cell = CellName::new(Hex::ORIGIN, Some("wQ-".to_string()));
    let spider = RuleError::CannotReach {
        piece: piece("bS1"),
        cell: cell.clone(),
        how: how_it_moves(Bug::Spider),
    };
    assert!(
        en.reason(&spider, None)
            .text
            .ends_with("a Spider moves exactly three steps around the hive, without going back")
    );
    let thrown = RuleError::CannotReach {
        piece: piece("bS1"),
        cell,
        how: "a Pillbug lifts a piece next to it over itself onto an empty cell next to itself",
    };
    assert!(
        es.reason(&thrown, None)
            .text
            .contains("una Cochinilla levanta una pieza")
    );
}

#[test]
fn lists_of_bugs() {
    let en = texts("en");
    let es = texts("es");
    let names =
        |t: &Texts, bugs: &[Bug]| -> Vec<String> { bugs.iter().map(|&b| t.bug(b, 1)).collect() };
    let three = [Bug::Queen, Bug::Ant, Bug::Spider];
    assert_eq!(en.list(&names(&en, &three)), "Queen Bee, Ant and Spider");
    assert_eq!(es.list(&names(&es, &three)), "Abeja Reina, Hormiga y Araña");
    assert_eq!(en.list(&names(&en, &three[..1])), "Queen Bee");
    assert_eq!(en.list(&[]), "nothing");
}
