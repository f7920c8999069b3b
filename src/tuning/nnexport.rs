//! Training positions for the neural evaluation ([`crate::engine::eval::nn`]),
//! written as flat arrays the trainer (`scripts/nn/train.py`) maps with
//! numpy.
//!
//! Every distinct position of the games (freestyle, 15 × 15) becomes one
//! row: its empty points grouped by their *point shape* (the four line
//! codes of [`crate::engine::eval::nn::code`], sorted, since the network
//! sums over directions), the threat flag sets of both sides, the game's
//! result and the search's score. Points with the same shape have the same
//! activation, so a row lists each shape once with its count: the trainer
//! computes every shape's activation once per step, not every point's.
//!
//! Files written to the output folder, little-endian:
//!
//! ```text
//! vocab.u8     V × 4   the point shapes (line codes, ascending)
//! shapes.u32   N × W   per position, the shapes present (0-padded)
//! counts.u16   N × W   how many empty points have each (0 = padding)
//! meta.i32     N × 6   game, ply, result (+1 win, 0 draw, -1 loss for the
//!                      side to move), score (as stored; see dataset),
//!                      flags (side to move's set | opponent's << 8), the
//!                      classical evaluation (for comparing losses)
//! info.txt             N, V, W and what made the files
//! ```

use super::dataset::GameRecord;
use crate::engine::eval::nn::code;
use crate::engine::eval::{evaluate, threat_sets};
use crate::engine::state::State;
use crate::rules::{Board, Rule, Stone};
use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// The rows of a data set, in memory until written.
#[derive(Debug, Default)]
pub struct Export {
    /// The point shapes, in order of first appearance.
    pub vocab: Vec<[u8; 4]>,
    index: HashMap<[u8; 4], u32>,
    /// Per row: (shape, count) pairs, by shape.
    pub rows: Vec<Vec<(u32, u16)>>,
    /// Per row: game, ply, result, score, flags, classical evaluation.
    pub meta: Vec<[i32; 6]>,
    seen: HashSet<u64>,
    /// Positions skipped because an earlier game had them.
    pub repeated: usize,
    /// Games skipped (not freestyle on 15 × 15).
    pub other_games: usize,
}

impl Export {
    /// Adds every position of `game` (number `number` in the data) not
    /// seen before.
    pub fn add_game(&mut self, number: usize, game: &GameRecord) {
        if game.rule != Rule::Freestyle || game.size != 15 {
            self.other_games += 1;
            return;
        }
        let board = Board::new(game.size).expect("a valid size");
        let mut st = State::new(&board, Stone::Black, game.rule);
        for (ply, (&p, &score)) in game.moves.iter().zip(&game.scores).enumerate() {
            if self.seen.insert(st.hash()) {
                self.add_position(&st, number, ply, game.winner, score);
            } else {
                self.repeated += 1;
            }
            let c = st.cell(p);
            if !st.is_empty(c) {
                break;
            }
            st.make(c);
        }
    }

    fn add_position(
        &mut self,
        st: &State,
        game: usize,
        ply: usize,
        winner: Option<Stone>,
        score: i16,
    ) {
        let me = st.to_move();
        let mut counts: HashMap<u32, u16> = HashMap::new();
        for c in st.empty_cells() {
            let pats = st.patterns_at(c);
            let mut shape = [0, 1, 2, 3].map(|d| code(&pats, me, d) as u8);
            shape.sort_unstable();
            let next = self.vocab.len() as u32;
            let id = *self.index.entry(shape).or_insert(next);
            if id == next {
                self.vocab.push(shape);
            }
            *counts.entry(id).or_default() += 1;
        }
        let mut row: Vec<(u32, u16)> = counts.into_iter().collect();
        row.sort_unstable();
        self.rows.push(row);
        let result = match winner {
            None => 0,
            Some(s) if s.index() == me => 1,
            Some(_) => -1,
        };
        let [own, opp] = threat_sets(st);
        self.meta.push([
            game as i32,
            ply as i32,
            result,
            i32::from(score),
            i32::from(own) | i32::from(opp) << 8,
            evaluate(st),
        ]);
    }

    /// The widest row: the most distinct point shapes in one position.
    #[must_use]
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Writes the files into `dir` (made if missing), with `about` (what
    /// made the data) in `info.txt`.
    ///
    /// # Errors
    /// The file system's.
    pub fn write(&self, dir: &Path, about: &str) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        let w = self.width();
        let mut out = BufWriter::new(fs::File::create(dir.join("vocab.u8"))?);
        for v in &self.vocab {
            out.write_all(v)?;
        }
        out.flush()?;
        let mut shapes = BufWriter::new(fs::File::create(dir.join("shapes.u32"))?);
        let mut counts = BufWriter::new(fs::File::create(dir.join("counts.u16"))?);
        for row in &self.rows {
            for i in 0..w {
                let (s, n) = row.get(i).copied().unwrap_or((0, 0));
                shapes.write_all(&s.to_le_bytes())?;
                counts.write_all(&n.to_le_bytes())?;
            }
        }
        shapes.flush()?;
        counts.flush()?;
        let mut meta = BufWriter::new(fs::File::create(dir.join("meta.i32"))?);
        for m in &self.meta {
            for v in m {
                meta.write_all(&v.to_le_bytes())?;
            }
        }
        meta.flush()?;
        fs::write(
            dir.join("info.txt"),
            format!(
                "positions {}\nvocab {}\nwidth {w}\nrepeated {}\n{about}\n",
                self.rows.len(),
                self.vocab.len(),
                self.repeated
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::nn::tests::random_network;
    use crate::engine::eval::nn::Network;
    use crate::rules::Point;

    /// The trainer's view of a row: the float network over its shapes.
    fn row_eval(net: &Network, ex: &Export, r: usize) -> i32 {
        let mut points = Vec::new();
        for &(s, n) in &ex.rows[r] {
            let codes = ex.vocab[s as usize].map(usize::from);
            points.extend(std::iter::repeat_n(codes, usize::from(n)));
        }
        let flags = ex.meta[r][4];
        net.evaluate_float(&points, [flags as u8, (flags >> 8) as u8])
    }

    #[test]
    fn rows_give_the_engine_s_evaluation_and_repeats_are_dropped() {
        let moves: Vec<Point> = [(7, 7), (8, 8), (7, 8), (8, 7), (7, 6), (7, 9), (6, 7)]
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect();
        let game = GameRecord {
            size: 15,
            rule: Rule::Freestyle,
            winner: Some(Stone::Black),
            scores: vec![0; moves.len()],
            moves: moves.clone(),
        };
        let mut ex = Export::default();
        ex.add_game(0, &game);
        ex.add_game(1, &game);
        assert_eq!(ex.rows.len(), moves.len());
        assert_eq!(ex.repeated, moves.len());
        // Results alternate with the side to move: Black won.
        assert_eq!(ex.meta[0][2], 1);
        assert_eq!(ex.meta[1][2], -1);
        let net = Box::leak(Box::new(random_network(3, 32, 8)));
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, Rule::Freestyle);
        for (r, p) in moves.iter().enumerate() {
            let want = crate::engine::eval::nn::features::evaluate_float(net, &st);
            assert!((row_eval(net, &ex, r) - want).abs() <= 1, "row {r}");
            assert_eq!(
                ex.rows[r]
                    .iter()
                    .map(|&(_, n)| usize::from(n))
                    .sum::<usize>(),
                225 - r
            );
            st.make(st.cell(*p));
        }
    }
}
