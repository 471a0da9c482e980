# The go plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (黑方, 白方) are the window's own words.
game-go-3-3 = 围棋 3×3
game-go-5-5 = 围棋 5×5
game-go-7-7 = 围棋 7×7
game-go-9-9 = 围棋 9×9
game-go-11-11 = 围棋 11×11
game-go-13-13 = 围棋 13×13
game-go-15-15 = 围棋 15×15
game-go-17-17 = 围棋 17×17
game-go-19-19 = 围棋 19×19
option-komi = 贴目
option-handicap = 让子
move-pass = 停一手
reason-area-count = 数子
reason-equal-area-count = 数子相等
help-go =
    围棋

    黑白双方轮流在空的交叉点上放一枚本方颜色的棋子，也可以停一手（pass）。黑方先走（黑方有让子时白方先走）。沿线相连的同色棋子组成一块棋；与一块棋相邻的空点是它的气。下一子使对方棋块没有气时，把它们提走。不能下在使己方棋块没有气的地方，除非能提子（禁止自杀）；任何一步都不能重现对局中出现过的局面（全局同形禁止，解决所有劫）。

    连续两次停一手后对局结束。双方标出都认为已死的棋块（当作被提走），然后按数子法计算：各方的子数加上只被本方棋子围住的空点。白方加贴目（默认 7.5），让子棋中每个让子再加一点（中国规则的补偿）。总数多的一方获胜。若不标死子，盘上所有棋子都算活棋，所以与程序对弈时请在停一手之前提掉死子。

    坐标同 GTP：竖线从左起为 A、B、C……（不用字母 I），横线从下起为 1、2、3……（D4）；停一手写作 pass。

    本局：{ $size }×{ $size } 棋盘，贴目 { $komi }，让子 { $handicap }。
