//! A game at a table: the game model and who plays each colour.

use super::Mode;
use crate::rules::opening::{Ask, Decision, Opening, OpeningError, Seat, Stage};
use crate::rules::{ClockEvent, GameClock, GameError, GameModel, Outcome, Point, Stone};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::time::Duration;
use thiserror::Error;

/// Why a player's move was refused. A refused move changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// A person tried to move while the AI is to move.
    #[error("it is the AI's turn")]
    AiTurn,
    /// The AI's move arrived while a person is to move.
    #[error("it is not the AI's turn")]
    NotAiTurn,
    /// The game refused the move.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The opening refused the decision, or a move came while the opening
    /// is still being played.
    #[error(transparent)]
    Opening(#[from] OpeningError),
    /// A person tried to move in a game engines play each other.
    #[error("engines are playing this game")]
    Watching,
}

/// A game and its players. Against the AI, a person may move only on
/// their own turn, undo and redo step whole turns (the person's move and
/// the AI's reply), and the person is the one who resigns.
///
/// Serialises as `{"mode": …, "game": …}`; a saved game from before
/// players left the game model (the game's own form, with the mode among
/// its settings) still loads, players and all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    mode: Mode,
    game: GameModel,
    /// The game clock of a timed game.
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<GameClock>,
    /// The opening rule's decisions, while and after they are played (an
    /// undo can go back into them).
    #[serde(skip_serializing_if = "Option::is_none")]
    opening: Option<Opening>,
    /// The person's seat in the opening, against the AI: the opener if
    /// the game began with the person as Black.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<Seat>,
    /// The names of the engines playing Black and White, in that order,
    /// when engines play each other: every turn is then an engine's and
    /// a person's move is refused. Such a table's mode is
    /// [`Mode::TwoPlayer`] (undo steps single moves, results name
    /// colours), so a file an older version reads is a two-player game.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<[String; 2]>,
}

impl Table {
    /// `game` played by `mode`'s players.
    #[must_use]
    pub fn new(game: GameModel, mode: Mode) -> Table {
        Table {
            mode,
            game,
            clock: None,
            opening: None,
            seat: None,
            players: None,
        }
    }

    /// `game` played by two engines, named `black` and `white`, while a
    /// person watches.
    #[must_use]
    pub fn watched(game: GameModel, black: String, white: String) -> Table {
        Table {
            players: Some([black, white]),
            ..Table::new(game, Mode::TwoPlayer)
        }
    }

    /// True when engines play each other.
    #[must_use]
    pub fn is_watch(&self) -> bool {
        self.players.is_some()
    }

    /// The name of the engine playing `stone`, when engines play each
    /// other and their names were given.
    #[must_use]
    pub fn player_name(&self, stone: Stone) -> Option<&str> {
        let i = match stone {
            Stone::Black => 0,
            Stone::White => 1,
        };
        self.players.as_ref().map(|p| p[i].as_str())
    }

    /// The same table, its game opened under `opening`'s rule (a free
    /// opening changes nothing). Against the AI the person takes the
    /// opener's seat when the mode gives them Black. The clocks start once
    /// the opening is settled.
    #[must_use]
    pub fn with_opening(mut self, opening: Opening) -> Table {
        if opening.is_done() {
            return self;
        }
        self.seat = self.mode.human().map(|h| match h {
            Stone::Black => Seat::First,
            Stone::White => Seat::Second,
        });
        if let Some(c) = &mut self.clock {
            c.pause(Duration::ZERO);
        }
        self.opening = Some(opening);
        self.sync_opening();
        self
    }

    /// The opening, if the game was opened under a rule.
    #[must_use]
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// What the opening asks now, while it is being played.
    #[must_use]
    pub fn opening_stage(&self) -> Option<Stage> {
        self.opening.as_ref().and_then(Opening::stage)
    }

    /// True while the opening rule's decisions are being made.
    #[must_use]
    pub fn in_opening(&self) -> bool {
        self.opening_stage().is_some()
    }

    /// The person's seat in the opening, against the AI.
    #[must_use]
    pub fn person_seat(&self) -> Option<Seat> {
        self.seat
    }

