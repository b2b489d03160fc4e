//! Game records from other programs: boardspace.net SGF in its event forms,
//! PGN (Mzinga, hivegame.com), GameStrings; reading them and writing PGN.
//!
//! `data/recordings/` holds five real boardspace games, each as the site's
//! `.sgf` and as the `.pgn` Mzinga converts it to (from Mzinga's test
//! assets, MIT, see `LICENSE-Mzinga.md`); the `.pgn` is the reference for
//! the moves.

use std::fs;

use crate::common::{GAMES, mzinga_moves, read, recordings, sgf};
use hive_records::{
    Format, FormatError, GameRecord, GameResult, RecordProblem, load_record, record_text, write_pgn,
};
use hive_rules::{Game, GameType};

fn load(name: &str) -> GameRecord {
    let path = recordings().join(name);
    load_record(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Plays MoveStrings one by one; the game's canonical GameString.
fn game_of(game_type: GameType, moves: &[String], tournament: bool) -> Game {
    let options = hive_rules::Options {
        tournament_opening: tournament,
        ..Default::default()
    };
    let mut game = Game::with_options(game_type, options);
    for (i, mv) in moves.iter().enumerate() {
        game.play_move_string(mv)
            .unwrap_or_else(|e| panic!("move {} {mv}: {e}", i + 1));
    }
    game
}

#[test]
fn boardspace_games_read_as_mzinga_reads_them() {
    for stem in GAMES {
        let expected = mzinga_moves(stem);
        for ext in ["sgf", "pgn"] {
            let record = load(&format!("{stem}.{ext}"));
            let game = record.main_line_game();
            let reference = game_of(
                record.headers.game_type,
                &expected,
                game.options().tournament_opening,
            );
            assert_eq!(
                game.game_string(),
                reference.game_string(),
                "{stem}.{ext}: not the moves of the .pgn"
            );
            assert_eq!(record.main_line().len(), expected.len(), "{stem}.{ext}");
            assert_eq!(record.headers.game_type, game.game_type());
        }
    }
}

#[test]
fn boardspace_headers_match_the_pgn() {
    let expect = [
        (
            "Abbo69",
            "WeakBot",
            "2018.10.28",
            GameResult::WhiteWins,
            "Base+MLP",
        ),
        (
            "Dumbot",
            "Kaur50",
            "2023.01.16",
            GameResult::BlackWins,
            "Base+MLP",
        ),
        (
            "blue1224",
            "Dumbot",
            "2016.04.02",
            GameResult::WhiteWins,
            "Base+MLP",
        ),
        (
            "Jewdoka",
            "Eucalyx",
            "2020.12.12",
            GameResult::WhiteWins,
            "Base+MLP",
        ),
        (
            "kearf29",
            "Dumbot",
            "2013.04.19",
            GameResult::BlackWins,
            "Base+P",
        ),
    ];
    for (stem, (white, black, date, result, game_type)) in GAMES.iter().zip(expect) {
        let sgf = load(&format!("{stem}.sgf"));
        let pgn = load(&format!("{stem}.pgn"));
        for record in [&sgf, &pgn] {
            let h = &record.headers;
            assert_eq!(h.white.as_deref(), Some(white), "{stem}");
            assert_eq!(h.black.as_deref(), Some(black), "{stem}");
            assert_eq!(h.date.as_deref(), Some(date), "{stem}");
            assert_eq!(h.result, Some(result), "{stem}");
            assert_eq!(h.game_type.to_string(), game_type, "{stem}");
        }
        // The SGF's own texts travel as Mzinga's extra tags.
        for name in ["SgfDate", "SgfGameName", "SgfResult"] {
            assert_eq!(
                sgf.headers.extra(name),
                pgn.headers.extra(name),
                "{stem} {name}"
            );
        }
    }
}

fn strings(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// The canonical MoveStrings of a game given as any correct MoveStrings.
fn canonical(game_type: GameType, moves: &[&str]) -> Vec<String> {
    let game = game_of(game_type, &strings(moves), true);
    hive_records::GameRecord::from_game(&game, hive_records::Headers::new(game_type)).main_line()
}

#[test]
fn old_lower_case_records_with_grid_cells_only_and_put_back_picks() {
    // 2013 style: lower-case events, pieces without colour, every
    // destination only a grid cell; picks put back or replaced.
    let text = sgf(
        "SU[hive]\nP0[id \"alice\"]\nP1[id \"bob\"]\nDT[3 July 2019]\nRE[Game won by alice]",
        "; P0[0 start P0]
; P0[1 pick w 4 S1]
; P0[2 dropb s1 N 13 .]
; P0[3 done]
; P1[4 pick b 4 S1]
; P1[5 dropb s1 O 13 .]
; P1[6 done]
; P0[7 pick w 0 Q]
; P0[8 drop w 0 Q Rack]
; P0[9 pick w 1 A1]
; P0[10 pick w 0 Q]
; P0[11 dropb q M 13 .]
; P0[12 done]
; P1[13 pick b 0 Q]
; P1[14 dropb q P 13 .]
; P1[15 done]
; P0[16 pickb M 13 q]
; P0[17 dropb q M 13 .]
; P0[18 pickb M 13 q]
; P0[19 dropb q M 12 .]
; P0[20 pickb M 12 q]
; P0[21 dropb q N 14 .]
; P0[22 done]",
    );
    let record = read("old.sgf", &text).unwrap();
    assert_eq!(
        record.main_line(),
        canonical(
            GameType::BASE,
            &["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wQ \\wS1"]
        )
    );
    let h = &record.headers;
    assert_eq!(h.white.as_deref(), Some("alice"));
    assert_eq!(h.black.as_deref(), Some("bob"));
    assert_eq!(h.date.as_deref(), Some("2019.07.03"));
    assert_eq!(h.result, Some(GameResult::WhiteWins));
    assert_eq!(h.game_type, GameType::BASE);
}

#[test]
fn modern_records_with_numbered_unique_bugs_throws_and_resignation() {
    // 2023 style: capitalised events, `Move` for a whole move, boardspace's
    // `wP1`/`bM1`, a Pillbug throw (`Pickb` + `Pdropb`), then a resignation.
    let text = sgf(
        "SU[Hive-PLM]\nP0[id \"W\"]\nP1[id \"B\"]",
        r"; P0[0 Start P0]
; P0[1 Move W wP1 N 13 .]TM[10]
; P0[2 Done ]
; P1[3 Pick B 5 bM1]
; P1[4 Dropb bM1 O 13 wP1-]
; P1[5 Done ]
; P0[6 Move W wQ M 13 -wP1]
; P0[7 Done ]
; P1[8 Pick B 0 bQ]
; P1[9 Dropb bQ O 12 bM1\\]
; P1[10 Done ]
; P0[11 Move W wA1 L 13 -wQ]
; P0[12 Done ]
; P1[13 Pickb O 12 bQ]
; P1[14 Dropb bQ N 12 wP\\]
; P1[15 Done ]
; P0[16 Pick W 4 wS1]
; P0[17 Dropb wS1 L 12 /wQ]
; P0[18 Done ]
; P1[19 Pick B 1 bA1]
; P1[20 Dropb bA1 P 13 bM-]
; P1[21 Done ]
; P0[22 Pickb N 12 bQ]
; P0[23 Pdropb bQ N 14 \\wP]
; P0[24 Done ]
; P1[25 Resign]
; P1[26 Done ]",
    );
    let record = read("modern.sgf", &text).unwrap();
    let moves = [
        "wP", "bM wP-", "wQ -wP", "bQ bM\\", "wA1 -wQ", "bQ wP\\", "wS1 /wQ", "bA1 bM-", "bQ \\wP",
    ];
    assert_eq!(record.main_line(), canonical(GameType::ALL, &moves));
    assert_eq!(
        record.headers.result,
        Some(GameResult::WhiteWins),
        "Black resigned"
    );
    assert_eq!(record.headers.game_type, GameType::ALL);
}

#[test]
fn movedone_pmove_and_draw_offers() {
    let text = sgf(
        "SU[hive-p]",
        "; P0[0 Start P0]
; P0[1 movedone W S1 N 13 .]
; P1[2 MOVEDONE B S1 O 13 wS1-]
; P0[3 OfferDraw]
; P0[4 Done]
; P1[5 DeclineDraw]
; P1[6 Done]
; P0[7 move W Q M 13 -wS1]
; P0[8 done]
; P1[9 pmove B Q P 13 bS1-]
; P1[10 done]
; P1[11 offerdraw]
; P1[12 done]
; P0[13 acceptdraw]
; P0[14 done]",
    );
    let record = read("draw.sgf", &text).unwrap();
    assert_eq!(
        record.main_line(),
        canonical(
            GameType::from_expansions("P").unwrap(),
            &["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]
        )
    );
    assert_eq!(record.headers.result, Some(GameResult::Draw));
    assert_eq!(record.headers.white, None);
}

#[test]
fn the_game_type_comes_from_su() {
    let events = "; P0[1 move W wM1 N 13 .]\n; P0[2 done]";
    for (su, game_type) in [
        ("hive-m", "Base+M"),
        ("hive-plm 2 0 101", "Base+MLP"),
        ("HIVE-LM", "Base+ML"),
    ] {
        let record = read("t.sgf", &sgf(&format!("SU[{su}]"), events)).unwrap();
        assert_eq!(record.headers.game_type.to_string(), game_type, "{su}");
        assert_eq!(record.main_line(), ["wM"]);
    }
    // No Mosquito in the base game; Hive Ultimate is not played here.
    let error = read("t.sgf", &sgf("SU[hive]", events)).unwrap_err();
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::BadRecord {
                problem: RecordProblem::BugNotInGame { .. },
                ..
            })
        ),
        "{error}"
    );
    let error = read("t.sgf", &sgf("SU[hive-u]", events)).unwrap_err();
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::BadRecord {
                line: 3,
                problem: RecordProblem::UnknownGameType,
                ..
            })
        ),
        "{error}"
    );
    let error = read("go.sgf", "(;GM[1]SZ[19];B[dd])").unwrap_err();
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::BadRecord {
                problem: RecordProblem::NotHive,
                ..
            })
        ),
        "{error}"
    );
}

