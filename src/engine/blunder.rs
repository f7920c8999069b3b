//! The training wheels' question: is a move about to be played a blunder a
//! beginner should be warned of? It is one when it misses the player's own
//! five, leaves the opponent a five (an ignored four), lets the opponent
//! win by continuous fours, or misses the player's own win by fours. Only
//! fours are searched (the VCF solver within a small budget), so the
//! answer is quick: the warning is for plain oversights, not deep tactics.

use super::shape::combo;
use super::state::{Cell, State};
use super::vcf::Vcf;
use crate::rules::{forbidden, Board, Point, Rule, Stone};

/// Own fours a VCF may take, the opponent's or the player's: longer wins
/// are more than a beginner is warned of.
pub const BLUNDER_VCF_FOURS: u8 = 12;

/// Nodes of each VCF search: a few milliseconds on one core, so the check
/// stays well under a human reaction time even at the lowest levels.
pub const BLUNDER_VCF_NODES: u64 = 20_000;

/// What is wrong with the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blunder {
    /// The player could make five at `at`, and the move does not.
    MissesFive {
        /// The player's five.
        at: Point,
    },
    /// The opponent has a four the move ignores: five at `at` next move.
    AllowsFive {
        /// The opponent.
        by: Stone,
        /// The opponent's five.
        at: Point,
    },
    /// After the move the opponent wins by continuous fours, starting at
    /// `from`.
    AllowsVcf {
        /// The opponent.
        by: Stone,
        /// The first four of the win.
        from: Point,
    },
    /// The player had a win by continuous fours, starting at `from`, and
    /// the move gives it up.
    MissesVcf {
        /// The first four of the win the player had.
        from: Point,
    },
}

fn never() -> bool {
    false
}

/// The check, with the VCF solver's cache kept between calls of one rule.
#[derive(Default)]
pub struct BlunderCheck {
    vcf: Option<Vcf>,
    rule: Option<Rule>,
}

impl BlunderCheck {
    /// A check with an empty cache (allocated on first use).
    #[must_use]
    pub fn new() -> BlunderCheck {
        BlunderCheck::default()
    }

    fn vcf(&mut self, st: &mut State) -> Option<Vec<Cell>> {
        self.vcf.get_or_insert_with(Vcf::new).solve(
            st,
            BLUNDER_VCF_FOURS,
            BLUNDER_VCF_NODES,
            &never,
        )
    }

    /// What is wrong with `side` playing the empty point `mv` of `board`
    /// under `rule`; `None` for a move that wins at once, keeps the
    /// player's win, or gives nothing away that the check can see. A move
    /// the rules refuse (occupied, Black's forbidden point) gets `None`:
    /// the game says why itself.
    pub fn check(&mut self, board: &Board, rule: Rule, side: Stone, mv: Point) -> Option<Blunder> {
        if !board.contains(mv) || !board.is_empty_at(mv) {
            return None;
        }
        if rule.has_forbidden_moves() && side == Stone::Black && forbidden(board, mv).is_some() {
            return None;
        }
        if self.rule != Some(rule) {
            self.vcf = None;
            self.rule = Some(rule);
        }
        let mut st = State::new(board, side, rule);
        let me = side.index();
        let m = st.cell(mv);
        if st.combo(m, me) == combo::FIVE {
            return None;
        }
        if let Some(f) = st.find_five(me) {
            return Some(Blunder::MissesFive { at: st.point(f) });
        }
        let by = side.opponent();
        st.make(m);
        let theirs = match st.find_five(me ^ 1) {
            Some(f) => Some(Blunder::AllowsFive {
                by,
                at: st.point(f),
            }),
            None => self.vcf(&mut st).and_then(|line| {
                line.first().map(|&c| Blunder::AllowsVcf {
                    by,
                    from: st.point(c),
                })
            }),
        };
        st.unmake();
        if theirs.is_some() {
            return theirs;
        }
        let mine = self.vcf(&mut st)?;
        let first = *mine.first()?;
        if first == m || self.keeps_win(&mut st, m) {
            return None;
        }
        Some(Blunder::MissesVcf {
            from: st.point(first),
        })
    }

