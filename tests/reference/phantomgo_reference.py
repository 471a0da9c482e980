#!/usr/bin/env python3
"""Cross-checks Tabula's phantom Go against OpenSpiel's `phantom_go` (pyspiel).

Usage:
    phantomgo_reference.py --tabula PATH [--games N] [--seed N] [--size N]
                           [--emit-views FILE]

The script plays seeded random games of tries in OpenSpiel (9×9 by default,
komi 7.5) and, for every position, asks one `tabula moves --rules phantomgo`
batch process for the tries (every try so far, refused ones included: a
refusal is a move); `tabula position` gives the status at the end (the area
count against OpenSpiel's Tromp-Taylor returns). OpenSpiel's action for a
point is its index row by row from A1 (its action strings swap row and
column, so they are not used); the last action is the pass.

Where OpenSpiel differs from the Computer Olympiad rules Tabula follows
(each handled here as stated and counted in the report):

* a try on an empty point refused as suicide or superko may be tried again
  in OpenSpiel (it teaches nothing and can loop); Tabula offers it no more
  that turn, so the script never replays such a try and compares Tabula's
  tries with OpenSpiel's less those points;
* a move that repeats an earlier board (positional superko) ends
  OpenSpiel's game as a draw (its legal moves follow situational superko);
  Tabula's referee refuses it as an illegal try. The game is stopped
  before it, after checking that Tabula refuses it;
* two passes in a row end the game in both, but OpenSpiel counts a refused
  try between them as a move; the game is stopped when Tabula has ended it
  and OpenSpiel has not, after checking that the last two moves the
  referee accepted were passes;
* OpenSpiel stops every game after 4 × size² actions; so does the script.

With `--emit-views FILE` every position is written to FILE as
`TRIES<TAB>BLACK<TAB>WHITE`, each player's part `BOARD|WORDS`: OpenSpiel's
observation (their stones and the enemy stones their refused tries found,
rows from the top, `x` `o` `.`) and what its last-move line tells them
(`played`, `passed`, `captured N`, `illegal` for the player refused,
`refused` for the other). `tests/reference_fog.rs` replays every line in the
real plugin and compares.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the reference is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
except ImportError:
    print("phantomgo reference: OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
    sys.exit(2)

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def name(size, action):
    if action == size * size:
        return "pass"
    return f"{COLUMNS[action % size]}{action // size + 1}"


def observation(state, player, size):
    """(board rows from the top as x/o/., last-move lines) for `player`."""
    text = state.observation_string(player)
    lines = text.split("\n")
    rows = ["".join({"X": "x", "O": "o"}.get(c, ".") for c in line.split()[1]) for line in lines[:size]]
    return "/".join(rows), lines[size + 1:]


def words(info, player, mover):
    if any("observational" in line for line in info):
        return "illegal" if player == mover else "refused"
    captured = [line for line in info if line.startswith("In previous move")]
    if captured:
        return f"captured {captured[0].split()[3]}"
    if any("pass" in line for line in info):
        return "passed"
    return "played"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--emit-views")
    args = ap.parse_args()
    size = args.size
    rng = random.Random(args.seed)
    tabula = Tabula(args.tabula, "phantomgo", [f"size={size}", "komi=7.5"])
    game_def = pyspiel.load_game("phantom_go", {"board_size": size, "komi": 7.5})
    mismatches, lines, expected, view_lines, ends = [], [], [], [], []
    known = {"empty try not repeated": 0, "superko": 0, "passes around a refusal": 0, "length cap": 0}
    superko = []
    for game in range(args.games):
        state = game_def.new_initial_state()
        tries, refused_empty, accepted = [], set(), []
        end = None
        while True:
            over = len(accepted) >= 2 and accepted[-1] == accepted[-2] == "pass"
            legal = [] if state.is_terminal() else state.legal_actions()
            ours = [] if over else sorted(name(size, a) for a in legal if a not in refused_empty)
            if any(a in refused_empty for a in legal):
                known["empty try not repeated"] += 1
            lines.append("moves " + " ".join(tries) if tries else "")
            expected.append((f"game {game} try {len(tries)}", sorted(ours)))
            if over:
                if not state.is_terminal():
                    known["passes around a refusal"] += 1
                end = "tabula"
                break
            if state.is_terminal():
                hist = state.history()
                if len(hist) >= 4 * size * size:
                    # Cut short by OpenSpiel alone: nothing to compare here.
                    known["length cap"] += 1
                    lines.pop()
                    expected.pop()
                elif not (len(hist) >= 2 and hist[-1] == hist[-2] == size * size):
                    # OpenSpiel ended the game on a repeated board, Tabula
                    # refused the try: the game is stopped before it.
                    known["superko"] += 1
                    superko.append((game, list(tries), mover, state.returns()))
                    lines.pop()
                    expected.pop()
                    view_lines.pop()
                    tries.pop()
                else:
                    end = "both"
                break
            choices = [a for a in legal if a not in refused_empty]
            action = rng.choice(choices)
            mover = state.current_player()
            before = observation(state, mover, size)[0]
            state.apply_action(action)
            tries.append(name(size, action))
            info = observation(state, mover, size)[1]
            if any("observational" in line for line in info):
                if observation(state, mover, size)[0] == before:
                    refused_empty.add(action)
            else:
                refused_empty = set()
                accepted.append(name(size, action))
            views = [observation(state, p, size) for p in (0, 1)]
            parts = [f"{views[p][0]}|{words(views[p][1], p, mover)}" for p in (0, 1)]
            view_lines.append(f"{' '.join(tries)}\t{parts[0]}\t{parts[1]}")
        ends.append((game, list(tries), end, state))
    answers = tabula.batch(lines)
    for (where, moves), answer in zip(expected, answers):
        theirs = sorted(answer.split()) if not answer.startswith("error") else answer
        if theirs != moves:
            mismatches.append(f"{where}: expected {moves[:10]}..., tabula {str(theirs)[:200]}")
    finished = 0
    for game, tries, end, state in ends:
        if end is None:
            continue
        finished += 1
        _, status = tabula.position("", tries)
        parsed = parse_tabula_status(status or "")
        # Both count the board as it stands (every stone alive), komi 7.5.
        final = state if state.is_terminal() else None
        if final is None:
            probe = state.clone()
            probe.apply_action(size * size)
            final = probe if probe.is_terminal() else None
        if final is None:
            continue
        r = final.returns()
        want = ("win", "black") if r[0] > 0 else ("win", "white") if r[1] > 0 else ("draw", None)
        if parsed is None or parsed[:2] != want:
            mismatches.append(f"game {game} end: OpenSpiel {want}, tabula {status}")
    for game, tries, mover, returns in superko:
        # Tabula's referee must have refused that try: the same player moves.
        text, status = tabula.position("", tries)
        side = text.split()[1] if text else None
        if side != "bw"[mover]:
            mismatches.append(f"game {game}: {tries[-1]} repeats a board, tabula did not refuse it: {text} {status}")
    if args.emit_views:
        with open(args.emit_views, "w") as f:
            f.write("\n".join(view_lines) + "\n")
    differences = ", ".join(f"{k} {v}" for k, v in known.items())
    print(
        f"phantomgo reference: {args.games} games ({finished} finished), {len(lines)} positions; "
        f"OpenSpiel's differences met: {differences}; {len(mismatches)} mismatches"
    )
    for m in mismatches[:8]:
        print("  " + m)
    for game, tries, _, returns in superko[:4]:
        print(f"  repeated board: game {game} after {' '.join(tries[-4:])}: OpenSpiel ends it, returns {returns}")
    if mismatches:
        return 1
    print("phantomgo reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
