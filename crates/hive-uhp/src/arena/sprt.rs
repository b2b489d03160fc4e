//! The sequential probability ratio test (SPRT) of a match, as chess
//! engine testing runs it (fishtest, fastchess, OpenBench): pure functions,
//! no games.
//!
//! A match is played in pairs of games, the same opening once with each
//! colour to each player. A pair scores 0, ½, 1, 1½ or 2 points for A; the
//! counts of the five outcomes are the *pentanomial* (LL, LD, DD+WL, WD,
//! WW), which measures the variance of the score better than the games'
//! wins, draws and losses (the *trinomial*), because the two games of a pair
//! are correlated through their opening.
//!
//! The test weighs H0 (A is `elo0` stronger than B) against H1 (`elo1`
//! stronger), in logistic Elo: a score `s` is `1 / (1 + 10^(-elo/400))`.
//! Its statistic is the generalized log-likelihood ratio (GLLR) fishtest
//! computes (`LLR_logistic` in fishtest's `server/fishtest/stats/LLRcalc.py`):
//! for each hypothesis the multinomial closest to the observed frequencies
//! (maximum likelihood) among those whose expected score is that
//! hypothesis's, found by solving the secular equation
//! `Σ pᵢ (aᵢ - s) / (1 + x (aᵢ - s)) = 0` for `x` (Michel Van den Bergh,
//! "Comparing the approximations for the generalized log likelihood ratio of
//! a multinomial distribution", Proposition 1.1). Zero counts are replaced by
//! 0.001 first, as fishtest does. The test stops when the LLR leaves
//! `(ln(β/(1-α)), ln((1-β)/α))`: below, H0 is accepted; above, H1.
//! [`llr_approximate`] is the normal approximation
//! `N (s1 - s0)(2s - s0 - s1) / (2 var)` (fishtest's `LLR_alt2`), which the
//! exact value approaches as the counts grow.
//!
//! The Elo estimate and its 95% interval are those of fishtest's
//! `stat_util.get_elo` and fastchess's `EloPentanomial`: the mean score with
//! 1.96 standard errors either side (the standard error from the
//! pentanomial's per-pair variance), each turned into Elo.

use std::fmt;

use super::GameResult;

/// The z-score of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// What fishtest puts in place of a zero count before it computes the LLR
/// (`regularize` in `LLRcalc.py`).
const ZERO_COUNT: f64 = 1e-3;

/// A game's points for A in half points: a win 2, a draw 1, a loss 0. A
/// forfeit (an illegal move, a crash, no answer) is a loss for the player at
/// fault, as in chess engine testing.
pub fn half_points(result: &GameResult) -> usize {
    match result {
        GameResult::Win | GameResult::Forfeit { by_a: false, .. } => 2,
        GameResult::Draw => 1,
        GameResult::Loss | GameResult::Forfeit { by_a: true, .. } => 0,
    }
}

/// Pairs of games counted by A's points in the pair: `[LL, LD, DD+WL, WD,
/// WW]`, the index being A's points in half points (0 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts one pair of games.
    pub fn add_pair(&mut self, first: &GameResult, second: &GameResult) {
        self.0[half_points(first) + half_points(second)] += 1;
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ll, ld, even, wd, ww] = self.0;
        write!(f, "LL {ll}, LD {ld}, DD+WL {even}, WD {wd}, WW {ww}")
    }
}

/// Games counted by A's result: losses, draws, wins (forfeits counted as in
/// [`half_points`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games A lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A won.
    pub wins: u32,
}

