//! Hints: on `RequestHint`, the AI searches a move for the human to move, at
//! the current preset (the opponent's in a game against the AI, the one
//! chosen in the menu otherwise), on the task pool like its own moves. The
//! move found is shown as a selection of its piece with that one
//! destination (click it to play it) and named on the message line, with
//! the weightiest thing it changes along the AI's line (the rules' facts,
//! as the review words them). A move
//! played, a restart or leaving the game drops the search (and its cancel
//! flag is set), so a hint never lands on a position it was not meant for.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::engine::{AiEngine, Search};
use super::player::AiMoves;
use crate::game::core::{
    CurrentGame, CurrentMode, GameSystems, Notices, Players, Screen, Settings, Words,
    difficulty_name,
};
use crate::game::play::{Selection, SuggestSelection};
use crate::records::Seats;
use crate::rules::Move;
use crate::text::{Args, Worded};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>();
    app.add_message::<RequestHint>();
    app.add_systems(
        Update,
        (forget_stale_hint, start_hint_on_request, collect_hint)
            .chain()
            .in_set(GameSystems::Ai)
            .in_set(HintSystems)
            .after(AiMoves)
            // The mode as the analysis switch leaves it.
            .after(super::analysis::AnalysisSystems)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), forget_hint);
}

/// Searching and showing hints; what else answers the player runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HintSystems;

/// Ask the AI what the human to move should play.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RequestHint;

/// The hint being searched, or the one found for the position in play.
#[derive(Resource, Default)]
pub struct Hint {
    search: Option<Search>,
    /// The move suggested, with the game id and move count it is for.
    suggestion: Option<(Move, u64, u32)>,
}

impl Hint {
    /// Whether the AI is searching a hint now.
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Whether the hint's search has ended and its answer waits to be
    /// collected by the next frame.
    pub fn search_finished(&self) -> bool {
        self.search.as_ref().is_some_and(Search::is_finished)
    }

    /// The move suggested for the position in play, if one was found.
    pub fn suggestion(&self) -> Option<Move> {
        self.suggestion.map(|(mv, ..)| mv)
    }
}

/// A move was played or the game restarted: drop the search and the hint.
fn forget_stale_hint(mut hint: ResMut<Hint>, players: Res<Players>, game: Res<CurrentGame>) {
    let game = game.game();
    if hint
        .search
        .as_ref()
        .is_some_and(|search| !search.is_for(&players, game))
    {
        hint.search = None;
    }
    if hint
        .suggestion
        .is_some_and(|(_, id, ply)| id != players.game_id || ply != game.ply())
    {
        hint.suggestion = None;
    }
}

/// What a hint is searched for and with.
#[derive(SystemParam)]
struct HintRequest<'w> {
    players: Res<'w, Players>,
    settings: Res<'w, Settings>,
    game: Res<'w, CurrentGame>,
    mode: CurrentMode<'w>,
    engine: Res<'w, AiEngine>,
    words: Res<'w, Words>,
}

fn start_hint_on_request(
    mut requests: MessageReader<RequestHint>,
    mut hint: ResMut<Hint>,
    request: HintRequest,
    mut notice: Notices,
) {
    if requests.read().count() == 0 || hint.search.is_some() {
        return;
    }
    let (players, game) = (&request.players, request.game.game());
    if !request.mode.get().hint_available(game) {
        return;
    }
    let preset = match players.seats {
        Seats::Ai { difficulty, .. } => difficulty,
        Seats::Human | Seats::Exhibition { .. } | Seats::Online { .. } | Seats::Watching => {
            request.settings.difficulty
        }
    };
    let words = &request.words;
    let args = Args::new().with("difficulty", difficulty_name(words, preset));
    notice.show(words.format("notice-hint-looking", &args));
    hint.search = Some(Search::start(
        &request.engine,
        game,
        preset,
        players.game_id,
        None,
    ));
}

fn collect_hint(
    mut hint: ResMut<Hint>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut suggest: MessageWriter<SuggestSelection>,
    (mut notice, words): (Notices, Res<Words>),
) {
    let Some(search) = hint.search.as_mut() else {
        return;
    };
    let Some(result) = search.poll() else {
        return;
    };
    let preset = search.difficulty;
    hint.search = None;
    let game = game.game();
    let Some(mv) = result.best else {
        notice.show(words.get("notice-hint-none"));
        return;
    };
    hint.suggestion = Some((mv, players.game_id, game.ply()));
    let worded = words.move_words(game, mv);
    let args = Args::new()
        .with("difficulty", difficulty_name(&words, preset))
        .with("move", worded.text);
    let shown = Selection::of_move(game, mv).is_some();
    let key = if shown {
        "notice-hint-click"
    } else {
        "notice-hint"
    };
    let mut said = Worded {
        text: words.format(key, &args),
        cells: worded.cells,
    };
    // Why: the weightiest thing the move changes along the AI's line (said
    // as the line's when it takes more than the move itself).
    let why = crate::ai::explain_hint(game, mv, &result.pv).and_then(|facts| {
        let first = words.move_facts_on(&facts, game).into_iter().next()?;
        Some((first, facts.followed))
    });
    if let Some((why, followed)) = why {
        let args = Args::new()
            .with("hint", said.text)
            .with("why", why.text)
            .with("moves", followed);
        let key = if followed == 0 {
            "notice-hint-why"
        } else {
            "notice-hint-why-line"
        };
        said.text = words.format(key, &args);
        for cell in why.cells {
            if !said.cells.contains(&cell) {
                said.cells.push(cell);
            }
        }
    }
    notice.show_worded(said);
    if shown {
        suggest.write(SuggestSelection::Move(mv));
    }
}

fn forget_hint(mut hint: ResMut<Hint>) {
    *hint = Hint::default();
}
