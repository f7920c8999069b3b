//! `gomoku-fake-engine`: a tiny Gomocup engine for tests, which plays
//! legal moves or misbehaves in one chosen way, so the code that runs
//! foreign engines can be tested against every kind of failure.
//!
//! Usage: `gomoku-fake-engine [MODE] [--nbest] [--silent] [--tag=WORD]`,
//! where MODE
//! is one of `legal` (the default: the empty point nearest the centre),
//! `crash` (exits when asked to move), `hang` (never answers a move),
//! `garbage` (answers a move with words), `occupied` (answers a point
//! already taken), `flood` (writes lines without end when asked to move),
//! `long-line` (writes one endless line), `no-start` (never answers
//! `START`). With `--nbest` it answers `YXNBEST n` with `n` ranked
//! `MESSAGE NBEST` lines and its move; without, it answers `UNKNOWN`
//! (or nothing at all with `--silent`, as some engines do).
//! Whatever the mode, `ABOUT` is answered and `END` ends it. `--tag=`
//! is ignored: tests use it to find their own processes. With
//! `--drowsy[=MS]` it drops the first word of any line that arrives
//! within MS milliseconds ([`DROWSY`] by default) of its move and reads
//! the rest as an unknown command, as Rapfi 0.43 does while it finishes a
//! search.
//! `--delay-ms=N` waits N milliseconds before every move (a slow engine,
//! to run out a game clock); `--use=PCT` waits PCT per cent of the last
//! `INFO timeout_turn` before every move (an engine that thinks in
//! proportion to its time), reporting `MESSAGE depth 1` up to depth 2n
//! on its n-th search (each search starts over and goes deeper);
//! `--log=FILE` appends every line received to FILE (to check what a
//! manager sends). `--once=FILE` misbehaves only while FILE does not
//! exist, and creates it as it does: the engine started again after its
//! failure plays legal moves. `--version` prints the version
//! and commit, as every binary of the package does.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// How long after its move a `--drowsy` engine still drops commands.
const DROWSY: Duration = Duration::from_millis(8);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Legal,
    Crash,
    Hang,
    Garbage,
    Occupied,
    Flood,
    LongLine,
    NoStart,
}

fn parse_mode(word: &str) -> Option<Mode> {
    Some(match word {
        "legal" => Mode::Legal,
        "crash" => Mode::Crash,
        "hang" => Mode::Hang,
        "garbage" => Mode::Garbage,
        "occupied" => Mode::Occupied,
        "flood" => Mode::Flood,
        "long-line" => Mode::LongLine,
        "no-start" => Mode::NoStart,
        _ => return None,
    })
}

struct Fake {
    mode: Mode,
    nbest: bool,
    /// Says nothing to commands it does not know.
    silent: bool,
    size: i32,
    /// Taken points; 0 empty, 1 own, 2 opponent.
    board: Vec<u8>,
    /// Reading a `BOARD`/`YXBOARD` block; true when it asks for a move.
    in_board: Option<bool>,
    /// Drops commands that come this soon after its move (`--drowsy`).
    drowsy: Option<Duration>,
    /// When it last printed a move.
    moved_at: Option<Instant>,
    /// Waited before every move.
    delay: std::time::Duration,
    /// Every line received is appended here.
    log: Option<std::fs::File>,
    /// Per cent of the turn time waited before every move (`--use`).
    use_pct: Option<u64>,
    /// The last `INFO timeout_turn`, milliseconds.
    turn_ms: u64,
    /// Searches so far (`--use` reports deeper on each).
    searches: u32,
    /// Misbehaves only while this file is absent (`--once`).
    once: Option<std::path::PathBuf>,
}

impl Fake {
    fn at(&mut self, x: i32, y: i32) -> Option<&mut u8> {
        (x >= 0 && y >= 0 && x < self.size && y < self.size)
            .then(|| &mut self.board[(y * self.size + x) as usize])
    }