impl Trinomial {
    /// Counts one game.
    pub fn add(&mut self, result: &GameResult) {
        match half_points(result) {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// The counts lowest score first, as [`llr`] and [`elo_estimate`] take them.
    pub fn counts(&self) -> [u32; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// The expected score of a player `elo` logistic Elo stronger.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo of a score, the score clamped to [0.001, 0.999] as
/// fishtest does (`stat_util.elo`), so that a whitewash gives ±1200.
pub fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Counts (lowest score first, 3 or 5 of them, or any number from 2 up)
/// as fishtest's `results_to_pdf`: zero counts replaced by [`ZERO_COUNT`],
/// then the sample size and each outcome's score in [0, 1] with its
/// frequency.
fn distribution(counts: &[u32]) -> (f64, Vec<(f64, f64)>) {
    let regular: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { ZERO_COUNT } else { f64::from(c) })
        .collect();
    let n: f64 = regular.iter().sum();
    let last = (counts.len().max(2) - 1) as f64;
    let pdf = regular
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last, c / n))
        .collect();
    (n, pdf)
}

/// The mean and variance of a distribution of `(value, probability)`.
fn mean_variance(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let variance = pdf.iter().map(|&(a, p)| p * (a - mean).powi(2)).sum();
    (mean, variance)
}

/// The root of `Σ pᵢ aᵢ / (1 + x aᵢ) = 0` between `-1/max aᵢ` and
/// `-1/min aᵢ`, where the sum falls from +∞ to -∞ (the `aᵢ` are of both
/// signs), by bisection down to the last bit.
fn secular(pdf: &[(f64, f64)]) -> f64 {
    let (min, max) = pdf
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(a, _)| {
            (lo.min(a), hi.max(a))
        });
    let f = |x: f64| -> f64 { pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return mid;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// The maximum-likelihood distribution on the same outcomes as `pdf` whose
/// expected score is `s` (fishtest's `MLE_expected`).
fn closest_with_mean(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let shifted: Vec<(f64, f64)> = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted);
    pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect()
}

/// The generalized log-likelihood ratio of H1 (A is `elo1` logistic Elo
/// stronger) against H0 (`elo0`) for `counts`, lowest score first: the
/// pentanomial's five (`[LL, LD, DD+WL, WD, WW]`) or the trinomial's three
/// (`[L, D, W]`). fishtest's `LLR_logistic`.
///
/// `elo0` and `elo1` must lie strictly between -∞ and +∞ (any finite Elo
/// has a score strictly between 0 and 1) and `counts` must hold at least
/// two outcomes.
pub fn llr(counts: &[u32], elo0: f64, elo1: f64) -> f64 {
    let (n, pdf) = distribution(counts);
    let p0 = closest_with_mean(&pdf, logistic_score(elo0));
    let p1 = closest_with_mean(&pdf, logistic_score(elo1));
    let mean: f64 = pdf
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln()))
        .sum();
    n * mean
}

/// The normal approximation of [`llr`]: `N (s1 - s0)(2s - s0 - s1) /
/// (2 var)`, with `s` and `var` the observed mean score and variance per
/// sample (per pair for the pentanomial) and `s0`, `s1` the scores of
/// `elo0`, `elo1` (fishtest's `LLR_alt2`, "GSPRT approximation"). Close
/// to [`llr`] once the counts are large and the observed score is near
/// the hypotheses.
pub fn llr_approximate(counts: &[u32], elo0: f64, elo1: f64) -> f64 {
    let (n, pdf) = distribution(counts);
    let (s, variance) = mean_variance(&pdf);
    let (s0, s1) = (logistic_score(elo0), logistic_score(elo1));
    n * (s1 - s0) * (2.0 * s - s0 - s1) / variance / 2.0
}

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate (logistic Elo).
    pub elo: f64,
    /// The interval's lower end.
    pub lower: f64,
    /// The interval's upper end.
    pub upper: f64,
}

impl EloEstimate {
    /// Half the interval's width: the "±" fishtest and fastchess print.
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:+.1} ± {:.1} [{:+.1}, {:+.1}]",
            self.elo,
            self.margin(),
            self.lower,
            self.upper
        )
    }
}

/// The Elo of A over B from `counts` (as [`llr`] takes them), with its 95%
/// interval: fishtest's `stat_util.get_elo` (the same zero-count
/// replacement), fastchess's `EloPentanomial` / `EloWDL`. `None` before the
/// first pair or game.
pub fn elo_estimate(counts: &[u32]) -> Option<EloEstimate> {
    if counts.iter().all(|&c| c == 0) || counts.len() < 2 {
        return None;
    }
    let (n, pdf) = distribution(counts);
    let (s, variance) = mean_variance(&pdf);
    let margin = Z_95 * (variance / n).sqrt();
    Some(EloEstimate {
        elo: logistic_elo(s),
        lower: logistic_elo(s - margin),
        upper: logistic_elo(s + margin),
    })
}

/// What a test decided so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell to the lower bound: A is not `elo1` stronger (H0).
    AcceptH0,
    /// The LLR rose to the upper bound: A is at least `elo1` stronger (H1).
    AcceptH1,
    /// The LLR is between the bounds: play on.
    Continue,
}

/// Why a test's settings are refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// `elo0` not below `elo1`, or either not finite.
    #[error("elo0 ({elo0}) must be below elo1 ({elo1}), both finite numbers")]
    Hypotheses {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error probability outside (0, 1), or α + β not below 1.
    #[error(
        "alpha ({alpha}) and beta ({beta}) must each lie strictly between 0 and 1, and sum to less than 1"
    )]
    Errors {
        /// False positives allowed.
        alpha: f64,
        /// False negatives allowed.
        beta: f64,
    },
}

