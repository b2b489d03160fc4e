//! A lesson played through the app as a player would: from the Learn to
//! play screen onto the board, a move the rules refuse (the rule's reason
//! and the step's hint), a legal move that misses the goal (taken back,
//! with the hint), every step to the end, and the lesson remembered as
//! finished in the data directory, with nothing autosaved; "Show me", which
//! does not finish a lesson; the next step keeping the pieces the player
//! chose; and the lesson's lit cells in the theme's lesson colour.

use crate::app::{app_keeping_files, game, screen, set_screen, settle, update_until};
use bevy::prelude::*;
use hive::game::{
    NewGameSettings, Notice, PlayMove, Screen,
    learn::{LessonRequest, LessonRun, Lessons, StepState},
};
use hive::learn::{Renaming, Step, Verdict, expected_move, judge_move};
use hive::rules::{Bug, Color, Game, Hex, Move, Piece};

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

/// A move meeting `step`'s goal in `start`: the one the next step's
/// position goes on with, if any (so the position stays the file's), else
/// the first legal one.
fn a_right_move(step: &Step, start: &Game, next: Option<&Step>) -> Move {
    let accepted = |mv: Move| judge_move(step, start, mv) == Verdict::Accepted;
    if let Some(mv) = next
        .and_then(|next| expected_move(step, &Renaming::none(), start, next))
        .filter(|&mv| accepted(mv))
    {
        return mv;
    }
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|&mv| accepted(mv))
        .expect("a move meeting the goal")
}

/// Plays lesson `index` to its end: each step's wrong move (if it has one),
/// then a right move of the player's own (or "Show me" with `show_me`),
/// then Next. Returns how many wrong moves the rules refused and how many
/// were taken back as missing the goal.
fn play_lesson(app: &mut App, index: usize, show_me: bool) -> (usize, usize) {
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
        let last = number + 1 == lesson.steps.len();
        if show_me {
            request(app, LessonRequest::ShowMe);
            update_until(app, "the step shown", |app| run(app).1 == StepState::Shown);
            let expected = if last {
                "That was the last step, but Show me"
            } else {
                "That is a move that does it"
            };
            assert!(notice(app).starts_with(expected), "{}", notice(app));
        } else {
            let mv = a_right_move(step, &start, lesson.steps.get(number + 1));
            app.world_mut().write_message(PlayMove(mv));
            update_until(app, "the step done", |app| run(app).1 == StepState::Done);
            assert!(notice(app).starts_with("Well done"), "{}", notice(app));
        }
        if !last {
            request(app, LessonRequest::Next);
        }
    }
    (refused, taken_back)
}

fn finished(app: &App, index: usize) -> bool {
    let lessons = app.world().resource::<Lessons>();
    lessons.is_done(&lessons.list[index])
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
        let (r, t) = play_lesson(&mut app, index, false);
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
            .resource::<Lessons>()
            .is_done_name(&lesson.title)
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

#[test]
fn show_me_does_not_finish_a_lesson() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Lessons);
    settle(&mut app);
    // Every step shown: the lesson is over, but not ticked.
    play_lesson(&mut app, 0, true);
    assert!(!finished(&app, 0), "a lesson Show me did is not finished");
    assert!(app.world().resource::<LessonRun>().own.is_empty());
    // The last step played again by the player: still not all theirs.
    request(&mut app, LessonRequest::Retry);
    let lesson = app.world().resource::<Lessons>().list[0].clone();
    let last = lesson.steps.last().expect("steps");
    let start = last.start().expect("a position");
    assert_eq!(game(&app).game_string(), start.game_string());
    app.world_mut()
        .write_message(PlayMove(a_right_move(last, &start, None)));
    update_until(&mut app, "the step done", |app| {
        run(app).1 == StepState::Done
    });
    assert!(!finished(&app, 0));
    assert!(
        notice(&app).starts_with("That was the last step, but Show me"),
        "{}",
        notice(&app)
    );
    // The whole lesson by the player's own moves: ticked.
    play_lesson(&mut app, 0, false);
    assert!(finished(&app, 0));
}

fn piece(text: &str) -> Piece {
    text.parse().expect("a piece")
}

