# Tabula's interface in English. Every word the window shows comes from
# here (or from gui/i18n/zh-CN.ftl, which holds the same ids).
# Ids starting with side-, reason-, option- and choice- translate words
# that rules plugins use: only generic ones here (colours, on/off, size);
# a game's own words (its name, options, reasons, help) ship with its
# plugin as <plugin>.<lang>.ftl (docs/WRITING-PLUGINS.md). Words nobody
# translates are shown as the plugin wrote them.

## Sentences
sentence = { $text }.
two-sentences = { $first }. { $second }

## Buttons
button-new = New
button-new-game = New game
button-undo = Undo
button-redo = Redo
button-hint = Hint
button-resign = Resign
button-flip = Flip
button-save = Save
button-load = Load
button-open = Open
button-players = Players
button-pause = Pause
button-resume = Resume
button-step = Step
button-replay = Replay
button-stop-replay = Stop
button-review = Review
button-copy = Copy
button-copy-record = Record
button-paste = Paste
button-sound-on = Sound on
button-sound-off = Sound off
button-no-sound = No sound
button-settings = Settings
button-help = Help
button-network = Network
button-quit = Quit
button-save-and-quit = Save and quit
button-cancel = Cancel
button-close = Close
button-start = Start
button-host = Host
button-apply = Apply
button-resume-game = Resume it
button-discard = New game instead

## Sides and results
side-white = White
side-black = Black
side-red = Red
side-blue = Blue
side-green = Green
side-yellow = Yellow
result-wins = { $side } wins
result-wins-on-time = { $side } wins on time
result-loses = { $side } loses
result-draw = Draw
result-because = { $reason }.
# The winner's lead over the next best score, when the rules count points (Go's area count).
result-margin = { $side } wins by { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
# A player's place and points at the end of a game of several players (or with the rules' own points).
# The board covered between two people at one table (hidden information).
hand-over = Hand over to { $side } ({ $name }), then click
record-hidden = The record holds what the players may not see: it can be copied once the game is over.
hand-over-note = The board stays covered so that nobody sees another player's pieces.
button-show-board = Show my board
standing = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} · { $points ->
    [one] { $points } point
   *[other] { $points } points
}
forfeit-resigned = { $side } resigned.
forfeit-time = { $side }'s time ran out.
forfeit-illegal = { $side }'s computer played an illegal move ({ $detail }).
forfeit-error = { $side }'s computer failed ({ $detail }).
moves-in-time = { $n ->
    [one] 1 move
   *[other] { $n } moves
} in { $time }

## Who plays
seat-person = Person
seat-computer = Computer
seat-computer-level = Computer ({ $level })
seat-computer-named = Computer ({ $name })
seat-computer-isolated = Computer ({ $name }, isolated)
seat-engine = Engine ({ $name })
seat-line = { $side } · { $who }
level-easy = easy
level-medium = medium
level-hard = hard
# The calibrated levels: alpha-beta at rising strength, each with a measured chess Elo.
level-beginner = beginner
level-novice = novice
level-casual = casual
level-club = club
level-strong = strong
level-expert = expert
level-master = master
level-with-elo = { $level } (~{ $elo } Elo)
level-with-tag = { $level } ({ $tag })
level-tag-random = random moves
level-tag-greedy = one move ahead
level-tag-full = full strength
level-ranked = { $rank } · { $label }
level-who-random = random moves
level-who-greedy = the best move one ply ahead
level-who-full = alpha-beta at full strength
level-who-strength = alpha-beta at strength { $strength } of 20
level-note = { $level }: { $who }, { $seconds } s a move.
level-note-elo = { $level }: { $who }, { $seconds } s a move, about { $elo } Elo in chess.
name-you = You
name-computer = Computer
name-player-n = Player { $n }
name-computer-n = Computer { $n }

## Status line
status-your-move = Your move ({ $side }).
status-your-move-check = Check! Your move ({ $side }).
status-your-move-threat = { $side } must answer a threat. Your move.
status-to-move = { $side } to move.
status-end-here = Click { $cell } again to end the move there, or go on.
status-to-move-check = Check! { $side } to move.
status-to-move-threat = { $side } must answer a threat.
status-paused = Paused: { $side } to move. Press Step or Resume.
status-review = Reviewing { $moves } (move { $n } of { $total }). ←/→ step, Esc returns to the game.
status-review-start = Reviewing the start ({ $total } moves). ←/→ step, Esc returns to the game.
status-counting = Counting: click the dead groups, then Accept (or Resume play).
count-accept = Accept
count-resume = Resume
count-mark-dead = Mark dead groups
count-score = Score: { $scores }
strip-more-moves = { $n } more…
forbidden-point = That point is forbidden for { $side }.
forbidden-point-because = That point is forbidden for { $side }: { $reason }.

