//! The lessons' words that depend on values: an exercise's task for the
//! side to move, and why a move was not what it asked.

use super::{phrases, threats, Msg, Tr};
use crate::lesson::{Exercise, Mistake, Task};

/// The exercise's task in words ("Black to play: make five in a row.").
#[must_use]
pub fn prompt(tr: Tr, ex: &Exercise) -> String {
    let side = phrases::stone(tr, ex.player());
    let name = match ex.task {
        Task::Opening(o) => phrases::named_opening(tr, o),
        _ => String::new(),
    };
    tr.f(ex.prompt, &[("side", &side), ("name", &name)])
}

/// Why a move was wrong, in a sentence.
#[must_use]
pub fn mistake(tr: Tr, m: Mistake) -> String {
    let msg = match m {
        Mistake::NotFive => Msg::MistakeNotFive,
        Mistake::NotFour => Msg::MistakeNotFour,
        Mistake::FourOpen => Msg::MistakeFourOpen,
        Mistake::IgnoredFour => Msg::MistakeIgnoredFour,
        Mistake::ClosedThree => Msg::MistakeClosedThree,
        Mistake::NotThree => Msg::MistakeNotThree,
        Mistake::ThreeOpen => Msg::MistakeThreeOpen,
        Mistake::NotFourThree => Msg::MistakeNotFourThree,
        Mistake::NotForbidden => Msg::MistakeNotForbidden,
        Mistake::OtherOpening(Some(o)) => {
            let name = phrases::named_opening(tr, o);
            return tr.f(Msg::MistakeOtherOpening, &[("name", &name)]);
        }
        Mistake::OtherOpening(None) => Msg::MistakeNoOpening,
        Mistake::Puzzle(miss) => return threats::puzzle_miss(tr, miss).to_string(),
    };
    tr.s(msg).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::lesson::lessons;

    #[test]
    fn every_prompt_names_its_side_in_both_languages() {
        for lang in Lang::ALL {
            let tr = Tr(lang);
            for l in lessons() {
                for ex in &l.exercises {
                    let p = prompt(tr, ex);
                    assert!(!p.contains('{'), "{p}");
                    let side = phrases::stone(tr, ex.player());
                    if !matches!(ex.task, Task::Opening(_)) {
                        assert!(p.contains(side), "{p} names {side}");
                    }
                }
            }
        }
    }
}
