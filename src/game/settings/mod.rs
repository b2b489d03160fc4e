//! The player's settings kept between runs: read at start-up (or by `run`,
//! before the command line applies) into the features' own resources (the
//! next game's settings (its opponent too), draw rules, animation speed, the AI's considered
//! cells, the theme, the language, the sounds' volume), and saved when the player changes one. This feature
//! depends on those it persists, never the reverse. The file itself is
//! `crate::records`' business.

use std::fs;

use bevy::prelude::*;

use crate::game::ai::ConsideredDestinations;
use crate::game::board::AnimationSettings;
use crate::game::core::{
    AskBeforeLeaving, AutoPass, GameOptions, GameSystems, HumanSide, LanguageChoice,
    LaunchSettings, NewGameSettings, Notice, Opponent, Words, record_error,
};
use crate::game::saves::{AutosaveWrites, RecordPaths};
use crate::game::sound::SoundSettings;
use crate::game::theme::ThemeChoice;
use crate::records::Settings;
use crate::text::Args;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerSettings>();
    app.add_systems(PreStartup, restore_at_startup);
    app.add_systems(
        Update,
        save_changed_settings
            .in_set(GameSystems::Sync)
            .after(AutosaveWrites)
            .run_if(
                resource_changed::<NewGameSettings>
                    .or_else(resource_changed::<GameOptions>)
                    .or_else(resource_changed::<AutoPass>)
                    .or_else(resource_changed::<AskBeforeLeaving>)
                    .or_else(resource_changed::<AnimationSettings>)
                    .or_else(resource_changed::<ConsideredDestinations>)
                    .or_else(resource_changed::<SoundSettings>)
                    .or_else(resource_changed::<PlayerSettings>),
            ),
    );
}

/// The player's settings as last read or saved.
#[derive(Resource, Debug, Clone, Default)]
pub struct PlayerSettings {
    settings: Settings,
    /// What the file holds (the defaults when there is none, or it is
    /// damaged): a difference is saved.
    saved: Settings,
    /// The file was damaged when read: keep it aside before the first save.
    damaged: bool,
    /// Read from the file already (by `run`, or at start-up).
    restored: bool,
}

impl PlayerSettings {
    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
}

/// Reads the settings file (if [`RecordPaths`] names one) and applies it to
/// the next game's settings and the animation speed; a damaged file is
/// reported in the [`Notice`] and the log, and left as it is. `run` calls it
/// before applying its command line, which then wins; otherwise it runs at
/// start-up.
pub fn restore_settings(world: &mut World) {
    let file = world
        .get_resource::<RecordPaths>()
        .and_then(|paths| paths.settings.clone());
    let Some(file) = file else {
        world.get_resource_or_init::<PlayerSettings>().restored = true;
        return;
    };
    let loaded = file.load();
    if let Some(warning) = &loaded.warning {
        warn!("{warning}");
        let launch = world.get_resource::<LaunchSettings>();
        let text = record_error(&Words::at_start(launch, &loaded.settings.language), warning);
        if let Some(mut notice) = world.get_resource_mut::<Notice>() {
            notice.show(text);
        }
    }
    let settings = loaded.settings;
    let from_command_line = world
        .get_resource::<LaunchSettings>()
        .is_some_and(|launch| launch.theme.is_some());
    if let Some(mut choice) = world.get_resource_mut::<ThemeChoice>()
        && !from_command_line
    {
        choice.name = Some(settings.theme.clone());
    }
    if let Some(mut next) = world.get_resource_mut::<NewGameSettings>() {
        next.difficulty = settings.difficulty;
        next.game_type = settings.game_type();
        next.opponent = opponent_from_word(&settings.opponent);
        next.human_side = side_from_word(&settings.human_side);
    }
    world.insert_resource(GameOptions(settings.options()));
    world.insert_resource(AutoPass(settings.auto_pass));
    world.insert_resource(AskBeforeLeaving(settings.ask_before_leaving));
    world.insert_resource(LanguageChoice {
        code: Some(settings.language.clone()).filter(|code| !code.is_empty()),
        picked: false,
    });
    world.insert_resource(AnimationSettings::at_speed(settings.animation_speed));
    world.insert_resource(SoundSettings {
        volume: settings.sound_volume,
        muted: settings.sound_muted,
    });
    world.insert_resource(considered_from_word(&settings.ai_shows_considered));
    world.insert_resource(PlayerSettings {
        saved: settings.clone(),
        settings,
        damaged: loaded.warning.is_some(),
        restored: true,
    });
}

fn restore_at_startup(world: &mut World) {
    if !world.get_resource_or_init::<PlayerSettings>().restored {
        restore_settings(world);
    }
}

/// How a [`ConsideredDestinations`] choice is written in the settings (one
/// of [`Settings::AI_SHOWS_CONSIDERED`]).
fn considered_word(choice: ConsideredDestinations) -> &'static str {
    match choice {
        ConsideredDestinations::EasyPresets => "easy",
        ConsideredDestinations::Always => "always",
        ConsideredDestinations::Never => "never",
    }
}

/// The choice a settings word names (the default for an unknown word).
fn considered_from_word(word: &str) -> ConsideredDestinations {
    ConsideredDestinations::ALL
        .into_iter()
        .find(|&choice| considered_word(choice) == word)
        .unwrap_or_default()
}

