//! Lessons in the window: the list (from `assets/lessons/`; a broken file
//! is named with its line and skipped) and the lesson on the board, one
//! step at a time.
//!
//! Each step puts its position on the board, says what to do in one or two
//! sentences and lights the cells that matter. A step whose position
//! continues the one before goes on from the player's own board, so the
//! pieces they chose stay (the rule is `hive_learn::lesson_carry`'s);
//! otherwise it starts from its own position. A move that meets the goal
//! finishes the step; a legal move that misses it is taken back with the
//! step's hint; a move the rules refuse gets the rule's reason on the
//! message line and the step's hint in the lesson bar. "Show me" plays a
//! move that meets the goal (the one the next step expects, if any), but a
//! step it did is not the player's: a lesson is finished, and remembered,
//! only when the player's own moves did every step. The last step of
//! "First game" is a game against the Beginner AI. Finished lessons are
//! remembered in the data directory (`progress/lessons.txt`).

use std::collections::BTreeSet;

use bevy::prelude::*;

use super::progress;

use crate::ai::Difficulty;
use crate::game::core::{
    Activity, CurrentGame, Jump, MovePlayed, MoveRefused, Notices, PlayMove, Players, Screen, Turn,
    Words, assets_dir, with_color,
};
use crate::game::saves::RecordPaths;
use crate::learn::{
    Catalogue, Lesson, Renaming, Step, Verdict, carry_on, expected_move, judge_move, load_lessons,
};
use crate::records::Seats;
use crate::rules::Color::{Black, White};
use crate::rules::{Game, GameStatus, Move};
use crate::text::{Args, Texts, Worded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonRun>();
    app.add_message::<LessonRequest>();
    if !app.world().contains_resource::<Lessons>() {
        app.insert_resource(Lessons::load());
    }
    app.add_systems(Startup, read_finished_lessons);
    // No lesson is kept once the player is back on the menu or playing a
    // game (one loaded during a lesson, say).
    app.add_systems(OnEnter(Screen::MainMenu), forget_the_lesson);
    app.add_systems(OnEnter(Activity::Game), forget_the_lesson);
}

/// Every lesson shipped, in file order, the files that could not be read,
/// and the lessons finished (as remembered in the data directory).
#[derive(Resource, Debug, Default, Deref, DerefMut)]
pub struct Lessons(pub Catalogue<Lesson>);

impl Lessons {
    /// The lessons of `assets/lessons/`.
    pub fn load() -> Lessons {
        let lessons = Catalogue::from_loaded(load_lessons(&assets_dir().join("lessons")));
        for problem in &lessons.problems {
            warn!("lessons: {problem}");
        }
        Lessons(lessons)
    }
}

/// What the lessons' screens ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonRequest {
    /// Start this lesson (its index in [`Lessons`]) at its first step.
    Start(usize),
    /// The next step (or the next lesson after the last step).
    Next,
    /// This step again from its position.
    Retry,
    /// The engine plays a move that meets the step's goal.
    ShowMe,
    /// Back to the list.
    Leave,
}

/// Where the step on the board stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StepState {
    /// The player's move is awaited.
    #[default]
    Doing,
    /// Done by the player's own move: on to the next step.
    Done,
    /// Done by "Show me": on to the next step, but not the player's.
    Shown,
}

/// Which lesson is on the board and how far it got. Whether one runs is
/// [`Activity::Lesson`]'s to say.
#[derive(Resource, Default)]
pub struct LessonRun {
    /// Its index in [`Lessons`].
    pub lesson: Option<usize>,
    /// The step, from 0.
    pub step: usize,
    /// Where the step stands.
    pub state: StepState,
    /// The step's hint, once a try went wrong.
    pub hint: Option<String>,
    /// The steps of this lesson the player's own moves did.
    pub own: BTreeSet<usize>,
    /// The step as it reads on the player's board, when it carries on
    /// from it (its pieces renamed); `None`: as written.
    carried: Option<Step>,
    /// The lesson files' piece names as they read on the board.
    renaming: Renaming,
    /// The step's position to put on the board.
    start: Option<Game>,
    /// The step's position, kept for Retry.
    first: Option<Game>,
    /// How many moves the step's position has (its moves are the player's
    /// from there).
    start_ply: u32,
    /// The move "Show me" played, until it is judged.
    showing: Option<Move>,
}

