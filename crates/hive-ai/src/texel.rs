//! Texel tuning of the evaluation's [`Weights`]: positions labelled with
//! their game's result (1, ½, 0 for White), the loss between
//! `sigmoid(K · eval)` and the results, the scale `K` that fits the data
//! best, and a local search over the weights that lowers the loss.
//!
//! The evaluation is linear in every weight but one: a free piece pressing
//! the enemy queen counts `free_piece[bug] * attacker_mobility_percent / 100`.
//! So a position is reduced once to its [`Features`], read off the
//! evaluator itself (the evaluation with one weight at 1 and the others at
//! 0, and the pressing pieces with the percentage at 100), and any weights'
//! evaluation of it is then [`Features::eval`], exactly the evaluator's (in
//! integers, with the same rounding). The loss over tens of thousands of
//! positions takes a millisecond, so the search can try every weight up and
//! down again and again.

use hive_rules::{Color, Game, GameStatus};

use crate::eval::{HiveEvaluator, Weights};
use crate::search::Evaluator;

/// Where the two weights the evaluation multiplies are in
/// [`Weights::to_vec`].
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// The first of the eight `free_piece` weights.
    free_piece: usize,
    /// `attacker_mobility_percent`.
    percent: usize,
    /// Every weight.
    len: usize,
}

fn layout() -> Layout {
    let names = Weights::names();
    let at = |name: &str| {
        names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no weight {name}"))
    };
    Layout {
        free_piece: at("free_piece[Queen]"),
        percent: at("attacker_mobility_percent"),
        len: names.len(),
    }
}

/// A position reduced to what the evaluation counts, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// For each weight of [`Weights::to_vec`], what one point of it adds to
    /// White's score (0 for `attacker_mobility_percent`).
    pub linear: Vec<i16>,
    /// Per bug, White's free pieces pressing the enemy queen less Black's.
    pub pressing: [i16; 8],
}

impl Features {
    /// The position's features, read off [`HiveEvaluator::score_for`].
    pub fn of(game: &Game) -> Features {
        let layout = layout();
        let score = |values: &[i32]| {
            HiveEvaluator {
                weights: Weights::from_slice(values),
            }
            .score_for(game, Color::White)
        };
        let mut values = vec![0; layout.len];
        debug_assert_eq!(score(&values), 0, "every weight 0 scores 0");
        let narrow = |x: i32| i16::try_from(x).expect("a count fits in 16 bits");
        let mut linear = vec![0; layout.len];
        for (i, feature) in linear.iter_mut().enumerate() {
            if i != layout.percent {
                values[i] = 1;
                *feature = narrow(score(&values));
                values[i] = 0;
            }
        }
        let mut pressing = [0; 8];
        values[layout.percent] = 100;
        for (bug, count) in pressing.iter_mut().enumerate() {
            let i = layout.free_piece + bug;
            values[i] = 1;
            *count = narrow(score(&values)) - linear[i];
            values[i] = 0;
        }
        Features { linear, pressing }
    }

    /// White's score under `weights` (as [`Weights::to_vec`] orders them):
    /// the evaluator's, to the point.
    pub fn eval(&self, weights: &[i32]) -> i32 {
        let layout = layout();
        self.eval_with(weights, layout)
    }

    fn eval_with(&self, weights: &[i32], layout: Layout) -> i32 {
        let linear: i32 = self
            .linear
            .iter()
            .zip(weights)
            .map(|(&f, &w)| i32::from(f) * w)
            .sum();
        let percent = weights[layout.percent];
        let pressing: i32 = self
            .pressing
            .iter()
            .zip(&weights[layout.free_piece..layout.free_piece + 8])
            .map(|(&n, &w)| i32::from(n) * (w * percent / 100))
            .sum();
        linear + pressing
    }
}

/// A position for tuning: its features and its game's result for White
/// (1 a win, 0.5 a draw, 0 a loss).
#[derive(Clone, Debug)]
pub struct Sample {
    /// What the evaluation counts in it.
    pub features: Features,
    /// The game's result for White.
    pub result: f64,
}

