# The Chinese checkers plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (红方, 蓝方, …) are the window's own words.
game-chinese-checkers-2-players = 跳棋（2人）
game-chinese-checkers-3-players = 跳棋（3人）
game-chinese-checkers-4-players = 跳棋（4人）
game-chinese-checkers-6-players = 跳棋（6人）
side-purple = 紫方
option-players = 人数
option-limit = 回合上限
move-pass = 停一手
reason-corner-filled = 占满对角
reason-move-limit = 达到回合上限
help-chinese-checkers =
    跳棋（Sternhalma）

    每方在星形棋盘的一角有十颗弹珠，要把它们全部送到对面的角里。本局 { $players } 人。按顺时针轮流，最下方一角的玩家先走。

    轮到你时移动一颗弹珠：
      走一步：移到相邻的空孔；或者
      跳：越过一颗相邻的弹珠（任何颜色）落到紧挨其后的空孔，并且可以从那里继续跳，想跳多远都行，每跳一次后都可以停下。一串跳跃不能两次落在同一个孔。
    弹珠从不被吃掉。已经到达目标角的弹珠只能在角内移动。

    第一个把对面角的十个孔全部占满的玩家获胜，对局结束。防堵规则：如果你的目标角已满，且其中一些孔被对手的弹珠占着，你进入该角的弹珠可以在其中一颗上结束走步或跳跃，两颗弹珠互换位置。无法走棋的玩家停一手。所有玩家合计走满 { $limit } 回合后判和。

    孔的名称由列字母 a–q（沿向右上升的线）和行号 1–17（从最下方的角 m1 到最上方的角 e17；中心是 i9）组成。着法列出弹珠经过的孔：m3-l4 是一步，m3-k5-k7 是两次跳跃；互换以 * 结尾。pass 表示停一手。先点弹珠，再依次点每个落点；再点一次最后的落点就在那里停下。

    规则：Masters Traditional Games，“Chinese Checkers”。
