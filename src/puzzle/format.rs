//! The puzzle file format: one puzzle a line,
//! `<moves> <kind> <solution> [key=value …]`, and `#` comment lines.
//!
//! - `moves`: the position as a position string in playing order
//!   (`h8i9j7…`, Black first), so the side to move follows from the count;
//!   `-` for an empty board.
//! - `kind`: `vcf`, `vct` or `defend`.
//! - `solution`: one solution line as a position string: the solver's line
//!   for `vcf`/`vct` (the attacker's and the defender's moves alternating,
//!   ending with the winning move), the one defence for `defend`.
//! - then any number of `key=value` fields: `rule=` (default freestyle),
//!   `size=` (default 15), `level=`, `first_wins=`, `proof_ms=`, `id=`,
//!   `own_moves=`; unknown keys are kept as they were written.
//!
//! A `#` line is a comment; the generator writes its command, seed and
//! engine version there. Blank lines are skipped.

use crate::rules::{parse_moves, print_moves, Board, Point, Rule, Stone};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// What the side to move must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Win by continuous fours (连续冲四).
    Vcf,
    /// Win by continuous threats: fours and open threes (冲四活三).
    Vct,
    /// Find the one defence against the opponent's forced win.
    Defend,
}

impl Kind {
    /// Every kind, in file order.
    pub const ALL: [Kind; 3] = [Kind::Vcf, Kind::Vct, Kind::Defend];

    /// The name the file writes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Vcf => "vcf",
            Kind::Vct => "vct",
            Kind::Defend => "defend",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(s: &str) -> Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown kind '{s}' (choose vcf, vct or defend)"))
    }
}

/// One puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, Black's move first.
    pub moves: Vec<Point>,
    /// The task.
    pub kind: Kind,
    /// One solution line from the position (see the module docs).
    pub solution: Vec<Point>,
    /// The rule.
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// Difficulty, 1 (easiest) up; 0 when not graded.
    pub level: u8,
    /// Number of first moves that solve it (for `defend`: 1).
    pub first_wins: u32,
    /// Milliseconds the generator's proof took.
    pub proof_ms: u32,
    /// The player's own moves to the end: to the five for `vcf` and `vct`
    /// (the solution may stop at an unstoppable double threat), 1 for
    /// `defend`; 0 when not given (then counted from the solution).
    pub own: u32,
    /// A stable name within its set.
    pub id: String,
    /// Fields this version does not know, kept in order.
    pub extra: Vec<(String, String)>,
}

impl Puzzle {
    /// A puzzle with the given position, task and solution, freestyle
    /// 15 × 15, ungraded.
    #[must_use]
    pub fn new(moves: Vec<Point>, kind: Kind, solution: Vec<Point>) -> Puzzle {
        Puzzle {
            moves,
            kind,
            solution,
            rule: Rule::Freestyle,
            size: 15,
            level: 0,
            first_wins: 0,
            proof_ms: 0,
            own: 0,
            id: String::new(),
            extra: Vec::new(),
        }
    }

    /// The side to move: the attacker of a `vcf` or `vct` puzzle, the
    /// defender of a `defend` one.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        Stone::to_move_after(self.moves.len())
    }

    /// The player's own moves to the end ([`Puzzle::own`], else those of
    /// the solution).
    #[must_use]
    pub fn own_moves(&self) -> usize {
        if self.own > 0 {
            self.own as usize
        } else {
            self.solution.len().div_ceil(2)
        }
    }

    /// The board of the position.
    ///
    /// # Errors
    /// Never for a puzzle that [`parse_puzzle`] accepted.
    pub fn board(&self) -> Result<Board, String> {
        board_of(&self.moves, self.size)
    }

    /// The board after `moves` (Black first) on this puzzle's board size.
    ///
    /// # Errors
    /// A move off the board or on a stone.
    pub fn board_after(&self, moves: &[Point]) -> Result<Board, String> {
        board_of(moves, self.size)
    }

    /// The puzzle as one line of the file.
    #[must_use]
    pub fn to_line(&self) -> String {
        let moves = if self.moves.is_empty() {
            "-".to_string()
        } else {
            print_moves(&self.moves, self.size)
        };
        let mut s = format!(
            "{moves} {} {} rule={} size={}",
            self.kind,
            print_moves(&self.solution, self.size),
            self.rule.name().to_ascii_lowercase(),
            self.size
        );
        if self.level > 0 {
            s += &format!(" level={}", self.level);
        }
        if self.first_wins > 0 {
            s += &format!(" first_wins={}", self.first_wins);
        }
        if self.own > 0 {
            s += &format!(" own_moves={}", self.own);
        }
        if self.proof_ms > 0 {
            s += &format!(" proof_ms={}", self.proof_ms);
        }
        if !self.id.is_empty() {
            s += &format!(" id={}", self.id);
        }
        for (k, v) in &self.extra {
            s += &format!(" {k}={v}");
        }
        s
    }
}

/// A puzzle file: its comment lines and its puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PuzzleSet {
    /// The `#` lines, without the `#` and one following space.
    pub header: Vec<String>,
    /// The puzzles in file order.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set as file text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for h in &self.header {
            s += "# ";
            s += h;
            s += "\n";
        }
        for p in &self.puzzles {
            s += &p.to_line();
            s += "\n";
        }
        s
    }
}

/// Why a line of a puzzle file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, in English (for logs and tools).
    pub message: String,
}

