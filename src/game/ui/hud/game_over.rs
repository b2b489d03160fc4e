//! The dialog at the end of a game: who won (or a draw), and what next: a
//! new game, the main menu, or reviewing the game move by move.

use bevy_egui::egui;

use super::clicks::Clicks;
use crate::game::core::SetAnalysis;
use crate::game::saves::{EngineReviewRequest, Leaving, ReviewAction};
use crate::game::widgets::BAR_ID;
use crate::net::{EndReason, GameResult};
use crate::rules::{Color, Game};
use crate::text::{Args, Texts};

/// The dialog's title and the sentence saying how the game ended (which
/// Queen, by whose move; both at once; the turn limit; threefold
/// repetition).
fn verdict(words: &Texts, game: &Game, ending: Ending) -> (String, String) {
    if let Some((result, reason)) = ending.online {
        return online_verdict(words, result, reason);
    }
    if let Some(side) = ending.resigned.filter(|_| !game.status().is_over()) {
        return (
            words.format(
                "over-wins",
                &Args::new().with("winner", words.color(side.opponent())),
            ),
            words.format("over-resigned", &side_args(words, side)),
        );
    }
    let flagged = ending.flagged;
    if let Some(side) = flagged.filter(|_| !game.status().is_over()) {
        let winner = side.opponent();
        return (
            words.format(
                "over-wins",
                &Args::new().with("winner", words.color(winner)),
            ),
            words.format("over-out-of-time", &side_args(words, side)),
        );
    }
    let Some(ending) = game.ending() else {
        return (words.get("over-title"), String::new());
    };
    let title = match ending.winner() {
        Some(Color::White) => words.get("over-white-wins"),
        Some(Color::Black) => words.get("over-black-wins"),
        None => words.get("over-draw"),
    };
    (title, words.ending(&ending))
}

/// A side named for the verdicts: `$side` ("White") and `$side-code`.
fn side_args(words: &Texts, side: Color) -> Args {
    let name = words.get(match side {
        Color::White => "game-side-white",
        Color::Black => "game-side-black",
    });
    Args::new()
        .with("side", name)
        .with("side-code", crate::text::words::color_code(side))
}

/// How a game ended besides its position: a flag, or an online game's
/// end by agreement, resignation or time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Ending {
    /// The side whose clock ran out, if one did.
    pub flagged: Option<Color>,
    /// The online game's result and how it came (not by the rules).
    pub online: Option<(GameResult, EndReason)>,
    /// The side that resigned a game against the AI.
    pub resigned: Option<Color>,
}

/// The title and sentence of an online game ended off the board.
fn online_verdict(words: &Texts, result: GameResult, reason: EndReason) -> (String, String) {
    let title = match result {
        GameResult::WhiteWins => words.get("over-white-wins"),
        GameResult::BlackWins => words.get("over-black-wins"),
        GameResult::Draw => words.get("over-draw"),
    };
    let loser = match result {
        GameResult::WhiteWins => Color::Black,
        GameResult::BlackWins | GameResult::Draw => Color::White,
    };
    let args = side_args(words, loser);
    let detail = match reason {
        EndReason::Resigned => words.format("over-resigned", &args),
        EndReason::DrawAgreed => words.get("over-draw-agreed"),
        EndReason::Time => words.format("over-out-of-time", &args),
        EndReason::Rules => String::new(),
    };
    (title, detail)
}

/// The player at this screen: the side they played (none when people here
/// played both), and whether the game is kept in their games (`Some(false)`
/// while it is being kept; `None`: not one to keep).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Player {
    pub side: Option<Color>,
    pub kept: Option<bool>,
}

/// The winner, if the game has one (`Some(None)`: a draw; `None`: no
/// result yet).
fn result_of(game: &Game, ending: Ending) -> Option<Option<Color>> {
    if let Some((result, _)) = ending.online {
        return Some(match result {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        });
    }
    if let Some(ending) = game.ending() {
        return Some(ending.winner());
    }
    ending
        .resigned
        .or(ending.flagged)
        .map(|loser| Some(loser.opponent()))
}

/// The title in the player's words when they played one side: "You win!",
/// "You lose", or the draw's title as it is.
fn players_title(
    words: &Texts,
    game: &Game,
    ending: Ending,
    side: Option<Color>,
) -> Option<String> {
    let winner = result_of(game, ending)??;
    let side = side?;
    Some(words.get(if winner == side {
        "over-you-win"
    } else {
        "over-you-lose"
    }))
}

