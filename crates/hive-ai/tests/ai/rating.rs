//! Ratings: the maximum-likelihood fit of match results, the levels' scale
//! from their measured matches, and the player's Glicko-2 rating with its
//! history, file and suggestion.

use hive_ai::rating::{
    BEGINNER_RATING, BOT_NEAR, LEVEL_MATCHES, MATCH_GAMES, Pairing, RatingError, SUGGESTED_SCORE,
    ScoreError, bot_name, chance_of_score, expected_score, fit, level_pairings, one_sided,
    read_pairings, without_one_sided,
};
use hive_ai::{Difficulty, LevelRatings, PlayerRating, Score};

fn pairing(a: &str, b: &str, wins: u32, draws: u32, losses: u32) -> Pairing {
    Pairing {
        a: a.into(),
        b: b.into(),
        wins,
        draws,
        losses,
    }
}

#[test]
fn the_fit_finds_the_ratings_that_made_the_results() {
    // Results as the Elo model expects them of players 0, 150, 400 and 420
    // apart, over many games: the fit gives those gaps back.
    let truth = [("a", 0.0), ("b", 150.0), ("c", 400.0), ("d", 420.0)];
    let games = 1_000_000u32;
    let mut pairings = Vec::new();
    for (i, &(a, ra)) in truth.iter().enumerate() {
        for &(b, rb) in &truth[i + 1..] {
            let wins = (f64::from(games) * expected_score(ra, rb)).round() as u32;
            pairings.push(pairing(a, b, wins, 0, games - wins));
        }
    }
    let fitted = fit(&pairings, "a", 1000.0).expect("linked");
    for (name, r) in truth {
        assert!(
            (fitted[name] - (1000.0 + r)).abs() < 0.5,
            "{name}: {}",
            fitted[name]
        );
    }
}

#[test]
fn one_match_gives_the_gap_of_its_score_with_a_virtual_draw() {
    // 30 wins, 10 losses: with the virtual draw 30.5 of 41.
    let fitted = fit(&[pairing("x", "y", 30, 0, 10)], "y", 0.0).expect("linked");
    let p: f64 = 30.5 / 41.0;
    let gap = 400.0 * (p / (1.0 - p)).log10();
    assert!((fitted["x"] - gap).abs() < 1e-6, "{} vs {gap}", fitted["x"]);
    // A clean sweep still gives a finite gap.
    let sweep = fit(&[pairing("x", "y", 40, 0, 0)], "y", 0.0).expect("linked");
    assert!(sweep["x"].is_finite() && sweep["x"] > gap);
    // Draws count half to each side.
    let even = fit(&[pairing("x", "y", 10, 20, 10)], "y", 0.0).expect("linked");
    assert!(even["x"].abs() < 1e-6);
}

/// A match played in parts (a 40-game match as four of ten, each with its
/// own seed) counts as one: its rows are added, so the fit sees one virtual
/// draw for it, not four. A level written as its style is that level.
#[test]
fn the_parts_of_one_match_add_up_to_one_pairing() {
    let parts = "expert\tnokamute-d7\t3\t1\t6\n\
                 expert\tnokamute-d7\t5\t0\t5\n\
                 nokamute-d7\texpert\t1\t0\t0\n\
                 depth:1,tolerance:100\tnokamute-d7\t0\t0\t10\n\
                 beginner\tnokamute-d7\t0\t1\t9\n";
    let pairings = level_pairings(parts).expect("a table");
    assert_eq!(
        pairings,
        [
            pairing("expert", "nokamute-d7", 8, 1, 11),
            pairing("nokamute-d7", "expert", 1, 0, 0),
            pairing("beginner", "nokamute-d7", 0, 1, 19),
        ]
    );
    let whole = "expert\tbeginner\t8\t1\t11\n";
    let split = "expert\tbeginner\t3\t1\t6\nexpert\tbeginner\t5\t0\t5\n";
    let gap = |text: &str| {
        let fitted = fit(&level_pairings(text).expect("a table"), "beginner", 0.0).expect("linked");
        fitted["expert"]
    };
    assert!((gap(whole) - gap(split)).abs() < 1e-9);
}

