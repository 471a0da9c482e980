# The phantom Go plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (黑方, 白方) are the window's own words.
game-phantom-go-5-5 = 幻影围棋 5×5
game-phantom-go-7-7 = 幻影围棋 7×7
game-phantom-go-9-9 = 幻影围棋 9×9
game-phantom-go-11-11 = 幻影围棋 11×11
game-phantom-go-13-13 = 幻影围棋 13×13
game-phantom-go-15-15 = 幻影围棋 15×15
game-phantom-go-17-17 = 幻影围棋 17×17
game-phantom-go-19-19 = 幻影围棋 19×19
option-komi = 贴目
move-pass = 停一手
reason-area-count = 数子
reason-equal-area-count = 数子相等
help-phantom-go =
    幻影围棋（计算机奥林匹克裁判规则）

    只能看到本方棋子的围棋。裁判掌握真实的棋盘。

    轮到你时
      指定一个交叉点（试下）或停一手。如果在裁判的棋盘上那里落子合法，就下在那里。如果不合法（那里有对方棋子，或落子是自杀或会重复以前的局面），裁判说“illegal”，你再试。这样发现的对方棋子会一直显示给你，直到它被提走。对方只知道你试了一步不合法的棋。

    大家都能听到
      每一步（“黑方已下”）、每次停一手，以及一步提了几子；失去棋子的一方能看到是哪些（它们离开棋盘）。所以双方始终知道各方有多少棋子。

    围棋规则
      与围棋插件相同：提子、禁止自杀、全局同形禁止、连续两次停一手结束对局、数子法（棋子加围住的空点）并给白方贴目；棋盘上留下的所有棋子都算活棋，除非双方标出死子。

    记谱
      GTP 坐标（D4；列不用字母 I）和 pass。

    本局：{ $size }×{ $size } 棋盘，贴目 { $komi }。
