//! The `hive` command: the desktop game, the UHP engine and the tools around them.

use std::process::ExitCode;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
use hive::ai::Difficulty;
use hive::game::LaunchSettings;
use hive::learn::cli::LearnCommand;
use hive::rules::GameType;
use hive::text::cli::LangCommand;
use hive::uhp::cli::{EngineCommand, parse_expansions};

/// Hive, the board game of bugs on hexagons.
///
/// Without a subcommand, opens the game's main menu.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Open the game saved in FILE (a UHP GameString, a variations file, a boardspace .sgf or a .pgn) for review.
    #[arg(long, value_name = "FILE")]
    load: Option<std::path::PathBuf>,
    #[command(flatten)]
    window: LaunchSettings,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Start a local two-player game directly, skipping the menu.
    Play {
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "", value_parser = parse_expansions)]
        expansions: GameType,
        #[command(flatten)]
        window: LaunchSettings,
    },
    /// Watch the AI play itself: an AI vs AI exhibition in the game window.
    Exhibition {
        /// White's preset.
        #[arg(long, default_value = "medium", value_parser = difficulty_parser())]
        white: Difficulty,
        /// Black's preset.
        #[arg(long, default_value = "medium", value_parser = difficulty_parser())]
        black: Difficulty,
        /// Expansion pieces to include: any of M (Mosquito), L (Ladybug), P (Pillbug).
        #[arg(long, default_value = "", value_parser = parse_expansions)]
        expansions: GameType,
        /// Pause after this many moves.
        #[arg(long)]
        moves: Option<u32>,
        /// Close the window when stopped (after --moves, or when the game ends).
        #[arg(long)]
        exit: bool,
        /// Moves per minute (5 to 600, default 60).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        speed: Option<u32>,
        #[command(flatten)]
        window: LaunchSettings,
    },
    /// Print a game record (boardspace .sgf, .pgn, a UHP GameString or a
    /// variations file) as a UHP GameString on one line, or as PGN.
    ///
    /// A record that cannot be read is refused with the file, the line and
    /// the reason, and exit status 1.
    Convert {
        /// The record to read.
        file: std::path::PathBuf,
        /// What to print.
        #[arg(long, default_value = "gamestring", value_parser = format_parser())]
        to: hive::records::Format,
    },
    /// Review a whole game with the engine: every move classed as best,
    /// good, inaccuracy (?!), mistake (?) or blunder (??) by the evaluation
    /// it gave away, with the engine's move and line where it differs, and
    /// a summary per player.
    ///
    /// Reads what `hive convert` reads. By default every position is
    /// searched to a fixed depth (the same review on every machine).
    Review {
        /// The record to review.
        file: std::path::PathBuf,
        /// Search each position this many plies deep (default 5).
        #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..=32))]
        depth: Option<u32>,
        /// Search each position for this many seconds instead.
        #[arg(long)]
        time: Option<f64>,
    },
    /// The engine's commands, which need no window: `uhp`, `match`, `perft`.
    #[command(flatten)]
    Engine(EngineCommand),
    /// Lessons and puzzles: `puzzles verify|generate`, `lessons check`.
    #[command(flatten)]
    Learn(LearnCommand),
    /// The game's languages: `lang check` compares each with English.
    #[command(subcommand)]
    Lang(LangCommand),
    /// The game database and opening explorer, and your own games: `db import|stats|explore|search|check|games|generate`.
    #[command(subcommand)]
    Db(hive::db::cli::DbCommand),
    /// Online play without the window: `online host|join|watch`, an AI or
    /// an external engine playing a friend's window or another machine, or
    /// a game followed.
    #[command(subcommand)]
    Online(hive::net::cli::OnlineCommand),
    /// Themes: `theme new NAME` makes your own theme, `theme list` lists them.
    #[command(subcommand)]
    Theme(ThemeCommand),
    /// Print the shell's completion script for `hive` (e.g. `hive
    /// completions bash > ~/.local/share/bash-completion/completions/hive`).
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
    /// Print the manual page of `hive` (roff; e.g. `hive manpage | man -l -`).
    Manpage,
}

