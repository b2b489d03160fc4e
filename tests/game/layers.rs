//! The shape of the code the compiler does not check by itself.
//!
//! - The engine crates: each depends only on the crates below it in
//!   [`CRATES`] and none on Bevy (the compiler then keeps every import in
//!   its layer; Cargo alone would allow, say, records to use uhp).
//! - `src/game/`: one folder per feature, each depending only on the
//!   folders before it in [`ORDER`]. A module that names a later folder
//!   (`crate::game::<folder>` or `super::super::<folder>`) fails this test,
//!   so the one-way direction stays.

use std::fs;
use std::path::{Path, PathBuf};

/// The feature folders, each allowed to use only those before it.
const ORDER: [&str; 10] = [
    "core", "board", "play", "ai", "saves", "learn", "theme", "sound", "settings", "ui",
];

/// The engine crates from the bottom up, each with the crates it may use.
const CRATES: [(&str, &[&str]); 6] = [
    ("hive-rules", &[]),
    ("hive-ai", &["hive-rules"]),
    ("hive-uhp", &["hive-rules", "hive-ai"]),
    ("hive-records", &["hive-rules", "hive-ai"]),
    ("hive-learn", &["hive-rules", "hive-ai"]),
    ("hive-text", &["hive-rules", "hive-learn"]),
];

/// The dependency names of a manifest's `[dependencies]` table (and its
/// target-specific ones): the word before `=` or `.workspace` on each line.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if in_dependencies && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.']).next().unwrap_or("").trim();
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn each_engine_crate_depends_only_on_crates_below_it_and_not_on_bevy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours: Vec<&str> = CRATES.iter().map(|(name, _)| *name).collect();
    let mut wrong = Vec::new();
    for (name, allowed) in CRATES {
        let path = root.join("crates").join(name).join("Cargo.toml");
        let manifest =
            fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let deps = dependencies(&manifest);
        assert!(
            !deps.is_empty() || name == "hive-rules",
            "{name}: no dependencies read"
        );
        for dep in deps {
            if dep.starts_with("bevy") {
                wrong.push(format!("{name} depends on {dep}"));
            }
            if ours.contains(&dep.as_str()) && !allowed.contains(&dep.as_str()) {
                wrong.push(format!("{name} depends on {dep}, which is not below it"));
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

#[test]
fn the_manifest_scan_reads_every_spelling() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\n# a comment\nhive-ai.workspace = true\nbevy = { version = \"0.19\" }\n\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n\n[dev-dependencies]\nhive-uhp.workspace = true\n";
    assert_eq!(dependencies(manifest), ["hive-ai", "bevy", "libc"]);
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
    let root = game_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut folders_seen = Vec::new();
    let mut wrong = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&root).expect("under src/game");
        let mut parts = relative.components();
        let first = parts
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        if parts.next().is_none() {
            continue; // `src/game/mod.rs` assembles the folders
        }
        let Some(own) = ORDER.iter().position(|&f| f == first) else {
            wrong.push(format!(
                "{}: not in a known feature folder",
                relative.display()
            ));
            continue;
        };
        folders_seen.push(first.clone());
        let text = fs::read_to_string(path).expect("a readable source file");
        if text.contains("super::super::") {
            wrong.push(format!(
                "{}: reaches out with super::super:: (name crate::game::<folder> instead)",
                relative.display()
            ));
        }
        for named in folders_named(&text) {
            let index = ORDER.iter().position(|&f| f == named).expect("known");
            if index > own {
                wrong.push(format!(
                    "{}: {first} uses crate::game::{named}, which comes after it",
                    relative.display()
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