#[test]
fn pgn_in_the_forms_people_and_programs_write() {
    let want = canonical(
        GameType::ALL,
        &[
            "wS1", "bS1 wS1-", "wM -wS1", "bQ bS1-", "wQ /wM", "bP bQ/", "wB1 -wM", "bP bQ-",
        ],
    );
    // Several moves after one number, comments, old numbering, 1-0.
    let text = "[GameType \"Base+MLP\"]\n[White \"a\"] [Black \"b\"]\n[Result \"1-0\"]\n\n\
        {opening} 1. wS1 bS1 wS1- ; a comment\n2. wM1 -wS1 {x} bQ bS1-\n\
        3. wQ /wM1 3... bP1 bQ/ 4. wB1 -wM1 (4. wB1 wQ) bP bQ- 1-0\n";
    let record = read("forms.pgn", text).unwrap();
    assert_eq!(record.main_line(), want);
    assert_eq!(record.headers.white.as_deref(), Some("a"));
    assert_eq!(record.headers.result, Some(GameResult::WhiteWins));
    // Mzinga's form, result after the moves only, a climb written bare.
    let moves = [
        "wS1", "bS1 wS1-", "wB1 -wS1", "bQ bS1-", "wQ /wS1", "bA1 bQ-", "wB1 wS1",
    ];
    let mut text = String::from("[GameType \"Base\"]\n\n");
    for (i, mv) in moves.iter().enumerate() {
        text.push_str(&format!("{}. {mv}\n", i + 1));
    }
    text.push_str("\nBlackWins\n");
    let record = read("mzinga.pgn", &text).unwrap();
    assert_eq!(record.main_line(), canonical(GameType::BASE, &moves));
    assert_eq!(record.headers.result, Some(GameResult::BlackWins));
    // Other result spellings, and no result at all.
    for (word, result) in [
        ("0-1", Some(GameResult::BlackWins)),
        ("1/2-1/2", Some(GameResult::Draw)),
        ("Draw", Some(GameResult::Draw)),
        ("*", None),
        ("", None),
    ] {
        let text = format!("1. wS1\n2. bS1 wS1-\n{word}\n");
        assert_eq!(
            read("r.pgn", &text).unwrap().headers.result,
            result,
            "{word}"
        );
    }
    // Tags kept in `extra`, and a second game in the file ignored.
    let text = "[Event \"e\"]\n[Site \"s\"]\n[Round \"3\"]\n[TimeControl \"10+5\"]\n[Foo \"bar\"]\n\n\
        1. wS1\n\n[Event \"next\"]\n1. wG1\n";
    let record = read("tags.pgn", text).unwrap();
    let h = &record.headers;
    assert_eq!(
        (h.event.as_deref(), h.site.as_deref(), h.round.as_deref()),
        (Some("e"), Some("s"), Some("3"))
    );
    assert_eq!(h.time_control.as_deref(), Some("10+5"));
    assert_eq!(
        h.extra.iter().collect::<Vec<_>>(),
        [(&"Foo".to_string(), &"bar".to_string())]
    );
    assert_eq!(record.main_line(), ["wS1"]);
}

