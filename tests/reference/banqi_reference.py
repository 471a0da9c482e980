#!/usr/bin/env python3
"""Tabula's banqi against OpenSpiel's `banqi` (pyspiel).

Usage:
    banqi_reference.py --tabula PATH [--seed N] [--games N]
    banqi_reference.py --emit FILE [--seed N] [--games N]
    banqi_reference.py --emit-perft FILE [--seed N]

The script plays seeded random games in OpenSpiel: each chance outcome is
drawn with OpenSpiel's probabilities, each move uniformly from OpenSpiel's
legal actions. OpenSpiel's actions become Tabula's moves: Flip(r,c) is the
square (file c, rank 4-r: OpenSpiel's row 0 is our rank 4), Reveal:X is
`X@square` for the square just flipped, a move action 32+32*from+to is
`fromto`. With --tabula it compares, at every node of every game, the set
of legal moves (at chance nodes: the outcomes and their probabilities,
which `tabula moves` prints to six places) that `tabula moves` gives for
the moves played so far with OpenSpiel's; at the end of each game and
at a random node of it, `tabula position`'s text (built here from
OpenSpiel's board, the captures and the plies without progress) and its
status and winner with OpenSpiel's returns; and asks `tabula moves` again
from the text built here.

With --emit it writes one JSON line per node for the Rust test
(tests/reference_stratego_banqi.rs), which loads the plugin and compares
what the command line cannot show: each player's observation (OpenSpiel's
observation tensor decoded to a board: 14 piece planes, empty, face-down,
then the player to move) with the plugin's view of that player, the seat
each piece belongs to, and the chance outcomes with their probabilities.

With --emit-perft it writes plugins/banqi/tests/data/perft.txt: move
paths of exactly D plies counted by OpenSpiel (a chance outcome is a ply;
an ended game has no moves) from the start and from nodes of random games,
each with the position text built here.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the run could not be done (pyspiel missing).
"""

import argparse
import json
import random
import sys

try:
    import pyspiel
except ImportError:
    print("banqi_reference: pyspiel (OpenSpiel) is not installed: pip install open_spiel", file=sys.stderr)
    sys.exit(2)

from tabula_cli import Tabula, parse_tabula_status

FILES = "abcdefgh"
LETTERS = "GAERHCSgaerhcs"   # OpenSpiel's observation planes 0-13, in order
SET = {"G": 1, "A": 2, "E": 2, "R": 2, "H": 2, "C": 2, "S": 5}


def square(index):
    """OpenSpiel's square index r*8+c as Tabula's name."""
    r, c = divmod(index, 8)
    return f"{FILES[c]}{4 - r}"


def board_of(state):
    """OpenSpiel's board as its string shows it: 4 rows (top first) of 8."""
    return [row.split() for row in str(state).split("\n")[:4]]


def observed_board(state, player):
    """Player's observation tensor decoded: rows top first ('.', '?',
    letter), and the player to move it shows."""
    t = state.observation_tensor(player)
    rows = []
    for r in range(4):
        row = ""
        for c in range(8):
            planes = [p for p in range(16) if t[p * 32 + r * 8 + c] > 0.5]
            if len(planes) != 1:
                raise SystemExit(f"banqi_reference: square {square(r * 8 + c)} lies on planes {planes}")
            p = planes[0]
            row += LETTERS[p] if p < 14 else "." if p == 14 else "?"
        rows.append(row)
    mover = [i for i in (0, 1) if t[512 + i] > 0.5]
    return "/".join(rows), (mover[0] if len(mover) == 1 else None)


