#!/usr/bin/env python3
"""Cross-checks Tabula's connect four against OpenSpiel, move by move.

Usage:
    connectfour_reference.py --tabula PATH [--games N] [--seed N]
                             [--sizes 7x6,6x5,...] [--perft-depth D]
    connectfour_reference.py --emit-perft FILE [--seed N]

The reference is OpenSpiel's `connect_four` (`import pyspiel`) with its
`columns` and `rows` parameters set to each board size. An OpenSpiel action
is a column from 0; Tabula's coordinate notation is the column's number from
1 (`4`). OpenSpiel's board text lists the rows from the top with `x` (the
first player, Tabula's red `r`) and `o` (yellow `y`).

For each size: perft from the start and from random positions against
`tabula perft`; then seeded random games, where every position is asked of
one `tabula moves` batch process as the start plus the moves played and as
the position text made from OpenSpiel's board; both must equal OpenSpiel's
legal moves (none once the game is over). At the end `tabula position` must
give the same text and the same result (a win for the same player, or a
draw on a full board).

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 OpenSpiel is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
except ImportError:
    print("connectfour reference: OpenSpiel is missing; install it with `python3 -m pip install open_spiel`",
          file=sys.stderr)
    sys.exit(2)

SIZES = ["7x6", "6x5", "6x7", "7x7", "8x7"]
PLAYERS = ["red", "yellow"]


def load(size):
    columns, rows = (int(n) for n in size.split("x"))
    return pyspiel.load_game("connect_four", {"columns": columns, "rows": rows})


def tabula_text(state):
    rows = [r.replace("x", "r").replace("o", "y") for r in str(state).strip().split("\n")]
    red = sum(r.count("r") for r in rows)
    yellow = sum(r.count("y") for r in rows)
    return f"{'/'.join(rows)} {'r' if red == yellow else 'y'}"


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def random_state(game, rng, plies):
    """A state after `plies` random moves that is not over (several tries)."""
    while True:
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return state


def expected_status(state):
    if not state.is_terminal():
        return ("ongoing", None)
    returns = state.returns()
    if returns[0] == returns[1]:
        return ("draw", None)
    return ("win", PLAYERS[0] if returns[0] > 0 else PLAYERS[1])


def play_game(game, rng, tab, label, report):
    state, played, records = game.new_initial_state(), [], []
    while True:
        legal = [] if state.is_terminal() else sorted(str(a + 1) for a in state.legal_actions())
        records.append((list(played), tabula_text(state), legal))
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        played.append(str(action + 1))
        state.apply_action(action)
    start = tabula_text(game.new_initial_state())
    lines = []
    for history, text, _ in records:
        lines.append(f"{start} moves {' '.join(history)}" if history else start)
        lines.append(text)
    answers = tab.batch(lines)
    for i, (history, text, want) in enumerate(records):
        for got, how in ((answers[2 * i], "after the moves"), (answers[2 * i + 1], "from the text")):
            if sorted(got.split()) != want:
                report(f"{label}: {text} ({how} {' '.join(history)}): tabula {got!r}, openspiel {want}")
                return len(records)
    text, status = tab.position(start, played)
    kind, winner = expected_status(state)
    got = parse_tabula_status(status or "")
    if text != records[-1][1]:
        report(f"{label}: position text {text!r}, openspiel {records[-1][1]!r}")
    elif got is None or got[0] != kind or (kind == "win" and got[1] != winner):
        report(f"{label}: {text}: tabula '{status}', openspiel {kind} {winner or ''}")
    elif kind == "draw" and got[2] != "board full":
        report(f"{label}: a draw for '{got[2]}', not a full board")
    return len(records)


def emit_perft(path, seed):
    rng = random.Random(seed)
    game = load("7x6")
    lines = ["# Connect four perft: move paths of exactly D plies (a won or full board",
             "# has no moves). Counts from OpenSpiel's connect_four, written by",
             "# tests/reference/connectfour_reference.py --emit-perft."]
    start = game.new_initial_state()
    counts = " ".join(f";D{d} {perft(start, d)}" for d in range(1, 9))
    lines.append(f"{tabula_text(start)} ;id start {counts}")
    for plies in (8, 14, 20, 27, 35):
        state = random_state(game, rng, plies)
        counts = " ".join(f";D{d} {perft(state, d)}" for d in range(1, 7))
        lines.append(f"{tabula_text(state)} ;id random {plies} plies {counts}")
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if state.returns()[0] != state.returns()[1]:
            break
    lines.append(f"{tabula_text(state)} ;id won ;D1 0 ;D2 0")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"connectfour reference: wrote {len(lines) - 3} perft positions to {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--perft-depth", type=int, default=6)
    ap.add_argument("--emit-perft")
    args = ap.parse_args()
    if args.emit_perft:
        emit_perft(args.emit_perft, args.seed)
        return
    if not args.tabula:
        ap.error("--tabula is required")
    mismatches = []

    def report(what):
        mismatches.append(what)
        if len(mismatches) <= 8:
            print("MISMATCH", what, flush=True)

    positions = perfts = games = 0
    for size in args.sizes.split(","):
        game = load(size)
        rng = random.Random(f"{args.seed}:{size}")
        tab = Tabula(args.tabula, "connectfour", [f"size={size}"])
        starts = [game.new_initial_state()] + [random_state(game, rng, rng.randrange(4, 30)) for _ in range(3)]
        for i, state in enumerate(starts):
            depth = args.perft_depth if i == 0 else min(args.perft_depth, 5)
            for d in range(1, depth + 1):
                ours, theirs = tab.perft(tabula_text(state), d), perft(state, d)
                perfts += 1
                if ours != theirs:
                    report(f"{size}: perft {d} from {tabula_text(state)}: tabula {ours}, openspiel {theirs}")
        for g in range(args.games):
            positions += play_game(game, rng, tab, f"{size} game {g}", report)
            games += 1
    summary = f"{games} games, {positions} positions, {perfts} perft counts"
    if mismatches:
        print(f"connectfour reference: {len(mismatches)} mismatches ({summary})")
        sys.exit(1)
    print(f"connectfour reference: no mismatch ({summary})")


if __name__ == "__main__":
    main()
