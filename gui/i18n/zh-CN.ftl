# Tabula 界面的简体中文文本，与 gui/i18n/en.ftl 的条目一一对应。

## Sentences
sentence = { $text }。
two-sentences = { $first }。{ $second }

## Buttons
button-new = 新局
button-new-game = 新的一局
button-undo = 悔棋
button-redo = 重做
button-hint = 提示
button-resign = 认输
button-flip = 翻转
button-save = 保存
button-load = 读取
button-open = 打开
button-players = 对手
button-pause = 暂停
button-resume = 继续
button-step = 单步
button-replay = 回放
button-stop-replay = 停止
button-review = 复盘
button-copy = 复制局面
button-copy-record = 复制棋谱
button-paste = 粘贴
button-sound-on = 声音开
button-sound-off = 声音关
button-no-sound = 无声音
button-settings = 设置
button-help = 帮助
button-network = 联机
button-quit = 退出
button-save-and-quit = 保存并退出
button-cancel = 取消
button-close = 关闭
button-start = 开始
button-host = 开设
button-apply = 应用
button-resume-game = 继续这局
button-discard = 开始新局

## Sides and results
side-white = 白方
side-black = 黑方
side-red = 红方
side-blue = 蓝方
side-green = 绿方
side-yellow = 黄方
result-wins = { $side }胜
result-wins-on-time = { $side }超时胜
result-loses = { $side }负
result-draw = 和棋
result-because = { $reason }。
result-margin = { $side }胜 { $points } 分。
hand-over = 换人：轮到{ $side }（{ $name }），然后点击
record-hidden = 对局中不能复制棋谱：棋谱里有玩家看不到的棋子。
hand-over-note = 换人时看不到棋盘：不能看别人的棋子。
button-show-board = 打开棋盘
standing = 第{ $place }名 · { $points }分
forfeit-resigned = { $side }认输。
forfeit-time = { $side }超时。
forfeit-illegal = { $side }的电脑走了不合规则的棋（{ $detail }）。
forfeit-error = { $side }的电脑出错（{ $detail }）。
moves-in-time = 共 { $n } 步，用时 { $time }

## Who plays
seat-person = 棋手
seat-computer = 电脑
seat-computer-level = 电脑（{ $level }）
seat-computer-named = 电脑（{ $name }）
seat-computer-isolated = 电脑（{ $name }，独立进程）
seat-engine = 引擎（{ $name }）
seat-line = { $side } · { $who }
level-easy = 简单
level-medium = 中等
level-hard = 困难
level-beginner = 入门
level-novice = 新手
level-casual = 业余
level-club = 俱乐部
level-strong = 高手
level-expert = 专家
level-master = 大师
level-with-elo = { $level }（约 { $elo } 等级分）
level-with-tag = { $level }（{ $tag }）
level-tag-random = 随机走子
level-tag-greedy = 只看一步
level-tag-full = 全力
level-ranked = { $rank } · { $label }
level-who-random = 随机走子
level-who-greedy = 只看一步的最佳着法
level-who-full = 全力 alpha-beta 搜索
level-who-strength = 强度 { $strength }/20 的 alpha-beta 搜索
level-note = { $level }：{ $who }，每步 { $seconds } 秒。
level-note-elo = { $level }：{ $who }，每步 { $seconds } 秒，国际象棋约 { $elo } 等级分。
name-you = 你
name-computer = 电脑
name-player-n = 棋手 { $n }
name-computer-n = 电脑 { $n }

