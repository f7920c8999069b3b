//! Line patterns and their per-point combinations, precomputed once per
//! rule.
//!
//! A point's *line key* in one direction holds the contents of the five
//! points on each side of it (2 bits each: empty, black, white, wall), 20
//! bits in all. The *pattern* of the key for a colour says what that colour
//! would make on this line by playing the point: a five, an open four, a
//! four, an open three and so on. Eleven points are needed, not nine, so
//! that an exact-five rule can see the stone that would turn a five into an
//! overline.

use super::eval::weights::Weights;
use super::order::OrderWeights;
use super::shape::{combo, combo_index, pat, shape_index};
use crate::rules::{Rule, Stone};
use std::sync::OnceLock;

/// Points on each side of the centre that a line key covers.
pub const HALF: usize = 5;
/// Bits in a line key.
pub const KEY_BITS: u32 = 4 * HALF as u32;

/// Content code of a point inside a key: empty.
pub const EMPTY: u8 = 0;
/// Content code: a wall (off the board).
pub const WALL: u8 = 3;

/// Hand-made value of each line pattern for the side that owns the point,
/// used to order moves (and as the trainer's starting point): each step
/// up in threat is worth a few of the step below.
pub const PATTERN_VALUE: [i32; pat::COUNT] = [0, 2, 4, 10, 24, 30, 28, 90, 100, 400, 2000];

/// Extra hand-made value of each combination on top of its line patterns
/// (for move ordering): points that make two threats at once are worth far
/// more than their parts.
pub const COMBO_BONUS: [i32; combo::COUNT] = [0, 0, 30, 250, 0, 60, 600, 1200, 4000];

/// The tables for one rule.
pub struct Tables {
    /// Pattern of a Black-view index (see [`Tables::pattern`]).
    pattern: Vec<u8>,
    /// White's patterns when its lines follow another rule than Black's
    /// (Renju: Black needs exactly five, White five or more); else empty.
    pattern_white: Vec<u8>,
    /// Freestyle only (outer points never matter there): both colours'
    /// patterns of the inner 16 bits of a key, Black in the low byte.
    /// A fixed-size array: the masked index provably fits, so the lookup
    /// needs no bounds check.
    pair: Option<Box<[u16; 1 << 16]>>,
    /// Combination code and value of four line patterns, indexed by
    /// [`combo_index`].
    combos: Vec<(u8, i16)>,
    /// The learned value of each combination's shape (see
    /// [`super::eval::weights`]) for the side to move and for its
    /// opponent, indexed like `combos`, so that no sorting is needed.
    shape_values: Vec<[i16; 2]>,
    /// `shape_values` and `combos` again for the combinations without a
    /// four or five (every pattern below [`pat::B4`], most points of a
    /// search), indexed by [`small_index`]: three bits a pattern, 32 KB
    /// against the 117 KB of the two full tables, and one lookup, not two.
    /// Fixed-size, like `pair`.
    small: Box<[([i16; 2], u8, i16); 1 << 12]>,
    /// The learned whole-board terms: double threat, facing an open four,
    /// tempo.
    terms: [i32; 3],
    /// The learned value of each pair of threat flag sets (see
    /// [`super::eval::threat`]).
    threat: Vec<i32>,
    /// Learned ordering values of four line patterns by [`combo_index`]:
    /// making their shape, and taking it from the opponent (see
    /// [`super::order`]).
    order: Vec<[i16; 2]>,
    /// [`Tables::order`] for four patterns below a four, indexed by
    /// [`small_index`] (16 KB, so it stays in cache: the ordering asks it
    /// twice for every candidate of every node).
    small_order: Box<[[i16; 2]; 1 << 12]>,
}

