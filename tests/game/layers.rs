//! The shape of the code the compiler does not check by itself.
//!
//! - The engine crates: each depends only on the crates below it in
//!   [`CRATES`] and none on Bevy (the compiler then keeps every import in
//!   its layer; Cargo alone would allow, say, records to use uhp).
//! - The formats crate (`hive-formats`, text in and records out) reaches
//!   neither the search (`hive-ai`) nor the file system: its dependencies
//!   are read from Cargo and its sources scanned for `std::fs`, `File`,
//!   `Path` and the like.
//! - `src/game/`: one folder per feature, each depending only on the
//!   folders before it in [`ORDER`]. A module that names a later folder
//!   (`crate::game::<folder>` or `super::super::<folder>`) fails this test,
//!   so the one-way direction stays.
//! - The mode's questions ("an exhibition?", "online?", "watching?",
//!   "analysing?", "in review?") are answered by `core::Mode` alone: no
//!   feature asks the seats, the analysis switch or the pending turn
//!   itself (docs/architecture.md has the same check as a grep).
//! - The player's selection is written by `play` alone (the hint and the
//!   puzzles ask for one with `SuggestSelection`).
//! - The turn is written by `core::turn` alone: every other feature asks
//!   its `TurnControl` (a move played, pieces landed, a game ended off the
//!   board, started, or jumped).
//! - Every resource is written by the folder that declares it, and no
//!   hosted part (a system parameter) hands one out in a public field.
//! - Every count in docs/architecture.md's table is what its command
//!   prints.

use std::fs;
use std::path::{Path, PathBuf};

/// The feature folders, each allowed to use only those before it.
const ORDER: [&str; 14] = [
    "core",
    "board",
    "play",
    "ai",
    "saves",
    "theme",
    "widgets",
    "editor",
    "learn",
    "database",
    "online",
    "your_games",
    "sound",
    "ui",
];

/// The engine crates from the bottom up, each with the crates it may use.
const CRATES: [(&str, &[&str]); 9] = [
    ("hive-rules", &[]),
    ("hive-ai", &["hive-rules"]),
    ("hive-formats", &["hive-rules"]),
    ("hive-uhp", &["hive-rules", "hive-ai"]),
    ("hive-records", &["hive-rules", "hive-ai", "hive-formats"]),
    ("hive-learn", &["hive-rules", "hive-ai"]),
    ("hive-text", &["hive-rules", "hive-learn"]),
    (
        "hive-db",
        &["hive-rules", "hive-ai", "hive-formats", "hive-records"],
    ),
    (
        "hive-net",
        &[
            "hive-rules",
            "hive-ai",
            "hive-uhp",
            "hive-records",
            "hive-db",
        ],
    ),
];

/// Each engine crate's normal dependencies as Cargo reads the workspace:
/// `(crate, dependency, optional)`, target-specific ones included.
fn engine_dependencies() -> Vec<(String, String, bool)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let metadata = cargo_metadata::MetadataCommand::new()
        .manifest_path(manifest)
        .no_deps()
        .exec()
        .expect("cargo metadata reads the workspace");
    let ours: Vec<&str> = CRATES.iter().map(|(name, _)| *name).collect();
    let mut found = Vec::new();
    for package in &metadata.packages {
        if !ours.contains(&package.name.as_str()) {
            continue;
        }
        for dep in &package.dependencies {
            if dep.kind == cargo_metadata::DependencyKind::Normal {
                found.push((package.name.to_string(), dep.name.clone(), dep.optional));
            }
        }
    }
    found
}

