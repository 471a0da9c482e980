#!/usr/bin/env python3
"""Cross-checks Tabula's Othello against OpenSpiel's `othello` (pyspiel),
move by move, and perft against both OpenSpiel and the published table.

Usage:
    othello_reference.py --tabula PATH [--seed N] [--games N] [--perft-depth D]
    othello_reference.py --emit-perft N [--seed N]

`--emit-perft N` prints N perft-file lines (plugins/othello/tests/data/perft.epd)
for positions of random OpenSpiel games a few plies before a forced pass
or the end, with counts by a perft over OpenSpiel.

OpenSpiel's rules are the same as the WOF rules Tabula follows: the
standard start (White d4 e5, Black e4 d5, Black first), flips in eight
directions, a forced pass (its action 64, written `pass`) when the mover
has no square and the opponent has one, the end when neither can move and
the winner by the disc count. OpenSpiel names squares like WOF (`d3`, row 1
at the top), so its action strings compare as they are. One difference is
not compared but stated: OpenSpiel's returns are +1/-1/0 and it gives no
count; Tabula's result text adds the empty squares to the winner (the WOC
count), which `tabula position` does not print.

The script plays seeded random games in OpenSpiel and, for every position,
asks one `tabula moves --rules othello` batch process for the legal moves
twice: as the start position plus the moves played, and from the position
text written here from OpenSpiel's board. `tabula position` gives the text
and the status at the end of every game and at one random position of it.
`tabula perft` is compared with a perft over OpenSpiel (passes are plies,
a finished game counts 0 deeper) from the start and from positions of the
games where a pass or the end is near.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the reference is missing or the run could not be done.
"""

import argparse
import random
import subprocess
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
except ImportError:
    print("othello reference: OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
    sys.exit(2)

PASS = 64
# Published perft of the start position (Aart Bik, "Perft for Reversi",
# 2009); up to depth 10 no game has ended, so no convention matters there.
PUBLISHED = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216}


def text_of(state):
    """Tabula's position text for an OpenSpiel state: 64 squares a1..h8
    (rows from the top) as X, O or -, then the side to move."""
    rows = [line.split()[1:9] for line in str(state).split("\n") if line[:1].isdigit()]
    if len(rows) != 8:
        raise SystemExit(f"othello reference: cannot read OpenSpiel's board:\n{state}")
    cells = "".join({"x": "X", "o": "O", "-": "-"}[c] for row in rows for c in row)
    # OpenSpiel has no player to move at the end; Tabula's text keeps the
    # next one (passes are moves in both histories).
    black = state.current_player() == 0 if not state.is_terminal() else len(state.history()) % 2 == 0
    return cells + (" X" if black else " O")


def tabula_perft(binary, text, depth):
    """`tabula perft` from a position text (given as `--position=TEXT`: the
    text may begin with '-')."""
    args = [binary, "perft", "--rules", "othello", "--depth", str(depth), f"--position={text}"]
    run = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    first = run.stdout.split("\n")[0].strip()
    return int(first) if run.returncode == 0 and first.isdigit() else f"failed: {(run.stdout + run.stderr)[:300]}"


def legal(state):
    if state.is_terminal():
        return []
    return [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]


def status(state):
    if not state.is_terminal():
        return ("ongoing", None, None)
    black, white = state.returns()
    if black > white:
        return ("win", "black", "more discs")
    if white > black:
        return ("win", "white", "more discs")
    return ("draw", None, "equal discs")


def final_reason(text, outcome):
    """The reason Tabula gives at the end, from the final board: the
    winner's count with the empty squares (the WOC count) and, when there
    were empty squares, the count on the board (`white wins 36–28 (34–28
    on the board)`)."""
    board = text.split()[0]
    black, white = board.count("X"), board.count("O")
    empty = len(board) - black - white
    if outcome == "draw":
        counted = black + empty // 2
        head = f"draw {counted}\u2013{counted}"
        first, second = black, white
    elif outcome == "black":
        head = f"black wins {black + empty}\u2013{white}"
        first, second = black, white
    else:
        head = f"white wins {white + empty}\u2013{black}"
        first, second = white, black
    return head + (f" ({first}\u2013{second} on the board)" if empty else "")


