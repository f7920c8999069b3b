//! The attack set: positions from games the engine lost in which the
//! winner, to move, has a forced win that our own long search finds; and
//! how many of them the engine finds within a move's time. Self-play and
//! matches need hundreds of games to see 20 Elo; the attack set asks in a
//! minute whether a change finds the wins that beat us sooner or later.
//!
//! Mining needs only the games and their winners (a match's
//! `results.csv`): each case is labelled by our engine, never by the
//! opponent's announcements. A win the tree scores is strong evidence,
//! not a proof (the move-count limits cut some defences), but every case
//! is also a position the opponent went on to win from. The set lives in
//! `tests/data/attack.txt`; `gomoku-tune mine-attacks` makes it and
//! `gomoku-tune attacks` scores an engine on it.

use crate::engine::shape::combo;
use crate::engine::state::State;
use crate::engine::{Engine, Limits, Position, Score, SearchParams};
use crate::protocol::settings::DEFAULT_HASH_MB;
use crate::protocol::time::TimeControl;
use crate::rules::{parse_moves, print_moves, Point, Rule, Stone};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use thiserror::Error;

/// Board side of every case: the sparring games are 15×15 freestyle.
pub const SIZE: u8 = 15;

/// Shortest win kept, in plies: a shorter one is a tactic the root's
/// solvers settle at once and says nothing of the search.
pub const MIN_PLIES: u32 = 9;

/// One position of the set: the winner to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackCase {
    /// Where it came from, e.g. `s7-g012-m31` (seed, game, move number).
    pub name: String,
    /// The moves from the empty board, Black first.
    pub moves: Vec<Point>,
    /// Length in plies of the win our long search found.
    pub plies: u32,
}

impl AttackCase {
    /// The case as a position to search (15×15 freestyle).
    ///
    /// # Errors
    /// When the moves do not make a legal game.
    pub fn position(&self) -> Result<Position, String> {
        Position::from_moves(SIZE, Rule::Freestyle, &self.moves)
    }
}

/// A line of an attack-set file that cannot be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {reason}")]
pub struct AttackSetError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Reads an attack-set file: `#` comments, blank lines, and one case a
/// line as `name | moves | plies`.
///
/// # Errors
/// The first line that is not a comment or a well-formed, legal case.
pub fn parse_attack_set(text: &str) -> Result<Vec<AttackCase>, AttackSetError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |reason: String| AttackSetError {
            line: i + 1,
            reason,
        };
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, moves, plies] = fields[..] else {
            return Err(err(format!(
                "expected 'name | moves | plies', found {} fields",
                fields.len()
            )));
        };
        if name.is_empty() {
            return Err(err("the name is empty".into()));
        }
        let moves = parse_moves(moves, SIZE).map_err(|e| err(format!("moves: {e}")))?;
        let plies = plies
            .parse()
            .map_err(|_| err(format!("plies must be a number, not '{plies}'")))?;
        let case = AttackCase {
            name: name.to_string(),
            moves,
            plies,
        };
        case.position().map_err(err)?;
        cases.push(case);
    }
    Ok(cases)
}

/// One case as a line of an attack-set file.
#[must_use]
pub fn format_case(case: &AttackCase) -> String {
    format!(
        "{} | {} | {}",
        case.name,
        print_moves(&case.moves, SIZE),
        case.plies
    )
}

/// Searches `pos` on one thread with the budget a Gomocup manager's turn
/// limit of `ms` gives (the match runner's setting); the plies of the win
/// when the search scores one for the side to move.
pub fn find_win(engine: &mut Engine, pos: &Position, ms: u64) -> Option<u32> {
    let budget = TimeControl {
        turn_ms: Some(ms),
        ..TimeControl::default()
    }
    .budget();
    let params = SearchParams {
        eval: crate::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits {
            soft_time: Some(budget.soft),
            hard_time: Some(budget.hard),
            use_all: budget.use_all,
            ..Limits::default()
        },
        variety: 0,
        seed: Some(1),
        threads: 1,
        multipv: 1,
    };
    let stop = AtomicBool::new(false);
    engine.new_game();
    let r = engine.search(pos, &params, &stop, &mut |_| {});
    (r.score.0 >= Score::MATE_BOUND).then(|| (Score::MATE - r.score.0) as u32)
}

/// A lost game to mine: its moves and its winner.
#[derive(Debug, Clone)]
pub struct LostGame {
    /// Name prefix of its case, e.g. `s7-g012`.
    pub name: String,
    /// The moves, Black first, ending with the winner's five.
    pub moves: Vec<Point>,
    /// The side that won.
    pub winner: Stone,
}

