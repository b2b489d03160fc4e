//! A lesson played through the app as a player would: from the Learn to
//! play screen onto the board, a move the rules refuse (the rule's reason
//! and the step's hint), a legal move that misses the goal (taken back,
//! with the hint), "Show me", every step to the end, and the lesson
//! remembered as finished in the data directory, with nothing autosaved.

use crate::app::{app_keeping_files, game, screen, set_screen, settle, update_until};
use bevy::prelude::*;
use hive::game::{
    NewGameSettings, Notice, PlayMove, Screen,
    learn::{FinishedLessons, LessonRequest, LessonRun, Lessons, StepState},
};
use hive::learn::{Verdict, judge_move};

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn request(app: &mut App, request: LessonRequest) {
    app.world_mut().write_message(request);
    settle(app);
}

fn run(app: &App) -> (usize, StepState, Option<String>) {
    let run = app.world().resource::<LessonRun>();
    (run.step, run.state, run.hint.clone())
}

/// Plays lesson `index` to its end: each step's wrong move (if it has one),
/// then "Show me", then Next. Returns how many wrong moves the rules
/// refused and how many were taken back as missing the goal.
fn play_lesson(app: &mut App, index: usize) -> (usize, usize) {
    let lesson = app.world().resource::<Lessons>().list[index].clone();
    let (mut refused, mut taken_back) = (0, 0);
    request(app, LessonRequest::Start(index));
    assert_eq!(screen(app), Screen::Playing);
    // The step's words, unless a forced pass is announced over them.
    assert!(
        notice(app).eq_ignore_ascii_case(&lesson.steps[0].text)
            || notice(app).contains("must pass"),
        "lesson {index}: {:?}",
        notice(app)
    );
    for (number, step) in lesson.steps.iter().enumerate() {
        if step.is_beginner_game() {
            continue;
        }
        let start = step.start().expect("a position");
        assert_eq!(run(app).0, number);
        assert_eq!(game(app).game_string(), start.game_string());
        if let Some(wrong) = step.wrong.as_deref() {
            match start
                .parse_move(wrong)
                .map(|mv| (mv, judge_move(step, &start, mv)))
            {
                Ok((mv, Verdict::Refused(_))) => {
                    app.world_mut().write_message(PlayMove(mv));
                    settle(app);
                    assert_eq!(game(app).ply(), start.ply(), "nothing played");
                    assert_eq!(run(app).2.as_deref(), Some(step.hint.as_str()));
                    let said = notice(app);
                    assert!(
                        !said.is_empty() && !said.eq_ignore_ascii_case(&step.text),
                        "the rule's reason: {}",
                        notice(app)
                    );
                    refused += 1;
                }
                Ok((mv, Verdict::NotTheGoal { hint })) => {
                    app.world_mut().write_message(PlayMove(mv));
                    update_until(app, "the move taken back", |app| {
                        notice(app).contains("not what this step asks")
                    });
                    settle(app);
                    assert_eq!(game(app).ply(), start.ply(), "taken back");
                    assert_eq!(run(app).2, Some(hint));
                    taken_back += 1;
                }
                _ => {}
            }
        }
        request(app, LessonRequest::ShowMe);
        update_until(app, "the step done", |app| run(app).1 == StepState::Done);
        assert!(notice(app).starts_with("Well done"), "{}", notice(app));
        if number + 1 < lesson.steps.len() {
            request(app, LessonRequest::Next);
        }
    }
    (refused, taken_back)
}

#[test]
fn a_lesson_explains_wrong_moves_shows_a_step_and_is_remembered() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Lessons);
    settle(&mut app);
    let lessons = app.world().resource::<Lessons>();
    assert!(lessons.problems.is_empty(), "{:?}", lessons.problems);
    let lesson = lessons.list[0].clone();
    assert!(lesson.steps.len() >= 3);

    // Every lesson but the first game against the AI, step by step.
    let count = app.world().resource::<Lessons>().list.len();
    let (mut refused, mut taken_back) = (0, 0);
    for index in 0..count {
        let lesson = &app.world().resource::<Lessons>().list[index];
        if lesson.steps.iter().any(|s| s.is_beginner_game()) {
            continue;
        }
        let (r, t) = play_lesson(&mut app, index);
        refused += r;
        taken_back += t;
    }
    assert!(
        refused > 0 && taken_back > 0,
        "{refused} refused, {taken_back} taken back"
    );
    let lesson = app.world().resource::<Lessons>().list[0].clone();
    assert!(
        app.world()
            .resource::<FinishedLessons>()
            .0
            .contains(&lesson.title)
    );
    let progress = data.path().join("progress").join("lessons.txt");
    update_until(&mut app, "the progress written", |_| {
        std::fs::read_to_string(&progress).is_ok_and(|text| text.contains(&lesson.title))
    });
    assert!(
        !data.path().join("autosave").join("game.txt").exists(),
        "a lesson was autosaved"
    );
}
