# A gomill ringmaster playoff (a GTP controller independent of Tabula):
# `tabula gtp` against GNU Go, both scored by their own final_score.
# Paths are relative to this file; see docs/PROTOCOLS.md for the command.
competition_type = 'playoff'

TABULA = '../../target/release/tabula'
GNUGO = '/usr/games/gnugo --mode gtp --chinese-rules --capture-all-dead --level 1'

players = {
    'gnugo-l1': Player(GNUGO),
    'tabula-alphabeta': Player(TABULA + ' gtp --rules go --ai alphabeta --time-ms 300'),
    'tabula-greedy': Player(TABULA + ' gtp --rules go --ai greedy --time-ms 100'),
}

komi = 7.5
move_limit = 1500
record_games = True
stderr_to_log = True

matchups = [
    Matchup('tabula-alphabeta', 'gnugo-l1', board_size=9, alternating=True,
            scorer='players', number_of_games=10),
    Matchup('tabula-greedy', 'gnugo-l1', board_size=13, handicap=2, handicap_style='fixed', komi=0.5,
            scorer='players', number_of_games=4),
    Matchup('tabula-greedy', 'gnugo-l1', board_size=19, alternating=True,
            scorer='players', number_of_games=2),
]