impl Tables {
    /// The shared tables of `rule`, built on first use.
    pub fn get(rule: Rule) -> &'static Tables {
        static FREE: OnceLock<Tables> = OnceLock::new();
        static STANDARD: OnceLock<Tables> = OnceLock::new();
        static RENJU: OnceLock<Tables> = OnceLock::new();
        let cell = match rule {
            Rule::Freestyle => &FREE,
            Rule::Standard => &STANDARD,
            Rule::Renju => &RENJU,
        };
        cell.get_or_init(|| {
            Tables::build(rule.lines_for(Stone::Black), rule.lines_for(Stone::White))
        })
    }

    /// Pattern for colour index `c` (0 Black, 1 White) of line key `key`.
    ///
    /// The table is small enough to stay in cache: it is indexed by the
    /// eight inner points seen from Black (White's keys get their colours
    /// swapped) plus one bit per outer point telling whether it holds an
    /// own stone, the only thing an outer point can change (an overline).
    #[inline]
    pub fn pattern(&self, c: usize, key: u32) -> u8 {
        let key = if c == 0 {
            key
        } else {
            ((key & 0x5_5555) << 1) | ((key >> 1) & 0x5_5555)
        };
        let outer_lo = u32::from(key & 3 == 1);
        let outer_hi = u32::from((key >> 18) & 3 == 1);
        let index = ((key >> 2) & 0xffff) << 2 | outer_lo << 1 | outer_hi;
        if c == 1 && !self.pattern_white.is_empty() {
            self.pattern_white[index as usize]
        } else {
            self.pattern[index as usize]
        }
    }

    /// Both colours' patterns of `key` (Black first), with one lookup
    /// under freestyle.
    #[inline]
    pub fn patterns(&self, key: u32) -> [u8; 2] {
        if let Some(pair) = &self.pair {
            let v = pair[((key >> 2) & 0xffff) as usize];
            [v as u8, (v >> 8) as u8]
        } else {
            [self.pattern(0, key), self.pattern(1, key)]
        }
    }

    /// Combination code and value of four line patterns.
    #[inline]
    pub fn combo(&self, p: [u8; 4]) -> (u8, i16) {
        self.combos[combo_index(p)]
    }

    /// Learned value of four line patterns' shape, as the side to move's
    /// and as the opponent's.
    #[inline]
    #[must_use]
    pub fn shape_value(&self, p: [u8; 4]) -> [i16; 2] {
        self.shape_values[combo_index(p)]
    }

    /// The learned whole-board terms: double threat, facing an open four,
    /// tempo.
    #[inline]
    #[must_use]
    pub fn eval_terms(&self) -> [i32; 3] {
        self.terms
    }

    /// The learned value of the threat table's entry `i` (see
    /// [`super::eval::threat::index`]).
    #[inline]
    #[must_use]
    pub fn threat_value(&self, i: usize) -> i32 {
        self.threat[i]
    }

    /// [`Tables::shape_value`] and [`Tables::combo`] (code, then value) of
    /// four line patterns together, from the small table when none is a
    /// four: everything a point's change of pattern needs, so that the
    /// incremental update reads its new value rather than computing the
    /// difference from four more lookups (5% fewer instructions).
    #[inline]
    #[must_use]
    pub fn shape_code_value(&self, p: [u8; 4]) -> ([i16; 2], u8, i16) {
        let word = u32::from_le_bytes(p);
        if word & SMALL_OVER == 0 {
            self.small[small_index(word)]
        } else {
            let i = combo_index(p);
            let (code, value) = self.combos[i];
            (self.shape_values[i], code, value)
        }
    }

    /// Learned ordering values of four line patterns: the side to move
    /// making their shape, and taking that shape from the opponent.
    #[inline]
    #[must_use]
    pub fn order(&self, p: [u8; 4]) -> [i16; 2] {
        let word = u32::from_le_bytes(p);
        if word & SMALL_OVER == 0 {
            self.small_order[small_index(word)]
        } else {
            self.order[combo_index(p)]
        }
    }

    /// Tables where Black's lines follow `black` and White's `white`
    /// (each Freestyle or Standard).
    fn build(black: Rule, white: Rule) -> Tables {
        let pattern = Self::pattern_table(black);
        let pattern_white = if white == black {
            Vec::new()
        } else {
            Self::pattern_table(white)
        };
        let n = pat::COUNT;
        let w = Weights::builtin();
        let ord = OrderWeights::builtin();
        let mut order = vec![[0i16; 2]; n * n * n * n];
        let mut combos = vec![(0u8, 0i16); n * n * n * n];
        let mut shape_values = vec![[0i16; 2]; n * n * n * n];
        for (i, (slot, value)) in combos.iter_mut().zip(&mut shape_values).enumerate() {
            let p = [
                (i / (n * n * n)) as u8,
                (i / (n * n) % n) as u8,
                (i / n % n) as u8,
                (i % n) as u8,
            ];
            debug_assert_eq!(combo_index(p), i);
            *slot = combine(p);
            let s = shape_index(p);
            // `Weights::parse` keeps every value inside i16.
            *value = [w.own[s] as i16, w.opp[s] as i16];
            // `OrderWeights::parse` keeps every value inside i16 too.
            order[i] = [ord.own[s] as i16, ord.block[s] as i16];
        }
        let small = (0..1u32 << 12)
            .map(|i| {
                let p = [i & 7, i >> 3 & 7, i >> 6 & 7, i >> 9 & 7].map(|x| x as u8);
                debug_assert_eq!(small_index(u32::from_le_bytes(p)), i as usize);
                let full = combo_index(p);
                (shape_values[full], combos[full].0, combos[full].1)
            })
            .collect::<Box<[_]>>()
            .try_into()
            .expect("one entry per index");
        let small_order = (0..1u32 << 12)
            .map(|i| {
                let p = [i & 7, i >> 3 & 7, i >> 6 & 7, i >> 9 & 7].map(|x| x as u8);
                order[combo_index(p)]
            })
            .collect::<Box<[_]>>()
            .try_into()
            .expect("one entry per index");
        let mut tables = Tables {
            pattern,
            pattern_white,
            combos,
            shape_values,
            small,
            terms: [w.double_threat, w.facing_three, w.tempo],
            threat: w.threat.clone(),
            order,
            small_order,
            pair: None,
        };
        if black == Rule::Freestyle && white == Rule::Freestyle {
            let pair = (0..1u32 << 16)
                .map(|inner| {
                    let key = inner << 2;
                    u16::from(tables.pattern(0, key)) | u16::from(tables.pattern(1, key)) << 8
                })
                .collect::<Box<[_]>>();
            tables.pair = Some(pair.try_into().expect("one entry per index"));
        }
        tables
    }

    /// Black-view pattern table of one line rule (Freestyle or Standard).
    fn pattern_table(rule: Rule) -> Vec<u8> {
        let mut memo = vec![u8::MAX; 3usize.pow(2 * HALF as u32)];
        let mut pattern = vec![0u8; 1 << 18];
        for (index, out) in pattern.iter_mut().enumerate() {
            let mut trits = [2u8; 2 * HALF];
            for (slot, t) in trits.iter_mut().enumerate().take(2 * HALF - 1).skip(1) {
                let v = ((index >> (2 + 2 * (slot - 1))) & 3) as u8;
                *t = match v {
                    EMPTY => 0,
                    1 => 1,
                    _ => 2,
                };
            }
            if index & 2 != 0 {
                trits[0] = 1;
            }
            if index & 1 != 0 {
                trits[2 * HALF - 1] = 1;
            }
            *out = classify(&mut memo, trits, rule);
        }
        pattern
    }
}

