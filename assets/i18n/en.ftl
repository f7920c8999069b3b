# English catalogue, in Project Fluent's syntax (https://projectfluent.org).
# `Key = sentence`; `{ $name }` is filled in by the program. A sentence
# that goes on over indented lines keeps its line breaks. Where a number
# is shown, `{ $n -> [one] … *[other] … }` picks the words for it by
# English plural rules.
# Every key here must also be in zh-CN.ftl and be a variant of Msg in
# src/i18n/keys.rs (a test checks all three agree).

LanguageName = English
AppTitle = Gomoku
BoardLabel = Game board

## menus
MenuGame = Game
MenuSettings = Settings
MenuHelp = Help
NewGameVsAi = New game vs AI
PlayBlack = Play Black (you move first)
PlayWhite = Play White (the AI opens)
NewTwoPlayer = New two-player game
Restart = Restart
Undo = Undo
Redo = Redo
Hint = Hint
Resign = Resign
OpenRecord = Open a record…
SaveGame = Save the game…
CopyPosition = Copy position
PastePosition = Paste position…
Quit = Quit
AiLevel = AI level
RuleNextGame = Rule (from the next game)
RuleFreestyleLong = Freestyle: five or more wins
RuleStandardLong = Standard: exactly five wins
RuleRenjuLong = Renju: Black may not make 3×3, 4×4 or six
BoardSizeNextGame = Board size (from the next game)
Sound = Sound
NoSoundDevice = (no sound device)
Volume = Volume
MoveNumbers = Move numbers
Coordinates = Coordinates
ShowThinking = Show the AI's thinking
Ponder = Think on your time
PonderTip = At Strong and Maximum the AI goes on thinking while you choose your move, so it plays stronger in the same time.
ThemeLight = Light
ThemeDark = Dark
Language = Language
HowToPlay = How to play
KeyboardShortcuts = Keyboard shortcuts
AboutGomoku = About Gomoku

## shortcuts window
KeyNewGame = New game
KeyOpen = Open a game record
KeySave = Save the game
KeyMoveNow = Let the AI move now
KeyCopyPaste = Copy the game / paste a position string
KeyStep = One move back / forward along the game
KeyEnds = The first / last position of the game
KeyLeaveEditor = Leave the board editor without a change

## names of things
Black = Black
White = White
You = you
TheAi = the AI
LevelBeginner = Beginner
LevelCasual = Casual
LevelNormal = Normal
LevelStrong = Strong
LevelMaximum = Maximum
RuleFreestyle = Freestyle
RuleStandard = Standard
RuleRenju = Renju

## side panel and status bar
ResultDraw = Draw: the board is full
ResultYouResigned = You resigned
ResultResigned = { $loser } resigned: { $winner } wins
ResultYouWin = You win: five in a row ({ $winner })
ResultWins = { $winner } wins: five in a row
YourMove = Your move ({ $stone })
AiPlays = The AI plays { $stone }
ToMove = { $stone } to move
FactMoves = Moves
FactMove = Move
FactMode = Mode
FactRule = Rule
ModeVsAi = You ({ $stone }) vs AI
ModeTwoPlayer = Two players
RuleAndSize = { $rule } · { $size }×{ $size }
PlayAgain = Play again
HintAt = Hint: { $point }
Thinking = Thinking
LookingForHint = Looking for a hint
Elapsed = { $what }… { $seconds } s
Depth = Depth
Score = Score
Line = Line
MoveNow = Move now
NoMovesYet = No moves yet
NavStart = Go to the start (Home)
NavBack = One move back (←)
NavForward = One move forward (→)
NavEnd = Go to the end of the line (End)
NavShown = Move { $shown } of { $total }
AiWaits = The AI waits while you look at an earlier position.
ContinueHere = Continue from here
BranchHere = { $count ->
    [one] { $count } move was tried here
   *[other] { $count } moves were tried here
}
VariationsHeading = Variations
NextMovesTried = Moves tried from this position:
MainLineMove = { $point } (main line)
InVariation = This position is in a variation.
PromoteVariation = Make main line
DeleteVariation = Delete variation
MoveBy = Move { $number } by { $who }
StatusGameOver = Game over: Play again, or Undo to take back the last move
StatusAiThinking = The AI is thinking; Space makes it move now
StatusYourTurn = Click an intersection to play · H for a hint
ScoreWinsIn = { $stone } wins in { $moves }
ScoreAhead = { $stone } +{ $value }
ScoreEven = even

## windows
HowToPlayText =
    Black and White take turns placing one stone on an empty intersection; Black moves first. The first to make an unbroken row of five stones — across, down or diagonally — wins.

    Freestyle: a row of five or more wins.
    Standard: exactly five wins; a row of six or more does not.
    Renju: White wins with five or more; Black must make exactly five and may not play a move that makes two threes, two fours or six in a row at once (such points are marked with a small red cross when Black is to move).

    Click an intersection to play there. The last move carries a red dot; the winning five is ringed when the game ends. Undo takes back your last move and the AI's reply. Press H for a hint: the engine marks the move it would play.
AboutHeading = Gomoku { $version }
AboutText = Five in a row against a strong alpha-beta AI, or against a friend.
License = License: { $license }
Notice = Notice
Ok = OK
GameRecords = Game records
RecordFileLabel = File (.psq or a position string)
Open = Open
Save = Save
Browse = Browse…
BrowseTip = Choose a record to open
SaveAs = Save as…
SaveAsTip = Choose where to save the game
DialogAlreadyOpen = A file dialog is already open
NoDialogHint = No file dialog on this system: type the path.
ChoosingFile = choosing a file…
StopWaiting = Stop waiting
StopWaitingTip = Forget the open file dialog and use a typed path
PositionString = Position string
Load = Load
CurrentGame = Current game
GameLoaded = Game loaded
NoDialog = No file dialog could be shown: { $reason }.
Opened = Opened { $path }
Saved = Saved { $path }
DialogOpenTitle = Open a game record
DialogSaveTitle = Save the game
DialogEngineTitle = Choose an engine program
BrowseEngine = Browse…
FilterRecords = Game records (.psq, .sgf, .txt)
FilterAll = All files

