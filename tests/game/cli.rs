//! The built `hive` binary as a child process: the UHP engine driven by
//! [`UhpClient`], the command-line tools and their errors.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use hive::rules::{Game, GameStatus};
use hive::uhp::{ClientError, UhpClient};

const HIVE: &str = env!("CARGO_BIN_EXE_hive");

fn engine() -> UhpClient {
    let mut client = UhpClient::spawn(HIVE, &["uhp"]).expect("hive uhp starts");
    client.set_timeout(Some(Duration::from_secs(60)));
    client
}

#[test]
fn start_up_info() {
    let client = engine();
    assert_eq!(client.id(), format!("Hive v{}", env!("CARGO_PKG_VERSION")));
    for capability in ["Mosquito", "Ladybug", "Pillbug"] {
        assert!(client.has_capability(capability), "{capability}");
    }
}

/// White asks the engine for its move, Black plays the first listed move;
/// the game ends or stops after 200 moves, and the engine's GameString
/// matches a replay of the same moves in process.
#[test]
fn a_complete_game() {
    let mut client = engine();
    let mut replay = Game::from_game_string("Base+MLP").expect("valid");
    let mut game_string = client.new_game("Base+MLP").expect("newgame");
    assert_eq!(game_string, replay.game_string());
    for ply in 0..200 {
        if replay.status().is_over() {
            break;
        }
        let moves = client.valid_moves().expect("validmoves");
        let mv = if ply % 2 == 0 {
            let best = client.best_move_depth(1).expect("bestmove");
            assert!(moves.contains(&best), "{best} not in {moves:?}");
            best
        } else {
            moves[0].clone()
        };
        game_string = client.play(&mv).expect("a listed move plays");
        replay.play_move_string(&mv).expect("legal in process too");
        assert_eq!(game_string, replay.game_string());
    }
    assert_ne!(replay.status(), GameStatus::NotStarted);
    let reloaded = Game::from_game_string(&game_string).expect("the final GameString loads");
    assert_eq!(reloaded.hash(), replay.hash());
    if replay.status().is_over() {
        assert!(matches!(client.valid_moves(), Err(ClientError::Engine(_))));
        let undone = client.undo(1).expect("undo after the end");
        replay.undo();
        assert_eq!(undone, replay.game_string());
    }
}

#[test]
fn errors_come_back_as_errors_and_the_engine_carries_on() {
    let mut client = engine();
    assert!(matches!(client.play("wS1"), Err(ClientError::Engine(_))));
    client.new_game("").expect("newgame");
    assert!(matches!(
        client.play("wQ"),
        Err(ClientError::InvalidMove(_))
    ));
    assert!(matches!(client.send("bogus"), Err(ClientError::Engine(_))));
    let raw = client.send_raw("bogus").expect("an answer");
    assert_eq!(raw.len(), 1);
    assert!(raw[0].starts_with("err "));
    assert_eq!(
        client.play("wS1").expect("legal"),
        "Base;InProgress;Black[1];wS1"
    );
    assert_eq!(
        client.set_option("MaxDepth", "2").expect("option"),
        "MaxDepth;int;2;0;0;32"
    );
    assert_eq!(client.undo(1).expect("undo"), "Base;NotStarted;White[1]");
    let best = client
        .best_move_time(Duration::from_millis(200))
        .expect("bestmove time");
    assert!(
        ["wA1", "wG1", "wS1", "wB1"].contains(&best.as_str()),
        "{best}"
    );
}

#[test]
fn end_of_input_exits_with_status_zero() {
    let mut child = Command::new(HIVE)
        .arg("uhp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hive uhp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"newgame\n\xff\xfe garbage\nplay wS1\n")
        .expect("write");
    drop(stdin);
    let mut output = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut output)
        .expect("read");
    let status = child.wait().expect("exit");
    assert!(status.success(), "{status}");
    assert_eq!(output.lines().filter(|l| *l == "ok").count(), 4, "{output}");
    assert!(
        output.contains("Base;InProgress;Black[1];wS1\nok\n"),
        "{output}"
    );
}

