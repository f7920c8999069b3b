//! Smart Game Format (SGF, FF[4]) records for Gomoku (`GM[4]`), with
//! variations, comments and set-up positions.
//!
//! Points are two letters, column then row, `a` at the top left, the way
//! SGF writes Go boards and Gomoku tools (Yixin Board, Gomocalc, renju.net
//! exports) follow. Read: `SZ`, `B`/`W`, `AB`/`AW`/`AE` and `PL` in the
//! root, `C` anywhere, `PB`/`PW`/`RE`/`DT`/`RU`; property names may carry
//! lower-case letters (FF[3] style, `AddBlack`), which are dropped. Other
//! properties are ignored and not written back. Only the first game of a
//! collection is read.
//!
//! The reader never recurses on the input, so deeply nested or hostile
//! files cannot overflow the stack; every refusal names the line and
//! column.

use crate::rules::{
    Board, GameError, GameModel, GameSettings, Outcome, Point, Rule, Status, Stone,
};
use thiserror::Error;

/// The facts about a game that SGF keeps beside its moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SgfInfo {
    /// Black's name (`PB`).
    pub black: String,
    /// White's name (`PW`).
    pub white: String,
    /// The date (`DT`), as written.
    pub date: String,
    /// The result (`RE`), as written: `B+`, `W+R`, `0`…
    pub result: String,
}

/// A record read from SGF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfGame {
    /// The game, shown at the end of its main line.
    pub game: GameModel,
    /// Names, date and result.
    pub info: SgfInfo,
}

/// An SGF file that could not be read: where (1-based line and column, in
/// characters) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SgfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong there.
    pub kind: SgfErrorKind,
}

/// The reasons an SGF file is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfErrorKind {
    /// No game tree (`(;…)`) in the text.
    #[error("no SGF game found (a record starts with '(;')")]
    NoGame,
    /// A character where the syntax allows none of it.
    #[error("unexpected '{0}'")]
    Unexpected(char),
    /// The text ends inside a value or before its trees are closed.
    #[error("the file ends before the record is complete")]
    UnexpectedEnd,
    /// `GM` names another game.
    #[error("this is not a Gomoku record (GM[{0}], Gomoku is GM[4])")]
    NotGomoku(String),
    /// `SZ` is unreadable, not square or out of range.
    #[error("unsupported board size '{0}'")]
    BadSize(String),
    /// A point value that is not two letters on the board.
    #[error("'{0}' is not a point on the board")]
    BadPoint(String),
    /// A pass (an empty move), which Gomoku does not have.
    #[error("move {0} is a pass, which Gomoku does not allow")]
    Pass(usize),
    /// A move by the side that is not to move.
    #[error("move {number} is played by {found:?}, but {expected:?} is to move")]
    WrongColour {
        /// 1-based move number.
        number: usize,
        /// The side to move.
        expected: Stone,
        /// The side the record gives.
        found: Stone,
    },
    /// Stones added or removed after the first move.
    #[error("stones are set up in the middle of the game")]
    SetupAfterStart,
    /// A set-up or a move the rules refuse.
    #[error("move {number}: {error}")]
    Illegal {
        /// 1-based move number (0 for the set-up).
        number: usize,
        /// The rules' reason.
        error: GameError,
    },
}

/// A place in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct At {
    line: usize,
    column: usize,
}

impl At {
    fn error(self, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: self.line,
            column: self.column,
            kind,
        }
    }
}

/// One `;` node as read: its properties and where it starts.
#[derive(Debug)]
struct RawNode {
    at: At,
    props: Vec<(String, Vec<String>, At)>,
    children: Vec<usize>,
}

impl RawNode {
    fn get(&self, id: &str) -> Option<&(String, Vec<String>, At)> {
        self.props.iter().find(|(name, _, _)| name == id)
    }

    fn first(&self, id: &str) -> Option<&str> {
        self.get(id)
            .and_then(|(_, values, _)| values.first())
            .map(String::as_str)
    }
}

/// Reads characters while keeping track of the line and column.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    at: At,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
}

