//! The neural evaluation: a small network whose first layer is kept up to
//! date move by move by [`crate::engine::state::State`].
//!
//! **Inputs.** Every empty point has, in each of its four directions, the
//! pattern the side to move would make by playing there and the pattern the
//! opponent would make ([`crate::engine::shape::pat`], eleven each): one of
//! [`CODES`] line codes ([`code`]). A learned table maps each code to a
//! vector of [`Network::features`] numbers; a point's four vectors are
//! summed and clipped to `0..=1` (the point's *activation*, which can
//! express "a four here and an open three across", as the classical
//! shape values do, but also what each side's shapes at the same point
//! mean together). The activations of all empty points are summed (the
//! *accumulator*), and a small fully connected head reads that sum and the
//! threat flags of both sides ([`super::threat`]) and gives the side to
//! move's winning chance as a logit, turned into evaluation units on the
//! scale [`crate::engine::win_chance`] uses.
//!
//! Summing over points and over directions makes the network blind to
//! where a shape lies and to which direction it points: the board's eight
//! symmetries give the same output by construction, so training needs no
//! augmentation.
//!
//! **Incremental.** A move changes the patterns of the points on its four
//! lines only, one direction each, so a change subtracts the point's old
//! activation and adds the new one: the accumulator never needs the whole
//! board. The accumulator is kept for both colours as the side to move
//! (their codes differ: own and opponent swap), and restored, not
//! recomputed, on unmake.
//!
//! **Quantised.** The table is kept as `i16` in units of 1/`quant` (512
//! to 8192, the finest its largest value allows), a point's activation as
//! an `i16` in `0..=quant` and the accumulator as `i32`: integer sums that the compiler vectorises. The head is tiny and
//! runs in `f32`. [`Network::evaluate_float`] computes the same network in
//! floating point from scratch, which the tests compare with.

pub mod features;
pub mod file;

use super::threat;
use crate::engine::shape::pat;
use std::sync::OnceLock;

/// Line codes: a pattern for the side to move times one for the opponent.
pub const CODES: usize = pat::COUNT * pat::COUNT;

/// Inputs of the head besides the accumulator: the five threat flags of
/// the side to move, then the opponent's.
pub const FLAG_INPUTS: usize = 2 * threat::FLAGS;

/// The coarsest fixed-point unit of the quantised table and activations:
/// 512 keeps two summed table entries inside `i16` for table values up
/// to ±15.9 (the loader refuses larger ones); the two pairs are added with
/// saturation. A network whose table is smaller gets a finer unit
/// (`Network::quant`, up to [`FINEST_QUANT`]):
/// many points of a position share one shape, so one entry's rounding is
/// repeated a hundred times in the sum, and a unit of 1/512 moved trained
/// evaluations by about 40 units.
pub const QUANT: i32 = 512;

/// The finest fixed-point unit: an activation of 1.0 as 8192 (still an
/// `i16`, and 225 points of it an `i32` with room to spare).
pub const FINEST_QUANT: i32 = 8192;

/// Largest table value the quantised path can hold: two of them summed
/// stay inside `i16` at the coarsest unit.
pub const MAX_TABLE: f32 = 15.9;

/// Largest evaluation the network gives, in evaluation units: far below
/// the search's proven scores, and beyond any chance worth telling apart.
pub const MAX_EVAL: i32 = 15_000;

/// The most features a network may have (the accumulator's fixed size).
pub const MAX_FEATURES: usize = 32;

/// The most hidden units a network's head may have.
pub const MAX_HIDDEN: usize = 128;

/// A point's quantised activation vector.
pub type Acc = [i32; MAX_FEATURES];

/// The committed network.
pub const NET_BYTES: &[u8] = include_bytes!("../net.bin");

/// FNV-1a hash of `net.bin` as committed. A test checks the file against
/// it, so the network cannot change without this line saying so.
pub const NET_FNV: u64 = 0xcd5a_cebf_ecc6_4fc9;