/// A bot is rated beside the levels only once it has a match's worth of
/// games: the first parts of a long match do not place it.
#[test]
fn a_bot_is_placed_only_after_a_full_match() {
    let part = |games: u32| {
        let mut text = LEVEL_MATCHES.to_string();
        for seed in 0..games / 2 {
            text += &format!("expert\tnokamute-d9\t1\t0\t1\t-\t-\tseed {seed}\n");
        }
        LevelRatings::from_matches(&text).expect("a table")
    };
    let depths = |r: &LevelRatings| r.bots().iter().map(|&(d, _)| d).collect::<Vec<_>>();
    assert!(!depths(&part(4)).contains(&9));
    assert!(!depths(&part(MATCH_GAMES - 2)).contains(&9));
    // Nor do the first parts move the levels' scale.
    assert_eq!(&part(4), LevelRatings::measured());
    assert_eq!(&part(MATCH_GAMES - 2), LevelRatings::measured());
    let full = part(MATCH_GAMES);
    assert!(depths(&full).contains(&9));
    // Even with Expert: rated beside it.
    let nine = full
        .bots()
        .iter()
        .find(|&&(d, _)| d == 9)
        .expect("placed")
        .1;
    assert!((nine - full.of(Difficulty::Expert)).abs() < 1.0, "{nine}");
}

/// A bot that won every game of its whole matches is only bounded from
/// below: the virtual draw alone would put it somewhere, so it is not
/// placed until it has both gained and dropped points.
#[test]
fn a_bot_that_swept_its_matches_is_not_placed() {
    let with = |rows: &str| {
        let text = format!("{LEVEL_MATCHES}\n{rows}");
        LevelRatings::from_matches(&text).expect("a table")
    };
    let depths = |r: &LevelRatings| r.bots().iter().map(|&(d, _)| d).collect::<Vec<_>>();
    let swept = with("beginner2\tnokamute-d9\t0\t0\t40\n");
    assert!(!depths(&swept).contains(&9));
    // Its sweep is a leaf of the fit: the levels stay where they were.
    for (&(level, after), &(_, before)) in swept.all().iter().zip(LevelRatings::measured().all()) {
        assert!(
            (after - before).abs() < 1e-6,
            "{level:?}: {before} then {after}"
        );
    }
    let two_sweeps = with("beginner2\tnokamute-d9\t0\t0\t40\nbeginner\tnokamute-d9\t0\t0\t40\n");
    assert!(!depths(&two_sweeps).contains(&9));
    // Nor do two: fitted, the bot would pull Beginner and Beginner II apart.
    assert_eq!(two_sweeps.all(), LevelRatings::measured().all());
    // One draw against Expert: now it has dropped a point, and is placed.
    let placed = with("beginner2\tnokamute-d9\t0\t0\t40\nexpert\tnokamute-d9\t0\t1\t39\n");
    assert!(depths(&placed).contains(&9));
    let pairs = [
        pairing("a", "b", 0, 0, 40),
        pairing("a", "c", 3, 0, 37),
        pairing("c", "b", 0, 0, 40),
        pairing("d", "a", 0, 0, 40),
    ];
    assert!(one_sided(&pairs, "b"), "won all 80 of its games");
    assert_eq!(without_one_sided(&pairs), [pairs[1].clone()]);
    // Again until none is left: y is two-sided until x is left out.
    let chain = [
        pairing("a", "b", 20, 0, 20),
        pairing("x", "y", 40, 0, 0),
        pairing("y", "b", 40, 0, 0),
    ];
    assert!(!one_sided(&chain, "y"));
    assert_eq!(without_one_sided(&chain), [chain[0].clone()]);
    assert!(one_sided(&pairs, "d"), "lost all 40");
    assert!(!one_sided(&pairs, "a"), "won 3 of its games, lost the rest");
    assert!(!one_sided(&[pairing("a", "b", 3, 0, 37)], "a"));
    assert!(
        !one_sided(&[pairing("a", "b", 0, 1, 0)], "b"),
        "a draw is both"
    );
}