## Status line
status-your-move = 轮到你走（{ $side }）。
status-your-move-check = 将军！轮到你走（{ $side }）。
status-your-move-threat = { $side }必须应对威胁。轮到你走。
status-to-move = 轮到{ $side }走。
status-end-here = 第二次点击 { $cell } 在这里结束着法，或继续。
status-to-move-check = 将军！轮到{ $side }走。
status-to-move-threat = { $side }必须应对威胁。
status-paused = 已暂停：轮到{ $side }走。请按“单步”或“继续”。
status-review = 正在复盘 { $moves }（第 { $n } 步，共 { $total } 步）。←/→ 逐步查看，Esc 返回对局。
status-review-start = 正在复盘开局（共 { $total } 步）。←/→ 逐步查看，Esc 返回对局。
status-counting = 数子：点击死子，然后按“接受”（或按“继续”接着下）。
count-accept = 接受
count-resume = 继续
count-mark-dead = 标出死子
count-score = 得分：{ $scores }
strip-more-moves = 余下 { $n } 着…
forbidden-point = 此处是{ $side }的禁手点。
forbidden-point-because = 此处是{ $side }的禁手点：{ $reason }。

## The computer thinking
thinking = { $who }正在思考…
thinking-eval = { $who }正在思考 · { $eval }
thinking-details = 深度 { $depth } · { $nodes } 个局面 · { $line }
thinking-hint = 正在寻找提示…
eval-equal = 局面均势（{ $score }）
eval-better = { $side }稍优（{ $score }）
eval-winning = { $side }大优（{ $score }）
eval-wins-in = { $side } { $n } 步内取胜

## Move entry
entry-placeholder = 输入着法后按回车
entry-placeholder-one = 输入着法后按回车，例如 { $example }
entry-placeholder-two = 输入着法后按回车，例如 { $standard } 或 { $coordinate }
entry-refused = 着法无效：{ $reason }
entry-not-your-turn = 现在不是你走。

## Messages
nothing-to-undo = 没有可悔的棋。
nothing-to-redo = 没有可重做的棋。
no-hint = 没有提示：{ $reason }
players-changed = 已更换对手，对局继续。
cannot-change-players = 无法更换对手：{ $reason }
cannot-keep-setting = 无法保存设置：{ $reason }
cannot-start = 无法开始此局：{ $reason }
sound-unavailable = 声音不可用：没有音频设备。
no-help = 规则插件没有提供帮助：{ $reason }
saved-to = 已保存到 { $file }
save-failed = 无法保存到 { $file }：{ $reason }
save-need-name = 请为这局棋起个名字。
loaded = 已读取 { $file }
cannot-load = 无法读取 { $file }：{ $reason }
resumed = 对局从上次离开处继续。
copied-position = 局面已复制到剪贴板（{ $format }）。
copied-record = 棋谱已复制到剪贴板（{ $format }）。
cannot-copy = 无法复制：{ $reason }
position-text = 局面文本
paste-empty = 剪贴板里没有文字。
paste-refused = 剪贴板里没有本游戏能读取的局面：{ $reason }
pasted = 已从剪贴板上的局面开始新局。
clipboard = 剪贴板

