# 简体中文词条，为 Project Fluent 语法（https://projectfluent.org）。
# `键 = 文字`；`{ $name }` 由程序填入。句子写成数行（行前留空格）时保留换行。
# 中文名词没有单复数，数字后用量词即可（如“3 手”“1 个局面”）。
# 这里的每个键都必须在 en.ftl 中也有（有测试双向检查）。
# 数字、坐标（如 h8）和文件名保持拉丁字母。

LanguageName = 简体中文
AppTitle = 五子棋
BoardLabel = 棋盘

## 菜单
MenuGame = 对局
MenuSettings = 设置
MenuHelp = 帮助
NewGameVsAi = 人机对战
PlayBlack = 执黑（你先手）
PlayWhite = 执白（电脑先手）
NewTwoPlayer = 双人对战
Restart = 重新开始
Undo = 悔棋
Redo = 恢复
Hint = 提示
Resign = 认输
OpenRecord = 打开棋谱…
SaveGame = 保存棋谱…
CopyPosition = 复制局面
PastePosition = 粘贴局面…
Quit = 退出
AiLevel = 电脑棋力
RuleNextGame = 规则（下一局生效）
RuleFreestyleLong = 无禁手：五连或长连都算胜
RuleStandardLong = 标准：恰好五连才算胜
RuleRenjuLong = 连珠：黑棋禁三三、四四和长连
BoardSizeNextGame = 棋盘大小（下一局生效）
Sound = 音效
NoSoundDevice = （没有音频设备）
Volume = 音量
MoveNumbers = 显示手数
Coordinates = 显示坐标
ShowThinking = 显示电脑的思考
Ponder = 利用你的时间思考
PonderTip = 在“高手”和“最强”级别，你思考时电脑也继续计算，同样的时间下得更强。
ThemeLight = 浅色
ThemeDark = 深色
Language = 语言
HowToPlay = 玩法说明
KeyboardShortcuts = 快捷键
AboutGomoku = 关于五子棋

## 快捷键窗口
KeyNewGame = 新开一局
KeyOpen = 打开棋谱
KeySave = 保存棋谱
KeyMoveNow = 让电脑立即落子
KeyCopyPaste = 复制棋局 / 粘贴局面串
KeyStep = 沿着对局后退 / 前进一手
KeyEnds = 对局的第一个 / 最后一个局面
KeyLeaveEditor = 不作改动退出摆棋

## 名称
Black = 黑棋
White = 白棋
You = 你
TheAi = 电脑
LevelBeginner = 入门
LevelCasual = 休闲
LevelNormal = 普通
LevelStrong = 高手
LevelMaximum = 最强
RuleFreestyle = 无禁手
RuleStandard = 标准
RuleRenju = 连珠

## 侧栏与状态栏
ResultDraw = 平局：棋盘已满
ResultYouResigned = 你认输了
ResultResigned = { $loser }认输，{ $winner }胜
ResultYouWin = 你赢了：五子连珠（{ $winner }）
ResultWins = { $winner }胜：五子连珠
YourMove = 轮到你（{ $stone }）
AiPlays = 轮到电脑（{ $stone }）
ToMove = 轮到{ $stone }
FactMoves = 总手数
FactMove = 手数
FactMode = 模式
FactRule = 规则
ModeVsAi = 你（{ $stone }）对电脑
ModeTwoPlayer = 双人对战
RuleAndSize = { $rule } · { $size }×{ $size }
PlayAgain = 再来一局
HintAt = 提示：{ $point }
Thinking = 思考中
LookingForHint = 正在找提示
Elapsed = { $what }… { $seconds } 秒
Depth = 深度
Score = 形势
Line = 预想
MoveNow = 立即落子
NoMovesYet = 尚未落子
NavStart = 回到开局（Home）
NavBack = 后退一手（←）
NavForward = 前进一手（→）
NavEnd = 到本变化末尾（End）
NavShown = 第 { $shown } / { $total } 手
AiWaits = 你在查看之前的局面，电脑暂停落子。
ContinueHere = 从这里继续
BranchHere = 此处尝试过 { $count } 种走法
VariationsHeading = 变化
NextMovesTried = 此局面下尝试过的走法：
MainLineMove = { $point }（主线）
InVariation = 当前局面在变化中。
PromoteVariation = 设为主线
DeleteVariation = 删除变化
MoveBy = 第 { $number } 手，{ $who }
StatusGameOver = 对局结束：点“再来一局”，或悔棋退回上一手
StatusAiThinking = 电脑正在思考；按空格让它立即落子
StatusYourTurn = 点击交叉点落子 · 按 H 获取提示
ScoreWinsIn = { $stone } { $moves } 步必胜
ScoreAhead = { $stone }优 +{ $value }
ScoreEven = 均势

## 窗口
HowToPlayText =
    黑白双方轮流在空的交叉点上放一枚棋子，黑棋先行。先在横、竖或斜方向连成不间断的五子者获胜。

    无禁手：五连或更长的连子都算胜。
    标准：恰好五连才算胜，六连及以上不算。
    连珠：白棋五连或长连都胜；黑棋必须恰好五连，且不能走出同时形成两个活三、两个四或长连的棋（轮到黑棋时，这些禁手点标有红色小叉）。

    点击交叉点即在该处落子。最后一手带红点；对局结束时，获胜的五子会被圈出。悔棋会退回你的上一手和电脑的应手。按 H 获取提示：引擎会标出它要下的位置。
AboutHeading = 五子棋 { $version }
AboutText = 与强大的 alpha-beta 电脑或朋友对弈五子棋。
License = 许可证：{ $license }
Notice = 消息
Ok = 确定
GameRecords = 棋谱
RecordFileLabel = 文件（.psq 或局面串）
Open = 打开
Save = 保存
Browse = 浏览…
BrowseTip = 选择要打开的棋谱
SaveAs = 另存为…
SaveAsTip = 选择棋谱的保存位置
DialogAlreadyOpen = 已经打开了一个文件对话框
NoDialogHint = 本系统没有文件对话框：请直接输入路径。
ChoosingFile = 正在选择文件…
StopWaiting = 不再等待
StopWaitingTip = 放弃已打开的文件对话框，改用输入的路径
PositionString = 局面串
Load = 载入
CurrentGame = 当前棋局
GameLoaded = 棋局已载入
NoDialog = 无法显示文件对话框：{ $reason }。
Opened = 已打开 { $path }
Saved = 已保存 { $path }
DialogOpenTitle = 打开棋谱
DialogSaveTitle = 保存棋谱
DialogEngineTitle = 选择引擎程序
BrowseEngine = 浏览…
FilterRecords = 棋谱（.psq、.sgf、.txt）
FilterAll = 所有文件

