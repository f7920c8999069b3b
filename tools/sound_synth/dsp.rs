//! Bit-reproducible signal building blocks for the cue synthesiser.
//!
//! The committed WAV files must equal what the generator renders, byte for
//! byte, on every platform. The platform's `sin` and `exp` may differ in
//! the last bit between C libraries, so this module brings its own, built
//! only from IEEE-754 `+ - * /`, `floor` and `round`, which Rust never
//! fuses or reorders. Everything here is deterministic; the only "noise" is
//! a fixed-seed generator.

use std::f64::consts::{LN_2, TAU};

/// `sin(2π·turns)`: the phase is given in turns so that oscillators can keep
/// an exactly wrapped phase accumulator.
pub fn sin_turns(turns: f64) -> f64 {
    // Reduce to [-0.5, 0.5], then fold onto [-0.25, 0.25] where the series
    // converges fast.
    let mut t = turns - turns.round();
    if t > 0.25 {
        t = 0.5 - t;
    } else if t < -0.25 {
        t = -0.5 - t;
    }
    let x = t * TAU;
    let x2 = x * x;
    // Taylor series to x^17: error below 1e-15 for |x| ≤ π/2.
    let mut term = x;
    let mut sum = x;
    let mut k = 1.0;
    for _ in 0..8 {
        term = -term * x2 / ((k + 1.0) * (k + 2.0));
        sum += term;
        k += 2.0;
    }
    sum
}

/// `cos(2π·turns)`.
pub fn cos_turns(turns: f64) -> f64 {
    sin_turns(turns + 0.25)
}

/// The natural exponential, accurate to a few ulps and identical everywhere.
pub fn exp(x: f64) -> f64 {
    if x < -700.0 {
        return 0.0;
    }
    let x = x.min(700.0);
    let k = (x / LN_2).round();
    let r = x - k * LN_2;
    // Taylor series of e^r for |r| ≤ ln2/2, to r^14.
    let mut term = 1.0;
    let mut sum = 1.0;
    for n in 1..=14 {
        term = term * r / f64::from(n);
        sum += term;
    }
    // k lies in [-1010, 1010]; build 2^k exactly from its bits, in two
    // halves so that neither leaves the normal range.
    let k = k as i64;
    let half = k / 2;
    sum * pow2(half) * pow2(k - half)
}

/// The natural logarithm of a positive `x`, by Newton's method on [`exp`]
/// (only used on a few constants, so speed does not matter).
pub fn ln(x: f64) -> f64 {
    // Split off the binary exponent so Newton starts close: x = m·2^e with
    // m in [1, 2).
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7FF) as i64 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let mut y = 0.5;
    for _ in 0..30 {
        y += m / exp(y) - 1.0;
    }
    e as f64 * LN_2 + y
}