/// The earliest position of `game` with the winner to move where a
/// search of `ms` finds its win, walking back from the end two plies at
/// a time until a search fails; `None` when that win is shorter than
/// `min_plies` or the game is too short.
pub fn mine_game(
    engine: &mut Engine,
    game: &LostGame,
    ms: u64,
    min_plies: u32,
) -> Option<AttackCase> {
    let n = game.moves.len();
    // Positions after k moves with the winner to move: k has the parity
    // of the winner's index (Black moves at even k).
    let parity = usize::from(game.winner == Stone::White);
    let mut k = n.checked_sub(1)?;
    if k % 2 != parity {
        k = k.checked_sub(1)?;
    }
    let mut found = None;
    loop {
        let case = AttackCase {
            name: format!("{}-m{}", game.name, k + 1),
            moves: game.moves[..k].to_vec(),
            plies: 0,
        };
        let pos = case.position().ok()?;
        // Where the winner must block a four, the engine plays the block
        // after one iteration and scores no win: that says nothing, so
        // the walk goes on past it.
        if !must_block(&pos) {
            match find_win(engine, &pos, ms) {
                Some(plies) => found = Some(AttackCase { plies, ..case }),
                None => break,
            }
        }
        if k < 2 {
            break;
        }
        k -= 2;
    }
    found.filter(|c| c.plies >= min_plies)
}

/// True when the side to move faces a four: its only move is the block.
fn must_block(pos: &Position) -> bool {
    let st = State::new(&pos.board, pos.to_move, pos.rule);
    st.count(st.to_move() ^ 1, combo::FIVE) > 0
}

/// Runs `job` over `items` on `threads` threads, one engine each, and
/// returns the results in the items' order.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    job: impl Fn(&mut Engine, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut engine = Engine::new(DEFAULT_HASH_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = job(&mut engine, item);
                    results.lock().expect("no worker panicked")[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|r| r.expect("every item was run"))
        .collect()
}

/// Mines `games` with searches of `ms` each, `threads` games at once: one
/// case per game whose earliest win found is at least [`MIN_PLIES`] long.
#[must_use]
pub fn mine(games: &[LostGame], ms: u64, threads: usize) -> Vec<AttackCase> {
    parallel(games, threads, |engine, game| {
        mine_game(engine, game, ms, MIN_PLIES)
    })
    .into_iter()
    .flatten()
    .collect()
}

/// Searches every case for `ms`, `threads` at once: the plies of the win
/// found, or `None`, per case.
#[must_use]
pub fn score(cases: &[AttackCase], ms: u64, threads: usize) -> Vec<Option<u32>> {
    parallel(cases, threads, |engine, case| {
        let pos = case.position().expect("cases are checked when read");
        find_win(engine, &pos, ms)
    })
}