/// `hive theme ...`: the player's own themes, kept in the `themes` folder of
/// the data directory, where the game offers them and reloads them live.
#[derive(Subcommand, Debug)]
enum ThemeCommand {
    /// Copy a theme into your themes folder under a new name, and print
    /// the new folder's path: edit its theme.ron and images there, pick it
    /// in the menu (or `hive --theme NAME`), and saved changes show live.
    New {
        /// The new theme's name (its folder): letters, digits, - and _.
        name: String,
        /// The theme to start from.
        #[arg(long, default_value = "default")]
        from: String,
        /// The data directory whose themes folder to use.
        #[arg(long, value_name = "DIR", env = hive::records::DATA_DIR_ENV)]
        data_dir: Option<std::path::PathBuf>,
    },
    /// List the themes: id, where it is (built-in or yours), and its name.
    List {
        /// The data directory whose themes folder to use.
        #[arg(long, value_name = "DIR", env = hive::records::DATA_DIR_ENV)]
        data_dir: Option<std::path::PathBuf>,
    },
    /// Load every theme as the game does (headless, through the asset
    /// server) and check the files each names; status 1 if any is wrong.
    Check {
        /// The data directory whose themes folder to use.
        #[arg(long, value_name = "DIR", env = hive::records::DATA_DIR_ENV)]
        data_dir: Option<std::path::PathBuf>,
    },
}

impl ThemeCommand {
    fn run(self) -> ExitCode {
        let data_dir = match &self {
            ThemeCommand::New { data_dir, .. }
            | ThemeCommand::List { data_dir }
            | ThemeCommand::Check { data_dir } => data_dir.clone(),
        };
        let data = hive::records::Autosave::default_location(data_dir)
            .ok()
            .map(|autosave| autosave.dir().to_path_buf());
        let choice = hive::game::theme::ThemeChoice::with_player_folder(data.as_deref());
        match self {
            ThemeCommand::New { name, from, .. } => {
                match hive::game::theme::player_themes::new_player_theme(&choice, &name, &from) {
                    Ok(dir) => {
                        println!("{}", dir.display());
                        ExitCode::SUCCESS
                    }
                    Err(err) => {
                        eprintln!("hive theme new: {err}");
                        ExitCode::FAILURE
                    }
                }
            }
            ThemeCommand::Check { .. } => {
                let limit = std::time::Duration::from_secs(60);
                match hive::game::theme::check::check_themes(&choice, limit) {
                    Ok(themes) => {
                        let bad = themes.iter().filter(|t| !t.problems.is_empty()).count();
                        for theme in &themes {
                            println!("{}: {}", theme.id, theme.name);
                            for problem in &theme.problems {
                                println!("  {problem}");
                            }
                        }
                        if bad == 0 {
                            println!("{} themes ok", themes.len());
                            ExitCode::SUCCESS
                        } else {
                            println!("{bad} of {} themes have problems", themes.len());
                            ExitCode::FAILURE
                        }
                    }
                    Err(err) => {
                        eprintln!("hive theme check: {err}");
                        ExitCode::FAILURE
                    }
                }
            }
            ThemeCommand::List { .. } => {
                for theme in choice.available() {
                    let place = if theme.players { "yours" } else { "built-in" };
                    println!("{}\t{place}\t{}", theme.id, theme.name);
                }
                ExitCode::SUCCESS
            }
        }
    }
}

/// A level by its name, any case; `--help` lists the names.
fn difficulty_parser() -> impl TypedValueParser<Value = Difficulty> {
    clap::builder::PossibleValuesParser::new(Difficulty::NAMES)
        .try_map(|name| name.parse::<Difficulty>())
}

/// A record format by its name; `--help` lists the names.
fn format_parser() -> impl TypedValueParser<Value = hive::records::Format> {
    clap::builder::PossibleValuesParser::new(hive::records::Format::NAMES)
        .try_map(|name| name.parse::<hive::records::Format>())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(path) = cli.load {
        if cli.command.is_some() {
            eprintln!("hive: --load opens the game window and takes no subcommand");
            return ExitCode::from(2);
        }
        return launch_review(path, cli.window);
    }
    match cli.command {
        None => launch_gui(None, cli.window),
        Some(Command::Play { expansions, window }) => {
            launch_gui(Some(expansions), window.or(cli.window))
        }
        Some(Command::Exhibition {
            white,
            black,
            expansions,
            moves,
            exit,
            speed,
            window,
        }) => {
            let exhibition = hive::game::Launch::Exhibition(hive::game::ExhibitionLaunch {
                game_type: expansions,
                seats: hive::records::Seats::Exhibition { white, black },
                moves,
                exit,
                moves_per_minute: speed,
            });
            launch_window(exhibition, window.or(cli.window))
        }
        Some(Command::Convert { file, to }) => convert(&file, to),
        Some(Command::Review { file, depth, time }) => review(&file, depth, time),
        Some(Command::Engine(command)) => command.run(),
        // The assets folder, found by the one rule the window uses.
        Some(Command::Learn(command)) => command.run(&hive::game::theme::assets_dir()),
        Some(Command::Lang(command)) => command.run(&hive::game::theme::assets_dir()),
        Some(Command::Theme(command)) => command.run(),
        Some(Command::Db(command)) => command.run(),
        Some(Command::Online(command)) => command.run(),
        Some(Command::Completions { shell }) => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "hive", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
        Some(Command::Manpage) => manpage(),
    }
}

