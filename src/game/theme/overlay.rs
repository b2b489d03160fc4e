//! An overlay the board draws (a white-on-transparent image tinted by a
//! colour): as a manifest gives it, and settled.

use serde::{Deserialize, Serialize};

use super::rgba::Rgba;

/// A white-on-transparent image tinted by a colour.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Overlay {
    /// The image.
    pub image: Option<String>,
    /// The tint (its alpha fades the image).
    pub color: Option<String>,
}

/// An image and its tint, both settled.
#[derive(Debug, Clone, PartialEq)]
pub struct TintedImage {
    /// Asset path from the assets folder (`themes/default/bugs/ant.png`).
    pub image: String,
    /// Multiplied into the image.
    pub color: Rgba,
}
