# The connect four plugin's words in English, where they read better than its own.
game-connect-four-6x5 = Connect four 6×5
game-connect-four-6x7 = Connect four 6×7
game-connect-four-7x7 = Connect four 7×7
game-connect-four-8x7 = Connect four 8×7
