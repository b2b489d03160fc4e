//! The evaluation bar's wording and curve: how much of the bar is White's,
//! and the verdict in words, from the AI's latest score.

use crate::ai::search::{WIN, WIN_THRESHOLD};
use crate::game::ai::Evaluation;
use crate::rules::Color;
use crate::text::words::color_code;
use crate::text::{Args, Texts};

/// Score units per step of the evaluation bar's curve: a lead of this much
/// fills about three quarters of the bar.
const BAR_SCALE: f32 = 400.0;

/// White's share of the evaluation bar, from 0 (Black is winning) to 1
/// (White is winning); one half is level.
pub(super) fn white_share(evaluation: &Evaluation) -> f32 {
    let score = evaluation.white_score;
    if score >= WIN_THRESHOLD {
        return 1.0;
    }
    if score <= -WIN_THRESHOLD {
        return 0.0;
    }
    let x = score as f32 / BAR_SCALE;
    0.5 + 0.5 * x.tanh()
}

/// The verdict in words: "White +1.20", "Black wins within 3 moves", "level".
pub(super) fn describe(words: &Texts, evaluation: &Evaluation) -> String {
    let (leader, score) = if evaluation.white_score >= 0 {
        (Color::White, evaluation.white_score)
    } else {
        (Color::Black, -evaluation.white_score)
    };
    let args = Args::new()
        .with("color", words.color(leader))
        .with("color-code", color_code(leader));
    if score >= WIN_THRESHOLD {
        let plies = WIN - score;
        return words.format("eval-wins", &args.with("count", plies));
    }
    if score < 5 {
        return words.get("eval-level");
    }
    let score = format!("{:.2}", score as f32 / 100.0);
    words.format("eval-ahead", &args.with("score", score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;

    fn verdict(white_score: i32) -> Evaluation {
        Evaluation {
            white_score,
            depth: 3,
            side: Color::White,
            difficulty: Difficulty::Medium,
            game_id: 1,
        }
    }

    #[test]
    fn the_bar_is_half_full_when_level_and_follows_the_leader() {
        let words = Texts::english();
        let describe = |evaluation: &Evaluation| describe(&words, evaluation);
        assert_eq!(white_share(&verdict(0)), 0.5);
        assert_eq!(describe(&verdict(0)), "level");
        let ahead = verdict(300);
        let behind = verdict(-300);
        assert!(white_share(&ahead) > 0.5 && white_share(&ahead) < 1.0);
        assert!((white_share(&ahead) + white_share(&behind) - 1.0).abs() < 1e-6);
        assert!(white_share(&verdict(900)) > white_share(&ahead));
        assert_eq!(describe(&ahead), "White +3.00");
        assert_eq!(describe(&behind), "Black +3.00");
        let win = verdict(WIN - 3);
        assert_eq!(white_share(&win), 1.0);
        assert_eq!(describe(&win), "White wins within 3 moves");
        assert_eq!(white_share(&verdict(-(WIN - 2))), 0.0);
    }
}
