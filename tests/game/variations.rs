//! Variations in the headless app: a move played where the line goes on
//! with another starts a branch instead of dropping the old moves; a click
//! on any move of the tree (`ReviewAction::GotoNode`) makes its line the
//! current one, with undo and redo walking it; the tree saved to a file
//! loads back whole; a bad variations file is refused naming its first bad
//! line, the game on the board kept.

use crate::app::{
    LINE_OPENING, app_keeping_files, assert_entities_match_game, game, local_app_from,
    scripted_game, set_screen, settle, turn,
};
use bevy::prelude::*;
use hive::game::{
    CurrentGame, NewGameSettings, Notice, PlayMove, RecordsAction, ReviewAction, Screen, Turn,
};
use hive::records::{Autosave, NodeId, VARIATIONS_HEADER, load_variations};
use hive::rules::{Game, Move};
use tempfile::TempDir;

fn current(app: &App) -> CurrentGame {
    app.world().resource::<CurrentGame>().clone()
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    settle(app);
}

/// The `pick`-th legal move of the position on the board.
fn legal(app: &App, pick: usize) -> Move {
    let mut moves = Vec::new();
    game(app).legal_moves(&mut moves);
    moves[pick % moves.len()]
}

fn play(app: &mut App, mv: Move) {
    send(app, PlayMove(mv));
    assert_eq!(game(app).last_move(), Some(mv), "{mv:?} was played");
}

/// A local game from [`LINE_OPENING`] (6 moves) with two more moves, then
/// two undos and a different move: a branch at ply 6.
fn branched() -> (App, Vec<Move>, Move) {
    branch_in(local_app_from(LINE_OPENING))
}

/// [`branched`] in `app`.
fn branch_in(mut app: App) -> (App, Vec<Move>, Move) {
    let first = legal(&app, 0);
    play(&mut app, first);
    let second = legal(&app, 0);
    play(&mut app, second);
    send(&mut app, RecordsAction::Undo);
    send(&mut app, RecordsAction::Undo);
    let other = legal(&app, 5);
    assert_ne!(other, first);
    play(&mut app, other);
    (app, vec![first, second], other)
}

#[test]
fn a_different_move_starts_a_branch_and_keeps_the_old_line() {
    let (app, old, other) = branched();
    let current = current(&app);
    let tree = current.variations();
    assert_eq!(
        tree.move_count(),
        6 + 3,
        "the old two moves are still in the tree"
    );
    assert_eq!(tree.leaves().len(), 2);
    // The branch point: the position after the opening's six moves.
    let branch_point = tree.parent(current.node());
    assert_eq!(tree.depth(branch_point), 6);
    let tries: Vec<Option<Move>> = tree
        .children(branch_point)
        .iter()
        .map(|&n| tree.mv(n))
        .collect();
    assert_eq!(tries, vec![Some(old[0]), Some(other)], "main line first");
    // The current line ends with the new move: nothing to redo.
    assert_eq!(current.line().len(), 7);
    assert!(!current.can_redo());
    assert_eq!(game(&app).last_move(), Some(other));
}

#[test]
fn any_move_of_the_tree_can_be_jumped_to_and_walked() {
    let (mut app, old, other) = branched();
    let tree = current(&app).variations().clone();
    let old_end = tree.leaves()[0];
    assert_eq!(tree.mv(old_end), Some(old[1]));
    // In a local game a click goes there to play on (no review).
    send(&mut app, ReviewAction::GotoNode(old_end));
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_eq!(current(&app).node(), old_end);
    assert_eq!(game(&app).last_move(), Some(old[1]));
    assert_entities_match_game(&mut app);
    // Undo and redo walk this line.
    send(&mut app, RecordsAction::Undo);
    assert_eq!(game(&app).last_move(), Some(old[0]));
    send(&mut app, RecordsAction::Redo);
    assert_eq!(game(&app).last_move(), Some(old[1]));
    // To a move in the middle of the other branch's line, from review:
    // the line becomes that branch, its later moves to redo.
    send(&mut app, ReviewAction::Enter);
    assert_eq!(turn(&app), Some(Turn::Review));
    let new_end = tree.leaves()[1];
    send(&mut app, ReviewAction::GotoNode(new_end));
    assert_eq!(turn(&app), Some(Turn::Review), "review stays review");
    assert_eq!(game(&app).last_move(), Some(other));
    let opening_end = tree.parent(new_end);
    send(&mut app, ReviewAction::GotoNode(opening_end));
    assert_eq!(game(&app).ply(), 6);
    send(&mut app, ReviewAction::StepForward);
    assert_eq!(
        game(&app).last_move(),
        Some(other),
        "the current line is the branch"
    );
    assert_entities_match_game(&mut app);
    // Playing a move tried before follows its line.
    send(&mut app, ReviewAction::ContinueFromHere);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    send(&mut app, RecordsAction::Undo);
    play(&mut app, old[0]);
    assert_eq!(
        current(&app).line().len(),
        8,
        "back on the old line, its move to redo"
    );
    assert_eq!(current(&app).variations().move_count(), tree.move_count());
}

