//! Checking a manifest's entries one by one against the base theme: each
//! good value replaces the base's, each bad one keeps it with one warning.

use super::overlay::{Overlay, TintedImage};
use super::problem::FileProblem;
use super::rgba::Rgba;

/// Checks entries one by one, writing good values over the base's.
pub(super) struct Resolver<'a> {
    pub id: &'a str,
    pub dir: String,
    pub check: &'a dyn Fn(&str) -> Result<(), FileProblem>,
    pub warnings: &'a mut Vec<String>,
}

impl Resolver<'_> {
    pub fn warn(&mut self, message: String) {
        self.warnings
            .push(format!("theme \"{}\": {message}", self.id));
    }

    /// Sets `out` if `value` is a colour; returns whether it did.
    pub fn color(&mut self, field: &str, value: &Option<String>, out: &mut Rgba) -> bool {
        let Some(text) = value else { return false };
        match Rgba::parse(text) {
            Some(color) => {
                *out = color;
                true
            }
            None => {
                self.warn(format!(
                    "{field}: \"{text}\" is not a colour (write #rrggbb or #rrggbbaa); using {out}"
                ));
                false
            }
        }
    }

    /// Sets `out` to the asset path of PNG `value` if it is usable.
    pub fn image(&mut self, field: &str, value: &Option<String>, out: &mut String) -> bool {
        self.file(field, value, &["png"], out, "no image")
    }

    pub fn overlay(&mut self, field: &str, value: &Overlay, out: &mut TintedImage) {
        self.image(&format!("{field}.image"), &value.image, &mut out.image);
        self.color(&format!("{field}.color"), &value.color, &mut out.color);
    }

    /// Sets `out` to the asset path of WAV `value`: `None` (no entry)
    /// keeps the base's sound, `Some(None)` silences it.
    pub fn sound(&mut self, field: &str, value: Option<&Option<String>>, out: &mut Option<String>) {
        match value {
            None => {}
            Some(None) => *out = None,
            Some(Some(_)) => {
                let mut path = out.clone().unwrap_or_default();
                if self.file(
                    field,
                    value.unwrap_or(&None),
                    &["wav"],
                    &mut path,
                    "silence",
                ) {
                    *out = Some(path);
                }
            }
        }
    }

    /// Sets `out` to `<theme dir>/<value>` if that is a relative path inside
    /// the theme's folder, with one of `extensions`, naming a file (`none`
    /// names what is used instead when the base has no file).
    pub fn file(
        &mut self,
        field: &str,
        value: &Option<String>,
        extensions: &[&str],
        out: &mut String,
        none: &str,
    ) -> bool {
        let Some(rel) = value else { return false };
        let fallback = if out.is_empty() {
            none.to_string()
        } else {
            out.clone()
        };
        let problem = if rel.trim().is_empty() {
            Some("the path is empty".to_string())
        } else if rel.starts_with('/') || rel.starts_with('\\') || rel.contains(':') {
            Some("the path must be relative to the theme's folder".to_string())
        } else if rel.split(['/', '\\']).any(|part| part == "..") {
            Some("the path must not leave the theme's folder (\"..\")".to_string())
        } else if !extensions.iter().any(|ext| {
            rel.rsplit_once('.')
                .is_some_and(|(_, e)| e.eq_ignore_ascii_case(ext))
        }) {
            Some(format!("only {} files can be used", extensions.join("/")))
        } else {
            None
        };
        let full = format!("{}/{}", self.dir, rel.trim_start_matches("./"));
        let problem = problem.or_else(|| (self.check)(&full).err().map(|p| p.to_string()));
        match problem {
            None => {
                *out = full;
                true
            }
            Some(problem) => {
                self.warn(format!(
                    "{field}: \"{rel}\" ({full}): {problem}; using {fallback}"
                ));
                false
            }
        }
    }
}
