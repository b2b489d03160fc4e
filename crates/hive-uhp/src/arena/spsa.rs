//! SPSA, simultaneous perturbation stochastic approximation (Spall, 1992),
//! as chess engines tune their numbers by games (OpenBench's and fishtest's
//! tuners): pure arithmetic and the tuning's state, no games.
//!
//! Every iteration moves all the numbers at once: each by `+c` or `-c`,
//! the signs drawn at random, makes one engine (θ+) and the opposite signs
//! another (θ-); the two play a pair of games, the same opening once with
//! each colour; and each number steps toward the side that scored more,
//! `a / c · (W - L) · sign`, where `W - L` is θ+'s wins less its losses
//! over the pair. Over many pairs the signs of the other numbers average
//! out and each number follows its own gradient.
//!
//! The step sizes follow Spall's gains, in the form OpenBench's SPSA takes
//! them: each number has the perturbation `c_end` and the learning rate
//! `r_end` it should have at the last of `iterations` pairs; then, with
//! `A = a_ratio · iterations`,
//!
//! - `c = c_end · iterations^γ`, `c_k = c / k^γ`,
//! - `a_end = r_end · c_end²`, `a = a_end · (A + iterations)^α`,
//!   `a_k = a / (A + k)^α`,
//!
//! for the `k`-th pair from 1, with α = 0.602 and γ = 0.101 (Spall's
//! "Implementation of the simultaneous perturbation algorithm for stochastic
//! optimization", 1998). So `c_k` and `a_k` come down to `c_end` and
//! `a_end` at the last pair, and the numbers move fastest at the start.

use std::fmt::Write as _;

use rand::Rng;
use thiserror::Error;

/// One number being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name (a weight's, as `hive_ai::Weights::names` gives them).
    pub name: String,
    /// Where the tuning has it now (a real number; the engines play it
    /// rounded).
    pub value: f64,
    /// The least it may take.
    pub min: f64,
    /// The most it may take.
    pub max: f64,
    /// Its perturbation at the last pair.
    pub c_end: f64,
}

/// How the steps shrink over the pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Pairs in the whole tuning.
    pub iterations: u32,
    /// The learning rate at the last pair.
    pub r_end: f64,
    /// Decay of the learning rate (Spall: 0.602).
    pub alpha: f64,
    /// Decay of the perturbation (Spall: 0.101).
    pub gamma: f64,
    /// `A` as a share of the iterations (OpenBench: 0.1).
    pub a_ratio: f64,
}

impl Schedule {
    /// The usual gains for `iterations` pairs: r_end 0.002, α 0.602,
    /// γ 0.101, A a tenth of the pairs.
    pub fn new(iterations: u32) -> Schedule {
        Schedule {
            iterations: iterations.max(1),
            r_end: 0.002,
            alpha: 0.602,
            gamma: 0.101,
            a_ratio: 0.1,
        }
    }

    /// `(c_k, a_k)` of a number whose last perturbation is `c_end`, at the
    /// `k`-th pair (from 1).
    pub fn gains(&self, c_end: f64, k: u32) -> (f64, f64) {
        let n = f64::from(self.iterations);
        let k = f64::from(k.max(1));
        let big_a = self.a_ratio * n;
        let c = c_end * n.powf(self.gamma);
        let a_end = self.r_end * c_end * c_end;
        let a = a_end * (big_a + n).powf(self.alpha);
        (c / k.powf(self.gamma), a / (big_a + k).powf(self.alpha))
    }
}

/// One pair's two engines: the signs drawn and each number's `c_k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The pair's number, from 1.
    pub iteration: u32,
    /// `+1.0` or `-1.0` for each number: θ+ has it moved up by its `c_k`.
    pub signs: Vec<f64>,
}

/// Why a tuning's state could not be read.
#[derive(Debug, Error, PartialEq)]
pub enum StateError {
    /// The first line is not this format's.
    #[error("not an SPSA state (its first line should be '{STATE_HEADER}')")]
    Header,
    /// A line that cannot be read.
    #[error("line {line}: {reason}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A line the state needs is not there.
    #[error("no '{0}' line")]
    Missing(&'static str),
}

/// The first line of a state file.
pub const STATE_HEADER: &str = "# hive spsa state 1";

/// A tuning under way: its numbers, its schedule and the pairs done.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    /// How the steps shrink.
    pub schedule: Schedule,
    /// The numbers, in order.
    pub params: Vec<Param>,
    /// Pairs whose results have been applied.
    pub done: u32,
    /// Pairs handed out so far ([`Tuning::perturb`]); ahead of `done` by
    /// the pairs being played.
    pub started: u32,
}

impl Tuning {
    /// A tuning of `params` from where they stand, none of its pairs played.
    pub fn new(schedule: Schedule, params: Vec<Param>) -> Tuning {
        Tuning {
            schedule,
            params,
            done: 0,
            started: 0,
        }
    }