/// A loaded network, in float and quantised form.
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    /// The generation that made it (written by the trainer).
    pub version: u32,
    /// Features per point (at most [`MAX_FEATURES`]).
    pub features: usize,
    /// Hidden units of the head.
    pub hidden: usize,
    /// The accumulator is divided by this before the head reads it, so
    /// that its inputs are a few units at most.
    pub pool: f32,
    /// Table: `CODES × features`, row-major.
    pub table: Vec<f32>,
    /// Head's first layer: `hidden × (features + FLAG_INPUTS)`.
    pub w1: Vec<f32>,
    /// Its biases.
    pub b1: Vec<f32>,
    /// Head's output weights.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
    /// The table in units of 1/`quant`, padded to [`MAX_FEATURES`].
    qtable: Vec<[i16; MAX_FEATURES]>,
    /// The fixed-point unit: the largest power of two from [`QUANT`] to
    /// [`FINEST_QUANT`] at which two table entries fit an `i16`.
    quant: i32,
    /// `w1` transposed (`inputs × hidden`): the head adds one input's
    /// column to all hidden sums at once, independent lanes the compiler
    /// vectorises, where a dot product per hidden unit would be a chain
    /// of dependent float additions (it made the head ten times slower).
    w1t: Vec<f32>,
}

/// The line code of direction `d` of a point whose patterns are `pats`,
/// for `side` as the side to move.
#[inline]
#[must_use]
pub fn code(pats: &[[u8; 4]; 2], side: usize, d: usize) -> usize {
    usize::from(pats[side][d]) * pat::COUNT + usize::from(pats[side ^ 1][d])
}

static ACTIVE: OnceLock<Network> = OnceLock::new();

/// The network the engine plays with: the one [`install`]ed at start, else
/// the committed one.
///
/// # Panics
/// When the committed file does not load (a test guards this).
pub fn active() -> &'static Network {
    ACTIVE.get_or_init(|| Network::parse(NET_BYTES).expect("net.bin loads"))
}

/// Makes `net` the one [`active`] returns, for the whole process
/// (`--weights`). Only the first call counts, and only before any search
/// has asked for the network.
///
/// # Errors
/// When a network is already in use.
pub fn install(net: Network) -> Result<(), String> {
    ACTIVE
        .set(net)
        .map_err(|_| "a network is already in use; --weights must come first".into())
}

