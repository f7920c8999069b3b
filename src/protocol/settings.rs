//! The manager's game settings that are not about time: the rule bitmask
//! and the memory limit (Gomocup's `max_memory` or Yixin's `hash_size`).

use crate::rules::Rule;

/// Rule bit: exactly five wins (an overline does not).
pub const RULE_EXACT_FIVE: u64 = 1;
/// Rule bit: continuous game (play on after a five) in the Gomocup
/// protocol. The Yixin protocol drops continuous games and reads
/// `INFO rule 2` as renju, which is how we read it too.
pub const RULE_CONTINUOUS: u64 = 2;
/// Rule bit: renju (forbidden moves for Black).
pub const RULE_RENJU: u64 = 4;
/// Rule bit: caro (a five blocked at both ends does not win).
pub const RULE_CARO: u64 = 8;
/// `INFO rule` value (a value, not bits) for freestyle under swap1: the
/// second player may take Black after the first stone. Managers that
/// play swap rules through `INFO rule` send it so (Rapfi reads it so too).
pub const RULE_VALUE_SWAP1: u64 = 5;
/// `INFO rule` value for freestyle under swap2; the opening itself then
/// comes as `SWAP2BOARD` blocks.
pub const RULE_VALUE_SWAP2: u64 = 6;

/// Hash table size when the manager sets no memory limit, megabytes.
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest hash table we ever ask for, megabytes.
pub const MAX_HASH_MB: usize = 1024;
/// Share of `max_memory` given to the hash table, in percent: the rest
/// covers the binary, the stacks and the search's other tables.
pub const HASH_SHARE_PERCENT: u64 = 50;

/// The rule we play for an `INFO rule` bitmask, and a note for the
/// manager when we play something other than what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleChoice {
    /// The rule we play.
    pub rule: Rule,
    /// How the opening is played.
    pub opening: OpeningRule,
    /// Why it differs from the request, if it does.
    pub note: Option<String>,
}

/// How a game's opening is played, as `INFO rule` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpeningRule {
    /// Black opens anywhere and the colours stay.
    #[default]
    Free,
    /// After Black's first stone the second player may answer `SWAP` and
    /// take Black; when we open, our first stone is a balanced one.
    Swap1,
    /// Swap2, its stages asked with `SWAP2BOARD`.
    Swap2,
}

/// Maps a rule bitmask to the rule we play. The values
/// [`RULE_VALUE_SWAP1`] and [`RULE_VALUE_SWAP2`] are read as freestyle
/// under a swap opening, not as bits. Renju is played as
/// [`Rule::Renju`], whether asked the Gomocup way (bit 4) or the Yixin way
/// (`INFO rule 2`, which Yixin Board sends; no manager plays continuous
/// games, the Gomocup meaning of bit 2). Caro is not implemented; it
/// demands exactly five, so we play exactly-five ([`Rule::Standard`]) and
/// say so.
#[must_use]
pub fn rule_from_bits(bits: u64) -> RuleChoice {
    let swap = match bits {
        RULE_VALUE_SWAP1 => Some(OpeningRule::Swap1),
        RULE_VALUE_SWAP2 => Some(OpeningRule::Swap2),
        _ => None,
    };
    if let Some(opening) = swap {
        return RuleChoice {
            rule: Rule::Freestyle,
            opening,
            note: None,
        };
    }
    let mut notes = Vec::new();
    let rule = if bits & (RULE_RENJU | RULE_CONTINUOUS) != 0 {
        Rule::Renju
    } else if bits & (RULE_EXACT_FIVE | RULE_CARO) != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    };
    if bits & RULE_CARO != 0 {
        notes.push("caro is not supported: playing exactly-five, blocked fives still win");
    }
    if bits > 15 {
        notes.push("unknown rule bits above 8 are ignored");
    }
    RuleChoice {
        rule,
        opening: OpeningRule::Free,
        note: if notes.is_empty() {
            None
        } else {
            Some(notes.join("; "))
        },
    }
}

