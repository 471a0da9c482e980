# The tic-tac-toe plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages").
game-tic-tac-toe = 井字棋
side-x = 叉方（X）
side-o = 圈方（O）
reason-three-in-a-row = 三子连线
reason-board-full = 棋盘已满
help-tic-tac-toe =
    井字棋

    X 和 O 轮流在空格中画上自己的记号，X 先走。横、竖或斜向连成三个即获胜；棋盘画满仍无人连成三个则为和棋。
