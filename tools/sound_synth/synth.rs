//! Recipes for every cue: modal synthesis for the wooden clacks, a soft
//! mallet-bell voice in a small room for the musical cues, filtered noise
//! for the swoosh. Pure and deterministic: the same build renders the same
//! bytes on every platform (see [`super::dsp`]).

use super::dsp::{
    db, exp, ln, note, sin_turns, smooth_step, HighPass, LowPass, Noise, Resonator, Room,
    SweepFilter,
};
use super::wav;
use gomoku::sound::Cue;

/// Sample rate of the percussive cues: their click lives above 10 kHz.
pub const RATE_PERCUSSIVE: u32 = 44_100;
/// Sample rate of the tonal cues: nothing they play reaches 11 kHz, and
/// half the rate keeps all assets well under the 300 KB budget.
pub const RATE_TONAL: u32 = 22_050;
/// Peak level of the clacks and the musical cues, in dBFS: loud, with
/// headroom for the resampler and for overlapping cues.
pub const PEAK_DB: f64 = -3.0;
/// Peak level of the musical cues, in dBFS. Sustained tones carry far more
/// energy than a clack at the same peak, so they sit lower to feel equally
/// loud next to the stones.
pub const PEAK_TONAL_DB: f64 = -6.0;
/// Peak level of the illegal-move tick, in dBFS: a hint, not an alarm.
pub const PEAK_TICK_DB: f64 = -12.0;
/// Corner of the final high-pass, in Hz: removes DC so every file starts
/// and ends at silence.
const DC_CORNER_HZ: f64 = 25.0;

/// One rendered cue: 16-bit mono samples at `rate` Hz.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Samples per second.
    pub rate: u32,
    /// The PCM samples, mono.
    pub samples: Vec<i16>,
}

impl Rendered {
    /// The cue as WAV file bytes.
    pub fn to_wav(&self) -> Vec<u8> {
        wav::encode(self.rate, &self.samples)
    }
}

/// Renders `cue` from its recipe.
pub fn render(cue: Cue) -> Rendered {
    match cue {
        Cue::StoneHuman => clack(&HUMAN_STONE),
        Cue::StoneAi => clack(&AI_STONE),
        Cue::Win => win(),
        Cue::Loss => loss(),
        Cue::Draw => draw(),
        Cue::Illegal => tick(),
        Cue::NewGame => new_game(),
        Cue::LowTime => low_time(),
    }
}

/// Renders `cue` straight to WAV bytes (what `make_sounds` writes).
pub fn render_wav(cue: Cue) -> Vec<u8> {
    render(cue).to_wav()
}

/// How a stone meets the board.
#[derive(Debug)]
struct StoneSpec {
    /// Scales every body mode: lower means a bigger, darker board.
    pitch: f64,
    /// Scales every mode's decay time: higher rings longer.
    ring: f64,
    /// Level of the contact noise (the "tsk" of stone on wood).
    grit: f64,
    /// How long stone and wood touch, in seconds: shorter is a harder,
    /// brighter click.
    contact: f64,
    /// Noise seed, so the two stones are not the same texture.
    seed: u64,
    /// Length in seconds.
    length: f64,
}

/// The human's stone: bright and crisp.
const HUMAN_STONE: StoneSpec = StoneSpec {
    pitch: 1.0,
    ring: 1.0,
    grit: 1.0,
    contact: 0.000_16,
    seed: 0x5EED_0001,
    length: 0.12,
};

/// The AI's stone: about a whole tone lower, a touch longer and softer, as
/// if set down on the other side of the board.
const AI_STONE: StoneSpec = StoneSpec {
    pitch: 0.89,
    ring: 1.12,
    grit: 0.75,
    contact: 0.000_22,
    seed: 0x5EED_0002,
    length: 0.13,
};