#[test]
fn the_next_step_keeps_the_pieces_the_player_placed() {
    let mut app = app_keeping_files(None, None, NewGameSettings::default());
    set_screen(&mut app, Screen::Lessons);
    settle(&mut app);
    // "Placing your pieces": the file goes on from a white Grasshopper;
    // the player puts down an Ant.
    request(&mut app, LessonRequest::Start(0));
    let ant = piece("wA1");
    app.world_mut().write_message(PlayMove(Move::Place {
        piece: ant,
        to: Hex::ORIGIN,
    }));
    update_until(&mut app, "the step done", |app| {
        run(app).1 == StepState::Done
    });
    request(&mut app, LessonRequest::Next);
    assert_eq!(run(&app).0, 1);
    let board = game(&app);
    assert_eq!(board.position(ant), Some(Hex::ORIGIN), "the Ant stays");
    assert_eq!(board.position(piece("wG1")), None, "no Grasshopper for it");
    // The step's lit cell is the Ant's (the file lights "wG1").
    let notice = app.world().resource::<Notice>();
    assert_eq!(notice.cells(), [Hex::ORIGIN]);
    assert!(notice.keeps_cells_lit());

    // Black's Spider, up and to the right: the next step has it too, on
    // the cell the step is about (to the Ant's right).
    let spider = piece("bS1");
    let up_right = Hex::ORIGIN.neighbor(hive::rules::Direction::NorthEast);
    app.world_mut().write_message(PlayMove(Move::Place {
        piece: spider,
        to: up_right,
    }));
    update_until(&mut app, "the step done", |app| {
        run(app).1 == StepState::Done
    });
    request(&mut app, LessonRequest::Next);
    let board = game(&app);
    assert_eq!(board.position(ant), Some(Hex::ORIGIN));
    let east = Hex::ORIGIN.neighbor(hive::rules::Direction::East);
    assert_eq!(board.position(spider), Some(east));
    assert_eq!(board.position(piece("bG1")), None);
    assert!(
        board
            .pieces_on_board()
            .all(|(p, _, _)| matches!(p.bug(), Bug::Ant | Bug::Spider)),
        "{}",
        board.game_string()
    );
    // Retry puts the same position back.
    let before = board.game_string();
    let left = Hex::ORIGIN.neighbor(hive::rules::Direction::West);
    app.world_mut().write_message(PlayMove(Move::Place {
        piece: Piece::new(Color::White, Bug::Beetle, 1).expect("a piece"),
        to: left,
    }));
    update_until(&mut app, "the step done", |app| {
        run(app).1 == StepState::Done
    });
    request(&mut app, LessonRequest::Retry);
    assert_eq!(game(&app).game_string(), before);
}

#[test]
fn a_lessons_lit_cells_have_the_lesson_colour() {
    use hive::game::Flash;
    use hive::game::theme::Theme;
    let mut app = crate::panels::panels_app("en");
    crate::app::no_animation(&mut app);
    set_screen(&mut app, Screen::Lessons);
    for _ in 0..4 {
        app.update();
    }
    // "One hive" lights the white Grasshopper from its first step.
    let index = app
        .world()
        .resource::<Lessons>()
        .list
        .iter()
        .position(|l| l.title == "One hive")
        .expect("the lesson");
    app.world_mut().write_message(LessonRequest::Start(index));
    let dressed = |app: &mut App| {
        let mut query = app.world_mut().query::<(&Flash, &Sprite)>();
        query
            .iter(app.world())
            .map(|(flash, sprite)| (flash.steady, sprite.color))
            .collect::<Vec<_>>()
    };
    let start = std::time::Instant::now();
    while dressed(&mut app).is_empty() {
        assert!(start.elapsed().as_secs() < 20, "no lit cell drawn");
        app.update();
    }
    let theme = app.world().resource::<Theme>();
    let rgb = |c: bevy::color::Color| {
        let c = c.to_srgba();
        [c.red, c.green, c.blue]
    };
    let (lesson, flash) = (rgb(theme.lesson.color), rgb(theme.flash.color));
    assert_ne!(lesson, flash, "the lesson colour is not the refusal's");
    for (steady, color) in dressed(&mut app) {
        assert!(steady, "a lesson's cells stay lit");
        assert_eq!(rgb(color), lesson);
    }
}
