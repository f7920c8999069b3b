//! A thread that answers tagged questions one at a time and wakes the
//! window after each answer: the plumbing the puzzle judge and the opening
//! AI share (each keeps its own engine state on the thread).

use crate::engine::Waker;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// The thread and its two channels. Each question carries a tag; the
/// caller drops answers to questions it no longer asks.
pub struct TaggedWorker<J, R> {
    jobs: Sender<(u64, J)>,
    replies: Receiver<(u64, R)>,
    waker: Arc<Mutex<Option<Waker>>>,
    next_tag: u64,
}

impl<J: Send + 'static, R: Send + 'static> TaggedWorker<J, R> {
    /// Starts thread `name`: `state` makes its state there (engine tables
    /// are allocated on the thread, not the window's), `answer` answers
    /// each question with it.
    #[must_use]
    pub fn spawn<S>(
        name: &str,
        state: impl FnOnce() -> S + Send + 'static,
        mut answer: impl FnMut(&mut S, J) -> R + Send + 'static,
    ) -> TaggedWorker<J, R> {
        let (jobs, inbox) = channel::<(u64, J)>();
        let (outbox, replies) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let wake = Arc::clone(&waker);
        thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let mut s = state();
                for (tag, job) in inbox {
                    if outbox.send((tag, answer(&mut s, job))).is_err() {
                        return;
                    }
                    if let Some(w) = wake.lock().ok().and_then(|w| w.clone()) {
                        w();
                    }
                }
            })
            .expect("a worker thread starts");
        TaggedWorker {
            jobs,
            replies,
            waker,
            next_tag: 0,
        }
    }

    /// Calls `waker` after every answer from now on.
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(waker);
        }
    }

    /// Sends `job`; returns its tag. A dead thread answers nothing: the
    /// caller's waiting state then never ends, which it shows, but
    /// nothing crashes.
    pub fn send(&mut self, job: J) -> u64 {
        self.next_tag += 1;
        let _ = self.jobs.send((self.next_tag, job));
        self.next_tag
    }

    /// The answers that arrived, oldest first, with their tags.
    pub fn poll(&mut self) -> Vec<(u64, R)> {
        self.replies.try_iter().collect()
    }
}
