//! The course of a game in the terminal beyond plain moves: an opening
//! rule's stages before the first ordinary move, and the clocks. The
//! bookkeeping is the table's ([`crate::play::Table`]: the opening, the
//! person's seat, the clock, undo through both); this module measures
//! time, lets the AI decide and puts it all into words.
//!
//! **Seats.** Against the AI, the person playing Black sits in the first
//! seat (the one who opens) and the person playing White in the second;
//! the colours they end up with are the opening's business. **Clocks**
//! run from the first ordinary move after the opening. **Undo** steps
//! back to the person's previous turn, through ordinary moves (each
//! move's time is given back) and on into the opening.

use super::{opening, Command, TextSession};
use crate::engine::balance::Balancer;
use crate::i18n::{phrases, Msg};
use crate::play::{Mode, PlayError, Table};
use crate::rules::clock::{ClockEvent, GameClock};
use crate::rules::opening::{Ask, Decision, DecisionKind, Opening, OpeningError, OpeningRule};
use crate::rules::{GameError, GameModel, Point};
use std::io::{self, Write};
use std::time::Duration;

impl TextSession {
    /// Sets up a fresh game for `mode` under the session's opening rule
    /// and clocks.
    pub(super) fn start_game(&mut self, mode: Mode) {
        let settings = self.game().settings();
        let game = GameModel::new(settings).expect("settings were valid");
        let mut table = Table::new(game, mode);
        if let Some((b, w)) = self.controls {
            table = table.with_clock(GameClock::new(b, w));
        }
        if self.opening_rule != OpeningRule::Free {
            let o = Opening::new(self.opening_rule, settings.size, settings.rule)
                .expect("the rule was checked for this board");
            table = table.with_opening(o);
        }
        self.table = table;
        self.rating
            .begin(self.level, mode.human(), self.table.game());
        self.opening_open = self.in_opening();
        self.engine.new_game();
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
        match (self.table.opening(), self.table.person_seat()) {
            (Some(_), Some(seat)) => Mode::VsAi {
                human: if seat == crate::rules::opening::Seat::First {
                    crate::rules::Stone::Black
                } else {
                    crate::rules::Stone::White
                },
            },
            _ => self.table.mode(),
        }
    }

    /// The first words of a game: its opening rule and who opens, then
    /// the board.
    pub(super) fn begin_game(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        self.rating.announce(tr, out)?;
        if let Some(o) = self.table.opening() {
            let rule = o.rule().name();
            writeln!(out, "{}", tr.f(Msg::TextOpeningRule, &[("rule", &rule)]))?;
            match self.table.person_seat() {
                Some(crate::rules::opening::Seat::First) => {
                    writeln!(out, "{}", tr.s(Msg::TextYouOpen))?;
                }
                Some(crate::rules::opening::Seat::Second) => {
                    writeln!(out, "{}", tr.s(Msg::TextAiOpens))?;
                }
                None => {}
            }
        }
        self.after_change(out)
    }

    /// True while the opening's decisions are still to be made.
    pub(super) fn in_opening(&self) -> bool {
        !self.game().is_over() && self.table.in_opening()
    }

    /// True when the game has ended (by its rules, a resignation or on
    /// time).
    pub(super) fn is_finished(&self) -> bool {
        self.game().is_over()
    }

    /// Time since the last lap, starting a new one.
    pub(super) fn lap(&mut self) -> Duration {
        let now = self.time.now();
        let elapsed = now.saturating_sub(self.mark);
        self.mark = now;
        elapsed
    }

    /// Lets the AI make its opening decisions while they are asked, then
    /// says what the person is asked. True when the opening is over and
    /// the game goes on with ordinary moves.
    pub(super) fn drive_opening(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let tr = self.tr;
        loop {
            let Some(stage) = self.table.opening_stage() else {
                self.finish_opening(out)?;
                return Ok(true);
            };
            if !self.table.is_ai_turn() {
                let line = opening::describe_stage(tr, &stage, self.game().size());
                writeln!(out, "{line}")?;
                return Ok(false);
            }
            let cfg = self.balance_config.clone();
            let balancer = self.balancer.get_or_insert_with(|| Balancer::new(cfg));
            let o = self.table.opening().expect("in the opening");
            let before = o.moves().len();
            let decisions = opening::ai_decisions(balancer, o);
            let mut applied = Vec::new();
            for d in decisions {
                if self.table.decide_ai(d).is_err() {
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
        self.mark = self.time.now();
        match (self.table.person_seat(), self.table.mode().human()) {
            (Some(_), Some(human)) => {
                let stone = phrases::stone(tr, human);
                writeln!(
                    out,
                    "{}",
                    tr.f(Msg::TextOpeningYouPlay, &[("stone", &stone)])
                )
            }
            _ => writeln!(out, "{}", tr.s(Msg::TextOpeningOver)),
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
        let Some(before) = self
            .table
            .opening()
            .filter(|_| self.in_opening())
            .map(|o| o.moves().len())
        else {
            return writeln!(out, "? {}", tr.s(Msg::TextNoOpeningStep));
        };
        for (applied, d) in decisions.into_iter().enumerate() {
            if let Err(e) = self.table.decide(d) {
                for _ in 0..applied {
                    let _ = self.table.undo();
                }
                let text = match e {
                    PlayError::Opening(e) => {
                        opening::describe_error(tr, &e, self.table.opening(), self.game().size())
                    }
                    e => phrases::play_error(tr, &e),
                };
                return writeln!(out, "? {text}");
            }
            if !self.in_opening() {
                break;
            }
        }
        self.announce_named(before, out)?;
        self.after_change(out)
    }

    /// Names the Renju opening when its third stone has just been set
    /// (by a rule that starts from the 26 openings).
    fn announce_named(&self, before: usize, out: &mut impl Write) -> io::Result<()> {
        let Some(o) = self.table.opening() else {
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
        let Some(stage) = self.table.opening_stage().filter(|_| self.in_opening()) else {
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
                    let o = self.table.opening();
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

    /// A person's ordinary move, timed: the thinking time is charged
    /// first, so a move made after the flag does not count; a refused
    /// move's time is charged too.
    pub(super) fn play_timed(&mut self, p: Point, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        if self.is_finished() {
            return writeln!(out, "? {}", phrases::game_error(tr, &GameError::GameOver));
        }
        let elapsed = self.lap();
        match self.table.tick_clock(elapsed) {
            Some(ClockEvent::Flag(_)) => return self.prompt(out),
            Some(ClockEvent::LowTime(s)) => writeln!(out, "{}", super::clock::low_time(tr, s))?,
            None => {}
        }
        match self.table.play(p) {
            Ok(()) => self.after_change(out),
            Err(e) => writeln!(out, "? {}", phrases::play_error(tr, &e)),
        }
    }

    /// Steps back to the person's previous turn (one move or decision for
    /// two players), through the opening too. Returns the stones taken
    /// back.
    pub(super) fn undo(&mut self) -> Result<usize, GameError> {
        let was_open = self.in_opening();
        let n = self.table.undo()?;
        if self.in_opening() && !was_open {
            self.opening_open = true;
        }
        self.mark = self.time.now();
        Ok(n)
    }
}