/// Parses the first game tree of the text into nodes (index 0 is the
/// root), without recursion.
fn parse_nodes(text: &str) -> Result<Vec<RawNode>, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        at: At { line: 1, column: 1 },
    };
    // Anything before the first '(' is ignored, as editors allow.
    while cur.peek().is_some_and(|c| c != '(') {
        cur.bump();
    }
    if cur.bump().is_none() {
        return Err(cur.at.error(SgfErrorKind::NoGame));
    }
    let mut nodes: Vec<RawNode> = Vec::new();
    // For each open '(': the node its first node hangs from.
    let mut open: Vec<Option<usize>> = vec![None];
    // The last node read in the innermost open tree.
    let mut last: Option<usize> = None;
    loop {
        cur.skip_space();
        let at = cur.at;
        match cur.bump() {
            None => return Err(at.error(SgfErrorKind::UnexpectedEnd)),
            Some(';') => {
                let index = nodes.len();
                let parent = last.or(*open.last().expect("an open tree"));
                if let Some(p) = parent {
                    nodes[p].children.push(index);
                } else if index > 0 {
                    // A second root in one tree: not a tree at all.
                    return Err(at.error(SgfErrorKind::Unexpected(';')));
                }
                let props = read_properties(&mut cur)?;
                nodes.push(RawNode {
                    at,
                    props,
                    children: Vec::new(),
                });
                last = Some(index);
            }
            Some('(') => {
                if last.is_none() {
                    return Err(at.error(SgfErrorKind::Unexpected('(')));
                }
                open.push(last);
            }
            Some(')') => {
                if last.is_none() {
                    return Err(at.error(SgfErrorKind::Unexpected(')')));
                }
                let parent = open.pop().expect("an open tree");
                if open.is_empty() {
                    return Ok(nodes);
                }
                last = parent;
            }
            Some(c) => return Err(at.error(SgfErrorKind::Unexpected(c))),
        }
    }
}

/// Reads the properties after a `;`: an identifier (upper-case letters,
/// lower-case ones dropped) and one or more `[values]`.
fn read_properties(cur: &mut Cursor) -> Result<Vec<(String, Vec<String>, At)>, SgfError> {
    let mut props = Vec::new();
    loop {
        cur.skip_space();
        let at = cur.at;
        let mut name = String::new();
        let mut letters = 0;
        while let Some(c) = cur.peek().filter(char::is_ascii_alphabetic) {
            cur.bump();
            letters += 1;
            if c.is_ascii_uppercase() {
                name.push(c);
            }
        }
        if letters == 0 {
            return Ok(props);
        }
        let mut values = Vec::new();
        loop {
            cur.skip_space();
            if cur.peek() != Some('[') {
                break;
            }
            let opened = cur.at;
            cur.bump();
            values.push(read_value(cur, opened)?);
        }
        if values.is_empty() {
            let c = cur.peek();
            return Err(match c {
                Some(c) => cur.at.error(SgfErrorKind::Unexpected(c)),
                None => cur.at.error(SgfErrorKind::UnexpectedEnd),
            });
        }
        if name.is_empty() {
            return Err(at.error(SgfErrorKind::Unexpected(text_start(&values).unwrap_or('['))));
        }
        props.push((name, values, at));
    }
}

fn text_start(values: &[String]) -> Option<char> {
    values.first().and_then(|v| v.chars().next())
}

/// Reads a value after its `[` (at `opened`), up to the closing `]`: `\`
/// escapes the next character, and a `\` before a line break removes
/// both. A value left open is reported where it opened.
fn read_value(cur: &mut Cursor, opened: At) -> Result<String, SgfError> {
    let mut value = String::new();
    loop {
        match cur.bump() {
            None => return Err(opened.error(SgfErrorKind::UnexpectedEnd)),
            Some(']') => return Ok(value),
            Some('\\') => match cur.bump() {
                None => return Err(opened.error(SgfErrorKind::UnexpectedEnd)),
                Some('\n') => {
                    if cur.peek() == Some('\r') {
                        cur.bump();
                    }
                }
                Some('\r') => {
                    if cur.peek() == Some('\n') {
                        cur.bump();
                    }
                }
                Some(c) => value.push(c),
            },
            Some('\r') => {
                // Windows line ends read as one line break.
                if cur.peek() == Some('\n') {
                    cur.bump();
                }
                value.push('\n');
            }
            Some(c) => value.push(c),
        }
    }
}

/// A point from two letters, column then row from the top left.
fn parse_point(text: &str, size: u8, at: At) -> Result<Point, SgfError> {
    let bad = || at.error(SgfErrorKind::BadPoint(text.to_string()));
    let bytes = text.trim().as_bytes();
    let [x, y] = bytes else {
        return Err(bad());
    };
    let coord = |c: u8| c.is_ascii_lowercase().then(|| c - b'a');
    let (x, y) = (coord(*x).ok_or_else(bad)?, coord(*y).ok_or_else(bad)?);
    if x >= size || y >= size {
        return Err(bad());
    }
    Ok(Point::new(x, y))
}