## 消息
HintOwnTurn = 只有轮到你时才能提示
NothingToCopy = 棋盘是空的，没有可复制的内容
Copied = 已复制 { $text }
PositionPasted = 局面已粘贴
CannotPaste = 无法粘贴该局面：{ $error }
CorruptMoved = 无法读取{ $what }（{ $error }）。原文件已保留为 { $path }，现改用新的。
CorruptKept = 无法读取{ $what }（{ $error }），也无法移开原文件；现改用新的。
SettingsFile = 设置文件
SavedGame = 保存的棋局
CannotRead = 无法读取 { $path }：{ $error }
CannotWrite = 无法写入 { $path }：{ $error }
InFile = { $path }：{ $error }

## 拒绝的原因（规则）
ErrOffBoard = 该点不在棋盘上
ErrOccupied = { $point } 已经有子了
ErrGameOver = 对局已经结束
ErrAiTurn = 现在轮到电脑
ErrNotAiTurn = 现在不是电脑的回合
ErrNothingToUndo = 没有可以悔的棋
ErrNothingToRedo = 没有可以恢复的棋
ErrMoveAfterEnd = 第 { $number } 手下在对局结束之后
ErrFiveInSetup = 局面中已有五连（在 { $point }）
ErrSetupSize = 摆子棋盘为 { $found }×{ $found }，但对局棋盘为 { $expected }×{ $expected }
ErrNotAVariation = 当前局面在主线上，不在变化中
ErrNoSuchPosition = 对局中没有这个局面
ErrDoubleThree = 黑棋禁手：三三
ErrDoubleFour = 黑棋禁手：四四
ErrOverline = 黑棋禁手：长连
ErrBoardSize = 不支持 { $size } 路棋盘（可选 { $min } 到 { $max } 路）
ErrPointOffBoard = 点 ({ $x }, { $y }) 不在 { $size }×{ $size } 的棋盘上
ErrPointOccupied = 点 ({ $x }, { $y }) 已经有子了
ErrPointEmpty = 点 ({ $x }, { $y }) 是空的
ErrBadPoint = “{ $text }”不是 h8 这样的坐标（第 { $at } 个字符处）
ErrNameOffBoard = { $name } 不在 { $size }×{ $size } 的棋盘上
ErrRepeated = 第 { $number } 手（{ $name }）下在已有棋子的点上
ErrDiagram = 棋盘图有误：{ $reason }