/// Whether `game` is quiet: not over, and the side to move has no move
/// the quiescence search would look at (when the enemy queen has two free
/// cells or fewer, a move that fills one of them or climbs on her): the
/// static evaluation is then what the search stands on.
pub fn is_quiet(game: &Game) -> bool {
    if matches!(
        game.status(),
        GameStatus::WhiteWins | GameStatus::BlackWins | GameStatus::Draw
    ) {
        return false;
    }
    let evaluator = HiveEvaluator::default();
    if !evaluator.wants_quiescence(game) {
        return true;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    !moves.iter().any(|&mv| evaluator.is_noisy(game, mv))
}

/// `1 / (1 + e^(-k · eval))`: the expected result of a score.
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// The logistic (cross-entropy) loss of predicting `p` when the result is
/// `result`: `-(r ln p + (1 - r) ln(1 - p))`; `ln 2` for a draw predicted
/// even, 0 for a win predicted certain.
pub fn logistic_loss(p: f64, result: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

/// The mean [`logistic_loss`] of `samples` under `weights` (as
/// [`Weights::to_vec`]) and scale `k`; 0 without samples.
pub fn loss(samples: &[Sample], weights: &[i32], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let layout = layout();
    let total: f64 = samples
        .iter()
        .map(|s| {
            let eval = f64::from(s.features.eval_with(weights, layout));
            logistic_loss(sigmoid(k, eval), s.result)
        })
        .sum();
    total / samples.len() as f64
}

/// The scale `k` in `[1e-6, 1]` with the lowest [`loss`] of `samples`
/// under `weights` (a golden-section search on `ln k`: the loss is convex
/// in `k`).
pub fn fit_k(samples: &[Sample], weights: &[i32]) -> f64 {
    let f = |ln_k: f64| loss(samples, weights, ln_k.exp());
    let (mut lo, mut hi) = (1e-6f64.ln(), 0.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut x1 = hi - ratio * (hi - lo);
    let mut x2 = lo + ratio * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..80 {
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - ratio * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + ratio * (hi - lo);
            f2 = f(x2);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// How [`tune`] searches.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The steps tried, in turn: each weight is moved by ± the step while
    /// that lowers the loss, then the next (smaller) step is used.
    pub steps: Vec<i32>,
    /// Weights (indices of [`Weights::to_vec`]) left as they are.
    pub frozen: Vec<usize>,
    /// Most passes over the weights at each step.
    pub max_passes: usize,
}

impl Default for TuneOptions {
    /// Steps 8, 4, 2, 1; the weights of [`default_frozen`] left alone; at
    /// most 100 passes a step.
    fn default() -> TuneOptions {
        TuneOptions {
            steps: vec![8, 4, 2, 1],
            frozen: default_frozen(),
            max_passes: 100,
        }
    }
}

/// The weights a tuner should leave alone, because the positions cannot
/// tell them apart from others or cannot measure them:
///
/// - `queen_danger[0]`, the zero the other danger levels and
///   `queen_in_hand` are measured from (a side's queen is in exactly one of
///   those states, so adding the same number to all of them changes no
///   evaluation);
/// - `in_hand[Queen]`, which counts exactly when `queen_in_hand` does (the
///   queen not yet placed);
/// - `free_piece[Queen]`, which counts exactly when `queen_free` does but
///   for a queen touching the enemy one (the two drift apart in opposite
///   directions, their sum alone being measured);
/// - `winning_threat`: in a quiet position ([`is_quiet`]) the side to move
///   cannot fill the enemy queen's last cell, so the threats the positions
///   hold are exactly the ones that fail, and the tuner would learn to
///   punish the term.
pub fn default_frozen() -> Vec<usize> {
    let names = Weights::names();
    [
        "queen_danger[0]",
        "in_hand[Queen]",
        "free_piece[Queen]",
        "winning_threat",
    ]
    .iter()
    .map(|name| names.iter().position(|n| n == name).expect("a weight"))
    .collect()
}

/// One pass of [`tune`] over the weights, for reports.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    /// The step in use.
    pub step: i32,
    /// The pass's number at this step, from 1.
    pub number: usize,
    /// The loss after the pass.
    pub loss: f64,
    /// Weights changed in the pass.
    pub changed: usize,
}

/// Texel's local search: starting from `start` (as [`Weights::to_vec`]),
/// moves each weight not frozen by + or - the step whenever that lowers the
/// [`loss`] of `samples` at scale `k`, pass after pass until a pass changes
/// nothing, for each step of `options` in turn. `attacker_mobility_percent`
/// stays within 0 to 100. Calls `on_pass` after every pass.
pub fn tune(
    samples: &[Sample],
    start: &[i32],
    k: f64,
    options: &TuneOptions,
    mut on_pass: impl FnMut(Pass),
) -> Vec<i32> {
    let layout = layout();
    let mut weights = start.to_vec();
    let mut best = loss(samples, &weights, k);
    for &step in &options.steps {
        for number in 1..=options.max_passes {
            let mut changed = 0;
            for i in 0..weights.len() {
                if options.frozen.contains(&i) {
                    continue;
                }
                for delta in [step, -step] {
                    let old = weights[i];
                    let new = old + delta;
                    if i == layout.percent && !(0..=100).contains(&new) {
                        continue;
                    }
                    weights[i] = new;
                    let l = loss(samples, &weights, k);
                    if l < best {
                        best = l;
                        changed += 1;
                        break;
                    }
                    weights[i] = old;
                }
            }
            on_pass(Pass {
                step,
                number,
                loss: best,
                changed,
            });
            if changed == 0 {
                break;
            }
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample whose only feature is `tempo` counted `tempo` times (so that
    /// its evaluation is `tempo * weights[tempo]`).
    fn sample(tempo: i16, result: f64) -> Sample {
        let names = Weights::names();
        let mut linear = vec![0; names.len()];
        linear[names.iter().position(|n| n == "tempo").unwrap()] = tempo;
        Sample {
            features: Features {
                linear,
                pressing: [0; 8],
            },
            result,
        }
    }

    fn tempo_weights(value: i32) -> Vec<i32> {
        Weights {
            tempo: value,
            ..Weights::default()
        }
        .to_vec()
    }

    #[test]
    fn the_loss_is_lowest_for_the_eval_that_matches_the_results() {
        // White wins where the feature is +1, loses where it is -1.
        let samples: Vec<Sample> = (0..20)
            .map(|i| {
                if i % 2 == 0 {
                    sample(1, 1.0)
                } else {
                    sample(-1, 0.0)
                }
            })
            .collect();
        let right = loss(&samples, &tempo_weights(100), 0.01);
        let blind = loss(&samples, &tempo_weights(0), 0.01);
        let wrong = loss(&samples, &tempo_weights(-100), 0.01);
        assert!((blind - std::f64::consts::LN_2).abs() < 1e-12, "{blind}");
        assert!(right < blind && blind < wrong, "{right} {blind} {wrong}");
        // Draws are best predicted even.
        let draws = vec![sample(1, 0.5), sample(-1, 0.5)];
        assert!(loss(&draws, &tempo_weights(0), 0.01) < loss(&draws, &tempo_weights(50), 0.01));
        assert_eq!(loss(&[], &tempo_weights(50), 0.01), 0.0);
    }

    #[test]
    fn the_logistic_loss_and_the_sigmoid() {
        assert_eq!(sigmoid(0.01, 0.0), 0.5);
        assert!((sigmoid(1.0, 2.0) + sigmoid(1.0, -2.0) - 1.0).abs() < 1e-12);
        assert!(logistic_loss(0.9, 1.0) < logistic_loss(0.6, 1.0));
        assert!(logistic_loss(0.1, 0.0) < logistic_loss(0.4, 0.0));
        assert!(logistic_loss(1.0, 1.0) < 1e-9);
        // A certain wrong prediction costs much, but not infinitely.
        assert!(logistic_loss(0.0, 1.0).is_finite() && logistic_loss(0.0, 1.0) > 20.0);
    }

    #[test]
    fn k_is_fitted_to_how_often_the_score_wins() {
        // At a score of 100 White wins three games in four: the fitted k
        // is ln(3) / 100, where sigmoid(k * 100) = 3/4.
        let mut samples = Vec::new();
        for _ in 0..10 {
            samples.extend([
                sample(1, 1.0),
                sample(1, 1.0),
                sample(1, 1.0),
                sample(1, 0.0),
            ]);
            samples.extend([
                sample(-1, 0.0),
                sample(-1, 0.0),
                sample(-1, 0.0),
                sample(-1, 1.0),
            ]);
        }
        let weights = tempo_weights(100);
        let k = fit_k(&samples, &weights);
        assert!((k - 3f64.ln() / 100.0).abs() < 1e-5, "{k}");
        for other in [k / 2.0, k * 2.0] {
            assert!(loss(&samples, &weights, k) < loss(&samples, &weights, other));
        }
    }

    #[test]
    fn tuning_moves_a_weight_towards_the_results_and_leaves_frozen_ones() {
        let samples: Vec<Sample> = (0..40)
            .map(|i| {
                if i % 4 == 0 {
                    sample(1, 0.0)
                } else if i % 2 == 0 {
                    sample(1, 1.0)
                } else {
                    sample(-1, 0.0)
                }
            })
            .collect();
        let start = tempo_weights(0);
        let options = TuneOptions::default();
        let mut passes = 0;
        let tuned = tune(&samples, &start, 0.01, &options, |_| passes += 1);
        assert!(passes >= options.steps.len());
        let tempo = Weights::from_slice(&tuned).tempo;
        assert!(tempo > 0, "{tempo}");
        assert!(loss(&samples, &tuned, 0.01) < loss(&samples, &start, 0.01));
        // Only `tempo` counts here: the other weights stay where they were.
        let tempo_at = Weights::names().iter().position(|n| n == "tempo").unwrap();
        for i in (0..start.len()).filter(|&i| i != tempo_at) {
            assert_eq!(tuned[i], start[i], "{}", Weights::names()[i]);
        }
        for &i in &options.frozen {
            assert_eq!(tuned[i], start[i]);
        }
    }

    #[test]
    fn features_give_the_evaluators_score_for_any_weights() {
        let mut game = Game::new(hive_rules::GameType::ALL);
        let mut moves = Vec::new();
        let variants = [
            Weights::default(),
            Weights {
                attacker_mobility_percent: 55,
                free_piece: [3, -7, 22, 14, 31, 40, 29, 22],
                tempo: -5,
                ..Weights::default()
            },
        ];
        // A game of the first legal moves, with pieces pressing the queens.
        for ply in 0..60 {
            moves.clear();
            game.legal_moves(&mut moves);
            let over = matches!(
                game.status(),
                GameStatus::WhiteWins | GameStatus::BlackWins | GameStatus::Draw
            );
            if moves.is_empty() || over {
                break;
            }
            let features = Features::of(&game);
            for weights in &variants {
                let evaluator = HiveEvaluator {
                    weights: weights.clone(),
                };
                assert_eq!(
                    features.eval(&weights.to_vec()),
                    evaluator.score_for(&game, Color::White),
                    "ply {ply}"
                );
            }
            game.apply_unchecked(moves[(ply * 7) % moves.len()]);
        }
    }

    #[test]
    fn weights_read_back_as_written() {
        let weights = Weights {
            queen_danger: [0, 1, 2, 3, 4, -5],
            tempo: 7,
            ..Weights::default()
        };
        let text = weights.to_string();
        assert_eq!(Weights::parse(&text), Ok(weights.clone()));
        assert_eq!(Weights::from_slice(&weights.to_vec()), weights);
        assert_eq!(Weights::names().len(), weights.to_vec().len());
        assert_eq!(
            Weights::parse("# a comment\n\ntempo 3\n"),
            Ok(Weights {
                tempo: 3,
                ..Weights::default()
            })
        );
        assert!(Weights::parse("speed 3").is_err());
        assert!(Weights::parse("tempo 3 4").is_err());
        assert!(Weights::parse("tempo x").is_err());
        assert!(Weights::parse("tempo 3\ntempo 4").is_err());
        assert!(Weights::parse("queen_danger 1 2 3").is_err());
    }

    #[test]
    fn the_defaults_are_the_weights_spsa_left() {
        // The file the tuning wrote is what every level plays with; it names
        // every weight, so none of them is the default by omission.
        let text = include_str!("../data/spsa-weights.txt");
        for (name, _) in Weights::default().fields() {
            assert!(
                text.lines()
                    .any(|line| line.split_whitespace().next() == Some(name)),
                "{name} is not in the file"
            );
        }
        assert_eq!(Weights::parse(text), Ok(Weights::default()));
    }
}
