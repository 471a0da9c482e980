# The Chinese checkers plugin's words in English, where they read better than its own.
option-players = Players
option-limit = Turn limit