## messages
HintOwnTurn = A hint is for your own turn
NothingToCopy = The board is empty: nothing to copy
Copied = Copied { $text }
PositionPasted = Position pasted
CannotPaste = Cannot paste that position: { $error }
CorruptMoved = The { $what } could not be read ({ $error }). It was kept as { $path } and a fresh one is used.
CorruptKept = The { $what } could not be read ({ $error }) and could not be moved aside; a fresh one is used.
SettingsFile = settings file
SavedGame = saved game
CannotRead = cannot read { $path }: { $error }
CannotWrite = cannot write { $path }: { $error }
InFile = { $path }: { $error }

## refusals (rules)
ErrOffBoard = that point is off the board
ErrOccupied = { $point } is already occupied
ErrGameOver = the game is over
ErrAiTurn = it is the AI's turn
ErrNotAiTurn = it is not the AI's turn
ErrNothingToUndo = there is nothing to undo
ErrNothingToRedo = there is nothing to redo
ErrMoveAfterEnd = move { $number } is played after the game had already ended
ErrFiveInSetup = the position already has five in a row (at { $point })
ErrSetupSize = the set-up board is { $found }×{ $found }, but the game is played on { $expected }×{ $expected }
ErrNotAVariation = the shown position is on the main line, not in a variation
ErrNoSuchPosition = there is no such position in the game
ErrDoubleThree = forbidden for Black: double three
ErrDoubleFour = forbidden for Black: double four
ErrOverline = forbidden for Black: overline
ErrBoardSize = unsupported board size { $size } (supported: { $min } to { $max })
ErrPointOffBoard = point ({ $x }, { $y }) is off the { $size }x{ $size } board
ErrPointOccupied = point ({ $x }, { $y }) is already occupied
ErrPointEmpty = point ({ $x }, { $y }) is empty
ErrBadPoint = '{ $text }' is not a point name like h8 (at character { $at })
ErrNameOffBoard = { $name } is off the { $size }x{ $size } board
ErrRepeated = move { $number } ({ $name }) is played on an occupied point
ErrDiagram = bad board diagram: { $reason }

