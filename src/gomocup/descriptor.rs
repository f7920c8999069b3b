//! What the app keeps about a foreign engine: how to start it, what it
//! said of itself (`ABOUT`), whether it ranks several moves (`YXNBEST`),
//! and the settings the user chose for it, which become the protocol's
//! `INFO` lines.

use super::process::{
    greeting_failure, is_about_answer, EngineError, EngineFailure, EngineProcess, EngineSpec,
    HANDSHAKE,
};
use crate::rules::Rule;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// How long the probe gives an engine to answer `YXNBEST` on an empty
/// board with a short turn limit: an engine that knows the command moves
/// well within it.
pub const NBEST_PROBE: Duration = Duration::from_secs(3);

/// How long the probe still waits for a `YXNBEST` move once the engine has
/// answered the `ABOUT` sent after it: well over the probe's turn limit.
const NBEST_AFTER_ABOUT: Duration = Duration::from_millis(1_000);

/// The turn limit sent before the `YXNBEST` probe, milliseconds: the probe
/// only asks whether the command is known, not for a good move.
const NBEST_PROBE_TURN_MS: u64 = 200;

/// The board side the probe starts a game on (every engine plays 15).
const PROBE_SIZE: u8 = 15;

/// An engine's answer to `ABOUT`: `name="…", version="…", author="…"`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct About {
    /// The engine's name (empty if it gave none).
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its author(s).
    pub author: String,
}

impl About {
    /// Reads the `key="value"` fields of an `ABOUT` answer; fields not
    /// given stay empty.
    #[must_use]
    pub fn parse(answer: &str) -> About {
        About {
            name: field(answer, "name").unwrap_or_default(),
            version: field(answer, "version").unwrap_or_default(),
            author: field(answer, "author").unwrap_or_default(),
        }
    }
}

/// The `key="…"` field of an `ABOUT` answer, if present and not empty.
#[must_use]
pub fn field(about: &str, key: &str) -> Option<String> {
    let lower = about.to_ascii_lowercase();
    let pat = format!("{key}=\"");
    let mut from = 0;
    // The key must start a word ("name" is not the end of "nickname").
    let start = loop {
        let at = from + lower[from..].find(&pat)?;
        if at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphanumeric() {
            break at + pat.len();
        }
        from = at + 1;
    };
    let len = about[start..].find('"')?;
    let value = about[start..start + len].trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// The `name="…"` field of an `ABOUT` answer.
#[must_use]
pub fn about_name(about: &str) -> Option<String> {
    field(about, "name")
}

/// How an engine is given its thinking time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeControl {
    /// A fixed time per move: `INFO timeout_turn`, and no game clock
    /// (`INFO timeout_match 0`).
    PerMove {
        /// Milliseconds a move.
        turn_ms: u64,
    },
    /// A game clock: `INFO timeout_match` at the start, `INFO time_left`
    /// before every move, and `INFO timeout_turn` as a cap per move.
    Clock {
        /// Milliseconds for the whole game.
        match_ms: u64,
        /// The most one move may take, milliseconds.
        turn_ms: u64,
    },
}

impl TimeControl {
    /// The most one move may take, milliseconds.
    #[must_use]
    pub fn turn_ms(self) -> u64 {
        match self {
            TimeControl::PerMove { turn_ms } | TimeControl::Clock { turn_ms, .. } => turn_ms,
        }
    }

    /// The game clock, milliseconds, if there is one.
    #[must_use]
    pub fn match_ms(self) -> Option<u64> {
        match self {
            TimeControl::PerMove { .. } => None,
            TimeControl::Clock { match_ms, .. } => Some(match_ms),
        }
    }
}

/// The settings the user chose for one engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSettings {
    /// Thinking time.
    pub time: TimeControl,
    /// `INFO thread_num`; `None` sends nothing (the engine's default).
    pub threads: Option<u32>,
    /// `INFO max_memory`, megabytes; `None` sends 0 (no limit).
    pub memory_mb: Option<u64>,
}

/// The per-move time a new engine gets, milliseconds: the fast Gomocup
/// time control.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// The memory a new engine is allowed, megabytes: the Gomocup limit.
pub const DEFAULT_MEMORY_MB: u64 = 350;

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings {
            time: TimeControl::PerMove {
                turn_ms: DEFAULT_TURN_MS,
            },
            threads: None,
            memory_mb: Some(DEFAULT_MEMORY_MB),
        }
    }
}

/// The `INFO rule` bitmask of the protocol: 0 freestyle, 1 exactly five,
/// 4 renju.
#[must_use]
pub fn rule_bits(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

impl EngineSettings {
    /// The `INFO` lines that set up a game under `rule`, in the order a
    /// Gomocup manager sends them (after `START`).
    #[must_use]
    pub fn info_lines(&self, rule: Rule) -> Vec<String> {
        let mut lines = vec![
            format!("INFO timeout_turn {}", self.time.turn_ms()),
            format!("INFO timeout_match {}", self.time.match_ms().unwrap_or(0)),
            format!(
                "INFO max_memory {}",
                self.memory_mb.unwrap_or(0).saturating_mul(1024 * 1024)
            ),
            format!("INFO rule {}", rule_bits(rule)),
            "INFO game_type 1".to_string(),
        ];
        if let Some(t) = self.threads {
            lines.push(format!("INFO thread_num {t}"));
        }
        lines
    }
}

/// One engine of the app's engines list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineDescriptor {
    /// How to start it.
    pub spec: EngineSpec,
    /// What it said of itself when probed.
    pub about: About,
    /// Whether it answered `YXNBEST` (multi-PV analysis).
    pub nbest: bool,
    /// The user's settings for it.
    pub settings: EngineSettings,
}

