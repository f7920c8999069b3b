//! The 26 standard Renju openings (珠型, 26 指定开局): Black's first stone
//! in the centre, White's second beside it (direct, 直指) or diagonal to it
//! (indirect, 斜指), Black's third within the central 5 × 5 square.
//!
//! Up to the board's symmetries those are all the three-stone positions
//! with that shape: with White directly above the centre one mirror keeps
//! the pair, which leaves 13 distinct third stones; with White diagonally
//! above-right one mirror keeps the pair as well, leaving another 13.
//!
//! The table is written from these public sources, which agree on every
//! name, number and stone (checked by hand, 2026-11):
//! - Wikipedia, "Renju opening pattern" (the D1–D13 / I1–I13 numbering and
//!   the names, also in its Japanese translation);
//! - a Yixin-derived opening classifier ("Opening26", a Kotlin port of
//!   the desktop `mo_opening26` table): third-stone offsets from the centre
//!   for D1–D13 with White on h9 and I1–I13 with White on i9;
//! - a Chinese 国规 opening table (`src/opening.c` of a C Renju program:
//!   26 种指定开局 with Chinese names and third-stone points);
//! - an MCTS study script listing each opening with its third stone in
//!   row/column form (direct: 7,7 / 6,7; indirect: 7,7 / 6,8).
//!
//! Names: the Japanese readings in the usual romaji (10I, 明星, is read
//! "Myojo" in all of them; "Meisei" is accepted when parsing) and the
//! Chinese names in simplified characters.

use super::geometry::{centre, turn_offset};
use crate::rules::{Point, Symmetry};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whether White's second stone is beside Black's first or diagonal to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningKind {
    /// White's stone directly beside the centre (直指, "D").
    Direct,
    /// White's stone diagonally beside the centre (斜指, "I").
    Indirect,
}

/// One of the 26 openings. The inner index is 0–12 for D1–D13 and 13–25
/// for I1–I13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct NamedOpening(u8);

/// One row of the table: the romaji name, the Chinese name and the third
/// stone's offset from the centre as (right, up) in board units.
struct Row {
    romaji: &'static str,
    chinese: &'static str,
    third: (i8, i8),
}

const fn row(romaji: &'static str, chinese: &'static str, right: i8, up: i8) -> Row {
    Row {
        romaji,
        chinese,
        third: (right, up),
    }
}

/// D1–D13 (White one point above the centre), then I1–I13 (White one point
/// above and one to the right). Offsets: (points to the right, points up).
const TABLE: [Row; 26] = [
    row("Kansei", "寒星", 0, 2),
    row("Keigetsu", "溪月", 1, 2),
    row("Sosei", "疏星", 2, 2),
    row("Kagetsu", "花月", 1, 1),
    row("Zangetsu", "残月", 2, 1),
    row("Ugetsu", "雨月", 1, 0),
    row("Kinsei", "金星", 2, 0),
    row("Shogetsu", "松月", 0, -1),
    row("Kyugetsu", "丘月", 1, -1),
    row("Shingetsu", "新月", 2, -1),
    row("Zuisei", "瑞星", 0, -2),
    row("Sangetsu", "山月", 1, -2),
    row("Yusei", "游星", 2, -2),
    row("Chosei", "长星", 2, 2),
    row("Kyogetsu", "峡月", 2, 1),
    row("Kosei", "恒星", 2, 0),
    row("Suigetsu", "水月", 2, -1),
    row("Ryusei", "流星", 2, -2),
    row("Ungetsu", "云月", 1, 0),
    row("Hogetsu", "浦月", 1, -1),
    row("Rangetsu", "岚月", 1, -2),
    row("Gingetsu", "银月", 0, -1),
    row("Myojo", "明星", 0, -2),
    row("Shagetsu", "斜月", -1, -1),
    row("Meigetsu", "名月", -1, -2),
    row("Suisei", "彗星", -2, -2),
];

/// A recognised opening: which one, and the symmetry that carries the
/// table's stones (see [`NamedOpening::moves`]) onto the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recognised {
    /// The opening.
    pub opening: NamedOpening,
    /// Table stones turned by this (about the first stone) are the game's.
    pub symmetry: Symmetry,
}

impl NamedOpening {
    /// All 26: D1–D13, then I1–I13.
    pub const ALL: [NamedOpening; 26] = {
        let mut all = [NamedOpening(0); 26];
        let mut i = 0;
        while i < 26 {
            all[i] = NamedOpening(i as u8);
            i += 1;
        }
        all
    };

    /// Direct or indirect.
    #[must_use]
    pub fn kind(self) -> OpeningKind {
        if self.0 < 13 {
            OpeningKind::Direct
        } else {
            OpeningKind::Indirect
        }
    }

