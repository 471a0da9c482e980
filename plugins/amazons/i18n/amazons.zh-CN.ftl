# The amazons plugin's words in Simplified Chinese (docs/WRITING-PLUGINS.md,
# "Words in other languages"). Colours (白方, 黑方) are the window's own words.
game-amazons = 亚马逊棋
reason-no-legal-move = 无棋可走
help-amazons =
    亚马逊棋

    双方各有四个亚马逊：白方在 a4、d1、g1、j4，黑方在 a7、d10、g10、j7。白方先走。

    每一步都分两部分，缺一不可。先把本方一个亚马逊像国际象棋的后那样移动：沿横线、直线或斜线走任意个空格，不能越过或停在亚马逊或箭上。然后从她到达的格子，再像后那样向一个空格射出一支箭（她刚离开的格子已空，也可以射）。箭留在那里直到终局：谁都不能越过或停在那一格。

    棋盘渐渐布满箭，亚马逊被困住。无法走棋的一方判负；没有和棋。

    先点亚马逊，再点她要去的格子，最后点箭落的格子。着法写成三个格子：d1-d7/g7（d1 的亚马逊走到 d7，向 g7 射箭），也可写成 d1d7g7。

    规则：国际计算机博弈协会比赛所用规则（Walter Zamkauskas 于 1988 年发明）。
