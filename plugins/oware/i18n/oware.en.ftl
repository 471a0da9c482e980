# The oware plugin's words in English, where they read better than its own.
reason-24-seeds-each = 24 seeds each: a draw