impl Network {
    /// A network from its float weights, quantising the table.
    ///
    /// # Errors
    /// Sizes that do not fit, or table values the quantised path cannot
    /// hold.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        version: u32,
        features: usize,
        hidden: usize,
        pool: f32,
        table: Vec<f32>,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: f32,
    ) -> Result<Network, String> {
        if features == 0 || features > MAX_FEATURES || hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "unsupported network size: {features} features, {hidden} hidden units"
            ));
        }
        let inputs = features + FLAG_INPUTS;
        if table.len() != CODES * features
            || w1.len() != hidden * inputs
            || b1.len() != hidden
            || w2.len() != hidden
        {
            return Err("the network's arrays do not match its sizes".into());
        }
        let finite = table
            .iter()
            .chain(&w1)
            .chain(&b1)
            .chain(&w2)
            .chain([&b2, &pool])
            .all(|v| v.is_finite());
        if !finite || pool <= 0.0 {
            return Err("the network holds a value that is not a number".into());
        }
        if let Some(v) = table.iter().find(|v| v.abs() > MAX_TABLE) {
            return Err(format!(
                "a table value ({v}) is beyond ±{MAX_TABLE}, which the integer path cannot hold"
            ));
        }
        let mut w1t = vec![0f32; inputs * hidden];
        for (h, row) in w1.chunks_exact(inputs).enumerate() {
            for (i, &w) in row.iter().enumerate() {
                w1t[i * hidden + h] = w;
            }
        }
        let largest = table.iter().fold(0f32, |m, v| m.max(v.abs()));
        let mut quant = QUANT;
        while quant < FINEST_QUANT && 2.0 * largest * (2 * quant) as f32 <= 32_000.0 {
            quant *= 2;
        }
        let qtable = table
            .chunks(features)
            .map(|row| {
                let mut q = [0i16; MAX_FEATURES];
                for (q, &v) in q.iter_mut().zip(row) {
                    // |v| · quant ≤ 16,000: two of them fit an i16.
                    *q = (v * quant as f32).round() as i16;
                }
                q
            })
            .collect();
        Ok(Network {
            version,
            features,
            hidden,
            pool,
            table,
            w1,
            b1,
            w2,
            b2,
            qtable,
            quant,
            w1t,
        })
    }

    /// The quantised activation of a point with line codes `codes`.
    #[inline]
    #[must_use]
    pub fn activation(&self, codes: [usize; 4]) -> [i16; MAX_FEATURES] {
        let [a, b, c, d] = codes.map(|k| &self.qtable[k]);
        let mut out = [0i16; MAX_FEATURES];
        let top = self.quant as i16;
        // Fixed-length loops over i16: vectorised (8 or 16 lanes); padding
        // features stay 0.
        for i in 0..MAX_FEATURES {
            // Two entries never overflow; the two pairs' sum saturates,
            // which changes nothing after the clamp (a sum beyond ±32,767
            // is far outside 0..=quant either way).
            let h = (a[i] + b[i]).saturating_add(c[i] + d[i]);
            out[i] = h.clamp(0, top);
        }
        out
    }

    /// The side to move's view, in evaluation units, from its accumulator
    /// and both sides' threat flag sets (side to move first).
    #[must_use]
    pub fn evaluate_acc(&self, acc: &Acc, sets: [u8; 2]) -> i32 {
        let scale = 1.0 / (self.quant as f32 * self.pool);
        let mut x = [0f32; MAX_FEATURES + FLAG_INPUTS];
        for (x, &a) in x.iter_mut().zip(&acc[..self.features]) {
            *x = a as f32 * scale;
        }
        flag_inputs(sets, &mut x[self.features..self.features + FLAG_INPUTS]);
        self.logit_to_eval(self.head(&x[..self.features + FLAG_INPUTS]))
    }

    /// The head: the logit of the side to move's winning chance.
    fn head(&self, x: &[f32]) -> f32 {
        let mut sums = [0f32; MAX_HIDDEN];
        let sums = &mut sums[..self.hidden];
        sums.copy_from_slice(&self.b1);
        for (&v, column) in x.iter().zip(self.w1t.chunks_exact(self.hidden)) {
            // Most flags and many features are 0.
            if v != 0.0 {
                for (s, &w) in sums.iter_mut().zip(column) {
                    *s += w * v;
                }
            }
        }
        self.b2
            + sums
                .iter()
                .zip(&self.w2)
                .map(|(s, w)| w * s.max(0.0))
                .sum::<f32>()
    }

    /// A logit in evaluation units, on the scale of the win chances.
    fn logit_to_eval(&self, logit: f32) -> i32 {
        let units = f64::from(logit) * crate::engine::WIN_CHANCE_SCALE;
        (units.round() as i64).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }

    /// The same network in floating point, from a list of every empty
    /// point's four line codes (side to move's view) and the threat sets:
    /// the reference the quantised, incremental path is tested against.
    #[must_use]
    pub fn evaluate_float(&self, points: &[[usize; 4]], sets: [u8; 2]) -> i32 {
        let f = self.features;
        let mut x = vec![0f32; f + FLAG_INPUTS];
        for codes in points {
            for (i, x) in x[..f].iter_mut().enumerate() {
                let h: f32 = codes.iter().map(|&k| self.table[k * f + i]).sum();
                *x += h.clamp(0.0, 1.0);
            }
        }
        for v in &mut x[..f] {
            *v /= self.pool;
        }
        flag_inputs(sets, &mut x[f..]);
        self.logit_to_eval(self.head(&x))
    }
}