    /// Whether every pair has been handed out.
    pub fn finished(&self) -> bool {
        self.started >= self.schedule.iterations
    }

    /// The next pair's perturbation, its signs drawn from `rng`.
    pub fn perturb(&mut self, rng: &mut impl Rng) -> Perturbation {
        self.started += 1;
        Perturbation {
            iteration: self.started,
            signs: self
                .params
                .iter()
                .map(|_| if rng.random_bool(0.5) { 1.0 } else { -1.0 })
                .collect(),
        }
    }

    /// The numbers of θ+ (`side` 1.0) or θ- (`side` -1.0) under `p`, rounded
    /// and kept within each number's bounds.
    pub fn engine(&self, p: &Perturbation, side: f64) -> Vec<i32> {
        self.params
            .iter()
            .zip(&p.signs)
            .map(|(param, sign)| {
                let (c, _) = self.schedule.gains(param.c_end, p.iteration);
                (param.value + side * sign * c)
                    .clamp(param.min, param.max)
                    .round() as i32
            })
            .collect()
    }

    /// Applies a pair's result: `result` is θ+'s wins less its losses over
    /// the pair (from -2 to 2).
    pub fn apply(&mut self, p: &Perturbation, result: f64) {
        for (param, sign) in self.params.iter_mut().zip(&p.signs) {
            let (c, a) = self.schedule.gains(param.c_end, p.iteration);
            param.value = (param.value + a / c * result * sign).clamp(param.min, param.max);
        }
        self.done += 1;
    }

    /// The numbers now, rounded.
    pub fn values(&self) -> Vec<i32> {
        self.params.iter().map(|p| p.value.round() as i32).collect()
    }

    /// The state as a text file [`Tuning::parse`] reads back: the schedule,
    /// the pairs done, and a line a number.
    pub fn to_text(&self) -> String {
        let s = &self.schedule;
        let mut text = format!("{STATE_HEADER}\n");
        let _ = writeln!(
            text,
            "schedule iterations {} r_end {} alpha {} gamma {} a_ratio {}",
            s.iterations, s.r_end, s.alpha, s.gamma, s.a_ratio
        );
        let _ = writeln!(text, "done {}", self.done);
        for p in &self.params {
            let _ = writeln!(
                text,
                "param {} value {} min {} max {} c_end {}",
                p.name, p.value, p.min, p.max, p.c_end
            );
        }
        text
    }

    /// Reads a state [`Tuning::to_text`] wrote. The pairs started are the
    /// pairs done: a pair under way when the state was written is played
    /// again.
    pub fn parse(text: &str) -> Result<Tuning, StateError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim() == STATE_HEADER => {}
            _ => return Err(StateError::Header),
        }
        let mut schedule = None;
        let mut done = None;
        let mut params = Vec::new();
        for (index, line) in lines {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |reason: &str| StateError::Line {
                line: index + 1,
                reason: reason.to_string(),
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["schedule", rest @ ..] => {
                    let n = |key: &str| keyed(rest, key).ok_or_else(|| bad(key));
                    schedule = Some(Schedule {
                        iterations: n("iterations")? as u32,
                        r_end: n("r_end")?,
                        alpha: n("alpha")?,
                        gamma: n("gamma")?,
                        a_ratio: n("a_ratio")?,
                    });
                }
                ["done", count] => {
                    done = Some(count.parse::<u32>().map_err(|_| bad("a count of pairs"))?);
                }
                ["param", name, rest @ ..] => {
                    let n = |key: &str| keyed(rest, key).ok_or_else(|| bad(key));
                    let param = Param {
                        name: (*name).to_string(),
                        value: n("value")?,
                        min: n("min")?,
                        max: n("max")?,
                        c_end: n("c_end")?,
                    };
                    if param.min > param.max || param.c_end <= 0.0 {
                        return Err(bad("min above max, or c_end not above 0"));
                    }
                    params.push(param);
                }
                _ => return Err(bad("not a schedule, done or param line")),
            }
        }
        let schedule = schedule.ok_or(StateError::Missing("schedule"))?;
        let done = done.ok_or(StateError::Missing("done"))?;
        if params.is_empty() {
            return Err(StateError::Missing("param"));
        }
        Ok(Tuning {
            schedule,
            params,
            done,
            started: done,
        })
    }
}