#[test]
fn continuing_from_an_earlier_move_keeps_the_later_ones_as_a_variation() {
    let mut app = local_app_from(LINE_OPENING);
    send(
        &mut app,
        RecordsAction::Import(scripted_game().game_string()),
    );
    send(&mut app, ReviewAction::Goto(4));
    send(&mut app, ReviewAction::ContinueFromHere);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_eq!(current(&app).line().len(), 4);
    let total = scripted_game().moves().len();
    assert_eq!(current(&app).variations().move_count(), total);
    let other = (0..40)
        .map(|i| legal(&app, i))
        .find(|&mv| Some(mv) != scripted_game().moves().nth(4))
        .unwrap();
    play(&mut app, other);
    let tree = current(&app).variations().clone();
    assert_eq!(tree.move_count(), total + 1);
    assert_eq!(tree.leaves().len(), 2);
}

#[test]
fn the_tree_saved_to_a_file_loads_back_whole() {
    let dir = TempDir::new().unwrap();
    let (mut app, _, _) = branched();
    let tree = current(&app).variations().clone();
    let file = dir.path().join("tree.txt");
    send(&mut app, RecordsAction::SaveVariations(file.clone()));
    assert!(
        notice(&app).contains("variations saved"),
        "{}",
        notice(&app)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(VARIATIONS_HEADER), "{text}");
    let games: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(games.len(), 2, "one GameString per leaf: {text}");
    // Every line is a GameString other programs can load.
    for line in games {
        Game::from_game_string(line).unwrap();
    }
    assert_eq!(load_variations(&file).unwrap().file_text(), text);

    // Save also still writes the current line alone, as a GameString.
    let line_file = dir.path().join("line.txt");
    send(&mut app, RecordsAction::Save(line_file.clone()));
    let saved = hive::records::load_game_file(&line_file).unwrap();
    assert_eq!(saved.game.game_string(), game(&app).game_string());

    // Loaded in a fresh app: the same tree, in review at the main line's end.
    let mut fresh = local_app_from(LINE_OPENING);
    send(&mut fresh, RecordsAction::Load(file));
    assert_eq!(turn(&fresh), Some(Turn::Review));
    let loaded = current(&fresh);
    assert_eq!(loaded.variations().file_text(), tree.file_text());
    assert_eq!(loaded.variations().leaves().len(), 2);
    assert_eq!(loaded.node(), loaded.variations().leaves()[0]);
    assert_entities_match_game(&mut fresh);
    // Its branch is there to jump to.
    let branch = loaded.variations().leaves()[1];
    send(&mut fresh, ReviewAction::GotoNode(branch));
    assert_eq!(current(&fresh).node(), branch);
    assert_entities_match_game(&mut fresh);
    // Pasted, the same text loads the same tree.
    let mut pasted = local_app_from(LINE_OPENING);
    send(&mut pasted, RecordsAction::Import(text.clone()));
    assert_eq!(current(&pasted).variations().file_text(), text);
}

#[test]
fn a_bad_variations_file_is_refused_naming_its_line() {
    let dir = TempDir::new().unwrap();
    let (mut app, _, _) = branched();
    let kept = current(&app);
    let mut lines: Vec<String> = kept
        .variations()
        .file_text()
        .lines()
        .map(str::to_string)
        .collect();
    let last = lines.len() - 1;
    lines[last].push_str(";wQ wQ");
    let file = dir.path().join("bad-tree.txt");
    std::fs::write(&file, lines.join("\n")).unwrap();
    send(&mut app, RecordsAction::Load(file.clone()));
    let message = notice(&app);
    let line = format!("line {}", last + 1);
    for word in ["bad-tree.txt", &line, "wQ wQ"] {
        assert!(message.contains(word), "{message:?} names {word:?}");
    }
    let after = current(&app);
    assert_eq!(
        after.variations().file_text(),
        kept.variations().file_text()
    );
    assert_eq!(after.node(), kept.node());
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_entities_match_game(&mut app);
    // The bad file is left as it was.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), lines.join("\n"));
    // The root node is never a move.
    assert_eq!(after.variations().mv(NodeId::ROOT), None);
}

