//! Why a theme's manifest or one of the files it names cannot be used: the
//! reasons its one-line warnings give.

use std::path::PathBuf;

use thiserror::Error;

/// Why a file a manifest names (an image, a sound) cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileProblem {
    /// There is no file at the path.
    #[error("no such file")]
    Missing,
    /// The file is there but cannot be read (the system's words).
    #[error("cannot be read ({0})")]
    Unreadable(String),
    /// The image is there but its decoder refused it (the decoder's words).
    #[error("cannot be decoded ({0})")]
    Undecodable(String),
    /// A sound that does not start like a WAV file.
    #[error("not a WAV file")]
    NotWav,
    /// An image that does not start like a PNG.
    #[error("not a PNG image")]
    NotPng,
}

/// Why a manifest (`theme.ron`) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ManifestProblem {
    /// The asset could not be loaded (the asset server's words).
    #[error("{0}")]
    NotLoaded(String),
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotText,
    /// Not a manifest's RON (the parser's words, on one line).
    #[error("{0}")]
    Syntax(String),
}

/// A theme's manifest that is not where it was looked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{} not found", .looked_at.display())]
pub struct ManifestMissing {
    /// The full path looked at.
    pub looked_at: PathBuf,
}