/// The point's two letters.
fn point_letters(p: Point) -> String {
    [char::from(b'a' + p.x), char::from(b'a' + p.y)]
        .iter()
        .collect()
}

/// The rule named by `RU`, if it is one the game knows.
fn rule_of(text: &str) -> Option<Rule> {
    let t = text.trim().to_ascii_lowercase();
    if t.contains("renju") {
        Some(Rule::Renju)
    } else if t.contains("standard") || t.contains("exact") {
        Some(Rule::Standard)
    } else if t.contains("free") || t == "gomoku" {
        Some(Rule::Freestyle)
    } else {
        None
    }
}

fn stone_of(id: &str) -> Option<Stone> {
    match id {
        "B" => Some(Stone::Black),
        "W" => Some(Stone::White),
        _ => None,
    }
}

/// Reads an SGF record. The board size comes from `SZ` (15 when absent),
/// the rule from `RU` when it names one, else from `settings`, which also
/// gives the opponents.
///
/// # Errors
/// [`SgfError`] with the line, column and reason; nothing is half-read.
pub fn parse_sgf(text: &str, settings: GameSettings) -> Result<SgfGame, SgfError> {
    let nodes = parse_nodes(text)?;
    let root = &nodes[0];
    if let Some(gm) = root.first("GM") {
        if gm.trim() != "4" {
            return Err(root.at.error(SgfErrorKind::NotGomoku(gm.to_string())));
        }
    }
    let size = match root.get("SZ") {
        None => crate::rules::STANDARD_SIZE,
        Some((_, values, at)) => {
            let text = values[0].trim();
            let (w, h) = text.split_once(':').unwrap_or((text, text));
            match (w.trim().parse::<u8>(), h.trim().parse::<u8>()) {
                (Ok(w), Ok(h)) if w == h => w,
                _ => return Err(at.error(SgfErrorKind::BadSize(text.to_string()))),
            }
        }
    };
    let rule = root.first("RU").and_then(rule_of).unwrap_or(settings.rule);
    let settings = GameSettings { size, rule };
    let illegal =
        |at: At, number: usize, error: GameError| at.error(SgfErrorKind::Illegal { number, error });
    let mut start = Board::new(size).map_err(|_| {
        let at = root.get("SZ").map_or(root.at, |p| p.2);
        at.error(SgfErrorKind::BadSize(size.to_string()))
    })?;
    for (id, values, at) in &root.props {
        let stone = match id.as_str() {
            "AB" => Some(Stone::Black),
            "AW" => Some(Stone::White),
            "AE" => None,
            _ => continue,
        };
        for v in values {
            for p in point_list(v, size, *at)? {
                let _ = start.remove(p);
                if let Some(s) = stone {
                    start.place(p, s).map_err(|e| illegal(*at, 0, e.into()))?;
                }
            }
        }
    }
    let first = match root.first("PL").map(str::trim) {
        Some("B" | "b") => Stone::Black,
        Some("W" | "w") => Stone::White,
        _ => start.side_to_move_by_count().unwrap_or(Stone::Black),
    };
    let mut game =
        GameModel::from_setup(settings, &start, first).map_err(|e| illegal(root.at, 0, e))?;
    game.set_comment(root.first("C").unwrap_or(""));
    // Depth first, children in order; the root may hold a move too, as
    // some writers put the first stone there.
    let mut stack: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
    while let Some((index, path)) = stack.pop() {
        let node = &nodes[index];
        let mut here = path;
        if game.path() != here.as_slice() {
            game.goto_node(&here).expect("paths come from the game");
        }
        let setup = ["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some());
        if index != 0 && setup {
            return Err(node.at.error(SgfErrorKind::SetupAfterStart));
        }
        let mv = node
            .props
            .iter()
            .find_map(|(id, v, at)| stone_of(id).map(|s| (s, v, *at)));
        if let Some((stone, values, at)) = mv {
            let number = game.moves().len() + 1;
            let text = values[0].trim();
            if text.is_empty() || (text == "tt" && size <= 19) {
                return Err(at.error(SgfErrorKind::Pass(number)));
            }
            let p = parse_point(text, size, at)?;
            let expected = game.side_to_move();
            if stone != expected {
                return Err(at.error(SgfErrorKind::WrongColour {
                    number,
                    expected,
                    found: stone,
                }));
            }
            if game.is_over() {
                return Err(illegal(at, number, GameError::MoveAfterEnd(number)));
            }
            game.play(p).map_err(|e| illegal(at, number, e))?;
            here = game.path().to_vec();
            if let Some(c) = node.first("C") {
                game.set_comment(c);
            }
        } else if index != 0 {
            // A node with no move only carries a comment for the position.
            if let Some(c) = node.first("C") {
                let joined = join_comment(game.comment(), c);
                game.set_comment(&joined);
            }
        }
        for &child in node.children.iter().rev() {
            stack.push((child, here.clone()));
        }
    }
    let info = SgfInfo {
        black: root.first("PB").unwrap_or("").to_string(),
        white: root.first("PW").unwrap_or("").to_string(),
        date: root.first("DT").unwrap_or("").to_string(),
        result: root.first("RE").unwrap_or("").to_string(),
    };
    show_main_line_end(&mut game);
    if let Some(loser) = resigned_side(&info.result) {
        if !game.is_over() && game.side_to_move() == loser {
            let _ = resign_as(&mut game, loser);
        }
    }
    Ok(SgfGame { game, info })
}

fn join_comment(old: &str, new: &str) -> String {
    if old.is_empty() {
        new.to_string()
    } else {
        format!("{old}\n{new}")
    }
}

/// Shows the end of the main line (first children all the way).
fn show_main_line_end(game: &mut GameModel) {
    let mut path = Vec::new();
    let mut node = game.tree().root();
    while let Some(first) = node.children().first() {
        path.push(0);
        node = first;
    }
    game.goto_node(&path).expect("the main line exists");
}

/// The side that resigned, from a result such as `W+R` (White won by
/// resignation, so Black resigned).
fn resigned_side(result: &str) -> Option<Stone> {
    let r = result.trim().to_ascii_uppercase();
    match r.as_str() {
        "B+R" | "B+RESIGN" => Some(Stone::White),
        "W+R" | "W+RESIGN" => Some(Stone::Black),
        _ => None,
    }
}

/// Records that `loser` resigned in the shown position, whoever the game
/// says is to move.
fn resign_as(game: &mut GameModel, loser: Stone) -> Result<(), GameError> {
    if game.side_to_move() == loser {
        game.resign(loser)
    } else {
        Err(GameError::GameOver)
    }
}

/// A point list value: one point, or a rectangle `aa:cc` (SGF's
/// compressed lists).
fn point_list(value: &str, size: u8, at: At) -> Result<Vec<Point>, SgfError> {
    match value.split_once(':') {
        None => Ok(vec![parse_point(value, size, at)?]),
        Some((a, b)) => {
            let (a, b) = (parse_point(a, size, at)?, parse_point(b, size, at)?);
            let mut out = Vec::new();
            for y in a.y.min(b.y)..=a.y.max(b.y) {
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    out.push(Point::new(x, y));
                }
            }
            Ok(out)
        }
    }
}

