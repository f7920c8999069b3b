//! Opening rules: how the first stones of a tournament game are set and
//! who ends up with which colour.
//!
//! The rules here know only two *seats*: [`Seat::First`], the player who
//! opens (the tentative Black), and [`Seat::Second`], the other one. Who
//! sits in a seat (a person, the engine, a foreign engine) is the caller's
//! business. An [`Opening`] is the state machine of one rule over one
//! game's opening: it says what is asked now and of whom ([`Stage`]),
//! takes [`Decision`]s from the seats, refuses every illegal one with an
//! [`OpeningError`] and no change, and keeps its decisions so that it can
//! be undone and saved (its serde form is the decision list, replayed on
//! load).
//!
//! The stones it places are plain moves, Black first and alternating
//! ([`Opening::moves`]): once [`Opening::is_done`], a game model built from
//! them continues the game, with [`Opening::black_seat`] playing Black.
//!
//! The rules, from the public descriptions named in `docs/opening-rules.md`:
//! - [`OpeningRule::Free`]: nothing to decide.
//! - [`OpeningRule::Swap`]: the first player places three stones (Black,
//!   White, Black) anywhere; the second chooses a colour.
//! - [`OpeningRule::Swap2`]: the first player places three stones; the
//!   second takes Black, takes White, or places two more (White then
//!   Black), after which the first chooses the colour.
//! - [`OpeningRule::Renju26`] (三手交换, 五手 N 打, the Chinese national
//!   rule): the first player sets one of the 26 openings (stone 1 on the
//!   centre, 2 within the central 3 × 3, 3 within the central 5 × 5); the
//!   second may swap; White plays move 4 anywhere; Black offers N fifth
//!   moves (N fixed when the game starts), no two the same up to the
//!   position's symmetry; White picks one of them as move 5.
//! - [`OpeningRule::Soosorv`] (Soosõrv-N, the RIF rule of the Renju World
//!   Championships since 2017 with N = 8): the first player sets one of the
//!   26 openings; the second may swap; White plays move 4 anywhere and
//!   declares how many fifth moves (1 to N) Black will offer; the player
//!   with Black may then swap; Black offers that many fifth moves, no two
//!   symmetric; White picks one as move 5.

mod geometry;
mod machine;
mod named;

pub use geometry::{centre, position_symmetries, same_move_up_to_symmetry, turn_about};
pub use machine::Opening;
pub use named::{NamedOpening, OpeningKind, Recognised};

use super::{Forbidden, Point, Stone};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The largest number of fifth-move offers an opening rule may ask for:
/// Taraguchi-10 and the Chinese rules use at most ten.
pub const MAX_OFFERS: u8 = 10;

/// The N of Soosõrv-N that the Renju World Championships play (since 2017).
pub const SOOSORV_WORLD_N: u8 = 8;

/// One of the two players of an opening, named by their part in it rather
/// than by colour (the colours may change hands) or by who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    /// The player who opens: places the first stones, tentatively Black.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The other seat.
    #[must_use]
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// The opening rule of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum OpeningRule {
    /// No opening rule: Black plays first, anywhere.
    #[default]
    Free,
    /// Three stones, then the second player chooses a colour.
    Swap,
    /// Three stones, then take a colour or place two more and let the
    /// first player choose.
    Swap2,
    /// The 26 openings with a swap after move 3 and `offers` fifth-move
    /// offers (三手交换, 五手 N 打).
    Renju26 {
        /// How many fifth moves Black offers (1 to [`MAX_OFFERS`]).
        offers: u8,
    },
    /// Soosõrv-N: the 26 openings, a swap after move 3, White's fourth move
    /// with a declared number of offers up to `max_offers`, another swap,
    /// then the offers.
    Soosorv {
        /// The N: most fifth moves White may ask for (1 to [`MAX_OFFERS`]).
        max_offers: u8,
    },
}