/// The bits of four patterns (as a little-endian word) that are set only
/// when one of them is a four or a five: patterns below [`pat::B4`] (8)
/// fit in three bits.
const SMALL_OVER: u32 = 0xf8f8_f8f8;

/// Index into the small tables of four patterns below [`pat::B4`], given
/// as a little-endian word: three bits each, the first lowest.
#[inline]
fn small_index(word: u32) -> usize {
    // One shift brings the second and fourth patterns down next to the
    // first and third (each byte's upper five bits are clear), and a
    // second shift joins the two pairs: six operations, not eleven.
    let pairs = word | word >> 5;
    (pairs & 0x3f | pairs >> 10 & 0xfc0) as usize
}

/// The slot of a key holding the point `offset` steps from the centre
/// (`offset` in `-5..=5`, not 0).
#[inline]
pub fn slot(offset: i32) -> u32 {
    debug_assert!(offset != 0 && offset.unsigned_abs() as usize <= HALF);
    if offset < 0 {
        (offset + HALF as i32) as u32
    } else {
        (offset + HALF as i32 - 1) as u32
    }
}

/// True when the own stones (bit `HALF` is the centre) make a winning run
/// through the centre under `rule`.
fn five_at_centre(own: u32, rule: Rule) -> bool {
    let mut len = 1;
    let mut i = HALF;
    while i > 0 && own & (1 << (i - 1)) != 0 {
        len += 1;
        i -= 1;
    }
    let mut i = HALF;
    while i < 2 * HALF && own & (1 << (i + 1)) != 0 {
        len += 1;
        i += 1;
    }
    // `rule` is a line rule here (Freestyle or Standard): the colour
    // does not change its verdict.
    rule.wins_with(Stone::Black, len)
}