## The computer thinking
thinking = { $who } is thinking…
thinking-eval = { $who } is thinking · { $eval }
thinking-details = Depth { $depth } · { $nodes } positions · { $line }
thinking-hint = Looking for a hint…
eval-equal = About equal ({ $score })
eval-better = { $side } is better ({ $score })
eval-winning = { $side } is winning ({ $score })
eval-wins-in = { $side } wins in { $n ->
    [one] 1 move
   *[other] { $n } moves
}

## Move entry
entry-placeholder = Type a move and press Enter
entry-placeholder-one = Type a move and press Enter, e.g. { $example }
entry-placeholder-two = Type a move and press Enter, e.g. { $standard } or { $coordinate }
entry-refused = Move refused: { $reason }
entry-not-your-turn = It is not your turn.

## Messages
nothing-to-undo = Nothing to undo.
nothing-to-redo = Nothing to redo.
no-hint = No hint: { $reason }
players-changed = Players changed; the game goes on.
cannot-change-players = Cannot change the players: { $reason }
cannot-keep-setting = Cannot keep the setting: { $reason }
cannot-start = Cannot start this game: { $reason }
sound-unavailable = Sound is unavailable: there is no audio device.
no-help = The rules plugin gave no help: { $reason }
saved-to = Saved to { $file }
save-failed = Cannot save to { $file }: { $reason }
save-need-name = Give the saved game a name.
loaded = Loaded { $file }
cannot-load = Cannot load { $file }: { $reason }
resumed = The game goes on where it was left.
copied-position = Position copied to the clipboard ({ $format }).
copied-record = Game record copied to the clipboard ({ $format }).
cannot-copy = Cannot copy: { $reason }
position-text = position text
paste-empty = The clipboard holds no text.
paste-refused = The clipboard holds no position this game reads: { $reason }
pasted = New game from the position on the clipboard.
clipboard = the clipboard