    /// True when the side to move's four at `m` still wins by fours after
    /// the opponent's forced block (another way to the same win).
    fn keeps_win(&mut self, st: &mut State, m: Cell) -> bool {
        let me = st.to_move();
        if st.combo(m, me) < combo::BLOCK4 {
            return false;
        }
        st.make(m);
        let keeps = match st.find_five(me) {
            // The block is forced; the win must survive it.
            Some(block) if !st.is_forbidden(block) => {
                st.make(block);
                let w = self.vcf(st).is_some();
                st.unmake();
                w
            }
            // An open four, or a four whose block Black may not play.
            _ => true,
        };
        st.unmake();
        keeps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_point, Stone};

    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(15).unwrap();
        for p in black {
            b.place(parse_point(p, 15).unwrap(), Stone::Black).unwrap();
        }
        for p in white {
            b.place(parse_point(p, 15).unwrap(), Stone::White).unwrap();
        }
        b
    }

    fn pt(s: &str) -> Point {
        parse_point(s, 15).unwrap()
    }

    #[test]
    fn a_missed_five_and_an_ignored_four() {
        let b = board(&["f8", "g8", "h8", "i8"], &["f9", "g9", "h9", "i9"]);
        let mut c = BlunderCheck::new();
        let w = c.check(&b, Rule::Freestyle, Stone::Black, pt("a1"));
        assert!(
            w == Some(Blunder::MissesFive { at: pt("j8") })
                || w == Some(Blunder::MissesFive { at: pt("e8") }),
            "{w:?}"
        );
        assert_eq!(c.check(&b, Rule::Freestyle, Stone::Black, pt("j8")), None);
        // White to move, Black has four: ignoring it gives Black five.
        let b = board(
            &["d10", "e10", "f10", "g10", "a1"],
            &["c10", "h8", "i8", "j2"],
        );
        assert_eq!(
            c.check(&b, Rule::Freestyle, Stone::White, pt("a15")),
            Some(Blunder::AllowsFive {
                by: Stone::Black,
                at: pt("h10")
            })
        );
        assert_eq!(c.check(&b, Rule::Freestyle, Stone::White, pt("h10")), None);
    }

    #[test]
    fn a_move_that_lets_the_opponent_win_by_fours() {
        // Black threatens h8: a four on the row and an open three on the
        // column. White elsewhere lets it happen; White on h8 stops it.
        let b = board(&["e8", "f8", "g8", "h9", "h10"], &["d8", "j12", "b2", "m3"]);
        let mut c = BlunderCheck::new();
        let w = c.check(&b, Rule::Freestyle, Stone::White, pt("a15"));
        assert!(
            matches!(
                w,
                Some(Blunder::AllowsVcf {
                    by: Stone::Black,
                    ..
                })
            ),
            "{w:?}"
        );
        assert_eq!(c.check(&b, Rule::Freestyle, Stone::White, pt("h8")), None);
    }

    #[test]
    fn a_missed_win_by_fours_but_not_another_road_to_it() {
        // Black to move wins by fours (h8: four and open three).
        let b = board(
            &["e8", "f8", "g8", "h9", "h10"],
            &["d8", "j12", "b2", "m3", "n13"],
        );
        let mut c = BlunderCheck::new();
        assert!(matches!(
            c.check(&b, Rule::Freestyle, Stone::Black, pt("a1")),
            Some(Blunder::MissesVcf { .. })
        ));
        assert_eq!(c.check(&b, Rule::Freestyle, Stone::Black, pt("h8")), None);
    }

    #[test]
    fn a_quiet_opening_move_is_fine() {
        let b = board(&["h8"], &["h9"]);
        assert_eq!(
            BlunderCheck::new().check(&b, Rule::Freestyle, Stone::Black, pt("i9")),
            None
        );
    }
}
