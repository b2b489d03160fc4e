//! Why the move shown in the engine's review is an inaccuracy, a mistake or
//! a blunder: the rules' facts of the move played along the engine's reply
//! and of the engine's move along its line ([`crate::ai::explain_move`]),
//! worded by `hive-text`, the first two of each with the cells they are
//! about on the board shown. Worked out once when the move shown, the review or the language
//! changes; the review panel shows it and lights its cells.

use bevy::prelude::*;

use super::EngineReview;
use crate::ai::MoveClass;
use crate::game::core::{CurrentGame, GameSystems, Screen, Words};
use crate::text::{Texts, Worded};

/// How many facts of each move are told: the weightiest come first.
const FACTS_TOLD: usize = 2;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReviewWhy>();
    app.add_systems(
        Update,
        explain_the_move_shown
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), forget);
}

/// The explanation of the reviewed move shown, if it is one the review
/// marks (inaccuracy, mistake, blunder).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct ReviewWhy {
    /// Whether the move shown is explained (else the rest is empty).
    pub explained: bool,
    /// What the move played changed, weightiest first.
    pub played: Vec<Worded>,
    /// What the engine's move would have changed.
    pub better: Vec<Worded>,
}

fn explain_the_move_shown(
    review: Res<EngineReview>,
    current: Res<CurrentGame>,
    words: Res<Words>,
    mut why: ResMut<ReviewWhy>,
) {
    if !(review.is_changed() || current.is_changed() || words.is_changed()) {
        return;
    }
    let explained = explain(&review, &current, &words.0).unwrap_or_default();
    why.set_if_neq(explained);
}

/// The explanation of the move at the current node, when the review marks it.
fn explain(review: &EngineReview, current: &CurrentGame, words: &Texts) -> Option<ReviewWhy> {
    let tree = current.variations();
    let node = current.node();
    let line = review.reviewed(tree)?;
    let index = line.nodes.iter().position(|&n| n == node)?;
    let verdict = line.review.moves.get(index)?;
    if !matches!(
        verdict.class,
        MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder
    ) {
        return None;
    }
    let before = tree.game_at(tree.parent(node));
    let explanation = line.review.explain(index, &before)?;
    // The facts are of the ends of the lines; their pieces are lit where
    // they stand on the board shown (after the move played).
    let shown = tree.game_at(node);
    let told = |facts| -> Vec<Worded> {
        let mut worded = words.move_facts_on(facts, &shown);
        worded.truncate(FACTS_TOLD);
        worded
    };
    Some(ReviewWhy {
        explained: true,
        played: told(&explanation.played),
        better: explanation.better.as_ref().map(told).unwrap_or_default(),
    })
}

fn forget(mut why: ResMut<ReviewWhy>) {
    *why = ReviewWhy::default();
}
