//! The engine's settings as UHP `options`: each printed as
//! `Name;Type;Value;Default;Min;Max` (`int`) or `Name;bool;Value;Default`,
//! the way Mzinga prints them.

use hive_rules::Options;

use super::command::{MAX_SEARCH_DEPTH, UhpError, echo};

/// What `bestmove`, the AI and the optional rules use.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EngineOptions {
    /// Depth limit of a plain `bestmove`; 0 for none.
    pub max_depth: u32,
    /// Time limit of a plain `bestmove`, in seconds.
    pub max_time_seconds: u32,
    /// Size of the AI's transposition table.
    pub tt_megabytes: u32,
    /// Threads of a search (Lazy SMP; default: every core).
    pub threads: u32,
    /// The optional rules for this and later games.
    pub rules: Options,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            max_depth: 0,
            max_time_seconds: 5,
            tt_megabytes: 64,
            threads: u32::try_from(hive_ai::available_threads())
                .unwrap_or(1)
                .clamp(1, MAX_THREADS),
            rules: Options::default(),
        }
    }
}

/// The type of an option and the values it takes.
#[derive(Copy, Clone, Debug)]
enum Kind {
    Bool,
    Int { min: u32, max: u32 },
}

/// The most threads `NumThreads` accepts.
pub const MAX_THREADS: u32 = 64;

/// The option names, in the order `options` lists them.
pub const OPTION_NAMES: [&str; 7] = [
    "MaxDepth",
    "MaxTimeSeconds",
    "TranspositionTableSizeMB",
    "TournamentOpening",
    "ThreefoldRepetition",
    "TurnLimit",
    "NumThreads",
];

fn kind(name: &str) -> Kind {
    match name {
        "MaxDepth" => Kind::Int {
            min: 0,
            max: MAX_SEARCH_DEPTH,
        },
        "MaxTimeSeconds" => Kind::Int { min: 1, max: 3600 },
        "TranspositionTableSizeMB" => Kind::Int { min: 1, max: 4096 },
        "TurnLimit" => Kind::Int { min: 0, max: 1000 },
        "NumThreads" => Kind::Int {
            min: 1,
            max: MAX_THREADS,
        },
        _ => Kind::Bool,
    }
}

impl EngineOptions {
    /// The canonical name of an option (names match in any case).
    fn find(name: &str) -> Result<&'static str, UhpError> {
        OPTION_NAMES
            .into_iter()
            .find(|n| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| UhpError::UnknownOption(echo(name)))
    }

    /// An option's value as a number (`bool`s as 0 or 1).
    fn value(&self, name: &str) -> u32 {
        match name {
            "MaxDepth" => self.max_depth,
            "MaxTimeSeconds" => self.max_time_seconds,
            "TranspositionTableSizeMB" => self.tt_megabytes,
            "TournamentOpening" => u32::from(self.rules.tournament_opening),
            "ThreefoldRepetition" => u32::from(self.rules.threefold_repetition),
            "TurnLimit" => self.rules.turn_limit.map_or(0, u32::from),
            "NumThreads" => self.threads,
            _ => 0,
        }
    }

    fn set_value(&mut self, name: &str, value: u32) {
        match name {
            "MaxDepth" => self.max_depth = value,
            "MaxTimeSeconds" => self.max_time_seconds = value,
            "TranspositionTableSizeMB" => self.tt_megabytes = value,
            "TournamentOpening" => self.rules.tournament_opening = value != 0,
            "ThreefoldRepetition" => self.rules.threefold_repetition = value != 0,
            "TurnLimit" => self.rules.turn_limit = u16::try_from(value).ok().filter(|&v| v > 0),
            "NumThreads" => self.threads = value,
            _ => {}
        }
    }

    /// `options get Name`: the option's line.
    pub fn line(&self, name: &str) -> Result<String, UhpError> {
        let name = Self::find(name)?;
        let default = EngineOptions::default();
        let (value, default_value) = (self.value(name), default.value(name));
        Ok(match kind(name) {
            Kind::Bool => format!(
                "{name};bool;{};{}",
                bool_text(value),
                bool_text(default_value)
            ),
            Kind::Int { min, max } => format!("{name};int;{value};{default_value};{min};{max}"),
        })
    }

    /// `options`: every option's line.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        OPTION_NAMES
            .into_iter()
            .filter_map(|name| self.line(name).ok())
    }

    /// `options set Name Value`: checks and stores the value, and returns the
    /// option's canonical name. Booleans are `True` or `False` in any case.
    pub fn set(&mut self, name: &str, value: &str) -> Result<&'static str, UhpError> {
        let name = Self::find(name)?;
        let parsed = match kind(name) {
            Kind::Bool => {
                if value.eq_ignore_ascii_case("true") {
                    Some(1)
                } else if value.eq_ignore_ascii_case("false") {
                    Some(0)
                } else {
                    None
                }
            }
            Kind::Int { min, max } => value.parse().ok().filter(|v| (min..=max).contains(v)),
        };
        let parsed = parsed.ok_or_else(|| UhpError::BadOptionValue {
            name,
            value: echo(value),
            expected: match kind(name) {
                Kind::Bool => "True or False".to_string(),
                Kind::Int { min, max } => format!("a whole number from {min} to {max}"),
            },
        })?;
        self.set_value(name, parsed);
        Ok(name)
    }
}

fn bool_text(value: u32) -> &'static str {
    if value != 0 { "True" } else { "False" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips() {
        let mut options = EngineOptions::default();
        assert_eq!(options.lines().count(), OPTION_NAMES.len());
        assert_eq!(options.set("turnlimit", "30"), Ok("TurnLimit"));
        assert_eq!(options.rules.turn_limit, Some(30));
        assert_eq!(
            options.line("TurnLimit").expect("a known option"),
            "TurnLimit;int;30;0;0;1000"
        );
        assert_eq!(
            options.set("ThreefoldRepetition", "TRUE"),
            Ok("ThreefoldRepetition")
        );
        assert_eq!(
            options.line("ThreefoldRepetition").expect("a known option"),
            "ThreefoldRepetition;bool;True;False"
        );
        let before = options;
        assert!(options.set("MaxTimeSeconds", "0").is_err());
        assert!(options.set("TournamentOpening", "yes").is_err());
        assert!(options.set("Nope", "1").is_err());
        assert_eq!(options, before);
    }
}
