# The raumschach plugin's words in English, where they read better than its own.
option-no-progress-plies = Draw after plies without capture or pawn move