/// Vibration modes of a thick wooden board struck by a stone: frequency in
/// Hz, decay time in seconds, relative gain. Inharmonic on purpose: a plate
/// has no harmonic series, which is what makes it sound like wood and not
/// like a note.
const BOARD_MODES: [(f64, f64, f64); 8] = [
    (172.0, 0.024, 0.45),
    (431.0, 0.019, 0.55),
    (907.0, 0.016, 0.70),
    (1_493.0, 0.013, 0.65),
    (2_217.0, 0.010, 0.55),
    (3_145.0, 0.0065, 0.45),
    (4_460.0, 0.0040, 0.35),
    (6_080.0, 0.0025, 0.25),
];

/// Decay of the contact noise burst, in seconds.
const GRIT_DECAY_S: f64 = 0.002;

fn clack(spec: &StoneSpec) -> Rendered {
    let rate = f64::from(RATE_PERCUSSIVE);
    let len = (spec.length * rate).round() as usize;
    let mut modes: Vec<Resonator> = BOARD_MODES
        .iter()
        .map(|&(f, d, g)| Resonator::new(f * spec.pitch, d * spec.ring, g, rate))
        .collect();
    let mut noise = Noise::new(spec.seed);
    let mut grit_hp = HighPass::new(1800.0 * spec.pitch, rate);
    let contact_len = spec.contact * rate;
    let mut out = Vec::with_capacity(len);
    for n in 0..len {
        let t = n as f64 / rate;
        // A half-sine force pulse drives the board modes.
        let force = if (n as f64) < contact_len {
            sin_turns(0.5 * n as f64 / contact_len)
        } else {
            0.0
        };
        let grit = grit_hp.process(noise.sample()) * exp(-t / GRIT_DECAY_S) * spec.grit;
        let body: f64 = modes
            .iter_mut()
            .map(|m| m.process(force + 0.15 * grit))
            .sum();
        out.push(body + 1.2 * grit);
    }
    finish(out, RATE_PERCUSSIVE, PEAK_DB, 0.0002, 0.02)
}

/// Partials of the mallet-bell voice: frequency ratio, relative amplitude
/// (before brightness), relative decay. The slightly stretched upper
/// partials give a glassy shimmer instead of an organ-like buzz.
const BELL_PARTIALS: [(f64, f64, f64); 5] = [
    (1.0, 1.0, 1.0),
    (2.0, 0.30, 0.55),
    (3.0, 0.11, 0.35),
    (4.18, 0.06, 0.20),
    (5.43, 0.03, 0.12),
];

/// One note of the bell voice.
#[derive(Debug, Clone, Copy)]
struct Note {
    /// Start time in seconds.
    at: f64,
    /// Pitch in semitones above A4.
    pitch: f64,
    /// Peak amplitude.
    amp: f64,
    /// Decay time of the fundamental, in seconds.
    decay: f64,
    /// Weight of the upper partials, 0 (pure sine) to 1.
    bright: f64,
    /// Attack time in seconds (a soft mallet is slower).
    attack: f64,
    /// Pitch drift over the note's first second, in semitones.
    glide: f64,
}

impl Note {
    fn new(at: f64, pitch: f64, amp: f64, decay: f64) -> Self {
        Note {
            at,
            pitch,
            amp,
            decay,
            bright: 1.0,
            attack: 0.004,
            glide: 0.0,
        }
    }
}

/// Adds `note` into `buf` (sampled at `rate`).
fn add_note(buf: &mut [f64], rate: f64, note_spec: Note) {
    let start = (note_spec.at * rate).round() as usize;
    let base = note(note_spec.pitch);
    for &(ratio, amp, decay) in &BELL_PARTIALS {
        let weight = if ratio == 1.0 {
            1.0
        } else {
            amp * note_spec.bright
        };
        let freq = base * ratio;
        if weight == 0.0 || freq > rate * 0.45 {
            continue;
        }
        let tau = note_spec.decay * decay;
        let mut phase = 0.0;
        for (i, slot) in buf.iter_mut().skip(start).enumerate() {
            let t = i as f64 / rate;
            let env = smooth_step(t / note_spec.attack) * exp(-t / tau);
            if env < 1e-6 && t > note_spec.attack {
                break;
            }
            *slot += note_spec.amp * weight * env * sin_turns(phase);
            let drift = exp(note_spec.glide * t.min(1.0) / 12.0 * std::f64::consts::LN_2);
            phase += freq * drift / rate;
            phase -= phase.floor();
        }
    }
}