/// A level is said to play like a bot only once the two have played a
/// whole match: a bot placed by its games against other levels is not
/// named beside a level near it that has played it a few times, or never.
#[test]
fn a_level_is_named_beside_a_bot_only_after_a_match_against_it() {
    // Close steps (22-0-18, about 35 points), the bot's 40 games against
    // Hard, and a first part against Hard II (35 points above Hard).
    let ladder: Vec<String> = Difficulty::ALL
        .windows(2)
        .map(|w| format!("{}\t{}\t22\t0\t18", w[1].id(), w[0].id()))
        .collect();
    let with = |hard2: &str| {
        let text = format!(
            "{}\nhard\tnokamute-d9\t20\t0\t20\n{hard2}",
            ladder.join("\n")
        );
        LevelRatings::from_matches(&text).expect("a table")
    };
    let part = with("hard2\tnokamute-d9\t1\t0\t1\n");
    let nine = part
        .bots()
        .iter()
        .find(|&&(d, _)| d == 9)
        .expect("placed")
        .1;
    let near = |levels: &LevelRatings, level| (levels.of(level) - nine).abs() <= BOT_NEAR;
    assert!(near(&part, Difficulty::Hard) && near(&part, Difficulty::Hard2));
    let named = |levels: &LevelRatings, level| levels.nearest_bot(level).map(|(d, _)| d);
    assert_eq!(named(&part, Difficulty::Hard), Some(9));
    assert_eq!(named(&part, Difficulty::Hard2), None, "2 games only");
    assert_eq!(named(&part, Difficulty::Medium3), None, "no games");
    // The whole match against Hard II: named beside it too.
    let whole = with("hard2\tnokamute-d9\t20\t0\t20\n");
    assert_eq!(named(&whole, Difficulty::Hard2), Some(9));
}

#[test]
fn the_chance_of_a_match_score_is_the_sum_of_its_outcomes() {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    // A player who won every game scores 100% in any match: never 60-80%.
    let sweep = pairing("a", "b", 10, 0, 0);
    assert_eq!(chance_of_score(&sweep, 40, 0.6, 0.8), Some(0.0));
    assert!(close(
        chance_of_score(&sweep, 40, 1.0, 1.0).expect("games"),
        1.0
    ));
    // Every game drawn: every match scores exactly 50%.
    let draws = pairing("a", "b", 0, 7, 0);
    assert!(close(
        chance_of_score(&draws, 40, 0.5, 0.5).expect("games"),
        1.0
    ));
    // Even odds, no draws: 2 of 4 outcomes of two games are one each;
    // 14 of 16 outcomes of four games score 25% to 75%.
    let coin = pairing("a", "b", 5, 0, 5);
    assert!(close(
        chance_of_score(&coin, 2, 0.5, 0.5).expect("games"),
        0.5
    ));
    assert!(close(
        chance_of_score(&coin, 4, 0.25, 0.75).expect("games"),
        14.0 / 16.0
    ));
    // Won 70% and lost 30%: over 40 games the binomial chance of 24 to 32
    // wins (60% to 80%), each term C(40, k) 0.7^k 0.3^(40-k).
    let step = pairing("a", "b", 7, 0, 3);
    let binomial: f64 = (24..=32)
        .map(|k| {
            let ways = (0..k).fold(1.0, |c, i| c * f64::from(40 - i) / f64::from(i + 1));
            ways * 0.7f64.powi(k) * 0.3f64.powi(40 - k)
        })
        .sum();
    let chance = chance_of_score(&step, 40, 0.6, 0.8).expect("games");
    assert!(close(chance, binomial), "{chance} against {binomial}");
    assert!((0.85..0.90).contains(&chance), "{chance}");
    // The same step with a tenth of its games drawn, at 70%: the chances
    // of the three ranges that cover every score add up to one.
    let drawn = pairing("a", "b", 65, 10, 25);
    let parts = [(0.0, 0.5), (0.5125, 0.8), (0.8125, 1.0)]
        .map(|(low, high)| chance_of_score(&drawn, 40, low, high).expect("games"));
    assert!(close(parts.iter().sum(), 1.0), "{parts:?}");
    // No games, no chance to give.
    assert_eq!(
        chance_of_score(&pairing("a", "b", 0, 0, 0), 40, 0.6, 0.8),
        None
    );
}

#[test]
fn players_without_a_chain_of_games_to_the_anchor_are_refused() {
    let pairings = [pairing("a", "b", 5, 0, 5), pairing("c", "d", 5, 0, 5)];
    assert_eq!(
        fit(&pairings, "a", 0.0),
        Err(RatingError::NotLinked("c".into(), "a".into()))
    );
    assert_eq!(
        fit(&pairings, "z", 0.0),
        Err(RatingError::NoAnchor("z".into()))
    );
    let bad = read_pairings("# heading\neasy\tbeginner\t3\tx\t1\n");
    assert!(
        matches!(&bad, Err(RatingError::BadLine { line: 2, reason }) if reason.contains("\"x\"")),
        "{bad:?}"
    );
    assert!(matches!(
        read_pairings("easy\tbeginner\t3\n"),
        Err(RatingError::BadLine { line: 1, .. })
    ));
}

