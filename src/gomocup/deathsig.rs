//! An engine dies with the program that started it, even when that
//! program is killed outright (SIGKILL, a crash): on Linux the kernel
//! sends the child a signal when its parent goes (`PR_SET_PDEATHSIG`).
//! Elsewhere the engine's owner ends it on every orderly path (`Drop`).
//!
//! The kernel ties the signal to the *thread* that started the child, not
//! the process: an engine must be started on a thread that lives at least
//! as long as the engine is wanted (the match workers and the app's engine
//! driver threads own their engines for their whole life, so they do).

use std::process::Command;

/// Arranges for the child `cmd` starts to be killed when this thread ends.
#[cfg(target_os = "linux")]
// `pre_exec` is an unsafe API: no safe crate offers a parent-death signal
// for `std::process::Command` (rustix has a safe `prctl` wrapper but the
// hook that runs it in the child is still `pre_exec`). The closure is
// sound: it runs between fork and exec and calls only two
// async-signal-safe system calls, allocating nothing.
#[allow(unsafe_code)]
pub(super) fn die_with_parent(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
    // SAFETY: see above; no allocation, no lock, only prctl and getppid.
    unsafe {
        cmd.pre_exec(move || {
            if libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            ) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died between fork and prctl: then the
            // signal will never come, so do not run the engine at all.
            if libc::getppid() != parent {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Elsewhere the owner's `Drop` and shutdown paths end the engine.
#[cfg(not(target_os = "linux"))]
pub(super) fn die_with_parent(_cmd: &mut Command) {}
