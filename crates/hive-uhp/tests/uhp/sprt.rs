//! `hive-engine match` as an SPRT: a line of LLR, games, pairs, W/D/L and
//! Elo after every pair, a verdict at the end, the same games whatever the
//! number played at once, and clear errors for bad settings.

use std::process::Command;

const ENGINE: &str = env!("CARGO_BIN_EXE_hive-engine");

/// Runs `hive-engine match` with `args`: success, standard output, error
/// (the book's tests run it too).
pub fn hive_match(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(ENGINE)
        .arg("match")
        .args(args)
        .output()
        .expect("hive-engine runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The LLR and bounds of a line `sprt: LLR x [lower, upper], ...`.
fn llr_of(line: &str) -> Option<(f64, f64, f64)> {
    let rest = line.strip_prefix("sprt: LLR ")?;
    let (llr, rest) = rest.split_once(" [")?;
    let (bounds, _) = rest.split_once(']')?;
    let (lower, upper) = bounds.split_once(", ")?;
    Some((llr.parse().ok()?, lower.parse().ok()?, upper.parse().ok()?))
}

/// Two cheap built-in players, wide hypotheses: the match prints an LLR
/// line after every pair and stops at the first pair whose LLR is out of
/// its bounds (or at the cap), saying which.
#[test]
fn an_sprt_match_reports_every_pair_and_stops_at_a_bound() {
    let cap = 40;
    let args = [
        "beginner",
        "depth:2",
        "--elo0",
        "0",
        "--elo1",
        "200",
        "--games",
        "40",
        "--max-moves",
        "60",
        "--seed",
        "3",
    ];
    let (ok, stdout, stderr) = hive_match(&args);
    assert!(ok, "{stdout}{stderr}");
    assert!(
        stdout.contains("# SPRT: H0 elo0 +0, H1 elo1 +200"),
        "{stdout}"
    );
    let lines: Vec<&str> = stdout.lines().collect();
    let llrs: Vec<(f64, f64, f64)> = lines.iter().filter_map(|l| llr_of(l)).collect();
    let games = lines.iter().filter(|l| l.starts_with("game ")).count();
    assert!(!llrs.is_empty(), "{stdout}");
    assert_eq!(games, 2 * llrs.len(), "a line a pair: {stdout}");
    assert!(games <= cap);
    for line in lines.iter().filter(|l| l.starts_with("sprt: LLR ")) {
        assert!(line.contains(" games, pairs LL "), "{line}");
        assert!(line.contains(", W/D/L "), "{line}");
        assert!(line.contains(", Elo "), "{line}");
    }
    // Every LLR but the last within its bounds.
    let (last, earlier) = llrs.split_last().expect("a line");
    for &(llr, lower, upper) in earlier {
        assert!(lower < llr && llr < upper, "{stdout}");
    }
    let (llr, lower, upper) = *last;
    assert!((lower + 2.94).abs() < 0.005 && (upper - 2.94).abs() < 0.005);
    let verdict = lines.last().expect("a last line");
    if llr >= upper {
        assert!(verdict.starts_with("sprt: H1 accepted"), "{stdout}");
    } else if llr <= lower {
        assert!(verdict.starts_with("sprt: H0 accepted"), "{stdout}");
    } else {
        assert_eq!(games, cap, "{stdout}");
        assert!(verdict.starts_with("sprt: inconclusive"), "{stdout}");
    }
    assert!(verdict.ends_with(&format!("after {games} games")) || verdict.contains("inconclusive"));

    // Two games at once: the same pairs, the same lines.
    let mut at_once = args.to_vec();
    at_once.extend(["--concurrency", "2"]);
    let (ok, two, stderr) = hive_match(&at_once);
    assert!(ok, "{two}{stderr}");
    let sprt_lines = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("sprt: ") || l.starts_with("game "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(sprt_lines(&two), sprt_lines(&stdout));
    assert!(two.contains("# 2 games at once"), "{two}");
}

/// Two pairs cannot take the LLR of fishtest's default hypotheses (0 and 5
/// Elo) anywhere near ±2.94: the match plays its cap and says so.
#[test]
fn an_sprt_capped_before_a_decision_is_inconclusive() {
    let (ok, stdout, stderr) = hive_match(&[
        "beginner",
        "beginner",
        "--sprt",
        "--games",
        "4",
        "--max-moves",
        "30",
    ]);
    assert!(ok, "{stdout}{stderr}");
    assert!(
        stdout.contains("# SPRT: H0 elo0 +0, H1 elo1 +5"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().filter_map(llr_of).count(), 2, "{stdout}");
    let verdict = stdout.lines().last().expect("a last line");
    assert!(verdict.starts_with("sprt: inconclusive"), "{verdict}");
    assert!(verdict.contains("after 4 games"), "{verdict}");
}

#[test]
fn bad_sprt_settings_are_refused() {
    for (args, says) in [
        (
            &["--elo0", "5", "--elo1", "1"][..],
            "elo0 (5) must be below elo1 (1)",
        ),
        (&["--alpha", "1.5"][..], "alpha (1.5)"),
        (&["--beta", "0"][..], "beta (0)"),
        (
            &["--alpha", "0.6", "--beta", "0.5"][..],
            "sum to less than 1",
        ),
    ] {
        let mut all = vec!["beginner", "beginner"];
        all.extend(args);
        let (ok, stdout, stderr) = hive_match(&all);
        assert!(!ok, "{args:?}: {stdout}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stdout.contains("game 1"), "{args:?}: no game played");
    }
    let (ok, _, stderr) = hive_match(&["beginner", "beginner", "--elo1", "five"]);
    assert!(!ok);
    assert!(stderr.contains("--elo1"), "{stderr}");
    let (ok, _, stderr) = hive_match(&["beginner", "beginner", "--concurrency", "0"]);
    assert!(!ok);
    assert!(stderr.contains("--concurrency"), "{stderr}");
}