impl LessonRun {
    /// The step on the board, as it reads there.
    fn step<'a>(&'a self, lessons: &'a Lessons) -> Option<&'a Step> {
        match &self.carried {
            Some(step) => Some(step),
            None => self.written(lessons, self.step),
        }
    }

    /// Step `index` of the lesson on the board, as its file writes it.
    fn written<'a>(&self, lessons: &'a Lessons, index: usize) -> Option<&'a Step> {
        lessons.list.get(self.lesson?)?.steps.get(index)
    }

    /// The lesson on the board, if any.
    fn of<'a>(&self, lessons: &'a Lessons) -> Option<&'a Lesson> {
        lessons.list.get(self.lesson?)
    }

    /// The step's hint in the player's language (empty with no step).
    fn hint_in(&self, lessons: &Lessons, words: &Texts) -> String {
        self.of(lessons)
            .map_or_else(String::new, |lesson| words.step_hint(lesson, self.step))
    }

    /// Whether the player's own moves did every step of the lesson.
    fn all_own(&self, lessons: &Lessons) -> bool {
        self.of(lessons)
            .is_some_and(|lesson| (0..lesson.steps.len()).all(|i| self.own.contains(&i)))
    }
}

fn read_finished_lessons(paths: Res<RecordPaths>, mut lessons: ResMut<Lessons>) {
    lessons.read_progress(&progress::read(&paths, PROGRESS_FILE));
}

/// Where the finished lessons are kept (in the data directory's `progress`).
const PROGRESS_FILE: &str = "lessons.txt";

fn forget_the_lesson(mut run: ResMut<LessonRun>) {
    if run.lesson.is_some() {
        *run = LessonRun::default();
    }
}

