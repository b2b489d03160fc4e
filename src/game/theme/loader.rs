//! Theme manifests as Bevy assets: read as text, so that a bad file is a
//! warning when it is resolved, never a failed asset.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use super::problem::ManifestProblem;

/// A manifest's text as read (or why it could not be read as text).
#[derive(Asset, TypePath, Debug)]
pub struct ThemeSource(pub(super) Result<String, ManifestProblem>);

impl ThemeSource {
    /// The manifest's text, if it was read as text.
    pub fn text(&self) -> Option<&str> {
        self.0.as_deref().ok()
    }
}

/// Loads a `theme.ron` as text; parsing comes later (in `manifest::resolve`) so a
/// bad file is a warning, not a failed asset.
#[derive(TypePath, Default)]
pub(super) struct ThemeSourceLoader;

impl AssetLoader for ThemeSourceLoader {
    type Asset = ThemeSource;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<ThemeSource, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(ThemeSource(
            String::from_utf8(bytes).map_err(|_| ManifestProblem::NotText),
        ))
    }

    fn extensions(&self) -> &[&str] {
        &["theme.ron", "ron"]
    }
}
