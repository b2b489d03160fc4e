//! The game's integration tests, in one binary (it links Bevy once): the
//! headless app driven as a player would (`app` holds the shared helpers),
//! the theme manifests, the shape of `src/game/`, and the `hive` command.

mod app;

mod activity;
mod analysis;
mod animation;
mod cli;
mod clock;
mod database;
mod drag;
mod editor;
mod engine_review;
mod exhibition;
mod foreign_records;
mod game_library;
mod headless;
mod input;
mod kept;
mod languages;
mod layers;
mod lessons;
mod matches;
mod monkey;
mod on_top;
mod online;
mod panels;
mod player_themes;
mod puzzles;
mod rating;
mod reasons;
mod restart;
mod saves;
mod selection;
mod settings;
mod sounds;
mod structure;
mod themes;
mod undo;
mod variations;
mod versus_ai;
mod words_fit;
mod your_games;