/// `2^k` for `|k| ≤ 1022`, exactly.
fn pow2(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// Frequency of a note `semitones` above A4 (440 Hz), equal temperament.
pub fn note(semitones: f64) -> f64 {
    440.0 * exp(semitones / 12.0 * LN_2)
}

/// Decibels to a linear amplitude factor.
pub fn db(decibels: f64) -> f64 {
    exp(decibels / 20.0 * std::f64::consts::LN_10)
}

/// A raised-cosine ramp from 0 (at `x ≤ 0`) to 1 (at `x ≥ 1`): smooth at
/// both ends, so fades never click.
pub fn smooth_step(x: f64) -> f64 {
    if x <= 0.0 {
        0.0
    } else if x >= 1.0 {
        1.0
    } else {
        0.5 - 0.5 * cos_turns(x * 0.5)
    }
}

/// Fixed-seed noise (SplitMix64), so "random" textures are reproducible.
#[derive(Debug, Clone)]
pub struct Noise {
    state: u64,
}

impl Noise {
    /// A generator with the given seed; the same seed gives the same noise.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next value, uniform in [-1, 1).
    pub fn sample(&mut self) -> f64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // 53 random bits give an exact double in [0, 1).
        (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// A two-pole resonator: one vibration mode of a body. Fed an impulse of
/// height 1 it rings as `gain · e^(-t/decay) · sin(2π·freq·t)`.
#[derive(Debug, Clone)]
pub struct Resonator {
    b0: f64,
    a1: f64,
    a2: f64,
    y1: f64,
    y2: f64,
}

impl Resonator {
    /// A mode at `freq` Hz whose amplitude falls by e every `decay` seconds.
    pub fn new(freq: f64, decay: f64, gain: f64, rate: f64) -> Self {
        let r = exp(-1.0 / (decay * rate));
        let w = freq / rate;
        Self {
            b0: gain * sin_turns(w),
            a1: 2.0 * r * cos_turns(w),
            a2: r * r,
            y1: 0.0,
            y2: 0.0,
        }
    }

    /// Feeds one input sample and returns one output sample.
    pub fn process(&mut self, x: f64) -> f64 {
        let y = self.b0 * x + self.a1 * self.y1 - self.a2 * self.y2;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// A state-variable band-pass filter whose centre can move every sample
/// (for sweeps).
#[derive(Debug, Clone, Default)]
pub struct SweepFilter {
    low: f64,
    band: f64,
}

impl SweepFilter {
    /// Filters one sample with centre `freq` Hz and damping `damp`
    /// (2 = broad, 0.2 = narrow and resonant).
    pub fn process(&mut self, x: f64, freq: f64, damp: f64, rate: f64) -> f64 {
        let f = 2.0 * sin_turns(0.5 * freq / rate);
        self.low += f * self.band;
        let high = x - self.low - damp * self.band;
        self.band += f * high;
        self.band
    }
}

/// A one-pole high-pass that removes DC and sub-bass rumble.
#[derive(Debug, Clone)]
pub struct HighPass {
    coeff: f64,
    x1: f64,
    y1: f64,
}

impl HighPass {
    /// A high-pass with its corner at `freq` Hz.
    pub fn new(freq: f64, rate: f64) -> Self {
        Self {
            coeff: exp(-TAU * freq / rate),
            x1: 0.0,
            y1: 0.0,
        }
    }

    /// Filters one sample.
    pub fn process(&mut self, x: f64) -> f64 {
        let y = self.coeff * (self.y1 + x - self.x1);
        self.x1 = x;
        self.y1 = y;
        y
    }
}

/// A one-pole low-pass, to soften bright noise.
#[derive(Debug, Clone)]
pub struct LowPass {
    coeff: f64,
    y1: f64,
}

impl LowPass {
    /// A low-pass with its corner at `freq` Hz.
    pub fn new(freq: f64, rate: f64) -> Self {
        Self {
            coeff: 1.0 - exp(-TAU * freq / rate),
            y1: 0.0,
        }
    }

    /// Filters one sample.
    pub fn process(&mut self, x: f64) -> f64 {
        self.y1 += self.coeff * (x - self.y1);
        self.y1
    }
}

/// Delay lengths of the room's parallel comb filters, in milliseconds:
/// mutually prime-ish so their echoes do not pile up into a pitch.
const COMB_MS: [f64; 4] = [29.7, 37.1, 41.1, 43.7];
/// Delay lengths of the diffusing all-pass stages, in milliseconds.
const ALLPASS_MS: [f64; 2] = [5.0, 1.7];
/// All-pass diffusion coefficient (the classic Schroeder value).
const ALLPASS_GAIN: f64 = 0.7;

/// A small Schroeder room: a little air around the tonal cues so they do
/// not sound like dry test tones.
#[derive(Debug, Clone)]
pub struct Room {
    combs: Vec<(Vec<f64>, usize, f64)>,
    allpasses: Vec<(Vec<f64>, usize)>,
    damp: LowPass,
}

impl Room {
    /// A room whose echoes fall by 60 dB in `rt60` seconds.
    pub fn new(rt60: f64, rate: f64) -> Self {
        let combs = COMB_MS
            .iter()
            .map(|ms| {
                let len = (ms * rate / 1000.0).round() as usize;
                // Feedback such that each round trip loses its share of 60 dB.
                let g = db(-60.0 * ms / 1000.0 / rt60);
                (vec![0.0; len], 0, g)
            })
            .collect();
        let allpasses = ALLPASS_MS
            .iter()
            .map(|ms| (vec![0.0; (ms * rate / 1000.0).round() as usize], 0))
            .collect();
        Self {
            combs,
            allpasses,
            damp: LowPass::new(5000.0, rate),
        }
    }

    /// Feeds one dry sample and returns the wet (reverberant) sample.
    pub fn process(&mut self, x: f64) -> f64 {
        let x = self.damp.process(x);
        let mut sum = 0.0;
        for (buf, pos, g) in &mut self.combs {
            let out = buf[*pos];
            buf[*pos] = x + out * *g;
            *pos = (*pos + 1) % buf.len();
            sum += out;
        }
        let mut y = sum / COMB_MS.len() as f64;
        for (buf, pos) in &mut self.allpasses {
            let delayed = buf[*pos];
            let v = y + ALLPASS_GAIN * delayed;
            buf[*pos] = v;
            *pos = (*pos + 1) % buf.len();
            y = delayed - ALLPASS_GAIN * v;
        }
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sin_matches_std_closely() {
        for i in -2000..2000 {
            let t = f64::from(i) * 0.00137;
            let ours = sin_turns(t);
            let std = (t * TAU).sin();
            assert!((ours - std).abs() < 1e-13, "sin at {t}: {ours} vs {std}");
        }
    }

    #[test]
    fn exp_matches_std_closely() {
        for i in -400..400 {
            let x = f64::from(i) * 0.173;
            let ours = exp(x);
            let std = x.exp();
            assert!(
                ((ours - std) / std).abs() < 1e-14,
                "exp({x}): {ours} vs {std}"
            );
        }
        assert_eq!(exp(-800.0), 0.0);
    }

    #[test]
    fn ln_inverts_exp() {
        for x in [0.01, 0.5, 1.0, 2.0, 8.7, 1000.0] {
            assert!((ln(x) - x.ln()).abs() < 1e-12, "ln({x})");
        }
    }

    #[test]
    fn note_a4_and_octaves() {
        assert!((note(0.0) - 440.0).abs() < 1e-9);
        assert!((note(12.0) - 880.0).abs() < 1e-9);
        assert!((note(-9.0) - 261.6256).abs() < 1e-3);
    }

    #[test]
    fn noise_is_reproducible_and_bounded() {
        let mut a = Noise::new(7);
        let mut b = Noise::new(7);
        let mut c = Noise::new(8);
        let mut differs = false;
        for _ in 0..1000 {
            let x = a.sample();
            assert_eq!(x, b.sample());
            assert!((-1.0..1.0).contains(&x));
            differs |= x != c.sample();
        }
        assert!(differs);
    }

    #[test]
    fn resonator_rings_at_its_frequency_and_decays() {
        let rate = 44_100.0;
        let mut r = Resonator::new(1000.0, 0.01, 1.0, rate);
        let out: Vec<f64> = (0..4410)
            .map(|i| r.process(if i == 0 { 1.0 } else { 0.0 }))
            .collect();
        // Zero crossings over the first 10 ms: about 2 per period.
        let crossings = out[..441]
            .windows(2)
            .filter(|w| w[0].signum() != w[1].signum())
            .count();
        assert!((18..=22).contains(&crossings), "{crossings} crossings");
        let early = out[..441].iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let late = out[4000..].iter().fold(0.0f64, |m, x| m.max(x.abs()));
        assert!(late < early * 1e-3);
    }
}