/// `hive manpage`: the manual page, written from the same definition as `--help`.
fn manpage() -> ExitCode {
    let command = <Cli as clap::CommandFactory>::command();
    match clap_mangen::Man::new(command)
        .section("6")
        .render(&mut std::io::stdout())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("hive manpage: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The main menu, or a local game with these pieces.
fn launch_gui(game_type: Option<GameType>, launch: LaunchSettings) -> ExitCode {
    let start = match game_type {
        None => hive::game::Launch::MainMenu,
        Some(game_type) => hive::game::Launch::Local { game_type },
    };
    launch_window(start, launch)
}

/// `hive --load FILE`: refused at once, with the reason, if the file holds
/// no legal game (or, for a variations file, names its first bad line).
fn launch_review(path: std::path::PathBuf, launch: LaunchSettings) -> ExitCode {
    if let Err(err) = hive::records::RecordFile::load(&path) {
        eprintln!("hive --load: {err}");
        return ExitCode::from(2);
    }
    let start = hive::game::Launch::Review(path);
    launch_window(start, launch)
}

fn launch_window(start: hive::game::Launch, launch: LaunchSettings) -> ExitCode {
    if !has_display() {
        eprintln!(
            "hive: the game needs a window, and there is no display here \
             (neither DISPLAY nor WAYLAND_DISPLAY is set).\n\
             Without one, these work: `hive uhp` (the UHP engine), \
             `hive match` (matches between engines), `hive perft` (move counts)."
        );
        return ExitCode::from(2);
    }
    hive::game::run(start, launch);
    ExitCode::SUCCESS
}

/// Whether a window can be opened: on Linux and the BSDs, an X11 or a
/// Wayland display is named; elsewhere the system always has one.
fn has_display() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|value| !value.is_empty()))
}

/// `hive convert`: the record in `file` printed in `format`.
fn convert(file: &std::path::Path, format: hive::records::Format) -> ExitCode {
    match hive::records::load_record(file) {
        Ok(record) => {
            let text = hive::records::record_text(&record, format);
            println!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("hive convert: {err}");
            ExitCode::FAILURE
        }
    }
}

/// `hive review`: the record in `file` reviewed by the engine, as text.
fn review(file: &std::path::Path, depth: Option<u32>, time: Option<f64>) -> ExitCode {
    use std::io::IsTerminal;

    let limits = match (depth, time) {
        (Some(depth), _) => hive::ai::Limits::depth(depth),
        (None, Some(seconds)) if seconds.is_finite() && seconds > 0.0 => {
            hive::ai::Limits::time(std::time::Duration::from_secs_f64(seconds))
        }
        (None, Some(seconds)) => {
            eprintln!("hive review: --time must be a positive number of seconds, not {seconds}");
            return ExitCode::FAILURE;
        }
        (None, None) => hive::ai::default_review_limits(),
    };
    let record = match hive::records::load_record(file) {
        Ok(record) => record,
        Err(err) => {
            eprintln!("hive review: {err}");
            return ExitCode::FAILURE;
        }
    };
    let game = record.main_line_game();
    let mut engine = hive::ai::Engine::new(64);
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let show_progress = std::io::stderr().is_terminal();
    let Some(reviewed) =
        hive::ai::review_game(&game, limits, &mut engine, &cancel, |done, total| {
            if show_progress {
                eprint!("\rreviewing: position {done} of {total}");
            }
        })
    else {
        eprintln!("hive review: the review was cancelled");
        return ExitCode::FAILURE;
    };
    if show_progress {
        eprintln!();
    }
    let name = |player: &Option<String>| player.clone().unwrap_or_else(|| "?".into());
    println!(
        "# {} against {}, {}",
        name(&record.headers.white),
        name(&record.headers.black),
        game.game_type()
    );
    print!("{reviewed}");
    ExitCode::SUCCESS
}