def play_game(game, rng):
    """A random game: its moves (strings) and, for each prefix, the
    reference's legal moves, text and status; and the states themselves."""
    state = game.new_initial_state()
    moves, seen, states = [], [], []
    while True:
        seen.append((legal(state), text_of(state), status(state)))
        states.append(state.clone())
        if state.is_terminal():
            return moves, seen, states
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def compare_moves(tabula, games, mismatches):
    lines, expected = [], []
    for moves, seen, _ in games:
        for k, (moves_here, text, _) in enumerate(seen):
            played = f"moves {' '.join(moves[:k])}" if k else ""
            where = f"after {k} moves (... {' '.join(moves[max(0, k - 4):k])})"
            lines += [played, text]
            expected += [(moves_here, where)] * 2
    answers = tabula.batch(lines)
    for line, answer, (moves_here, where) in zip(lines, answers, expected):
        got = answer.split()
        if sorted(got) != sorted(moves_here):
            extra, missing = sorted(set(got) - set(moves_here)), sorted(set(moves_here) - set(got))
            mismatches.append(f"legal moves {where} (asked as '{line[:70]}'): extra {extra}, missing {missing}")
    return len(lines)


def compare_positions(tabula, games, rng, mismatches):
    for moves, seen, _ in games:
        for k in sorted({len(moves), rng.randrange(len(moves))}):
            _, text, want = seen[k]
            got_text, got_status = tabula.position("", moves[:k]) if k else tabula.position("", [])
            if want[0] != "ongoing":
                want = (want[0], want[1], final_reason(text, want[1] or "draw"))
            if got_text != text or parse_tabula_status(got_status or "") != want:
                mismatches.append(
                    f"after {k} moves (... {' '.join(moves[max(0, k - 4):k])}): "
                    f"tabula '{got_text}' / '{got_status}', reference '{text}' / {want}"
                )


def compare_perft(tabula, game, games, depth, mismatches):
    """Perft from the start (and the published table) and from positions
    a few plies before a pass or the end of a game."""
    checked = 0
    start = game.new_initial_state()
    for d in range(1, depth + 1):
        want = perft(start, d)
        if d in PUBLISHED and want != PUBLISHED[d]:
            mismatches.append(f"OpenSpiel's perft {d} of the start is {want}, the published table says {PUBLISHED[d]}")
        got = tabula_perft(tabula.binary, text_of(start), d)
        checked += 1
        if got != want:
            mismatches.append(f"perft {d} of the start: tabula {got}, reference {want}")
    for moves, seen, states in games:
        passes = [k for k, (m, _, _) in enumerate(seen) if m == ["pass"]]
        for k in passes[:1] + [len(states) - 1]:
            at = max(0, k - 3)
            want = perft(states[at], 4)
            got = tabula_perft(tabula.binary, seen[at][1], 4)
            checked += 1
            if got != want:
                mismatches.append(f"perft 4 of '{seen[at][1]}': tabula {got}, reference {want}")
    return checked


def emit_perft(game, rng, wanted):
    """Perft-file lines for positions shortly before a pass or the end."""
    lines = []
    while len(lines) < wanted:
        _, seen, states = play_game(game, rng)
        passes = [k for k, (m, _, _) in enumerate(seen) if m == ["pass"]]
        for k, why in [(k, "a pass within the depth") for k in passes[:1]] + [(len(states) - 1, "the end within the depth")]:
            at = max(0, k - 4)
            counts = [perft(states[at], d) for d in range(1, 6)]
            fields = " ".join(f";D{d} {n}" for d, n in enumerate(counts, 1))
            lines.append(f"{seen[at][1]} {fields} ;id {why}")
    for line in lines[:wanted]:
        print(line)


def main():
    if "--emit-perft" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--emit-perft", type=int, required=True)
        ap.add_argument("--seed", type=int, default=5)
        args = ap.parse_args()
        emit_perft(pyspiel.load_game("othello"), random.Random(args.seed), args.emit_perft)
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--perft-depth", type=int, default=6)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game("othello")
    games = [play_game(game, rng) for _ in range(args.games)]

    tabula = Tabula(args.tabula, "othello")
    mismatches = []
    positions = compare_moves(tabula, games, mismatches)
    compare_positions(tabula, games, rng, mismatches)
    perfts = compare_perft(tabula, game, games, args.perft_depth, mismatches)

    passes = sum(seen_moves == ["pass"] for _, seen, _ in games for seen_moves, _, _ in seen)
    results = {}
    for _, seen, _ in games:
        kind, winner, _ = seen[-1][2]
        results[winner or kind] = results.get(winner or kind, 0) + 1
    print(f"othello reference: {args.games} games, {positions} positions, {passes} passes, "
          f"{perfts} perft counts, results {dict(sorted(results.items()))}")
    if mismatches:
        print(f"othello reference: {len(mismatches)} mismatches, the first ones:")
        for m in mismatches[:8]:
            print("  " + m)
        return 1
    print("othello reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