## Dialogs
new-game-title = 新局
host-game-title = 开设对局
host-needs-you = 开设的对局要你执一方：请选两人对弈，或与电脑对弈。
no-games = 没有找到规则插件。
form-players = 对局双方
form-you-play = 你执
form-computer-plays = { $side }：电脑
form-clock = 时间控制
form-clock-note = 每方的用时；每走一步加上所列秒数。
form-start = 起始局面
form-start-placeholder = 常规开局
form-start-note = 粘贴局面文本（国际象棋和中国象棋用 FEN）即可从该局面开始。
form-find = 输入以查找游戏
form-find-none = 没有找到与输入相同的游戏。
mode-people = 两人对弈
mode-computer = 人机对弈
mode-computers = 电脑对电脑
clock-none = 不计时
clock-preset = { $minutes } 分 + { $seconds } 秒
option-size = 棋盘大小
option-seed = 随机种子
choice-on = 开
choice-off = 关
save-title = 保存对局
save-placeholder = 这局棋的名字
save-where = 对局保存在 { $dir }。输入完整路径（/… 或 ~/…）可保存到别处。
load-title = 读取对局
load-folder = { $dir } 中保存的对局
load-none = 还没有保存的对局。可用“保存”（Ctrl+S）保存。
load-path = 或打开文件：
load-path-placeholder = /路径/对局.toml
load-details = { $game } · { $players } · { $n } 步 · { $result }
load-finished = 已结束
load-in-progress = 进行中
load-unreadable = 不是可读取的对局文件
load-details-uncounted = { $game } · { $players } · { $result }
load-pgn-games = { $format } · { $n } 局 · 第一局：{ $players }
load-positions = { $format } · { $n } 个局面
load-record = { $format } 棋谱
games-title = { $source } 中的 { $n } 局
games-filter = 查找：
games-filter-placeholder = 棋手、时间或结果
games-none = 查找没有结果。
pgn-no-games = 没有对局
pgn-refused = { $source }：{ $reason }
pgn-loaded = 已读取第 { $number } 局：{ $players }，{ $n } 步。
pgn-two-players = PGN 对局是双人对局：请开始一局双人游戏
pgn-unfit = PGN 只能保存局面为 FEN 的游戏；请用 .toml 名字保存{ $game }
players-title = 对局双方
players-note = 从现在起由谁执各方；对局、着法和计时照常继续。
players-kept = 现在是{ $who }；不改则保留
players-calibrated = 校准等级
settings-title = 设置
settings-language = 语言
settings-auto-flip = 己方在下
settings-animate = 棋子滑动
settings-replay = 回放（每步）
settings-coordinates = 坐标
settings-board-theme = 棋盘
settings-piece-set = 棋子
theme-game = 游戏自带
theme-wood = 木纹
theme-slate = 石板
theme-high-contrast = 高对比度
pieces-game = 游戏自带
pieces-discs = 圆片
pieces-high-contrast = 高对比度
premove-set = 已预走：轮到你时如仍合法即自动走出（Esc 取消）。
premove-cancelled = 已取消预走。
premove-dropped = 预走在当前局面不合法，已放弃。
button-offer-draw = 提和
draw-offered = 已提和：电脑正在考虑……
draw-accepted = 电脑同意和棋。
draw-declined = 电脑拒绝和棋（它评估局面对它有利 { $score }）。
draw-declined-no-answer = 电脑拒绝和棋。
language-auto = 跟随系统
replay-speed = { $seconds } 秒
quit-question = 对局正在进行。仍要退出吗？（下次启动时可以继续。）
resign-question = 认输这一局吗？
resume-question = Tabula 上次关闭时有一局未下完：{ $game }。继续吗？
resume-description = { $game }，{ $players }，{ $n } 步
promote-to = 升变为
choose-move = 选一个着法
help-title = { $game }玩法
help-scroll = 第 { $first }–{ $last } 行，共 { $total } 行：用滚轮或方向键滚动
help-marks = 棋盘上的标记
    黄色格子或橙色角框：上一步。棋子上的红点：最后落下的棋子。
    红色光晕和圆圈：被将军的王（帅、将）。
    绿色圆点和圆圈：下一次点击可以去的地方；已点击的格子会变色，点击不止一次时标上数字。黄色双圈：着法可以在这里结束（第二次点击它）或继续。Esc 退回上一次点击。分级的棋盘上，光标下的棋子可以去的地方标上小点。
    红叉：行棋方不能下的点（连珠的禁手）；点击它会说明原因。
    绿色圆圈：获胜的连线。蓝色箭头或圆圈：提示。
help-keys = 按键
    回车：输入着法（两种记法均可）。←/→：逐步查看着法；Home/End：第一步/最后一步；在棋盘上滚动滚轮效果相同。Esc：返回对局。
    Ctrl+N 新局，Ctrl+Z（退格）悔棋，Ctrl+Y 重做，H 提示，Ctrl+S 保存，Ctrl+O 读取，F 翻转，P 暂停，空格 单步，R 回放，M 声音，F1 帮助，Ctrl+G 联机，Ctrl+Q 退出。
    Ctrl+C 复制局面，Ctrl+Shift+C 复制棋谱（国际象棋为 PGN）；Ctrl+V 从粘贴的局面开始。

