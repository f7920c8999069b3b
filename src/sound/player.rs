//! Plays cues through rodio on one output sink opened at start.
//!
//! The sink lives on its own small thread for two reasons: opening a device
//! can stall on a misbehaving sound server (the caller waits at most
//! [`OPEN_TIMEOUT`] and then carries on silently), and the cpal stream need
//! not be `Send` while the player itself can be moved anywhere. Playing a
//! cue only hands a pre-decoded buffer to rodio's mixer over a channel, so
//! it never blocks and cues may overlap.

use super::Cue;
use rodio::buffer::SamplesBuffer;
use rodio::mixer::Mixer;
use rodio::{DeviceSinkBuilder, DeviceSinkError, MixerDeviceSink, Source};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How long [`SoundPlayer::new`] waits for the audio device before giving
/// up and running silently. A working device answers in milliseconds; a
/// missing one fails in milliseconds too, so this only guards against a
/// hung sound server.
pub const OPEN_TIMEOUT: Duration = Duration::from_secs(3);

/// Volume a new player starts with: cues are mastered loud, and a board
/// game should not startle anyone.
pub const DEFAULT_VOLUME: f32 = 0.8;

/// The game's sound output. Cheap to query and to call from the UI thread:
/// nothing here blocks after construction.
pub struct SoundPlayer {
    /// `None` when running silently (no device, or [`SoundPlayer::silent`]).
    output: Option<Output>,
    enabled: AtomicBool,
    /// The volume as `f32` bits, so it can change through `&self`.
    volume: AtomicU32,
}

/// A live output: the mixer feeding the device and every cue decoded.
struct Output {
    mixer: Mixer,
    cues: Vec<(Cue, SamplesBuffer)>,
    /// Dropping this tells the audio thread to close the device.
    close: Option<mpsc::Sender<()>>,
    /// The audio thread, joined on drop so the device is closed cleanly
    /// before the process exits.
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Output {
    fn drop(&mut self) {
        self.close.take();
        if let Some(thread) = self.thread.take() {
            // The thread only waits for `close`, so this returns as soon
            // as the device is closed.
            let _ = thread.join();
        }
    }
}

impl SoundPlayer {
    /// Opens the default output device once. Without a usable device it
    /// logs one warning and returns a silent player; it never panics and
    /// returns within [`OPEN_TIMEOUT`].
    pub fn new() -> SoundPlayer {
        match open() {
            Ok(output) => Self::with_output(Some(output)),
            Err(reason) => {
                log::warn!("sound disabled: {reason}");
                Self::with_output(None)
            }
        }
    }

    /// A player that never makes a sound and touches no device, for tests
    /// and headless use. Its settings still work, so a settings screen can
    /// be exercised against it.
    pub fn silent() -> SoundPlayer {
        Self::with_output(None)
    }

    fn with_output(output: Option<Output>) -> SoundPlayer {
        SoundPlayer {
            output,
            enabled: AtomicBool::new(true),
            volume: AtomicU32::new(DEFAULT_VOLUME.to_bits()),
        }
    }

    /// Starts playing `cue` and returns at once. Does nothing when sound
    /// is disabled, muted or unavailable. Cues may overlap.
    pub fn play(&self, cue: Cue) {
        if !self.enabled() {
            return;
        }
        let volume = self.volume();
        if volume <= 0.0 {
            return;
        }
        let Some(output) = &self.output else {
            return;
        };
        if let Some((_, buffer)) = output.cues.iter().find(|(c, _)| *c == cue) {
            output.mixer.add(buffer.clone().amplify(volume));
        }
    }

    /// Turns sound on or off (a menu setting).
    pub fn set_enabled(&self, enabled: bool) {
        self.enabled.store(enabled, Ordering::Relaxed);
    }

    /// Whether sound is on.
    pub fn enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// Sets the volume, clamped to `0.0..=1.0` (a NaN counts as 0).
    pub fn set_volume(&self, volume: f32) {
        let volume = if volume.is_nan() {
            0.0
        } else {
            volume.clamp(0.0, 1.0)
        };
        self.volume.store(volume.to_bits(), Ordering::Relaxed);
    }

    /// The volume, in `0.0..=1.0`.
    pub fn volume(&self) -> f32 {
        f32::from_bits(self.volume.load(Ordering::Relaxed))
    }

    /// Whether an output device is open, i.e. whether [`play`](Self::play)
    /// can be heard at all.
    pub fn is_available(&self) -> bool {
        self.output.is_some()
    }
}

/// The default is the [silent](SoundPlayer::silent) player, not an open
/// device: a state struct that derives `Default` (or skips the player when
/// deserialising) must not open a second output behind the app's back.
impl Default for SoundPlayer {
    fn default() -> Self {
        Self::silent()
    }
}

impl std::fmt::Debug for SoundPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SoundPlayer")
            .field("available", &self.is_available())
            .field("enabled", &self.enabled())
            .field("volume", &self.volume())
            .finish()
    }
}

