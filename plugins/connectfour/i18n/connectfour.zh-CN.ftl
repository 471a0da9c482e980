# The connect four plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (红方, 黄方) are the window's own words.
game-connect-four = 四子棋
game-connect-four-6x5 = 四子棋 6×5
game-connect-four-6x7 = 四子棋 6×7
game-connect-four-7x7 = 四子棋 7×7
game-connect-four-8x7 = 四子棋 8×7
reason-four-in-a-row = 四子连线
reason-board-full = 棋盘已满
help-connect-four =
    四子棋

    棋盘竖立：{ $size }（列×行）。红方和黄方轮流把本方颜色的棋子投进一列未满的列中；棋子落到该列最低的空格。红方先走。

    本方四枚棋子连成一线（横、竖或斜）立即获胜。棋盘下满仍无人连成四子则为和棋。

    投子时点该列的任意一格。着法写作列的字母（从左起 a、b、c……）或列号（1、2、3……），与求解程序和棋谱相同：4 是标准棋盘的正中一列。

    规则：随游戏附带的规则（Milton Bradley 1974，现 Hasbro）。