## 设置局面
button-edit = 设置局面
editor-title = 设置局面：{ $game }
editor-copy = 复制文本
editor-paste = 粘贴文本
editor-play = 从此局面开局
editor-close = 关闭
editor-erase = 置空
editor-clear = 空棋盘
editor-start = 起始局面
editor-side = 轮到走棋
editor-hand-less = 手中 −
editor-hand-more = 手中 +
editor-text = 局面文本（{ $format }）；点击输入
editor-refused = 局面不合法：{ $reason }
editor-accepted = 局面合法，轮到{ $side }走。
editor-text-only = 此游戏的局面文本无法由点击得出：请改用文本输入。
editor-read-differently = 规则读出的局面与点击的棋盘不同。
editor-not-online = 联机对局中不能设置局面。
editor-cannot-open = 无法设置局面：{ $reason }
editor-clipboard-failed = 剪贴板不可用：{ $reason }
## Network game notes
net-asked-undo = 已请求悔棋
net-asked-new-game = 已请求新的一局
net-offered-draw = 已提和
net-no-hints = 网络对局中没有提示
net-not-available = 网络对局中不可用
save-name-versus = 对

## Analysis mode
button-analysis = 分析
analysis-analyser = 分析引擎：{ $name } ▸
analysis-none = 无分析引擎
analysis-lines = { $n } 条变化
analysis-max-depth = 深度 { $n }
analysis-close = 关闭
analysis-arrow = 箭头
analysis-game = 分析全局
analysis-add-engine = 添加引擎…
analysis-thinking = 思考中…
analysis-depth = 深度 { $depth }
analysis-mate = { $side } { $n } 步杀
analysis-refused = 此游戏隐藏信息或为联机对局，不能在此分析。
analysis-cannot-analyse = { $protocol } 引擎不能分析（协议没有分析命令），可作为棋手使用。
engine-title = 添加引擎
engine-path = 程序（路径和参数）
engine-name = 名称（留空则用程序名）
engine-protocol = 协议
engine-options = 选项（每行一个 name=value）
engine-checking = 正在启动引擎…
engine-add = 检查并添加
engine-added = 已添加引擎 { $name }。
engine-error-protocol = 未知协议“{ $protocol }”。
engine-error-path = 请输入引擎程序（路径）。
engine-error-option = 选项第 { $line } 行：“{ $text }”不是 name=value。
engine-error-name = 已有名为 { $name } 的引擎。
engine-error-start = 引擎启动失败：{ $reason }
## 联机对话框（加入或开设对局）
lobby-title = 联机
lobby-tab-join = 加入对局
lobby-tab-host = 开设对局
lobby-your-name = 你的名字
lobby-password = 密码
lobby-password-join = 私人对局需要
lobby-password-host = 可不填
lobby-waiting = 等待玩家的对局：
lobby-looking = 正在局域网中查找……（也可在下方输入服务器）
lobby-scan-failed = { $error }；请在下方输入服务器
lobby-server = 服务器
lobby-find = 查找对局
lobby-host-port = 主机:端口
lobby-host-text = 选择游戏、规则、你执哪一方、是否加入电脑对手以及计时方式；对局随后会在局域网中公布，其他人可以在“加入对局”中加入，或者输入这台电脑的地址和端口 { $port }。
lobby-choose-game = 选择游戏……
lobby-needs-password = 此对局需要密码：请先在“密码”中输入
lobby-none-there = { $addr }：那里没有等待的对局（或服务器没有应答）
lobby-found = { $addr }：{ $count } 个对局在等待
lobby-cannot-host = 无法开设对局：{ $reason }
lobby-nobody-yet = 尚无玩家
lobby-game-with = { $title }，玩家：{ $who }
lobby-with-password = 需要密码
lobby-encrypted = 已加密
## 联机对局的状态栏和提示
net-encrypted-new = 已加密；新证书 SHA-256 { $fingerprint }（已记住）
net-encrypted-known = 已加密；证书 { $fingerprint }…
net-encrypted = 已加密
net-not-encrypted = 未加密
net-you = （你）
net-away = （已离开）
net-free-seat = （等待中…）
net-online = 在线：{ $addr }
net-waiting-for = 等待 { $count } 位玩家
net-link-down = 连接已断开 { $seconds } 秒，正在重连
net-away-clock-runs = { $name } 已离开 { $ago }：其计时继续
net-away-game-waits = { $name } 已离开 { $ago }：对局等待其返回
net-accept = 接受
net-decline = 拒绝
net-offer-draw = 提和
net-chat = 聊天
net-send = 发送
net-say = 说：{ $text }
net-asks = { $name } 请求{ $kind ->
    [undo] 悔棋
    [new] 开始新的一局
   *[draw] 和棋
}：
net-you-asked = 你已请求{ $kind ->
    [undo] 悔棋
    [new] 开始新的一局
   *[draw] 和棋
}
net-answered = { $name }{ $answer ->
    [yes] 接受了
   *[no] 拒绝了
}{ $kind ->
    [undo] 悔棋
    [new] 新的一局
   *[draw] 和棋
}
net-not-sent = 消息未能发出
net-lost = 连接已断开（{ $reason }）；正在重连
net-reconnected = 已重新连接
net-room-full = 所有座位都已坐满：对局开始
net-joined = 一位玩家加入了
net-is-back = { $name } 回来了
net-left = { $name } 离开了对局
net-seat = 座位 { $number }
## 引擎对话框（已添加的引擎：编辑、删除）
analysis-engines = 引擎…
engines-title = 引擎
engines-none = 尚未添加引擎：用“添加引擎…”添加。
engines-edit = 编辑
engines-remove = 删除
engines-keep = 保留
engines-remove-ask = 删除 { $name }？使用它的存档对局仍保留自己的副本。
engines-more = …另有 { $n } 个
engines-plays-only = 只能对弈（其协议不能分析）
engine-edit-title = 编辑 { $name }
engine-save = 检查并保存
engine-saved = 已保存引擎 { $name }。
engine-removed = 已删除引擎 { $name }。
engine-added-plays = 已添加引擎 { $name }：可在新对局中入座；其协议不能分析。
engine-not-added = { $name } 不是已添加的引擎：此对局保留自己的 { $program }
## A network opponent who left: claim the win or abort
net-away-claim-in = { $name } 已离开 { $ago }：{ $left } 后可判胜或中止对局
net-away-claim-now = { $name } 已离开 { $ago }：可判胜、中止对局或继续等待
net-claim-win = 判胜
net-abort = 中止
net-claimed-win = 你已申请判胜
net-aborted = 你中止了对局
result-aborted = 对局已中止
button-claim-draw = 要求和棋
status-may-claim = 可以要求和棋：{ $reason }。
claimed-draw-reason = { $reason }（已要求和棋）
positions-title = { $source } 中的 { $n } 个局面
epd-no-positions = 没有局面
epd-refused = { $source }，第 { $line } 行：{ $reason }
epd-loaded = 已摆好局面 { $id }。{ $operations }
epd-unfit = EPD 和 FEN 只能保存局面为 FEN 的游戏；请用 .toml 名字保存{ $game }
sgf-no-rules = GM[{ $gm }] 不是 Tabula 能从 SGF 读取的游戏
sgf-loaded = 已从 SGF 读取{ $game }：{ $n } 步。
sgf-left-out = 只保留主线：未保留 { $comments } 条注释和 { $variations } 个变着。
sgf-unfit = SGF 只能保存在格点上落子或停一手的游戏；请用 .toml 名字保存{ $game }
pdn-unfit = PDN 只能保存跳棋对局；请用 .toml 名字保存{ $game }
positions-filter-placeholder = 编号、最佳着法或注释
