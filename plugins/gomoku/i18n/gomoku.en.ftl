# The gomoku plugin's words in English, where they read better than its own.
game-gomoku-freestyle = Gomoku (freestyle)
game-gomoku-standard = Gomoku (exactly five)
game-gomoku-renju = Gomoku (renju)
option-rule = Rule
choice-freestyle = Freestyle
choice-standard = Exactly five
choice-renju = Renju
