# The morris plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-nine-men-s-morris = 九子棋
reason-two-men-left = 只剩两子
reason-no-legal-move = 无棋可走
reason-threefold-repetition = 三次重复局面
reason-fifty-moves-without-a-mill = 五十步未成三
help-nine-men-s-morris =
    九子棋

    双方各有九枚棋子。白方先走。

    摆子：手中还有棋子时，每步在任意空点上放一枚。

    走子：十八枚棋子全部摆完后，每步把本方一枚棋子沿线移到相邻的空点。只剩三枚时可以飞：把一枚棋子移到任意空点。

    成三：本方三枚棋子在一条线上连成一排称为“三”。摆子或走子形成三时，从棋盘上拿走对方一枚棋子，但不能拿处在三中的棋子，除非对方所有棋子都在三中。一次形成两个三也只拿一枚。可以把三拆开，以后再合上。

    终局：只剩两枚棋子或无法走棋的一方判负。同一局面（棋子、手中棋子和走棋方）第三次出现，或双方各走五十步既无摆子也未成三，则为和棋。

    点要放子的点，或先点棋子再点新的点；形成三时，再点要拿走的对方棋子。着法用点 a1 到 g7 表示（与国际象棋棋盘相同）：d6 为摆子，a1-a4 为走子，x 后加被拿走的棋子：d6xg7、a1-a4xg7。

    规则：标准规则（世界九子棋协会所用）；各规则书对和棋规定不一，这里采用上述和棋规则。