## 拒绝的原因（棋谱）
ErrAtLine = 第 { $line } 行：{ $error }
ErrAtLineColumn = 第 { $line } 行第 { $column } 列：{ $error }
ErrSgfNoGame = 没有找到 SGF 棋谱（棋谱以“(;”开头）
ErrSgfUnexpected = 意外的字符“{ $char }”
ErrSgfEnd = 文件在棋谱结束前就中断了
ErrSgfNotGomoku = 这不是五子棋棋谱（GM[{ $gm }]；五子棋为 GM[4]）
ErrSgfSize = 不支持的棋盘大小“{ $size }”
ErrSgfPoint = “{ $text }”不是棋盘上的点
ErrSgfPass = 第 { $number } 手是停一手，五子棋不允许
ErrSgfColour = 第 { $number } 手由{ $found }下出，但应该{ $expected }走
ErrSgfSetupAfterStart = 对局中途摆放了棋子
ErrSetupNeedsSgf = 本局从摆子局面开始：请保存为 .sgf
ErrEmptyRecord = 棋谱是空的
ErrBadHeader = 文件头“{ $header }”有误：应为“Piskvorky WxH, …”或“20x20”这样的尺寸标记
ErrNonSquare = 棋盘为 { $width }×{ $height }；只支持正方形棋盘
ErrRecordSize = 不支持 { $width }×{ $height } 的棋盘（可选 { $min } 到 { $max } 路）
ErrMalformedLine = 着法行“{ $line }”格式有误：应为“x,y,time”
ErrRecordPoint = 第 { $column } 列的“{ $text }”不是 h8 这样的坐标
ErrRecordOffBoard = 第 { $number } 手（{ $coords }）不在 { $size }×{ $size } 的棋盘上
ErrMoveAfterFive = 第 { $number } 手下在已经连成五子之后
ErrIllegal = 第 { $number } 手不合规则：{ $reason }

## 终端版
TextWelcome = 五子棋：输入 h8 这样的坐标落子，输入 help 查看命令。
TextTookBack = 悔了 { $count } 手。
TextReplayed = 恢复了 { $count } 手。
TextNewGame = 新的一局：{ $mode }。
TextModeVsAi = 你（{ $stone }）对电脑
TextModeTwo = 双人对战
TextLevel = 电脑棋力：{ $level }。
TextHint = 提示：{ $point }（{ $score }）。
TextNoMoveLeft = 已无棋可下。
TextMoves = 棋谱：{ $moves }
TextLoaded = 已载入 { $count } 手。
TextAiNoMove = 电脑找不到可下的棋。
TextAiPlays = 电脑（{ $stone }）下在 { $point }（{ $score }）。
TextToMove = 轮到{ $stone }。
TextYouWin = 你赢了：五子连珠！
TextAiWins = 电脑赢了：五子连珠。
TextWins = { $winner }胜：五子连珠！
TextYouResigned = 你认输了。
TextResigned = { $loser }认输，{ $winner }胜。
TextDraw = 平局：棋盘已满。
TextAfterEnd = { $result }输入 new 再来一局，或输入 undo 悔棋。
TextUnknown = “{ $text }”既不是着法也不是命令（输入 help 查看）
TextBadLevel = 没有“{ $name }”这个棋力（1 到 12 的数字，或 beginner、casual、normal、strong、maximum）
TextBadSide = 没有“{ $name }”这一方（black、white 或 two）
TextHelp =
    命令：
      h8            落子（列字母，行号从下往上数）
      undo, u       悔棋（人机对战时退回你的一手和电脑的应手）
      redo          恢复悔掉的棋
      hint          请电脑给出提示
      resign        认输
      new [black|white|two]
                    重新开始（执黑、执白或双人对战）
      level [N]     列出各级棋力和等级分，或改用第 N 级（1 最弱，12 最强）
      moves         以局面串打印棋谱
      load h8i9j7   由局面串摆出局面
      board         显示棋盘
      quit          退出
      lang en|zh    切换语言（English、简体中文）
TextLanguage = 语言：简体中文。
TextBadLang = 没有“{ $name }”这种语言（en 或 zh）
# gomoku-text: puzzles, openings, clocks
TextHelpMore =
    开局规则、棋钟与习题：
      new swap2     按开局规则重新开始（free、swap、swap2、
                    renju26-N、soosorv-N）；也可 new white swap2
      black, white  规则要求选择时，选执黑或执白
      two           （swap2）不选颜色，再放两子
      offer h9 j9   提出第五手打点；  pick j9  从打点中选一个
      declare 3     （soosorv）声明黑方要提出几个第五手
      puzzle [N]    做内置习题（hint、solution、retry、
                    next，quit 回到对局）
      lesson [N]    学下棋：带练习的短课（show、retry、next、
                    lessons，quit 回到对局）
TextOpeningRule = 开局规则：{ $rule }。
TextYouOpen = 你是先手方：由你摆开局。
TextAiOpens = 电脑是先手方：由它摆开局。
TextStagePlace = { $colour }：放第 { $number } 子（{ $stone }）。
TextStagePlaceWithin = { $colour }：在中央 { $side }×{ $side } 范围内放第 { $number } 子（{ $stone }）。
TextStageChoose = { $colour }：选择颜色（输入 black 或 white）。
TextStageChooseOrPlace = { $colour }：再放 { $count } 子或选择颜色（输入 black、white 或 two）。
TextStageDeclare = { $colour }：第 4 手已下，请声明黑方提出几个第五手（declare 1 到 { $max }）。
TextStageOffer = { $colour }：提出第五手打点，第 { $number } 个，共 { $of } 个（输入 offer 和点）。
TextStagePick = { $colour }：从第五手打点 { $offers } 中选一个（输入 pick 和点）。
TextPlaceTwo = 请放两子：先白后黑。
TextAiPlaces = 电脑放在 { $points }。
TextAiTakes = 电脑选择{ $stone }。
TextAiDeclares = 电脑要求黑方提出 { $count } 个第五手。
TextAiOffers = 电脑提出第五手打点 { $points }。
TextAiPicks = 电脑选择 { $point }。
TextOpeningYouPlay = 开局结束：你下{ $stone }。
TextOpeningOver = 开局结束。
TextOpeningName = 这是{ $name }（{ $code }）。
TextNoOpeningStep = 现在没有开局决定要做。
TextOpErrFinished = 开局已结束，请正常落子。
TextOpErrWrongSeat = 现在轮到对方做决定。
TextOpErrNotAsked = 现在不能这样做。{ $stage }
TextOpErrOffBoard = 这个点不在棋盘上。
TextOpErrOccupied = { $point } 已有棋子。
TextOpErrOutsideCentre = { $point } 不在中央 { $side }×{ $side } 范围内。
TextOpErrOfferedTwice = { $point } 已经提出过了。
TextOpErrSymmetric = { $point } 与已提出的 { $of } 对称：对称的打点算同一手。
TextOpErrNotOffered = { $point } 不是提出的打点。
TextOpErrOfferCount = { $count } 个打点：请选 1 到 { $max }。
TextOpErrBoardSize = 这种开局规则不能在 { $size } 路棋盘上使用。
TextBadOpening = 没有“{ $name }”这种开局规则（free、swap、swap2、renju26-N、soosorv-N）
TextClocks = 棋钟：黑 { $black }，白 { $white }。
TextClockRunning = { $time }（计时中）
TextClockLow = { $stone }的时间不多了。
TextYouFlagged = 你超时负。
TextAiFlagged = 电脑超时负：你赢了。
TextFlagged = { $loser }超时负，{ $winner }胜。
TextPuzzleStart = 习题：输入点落子，或 hint、solution、retry、next、quit。
TextPuzzleReply = 正确。引擎应 { $point }，请继续。
TextPuzzleWrong = { $why }。反驳：{ $moves }（这手不算，请再试）。
TextPuzzleDefended = 这手可以被防住
TextPuzzleStillLoses = 这手守不住
TextPuzzleHintArea = 提示：这手在 { $from } 到 { $to } 的方框内。
TextPuzzleSolution = 解答：{ $moves }
TextPuzzleSolved = 解出！输入 next 做下一题，retry 重做，quit 返回。
TextPuzzleHelp =
    习题命令：
      h8          落子（立即判定）
      hint        先提示范围，再提示落点
      solution    显示完整解答
      retry       重做本题
      next        下一题；  puzzle N  跳到第 N 题
      set         列出题集；  set N  选择第 N 个题集
      quit        回到对局
TextPuzzleBack = 回到对局。
TextPuzzleNone = 没有第 { $number } 题（1 到 { $total }）。

## 无法显示文件对话框的原因
NoDialogService = 没有桌面门户（D-Bus 会话总线），也没有 zenity
NoDialogClosedAtOnce = 对话框立刻关闭了；桌面门户和 zenity 都没有响应
NoDialogTurnedOff = 文件对话框已停用
NoDialogStopped = 文件对话框没有给出结果就结束了

## 保存
ErrNoStorage = 没有可用的存储文件夹，无法保存
ErrBadFileName = “{ $name }”不是普通的文件名
ErrEncode = 无法编码 { $name }：{ $reason }
ErrIo = 无法{ $action } { $path }：{ $error }
ActionCreateFolder = 创建文件夹
ActionRemove = 删除
ActionReplace = 替换
ActionWrite = 写入

## Linux 桌面入口（Keywords 用“;”分隔并以“;”结尾）
DesktopGenericName = 五子棋
DesktopComment = 与强大的电脑或朋友下五子棋
DesktopKeywords = 五子棋;连珠;棋类;gomoku;gobang;

## 后台保存、引擎故障
CouldNotSave = 无法保存{ $what }（不影响对局）：{ $error }
SaveWhatSettings = 设置
SaveWhatGame = 棋局
SaveWhatRecent = 最近的棋局
SaveWhatReview = 复盘结果
RecentGamesFile = 最近棋局列表
EngineRestarted = 电脑出了故障，已重新启动
EngineKeepsFailing = 电脑在这个局面上反复出错：请悔一手或新开一局
ForeignSpawnFailed = 引擎“{ $engine }”无法启动：{ $reason }
ForeignCrashed = 引擎“{ $engine }”崩溃或退出了（{ $detail }）
ForeignTimeout = 引擎“{ $engine }”在 { $ms } 毫秒内没有回答：它卡住了或太慢
ForeignNoAnswer = 引擎“{ $engine }”没有回答 { $command }（等了 { $ms } 毫秒）
ForeignProtocol = 引擎“{ $engine }”违反了协议：{ $detail }
ForeignFlood = 引擎“{ $engine }”输出过多：{ $detail }
ForeignNotAnEngine = “{ $engine }”不是 Gomocup 引擎（没有回答 ABOUT）
ForeignRestarted = { $what }。已停止它，并为这一手重新启动。
ForeignStopped = { $what }。已停止它；对局保留。
EnginesMenu = 引擎…
EnginesTitle = 引擎
BuiltInEngine = 内置引擎（始终可用）
EngineCommandLabel = 添加 Gomocup 引擎：输入它的命令或路径
AddEngine = 添加
EngineStarting = 正在启动 { $command } …
EngineVersionAuthor = 版本 { $version }，作者 { $author }
EngineNbestYes = 可为分析给出多个候选着（YXNBEST）：是
EngineNbestNo = 可为分析给出多个候选着（YXNBEST）：否
EngineTimePerMove = 每手时间（秒）
EngineThreads = 线程数（0：由引擎决定）
EngineMemory = 内存，MB（0：不限）
RemoveEngine = 移除
NewGameAgainst = 新对局，对手是…
PlayBlackAgainst = { $engine }：你执黑
PlayWhiteAgainst = { $engine }：你执白

## 最近的棋局与浮动提示
RecentGames = 最近的棋局
RecentGamesMenu = 最近的棋局…
NoRecentGames = 还没有棋局。下完的和被替换的棋局会保存在这里。
RecentLine = { $players } · { $moves }
RecentVsAi = 你（{ $stone }）对电脑（{ $level }）
Unfinished = 未下完
MoveCount = { $count } 手
DateTimeFormat = %Y年%-m月%-d日 %H:%M
ReplacedByNew = 已开始新的一局
ReplacedByRecord = 已打开棋谱
ReplacedByRecent = 已打开最近的棋局
PreviousBack = 之前的棋局已恢复
KeptInRecent = { $what }。之前的棋局已保存在“最近的棋局”（对局菜单）中
ToastUndoLabel = 撤销：找回之前的棋局
ToastUndo = 撤销

## 摆棋
EditPosition = 编辑局面…
EditorHeading = 编辑局面
EditorPlaceBlack = 放黑子
EditorPlaceWhite = 放白子
EditorErase = 擦除
EditorHelp = 点击交叉点放置所选棋子；再点一次或右键点击即可移除。
EditorToMove = 轮到
EditorByCount = 按棋子数判断
EditorClear = 清空棋盘
EditorPlay = 从此局面开始
EditorAnalyse = 从此局面分析
EditorCancel = 取消
EditorFive = { $stone }已经连成五子。请移除一枚棋子，再从此局面开始。
EditorFull = 棋盘已满，无处可下。
EditorForbidden = 红叉标出连珠规则下黑棋不能下的 { $count } 个禁手点。
ReplacedByEdit = 已从编辑的局面开始
## 分析与复盘
MenuAnalysis = 分析
AnalysisMode = 分析模式
KeyAnalysis = 开关分析模式
AnalysisHeading = 分析
AnalysisDepth = 分析中…… 深度 { $depth }
AnalysisStarting = 分析中……
AnalysisGameOver = 对局已结束，此处无需分析。
AnalysisAiWaits = 分析模式开启时，电脑暂不落子。
AnalysisCandidates = 候选着法
CandidateMove = 着法
CandidateScore = 评分
CandidateChance = 胜率
CandidateProven = { $line }（已证明必胜）
CandidateTip = 轮到{ $stone }：胜率 { $chance }。悬停可在棋盘上查看变化。
ReviewGame = 复盘
ReviewResume = 继续复盘
ReviewCancel = 取消复盘
ReviewProgress = 复盘中：第 { $done } / { $total } 个局面
ReviewDone = 复盘完成：共 { $total } 个局面
ReviewStopped = 复盘已停在第 { $done } / { $total } 个局面
ReviewNothing = 还没有可复盘的着法。
ReviewHeading = 复盘结果
GraphHeading = 黑棋胜率
GraphTip = 点击曲线可跳到该步。
LabelBest = 最佳
LabelGood = 好棋
LabelInaccuracy = 欠佳
LabelMistake = 错着
LabelBlunder = 败着
ReviewMoveTip = 第 { $number } 手：{ $label }，胜率损失 { $loss }；引擎的最佳着法是 { $best }
ReviewMoveBestTip = 第 { $number } 手：{ $label }
ReviewShownMove = 第 { $number } 手（{ $point }）：{ $label }
ReviewShownBest = 最佳着法是 { $best }（损失 { $loss }）
ReviewSummaryLine = { $stone }：最佳 { $best } 手，好棋 { $good } 手，欠佳 { $inaccuracy } 手，错着 { $mistake } 手，败着 { $blunder } 手 · 平均损失 { $loss }
AnalysisFinished = 已完成，深度 { $depth }
SidePanelDrawer = 侧栏
ResignQuestion = 认输这一局？
ResignExplain = 对局立即结束，算作输棋。之后可以用悔棋撤回。
ResignConfirm = 确认认输
KeepPlaying = 继续下棋
ReadingFile = 正在读取文件…
WritingFile = 正在写入文件…
FileJobFailed = 读写文件时出了故障
AiPlayedIn = 电脑下在 { $point }，用时 { $seconds } 秒
AiPlayedInPondering = 电脑：{ $point }，{ $seconds } 秒 · 正利用你的时间思考
ThreatFive = 连五
ThreatOpenFour = 活四
ThreatFour = 冲四
ThreatOpenThree = 活三
ThreatClosedThree = 眠三
ThreatRow = 横线
ThreatColumn = 竖线
ThreatDiagonal = 左斜线
ThreatAntiDiagonal = 右斜线
ThreatShapeOnLine = { $line }{ $shape }
ThreatListJoin = ，
ThreatFourThree = 四三
ThreatDoubleThree = 三三
ThreatDoubleFour = 双四
ThreatMakesFive = { $point } 连成五子
ThreatMakesShape = { $point } 在{ $line }形成{ $shape }
ThreatMakesCombo = { $point } 形成{ $combo }：{ $parts }
ThreatMakesNothing = { $point } 没有形成威胁
ThreatForbiddenMove = { $point } 是黑棋禁手（{ $combo }）：{ $parts }
ThreatBlocksFour = 挡住了{ $stone }{ $line }的冲四
ThreatBlocksOpenThree = 封住了{ $stone }{ $line }的活三
ThreatKindVcf = 连续冲四的杀棋（VCF）
ThreatKindVct = 冲四活三的杀棋（VCT）
ThreatHadFour = { $stone }已经冲四——只有挡在 { $answer } 才能防住
ThreatHadWin = { $stone }从 { $from } 起有{ $kind }——走 { $answer } 可以防住
ThreatHadWinNoAnswer = { $stone }从 { $from } 起有{ $kind }，已经无法防守
ThreatStopped = 化解了{ $stone }从 { $from } 起的{ $kind }
PuzzleTaskVcf = { $stone }先走，连续冲四取胜（VCF）
PuzzleTaskVct = { $stone }先走，用冲四和活三取胜（VCT）
PuzzleTaskDefend = { $stone }走：找出唯一的防守
PuzzleTaskDefendAny = { $stone }走：找出防守的一手
PuzzleSolved = 解出来了！
PuzzleRight = 正确——请继续
PuzzleWrongNotAFour = 这不是冲四：VCF 每一手都要冲四
PuzzleWrongNotAThreat = 这不是威胁：每一手都要冲四或活三
PuzzleWrongIgnoredFour = 必须先挡住对方的冲四
PuzzleWrongDefended = 对方能防住——看灰色的棋子
PuzzleWrongStillLoses = 这样防不住——看灰色的棋子
PuzzleHintArea = 正解在标出的方框里
PuzzleHintMove = 下在 { $point }
PuzzleLevel = 第 { $level } 级
PuzzleRating = 等级分 { $rating }
PuzzleStreak = 连续干净利落地解出 { $count } 题
PuzzleOriginMissedWin = 你在 { $date } 那局的第 { $number } 手：本来有杀棋
PuzzleOriginWalkedIntoLoss = 你在 { $date } 那局的第 { $number } 手：这一手输了棋
PuzzlesMenu = 习题…
PuzzleNumber = 第 { $number } 题（共 { $total } 题）
PuzzleJudging = 判断中…
PuzzleHint = 提示
PuzzleShowSolution = 看答案
PuzzleRetry = 重试
PuzzleNext = 下一题
PuzzlePrevious = 上一题
PuzzleLeave = 返回对局
PuzzleSolvedCount = 已解出 { $solved } / { $total } 题
PuzzleYours = 来自你的对局
PuzzleNoneYours = 还没有。和电脑下完一局后，你错过的杀棋和输棋的那一手都会变成这里的习题。
PuzzleSearching = 正在从你刚下完的对局里找习题…
PuzzleFound = 从你的对局里找到 { $count } 道新题
PuzzleSolutionShown = 答案以灰色棋子显示在棋盘上；这次算作没解出。
PuzzleAlreadySolved = 已经解出——试试下一题。
PuzzleNoAnswer = 这里没有可以显示的着法。
PuzzleOpen = 打开
PuzzleDelete = 删除
PuzzleSolvedTimes = 已解出 { $count } 次
PuzzlePointTaken = 这里已经有棋子了
SaveWhatPuzzles = 习题进度
ResultYouLostOnTime = 你超时判负
ResultOnTime = { $loser }超时，{ $winner }胜
ClockTitle = 棋钟
ClockNone = 不计时
ClockLow = 时间不多了！
FactClock = 棋钟
ClockReading = { $stone } { $time }
ClockPerMove = 每手 { $time }
ClockChangeNextGame = 棋钟设置从下一局开始生效。
ClockMinutes = { $count } 分钟
ClockSeconds = { $count } 秒
ClockPlus = { $main } + { $increment }
ClockNextGame = 棋钟（下一局）
OpeningRuleNextGame = 开局规则（下一局）
OpeningFree = 自由开局
OpeningSwap = 交换（三子后选色）
OpeningSwap2 = Swap2 两次交换
OpeningRenju26 = 26 种开局，三手交换，五手两打
OpeningSoosorv = 索索夫-8（RIF）
OpeningYou = 你
OpeningTheAi = 电脑
OpeningPlace = { $who }（{ $stone }）：下第 { $number } 手
OpeningPlaceWithin = { $who }（{ $stone }）：在中央 { $side } × { $side } 内下第 { $number } 手
OpeningChoose = { $who }：请选择执黑或执白
OpeningChooseOrPlace = { $who }：执黑、执白，或再下两手
OpeningDeclare = { $who }（白）：黑方需要打几个点？（1–{ $max }）
OpeningOffer = { $who }（黑）：打点，第 { $number } 个，共 { $of } 个
OpeningPick = { $who }（白）：从黑方打的点中选一个
OpeningAiDeciding = 电脑正在考虑…
OpeningTakeBlack = 执黑
OpeningTakeWhite = 执白
OpeningAiChose = 电脑选择执{ $stone }
ErrOpeningWrongSeat = 现在轮到对方决定
ErrOpeningNotAsked = 开局现在不需要这一步
ErrOpeningOccupied = 这里已经有棋子了
ErrOpeningOutsideCentre = 这一手必须下在中央 { $side } × { $side } 之内
ErrOpeningSymmetric = 这个点与已打的点对称，算同一个点
ErrOpeningOfferedTwice = 这个点已经打过了
ErrOpeningNotOffered = 请从打出的点中选择
ErrOpeningOther = 开局规则不允许：{ $reason }
FactOpening = 开局
OpeningNameOf = { $code ->
    [D1] 寒星
    [D2] 溪月
    [D3] 疏星
    [D4] 花月
    [D5] 残月
    [D6] 雨月
    [D7] 金星
    [D8] 松月
    [D9] 丘月
    [D10] 新月
    [D11] 瑞星
    [D12] 山月
    [D13] 游星
    [I1] 长星
    [I2] 峡月
    [I3] 恒星
    [I4] 水月
    [I5] 流星
    [I6] 云月
    [I7] 浦月
    [I8] 岚月
    [I9] 银月
    [I10] 明星
    [I11] 斜月
    [I12] 名月
    [I13] 彗星
   *[other] { $code }
}
OpeningDirect = 直指
OpeningIndirect = 斜指
OpeningNamedFact = { $name }（{ $code }，{ $kind }）
WatchMenu = 观看引擎对局…
WatchTitle = 观看引擎对局
WatchBuiltIn = 内置引擎（{ $level }）
WatchStart = 开始
WatchTimePerMove = 每手最长时间（秒）
WatchTimeTip = 本局中每个引擎每手最多思考的时间：列表中的引擎用此时间替换它的设置；内置引擎按其级别思考，但不会超过此时间。
WatchPause = 暂停
WatchResume = 继续
WatchStep = 走一步
WatchPaused = 已暂停：“继续”接着下，“走一步”只下一手。
ModeWatch = 引擎对弈
WatchToMove = 轮到{ $stone }：{ $engine }
WatchVs = { $black } 对 { $white }
WatchWaiting = 等待中
WatchThinking = 思考中… { $seconds } 秒
WatchReport = 深度 { $depth } · { $score } · { $line }
WatchNotListed = 引擎“{ $engine }”已不在引擎列表中。
ErrWatching = 这局由引擎对弈：点击棋盘不会落子
AnalysisEngine = 引擎
AnalysisBuiltIn = 内置引擎
AnalysisWith = 正在用 { $engine } 分析

## tournaments of engines
TournamentsMenu = 引擎比赛…
TournamentsTitle = 引擎比赛
TourEngines = 引擎（勾选两个或更多）
TourBuiltIn = 内置引擎（pbrain-gomoku）
TourNoEngines = 在“对局 → 引擎…”中添加引擎，即可在这里让它们比赛。
TourKind = 赛制
TourRoundRobin = 循环赛：每个引擎与其余每个引擎对局
TourGauntlet = 挑战赛：第一个勾选的引擎与其余每个引擎对局
TourGamesPerPairing = 每组对局数
TourTimePerMove = 每步时间（秒）
TourClock = 每方对局用时（秒，0：不限）
TourOpenings = 开局
TourOpeningsBalanced = 本程序的平衡开局
TourOpeningsEmpty = 空棋盘
TourOpeningsFile = 局面字符串文件：
TourConcurrency = 同时进行的对局数
TourRule = 规则
TourStart = 开始
TourResume = 继续上一次比赛
TourStop = 停止
TourRunning = 进行中：已完成 { $finished } / { $planned } 局
TourStopping = 正在停止：进行中的对局在下一步之前结束…
TourEnded = 已结束：{ $planned } 局全部下完
TourStopped = 已在第 { $finished } / { $planned } 局后停止：“继续”会下完其余对局
TourFolder = 棋谱保存在 { $path }
TourPairing = 对阵
TourWld = 胜-负-和
TourElo = 等级分 ± 误差
TourPentanomial = 按得分统计的成对对局（0、½、1、1½、2）
TourEngine = 引擎
TourGames = 局数
TourScore = 得分率
TourVs = { $a } 对 { $b }
TourLastGames = 最近的对局
TourGameLine = { $black }（黑）– { $white }（白）：{ $result }
TourWins = { $engine } 胜
TourDraw = 和棋
TourOpenGame = 打开
TourErrNoFolder = 没有可保存比赛棋谱的数据文件夹。
TourErrNoOpenings = 此规则没有平衡开局：请选择空棋盘或文件。
TourErrOpenings = 无法使用这些开局：{ $detail }
TourErrFiles = 无法写入或读取比赛文件：{ $detail }
TourErrState = 无法在这里开始或继续比赛：{ $detail }
ClockSameForBoth = 双方相同
ClockEachSide = 黑白分设
NewGameFromOpening = 从指定开局开始新局…
OpeningPickerTitle = 从指定开局开始新局
OpeningPickerNote = 新局以该开局的三手棋开始，对局双方、规则、开局规则和棋钟沿用当前设置。
OpeningPickerRow = { $chinese } · { $romaji }（{ $code }，{ $kind }）
OpeningPickerPlay = 开始
PuzzleSet = 题集
PuzzleSetName = { $rule } { $size }路（{ $count } 题）
PuzzleSetNameKind = { $rule } { $size }路 · { $kind }（{ $count } 题）
PuzzleSetKindVcf = 连续冲四
PuzzleSetKindVct = 冲四活三
PuzzleSetKindDefend = 防守
TextPuzzleSets = 题集（输入 set N 选择）：
TextPuzzleNoSet = 没有第 { $number } 个题集（1 到 { $total }）。
ModeVsEngine = 你（{ $stone }）对 { $engine }
EngineToMove = 轮到 { $engine }（{ $stone }）
EnginePlayedIn = { $engine } 下在 { $point }，用时 { $seconds } 秒
StatusEngineThinking = { $engine } 正在思考；按空格让它立即落子
EngineWaits = 你在查看之前的局面，{ $engine } 暂停落子。
AnalysisEngineWaits = 分析模式开启时，{ $engine } 暂不落子。
FactOpponent = 对手
NewGameSame = 新对局：{ $players }
NewGameSameRule = 新对局（{ $rule }）：{ $players }
SeatFirst = 先行方
SeatSecond = 后行方
PlayersVsAiSeat = 你（{ $seat }）对电脑（{ $level }）
PlayersVsEngineSeat = 你（{ $seat }）对 { $engine }
ReviewLossHeading = 损失
CandidateLineOf = 变化 { $rank }：{ $line }
TextSeatFirst = 先行方
TextSeatSecond = 后行方
StatusGameOverResigned = 对局结束：点“再来一局”，或悔棋撤回认输
OpeningPlaceTwoHint = 或者在棋盘上再放 { $count } 子：然后由对方选择颜色。
OpeningOffered = 已提出：{ $points }
OpeningPickAmong = 点击其中一个：{ $points }
OpeningSettledByAi = 电脑选择执{ $stone }：你执{ $yours }。
TourTooFew = 对局太少
TourEndFive = { $moves } 手后五连
TourEndFullBoard = 棋盘已满
TourEndMoveLimit = { $moves } 手达到步数上限
TourEndStart = { $engine } 未能启动或未应答
TourEndCrash = { $engine } 崩溃
TourEndTime = { $engine } 超时
TourEndIllegal = { $engine } 走了非法着法
StatusLookingForHint = 正在寻找提示…
DepthBook = 开局库
ExplorerTitle = 开局浏览
ExplorerEmpty = 资料库中还没有这个局面。
ExplorerLoading = 查询中…
ExplorerGames = { $games } 局：黑胜 { $black }，白胜 { $white }，和 { $draws }
ExplorerMove = 着法
ExplorerSeen = 次数
ExplorerBlack = 黑胜
ExplorerWhite = 白胜
ExplorerDraws = 和
ExplorerScore = 评分
ExplorerPlayTip = 下 { $move }；此处出现过 { $seen } 次
ExplorerEngine = 引擎：{ $score }，深度 { $depth }
ExplorerNoComment = 没有注释。
ExplorerEditComment = 编辑注释
ExplorerSaveComment = 保存
ExplorerCancelComment = 取消
ExplorerMarked = 已标记
ExplorerMarkedTip = 在资料库中为此局面做标记（即 RenLib 的标记）
ExplorerImporting = 正在导入：{ $done }/{ $files } 个文件，{ $games } 局
ExplorerStopImport = 停止导入
MenuLibraryImport = 导入文件到资料库…
MenuLibraryImportFolder = 导入文件夹到资料库…
MenuLibraryExportLib = 从此局面导出资料库为 RenLib（.lib）…
MenuLibraryExportSgf = 从此局面导出资料库为 SGF…
MenuLibraryLearns = 从分析和对局中学习
LibraryFile = 局面资料库
LibraryUnavailable = 无法打开局面资料库（{ $error }）；本次使用内存中的资料库。
LibraryImported = 资料库：从 { $files } 个文件加入 { $games } 局/树，{ $dupes } 项已存在。
LibraryImportStopped = 导入已停止：保留了 { $files } 个完整文件中的 { $games } 局；正在导入的文件未加入。
LibraryImportErrors = 以下文件未导入（其内容均未加入）：
LibraryFileError = { $file }：{ $error }
LibraryExported = 资料库的树已保存到 { $path }。
LibraryExportedCut = 资料库的树已保存到 { $path }，在 { $max } 个局面处截断。
LibraryExportFailed = 无法导出资料库：{ $error }
LibraryFailed = 局面资料库出错：{ $error }
DialogImportTitle = 导入到局面资料库
DialogExportTitle = 导出局面资料库
FilterLibrary = RenLib、PSQ 和 SGF 文件（.lib、.psq、.sgf）
ErrAtByte = 第 { $at } 字节：{ $error }
ErrRenLibNotLib = 不是 RenLib 文件
ErrRenLibVersion = 版本 { $version } 比此处已知的最新版本 3.4 更新
ErrRenLibCut = 文件在此处被截断或已损坏
ErrRenLibPoint = 不是 15×15 棋盘上的点
ErrRenLibOccupied = 着法 { $point } 落在此变化中已有棋子的点上
ErrSgfGame = 第 { $game } 局，{ $error }
ErrUnreadable = 无法读取：{ $error }
ErrDatabase = 数据库拒绝：{ $error }
TextExplorerRow = { $move }：出现 { $seen } 次，黑胜 { $black }，白胜 { $white }，和 { $draws }，评分 { $score }
TextExplorerComment = 注释：{ $comment }
TextNoted = 注释已保存到资料库。
TextMarked = 已在资料库中标记此局面。
TextUnmarked = 已取消此局面的标记。
TextExportKind = 文件名请以 .lib（RenLib）或 .sgf 结尾。
TextHelpLibrary = 资料库：explore（x）显示局面资料库对此局面的了解；import 路径 导入 .lib、.psq、.sgf 文件或文件夹；export 路径.lib 或 路径.sgf 从此局面导出；note 文字 为此局面加注释；mark 标记此局面；label 点 在该点放上下一个字母或移除其标注，label 点 文字 在该点标注该文字。
LessonRulesTitle = 规则：五子连珠
LessonRulesText = 两人轮流在棋盘的交叉点上落子：黑先，白后。棋子落下后不再移动。谁先把自己的五颗棋子连成一条不断开的线——横、竖或斜——谁就赢。
LessonRulesText2 = 自由规则下，六子或更长的连线也算赢；标准规则只认正好五子。比赛用的连珠规则在后面的课里讲。
LessonFoursTitle = 冲四与防守
LessonFoursText = 一条线上有四颗子、还有第五颗的空位，就是“四”：下一手就能成五。对手走出四时，要马上堵住他成五的那个点，不管棋盘上还有什么。
LessonFoursText2 = 两端都空着的四叫“活四”：有两个点能成五，一手棋堵不住两个，所以活四必胜。堵四只有一个例外：如果你自己能成五，先成五。
LessonThreesTitle = 活三
LessonThreesText = 一条线上三颗子、两端都空着，叫“活三”。下一手它能变成挡不住的活四，所以对手的活三必须应：在一端堵住。中间可以空一格：跳开的三也是活三。
LessonThreesText2 = 一端已被堵住的三叫“眠三”：它只能变成冲四，而冲四很容易堵。要紧的是活三，眠三很少要紧。
LessonFourThreeTitle = 四三
LessonFourThreeText = “四三”是一手棋同时走出一个四和一个活三。对手必须先堵四，然后活三变成活四，就赢了。这是最常见的取胜方法。
LessonFourThreeText2 = 找你的两条线相交的点：一条线上有你的三颗子，另一条有两颗。
LessonVcfTitle = 连续冲四取胜（VCF）
LessonVcfText = 冲四逼着对手应：他必须堵，而且堵在哪里你事先就知道。所以你可以一个四接一个四地走，每一手都逼对手应，直到走出挡不住的双四或四三。这就叫连续冲四取胜（VCF）。
LessonVcfText2 = 在这些练习里，电脑会尽力防守，而你的每一手都必须是四。
LessonDefendTitle = 防守
LessonDefendText = 每走一步前，先问对手在威胁什么。四必须堵。活三必须在一端应。对手能走出四三的点，要抢先占住。
LessonDefendText2 = 找一手棋，走完后对手没有必胜的走法：电脑会用它最好的进攻来检验。
LessonRenjuTitle = 连珠：黑棋的禁手
LessonRenjuText = 黑棋先走，优势很大。所以连珠规则规定：黑棋不能走同时形成两个活三（三三）、两个四（四四）或六子以上连线（长连）的点。这些点叫黑棋的“禁手”，白棋没有禁手。
LessonRenjuText2 = 轮到黑棋时，棋盘会标出黑棋的禁手点。四三是允许的。在下面的练习里，请点出禁手点。
LessonOpeningsTitle = 开局规则
LessonOpeningsText = 自由开局时黑棋太容易赢，所以正式比赛都用开局规则。在 swap2 里，先手放三颗子（两黑一白）；后手可以选择执黑、执白，或者再放两颗子，让先手来选颜色。
LessonOpeningsText2 = 连珠用 26 种有名字的开局：黑子在天元，白子在它旁边（直指，D）或斜对角（斜指，I），黑棋第三子在离天元两格以内。每种开局都有名字，比如花月（D4）。“设置 → 开局规则（下一局）”可以选用这些规则，“对局 → 从指定开局开始新局…”可以从 26 种开局中任选一种开始。
ExFive = { $side }走：连成五子。
ExFiveRace = 双方都有四。{ $side }走：怎么办？
ExFiveRenju = { $side }走：正好连成五子。小心：黑棋六子连线是禁手。
ExFour = { $side }走：走出一个四。
ExBlock = { $side }走：对手有四，堵住它。
ExOpenThree = { $side }走：走出一个活三。
ExOpenThreeBlocked = { $side }走：走出一个活三。你有一条线已经被堵住了。
ExStopThree = { $side }走：对手有活三，别让它变成活四。
ExFourThree = { $side }走：走出四三。
ExVcf = { $side }走：每一手都冲四，取胜。
ExDefend = { $side }走：对手威胁要赢。找到守得住的一手。
ExForbidden = 连珠规则，{ $side }走：点出黑棋不能下的点。
ExOpening = 前两颗子已经落下。放黑棋第三子，走成{ $name }。
LessonsMenu = 学下棋…
LessonsHeading = 学下棋
LessonNumber = 第 { $number } 课（共 { $total } 课）
LessonExerciseNumber = 练习 { $number }/{ $total }
LessonRight = 对了！
LessonRightForbidden = 对了——{ $why }。
LessonReplied = 好——电脑堵住了。继续。
LessonShownMove = 标出的点是一个正确的走法。下在那里继续。
MistakeNotFive = 这不是五连。数一数每条线上的子。
MistakeNotFour = 这不是四：四是一条线上四颗子，还有成五的空位。
MistakeFourOpen = 这个四还能成五：灰色棋子就是那个点。
MistakeIgnoredFour = 对手有四：要么堵住，要么自己先成五。灰色棋子是对手成五的点。
MistakeClosedThree = 这个三有一端被堵住了，永远变不成活四。
MistakeNotThree = 这一手没有走出两端都空的三。
MistakeThreeOpen = 这个三还能变成活四：灰色棋子就是那个点。
MistakeNotFourThree = 这一手没有同时走出四和活三。
MistakeNotForbidden = 黑棋可以下在这里。找能同时形成两个三、两个四或六连的点。
MistakeOtherOpening = 这是{ $name }，不是要求的开局。
MistakeNoOpening = 这三颗子不是 26 种开局之一：第三子要在离天元两格以内。
LessonShowMe = 演示
LessonNextExercise = 下一题
LessonPreviousExercise = 上一题
LessonNextLesson = 下一课：{ $title }
LessonToPuzzles = 去做题
LessonAll = 全部课程
LessonDoneCount = 已完成 { $done }/{ $total }
LessonFinished = 这一课学完了。
LessonAllFinished = 所有课程都学完了。接下来做题吧：题目来自真实对局，难度随你的水平调整。
SaveWhatLessons = 课程进度
WheelsTitle = 确定吗？
WheelsMissesFive = 你可以马上赢：在 { $point } 连成五子。还是要下 { $move } 吗？
WheelsAllowsFive = { $side }有四：这样{ $side }会在 { $point } 连成五子。还是要下吗？
WheelsAllowsVcf = 这样{ $side }可以从 { $point } 开始连续冲四取胜——还是要下吗？
WheelsMissesVcf = 你可以从 { $point } 开始连续冲四取胜。还是要下 { $move } 吗？
WheelsPlayAnyway = 仍然下
WheelsTakeBack = 收回
WheelsSetting = 新手提醒
WheelsTip = 和电脑对局时，如果你的一手会让电脑强制取胜，或者错过你自己的胜机，游戏会先提醒你，并让你收回。入门和休闲级别默认开启，可以关掉。
TextLessonStart = 课程：输入坐标落子，或输入 show、retry、next、lessons、lesson N、quit。
TextLessonHelp =
    课程命令：
      h8          落子（立即判断）
      show        给出一个正确的着法（之后这道题要你自己再做一次才算完成）
      retry       重做这道题
      next        下一题；最后一题之后是下一课
      lessons     所有课程及完成情况
      lesson N    转到第 N 课
      board       再显示棋盘和题目
      quit        回到对局
TextLessonBack = 回到对局。
TextLessonNone = 没有第 { $number } 课（共 1 到 { $total } 课）。
TextLessonReply = 对。电脑在 { $point } 堵住；继续走。
TextLessonWrong = { $why } 应手：{ $moves }。这一手不算，再试一次。
TextLessonShow = 一个正确的着法：{ $point }。下在那里继续。
TextLessonNext = 输入 next 进入下一课：{ $title }。
TextLessonToPuzzles = 这是最后一课。输入 quit，再输入 puzzle，就可以做题了。
TextMistakeFourOpen = 这个四还能成五。
TextMistakeThreeOpen = 这个三还能变成活四。
TextMistakeIgnoredFour = 对手有四：要么堵住，要么自己先成五。
TextLessonDefended = 这手可以被防住。
TextLessonStillLoses = 这手守不住。
LevelNamed = 第 { $n } 级 · { $band }
LevelRated = 第 { $n } 级 · { $band } · 约 { $elo } 分
RatingRow = 等级分
RatedGame = 计分对局
RatedCounted = 计分对局：已计入
NotRated = 不计分：{ $why }
RatedWhyUnmeasured = 这一级还没有测定的等级分
RatedWhyNotFromStart = 对局不是从空棋盘开始的
RatedWhyUndo = 你悔了棋
RatedWhyHint = 你要了提示
RatedWhyTrainingWheels = 你在辅助提醒后收回了一步
RatedWhyTookBack = 你从之前的局面接着下了
RatedWhyAnalysis = 开启了分析
RatedWhyExplorer = 开着开局浏览
RatedWhyLevelChanged = 对局中改了级别
RatedWhyResumed = 上次关闭应用时它不是计分对局
YourRatingChange = 你的等级分：{ $rating }（{ $change }）
RatingSuggestNext = 下一局建议：{ $level }
RatingAdaptiveNext = 下一局（自适应）：{ $level }
RatingPlayLevel = 开始：{ $level }
LevelAdaptive = 自适应（按你的等级分）
LevelAdaptiveTip = 每局新对局都用等级分与你最接近的那一级。
RatingMenu = 你的等级分…
RatingTitle = 你的等级分
RatingNow = { $rating } ± { $deviation }
RatingNone = 还没有计分对局：你从约 { $rating } 分起步。
RatingGames = 计分对局：{ $count } 局（胜 { $wins }，负 { $losses }，和 { $draws }）
RatingRule = 从空棋盘开始与某一级下完一局，不悔棋、不要提示、不开分析和开局浏览，这局就计分。认输算输。
RatingHistory = 历史
RatingPlotGame = 计分对局
RatingLevels = 各级别
RatingUnmeasured = 尚未测定
RatingNearest = 与你最接近
RatingRecent = 最近的对局
RatingGameLine = { $when } · { $level } · { $result } → { $rating }
RatingWon = 胜
RatingLost = 负
RatingDrew = 和
RatingReset = 重置等级分…
RatingResetQuestion = 要忘掉你的等级分和全部 { $count } 局计分对局吗？
RatingResetConfirm = 确认重置
RatingResetCancel = 保留
RatingResetDone = 等级分已重置。
SaveWhatRating = 等级分
HowToPlayRating = 你的等级分：与电脑从空棋盘开始下完一局，不悔棋、不要提示、不开分析和开局浏览，这局就计入你的等级分（认输算输）。下完后，对局面板显示你的新等级分并建议下一级；“对局 → 你的等级分…”显示它的历史。设置中的“自适应”会用与你等级分最接近的那一级。
TextHelpRating =
    等级分：
      rating        你的等级分、偏差和最近的计分对局
TextRatedGame = 计分对局：{ $level }。
TextRatingNow = 你的等级分：{ $rating }
ExplorerEditLabels = 编辑标注
ExplorerEditLabelsTip = 为此局面在棋盘上标注字母，保存在资料库中（即 RenLib 的棋盘文字）
ExplorerLabelling = 点击空点放上下一个字母；点击字母将其移除。
TextExplorerLabels = 标注：{ $labels }
TextLabelPut = 已在资料库中把 { $label } 标在 { $point }。
TextLabelRemoved = 已移除 { $point } 上的标注 { $label }。
TextLabelUnchanged = 未改变：{ $point } 上有棋子，或字母已全部用完。
StatusOverInDrawer = { $result } · 在侧栏里再来一局
StatusOverRatedInDrawer = { $result } · { $rating } · 在侧栏里再来一局
