# The phantom tic-tac-toe plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages").
game-phantom-tic-tac-toe = 幻影井字棋
side-x = 叉方（X）
side-o = 圈方（O）
reason-three-in-a-row = 三子连线
reason-board-full = 棋盘已满
help-phantom-tic-tac-toe =
    幻影井字棋

    只能看到本方记号的井字棋。X 和 O 轮流在自己看来是空的格子里画记号，X 先走。如果对方已经占了那一格，这一步被拒绝：你现在看到对方在那里的记号，再走一次（对方不会被告知）。横、竖或斜向连成三个即获胜；棋盘画满仍无人连成三个则为和棋。