/// Writes the threat flags of both sides as 0/1 inputs.
fn flag_inputs(sets: [u8; 2], out: &mut [f32]) {
    for (side, &set) in sets.iter().enumerate() {
        for bit in 0..threat::FLAGS {
            out[side * threat::FLAGS + bit] = f32::from((set >> bit) & 1);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::features::{evaluate_float, full_accumulator};
    use super::*;
    use crate::engine::eval::evaluate;
    use crate::engine::state::State;
    use crate::rules::{Board, Point, Rule, Stone};
    use proptest::prelude::*;

    /// A network with small pseudo-random weights (a fixed generator, so
    /// tests need no trained file).
    pub(crate) fn random_network(seed: u64, features: usize, hidden: usize) -> Network {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |scale: f32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 2.0 * scale
        };
        let inputs = features + FLAG_INPUTS;
        let table = (0..CODES * features).map(|_| next(0.45)).collect();
        let w1 = (0..hidden * inputs).map(|_| next(0.8)).collect();
        let b1 = (0..hidden).map(|_| next(0.2)).collect();
        let w2 = (0..hidden).map(|_| next(0.8)).collect();
        Network::new(
            seed as u32,
            features,
            hidden,
            128.0,
            table,
            w1,
            b1,
            w2,
            next(0.1),
        )
        .unwrap()
    }

    fn leaked(net: Network) -> &'static Network {
        Box::leak(Box::new(net))
    }

    fn accumulators_match(net: &Network, st: &State) -> Result<(), TestCaseError> {
        let kept = st.network_accumulators().expect("enabled");
        for (side, kept) in kept.iter().enumerate() {
            prop_assert_eq!(
                &kept[..],
                &full_accumulator(net, st, side)[..],
                "side {}",
                side
            );
        }
        Ok(())
    }

    #[test]
    fn the_committed_network_loads_and_is_the_one_recorded() {
        assert_eq!(
            file::fnv1a(NET_BYTES),
            NET_FNV,
            "net.bin changed: update NET_FNV"
        );
        let net = Network::parse(NET_BYTES).expect("net.bin loads");
        assert!(net.features <= MAX_FEATURES);
    }

    /// The trained file through the integer path gives its float model's
    /// evaluation within 2 units over a game: the trainer writes the table
    /// on the engine's fixed-point grid, so only the float sums' order
    /// differs.
    #[test]
    fn the_committed_network_s_integer_path_follows_its_float_model() {
        let net = active();
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, Rule::Freestyle);
        st.enable_network(net);
        let moves = crate::rules::parse_moves("h8i9i8g8j7k6h9h7g9j9h10h11f8i10e7d6", 15).unwrap();
        for p in moves {
            let (q, f) = (evaluate(&st), evaluate_float(net, &st));
            assert!((q - f).abs() <= 2, "{q} vs {f}");
            st.make(st.cell(p));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The accumulators brought up to date from the moves' changes
        /// equal the whole-board sum, forwards and back, under every rule.
        #[test]
        fn incremental_equals_full_recomputation(
            moves in prop::collection::vec((0u8..15, 0u8..15), 1..90),
            rule in prop::sample::select(vec![Rule::Freestyle, Rule::Standard, Rule::Renju]),
            seed in 1u64..1000,
            every in 1usize..4,
        ) {
            // Checked every `every` plies: the sums are brought up to date
            // over several moves' changes at once, as in a search.
            let net = leaked(random_network(seed, 32, 8));
            let board = Board::new(15).unwrap();
            let mut st = State::new(&board, Stone::Black, rule);
            st.enable_network(net);
            accumulators_match(net, &st)?;
            let mut made = 0;
            for (x, y) in moves {
                let c = st.cell(Point::new(x, y));
                if !st.is_empty(c) {
                    continue;
                }
                st.make(c);
                made += 1;
                if made % every == 0 {
                    accumulators_match(net, &st)?;
                }
                if st.last_move_won() {
                    break;
                }
            }
            for left in (0..made).rev() {
                st.unmake();
                if left % every == 0 {
                    accumulators_match(net, &st)?;
                }
            }
        }

        /// The integer path gives the float network's evaluation within 4
        /// units (a quarter of a percent of a win-chance step), enabled on
        /// a position that already has stones.
        #[test]
        fn quantised_equals_float_within_tolerance(
            moves in prop::collection::vec((0u8..15, 0u8..15), 0..70),
            seed in 1u64..1000,
        ) {
            let net = leaked(random_network(seed, 32, 16));
            let mut board = Board::new(15).unwrap();
            let mut stone = Stone::Black;
            for (x, y) in moves {
                if board.place(Point::new(x, y), stone).is_ok() {
                    stone = stone.opponent();
                }
            }
            let mut st = State::new(&board, stone, Rule::Freestyle);
            st.enable_network(net);
            let (quantised, float) = (evaluate(&st), evaluate_float(net, &st));
            prop_assert!((quantised - float).abs() <= 4, "{} vs {}", quantised, float);
        }
    }
}
