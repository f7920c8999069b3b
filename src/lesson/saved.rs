//! What is saved of the lessons (`lessons.json` beside the settings): the
//! exercises done in each lesson. Shared by the app and the terminal, so
//! progress made in one shows in the other; the storage layer writes it
//! crash-safely and sets a damaged file aside.

use super::data::Lesson;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The exercises done, by lesson id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedLessons {
    /// Lesson id → the indices of its exercises done (by the player, not
    /// shown by "Show me").
    pub done: BTreeMap<String, BTreeSet<usize>>,
}

impl SavedLessons {
    /// Counts exercise `index` of lesson `id` as done; true if it was not
    /// already.
    pub fn record(&mut self, id: &str, index: usize) -> bool {
        self.done.entry(id.to_string()).or_default().insert(index)
    }

    /// True when exercise `index` of lesson `id` is done.
    #[must_use]
    pub fn is_done(&self, id: &str, index: usize) -> bool {
        self.done.get(id).is_some_and(|s| s.contains(&index))
    }

    /// How many of `lesson`'s exercises are done.
    #[must_use]
    pub fn done_in(&self, lesson: &Lesson) -> usize {
        (0..lesson.exercises.len())
            .filter(|&i| self.is_done(&lesson.id, i))
            .count()
    }

    /// True when every exercise of `lesson` is done.
    #[must_use]
    pub fn finished(&self, lesson: &Lesson) -> bool {
        self.done_in(lesson) == lesson.exercises.len()
    }

    /// The lesson to take next: the first one not finished; `None` once all
    /// are (then the puzzles come next).
    #[must_use]
    pub fn suggested(&self, lessons: &[Lesson]) -> Option<usize> {
        lessons.iter().position(|l| !self.finished(l))
    }

    /// The exercise of `lesson` to start at: the first not done, else the
    /// first.
    #[must_use]
    pub fn first_open(&self, lesson: &Lesson) -> usize {
        (0..lesson.exercises.len())
            .find(|&i| !self.is_done(&lesson.id, i))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::data::lessons;

    #[test]
    fn suggests_the_first_unfinished_lesson_then_none() {
        let all = lessons();
        let mut s = SavedLessons::default();
        assert_eq!(s.suggested(&all), Some(0));
        assert_eq!(s.first_open(&all[0]), 0);
        assert!(s.record(&all[0].id, 0));
        assert!(!s.record(&all[0].id, 0));
        assert_eq!(s.first_open(&all[0]), 1);
        for (i, l) in all.iter().enumerate() {
            for e in 0..l.exercises.len() {
                s.record(&l.id, e);
            }
            assert_eq!(s.suggested(&all), (i + 1 < all.len()).then_some(i + 1));
        }
        assert_eq!(s.first_open(&all[0]), 0);
    }

    #[test]
    fn round_trips_and_reads_an_empty_object() {
        let mut s = SavedLessons::default();
        s.record("rules", 2);
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<SavedLessons>(&text).unwrap(), s);
        assert_eq!(
            serde_json::from_str::<SavedLessons>("{}").unwrap(),
            SavedLessons::default()
        );
    }
}
