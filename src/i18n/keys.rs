//! The names of the catalogue's sentences.
//!
//! Each variant's name is its key in the catalogue files; a test checks
//! that both files define exactly these keys.

/// Declares [`Msg`] with one variant per catalogue key.
macro_rules! messages {
    ($($name:ident,)*) => {
        /// A sentence of the catalogue, named by what it is for.
        // Each variant is documented by its sentence in assets/i18n/en.txt;
        // a second copy here would drift.
        #[allow(missing_docs)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($name,)*
        }

        impl Msg {
            /// Every key, in declaration order (`Msg::ALL[m as usize] == m`).
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];

            /// The key as the catalogue files write it.
            #[must_use]
            pub fn key(self) -> &'static str {
                match self {
                    $(Msg::$name => stringify!($name),)*
                }
            }

            /// The key named `key` in a catalogue file, if there is one.
            #[must_use]
            pub fn from_key(key: &str) -> Option<Msg> {
                Msg::ALL.iter().copied().find(|m| m.key() == key)
            }
        }
    };
}

messages! {
    LanguageName,
    AppTitle,
    BoardLabel,
    MenuGame,
    MenuSettings,
    MenuHelp,
    NewGameVsAi,
    PlayBlack,
    PlayWhite,
    NewTwoPlayer,
    Restart,
    Undo,
    Redo,
    Hint,
    Resign,
    OpenRecord,
    SaveGame,
    CopyPosition,
    PastePosition,
    Quit,
    AiLevel,
    RuleNextGame,
    RuleFreestyleLong,
    RuleStandardLong,
    RuleRenjuLong,
    BoardSizeNextGame,
    Sound,
    NoSoundDevice,
    Volume,
    MoveNumbers,
    Coordinates,
    ShowThinking,
    ThemeLight,
    ThemeDark,
    Language,
    HowToPlay,
    KeyboardShortcuts,
    AboutGomoku,
    KeyNewGame,
    KeyOpen,
    KeySave,
    KeyMoveNow,
    KeyCopyPaste,
    Black,
    White,
    You,
    TheAi,
    LevelBeginner,
    LevelCasual,
    LevelNormal,
    LevelStrong,
    LevelMaximum,
    RuleFreestyle,
    RuleStandard,
    RuleRenju,
    ResultDraw,
    ResultYouResigned,
    ResultResigned,
    ResultYouWin,
    ResultWins,
    YourMove,
    AiPlays,
    ToMove,
    FactMoves,
    FactMove,
    FactMode,
    FactRule,
    ModeVsAi,
    ModeTwoPlayer,
    RuleAndSize,
    PlayAgain,
    HintAt,
    Thinking,
    LookingForHint,
    Elapsed,
    Depth,
    Score,
    Line,
    MoveNow,
    MovesHeading,
    NoMovesYet,
    MoveBy,
    StatusGameOver,
    StatusAiThinking,
    StatusYourTurn,
    ScoreWinsIn,
    ScoreAhead,
    ScoreEven,
    HowToPlayText,
    AboutHeading,
    AboutText,
    License,
    Notice,
    Ok,
    GameRecords,
    RecordFileLabel,
    Open,
    Save,
    Browse,
    BrowseTip,
    SaveAs,
    SaveAsTip,
    DialogAlreadyOpen,
    NoDialogHint,
    ChoosingFile,
    StopWaiting,
    StopWaitingTip,
    PositionString,
    Load,
    CurrentGame,
    GameLoaded,
    NoDialog,
    Opened,
    Saved,
    DialogOpenTitle,
    DialogSaveTitle,
    FilterRecords,
    FilterAll,
    HintOwnTurn,
    NothingToCopy,
    Copied,
    PositionPasted,
    CannotPaste,
    CouldNotSaveSettings,
    CouldNotSaveGame,
    CorruptMoved,
    CorruptKept,
    SettingsFile,
    SavedGame,
    CannotRead,
    CannotWrite,
    InFile,
    ErrOffBoard,
    ErrOccupied,
    ErrGameOver,
    ErrAiTurn,
    ErrNotAiTurn,
    ErrNothingToUndo,
    ErrNothingToRedo,
    ErrMoveAfterEnd,
    ErrDoubleThree,
    ErrDoubleFour,
    ErrOverline,
    ErrBoardSize,
    ErrPointOffBoard,
    ErrPointOccupied,
    ErrPointEmpty,
    ErrBadPoint,
    ErrNameOffBoard,
    ErrRepeated,
    ErrDiagram,
    ErrAtLine,
    ErrEmptyRecord,
    ErrBadHeader,
    ErrNonSquare,
    ErrRecordSize,
    ErrMalformedLine,
    ErrRecordPoint,
    ErrRecordOffBoard,
    ErrMoveAfterFive,
    ErrIllegal,
    TextWelcome,
    TextTookBack,
    TextReplayed,
    TextNewGame,
    TextModeVsAi,
    TextModeTwo,
    TextLevel,
    TextHint,
    TextNoMoveLeft,
    TextMoves,
    TextLoaded,
    TextAiNoMove,
    TextAiPlays,
    TextToMove,
    TextYouWin,
    TextAiWins,
    TextWins,
    TextYouResigned,
    TextResigned,
    TextDraw,
    TextAfterEnd,
    TextUnknown,
    TextBadLevel,
    TextBadSide,
    TextHelp,
    TextLanguage,
    TextBadLang,
    NoDialogService,
    NoDialogClosedAtOnce,
    NoDialogTurnedOff,
    NoDialogStopped,
    ErrNoStorage,
    ErrBadFileName,
    ErrEncode,
    ErrIo,
    ActionCreateFolder,
    ActionRemove,
    ActionReplace,
    ActionWrite,
    DesktopGenericName,
    DesktopComment,
    DesktopKeywords,
}

#[cfg(test)]
mod tests {
    use super::Msg;

    #[test]
    fn keys_round_trip_and_index_in_order() {
        for (i, m) in Msg::ALL.iter().enumerate() {
            assert_eq!(*m as usize, i);
            assert_eq!(Msg::from_key(m.key()), Some(*m));
        }
        assert_eq!(Msg::from_key("NoSuchKey"), None);
    }
}
