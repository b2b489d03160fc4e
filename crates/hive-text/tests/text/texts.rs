//! Loading languages: fallback to English, warnings once, broken files,
//! plurals, the check of every language and its command.

use std::fs;
use std::path::{Path, PathBuf};

#[cfg(feature = "cli")]
use hive_text::cli::LangCommand;
use hive_text::{
    Args, Sources, TextWarning, Texts, available_languages, builtin_english_files, check,
    check_with,
};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales")
}

/// A copy of a folder of the game's assets, `assets/locales` and the like,
/// in a temporary `assets` folder.
struct Copy {
    _assets: tempfile::TempDir,
    path: PathBuf,
}

impl Copy {
    /// The copied folder.
    fn path(&self) -> &Path {
        &self.path
    }
}

fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            fs::copy(&path, target).unwrap();
        }
    }
}

/// A copy of the game's locales folder to spoil, with no lessons or
/// puzzles beside it.
fn copy_of_locales() -> Copy {
    let assets = tempfile::tempdir().unwrap();
    let path = assets.path().join("locales");
    for lang in ["en", "es"] {
        copy_folder(&locales().join(lang), &path.join(lang));
    }
    Copy {
        _assets: assets,
        path,
    }
}

/// A copy of the game's locales, lessons and puzzles, as in `assets/`.
fn copy_of_assets() -> Copy {
    let copy = copy_of_locales();
    let assets = locales().join("..");
    for folder in ["lessons", "puzzles"] {
        copy_folder(&assets.join(folder), &copy.path.join("..").join(folder));
    }
    copy
}

/// Removes the message `key` (its first line) from `file`.
fn remove_line_starting(file: &Path, start: &str) {
    let text = fs::read_to_string(file).unwrap();
    let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with(start)).collect();
    assert!(
        kept.len() < text.lines().count(),
        "no line starts with {start}"
    );
    fs::write(file, kept.join("\n") + "\n").unwrap();
}

#[test]
fn english_and_spanish_load_without_warnings() {
    for lang in ["en", "es"] {
        let (texts, warnings) = Texts::load(&locales(), lang);
        assert!(warnings.is_empty(), "{lang}: {warnings:?}");
        assert_eq!(texts.language(), lang);
    }
    let (texts, _) = Texts::load(&locales(), "es");
    assert_eq!(texts.get("language-name"), "Español");
    assert_eq!(texts.get("rule-game-over"), "la partida ha terminado");
    assert!(texts.take_warnings().is_empty());
}

#[test]
fn a_regional_code_uses_its_language_folder() {
    let (texts, warnings) = Texts::load(&locales(), "es-MX");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(texts.language(), "es");
}

#[test]
fn the_closest_folder_is_negotiated() {
    let copy = copy_of_locales();
    // A regional folder only: the language without region and another
    // region of it find it too; its own region first when both exist.
    fs::rename(copy.path().join("es"), copy.path().join("es-ES")).unwrap();
    for asked in ["es-ES", "es", "es_MX", "ES-es"] {
        let (texts, warnings) = Texts::load(copy.path(), asked);
        assert!(warnings.is_empty(), "{asked}: {warnings:?}");
        assert_eq!(texts.language(), "es-ES", "{asked}");
    }
    copy_folder(&locales().join("es"), &copy.path().join("es"));
    let (texts, _) = Texts::load(copy.path(), "es-MX");
    assert_eq!(texts.language(), "es");
    let (texts, _) = Texts::load(copy.path(), "es-ES");
    assert_eq!(texts.language(), "es-ES");
    let (texts, warnings) = Texts::load(copy.path(), "pt-BR");
    assert_eq!(texts.language(), "en");
    assert!(
        matches!(&warnings[..], [TextWarning::UnknownLanguage { lang, .. }] if lang == "pt-BR"),
        "{warnings:?}"
    );
}

#[test]
fn an_unknown_language_falls_back_to_english_with_a_warning() {
    let (texts, warnings) = Texts::load(&locales(), "tlh");
    assert_eq!(texts.language(), "en");
    assert!(
        matches!(&warnings[..], [TextWarning::UnknownLanguage { lang, .. }] if lang == "tlh"),
        "{warnings:?}"
    );
    assert_eq!(texts.get("rule-game-over"), "the game is over");
}

