#!/usr/bin/env python3
"""Cross-checks Tabula's phantom tic-tac-toe against OpenSpiel, move by move.

Usage:
    phantomttt_reference.py --tabula PATH [--games N] [--seed N]

The reference is OpenSpiel's `phantom_ttt` (`import pyspiel`), its default
classical version: a move onto a cell the opponent holds is refused, the
mover sees that mark from then on and moves again. An OpenSpiel action is
a cell numbered from the top left row by row; Tabula names cells a1 (bottom
left) to c3 (`b2`). OpenSpiel's observation of a player is the board as
that player sees it, rows from the top with `x`, `o` and `.`: the first
field of Tabula's view text (`tabula view --player x`), with `/` between
rows.

Seeded random games are played in OpenSpiel. At every position (the start
plus the moves tried, refused tries included) one `tabula moves` batch
process must list OpenSpiel's legal moves, and one `tabula view` batch
process per player must show that player OpenSpiel's observation. At the
end `tabula position` must give OpenSpiel's result (three in a row for the
same player, or a draw on a full board).

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 OpenSpiel is missing or the run could not be done.
"""

import argparse
import random
import subprocess
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
except ImportError:
    print("phantomttt reference: OpenSpiel is missing; install it with `python3 -m pip install open_spiel`",
          file=sys.stderr)
    sys.exit(2)

PLAYERS = ["x", "o"]


def cell_name(action):
    """OpenSpiel's action (row from the top, then column) as a1..c3."""
    row, col = divmod(action, 3)
    return "abc"[col] + str(3 - row)


def views(binary, player, lines):
    """Each line's view text for `player`, from one `tabula view` process."""
    run = subprocess.run(
        [binary, "view", "--rules", "phantomttt", "--player", player],
        input="\n".join(lines) + "\n", capture_output=True, text=True,
    )
    out = run.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if len(out) != len(lines):
        raise SystemExit(f"phantomttt reference: tabula view answered {len(out)} lines for {len(lines)} "
                         f"(exit {run.returncode}): {run.stderr.strip()[:500]}")
    return out


def play_game(game, rng):
    """(positions, result): each position's moves so far, legal moves and
    both observations, then the final returns."""
    state = game.new_initial_state()
    moves, positions = [], []
    while True:
        legal = [] if state.is_terminal() else sorted(cell_name(a) for a in state.legal_actions())
        seen = [state.observation_string(p).replace("\n", "/") for p in range(2)]
        positions.append((list(moves), legal, seen))
        if state.is_terminal():
            return positions, state.returns()
        action = rng.choice(state.legal_actions())
        moves.append(cell_name(action))
        mover = state.current_player()
        state.apply_action(action)
        if not state.is_terminal() and state.current_player() == mover:
            play_game.refused += 1


play_game.refused = 0


def expected_status(returns):
    if returns[0] > 0:
        return ("win", "x")
    if returns[1] > 0:
        return ("win", "o")
    return ("draw", None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabula", required=True)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("phantom_ttt")
    rng = random.Random(args.seed)
    tabula = Tabula(args.tabula, "phantomttt")
    games = [play_game(game, rng) for _ in range(args.games)]
    lines = [("moves " + " ".join(m)) if m else "" for positions, _ in games for (m, _, _) in positions]
    legal_lines = tabula.batch(lines)
    seen_lines = [views(args.tabula, p, lines) for p in PLAYERS]
    mismatches = []
    i = 0
    for g, (positions, returns) in enumerate(games):
        for moves, legal, seen in positions:
            got = sorted(legal_lines[i].split())
            if got != legal:
                mismatches.append(f"game {g} after '{' '.join(moves)}': moves {got}, OpenSpiel {legal}")
            for p in range(2):
                view = seen_lines[p][i].split(" ")[0]
                if view != seen[p]:
                    mismatches.append(f"game {g} after '{' '.join(moves)}': {PLAYERS[p]} sees {view}, "
                                      f"OpenSpiel {seen[p]}")
            i += 1
        final = positions[-1][0]
        _, status = tabula.position(".../.../...", final)
        parsed = parse_tabula_status(status or "")
        if parsed is None or parsed[:2] != expected_status(returns):
            mismatches.append(f"game {g} after '{' '.join(final)}': {status}, OpenSpiel returns {returns}")
    total = len(lines)
    if mismatches:
        print(f"phantomttt reference: {len(mismatches)} mismatches over {args.games} games, {total} positions")
        for m in mismatches[:5]:
            print("  " + m)
        return 1
    print(f"phantomttt reference: no mismatch over {args.games} games, {total} positions "
          f"(legal moves and both players' views) with {play_game.refused} refused tries, {args.games} results "
          f"[{tabula.processes + 2} tabula processes]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
