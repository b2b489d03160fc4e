//! The five shared boardspace.net recordings imported, and the explorer's
//! counts at the start checked against the files by hand.

use hive_db::ExplorerFilter;
use hive_rules::{Game, GameType};

use crate::{copy_files, fresh, import, recordings};

/// (move, games, White wins, draws, Black wins, average rating) at the
/// start of a game type.
type Row = (&'static str, u64, u64, u64, u64, Option<f64>);

fn start(db: &hive_db::Database, game_type: &str) -> Vec<Row> {
    let game = Game::new(game_type.parse::<GameType>().expect("a game type"));
    let mut rows: Vec<Row> = db
        .explore(&game, &ExplorerFilter::default())
        .expect("the explorer answers")
        .into_iter()
        .map(|m| {
            let uhp: &'static str = Box::leak(m.uhp.into_boxed_str());
            (
                uhp,
                m.games,
                m.white_wins,
                m.draws,
                m.black_wins,
                m.average_rating,
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(b.0));
    rows
}

#[test]
fn the_five_recordings_give_the_counts_read_from_the_files() {
    let (dir, mut db) = fresh();
    let sgf = dir.path().join("sgf");
    assert_eq!(copy_files(&recordings(), &sgf, ".sgf"), 5);
    let report = import(&mut db, &[sgf]);
    assert_eq!(report.progress.added, 5, "{:?}", report.failures);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    // Counted by hand in the .sgf files: `SU` gives the game type, the
    // first `dropb`/`Move` event of P0 the first move, `RE[Game won by X]`
    // with `P0[id "X"]` (P0 plays White) the result, `P0[ranking N]` White's
    // rating:
    // - Abbo69-WeakBot 2018: hive-plm, wS1, won by Abbo69 (P0): White.
    // - blue1224-Dumbot 2016: hive-plm, wS1, won by blue1224 (P0, ranking 1325): White.
    // - Dumbot-Kaur50 2023: Hive-PLM, wB1, won by Kaur50 (P1): Black.
    // - Jewdoka-Eucalyx 2020: Hive-PLM, wL1 (wL), won by Jewdoka (P0): White.
    // - kearf29-Dumbot 2013: hive-p, g1 (wG1), no RE: Black's last move
    //   (`move B G2 L 10`) surrounds White's Queen (Mzinga's PGN agrees:
    //   BlackWins); P0 kearf29 has ranking 1500.
    assert_eq!(
        start(&db, "Base+MLP"),
        [
            ("wB1", 1, 0, 0, 1, None),
            ("wL", 1, 1, 0, 0, None),
            ("wS1", 2, 2, 0, 0, Some(1325.0)),
        ]
    );
    assert_eq!(start(&db, "Base+P"), [("wG1", 1, 0, 0, 1, Some(1500.0))]);
    assert!(start(&db, "Base").is_empty());
    // Mzinga's PGN of each is the same game: all five are duplicates.
    let pgn = dir.path().join("pgn");
    assert_eq!(copy_files(&recordings(), &pgn, ".pgn"), 5);
    let again = import(&mut db, &[pgn]);
    assert_eq!((again.progress.added, again.progress.duplicates), (0, 5));
    assert_eq!(db.stats().expect("stats").games, 5);
}

#[test]
fn black_answers_to_the_first_move_are_found_after_it() {
    let (_dir, mut db) = fresh();
    import(&mut db, &[recordings()]);
    // Both wS1 games: Abbo69's went on with bL /wS1 (PGN move 2), blue1224's
    // with bA1 -wS1; the explorer maps each onto the board given, here
    // with wS1 at the origin.
    let game = Game::from_game_string("Base+MLP;InProgress;Black[1];wS1").expect("a position");
    let answers = db
        .explore(&game, &ExplorerFilter::default())
        .expect("the explorer answers");
    let mut names: Vec<_> = answers.iter().map(|m| (m.uhp.clone(), m.games)).collect();
    names.sort();
    // One of the six cells around wS1 stands for all: after one piece the
    // board is symmetric, so bL /wS1 and bA1 -wS1 land on one cell.
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|(_, games)| *games == 1), "{names:?}");
    let bugs: Vec<_> = names
        .iter()
        .map(|(m, _)| m.split(' ').next().unwrap_or("").to_string())
        .collect();
    assert_eq!(bugs, ["bA1", "bL"]);
}

#[test]
fn the_explorer_answers_alike_from_its_aggregate_and_from_the_rows_at_every_position() {
    use hive_db::generate::{GenerateConfig, generate};
    use hive_db::schema::{EXPLORER_PIECES, opening_positions};
    let dir = tempfile::tempdir().expect("a folder");
    let config = GenerateConfig {
        games: 40,
        seed: 9,
        first_year: 2019,
        last_year: 2020,
    };
    generate(&config, dir.path(), &mut |_| {}).expect("generated");
    let (_db_dir, mut db) = fresh();
    let report = import(&mut db, &[dir.path().to_path_buf()]);
    assert_eq!(report.progress.added, 40, "{:?}", report.failures);
    // A filter every game passes reads the rows joined with the games;
    // without a filter an opening position is answered from the aggregate
    // and any other from its rows alone.
    let everyone = ExplorerFilter {
        from: Some("1000".into()),
        ..ExplorerFilter::default()
    };
    let (mut opening_checked, mut deeper_checked, mut shared) = (0, 0, 0);
    for summary in db.search(&hive_db::SearchQuery::default()).expect("search") {
        let stored = db.game(summary.id).expect("read").expect("stored");
        let mut game = stored.game().expect("replayed");
        let moves = stored.moves.join(";");
        // The opening positions read from the moves' text are those the
        // replay counts.
        let mut back = game.clone();
        let mut placed = vec![back.pieces_placed()];
        while back.undo().is_some() {
            placed.push(back.pieces_placed());
        }
        let opening = placed.iter().filter(|&&n| n <= EXPLORER_PIECES).count();
        assert_eq!(opening_positions(&moves), opening, "{moves}");
        while game.ply() > 0 {
            game.undo();
            let plain = db
                .explore(&game, &ExplorerFilter::default())
                .expect("explorer");
            let filtered = db.explore(&game, &everyone).expect("filtered explorer");
            assert_eq!(
                plain,
                filtered,
                "at ply {} of game {}",
                game.ply(),
                summary.id
            );
            assert!(!plain.is_empty(), "a move was played from here");
            shared += usize::from(plain.iter().map(|m| m.games).sum::<u64>() > 1);
            if game.pieces_placed() <= EXPLORER_PIECES {
                opening_checked += 1;
            } else {
                deeper_checked += 1;
            }
        }
    }
    assert!(opening_checked > 100 && deeper_checked > 1000 && shared > 40);
}