## refusals (records)
ErrAtLine = line { $line }: { $error }
ErrAtLineColumn = line { $line }, column { $column }: { $error }
ErrSgfNoGame = no SGF game found (a record starts with “(;”)
ErrSgfUnexpected = unexpected “{ $char }”
ErrSgfEnd = the file ends before the record is complete
ErrSgfNotGomoku = this is not a Gomoku record (GM[{ $gm }]; Gomoku is GM[4])
ErrSgfSize = unsupported board size “{ $size }”
ErrSgfPoint = “{ $text }” is not a point on the board
ErrSgfPass = move { $number } is a pass, which Gomoku does not allow
ErrSgfColour = move { $number } is played by { $found }, but { $expected } is to move
ErrSgfSetupAfterStart = stones are set up in the middle of the game
ErrSetupNeedsSgf = this game starts from a set-up position: save it as .sgf
ErrEmptyRecord = the record is empty
ErrBadHeader = bad header '{ $header }': expected 'Piskvorky WxH, …' or a size tag like '20x20'
ErrNonSquare = the board is { $width }x{ $height }; only square boards are supported
ErrRecordSize = unsupported board size { $width }x{ $height } (supported: { $min } to { $max })
ErrMalformedLine = malformed move line '{ $line }': expected 'x,y,time'
ErrRecordPoint = '{ $text }' at column { $column } is not a point name like h8
ErrRecordOffBoard = move { $number } ({ $coords }) is off the { $size }x{ $size } board
ErrMoveAfterFive = move { $number } is played after a five had already ended the game
ErrIllegal = move { $number } is illegal: { $reason }

## the terminal game
TextWelcome = Gomoku: type a point such as h8 to play, 'help' for commands.
TextTookBack = Took back { $count ->
    [one] { $count } move
   *[other] { $count } moves
}.
TextReplayed = Replayed { $count ->
    [one] { $count } move
   *[other] { $count } moves
}.
TextNewGame = New game: { $mode }.
TextModeVsAi = you play { $stone } against the AI
TextModeTwo = two players
TextLevel = AI level: { $level }.
TextHint = Hint: { $point } ({ $score }).
TextNoMoveLeft = No move left.
TextMoves = Moves: { $moves }
TextLoaded = Loaded { $count ->
    [one] { $count } move
   *[other] { $count } moves
}.
TextAiNoMove = The AI found no move.
TextAiPlays = AI ({ $stone }) plays { $point } ({ $score }).
TextToMove = { $stone } to move.
TextYouWin = You win: five in a row!
TextAiWins = The AI wins: five in a row.
TextWins = { $winner } wins: five in a row!
TextYouResigned = You resigned.
TextResigned = { $loser } resigned; { $winner } wins.
TextDraw = Draw: the board is full.
TextAfterEnd = { $result } Type 'new' to play again or 'undo' to take back.
TextUnknown = '{ $text }' is not a move or a command (type 'help')
TextBadLevel = unknown level '{ $name }' (a number from 1 to 12, or beginner, casual, normal, strong, maximum)
TextBadSide = unknown side '{ $name }' (black, white or two)
TextHelp =
    Commands:
      h8            play a stone (column letter, row number from the bottom)
      undo, u       take back (against the AI: your move and its reply)
      redo          replay what undo took back
      hint          ask the AI for a move
      resign        give up this game
      new [black|white|two]
                    start again (as Black, as White, or two players)
      level [N]     list the levels with their ratings, or play at level N (1 weakest to 12)
      moves         print the game as a position string
      load h8i9j7   set up a position from a position string
      board         show the board
      quit          leave
      lang en|zh    switch the language (English, 简体中文)
TextLanguage = Language: English.
TextBadLang = unknown language '{ $name }' (en or zh)
# gomoku-text: puzzles, openings, clocks
TextHelpMore =
    Openings, clocks and puzzles:
      new swap2     start again under an opening rule (free, swap, swap2,
                    renju26-N, soosorv-N); also new white swap2
      black, white  take a colour when the rule asks you to choose
      two           (swap2) place two more stones instead of choosing
      offer h9 j9   offer fifth moves;  pick j9  pick one of the offers
      declare 3     (soosorv) say how many fifth moves Black offers
      puzzle [N]    solve the shipped puzzles (hint, solution, retry,
                    next, quit back to the game)
      lesson [N]    learn to play: short lessons with exercises (show,
                    retry, next, lessons, quit back to the game)
TextOpeningRule = Opening rule: { $rule }.
TextYouOpen = You are the first player: you open.
TextAiOpens = The AI is the first player: it opens.
TextStagePlace = { $colour }: place stone { $number }, a { $stone } stone.
TextStagePlaceWithin = { $colour }: place stone { $number }, a { $stone } stone, within the central { $side }×{ $side } square.
TextStageChoose = { $colour }: choose your colour (type black or white).
TextStageChooseOrPlace = { $colour }: place { $count ->
        [one] one more stone
       *[other] { $count } more stones
    } or choose a colour (type black, white or two).
TextStageDeclare = { $colour }: play the 4th move done; declare how many 5th moves Black offers (declare 1 to { $max }).
TextStageOffer = { $colour }: offer 5th move { $number } of { $of } (type offer and the points).
TextStagePick = { $colour }: pick one of the offered 5th moves { $offers } (type pick and the point).
TextPlaceTwo = Place the two stones: White first, then Black.
TextAiPlaces = The AI places { $points }.
TextAiTakes = The AI takes { $stone }.
TextAiDeclares = The AI asks for { $count ->
        [one] one fifth move
       *[other] { $count } fifth moves
    }.
TextAiOffers = The AI offers { $points } as fifth moves.
TextAiPicks = The AI picks { $point }.
TextOpeningYouPlay = The opening is over: you play { $stone }.
TextOpeningOver = The opening is over.
TextOpeningName = This is { $name } ({ $code }).
TextNoOpeningStep = There is no opening decision to make now.
TextOpErrFinished = The opening is over; play ordinary moves.
TextOpErrWrongSeat = It is the other player's turn to decide.
TextOpErrNotAsked = That is not allowed now. { $stage }
TextOpErrOffBoard = That point is off the board.
TextOpErrOccupied = { $point } is already taken.
TextOpErrOutsideCentre = { $point } is outside the central { $side }×{ $side } square.
TextOpErrOfferedTwice = { $point } is offered already.
TextOpErrSymmetric = { $point } mirrors the offer at { $of }: symmetric offers are the same move.
TextOpErrNotOffered = { $point } was not offered.
TextOpErrOfferCount = { $count } offers: choose 1 to { $max }.
TextOpErrBoardSize = This opening rule cannot be played on a board of { $size }.
TextBadOpening = unknown opening rule '{ $name }' (free, swap, swap2, renju26-N, soosorv-N)
TextClocks = Clocks: Black { $black }, White { $white }.
TextClockRunning = { $time } (running)
TextClockLow = { $stone } is low on time.
TextYouFlagged = You lost on time.
TextAiFlagged = The AI lost on time: you win.
TextFlagged = { $loser } lost on time; { $winner } wins.
TextPuzzleStart = Puzzles: type a point to play, or hint, solution, retry, next, quit.
TextPuzzleReply = Right. The engine answers { $point }; your move again.
TextPuzzleWrong = { $why }. Refutation: { $moves } (your move was not kept; try again).
TextPuzzleDefended = That can be defended
TextPuzzleStillLoses = That does not hold
TextPuzzleHintArea = Hint: the move is in the square from { $from } to { $to }.
TextPuzzleSolution = Solution: { $moves }
TextPuzzleSolved = Solved! Type next for another puzzle, retry, or quit.
TextPuzzleHelp =
    Puzzle commands:
      h8          play a move (judged at once)
      hint        first the area, then the move
      solution    show the whole solution
      retry       start this puzzle again
      next        the next puzzle;  puzzle N  go to puzzle N
      set         the puzzle sets;  set N  choose set N
      quit        back to the game
TextPuzzleBack = Back to the game.
TextPuzzleNone = There is no puzzle { $number } (1 to { $total }).

## why no file dialog
NoDialogService = no desktop portal (D-Bus session bus) and no zenity
NoDialogClosedAtOnce = it closed at once; no desktop portal or zenity answered
NoDialogTurnedOff = file dialogs are turned off
NoDialogStopped = the file dialog stopped without an answer

## saving
ErrNoStorage = no storage folder is available; nothing is saved
ErrBadFileName = '{ $name }' is not a plain file name
ErrEncode = could not encode { $name }: { $reason }
ErrIo = could not { $action } { $path }: { $error }
ActionCreateFolder = create folder
ActionRemove = remove
ActionReplace = replace
ActionWrite = write

## the Linux desktop entry (Keywords: separated and ended by ';')
DesktopGenericName = Five in a Row
DesktopComment = Play five in a row (Gomoku) against a strong AI or a friend
DesktopKeywords = gomoku;gobang;five in a row;renju;board;

## saving in the background, engine failures
CouldNotSave = Could not save the { $what } (play goes on): { $error }
SaveWhatSettings = settings
SaveWhatGame = game
SaveWhatRecent = recent games
SaveWhatReview = game review
RecentGamesFile = recent games list
EngineRestarted = The AI stopped working and was restarted
EngineKeepsFailing = The AI keeps failing on this position: undo a move or start a new game
ForeignSpawnFailed = Engine “{ $engine }” could not be started: { $reason }
ForeignCrashed = Engine “{ $engine }” crashed or exited ({ $detail })
ForeignTimeout = Engine “{ $engine }” did not answer in { $ms } ms: it hung or is too slow
ForeignNoAnswer = Engine “{ $engine }” never answered { $command } (waited { $ms } ms)
ForeignProtocol = Engine “{ $engine }” broke the protocol: { $detail }
ForeignFlood = Engine “{ $engine }” flooded its output: { $detail }
ForeignNotAnEngine = “{ $engine }” is not a Gomocup engine (no answer to ABOUT)
ForeignRestarted = { $what }. It was stopped and is started again for this move.
ForeignStopped = { $what }. It was stopped; the game is kept.
EnginesMenu = Engines…
EnginesTitle = Engines
BuiltInEngine = Built-in engine (always available)
EngineCommandLabel = Add a Gomocup engine: its command or path
AddEngine = Add
EngineStarting = Starting { $command } …
EngineVersionAuthor = version { $version }, by { $author }
EngineNbestYes = Ranks several moves for analysis (YXNBEST): yes
EngineNbestNo = Ranks several moves for analysis (YXNBEST): no
EngineTimePerMove = Time per move (seconds)
EngineThreads = Threads (0: the engine's choice)
EngineMemory = Memory, MB (0: no limit)
RemoveEngine = Remove
NewGameAgainst = New game against…
PlayBlackAgainst = { $engine }: you play Black
PlayWhiteAgainst = { $engine }: you play White

## recent games and the toast
RecentGames = Recent games
RecentGamesMenu = Recent games…
NoRecentGames = No games yet. Finished and replaced games are kept here.
RecentLine = { $players } · { $moves }
RecentVsAi = You ({ $stone }) vs AI ({ $level })
Unfinished = Unfinished
MoveCount = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
# When a game was kept, in local time: a strftime pattern (%Y year,
# %m month, %d day, %H hour, %M minute; %-m and %-d drop the leading 0).
DateTimeFormat = %Y-%m-%d %H:%M
ReplacedByNew = New game started
ReplacedByRecord = Game opened
ReplacedByRecent = Recent game opened
PreviousBack = The previous game is back
KeptInRecent = { $what }. The previous game is kept in Recent games (Game menu)
ToastUndoLabel = Undo: bring back the previous game
ToastUndo = Undo

## board editor
EditPosition = Edit position…
EditorHeading = Edit position
EditorPlaceBlack = Place Black
EditorPlaceWhite = Place White
EditorErase = Erase
EditorHelp = Click a point to place the chosen stone; click it again, or right-click, to take it away.
EditorToMove = To move
EditorByCount = By stone count
EditorClear = Clear board
EditorPlay = Play from here
EditorAnalyse = Analyse from here
EditorCancel = Cancel
EditorFive = { $stone } already has five in a row. Take a stone away to play from this position.
EditorFull = The board is full: there is no move left to play.
EditorForbidden = { $count ->
    [one] A red cross marks the one point where Black may not play under Renju.
   *[other] Red crosses mark the { $count } points where Black may not play under Renju.
}
ReplacedByEdit = Playing from the edited position
## analysis and review
MenuAnalysis = Analysis
AnalysisMode = Analysis mode
KeyAnalysis = Analysis on/off
AnalysisHeading = Analysis
AnalysisDepth = Analysing… depth { $depth }
AnalysisStarting = Analysing…
AnalysisGameOver = The game is over: nothing to analyse here.
AnalysisAiWaits = The AI waits while analysis is on.
AnalysisCandidates = Candidate moves
CandidateMove = Move
CandidateScore = Score
CandidateChance = Win chance
CandidateProven = { $line } (a proven win)
CandidateTip = { $stone } to move: { $chance } chance to win. Hover to see the line on the board.
ReviewGame = Review game
ReviewResume = Resume the review
ReviewCancel = Cancel review
ReviewProgress = Reviewing: { $done } of { $total ->
    [one] { $total } position
   *[other] { $total } positions
}
ReviewDone = Review complete: { $total ->
    [one] { $total } position
   *[other] { $total } positions
}
ReviewStopped = Review stopped at { $done } of { $total ->
    [one] { $total } position
   *[other] { $total } positions
}
ReviewNothing = No moves to review yet.
ReviewHeading = Game review
GraphHeading = Win chance for Black
GraphTip = Click the graph to go to that move.
LabelBest = best
LabelGood = good
LabelInaccuracy = inaccuracy
LabelMistake = mistake
LabelBlunder = blunder
ReviewMoveTip = Move { $number }: { $label }, { $loss } win chance lost; the engine's best was { $best }
ReviewMoveBestTip = Move { $number }: { $label }
ReviewShownMove = Move { $number } ({ $point }): { $label }
ReviewShownBest = Best was { $best } ({ $loss } lost)
ReviewSummaryLine = { $stone }: { $best } best, { $good } good, { $inaccuracy ->
    [one] { $inaccuracy } inaccuracy
   *[other] { $inaccuracy } inaccuracies
}, { $mistake ->
    [one] { $mistake } mistake
   *[other] { $mistake } mistakes
}, { $blunder ->
    [one] { $blunder } blunder
   *[other] { $blunder } blunders
} · average loss { $loss }
AnalysisFinished = Finished at depth { $depth }
SidePanelDrawer = Game panel
ResignQuestion = Resign this game?
ResignExplain = The game ends at once and counts as a loss. Undo can take it back.
ResignConfirm = Yes, resign
KeepPlaying = Keep playing
ReadingFile = Reading the file…
WritingFile = Writing the file…
FileJobFailed = something went wrong while handling the file
AiPlayedIn = The AI played { $point } after { $seconds } s
AiPlayedInPondering = AI: { $point } in { $seconds } s · thinking on your time
ThreatFive = five in a row
ThreatOpenFour = an open four
ThreatFour = a four
ThreatOpenThree = an open three
ThreatClosedThree = a closed three
ThreatRow = the row
ThreatColumn = the column
ThreatDiagonal = the \ diagonal
ThreatAntiDiagonal = the / diagonal
ThreatShapeOnLine = { $shape } on { $line }
ThreatListJoin = {", "}
ThreatFourThree = a four-three
ThreatDoubleThree = a double three
ThreatDoubleFour = a double four
ThreatMakesFive = { $point } makes five in a row
ThreatMakesShape = { $point } makes { $shape } on { $line }
ThreatMakesCombo = { $point } makes { $combo }: { $parts }
ThreatMakesNothing = { $point } makes no threat
ThreatForbiddenMove = { $point } is forbidden for Black ({ $combo }): { $parts }
ThreatBlocksFour = it blocks { $stone }'s four on { $line }
ThreatBlocksOpenThree = it stops { $stone }'s open three on { $line }
ThreatKindVcf = win by fours (VCF)
ThreatKindVct = win by threats (VCT)
ThreatHadFour = { $stone } had a four — only { $answer } stopped it
ThreatHadWin = { $stone } had a { $kind } from { $from } — { $answer } would have stopped it
ThreatHadWinNoAnswer = { $stone } had a { $kind } from { $from }, and no move could stop it
ThreatStopped = it stops { $stone }'s { $kind } from { $from }
PuzzleTaskVcf = { $stone } to play and win by continuous fours (VCF)
PuzzleTaskVct = { $stone } to play and win by fours and threes (VCT)
PuzzleTaskDefend = { $stone } to move: find the only defence
PuzzleTaskDefendAny = { $stone } to move: find a defence
PuzzleSolved = Solved!
PuzzleRight = Right — your move again
PuzzleWrongNotAFour = Not a four: a VCF plays a four with every move
PuzzleWrongNotAThreat = Not a threat: every move must make a four or an open three
PuzzleWrongIgnoredFour = The four had to be blocked first
PuzzleWrongDefended = That can be defended — see the grey stones
PuzzleWrongStillLoses = That does not hold — see the grey stones
PuzzleHintArea = The move is in the marked square
PuzzleHintMove = Play { $point }
PuzzleLevel = Level { $level }
PuzzleRating = Rating { $rating }
PuzzleStreak = { $count ->
    [one] { $count } clean solve in a row
   *[other] { $count } clean solves in a row
}
PuzzleOriginMissedWin = Move { $number } of your game on { $date }: you had a win
PuzzleOriginWalkedIntoLoss = Move { $number } of your game on { $date }: this move lost
PuzzlesMenu = Puzzles…
PuzzleNumber = Puzzle { $number } of { $total }
PuzzleJudging = Judging…
PuzzleHint = Hint
PuzzleShowSolution = Solution
PuzzleRetry = Try again
PuzzleNext = Next puzzle
PuzzlePrevious = Previous puzzle
PuzzleLeave = Back to the game
PuzzleSolvedCount = { $solved } of { $total } solved
PuzzleYours = From your games
PuzzleNoneYours = None yet. When you finish a game against the AI, every win you missed and every move that lost becomes a puzzle here.
PuzzleSearching = Looking for puzzles in your last game…
PuzzleFound = { $count ->
    [one] { $count } new puzzle from your game
   *[other] { $count } new puzzles from your game
}
PuzzleSolutionShown = The solution is on the board in grey; this try counts as missed.
PuzzleAlreadySolved = Solved — try the next one.
PuzzleNoAnswer = The judge found nothing to show here.
PuzzleOpen = Open
PuzzleDelete = Delete
PuzzleSolvedTimes = { $count ->
    [one] solved once
   *[other] solved { $count } times
}
PuzzlePointTaken = That point is taken
SaveWhatPuzzles = puzzle progress
ResultYouLostOnTime = You lost on time
ResultOnTime = { $loser } ran out of time: { $winner } wins
ClockTitle = Clock
ClockNone = No clock
ClockLow = Low on time!
FactClock = Clock
ClockReading = { $stone } { $time }
ClockPerMove = { $time } a move
ClockChangeNextGame = The clock applies from the next new game.
ClockMinutes = { $count } min
ClockSeconds = { $count } s
ClockPlus = { $main } + { $increment }
ClockNextGame = Clock (next game)
OpeningRuleNextGame = Opening rule (next game)
OpeningFree = Free opening
OpeningSwap = Swap (three stones, then a colour)
OpeningSwap2 = Swap2
OpeningRenju26 = 26 openings, swap after move 3, 2 fifth-move offers
OpeningSoosorv = Soosõrv-8 (RIF)
OpeningYou = You
OpeningTheAi = The AI
OpeningPlace = { $who } ({ $stone }): place stone { $number }
OpeningPlaceWithin = { $who } ({ $stone }): place stone { $number } within the central { $side } × { $side }
OpeningChoose = { $who }: choose your colour
OpeningChooseOrPlace = { $who }: take Black, take White, or place two more stones
OpeningDeclare = { $who } (White): how many fifth moves must Black offer? (1–{ $max })
OpeningOffer = { $who } (Black): offer fifth move { $number } of { $of }
OpeningPick = { $who } (White): pick one of the offered fifth moves
OpeningAiDeciding = The AI is deciding…
OpeningTakeBlack = Take Black
OpeningTakeWhite = Take White
OpeningAiChose = The AI takes { $stone }
ErrOpeningWrongSeat = It is the other player's turn to decide
ErrOpeningNotAsked = That is not what the opening asks now
ErrOpeningOccupied = That point is taken
ErrOpeningOutsideCentre = This stone must lie within the central { $side } × { $side }
ErrOpeningSymmetric = That offer is the same as an earlier one by symmetry
ErrOpeningOfferedTwice = That point is offered already
ErrOpeningNotOffered = Pick one of the offered points
ErrOpeningOther = The opening refused that: { $reason }
FactOpening = Opening
OpeningNameOf = { $code ->
    [D1] Kansei
    [D2] Keigetsu
    [D3] Sosei
    [D4] Kagetsu
    [D5] Zangetsu
    [D6] Ugetsu
    [D7] Kinsei
    [D8] Shogetsu
    [D9] Kyugetsu
    [D10] Shingetsu
    [D11] Zuisei
    [D12] Sangetsu
    [D13] Yusei
    [I1] Chosei
    [I2] Kyogetsu
    [I3] Kosei
    [I4] Suigetsu
    [I5] Ryusei
    [I6] Ungetsu
    [I7] Hogetsu
    [I8] Rangetsu
    [I9] Gingetsu
    [I10] Myojo
    [I11] Shagetsu
    [I12] Meigetsu
    [I13] Suisei
   *[other] { $code }
}
OpeningDirect = direct
OpeningIndirect = indirect
OpeningNamedFact = { $name } ({ $code }, { $kind })
WatchMenu = Watch engines play…
WatchTitle = Watch engines play
WatchBuiltIn = Built-in engine ({ $level })
WatchStart = Start
WatchTimePerMove = Most time per move (seconds)
WatchTimeTip = The longest either engine may think on a move in this game: a listed engine is told this time instead of its own setting; the built-in engine thinks at its level, never longer.
WatchPause = Pause
WatchResume = Resume
WatchStep = Step
WatchPaused = Paused: Resume plays on, Step plays one move.
ModeWatch = Engines play each other
WatchToMove = { $stone } to move: { $engine }
WatchVs = { $black } vs { $white }
WatchWaiting = waiting
WatchThinking = thinking… { $seconds } s
WatchReport = depth { $depth } · { $score } · { $line }
WatchNotListed = Engine “{ $engine }” is no longer in the engines list.
ErrWatching = engines are playing this game: clicks place no stones
AnalysisEngine = Engine
AnalysisBuiltIn = Built-in engine
AnalysisWith = Analysing with { $engine }

## tournaments of engines
TournamentsMenu = Tournaments…
TournamentsTitle = Tournaments
TourEngines = Engines (tick two or more)
TourBuiltIn = Built-in engine (pbrain-gomoku)
TourNoEngines = Add engines in Game → Engines… to play them here.
TourKind = Kind
TourRoundRobin = Round robin: every engine against every other
TourGauntlet = Gauntlet: the first ticked engine against each of the others
TourGamesPerPairing = Games per pairing
TourTimePerMove = Time per move (seconds)
TourClock = Game clock per side (seconds, 0: none)
TourOpenings = Openings
TourOpeningsBalanced = Our balanced openings
TourOpeningsEmpty = The empty board
TourOpeningsFile = A file of position strings:
TourConcurrency = Games at once
TourRule = Rule
TourStart = Start
TourResume = Resume the last tournament
TourStop = Stop
TourRunning = Playing: { $finished } of { $planned } games finished
TourStopping = Stopping: the games under way end before their next move…
TourEnded = Finished: all { $planned } games played
TourStopped = Stopped after { $finished } of { $planned } games: Resume plays the rest
TourFolder = Games saved in { $path }
TourPairing = Pairing
TourWld = W-L-D
TourElo = Elo ± error
TourPentanomial = Pairs by points (0, ½, 1, 1½, 2)
TourEngine = Engine
TourGames = Games
TourScore = Score
TourVs = { $a } vs { $b }
TourLastGames = Last games
TourGameLine = { $black } (Black) – { $white } (White): { $result }
TourWins = { $engine } wins
TourDraw = draw
TourOpenGame = Open
TourErrNoFolder = There is no data folder to keep the tournament's games in.
TourErrNoOpenings = There are no balanced openings for this rule: choose the empty board or a file.
TourErrOpenings = The openings cannot be used: { $detail }
TourErrFiles = The tournament's files cannot be written or read: { $detail }
TourErrState = The tournament cannot be started or resumed here: { $detail }
ClockSameForBoth = Same for both
ClockEachSide = Black and White apart
NewGameFromOpening = New game from opening…
OpeningPickerTitle = New game from an opening
OpeningPickerNote = The game starts with the opening's three stones, with the current players, rule, opening rule and clock.
OpeningPickerRow = { $chinese } · { $romaji } ({ $code }, { $kind })
OpeningPickerPlay = Play
PuzzleSet = Puzzle set
PuzzleSetName = { $rule } { $size }×{ $size } ({ $count })
PuzzleSetNameKind = { $rule } { $size }×{ $size } — { $kind } ({ $count })
PuzzleSetKindVcf = VCF
PuzzleSetKindVct = VCT
PuzzleSetKindDefend = defence
TextPuzzleSets = Puzzle sets (type set N to choose one):
TextPuzzleNoSet = There is no puzzle set { $number } (1 to { $total }).
ModeVsEngine = You ({ $stone }) vs { $engine }
EngineToMove = { $engine } plays { $stone }
EnginePlayedIn = { $engine } played { $point } after { $seconds } s
StatusEngineThinking = { $engine } is thinking; Space makes it move now
EngineWaits = { $engine } waits while you look at an earlier position.
AnalysisEngineWaits = { $engine } waits while analysis is on.
FactOpponent = Opponent
NewGameSame = New game: { $players }
NewGameSameRule = New game ({ $rule }): { $players }
SeatFirst = first player
SeatSecond = second player
PlayersVsAiSeat = You ({ $seat }) vs AI ({ $level })
PlayersVsEngineSeat = You ({ $seat }) vs { $engine }
ReviewLossHeading = loss
CandidateLineOf = Line { $rank }: { $line }
TextSeatFirst = First player
TextSeatSecond = Second player
StatusGameOverResigned = Game over: Play again, or Undo to take back the resignation
OpeningPlaceTwoHint = Or click the board to place { $count } more stones: then the other player chooses the colour.
OpeningOffered = Offered so far: { $points }
OpeningPickAmong = Click one of: { $points }
OpeningSettledByAi = The AI took { $stone }: you play { $yours }.
TourTooFew = too few games
TourEndFive = five after { $moves } moves
TourEndFullBoard = board full
TourEndMoveLimit = move limit reached after { $moves } moves
TourEndStart = { $engine } did not start or answer
TourEndCrash = { $engine } crashed
TourEndTime = { $engine } ran out of time
TourEndIllegal = { $engine } played an illegal move
StatusLookingForHint = Looking for a hint…
DepthBook = opening book
ExplorerTitle = Opening explorer
ExplorerEmpty = This position is not in the library yet.
ExplorerLoading = Looking it up…
ExplorerGames = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: Black { $black }, White { $white }, draws { $draws }
ExplorerMove = Move
ExplorerSeen = Seen
ExplorerBlack = Black
ExplorerWhite = White
ExplorerDraws = Draw
ExplorerScore = Score
ExplorerPlayTip = Play { $move }; { $seen ->
    [one] seen once
   *[other] seen { $seen } times
} here
ExplorerEngine = Engine: { $score } at depth { $depth }
ExplorerNoComment = No comment.
ExplorerEditComment = Edit comment
ExplorerSaveComment = Save
ExplorerCancelComment = Cancel
ExplorerMarked = Marked
ExplorerMarkedTip = A bookmark on this position, kept in the library (RenLib’s mark)
ExplorerImporting = Importing: { $done } of { $files } files, { $games ->
    [one] { $games } game
   *[other] { $games } games
}
ExplorerStopImport = Stop import
MenuLibraryImport = Import files into the library…
MenuLibraryImportFolder = Import a folder into the library…
MenuLibraryExportLib = Export the library from here as RenLib (.lib)…
MenuLibraryExportSgf = Export the library from here as SGF…
MenuLibraryLearns = Learn from analysis and games
LibraryFile = position library
LibraryUnavailable = The position library could not be opened ({ $error }); this session keeps one in memory.
LibraryImported = Library: { $games ->
    [one] { $games } game or tree
   *[other] { $games } games and trees
} from { $files ->
    [one] { $files } file
   *[other] { $files } files
} added, { $dupes } already there.
LibraryImportStopped = Import stopped: { $games ->
    [one] { $games } game
   *[other] { $games } games
} from { $files ->
    [one] { $files } whole file
   *[other] { $files } whole files
} kept; the file in progress was left out.
LibraryImportErrors = These files were not imported (nothing of them was added):
LibraryFileError = { $file }: { $error }
LibraryExported = The library’s tree was saved to { $path }.
LibraryExportedCut = The library’s tree was saved to { $path }, cut short at { $max } positions.
LibraryExportFailed = The library could not be exported: { $error }
LibraryFailed = The position library failed: { $error }
DialogImportTitle = Import into the position library
DialogExportTitle = Export the position library
FilterLibrary = RenLib, PSQ and SGF files (.lib, .psq, .sgf)
ErrAtByte = byte { $at }: { $error }
ErrRenLibNotLib = not a RenLib file
ErrRenLibVersion = version { $version } is newer than 3.4, the newest known here
ErrRenLibCut = the file is cut short or damaged here
ErrRenLibPoint = not a point of the 15×15 board
ErrRenLibOccupied = move { $point } is on a point already played in its line
ErrSgfGame = game { $game }, { $error }
ErrUnreadable = cannot be read: { $error }
ErrDatabase = the database refused: { $error }
TextExplorerRow = { $move }: seen { $seen }, Black { $black }, White { $white }, draws { $draws }, score { $score }
TextExplorerComment = Comment: { $comment }
TextNoted = The comment is kept in the library.
TextMarked = This position is marked in the library.
TextUnmarked = The mark on this position is removed.
TextExportKind = Name the file .lib (RenLib) or .sgf.
TextHelpLibrary = Library: explore (x) shows what the position library knows here; import PATH adds .lib, .psq and .sgf files or folders; export PATH.lib or PATH.sgf writes its tree from here; note TEXT comments on the position; mark marks it; label POINT puts the next free letter on a point or takes its label away, label POINT TEXT puts TEXT there.
LessonRulesTitle = The rules: five in a row
LessonRulesText = Two players take turns placing stones on the points where the lines cross: Black first, then White. A stone never moves once it is placed. Whoever first gets five of their stones in an unbroken line — across, up and down, or diagonally — wins.
LessonRulesText2 = Under the freestyle rule a line of six or more wins too; under the standard rule only exactly five counts. Renju, the rule of tournaments, comes in a later lesson.
LessonFoursTitle = Fours and blocking
LessonFoursText = Four stones in a line with room for a fifth make a four: next move it becomes five. When your opponent makes a four, put a stone on the point that would make their five — at once, whatever else is on the board.
LessonFoursText2 = A four with both ends free is an open four: two points make five, and one stone cannot block both, so an open four wins. There is one exception to blocking: if you can make five yourself, do that first.
LessonThreesTitle = Open threes
LessonThreesText = Three stones in a line with both ends free make an open three. Next move it can become an open four, which cannot be stopped, so an open three must be answered: block it at one end. One gap is allowed: a three with a hole in it is open too.
LessonThreesText2 = A three with one end already blocked is a closed three: it can only become a four, and a four is easy to block. Open threes matter; closed ones rarely do.
LessonFourThreeTitle = The four-three
LessonFourThreeText = A four-three is one move that makes a four and an open three at the same time. Your opponent must block the four; then the three becomes an open four, and that wins. It is the most common way games are won.
LessonFourThreeText2 = Look for a point where two of your lines cross: one holding three of your stones, the other two.
LessonVcfTitle = Winning by continuous fours (VCF)
LessonVcfText = A four forces a reply: your opponent must block it, and you know exactly where. So you can play four after four, each forcing the answer, until one makes two fours or a four-three that cannot be stopped. This is called VCF: victory by continuous fours.
LessonVcfText2 = In these exercises the AI defends as well as it can, and every move you play must be a four.
LessonDefendTitle = Defending
LessonDefendText = Before every move, ask what your opponent threatens. A four must be blocked. An open three must be answered at one of its ends. A point where your opponent would make a four-three must be taken first.
LessonDefendText2 = Find a move after which your opponent has no forced win: the AI then tries its best attack against it.
LessonRenjuTitle = Renju: Black's forbidden points
LessonRenjuText = Black moves first, and that is a big advantage. So under the Renju rule Black may not play a move that makes two open threes at once (double three), two fours at once (double four), or six or more in a row (overline). These are Black's forbidden points; White has none.
LessonRenjuText2 = When Black is to move, the board marks Black's forbidden points. A four-three is allowed. In these exercises, click a forbidden point.
LessonOpeningsTitle = Opening rules
LessonOpeningsText = With a free opening Black wins too easily, so serious games start under an opening rule. In swap2 the first player places three stones (two black, one white); the second player then chooses to play Black, to play White, or to place two more stones and let the first player choose.
LessonOpeningsText2 = Renju uses 26 named openings: Black on the centre, White beside it (direct, D) or diagonally beside it (indirect, I), and Black's third stone within two points of the centre. Each has a name, such as Kagetsu (D4). Settings → Opening rule (next game) plays under these rules, and Game → New game from opening… starts from any of the 26.
ExFive = { $side } to play: make five in a row.
ExFiveRace = Both sides have a four. { $side } to play: what now?
ExFiveRenju = { $side } to play: make exactly five. Careful: six in a row is forbidden for Black.
ExFour = { $side } to play: make a four.
ExBlock = { $side } to play: your opponent has a four. Block it.
ExOpenThree = { $side } to play: make an open three.
ExOpenThreeBlocked = { $side } to play: make an open three. One of your lines is already blocked.
ExStopThree = { $side } to play: your opponent has an open three. Stop it from becoming an open four.
ExFourThree = { $side } to play: make a four-three.
ExVcf = { $side } to play: win with a four on every move.
ExDefend = { $side } to play: your opponent threatens to win. Find a defence that holds.
ExForbidden = { $side } to move under Renju: click a point where Black may not play.
ExOpening = The first two stones are down. Place Black's third stone to make { $name }.
LessonsMenu = Learn to play…
LessonsHeading = Learn to play
LessonNumber = Lesson { $number } of { $total }
LessonExerciseNumber = Exercise { $number } of { $total }
LessonRight = Right!
LessonRightForbidden = Right — { $why }.
LessonReplied = Good — the AI blocked. Play on.
LessonShownMove = The marked point is a right move. Play it to go on.
MistakeNotFive = That is not five in a row. Count the stones in each line.
MistakeNotFour = That is not a four: four stones in a line with room for the fifth.
MistakeFourOpen = The four can still become five: the grey stone shows where.
MistakeIgnoredFour = Your opponent has a four: block it, or make five yourself. The grey stone shows their five.
MistakeClosedThree = That three is closed at one end: it can never become an open four.
MistakeNotThree = That does not make three in a line with both ends free.
MistakeThreeOpen = The three can still become an open four: the grey stone shows where.
MistakeNotFourThree = That is not a four and an open three at once.
MistakeNotForbidden = Black may play there. Look for a point that makes two threes, two fours or six in a row.
MistakeOtherOpening = That makes { $name }, not the opening asked for.
MistakeNoOpening = Those three stones make none of the 26 openings: the third stone goes within two points of the centre.
LessonShowMe = Show me
LessonNextExercise = Next exercise
LessonPreviousExercise = Previous exercise
LessonNextLesson = Next lesson: { $title }
LessonToPuzzles = On to the puzzles
LessonAll = All lessons
LessonDoneCount = { $done } of { $total } done
LessonFinished = You finished this lesson.
LessonAllFinished = You have finished every lesson. The puzzles come next: positions from real games, at your level.
SaveWhatLessons = lesson progress
WheelsTitle = Are you sure?
WheelsMissesFive = You can win at once: five in a row at { $point }. Play { $move } anyway?
WheelsAllowsFive = { $side } has a four: this lets { $side } make five at { $point }. Play it anyway?
WheelsAllowsVcf = This lets { $side } win by fours from { $point } — play it anyway?
WheelsMissesVcf = You can win by fours from { $point }. Play { $move } anyway?
WheelsPlayAnyway = Play anyway
WheelsTakeBack = Take it back
WheelsSetting = Training wheels
WheelsTip = Against the AI, before a move that lets it win by force or misses your own win, the game says so and offers to take the move back. On at Beginner and Casual unless you turn it off.
TextLessonStart = Lessons: type a point to play, or show, retry, next, lessons, lesson N, quit.
TextLessonHelp =
    Lesson commands:
      h8          play a move (judged at once)
      show        show a right move (the exercise then counts only when
                  you do it again yourself)
      retry       start this exercise again
      next        the next exercise, after the last one the next lesson
      lessons     every lesson and how much of it is done
      lesson N    go to lesson N
      board       show the board and the task again
      quit        back to the game
TextLessonBack = Back to the game.
TextLessonNone = There is no lesson { $number } (1 to { $total }).
TextLessonReply = Right. The AI blocks at { $point }; your move again.
TextLessonWrong = { $why } Answer: { $moves }. Your move was not kept; try again.
TextLessonShow = A right move: { $point }. Play it to go on.
TextLessonNext = Type next for the next lesson: { $title }.
TextLessonToPuzzles = That was the last lesson. Type quit, then puzzle, for the puzzles.
TextMistakeFourOpen = The four can still become five.
TextMistakeThreeOpen = The three can still become an open four.
TextMistakeIgnoredFour = Your opponent has a four: block it, or make five yourself.
TextLessonDefended = That can be defended.
TextLessonStillLoses = That does not hold.
LevelNamed = Level { $n } · { $band }
LevelRated = Level { $n } · { $band } · about { $elo }
RatingRow = Rating
RatedGame = Rated game
RatedCounted = Rated game: counted
NotRated = Not rated: { $why }
RatedWhyUnmeasured = this level has no measured rating yet
RatedWhyNotFromStart = the game did not start from the empty board
RatedWhyUndo = you took a move back
RatedWhyHint = you asked for a hint
RatedWhyTrainingWheels = you took a move back when the training wheels warned
RatedWhyTookBack = you played on from an earlier position
RatedWhyAnalysis = analysis was on
RatedWhyExplorer = the opening explorer was open
RatedWhyLevelChanged = the level changed during the game
RatedWhyResumed = it was not a rated game when the app last closed
YourRatingChange = Your rating: { $rating } ({ $change })
RatingSuggestNext = Try next: { $level }
RatingAdaptiveNext = Next game (adaptive): { $level }
RatingPlayLevel = Play { $level }
LevelAdaptive = Adaptive (your rating)
LevelAdaptiveTip = Each new game is played at the level whose rating is nearest yours.
RatingMenu = Your rating…
RatingTitle = Your rating
RatingNow = { $rating } ± { $deviation }
RatingNone = No rated games yet: you start at about { $rating }.
RatingGames = Rated games: { $count } (won { $wins }, lost { $losses }, drawn { $draws })
RatingRule = A game counts when you play a level from the empty board to the end, with no undo, hint, analysis or explorer. Resigning is a loss.
RatingHistory = History
RatingPlotGame = Rated game
RatingLevels = The levels
RatingUnmeasured = not measured yet
RatingNearest = nearest to you
RatingRecent = Last games
RatingGameLine = { $when } · { $level } · { $result } → { $rating }
RatingWon = won
RatingLost = lost
RatingDrew = drawn
RatingReset = Reset rating…
RatingResetQuestion = Forget your rating and all { $count } rated games?
RatingResetConfirm = Yes, reset
RatingResetCancel = Keep it
RatingResetDone = Your rating was reset.
SaveWhatRating = rating
HowToPlayRating = Your rating: a game against the AI counts for your rating when you play a level from the empty board to the end without undo, hints, analysis or the opening explorer (resigning is a loss). After it the game panel shows your new rating and suggests the next level; Game → Your rating… shows its history. "Adaptive" in Settings plays at the level nearest your rating.
TextHelpRating =
    Your rating:
      rating        your rating, its deviation and your last rated games
TextRatedGame = Rated game: { $level }.
TextRatingNow = Your rating: { $rating }
ExplorerEditLabels = Edit labels
ExplorerEditLabelsTip = Letters on the board for this position, kept in the library (RenLib’s board texts)
ExplorerLabelling = Click an empty point to put the next letter on it; click a letter to take it away.
TextExplorerLabels = Labels: { $labels }
TextLabelPut = { $label } is on { $point } in the library.
TextLabelRemoved = The label { $label } on { $point } is taken away.
TextLabelUnchanged = Nothing changed: { $point } holds a stone, or every letter is in use.
StatusOverInDrawer = { $result } · Play again in the Game panel
StatusOverRatedInDrawer = { $result } · { $rating } · Play again in the Game panel
