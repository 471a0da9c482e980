# The hex plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (红方, 蓝方) are the window's own words.
game-hex-7x7 = 六贯棋 7×7
game-hex-8x8 = 六贯棋 8×8
game-hex-9x9 = 六贯棋 9×9
game-hex-10x10 = 六贯棋 10×10
game-hex-11x11 = 六贯棋 11×11
game-hex-12x12 = 六贯棋 12×12
game-hex-13x13 = 六贯棋 13×13
game-hex-14x14 = 六贯棋 14×14
game-hex-15x15 = 六贯棋 15×15
game-hex-16x16 = 六贯棋 16×16
game-hex-17x17 = 六贯棋 17×17
game-hex-18x18 = 六贯棋 18×18
game-hex-19x19 = 六贯棋 19×19
option-swap = 交换规则
move-swap = 交换
reason-connected = 连通两边
help-hex =
    六贯棋（Hex）

    红方和蓝方轮流在任意空的六边形格子上放一枚本方颜色的棋子。红方先走，用相连的红子连通上下两行（红边）即获胜；蓝方连通左右两列（蓝边）即获胜。棋盘下满时必有一方连通，所以没有和棋。

    交换规则（{ $swap ->
        [off] 本局关闭
       *[other] 开启
    }）：先走的优势很大，所以蓝方可以用“交换”回应红方的第一子：这枚棋子变成蓝方的，并沿长对角线翻转位置（c2 变成 b3），然后红方继续走。因此红方开局的一子应不强也不弱。

    格子用列字母（a 在最左）和行号（1 在最上）命名。
