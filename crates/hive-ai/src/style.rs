//! How a level plays, as numbers: how far it searches, how far from the
//! best move it may stray, and for how many opening plies it varies its
//! play. Every [`Difficulty`](crate::Difficulty) is one
//! ([`Difficulty::style`](crate::Difficulty::style)); `hive match` takes
//! any, written `nodes:20000` or `depth:2,tolerance:60`, so that a
//! candidate level is measured before it is named.

use std::fmt;

use crate::search::Limits;

/// A way to play (see the module's docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// How far it searches.
    pub limits: Limits,
    /// Root moves within this many points of the best are picked at
    /// random (0: always the best).
    pub tolerance: i32,
    /// Plies at the start of a game played from a shallow search with a
    /// small tolerance, so that games against a strong style do not repeat.
    pub varied_opening_plies: u32,
}

/// Why a style could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StyleError {
    /// Neither `nodes:N` nor `depth:N` first.
    #[error("'{0}': a style starts with nodes:N or depth:N (then ,tolerance:T ,opening:P)")]
    NoLimit(String),
    /// A part that is not `name:number` or names nothing known.
    #[error("'{0}': expected nodes:N, depth:N, tolerance:T or opening:P")]
    BadPart(String),
}

impl Style {
    /// Reads `nodes:N` or `depth:N`, then optionally `,tolerance:T` (default
    /// 0) and `,opening:P` (varied opening plies; default 0), in any case.
    pub fn parse(text: &str) -> Result<Style, StyleError> {
        let mut parts = text.split(',').map(str::trim);
        let first = parts.next().unwrap_or_default();
        let number = |part: &str, name: &str| -> Option<u64> {
            let (key, value) = part.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().parse().ok())
                .flatten()
        };
        let limits = match (number(first, "nodes"), number(first, "depth")) {
            (Some(nodes), _) if nodes > 0 => Limits::nodes(nodes),
            (_, Some(depth)) if (1..=64).contains(&depth) => Limits::depth(depth as u32),
            _ => return Err(StyleError::NoLimit(text.to_string())),
        };
        let mut style = Style {
            limits,
            tolerance: 0,
            varied_opening_plies: 0,
        };
        for part in parts {
            let bad = || StyleError::BadPart(part.to_string());
            if let Some(t) = number(part, "tolerance") {
                style.tolerance = i32::try_from(t).map_err(|_| bad())?;
            } else if let Some(p) = number(part, "opening") {
                style.varied_opening_plies = u32::try_from(p).map_err(|_| bad())?;
            } else {
                return Err(bad());
            }
        }
        Ok(style)
    }
}

impl fmt::Display for Style {
    /// As [`Style::parse`] reads it (a time limit, which only Expert has,
    /// as `time:S`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limits {
            Limits {
                nodes: Some(nodes), ..
            } => write!(f, "nodes:{nodes}")?,
            Limits {
                time: Some(time), ..
            } => write!(f, "time:{}", time.as_secs_f64())?,
            limits => write!(f, "depth:{}", limits.deepest())?,
        }
        if self.tolerance != 0 {
            write!(f, ",tolerance:{}", self.tolerance)?;
        }
        if self.varied_opening_plies != 0 {
            write!(f, ",opening:{}", self.varied_opening_plies)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_read_back_as_written_and_bad_ones_are_named() {
        for text in [
            "nodes:20000",
            "depth:2,tolerance:60",
            "nodes:600,tolerance:30,opening:4",
        ] {
            let style = Style::parse(text).expect(text);
            assert_eq!(style.to_string(), text);
        }
        let style = Style::parse("Depth:1 , Tolerance:100").expect("any case, blanks");
        assert_eq!(style.limits, Limits::depth(1));
        assert_eq!(style.tolerance, 100);
        for bad in [
            "",
            "tolerance:5",
            "nodes:0",
            "depth:99",
            "nodes:x",
            "nodes:5,speed:3",
        ] {
            assert!(Style::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Style::parse("nodes:5,speed:3").unwrap_err(),
            StyleError::BadPart("speed:3".into())
        );
    }
}
