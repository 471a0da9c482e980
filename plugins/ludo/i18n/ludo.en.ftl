# The ludo plugin's words in English, where they read better than its own.
option-players = Players
option-finish = Game ends
choice-finish-first = When one player is home
choice-finish-all = When all places are decided
