//! Puzzles in the window: the list (loaded once from `assets/puzzles/`),
//! the one being solved, and what the engine answers.
//!
//! The player's move is played on the board like any move; the engine then
//! judges it on the async compute pool (the proof of a win in 3 can take a
//! moment, never on the frame): a right move is answered by the engine's
//! best defence, played on the board, until the win; a wrong one by the
//! reply that refutes it, with the reason in words. A hint first gives the
//! puzzle's hint line, then selects the piece the solution moves. Solved
//! puzzles are remembered in the data directory.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::progress;

use crate::game::core::{
    Activity, CurrentGame, Jump, MovePlayed, Notices, PlayMove, Players, Screen, Turn, Words,
    assets_dir, with_color,
};
use crate::game::play::SuggestSelection;
use crate::game::saves::RecordPaths;
use crate::learn::{Attempt, Catalogue, Outcome, Puzzle, load_puzzles};
use crate::records::Seats;
use crate::rules::{Game, Move};
use crate::text::{Args, Worded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PuzzleRun>();
    app.add_message::<PuzzleRequest>();
    if !app.world().contains_resource::<Puzzles>() {
        app.insert_resource(Puzzles::load());
    }
    app.add_systems(Startup, read_solved_puzzles);
    // No puzzle is kept once the player is back on the menu or playing a
    // game (one loaded during a puzzle, say).
    app.add_systems(OnEnter(Screen::MainMenu), forget_the_puzzle);
    app.add_systems(OnEnter(Activity::Game), forget_the_puzzle);
}

/// Every puzzle shipped, by level (easy, medium, hard), each level in the
/// order the lessons teach the bugs it uses, and the files that could not
/// be read.
/// The puzzles solved are remembered in the data directory.
#[derive(Resource, Debug, Default, Deref, DerefMut)]
pub struct Puzzles(pub Catalogue<Puzzle>);

impl Puzzles {
    /// The puzzles of `assets/puzzles/`.
    pub fn load() -> Puzzles {
        let puzzles = Catalogue::from_loaded(load_puzzles(&assets_dir().join("puzzles")));
        for problem in &puzzles.problems {
            warn!("puzzles: {problem}");
        }
        Puzzles(puzzles)
    }
}

/// What the puzzles' screens ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Put this puzzle (its index in [`Puzzles`]) on the board.
    Start(usize),
    /// The next hint: the hint line, then the piece to move.
    Hint,
    /// The same puzzle again from its position.
    Retry,
    /// The next puzzle not solved yet (after this one).
    Next,
    /// Back to the list.
    Leave,
}

/// Where the puzzle on the board stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player's move is awaited.
    #[default]
    Solving,
    /// The engine is judging the player's move.
    Judging,
    /// Solved.
    Solved,
    /// A wrong move, and why.
    Failed(String),
}

/// Which puzzle is being solved and how far it got. Whether one runs is
/// [`Activity::Puzzle`]'s to say.
#[derive(Resource, Default)]
pub struct PuzzleRun {
    /// Its index in [`Puzzles`].
    pub index: Option<usize>,
    /// Where it stands.
    pub state: PuzzleState,
    /// Hints given so far (0, 1 or 2).
    pub hints: u8,
    /// The position to put on the board (a start or a retry).
    start: Option<Game>,
    attempt: Option<Attempt>,
    judging: Option<Task<(Attempt, Outcome)>>,
    /// The engine's move, to play once the board is ready for it.
    answer: Option<Move>,
    /// What to say once the engine's move is played (playing a move clears
    /// the message line).
    announce: Option<(Move, Worded)>,
}

impl PuzzleRun {
    /// The player's moves left to solve it.
    pub fn moves_left(&self) -> Option<u32> {
        self.attempt.as_ref().map(Attempt::moves_left)
    }
}

fn read_solved_puzzles(paths: Res<RecordPaths>, mut puzzles: ResMut<Puzzles>) {
    puzzles.read_progress(&progress::read(&paths, PROGRESS_FILE));
}

/// Where the solved puzzles are kept (in the data directory's `progress`).
const PROGRESS_FILE: &str = "puzzles.txt";

