//! The line format shared by the position suites (`tests/data/tactics.txt`,
//! `tests/data/vct.txt`): `name | rule | size | to move | black | white |
//! kind | answers | number`, where the last field is the search depth of
//! a tactics case or the threat budget of a VCT case.

use gomoku::rules::{parse_point, Board, Point, Rule, Stone, Symmetry};

/// One suite position with its answer set.
pub struct Case {
    pub name: String,
    pub rule: Rule,
    pub size: u8,
    pub to_move: Stone,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub kind: String,
    pub answers: Vec<Point>,
    /// The line's last field.
    pub number: u32,
}

impl Case {
    /// The position's board seen through `sym`.
    pub fn board(&self, sym: Symmetry) -> Board {
        let mut board = Board::new(self.size).unwrap();
        for &p in &self.black {
            board.place(sym.apply(p, self.size), Stone::Black).unwrap();
        }
        for &p in &self.white {
            board.place(sym.apply(p, self.size), Stone::White).unwrap();
        }
        board
    }
}

/// Points named in `text`, `-` standing for none.
fn points(text: &str, size: u8) -> Vec<Point> {
    text.split_whitespace()
        .filter(|&t| t != "-")
        .map(|t| parse_point(t, size).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect()
}

/// Every case of a suite file's text; `#` starts a comment.
pub fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 9, "bad line: {l}");
            let size: u8 = f[2].parse().expect("size");
            Case {
                name: f[0].to_string(),
                rule: if f[1] == "standard" {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                },
                size,
                to_move: if f[3] == "X" {
                    Stone::Black
                } else {
                    Stone::White
                },
                black: points(f[4], size),
                white: points(f[5], size),
                kind: f[6].to_string(),
                answers: points(f[7], size),
                number: f[8].parse().expect("last field is a number"),
            }
        })
        .collect()
}