/// Decodes every embedded cue into a ready-to-play buffer.
fn decode_all() -> Result<Vec<(Cue, SamplesBuffer)>, String> {
    Cue::ALL
        .iter()
        .map(|&cue| {
            let decoder = rodio::Decoder::new_wav(std::io::Cursor::new(cue.wav_bytes()))
                .map_err(|e| format!("cannot decode {}: {e}", cue.file_name()))?;
            let channels = decoder.channels();
            let rate = decoder.sample_rate();
            let samples: Vec<rodio::Sample> = decoder.collect();
            Ok((cue, SamplesBuffer::new(channels, rate, samples)))
        })
        .collect()
}

/// Opens the default output with stream errors routed to the log (rodio
/// would print each one to stderr); failing that, lets rodio try every
/// other output device.
fn open_sink() -> Result<MixerDeviceSink, DeviceSinkError> {
    // A failing stream can report an error per buffer: warn once, then
    // keep the rest at debug level.
    let warned = Arc::new(AtomicBool::new(false));
    let on_error = move |err: rodio::CpalError| {
        if warned.swap(true, Ordering::Relaxed) {
            log::debug!("audio stream error: {err}");
        } else {
            log::warn!("audio stream error: {err}");
        }
    };
    DeviceSinkBuilder::from_default_device()
        .and_then(|builder| {
            builder
                .with_error_callback(on_error)
                .open_sink_or_fallback()
        })
        .or_else(|first| DeviceSinkBuilder::open_default_sink().map_err(|_| first))
}

/// Runs `open` with ALSA's own error messages kept off stderr.
///
/// libasound prints a dozen `ALSA lib …` lines to stderr when it looks for
/// a device that is not there (no card, no sound server); the player says
/// so in one warning of its own instead. The `alsa` crate's safe,
/// thread-local error handler collects those lines in a buffer for the
/// thread that opens the device, the audio thread: they go to the debug
/// log. Messages from cpal's stream thread later on still reach stderr,
/// but those come from a device that did open and are rare.
#[cfg(any(
    target_os = "linux",
    target_os = "dragonfly",
    target_os = "freebsd",
    target_os = "netbsd"
))]
fn quietly<T>(open: impl FnOnce() -> T) -> T {
    let messages = alsa::Output::local_error_handler();
    let result = open();
    match messages {
        Ok(messages) => {
            let text = messages.borrow().to_string();
            if !text.is_empty() {
                log::debug!("ALSA while opening the audio device:\n{}", text.trim_end());
            }
        }
        Err(e) => log::debug!("ALSA's messages could not be redirected: {e}"),
    }
    result
}

/// Runs `open`: only ALSA prints its messages unasked.
#[cfg(not(any(
    target_os = "linux",
    target_os = "dragonfly",
    target_os = "freebsd",
    target_os = "netbsd"
)))]
fn quietly<T>(open: impl FnOnce() -> T) -> T {
    open()
}

/// Opens the default device on the audio thread and waits for its mixer.
fn open() -> Result<Output, String> {
    let cues = decode_all()?;
    let (ready_tx, ready_rx) = mpsc::channel();
    let (close_tx, close_rx) = mpsc::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("gomoku-audio".into())
        .spawn(move || match quietly(open_sink) {
            Ok(mut sink) => {
                sink.log_on_drop(false);
                if ready_tx.send(Ok(sink.mixer().clone())).is_ok() {
                    // Keep the device open until the player is dropped
                    // (the sender side of `close` disappears).
                    let _ = close_rx.recv();
                }
            }
            Err(e) => {
                let _ = ready_tx.send(Err(format!("no audio output device ({e})")));
            }
        })
        .map_err(|e| format!("cannot start the audio thread: {e}"))?;
    match ready_rx.recv_timeout(OPEN_TIMEOUT) {
        Ok(Ok(mixer)) => Ok(Output {
            mixer,
            cues,
            close: Some(close_tx),
            thread: Some(thread),
        }),
        Ok(Err(reason)) => Err(reason),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!(
            "the audio device did not open within {} s",
            OPEN_TIMEOUT.as_secs()
        )),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err("the audio thread stopped while opening the device".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_clamp() {
        let p = SoundPlayer::silent();
        assert!(p.enabled());
        assert_eq!(p.volume(), DEFAULT_VOLUME);
        p.set_volume(0.25);
        assert_eq!(p.volume(), 0.25);
        p.set_volume(7.0);
        assert_eq!(p.volume(), 1.0);
        p.set_volume(-1.0);
        assert_eq!(p.volume(), 0.0);
        p.set_volume(f32::NAN);
        assert_eq!(p.volume(), 0.0);
        p.set_enabled(false);
        assert!(!p.enabled());
        p.set_enabled(true);
        assert!(p.enabled());
    }

    #[test]
    fn silent_player_is_unavailable_and_plays_nothing() {
        let p = SoundPlayer::silent();
        assert!(!p.is_available());
        for cue in Cue::ALL {
            p.play(cue);
        }
    }

    #[test]
    fn player_can_be_shared_across_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<SoundPlayer>();
    }

    #[test]
    fn default_is_silent() {
        assert!(!SoundPlayer::default().is_available());
    }

    #[test]
    fn every_cue_decodes() {
        let cues = decode_all().expect("embedded assets decode");
        assert_eq!(cues.len(), Cue::ALL.len());
        for (cue, buffer) in cues {
            assert!(
                buffer.total_duration().is_some_and(|d| !d.is_zero()),
                "{cue:?}"
            );
        }
    }
}