/// Started where no window can open, the game says so in one line and
/// names what works without one; no panic, no backtrace.
#[cfg(target_os = "linux")]
#[test]
fn without_a_display_the_game_explains_and_exits_2() {
    for args in [&["play"][..], &[][..], &["exhibition", "--moves", "1"][..]] {
        let output = Command::new(HIVE)
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("hive runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("needs a window"), "{args:?}: {stderr}");
        assert!(stderr.contains("hive uhp"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Typos in AI levels are caught by the command line parser, which lists
/// the levels.
#[test]
fn a_misspelt_level_is_refused_with_the_choices() {
    let output = Command::new(HIVE)
        .args(["exhibition", "--white", "godlike"])
        .output()
        .expect("hive runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    for level in ["beginner", "easy", "medium", "hard", "expert"] {
        assert!(stderr.contains(level), "{stderr}");
    }
}

/// A boardspace game in the records crate's test data.
fn recording(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/hive-records/tests/data/recordings")
        .join(name)
}

#[test]
fn convert_prints_a_boardspace_game_as_a_game_string_and_as_pgn() {
    let game = "HV-Abbo69-WeakBot-2018-10-28-2007";
    let run = |args: &[&str]| {
        let output = Command::new(HIVE)
            .arg("convert")
            .args(args)
            .output()
            .expect("hive runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let sgf = recording(&format!("{game}.sgf"));
    let from_sgf = run(&[sgf.to_str().expect("a UTF-8 path")]);
    assert_eq!(from_sgf.lines().count(), 1, "{from_sgf}");
    let played = Game::from_game_string(from_sgf.trim()).expect("a legal GameString");
    // The same moves as Mzinga's conversion of the same game.
    let pgn = recording(&format!("{game}.pgn"));
    let from_pgn = run(&[pgn.to_str().expect("a UTF-8 path")]);
    assert_eq!(from_sgf, from_pgn);
    assert!(played.moves().count() > 30);

    let as_pgn = run(&["--to", "pgn", sgf.to_str().expect("a UTF-8 path")]);
    assert!(as_pgn.contains("[White \"Abbo69\"]"), "{as_pgn}");
    assert!(as_pgn.contains("[Black \"WeakBot\"]"), "{as_pgn}");
    assert!(as_pgn.contains("\n1. wS1\n"), "{as_pgn}");
}

#[test]
fn convert_refuses_a_bad_record_naming_the_file_and_line() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("broken.sgf");
    std::fs::write(
        &path,
        "(;\nGM[27]SU[hive]\n; P0[0 Start P0]\n; P0[1 frobnicate wQ]\n)",
    )
    .expect("written");
    let output = Command::new(HIVE)
        .args(["convert", path.to_str().expect("a UTF-8 path")])
        .output()
        .expect("hive runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.sgf line 4"), "{stderr}");
    assert!(stderr.contains("frobnicate"), "{stderr}");
}

#[test]
fn review_classes_every_move_and_sums_up_each_player() {
    let sgf = recording("HV-Abbo69-WeakBot-2018-10-28-2007.sgf");
    let output = Command::new(HIVE)
        .args([
            "review",
            "--depth",
            "2",
            sgf.to_str().expect("a UTF-8 path"),
        ])
        .output()
        .expect("hive runs");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let moves = hive::records::load_record(&sgf)
        .expect("the record reads")
        .main_line()
        .len();
    let lines: Vec<&str> = text.lines().collect();
    // A title, one line a move, a summary for each player.
    assert_eq!(lines.len(), moves + 3, "{text}");
    assert!(lines[0].contains("Abbo69 against WeakBot"), "{text}");
    assert!(lines[1].trim_start().starts_with("1. wS1"), "{text}");
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    for line in &lines[1..=moves] {
        assert!(classes.iter().any(|c| line.contains(c)), "{line}");
    }
    assert!(lines[moves + 1].starts_with("White:"), "{text}");
    assert!(lines[moves + 2].starts_with("Black:"), "{text}");

    let bad = Command::new(HIVE)
        .args(["review", "no-such-game.sgf"])
        .output()
        .expect("hive runs");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no-such-game.sgf"));
}

/// `hive` run with `args` from the project's folder.
fn run_in_project(args: &[&str]) -> std::process::Output {
    Command::new(HIVE)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("hive runs")
}

/// `hive puzzles verify` proves every shipped puzzle and `hive lessons
/// check` plays every shipped lesson, each saying how many, from the
/// project's folder; a puzzle whose solution is wrong fails with its name.
#[test]
fn puzzles_are_proved_and_lessons_checked_from_the_command_line() {
    let run = run_in_project;
    let puzzles = run(&["puzzles", "verify"]);
    let out = String::from_utf8_lossy(&puzzles.stdout);
    assert!(puzzles.status.success(), "{out}");
    let count: usize = out
        .lines()
        .find_map(|line| line.strip_suffix(" puzzles verified"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("a count in {out}"));
    assert!(count >= 60, "{count} puzzles");

    let lessons = run(&["lessons", "check"]);
    let out = String::from_utf8_lossy(&lessons.stdout);
    assert!(lessons.status.success(), "{out}");
    assert!(out.contains(" lessons ok"), "{out}");

    // A copy of one puzzle with another first move is refused by name.
    let dir = tempfile::TempDir::new().expect("a folder");
    let easy = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles/easy.puzzles"),
    )
    .expect("the easy puzzles");
    let block = easy
        .split("\n\n")
        .find(|block| block.contains("solution:"))
        .expect("a puzzle");
    let broken: String = block
        .lines()
        .map(|line| {
            if line.starts_with("solution:") {
                "solution: pass".to_string()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let file = dir.path().join("broken.puzzles");
    std::fs::write(&file, format!("{broken}\n")).expect("written");
    let refused = run(&["puzzles", "verify", file.to_str().expect("a path")]);
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&refused.stdout),
        String::from_utf8_lossy(&refused.stderr)
    );
    assert_eq!(refused.status.code(), Some(1), "{out}");
    assert!(out.contains("broken.puzzles"), "names the file: {out}");
}

/// `hive lang check` finds English and Spanish complete; a language folder
/// missing a key, or holding one English lacks, fails and names both.
#[test]
fn languages_are_checked_from_the_command_line() {
    let run = run_in_project;
    let ok = run(&["lang", "check"]);
    let out = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{out}");
    assert!(out.contains("2 languages ok"), "{out}");

    let dir = tempfile::TempDir::new().expect("a folder");
    let locales = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales");
    for lang in ["en", "es"] {
        std::fs::create_dir(dir.path().join(lang)).expect("a language folder");
        for file in std::fs::read_dir(locales.join(lang)).expect("the locales") {
            let file = file.expect("a file").path();
            let mut text = std::fs::read_to_string(&file).expect("a .ftl file");
            if lang == "es" && file.file_name().is_some_and(|n| n == "rules.ftl") {
                text = text
                    .lines()
                    .filter(|line| !line.starts_with("rule-game-over"))
                    .collect::<Vec<_>>()
                    .join("\n");
                text.push_str("\nrule-stale = ya no existe\n");
            }
            let name = file.file_name().expect("a name");
            std::fs::write(dir.path().join(lang).join(name), text).expect("written");
        }
    }
    let refused = run(&["lang", "check", dir.path().to_str().expect("a path")]);
    let out = String::from_utf8_lossy(&refused.stdout);
    assert_eq!(refused.status.code(), Some(1), "{out}");
    assert!(
        out.contains("rule-game-over"),
        "the missing key is named: {out}"
    );
    assert!(out.contains("rule-stale"), "the unused key is named: {out}");
}

/// Each command lists only the options it takes: the window's options are
/// on the commands that open the window, not on the engine's.
#[test]
fn each_command_lists_only_its_own_options() {
    let help = |args: &[&str]| {
        let output = Command::new(HIVE).args(args).output().expect("hive runs");
        assert!(output.status.success(), "{args:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let window_options = [
        "--theme",
        "--lang",
        "--clock",
        "--start-position",
        "--frame-time",
    ];
    for command in [
        &["uhp", "--help"][..],
        &["match", "--help"],
        &["convert", "--help"],
    ] {
        let text = help(command);
        for option in window_options {
            assert!(
                !text.contains(option),
                "{command:?} lists {option}:\n{text}"
            );
        }
    }
    for command in [
        &["--help"][..],
        &["play", "--help"],
        &["exhibition", "--help"],
    ] {
        let text = help(command);
        for option in window_options {
            assert!(text.contains(option), "{command:?} lacks {option}:\n{text}");
        }
    }
    // The levels and formats are listed by name.
    let exhibition = help(&["exhibition", "--help"]);
    assert!(
        exhibition.contains(&hive::ai::Difficulty::NAMES.join(", "))
            && exhibition.contains("beginner, beginner2, beginner3"),
        "{exhibition}"
    );
    assert!(help(&["convert", "--help"]).contains("gamestring, pgn"));
}

/// The commands read the assets folder the window reads, found by one rule
/// (`BEVY_ASSET_ROOT` first): `hive lang check` checks that folder's
/// languages, wherever it is run from.
#[test]
fn the_commands_use_the_windows_assets_folder() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let locales = root.path().join("assets/locales");
    for (code, text) in [
        ("en", "language-name = English\nhello = Hello\nbye = Bye\n"),
        ("es", "language-name = Español\nhello = Hola\n"),
    ] {
        std::fs::create_dir_all(locales.join(code)).expect("a locale folder");
        std::fs::write(locales.join(code).join("x.ftl"), text).expect("a locale file");
    }
    let output = Command::new(HIVE)
        .args(["lang", "check"])
        .env("BEVY_ASSET_ROOT", root.path())
        .current_dir(std::env::temp_dir())
        .output()
        .expect("hive runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("es: missing 'bye'"), "{report}");
}

/// `hive --version`, `hive completions SHELL` and `hive manpage`: what an
/// installed command offers, written from the same definition as `--help`.
#[test]
fn version_completions_and_the_manual_page() {
    let run = |args: &[&str]| {
        let output = Command::new(HIVE).args(args).output().expect("hive runs");
        assert!(output.status.success(), "hive {args:?}: {output:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    assert_eq!(
        run(&["--version"]).trim(),
        format!("hive {}", env!("CARGO_PKG_VERSION"))
    );
    for shell in ["bash", "zsh", "fish"] {
        let script = run(&["completions", shell]);
        for word in ["exhibition", "convert", "puzzles", "completions"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let bash = run(&["completions", "bash"]);
    assert!(bash.contains("complete -F"), "a bash completion function");
    let man = run(&["manpage"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH hive"),
        "roff: {man:.200}"
    );
    assert!(man.contains(".TH hive"), "the page's title");
    assert!(man.contains("exhibition"), "the subcommands listed");
    let refused = Command::new(HIVE)
        .args(["completions", "tcsh-or-so"])
        .output()
        .expect("hive runs");
    assert_eq!(
        refused.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

/// The binary copied alone into an empty folder, with HOME and the XDG
/// folders in a temporary place and no variable leading to the checkout,
/// still has every file it needs: the built-in copy of `assets/` is written
/// to the cache folder once, and the commands read it from there.
///
/// The "copy" is a hard link where the temporary folder is on the same disk
/// as the build (the program sees only its new path either way), so the test
/// does not write another few hundred megabytes of debug binary; a real copy
/// otherwise.
#[test]
fn the_binary_copied_alone_carries_its_files() {
    let root = tempfile::TempDir::new().expect("a folder");
    let bin = root.path().join("bin");
    std::fs::create_dir(&bin).expect("bin folder");
    let hive = bin.join("hive");
    std::fs::hard_link(HIVE, &hive)
        .or_else(|_| std::fs::copy(HIVE, &hive).map(drop))
        .expect("the binary copied");
    let run = |args: &[&str]| {
        let output = Command::new(&hive)
            .args(args)
            .env_clear()
            .env("HOME", root.path().join("home"))
            .env("XDG_CACHE_HOME", root.path().join("cache"))
            .env("XDG_DATA_HOME", root.path().join("data"))
            .env("XDG_CONFIG_HOME", root.path().join("config"))
            .current_dir(&bin)
            .output()
            .expect("the copy runs");
        let out = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(output.status.success(), "hive {args:?}: {out}");
        out
    };
    let lessons = run(&["lessons", "check"]);
    assert!(lessons.contains(" lessons ok"), "{lessons}");
    let languages = run(&["lang", "check"]);
    assert!(languages.contains("es"), "{languages}");
    // Written once, under the cache folder, with the version in its name.
    let copies: Vec<_> = std::fs::read_dir(root.path().join("cache/hive"))
        .expect("the cache folder")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    let assets = &copies[0];
    let name = assets.file_name().and_then(|n| n.to_str()).unwrap_or("");
    assert!(
        name.starts_with(&format!("assets-{}-", env!("CARGO_PKG_VERSION"))),
        "{name}"
    );
    for file in [
        "themes/default/theme.ron",
        "themes/high-contrast/theme.ron",
        "locales/es",
    ] {
        assert!(assets.join(file).exists(), "{file}");
    }
    // Every theme loaded headless through the asset server, as the game
    // loads it, from the files written out; one of the player's too.
    let made = run(&["theme", "new", "mine"]);
    assert!(made.contains("themes"), "{made}");
    let themes = run(&["theme", "check"]);
    assert!(themes.contains("mine: "), "{themes}");
    let count = assets.join("themes").read_dir().expect("themes").count() + 1;
    assert!(
        themes.contains(&format!("{count} themes ok")),
        "{count}: {themes}"
    );
    let easy = assets.join("puzzles/easy.puzzles");
    let puzzles = run(&["puzzles", "verify", easy.to_str().expect("a path")]);
    assert!(puzzles.contains(" puzzles verified"), "{puzzles}");
}

/// `hive db`: seeded games generated, imported, counted (the count alone
/// on the last line) and explored (`--tsv`: a legal move, then games,
/// White wins, draws and Black wins, summing to the games at the start).
#[test]
fn the_game_database_from_the_command_line() {
    let dir = tempfile::TempDir::new().expect("a folder");
    let corpus = dir.path().join("corpus");
    let db = dir.path().join("games.sqlite");
    let db_arg = db.to_str().expect("a path");
    let run = |args: &[&str]| {
        let output = Command::new(HIVE)
            .arg("db")
            .args(args)
            .env("HIVE_DATA_DIR", dir.path())
            .output()
            .expect("hive runs");
        let out = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "hive db {args:?}: {out}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        out
    };
    run(&[
        "generate",
        "12",
        "--seed",
        "3",
        "--out",
        corpus.to_str().expect("a path"),
    ]);
    run(&["import", corpus.to_str().expect("a path"), "--db", db_arg]);
    let stats = run(&["stats", "--db", db_arg]);
    let last = stats.lines().last().unwrap_or_default();
    assert_eq!(last, "games: 12", "{stats}");

    // Each game is at one start, whatever its pieces: the first moves of
    // the eight game types sum to the games.
    let mut first_moves = 0;
    for game_type in [
        "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
    ] {
        let explored = run(&["explore", game_type, "--tsv", "--db", db_arg]);
        let start = Game::from_game_string(game_type).expect("the start");
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        let legal: Vec<String> = moves.into_iter().map(|mv| start.move_string(mv)).collect();
        for line in explored.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{line}");
            assert!(
                legal.contains(&fields[0].to_string()),
                "{game_type}: {line}"
            );
            let n: Vec<u64> = fields[1..]
                .iter()
                .map(|f| f.parse().expect("a count"))
                .collect();
            assert_eq!(n[0], n[1] + n[2] + n[3], "{line}");
            first_moves += n[0];
        }
    }
    assert_eq!(first_moves, 12);
}

#[test]
fn an_external_uhp_engine_plays_online_through_the_headless_host() {
    // The host's moves come from `hive uhp` as an external engine
    // (`--engine CMD`), the joiner's from the AI; on loopback.
    let engine = format!("{HIVE} uhp");
    // Each side in its own data folder: a side resumes the game it keeps
    // there, and no other run's game may be found.
    let (host_data, joiner_data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut host = Command::new(HIVE)
        .env("HIVE_DATA_DIR", host_data.path())
        .args(["online", "host", "--local", "--white", "--turn-limit", "4"])
        .args(["--engine", &engine, "--wait", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut out = host.stdout.take().expect("piped");
    let mut first = Vec::new();
    let mut byte = [0u8; 1];
    while out.read(&mut byte).expect("the invitation") == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    let invitation = String::from_utf8(first).expect("text");
    let joiner = Command::new(HIVE)
        .env("HIVE_DATA_DIR", joiner_data.path())
        .args(["online", "join", invitation.trim(), "--local"])
        .args(["--ai", "beginner", "--wait", "60"])
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs");
    let mut rest = String::new();
    out.read_to_string(&mut rest).expect("the host's moves");
    assert!(host.wait().expect("the host ends").success());
    assert!(joiner.status.success());
    let joiner_out = String::from_utf8_lossy(&joiner.stdout);
    let last = |text: &str| text.lines().last().unwrap_or_default().to_string();
    assert_eq!(last(&rest), last(&joiner_out), "the same game on both ends");
    let end = last(&rest);
    // The house rule is in the settings, not the GameString: its state
    // says the draw.
    assert!(
        end.starts_with("Base+MLP;Draw;"),
        "drawn at the turn limit: {end}"
    );
    let game = Game::from_game_string(&end).expect("a GameString");
    assert_eq!(game.ply(), 8, "four turns each: {end}");
}

/// `hive online host` and `join` on this machine, each with its own data
/// folder, play to the turn limit; each side then finds the game with
/// `hive db search --mine` in its own folder, with the same result and the
/// friend named.
#[test]
fn an_online_game_from_the_command_line_is_found_on_both_sides_by_db_search() {
    use std::io::BufRead;
    let (host_data, joiner_data) = (
        tempfile::tempdir().expect("a folder"),
        tempfile::tempdir().expect("a folder"),
    );
    let mut host = Command::new(HIVE)
        .env("HIVE_DATA_DIR", host_data.path())
        .args([
            "online",
            "host",
            "--local",
            "--ai",
            "beginner",
            "--white",
            "--turn-limit",
            "8",
            "--wait",
            "60",
            "--name",
            "Ann",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut host_out = std::io::BufReader::new(host.stdout.take().expect("piped"));
    let mut invitation = String::new();
    host_out
        .read_line(&mut invitation)
        .expect("the invitation line");
    let joiner = Command::new(HIVE)
        .env("HIVE_DATA_DIR", joiner_data.path())
        .args([
            "online",
            "join",
            invitation.trim(),
            "--local",
            "--ai",
            "beginner",
        ])
        .args(["--seed", "5", "--wait", "60", "--name", "Ben"])
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs");
    let mut rest = String::new();
    host_out
        .read_to_string(&mut rest)
        .expect("the host's output");
    assert!(host.wait().expect("the host ends").success());
    assert!(joiner.status.success());
    let last = rest.lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("Base+MLP;Draw;White[9];"), "{last}");
    for (data, friend) in [(host_data.path(), "Ben"), (joiner_data.path(), "Ann")] {
        let found = crate::app::db_search_mine(data, friend);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("Ann") && found[0].contains("Ben"),
            "{found:?}"
        );
        assert!(found[0].contains("\tDraw\t"), "the same result: {found:?}");
    }
}