#[allow(clippy::too_many_arguments)]
pub(super) fn handle_requests(
    mut requests: MessageReader<PuzzleRequest>,
    puzzles: Res<Puzzles>,
    mut run: ResMut<PuzzleRun>,
    mut activity: ResMut<NextState<Activity>>,
    mut next_screen: ResMut<NextState<Screen>>,
    (current, mut suggest, mut notice): (
        Res<CurrentGame>,
        MessageWriter<SuggestSelection>,
        Notices,
    ),
    (screen, words): (Res<State<Screen>>, Res<Words>),
) {
    for &request in requests.read() {
        match request {
            PuzzleRequest::Start(index) => start(&mut run, &puzzles, index),
            PuzzleRequest::Retry => {
                if let Some(index) = run.index {
                    start(&mut run, &puzzles, index);
                }
            }
            PuzzleRequest::Next => {
                if let Some(index) = puzzles.next_not_done(run.index) {
                    start(&mut run, &puzzles, index);
                }
            }
            PuzzleRequest::Hint => {
                let Some(puzzle) = run.index.and_then(|i| puzzles.list.get(i)) else {
                    continue;
                };
                if run.state != PuzzleState::Solving {
                    continue;
                }
                run.hints = (run.hints + 1).min(2);
                if run.hints == 1 {
                    let args = Args::new().with("hint", words.puzzle_hint(puzzle));
                    notice.show(words.format("notice-puzzle-hint", &args));
                } else {
                    let game = current.game();
                    let piece = game
                        .parse_move(&puzzle.solution)
                        .ok()
                        .and_then(|mv| mv.piece());
                    if let Some(piece) = piece {
                        suggest.write(SuggestSelection::Piece(piece));
                        notice.show(words.get("notice-puzzle-piece"));
                    }
                }
            }
            PuzzleRequest::Leave => {
                // Off the board: the activity ends with the screen.
                *run = PuzzleRun::default();
                if *screen.get() != Screen::Puzzles {
                    next_screen.set(Screen::Puzzles);
                }
                continue;
            }
        }
        if run.start.is_some() {
            // Set with the screen, so the board comes up in the puzzle.
            NextState::set_if_neq(&mut activity, Activity::Puzzle);
            if *screen.get() != Screen::Playing {
                next_screen.set(Screen::Playing);
            }
        }
    }
}

fn start(run: &mut PuzzleRun, puzzles: &Puzzles, index: usize) {
    let Some(puzzle) = puzzles.list.get(index) else {
        return;
    };
    let (Ok(game), Ok(attempt)) = (puzzle.game(), Attempt::new(puzzle)) else {
        warn!("puzzle {}: its position cannot be read", puzzle.id);
        return;
    };
    *run = PuzzleRun {
        index: Some(index),
        start: Some(game),
        attempt: Some(attempt),
        ..PuzzleRun::default()
    };
}

/// Back on the main menu or in a game, no puzzle is on the board any more
/// (the game is a game, autosaved: the activity says so).
fn forget_the_puzzle(mut run: ResMut<PuzzleRun>) {
    if run.index.is_some() {
        *run = PuzzleRun::default();
    }
}

/// Puts the puzzle's position on the board, both sides at this screen (the
/// engine's answers are played for the defender).
pub(super) fn set_up_the_puzzle(mut run: ResMut<PuzzleRun>, puzzles: Res<Puzzles>, mut jump: Jump) {
    let Some(game) = run.start.take() else {
        return;
    };
    let players = Players::seated(jump.players().game_id + 1, Seats::Human);
    jump.seat(players);
    jump.change(Turn::AwaitingInput, |current| {
        *current = CurrentGame::new(game);
        true
    });
    // The selection goes with the old position (`play` drops it as the
    // game changes).
    if let Some(puzzle) = run.index.and_then(|i| puzzles.list.get(i)) {
        let words = jump.words();
        let args = with_color(words, Args::new(), jump.current().game().to_move())
            .with("title", words.puzzle_title(puzzle))
            .with("kind", words.puzzle_kind(puzzle.kind));
        let text = words.format("notice-puzzle-start", &args);
        jump.notice().show(text);
    }
}