/// Renders bell notes in a small room.
fn music(notes: &[Note], length: f64, room_rt60: f64, wet: f64) -> Vec<f64> {
    let rate = f64::from(RATE_TONAL);
    let mut dry = vec![0.0; (length * rate).round() as usize];
    for &n in notes {
        add_note(&mut dry, rate, n);
    }
    let mut room = Room::new(room_rt60, rate);
    dry.iter().map(|&x| x + wet * room.process(x)).collect()
}

fn win() -> Rendered {
    // C5 E5 G5 C6 rising, then the C major chord blooming under the top
    // note with a high G sparkle.
    let mut notes = vec![
        Note::new(0.000, 3.0, 0.70, 0.30),
        Note::new(0.085, 7.0, 0.72, 0.30),
        Note::new(0.170, 10.0, 0.76, 0.30),
        Note::new(0.255, 15.0, 0.90, 0.55),
    ];
    for pitch in [3.0, 7.0, 10.0] {
        notes.push(Note {
            bright: 0.3,
            attack: 0.03,
            ..Note::new(0.255, pitch, 0.22, 0.60)
        });
    }
    notes.push(Note {
        bright: 0.2,
        ..Note::new(0.34, 22.0, 0.16, 0.35)
    });
    finish(
        music(&notes, 1.4, 0.9, 0.25),
        RATE_TONAL,
        PEAK_TONAL_DB,
        0.001,
        0.25,
    )
}

fn loss() -> Rendered {
    // G4, E♭4, C4 falling, a soft mallet; the last note sags a little.
    let soft = |at, pitch, amp, decay| Note {
        bright: 0.45,
        attack: 0.012,
        ..Note::new(at, pitch, amp, decay)
    };
    let notes = [
        soft(0.00, -2.0, 0.80, 0.40),
        soft(0.21, -6.0, 0.78, 0.40),
        Note {
            glide: -0.4,
            ..soft(0.42, -9.0, 0.85, 0.42)
        },
    ];
    finish(
        music(&notes, 1.4, 0.9, 0.25),
        RATE_TONAL,
        PEAK_TONAL_DB,
        0.001,
        0.25,
    )
}

fn draw() -> Rendered {
    // An open fifth, A4 and E5, lightly strummed: no third, so no mood.
    let notes = [
        Note {
            bright: 0.6,
            attack: 0.008,
            ..Note::new(0.0, 0.0, 0.75, 0.40)
        },
        Note {
            bright: 0.6,
            attack: 0.008,
            ..Note::new(0.03, 7.0, 0.60, 0.38)
        },
    ];
    finish(
        music(&notes, 0.9, 0.8, 0.22),
        RATE_TONAL,
        PEAK_TONAL_DB,
        0.001,
        0.12,
    )
}

/// Length of the illegal-move tick, in seconds.
const TICK_S: f64 = 0.04;

fn tick() -> Rendered {
    // A small, muffled knock, like a fingernail on the board's edge: two
    // quickly damped modes, a rounded contact and a breath of noise. Damped
    // hard so it reads as a tick, not a beep.
    let rate = f64::from(RATE_PERCUSSIVE);
    let len = (TICK_S * rate).round() as usize;
    let mut modes = [
        Resonator::new(1_180.0, 0.0035, 1.0, rate),
        Resonator::new(2_470.0, 0.0018, 0.5, rate),
        Resonator::new(420.0, 0.006, 0.6, rate),
    ];
    let mut noise = Noise::new(0x5EED_0004);
    let mut soften = LowPass::new(3500.0, rate);
    let contact_len = 0.0006 * rate;
    let out = (0..len)
        .map(|n| {
            let t = n as f64 / rate;
            let force = if (n as f64) < contact_len {
                sin_turns(0.5 * n as f64 / contact_len)
            } else {
                0.0
            };
            let breath = 0.05 * noise.sample() * exp(-t / 0.001);
            soften.process(modes.iter_mut().map(|m| m.process(force)).sum::<f64>() + breath)
        })
        .collect();
    finish(out, RATE_PERCUSSIVE, PEAK_TICK_DB, 0.0003, 0.008)
}