    /// A person's decision in the opening.
    ///
    /// # Errors
    /// [`PlayError::AiTurn`] when the AI's seat is to decide, or the
    /// opening's refusal; nothing changes.
    pub fn decide(&mut self, decision: Decision) -> Result<(), PlayError> {
        let stage = self.opening_stage().ok_or(OpeningError::Finished)?;
        if self.is_ai_turn() {
            return Err(PlayError::AiTurn);
        }
        self.apply_decision(stage.seat, decision)
    }

    /// The AI's decision in the opening.
    ///
    /// # Errors
    /// [`PlayError::NotAiTurn`], or the opening's refusal.
    pub fn decide_ai(&mut self, decision: Decision) -> Result<(), PlayError> {
        let stage = self.opening_stage().ok_or(OpeningError::Finished)?;
        if !self.is_ai_turn() {
            return Err(PlayError::NotAiTurn);
        }
        self.apply_decision(stage.seat, decision)
    }

    fn apply_decision(&mut self, seat: Seat, decision: Decision) -> Result<(), PlayError> {
        let opening = self.opening.as_mut().ok_or(OpeningError::Finished)?;
        opening.apply(seat, decision)?;
        self.sync_opening();
        Ok(())
    }

    /// The game follows the opening's stones; once the opening is settled
    /// the person plays the colour their seat ended with, and the clocks
    /// start.
    fn sync_opening(&mut self) {
        let Some(opening) = &self.opening else {
            return;
        };
        let settings = self.game.settings();
        if let Ok(game) = GameModel::from_moves(settings, opening.moves()) {
            self.game = game;
        }
        if opening.is_done() {
            if let Some(seat) = self.seat {
                self.mode = Mode::VsAi {
                    human: opening.colour_of(seat),
                };
            }
            let to_move = self.game.side_to_move();
            if let Some(c) = &mut self.clock {
                if !c.is_running() && !self.game.is_over() {
                    c.start(to_move);
                }
            }
        }
    }

    /// Takes back the last opening decision (against the AI, back to the
    /// person's last one). Returns false when there was none.
    fn undo_opening(&mut self) -> bool {
        let Some(opening) = self.opening.as_mut() else {
            return false;
        };
        if opening.undo().is_none() {
            return false;
        }
        if let (Some(c), true) = (&mut self.clock, opening.stage().is_some()) {
            c.pause(Duration::ZERO);
        }
        if let Some(seat) = self.seat {
            // Before the end of the opening the person is seated, not
            // coloured: the mode names the opener's colour again.
            let first = if seat == Seat::First {
                Stone::Black
            } else {
                Stone::White
            };
            self.mode = Mode::VsAi { human: first };
        }
        self.sync_opening();
        while self.is_ai_turn() && self.in_opening() {
            let Some(opening) = self.opening.as_mut() else {
                break;
            };
            if opening.undo().is_none() {
                break;
            }
            self.sync_opening();
        }
        true
    }

    /// The same table, timed by `clock`, which starts for the side to move
    /// (unless the game is over).
    #[must_use]
    pub fn with_clock(mut self, mut clock: GameClock) -> Table {
        if !self.game.is_over() {
            clock.start(self.game.side_to_move());
        }
        self.clock = Some(clock);
        self
    }

    /// The game clock, in a timed game.
    #[must_use]
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// Charges `elapsed` to the side to move. A flag ends the game on
    /// time (see [`GameModel::flag`]); the event says so, or that a side
    /// just fell below the low-time warning.
    pub fn tick_clock(&mut self, elapsed: Duration) -> Option<ClockEvent> {
        let clock = self.clock.as_mut()?;
        if self.game.is_over() || !clock.is_running() {
            return None;
        }
        let event = clock.tick(elapsed);
        if let Some(ClockEvent::Flag(loser)) = event {
            clock.stop(Duration::ZERO);
            let _ = self.game.flag(loser);
        }
        event
    }

    /// Stops the clock while nobody can be charged (the app closing);
    /// [`Table::resume_clock`] starts it again.
    pub fn pause_clock(&mut self) {
        if let Some(c) = &mut self.clock {
            c.pause(Duration::ZERO);
        }
    }

