//! The state machine of one opening: stages, decisions, undo and saving.

use super::geometry::{centre, same_move_up_to_symmetry};
use super::{Ask, Decision, NamedOpening, OpeningError, OpeningRule, Seat, Stage, MAX_OFFERS};
use crate::rules::{forbidden, Board, Point, Rule, Stone};
use serde::{Deserialize, Serialize};

/// Where the machine is: the step waiting for a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// `seat` places stones until there are `until` on the board; with
    /// `central`, move n lies within the central (2n − 1) square.
    Place {
        seat: Seat,
        until: usize,
        central: bool,
    },
    /// `seat` takes a colour, or (with `or_place`) places stones instead.
    Choose { seat: Seat, or_place: u8 },
    /// `seat` (White) declares how many offers Black makes.
    Declare { seat: Seat, max: u8 },
    /// `seat` (Black) offers `count` fifth moves.
    Offer { seat: Seat, count: u8 },
    /// `seat` (White) picks one offer.
    Pick { seat: Seat },
    /// Nothing more to decide.
    Done,
}

/// The opening of one game under one [`OpeningRule`]. See the module
/// documentation of [`crate::rules::opening`].
///
/// Saved (serde) as its rule, board and decision list; loading replays the
/// decisions, so a tampered file cannot make an illegal opening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Record", into = "Record")]
pub struct Opening {
    rule: OpeningRule,
    board_rule: Rule,
    board: Board,
    moves: Vec<Point>,
    black: Seat,
    step: Step,
    offers: Vec<Point>,
    /// The number of offers declared (Soosõrv), once declared.
    offer_count: Option<u8>,
    log: Vec<(Seat, Decision)>,
}

/// The saved form of an [`Opening`].
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Record {
    rule: OpeningRule,
    board_rule: Rule,
    size: u8,
    decisions: Vec<(Seat, Decision)>,
}

impl From<Opening> for Record {
    fn from(o: Opening) -> Record {
        Record {
            rule: o.rule,
            board_rule: o.board_rule,
            size: o.board.size(),
            decisions: o.log,
        }
    }
}

impl TryFrom<Record> for Opening {
    type Error = String;

    fn try_from(r: Record) -> Result<Opening, String> {
        Opening::replay(r.rule, r.size, r.board_rule, &r.decisions)
            .map_err(|(i, e)| format!("opening decision {}: {e}", i + 1))
    }
}

impl Opening {
    /// A new opening on an empty board of side `size` whose game is played
    /// under `board_rule` (under Renju, Black's stones and offers must not
    /// be forbidden points).
    ///
    /// # Errors
    /// [`OpeningError::BoardSize`] or a rule parameter out of range
    /// ([`OpeningError::OfferCount`]).
    pub fn new(rule: OpeningRule, size: u8, board_rule: Rule) -> Result<Opening, OpeningError> {
        rule.check()?;
        let board = Board::new(size).map_err(|_| OpeningError::BoardSize(size))?;
        let step = match rule {
            OpeningRule::Free => Step::Done,
            OpeningRule::Swap | OpeningRule::Swap2 => Step::Place {
                seat: Seat::First,
                until: 3,
                central: false,
            },
            OpeningRule::Renju26 { .. } | OpeningRule::Soosorv { .. } => Step::Place {
                seat: Seat::First,
                until: 3,
                central: true,
            },
        };
        Ok(Opening {
            rule,
            board_rule,
            board,
            moves: Vec::new(),
            black: Seat::First,
            step,
            offers: Vec::new(),
            offer_count: None,
            log: Vec::new(),
        })
    }

    /// A new opening whose first player has set the named opening (its
    /// three stones in the table's orientation). Not for
    /// [`OpeningRule::Free`], which has no opener's stones: a free game
    /// starts from [`NamedOpening::moves`] directly.
    ///
    /// # Errors
    /// As [`Opening::new`], or the first refused stone's error
    /// ([`OpeningError::Finished`] under [`OpeningRule::Free`]).
    pub fn with_named(
        rule: OpeningRule,
        size: u8,
        board_rule: Rule,
        named: NamedOpening,
    ) -> Result<Opening, OpeningError> {
        let mut o = Opening::new(rule, size, board_rule)?;
        for p in named.moves(size) {
            o.apply(Seat::First, Decision::Place(p))?;
        }
        Ok(o)
    }