/// The finite number after `key` in `words` (`key value key value ...`).
fn keyed(words: &[&str], key: &str) -> Option<f64> {
    words
        .chunks(2)
        .find(|pair| pair.first() == Some(&key))
        .and_then(|pair| pair.get(1))
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn param(name: &str, value: f64, c_end: f64) -> Param {
        Param {
            name: name.to_string(),
            value,
            min: -1000.0,
            max: 1000.0,
            c_end,
        }
    }

    #[test]
    fn the_gains_come_down_to_c_end_and_a_end_at_the_last_pair() {
        let s = Schedule::new(1000);
        let (c, a) = s.gains(4.0, 1000);
        assert!((c - 4.0).abs() < 1e-9, "{c}");
        assert!((a - 0.002 * 16.0).abs() < 1e-12, "{a}");
        // At the first pair: c_end · N^γ and a_end · ((A + N) / (A + 1))^α.
        let (c1, a1) = s.gains(4.0, 1);
        assert!((c1 - 4.0 * 1000f64.powf(0.101)).abs() < 1e-9, "{c1}");
        assert!(
            (a1 - 0.032 * (1100f64 / 101.0).powf(0.602)).abs() < 1e-9,
            "{a1}"
        );
        assert!(c1 > c && a1 > a);
    }

    #[test]
    fn the_two_engines_are_moved_apart_by_c_k_within_bounds() {
        let mut t = Tuning::new(
            Schedule::new(100),
            vec![
                param("x", 10.0, 2.0),
                Param {
                    min: 0.0,
                    max: 11.0,
                    ..param("y", 10.0, 2.0)
                },
            ],
        );
        let p = Perturbation {
            iteration: 100,
            signs: vec![1.0, 1.0],
        };
        assert_eq!(t.engine(&p, 1.0), vec![12, 11]);
        assert_eq!(t.engine(&p, -1.0), vec![8, 8]);
        // θ+ won the pair twice: both numbers step up by a/c · 2 = 2·r_end·c_end.
        t.apply(&p, 2.0);
        assert!((t.params[0].value - (10.0 + 2.0 * 0.002 * 2.0)).abs() < 1e-9);
        assert_eq!(t.done, 1);
        let mut rng = StdRng::seed_from_u64(1);
        let q = t.perturb(&mut rng);
        assert_eq!(q.iteration, 1);
        assert!(q.signs.iter().all(|s| *s == 1.0 || *s == -1.0));
    }

    /// A toy match: each number has a best value, and θ+ beats θ- with the
    /// logistic chance of the difference of their squared distances from
    /// it. The tuning starts far from the best and must come most of the
    /// way there; with the step's sign reversed it would run away.
    #[test]
    fn a_noisy_match_is_climbed_toward_its_best_numbers() {
        let best = [40.0, -20.0, 5.0];
        let start = [10.0, 10.0, 30.0];
        let params = start
            .iter()
            .enumerate()
            .map(|(i, v)| param(&format!("p{i}"), *v, 3.0))
            .collect();
        let mut t = Tuning::new(Schedule::new(6000), params);
        t.schedule.r_end = 0.05;
        let mut rng = StdRng::seed_from_u64(7);
        let strength = |v: &[i32]| -> f64 {
            v.iter()
                .zip(best)
                .map(|(x, b)| -(f64::from(*x) - b).powi(2) / 400.0)
                .sum()
        };
        let distance = |t: &Tuning| -> f64 {
            t.params
                .iter()
                .zip(best)
                .map(|(p, b)| (p.value - b).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        let before = distance(&t);
        while !t.finished() {
            let p = t.perturb(&mut rng);
            let edge = strength(&t.engine(&p, 1.0)) - strength(&t.engine(&p, -1.0));
            let win = 1.0 / (1.0 + (-edge).exp());
            let result: f64 = (0..2)
                .map(|_| if rng.random_bool(win) { 1.0 } else { -1.0 })
                .sum();
            t.apply(&p, result);
        }
        let after = distance(&t);
        assert!(
            after < before / 4.0,
            "from {before:.1} to {after:.1}: {:?}",
            t.values()
        );
    }

    #[test]
    fn the_state_reads_back_as_written_and_a_damaged_one_is_refused() {
        let mut t = Tuning::new(
            Schedule::new(500),
            vec![
                param("tempo", 12.25, 2.0),
                param("queen_danger[1]", 20.0, 2.5),
            ],
        );
        t.done = 37;
        t.started = 39;
        let back = Tuning::parse(&t.to_text()).expect("a state");
        assert_eq!(back.params, t.params);
        assert_eq!(back.schedule, t.schedule);
        assert_eq!((back.done, back.started), (37, 37));

        assert_eq!(Tuning::parse("tempo 12\n"), Err(StateError::Header));
        let text = t.to_text().replace("value 12.25", "value twelve");
        assert!(matches!(
            Tuning::parse(&text),
            Err(StateError::Line { line: 4, .. })
        ));
        let text: String = t
            .to_text()
            .lines()
            .filter(|l| !l.starts_with("done"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(Tuning::parse(&text), Err(StateError::Missing("done")));
    }
}
