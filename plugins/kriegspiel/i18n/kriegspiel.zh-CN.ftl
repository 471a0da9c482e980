# The kriegspiel plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-kriegspiel = 暗战国际象棋（Kriegspiel）
reason-checkmate = 将死
reason-stalemate = 逼和
reason-fifty-move-rule = 五十回合规则
reason-insufficient-material = 子力不足
reason-threefold-repetition = 三次重复局面
help-kriegspiel =
    暗战国际象棋（Kriegspiel，互联网国际象棋俱乐部规则“wild 16”）

    只能看到本方棋子的国际象棋。裁判掌握真实的棋盘。

    轮到你时
      试走一步本方棋子。如果在真实棋盘上合法就走出；如果不合法（穿过或走到你看不见的对方棋子上、使本方王被将军、易位经过被攻击的格子……），裁判告诉你“Illegal move”（不告诉对方任何事），你再试。兵可以向两个斜前方试吃。

    裁判的宣告（每步合法着法后告诉双方）
      e4 的兵被吃 / e4 的棋子被吃（吃过路兵时宣告兵被吃的位置）
      横线将军、直线将军、长斜线将军、短斜线将军、马将军（长斜线是经过王所在格的两条斜线中较长的一条：王在 e1 时为 a5-e1，短的是 e1-h4）
      白方走棋 / 黑方走棋
      N 次兵试吃（轮到走棋的一方有几种兵吃子）

    对局结束
      与国际象棋相同：将死获胜；逼和、子力不足、三次重复局面、五十步无吃子无兵的移动均为和棋（后两种自动判定，因为看不见棋盘的人无法提出）。

    记谱
      长代数记谱（e2-e4、e7-e8=Q、O-O）或坐标（e2e4、e7e8q、e1g1）。局面用 FEN，后接“ | tried”和本轮被拒绝的试走。
