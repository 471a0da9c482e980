# The othello plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (黑方, 白方) are the window's own words.
game-othello = 黑白棋
move-pass = 停一手
reason-more-discs = 子数较多
reason-equal-discs = 子数相等
help-othello =
    黑白棋

    黑白双方轮流在空格上放一枚本方颜色的棋子。黑方先走，开局：白子在 d4 和 e5，黑子在 e4 和 d5。

    落子必须夹住对方：它必须在至少一个直线方向（横、竖或斜）上，与另一端的本方棋子一起夹住一排连续的对方棋子，中间没有空格。八个方向上这样夹住的每一排都翻成落子一方的颜色。

    没有这样的落点的一方必须停一手（着法 pass）；有落点的一方不能停一手。双方都无法落子时（通常是棋盘下满）对局结束，棋子多的一方获胜。剩下的空格归胜方（和棋时平分），与比赛成绩的计法相同：40 比 20 获胜、留下 4 个空格，记作 44 比 20。

    格子名称由列字母（从左起 a 到 h）和行号（从上起 1 到 8）组成，与世界黑白棋联合会的棋谱相同：黑方的四种第一步是 d3、c4、f5 和 e6。

    局面文本：从 a1 到 h8 逐行的 64 格（X 黑、O 白、- 空），一个空格，再用 X 或 O 表示走棋方。
