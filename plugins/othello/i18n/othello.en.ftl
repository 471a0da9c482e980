# The othello plugin's words in English, where they read better than its own.
reason-more-discs = more discs on the board
reason-equal-discs = equal discs on the board
