//! Reading a language folder: its `.ftl` files, parsed, with every problem
//! named by file and line.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use fluent_syntax::parser::ParserError;

/// The extension of the files of a language folder.
pub const FTL_EXTENSION: &str = "ftl";

/// Something wrong with a file (or folder) of texts: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    /// The file or folder.
    pub path: PathBuf,
    /// The line (from 1), when the problem is at one place in a file.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl FileProblem {
    pub(crate) fn new(path: &Path, line: Option<usize>, message: impl Into<String>) -> FileProblem {
        FileProblem {
            path: path.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// One `.ftl` file, parsed as far as it could be.
pub(crate) struct ParsedFile {
    pub(crate) path: PathBuf,
    pub(crate) resource: FluentResource,
    /// Its syntax errors (none when it parsed cleanly).
    pub(crate) problems: Vec<FileProblem>,
}

/// Parses `source`, read from `path`. Every syntax error becomes a problem
/// naming its line; the entries that did parse are kept.
pub(crate) fn parse_source(path: &Path, source: String) -> ParsedFile {
    match FluentResource::try_new(source) {
        Ok(resource) => ParsedFile {
            path: path.to_path_buf(),
            resource,
            problems: Vec::new(),
        },
        Err((resource, errors)) => {
            let problems = errors
                .iter()
                .map(|error| {
                    let line = error_line(resource.source(), error);
                    FileProblem::new(path, Some(line), error.kind.to_string())
                })
                .collect();
            ParsedFile {
                path: path.to_path_buf(),
                resource,
                problems,
            }
        }
    }
}

/// The line of a syntax error: where the parser stopped, or, when it
/// stopped only at the next entry (or the end of the file), the last line
/// of the broken entry, which is where the fault is.
fn error_line(text: &str, error: &ParserError) -> usize {
    let mut at = error.pos.start;
    if let Some(slice) = &error.slice
        && at >= slice.end
        && let Some(body) = text.get(slice.start..slice.end.min(text.len()))
        && let Some(last) = body.rfind(|c: char| !c.is_whitespace())
    {
        at = slice.start + last;
    }
    line_of(text, at)
}

/// The line (from 1) of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The `.ftl` files of a language folder, in name order, each parsed.
///
/// `Err` when the folder cannot be read or holds no `.ftl` file; a file
/// that cannot be read is a problem of that file.
pub(crate) fn parse_folder(dir: &Path) -> Result<Vec<ParsedFile>, FileProblem> {
    let entries = fs::read_dir(dir)
        .map_err(|err| FileProblem::new(dir, None, format!("cannot be read: {err}")))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == FTL_EXTENSION))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(FileProblem::new(dir, None, "holds no .ftl file"));
    }
    Ok(paths
        .into_iter()
        .map(|path| match fs::read_to_string(&path) {
            Ok(source) => parse_source(&path, source),
            Err(err) => ParsedFile {
                resource: FluentResource::try_new(String::new()).unwrap_or_else(|(r, _)| r),
                problems: vec![FileProblem::new(
                    &path,
                    None,
                    format!("cannot be read: {err}"),
                )],
                path,
            },
        })
        .collect())
}

/// The language folders under `locales_dir` (each sub-folder), by name.
pub(crate) fn language_folders(locales_dir: &Path) -> std::io::Result<Vec<String>> {
    let mut codes: Vec<String> = fs::read_dir(locales_dir)?
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.'))
        .collect();
    codes.sort();
    Ok(codes)
}

/// The message ids of a file, each with the line it starts on.
pub(crate) fn message_ids(file: &ParsedFile) -> Vec<(String, usize)> {
    let source = file.resource.source();
    file.resource
        .entries()
        .filter_map(|entry| match entry {
            ast::Entry::Message(message) => Some(message.id.name),
            _ => None,
        })
        .map(|id| {
            // The ids borrow the source: their offset gives their line.
            let offset = (id.as_ptr() as usize)
                .checked_sub(source.as_ptr() as usize)
                .filter(|&offset| offset <= source.len())
                .unwrap_or(0);
            (id.to_string(), line_of(source, offset))
        })
        .collect()
}

/// The keys a file defines: each message id, and `id.attribute` for each
/// attribute of a message.
pub(crate) fn keys(file: &ParsedFile) -> Vec<String> {
    let mut keys = Vec::new();
    for entry in file.resource.entries() {
        if let ast::Entry::Message(message) = entry {
            keys.push(message.id.name.to_string());
            for attribute in &message.attributes {
                keys.push(format!("{}.{}", message.id.name, attribute.id.name));
            }
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_name_their_line() {
        let file = parse_source(
            Path::new("x.ftl"),
            "a = one\nb = two\nc = { $x ->\n  [one] x\n}\nd = four\n".to_string(),
        );
        assert_eq!(file.problems.len(), 1, "{:?}", file.problems);
        assert_eq!(file.problems[0].line, Some(5));
        let ids: Vec<String> = message_ids(&file).into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["a", "b", "d"]);
        assert_eq!(message_ids(&file)[2].1, 6);
        assert!(file.problems[0].to_string().starts_with("x.ftl line 5: "));
    }

    #[test]
    fn an_unclosed_placeable_is_blamed_on_its_own_line() {
        for (source, line) in [
            ("a = 1\n\n# c\nb = { $x\n", 4),
            ("a = 1\nb = { $x\nc = 2\n", 2),
            ("a = 1\nb\nc = 2\n", 2),
            ("a = 1\nb = { $x } }\nc = 2\n", 2),
        ] {
            let file = parse_source(Path::new("x.ftl"), source.to_string());
            assert_eq!(file.problems.len(), 1, "{source:?}");
            assert_eq!(file.problems[0].line, Some(line), "{source:?}");
        }
    }
}