impl OpeningRule {
    /// Every rule kind with its usual parameters, in menu order.
    pub const ALL: [OpeningRule; 5] = [
        OpeningRule::Free,
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Renju26 { offers: 2 },
        OpeningRule::Soosorv {
            max_offers: SOOSORV_WORLD_N,
        },
    ];

    /// True for the rules that set one of the 26 Renju openings first.
    #[must_use]
    pub fn uses_named_openings(self) -> bool {
        matches!(
            self,
            OpeningRule::Renju26 { .. } | OpeningRule::Soosorv { .. }
        )
    }

    /// A short name for command lines and files: `free`, `swap`, `swap2`,
    /// `renju26-N` (N offers), `soosorv-N`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            OpeningRule::Free => "free".into(),
            OpeningRule::Swap => "swap".into(),
            OpeningRule::Swap2 => "swap2".into(),
            OpeningRule::Renju26 { offers } => format!("renju26-{offers}"),
            OpeningRule::Soosorv { max_offers } => format!("soosorv-{max_offers}"),
        }
    }

    /// Refuses parameters out of range.
    ///
    /// # Errors
    /// [`OpeningError::OfferCount`] when a number of offers is not
    /// 1 to [`MAX_OFFERS`].
    pub fn check(self) -> Result<(), OpeningError> {
        match self {
            OpeningRule::Renju26 { offers: n } | OpeningRule::Soosorv { max_offers: n }
                if !(1..=MAX_OFFERS).contains(&n) =>
            {
                Err(OpeningError::OfferCount {
                    count: n,
                    max: MAX_OFFERS,
                })
            }
            _ => Ok(()),
        }
    }
}

impl std::str::FromStr for OpeningRule {
    type Err = String;

    /// `free`, `swap`, `swap2`, `renju26` (two offers) or `renju26-N`,
    /// `soosorv` (N = 8) or `soosorv-N`, in any case.
    fn from_str(s: &str) -> Result<OpeningRule, String> {
        let lower = s.trim().to_ascii_lowercase();
        let (head, n) = match lower.split_once('-') {
            Some((h, n)) => (
                h.to_string(),
                Some(
                    n.parse::<u8>()
                        .map_err(|_| format!("bad number in {s:?}"))?,
                ),
            ),
            None => (lower.clone(), None),
        };
        let rule = match (head.as_str(), n) {
            ("free", None) => OpeningRule::Free,
            ("swap", None) => OpeningRule::Swap,
            ("swap2", None) => OpeningRule::Swap2,
            ("renju26", n) => OpeningRule::Renju26 {
                offers: n.unwrap_or(2),
            },
            ("soosorv" | "soosõrv", n) => OpeningRule::Soosorv {
                max_offers: n.unwrap_or(SOOSORV_WORLD_N),
            },
            _ => {
                return Err(format!(
                "unknown opening rule {s:?}: choose free, swap, swap2, renju26[-N] or soosorv[-N]"
            ))
            }
        };
        rule.check().map_err(|e| e.to_string())?;
        Ok(rule)
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// What a seat does in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// Place the next stone (its colour is the next move's) at a point.
    Place(Point),
    /// Take a colour (in swap rules, "swap" is taking the other colour).
    Choose(Stone),
    /// Declare how many fifth moves Black will offer (Soosõrv).
    Declare(u8),
    /// Offer a point as Black's fifth move.
    Offer(Point),
    /// Pick one of the offered points as Black's fifth move.
    Pick(Point),
}

/// What is asked now, of whom: structured, so a front end can put it into
/// words ("Black: place two more stones or choose a colour").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    /// The seat that must decide.
    pub seat: Seat,
    /// The colour that seat holds at the moment (tentatively, while a swap
    /// may still come).
    pub colour: Stone,
    /// What it must decide.
    pub ask: Ask,
}