    /// The opening after `decisions`, each by its seat, from the start.
    ///
    /// # Errors
    /// The index of the first refused decision and why; index 0 with the
    /// error of [`Opening::new`] for a bad size or rule.
    pub fn replay(
        rule: OpeningRule,
        size: u8,
        board_rule: Rule,
        decisions: &[(Seat, Decision)],
    ) -> Result<Opening, (usize, OpeningError)> {
        let mut o = Opening::new(rule, size, board_rule).map_err(|e| (0, e))?;
        for (i, &(seat, d)) in decisions.iter().enumerate() {
            o.apply(seat, d).map_err(|e| (i, e))?;
        }
        Ok(o)
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The game's rule (which lines win; forbidden points under Renju).
    #[must_use]
    pub fn board_rule(&self) -> Rule {
        self.board_rule
    }

    /// The stones placed so far (the offers are not stones).
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones as moves, Black first and alternating: what a game model
    /// plays to continue the game.
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The fifth moves offered so far, in order (empty outside the offer
    /// and pick stages).
    #[must_use]
    pub fn offers(&self) -> &[Point] {
        &self.offers
    }

    /// The seat holding Black now (tentatively, while a swap may come).
    #[must_use]
    pub fn black_seat(&self) -> Seat {
        self.black
    }

    /// The colour `seat` holds now.
    #[must_use]
    pub fn colour_of(&self, seat: Seat) -> Stone {
        if seat == self.black {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The seat holding `stone` now.
    #[must_use]
    pub fn seat_of(&self, stone: Stone) -> Seat {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// True when nothing more is to be decided: the game goes on from
    /// [`Opening::moves`] with ordinary moves.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.step == Step::Done
    }

    /// The decisions so far, each with its seat, oldest first.
    #[must_use]
    pub fn decisions(&self) -> &[(Seat, Decision)] {
        &self.log
    }

    /// What is asked now, of whom; `None` when the opening is over.
    #[must_use]
    pub fn stage(&self) -> Option<Stage> {
        let (seat, ask) = match self.step {
            Step::Done => return None,
            Step::Place { seat, central, .. } => {
                let n = self.moves.len();
                (
                    seat,
                    Ask::Place {
                        stone: Stone::to_move_after(n),
                        number: n + 1,
                        within: central.then_some((2 * n + 1) as u8),
                    },
                )
            }
            Step::Choose { seat, or_place } => (seat, Ask::ChooseColour { or_place }),
            Step::Declare { seat, max } => (seat, Ask::Declare { max }),
            Step::Offer { seat, count } => (
                seat,
                Ask::Offer {
                    number: self.offers.len() as u8 + 1,
                    of: count,
                },
            ),
            Step::Pick { seat } => (
                seat,
                Ask::Pick {
                    offers: self.offers.clone(),
                },
            ),
        };
        Some(Stage {
            seat,
            colour: self.colour_of(seat),
            ask,
        })
    }

    /// Takes back the last decision (rebuilding the opening from the
    /// others) and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<(Seat, Decision)> {
        let last = *self.log.last()?;
        let keep = &self.log[..self.log.len() - 1];
        *self = Opening::replay(self.rule, self.board.size(), self.board_rule, keep)
            .expect("a prefix of legal decisions is legal");
        Some(last)
    }

    /// Applies `decision` by `seat`.
    ///
    /// # Errors
    /// Every illegal decision, with the opening unchanged: see
    /// [`OpeningError`].
    pub fn apply(&mut self, seat: Seat, decision: Decision) -> Result<(), OpeningError> {
        let expected = match self.step {
            Step::Done => return Err(OpeningError::Finished),
            Step::Place { seat, .. }
            | Step::Choose { seat, .. }
            | Step::Declare { seat, .. }
            | Step::Offer { seat, .. }
            | Step::Pick { seat } => seat,
        };
        if seat != expected {
            return Err(OpeningError::WrongSeat { expected });
        }
        let not_asked = Err(OpeningError::NotAsked {
            got: decision.kind(),
        });
        let next = match (self.step, decision) {
            (Step::Place { until, central, .. }, Decision::Place(p)) => {
                self.check_stone(p, central)?;
                self.place(p);
                if self.moves.len() < until {
                    self.step
                } else {
                    self.after_stones()
                }
            }
            (Step::Choose { or_place, .. }, Decision::Place(p)) if or_place > 0 => {
                self.check_stone(p, false)?;
                self.place(p);
                Step::Place {
                    seat,
                    until: self.moves.len() + usize::from(or_place) - 1,
                    central: false,
                }
            }
            (Step::Choose { .. }, Decision::Choose(stone)) => {
                self.black = if stone == Stone::Black {
                    seat
                } else {
                    seat.other()
                };
                self.after_choice()
            }
            (Step::Declare { max, .. }, Decision::Declare(n)) => {
                if !(1..=max).contains(&n) {
                    return Err(OpeningError::OfferCount { count: n, max });
                }
                self.offer_count = Some(n);
                Step::Choose {
                    seat: self.black,
                    or_place: 0,
                }
            }
            (Step::Offer { count, .. }, Decision::Offer(p)) => {
                self.check_offer(p)?;
                self.offers.push(p);
                if self.offers.len() < usize::from(count) {
                    self.step
                } else {
                    Step::Pick {
                        seat: self.black.other(),
                    }
                }
            }
            (Step::Pick { .. }, Decision::Pick(p)) => {
                if !self.offers.contains(&p) {
                    return Err(OpeningError::NotOffered(p));
                }
                self.offers.clear();
                self.place(p);
                Step::Done
            }
            _ => return not_asked,
        };
        self.step = next;
        self.log.push((seat, decision));
        Ok(())
    }

    /// Refuses a stone that may not go at `p` now.
    fn check_stone(&self, p: Point, central: bool) -> Result<(), OpeningError> {
        self.check_point(p)?;
        if central {
            let n = self.moves.len() as u8;
            if p.distance(centre(self.board.size())) > n {
                return Err(OpeningError::OutsideCentre {
                    point: p,
                    side: 2 * n + 1,
                });
            }
        }
        if Stone::to_move_after(self.moves.len()) == Stone::Black {
            self.check_black(p)?;
        }
        Ok(())
    }

    /// Refuses an offer that may not be made now.
    fn check_offer(&self, p: Point) -> Result<(), OpeningError> {
        self.check_point(p)?;
        self.check_black(p)?;
        if self.offers.contains(&p) {
            return Err(OpeningError::OfferedTwice(p));
        }
        if let Some(&of) = self
            .offers
            .iter()
            .find(|&&q| same_move_up_to_symmetry(&self.board, q, p))
        {
            return Err(OpeningError::SymmetricOffer { point: p, of });
        }
        Ok(())
    }

    fn check_point(&self, p: Point) -> Result<(), OpeningError> {
        if !self.board.contains(p) {
            return Err(OpeningError::OffBoard(p));
        }
        if !self.board.is_empty_at(p) {
            return Err(OpeningError::Occupied(p));
        }
        Ok(())
    }

    fn check_black(&self, p: Point) -> Result<(), OpeningError> {
        if self.board_rule.has_forbidden_moves() {
            if let Some(reason) = forbidden(&self.board, p) {
                return Err(OpeningError::Forbidden { point: p, reason });
            }
        }
        Ok(())
    }

    fn place(&mut self, p: Point) {
        let stone = Stone::to_move_after(self.moves.len());
        self.board
            .place(p, stone)
            .expect("checked: on the board and empty");
        self.moves.push(p);
    }

    /// The step once a run of stones is complete.
    fn after_stones(&self) -> Step {
        let white = self.black.other();
        match (self.rule, self.moves.len()) {
            (OpeningRule::Swap, _) => Step::Choose {
                seat: Seat::Second,
                or_place: 0,
            },
            (OpeningRule::Swap2, 3) => Step::Choose {
                seat: Seat::Second,
                or_place: 2,
            },
            (OpeningRule::Swap2, _) => Step::Choose {
                seat: Seat::First,
                or_place: 0,
            },
            (OpeningRule::Renju26 { .. } | OpeningRule::Soosorv { .. }, 3) => Step::Choose {
                seat: Seat::Second,
                or_place: 0,
            },
            (OpeningRule::Renju26 { offers }, _) => Step::Offer {
                seat: self.black,
                count: offers,
            },
            (OpeningRule::Soosorv { max_offers }, _) => Step::Declare {
                seat: white,
                max: max_offers,
            },
            (OpeningRule::Free, _) => Step::Done,
        }
    }

    /// The step once a colour is chosen.
    fn after_choice(&self) -> Step {
        match self.rule {
            OpeningRule::Free | OpeningRule::Swap | OpeningRule::Swap2 => Step::Done,
            OpeningRule::Renju26 { .. } | OpeningRule::Soosorv { .. } => {
                if self.moves.len() == 3 {
                    Step::Place {
                        seat: self.black.other(),
                        until: 4,
                        central: false,
                    }
                } else {
                    Step::Offer {
                        seat: self.black,
                        count: self.offer_count.unwrap_or(MAX_OFFERS),
                    }
                }
            }
        }
    }
}
