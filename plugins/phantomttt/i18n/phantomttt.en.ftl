# The phantom tic-tac-toe plugin's words in English, where they read better than its own.
reason-board-full = the board is full
