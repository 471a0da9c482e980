# The draughts plugin's words in English, where they read better than its own.
option-rule = Rules
choice-rule-international = International (10×10)
choice-rule-english = English (8×8)
