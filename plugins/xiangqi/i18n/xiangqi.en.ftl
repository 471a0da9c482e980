# The xiangqi plugin's words in English, where they read better than its own.
reason-no-capture-limit = no capture for too long
option-notation = Notation
option-pieces = Pieces
option-flavour = Historical figures
option-no-capture-plies = Draw without capture after (plies)
choice-wxf = WXF (C2=5)
choice-chinese = Chinese (炮二平五)
choice-latin = Latin letters
choice-pieces-chinese = Chinese characters