class Tracker:
    """What OpenSpiel's state string leaves out and Tabula's text says:
    the colour of the first seat, captures, plies without progress and
    the square being flipped."""

    def __init__(self):
        self.first = None
        self.captured = []
        self.quiet = 0
        self.flip = None
        self.seat = 0

    def apply(self, state, action):
        text = state.action_to_string(action)
        if state.is_chance_node():
            letter = text.split(":")[1]
            if self.first is None:
                red = letter.isupper()
                self.first = ("red" if red else "black") if self.seat == 0 else ("black" if red else "red")
            move = f"{letter}@{square(self.flip)}"
            self.flip = None
            self.seat = 1 - self.seat
            return move
        if action < 32:
            self.flip = action
            self.quiet = 0
            return square(action)
        fr, to = divmod(action - 32, 32)
        target = [x for row in board_of(state) for x in row][to]
        if target != ".":
            self.captured.append(target)
            self.quiet = 0
        else:
            self.quiet += 1
        self.seat = 1 - self.seat
        return square(fr) + square(to)

    def text(self, state):
        rows = "/".join("".join(row) for row in board_of(state))
        order = "GAERHCSgaerhcs"
        captured = "".join(sorted(self.captured, key=order.index)) or "-"
        out = f"{rows} {('first', 'second')[self.seat]} first={self.first or '-'} quiet={self.quiet} captured={captured}"
        if self.flip is not None:
            out += f" flip={square(self.flip)}"
        return out


def read_moves_line(line):
    """A `tabula moves` answer: (sorted moves, {move: probability} at a
    chance node, else None). A chance node is written
    `chance: N outcomes: M1 P1, M2 P2, ...` (probabilities to six places)."""
    if line.startswith("error"):
        return ["<" + line + ">"], None
    if line.startswith("chance: "):
        listed = line.split(" outcomes: ", 1)[1] if " outcomes: " in line else ""
        probabilities = {}
        for item in listed.split(", "):
            if item.strip():
                move, p = item.rsplit(" ", 1)
                probabilities[move] = float(p)
        return sorted(probabilities), probabilities
    return sorted(line.split()), None


def probabilities_differ(got, want):
    """Whether printed probabilities (six places) differ from exact ones."""
    return got is None or set(got) != set(want) or any(abs(got[m] - want[m]) > 1e-6 for m in want)


def legal_texts(state, tracker):
    if state.is_chance_node():
        return sorted(f"{state.action_to_string(a).split(':')[1]}@{square(tracker.flip)}"
                      for a, _ in state.chance_outcomes())
    out = []
    for a in state.legal_actions():
        if a < 32:
            out.append(square(a))
        else:
            fr, to = divmod(a - 32, 32)
            out.append(square(fr) + square(to))
    return sorted(out)


def openspiel_status(state):
    """('win', 'first'|'second', None), ('draw', None, None) or ongoing."""
    if not state.is_terminal():
        return ("ongoing", None, None)
    r = state.returns()
    if r[0] == r[1]:
        return ("draw", None, None)
    return ("win", "first" if r[0] > r[1] else "second", None)


def play_game(game, rng, on_node):
    """Plays one random game; on_node(state, tracker, played) at every node."""
    state = game.new_initial_state()
    tracker = Tracker()
    played = []
    while True:
        on_node(state, tracker, played)
        if state.is_terminal():
            return state, tracker, played
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        played.append(tracker.apply(state, action))
        state.apply_action(action)


def compare(tabula, game, rng, games, problems):
    nodes = 0
    for game_no in range(games):
        lines, expected, odds, checkpoints = [], [], [], []
        target = rng.randrange(1, 200)

        def on_node(state, tracker, played):
            lines.append("moves " + " ".join(played) if played else "")
            expected.append([] if state.is_terminal() else legal_texts(state, tracker))
            odds.append({f"{state.action_to_string(a).split(':')[1]}@{square(tracker.flip)}": p
                         for a, p in state.chance_outcomes()} if state.is_chance_node() else None)
            if len(played) == target:
                checkpoints.append((list(played), tracker.text(state), openspiel_status(state)))

        state, tracker, played = play_game(game, rng, on_node)
        checkpoints.append((played, tracker.text(state), openspiel_status(state)))
        for line, mine, want, theirs in zip(lines, expected, odds, tabula.batch(lines)):
            nodes += 1
            got, probabilities = read_moves_line(theirs)
            if got != mine:
                problems.append(f"game {game_no} after {line.count(' ')} moves: tabula has "
                                f"{sorted(set(got) - set(mine))[:8]}, OpenSpiel {sorted(set(mine) - set(got))[:8]}")
            elif want is not None and probabilities_differ(probabilities, want):
                problems.append(f"game {game_no} after {line.count(' ')} moves: chance {theirs[:200]}, OpenSpiel {want}")
        for moves, text, status in checkpoints:
            compare_text(tabula, game_no, moves, text, status, problems)
    return nodes