/// The lost games of engine 1 in a match runner's `results.csv` (engine 2
/// won with a five), named `{tag}-g{game}`.
///
/// # Errors
/// A line that is not a results row of the runner's format.
pub fn lost_games(csv: &str, tag: &str) -> Result<Vec<LostGame>, AttackSetError> {
    let mut games = Vec::new();
    let mut lines = csv.lines().enumerate();
    let header = lines.next().map(|(_, h)| h.trim());
    let expected = "game,opening,black,white,winner,ending,moves,position";
    if header != Some(expected) {
        return Err(AttackSetError {
            line: 1,
            reason: format!("expected the header '{expected}'"),
        });
    }
    for (i, line) in lines {
        let err = |reason: String| AttackSetError {
            line: i + 1,
            reason,
        };
        let f: Vec<&str> = line.trim().split(',').collect();
        let [game, _, black, _, winner, ending, _, position] = f[..] else {
            return Err(err(format!("expected 8 fields, found {}", f.len())));
        };
        if winner != "engine2" || ending != "five" {
            continue;
        }
        let number: u32 = game
            .parse()
            .map_err(|_| err(format!("game number '{game}'")))?;
        let moves = parse_moves(position, SIZE).map_err(|e| err(format!("position: {e}")))?;
        games.push(LostGame {
            name: format!("{tag}-g{number:03}"),
            moves,
            winner: if black == "engine2" {
                Stone::Black
            } else {
                Stone::White
            },
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's open three h8 i8 j8 with g8 and k8 free, White scattered:
    /// Black to move wins at once by an open four, in three plies.
    const OPEN_THREE: &str = "h8 a1 i8 a3 j8 a5";

    #[test]
    fn a_file_round_trips_and_bad_lines_name_their_number() {
        let text = "# comment\n\ns7-g001-m7 | h8a1i8a3j8a5 | 3\n";
        let cases = parse_attack_set(text).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].name, "s7-g001-m7");
        assert_eq!(cases[0].plies, 3);
        let again = parse_attack_set(&format_case(&cases[0])).unwrap();
        assert_eq!(again, cases);
        for (bad, why) in [
            ("x | h8 | 3 | 4", "fields"),
            (" | h8 | 3", "name"),
            ("x | h8 z99 | 3", "moves"),
            ("x | h8 | three", "plies"),
            ("x | h8 h8 | 3", "move 2"),
        ] {
            let e = parse_attack_set(&format!("# c\n{bad}\n")).unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn lost_games_are_read_from_results_with_their_winner() {
        let csv = "game,opening,black,white,winner,ending,moves,position\n\
                   1,h8,engine1,engine2,engine1,five,9,h8a1i8a2j8a3k8a4l8\n\
                   2,h8,engine2,engine1,engine2,five,9,h8a1i8a2j8a3k8a4l8\n\
                   3,h8,engine1,engine2,engine2,time,2,h8a1\n\
                   4,h8,engine1,engine2,engine2,five,10,h8a1i8a2j8a3k8a4n1a5\n";
        let games = lost_games(csv, "s1").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].name, "s1-g002");
        assert_eq!(games[0].winner, Stone::Black);
        assert_eq!(games[1].name, "s1-g004");
        assert_eq!(games[1].winner, Stone::White);
        assert_eq!(games[1].moves.len(), 10);
        let e = lost_games("game,x\n", "s1").unwrap_err();
        assert_eq!(e.line, 1);
        let e = lost_games(&format!("{}\n1,2,3\n", csv.lines().next().unwrap()), "s").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn a_proved_win_is_found_and_a_quiet_position_is_not() {
        let mut engine = Engine::new(16);
        let moves = parse_moves(OPEN_THREE, SIZE).unwrap();
        let case = AttackCase {
            name: "t".into(),
            moves,
            plies: 3,
        };
        let pos = case.position().unwrap();
        assert_eq!(find_win(&mut engine, &pos, 200), Some(3));
        let quiet = AttackCase {
            moves: parse_moves("h8 i9", SIZE).unwrap(),
            ..case
        };
        assert_eq!(find_win(&mut engine, &quiet.position().unwrap(), 100), None);
    }

    #[test]
    fn mining_walks_back_to_the_earliest_win_found() {
        // White wins with d4 e4 f4 g4 h4 while Black plays far away. With
        // White to move, d4 e4 f4 (after move 7) wins by an open four in
        // three plies; d4 e4 alone (after move 5) wins nothing, since
        // Black blocks the three. The walk stops there.
        let moves = parse_moves("a15 d4 o15 e4 a13 f4 o13 g4 a11 h4", SIZE).unwrap();
        let game = LostGame {
            name: "t".into(),
            moves,
            winner: Stone::White,
        };
        let mut engine = Engine::new(16);
        let case = mine_game(&mut engine, &game, 100, 0).expect("a win");
        assert_eq!(case.name, "t-m8");
        assert_eq!(case.moves, game.moves[..7]);
        assert_eq!(case.plies, 3);
        // Too short to keep in the set.
        assert_eq!(mine_game(&mut engine, &game, 100, MIN_PLIES), None);
    }

    #[test]
    fn mining_walks_past_a_forced_block() {
        // White's open three d4 e4 f4 stands from move 6 on; at move 9
        // Black's four a12 (a15 down, the board's edge above) makes White
        // block at a11 before it plays g4 and h4. After move 9 White's
        // only move is that block, which the engine settles without
        // looking for a win; the walk must go past it to move 7, where
        // White to move wins through Black's four.
        let moves = parse_moves("a15 d4 a14 e4 o15 f4 a13 o1 a12 a11 o3 g4 o5 h4", SIZE).unwrap();
        let game = LostGame {
            name: "t".into(),
            moves,
            winner: Stone::White,
        };
        let mut engine = Engine::new(16);
        let case = mine_game(&mut engine, &game, 200, 0).expect("a win");
        assert_eq!(case.name, "t-m8");
        assert!(case.plies >= 3, "{}", case.plies);
    }

    #[test]
    fn scoring_keeps_the_order_of_the_cases() {
        let won = AttackCase {
            name: "won".into(),
            moves: parse_moves(OPEN_THREE, SIZE).unwrap(),
            plies: 3,
        };
        let quiet = AttackCase {
            name: "quiet".into(),
            moves: parse_moves("h8 i9", SIZE).unwrap(),
            plies: 9,
        };
        let r = score(&[quiet.clone(), won.clone(), quiet, won], 100, 2);
        assert_eq!(r, vec![None, Some(3), None, Some(3)]);
    }
}