#[test]
fn the_levels_rise_on_one_scale_from_their_measured_matches() {
    let levels = LevelRatings::measured();
    assert_eq!(levels, &LevelRatings::from_matches(LEVEL_MATCHES).unwrap());
    assert!((levels.of(Difficulty::Beginner) - BEGINNER_RATING).abs() < 1e-9);
    let ratings: Vec<f64> = levels.all().iter().map(|&(_, r)| r).collect();
    assert_eq!(levels.all().len(), Difficulty::ALL.len());
    assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{ratings:?}");
    // Every match of a level against another level agrees with the fit:
    // the one that scored clearly more is rated higher. (The table has the
    // bots' and the variants' rows too, so the fit weighs every row
    // together and a gap is not one row's own.)
    let pairings = read_pairings(LEVEL_MATCHES).unwrap();
    let mut checked = 0;
    for p in &pairings {
        let (Ok(a), Ok(b)) = (p.a.parse::<Difficulty>(), p.b.parse::<Difficulty>()) else {
            continue;
        };
        let games = f64::from(p.wins + p.draws + p.losses);
        let score = (f64::from(p.wins) + 0.5 * f64::from(p.draws)) / games;
        let gap = levels.of(a) - levels.of(b);
        if (score - 0.5).abs() > 0.1 {
            assert_eq!(
                gap > 0.0,
                score > 0.5,
                "{a:?} vs {b:?}: scored {score:.2}, rated {gap:+.0} apart"
            );
            checked += 1;
        }
    }
    // Four such rows today: the check runs, and would see one go.
    assert!(checked >= 4, "level against level rows checked: {checked}");
    // A table without a level is refused.
    assert!(LevelRatings::from_matches("easy\tbeginner\t3\t0\t1\n").is_err());
}

/// hivegame.com's bots (nokamute at a depth) are rated on the levels'
/// scale from their matches against the levels, and each level is told
/// the bot nearest it.
#[test]
fn the_bots_are_rated_beside_the_levels_and_each_level_has_its_nearest() {
    // Each level 30-0-10 against the one below it, then the bots' rows.
    let ladder: Vec<String> = Difficulty::ALL
        .windows(2)
        .map(|w| format!("{}\t{}\t30\t0\t10", w[1].id(), w[0].id()))
        .collect();
    let table = format!(
        "{}\n\
easy\tnokamute-d2\t20\t0\t20
easy2\tnokamute-d2\t30\t0\t10
hard\tnokamute-d4\t20\t0\t20
expert\tnokamute-d4\t30\t0\t10
nokamute-d02\tbeginner\t1\t0\t1
",
        ladder.join("\n")
    );
    let table = table.as_str();
    let levels = LevelRatings::from_matches(table).unwrap();
    let depths: Vec<u32> = levels.bots().iter().map(|&(d, _)| d).collect();
    assert_eq!(depths, [2, 4], "a misspelt bot is not one");
    let (d2, d4) = (levels.bots()[0].1, levels.bots()[1].1);
    assert!((d2 - levels.of(Difficulty::Easy)).abs() < 40.0, "{d2}");
    assert!((d4 - levels.of(Difficulty::Hard)).abs() < 40.0, "{d4}");
    let nearest = |level| levels.nearest_bot(level).map(|(depth, _)| depth);
    assert_eq!(nearest(Difficulty::Easy), Some(2));
    assert_eq!(nearest(Difficulty::Hard), Some(4));
    // Far from every bot: none is named.
    assert_eq!(nearest(Difficulty::Beginner), None);
    assert_eq!(nearest(Difficulty::Expert), None);
    assert_eq!(bot_name(7), "nokamute-d7");
    // Without bot rows there is no nearest bot.
    let plain = LevelRatings::from_matches(&ladder.join("\n"));
    assert_eq!(plain.unwrap().nearest_bot(Difficulty::Easy), None);
}

