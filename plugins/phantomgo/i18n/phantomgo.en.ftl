# The phantom Go plugin's words in English, where they read better than its own.
option-komi = Komi
