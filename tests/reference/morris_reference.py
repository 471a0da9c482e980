#!/usr/bin/env python3
"""Cross-checks Tabula's nine men's morris against OpenSpiel, move by move.

Usage:
    morris_reference.py --tabula PATH [--games N] [--seed N]
                        [--perft-depth D] [--perft-positions N]
    morris_reference.py --emit-perft FILE [--seed N]

The reference is OpenSpiel's `nine_mens_morris` (`import pyspiel`). There a
move that closes a mill is two actions of the same player (the placement or
move, then the point of the man removed); Tabula's move is both at once
(`d6xg7`, `a1a4xg7`), so every OpenSpiel action that leaves the same player
to move is followed by each of its removals to make Tabula's move list.
OpenSpiel numbers the points row by row from a7 (0) to g1 (23), the order of
Tabula's position text; moving actions are 24 + from * 24 + to.

The rules differ in one place, the draw: OpenSpiel draws every game at its
200th move (kMaxNumTurns) and knows no repetition; Tabula draws at the third
repetition of a position (men, men in hand, side to move) and after 100
plies with neither a placement nor a removal. This script keeps its own
count of both from OpenSpiel's states and expects Tabula's draw exactly
there; where OpenSpiel stops at move 200 and neither rule applies, Tabula
must still say the game goes on (counted as "OpenSpiel's limit").

For each seeded random game, every position is asked of one
`tabula moves` batch process twice: as the start plus the moves played,
and as the position text made from OpenSpiel's state (which has no
history: there only the counter rule applies). Both must equal OpenSpiel's
moves. At the end `tabula position` must give the same text and result.
Perft from the start and from random positions is compared too.

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
    print("morris reference: OpenSpiel is missing; install it with `python3 -m pip install open_spiel`",
          file=sys.stderr)
    sys.exit(2)

# OpenSpiel's point numbers, row by row from the top.
NAMES = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
         "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]
# Where OpenSpiel's ToString draws each point (row, column).
CHAR_AT = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0), (6, 2), (6, 4),
           (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7), (10, 12), (12, 0), (12, 7), (12, 14)]
ROWS = [3, 3, 3, 6, 3, 3, 3]
QUIET_LIMIT = 100
TURN_LIMIT = 200
PLAYERS = ["white", "black"]

GAME = pyspiel.load_game("nine_mens_morris")


def info(state):
    """(points 'w'/'b'/'.', side 0/1, men in hand, turn number) from OpenSpiel's text."""
    lines = str(state).split("\n")
    points = [lines[r][c].lower() for r, c in CHAR_AT]
    fields = {}
    for line in lines:
        if ": " in line:
            key, value = line.split(": ", 1)
            fields[key] = value
    hand = [int(x) for x in fields["Men to deploy"].split()]
    side = 0 if fields["Current player"] == "W" else 1
    return points, side, hand, int(fields["Turn number"])


def tabula_text(state, quiet):
    points, side, hand, _ = info(state)
    rows, i = [], 0
    for n in ROWS:
        rows.append("".join(points[i:i + n]))
        i += n
    return f"{'/'.join(rows)} {'wb'[side]} {hand[0]} {hand[1]} {quiet}"


def notate(action, removal):
    """Tabula's coordinate notation of an OpenSpiel action (and removal)."""
    if action < 24:
        text = NAMES[action]
    else:
        src, dst = divmod(action - 24, 24)
        text = NAMES[src] + NAMES[dst]
    return text + (f"x{NAMES[removal]}" if removal is not None else "")


def full_moves(state):
    """[(notation, state after, irreversible)] for every whole move."""
    me = state.current_player()
    out = []
    for action in state.legal_actions():
        child = state.child(action)
        if not child.is_terminal() and child.current_player() == me:
            for removal in child.legal_actions():
                out.append((notate(action, removal), child.child(removal), True))
        else:
            out.append((notate(action, None), child, action < 24))
    return out


def sample(rng, state, moves):
    """A random move drawn as OpenSpiel's own random games draw it: an
    action, then (after a mill) a removal; whole moves that close mills
    are then no likelier than others, and games run longer."""
    action = rng.choice(state.legal_actions())
    prefix = notate(action, None)
    choices = [m for m in moves if m[0] == prefix or m[0].startswith(prefix + "x")]
    return rng.choice(choices)


def perft(state, depth):
    if state.is_terminal():
        return 0
    moves = full_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(child, depth - 1) for _, child, _ in moves)


def random_positions(rng, count, max_turns=120):
    """OpenSpiel states at move boundaries, with the plies since the last
    placement or removal, away from both draw rules and the turn limit."""
    out = []
    while len(out) < count:
        state, quiet, target = GAME.new_initial_state(), 0, rng.randrange(6, max_turns)
        for _ in range(target):
            moves = full_moves(state)
            if not moves:
                break
            _, state, irreversible = rng.choice(moves)
            quiet = 0 if irreversible else quiet + 1
            if state.is_terminal():
                break
        if not state.is_terminal() and quiet < QUIET_LIMIT - 10:
            out.append((state, quiet))
    return out


def expected_end(state, seen, quiet):
    """('win', player) / ('draw', reason) / ('limit', None) / None for ongoing."""
    if state.is_terminal():
        returns = state.returns()
        if returns[0] != returns[1]:
            return ("win", 0 if returns[0] > 0 else 1)
    if seen >= 3:
        return ("draw", "threefold repetition")
    if quiet >= QUIET_LIMIT:
        return ("draw", "fifty moves without a mill")
    if state.is_terminal():
        return ("limit", None)
    return None