#[test]
fn wins_raise_the_rating_losses_lower_it_and_each_game_makes_it_surer() {
    let levels = LevelRatings::measured();
    let mut player = PlayerRating::default();
    // A new player starts where the ladder does, unsure.
    assert!((player.current().rating - levels.of(Difficulty::Beginner)).abs() < 1e-6);
    assert_eq!(player.current().rating, hive_ai::rating::BEGINNER_RATING);
    assert_eq!(player.current().deviation, 350.0);
    let before = player.current();
    let after = player.record(levels, Difficulty::Medium, Score::Win, 100);
    assert!(after.rating > before.rating);
    assert!(after.deviation < before.deviation);
    let after_loss = player.record(levels, Difficulty::Medium, Score::Loss, 200);
    assert!(after_loss.rating < after.rating);
    assert!(after_loss.deviation < after.deviation);
    // A draw against a much weaker level costs; against a much stronger
    // one it gains.
    let mut weak = player.clone();
    let mut strong = player.clone();
    let now = player.current().rating;
    assert!(
        weak.record(levels, Difficulty::Beginner, Score::Draw, 300)
            .rating
            < now
    );
    assert!(
        strong
            .record(levels, Difficulty::Expert, Score::Draw, 300)
            .rating
            > now
    );
    assert_eq!(player.history.len(), 2);
    assert_eq!(player.history[1].score, Score::Loss);
    assert_eq!(player.history[1].when, 200);
}

#[test]
fn the_rating_file_reads_back_what_it_wrote_and_names_a_bad_line() {
    let levels = LevelRatings::measured();
    let mut player = PlayerRating::default();
    for (i, (level, score)) in [
        (Difficulty::Beginner, Score::Win),
        (Difficulty::Easy, Score::Draw),
        (Difficulty::Medium, Score::Loss),
    ]
    .into_iter()
    .enumerate()
    {
        player.record(levels, level, score, 1_700_000_000 + i as u64);
    }
    let text = player.to_text();
    let read = PlayerRating::from_text(&text).expect("its own file");
    assert_eq!(read.to_text(), text);
    assert_eq!(read.history.len(), 3);
    assert_eq!(read.history[2].level, Difficulty::Medium);
    assert!((read.current().rating - player.current().rating).abs() < 0.05);
    assert_eq!(
        PlayerRating::from_text("").unwrap(),
        PlayerRating::default()
    );

    let broken = text.replace("\tdraw\t", "\tdrew\t");
    let err = PlayerRating::from_text(&broken).unwrap_err();
    assert_eq!(
        err,
        RatingError::BadLine {
            line: 4,
            reason: "\"drew\" is not win, draw or loss".into()
        }
    );
    assert_eq!("loss".parse::<Score>(), Ok(Score::Loss));
    assert_eq!(
        "drew".parse::<Score>(),
        Err(ScoreError("drew".into())),
        "the word that is not a result is named"
    );
    assert!(PlayerRating::from_text("1\tmedium\twin\t1500\tNaN\t0.06\n").is_err());
    assert!(PlayerRating::from_text("1\tgrandmaster\twin\t1500\t300\t0.06\n").is_err());
    assert!(PlayerRating::from_text("1\tmedium\twin\n").is_err());
}

/// The strongest level `player` is expected to score two games in five
/// against (Beginner if none).
fn by_rating(player: &PlayerRating) -> Difficulty {
    let levels = LevelRatings::measured();
    let rating = player.current().rating;
    levels
        .all()
        .iter()
        .rev()
        .find(|&&(_, r)| expected_score(rating, r) >= SUGGESTED_SCORE)
        .map_or(Difficulty::Beginner, |&(level, _)| level)
}