/// A move that meets `step`'s goal in `game`, if any: `expected` (the
/// move the next step's position continues with) when it does, else the
/// first legal one.
fn a_move_meeting(step: &Step, game: &Game, expected: Option<Move>) -> Option<Move> {
    let meets = |mv: Move| judge_move(step, game, mv) == Verdict::Accepted;
    if let Some(mv) = expected.filter(|&mv| meets(mv)) {
        return Some(mv);
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().find(|&mv| meets(mv))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn handle_requests(
    mut requests: MessageReader<LessonRequest>,
    lessons: Res<Lessons>,
    mut run: ResMut<LessonRun>,
    mut activity: ResMut<NextState<Activity>>,
    mut next_screen: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
    current: Res<CurrentGame>,
    mut play: MessageWriter<PlayMove>,
) {
    for &request in requests.read() {
        match request {
            LessonRequest::Start(index) => go_to(&mut run, &lessons, index, 0),
            LessonRequest::Retry => {
                if run.first.is_some() {
                    run.start = run.first.clone();
                    run.state = StepState::Doing;
                    run.hint = None;
                    run.showing = None;
                }
            }
            LessonRequest::Next => {
                let Some(index) = run.lesson else { continue };
                let steps = lessons.list.get(index).map_or(0, |l| l.steps.len());
                if run.step + 1 < steps {
                    let step = run.step + 1;
                    match carried_on(&run, &lessons, current.game()) {
                        Some(carried) => {
                            run.step = step;
                            run.state = StepState::Doing;
                            run.hint = None;
                            run.showing = None;
                            run.start_ply = carried.game.ply();
                            run.first = Some(carried.game.clone());
                            run.start = Some(carried.game);
                            run.carried = Some(carried.step);
                            run.renaming = carried.renaming;
                        }
                        None => go_to(&mut run, &lessons, index, step),
                    }
                } else if index + 1 < lessons.list.len() {
                    go_to(&mut run, &lessons, index + 1, 0);
                } else {
                    // Off the board: the activity ends with the screen.
                    *run = LessonRun::default();
                    next_screen.set(Screen::Lessons);
                    continue;
                }
            }
            LessonRequest::ShowMe => {
                let Some(step) = run.step(&lessons) else {
                    continue;
                };
                if run.state != StepState::Doing || step.is_beginner_game() {
                    continue;
                }
                let game = current.game();
                let expected = run
                    .first
                    .as_ref()
                    .filter(|first| first.ply() == game.ply())
                    .and_then(|_| {
                        let written = run.written(&lessons, run.step)?;
                        let next = run.written(&lessons, run.step + 1)?;
                        expected_move(written, &run.renaming, game, next)
                    });
                if let Some(mv) = a_move_meeting(step, game, expected) {
                    run.showing = Some(mv);
                    play.write(PlayMove(mv));
                }
                continue;
            }
            LessonRequest::Leave => {
                *run = LessonRun::default();
                if *screen.get() != Screen::Lessons {
                    next_screen.set(Screen::Lessons);
                }
                continue;
            }
        }
        if run.start.is_some() {
            // Set with the screen, so the board comes up in the lesson.
            NextState::set_if_neq(&mut activity, Activity::Lesson);
            if *screen.get() != Screen::Playing {
                next_screen.set(Screen::Playing);
            }
        }
    }
}

/// The next step carried on from the board, when the step on it is done
/// and the next one continues it (see `hive_learn::lesson_carry`).
fn carried_on(run: &LessonRun, lessons: &Lessons, board: &Game) -> Option<crate::learn::Carried> {
    if run.state == StepState::Doing || board.ply() != run.start_ply + 1 {
        return None;
    }
    let written = run.written(lessons, run.step)?;
    let next = run.written(lessons, run.step + 1)?;
    carry_on(written, &run.renaming, board, next)
}

/// Step `step_index` of lesson `index` from its own position.
fn go_to(run: &mut LessonRun, lessons: &Lessons, index: usize, step_index: usize) {
    let Some(step) = lessons
        .list
        .get(index)
        .and_then(|l| l.steps.get(step_index))
    else {
        return;
    };
    let Ok(game) = step.start() else {
        warn!("lesson step {}: its position cannot be read", step.origin);
        return;
    };
    // Steps done stay done while the lesson is the same.
    let own = if run.lesson == Some(index) && step_index > 0 {
        std::mem::take(&mut run.own)
    } else {
        BTreeSet::new()
    };
    *run = LessonRun {
        lesson: Some(index),
        step: step_index,
        own,
        start_ply: game.ply(),
        first: Some(game.clone()),
        start: Some(game),
        ..LessonRun::default()
    };
}

/// Puts the step's position on the board, says what to do and flashes the
/// cells that matter; the last step of a lesson may be a game against the
/// Beginner AI.
pub(super) fn set_up_the_step(mut run: ResMut<LessonRun>, lessons: Res<Lessons>, mut jump: Jump) {
    let Some(game) = run.start.take() else {
        return;
    };
    let Some(step) = run.step(&lessons).cloned() else {
        return;
    };
    let game_id = jump.players().game_id + 1;
    let seats = if step.is_beginner_game() {
        Seats::Ai {
            side: game.to_move().opponent(),
            difficulty: Difficulty::Beginner,
        }
    } else {
        Seats::Human
    };
    jump.seat(Players::seated(game_id, seats));
    let cells = step.highlight_cells(&game).unwrap_or_default();
    jump.change(Turn::AwaitingInput, |current| {
        *current = CurrentGame::new(game);
        true
    });
    let text = run.of(&lessons).map_or_else(String::new, |lesson| {
        jump.words().step_text(lesson, run.step)
    });
    jump.notice().show_marked(Worded { text, cells });
}

/// The player's move: the step is done, or the move is taken back with the
/// hint.
pub(super) fn judge_moves(
    mut played: MessageReader<MovePlayed>,
    mut run: ResMut<LessonRun>,
    mut lessons: ResMut<Lessons>,
    paths: Res<RecordPaths>,
    mut jump: Jump,
) {
    for &MovePlayed { mv, .. } in played.read() {
        let Some(step) = run.step(&lessons).cloned() else {
            continue;
        };
        if run.state != StepState::Doing || step.is_beginner_game() {
            continue;
        }
        if jump.current().game().ply() != run.start_ply + 1 {
            continue;
        }
        let mut before = jump.current().game().clone();
        before.undo();
        let shown = run.showing.take() == Some(mv);
        match judge_move(&step, &before, mv) {
            Verdict::Accepted => {
                let last = run
                    .lesson
                    .and_then(|i| lessons.list.get(i))
                    .is_some_and(|l| run.step + 1 == l.steps.len());
                // A step Show me did is not the player's.
                if shown {
                    run.state = StepState::Shown;
                } else {
                    run.state = StepState::Done;
                    let step = run.step;
                    run.own.insert(step);
                }
                if !last {
                    jump.say(if shown {
                        "notice-step-shown"
                    } else {
                        "notice-step-done"
                    });
                } else if run.all_own(&lessons) {
                    jump.say("notice-lesson-done");
                    finish(&run, &mut lessons, &paths);
                } else {
                    jump.say("notice-lesson-over-helped");
                }
            }
            Verdict::NotTheGoal { .. } => {
                jump.change(Turn::AwaitingInput, |current| {
                    current.undo();
                    true
                });
                let hint = run.hint_in(&lessons, jump.words());
                let args = Args::new().with("hint", &hint);
                let text = jump.words().format("notice-not-the-goal", &args);
                jump.notice().show(text);
                run.hint = Some(hint);
            }
            // Played, so legal: the rules do not refuse it.
            Verdict::Refused(_) => {}
        }
    }
}

fn finish(run: &LessonRun, lessons: &mut Lessons, paths: &RecordPaths) {
    if let Some(index) = run.lesson
        && lessons.mark_done(index)
    {
        let text = lessons.progress_text("The lessons finished, one title a line.");
        progress::write(paths, PROGRESS_FILE, text);
    }
}

/// A move the rules refused: the lesson bar shows the step's hint too.
pub(super) fn note_refusals(
    mut refused: MessageReader<MoveRefused>,
    mut run: ResMut<LessonRun>,
    (lessons, words): (Res<Lessons>, Res<Words>),
) {
    if refused.read().count() == 0 {
        return;
    }
    if run
        .step(&lessons)
        .is_some_and(|s| !s.hint.trim().is_empty())
    {
        let hint = run.hint_in(&lessons, &words);
        run.hint = Some(hint);
    }
}

/// The game against the Beginner AI finishes its lesson when it ends.
pub(super) fn finish_the_beginner_game(
    mut run: ResMut<LessonRun>,
    mut lessons: ResMut<Lessons>,
    current: Res<CurrentGame>,
    mut notice: Notices,
    (paths, words): (Res<RecordPaths>, Res<Words>),
) {
    let beginner = run.step(&lessons).is_some_and(Step::is_beginner_game);
    let status = current.game().status();
    if beginner && run.state == StepState::Doing && status.is_over() {
        run.state = StepState::Done;
        let step = run.step;
        run.own.insert(step);
        let text = match status {
            GameStatus::WhiteWins => {
                words.format("notice-lesson-won", &with_color(&words, Args::new(), White))
            }
            GameStatus::BlackWins => {
                words.format("notice-lesson-won", &with_color(&words, Args::new(), Black))
            }
            _ => words.get("notice-lesson-drawn"),
        };
        if run.all_own(&lessons) {
            notice.show(text);
            finish(&run, &mut lessons, &paths);
        } else {
            notice.show(words.get("notice-lesson-over-helped"));
        }
    }
}
