//! A move's threats, as the engine's own pattern tables see them: which
//! shapes it makes on which line, which of the opponent's shapes it
//! stops, whether it is forbidden under Renju, and what the opponent
//! threatened before it (a four, or a forced win by fours or by threats,
//! and where it had to be met). Structure only; the words are in
//! `crate::i18n::threats`.

use super::shape::{combo, pat};
use super::state::{Cell, State};
use super::vcf::Vcf;
use super::vct::Vct;
use crate::rules::{forbidden, Board, Forbidden, Point, Rule, Stone};

/// One of the four lines through a point, in the order of
/// [`crate::rules::DIRECTIONS`] and of the engine's line patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// Horizontal (横线).
    Row,
    /// Vertical (竖线).
    Column,
    /// From top left to bottom right (左斜线, `\`).
    Diagonal,
    /// From bottom left to top right (右斜线, `/`).
    AntiDiagonal,
}

impl Line {
    /// The four lines, in direction order.
    pub const ALL: [Line; 4] = [Line::Row, Line::Column, Line::Diagonal, Line::AntiDiagonal];
}

/// What a move makes on one line, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// Five in a row (连五).
    Five,
    /// An open four (活四): two points make five.
    OpenFour,
    /// A four (冲四): one point makes five.
    Four,
    /// An open three (活三): one move from an open four.
    OpenThree,
    /// A closed three (眠三): one move from a four.
    ClosedThree,
}

impl Shape {
    /// The shape of an engine line pattern, if it is one worth naming.
    #[must_use]
    pub fn of_pattern(p: u8) -> Option<Shape> {
        match p {
            pat::F5 => Some(Shape::Five),
            pat::F4 => Some(Shape::OpenFour),
            pat::B4 => Some(Shape::Four),
            pat::F3 => Some(Shape::OpenThree),
            pat::B3 => Some(Shape::ClosedThree),
            _ => None,
        }
    }
}

/// A shape on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OnLine {
    /// The shape.
    pub shape: Shape,
    /// The line it lies on.
    pub line: Line,
}

/// A move's shapes taken together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Combo {
    /// A four and an open three (四三).
    FourThree,
    /// Two open threes or more (三三).
    DoubleThree,
    /// Two fours or more, on different lines or one (双四).
    DoubleFour,
}

/// The opponent's threat before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThreatKind {
    /// A four on the board: five next move.
    Four,
    /// A forced win by continuous fours.
    Vcf,
    /// A forced win by fours and open threes.
    Vct,
}

/// What the opponent threatened, and what the move did about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The opponent.
    pub by: Stone,
    /// The kind of threat.
    pub kind: ThreatKind,
    /// Its first move (for a four, the point where it makes five).
    pub from: Point,
    /// True when the move met it: after the move the opponent has no
    /// forced win (or the move made five first).
    pub met: bool,
    /// When not met: a move that would have met it, if the solver found
    /// one among the threat's points.
    pub answer: Option<Point>,
}

/// Everything said about one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The move.
    pub mv: Point,
    /// Who played it.
    pub side: Stone,
    /// The shapes it makes, strongest first.
    pub makes: Vec<OnLine>,
    /// Their name together, when two or more threats meet.
    pub combo: Option<Combo>,
    /// Under Renju, why Black may not play it.
    pub forbidden: Option<Forbidden>,
    /// The opponent's shapes it stops: a four it blocks, an open three it
    /// closes (strongest first).
    pub stops: Vec<OnLine>,
    /// The opponent's threat before the move, if any.
    pub threat: Option<Threat>,
}

/// The shapes `side` makes by playing the empty point `c` of `st`,
/// strongest first, and their combination.
#[must_use]
pub fn shapes_at(st: &State, c: Cell, side: usize) -> (Vec<OnLine>, Option<Combo>) {
    let pats = st.patterns_at(c)[side];
    let mut makes: Vec<OnLine> = Line::ALL
        .into_iter()
        .zip(pats)
        .filter_map(|(line, p)| Shape::of_pattern(p).map(|shape| OnLine { shape, line }))
        .collect();
    makes.sort();
    let fours = makes
        .iter()
        .filter(|s| matches!(s.shape, Shape::OpenFour | Shape::Four))
        .count();
    let threes = makes.iter().filter(|s| s.shape == Shape::OpenThree).count();
    let five = makes.iter().any(|s| s.shape == Shape::Five);
    // Two fours on one line (a split double four such as X_XXX_X) read as
    // one open four, as the pattern says two five points; under Renju the
    // exact rule's verdict still names it a double four.
    let combo = if five {
        None
    } else if fours >= 2 {
        Some(Combo::DoubleFour)
    } else if fours == 1 && threes >= 1 {
        Some(Combo::FourThree)
    } else if threes >= 2 {
        Some(Combo::DoubleThree)
    } else {
        None
    };
    (makes, combo)
}

/// The opponent's shapes a stone of `side` at the empty point `c` stops:
/// a five point of his (he had a four there) and an open-four point (he
/// had an open three there).
#[must_use]
pub fn stops_at(st: &State, c: Cell, side: usize) -> Vec<OnLine> {
    let pats = st.patterns_at(c)[side ^ 1];
    let mut v: Vec<OnLine> = Line::ALL
        .into_iter()
        .zip(pats)
        .filter_map(|(line, p)| {
            let shape = match p {
                pat::F5 => Shape::Four,
                pat::F4 => Shape::OpenThree,
                _ => return None,
            };
            Some(OnLine { shape, line })
        })
        .collect();
    v.sort();
    v
}