def compare_text(tabula, game_no, moves, text, status, problems):
    start = "????????/????????/????????/???????? first first=- quiet=0 captured=-"
    got, status_line = tabula.position(start, moves)
    if got is None:
        problems.append(f"game {game_no}: tabula position failed: {status_line}")
        return
    if got != text:
        problems.append(f"game {game_no} after {len(moves)} moves: text\n  tabula {got}\n  here   {text}")
    theirs = parse_tabula_status(status_line)
    if theirs is None or theirs[:2] != status[:2]:
        problems.append(f"game {game_no} after {len(moves)} moves: {status_line!r}, OpenSpiel {status}")
    if status[0] == "ongoing":
        again, _ = read_moves_line(tabula.batch([text])[0])
        mine, _ = read_moves_line(tabula.batch(["moves " + " ".join(moves) if moves else ""])[0])
        if again != mine:
            problems.append(f"game {game_no}: moves from the text {text} differ")


def emit(path, game, rng, games):
    count = 0
    with open(path, "w") as out:
        for _ in range(games):
            def on_node(state, tracker, played):
                nonlocal count
                views = []
                for player in (0, 1):
                    board, mover = observed_board(state, player)
                    views.append({"board": board, "mover": mover})
                chance = None
                if state.is_chance_node():
                    chance = {f"{state.action_to_string(a).split(':')[1]}@{square(tracker.flip)}": p
                              for a, p in state.chance_outcomes()}
                node = {"moves": list(played), "views": views, "chance": chance, "first": tracker.first,
                        "terminal": state.is_terminal(), "board": "/".join("".join(r) for r in board_of(state))}
                out.write(json.dumps(node) + "\n")
                count += 1

            play_game(game, rng, on_node)
    return count


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def emit_perft(path, game, rng):
    """Counts from the start and from nodes of three random games, deep
    enough to be telling and small enough for the test (under 2 million)."""
    cases = []

    def add(state, tracker, ident):
        counts = []
        for depth in range(1, 7):
            n = perft(state, depth)
            counts.append(n)
            if n > 300_000:
                break
        cases.append((tracker.text(state), ident, counts))

    add(game.new_initial_state(), Tracker(), "start")
    for game_no in range(3):
        for at in (20, 61, 140):
            def on_node(state, tracker, played, at=at):
                if len(played) == at and not state.is_terminal():
                    add(state.clone(), copy_tracker(tracker), f"game {game_no} after {at} moves")
            play_game(game, rng, on_node)
    with open(path, "w") as out:
        out.write("# Banqi perft: move paths of exactly D plies, a chance outcome counting as a ply\n"
                  "# (an ended game has no moves). Counts from OpenSpiel's banqi, written by\n"
                  "# tests/reference/banqi_reference.py --emit-perft.\n")
        for text, ident, counts in cases:
            out.write(f"{text} ;id {ident} " + " ".join(f";D{d + 1} {n}" for d, n in enumerate(counts)) + "\n")
    return len(cases)


def copy_tracker(tracker):
    t = Tracker()
    t.first, t.captured, t.quiet, t.flip, t.seat = tracker.first, list(tracker.captured), tracker.quiet, tracker.flip, tracker.seat
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--emit")
    ap.add_argument("--emit-perft")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args()
    game = pyspiel.load_game("banqi")
    rng = random.Random(args.seed)
    if args.emit_perft:
        n = emit_perft(args.emit_perft, game, rng)
        print(f"banqi reference: perft of {n} positions written to {args.emit_perft}")
        return 0
    if args.emit:
        n = emit(args.emit, game, rng, args.games)
        print(f"banqi reference: {n} nodes of {args.games} games written to {args.emit}")
        return 0
    if not args.tabula:
        print("banqi_reference: --tabula PATH or --emit FILE is required", file=sys.stderr)
        return 2
    tabula = Tabula(args.tabula, "banqi")
    problems = []
    nodes = compare(tabula, game, rng, args.games, problems)
    for p in problems[:5]:
        print(p)
    if problems:
        print(f"banqi reference: {len(problems)} mismatches in {nodes} nodes of {args.games} games")
        return 1
    print(f"banqi reference: no mismatch in {nodes} nodes of {args.games} games ({tabula.processes} tabula processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
