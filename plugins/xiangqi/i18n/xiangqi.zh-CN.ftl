# The xiangqi plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages").
game-xiangqi = 中国象棋
side-red = 红方
reason-checkmate = 将死
reason-stalemate = 困毙
reason-repetition = 重复局面
reason-perpetual-check = 长将
reason-no-capture-limit = 长时间无吃子
option-notation = 记谱法
option-pieces = 棋子
option-flavour = 历史人物
option-no-capture-plies = 无吃子判和（步数）
choice-wxf = WXF（C2=5）
choice-chinese = 中文（炮二平五）
choice-latin = 拉丁字母
choice-pieces-chinese = 汉字
help-xiangqi =
    中国象棋

    棋盘有九条竖线和十条横线，棋子放在交叉点上。中间的河界把棋盘分成两半；双方各有一个带斜线的九宫。红方先走。

    棋子
      帅/将：沿直线走一步，不能走出九宫。
      仕/士：沿斜线走一步，不能走出九宫。
      相/象：沿斜线走两步（“田”字），不能过河；“象眼”有子时不能走。
      马：先直走一步再斜走一步（“日”字）；“马腿”有子时不能走。
      车：沿直线走任意距离。
      炮：不吃子时与车走法相同；吃子时必须隔一个棋子（炮架）跳吃。
      兵/卒：向前走一步；过河后也可以横走一步；永远不能后退。

    规则
      双方的将帅不能在同一条竖线上直接相对。
      任何一步都不能使己方的将帅被攻击。
      没有合法着法的一方判负，无论是否被将军（将死或困毙）。
      同一局面第三次出现时：若一方在循环中每步都将军而另一方没有，长将的一方判负；否则和棋。
      连续 { $no_capture_plies } 步（每方约一半）无吃子，判和。

    记谱
      程序使用 ICCS 坐标：竖线 a–i 从红方左边数起，横线 0–9 从红方一侧数起（h2e2）。棋手读 WXF（C2=5）或中文记法（炮二平五；红方用汉字数字，黑方用阿拉伯数字；进、退、平；同一竖线上两个相同棋子用前、后区分）。