/// Pattern of the centre, given 10 trits (0 empty, 1 own, 2 blocked) for
/// the slots around it, with the centre itself own.
fn classify(memo: &mut [u8], trits: [u8; 2 * HALF], rule: Rule) -> u8 {
    let index = trits
        .iter()
        .rev()
        .fold(0usize, |a, &t| a * 3 + usize::from(t));
    if memo[index] != u8::MAX {
        return memo[index];
    }
    // Own stones as an 11-bit line with the centre at bit HALF.
    let mut own = 1u32 << HALF;
    for (slot, &t) in trits.iter().enumerate() {
        if t == 1 {
            let bit = if slot < HALF { slot } else { slot + 1 };
            own |= 1 << bit;
        }
    }
    let result = if five_at_centre(own, rule) {
        pat::F5
    } else {
        // Only points within four of the centre can join a five with it.
        let near: Vec<usize> = (0..2 * HALF)
            .filter(|&s| trits[s] == 0 && (1..2 * HALF - 1).contains(&s))
            .collect();
        let fives = near
            .iter()
            .filter(|&&s| {
                let bit = if s < HALF { s } else { s + 1 };
                five_at_centre(own | 1 << bit, rule)
            })
            .count();
        if fives >= 2 {
            pat::F4
        } else if fives == 1 {
            pat::B4
        } else {
            let mut counts = [0usize; pat::COUNT];
            for &s in &near {
                let mut next = trits;
                next[s] = 1;
                counts[usize::from(classify(memo, next, rule))] += 1;
            }
            if counts[usize::from(pat::F4)] > 0 {
                pat::F3
            } else if counts[usize::from(pat::B4)] > 0 {
                pat::B3
            } else if counts[usize::from(pat::F3)] >= 3 {
                pat::F2B
            } else if counts[usize::from(pat::F3)] > 0 {
                pat::F2
            } else if counts[usize::from(pat::B3)] > 0 {
                pat::B2
            } else if counts[usize::from(pat::F2)] + counts[usize::from(pat::F2B)] > 0 {
                pat::F1
            } else if counts[usize::from(pat::B2)] > 0 {
                pat::B1
            } else {
                pat::DEAD
            }
        }
    };
    memo[index] = result;
    result
}