fn low_time() -> Rendered {
    // Two quick, bright pips on E6, a clock's warning: urgent enough to
    // notice mid-thought, short enough not to nag.
    let pip = |at: f64| Note {
        bright: 0.8,
        attack: 0.004,
        ..Note::new(at, 19.0, 0.8, 0.07)
    };
    finish(
        music(&[pip(0.0), pip(0.14)], 0.5, 0.5, 0.12),
        RATE_TONAL,
        PEAK_TONAL_DB,
        0.001,
        0.08,
    )
}

fn new_game() -> Rendered {
    // Air swept upwards through a resonant band-pass, landing on a soft
    // G5/D6 chime.
    let rate = f64::from(RATE_TONAL);
    let notes = [
        Note {
            bright: 0.5,
            attack: 0.01,
            ..Note::new(0.30, 10.0, 0.55, 0.35)
        },
        Note {
            bright: 0.4,
            attack: 0.01,
            ..Note::new(0.33, 17.0, 0.38, 0.30)
        },
    ];
    let mut out = music(&notes, 0.8, 0.7, 0.2);
    let mut noise = Noise::new(0x5EED_0003);
    // Two band-passes in series: a narrow, clearly moving band of air
    // rather than broadband hiss.
    let mut band = [SweepFilter::default(), SweepFilter::default()];
    let swoosh_len = (0.45 * rate).round() as usize;
    for (n, slot) in out.iter_mut().take(swoosh_len).enumerate() {
        let t = n as f64 / rate;
        let sweep = 300.0 * exp(t / 0.40 * ln(2600.0 / 300.0));
        let env = smooth_step(t / 0.30) * (1.0 - smooth_step((t - 0.30) / 0.15));
        let first = band[0].process(noise.sample(), sweep, 0.5, rate);
        *slot += 0.5 * env * band[1].process(first, sweep, 0.5, rate);
    }
    finish(out, RATE_TONAL, PEAK_TONAL_DB, 0.001, 0.1)
}

/// Final mastering: DC removal, click-free fades at both ends, peak
/// normalisation to `peak_db` dBFS, then rounding to 16 bits.
fn finish(mut x: Vec<f64>, rate: u32, peak_db: f64, fade_in: f64, fade_out: f64) -> Rendered {
    let r = f64::from(rate);
    let mut hp = HighPass::new(DC_CORNER_HZ, r);
    for s in &mut x {
        *s = hp.process(*s);
    }
    let len = x.len();
    let fade_in_len = fade_in * r;
    let fade_out_len = fade_out * r;
    for (i, s) in x.iter_mut().enumerate() {
        let from_end = (len - 1 - i) as f64;
        *s *= smooth_step(i as f64 / fade_in_len) * smooth_step(from_end / fade_out_len);
    }
    let peak = x.iter().fold(0.0f64, |m, s| m.max(s.abs()));
    let gain = if peak > 0.0 { db(peak_db) / peak } else { 0.0 };
    let samples = x
        .iter()
        .map(|s| (s * gain * 32767.0).round().clamp(-32767.0, 32767.0) as i16)
        .collect();
    Rendered { rate, samples }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_is_deterministic() {
        for cue in Cue::ALL {
            assert_eq!(render(cue), render(cue), "{cue:?}");
        }
    }

    #[test]
    fn every_cue_starts_and_ends_in_silence() {
        for cue in Cue::ALL {
            let r = render(cue);
            assert_eq!(r.samples.first(), Some(&0), "{cue:?} start");
            assert_eq!(r.samples.last(), Some(&0), "{cue:?} end");
        }
    }

    #[test]
    fn stones_differ_but_are_alike() {
        let human = render(Cue::StoneHuman);
        let ai = render(Cue::StoneAi);
        assert_ne!(human.samples, ai.samples);
        let n = human.samples.len().min(ai.samples.len());
        let ratio = n as f64 / human.samples.len() as f64;
        assert!(ratio > 0.8);
    }
}