#[test]
fn passes_in_a_pgn_and_in_an_sgf() {
    // The 2023 game: White passes thirteen times (boardspace writes a
    // `Done` with no move; Mzinga's PGN writes `pass`).
    let stem = GAMES[1];
    for ext in ["sgf", "pgn"] {
        let moves = load(&format!("{stem}.{ext}")).main_line();
        assert_eq!(moves.iter().filter(|m| *m == "pass").count(), 13, "{ext}");
    }
}

#[test]
fn writing_pgn_and_reading_it_back_keeps_moves_and_headers() {
    for stem in GAMES {
        for ext in ["sgf", "pgn"] {
            let record = load(&format!("{stem}.{ext}"));
            let text = write_pgn(&record);
            assert!(text.starts_with("[GameType \""), "{text}");
            assert!(text.contains("\n1. "), "{text}");
            let back = read("back.pgn", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.main_line(), record.main_line(), "{stem}.{ext}");
            assert_eq!(back.headers, record.headers, "{stem}.{ext}");
            assert!(back.headers.extra.iter().eq(record.headers.extra.iter()));
            // The GameString too.
            let line = record_text(&record, Format::GameString);
            assert_eq!(line.lines().count(), 1);
            let again = read("back.txt", &line).unwrap();
            assert_eq!(again.game_string(), record.game_string());
            assert_eq!(
                again.main_line_game().options(),
                record.main_line_game().options()
            );
        }
    }
}