    /// Empty points, nearest the centre first.
    fn free_points(&self) -> Vec<(i32, i32)> {
        let c = self.size / 2;
        let mut pts: Vec<(i32, i32)> = (0..self.size)
            .flat_map(|y| (0..self.size).map(move |x| (x, y)))
            .filter(|&(x, y)| self.board[(y * self.size + x) as usize] == 0)
            .collect();
        pts.sort_by_key(|&(x, y)| ((x - c).pow(2) + (y - c).pow(2), y, x));
        pts
    }

    fn play(&mut self, out: &mut impl Write) -> io::Result<()> {
        std::thread::sleep(self.delay);
        if let Some(pct) = self.use_pct {
            std::thread::sleep(Duration::from_millis(self.turn_ms * pct / 100));
            self.searches += 1;
            for depth in 1..=2 * self.searches {
                writeln!(out, "MESSAGE depth {depth}")?;
            }
        }
        if let Some(path) = &self.once {
            if path.exists() {
                self.mode = Mode::Legal;
            } else if self.mode != Mode::Legal {
                std::fs::write(path, b"misbehaved once\n")?;
            }
        }
        match self.mode {
            Mode::Crash => std::process::exit(3),
            Mode::Hang => loop {
                std::thread::sleep(std::time::Duration::from_secs(3600));
            },
            Mode::Garbage => return writeln!(out, "hello, I am not a move"),
            Mode::Flood => loop {
                writeln!(out, "MESSAGE thinking very hard")?;
            },
            Mode::LongLine => loop {
                out.write_all(&[b'x'; 4096])?;
            },
            Mode::Occupied => {
                if let Some(i) = self.board.iter().position(|&v| v != 0) {
                    let (x, y) = (i as i32 % self.size, i as i32 / self.size);
                    return writeln!(out, "{x},{y}");
                }
            }
            Mode::Legal | Mode::NoStart => {}
        }
        let Some(&(x, y)) = self.free_points().first() else {
            return writeln!(out, "ERROR the board is full");
        };
        *self.at(x, y).expect("free point") = 1;
        writeln!(out, "MESSAGE fake plays {x},{y}")?;
        writeln!(out, "{x},{y}")?;
        self.moved_at = Some(Instant::now());
        Ok(())
    }

    fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let line = line.trim();
        if let Some(log) = &mut self.log {
            writeln!(log, "{line}")?;
        }
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_uppercase();
        if let Some(wants_move) = self.in_board {
            if word == "DONE" {
                self.in_board = None;
                if wants_move {
                    self.play(out)?;
                }
            } else {
                let f: Vec<i32> = line
                    .split(',')
                    .filter_map(|v| v.trim().parse().ok())
                    .collect();
                if let [x, y, field] = f[..] {
                    if let Some(v) = self.at(x, y) {
                        *v = field as u8;
                    }
                }
            }
            return Ok(true);
        }
        match word.as_str() {
            "ABOUT" => writeln!(
                out,
                "name=\"fake-{}\", version=\"1.0\", author=\"gomoku tests\"",
                mode_name(self.mode)
            )?,
            "START" => {
                if self.mode == Mode::NoStart {
                    return Ok(true);
                }
                match words.next().and_then(|w| w.parse::<i32>().ok()) {
                    Some(n) if (5..=32).contains(&n) => {
                        self.size = n;
                        self.board = vec![0; (n * n) as usize];
                        writeln!(out, "OK")?;
                    }
                    _ => writeln!(out, "ERROR unsupported size")?,
                }
            }
            "RESTART" => {
                self.board.iter_mut().for_each(|v| *v = 0);
                writeln!(out, "OK")?;
            }
            "BEGIN" => self.play(out)?,
            "TURN" => {
                let f: Vec<i32> = words
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .filter_map(|v| v.parse().ok())
                    .collect();
                if let [x, y] = f[..] {
                    if let Some(v) = self.at(x, y) {
                        *v = 2;
                    }
                }
                self.play(out)?;
            }
            "BOARD" => self.in_board = Some(true),
            "YXBOARD" => self.in_board = Some(false),
            "YXNBEST" if self.nbest => {
                let n: usize = words.next().and_then(|w| w.parse().ok()).unwrap_or(1);
                let pts = self.free_points();
                let n = n.min(pts.len());
                for (i, (x, y)) in pts.iter().take(n).enumerate() {
                    writeln!(
                        out,
                        "MESSAGE NBEST {}/{n} {x},{y} depth 1 score even winrate {:.1}% pv",
                        i + 1,
                        50.0 - i as f64
                    )?;
                }
                self.play(out)?;
            }
            "INFO" => {
                let key = words.next().unwrap_or("");
                if key.eq_ignore_ascii_case("timeout_turn") {
                    if let Some(ms) = words.next().and_then(|w| w.parse().ok()) {
                        self.turn_ms = ms;
                    }
                }
            }
            "YXSTOP" | "" => {}
            "END" => return Ok(false),
            _ if self.silent => {}
            _ => writeln!(out, "UNKNOWN {line}")?,
        }
        Ok(true)
    }
}

fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Legal => "legal",
        Mode::Crash => "crash",
        Mode::Hang => "hang",
        Mode::Garbage => "garbage",
        Mode::Occupied => "occupied",
        Mode::Flood => "flood",
        Mode::LongLine => "long-line",
        Mode::NoStart => "no-start",
    }
}

fn main() -> std::process::ExitCode {
    let mut fake = Fake {
        mode: Mode::Legal,
        nbest: false,
        silent: false,
        size: 15,
        board: vec![0; 225],
        in_board: None,
        drowsy: None,
        moved_at: None,
        delay: std::time::Duration::ZERO,
        log: None,
        use_pct: None,
        turn_ms: 0,
        searches: 0,
        once: None,
    };
    for arg in std::env::args().skip(1) {
        if arg == "--version" {
            println!("gomoku-fake-engine {}", gomoku::cli::VERSION);
            return std::process::ExitCode::SUCCESS;
        } else if arg == "--drowsy" {
            fake.drowsy = Some(DROWSY);
        } else if let Some(ms) = arg.strip_prefix("--drowsy=") {
            let Ok(ms) = ms.parse() else {
                eprintln!("gomoku-fake-engine: --drowsy=MS takes milliseconds");
                return std::process::ExitCode::from(2);
            };
            fake.drowsy = Some(Duration::from_millis(ms));
        } else if arg == "--nbest" {
            fake.nbest = true;
        } else if arg == "--silent" {
            fake.silent = true;
        } else if let Some(ms) = arg.strip_prefix("--delay-ms=") {
            let Ok(ms) = ms.parse() else {
                eprintln!("gomoku-fake-engine: bad --delay-ms '{ms}'");
                return std::process::ExitCode::from(2);
            };
            fake.delay = std::time::Duration::from_millis(ms);
        } else if let Some(pct) = arg.strip_prefix("--use=") {
            let Ok(pct) = pct.parse() else {
                eprintln!("gomoku-fake-engine: bad --use '{pct}'");
                return std::process::ExitCode::from(2);
            };
            fake.use_pct = Some(pct);
        } else if let Some(path) = arg.strip_prefix("--once=") {
            fake.once = Some(path.into());
        } else if let Some(path) = arg.strip_prefix("--log=") {
            match std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                Ok(f) => fake.log = Some(f),
                Err(e) => {
                    eprintln!("gomoku-fake-engine: cannot write '{path}': {e}");
                    return std::process::ExitCode::from(2);
                }
            }
        } else if arg.starts_with("--tag=") {
            // Only for finding the process among others.
        } else if let Some(m) = parse_mode(&arg) {
            fake.mode = m;
        } else {
            eprintln!("gomoku-fake-engine: unknown argument '{arg}'");
            return std::process::ExitCode::from(2);
        }
    }
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let drowsing = fake
            .drowsy
            .zip(fake.moved_at)
            .is_some_and(|(window, t)| t.elapsed() < window);
        if drowsing {
            let rest = line.split_once(' ').map_or("", |(_, rest)| rest);
            let _ = writeln!(out, "ERROR Unknown command: {rest}");
            let _ = out.flush();
            continue;
        }
        match fake.command(&line, &mut out) {
            Ok(true) => {
                let _ = out.flush();
            }
            _ => break,
        }
    }
    std::process::ExitCode::SUCCESS
}
