# The raumschach plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-raumschach = 空间国际象棋（Raumschach）
option-no-progress-plies = 无吃子无兵步判和（步数）
reason-checkmate = 将死
reason-stalemate = 逼和
reason-threefold-repetition = 三次重复局面
reason-no-capture-or-pawn-move-for-too-long = 长时间无吃子无兵步
reason-only-the-kings-are-left = 只剩双王
help-raumschach =
    空间国际象棋（Raumschach，Maack 1907）：三维国际象棋

    棋盘是 5×5×5 的立方体，画成 A 到 E 五层。白方从 A、B 层开始，黑方从 D、E 层开始。格子由层、列、行命名：Cc3 是立方体的中心。把每个格子想成一个小立方体，有 6 个面、12 条棱和 8 个角。

    棋子
      车（R）：穿过面走任意距离：沿行、沿列，或穿过各层直上直下。
      象（B）：穿过棱走任意距离：在一层内斜走，或在竖直平面内跨层斜走。
      独角兽（U）：穿过角走任意距离：每一步同时改变层、列和行。它只能到达立方体的四分之一。
      后（Q）：车、象和独角兽的走法合一。
      王（K）：向 26 个方向中的任意一个走一步。
      马（N）：在三个维度中的任意两个上，沿一个轴跳两格、沿另一个轴跳一格（从中心共 24 种跳法）。
      兵（P）：向前走一格，或向对方走一层（白方向上，黑方向下）；吃子时向升变行斜走一步：横向加向前、横向加向上，或同时向前和向上（黑方向下）。没有走两格，也没有吃过路兵。兵到达最远一层的最远一行（白方为 Ea5–Ee5，黑方为 Aa1–Ae1）时升变为后、车、象、马或独角兽。

    没有王车易位。将死获胜；逼和为和棋，同一局面第三次出现、{ $no_progress_plies } 步没有吃子也没有兵的移动、双方只剩光王也都是和棋。

    记谱：给机器的写法 Bc2Cc3（起点、终点、升变字母：Db4Eb5q）；给人看的写法 NAb1-Ab3、QBc1xDc3+、Db4-Eb5=Q。
