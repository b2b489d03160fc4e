//! The command-line commands of lessons and puzzles, for the `hive`
//! binary to flatten into its own (`hive puzzles verify`, `hive puzzles
//! generate`, `hive lessons check`).
//!
//! [`LearnCommand::execute`] writes its report to any writer and returns
//! the exit status (0 or 1), so tests read what a person would see;
//! [`LearnCommand::run`] does the same on standard output.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use crate::generate::{GenerateConfig, generate};
use crate::lesson_check::check_all;
use crate::puzzle::Level;
use crate::puzzle_file::{FileCheck, PUZZLE_EXTENSION, load_puzzles, puzzle_text, verify_file};

/// `hive puzzles ...` and `hive lessons ...`.
#[derive(Subcommand, Debug)]
pub enum LearnCommand {
    /// Puzzle files: prove them, or find new ones.
    Puzzles {
        /// What to do.
        #[command(subcommand)]
        command: PuzzlesCommand,
    },
    /// Lesson files: play every step to check them.
    Lessons {
        /// What to do.
        #[command(subcommand)]
        command: LessonsCommand,
    },
}

/// `hive puzzles ...`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Prove every puzzle of a file (or of every file in a folder; default:
    /// the game's assets/puzzles): its solution is the only first move that
    /// does what the puzzle says.
    Verify {
        /// A .puzzles file or a folder of them.
        file: Option<PathBuf>,
    },
    /// Play seeded engine games, find puzzles in them, keep the proved ones
    /// that are new, and add them to the files of their difficulty.
    Generate {
        /// Games to play.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Seed of the first game (the same seed finds the same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The deepest win to look for, 1 to 3.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=3))]
        win_depth: u32,
        /// The deepest threat to look for in stop-a-win puzzles, 0 to 2.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=2))]
        stop_depth: u32,
        /// The puzzle folder: its puzzles are not found again, and new ones
        /// go to its easy, medium and hard files (default: assets/puzzles).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Write every new puzzle to this file instead.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// `hive lessons ...`.
#[derive(Subcommand, Debug)]
pub enum LessonsCommand {
    /// Check every lesson of a folder (default: the game's assets/lessons).
    Check {
        /// The folder of .lesson files.
        dir: Option<PathBuf>,
    },
}

impl LearnCommand {
    /// Runs the command on the game's `assets` folder (as the binary found
    /// it, the one rule the window uses too), reporting on standard output.
    pub fn run(self, assets: &Path) -> ExitCode {
        let status = self.execute(assets, &mut std::io::stdout().lock());
        ExitCode::from(status)
    }

    /// Runs the command on `assets` (its `puzzles` and `lessons` folders
    /// unless others are given), reporting to `out`; the exit status (0 or
    /// 1).
    pub fn execute(self, assets: &Path, out: &mut dyn Write) -> u8 {
        let assets_dir = |name: &str| assets.join(name);
        let result = match self {
            LearnCommand::Puzzles {
                command: PuzzlesCommand::Verify { file },
            } => verify_command(&file.unwrap_or_else(|| assets_dir("puzzles")), out),
            LearnCommand::Puzzles {
                command:
                    PuzzlesCommand::Generate {
                        games,
                        seed,
                        win_depth,
                        stop_depth,
                        dir,
                        out: target,
                    },
            } => {
                let config = GenerateConfig {
                    games,
                    seed,
                    win_depth,
                    stop_depth,
                    ..GenerateConfig::default()
                };
                let dir = dir.unwrap_or_else(|| assets_dir("puzzles"));
                generate_command(&config, &dir, target.as_deref(), out)
            }
            LearnCommand::Lessons {
                command: LessonsCommand::Check { dir },
            } => lessons_command(&dir.unwrap_or_else(|| assets_dir("lessons")), out),
        };
        result.unwrap_or_else(|err| {
            let _ = writeln!(out, "error: {err}");
            1
        })
    }
}

fn verify_command(path: &Path, out: &mut dyn Write) -> std::io::Result<u8> {
    let files = if path.is_dir() {
        crate::blocks::files_with_extension(path, PUZZLE_EXTENSION)?
    } else {
        vec![path.to_path_buf()]
    };
    let (mut proved, mut failed) = (0, 0);
    for file in &files {
        match verify_file(file) {
            FileCheck::Unreadable(err) => {
                writeln!(out, "unreadable: {err}")?;
                failed += 1;
            }
            FileCheck::Read {
                proved: n,
                failed: errors,
            } => {
                proved += n;
                failed += errors.len();
                for err in errors {
                    writeln!(out, "failed: {err}")?;
                }
            }
        }
    }
    writeln!(out, "{proved} puzzles verified")?;
    if failed > 0 {
        writeln!(out, "{failed} failed")?;
        return Ok(1);
    }
    if proved == 0 {
        writeln!(out, "no puzzles found in {}", path.display())?;
        return Ok(1);
    }
    Ok(0)
}

fn generate_command(
    config: &GenerateConfig,
    dir: &Path,
    target: Option<&Path>,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    let existing = load_puzzles(dir);
    for err in &existing.errors {
        writeln!(out, "unreadable: {err}")?;
    }
    let known: Vec<String> = existing.items.iter().map(|p| p.position.clone()).collect();
    let ids: Vec<&str> = existing.items.iter().map(|p| p.id.as_str()).collect();
    let mut log = Vec::new();
    let found = generate(config, &known, |seed, game, n| {
        log.push(format!(
            "game {seed}: {} plies, {}, {n} new puzzles",
            game.ply(),
            game.status()
        ));
    });
    for line in log {
        writeln!(out, "{line}")?;
    }
    let fresh: Vec<_> = found
        .into_iter()
        .filter(|p| !ids.contains(&p.id.as_str()))
        .collect();
    for level in Level::ALL {
        let text: String = fresh
            .iter()
            .filter(|p| target.is_some() || p.level == level)
            .map(|p| format!("\n{}", puzzle_text(p)))
            .collect();
        if text.is_empty() {
            continue;
        }
        let file = match target {
            Some(file) => file.to_path_buf(),
            None => dir.join(format!("{level}.{PUZZLE_EXTENSION}")),
        };
        let mut handle = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&file)?;
        handle.write_all(text.as_bytes())?;
        if target.is_some() {
            break;
        }
    }
    writeln!(out, "{} new puzzles written", fresh.len())?;
    Ok(0)
}

fn lessons_command(dir: &Path, out: &mut dyn Write) -> std::io::Result<u8> {
    let (ok, errors) = check_all(dir);
    for err in &errors {
        writeln!(out, "failed: {err}")?;
    }
    writeln!(out, "{ok} lessons ok")?;
    if !errors.is_empty() {
        writeln!(out, "{} failed", errors.len())?;
        return Ok(1);
    }
    if ok == 0 {
        writeln!(out, "no lessons found in {}", dir.display())?;
        return Ok(1);
    }
    Ok(0)
}