#[test]
fn the_written_pgn_is_mzingas_form() {
    // The PGN Mzinga wrote, read and written again: the same text but for
    // the choice of reference pieces, which each program makes its own way.
    let stem = GAMES[0];
    let original = fs::read_to_string(recordings().join(format!("{stem}.pgn"))).unwrap();
    let written = write_pgn(&load(&format!("{stem}.pgn")));
    let tags = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('['))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(tags(&written), tags(&original));
    let shape = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(shape(&written), shape(&original), "{written}");
}

#[test]
fn game_strings_and_variations_files_are_records_too() {
    let record = read("g.txt", "Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1\n").unwrap();
    assert_eq!(record.main_line(), ["wS1", "bS1 wS1-", "wQ -wS1"]);
    assert_eq!(record.headers.result, None);
    // A GameString from an engine that allows the Queen first.
    let record = read("q.txt", "Base;InProgress;White[2];wQ;bQ wQ-").unwrap();
    assert!(!record.main_line_game().options().tournament_opening);
    let tree = record.tree.clone();
    let text = tree.file_text();
    let back = read("v.txt", &text).unwrap();
    assert_eq!(back.main_line(), record.main_line());
}

#[test]
fn a_whole_move_needs_no_done() {
    // Some records confirm a `move` event by the other player's next event
    // (or the end of the record) instead of `done`.
    let text = sgf(
        "SU[hive]",
        "; P0[1 move W wS1 N 13 .]
; P1[2 move B bS1 O 13 wS1-]
; P1[3 done]
; P0[4 move W wQ M 13 -wS1]
; P1[5 pick B 0 bQ]
; P1[6 dropb bQ P 13 bS1-]
; P1[7 done]
; P0[8 move W wA1 L 13 -wQ]",
    );
    assert_eq!(
        read("whole.sgf", &text).unwrap().main_line(),
        canonical(
            GameType::BASE,
            &["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ"]
        )
    );
    // A drop never confirmed is no move.
    let text = sgf(
        "SU[hive]",
        "; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n; P1[3 pick B 4 bS1]\n; P1[4 dropb bS1 O 13 .]",
    );
    assert_eq!(read("open.sgf", &text).unwrap().main_line(), ["wS1"]);
}