/// Escapes a text value: `\` and `]` get a backslash.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The rule's name as written in `RU`.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

/// The result of the main line's end, as `RE` writes it.
fn result_of(game: &GameModel) -> String {
    let mut end = game.clone();
    show_main_line_end(&mut end);
    let letter = |s: Stone| match s {
        Stone::Black => "B",
        Stone::White => "W",
    };
    match end.status() {
        Status::Ongoing => String::new(),
        Status::Over(Outcome::Draw) => "0".to_string(),
        Status::Over(Outcome::Five { winner, .. }) => format!("{}+", letter(*winner)),
        Status::Over(Outcome::Resigned { loser }) => format!("{}+R", letter(loser.opponent())),
        Status::Over(Outcome::OnTime { loser }) => format!("{}+T", letter(loser.opponent())),
    }
}

/// Writes the whole game as SGF: the set-up, every variation and comment.
/// Empty fields of `info` are left out; `RE` is written from the main
/// line's result when `info.result` is empty.
#[must_use]
pub fn write_sgf(game: &GameModel, info: &SgfInfo) -> String {
    let mut out = String::from("(;FF[4]GM[4]CA[UTF-8]");
    out.push_str(&format!(
        "AP[gomoku:{}]SZ[{}]RU[{}]",
        env!("CARGO_PKG_VERSION"),
        game.size(),
        rule_name(game.rule())
    ));
    let result = if info.result.is_empty() {
        result_of(game)
    } else {
        info.result.clone()
    };
    for (id, value) in [
        ("PB", &info.black),
        ("PW", &info.white),
        ("DT", &info.date),
        ("RE", &result),
    ] {
        if !value.is_empty() {
            out.push_str(&format!("{id}[{}]", escape(value)));
        }
    }
    let tree = game.tree();
    for (id, stone) in [("AB", Stone::Black), ("AW", Stone::White)] {
        let points: Vec<String> = tree
            .start()
            .stones()
            .filter(|(_, s)| *s == stone)
            .map(|(p, _)| format!("[{}]", point_letters(p)))
            .collect();
        if !points.is_empty() {
            out.push_str(id);
            out.push_str(&points.concat());
        }
    }
    if tree.has_setup() {
        let pl = match tree.first_to_move() {
            Stone::Black => "B",
            Stone::White => "W",
        };
        out.push_str(&format!("PL[{pl}]"));
    }
    if !tree.root().comment.is_empty() {
        out.push_str(&format!("C[{}]", escape(&tree.root().comment)));
    }
    write_children(game, tree.root(), 0, &mut out);
    out.push_str(")\n");
    out
}

