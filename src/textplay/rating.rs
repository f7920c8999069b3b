//! The player's rating in the terminal: games against the AI are rated by
//! the same rule as in the app ([`crate::rating::Rated`]), into the same
//! file (`rating.json`, read again before each write so that games rated
//! in the app are kept), and the `rating` command prints it.

use crate::engine::Level;
use crate::i18n::{phrases, Msg, Tr};
use crate::rating::{words, Ladder, Rated, RatingBook, Why};
use crate::rules::{GameModel, Outcome, Stone};
use crate::storage::{Load, Storage, RATING_FILE};
use std::io::{self, Write};

/// Rated games the `rating` command lists, newest first.
const LAST_GAMES: usize = 5;

/// The rating as the terminal keeps it, and where the game stands.
pub struct TextRating {
    /// Where the rating is kept; `None`: nowhere (scripts and tests).
    store: Option<Storage>,
    /// The rating as last read or written; read on first need.
    book: Option<RatingBook>,
    /// The levels with a measured rating.
    ladder: Ladder,
    /// Where the game on the board stands.
    rated: Rated,
    /// True once a failed save was told.
    told_unsaved: bool,
}

impl Default for TextRating {
    fn default() -> TextRating {
        TextRating {
            store: None,
            book: None,
            ladder: Ladder::measured(),
            rated: Rated::default(),
            told_unsaved: false,
        }
    }
}

impl TextRating {
    /// Keeps the rating in `store` from now on.
    pub fn set_store(&mut self, store: Storage) {
        self.store = Some(store);
        self.book = None;
    }

    /// Rates against `ladder` instead of the engine's measured one.
    pub fn set_ladder(&mut self, ladder: Ladder) {
        self.ladder = ladder;
    }

    /// Where the game on the board stands.
    #[must_use]
    pub fn rated(&self) -> &Rated {
        &self.rated
    }

    /// A new game on the board: rated when `human` plays `level` from the
    /// empty `game`.
    pub fn begin(&mut self, level: Level, human: Option<Stone>, game: &GameModel) {
        self.rated = Rated::begin(&self.ladder, level.number(), human, game);
    }

    /// A game set up from moves: not rated.
    pub fn not_from_start(&mut self, human: Option<Stone>) {
        self.rated = Rated::not(human, Why::NotFromStart);
    }

    /// "Rated game: Level 3." when the game begins rated.
    ///
    /// # Errors
    /// Only I/O errors on `out`.
    pub fn announce(&self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        if let Some(t) = self.rated.terms() {
            let level = words::level(tr, t.level);
            writeln!(out, "{}", tr.f(Msg::TextRatedGame, &[("level", &level)]))?;
        }
        Ok(())
    }

    /// The game stops being rated for `why`; says so when it was.
    ///
    /// # Errors
    /// Only I/O errors on `out`.
    pub fn spoil(&mut self, why: Why, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        if self.rated.spoil(why) {
            if let Some(line) = words::status(tr, &self.rated) {
                writeln!(out, "{line}")?;
            }
        }
        Ok(())
    }

    /// The game ended `outcome` at `at` (seconds since 1970), the person
    /// playing `human`: a rated game is rated and saved, and the change
    /// and the next level are said.
    ///
    /// # Errors
    /// Only I/O errors on `out`.
    pub fn settle(
        &mut self,
        outcome: &Outcome,
        human: Stone,
        at: u64,
        tr: Tr,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        if !self.rated.is_rated() {
            return Ok(());
        }
        self.reread(tr, out)?;
        let book = self.book.as_mut().expect("just loaded");
        let Some(settled) = self.rated.settle(book, &self.ladder, outcome, human, at) else {
            return Ok(());
        };
        writeln!(out, "{}", words::change(tr, &settled))?;
        self.suggest(tr, out)?;
        self.save(tr, out)
    }

    /// The `rating` command: the rating and its deviation, the games won,
    /// lost and drawn, the last few games and the level to try next.
    ///
    /// # Errors
    /// Only I/O errors on `out`.
    pub fn report(&mut self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        self.reread(tr, out)?;
        let book = self.book.as_ref().expect("just loaded");
        let now = words::now(tr, book, &self.ladder);
        if !book.has_games() {
            // "No rated games yet: you start at about 1200."
            return writeln!(out, "{now}");
        }
        writeln!(out, "{}", tr.f(Msg::TextRatingNow, &[("rating", &now)]))?;
        {
            writeln!(out, "{}", words::tally(tr, book))?;
            writeln!(out, "{}:", tr.s(Msg::RatingRecent))?;
            for g in book.latest(LAST_GAMES) {
                writeln!(out, "  {}", words::game(tr, g))?;
            }
            self.suggest(tr, out)?;
        }
        Ok(())
    }

    /// "Try next: Level 4".
    fn suggest(&self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        let book = self.book.as_ref().expect("loaded");
        if let Some(n) = self.ladder.suggest(book) {
            let level = words::level(tr, n);
            writeln!(
                out,
                "{}",
                tr.f(Msg::RatingSuggestNext, &[("level", &level)])
            )?;
        }
        Ok(())
    }

    /// Reads the file again (the app may have rated games since it was
    /// read); with no file, keeps the rating in memory.
    fn reread(&mut self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        if self.store.is_some() {
            self.book = None;
        }
        self.load(tr, out)
    }

    /// Reads the file unless it was read; a damaged one is set aside,
    /// said, and a fresh rating begins.
    fn load(&mut self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        if self.book.is_some() {
            return Ok(());
        }
        let book = match self
            .store
            .as_ref()
            .map(|s| s.load::<RatingBook>(RATING_FILE))
        {
            Some(Load::Loaded(b)) => b,
            Some(Load::Corrupt { error, kept_as }) => {
                let what = tr.s(Msg::SaveWhatRating);
                let notice = phrases::corrupt_file(tr, what, &error, kept_as.as_deref());
                writeln!(out, "{notice}")?;
                RatingBook::default()
            }
            Some(Load::Missing) | None => RatingBook::default(),
        };
        self.book = Some(book);
        Ok(())
    }

    fn save(&mut self, tr: Tr, out: &mut dyn Write) -> io::Result<()> {
        let (Some(store), Some(book)) = (&self.store, &self.book) else {
            return Ok(());
        };
        match store.save(RATING_FILE, book) {
            Ok(()) => Ok(()),
            Err(_) if self.told_unsaved => Ok(()),
            Err(e) => {
                self.told_unsaved = true;
                let what = tr.s(Msg::SaveWhatRating);
                let error = phrases::storage_error(tr, &e);
                let line = tr.f(Msg::CouldNotSave, &[("what", &what), ("error", &error)]);
                writeln!(out, "{line}")
            }
        }
    }
}
