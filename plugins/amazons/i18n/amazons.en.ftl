# The amazons plugin's words in English, where they read better than its own.
reason-no-legal-move = no legal move