#[test]
fn each_engine_crate_depends_only_on_crates_below_it_and_not_on_bevy() {
    let ours: Vec<&str> = CRATES.iter().map(|(name, _)| *name).collect();
    let deps = engine_dependencies();
    let mut wrong = Vec::new();
    for (name, allowed) in CRATES {
        let own: Vec<_> = deps.iter().filter(|(krate, ..)| krate == name).collect();
        assert!(
            !own.is_empty() || name == "hive-rules",
            "{name}: no dependencies read"
        );
        for (_, dep, optional) in own {
            if dep.starts_with("bevy") {
                wrong.push(format!("{name} depends on {dep}"));
            }
            if ours.contains(&dep.as_str()) && !allowed.contains(&dep.as_str()) {
                wrong.push(format!("{name} depends on {dep}, which is not below it"));
            }
            // Command-line parsing belongs to the binaries: a library
            // crate has clap only behind its optional `cli` feature.
            if dep == "clap" && !optional {
                wrong.push(format!("{name} depends on clap outside its cli feature"));
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

#[test]
fn the_dependency_scan_sees_the_engine_crates() {
    let deps = engine_dependencies();
    let has = |krate: &str, dep: &str| deps.iter().any(|(k, d, _)| k == krate && d == dep);
    assert!(has("hive-ai", "hive-rules"));
    assert!(has("hive-text", "hive-learn"));
    assert!(
        deps.iter()
            .any(|(k, d, optional)| k == "hive-uhp" && d == "clap" && *optional)
    );
}

/// What in a source file reaches the file system (or names a path).
const FILE_SYSTEM: [&str; 9] = [
    "std::fs",
    "fs::",
    "File::",
    "OpenOptions",
    "std::path",
    "Path",
    "read_dir",
    "tempfile",
    "directories",
];

/// The file-system uses in `text`, each with its line (from 1).
fn file_system_uses(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for word in FILE_SYSTEM {
            if line.contains(word) {
                found.push((number + 1, word));
            }
        }
    }
    found
}

#[test]
fn the_formats_crate_reaches_neither_the_search_nor_the_file_system() {
    let deps = engine_dependencies();
    let own: Vec<&str> = deps
        .iter()
        .filter(|(krate, ..)| krate == "hive-formats")
        .map(|(_, dep, _)| dep.as_str())
        .collect();
    assert!(own.contains(&"hive-rules"), "no dependencies read: {own:?}");
    for banned in ["hive-ai", "hive-records", "directories", "tempfile"] {
        assert!(!own.contains(&banned), "hive-formats depends on {banned}");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/hive-formats/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 5, "no sources found in {}", root.display());
    let mut wrong = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).expect("a readable source file");
        for (line, word) in file_system_uses(&text) {
            wrong.push(format!("{}:{line}: {word}", path.display()));
        }
        if text.contains("hive_ai") {
            wrong.push(format!("{}: names hive_ai", path.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "hive-formats reaches the file system:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_file_system_scan_sees_every_spelling() {
    for text in [
        "use std::fs;",
        "let text = fs::read_to_string(p)?;",
        "std::fs::File::open(p)",
        "pub fn load(path: &Path)",
        "use std::path::PathBuf;",
        "OpenOptions::new()",
    ] {
        assert!(!file_system_uses(text).is_empty(), "{text}");
    }
    assert_eq!(
        file_system_uses("fn a() {}\nlet p: PathBuf;"),
        vec![(2, "Path")]
    );
    assert!(file_system_uses("tree.path_to(node); read_pgn(text)").is_empty());
}

fn game_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A source file of a feature folder (`src/game/FOLDER/...`; the
/// folders' assembly, `src/game/mod.rs`, is none).
struct FeatureFile {
    /// Its path under `src/game/`.
    name: String,
    /// Its folder, the first part of the path.
    folder: String,
    text: String,
}

/// Every source file of the feature folders, in path order.
fn feature_files() -> Vec<FeatureFile> {
    let root = game_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(&root).expect("under src/game");
            let mut parts = relative.components();
            let folder = parts.next()?.as_os_str().to_string_lossy().into_owned();
            parts.next()?; // `src/game/mod.rs` assembles the folders
            Some(FeatureFile {
                name: relative.to_string_lossy().replace('\\', "/"),
                folder,
                text: fs::read_to_string(path).expect("a readable source file"),
            })
        })
        .collect()
}

/// The feature folders a file's text names through `crate::game::`.
fn folders_named(text: &str) -> Vec<String> {
    let mut named = Vec::new();
    for (i, _) in text.match_indices("crate::game::") {
        let rest = &text[i + "crate::game::".len()..];
        let mut names = Vec::new();
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::game::{board::X, core::Y}`
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                names.push(item.trim().split("::").next().unwrap_or("").to_string());
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.push(name);
        }
        named.extend(names.into_iter().filter(|n| ORDER.contains(&n.as_str())));
    }
    named
}

#[test]
fn every_feature_folder_depends_only_on_earlier_ones() {
    let mut folders_seen = Vec::new();
    let mut wrong = Vec::new();
    for FeatureFile { name, folder, text } in feature_files() {
        let Some(own) = ORDER.iter().position(|&f| f == folder) else {
            wrong.push(format!("{name}: not in a known feature folder"));
            continue;
        };
        folders_seen.push(folder.clone());
        if text.contains("super::super::") {
            wrong.push(format!(
                "{name}: reaches out with super::super:: (name crate::game::<folder> instead)"
            ));
        }
        for named in folders_named(&text) {
            let index = ORDER.iter().position(|&f| f == named).expect("known");
            if index > own {
                wrong.push(format!(
                    "{name}: {folder} uses crate::game::{named}, which comes after it"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
    for folder in ORDER {
        assert!(
            folders_seen.iter().any(|f| f == folder),
            "no files found in src/game/{folder}"
        );
    }
}

#[test]
fn the_scan_sees_later_folders_in_every_spelling() {
    assert_eq!(
        folders_named("use crate::game::ui::menu;"),
        vec!["ui".to_string()]
    );
    assert_eq!(
        folders_named("use crate::game::{board::Slide, saves::Jump};"),
        vec!["board".to_string(), "saves".to_string()]
    );
    assert_eq!(
        folders_named("crate::game::theme::tiles::bug_color(bug)"),
        vec!["theme".to_string()]
    );
    assert!(folders_named("use crate::rules::Game;").is_empty());
}

/// How a feature would answer a mode question from the mode's sources
/// instead of asking `Mode`: the seats' own answers (the board's seats are
/// `Players`'; a kept game's seats are its record's), the analysis switch
/// read raw, the turn as it will be.
const RAW_MODE_QUESTIONS: [&str; 7] = [
    ".is_exhibition()",
    ".remote_side()",
    "players.seats.watching()",
    "players().seats.watching()",
    "Res<AnalysisSwitch>",
    "Res<'w, AnalysisSwitch>",
    "upcoming_turn(",
];

/// The files that make the mode from its sources: the mode itself, the
/// jump's reading of it, and the sources' own definitions.
const MODE_SOURCES: [&str; 4] = [
    "core/mode.rs",
    "core/jump.rs",
    "core/players.rs",
    "core/turn.rs",
];

/// The lines of `text` (from 1, comments aside) holding one of `words`,
/// with the words held.
fn lines_with(text: &str, words: &'static [&'static str]) -> Vec<(usize, &'static str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .flat_map(|(i, line)| {
            words
                .iter()
                .filter(move |word| line.contains(*word))
                .map(move |word| (i + 1, *word))
        })
        .collect()
}

/// The lines of `text` that answer a mode question from the sources.
fn raw_mode_questions(text: &str) -> Vec<(usize, &'static str)> {
    lines_with(text, &RAW_MODE_QUESTIONS)
}

#[test]
fn every_mode_question_is_asked_of_the_mode() {
    let wrong: Vec<String> = game_lines_with(raw_mode_questions)
        .into_iter()
        .filter(|(name, _)| !MODE_SOURCES.contains(&name.as_str()))
        .map(|(_, at)| at)
        .collect();
    assert!(
        wrong.is_empty(),
        "mode questions answered outside core::Mode:\n{}",
        wrong.join("\n")
    );
}

/// Every line of the feature folders' sources (`src/game/*/`) that `scan` finds: its
/// file (under `src/game/`) and the place, `src/game/FILE:LINE: WORD`.
fn game_lines_with(scan: fn(&str) -> Vec<(usize, &'static str)>) -> Vec<(String, String)> {
    let files = feature_files();
    assert!(files.len() > 100, "{} files", files.len());
    let mut found = Vec::new();
    for FeatureFile { name, text, .. } in files {
        for (line, word) in scan(&text) {
            found.push((name.clone(), format!("src/game/{name}:{line}: {word}")));
        }
    }
    found
}

#[test]
fn the_mode_scan_sees_every_raw_question() {
    let text = "let a = players.seats.is_exhibition();
        let b = jump.players().seats.watching();
        // players.seats.remote_side() in a comment is no question
        fn f(switch: Res<AnalysisSwitch>) {}
        let c = upcoming_turn(&turn, &next);";
    assert_eq!(
        raw_mode_questions(text),
        vec![
            (1, ".is_exhibition()"),
            (2, "players().seats.watching()"),
            (4, "Res<AnalysisSwitch>"),
            (5, "upcoming_turn("),
        ]
    );
    assert!(raw_mode_questions("let online = mode.online().is_some();").is_empty());
}

/// How a feature would write the turn itself instead of asking
/// `core::TurnControl`.
const TURN_WRITES: [&str; 4] = [
    "ResMut<NextState<Turn>>",
    "ResMut<'w, NextState<Turn>>",
    "resource_mut::<NextState<Turn>>",
    "set_state(Turn::",
];

/// The lines of `text` that write the turn.
fn turn_writes(text: &str) -> Vec<(usize, &'static str)> {
    lines_with(text, &TURN_WRITES)
}

#[test]
fn the_turn_is_written_by_core_turn_alone() {
    let writers = game_lines_with(turn_writes);
    assert!(
        writers.iter().all(|(name, _)| name == "core/turn.rs"),
        "the turn written outside core/turn.rs:\n{}",
        writers
            .iter()
            .map(|(_, at)| at.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(writers.len(), 1, "core/turn.rs's TurnControl: {writers:?}");
}

#[test]
fn the_turn_scan_sees_every_write() {
    let text = "fn a(mut next: ResMut<NextState<Turn>>) {}
        struct B<'w> { next: ResMut<'w, NextState<Turn>> }
        // ResMut<NextState<Turn>> in a comment writes nothing
        commands.set_state(Turn::GameOver);
        fn c(turn: Res<NextState<Turn>>) {}";
    assert_eq!(
        turn_writes(text),
        vec![
            (1, "ResMut<NextState<Turn>>"),
            (2, "ResMut<'w, NextState<Turn>>"),
            (4, "set_state(Turn::"),
        ]
    );
}

/// How a feature would write the player's selection itself instead of
/// asking `play` (`SelectPiece`, `SuggestSelection`, `ClearSelection`).
const SELECTION_WRITES: [&str; 2] = ["ResMut<Selection>", "ResMut<'w, Selection>"];

/// The lines of `text` that write the player's selection.
fn selection_writes(text: &str) -> Vec<(usize, &'static str)> {
    lines_with(text, &SELECTION_WRITES)
}

#[test]
fn the_players_selection_is_written_by_play_alone() {
    let writers = game_lines_with(selection_writes);
    let outside: Vec<&str> = writers
        .iter()
        .filter(|(name, _)| !name.starts_with("play/"))
        .map(|(_, at)| at.as_str())
        .collect();
    assert!(
        outside.is_empty(),
        "the player's selection written outside play:\n{}",
        outside.join("\n")
    );
    assert!(!writers.is_empty(), "play writes it");
    assert_eq!(
        selection_writes("fn f(mut s: ResMut<Selection>, t: Res<Selection>) {}"),
        vec![(1, "ResMut<Selection>")]
    );
}

/// Every resource declared under `src/game/` (`#[derive(.. Resource ..)]`):
/// its name and the folder (under `src/game/`) that declares it.
fn resources_declared() -> Vec<(String, String)> {
    feature_files()
        .into_iter()
        .flat_map(|file| {
            resource_names(&file.text)
                .into_iter()
                .map(move |name| (name, file.folder.clone()))
        })
        .collect()
}

/// The names of the resources `text` declares.
fn resource_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut deriving = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with("#[derive(") && line.contains("Resource") {
            deriving = true;
        } else if deriving && !line.starts_with("#[") && !line.starts_with("//") {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "struct" || *w == "enum") {
                let name: String = words
                    .get(at + 1)
                    .unwrap_or(&"")
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.push(name);
            }
            deriving = false;
        }
    }
    names
}

/// The resources `text` writes, by line (from 1, comments aside): a
/// `ResMut` of one, `resource_mut`, or a new value inserted, its type
/// named alone or by a path.
fn resources_written(text: &str) -> Vec<(usize, String)> {
    const SPELLINGS: [&str; 5] = [
        "ResMut<'w, ",
        "ResMut<",
        "resource_mut::<",
        "get_resource_mut::<",
        "insert_resource(",
    ];
    let mut written = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for spelling in SPELLINGS {
            for (at, _) in line.match_indices(spelling) {
                let path: String = line[at + spelling.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let name = path.rsplit("::").next().unwrap_or("").to_string();
                if !name.is_empty() && name != "'w" && !written.contains(&(i + 1, name.clone())) {
                    written.push((i + 1, name));
                }
            }
        }
    }
    written
}

#[test]
fn every_resource_is_written_by_the_folder_that_declares_it() {
    let declared = resources_declared();
    assert!(declared.len() > 50, "{} resources", declared.len());
    let mut wrong = Vec::new();
    for FeatureFile {
        name: file,
        folder,
        text,
    } in feature_files()
    {
        for (line, name) in resources_written(&text) {
            let Some((_, owner)) = declared.iter().find(|(n, _)| *n == name) else {
                continue; // Bevy's own, or another crate's
            };
            if *owner != folder {
                wrong.push(format!(
                    "src/game/{file}:{line}: {owner}'s {name} written by {folder}"
                ));
            }
        }
    }
    // The rest of a feature's data reaches a lower folder's resource as a
    // message its owner applies (`HandsDrawn`, `BoardAreaLeft`,
    // `LimitSlides`, `SetAnalysis`, `AnalysisRequest`, `NoticeChange`,
    // `ChangeSettings`), or through a part whose fields are its own (next
    // test).
    assert!(
        wrong.is_empty(),
        "resources written outside the folder that owns them (send its owner a message):\n{}",
        wrong.join("\n")
    );
}

/// The `pub` fields of the system parameters `text` declares that hand
/// out a resource to write: `(line, field)`.
fn parts_handing_out_writes(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_part = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("#[derive(") && line.contains("SystemParam") {
            in_part = true;
        } else if in_part && line.starts_with('}') {
            in_part = false;
        } else if in_part
            && line.starts_with("pub")
            && line.contains("ResMut<")
            && !line.contains("struct ")
        {
            found.push((i + 1, line.to_string()));
        }
    }
    found
}

/// A part of a screen that another folder hosts (`YourGamesPart`,
/// `DatabasePart`, `EditSettings`) is a system parameter: when its
/// resources are fields only its own module reads, the host asks through
/// its methods, and every write stays in the folder that owns the
/// resource, which the test above checks by the `ResMut`'s place.
#[test]
fn no_part_hands_out_a_resource_to_write() {
    let mut parts = 0;
    let mut wrong = Vec::new();
    for file in feature_files() {
        parts += file.text.matches("SystemParam)]").count();
        for (line, field) in parts_handing_out_writes(&file.text) {
            wrong.push(format!("src/game/{}:{line}: {field}", file.name));
        }
    }
    assert!(parts > 10, "{parts} system parameters");
    assert!(
        wrong.is_empty(),
        "system parameters with a resource to write in a public field (make it private, add a method):\n{}",
        wrong.join("\n")
    );
    assert_eq!(
        parts_handing_out_writes(
            "#[derive(SystemParam)]\npub struct P<'w> {\n    pub tab: ResMut<'w, Tab>,\n    own: ResMut<'w, X>,\n    pub read: Res<'w, Y>,\n}\npub tab: ResMut<'w, Tab>,"
        ),
        vec![(3, "pub tab: ResMut<'w, Tab>,".to_string())]
    );
}

#[test]
fn the_resource_scan_sees_declarations_and_every_write() {
    let text = "#[derive(Resource, Debug, Default)]
        /// A doc line.
        pub struct Area(pub Option<Rect>);
        #[derive(Message)]
        pub struct Asked;
        #[derive(Clone, Resource)]
        #[serde(default)]
        pub(crate) enum Mood { A }";
    assert_eq!(resource_names(text), vec!["Area", "Mood"]);
    let writes = "fn a(mut area: ResMut<Area>) {}
        struct B<'w> { area: ResMut<'w, crate::game::board::Area> }
        // ResMut<Area> in a comment writes nothing
        world.resource_mut::<Area>().0 = None;
        app.insert_resource(board::Area(None));
        fn c(area: Res<Area>, big: ResMut<AreaBig>) {}
        let d = world.get_resource_mut::<Area>();";
    let area: Vec<usize> = resources_written(writes)
        .into_iter()
        .filter(|(_, name)| name == "Area")
        .map(|(line, _)| line)
        .collect();
    assert_eq!(area, vec![1, 2, 4, 5, 7]);
}

/// The commands of docs/architecture.md's table "Each fact once, counted"
/// (`(command, count)`, the command as a reader copies it from the
/// rendered table: `\|` is `|`). Rows run by `cargo` are tests of their
/// own and left out.
fn counted_facts(doc: &str) -> Vec<(String, String)> {
    let table = doc
        .split("## Each fact once, counted")
        .nth(1)
        .unwrap_or("")
        .split("\n## ")
        .next()
        .unwrap_or("");
    let mut rows = Vec::new();
    for line in table.lines().filter(|line| line.starts_with("| ")) {
        // Cells split on the pipes a table sees (not `\|`).
        let mut cells = Vec::new();
        let mut cell = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'|') => {
                    cell.push('|');
                    chars.next();
                }
                '|' => cells.push(std::mem::take(&mut cell).trim().to_string()),
                c => cell.push(c),
            }
        }
        let Some(at) = cells
            .iter()
            .position(|c| c.len() > 2 && c.starts_with('`') && c.ends_with('`'))
        else {
            continue;
        };
        let command = cells[at].trim_matches('`').to_string();
        let count: String = cells
            .get(at + 1)
            .map(|c| c.chars().take_while(char::is_ascii_digit).collect())
            .unwrap_or_default();
        if !command.starts_with("cargo ") {
            rows.push((command, count));
        }
    }
    rows
}

/// Every count in docs/architecture.md's table is what its command prints
/// today: a count that drifts (a second declaration, a file grown past
/// 600 lines) fails here, not in a reader's hands.
#[test]
fn the_counted_facts_in_the_architecture_doc_are_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/architecture.md")).expect("docs/architecture.md");
    let rows = counted_facts(&doc);
    assert!(rows.len() >= 15, "{} rows", rows.len());
    let mut wrong = Vec::new();
    for (command, count) in &rows {
        assert!(!count.is_empty(), "no count for {command}");
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(command)
            .current_dir(root)
            .output()
            .expect("bash runs");
        let printed = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if printed != *count {
            wrong.push(format!(
                "{command}\n  printed {printed}, the table says {count}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "counts in docs/architecture.md out of date:\n{}",
        wrong.join("\n")
    );
    let probe = "## Each fact once, counted\n\n| What | Command | Count |\n|---|---|---|\n| x | `grep -c a \\| wc -l` | 3 (note) |\n| t | `cargo test` | passes |\n";
    assert_eq!(
        counted_facts(probe),
        vec![("grep -c a | wc -l".to_string(), "3".to_string())]
    );
}
