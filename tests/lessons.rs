//! Every shipped lesson exercise is proved: the position is sound, it has
//! a right move found by the coach's own judging (not a stored answer),
//! not every move is right, and a played-out exercise is won (or held)
//! by the solvers within the judge's budget.

use gomoku::lesson::{lessons, Coach, Outcome, Task, Try};
use gomoku::rules::{any_winning_line, point_name, Rule};

#[test]
fn there_are_eight_lessons_in_the_newcomers_order() {
    let ids: Vec<String> = lessons().into_iter().map(|l| l.id).collect();
    assert_eq!(
        ids,
        [
            "rules",
            "fours",
            "threes",
            "four-three",
            "vcf",
            "defend",
            "renju",
            "openings"
        ]
    );
    for l in lessons() {
        assert!((3..=6).contains(&l.exercises.len()), "{}", l.id);
        assert!(!l.text.is_empty(), "{}", l.id);
    }
}

/// Plays a played-out exercise to its end with the coach's own right
/// moves; returns the number of the player's moves.
fn play_out(coach: &mut Coach, t: &mut Try, label: &str) -> usize {
    for n in 1..=30 {
        let mv = coach
            .right_move(t)
            .unwrap_or_else(|| panic!("{label}: no right move after {:?}", t.played));
        match coach.judge(t, mv) {
            Outcome::Done => return n,
            Outcome::Reply(_) => {}
            other => panic!("{label}: the coach's own move {mv:?} judged {other:?}"),
        }
    }
    panic!("{label}: not finished in 30 moves");
}

#[test]
fn every_exercise_is_proved() {
    let mut coach = Coach::new();
    let mut report = String::new();
    for l in lessons() {
        for (i, ex) in l.exercises.iter().enumerate() {
            let label = format!("{} #{}", l.id, i + 1);
            let board = ex.board();
            assert!(
                any_winning_line(&board, ex.rule).is_none(),
                "{label}: already won"
            );
            if matches!(ex.task, Task::Forbidden) {
                assert_eq!(ex.rule, Rule::Renju, "{label}");
            }
            let t = Try::new(ex.clone());
            if ex.task.is_played_out() {
                let mut t2 = t.clone();
                let n = play_out(&mut coach, &mut t2, &label);
                if ex.task == Task::Vcf {
                    // A win by fours takes fours: not a five or an open
                    // four at once.
                    assert!(n >= 3, "{label}: won in {n}");
                }
                report.push_str(&format!("{label}: done in {n}\n"));
                // A move far from the fight is wrong.
                let mut t3 = t.clone();
                let far = gomoku::rules::parse_point("a15", 15).unwrap();
                assert!(
                    matches!(coach.judge(&mut t3, far), Outcome::Wrong { .. }),
                    "{label}: a15 is not wrong"
                );
            } else {
                let right = coach.right_moves(&t);
                let empty = board.points().filter(|&p| board.is_empty_at(p)).count();
                let names: Vec<String> = right.iter().map(|&p| point_name(p, 15)).collect();
                report.push_str(&format!("{label}: {names:?}\n"));
                assert!(!right.is_empty(), "{label}: no right move");
                assert!(right.len() * 4 < empty, "{label}: {names:?} are right");
            }
        }
    }
    println!("{report}");
}

#[test]
fn the_lessons_load_in_under_ten_milliseconds() {
    // The budget of issue #91 (criterion: `cargo bench --bench lessons`);
    // the best of a few tries, so a busy machine does not fail it.
    let best = (0..5)
        .map(|_| {
            let t = std::time::Instant::now();
            let l = lessons();
            let e = t.elapsed();
            assert_eq!(l.len(), 8);
            e
        })
        .min()
        .unwrap();
    assert!(best.as_millis() < 10, "{best:?}");
}