    /// Starts a paused clock again, unless the opening is still being
    /// played: the clocks start once it is settled.
    pub fn resume_clock(&mut self) {
        if self.in_opening() {
            return;
        }
        if let Some(c) = &mut self.clock {
            if c.is_paused() {
                c.resume();
            }
        }
    }

    /// After a move: the clock passes to the other side (with any
    /// increment), or stops when the move ended the game.
    fn clock_after_move(&mut self) {
        let over = self.game.is_over();
        if let Some(c) = &mut self.clock {
            // A paused clock passes too (the AI may move while the person
            // is away in puzzles), so it resumes for the right side.
            if c.to_move().is_some() && c.flagged().is_none() {
                c.switch(Duration::ZERO);
            }
            if over {
                c.stop(Duration::ZERO);
            }
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &GameModel {
        &self.game
    }

    /// The game, to change what is the same whoever plays: the shown
    /// position, comments, variations.
    pub fn game_mut(&mut self) -> &mut GameModel {
        &mut self.game
    }

    /// The game, leaving the table.
    #[must_use]
    pub fn into_game(self) -> GameModel {
        self.game
    }

    /// Who plays whom.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Changes who plays whom, keeping the game (for example a record
    /// read as a two-player game, then played against the AI).
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        // People play it now, whoever played it before.
        self.players = None;
    }

    /// The colour the AI plays, in a game against the AI.
    #[must_use]
    pub fn ai_stone(&self) -> Option<Stone> {
        self.mode.ai_stone()
    }

    /// True when the game goes on and the AI is to move (in the opening:
    /// the AI's seat is to decide).
    #[must_use]
    pub fn is_ai_turn(&self) -> bool {
        if let Some(stage) = self.opening_stage() {
            return self.seat.is_some_and(|s| s != stage.seat);
        }
        if self.is_watch() {
            return !self.game.is_over();
        }
        !self.game.is_over() && self.ai_stone() == Some(self.game.side_to_move())
    }

    /// True when the game goes on and a person is to move.
    #[must_use]
    pub fn is_human_turn(&self) -> bool {
        !self.game.is_over() && !self.is_ai_turn()
    }

    /// A person plays at `p`.
    ///
    /// # Errors
    /// [`PlayError::AiTurn`] on the AI's turn, [`PlayError::Watching`]
    /// while engines play each other, or the game's refusal; nothing
    /// changes.
    pub fn play(&mut self, p: Point) -> Result<(), PlayError> {
        if self.is_watch() {
            return Err(PlayError::Watching);
        }
        if self.game.is_over() {
            return Err(GameError::GameOver.into());
        }
        if let Some(stage) = self.opening_stage() {
            // A click in the opening is whatever point it asks for.
            let decision = match stage.ask {
                Ask::Offer { .. } => Decision::Offer(p),
                Ask::Pick { .. } => Decision::Pick(p),
                _ => Decision::Place(p),
            };
            return self.decide(decision);
        }
        if self.is_ai_turn() {
            return Err(PlayError::AiTurn);
        }
        self.game.play(p)?;
        self.clock_after_move();
        Ok(())
    }

    /// The AI plays at `p`.
    ///
    /// # Errors
    /// [`PlayError::NotAiTurn`] on a person's turn, or the game's
    /// refusal; nothing changes.
    pub fn play_ai(&mut self, p: Point) -> Result<(), PlayError> {
        if self.game.is_over() {
            return Err(GameError::GameOver.into());
        }
        if !self.is_ai_turn() {
            return Err(PlayError::NotAiTurn);
        }
        self.game.play(p)?;
        self.clock_after_move();
        Ok(())
    }

    /// Steps back a turn. Two players: one move. Against the AI: back to
    /// the person's previous turn, which takes back the AI's reply and the
    /// person's move (or only the person's move while the AI is thinking);
    /// at the start of a game where the AI opened, the AI's opening move
    /// too, so undo reaches the start. After a resignation, undo only
    /// withdraws the resignation. Returns how many moves were stepped back.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] at the start; nothing changes.
    ///
    /// In a timed game each move taken back gives its player the time it
    /// cost (the clock's readings from before it; see
    /// [`GameClock::undo_move`]); undoing a loss on time gives the clock
    /// back to the side that flagged, as it stood when it fell.
    pub fn undo(&mut self) -> Result<usize, GameError> {
        let on_time = matches!(self.game.outcome(), Some(Outcome::OnTime { .. }));
        if self.game.withdraw_resignation() {
            // A fallen clock cannot run again as it was: the turn before
            // is taken back too, with the time it cost.
            if !on_time || self.game.moves().is_empty() {
                self.restart_clock();
                return Ok(0);
            }
        }
        let opening_moves = self.opening.as_ref().map_or(0, |o| o.moves().len());
        if self.opening.is_some() && self.game.moves().len() <= opening_moves {
            return if self.undo_opening() {
                Ok(1)
            } else {
                Err(GameError::NothingToUndo)
            };
        }
        let mut n = self.undo_one()?;
        if let Mode::VsAi { human } = self.mode {
            while !self.game.moves().is_empty() && self.game.side_to_move() != human {
                n += self.undo_one()?;
            }
        }
        self.restart_clock();
        Ok(n)
    }

    fn undo_one(&mut self) -> Result<usize, GameError> {
        let n = self.game.undo()?;
        if let Some(c) = &mut self.clock {
            c.undo_move();
        }
        Ok(n)
    }

    /// After an undo the clock runs for the side to move, whatever it did
    /// before (stopped by the game's end, say).
    fn restart_clock(&mut self) {
        let to_move = self.game.side_to_move();
        if let Some(c) = &mut self.clock {
            if !self.game.is_over() && !c.is_running() && c.flagged().is_none() {
                c.start(to_move);
            }
        }
    }

    /// Steps forward a turn along the current line: one move for two
    /// players; against the AI, up to the person's next turn. Returns how
    /// many moves were replayed.
    ///
    /// # Errors
    /// [`GameError::NothingToRedo`] at the end of the line or when the
    /// game is over; nothing changes.
    /// In a timed game a replayed move costs no time (it gets its
    /// increment, as any completed move).
    pub fn redo(&mut self) -> Result<usize, GameError> {
        let mut n = self.game.redo()?;
        self.clock_after_move();
        if let Mode::VsAi { human } = self.mode {
            while self.game.side_to_move() != human && self.game.redo().is_ok() {
                self.clock_after_move();
                n += 1;
            }
        }
        Ok(n)
    }

    /// Resigns: against the AI, the person; with two players, whoever is
    /// to move.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn resign(&mut self) -> Result<(), GameError> {
        let loser = self.mode.human().unwrap_or(self.game.side_to_move());
        self.game.resign(loser)?;
        if let Some(c) = &mut self.clock {
            c.stop(Duration::ZERO);
        }
        Ok(())
    }
}