/// A test's settings: the hypotheses and the error probabilities.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

impl Sprt {
    /// fishtest's default H0 (`sprt.py`): no gain.
    pub const DEFAULT_ELO0: f64 = 0.0;
    /// fishtest's default H1 (`sprt.py`): 5 Elo.
    pub const DEFAULT_ELO1: f64 = 5.0;
    /// fishtest's default false-positive and false-negative rates.
    pub const DEFAULT_ERROR: f64 = 0.05;

    /// H0: A is `elo0` stronger; H1: `elo1` stronger (logistic Elo,
    /// `elo0 < elo1`). `alpha` is the chance of accepting H1 when H0 holds,
    /// `beta` of accepting H0 when H1 holds.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::Hypotheses { elo0, elo1 });
        }
        let probability = |p: f64| p > 0.0 && p < 1.0;
        if !(probability(alpha) && probability(beta) && alpha + beta < 1.0) {
            return Err(SprtError::Errors { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// H0's and H1's Elo.
    pub fn hypotheses(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// α and β.
    pub fn errors(&self) -> (f64, f64) {
        (self.alpha, self.beta)
    }

    /// The bounds of the LLR: `ln(β/(1-α))` below, `ln((1-β)/α)` above
    /// (±2.94 for α = β = 0.05).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of `counts` under this test's hypotheses ([`llr`]).
    pub fn llr(&self, counts: &[u32]) -> f64 {
        llr(counts, self.elo0, self.elo1)
    }

    /// What an LLR decides: a bound reached (or passed) ends the test.
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::AcceptH1
        } else if llr <= lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

/// The state of a test as the match goes: pairs and games counted, and
/// what the counts decide.
#[derive(Clone, Debug)]
pub struct SprtState {
    /// The test.
    pub sprt: Sprt,
    /// Pairs so far.
    pub pentanomial: Pentanomial,
    /// Games so far.
    pub trinomial: Trinomial,
}

impl SprtState {
    /// No pairs yet.
    pub fn new(sprt: Sprt) -> SprtState {
        SprtState {
            sprt,
            pentanomial: Pentanomial::default(),
            trinomial: Trinomial::default(),
        }
    }

    /// Counts a pair of games and says what the test decides now.
    pub fn add_pair(&mut self, first: &GameResult, second: &GameResult) -> Decision {
        self.pentanomial.add_pair(first, second);
        self.trinomial.add(first);
        self.trinomial.add(second);
        self.decision()
    }

    /// The LLR of the pairs so far (pentanomial).
    pub fn llr(&self) -> f64 {
        self.sprt.llr(&self.pentanomial.0)
    }

    /// What the pairs so far decide.
    pub fn decision(&self) -> Decision {
        if self.pentanomial.pairs() == 0 {
            return Decision::Continue;
        }
        self.sprt.decide(self.llr())
    }

    /// The Elo estimate of the pairs so far (pentanomial).
    pub fn elo(&self) -> Option<EloEstimate> {
        elo_estimate(&self.pentanomial.0)
    }
}

impl fmt::Display for SprtState {
    /// One line: the LLR with its bounds, the games, the pentanomial,
    /// W/D/L and the Elo estimate.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lower, upper) = self.sprt.bounds();
        let Trinomial {
            losses,
            draws,
            wins,
        } = self.trinomial;
        write!(
            f,
            "LLR {:.2} [{lower:.2}, {upper:.2}], {} games, pairs {}, W/D/L {wins}/{draws}/{losses}, Elo ",
            self.llr(),
            wins + draws + losses,
            self.pentanomial,
        )?;
        match self.elo() {
            Some(elo) => write!(f, "{elo}"),
            None => write!(f, "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    /// Published LLRs: the tests of fastchess (github.com/Disservin/fastchess,
    /// `app/tests/sprt_test.cpp`, "logistic trinomial 1/2" and "logistic
    /// pentanomial 1/2", α = β = 0.05), which checks its fishtest-style
    /// logistic GLLR to two decimals. fastchess's constructors take
    /// `Stats(wins, losses, draws)` and `Stats(LL, LD, WL, DD, WD, WW)`;
    /// here they are reordered lowest score first, WL and DD added.
    #[test]
    fn llr_matches_fastchess_published_values() {
        // (counts lowest first, elo0, elo1, published LLR)
        let cases: [(&[u32], f64, f64, f64); 4] = [
            // Stats(21404, 21184, 40708): W 21404, L 21184, D 40708.
            (&[21184, 40708, 21404], 0.5, 2.5, -1.57),
            // Stats(57433, 57030, 106593).
            (&[57030, 106593, 57433], 0.0, 2.0, -2.59),
            // Stats(223, 9863, 20279, 1000, 10037, 246).
            (&[223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
            // Stats(871, 26175, 55003, 980, 26678, 821).
            (&[871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0, -4.98),
        ];
        for (counts, elo0, elo1, published) in cases {
            let value = llr(counts, elo0, elo1);
            // Published to two decimals.
            assert!(
                close(value, published, 0.005),
                "{counts:?} [{elo0}, {elo1}]: {value} vs {published}"
            );
        }
    }

    /// The same inputs to four decimals: fishtest's `LLR_logistic`
    /// (github.com/official-stockfish/fishtest,
    /// `server/fishtest/stats/LLRcalc.py`) transcribed into a Python script
    /// and run, scipy's root finder replaced by bisection (these digits
    /// are not published; the two-decimal values above are). The last case
    /// is the pentanomial of the example in fishtest's `stat_util.py`,
    /// and two small ones check the zero-count replacement.
    #[test]
    fn llr_matches_fishtest_formula_to_four_decimals() {
        let cases: [(&[u32], f64, f64, f64); 7] = [
            (&[21184, 40708, 21404], 0.5, 2.5, -1.571_888_8),
            (&[57030, 106593, 57433], 0.0, 2.0, -2.593_024_2),
            (&[223, 9863, 21279, 10037, 246], 0.5, 2.5, -3.074_126_4),
            (&[871, 26175, 55983, 26678, 821], 0.0, 2.0, -4.978_672_9),
            (&[10789, 19328, 33806, 19402, 10543], -3.0, 1.0, 2.131_067_8),
            (&[1, 3, 6, 4, 2], 0.0, 5.0, 0.067_516_6),
            (&[0, 0, 0, 0, 3], 0.0, 5.0, 0.042_891_1),
        ];
        for (counts, elo0, elo1, reference) in cases {
            let value = llr(counts, elo0, elo1);
            assert!(
                close(value, reference, 1e-4),
                "{counts:?} [{elo0}, {elo1}]: {value} vs {reference}"
            );
        }
    }

    /// The approximation agrees with the exact LLR on large samples (to
    /// 0.001 on these) and not on tiny ones with empty outcomes.
    #[test]
    fn the_approximation_is_close_on_large_samples_only() {
        let large: &[u32] = &[871, 26175, 55983, 26678, 821];
        let (exact, approximate) = (llr(large, 0.0, 2.0), llr_approximate(large, 0.0, 2.0));
        assert!(close(exact, approximate, 1e-3), "{exact} vs {approximate}");
        let tiny: &[u32] = &[0, 0, 0, 0, 3];
        assert!(llr_approximate(tiny, 0.0, 5.0) > 10.0 * llr(tiny, 0.0, 5.0));
    }

    /// Published Elo estimates: fastchess's `app/tests/elo_test.cpp`
    /// ("EloPentanomial 1-3": `diff()` and `error()`, "EloWDL 2"), to
    /// two decimals.
    #[test]
    fn elo_matches_fastchess_published_values() {
        let cases: [(&[u32], f64, f64); 4] = [
            // Stats(34, 54, 31, 32, 64, 75) as LL, LD, WL, DD, WD, WW.
            (&[34, 54, 31 + 32, 64, 75], 55.58, 27.65),
            (&[332, 433, 457 + 41, 333, 334], -8.64, 10.33),
            (&[7895, 8757, 5485 + 200, 568, 9999], -21.04, 2.95),
            // Stats(136, 96, 111): W 136, L 96, D 111.
            (&[96, 111, 136], 40.70, 30.43),
        ];
        for (counts, elo, margin) in cases {
            let estimate = elo_estimate(counts).expect("counts");
            assert!(close(estimate.elo, elo, 0.005), "{counts:?}: {estimate}");
            assert!(
                close(estimate.margin(), margin, 0.005),
                "{counts:?}: {estimate}"
            );
            assert!(estimate.lower < estimate.elo && estimate.elo < estimate.upper);
        }
        assert_eq!(elo_estimate(&[0; 5]), None);
    }

    #[test]
    fn bounds_are_fishtests() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("a test");
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, (0.05f64 / 0.95).ln(), 1e-12));
        assert!(close(upper, -lower, 1e-12));
        // ±2.94, as fishtest shows them.
        assert!(close(upper, 2.94, 0.005));
        let skewed = Sprt::new(0.0, 5.0, 0.1, 0.2).expect("a test");
        let (lower, upper) = skewed.bounds();
        assert!(close(lower, (0.2f64 / 0.9).ln(), 1e-12));
        assert!(close(upper, (0.8f64 / 0.1).ln(), 1e-12));
        let (lower, upper) = sprt.bounds();
        assert_eq!(sprt.decide(upper), Decision::AcceptH1);
        assert_eq!(sprt.decide(lower), Decision::AcceptH0);
        assert_eq!(sprt.decide(upper - 0.01), Decision::Continue);
        assert_eq!(sprt.decide(0.0), Decision::Continue);
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(1.0, 1.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(f64::NAN, 1.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 1.0).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(-3.0, 1.0, 0.05, 0.05).is_ok());
    }

    #[test]
    fn pairs_are_counted_by_points() {
        use GameResult::*;
        let forfeit = |by_a| Forfeit {
            by_a,
            reason: "crashed".to_string(),
        };
        let mut penta = Pentanomial::default();
        let mut tri = Trinomial::default();
        let pairs = [
            (Loss, Loss, 0),
            (Loss, Draw, 1),
            (Draw, Loss, 1),
            (Draw, Draw, 2),
            (Win, Loss, 2),
            (Loss, Win, 2),
            (Win, Draw, 3),
            (Draw, Win, 3),
            (Win, Win, 4),
            (forfeit(true), Win, 2),
            (forfeit(false), Draw, 3),
        ];
        for (first, second, index) in &pairs {
            let before = penta;
            penta.add_pair(first, second);
            tri.add(first);
            tri.add(second);
            for i in 0..5 {
                let grew = penta.0[i] - before.0[i];
                assert_eq!(grew, u32::from(i == *index), "{first:?} {second:?}");
            }
        }
        assert_eq!(penta, Pentanomial([1, 2, 4, 3, 1]));
        assert_eq!(penta.pairs(), pairs.len() as u32);
        assert_eq!(
            tri,
            Trinomial {
                losses: 7,
                draws: 7,
                wins: 8
            }
        );
        assert_eq!(penta.to_string(), "LL 1, LD 2, DD+WL 4, WD 3, WW 1");
    }

    /// Pairs won 2-0 one after another: the LLR rises with each until it
    /// crosses the upper bound, and the test says so at that pair and not
    /// before; lost pairs take it down to H0 the same way.
    #[test]
    fn a_one_sided_match_crosses_its_bound() {
        let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05).expect("a test");
        let (lower, upper) = sprt.bounds();
        for (first, second, bound, accepted) in [
            (GameResult::Win, GameResult::Draw, upper, Decision::AcceptH1),
            (
                GameResult::Loss,
                GameResult::Draw,
                lower,
                Decision::AcceptH0,
            ),
        ] {
            let mut state = SprtState::new(sprt);
            assert_eq!(state.decision(), Decision::Continue);
            let mut last = 0.0f64;
            let mut crossed = None;
            for pair in 1..=1000 {
                // A draw now and then, so the outcomes vary.
                let decision = if pair % 3 == 0 {
                    state.add_pair(&GameResult::Draw, &GameResult::Draw)
                } else {
                    state.add_pair(&first, &second)
                };
                let now = state.llr();
                if decision != Decision::Continue {
                    assert_eq!(decision, accepted);
                    assert!(now.abs() >= bound.abs() && last.abs() < bound.abs());
                    crossed = Some(pair);
                    break;
                }
                assert!(now.abs() < bound.abs());
                last = now;
            }
            let pairs = crossed.expect("the bound crossed");
            assert!(pairs > 3, "not at once: {pairs}");
        }
    }

    #[test]
    fn the_state_line_names_everything() {
        let mut state = SprtState::new(Sprt::new(0.0, 5.0, 0.05, 0.05).expect("a test"));
        state.add_pair(&GameResult::Win, &GameResult::Draw);
        state.add_pair(&GameResult::Loss, &GameResult::Win);
        let line = state.to_string();
        assert!(line.starts_with("LLR "), "{line}");
        assert!(line.contains("[-2.94, 2.94]"), "{line}");
        assert!(
            line.contains("4 games, pairs LL 0, LD 0, DD+WL 1, WD 1, WW 0,"),
            "{line}"
        );
        assert!(line.contains("W/D/L 2/1/1"), "{line}");
        assert!(line.contains("Elo +"), "{line}");
    }
}
