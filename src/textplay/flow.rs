//! The course of a game in the terminal beyond plain moves: an opening
//! rule's stages before the first ordinary move, and the clocks.
//!
//! **Seats.** Against the AI, the person playing Black sits in the first
//! seat (the one who opens) and the person playing White in the second;
//! the colours they end up with are the opening's business. **Clocks**
//! run from the first ordinary move after the opening (the opening's
//! decisions are untimed). **Undo** steps back to the person's previous
//! turn through ordinary moves (each move's time is restored, as
//! [`crate::rules::clock`] documents) and on into the opening, to the
//! person's previous decision there (a fresh clock then waits for the
//! opening to end again).

use super::{clock, opening, Command, TextSession};
use crate::engine::balance::Balancer;
use crate::i18n::Msg;
use crate::play::{Mode, Table};
use crate::rules::clock::{ClockEvent, GameClock};
use crate::rules::opening::{
    Ask, Decision, DecisionKind, Opening, OpeningError, OpeningRule, Seat,
};
use crate::rules::{GameError, GameModel, Point, Stone};
use std::io::{self, Write};
use std::time::Duration;

impl TextSession {
    /// Sets up a fresh game for `mode` under the session's opening rule
    /// and clocks.
    pub(super) fn start_game(&mut self, mode: Mode) {
        let settings = self.game().settings();
        let game = GameModel::new(settings).expect("settings were valid");
        self.table = Table::new(game, mode);
        self.engine.new_game();
        self.opening = (self.opening_rule != OpeningRule::Free).then(|| {
            Opening::new(self.opening_rule, settings.size, settings.rule)
                .expect("the rule was checked for this board")
        });
        self.opening_open = self.opening.is_some();
        self.human_seat = self.opening.as_ref().and(match mode {
            Mode::VsAi {
                human: Stone::Black,
            } => Some(Seat::First),
            Mode::VsAi {
                human: Stone::White,
            } => Some(Seat::Second),
            Mode::TwoPlayer => None,
        });
        self.clock = self.controls.map(|(b, w)| GameClock::new(b, w));
        self.mark = self.time.now();
    }

    /// `new`: a fresh game, said in words.
    pub(super) fn new_game(&mut self, mode: Option<Mode>, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let mode = mode.unwrap_or(self.seat_mode());
        self.start_game(mode);
        let mode = super::describe_mode(tr, mode);
        writeln!(out, "{}", tr.f(Msg::TextNewGame, &[("mode", &mode)]))?;
        self.begin_game(out)
    }

    /// The mode as the person chose it (Black: the first seat), whatever
    /// colour an opening gave them.
    fn seat_mode(&self) -> Mode {
        match self.human_seat {
            Some(Seat::First) => Mode::VsAi {
                human: Stone::Black,
            },
            Some(Seat::Second) => Mode::VsAi {
                human: Stone::White,
            },
            None => self.table.mode(),
        }
    }

    /// The first words of a game: its opening rule and who opens, then
    /// the board.
    pub(super) fn begin_game(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        if let Some(o) = &self.opening {
            let rule = o.rule().name();
            writeln!(out, "{}", tr.f(Msg::TextOpeningRule, &[("rule", &rule)]))?;
            match self.human_seat {
                Some(Seat::First) => writeln!(out, "{}", tr.s(Msg::TextYouOpen))?,
                Some(Seat::Second) => writeln!(out, "{}", tr.s(Msg::TextAiOpens))?,
                None => {}
            }
        }
        self.after_change(out)
    }

    /// True while the opening's decisions are still to be made.
    pub(super) fn in_opening(&self) -> bool {
        !self.game().is_over() && self.opening.as_ref().is_some_and(|o| !o.is_done())
    }

    /// True when the game has ended: by its rules or on time.
    pub(super) fn is_finished(&self) -> bool {
        self.game().is_over() || self.clock.as_ref().is_some_and(|c| c.flagged().is_some())
    }

    /// Time since the last lap, starting a new one.
    pub(super) fn lap(&mut self) -> Duration {
        let now = self.time.now();
        let elapsed = now.saturating_sub(self.mark);
        self.mark = now;
        elapsed
    }

    /// Starts the clock at the first ordinary move.
    pub(super) fn start_clock(&mut self) {
        let finished = self.is_finished();
        let side = self.game().side_to_move();
        if let Some(c) = &mut self.clock {
            if c.to_move().is_none() && c.moves_recorded() == 0 && !finished {
                c.start(side);
                self.mark = self.time.now();
            }
        }
    }