/// The question of a [`Stage`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Place move `number` (1-based), a stone of colour `stone`; `within`
    /// is the side of the central square it must lie in, if any.
    Place {
        /// The colour of the stone.
        stone: Stone,
        /// Its move number, 1-based.
        number: usize,
        /// Side of the central square it must be in (1 is the centre point).
        within: Option<u8>,
    },
    /// Choose a colour ([`Decision::Choose`]); when `or_place` is more than
    /// zero the seat may instead place that many more stones, starting with
    /// a [`Decision::Place`].
    ChooseColour {
        /// Stones the seat may place instead of choosing (swap2: 2).
        or_place: u8,
    },
    /// Declare how many fifth moves Black will offer, 1 to `max`.
    Declare {
        /// The most that may be declared.
        max: u8,
    },
    /// Offer fifth move `number` (1-based) of `of`.
    Offer {
        /// Which offer this is, 1-based.
        number: u8,
        /// How many offers in all.
        of: u8,
    },
    /// Pick one of `offers` as Black's fifth move.
    Pick {
        /// The offered points, in the order they were offered.
        offers: Vec<Point>,
    },
}

/// The kind of a [`Decision`], for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// [`Decision::Place`].
    Place,
    /// [`Decision::Choose`].
    Choose,
    /// [`Decision::Declare`].
    Declare,
    /// [`Decision::Offer`].
    Offer,
    /// [`Decision::Pick`].
    Pick,
}

impl Decision {
    /// Its kind.
    #[must_use]
    pub fn kind(self) -> DecisionKind {
        match self {
            Decision::Place(_) => DecisionKind::Place,
            Decision::Choose(_) => DecisionKind::Choose,
            Decision::Declare(_) => DecisionKind::Declare,
            Decision::Offer(_) => DecisionKind::Offer,
            Decision::Pick(_) => DecisionKind::Pick,
        }
    }
}

/// Why a decision (or a new opening) was refused. The opening is
/// unchanged after every one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningError {
    /// The board size is not supported.
    #[error("unsupported board size {0}")]
    BoardSize(u8),
    /// The opening is over; the game goes on with ordinary moves.
    #[error("the opening is over")]
    Finished,
    /// The other seat must decide now.
    #[error("it is the {expected:?} player's turn to decide")]
    WrongSeat {
        /// The seat that must decide.
        expected: Seat,
    },
    /// This kind of decision is not what is asked now (for example a fourth
    /// stone before the colour is chosen).
    #[error("a {got:?} decision is not what is asked now")]
    NotAsked {
        /// The kind of decision given.
        got: DecisionKind,
    },
    /// The point is off the board.
    #[error("point ({}, {}) is off the board", .0.x, .0.y)]
    OffBoard(Point),
    /// The point already holds a stone.
    #[error("point ({}, {}) is already occupied", .0.x, .0.y)]
    Occupied(Point),
    /// The stone must lie in the central square of this side.
    #[error("this stone must lie within the central {side}x{side} square")]
    OutsideCentre {
        /// The point given.
        point: Point,
        /// Side of the square.
        side: u8,
    },
    /// Black may not play there under Renju.
    #[error("{reason}")]
    Forbidden {
        /// The point given.
        point: Point,
        /// Why.
        reason: Forbidden,
    },
    /// The point was offered already.
    #[error("point ({}, {}) is already offered", .0.x, .0.y)]
    OfferedTwice(Point),
    /// The offer is the image of an earlier offer under a symmetry of the
    /// position, so it is the same fifth move.
    #[error("this offer is symmetric to the offer at ({}, {})", .of.x, .of.y)]
    SymmetricOffer {
        /// The point given.
        point: Point,
        /// The earlier offer it mirrors.
        of: Point,
    },
    /// Only an offered point can be picked.
    #[error("point ({}, {}) was not offered", .0.x, .0.y)]
    NotOffered(Point),
    /// A number of offers out of range.
    #[error("{count} offers: choose 1 to {max}")]
    OfferCount {
        /// The number given.
        count: u8,
        /// The most allowed.
        max: u8,
    },
}
