# The ludo plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (红方, 蓝方, …) are the window's own words.
game-mensch-argere-dich-nicht-2-players = 飞行棋（2人）
game-mensch-argere-dich-nicht-3-players = 飞行棋（3人）
game-mensch-argere-dich-nicht-4-players = 飞行棋（4人）
option-players = 人数
option-finish = 结束方式
choice-finish-first = 一方全部到家即结束
choice-finish-all = 继续决出全部名次
move-pass = 停一手
reason-all-pieces-home = 全部棋子到家
help-mensch-argere-dich-nicht =
    飞行棋（Mensch ärgere Dich nicht）

    本局 { $players } 人，每人四枚棋子。一枚棋子放在本方起点（跑道上本方颜色的格子），三枚在本方角落等待。按顺时针轮流：掷色子，再把一枚棋子沿跑道走相应的格数。可以越过棋子（越过的格子也计数），但一格只能站一枚棋子：落在对方棋子上就吃掉它（它回到角落）；不能落在本方棋子上。吃子从不强制。

    掷出六点：有棋子在等待时，必须把一枚放上本方起点（起点上若有对方棋子就吃掉）；如果起点上站着本方棋子，就用这个六点把它往前走。有棋子在等待时，必须先让出起点：起点上的棋子必须走，除非它要落的格子被本方棋子挡住。掷出六点后再掷一次（把最后一枚棋子送到家的那次除外）。

    如果本方棋子除了用六点外都不能走（跑道上没有，终点格里的已走到最里面），可以连掷最多三次求六点。掷出的点数无法使用时，按“停一手”。

    绕完一圈后，棋子转入本方的四个终点格（a 到 d），同样逐格计数；必须恰好走到，终点格里不会被吃。{ $finish ->
        [all] 第一个把四枚棋子全部送到家的玩家获胜；其余玩家继续争夺名次，直到只剩一人。
       *[other] 第一个把四枚棋子全部送到家的玩家获胜，对局结束。
    }

    格子：跑道为 1–40（1 是红方起点，11 蓝方，21 绿方，31 黄方）；终点格为颜色字母加 a–d（ra … rd），等待格为颜色字母加 1–4（r1 … r4）。着法：5-11、r3-1（出子）、38-ra、pass；色子：roll1 … roll6。先点本方棋子，再点它的落点。

    规则：Schmidt Spiele，“Mensch ärgere Dich nicht”。
