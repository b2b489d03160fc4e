//! Search: players, dates, results, game types, lengths, positions;
//! sorted and paged; and the filtered explorer.

use hive_db::{DbError, ExplorerFilter, PositionKey, SearchQuery, SortBy};
use hive_formats::GameResult;
use hive_rules::{Game, GameType};

use crate::{fresh, import, recordings};

#[test]
fn search_finds_by_player_date_result_type_length_and_position() {
    let (_dir, mut db) = fresh();
    import(&mut db, &[recordings()]);
    let ids = |q: SearchQuery| -> Vec<(String, String)> {
        db.search(&q)
            .expect("search")
            .into_iter()
            .map(|g| (g.white.unwrap_or_default(), g.black.unwrap_or_default()))
            .collect()
    };
    let pair = |w: &str, b: &str| (w.to_string(), b.to_string());
    let dumbot = SearchQuery {
        player: Some("DUMBOT".into()),
        ..SearchQuery::default()
    };
    // Newest first (dates as the SGF files give them).
    assert_eq!(
        ids(dumbot.clone()),
        [
            pair("Dumbot", "Kaur50"),
            pair("blue1224", "Dumbot"),
            pair("kearf29", "Dumbot")
        ]
    );
    assert_eq!(
        ids(SearchQuery {
            opponent: Some("kaur50".into()),
            ..dumbot.clone()
        }),
        [pair("Dumbot", "Kaur50")]
    );
    assert_eq!(
        ids(SearchQuery {
            result: Some(GameResult::BlackWins),
            sort: SortBy::Oldest,
            ..dumbot.clone()
        }),
        [pair("kearf29", "Dumbot"), pair("Dumbot", "Kaur50")]
    );
    assert_eq!(
        ids(SearchQuery {
            from: Some("2016".into()),
            to: Some("2018-10".into()),
            ..SearchQuery::default()
        }),
        [pair("Abbo69", "WeakBot"), pair("blue1224", "Dumbot")]
    );
    // The same dates written another way; a date that is none is refused
    // as the explorer refuses it.
    assert_eq!(
        ids(SearchQuery {
            from: Some("2016.1".into()),
            to: Some("2018/10/31".into()),
            ..SearchQuery::default()
        }),
        [pair("Abbo69", "WeakBot"), pair("blue1224", "Dumbot")]
    );
    for bad in ["20x9", "19", "2019-13", "2019-01-02-03"] {
        for (from, to) in [(Some(bad.to_string()), None), (None, Some(bad.to_string()))] {
            let err = db
                .search(&SearchQuery {
                    from,
                    to,
                    ..SearchQuery::default()
                })
                .expect_err(bad);
            assert!(
                matches!(&err, DbError::BadDate(text) if text == bad),
                "{err}"
            );
        }
    }
    assert_eq!(
        ids(SearchQuery {
            game_type: Some("Base+P".parse::<GameType>().expect("a game type")),
            ..SearchQuery::default()
        }),
        [pair("kearf29", "Dumbot")]
    );
    let lengths: Vec<u32> = db
        .search(&SearchQuery {
            min_plies: Some(40),
            max_plies: Some(100),
            sort: SortBy::Shortest,
            ..SearchQuery::default()
        })
        .expect("search")
        .iter()
        .map(|g| g.plies)
        .collect();
    assert!(
        !lengths.is_empty() && lengths.windows(2).all(|w| w[0] <= w[1]),
        "{lengths:?}"
    );
    assert!(lengths.iter().all(|&n| (40..=100).contains(&n)));
    // Paged.
    let all = db.search(&SearchQuery::default()).expect("search");
    assert_eq!(all.len(), 5);
    let page = db
        .search(&SearchQuery {
            limit: 2,
            offset: 2,
            ..SearchQuery::default()
        })
        .expect("search");
    assert_eq!(page, all[2..4]);
    // Reached a position: both games opening wS1, at ply 1.
    let after = Game::from_game_string("Base+MLP;InProgress;Black[1];wS1").expect("a position");
    let reached = db
        .search(&SearchQuery {
            position: Some(PositionKey::of(&after)),
            ..SearchQuery::default()
        })
        .expect("search");
    assert_eq!(reached.len(), 2);
    assert!(reached.iter().all(|g| g.reached_at == Some(1)));
    let reaching = db
        .games_reaching(&after, &ExplorerFilter::default(), 10, 0)
        .expect("games reaching");
    assert_eq!(reaching, reached);
}

#[test]
fn the_explorer_filters_by_player_date_and_rating() {
    let (_dir, mut db) = fresh();
    import(&mut db, &[recordings()]);
    let start = Game::new("Base+MLP".parse::<GameType>().expect("a game type"));
    let explore = |filter: ExplorerFilter| -> Vec<(String, u64)> {
        db.explore(&start, &filter)
            .expect("explorer")
            .into_iter()
            .map(|m| (m.uhp, m.games))
            .collect()
    };
    assert_eq!(
        explore(ExplorerFilter {
            player: Some("dumbot".into()),
            ..ExplorerFilter::default()
        }),
        [("wB1".to_string(), 1), ("wS1".to_string(), 1)]
    );
    assert_eq!(
        explore(ExplorerFilter {
            from: Some("2019".into()),
            ..ExplorerFilter::default()
        }),
        [("wB1".to_string(), 1), ("wL".to_string(), 1)]
    );
    assert!(
        explore(ExplorerFilter {
            min_rating: Some(1000),
            ..ExplorerFilter::default()
        })
        .is_empty(),
        "no game has both ratings"
    );
    assert_eq!(
        explore(ExplorerFilter {
            game_type: Some("Base+MLP".parse::<GameType>().expect("a game type")),
            to: Some("2018".into()),
            ..ExplorerFilter::default()
        }),
        [("wS1".to_string(), 2)]
    );
    // A position's key holds its game type: the filter by its own type lets
    // every game through, by another none, for the explorer and the list.
    let of_type = |t: &str| ExplorerFilter {
        game_type: Some(t.parse::<GameType>().expect("a game type")),
        ..ExplorerFilter::default()
    };
    assert_eq!(
        explore(of_type("Base+MLP")),
        explore(ExplorerFilter::default())
    );
    assert_eq!(explore(ExplorerFilter::default()).len(), 3);
    assert!(explore(of_type("Base+P")).is_empty());
    // A date that is none is refused with the forms that are.
    for bad in ["20x9", "19", "2019-13", "2019-01-02-03"] {
        let filter = ExplorerFilter {
            from: Some(bad.into()),
            ..ExplorerFilter::default()
        };
        let err = db.explore(&start, &filter).expect_err(bad).to_string();
        assert!(err.contains("yyyy-mm-dd"), "{err}");
    }
    let listed = |filter: ExplorerFilter| {
        db.games_reaching(&start, &filter, 0, 0)
            .expect("games")
            .len()
    };
    assert_eq!(
        (
            listed(of_type("Base+MLP")),
            listed(of_type("Base+P")),
            listed(ExplorerFilter::default())
        ),
        (4, 0, 4)
    );
}