/// A rated game's lines: the rating's change, and the next level to try.
pub(super) struct Rated {
    /// "Your rating: 1532 (+48)".
    pub change: String,
    /// "Next: try Beginner II".
    pub next: String,
}

/// How long the game was, as the move list counts it: turns (a turn is
/// White's move and Black's), the last one perhaps White's alone. `None`
/// before any move (a game resigned at once says nothing of it).
fn length(words: &Texts, game: &Game) -> Option<String> {
    let turns = game.ply().div_ceil(2);
    (turns > 0).then(|| words.format("over-after", &Args::new().with("turns", turns)))
}

/// The dialog's top when nothing floats over the board.
const TOP: f32 = 60.0;
/// Room between the bar over the board and the dialog.
const GAP: f32 = 8.0;

/// The dialog (with the rating's change when the game was rated); a click
/// acts through `clicks`.
pub(super) fn show(
    ctx: &egui::Context,
    words: &Texts,
    game: &Game,
    ending: Ending,
    player: Player,
    rated: Option<Rated>,
    clicks: &mut Clicks,
) {
    let (title, detail) = verdict(words, game, ending);
    let title = players_title(words, game, ending, player.side).unwrap_or(title);
    // Below the bar floating over the board (an exhibition's controls, the
    // Hint button) as it was last drawn, not under or over it.
    let top = ctx
        .memory(|memory| memory.area_rect(egui::Id::new(BAR_ID)))
        .map_or(TOP, |bar| (bar.bottom() + GAP).max(TOP));
    egui::Window::new(words.get("over-title"))
        .id(egui::Id::new("game_over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(title);
                ui.label(detail);
                if let Some(length) = length(words, game) {
                    ui.label(length);
                }
                if let Some(rated) = rated {
                    ui.label(egui::RichText::new(rated.change).strong());
                    ui.label(rated.next);
                }
                match player.kept {
                    Some(true) => {
                        ui.label(words.get("over-kept"));
                    }
                    Some(false) => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(words.get("over-keeping"));
                        });
                    }
                    None => {}
                }
                ui.add_space(8.0);
                // What comes next, then the three ways to look back, each
                // named for what it shows (they were three look-alike
                // "Review" buttons).
                ui.horizontal(|ui| {
                    if ui.button(words.get("over-new-game")).clicked() {
                        clicks.leave(Leaving::Restart);
                    }
                    if ui.button(words.get("game-main-menu")).clicked() {
                        clicks.leave(Leaving::MainMenu);
                    }
                });
                ui.add_space(4.0);
                ui.label(egui::RichText::new(words.get("over-look-back")).weak());
                ui.horizontal(|ui| {
                    if ui
                        .button(words.get("over-review"))
                        .on_hover_text(words.get("over-review-tip"))
                        .clicked()
                    {
                        clicks.review.write(ReviewAction::Enter);
                    }
                    if ui
                        .button(words.get("over-engine-review"))
                        .on_hover_text(words.get("over-engine-review-tip"))
                        .clicked()
                    {
                        clicks.engine_review.write(EngineReviewRequest::Start);
                    }
                    if ui
                        .button(words.get("over-analyse"))
                        .on_hover_text(words.get("over-analyse-tip"))
                        .clicked()
                    {
                        // The analysis on, and the game stepped into review.
                        clicks.analysis.write(SetAnalysis(true));
                        clicks.review.write(ReviewAction::Enter);
                    }
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameType, Options};

    fn played(options: Options, moves: &str) -> Game {
        let mut game = Game::with_options(GameType::BASE, options);
        for text in moves.split(';') {
            game.play_move_string(text.trim()).unwrap();
        }
        game
    }

    #[test]
    fn the_length_is_counted_in_turns_as_the_move_list_numbers_them() {
        let words = Texts::english();
        let game = |moves: &str| played(Options::default(), moves);
        assert_eq!(length(&words, &Game::new(GameType::BASE)), None);
        assert_eq!(
            length(&words, &game("wS1")).as_deref(),
            Some("after 1 turn")
        );
        assert_eq!(
            length(&words, &game("wS1;bS1 wS1-")).as_deref(),
            Some("after 1 turn")
        );
        assert_eq!(
            length(&words, &game("wS1;bS1 wS1-;wQ -wS1")).as_deref(),
            Some("after 2 turns")
        );
        let locales = crate::game::core::assets_dir().join("locales");
        let (spanish, warnings) = Texts::load(&locales, "es");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            length(&spanish, &game("wS1;bS1 wS1-;wQ -wS1")).as_deref(),
            Some("tras 2 turnos")
        );
    }

    #[test]
    fn the_dialog_names_the_real_end() {
        // Black's queen surrounded by White's move (a game found by search:
        // a pillbug throw finishes it).
        let mut win = Game::new(GameType::from_expansions("P").unwrap());
        let script = "wP;bP /wP;wQ wP-;bG1 bP\\;wA1 \\wQ;bA1 /bP;wA2 wQ\\;bQ -bP;\
            wA1 /bQ;bQ bP-;bP -wP;bA2 -bP;wA1 bG1-;bA3 -bA2;wB1 wA1-;bA3 \\wP;wB1 wA1;\
            bB1 -bA1;bA3 bP\\";
        for text in script.split(';') {
            win.play_move_string(text.trim()).unwrap();
        }
        let (title, detail) = verdict(&Texts::english(), &win, Ending::default());
        assert_eq!(title, "White wins!");
        assert!(detail.contains("Black's Queen is surrounded"), "{detail}");
        // The turn limit.
        let options = Options {
            turn_limit: Some(2),
            ..Options::default()
        };
        let limit = played(options, "wS1;bS1 wS1-");
        let (title, detail) = verdict(&Texts::english(), &limit, Ending::default());
        assert_eq!(title, "Draw");
        assert!(detail.contains("Turn limit"), "{detail}");
        assert!(!detail.contains("surrounded"), "{detail}");
        // A flag: the side whose clock ran out loses.
        let flagged = played(Options::default(), "wS1;bS1 wS1-");
        let on_time = Ending {
            flagged: Some(Color::Black),
            online: None,
            resigned: None,
        };
        let (title, detail) = verdict(&Texts::english(), &flagged, on_time);
        assert_eq!(
            (title.as_str(), detail.as_str()),
            ("White wins!", "Black ran out of time.")
        );
        // Online: a resignation and a draw agreed, whatever the position.
        let resigned = Ending {
            flagged: None,
            online: Some((GameResult::BlackWins, EndReason::Resigned)),
            resigned: None,
        };
        assert_eq!(
            verdict(&Texts::english(), &flagged, resigned),
            ("Black wins!".to_string(), "White resigned.".to_string())
        );
        let agreed = Ending {
            flagged: None,
            online: Some((GameResult::Draw, EndReason::DrawAgreed)),
            resigned: None,
        };
        assert_eq!(
            verdict(&Texts::english(), &flagged, agreed),
            ("Draw".to_string(), "A draw by agreement.".to_string())
        );
        // Against the AI: the person resigned.
        let gave_up = Ending {
            resigned: Some(Color::Black),
            ..Ending::default()
        };
        assert_eq!(
            verdict(&Texts::english(), &flagged, gave_up),
            ("White wins!".to_string(), "Black resigned.".to_string())
        );
        // A game going on has no verdict.
        let going = played(Options::default(), "wS1");
        assert_eq!(verdict(&Texts::english(), &going, Ending::default()).1, "");
    }

    #[test]
    fn the_title_speaks_to_the_player_who_played_a_side() {
        let words = Texts::english();
        let game = Game::new(GameType::BASE);
        let resigned = |side| Ending {
            resigned: Some(side),
            ..Ending::default()
        };
        let title = |ending, side| players_title(&words, &game, ending, side);
        // White resigned: Black won.
        assert_eq!(
            title(resigned(Color::White), Some(Color::Black)).as_deref(),
            Some("You win!")
        );
        assert_eq!(
            title(resigned(Color::White), Some(Color::White)).as_deref(),
            Some("You lose")
        );
        // Two people at the screen: the colour's words stay.
        assert_eq!(title(resigned(Color::White), None), None);
        // A draw agreed: no winner, the draw's title stays.
        let agreed = Ending {
            online: Some((GameResult::Draw, EndReason::DrawAgreed)),
            ..Ending::default()
        };
        assert_eq!(title(agreed, Some(Color::White)), None);
        let flagged = Ending {
            flagged: Some(Color::Black),
            ..Ending::default()
        };
        assert_eq!(
            title(flagged, Some(Color::White)).as_deref(),
            Some("You win!")
        );
    }
}