#[test]
fn a_variation_can_become_the_main_line_and_be_deleted() {
    let (mut app, old, other) = branched();
    let tree = current(&app).variations().clone();
    let (old_end, new_end) = (tree.leaves()[0], tree.leaves()[1]);
    let shown = current(&app).node();
    assert_eq!(shown, new_end);
    let id = app.world().resource::<hive::game::Players>().game_id;

    // The branch played becomes the main line: the position stays.
    send(&mut app, RecordsAction::PromoteVariation(new_end));
    let promoted = current(&app);
    assert_eq!(promoted.variations().leaves()[0], new_end);
    assert_eq!(promoted.node(), shown);
    assert_eq!(game(&app).last_move(), Some(other));
    assert_eq!(
        app.world().resource::<hive::game::Players>().game_id,
        id,
        "the position did not change: a search of it goes on"
    );

    // Deleting the other line (not shown): the position stays.
    let old_start = tree.parent(old_end);
    assert_eq!(tree.mv(old_start), Some(old[0]));
    send(&mut app, RecordsAction::DeleteVariation(old_start));
    let pruned = current(&app);
    assert_eq!(pruned.variations().leaves(), vec![new_end]);
    assert_eq!(pruned.variations().move_count(), 7);
    assert_eq!(pruned.node(), shown);

    // Deleting the move shown goes back to the move before it.
    send(&mut app, RecordsAction::DeleteVariation(new_end));
    let after = current(&app);
    assert_eq!(after.variations().move_count(), 6);
    assert_eq!(game(&app).ply(), 6);
    assert_eq!(after.line().len(), 6);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_entities_match_game(&mut app);
    // The root cannot go; a deleted move is not there to go to or delete.
    send(&mut app, RecordsAction::DeleteVariation(NodeId::ROOT));
    send(&mut app, ReviewAction::GotoNode(old_end));
    send(&mut app, RecordsAction::DeleteVariation(new_end));
    send(&mut app, RecordsAction::PromoteVariation(old_end));
    assert_eq!(current(&app).variations().move_count(), 6);
    assert_eq!(game(&app).ply(), 6);
}

/// A local game from [`LINE_OPENING`] autosaved in `data`.
fn autosaved_app(data: &std::path::Path) -> App {
    let settings = NewGameSettings {
        opening: Some(Game::from_game_string(LINE_OPENING).unwrap()),
        ..default()
    };
    app_keeping_files(Some(data), None, settings)
}

#[test]
fn the_autosave_keeps_the_variations_and_resuming_restores_them() {
    let data = TempDir::new().unwrap();
    let mut app = autosaved_app(data.path());
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    let autosave = Autosave::new(data.path());
    assert!(
        !autosave.variations_path().exists(),
        "no variations, no file"
    );
    let (mut app, _, _) = branch_in(app);
    let kept = current(&app);
    assert!(autosave.variations_path().exists());
    // Back on the old line, one move before its end: the autosave is that
    // position, the variations file the whole tree.
    let old_end = kept.variations().leaves()[0];
    let before_end = kept.variations().parent(old_end);
    send(&mut app, ReviewAction::GotoNode(before_end));
    let kept = current(&app);
    drop(app);

    // A new app (after a crash) resumes with the tree, at that position.
    let mut resumed = autosaved_app(data.path());
    send(&mut resumed, RecordsAction::Resume);
    settle(&mut resumed);
    let back = current(&resumed);
    assert_eq!(back.variations().file_text(), kept.variations().file_text());
    assert_eq!(back.node(), kept.node());
    assert_eq!(back.game().game_string(), kept.game().game_string());
    assert!(back.can_redo(), "the old line's last move is there to redo");
    assert_entities_match_game(&mut resumed);

    // Variations of another game are not restored with this one.
    let other = data.path().join("other");
    std::fs::create_dir_all(Autosave::new(&other).folder()).unwrap();
    std::fs::copy(autosave.path(), Autosave::new(&other).path()).unwrap();
    std::fs::write(
        Autosave::new(&other).variations_path(),
        "# hive variations\nBase;InProgress;Black[1];wG1\n",
    )
    .unwrap();
    let mut stranger = autosaved_app(&other);
    send(&mut stranger, RecordsAction::Resume);
    settle(&mut stranger);
    assert_eq!(current(&stranger).variations().leaves().len(), 1);
    assert_eq!(
        current(&stranger).game().game_string(),
        kept.game().game_string()
    );

    // A finished or abandoned game takes its variations with it.
    autosave.clear().unwrap();
    assert!(!autosave.variations_path().exists());
}