    /// Its number within its kind, 1–13.
    #[must_use]
    pub fn number(self) -> u8 {
        self.0 % 13 + 1
    }

    /// The short code, "D1" … "D13", "I1" … "I13".
    #[must_use]
    pub fn code(self) -> String {
        let k = match self.kind() {
            OpeningKind::Direct => 'D',
            OpeningKind::Indirect => 'I',
        };
        format!("{k}{}", self.number())
    }

    /// The Japanese name in romaji, e.g. "Kagetsu".
    #[must_use]
    pub fn romaji(self) -> &'static str {
        TABLE[usize::from(self.0)].romaji
    }

    /// The Chinese name, e.g. "花月".
    #[must_use]
    pub fn chinese(self) -> &'static str {
        TABLE[usize::from(self.0)].chinese
    }

    /// White's second stone as an offset (right, up) from the centre.
    fn second_offset(self) -> (i32, i32) {
        match self.kind() {
            OpeningKind::Direct => (0, 1),
            OpeningKind::Indirect => (1, 1),
        }
    }

    /// The three stones (Black, White, Black) in the table's orientation on
    /// a board of side `size`: Black on the centre, White above it (direct)
    /// or above and to the right (indirect).
    #[must_use]
    pub fn moves(self, size: u8) -> [Point; 3] {
        self.moves_turned(size, Symmetry::IDENTITY)
    }

    /// The three stones turned by `s` about the centre: any of the eight
    /// images of the opening.
    #[must_use]
    pub fn moves_turned(self, size: u8, s: Symmetry) -> [Point; 3] {
        let c = centre(size);
        let (tx, ty) = TABLE[usize::from(self.0)].third;
        let at = |(right, up): (i32, i32)| {
            // Board rows grow downwards: "up" is a smaller y.
            let (dx, dy) = turn_offset(s, right, -up);
            Point::new((i32::from(c.x) + dx) as u8, (i32::from(c.y) + dy) as u8)
        };
        [
            c,
            at(self.second_offset()),
            at((i32::from(tx), i32::from(ty))),
        ]
    }

    /// The opening whose first three moves are `moves[..3]` on a board of
    /// side `size`, under any of the eight symmetries: Black's first stone
    /// on the centre, White's beside it, Black's within two points of the
    /// centre. `None` for fewer than three moves or any other shape.
    #[must_use]
    pub fn recognise(moves: &[Point], size: u8) -> Option<Recognised> {
        let [a, b, c] = moves.get(..3)?.try_into().ok()?;
        if a != centre(size) {
            return None;
        }
        let off = |p: Point| {
            (
                i32::from(p.x) - i32::from(a.x),
                i32::from(p.y) - i32::from(a.y),
            )
        };
        let (b, c) = (off(b), off(c));
        for s in Symmetry::ALL {
            for o in NamedOpening::ALL {
                let (sx, sy) = o.second_offset();
                let (tx, ty) = TABLE[usize::from(o.0)].third;
                if turn_offset(s, sx, -sy) == b
                    && turn_offset(s, i32::from(tx), -i32::from(ty)) == c
                {
                    return Some(Recognised {
                        opening: o,
                        symmetry: s,
                    });
                }
            }
        }
        None
    }
}

impl From<NamedOpening> for u8 {
    fn from(o: NamedOpening) -> u8 {
        o.0
    }
}

impl TryFrom<u8> for NamedOpening {
    type Error = String;

    fn try_from(i: u8) -> Result<NamedOpening, String> {
        if i < 26 {
            Ok(NamedOpening(i))
        } else {
            Err(format!("no opening number {i} (0 to 25)"))
        }
    }
}

impl std::str::FromStr for NamedOpening {
    type Err = String;

    /// An opening by its romaji or Chinese name (any case; "Meisei" is read
    /// as Myojo) or its code, "D4", "4D", "i7" or "7I".
    fn from_str(s: &str) -> Result<NamedOpening, String> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        let lower = if lower == "meisei" {
            "myojo".to_string()
        } else {
            lower
        };
        if let Some(o) = NamedOpening::ALL
            .into_iter()
            .find(|o| o.romaji().eq_ignore_ascii_case(&lower) || o.chinese() == t)
        {
            return Ok(o);
        }
        let code = |kind: char, digits: &str| -> Option<NamedOpening> {
            let n: u8 = digits.parse().ok()?;
            let base = match kind {
                'd' => 0,
                'i' => 13,
                _ => return None,
            };
            (1..=13).contains(&n).then_some(NamedOpening(base + n - 1))
        };
        let first = lower.chars().next();
        let last = lower.chars().last();
        first
            .and_then(|k| code(k, &lower[1..]))
            .or_else(|| last.and_then(|k| code(k, &lower[..lower.len() - 1])))
            .ok_or_else(|| format!("unknown opening {t:?}: give a name such as Kagetsu or 花月, or a code such as D4"))
    }
}

