# The hex plugin's words in English, where they read better than its own.
option-swap = Swap rule
