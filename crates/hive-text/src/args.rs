//! The values a message is formatted with: [`Args`].

use fluent_bundle::{FluentArgs, FluentValue};

/// One value given to a message: a string, or a number (which plural
/// selectors such as `{ $count -> [one] ... *[other] ... }` read).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, inserted as it is.
    Str(String),
    /// A number, formatted and matched against plural categories.
    Num(f64),
}

impl From<&str> for Arg {
    fn from(value: &str) -> Arg {
        Arg::Str(value.to_string())
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Arg {
        Arg::Str(value)
    }
}

impl From<&String> for Arg {
    fn from(value: &String) -> Arg {
        Arg::Str(value.clone())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Arg {
                Arg::Num(value as f64)
            }
        }
    )*};
}

number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);

/// The named values of one message, like Fluent's own `FluentArgs` but
/// owning its strings, so it can be built in one place and formatted in
/// another:
///
/// ```
/// use hive_text::Args;
/// let args = Args::new().with("piece", "wA1").with("count", 3);
/// assert_eq!(args.len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    entries: Vec<(String, Arg)>,
}

impl Args {
    /// No values.
    pub fn new() -> Args {
        Args::default()
    }

    /// These values and `name` = `value` (replacing an earlier `name`).
    pub fn with(mut self, name: impl Into<String>, value: impl Into<Arg>) -> Args {
        self.set(name, value);
        self
    }

    /// Sets `name` to `value` (replacing an earlier `name`).
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<Arg>) {
        let name = name.into();
        let value = value.into();
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((name, value)),
        }
    }

    /// The value of `name`, if set.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.entries.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// How many values are set.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no value is set.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The values as Fluent takes them, borrowing the strings.
    pub(crate) fn to_fluent(&self) -> FluentArgs<'_> {
        let mut args = FluentArgs::with_capacity(self.entries.len());
        for (name, value) in &self.entries {
            let value = match value {
                Arg::Str(s) => FluentValue::from(s.as_str()),
                Arg::Num(n) => FluentValue::from(*n),
            };
            args.set(name.as_str(), value);
        }
        args
    }
}
