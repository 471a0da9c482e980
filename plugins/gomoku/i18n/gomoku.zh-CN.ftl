# The gomoku plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (黑方, 白方) are the window's own words.
game-gomoku-freestyle = 五子棋（自由规则）
game-gomoku-standard = 五子棋（恰好五子）
game-gomoku-renju = 五子棋（连珠规则）
option-rule = 规则
choice-freestyle = 自由规则
choice-standard = 恰好五子
choice-renju = 连珠规则
reason-five-in-a-row = 五子连珠
reason-board-full = 棋盘已满
reason-no-legal-move-for-black = 黑方无合法着点
reason-double-three = 三三禁手
reason-double-four = 四四禁手
reason-overline = 长连禁手
help-gomoku =
    五子棋

    黑方（x）与白方（o）轮流在方形棋盘（默认 15×15，选项“棋盘大小”可为 5 到 25）的空交叉点上放一枚本方棋子。黑方先走。先在横、竖或斜方向连成不间断的五子的一方获胜。棋盘下满仍无人连五则为和棋。

    规则（选项“规则”）：
      自由规则：五子或更多连珠即胜（默认）。
      恰好五子：恰好五子连珠才胜；六子以上（长连）谁也不胜。
      连珠规则：白方五子或更多即胜。黑方只有恰好五子才胜，且不能下禁手点：形成长连（六子以上）、四四（同时形成两个四，包括同一条线上的两个四，如 x.xxx.x）或三三（同时形成两个活三）的点。只有再下一子（不在禁手点上）就能成为活四的三才算活三；恰好形成五连的一手永远不是禁手。禁手点不是合法着点，轮到黑方时会在棋盘上标出。黑方只剩禁手点时为和棋。

    本局：{ $size }×{ $size } 棋盘，{ $rule ->
        [renju] 连珠规则
        [standard] 恰好五子
       *[other] 自由规则
    }。
