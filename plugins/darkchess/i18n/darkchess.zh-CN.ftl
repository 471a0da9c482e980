# The dark chess plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-dark-chess = 迷雾国际象棋
reason-king-captured = 王被吃掉
reason-threefold-repetition = 三次重复局面
reason-fifty-move-rule = 五十回合规则
reason-no-legal-move = 无棋可走
help-dark-chess =
    迷雾国际象棋（战争迷雾）

    看不到整个棋盘的国际象棋。规则依维基百科“Dark chess”和 chess.com 的“Fog of War”。

    你能看到什么
      本方的棋子，以及本方棋子这一步能走到的每一格：空格，和可以吃掉的对方棋子。其余都是迷雾。因此，兵正前方被迷雾遮住的格子上一定有对方棋子。可以吃过路兵时，那一步你能看到要吃的兵。

    走法
      棋子走法与国际象棋相同，有王车易位（王和车都未动过，中间的格子都空）、吃过路兵和升变（后、车、象或马）。没有将军的概念：可以走进被将军的位置或不理会被攻击的王，也可以从被将军处、经过或走进被攻击的格子易位。

    对局结束
      吃王：吃掉对方王的一方获胜。
      和棋：（自动）同一局面第三次出现；双方各走五十步没有吃子也没有兵的移动；轮到走棋的一方完全无棋可走。

    记谱
      坐标（e2e4、e7e8q，易位写作王的走法 e1g1）或标准代数记谱（e4、Nf3、exd5、O-O、e8=Q）。局面用 FEN；王被吃后可以缺王。棋谱中你能读到本方的着法；对方的着法只能知道本方哪枚棋子被吃（?xe4）。