impl EngineDescriptor {
    /// The name to show: the engine's own, or its command line.
    #[must_use]
    pub fn name(&self) -> String {
        if self.about.name.is_empty() {
            self.spec.display()
        } else {
            self.about.name.clone()
        }
    }

    /// Starts the engine once to learn its name and whether it knows
    /// `YXNBEST`, then ends it. Blocks for up to a few seconds: call it
    /// off the UI thread.
    ///
    /// # Errors
    /// The engine failed to start, or never answered `ABOUT` or `START`
    /// (words naming it with [`EngineError::about`]).
    pub fn probe(spec: &EngineSpec) -> Result<EngineDescriptor, EngineError> {
        EngineDescriptor::probe_within(spec, HANDSHAKE)
    }

    /// [`EngineDescriptor::probe`] on a thread of its own, for a window
    /// that must not wait: `done` gets the descriptor, or the failure in
    /// words naming the engine (its command line, having no name yet).
    pub fn probe_in_background(
        spec: EngineSpec,
        done: impl FnOnce(Result<EngineDescriptor, EngineFailure>) + Send + 'static,
    ) {
        let run = move || {
            done(EngineDescriptor::probe(&spec).map_err(|e| e.of(&spec.display())));
        };
        if let Err(e) = std::thread::Builder::new()
            .name("engine-probe".into())
            .spawn(run)
        {
            log::warn!("cannot start a thread to probe an engine: {e}");
        }
    }

    /// Like [`EngineDescriptor::probe`], with the time `ABOUT` and `START`
    /// may take (tests of an engine that never answers shorten it).
    ///
    /// # Errors
    /// As [`EngineDescriptor::probe`].
    pub fn probe_within(
        spec: &EngineSpec,
        handshake: Duration,
    ) -> Result<EngineDescriptor, EngineError> {
        let mut p = EngineProcess::spawn(spec)?;
        // Silence stays "never answered ABOUT": a slow engine is silent too.
        let answer = match p.ask("ABOUT", handshake) {
            Err(e @ EngineError::Crashed(_)) => return Err(greeting_failure(false, e)),
            other => other?,
        };
        let about_ok = is_about_answer(&answer);
        let about = About::parse(&answer);
        let ok = p
            .ask(&format!("START {PROBE_SIZE}"), handshake)
            .map_err(|e| greeting_failure(about_ok, e))?;
        if !ok.eq_ignore_ascii_case("OK") {
            return Err(greeting_failure(
                about_ok,
                EngineError::Protocol(format!("answered '{ok}' to START {PROBE_SIZE}")),
            ));
        }
        p.send(&format!("INFO timeout_turn {NBEST_PROBE_TURN_MS}"))?;
        p.send("INFO timeout_match 0")?;
        p.send("YXNBEST 2")?;
        let nbest = probe_nbest(&mut p);
        p.shutdown();
        Ok(EngineDescriptor {
            spec: spec.clone(),
            about,
            nbest,
            settings: EngineSettings::default(),
        })
    }
}

/// An engine that knows `YXNBEST` answers it with a move; one that does
/// not answers `ERROR` or `UNKNOWN`, or nothing. `ABOUT` goes after it so
/// a silent engine says so too: once its answer is in, a move still due
/// gets [`NBEST_AFTER_ABOUT`] more (an engine reading commands while it
/// thinks may answer `ABOUT` first).
fn probe_nbest(p: &mut EngineProcess) -> bool {
    let mut deadline = Instant::now() + NBEST_PROBE;
    if p.send("ABOUT").is_err() {
        return false;
    }
    while let Ok(line) = p.next_ack(deadline, NBEST_PROBE.as_millis() as u64) {
        if crate::protocol::command::parse_xy(&line).is_ok() {
            return true;
        }
        let word = line.split_whitespace().next().unwrap_or("");
        if word.eq_ignore_ascii_case("ERROR") || word.eq_ignore_ascii_case("UNKNOWN") {
            return false;
        }
        if field(&line, "name").is_some() {
            deadline = deadline.min(Instant::now() + NBEST_AFTER_ABOUT);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_fields() {
        let a = About::parse(r#"name="Rapfi", version="0.43", author="dhbloo", country="CN""#);
        assert_eq!(a.name, "Rapfi");
        assert_eq!(a.version, "0.43");
        assert_eq!(a.author, "dhbloo");
        assert_eq!(about_name(r#"nickname="x", name="y""#), Some("y".into()));
        assert_eq!(about_name("version=\"1\""), None);
        assert_eq!(About::parse("garbage"), About::default());
    }

    #[test]
    fn settings_become_info_lines() {
        let s = EngineSettings {
            time: TimeControl::Clock {
                match_ms: 120_000,
                turn_ms: 5_000,
            },
            threads: Some(2),
            memory_mb: Some(350),
        };
        assert_eq!(
            s.info_lines(Rule::Renju),
            [
                "INFO timeout_turn 5000",
                "INFO timeout_match 120000",
                "INFO max_memory 367001600",
                "INFO rule 4",
                "INFO game_type 1",
                "INFO thread_num 2",
            ]
        );
        let d = EngineSettings::default().info_lines(Rule::Freestyle);
        assert!(d.contains(&"INFO timeout_match 0".to_string()));
        assert!(!d.iter().any(|l| l.contains("thread_num")));
    }

    #[test]
    fn descriptors_round_trip_through_json() {
        let d = EngineDescriptor {
            spec: EngineSpec {
                argv: vec!["/opt/rapfi".into(), "--x".into()],
            },
            about: About::parse(r#"name="Rapfi""#),
            nbest: true,
            settings: EngineSettings::default(),
        };
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<EngineDescriptor>(&text).unwrap(), d);
        assert_eq!(d.name(), "Rapfi");
    }
}
