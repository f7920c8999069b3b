//! Finding the test's own engine processes: each is started with a
//! `--tag=WORD` argument, looked for in `/proc` (Linux only).

use std::time::{Duration, Instant};

/// True while a process started with `--tag=TAG` is alive (a zombie, or
/// a reaped process, has no command line, so a killed engine is gone).
pub fn alive(tag: &str) -> bool {
    let needle = format!("--tag={tag}");
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| c.split(|&b| b == 0).any(|arg| arg == needle.as_bytes()))
            .unwrap_or(false)
    })
}

/// Waits up to three seconds for `alive(tag)` to be `want`.
pub fn wait_for(want: bool, tag: &str) -> bool {
    let until = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until {
        if alive(tag) == want {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}