/// Reads a whole puzzle file.
///
/// # Errors
/// The first line that is not a comment, blank, or a valid puzzle.
pub fn parse_set(text: &str) -> Result<PuzzleSet, ParseError> {
    let mut set = PuzzleSet::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            set.header
                .push(c.strip_prefix(' ').unwrap_or(c).to_string());
            continue;
        }
        let p = parse_puzzle(line).map_err(|message| ParseError {
            line: i + 1,
            message,
        })?;
        set.puzzles.push(p);
    }
    Ok(set)
}

/// Reads one puzzle line (no comment).
///
/// # Errors
/// What is wrong with it, in English.
pub fn parse_puzzle(line: &str) -> Result<Puzzle, String> {
    let mut fields = line.split_whitespace();
    let (Some(moves), Some(kind), Some(solution)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err("expected '<moves> <kind> <solution>' and optional key=value fields".into());
    };
    let kind: Kind = kind.parse()?;
    let mut p = Puzzle::new(Vec::new(), kind, Vec::new());
    for f in fields {
        let Some((k, v)) = f.split_once('=') else {
            return Err(format!("'{f}' is not a key=value field"));
        };
        let number = |what: &str| -> Result<u32, String> {
            v.parse()
                .map_err(|_| format!("{what}={v}: not a whole number"))
        };
        match k {
            "rule" => p.rule = v.parse().map_err(|e| format!("rule={v}: {e}"))?,
            "size" => {
                p.size = u8::try_from(number("size")?)
                    .ok()
                    .filter(|s| Board::new(*s).is_ok())
                    .ok_or_else(|| format!("size={v}: not a supported board size"))?;
            }
            "level" => {
                p.level =
                    u8::try_from(number("level")?).map_err(|_| format!("level={v}: too large"))?;
            }
            "first_wins" => p.first_wins = number("first_wins")?,
            "proof_ms" => p.proof_ms = number("proof_ms")?,
            "id" => p.id = v.to_string(),
            "own_moves" => p.own = number("own_moves")?,
            _ => p.extra.push((k.to_string(), v.to_string())),
        }
    }
    p.moves = if moves == "-" {
        Vec::new()
    } else {
        parse_moves(moves, p.size).map_err(|e| format!("moves: {e}"))?
    };
    p.solution = parse_moves(solution, p.size).map_err(|e| format!("solution: {e}"))?;
    if p.solution.is_empty() {
        return Err("the solution is empty".into());
    }
    let mut board = board_of(&p.moves, p.size)?;
    if let Some(line) = crate::rules::any_winning_line(&board, p.rule) {
        return Err(format!(
            "the position is already won (a five through {})",
            crate::rules::point_name(line[0], p.size)
        ));
    }
    for (i, &s) in p.solution.iter().enumerate() {
        let stone = Stone::to_move_after(p.moves.len() + i);
        board.place(s, stone).map_err(|_| {
            format!(
                "solution move {} ({}) is on a stone",
                i + 1,
                crate::rules::point_name(s, p.size)
            )
        })?;
    }
    Ok(p)
}

/// The board after `moves`, Black first.
fn board_of(moves: &[Point], size: u8) -> Result<Board, String> {
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for (i, &m) in moves.iter().enumerate() {
        board.place(m, Stone::to_move_after(i)).map_err(|_| {
            format!(
                "moves: move {} ({}) is on a stone",
                i + 1,
                crate::rules::point_name(m, size)
            )
        })?;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let line = "h8i9j7 vcf h7i7 rule=freestyle size=15 level=3 first_wins=2 own_moves=1 proof_ms=12 id=f-1 origin=game";
        let p = parse_puzzle(line).unwrap();
        assert_eq!(p.moves.len(), 3);
        assert_eq!(p.to_move(), Stone::White);
        assert_eq!(p.kind, Kind::Vcf);
        assert_eq!((p.level, p.first_wins, p.proof_ms), (3, 2, 12));
        assert_eq!(p.extra, vec![("origin".to_string(), "game".to_string())]);
        assert_eq!(p.to_line(), line);
    }

    #[test]
    fn bad_lines_say_where_and_what() {
        let text = "# header\nh8i9 vcf h7\n\nh8i9 vcx h7\n";
        let e = parse_set(text).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("unknown kind 'vcx'"), "{e}");
        for (bad, what) in [
            ("h8", "expected"),
            ("h8h8 vcf i9", "move 2 (h8) is on a stone"),
            ("h8 vcf h8", "solution move 1 (h8) is on a stone"),
            ("h8 vcf z99", "solution"),
            ("h8 vct i9 size=99", "size=99"),
            ("h8 vct i9 level=x", "level=x"),
            ("h8 vct i9 rule=go", "rule=go"),
            ("h8 vct i9 junk", "'junk' is not a key=value"),
            ("h8a1h9a2h10a3h11a4h12 vcf b1", "already won"),
        ] {
            let e = parse_puzzle(bad).unwrap_err();
            assert!(e.contains(what), "{bad}: {e}");
        }
    }

    #[test]
    fn a_set_keeps_its_header() {
        let set = parse_set("# seed: 5\n# engine: x\nh8 vct i9\n").unwrap();
        assert_eq!(set.header, ["seed: 5", "engine: x"]);
        assert_eq!(parse_set(&set.to_text()).unwrap(), set);
    }
}
