//! The manager's game settings that are not about time: the rule bitmask
//! and the memory limit.

use crate::rules::Rule;

/// Rule bit: exactly five wins (an overline does not).
pub const RULE_EXACT_FIVE: u64 = 1;
/// Rule bit: continuous game (play on after a five).
pub const RULE_CONTINUOUS: u64 = 2;
/// Rule bit: renju (forbidden moves for Black).
pub const RULE_RENJU: u64 = 4;
/// Rule bit: caro (a five blocked at both ends does not win).
pub const RULE_CARO: u64 = 8;

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
    /// Why it differs from the request, if it does.
    pub note: Option<String>,
}

/// Maps a Gomocup rule bitmask to the rule we play. Renju is played as
/// [`Rule::Renju`]. Caro is not implemented; it demands exactly five, so we
/// play exactly-five ([`Rule::Standard`]) and say so. The continuous-game
/// bit is ignored: every game ends at the first five.
#[must_use]
pub fn rule_from_bits(bits: u64) -> RuleChoice {
    let mut notes = Vec::new();
    let rule = if bits & RULE_RENJU != 0 {
        Rule::Renju
    } else if bits & (RULE_EXACT_FIVE | RULE_CARO) != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    };
    if bits & RULE_CARO != 0 {
        notes.push("caro is not supported: playing exactly-five, blocked fives still win");
    }
    if bits & RULE_CONTINUOUS != 0 {
        notes.push("continuous game is not supported: each game ends at the first five");
    }
    if bits > 15 {
        notes.push("unknown rule bits above 8 are ignored");
    }
    RuleChoice {
        rule,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bits_map_to_the_nearest_rule() {
        assert_eq!(
            rule_from_bits(0),
            RuleChoice {
                rule: Rule::Freestyle,
                note: None
            }
        );
        assert_eq!(
            rule_from_bits(1),
            RuleChoice {
                rule: Rule::Standard,
                note: None
            }
        );
        assert_eq!(
            rule_from_bits(4),
            RuleChoice {
                rule: Rule::Renju,
                note: None
            }
        );
        assert_eq!(rule_from_bits(5).rule, Rule::Renju);
        let caro = rule_from_bits(8);
        assert_eq!(caro.rule, Rule::Standard);
        assert!(caro.note.unwrap().contains("caro"));
        let cont = rule_from_bits(2);
        assert_eq!(cont.rule, Rule::Freestyle);
        assert!(cont.note.is_some());
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