#[test]
fn a_key_missing_in_spanish_falls_back_to_english_and_is_reported_once() {
    let dir = copy_of_locales();
    remove_line_starting(&dir.path().join("es/rules.ftl"), "rule-game-over =");
    let (texts, warnings) = Texts::load(dir.path(), "es");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(texts.language(), "es");
    assert_eq!(texts.get("rule-game-over"), "the game is over");
    assert_eq!(texts.get("rule-game-over"), "the game is over");
    // Other keys are still Spanish.
    assert_eq!(
        texts.get("rule-same-cell"),
        "un movimiento debe terminar en otra casilla"
    );
    let reported = texts.take_warnings();
    assert_eq!(
        reported,
        [TextWarning::Missing {
            lang: "es".to_string(),
            key: "rule-game-over".to_string()
        }]
    );
    assert!(reported[0].to_string().contains("rule-game-over"));
    texts.get("rule-game-over");
    assert!(texts.take_warnings().is_empty(), "reported only once");
}

#[test]
fn a_key_missing_everywhere_reads_as_itself_and_is_reported_once() {
    let texts = Texts::english();
    assert_eq!(texts.get("no-such-key"), "no-such-key");
    assert_eq!(texts.get("no-such-key"), "no-such-key");
    assert_eq!(texts.take_warnings().len(), 1);
    assert!(!texts.has("no-such-key"));
    assert!(texts.has("rule-game-over"));
}

#[test]
fn a_broken_file_names_its_line_and_english_is_used() {
    let dir = copy_of_locales();
    let file = dir.path().join("es/rules.ftl");
    let mut text = fs::read_to_string(&file).unwrap();
    let line = text.lines().count() + 1;
    text.push_str("rule-broken = { $piece\n");
    fs::write(&file, text).unwrap();

    let (texts, warnings) = Texts::load(dir.path(), "es");
    assert_eq!(texts.language(), "en");
    assert_eq!(texts.get("rule-game-over"), "the game is over");
    let [TextWarning::BrokenLanguage { lang, problem }] = &warnings[..] else {
        panic!("{warnings:?}");
    };
    assert_eq!(lang, "es");
    assert_eq!(problem.path, file);
    assert_eq!(problem.line, Some(line));
    let shown = warnings[0].to_string();
    assert!(shown.contains(&format!("rules.ftl line {line}")), "{shown}");
    assert!(shown.contains("English is"), "{shown}");

    // Not offered in the menu of languages either.
    let codes: Vec<String> = available_languages(dir.path())
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert_eq!(codes, ["en"]);
}

#[test]
fn a_broken_english_file_uses_the_english_built_in() {
    let dir = copy_of_locales();
    fs::write(dir.path().join("en/words.ftl"), "oops = {\n").unwrap();
    let (texts, warnings) = Texts::load(dir.path(), "en");
    assert!(
        matches!(&warnings[..], [TextWarning::BrokenEnglish { problem }] if problem.line == Some(1)),
        "{warnings:?}"
    );
    assert_eq!(texts.get("cell-middle"), "in the middle of the table");
}

