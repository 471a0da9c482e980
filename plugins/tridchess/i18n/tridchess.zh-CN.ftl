# The tri-dimensional chess plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-tri-dimensional-chess = 三维国际象棋
option-no-progress-plies = 无吃子无兵步判和（步数）
reason-checkmate = 将死
reason-stalemate = 逼和
reason-threefold-repetition = 三次重复局面
reason-no-capture-or-pawn-move-for-too-long = 长时间无吃子无兵步
reason-only-the-kings-are-left = 只剩双王
help-tri-dimensional-chess =
    三维国际象棋（星际迷航），Roth 修订的联邦标准 5.0 规则

    棋盘：三个固定的 4×4 层，白方层（W）、中立层（N）和黑方层（B），每层比下面一层离白方远两行；另有四个可移动的 2×2 攻击板：共 64 格。列为 z a b c d e（z 和 e 只在攻击板上），行为 0 到 9。攻击板挂在固定层一角的销钉上，在其上方或（倒挂）下方。它的位置在后翼（z–a 列）为 QL1 到 QL6，在王翼（d–e 列）为 KL1 到 KL6：1 和 2 挂在 W 层，3 和 4 挂在 N 层，5 和 6 挂在 B 层；i 表示挂在销钉下方的板（QL1i）。格子按列、行、层命名：b1W、z0QL1。窗口把每个固定层及其攻击板画在一起；标注表示攻击板可以停放的位置。

    走子：从上方看，每一步都是普通国际象棋的一步；它可以停在所到的列和行上的任何一层，但绝不能直上直下。长距离棋子沿着两端之间不高于较高一端的最高格子走，那里的任何棋子都会挡住它；较高一端是固定层时，也可以改为高一层经过攻击板。马跳；王走一步。

    兵向前走一行（第一次可走两行，中间的格子须为空），吃子时向旁边一列、向前一行，在任何一层。刚走了两行的兵可以被旁边的兵吃过路兵，落在它经过的格子上。白方在第 8、9 行升变，黑方在第 1、0 行升变，可升为后、车、象或马。

    王车易位（王和车都未动过，王没有被将军也不走进将军）：O-O，王与王翼车交换位置；O-O-O，王走到后的原始格（须为空），后翼车走到王的原始格。

    攻击板：一方可以不走棋子，改为移动一个本方拥有的攻击板，条件是板上为空或只有本方一个兵，并且本方在某处还有兵：移到同一侧前后一或两行的销钉上、其上方或下方，或在本销钉上翻转。板带着它上面的兵移动，这个兵失去走两行的权利，被带到最后几行时升变。白方拥有开局在 QL1 和 KL1 的两个板，黑方拥有在 QL6 和 KL6 的；吃掉板上最后一个对方棋子的一方夺得该板。

    将死获胜。逼和、同一局面第三次出现、{ $no_progress_plies } 步没有吃子也没有兵的移动、双方只剩光王都是和棋。

    记谱：给人看的写法 Qa0QL1-a3N、b2Wxc3N、c7B-c8B=Q、O-O、QL1-QL3（攻击板的移动）；给机器的写法 a0QL1-a3N、c7B-c8Bq、QL1-QL3。格子也可以用 Roth 的写法输入，如 b0(3)。
