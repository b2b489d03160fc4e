//! The words the game speaks: the localisation layer's texts (see
//! `hive-text` and `assets/locales/`) as a resource, so every feature
//! words rule reasons, pieces, cells and moves the same way ("the white Ant
//! (wA1)", "next to the black Pillbug, on its lower left (/bP)"). A broken
//! or missing translation is logged once and shown in English.

use bevy::prelude::*;

use super::assets::assets_dir;
use crate::text::Texts;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Words>() {
        app.insert_resource(Words::load("en"));
    }
    app.add_systems(Last, log_text_warnings);
}

/// The game's texts in the player's language.
#[derive(Resource, Debug, Default, Deref)]
pub struct Words(pub Texts);

impl Words {
    /// The texts of `lang` from the assets' `locales` folder (English
    /// behind them), logging what was wrong on the way.
    pub fn load(lang: &str) -> Words {
        let (texts, warnings) = Texts::load(&assets_dir().join("locales"), lang);
        for warning in warnings {
            warn!("texts: {warning}");
        }
        Words(texts)
    }
}

/// Each missing translation is logged once, when first shown.
fn log_text_warnings(words: Res<Words>) {
    for warning in words.take_warnings() {
        warn!("texts: {warning}");
    }
}
