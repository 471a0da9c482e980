#!/usr/bin/env python3
"""Cross-checks Tabula's amazons against OpenSpiel, move by move.

Usage:
    amazons_reference.py --tabula PATH [--games N] [--seed N]
                         [--perft-depth D] [--perft-positions N]
    amazons_reference.py --emit-perft FILE [--seed N]

The reference is OpenSpiel's `amazons` (`import pyspiel`). There a move is
three actions of the same player: the amazon, her destination and the
arrow, each a square numbered row by row from the top left (a10 is 0, j1 is
99). Tabula's move is all three at once, written `d1d7g7` in coordinate
notation; the script walks the three steps to list every whole move.
OpenSpiel's board text shows White's amazons (the first player) as `X`,
Black's as `O` and arrows as `#`.

Perft from the start and from random positions is compared with
`tabula perft`. Then, for each seeded random game, every position is asked
of one `tabula moves` batch process as the start plus the moves played and
as the position text made from OpenSpiel's board; both must equal
OpenSpiel's whole moves (none once a player cannot move). At the end
`tabula position` must give the same text and the same winner.

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
    print("amazons reference: OpenSpiel is missing; install it with `python3 -m pip install open_spiel`",
          file=sys.stderr)
    sys.exit(2)

GAME = pyspiel.load_game("amazons")
PLAYERS = ["white", "black"]


def name(action):
    row, column = divmod(action, 10)
    return f"{'abcdefghij'[column]}{10 - row}"


def tabula_text(state):
    ranks, arrows = [], 0
    for row in str(state).strip().split("\n"):
        out, empty = "", 0
        for ch in row:
            if ch == ".":
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += {"X": "w", "O": "b", "#": "x"}[ch]
            arrows += ch == "#"
        ranks.append(out + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {'wb'[arrows % 2]}"


def whole_moves(state):
    """[(coordinate notation, from, to, arrow)] of the player to move."""
    out = []
    if state.is_terminal():
        return out
    for a in state.legal_actions():
        amazon = state.child(a)
        for b in amazon.legal_actions():
            moved = amazon.child(b)
            for c in moved.legal_actions():
                out.append((name(a) + name(b) + name(c), a, b, c))
    return out


def play(state, move):
    _, a, b, c = move
    for action in (a, b, c):
        state.apply_action(action)


def perft(state, depth):
    if state.is_terminal():
        return 0
    if depth == 1:
        total = 0
        for a in state.legal_actions():
            amazon = state.child(a)
            for b in amazon.legal_actions():
                total += len(amazon.child(b).legal_actions())
        return total
    total = 0
    for move in whole_moves(state):
        child = state.clone()
        play(child, move)
        total += perft(child, depth - 1)
    return total


def random_move(rng, state):
    """A random whole move, drawn as OpenSpiel's random games draw it: an
    amazon, then her destination, then the arrow."""
    child, parts = state.clone(), []
    for _ in range(3):
        action = rng.choice(child.legal_actions())
        parts.append(action)
        child.apply_action(action)
    return ("".join(name(p) for p in parts), *parts)


def random_position(rng, plies):
    while True:
        state = GAME.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            play(state, random_move(rng, state))
        if not state.is_terminal():
            return state


def play_game(rng, tab, game, report):
    state, played, records = GAME.new_initial_state(), [], []
    while True:
        moves = whole_moves(state)
        records.append((list(played), tabula_text(state), sorted(m[0] for m in moves)))
        if state.is_terminal():
            break
        move = random_move(rng, state)
        played.append(move[0])
        play(state, move)
    start = tabula_text(GAME.new_initial_state())
    lines = []
    for history, text, _ in records:
        lines.append(f"{start} moves {' '.join(history)}" if history else start)
        lines.append(text)
    answers = tab.batch(lines)
    for i, (history, text, want) in enumerate(records):
        for got, how in ((answers[2 * i], "after the moves"), (answers[2 * i + 1], "from the text")):
            got = sorted(got.split())
            if got != want:
                extra, missing = sorted(set(got) - set(want))[:5], sorted(set(want) - set(got))[:5]
                report(f"game {game}: {text} ({how}): tabula {len(got)} moves, openspiel {len(want)}; "
                       f"only tabula {extra}, only openspiel {missing}")
                return len(records)
    text, status = tab.position(start, played)
    got = parse_tabula_status(status or "")
    returns = state.returns()
    winner = PLAYERS[0] if returns[0] > 0 else PLAYERS[1]
    if text != records[-1][1]:
        report(f"game {game}: position text {text!r}, openspiel {records[-1][1]!r}")
    elif got is None or got[0] != "win" or got[1] != winner:
        report(f"game {game}: {text}: tabula '{status}', openspiel: {winner} wins")
    return len(records)


def emit_perft(path, seed):
    rng = random.Random(seed)
    lines = ["# Amazons perft: whole moves (amazon, destination and arrow). Counts from",
             "# OpenSpiel's amazons, written by tests/reference/amazons_reference.py",
             "# --emit-perft. The start's 2,176 is also the count the literature gives."]
    start = GAME.new_initial_state()
    lines.append(f"{tabula_text(start)} ;id start ;D1 {perft(start, 1)} ;D2 {perft(start, 2)}")
    for plies in (10, 20, 30, 40, 50, 60):
        state = random_position(rng, plies)
        depth = 2 if plies >= 30 else 1
        counts = " ".join(f";D{d} {perft(state, d)}" for d in range(1, depth + 1))
        lines.append(f"{tabula_text(state)} ;id random {plies} moves {counts}")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"amazons reference: wrote {len(lines) - 3} perft positions to {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--perft-depth", type=int, default=2)
    ap.add_argument("--perft-positions", type=int, default=3)
    ap.add_argument("--emit-perft")
    args = ap.parse_args()
    if args.emit_perft:
        emit_perft(args.emit_perft, args.seed)
        return
    if not args.tabula:
        ap.error("--tabula is required")
    tab = Tabula(args.tabula, "amazons")
    rng = random.Random(args.seed)
    mismatches = []

    def report(what):
        mismatches.append(what)
        if len(mismatches) <= 8:
            print("MISMATCH", what, flush=True)

    perfts = 0
    start = GAME.new_initial_state()
    checks = [(start, args.perft_depth)]
    checks += [(random_position(rng, rng.randrange(20, 70)), args.perft_depth) for _ in range(args.perft_positions)]
    for state, depth in checks:
        for d in range(1, depth + 1):
            ours, theirs = tab.perft(tabula_text(state), d), perft(state, d)
            perfts += 1
            if ours != theirs:
                report(f"perft {d} from {tabula_text(state)}: tabula {ours}, openspiel {theirs}")
    positions = 0
    for game in range(args.games):
        positions += play_game(rng, tab, game, report)
    summary = f"{args.games} games, {positions} positions, {perfts} perft counts"
    if mismatches:
        print(f"amazons reference: {len(mismatches)} mismatches ({summary})")
        sys.exit(1)
    print(f"amazons reference: no mismatch ({summary})")


if __name__ == "__main__":
    main()