/// Writes the moves after `node` (whose move was number `ply`): a single
/// line goes on in sequence, a fork writes each child as a `( … )`.
fn write_children(game: &GameModel, node: &crate::rules::Node, ply: usize, out: &mut String) {
    let mut node = node;
    let mut ply = ply;
    loop {
        match node.children() {
            [] => return,
            [only] => {
                write_node(game, only, ply, out);
                node = only;
                ply += 1;
            }
            many => {
                for child in many {
                    out.push_str("\n(");
                    write_node(game, child, ply, out);
                    write_children(game, child, ply + 1, out);
                    out.push(')');
                }
                return;
            }
        }
    }
}

fn write_node(game: &GameModel, node: &crate::rules::Node, ply: usize, out: &mut String) {
    let id = match game.stone_of_move(ply) {
        Stone::Black => "B",
        Stone::White => "W",
    };
    if let Some(p) = node.mv() {
        out.push_str(&format!(";{id}[{}]", point_letters(p)));
    }
    if !node.comment.is_empty() {
        out.push_str(&format!("C[{}]", escape(&node.comment)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GameSettings {
        GameSettings::default()
    }

    #[test]
    fn reads_moves_variations_comments_and_escapes() {
        let text = "(;GM[4]FF[4]SZ[15]PB[Ann]PW[Bo\\]b]C[start]\n;B[hh]C[centre \\\\ ok]\n;W[ii]\n(;B[jj];W[gg])\n(;B[gi]C[a line \\\nthat goes on]))";
        let r = parse_sgf(text, settings()).unwrap();
        assert_eq!(r.info.black, "Ann");
        assert_eq!(r.info.white, "Bo]b");
        let g = &r.game;
        assert_eq!(g.moves().len(), 4);
        assert_eq!(g.tree().root().comment, "start");
        let first = &g.tree().root().children()[0];
        assert_eq!(first.comment, "centre \\ ok");
        let second = &first.children()[0];
        assert_eq!(second.children().len(), 2);
        assert_eq!(second.children()[1].comment, "a line that goes on");
        assert_eq!(g.moves()[0], Point::new(7, 7));
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let e = parse_sgf("(;GM[4]\n;B[hh]\n;B[ii])", settings()).unwrap_err();
        assert_eq!((e.line, e.column), (3, 2));
        assert!(matches!(
            e.kind,
            SgfErrorKind::WrongColour { number: 2, .. }
        ));
        let e = parse_sgf("(;GM[1]SZ[19])", settings()).unwrap_err();
        assert!(matches!(e.kind, SgfErrorKind::NotGomoku(_)));
        let e = parse_sgf("(;B[hh]", settings()).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::UnexpectedEnd);
        let e = parse_sgf("(;SZ[15];B[zz])", settings()).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::BadPoint("zz".into()));
        let e = parse_sgf("hello", settings()).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::NoGame);
        let e = parse_sgf("(;B[hh];W[hh])", settings()).unwrap_err();
        assert!(matches!(e.kind, SgfErrorKind::Illegal { number: 2, .. }));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "(;GM[4]SZ[15]AB[aa][bb]AW[cc]PL[W]C[x];W[dd](;B[ee])(;B[ff]C[y]))";
        let g = parse_sgf(text, settings()).unwrap().game;
        let written = write_sgf(&g, &SgfInfo::default());
        assert!(written.contains("AB[aa][bb]AW[cc]PL[W]C[x];W[dd]\n(;B[ee])\n(;B[ff]C[y]))"));
        let back = parse_sgf(&written, settings()).unwrap().game;
        assert_eq!(back.tree(), g.tree());
    }
}
