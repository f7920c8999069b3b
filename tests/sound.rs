//! The sound cues: committed assets equal the generator's output, decode
//! with rodio, have sane lengths and levels; the player degrades to silence
//! without a device and really plays when there is one.
//!
//! The device tests run the scenario in a child process (this same test
//! binary, re-invoked with one test selected) because ALSA reads its
//! configuration once per process, from `$HOME/.asoundrc` or
//! `ALSA_CONFIG_PATH`.

use gomoku::sound::Cue;
// The synthesiser is a tool, not part of the library; its own unit tests
// run here too.
#[allow(dead_code)]
#[path = "../tools/sound_synth/mod.rs"]
mod sound_synth;

use sound_synth::synth;
use std::path::Path;

/// The assets' size budget from the issue, in bytes, all files together.
const BUDGET_BYTES: usize = 300_000;

#[test]
fn committed_assets_equal_the_generator_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    for cue in Cue::ALL {
        let generated = synth::render_wav(cue);
        let on_disk = std::fs::read(dir.join(cue.file_name())).expect("asset file exists");
        assert!(
            generated == on_disk && generated == cue.wav_bytes(),
            "{} differs from the synthesiser: run `cargo run --example make_sounds`",
            cue.file_name()
        );
    }
}

#[test]
fn asset_folder_holds_exactly_the_generated_cues() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .expect("assets/sounds exists")
        .map(|e| {
            e.expect("readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    found.sort();
    let mut expected: Vec<String> = Cue::ALL.iter().map(|c| c.file_name().to_owned()).collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn assets_fit_the_size_budget() {
    let total: usize = Cue::ALL.iter().map(|c| c.wav_bytes().len()).sum();
    assert!(total < BUDGET_BYTES, "{total} bytes");
}

#[cfg(feature = "sound")]
mod with_rodio {
    use super::*;
    use gomoku::sound::SoundPlayer;
    use rodio::Source;

    /// Acceptable length in seconds and peak level in dBFS for each cue.
    fn expected(cue: Cue) -> (std::ops::RangeInclusive<f64>, std::ops::RangeInclusive<f64>) {
        match cue {
            Cue::StoneHuman | Cue::StoneAi => (0.08..=0.15, -6.0..=-1.0),
            Cue::Illegal => (0.02..=0.08, -18.0..=-8.0),
            Cue::Win | Cue::Loss => (0.8..=1.6, -9.0..=-1.0),
            Cue::Draw => (0.4..=1.2, -9.0..=-1.0),
            Cue::NewGame => (0.4..=1.0, -9.0..=-1.0),
            Cue::LowTime => (0.2..=0.6, -9.0..=-1.0),
        }
    }

    fn decode(cue: Cue) -> (f64, Vec<f32>) {
        let decoder = rodio::Decoder::new(std::io::Cursor::new(cue.wav_bytes()))
            .unwrap_or_else(|e| panic!("{cue:?} does not decode: {e}"));
        assert_eq!(decoder.channels().get(), 1, "{cue:?} is mono");
        let rate = f64::from(decoder.sample_rate().get());
        let samples: Vec<f32> = decoder.collect();
        (rate, samples)
    }

    #[test]
    fn every_asset_decodes_with_sane_length_and_level() {
        for cue in Cue::ALL {
            let (rate, samples) = decode(cue);
            let seconds = samples.len() as f64 / rate;
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let peak_db = 20.0 * f64::from(peak).log10();
            let rms = (samples.iter().map(|s| f64::from(*s).powi(2)).sum::<f64>()
                / samples.len() as f64)
                .sqrt();
            let rms_db = 20.0 * rms.log10();
            let (length, level) = expected(cue);
            assert!(length.contains(&seconds), "{cue:?} lasts {seconds} s");
            assert!(level.contains(&peak_db), "{cue:?} peaks at {peak_db} dBFS");
            assert!(rms_db > -40.0, "{cue:?} is near silent: RMS {rms_db} dBFS");
            // No click at either end: the file fades from and to silence.
            assert!(samples[0].abs() < 1e-3, "{cue:?} starts with a step");
            assert!(
                samples[samples.len() - 1].abs() < 1e-3,
                "{cue:?} ends with a step"
            );
        }
    }

    #[test]
    fn silent_player_keeps_settings_and_plays_nothing() {
        let player = SoundPlayer::silent();
        assert!(!player.is_available());
        player.set_volume(0.4);
        player.set_enabled(false);
        assert_eq!(player.volume(), 0.4);
        assert!(!player.enabled());
        player.set_enabled(true);
        for cue in Cue::ALL {
            player.play(cue);
        }
    }

    #[test]
    fn new_never_panics_whatever_the_machine() {
        // With or without a sound card, construction and every call
        // succeed. Muted, so running the tests on a desk makes no noise.
        let player = SoundPlayer::new();
        player.set_volume(0.0);
        for cue in Cue::ALL {
            player.play(cue);
        }
        player.set_enabled(false);
        player.play(Cue::Win);
        drop(player);
    }

    #[cfg(target_os = "linux")]
    mod device {
        use super::*;
        use std::process::Command;
        use std::sync::atomic::{AtomicUsize, Ordering};

        /// How much the recording child lets the device write after playing
        /// before closing it: seconds of audio at any common format, far
        /// more than the clack plus the device's buffer.
        const RECORD_BYTES: u64 = 1 << 20;

        /// Tells a re-invoked test binary which scenario to run as a child.
        const CHILD_VAR: &str = "GOMOKU_SOUND_TEST_CHILD";

        /// Counts warnings, to check the "exactly one warning" promise.
        struct CountingLogger;
        static WARNINGS: AtomicUsize = AtomicUsize::new(0);
        static LOGGER: CountingLogger = CountingLogger;

        impl log::Log for CountingLogger {
            fn enabled(&self, _: &log::Metadata) -> bool {
                true
            }
            fn log(&self, record: &log::Record) {
                if record.level() == log::Level::Warn {
                    WARNINGS.fetch_add(1, Ordering::SeqCst);
                    println!("warning logged: {}", record.args());
                }
            }
            fn flush(&self) {}
        }

        /// Runs the test `name` of this binary in a child process with
        /// `HOME` set to `home` and extra environment, returning its
        /// standard output and standard error.
        fn run_child(name: &str, home: &Path, env: &[(&str, &Path)]) -> (String, String) {
            let mut cmd = Command::new(std::env::current_exe().expect("test binary path"));
            cmd.args([name, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD_VAR, "1")
                .env("HOME", home)
                .env_remove("ALSA_CONFIG_PATH")
                .env_remove("XDG_CONFIG_HOME");
            for (k, v) in env {
                cmd.env(k, v);
            }
            let out = cmd.output().expect("child test runs");
            let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(
                out.status.success(),
                "child {name} failed:\n{stdout}\n{stderr}"
            );
            (stdout, stderr)
        }

        fn temp_home(tag: &str) -> std::path::PathBuf {
            let dir =
                std::env::temp_dir().join(format!("gomoku-sound-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            dir
        }

        #[test]
        fn no_device_means_one_warning_and_silence() {
            let home = temp_home("nodevice");
            // An empty ALSA configuration defines no PCM at all, so opening
            // the default device fails as on a server with no sound card.
            let config = home.join("empty-alsa.conf");
            std::fs::write(&config, "").expect("write config");
            let (out, err) = run_child(
                "with_rodio::device::child_without_device",
                &home,
                &[("ALSA_CONFIG_PATH", &config)],
            );
            assert!(out.contains("CHILD OK"), "child did not run:\n{out}");
            // The one warning is the player's own (the child's logger
            // prints it to stdout); libasound's messages stay off the
            // terminal.
            assert!(
                !err.contains("ALSA") && err.lines().count() <= 1,
                "ALSA printed to the terminal:\n{err}"
            );
            let _ = std::fs::remove_dir_all(&home);
        }

        #[test]
        fn alsa_stays_off_the_terminal_with_the_system_configuration() {
            // The system's own ALSA configuration: on a machine with no
            // sound card libasound has a dozen lines to say while cpal
            // looks for a device; with a card the device simply opens.
            // Either way, nothing of ALSA's reaches stderr.
            let home = temp_home("system");
            let (out, err) = run_child("with_rodio::device::child_any_device", &home, &[]);
            assert!(out.contains("CHILD OK"), "child did not run:\n{out}");
            assert!(
                !err.contains("ALSA"),
                "ALSA printed to the terminal:\n{err}"
            );
            let _ = std::fs::remove_dir_all(&home);
        }

        /// Child side of
        /// [`alsa_stays_off_the_terminal_with_the_system_configuration`];
        /// does nothing when run directly.
        #[test]
        fn child_any_device() {
            if std::env::var_os(CHILD_VAR).is_none() {
                return;
            }
            let player = SoundPlayer::new();
            player.set_volume(0.0);
            drop(player);
            println!("CHILD OK");
        }

        /// Child side of [`no_device_means_one_warning_and_silence`]; does
        /// nothing when run directly.
        #[test]
        fn child_without_device() {
            if std::env::var_os(CHILD_VAR).is_none() {
                return;
            }
            log::set_logger(&LOGGER).expect("first logger");
            log::set_max_level(log::LevelFilter::Trace);
            let player = SoundPlayer::new();
            assert!(!player.is_available());
            for cue in Cue::ALL {
                player.play(cue);
            }
            assert_eq!(WARNINGS.load(Ordering::SeqCst), 1);
            println!("CHILD OK");
        }

        #[test]
        fn a_cue_really_reaches_the_device() {
            let home = temp_home("record");
            let wav = home.join("out.wav");
            std::fs::write(
                home.join(".asoundrc"),
                format!(
                    "pcm.!default {{ type file; slave.pcm \"null\"; file \"{}\"; format \"wav\" }}\n",
                    wav.display()
                ),
            )
            .expect("write .asoundrc");
            let (out, _) = run_child("with_rodio::device::child_recording", &home, &[]);
            assert!(out.contains("CHILD OK"), "child did not run:\n{out}");
            let bytes = std::fs::read(&wav).expect("the device wrote a file");
            let _ = std::fs::remove_dir_all(&home);
            let rec = Recording::parse(&bytes);
            let peak = rec.samples.iter().fold(0.0, |m: f64, s| m.max(s.abs()));
            // Played at volume 1 the clack peaks at -3 dBFS; resampling to
            // the device rate may shave a little off, but not half.
            assert!((0.5..=0.9).contains(&peak), "recorded peak {peak}");
            // One clack, not noise: sound (above -60 dBFS) spans about the
            // cue's length, read at the rate the device actually ran at.
            let first = rec.samples.iter().position(|s| s.abs() > 1e-3);
            let last = rec.samples.iter().rposition(|s| s.abs() > 1e-3);
            let (Some(first), Some(last)) = (first, last) else {
                panic!("nothing audible was recorded");
            };
            let span = (last - first) as f64 / f64::from(rec.channels) / f64::from(rec.rate);
            assert!((0.05..=0.15).contains(&span), "sound spans {span} s");
        }

        /// What ALSA's file plugin wrote: interleaved samples as `f64` in
        /// [-1, 1]. The plugin may write 16- or 32-bit integers or floats.
        struct Recording {
            rate: u32,
            channels: u16,
            samples: Vec<f64>,
        }

        impl Recording {
            fn parse(bytes: &[u8]) -> Recording {
                assert_eq!(&bytes[0..4], b"RIFF", "not a WAV file");
                let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
                let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
                let mut pos = 12;
                let (mut format, mut channels, mut rate, mut bits) = (0, 0, 0, 0);
                while pos + 8 <= bytes.len() {
                    let id = &bytes[pos..pos + 4];
                    let len = u32_at(pos + 4) as usize;
                    let body = pos + 8;
                    if id == b"fmt " {
                        format = u16_at(body);
                        channels = u16_at(body + 2);
                        rate = u32_at(body + 4);
                        bits = u16_at(body + 14);
                    } else if id == b"data" {
                        // The plugin may not patch the length; read to the end.
                        let data = &bytes[body..];
                        let samples = match (format, bits) {
                            (1, 16) => data
                                .chunks_exact(2)
                                .map(|c| f64::from(i16::from_le_bytes([c[0], c[1]])) / 32768.0)
                                .collect(),
                            (1, 32) => data
                                .chunks_exact(4)
                                .map(|c| {
                                    f64::from(i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                                        / 2_147_483_648.0
                                })
                                .collect(),
                            (3, 32) => data
                                .chunks_exact(4)
                                .map(|c| f64::from(f32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                                .collect(),
                            other => panic!("unexpected recorded format {other:?}"),
                        };
                        assert!(channels > 0 && rate > 0, "no fmt chunk before data");
                        return Recording {
                            rate,
                            channels,
                            samples,
                        };
                    }
                    pos = body + len + (len & 1);
                }
                panic!("no data chunk in the recording");
            }
        }

        /// Child side of [`a_cue_really_reaches_the_device`]; does nothing
        /// when run directly.
        #[test]
        fn child_recording() {
            if std::env::var_os(CHILD_VAR).is_none() {
                return;
            }
            let wav = Path::new(&std::env::var_os("HOME").expect("HOME set")).join("out.wav");
            let player = SoundPlayer::new();
            assert!(player.is_available(), "the file device did not open");
            player.set_volume(1.0);
            let size = || std::fs::metadata(&wav).map(|m| m.len()).unwrap_or(0);
            // The device writes ahead of the file, so the clack lands after
            // whatever is on disk now.
            let before = size();
            player.play(Cue::StoneHuman);
            // ALSA's null device takes samples as fast as they come, not in
            // real time, so wait for the file to grow rather than for the
            // clock: closing the device early would drop the samples still
            // in its buffer.
            for _ in 0..1000 {
                if size() > before + RECORD_BYTES {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            drop(player);
            println!("CHILD OK");
        }
    }
}
