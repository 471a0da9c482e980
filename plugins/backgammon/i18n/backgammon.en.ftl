# The backgammon plugin's words in English, where they read better than its own.
option-cube = Doubling cube
option-jacoby = Jacoby rule
