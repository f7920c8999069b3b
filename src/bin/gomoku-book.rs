//! `gomoku-book`: makes the opening book from the engine's own searches,
//! and shows what a book holds.
//!
//! ```text
//! gomoku-book build --out assets/book/freestyle15.book
//! gomoku-book show                  # the shipped book's size and root
//! gomoku-book show h8i9             # the book's moves after h8 i9
//! gomoku-book walk --games 1000     # how many moves games stay in it
//! ```
//!
//! See `docs/book.md`.

use clap::{Parser, Subcommand};
use gomoku::engine::book::build::{build, BuildConfig};
use gomoku::engine::book::Book;
use gomoku::rules::{parse_moves, point_name, Board};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The opening book: made by our engine, played by its strong levels.
#[derive(Parser, Debug)]
#[command(name = "gomoku-book", version = gomoku::cli::VERSION, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Searches the opening from the empty board (15x15 freestyle) and
    /// writes the book. The same settings make the same file anywhere.
    Build {
        /// Positions with fewer stones than this get an entry.
        #[arg(long, default_value_t = BuildConfig::default().stones)]
        stones: usize,
        /// Nodes searched for each position.
        #[arg(long, default_value_t = BuildConfig::default().nodes)]
        nodes: u64,
        /// Moves ranked by each search.
        #[arg(long, default_value_t = BuildConfig::default().multipv)]
        multipv: usize,
        /// Moves this far below the best (evaluation units) are left out.
        #[arg(long, default_value_t = BuildConfig::default().margin)]
        margin: i32,
        /// Stop after this many positions.
        #[arg(long, default_value_t = BuildConfig::default().max_positions)]
        max_positions: usize,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Plays the book against itself from the empty board (both sides
    /// choosing as the engine does, from the seed) and prints how many
    /// moves a game stays in it.
    Walk {
        /// Games.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Seed of the choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A book file instead of the shipped one.
        #[arg(long)]
        file: Option<PathBuf>,
    },
    /// Shows a book's size and its moves after the given moves
    /// (a position string such as h8i9; none for the empty board).
    Show {
        /// The moves, Black first.
        #[arg(default_value = "")]
        moves: String,
        /// A book file instead of the shipped one.
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Command::Build {
            stones,
            nodes,
            multipv,
            margin,
            max_positions,
            out,
        } => run_build(
            &BuildConfig {
                stones,
                nodes,
                multipv,
                margin,
                max_positions,
                ..BuildConfig::default()
            },
            &out,
        ),
        Command::Show { moves, file } => show(&moves, file.as_ref()),
        Command::Walk { games, seed, file } => walk(games, seed, file.as_ref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-book: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_build(cfg: &BuildConfig, out: &PathBuf) -> Result<(), String> {
    let start = Instant::now();
    let (data, report) = build(cfg, |searched, queued| {
        if searched % 25 == 0 {
            eprintln!(
                "{searched} positions searched, {queued} waiting, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    });
    let bytes = data.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} positions, {} bytes, {} searches of {} nodes in all ({:.1} M), {} scores backed up from deeper, {:.0} s",
        data.entries.len(),
        bytes.len(),
        report.searched,
        cfg.nodes,
        report.nodes as f64 / 1e6,
        report.rescored,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The book in `file`, or the shipped one.
fn load(file: Option<&PathBuf>) -> Result<Book, String> {
    match file {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => Ok(Book::shipped().clone()),
    }
}

fn walk(games: usize, seed: u64, file: Option<&PathBuf>) -> Result<(), String> {
    let book = load(file)?;
    let size = book.data().size;
    let rule = book.data().rule;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut lengths: Vec<usize> = Vec::with_capacity(games);
    for _ in 0..games {
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        // The engine plays the first stone itself (at the centre at
        // Maximum): the walk starts there too.
        let c = size / 2;
        board
            .place(gomoku::rules::Point::new(c, c), gomoku::rules::Stone::Black)
            .map_err(|e| e.to_string())?;
        let mut plies = 0;
        while let Some(choice) = book.choose(&board, rule, &mut rng) {
            let side = board.side_to_move_by_count().ok_or("not a game")?;
            board.place(choice.mv, side).map_err(|e| e.to_string())?;
            plies += 1;
        }
        lengths.push(plies);
    }
    lengths.sort_unstable();
    let mean = lengths.iter().sum::<usize>() as f64 / games.max(1) as f64;
    println!(
        "{games} walks from the centre stone: book moves per game mean {mean:.2}, median {}, longest {}",
        lengths.get(games / 2).copied().unwrap_or(0),
        lengths.last().copied().unwrap_or(0)
    );
    Ok(())
}

fn show(moves: &str, file: Option<&PathBuf>) -> Result<(), String> {
    let owned = load(file)?;
    let book = &owned;
    let size = book.data().size;
    let rule = book.data().rule;
    println!("{} positions ({size}x{size}, {rule})", book.len());
    let played = if moves.trim().is_empty() {
        Vec::new()
    } else {
        parse_moves(moves.trim(), size).map_err(|e| format!("'{moves}': {e}"))?
    };
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for p in played {
        let side = board
            .side_to_move_by_count()
            .ok_or("the moves are not a game")?;
        board.place(p, side).map_err(|e| e.to_string())?;
    }
    match book.moves(&board, rule) {
        Some(list) => {
            for c in list {
                println!("  {}  {:+}", point_name(c.mv, size), c.score);
            }
        }
        None => println!("  not in the book"),
    }
    Ok(())
}
