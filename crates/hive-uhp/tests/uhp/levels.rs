//! The difficulty levels are ordered: each beats the one below it. The
//! levels tested here are limited by depth or nodes, never by the clock, so
//! the games are the same on every machine and the test is deterministic.
//!
//! Hard (a few hundred thousand nodes a move) and Expert (the clock) take
//! too long for a debug build: their order is measured with `hive match`
//! (commands and results in the README, "AI strength").

use hive_ai::Difficulty;
use hive_rules::GameType;
use hive_uhp::arena::{MatchConfig, Player, Summary, play_match};

/// `stronger`'s results against `weaker` from seeded openings, colours alternating.
fn play(stronger: Difficulty, weaker: Difficulty, games: u32) -> Summary {
    let mut a = Player::from_spec(stronger.name(), None).expect("a preset");
    let mut b = Player::from_spec(weaker.name(), None).expect("a preset");
    let config = MatchConfig {
        games,
        game_type: GameType::ALL,
        opening_plies: 2,
        book: None,
        max_plies: 200,
        seed: 13,
        threefold_repetition: false,
    };
    play_match(&mut a, &mut b, &config, |_, _, _| {})
}

fn assert_clearly_stronger(stronger: Difficulty, weaker: Difficulty, games: u32) {
    let summary = play(stronger, weaker, games);
    let (score, _) = summary.score();
    assert_eq!(summary.a_forfeits + summary.b_forfeits, 0, "{summary}");
    assert!(
        summary.wins > summary.losses && score >= 0.7,
        "{stronger} against {weaker}: {summary}"
    );
}

#[test]
fn easy_beats_beginner() {
    assert_clearly_stronger(Difficulty::Easy, Difficulty::Beginner, 8);
}

#[test]
fn medium_beats_easy() {
    assert_clearly_stronger(Difficulty::Medium, Difficulty::Easy, 8);
}

#[test]
fn every_level_below_expert_ignores_the_clock() {
    for level in Difficulty::ALL {
        let limits = level.limits();
        if level == Difficulty::Expert {
            assert!(limits.time.is_some(), "the top level has a time budget");
        } else {
            assert!(
                limits.time.is_none(),
                "{level} must not depend on the clock"
            );
            assert!(limits.nodes.is_some() || limits.max_depth.is_some());
        }
    }
}