/// Own fours of the threat searches: far beyond any real game's VCF.
const VCF_FOURS: u8 = 30;
/// Nodes of a VCF search.
const VCF_NODES: u64 = 100_000;
/// Own threats of a VCT search.
const VCT_THREATS: u8 = 8;
/// Nodes of a VCT search: the explanation should come within a few tens
/// of milliseconds; a deeper threat is left unsaid.
const VCT_NODES: u64 = 30_000;
/// Points of the opponent's threat tried as the answer to it.
const ANSWER_TRIES: usize = 12;

fn never() -> bool {
    false
}

/// Explains moves, keeping the solvers' caches between calls of one rule.
#[derive(Default)]
pub struct Explainer {
    vcf: Option<Vcf>,
    vct: Option<Vct>,
    rule: Option<Rule>,
}

impl Explainer {
    /// An explainer with empty caches (allocated on first use).
    #[must_use]
    pub fn new() -> Explainer {
        Explainer::default()
    }

    /// Explains `side` playing the empty point `mv` of `board` under
    /// `rule`, with the opponent's threat before it (`with_threat`; a
    /// few solver searches).
    #[must_use]
    pub fn explain(
        &mut self,
        board: &Board,
        rule: Rule,
        side: Stone,
        mv: Point,
        with_threat: bool,
    ) -> Explanation {
        self.explain_preferring(board, rule, side, mv, with_threat, None)
    }

    /// [`Explainer::explain`], naming `prefer` as the answer to an unmet
    /// threat whenever it meets it: the review's best move, so the words
    /// and the board's ring name the same defence where there are several.
    #[must_use]
    pub fn explain_preferring(
        &mut self,
        board: &Board,
        rule: Rule,
        side: Stone,
        mv: Point,
        with_threat: bool,
        prefer: Option<Point>,
    ) -> Explanation {
        let mut st = State::new(board, side, rule);
        let c = st.cell(mv);
        let me = side.index();
        let (makes, combo) = shapes_at(&st, c, me);
        let forbidden = if rule == Rule::Renju && side == Stone::Black {
            forbidden(board, mv)
        } else {
            None
        };
        let stops = stops_at(&st, c, me);
        let prefer = prefer
            .filter(|p| p.x < board.size() && p.y < board.size())
            .map(|p| st.cell(p));
        let threat = if with_threat {
            self.threat(&mut st, c, rule, prefer)
        } else {
            None
        };
        Explanation {
            mv,
            side,
            makes,
            combo,
            forbidden,
            stops,
            threat,
        }
    }

    /// The opponent's forced win if the side to move passed, as its kind
    /// and line.
    fn opponent_win(&mut self, st: &mut State) -> Option<(ThreatKind, Vec<Cell>)> {
        st.flip_side();
        let r = self.win(st);
        st.flip_side();
        r
    }

    /// The side to move's forced win, as its kind and line.
    fn win(&mut self, st: &mut State) -> Option<(ThreatKind, Vec<Cell>)> {
        let vcf = self.vcf.get_or_insert_with(Vcf::new);
        if let Some(line) = vcf.solve(st, VCF_FOURS, VCF_NODES, &never) {
            return Some((ThreatKind::Vcf, line));
        }
        let vct = self.vct.get_or_insert_with(Vct::new);
        vct.solve(st, VCT_THREATS, VCT_NODES, &never)
            .map(|(line, _)| (ThreatKind::Vct, line))
    }

    /// True when the side to move at `c` leaves the opponent no forced
    /// win.
    fn meets(&mut self, st: &mut State, c: Cell) -> bool {
        let me = st.to_move();
        if st.combo(c, me) == combo::FIVE {
            return true;
        }
        if st.is_forbidden(c) {
            return false;
        }
        st.make(c);
        let r = self.win(st).is_none();
        st.unmake();
        r
    }

    fn threat(
        &mut self,
        st: &mut State,
        c: Cell,
        rule: Rule,
        prefer: Option<Cell>,
    ) -> Option<Threat> {
        if self.rule != Some(rule) {
            self.vcf = None;
            self.vct = None;
            self.rule = Some(rule);
        }
        let me = st.to_move();
        let by = if me == 0 { Stone::White } else { Stone::Black };
        if let Some(f) = st.find_five(me ^ 1) {
            let met = c == f || st.combo(c, me) == combo::FIVE;
            return Some(Threat {
                by,
                kind: ThreatKind::Four,
                from: st.point(f),
                met,
                answer: (!met).then(|| st.point(f)),
            });
        }
        let (kind, line) = self.opponent_win(st)?;
        let met = self.meets(st, c);
        let mut answer = None;
        if !met {
            let open = |x: &Cell| *x != c && st.is_empty(*x);
            let tries: Vec<Cell> = prefer
                .into_iter()
                .filter(open)
                .chain(line.iter().copied().filter(open).take(ANSWER_TRIES))
                .collect();
            answer = tries
                .into_iter()
                .find(|&x| self.meets(st, x))
                .map(|x| st.point(x));
        }
        Some(Threat {
            by,
            kind,
            from: st.point(line[0]),
            met,
            answer,
        })
    }
}
