# The tic-tac-toe plugin's words in English, where they read better than its own.
side-x = X
side-o = O