/// How an opponent is written in the settings (one of
/// [`Settings::OPPONENTS`]); an exhibition is not kept (`None`): the next
/// start offers the opponent chosen before it.
fn opponent_word(opponent: Opponent) -> Option<&'static str> {
    match opponent {
        Opponent::Human => Some("human"),
        Opponent::Ai => Some("ai"),
        Opponent::Exhibition { .. } => None,
    }
}

/// The opponent a settings word names (a person for an unknown word).
fn opponent_from_word(word: &str) -> Opponent {
    match word {
        "ai" => Opponent::Ai,
        _ => Opponent::Human,
    }
}

/// How a side against the AI is written (one of [`Settings::HUMAN_SIDES`]).
fn side_word(side: HumanSide) -> &'static str {
    match side {
        HumanSide::White => "white",
        HumanSide::Black => "black",
        HumanSide::Random => "random",
    }
}

/// The side a settings word names (White for an unknown word).
fn side_from_word(word: &str) -> HumanSide {
    HumanSide::ALL
        .into_iter()
        .find(|&side| side_word(side) == word)
        .unwrap_or_default()
}

/// Saves the settings when the player changed one (in the main menu, or the
/// theme). A file that was damaged is first kept aside, and the player told.
/// The features' resources the settings file keeps.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Chosen<'w> {
    next_game: Res<'w, NewGameSettings>,
    options: Res<'w, GameOptions>,
    auto_pass: Res<'w, AutoPass>,
    ask: Res<'w, AskBeforeLeaving>,
    animation: Res<'w, AnimationSettings>,
    considered: Res<'w, ConsideredDestinations>,
    language: Res<'w, LanguageChoice>,
    sound: Res<'w, SoundSettings>,
}

pub(super) fn save_changed_settings(
    paths: Res<RecordPaths>,
    chosen: Chosen,
    mut stored: ResMut<PlayerSettings>,
    (mut notice, words): (ResMut<Notice>, Res<Words>),
) {
    if !stored.restored {
        return; // start-up has not read the file yet
    }
    let Chosen {
        next_game,
        options,
        auto_pass,
        ask,
        animation,
        considered,
        language,
        sound,
    } = chosen;
    let mut settings = stored.settings.clone();
    settings.difficulty = next_game.difficulty;
    if let Some(word) = opponent_word(next_game.opponent) {
        settings.opponent = word.to_string();
    }
    settings.human_side = side_word(next_game.human_side).to_string();
    settings.last_expansions = next_game.game_type.expansions();
    settings.threefold_repetition = options.0.threefold_repetition;
    settings.turn_limit = options.0.turn_limit;
    settings.tournament_opening = options.0.tournament_opening;
    settings.auto_pass = auto_pass.0;
    settings.ask_before_leaving = ask.0;
    settings.ai_shows_considered = considered_word(*considered).to_string();
    if animation.is_changed() {
        settings.animation_speed = animation.speed();
    }
    settings.sound_volume = sound.volume;
    settings.sound_muted = sound.muted;
    if language.picked {
        settings.language = language.code.clone().unwrap_or_default();
    }
    let Some(file) = paths.settings.clone().filter(|_| settings != stored.saved) else {
        stored.bypass_change_detection().settings = settings;
        return;
    };
    if stored.damaged {
        let aside = file.path().with_extension("ron.damaged");
        if let Err(err) = fs::rename(file.path(), &aside) {
            warn!(
                "the settings were not saved: the damaged file {} could not be kept aside as {}: {err}",
                file.path().display(),
                aside.display()
            );
            let args = Args::new()
                .with("file", file.path().display().to_string())
                .with("aside", aside.display().to_string())
                .with("error", err.to_string());
            notice.show(words.format("notice-settings-not-kept", &args));
            let stored = stored.bypass_change_detection();
            stored.saved = settings.clone();
            stored.settings = settings;
            return;
        }
        let args = Args::new().with("aside", aside.display().to_string());
        notice.show(words.format("notice-settings-kept-aside", &args));
        stored.bypass_change_detection().damaged = false;
    }
    if let Err(err) = file.save(&settings) {
        warn!("{err}");
        notice.show(record_error(&words, &err));
    } else {
        info!("settings saved to {}", file.path().display());
    }
    // Also on failure: the error is shown once, not every frame.
    let stored = stored.bypass_change_detection();
    stored.saved = settings.clone();
    stored.settings = settings;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn considered_words_match_the_settings_words() {
        let words: Vec<&str> = ConsideredDestinations::ALL
            .into_iter()
            .map(considered_word)
            .collect();
        assert_eq!(words, Settings::AI_SHOWS_CONSIDERED);
        for choice in ConsideredDestinations::ALL {
            assert_eq!(considered_from_word(considered_word(choice)), choice);
        }
        assert_eq!(
            considered_from_word("sometimes"),
            ConsideredDestinations::default()
        );
    }

    #[test]
    fn opponents_and_sides_match_the_settings_words() {
        for opponent in [Opponent::Human, Opponent::Ai] {
            let word = opponent_word(opponent).expect("kept");
            assert!(Settings::OPPONENTS.contains(&word));
            assert_eq!(opponent_from_word(word), opponent);
        }
        let sides: Vec<&str> = HumanSide::ALL.into_iter().map(side_word).collect();
        assert_eq!(sides, Settings::HUMAN_SIDES);
        for side in HumanSide::ALL {
            assert_eq!(side_from_word(side_word(side)), side);
        }
    }
}