    /// The board follows the opening's stones.
    fn sync_game(&mut self) {
        let Some(o) = &self.opening else { return };
        let settings = self.game().settings();
        let game =
            GameModel::from_moves(settings, o.moves()).expect("an opening's stones are legal");
        *self.table.game_mut() = game;
    }

    fn is_ai_seat(&self, seat: Seat) -> bool {
        self.human_seat.is_some_and(|h| h != seat)
    }

    /// Lets the AI make its opening decisions while they are asked, then
    /// says what the person is asked. True when the opening is over and
    /// the game goes on with ordinary moves.
    pub(super) fn drive_opening(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let tr = self.tr;
        loop {
            let Some(stage) = self.opening.as_ref().and_then(Opening::stage) else {
                self.finish_opening(out)?;
                return Ok(true);
            };
            if !self.is_ai_seat(stage.seat) {
                let line = opening::describe_stage(tr, &stage, self.game().size());
                writeln!(out, "{line}")?;
                return Ok(false);
            }
            let cfg = self.balance_config.clone();
            let balancer = self.balancer.get_or_insert_with(|| Balancer::new(cfg));
            let o = self.opening.as_mut().expect("in the opening");
            let before = o.moves().len();
            let mut applied = Vec::new();
            for d in opening::ai_decisions(balancer, o) {
                if o.apply(stage.seat, d).is_err() {
                    break;
                }
                applied.push(d);
            }
            if applied.is_empty() {
                writeln!(out, "{}", tr.s(Msg::TextAiNoMove))?;
                return Ok(false);
            }
            for line in opening::describe_ai(tr, &applied, self.game().size()) {
                writeln!(out, "{line}")?;
            }
            self.announce_named(before, out)?;
            self.sync_game();
            if applied
                .iter()
                .any(|d| matches!(d, Decision::Place(_) | Decision::Pick(_)))
            {
                self.print_board(out)?;
            }
        }
    }

    /// The opening is over: the players keep the colours it gave them.
    fn finish_opening(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        self.opening_open = false;
        self.sync_game();
        let Some(o) = &self.opening else {
            return Ok(());
        };
        match self.human_seat {
            Some(seat) => {
                let human = o.colour_of(seat);
                self.table.set_mode(Mode::VsAi { human });
                let stone = crate::i18n::phrases::stone(tr, human);
                writeln!(
                    out,
                    "{}",
                    tr.f(Msg::TextOpeningYouPlay, &[("stone", &stone)])
                )
            }
            None => writeln!(out, "{}", tr.s(Msg::TextOpeningOver)),
        }
    }

    /// The person's opening decisions, applied in order; the first refusal
    /// takes back those before it, so a refused command changes nothing.
    pub(super) fn decide(
        &mut self,
        decisions: Vec<Decision>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let tr = self.tr;
        let Some(o) = self.opening.as_mut().filter(|o| !o.is_done()) else {
            return writeln!(out, "? {}", tr.s(Msg::TextNoOpeningStep));
        };
        let before = o.moves().len();
        for (applied, d) in decisions.into_iter().enumerate() {
            let Some(stage) = o.stage() else {
                break;
            };
            if let Err(e) = o.apply(stage.seat, d) {
                for _ in 0..applied {
                    o.undo();
                }
                let text = opening::describe_error(tr, &e, Some(o), o.board().size());
                return writeln!(out, "? {text}");
            }
        }
        self.sync_game();
        self.announce_named(before, out)?;
        self.after_change(out)
    }

    /// Names the Renju opening when its third stone has just been set
    /// (by a rule that starts from the 26 openings).
    fn announce_named(&self, before: usize, out: &mut impl Write) -> io::Result<()> {
        let Some(o) = &self.opening else {
            return Ok(());
        };
        if o.rule().uses_named_openings() && before < 3 && o.moves().len() >= 3 {
            if let Some(line) = opening::named(self.tr, o.moves(), o.board().size()) {
                writeln!(out, "{line}")?;
            }
        }
        Ok(())
    }