/// Hash table megabytes for an `INFO max_memory` in bytes (0: no limit):
/// a power of two within [`HASH_SHARE_PERCENT`] of the limit, at least 1.
#[must_use]
pub fn hash_mb_for(max_memory: u64) -> usize {
    if max_memory == 0 {
        return DEFAULT_HASH_MB;
    }
    let share_mb = u128::from(max_memory) * u128::from(HASH_SHARE_PERCENT) / 100 / (1024 * 1024);
    let capped = share_mb.clamp(1, MAX_HASH_MB as u128) as u64;
    // Largest power of two not above the cap.
    let pow = 1u64 << (63 - capped.leading_zeros());
    pow as usize
}

/// Hash table megabytes for Yixin's `INFO hash_size` in kilobytes (0: our
/// default): the largest power of two not above it, from 1 to
/// [`MAX_HASH_MB`].
#[must_use]
pub fn hash_mb_for_kb(kb: u64) -> usize {
    if kb == 0 {
        return DEFAULT_HASH_MB;
    }
    let mb = (kb / 1024).clamp(1, MAX_HASH_MB as u64);
    1usize << (63 - mb.leading_zeros())
}

/// The largest `INFO hash_size` worth sending, as Yixin Board wants it in
/// `YXSHOWINFO`'s answer: a power of two, in kilobytes, given as the
/// exponent (Yixin Board's hash slider steps through powers of two).
#[must_use]
pub fn max_hash_size_exponent() -> u32 {
    (MAX_HASH_MB as u64 * 1024).ilog2()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bits_map_to_the_nearest_rule() {
        assert_eq!(
            rule_from_bits(0),
            RuleChoice {
                rule: Rule::Freestyle,
                opening: OpeningRule::Free,
                note: None
            }
        );
        assert_eq!(
            rule_from_bits(1),
            RuleChoice {
                rule: Rule::Standard,
                opening: OpeningRule::Free,
                note: None
            }
        );
        assert_eq!(
            rule_from_bits(4),
            RuleChoice {
                rule: Rule::Renju,
                opening: OpeningRule::Free,
                note: None
            }
        );
        // Swap openings, sent as values.
        for (value, opening) in [(5, OpeningRule::Swap1), (6, OpeningRule::Swap2)] {
            assert_eq!(
                rule_from_bits(value),
                RuleChoice {
                    rule: Rule::Freestyle,
                    opening,
                    note: None
                }
            );
        }
        assert_eq!(rule_from_bits(7).rule, Rule::Renju);
        assert_eq!(rule_from_bits(7).opening, OpeningRule::Free);
        let caro = rule_from_bits(8);
        assert_eq!(caro.rule, Rule::Standard);
        assert!(caro.note.unwrap().contains("caro"));
        // Yixin's renju.
        assert_eq!(
            rule_from_bits(2),
            RuleChoice {
                rule: Rule::Renju,
                opening: OpeningRule::Free,
                note: None
            }
        );
        assert_eq!(rule_from_bits(3).rule, Rule::Renju);
        assert!(rule_from_bits(16).note.unwrap().contains("unknown"));
    }

    #[test]
    fn yixin_hash_kilobytes_map_to_a_power_of_two() {
        assert_eq!(hash_mb_for_kb(0), DEFAULT_HASH_MB);
        assert_eq!(hash_mb_for_kb(1), 1);
        assert_eq!(hash_mb_for_kb(1 << 16), 64);
        assert_eq!(hash_mb_for_kb((1 << 16) + (1 << 15)), 64);
        assert_eq!(hash_mb_for_kb(1 << 30), MAX_HASH_MB);
        assert_eq!(1u64 << max_hash_size_exponent(), MAX_HASH_MB as u64 * 1024);
    }

    #[test]
    fn memory_maps_to_a_power_of_two() {
        assert_eq!(hash_mb_for(0), DEFAULT_HASH_MB);
        assert_eq!(hash_mb_for(350 * 1024 * 1024), 128);
        assert_eq!(hash_mb_for(1), 1);
        assert_eq!(hash_mb_for(u64::MAX), MAX_HASH_MB);
        assert_eq!(hash_mb_for(64 * 1024 * 1024), 32);
    }
}
