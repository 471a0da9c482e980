#!/usr/bin/env python3
"""Cross-checks Tabula's dark chess against OpenSpiel's `dark_chess` (pyspiel).

Usage:
    darkchess_reference.py --tabula PATH [--games N] [--seed N] [--max-plies N]
                           [--perft-depth D] [--emit-views FILE]

The script plays seeded random games in OpenSpiel (from the start and from
positions with castling, en passant and promotions to come) and, for every
position, asks one `tabula moves --rules darkchess` batch process for the
legal moves (the start text plus the moves played); `tabula position` gives
the status at the end of every game (OpenSpiel's returns: who took the
king, or a draw). OpenSpiel writes moves in SAN; the coordinates compared
are decoded by OpenSpiel's own kriegspiel state on the same FEN (its
`action_to_string` is the move's LAN on the same action encoding).
`tabula perft` is compared with a perft over OpenSpiel.

With `--emit-views FILE` every position is also written to FILE as
`FEN<TAB>MOVES<TAB>WHITE<TAB>BLACK`, the last two each player's observation
from OpenSpiel's observation string (its "dark FEN", corrected as said
below) as 64 characters from
a8 to h1: `?` fog, `.` an empty square in sight, else the piece letter.
`tests/reference_fog.rs` replays every line in the real plugin and compares
its views with them.

Where OpenSpiel differs from the published rules (handled here as stated,
counted in the report, and pinned in plugins/darkchess/tests/rules.rs):

* right after a pawn's double step, OpenSpiel computes the view of the
  player who made it (the player not to move) with the en passant square
  still set, so that player's pawns beside the pawn that stepped "see"
  the square it passed over and the square behind it, as if they could
  capture there en passant. Only the side to move may take en passant (and
  only the enemy's pawn); the views expected here for the player not to
  move are OpenSpiel's on the same position with the en passant square
  cleared. Legal moves, results and perft are OpenSpiel's as they are.

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
    print("darkchess reference: OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
    sys.exit(2)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTS = [
    START,
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]


class Decoder:
    """Coordinates of OpenSpiel chess actions, by OpenSpiel's kriegspiel LAN."""

    def __init__(self):
        self.cache = {}

    def uci(self, fen, action):
        key = (fen, action)
        if key not in self.cache:
            state = pyspiel.load_game("kriegspiel", {"fen": fen}).new_initial_state()
            self.cache[key] = state.action_to_string(state.current_player(), action)
        return self.cache[key]


def expand(placement):
    """A dark FEN placement as 64 characters from a8 to h1."""
    out = []
    for ch in placement.replace("/", ""):
        out.append("." * int(ch) if ch.isdigit() else ch)
    text = "".join(out)
    if len(text) != 64:
        raise SystemExit(f"darkchess reference: cannot read the observation '{placement}'")
    return text


def views(state, known):
    """(white's, black's) observation as 64 characters (OpenSpiel's player 1
    is white, 0 black); the view of the player not to move is taken with no
    en passant square (see the module docs), counted in `known`."""
    obs = {p: expand(state.observation_string(p).split()[0]) for p in (0, 1)}
    fields = str(state).split()
    if not state.is_terminal() and fields[3] != "-":
        other = 1 - state.current_player()
        fields[3] = "-"
        clean = pyspiel.load_game("dark_chess", {"fen": " ".join(fields)}).new_initial_state()
        fixed = expand(clean.observation_string(other).split()[0])
        if fixed != obs[other]:
            known["en passant view"] += 1
            obs[other] = fixed
    return obs[1], obs[0]


def result_of(state):
    r = state.returns()
    if r[1] > 0:
        return ("win", "white")
    if r[0] > 0:
        return ("win", "black")
    return ("draw", None)


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--perft-depth", type=int, default=3)
    ap.add_argument("--emit-views")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tabula = Tabula(args.tabula, "darkchess")
    decoder = Decoder()
    mismatches = []
    lines, expected, view_lines, ends = [], [], [], []
    known = {"en passant view": 0}
    for game in range(args.games):
        start = STARTS[game % len(STARTS)]
        state = pyspiel.load_game("dark_chess", {"fen": start}).new_initial_state()
        played = []
        for _ in range(args.max_plies):
            fen = str(state)
            legal = [] if state.is_terminal() else state.legal_actions()
            moves = sorted(decoder.uci(fen, a) for a in legal)
            line = start + (" moves " + " ".join(played) if played else "")
            lines.append(line)
            expected.append((f"game {game} ply {len(played)} ({fen})", moves))
            white, black = views(state, known)
            view_lines.append(f"{start}\t{' '.join(played)}\t{white}\t{black}")
            if state.is_terminal():
                break
            action = rng.choice(legal)
            played.append(decoder.uci(fen, action))
            state.apply_action(action)
        ends.append((game, start, list(played), state.is_terminal(), result_of(state) if state.is_terminal() else None))
    answers = tabula.batch(lines)
    for (where, moves), answer in zip(expected, answers):
        theirs = sorted(answer.split()) if not answer.startswith("error") else answer
        if theirs != moves:
            mismatches.append(f"{where}: OpenSpiel {moves}, tabula {theirs}")
    finished = 0
    for game, start, played, terminal, result in ends:
        if not terminal:
            continue
        finished += 1
        _, status = tabula.position(start, played)
        parsed = parse_tabula_status(status or "")
        if parsed is None or (parsed[0], parsed[1]) != result:
            mismatches.append(f"game {game} end after {' '.join(played[-4:])}: OpenSpiel {result}, tabula {status}")
    perft_checked = 0
    for fen in STARTS:
        for depth in range(1, args.perft_depth + 1):
            state = pyspiel.load_game("dark_chess", {"fen": fen}).new_initial_state()
            want = perft(state, depth)
            got = tabula.perft(fen, depth)
            perft_checked += 1
            if got != want:
                mismatches.append(f"perft {depth} of {fen}: OpenSpiel {want}, tabula {got}")
    if args.emit_views:
        with open(args.emit_views, "w") as f:
            f.write("\n".join(view_lines) + "\n")
    differences = ", ".join(f"{k} {v}" for k, v in known.items())
    print(
        f"darkchess reference: {args.games} games ({finished} finished), {len(lines)} positions, "
        f"{perft_checked} perft counts; OpenSpiel's differences met: {differences}; {len(mismatches)} mismatches"
    )
    for m in mismatches[:8]:
        print("  " + m)
    if mismatches:
        return 1
    print("darkchess reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