impl fmt::Display for NamedOpening {
    /// "D4 Kagetsu".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code(), self.romaji())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;
    use std::collections::HashSet;

    fn named(s: &str) -> NamedOpening {
        s.parse().unwrap()
    }

    /// Every opening's stones in the usual notation (columns a–o from the
    /// left, rows 1–15 from the bottom), written from the sources above.
    const STONES: [(&str, &str); 26] = [
        ("Kansei", "h8h9h10"),
        ("Keigetsu", "h8h9i10"),
        ("Sosei", "h8h9j10"),
        ("Kagetsu", "h8h9i9"),
        ("Zangetsu", "h8h9j9"),
        ("Ugetsu", "h8h9i8"),
        ("Kinsei", "h8h9j8"),
        ("Shogetsu", "h8h9h7"),
        ("Kyugetsu", "h8h9i7"),
        ("Shingetsu", "h8h9j7"),
        ("Zuisei", "h8h9h6"),
        ("Sangetsu", "h8h9i6"),
        ("Yusei", "h8h9j6"),
        ("Chosei", "h8i9j10"),
        ("Kyogetsu", "h8i9j9"),
        ("Kosei", "h8i9j8"),
        ("Suigetsu", "h8i9j7"),
        ("Ryusei", "h8i9j6"),
        ("Ungetsu", "h8i9i8"),
        ("Hogetsu", "h8i9i7"),
        ("Rangetsu", "h8i9i6"),
        ("Gingetsu", "h8i9h7"),
        ("Myojo", "h8i9h6"),
        ("Shagetsu", "h8i9g7"),
        ("Meigetsu", "h8i9g6"),
        ("Suisei", "h8i9f6"),
    ];

    #[test]
    fn every_opening_has_the_stones_of_the_table() {
        for (i, (name, stones)) in STONES.iter().enumerate() {
            let o = named(name);
            assert_eq!(u8::from(o), i as u8);
            let want = parse_moves(stones, 15).unwrap();
            assert_eq!(o.moves(15).to_vec(), want, "{name}");
        }
        assert_eq!(named("D1").chinese(), "寒星");
        assert_eq!(named("13D").romaji(), "Yusei");
        assert_eq!(named("I1").chinese(), "长星");
        assert_eq!(named("花月").code(), "D4");
        assert_eq!(named("meisei"), named("I10"));
        assert!("D14".parse::<NamedOpening>().is_err());
        assert!("x".parse::<NamedOpening>().is_err());
        assert!("".parse::<NamedOpening>().is_err());
    }

    #[test]
    fn all_26_are_recognised_under_all_eight_symmetries_on_every_size() {
        for size in [15, 16, 19, 20] {
            for o in NamedOpening::ALL {
                for s in Symmetry::ALL {
                    let moves = o.moves_turned(size, s);
                    let r = NamedOpening::recognise(&moves, size).expect("recognised");
                    assert_eq!(r.opening, o, "{o} {s:?} on {size}");
                    assert_eq!(o.moves_turned(size, r.symmetry), moves);
                }
            }
        }
    }

    #[test]
    fn the_26_are_distinct_and_cover_every_centred_shape() {
        // Every Black-White-Black start with the shape of an opening is
        // exactly one of the 26.
        let c = centre(15);
        let mut found = HashSet::new();
        for wx in -1i32..=1 {
            for wy in -1i32..=1 {
                for bx in -2i32..=2 {
                    for by in -2i32..=2 {
                        let w = Point::new((7 + wx) as u8, (7 + wy) as u8);
                        let b = Point::new((7 + bx) as u8, (7 + by) as u8);
                        if w == c || b == c || b == w {
                            continue;
                        }
                        let r = NamedOpening::recognise(&[c, w, b], 15);
                        found.insert(r.expect("every centred shape is named").opening);
                    }
                }
            }
        }
        assert_eq!(found.len(), 26);
    }

    #[test]
    fn other_starts_are_not_named() {
        let p = |s| parse_moves(s, 15).unwrap();
        assert_eq!(NamedOpening::recognise(&p("h8h9"), 15), None);
        assert_eq!(NamedOpening::recognise(&p("g8h9h10"), 15), None);
        assert_eq!(NamedOpening::recognise(&p("h8h10i9"), 15), None);
        assert_eq!(NamedOpening::recognise(&p("h8h9h11"), 15), None);
        // More moves after the third do not matter.
        let r = NamedOpening::recognise(&p("h8i9f6a1"), 15).unwrap();
        assert_eq!(r.opening.romaji(), "Suisei");
    }
}