/// The combination code and hand-made value (the move-ordering value) of
/// a point's four patterns.
#[must_use]
pub fn combine(p: [u8; 4]) -> (u8, i16) {
    let mut n = [0u8; pat::COUNT];
    for &x in &p {
        n[usize::from(x)] += 1;
    }
    let fours = n[usize::from(pat::B4)];
    let threes = n[usize::from(pat::F3)];
    let closed = n[usize::from(pat::B3)] + n[usize::from(pat::F2)] + n[usize::from(pat::F2B)];
    let code = if n[usize::from(pat::F5)] > 0 {
        combo::FIVE
    } else if n[usize::from(pat::F4)] > 0 || fours >= 2 {
        combo::FLEX4
    } else if fours == 1 && threes > 0 {
        combo::FOUR_THREE
    } else if fours == 1 && closed > 0 {
        combo::BLOCK4_PLUS
    } else if fours == 1 {
        combo::BLOCK4
    } else if threes >= 2 {
        combo::THREE_THREE
    } else if threes == 1 && closed > 0 {
        combo::FLEX3_PLUS
    } else if threes == 1 {
        combo::FLEX3
    } else {
        combo::NONE
    };
    let value: i32 = p
        .iter()
        .map(|&x| PATTERN_VALUE[usize::from(x)])
        .sum::<i32>()
        + COMBO_BONUS[usize::from(code)];
    (code, value.min(i32::from(i16::MAX)) as i16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key of a line written as 11 characters, centre at index 5: `x` own
    /// (Black), `o` White, `#` wall, `.` empty.
    fn key(line: &str) -> u32 {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 11);
        let mut k = 0;
        for (i, ch) in chars.iter().enumerate() {
            if i == HALF {
                continue;
            }
            let off = i as i32 - HALF as i32;
            let v = match ch {
                'x' => 1,
                'o' => 2,
                '#' => 3,
                _ => 0,
            };
            k |= v << (2 * slot(off));
        }
        k
    }

    #[test]
    fn patterns_of_classic_shapes() {
        let t = Tables::get(Rule::Freestyle);
        let black = |s: &str| t.pattern(0, key(s));
        assert_eq!(black("...xx.xx..."), pat::F5);
        assert_eq!(black("....x.xx..."), pat::F4);
        assert_eq!(black("...ox.xx..."), pat::B4);
        assert_eq!(black("...xx..x..."), pat::B4);
        assert_eq!(black("...x..x.x.."), pat::F3);
        assert_eq!(black("....x.x...."), pat::F3);
        assert_eq!(black("...ox.x...."), pat::B3);
        assert_eq!(black("....x......"), pat::F2B);
        assert_eq!(black("..........."), pat::F1);
        assert_eq!(black("...o.....o."), pat::B1);
        assert_eq!(black("..o....o..."), pat::DEAD);
        assert_eq!(black("xxx.x.x...."), pat::B4);
    }

    #[test]
    fn the_standard_rule_ignores_overlines() {
        let free = Tables::get(Rule::Freestyle);
        let std = Tables::get(Rule::Standard);
        // Six in a row through the centre.
        assert_eq!(free.pattern(0, key("..xxx.xx...")), pat::F5);
        assert_ne!(std.pattern(0, key("..xxx.xx...")), pat::F5);
        assert_eq!(std.pattern(0, key("...xx.xx...")), pat::F5);
        // x x x x _ C: the gap would make six, so no four under Standard.
        assert_eq!(free.pattern(0, key("xxxx.......")), pat::B4);
        assert!(std.pattern(0, key("xxxx.......")) < pat::B4);
        assert_eq!(std.pattern(0, key("..oxx.x....")), pat::B4);
        assert!(std.pattern(0, key("..oxx.x.x..")) < pat::B4);
        assert_eq!(free.pattern(0, key("..oxx.x.x..")), pat::B4);
    }

    #[test]
    fn combinations() {
        assert_eq!(combine([pat::B4, pat::F3, 0, 0]).0, combo::FOUR_THREE);
        assert_eq!(combine([pat::B4, pat::B4, 0, 0]).0, combo::FLEX4);
        assert_eq!(combine([pat::F3, pat::F3, 0, 0]).0, combo::THREE_THREE);
        assert_eq!(combine([pat::F2, pat::F5, 0, 0]).0, combo::FIVE);
    }

    /// Every combination of four line patterns.
    fn all_combinations() -> impl Iterator<Item = [u8; 4]> {
        let n = pat::COUNT;
        (0..n.pow(4)).map(move |i| [0, 1, 2, 3].map(|k| (i / n.pow(k) % n) as u8))
    }

    #[test]
    fn the_small_tables_agree_with_the_full_ones() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let t = Tables::get(rule);
            let ord = OrderWeights::builtin();
            for p in all_combinations() {
                let (code, value) = t.combo(p);
                assert_eq!(
                    t.shape_code_value(p),
                    (t.shape_value(p), code, value),
                    "{p:?}"
                );
                let s = shape_index(p);
                assert_eq!(
                    t.order(p),
                    [ord.own[s] as i16, ord.block[s] as i16],
                    "{p:?}"
                );
            }
        }
    }

    /// Move generation finds the points with a four in some line by their
    /// code alone, which needs this to hold for every combination.
    #[test]
    fn a_code_of_at_least_a_four_means_a_four_in_some_line() {
        for p in all_combinations() {
            let has_four = p.iter().any(|&x| x >= pat::B4);
            assert_eq!(combine(p).0 >= combo::BLOCK4, has_four, "{p:?}");
        }
    }
}
