//! `hive db games`: the player's own games (`my-games.sqlite`), listed
//! with filters, summed up as results, exported to and kept from PGN.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use hive_rules::GameType;

use crate::{Database, DbError, KeptFilter, KeptSummary, Outcome};

/// `hive db games`' arguments.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// The file of the player's games (default: my-games.sqlite in the data folder).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Only games against an opponent whose name contains this (any case).
    #[arg(long)]
    opponent: Option<String>,
    /// Only games with this result for the player: win, draw, loss or unfinished.
    #[arg(long, value_parser = parse_outcome)]
    result: Option<Outcome>,
    /// Only games against this AI level (its id: beginner, easy2, medium...).
    #[arg(long)]
    level: Option<String>,
    /// Only games of this type.
    #[arg(long)]
    game_type: Option<GameType>,
    /// Ended on or after (yyyy, yyyy-mm, yyyy-mm-dd).
    #[arg(long)]
    from: Option<String>,
    /// Ended on or before.
    #[arg(long)]
    to: Option<String>,
    /// At most this many games (0: all).
    #[arg(long, default_value_t = 0)]
    limit: u32,
    /// One line per game, tab-separated: row, day, time, opponent, side,
    /// result, ending, type, plies, the game's id.
    #[arg(long)]
    tsv: bool,
    /// Write every game to this PGN file instead of listing them.
    #[arg(long, value_name = "FILE", conflicts_with = "import")]
    export: Option<PathBuf>,
    /// Keep the games of this PGN file (one written by --export).
    #[arg(long, value_name = "FILE")]
    import: Option<PathBuf>,
    /// The player's results instead of the list: in all, by AI level, by
    /// opponent, and the streaks.
    #[arg(long, conflicts_with_all = ["export", "import"])]
    summary: bool,
}

fn parse_outcome(text: &str) -> Result<Outcome, String> {
    Outcome::parse(&text.to_ascii_lowercase())
        .ok_or_else(|| format!("'{text}' is not a result (win, draw, loss or unfinished)"))
}

/// One kept game as a line of the listing.
fn kept_line(game: &KeptSummary, tsv: bool) -> String {
    let side = match game.side {
        Some(hive_rules::Color::White) => "white",
        Some(hive_rules::Color::Black) => "black",
        None if game.seats.watching() => "watched",
        None => "both",
    };
    let opponent = game
        .opponent
        .clone()
        .unwrap_or_else(|| format!("{} - {}", game.names[0], game.names[1]));
    let result = match (game.outcome, game.result) {
        (Some(outcome), _) => outcome.word().to_string(),
        (None, Some(result)) => result.uhp_name().to_string(),
        (None, None) => "unfinished".to_string(),
    };
    if tsv {
        return [
            game.id.to_string(),
            game.day.clone(),
            game.time.clone(),
            opponent,
            side.to_string(),
            result,
            game.ending.word().to_string(),
            game.game_type.clone(),
            game.plies.to_string(),
            game.uid.clone(),
        ]
        .join("\t");
    }
    format!(
        "{:>5}  {} {}  {:<20} {:<6} {:<10} {:<10} {:<9} {} turn{}",
        game.id,
        game.day,
        game.time.chars().take(5).collect::<String>(),
        opponent,
        side,
        result,
        game.ending.word(),
        game.game_type,
        game.plies.div_ceil(2),
        if game.plies.div_ceil(2) == 1 { "" } else { "s" }
    )
}

pub(super) fn games(args: GamesArgs) -> Result<ExitCode, DbError> {
    let path = match &args.db {
        Some(path) => path.clone(),
        None => Database::default_path()?.with_file_name(crate::KEPT_FILE),
    };
    let mut db = Database::open(&path)?;
    if let Some(file) = &args.export {
        let text = db.export_kept()?;
        std::fs::write(file, &text).map_err(|e| DbError::io(file, e))?;
        println!("{} games written to {}", db.kept_count()?, file.display());
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(file) = &args.import {
        let text = std::fs::read_to_string(file).map_err(|e| DbError::io(file, e))?;
        let (kept, problems) = db.keep_pgn(&text, file);
        for problem in &problems {
            eprintln!("not kept: {problem}");
        }
        println!("{kept} games kept, {} not", problems.len());
        return Ok(if problems.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    if args.summary {
        let progress = db.progress()?;
        let score = |s: &crate::Score| format!("{} won, {} drawn, {} lost", s.won, s.drawn, s.lost);
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "all: {}", score(&progress.all));
        if let Some((outcome, n)) = progress.streak {
            let _ = writeln!(out, "streak: {n} {}", outcome.word());
        }
        let _ = writeln!(out, "longest run of wins: {}", progress.best_win_streak);
        for (level, s) in &progress.by_level {
            let _ = writeln!(out, "level {level}: {}", score(s));
        }
        for (opponent, s) in &progress.by_opponent {
            let _ = writeln!(out, "against {opponent}: {}", score(s));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let filter = KeptFilter {
        opponent: args.opponent,
        outcome: args.result,
        level: args.level,
        game_type: args.game_type.map(|t| t.to_string()),
        from: args.from,
        to: args.to,
        limit: args.limit,
    };
    let listed = db.kept(&filter)?;
    let mut out = std::io::stdout().lock();
    for game in &listed {
        let _ = writeln!(out, "{}", kept_line(game, args.tsv));
    }
    if !args.tsv {
        let _ = writeln!(out, "{} of {} games kept", listed.len(), db.kept_count()?);
    }
    Ok(ExitCode::SUCCESS)
}