/// The player's move goes to the engine to judge.
pub(super) fn judge_the_players_move(
    mut played: MessageReader<MovePlayed>,
    mut run: ResMut<PuzzleRun>,
    current: Res<CurrentGame>,
    mut notice: Notices,
) {
    for &MovePlayed { mv, .. } in played.read() {
        if run
            .announce
            .as_ref()
            .is_some_and(|(answer, _)| *answer == mv)
        {
            if let Some((_, worded)) = run.announce.take() {
                notice.show_worded(worded);
            }
            continue;
        }
        if run.state != PuzzleState::Solving || run.judging.is_some() {
            continue;
        }
        let Some(mut attempt) = run.attempt.clone() else {
            continue;
        };
        // Only the player's own move, played where the attempt stands.
        if current.game().ply() != attempt.game().ply() + 1 {
            continue;
        }
        run.state = PuzzleState::Judging;
        run.judging = Some(AsyncComputeTaskPool::get().spawn(async move {
            let outcome = attempt.play(mv);
            (attempt, outcome)
        }));
    }
}

/// The engine's judgement: the defence, the refutation, or solved.
pub(super) fn collect_the_answer(
    mut run: ResMut<PuzzleRun>,
    mut puzzles: ResMut<Puzzles>,
    paths: Res<RecordPaths>,
    (current, mut notice, words): (Res<CurrentGame>, Notices, Res<Words>),
) {
    let Some(task) = run.judging.as_mut() else {
        return;
    };
    let Some((attempt, outcome)) = check_ready(task) else {
        return;
    };
    run.judging = None;
    let before_answer = current.game().clone();
    run.attempt = Some(attempt);
    let puzzle = run.index.and_then(|i| puzzles.list.get(i));
    match outcome {
        Outcome::Solved => {
            run.state = PuzzleState::Solved;
            notice.show(words.get("notice-puzzle-solved"));
            if let Some(index) = run.index
                && puzzles.mark_done(index)
            {
                let text = puzzles.progress_text("The puzzles solved, one id a line.");
                progress::write(&paths, PROGRESS_FILE, text);
            }
        }
        Outcome::Continue { reply } => {
            run.state = PuzzleState::Solving;
            let worded = words.move_words(&before_answer, reply);
            let left = run.moves_left().unwrap_or(0);
            let args = Args::new().with("move", worded.text).with("count", left);
            let said = Worded {
                text: words.format("notice-puzzle-defends", &args),
                cells: worded.cells,
            };
            notice.show(words.get("notice-puzzle-answering"));
            run.announce = Some((reply, said));
            run.answer = Some(reply);
        }
        Outcome::Wrong { refutation } => {
            let stop = puzzle.is_some_and(|p| matches!(p.kind, crate::learn::Kind::Stop(_)));
            let not = words.get(if stop {
                "notice-puzzle-not-stop"
            } else {
                "notice-puzzle-not-win"
            });
            let mut args = Args::new().with("not", not);
            let (text, cells) = match refutation {
                Some(reply) => {
                    let worded = words.move_words(&before_answer, reply);
                    args.set("move", worded.text);
                    let key = if stop {
                        "notice-puzzle-wins-with"
                    } else {
                        "notice-puzzle-answers"
                    };
                    (words.format(key, &args), worded.cells)
                }
                None => (words.format("notice-puzzle-wrong", &args), Vec::new()),
            };
            run.state = PuzzleState::Failed(text.clone());
            match refutation {
                Some(reply) => {
                    notice.show(words.format("notice-puzzle-replying", &args));
                    run.announce = Some((reply, Worded { text, cells }));
                }
                None => notice.show_worded(Worded { text, cells }),
            }
            run.answer = refutation;
        }
        Outcome::Illegal(err) => {
            run.state = PuzzleState::Solving;
            notice.show_worded(words.reason(&err, Some(&before_answer)));
        }
    }
}

/// Plays the engine's answer once the player's move has landed.
pub(super) fn play_the_answer(
    mut run: ResMut<PuzzleRun>,
    turn: Res<State<Turn>>,
    mut play: MessageWriter<PlayMove>,
) {
    if *turn.get() != Turn::AwaitingInput {
        return;
    }
    if let Some(mv) = run.answer.take() {
        play.write(PlayMove(mv));
    }
}