#[test]
fn the_builtin_english_is_the_english_folder() {
    let mut on_disk: Vec<String> = fs::read_dir(locales().join("en"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    let mut built_in: Vec<&str> = builtin_english_files().collect();
    built_in.sort();
    assert_eq!(on_disk, built_in);
    let (from_disk, _) = Texts::load(&locales(), "en");
    let built = Texts::english();
    for key in [
        "language-name",
        "cell-middle",
        "rule-must-pass",
        "how-throw",
    ] {
        assert_eq!(from_disk.get(key), built.get(key));
    }
}

#[test]
fn plurals_follow_the_language() {
    let (en, _) = Texts::load(&locales(), "en");
    let (es, _) = Texts::load(&locales(), "es");
    let count = |n: u32| Args::new().with("count", n);
    assert_eq!(en.format("destinations", &count(1)), "1 destination");
    assert_eq!(en.format("destinations", &count(3)), "3 destinations");
    assert_eq!(en.format("destinations", &count(0)), "0 destinations");
    assert_eq!(es.format("destinations", &count(1)), "1 destino");
    assert_eq!(es.format("destinations", &count(12)), "12 destinos");
    assert_eq!(en.bug(hive_rules::Bug::Ant, 1), "Ant");
    assert_eq!(en.bug(hive_rules::Bug::Ant, 2), "Ants");
    assert_eq!(es.bug(hive_rules::Bug::Spider, 3), "Arañas");
    assert_eq!(es.bug(hive_rules::Bug::Grasshopper, 3), "Saltamontes");
    assert!(en.take_warnings().is_empty() && es.take_warnings().is_empty());
}

#[test]
fn no_isolation_marks() {
    let texts = Texts::english();
    let text = texts.format(
        "with-notation",
        &Args::new().with("text", "x").with("notation", "y"),
    );
    assert_eq!(text, "x (y)");
    assert!(!text.contains(['\u{2068}', '\u{2069}']));
}

#[test]
fn the_languages_for_a_menu() {
    assert_eq!(
        available_languages(&locales()),
        [
            ("en".to_string(), "English".to_string()),
            ("es".to_string(), "Español".to_string())
        ]
    );
}

#[test]
fn every_language_of_the_game_is_complete() {
    let report = check(&locales());
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.to_string(), "2 languages ok");
    assert_eq!(report.languages.len(), 2);
}

#[test]
fn the_check_asks_every_language_for_every_lesson_text() {
    let assets = copy_of_assets();
    assert!(check(assets.path()).is_clean());
    let lessons = assets.path().join("es/lessons.ftl");
    remove_line_starting(&lessons, "lesson-06-beetle-step-2-hint =");
    let mut text = fs::read_to_string(&lessons).unwrap();
    text.push_str("lesson-06-beetle-step-9-text = un paso que ya no existe\n");
    fs::write(&lessons, text).unwrap();

    let report = check(assets.path());
    let es = &report.languages[1];
    assert_eq!(es.missing, ["lesson-06-beetle-step-2-hint"]);
    assert_eq!(es.unused, ["lesson-06-beetle-step-9-text"]);
    let shown = report.to_string();
    assert!(
        shown.contains("es: missing 'lesson-06-beetle-step-2-hint'"),
        "{shown}"
    );
    // Without the lessons beside it, the folder alone is checked.
    let alone = check_with(assets.path(), &Sources::default());
    assert_eq!(alone.languages[1].missing, Vec::<String>::new());
    assert!(alone.languages[1].unused.len() > 80, "every lesson key");
}

#[test]
fn a_lesson_in_spanish_and_its_missing_step_in_english() {
    let assets = copy_of_assets();
    let lessons_dir = assets.path().join("../lessons");
    let loaded = hive_learn::load_lessons(&lessons_dir);
    let beetle = loaded
        .items
        .iter()
        .find(|l| l.origin.file.ends_with("06-beetle.lesson"))
        .expect("the Beetle's lesson");
    let (es, _) = Texts::load(assets.path(), "es");
    assert_eq!(es.lesson_title(beetle), "El Escarabajo");
    assert!(
        es.step_text(beetle, 0)
            .starts_with("El Escarabajo avanza un paso")
    );
    assert!(es.take_warnings().is_empty());
    let (en, _) = Texts::load(assets.path(), "en");
    assert_eq!(en.step_text(beetle, 0), beetle.steps[0].text);

    remove_line_starting(
        &assets.path().join("es/lessons.ftl"),
        "lesson-06-beetle-step-1-hint =",
    );
    let (es, _) = Texts::load(assets.path(), "es");
    assert_eq!(es.step_hint(beetle, 0), beetle.steps[0].hint);
    assert_eq!(
        es.take_warnings(),
        [TextWarning::Missing {
            lang: "es".to_string(),
            key: "lesson-06-beetle-step-1-hint".to_string()
        }]
    );
}

#[test]
fn a_puzzle_in_spanish() {
    let loaded = hive_learn::load_puzzles(&locales().join("../puzzles"));
    let (es, _) = Texts::load(&locales(), "es");
    let (en, _) = Texts::load(&locales(), "en");
    for puzzle in &loaded.items {
        assert_eq!(en.puzzle_title(puzzle), puzzle.title);
        assert_eq!(en.puzzle_hint(puzzle), puzzle.hint);
        let title = es.puzzle_title(puzzle);
        assert!(title.starts_with("Juegan las"), "{title}");
    }
    let pillbug = loaded
        .items
        .iter()
        .find(|p| p.title == "White to move wins in 2 with the Pillbug")
        .expect("a white win in 2 with the Pillbug");
    assert_eq!(
        es.puzzle_title(pillbug),
        "Juegan las blancas y ganan en 2 jugadas con la Cochinilla"
    );
    assert!(
        es.puzzle_hint(pillbug)
            .starts_with("Cierra el cerco alrededor de la Abeja Reina enemiga. Tu Cochinilla"),
        "{}",
        es.puzzle_hint(pillbug)
    );
    assert!(es.take_warnings().is_empty() && en.take_warnings().is_empty());
}

#[test]
fn a_puzzle_written_by_hand_is_translated_by_its_own_keys() {
    let assets = copy_of_assets();
    let puzzles = assets.path().join("../puzzles/easy.puzzles");
    let text = fs::read_to_string(&puzzles).unwrap();
    let first_title = text
        .lines()
        .find(|l| l.starts_with("title:"))
        .unwrap()
        .to_string();
    fs::write(
        &puzzles,
        text.replacen(&first_title, "title: The Ant's long walk", 1),
    )
    .unwrap();
    let loaded = hive_learn::read_puzzle_file(&puzzles).unwrap();
    let puzzle = loaded
        .iter()
        .find(|p| p.title == "The Ant's long walk")
        .unwrap();
    let key = format!("puzzle-{}-title", puzzle.id);
    assert_eq!(
        hive_text::puzzle_texts(puzzle),
        [(key.clone(), "The Ant's long walk".to_string())]
    );
    let report = check(assets.path());
    assert_eq!(report.languages[1].missing, std::slice::from_ref(&key));

    let mut es = fs::read_to_string(assets.path().join("es/puzzles.ftl")).unwrap();
    es.push_str(&format!("{key} = El largo paseo de la Hormiga\n"));
    fs::write(assets.path().join("es/puzzles.ftl"), es).unwrap();
    assert!(check(assets.path()).is_clean());
    let (texts, _) = Texts::load(assets.path(), "es");
    assert_eq!(texts.puzzle_title(puzzle), "El largo paseo de la Hormiga");
    let (english, _) = Texts::load(assets.path(), "en");
    assert_eq!(english.puzzle_title(puzzle), "The Ant's long walk");
}

#[test]
fn the_check_names_missing_unused_and_broken() {
    let dir = copy_of_assets();
    remove_line_starting(&dir.path().join("es/rules.ftl"), "rule-game-over =");
    let words = dir.path().join("es/words.ftl");
    let mut text = fs::read_to_string(&words).unwrap();
    text.push_str("rule-old-key = ya no se usa\n");
    fs::write(&words, text).unwrap();
    // A third language with a syntax error on line 2.
    fs::create_dir(dir.path().join("fr")).unwrap();
    fs::write(
        dir.path().join("fr/words.ftl"),
        "language-name = Français\npiece = { $x\n",
    )
    .unwrap();

    let report = check(dir.path());
    assert!(!report.is_clean());
    let es = &report.languages[1];
    assert_eq!(es.code, "es");
    assert_eq!(es.missing, ["rule-game-over"]);
    assert_eq!(es.unused, ["rule-old-key"]);
    let fr = &report.languages[2];
    assert_eq!(fr.errors.len(), 1, "{:?}", fr.errors);
    assert_eq!(fr.errors[0].line, Some(2));
    let shown = report.to_string();
    assert!(shown.contains("es: missing 'rule-game-over'"), "{shown}");
    assert!(shown.contains("es: unused 'rule-old-key'"), "{shown}");
    assert!(shown.contains("fr/words.ftl line"), "{shown}");
    assert!(shown.contains("fr: missing 'rule-game-over'"), "{shown}");

    // The command prints the same (it is built with the `cli` feature).
    #[cfg(feature = "cli")]
    {
        let mut out = Vec::new();
        let status = LangCommand::Check {
            dir: Some(dir.path().to_path_buf()),
        }
        .execute(&locales().join(".."), &mut out);
        assert_eq!(status, 1);
        assert_eq!(String::from_utf8(out).unwrap().trim_end(), shown);
    }
}

#[cfg(feature = "cli")]
#[test]
fn the_check_command_is_quiet_when_clean() {
    let mut out = Vec::new();
    let status = LangCommand::Check {
        dir: Some(locales()),
    }
    .execute(&locales().join(".."), &mut out);
    assert_eq!(status, 0);
    assert_eq!(String::from_utf8(out).unwrap(), "2 languages ok\n");
}

#[test]
fn a_duplicate_key_is_a_warning_and_a_check_error() {
    let dir = copy_of_locales();
    let words = dir.path().join("es/words.ftl");
    let mut text = fs::read_to_string(&words).unwrap();
    text.push_str("rule-game-over = otra vez\n");
    fs::write(&words, text).unwrap();
    let (texts, warnings) = Texts::load(dir.path(), "es");
    assert_eq!(texts.language(), "es");
    assert!(
        warnings
            .iter()
            .any(|w| matches!(w, TextWarning::Duplicate { key, .. } if key == "rule-game-over")),
        "{warnings:?}"
    );
    let report = check(dir.path());
    assert!(!report.is_clean());
    assert!(
        report
            .to_string()
            .contains("'rule-game-over' is defined again"),
        "{report}"
    );
}

#[test]
fn a_text_that_cannot_be_formatted_falls_back_to_english_once() {
    let dir = copy_of_locales();
    let file = dir.path().join("es/rules.ftl");
    let text = fs::read_to_string(&file).unwrap().replace(
        "rule-game-over = la partida ha terminado",
        "rule-game-over = la partida { $nada } ha terminado",
    );
    fs::write(&file, text).unwrap();
    let (texts, warnings) = Texts::load(dir.path(), "es");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(texts.get("rule-game-over"), "the game is over");
    assert_eq!(texts.get("rule-game-over"), "the game is over");
    let reported = texts.take_warnings();
    assert!(
        matches!(&reported[..], [TextWarning::Unformattable { lang, key, .. }] if lang == "es" && key == "rule-game-over"),
        "{reported:?}"
    );
}
