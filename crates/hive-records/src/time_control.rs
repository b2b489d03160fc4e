//! Game clocks: a time control (minutes per player plus an increment per
//! move), the two clocks counting down, and the words that keep them in the
//! `clock` header of saved games and autosaves (see
//! [`crate::SaveHeaders`]), `# hive clock: 10+5 white=512.300 black=498.000`
//! (other programs skip the line). A player whose clock reaches zero loses on time (a flag);
//! this game does not look for a draw when the opponent could never
//! surround the Queen, since in Hive that is almost never the case.

use std::fmt;
use std::time::Duration;

use hive_rules::Color;

/// The header line carrying the time control and the remaining times.
pub use hive_formats::CLOCK_PREFIX;

/// Minutes per player and seconds added after each of a player's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each player's time at the start.
    pub base: Duration,
    /// Added to a player's clock after each of their moves.
    pub increment: Duration,
}

impl TimeControl {
    /// `minutes` per player plus `increment` seconds a move.
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The presets the menu offers: 5+0, 10+5, 15+10.
    pub const PRESETS: [TimeControl; 3] = [
        TimeControl::minutes(5, 0),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
    ];

    /// Reads `minutes+increment` (`10+5`; minutes may have a fraction,
    /// `0.5+2`), as written by `Display`.
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (minutes, increment) = text.trim().split_once('+')?;
        let minutes: f64 = minutes.trim().parse().ok()?;
        let increment: f64 = increment.trim().parse().ok()?;
        let valid = |v: f64| v.is_finite() && (0.0..=24.0 * 60.0).contains(&v);
        if !valid(minutes) || !valid(increment) || minutes <= 0.0 {
            return None;
        }
        Some(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs_f64(increment),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        let increment = self.increment.as_secs_f64();
        write!(f, "{}+{}", trim(minutes), trim(increment))
    }
}

/// A number without trailing zeros (`10`, `0.5`).
fn trim(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// How urgent a clock looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockWarning {
    /// Plenty of time.
    None,
    /// Under a tenth of the starting time.
    Low,
    /// Under ten seconds.
    Critical,
}

/// Both players' clocks under one time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// White's then Black's time left.
    remaining: [Duration; 2],
    /// The side whose time ran out, if any.
    flagged: Option<Color>,
}

