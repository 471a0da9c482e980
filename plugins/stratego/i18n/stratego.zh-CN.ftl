# The Stratego plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (红方, 蓝方) are the window's own words.
game-stratego = 西洋陆军棋
option-two-squares = 两格往返上限
option-scout-strikes = 侦察兵远走后可攻击
choice-scout-strikes-yes = 是
choice-scout-strikes-no = 否
option-numbering = 棋子编号
choice-numbering-modern = 现代（司令 10 … 侦察兵 2）
choice-numbering-classic = 经典（司令 1 … 侦察兵 9）
option-setup = 布阵
choice-setup-place = 各自布阵
choice-setup-random = 随机布阵
option-draw-after = 无攻击判和（步数）
reason-flag-captured = 军旗被夺
reason-no-strike-for-too-long = 长时间无攻击
reason-neither-side-can-move = 双方都无法移动
reason-no-legal-move = 无棋可走
reason-no-movable-pieces = 没有可移动的棋子
help-stratego =
    西洋陆军棋（Stratego）

    两支各 40 枚棋子的军队，各自设法夺取对方的军旗。每方只能看到本方棋子的军衔；对方棋子在攻击或被攻击时亮出军衔，此后一直为人所知。规则是 Jumbo Stratego 原版规则（Gravon 所发布），国际西洋陆军棋联合会（ISF）的规则以它为基础。

    棋盘
    棋盘 10×10 格，列 a 到 j，行 1 到 10，红方在下。中间的两个湖（c5 d5 c6 d6 和 g5 h5 g6 h6）永远不能进入或越过。

    军队
    司令（10）1、军长（9）1、师长（8）2、旅长（7）3、团长（6）4、营长（5）4、连长（4）4、工兵（3）5、侦察兵（2）8、间谍（S）1、地雷（B）6、军旗（F）1。选项 numbering=classic 时棋子显示旧的编号：司令 1 到侦察兵 9。

    布阵
    红方先布阵，然后是蓝方，各在本方四行内（红方第 1 到 4 行，蓝方第 7 到 10 行），不让对方看见。把棋子从棋盘旁的备用区拖到本方行内的空格上（或输入 M@b2：军衔字母、@、格子）。按钮 random 随机布下其余棋子；preset-1 到 preset-4 用预设阵型（角落堡垒、中央军旗、沿岸、侦察兵屏障）填满其余格子：每个空格在预设的棋子还有剩余时放预设的棋子，其余格子放剩下的棋子，强的在先。选项 setup=random 时开局双方阵型都随机布好。

    走子
    红方先走，然后双方轮流。每步走一枚棋子，向前、后、左、右走一格到空格或对方棋子上（攻击）。地雷和军旗永远不动。侦察兵可以沿直线走任意个空格，并可攻击终点处的棋子（选项 scout_strikes=no 时只能攻击相邻的棋子）。走了不止一格的侦察兵就暴露了身份。

    攻击
    双方军衔都亮出。军衔低的被拿走，胜者站到该格上；军衔相同则同归于尽。间谍先攻击时能打败司令（被攻击时输给任何棋子）。地雷消灭除工兵外的任何攻击者，工兵能排除地雷。任何棋子都能夺取军旗。

    两格规则
    同一枚棋子在相同两格之间连续往返最多五步（two_squares=3 时为三步，同 ISF 规则）；之后必须走别的棋子。走别的棋子会打断这一串；对方的着法不会。

    终局
    夺得军旗者获胜。轮到走棋却无法走（没有可移动的棋子，或每一步都被禁止）的一方判负；双方都无法走时为和棋。选项 draw_after=N 时，N 步没有攻击也判和。对局结束时棋盘翻开：所有棋子都可见。

    记谱
    作战着法写作 a4-a5（攻击为 a4xa5）或 a4a5；布子写作 M@b2；按钮为 random 和 preset-1 到 preset-4。字母：M 司令、G 军长、C 师长、J 旅长、P 团长、L 营长、T 连长、N 工兵、O 侦察兵、S 间谍、B 地雷、F 军旗；也可以用军衔的英文名或数字（marshal@b2、10@b2）。

    局面文本
    从第 10 行到第 1 行，用 / 分隔，每行十格：. 为空，~ 为湖，或棋子字母（红方大写，蓝方小写），走动过的后加 +，军衔亮出过的后加 *；然后是阶段（red 或 blue to move、red-setup、red-random、red-preset-N，蓝方同样）；然后 lost= 各方失去的棋子（MJ/oo，无则为 -），last= 各方最后一步以及那枚棋子在相同两格间走了几步（e4e5:2/-），以及 draw_after 时的 quiet=N。某一方的视角中，不知道军衔的棋子写作 X，看不见的格子写作 #，看不见的随机布阵写作 -deal，看不见的已布棋子数写作 placed=N。
