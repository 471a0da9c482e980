# The Stratego plugin's words in English, where they read better than its own.
option-two-squares = Two-square rule
option-scout-strikes = Scouts move and strike
choice-scout-strikes-yes = Yes
choice-scout-strikes-no = No
option-numbering = Numbers on the pieces
choice-numbering-modern = Modern (marshal 10)
choice-numbering-classic = Classic (marshal 1)
option-setup = Setup
choice-setup-place = By hand
choice-setup-random = Dealt at random
option-draw-after = Draw after moves without a strike
