//! Loading languages: fallback to English, warnings once, broken files,
//! plurals, the check of every language and its command.

use std::fs;
use std::path::{Path, PathBuf};

use hive_text::cli::LangCommand;
use hive_text::{Args, TextWarning, Texts, available_languages, builtin_english_files, check};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales")
}

/// A copy of the game's locales folder to spoil.
fn copy_of_locales() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for lang in ["en", "es"] {
        fs::create_dir(dir.path().join(lang)).unwrap();
        for entry in fs::read_dir(locales().join(lang)).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, dir.path().join(lang).join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
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
fn the_check_names_missing_unused_and_broken() {
    let dir = copy_of_locales();
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

    let mut out = Vec::new();
    let status = LangCommand::Check {
        dir: Some(dir.path().to_path_buf()),
    }
    .execute(&mut out);
    assert_eq!(status, 1);
    assert_eq!(String::from_utf8(out).unwrap().trim_end(), shown);
}

#[test]
fn the_check_command_is_quiet_when_clean() {
    let mut out = Vec::new();
    let status = LangCommand::Check {
        dir: Some(locales()),
    }
    .execute(&mut out);
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