    /// `black`, `white`, `two`, `offer`, `pick`, `declare`.
    pub(super) fn opening_command(&mut self, cmd: Command, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let Some(stage) = self
            .opening
            .as_ref()
            .and_then(Opening::stage)
            .filter(|_| self.in_opening())
        else {
            return writeln!(out, "? {}", tr.s(Msg::TextNoOpeningStep));
        };
        let decisions = match cmd {
            Command::Take(stone) => vec![Decision::Choose(stone)],
            Command::PlaceTwo => {
                return if matches!(stage.ask, Ask::ChooseColour { or_place } if or_place > 0) {
                    writeln!(out, "{}", tr.s(Msg::TextPlaceTwo))
                } else {
                    let e = OpeningError::NotAsked {
                        got: DecisionKind::Place,
                    };
                    let o = self.opening.as_ref();
                    let size = self.game().size();
                    writeln!(out, "? {}", opening::describe_error(tr, &e, o, size))
                };
            }
            Command::Offer(points) => points.into_iter().map(Decision::Offer).collect(),
            Command::Pick(p) => vec![Decision::Pick(p)],
            Command::Declare(n) => vec![Decision::Declare(n)],
            _ => return Ok(()),
        };
        self.decide(decisions, out)
    }

    /// A person's ordinary move, timed: a move made after the flag does
    /// not count; a refused move's thinking time is still charged.
    pub(super) fn play_timed(&mut self, p: Point, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        if self.is_finished() {
            return writeln!(
                out,
                "? {}",
                crate::i18n::phrases::game_error(tr, &GameError::GameOver)
            );
        }
        let elapsed = self.lap();
        let trial = self.clock.as_ref().filter(|c| c.is_running()).map(|c| {
            let mut t = c.clone();
            let event = t.switch(elapsed);
            (t, event)
        });
        if let Some((t, Some(ClockEvent::Flag(_)))) = trial {
            self.clock = Some(t);
            return self.prompt(out);
        }
        match self.table.play(p) {
            Ok(()) => {
                if let Some((t, event)) = trial {
                    self.clock = Some(t);
                    if let Some(ClockEvent::LowTime(s)) = event {
                        writeln!(out, "{}", clock::low_time(tr, s))?;
                    }
                }
                self.after_change(out)
            }
            Err(e) => {
                let flagged = self
                    .clock
                    .as_mut()
                    .and_then(|c| c.tick(elapsed))
                    .is_some_and(|e| matches!(e, ClockEvent::Flag(_)));
                if flagged {
                    return self.prompt(out);
                }
                writeln!(out, "? {}", crate::i18n::phrases::play_error(tr, &e))
            }
        }
    }

    /// Steps back to the person's previous turn (one move or decision for
    /// two players), through the opening too. Returns the stones taken
    /// back.
    pub(super) fn undo(&mut self) -> Result<usize, GameError> {
        if self.table.game_mut().withdraw_resignation() {
            return Ok(0);
        }
        let floor = self.opening.as_ref().map_or(0, |o| o.moves().len());
        let human = self.table.mode().human().filter(|_| !self.in_opening());
        let mut n = 0;
        while self.game().moves().len() > floor {
            n += self.table.game_mut().undo()?;
            if let Some(c) = &mut self.clock {
                c.undo_move();
            }
            match human {
                Some(h) if self.game().side_to_move() != h => {}
                _ => break,
            }
        }
        let at_turn = human.is_none_or(|h| self.game().side_to_move() == h);
        if self.opening.is_some() && (n == 0 || (!at_turn && self.game().moves().len() == floor)) {
            n += self.undo_opening()?;
        } else if n == 0 {
            return Err(GameError::NothingToUndo);
        }
        if let Some(c) = &mut self.clock {
            if c.is_paused() {
                c.resume();
            }
        }
        self.mark = self.time.now();
        Ok(n)
    }

    /// Takes back opening decisions: the last one for two players, else
    /// back to before the person's last decision.
    fn undo_opening(&mut self) -> Result<usize, GameError> {
        let human_seat = self.human_seat;
        let o = self.opening.as_mut().ok_or(GameError::NothingToUndo)?;
        let before = o.moves().len();
        let keep = match human_seat {
            None => o.decisions().len().checked_sub(1),
            Some(h) => o.decisions().iter().rposition(|(seat, _)| *seat == h),
        }
        .ok_or(GameError::NothingToUndo)?;
        while o.decisions().len() > keep {
            o.undo();
        }
        let taken = before - o.moves().len();
        if let Some(seat) = human_seat {
            // Colours are the opening's again until it ends.
            let human = if seat == Seat::First {
                Stone::Black
            } else {
                Stone::White
            };
            self.table.set_mode(Mode::VsAi { human });
        }
        self.clock = self.controls.map(|(b, w)| GameClock::new(b, w));
        self.opening_open = true;
        self.sync_game();
        Ok(taken)
    }
}
