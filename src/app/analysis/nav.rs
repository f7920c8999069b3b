//! Moving the shown position along the game line. The one place that
//! does it, so the game tree's `goto(ply)` can replace it in one edit.

use crate::app::session::Session;

/// Shows the position after `ply` moves of the whole line, as near as
/// undo and redo reach: exactly with two players; against the AI they
/// step a move and its reply together, so a target between the two
/// lands beside it.
pub fn goto(session: &mut Session, ply: usize) {
    // Every step moves the length the right way and an overshoot ends
    // the walk, so this stops within the line's length.
    loop {
        let now = session.game().moves().len();
        let stepped = if now > ply {
            session
                .undo()
                .is_ok_and(|n| n > 0 && session.game().moves().len() > ply)
        } else if now < ply && !session.game().redo_moves().is_empty() && !session.ai_thinking() {
            session
                .redo()
                .is_ok_and(|n| n > 0 && session.game().moves().len() < ply)
        } else {
            false
        };
        if !stepped {
            break;
        }
    }
}
