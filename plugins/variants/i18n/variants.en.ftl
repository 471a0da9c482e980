# The variants plugin's words in English, where they read better than its own.
option-variant = Variant
side-sente = Sente
side-gote = Gote
