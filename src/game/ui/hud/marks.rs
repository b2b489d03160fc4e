//! What the review's and the analysis's marks and numbers mean, in words,
//! for their tooltips: a class's symbol (`?!`, `?`, `??`) and the losses it
//! stands for, a score in White's view (`+1.25`, `#-1`, `1-0`), and the
//! depth of a search.

use crate::ai::MoveClass;
use crate::ai::review::{BLUNDER, INACCURACY, MISTAKE, format_score};
use crate::ai::search::{WIN, WIN_THRESHOLD};
use crate::text::{Args, Texts};

/// A value on the engine's scale as the panels write it (`1.20`).
fn units(value: i32) -> String {
    format!("{}.{:02}", value / 100, value % 100)
}

/// What a class's mark means: "?! an inaccuracy: the move gave away 0.50
/// to 1.19 of the evaluation (1.00 is about a piece's worth)".
pub(super) fn class_tip(words: &Texts, class: MoveClass) -> String {
    let (key, from, to) = match class {
        MoveClass::Best => ("review-mark-best", 0, 0),
        MoveClass::Good => ("review-mark-good", 0, INACCURACY - 1),
        MoveClass::Inaccuracy => ("review-mark-inaccuracy", INACCURACY, MISTAKE - 1),
        MoveClass::Mistake => ("review-mark-mistake", MISTAKE, BLUNDER - 1),
        MoveClass::Blunder => ("review-mark-blunder", BLUNDER, BLUNDER),
    };
    words.format(
        key,
        &Args::new()
            .with("mark", class.symbol())
            .with("from", units(from))
            .with("to", units(to)),
    )
}

/// What one score means, White's view: "+1.25: White is ahead by about
/// 1.25 pieces' worth", "#-1: Black wins in 1 of its moves, whatever White
/// plays", "1-0: White has won".
pub(super) fn score_tip(words: &Texts, score: i32) -> String {
    let shown = format_score(score);
    let white = score > 0;
    let key = if score.abs() >= WIN_THRESHOLD {
        let plies = WIN - score.abs();
        match (plies, white) {
            (0, true) => "score-white-won",
            (0, false) => "score-black-won",
            (_, true) => "score-white-mates",
            (_, false) => "score-black-mates",
        }
    } else if score == 0 {
        "score-level"
    } else if white {
        "score-white-ahead"
    } else {
        "score-black-ahead"
    };
    let moves = ((WIN - score.abs()).max(0) + 1) / 2;
    words.format(
        key,
        &Args::new()
            .with("score", shown)
            .with("units", units(score.abs().min(WIN_THRESHOLD)))
            .with("moves", moves),
    )
}

/// The verdict line's tooltip: what its scores, before and after the move,
/// mean.
pub(super) fn verdict_tip(words: &Texts, class: MoveClass, before: i32, after: i32) -> String {
    [
        class_tip(words, class),
        words.format(
            "review-verdict-tip",
            &Args::new()
                .with("after", score_tip(words, after))
                .with("before", score_tip(words, before)),
        ),
    ]
    .join("\n")
}

/// What a search's depth means.
pub(super) fn depth_tip(words: &Texts, depth: u32) -> String {
    words.format("analysis-depth-tip", &Args::new().with("depth", depth))
}

/// What an evaluation in words ("White +1.20", "Black wins within 3 moves")
/// means, with the depth it was searched to.
pub(super) fn evaluation_tip(words: &Texts, white_score: i32, depth: u32) -> String {
    [
        score_tip(words, white_score),
        words.get("eval-tip"),
        depth_tip(words, depth),
    ]
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_and_score_is_explained() {
        let words = Texts::english();
        let inaccuracy = class_tip(&words, MoveClass::Inaccuracy);
        assert!(inaccuracy.starts_with("?!"), "{inaccuracy}");
        assert!(inaccuracy.contains("0.50") && inaccuracy.contains("1.19"));
        assert!(class_tip(&words, MoveClass::Mistake).starts_with("? "));
        assert!(class_tip(&words, MoveClass::Blunder).starts_with("??"));
        assert_eq!(
            score_tip(&words, 125),
            "+1.25: White is ahead by about 1.25 pieces' worth"
        );
        assert!(score_tip(&words, -40).starts_with("-0.40: Black is ahead"));
        let mate = score_tip(&words, -(WIN - 1));
        assert!(
            mate.starts_with("#-1: Black wins in 1 of its moves"),
            "{mate}"
        );
        assert!(score_tip(&words, WIN).starts_with("1-0: White has won"));
        assert!(depth_tip(&words, 8).contains('8'));
    }
}