def play_game(rng, tab, game, report, counts):
    start = tabula_text(GAME.new_initial_state(), 0)
    state, quiet, played = GAME.new_initial_state(), 0, []
    seen = {}
    records = []
    while True:
        key = tabula_text(state, 0)
        seen[key] = seen.get(key, 0) + 1
        end = expected_end(state, seen[key], quiet)
        moves = [] if end else full_moves(state)
        records.append((list(played), tabula_text(state, quiet), moves, end))
        if end:
            break
        text, state, irreversible = sample(rng, state, moves)
        played.append(text)
        quiet = 0 if irreversible else quiet + 1
    lines = []
    for history, text, _, _ in records:
        lines.append(f"{start} moves {' '.join(history)}" if history else start)
        lines.append(text)
    answers = tab.batch(lines)
    for i, (history, text, moves, end) in enumerate(records):
        want = sorted(m for m, _, _ in moves)
        got_history = sorted(answers[2 * i].split())
        got_text = sorted(answers[2 * i + 1].split())
        if end is not None and end[0] == "limit":
            # OpenSpiel has stopped; Tabula goes on, with moves to make.
            if not got_history or not got_text:
                report(f"game {game}: at OpenSpiel's move limit tabula has no moves ({text})")
                return
            continue
        if got_history != want:
            report(f"game {game} after {' '.join(history) or 'the start'}: tabula {got_history}, openspiel {want}")
            return
        # The text has no history, so a repetition is not seen there.
        if end is None or end[0] == "win" or end[1] == "fifty moves without a mill":
            if got_text != want:
                report(f"game {game}: from the text {text}: tabula {got_text}, openspiel {want}")
                return
    counts["positions"] += len(records)
    history, text, _, end = records[-1]
    tab_text, status = tab.position(start, history)
    got = parse_tabula_status(status or "")
    if tab_text != text:
        report(f"game {game}: position text {tab_text!r} ({status}), expected {text!r}")
        return
    kind = end[0]
    counts[kind] += 1
    if kind == "draw":
        counts[end[1]] = counts.get(end[1], 0) + 1
    if kind == "win":
        ok = got is not None and got[0] == "win" and got[1] == PLAYERS[end[1]]
    elif kind == "draw":
        ok = got == ("draw", None, end[1])
    else:
        ok = got is not None and got[0] == "ongoing"
    if not ok:
        report(f"game {game}: {text}: tabula '{status}', expected {end}")


def emit_perft(path, seed):
    rng = random.Random(seed)
    lines = ["# Nine men's morris perft: whole moves (a mill's removal is part of its move).",
             "# Counts from OpenSpiel's nine_mens_morris, written by",
             "# tests/reference/morris_reference.py --emit-perft; no line is deep enough",
             "# for a draw rule or OpenSpiel's move limit to matter."]
    start = GAME.new_initial_state()
    counts = " ".join(f";D{d} {perft(start, d)}" for d in range(1, 5))
    lines.append(f"{tabula_text(start, 0)} ;id start {counts}")
    for i, (state, quiet) in enumerate(random_positions(rng, 12)):
        depth = 3 if info(state)[2][1] > 0 else 4
        counts = " ".join(f";D{d} {perft(state, d)}" for d in range(1, depth + 1))
        lines.append(f"{tabula_text(state, quiet)} ;id random {i + 1} {counts}")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"morris reference: wrote {len(lines) - 4} perft positions to {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--perft-depth", type=int, default=4)
    ap.add_argument("--perft-positions", type=int, default=4)
    ap.add_argument("--emit-perft")
    args = ap.parse_args()
    if args.emit_perft:
        emit_perft(args.emit_perft, args.seed)
        return
    if not args.tabula:
        ap.error("--tabula is required")
    tab = Tabula(args.tabula, "morris")
    rng = random.Random(args.seed)
    mismatches = []

    def report(what):
        mismatches.append(what)
        if len(mismatches) <= 8:
            print("MISMATCH", what, flush=True)

    start = GAME.new_initial_state()
    perfts = 0
    for depth in range(1, args.perft_depth + 1):
        ours, theirs = tab.perft(tabula_text(start, 0), depth), perft(start, depth)
        perfts += 1
        if ours != theirs:
            report(f"perft {depth} from the start: tabula {ours}, openspiel {theirs}")
    for state, quiet in random_positions(rng, args.perft_positions):
        text = tabula_text(state, quiet)
        for depth in range(1, 4):
            ours, theirs = tab.perft(text, depth), perft(state, depth)
            perfts += 1
            if ours != theirs:
                report(f"perft {depth} from {text}: tabula {ours}, openspiel {theirs}")
    counts = {"positions": 0, "win": 0, "draw": 0, "limit": 0}
    for game in range(args.games):
        play_game(rng, tab, game, report, counts)
    summary = (f"{args.games} games, {counts['positions']} positions, {perfts} perft counts; endings: "
               f"{counts['win']} wins, {counts['draw']} draws by Tabula's rules "
               f"({counts.get('threefold repetition', 0)} by repetition, "
               f"{counts.get('fifty moves without a mill', 0)} by fifty moves without a mill), "
               f"{counts['limit']} at OpenSpiel's limit of {TURN_LIMIT} moves (Tabula goes on)")
    if mismatches:
        print(f"morris reference: {len(mismatches)} mismatches ({summary})")
        sys.exit(1)
    print(f"morris reference: no mismatch ({summary})")


if __name__ == "__main__":
    main()
