# The backgammon plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-backgammon = 双陆棋
game-backgammon-with-the-cube = 双陆棋（加倍方块）
option-cube = 加倍方块
option-jacoby = 雅各比规则
move-double = 加倍
move-roll = 掷色子
move-take = 接受加倍
move-drop = 拒绝加倍
reason-double-dropped = 拒绝加倍
reason-single-game = 单倍胜
reason-gammon = 双倍胜（全胜）
reason-backgammon = 三倍胜（完胜）
help-backgammon =
    双陆棋

    单局赌注制双陆棋的规则，依 bkgm.com 的《Rules of Backgammon》（与美国和世界双陆棋联合会的规则相同）。

    双方各有十五枚棋子，沿棋盘走回本方内盘，再把它们移出棋盘；先移出全部十五枚者获胜。白方从本方 24 点走向 1 点（右下），黑方方向相反。每方都从本方内盘起给各点编号：白方的 24 点就是黑方的 1 点。

    开局：24 点两枚、13 点五枚、8 点三枚、6 点五枚。双方各掷一颗色子，点数大者先走，并使用这两个点数（点数相同则重掷）。此后双方轮流掷两颗色子。

    走子：两个点数是两步，可由一枚或两枚棋子走。棋子可以落在对方棋子少于两枚的任何点上。掷出对子时走四次。能用尽两个点数就必须用尽（对子四次，或尽可能多次）；只能用一个时就用这个；两个都能单独使用但不能都用时，用大的。一个点数都不能用时，本轮作废。

    打子：落在对方单独一枚棋子（散子）上，就把它打到中间栏上。栏上有棋子的一方必须先让它在对方内盘重新入局（掷 3 进入对方的 3 点，即本方的 22 点）。

    移出：本方棋子全部进入内盘后，每个点数可以把相应点上的一枚棋子移出；该点没有棋子时，必须从更高的点走一枚，更高的点也没有时，从本方最高的点移出。也可以在内盘里走子代替移出。

    终局：胜方得 1 分（单倍胜）；负方一枚也没移出时得 2 分（双倍胜，gammon）；负方还有棋子在栏上或在胜方内盘时得 3 分（三倍胜，backgammon）；再乘以加倍方块的值。

    加倍方块（选项 cube=on）：掷色子之前，一方可以把赌注加倍。对方或者接受（按两倍赌注继续，并拥有加倍方块：只有拥有者可以再加倍），或者拒绝（输掉当前赌注）。加倍方块最高到 64。雅各比规则（选项 jacoby=on）：加倍方块未动过时，双倍胜和三倍胜都只算单倍。不采用克劳福德规则、反加倍和自动加倍。

    记谱（从走子一方看）：24/18,13/11（一枚从 24 到 18，一枚从 13 到 11；用空格代替逗号也可以），13/7*（打子），bar/22（入局），6/off（移出），13/11(2)（两枚棋子）。开局一掷连同先走的一方写作 white:6-3；掷色子写作 6-3；加倍方块的着法是 double、roll、take 和 drop。在棋盘上先点棋子所在的点，再点它落下的点，一枚一枚地走。

    局面文本：white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 6-3 | cube 2 black。各方棋子写作“点:枚数”，从本方一侧计（bar:N、off:N），接着是下一步发生什么（opening、white may double、white to roll、white to play 6-3、white doubles、white wins、black drops），有加倍方块时再写它的值和拥有者。
