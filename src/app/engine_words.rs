//! A foreign engine's failure in the player's language: which engine and
//! what it did, read from [`EngineError`]'s variant (the error's own text
//! is English).

use crate::gomocup::{EngineError, EngineFailure};
use crate::i18n::{Msg, Tr};

/// What `failure` was, in words naming the engine.
#[must_use]
pub fn failure(tr: Tr, failure: &EngineFailure) -> String {
    let engine = failure.engine.as_str();
    match &failure.error {
        EngineError::Spawn { reason, .. } => tr.f(
            Msg::ForeignSpawnFailed,
            &[("engine", &engine), ("reason", reason)],
        ),
        EngineError::Crashed(detail) => tr.f(
            Msg::ForeignCrashed,
            &[("engine", &engine), ("detail", detail)],
        ),
        EngineError::Timeout(ms) => tr.f(Msg::ForeignTimeout, &[("engine", &engine), ("ms", ms)]),
        EngineError::NoAnswer { command, ms } => tr.f(
            Msg::ForeignNoAnswer,
            &[("engine", &engine), ("command", command), ("ms", ms)],
        ),
        EngineError::Protocol(detail) => tr.f(
            Msg::ForeignProtocol,
            &[("engine", &engine), ("detail", detail)],
        ),
        EngineError::Flood(detail) => tr.f(
            Msg::ForeignFlood,
            &[("engine", &engine), ("detail", detail)],
        ),
        EngineError::NotAnEngine => tr.f(Msg::ForeignNotAnEngine, &[("engine", &engine)]),
    }
}

/// The failure of the game's engine and what became of it: started
/// afresh (`restarted`) or left stopped.
#[must_use]
pub fn failure_text(tr: Tr, f: &EngineFailure, restarted: bool) -> String {
    let what = failure(tr, f);
    let msg = if restarted {
        Msg::ForeignRestarted
    } else {
        Msg::ForeignStopped
    };
    tr.f(msg, &[("what", &what)])
}