## Dialogs
new-game-title = New game
host-game-title = Host a game on the network
host-needs-you = A hosted game needs you in a seat: choose two people, or you against the computer.
no-games = No rules plugins were found.
form-players = Players
form-you-play = You play
form-computer-plays = { $side }: computer
form-clock = Time control
form-clock-note = Each side's time; the seconds are added after every move.
form-start = Start from
form-start-placeholder = the usual start position
form-start-note = Paste a position text (FEN for chess and xiangqi) to start from it.
form-find = Type to find a game
form-find-none = No game matches what you typed.
mode-people = Two people
mode-computer = You vs computer
mode-computers = Computers
clock-none = No clock
clock-preset = { $minutes } min + { $seconds } s
option-size = Board size
option-seed = Random seed
choice-on = On
choice-off = Off
# A choice of one option only: choice-<option>-<value> wins over choice-<value>.
save-title = Save the game
save-placeholder = a name for this game
save-where = Saved games go to { $dir }. Type a full path (/… or ~/…) to save elsewhere.
load-title = Load a game
load-folder = Saved games in { $dir }
load-none = No saved games yet. Save one with Save (Ctrl+S).
load-path = Or open a file:
load-path-placeholder = /path/to/game.toml
load-details = { $game } · { $players } · { $n ->
    [one] 1 move
   *[other] { $n } moves
} · { $result }
load-finished = finished
load-in-progress = in progress
load-unreadable = not a readable saved game
load-details-uncounted = { $game } · { $players } · { $result }
load-pgn-games = { $format } · { $n } games · first: { $players }
load-positions = { $format } · { $n } positions
load-record = { $format } record
games-title = { $n } games in { $source }
games-filter = Filter:
games-filter-placeholder = player, event, date or result
games-none = No game matches the filter.
pgn-no-games = it holds no game
pgn-refused = { $source }: { $reason }
pgn-loaded = Game { $number } loaded: { $players }, { $n } moves.
pgn-two-players = PGN games have two players: start a two-player game first
pgn-unfit = PGN holds games whose positions are FEN; save { $game } with a .toml name
players-title = Players
players-note = Who plays each side from here on; the game, its moves and the clocks go on.
players-kept = now { $who }; kept unless changed
players-calibrated = Calibrated
settings-title = Settings
settings-language = Language
settings-auto-flip = Your side at the bottom
settings-animate = Slide pieces
settings-replay = Replay, per move
settings-coordinates = Coordinates
settings-board-theme = Board
settings-piece-set = Pieces
theme-game = The game's
theme-wood = Wood
theme-slate = Slate
theme-high-contrast = High contrast
pieces-game = The game's
pieces-discs = Discs
pieces-high-contrast = High contrast
premove-set = Premove set: it is played when your turn comes, if it is legal then (Esc cancels).
premove-cancelled = Premove cancelled.
premove-dropped = The premove is not legal now: it was dropped.
button-offer-draw = Offer draw
draw-offered = Draw offered: the computer is thinking about it…
draw-accepted = The computer accepted the draw.
draw-declined = The computer declined the draw (it rates the position { $score } in its favour).
draw-declined-no-answer = The computer declined the draw.
language-auto = System
replay-speed = { $seconds } s
quit-question = A game is in progress. Quit anyway? (It will be offered again at the next start.)
resign-question = Resign this game?
resume-question = A game was in progress when Tabula last closed: { $game }. Resume it?
resume-description = { $game }, { $players }, { $n ->
    [one] 1 move
   *[other] { $n } moves
}
promote-to = Promote to
choose-move = Which move?
help-title = How to play { $game }
help-scroll = Lines { $first }–{ $last } of { $total }: scroll with the wheel or the arrow keys
help-marks = MARKS ON THE BOARD
    Yellow squares or orange corner brackets: the last move. A red dot on a stone: the last stone placed.
    A red glow and ring: a king (general) in check.
    Green dots and rings: where the next click may go; the cells already clicked are tinted, and numbered when there are several. A double yellow ring: the move may end there (click it again) or go on. Esc or a right click takes the last click back. On boards of several levels, faint dots show where the piece under the pointer could go.
    A red cross: a point the side to move may not play (renju's forbidden points); clicking it says why.
    A green ring: the winning line. A blue arrow or ring: the hint.
help-keys = KEYS
    Enter: type a move (either notation). ←/→: step through the moves; Home/End: first/last; the mouse wheel over the board does the same. Esc: back to the game.
    Ctrl+N new game, Ctrl+Z (Backspace) undo, Ctrl+Y redo, H hint, Ctrl+S save, Ctrl+O load, F flip, P pause, Space step, R replay, M sound, F1 help, Ctrl+G network, Ctrl+Q quit.
    Ctrl+C copies the position, Ctrl+Shift+C the game record (PGN for chess); Ctrl+V starts from a pasted position.

## The board editor
button-edit = Edit board
editor-title = Board editor: { $game }
editor-copy = Copy text
editor-paste = Paste text
editor-play = Play from here
editor-close = Close
editor-erase = Erase
editor-clear = Clear board
editor-start = Start position
editor-side = Side to move
editor-hand-less = − in hand
editor-hand-more = + in hand
editor-text = Position text ({ $format }); click to type
editor-refused = Not a legal position: { $reason }
editor-accepted = Legal position, { $side } to move.
editor-text-only = Clicks cannot write this game's position text: edit the text.
editor-read-differently = The rules read this text differently from the board as clicked.
editor-not-online = The board editor is not available in a network game.
editor-cannot-open = Cannot open the board editor: { $reason }
editor-clipboard-failed = Cannot use the clipboard: { $reason }
## Network game notes
net-asked-undo = Asked to take back
net-asked-new-game = Asked for a new game
net-offered-draw = Offered a draw
net-no-hints = No hints in a network game
net-not-available = Not available in a network game
save-name-versus = vs

## Analysis mode
button-analysis = Analysis
analysis-analyser = Analyser: { $name } ▸
analysis-none = no analyser
analysis-lines = { $n ->
    [one] { $n } line
   *[other] { $n } lines
}
analysis-max-depth = depth { $n }
analysis-close = Close
analysis-arrow = Arrow
analysis-game = Analyse game
analysis-add-engine = Add engine…
analysis-thinking = thinking…
analysis-depth = depth { $depth }
analysis-mate = { $side } mates in { $n }
analysis-refused = This game hides information or is played online: it cannot be analysed here.
analysis-cannot-analyse = { $protocol } engines cannot analyse (the protocol has no analysis); seat them as players instead.
engine-title = Add an engine
engine-path = Program (path and arguments)
engine-name = Name (the program's if empty)
engine-protocol = Protocol
engine-options = Options (one name=value a line)
engine-checking = Starting the engine…
engine-add = Check and add
engine-added = Engine { $name } added.
engine-error-protocol = Unknown protocol '{ $protocol }'.
engine-error-path = Type the engine's program (its path).
engine-error-option = Options, line { $line }: '{ $text }' is not name=value.
engine-error-name = An engine named { $name } exists already.
engine-error-start = The engine failed: { $reason }
## The Network dialog (join or host a game)
lobby-title = Network
lobby-tab-join = Join a game
lobby-tab-host = Host a game
lobby-your-name = Your name
lobby-password = Password
lobby-password-join = for a private game
lobby-password-host = optional
lobby-waiting = Games waiting for a player:
lobby-looking = Looking on the local network… (or type a server below)
lobby-scan-failed = { $error }; type a server below
lobby-server = Server
lobby-find = Find games
lobby-host-port = host:port
lobby-host-text = Choose the game, its rules, your side, a computer opponent if you like, and the clock; the game is then announced on the local network, and others join it from Join a game, or by this computer's address and port { $port }.
lobby-choose-game = Choose the game…
lobby-needs-password = This game needs its password: type it in Password first
lobby-none-there = { $addr }: no game waiting there (or no server answered)
lobby-found = { $addr }: { $count ->
    [one] one game waiting
   *[other] { $count } games waiting
}
lobby-cannot-host = cannot host: { $reason }
lobby-nobody-yet = nobody yet
lobby-game-with = { $title } with { $who }
lobby-with-password = password
lobby-encrypted = encrypted
## The network strip and the notes of a network game
net-encrypted-new = encrypted; new certificate SHA-256 { $fingerprint } (remembered)
net-encrypted-known = encrypted; certificate { $fingerprint }…
net-encrypted = encrypted
net-not-encrypted = not encrypted
net-you = (you)
net-away = (away)
net-free-seat = (waiting…)
net-online = online: { $addr }
net-waiting-for = { $count ->
    [one] waiting for a player
   *[other] waiting for { $count } players
}
net-link-down = connection lost { $seconds } s ago — reconnecting
net-away-clock-runs = { $name } left { $ago } ago: their clock runs on
net-away-game-waits = { $name } left { $ago } ago: the game waits for them
net-accept = Accept
net-decline = Decline
net-offer-draw = Offer draw
net-chat = Chat
net-send = Send
net-say = say: { $text }
net-asks = { $name } asks { $kind ->
    [undo] to take back
    [new] for a new game
   *[draw] for a draw
}:
net-you-asked = you asked { $kind ->
    [undo] to take back
    [new] for a new game
   *[draw] for a draw
}
net-answered = { $name } { $answer ->
    [yes] accepts
   *[no] declines
} { $kind ->
    [undo] the take-back
    [new] the new game
   *[draw] the draw
}
net-not-sent = the message could not be sent
net-lost = connection lost ({ $reason }); reconnecting
net-reconnected = reconnected
net-room-full = Every seat is taken: the game is on
net-joined = A player joined
net-is-back = { $name } is back
net-left = { $name } left the game
net-seat = Seat { $number }
## Engines dialog (added engines: edit, remove)
analysis-engines = Engines…
engines-title = Engines
engines-none = No engines added yet: add one with Add engine…
engines-edit = Edit
engines-remove = Remove
engines-keep = Keep
engines-remove-ask = Remove { $name }? Saved games that seat it keep their own copy.
engines-more = … and { $n } more
engines-plays-only = plays only (its protocol cannot analyse)
engine-edit-title = Edit { $name }
engine-save = Check and save
engine-saved = Engine { $name } saved.
engine-removed = Engine { $name } removed.
engine-added-plays = Engine { $name } added: it can be seated in New game; its protocol cannot analyse.
engine-not-added = { $name } is not an added engine: the game keeps its own { $program }
## A network opponent who left: claim the win or abort
net-away-claim-in = { $name } left { $ago } ago: you may claim the win or abort in { $left }
net-away-claim-now = { $name } left { $ago } ago: claim the win, abort, or wait for them
net-claim-win = Claim win
net-abort = Abort
net-claimed-win = you claimed the win
net-aborted = you aborted the game
result-aborted = Game aborted
button-claim-draw = Claim draw
status-may-claim = A draw may be claimed: { $reason }.
claimed-draw-reason = { $reason }, claimed
positions-title = { $n } positions in { $source }
epd-no-positions = it holds no position
epd-refused = { $source }, line { $line }: { $reason }
epd-loaded = Position { $id } set up. { $operations }
epd-unfit = EPD and FEN hold positions of games whose positions are FEN; save { $game } with a .toml name
sgf-no-rules = GM[{ $gm }] is no game Tabula reads from SGF
sgf-loaded = { $game } loaded from SGF: { $n } moves.
sgf-left-out = Only the main line is kept: { $comments } comments and { $variations } variations are not.
sgf-unfit = SGF holds games of placements on a grid and passes; save { $game } with a .toml name
pdn-unfit = PDN holds draughts games; save { $game } with a .toml name
positions-filter-placeholder = id, best move or comment