#[test]
fn a_win_suggests_the_next_level_and_two_wins_in_a_row_two_levels_up() {
    let levels = LevelRatings::measured();
    let new = PlayerRating::default();
    assert_eq!(
        new.suggestion(levels).0,
        Difficulty::Beginner,
        "a first game"
    );
    // One win against Beginner: the rating (from Beginner's) rises a few
    // levels, not to Medium (where Glicko-2's own start of 1500 put it),
    // and the next step is Beginner II.
    let mut player = PlayerRating::default();
    player.record(levels, Difficulty::Beginner, Score::Win, 0);
    assert!(
        player.current().rating > levels.of(Difficulty::Beginner),
        "{player}"
    );
    assert!(by_rating(&player) < Difficulty::Medium, "{player}");
    let (level, expected) = player.suggestion(levels);
    assert_eq!(level, Difficulty::Beginner2);
    let rating = player.current().rating;
    assert!((expected - expected_score(rating, levels.of(level))).abs() < 1e-12);
    // A second win in a row, against Beginner II: two steps, Beginner IV.
    player.record(levels, Difficulty::Beginner2, Score::Win, 1);
    assert_eq!(player.suggestion(levels).0, Difficulty::Beginner4);
    // A loss, then a win: one step again.
    player.record(levels, Difficulty::Beginner4, Score::Loss, 2);
    player.record(levels, Difficulty::Beginner4, Score::Win, 3);
    assert_eq!(player.suggestion(levels).0, Difficulty::Easy);
    // Beating the strongest level: it stays the suggestion.
    let mut master = PlayerRating::default();
    for i in 0..3 {
        master.record(levels, Difficulty::Expert, Score::Win, i);
    }
    assert_eq!(master.suggestion(levels).0, Difficulty::Expert);
    assert!(master.to_string().contains(" ± "));
    // The ladder's steps, held at its ends.
    assert_eq!(hive_ai::next_step(Difficulty::Hard2, 2), Difficulty::Expert);
    assert_eq!(
        hive_ai::next_step(Difficulty::Beginner2, -2),
        Difficulty::Beginner
    );
    assert_eq!(hive_ai::next_step(Difficulty::Easy5, 1), Difficulty::Medium);
}

#[test]
fn a_loss_or_a_draw_follows_the_rating_within_a_step_or_two_of_the_level() {
    let levels = LevelRatings::measured();
    // A first game lost to Beginner: the rating falls below Beginner's,
    // and the suggestion is Beginner again.
    let mut first = PlayerRating::default();
    first.record(levels, Difficulty::Beginner, Score::Loss, 0);
    assert!(first.current().rating < levels.of(Difficulty::Beginner));
    let (level, expected) = first.suggestion(levels);
    assert_eq!(level, Difficulty::Beginner);
    assert!((expected - expected_score(first.current().rating, levels.of(level))).abs() < 1e-12);
    // A first game lost to Expert: a new player's advice stays Beginner
    // (a loss far above the advice says little).
    let mut bold = PlayerRating::default();
    bold.record(levels, Difficulty::Expert, Score::Loss, 0);
    assert!(by_rating(&bold) < Difficulty::Hard, "{bold}");
    assert_eq!(bold.suggestion(levels).0, Difficulty::Beginner);
    // A win against Beginner, then a loss to Medium (the menu's level):
    // the advice stays Beginner II, not two steps below Medium (Easy IV),
    // and a loss to Beginner II then keeps it there or a step down, as the
    // rating says.
    let mut newcomer = PlayerRating::default();
    newcomer.record(levels, Difficulty::Beginner, Score::Win, 0);
    assert_eq!(newcomer.suggestion(levels).0, Difficulty::Beginner2);
    newcomer.record(levels, Difficulty::Medium, Score::Loss, 1);
    assert_eq!(newcomer.suggestion(levels).0, Difficulty::Beginner2);
    newcomer.record(levels, Difficulty::Beginner2, Score::Loss, 2);
    assert_eq!(
        newcomer.suggestion(levels).0,
        by_rating(&newcomer).clamp(Difficulty::Beginner, Difficulty::Beginner2)
    );
    // Losses where the rating says lower within those two steps: the
    // rating decides.
    let mut player = PlayerRating::default();
    for i in 0..6 {
        player.record(levels, Difficulty::Easy, Score::Win, i);
        player.record(levels, Difficulty::Easy2, Score::Loss, i);
    }
    let rated = by_rating(&player);
    assert!(rated <= Difficulty::Easy2, "{rated:?}");
    let expected_level = rated.max(hive_ai::next_step(Difficulty::Easy2, -2));
    assert_eq!(player.suggestion(levels).0, expected_level);
    // A draw with Beginner: the rating stays at Beginner's, and the
    // suggestion within one step of it, as the rating says.
    let mut drawn = PlayerRating::default();
    drawn.record(levels, Difficulty::Beginner, Score::Draw, 0);
    assert!((drawn.current().rating - levels.of(Difficulty::Beginner)).abs() < 1.0);
    let expected = by_rating(&drawn).clamp(Difficulty::Beginner, Difficulty::Beginner2);
    assert_eq!(drawn.suggestion(levels).0, expected);
}