fn index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clocks {
    /// Both clocks full.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            remaining: [control.base; 2],
            flagged: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `side`'s time left.
    pub fn remaining(&self, side: Color) -> Duration {
        self.remaining[index(side)]
    }

    /// The side whose time ran out, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// `side`'s clock runs for `elapsed`; returns `side` if that ran its
    /// time out (then, and after, the clocks stand still).
    pub fn run(&mut self, side: Color, elapsed: Duration) -> Option<Color> {
        if self.flagged.is_some() {
            return None;
        }
        let left = &mut self.remaining[index(side)];
        *left = left.saturating_sub(elapsed);
        if left.is_zero() {
            self.flagged = Some(side);
            return Some(side);
        }
        None
    }

    /// `side` has moved: the increment is added to its clock.
    pub fn moved(&mut self, side: Color) {
        if self.flagged.is_none() {
            self.remaining[index(side)] += self.control.increment;
        }
    }

    /// How `side`'s clock should look.
    pub fn warning(&self, side: Color) -> ClockWarning {
        let left = self.remaining(side);
        if left < Duration::from_secs(10) {
            ClockWarning::Critical
        } else if left < self.control.base / 10 {
            ClockWarning::Low
        } else {
            ClockWarning::None
        }
    }

    /// How long the AI may think for `side`'s next move: a thirtieth of
    /// what is left plus most of the increment, never more than half of
    /// what is left (so a short clock gives a faster, weaker AI).
    pub fn move_budget(&self, side: Color) -> Duration {
        let left = self.remaining(side);
        let budget = left / 30 + self.control.increment * 4 / 5;
        budget
            .min(left / 2)
            .max(Duration::from_millis(20).min(left))
    }

    /// The words of the clock header (after [`CLOCK_PREFIX`]):
    /// `10+5 white=512.300 black=498.000`.
    pub fn words(&self) -> String {
        format!(
            "{} white={:.3} black={:.3}",
            self.control,
            self.remaining[0].as_secs_f64(),
            self.remaining[1].as_secs_f64()
        )
    }

    /// The clocks [`Clocks::words`] describe, if valid.
    pub fn parse_words(words: &str) -> Option<Clocks> {
        let mut parts = words.split_whitespace();
        let control = TimeControl::parse(parts.next()?)?;
        let mut clocks = Clocks::new(control);
        for part in parts {
            let (side, seconds) = part.split_once('=')?;
            let side = match side {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return None,
            };
            let seconds: f64 = seconds.parse().ok()?;
            if !seconds.is_finite() || !(0.0..=1e7).contains(&seconds) {
                return None;
            }
            clocks.remaining[index(side)] = Duration::from_secs_f64(seconds);
        }
        if let Some(side) = Color::ALL
            .into_iter()
            .find(|&s| clocks.remaining(s).is_zero())
        {
            clocks.flagged = Some(side);
        }
        Some(clocks)
    }

    /// `side`'s time left as a clock shows it: `m:ss`, with tenths under
    /// ten seconds (`0:07.3`).
    pub fn display(&self, side: Color) -> String {
        let left = self.remaining(side);
        let seconds = left.as_secs();
        if left < Duration::from_secs(10) {
            format!("0:{:04.1}", left.as_secs_f64())
        } else {
            format!("{}:{:02}", seconds / 60, seconds % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_the_same() {
        for control in TimeControl::PRESETS {
            assert_eq!(TimeControl::parse(&control.to_string()), Some(control));
        }
        assert_eq!(TimeControl::minutes(10, 5).to_string(), "10+5");
        let half = TimeControl::parse("0.5+2").unwrap();
        assert_eq!(half.base, Duration::from_secs(30));
        assert_eq!(half.to_string(), "0.5+2");
        for bad in ["", "10", "+5", "0+5", "-1+0", "x+1", "10+y", "1e9+0"] {
            assert_eq!(TimeControl::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_clock_to_move_runs_and_the_increment_is_added() {
        let mut clocks = Clocks::new(TimeControl::minutes(1, 2));
        assert_eq!(clocks.run(Color::White, Duration::from_secs(5)), None);
        clocks.moved(Color::White);
        assert_eq!(clocks.remaining(Color::White), Duration::from_secs(57));
        assert_eq!(clocks.remaining(Color::Black), Duration::from_secs(60));
        assert_eq!(clocks.display(Color::White), "0:57");
    }

    #[test]
    fn a_clock_that_runs_out_flags_once_and_stops() {
        let mut clocks = Clocks::new(TimeControl::minutes(1, 0));
        assert_eq!(clocks.warning(Color::Black), ClockWarning::None);
        clocks.run(Color::Black, Duration::from_secs(52));
        assert_eq!(clocks.warning(Color::Black), ClockWarning::Critical);
        assert_eq!(clocks.display(Color::Black), "0:08.0");
        assert_eq!(
            clocks.run(Color::Black, Duration::from_secs(9)),
            Some(Color::Black)
        );
        assert_eq!(clocks.flagged(), Some(Color::Black));
        assert_eq!(clocks.run(Color::White, Duration::from_secs(9)), None);
        assert_eq!(clocks.remaining(Color::White), Duration::from_secs(60));
        let mut long = Clocks::new(TimeControl::minutes(10, 0));
        long.run(Color::White, Duration::from_secs(545));
        assert_eq!(long.warning(Color::White), ClockWarning::Low);
    }

    #[test]
    fn the_clock_words_keep_both_times() {
        let mut clocks = Clocks::new(TimeControl::minutes(10, 5));
        clocks.run(Color::White, Duration::from_millis(87_700));
        let words = clocks.words();
        assert_eq!(words, "10+5 white=512.300 black=600.000");
        assert_eq!(Clocks::parse_words(&words), Some(clocks));
        for bad in ["10+5 white=x", "10+5 red=3", "nonsense", "10+5 white=-3"] {
            assert_eq!(Clocks::parse_words(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_ai_budget_shrinks_with_the_clock() {
        let full = Clocks::new(TimeControl::minutes(5, 0));
        assert_eq!(full.move_budget(Color::White), Duration::from_secs(10));
        let mut short = full;
        short.run(Color::White, Duration::from_secs(290));
        assert!(short.move_budget(Color::White) < Duration::from_secs(1));
        assert!(short.move_budget(Color::White) <= short.remaining(Color::White) / 2);
    }
}