/// A table reads like its game: `table.moves()`, `table.board()`. Every
/// change goes through the table's own methods or [`Table::game_mut`].
impl std::ops::Deref for Table {
    type Target = GameModel;

    fn deref(&self) -> &GameModel {
        &self.game
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Table, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        let (game, mode) = match value.get("game") {
            Some(game) => (game, value.get("mode")),
            // Before players left the game model, a saved game was the
            // game's own form with the mode among its settings.
            None => (&value, value.get("settings").and_then(|s| s.get("mode"))),
        };
        let game = GameModel::deserialize(game).map_err(D::Error::custom)?;
        let mode = match mode {
            Some(m) => Mode::deserialize(m).map_err(D::Error::custom)?,
            None => Mode::default(),
        };
        let clock = match value.get("clock") {
            Some(c) => Some(GameClock::deserialize(c).map_err(D::Error::custom)?),
            None => None,
        };
        let opening = match value.get("opening") {
            Some(o) => Some(Opening::deserialize(o).map_err(D::Error::custom)?),
            None => None,
        };
        let seat = match value.get("seat") {
            Some(s) => Some(Seat::deserialize(s).map_err(D::Error::custom)?),
            None => None,
        };
        let players = match value.get("players") {
            Some(p) => Some(<[String; 2]>::deserialize(p).map_err(D::Error::custom)?),
            None => None,
        };
        Ok(Table {
            mode,
            game,
            clock,
            opening,
            seat,
            players,
        })
    }
}
