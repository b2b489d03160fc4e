//! The plain-text layout shared by puzzle and lesson files: blocks of
//! `key: value` lines.
//!
//! - A line `key: value` sets one field; the key is a word of ASCII
//!   letters and dashes, the value is the rest of the line (trimmed, any
//!   language).
//! - A line starting with `#` is a comment; blank lines separate blocks.
//! - Every field remembers its line number, so each later check can name
//!   the file and line of what it refuses.
//!
//! What the fields mean is up to the reader of each kind of file
//! ([`crate::puzzle_file`], [`crate::lesson_file`]); this module only cuts
//! the text into blocks and refuses lines that are not fields.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where something was read: a file (or any name given to the text) and a
/// line number from 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Origin {
    /// The file's path or name.
    pub file: PathBuf,
    /// The line, from 1 (0 when it is not known).
    pub line: usize,
}

impl Origin {
    /// The place `line` of `file`.
    pub fn new(file: impl AsRef<Path>, line: usize) -> Origin {
        Origin {
            file: file.as_ref().to_path_buf(),
            line,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// A file that cannot be read as puzzles or a lesson: its name, the line,
/// and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct FormatError {
    /// The file and line.
    pub origin: Origin,
    /// What is wrong, for a person to read.
    pub message: String,
}

impl FormatError {
    /// An error at `origin`.
    pub fn new(origin: Origin, message: impl Into<String>) -> FormatError {
        FormatError {
            origin,
            message: message.into(),
        }
    }
}

/// One `key: value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The key, in lower case.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Where it was read.
    pub origin: Origin,
}

/// Consecutive fields, with the line of the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The fields in file order.
    pub fields: Vec<Field>,
    /// Where the block starts.
    pub origin: Origin,
}

impl Block {
    /// The one field `key`, if present; an error if it is given twice.
    pub fn optional(&self, key: &str) -> Result<Option<&Field>, FormatError> {
        let mut found = self.fields.iter().filter(|f| f.key == key);
        let first = found.next();
        if let Some(second) = found.next() {
            return Err(FormatError::new(
                second.origin.clone(),
                format!("'{key}' is given twice in one block"),
            ));
        }
        Ok(first)
    }

    /// The one field `key`, which must be present and not empty.
    pub fn required(&self, key: &str, what: &str) -> Result<&Field, FormatError> {
        match self.optional(key)? {
            Some(field) if !field.value.is_empty() => Ok(field),
            Some(field) => Err(FormatError::new(
                field.origin.clone(),
                format!("'{key}' is empty"),
            )),
            None => Err(FormatError::new(
                self.origin.clone(),
                format!("{what} has no '{key}:' line"),
            )),
        }
    }

    /// Refuses any key not in `known`.
    pub fn only(&self, known: &[&str], what: &str) -> Result<(), FormatError> {
        match self
            .fields
            .iter()
            .find(|f| !known.contains(&f.key.as_str()))
        {
            Some(field) => Err(FormatError::new(
                field.origin.clone(),
                format!(
                    "unknown key '{}' in {what} (known: {})",
                    field.key,
                    known.join(", ")
                ),
            )),
            None => Ok(()),
        }
    }
}

/// Cuts `text` (read from `file`) into blocks of fields.
pub fn read_blocks(text: &str, file: &Path) -> Result<Vec<Block>, FormatError> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (index, raw) in text.lines().enumerate() {
        let origin = Origin::new(file, index + 1);
        let line = raw.trim();
        if line.is_empty() {
            blocks.extend(current.take());
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let field = parse_field(line, origin.clone())?;
        current
            .get_or_insert_with(|| Block {
                fields: Vec::new(),
                origin,
            })
            .fields
            .push(field);
    }
    blocks.extend(current);
    Ok(blocks)
}

fn parse_field(line: &str, origin: Origin) -> Result<Field, FormatError> {
    let Some((key, value)) = line.split_once(':') else {
        return Err(FormatError::new(
            origin,
            format!("expected 'key: value', found '{line}'"),
        ));
    };
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
        return Err(FormatError::new(
            origin,
            format!("'{key}' is not a key (letters and dashes, then a colon)"),
        ));
    }
    Ok(Field {
        key: key.to_ascii_lowercase(),
        value: value.trim().to_string(),
        origin,
    })
}

/// The files directly in `dir` whose names end with `.{extension}`, sorted
/// by name (the order a player sees them in).
pub fn files_with_extension(dir: &Path, extension: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    Ok(files)
}

/// What a folder of files gave: the items of the files that could be read,
/// and an error for each file that could not (a game shows the first and
/// skips the second).
#[derive(Clone, Debug)]
pub struct Loaded<T> {
    /// Everything read, in file order.
    pub items: Vec<T>,
    /// One error per file that could not be read.
    pub errors: Vec<FormatError>,
}

impl<T> Default for Loaded<T> {
    fn default() -> Loaded<T> {
        Loaded {
            items: Vec::new(),
            errors: Vec::new(),
        }
    }
}

/// Reads a file to a string, as a [`FormatError`] at line 0 if it cannot.
pub fn read_text(path: &Path) -> Result<String, FormatError> {
    std::fs::read_to_string(path)
        .map_err(|err| FormatError::new(Origin::new(path, 0), format!("cannot read: {err}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_lines() {
        let text = "# a comment\nid: one\nkind: win in 1\n\n\nid: two\n";
        let blocks = read_blocks(text, Path::new("x.puzzles")).expect("readable");
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].origin.line, 2);
        assert_eq!(blocks[0].fields[1].value, "win in 1");
        assert_eq!(blocks[1].fields[0].origin.to_string(), "x.puzzles:6");
    }

    #[test]
    fn a_line_without_a_colon_is_refused_with_its_line() {
        let err = read_blocks("id: a\nnonsense\n", Path::new("f")).unwrap_err();
        assert_eq!(err.origin.line, 2);
        assert!(err.message.contains("nonsense"), "{err}");
    }

    #[test]
    fn a_field_given_twice_is_refused() {
        let blocks = read_blocks("id: a\nid: b\n", Path::new("f")).expect("readable");
        let err = blocks[0].optional("id").unwrap_err();
        assert_eq!(err.to_string(), "f:2: 'id' is given twice in one block");
    }
}
