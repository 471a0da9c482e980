#!/usr/bin/env python3
"""Cross-checks Tabula's variants plugin against Fairy-Stockfish, move by move.

Usage:
    variants_reference.py --tabula PATH [--variants a,b,...|all] [--games N]
                          [--plies N] [--seed N] [--perft-depth D]
                          [--perft-nodes N] [--list]

The reference is `pyffish` (Fairy-Stockfish's Python binding, from PyPI).
The variants are the shipped definitions (`plugins/variants/library/*.toml`),
each compared with the Fairy-Stockfish variant of its `engine_name` (its
`name` when absent); Chess960 definitions are asked in Chess960 mode and
also played from seeded shuffled start positions. For each variant:

  * perft from the start position, counted by recursion over pyffish's
    legal moves, against `tabula perft`, to `--perft-depth` (default 3) or
    until a depth counts more than `--perft-nodes` (default 20,000);
  * `--games` seeded random games of up to `--plies` plies, the moves drawn
    from Fairy-Stockfish's legal moves. For every position one
    `tabula moves --rules variants` batch process is asked for the legal
    moves twice: from Fairy-Stockfish's FEN of the position, and as the
    start position plus the moves played. Both must equal Fairy-Stockfish's
    set, which is empty once the game is over;
  * at the end of each game `tabula position` gives the position text and
    the status: the text must read back in Fairy-Stockfish to the same
    position (same FEN, hands compared as multisets), and the status must
    be Fairy-Stockfish's result.

When the game is over (for Fairy-Stockfish): no legal move (its
`game_result`), an immediate end (extinction, a goal reached, checks given,
two passes, a full board: `is_immediate_game_end`), or a claimable end that
Tabula applies automatically (`is_optional_game_end`: repetition, the
move-count rule, the counting rules), and, for the variants whose definition
has it, insufficient material on both sides (`has_insufficient_material`).

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 pyffish is missing or the run could not be done.
"""

import argparse
import os
import random
import subprocess
import sys
import tomllib

from tabula_cli import parse_tabula_status

INSTALL = "install it with `python3 -m pip install pyffish` (or run `scripts/setup.sh --test`)"
LIBRARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "plugins", "variants", "library")

try:
    import pyffish as sf
except ImportError:
    print(f"variants reference: pyffish is missing; {INSTALL}", file=sys.stderr)
    sys.exit(2)


class Definition:
    """What the comparison needs of a shipped definition."""

    def __init__(self, path):
        with open(path, "rb") as f:
            d = tomllib.load(f)
        self.name = d["name"]
        self.engine = d.get("engine_name", self.name)
        self.players = d.get("players", ["white", "black"])
        self.chess960 = d.get("chess960", False)
        self.insufficient = "insufficient_material" in d.get("end", {})
        self.files = d["board"]["files"]


def definitions():
    out = {}
    for name in sorted(os.listdir(LIBRARY)):
        if name.endswith(".toml"):
            d = Definition(os.path.join(LIBRARY, name))
            out[d.name] = d
    return out


class Ref:
    """pyffish for one variant, in Chess960 mode where the definition asks."""

    def __init__(self, d):
        self.v, self.c960 = d.engine, d.chess960

    def legal(self, fen, moves):
        return sf.legal_moves(self.v, fen, moves, self.c960)

    def fen(self, fen, moves):
        return sf.get_fen(self.v, fen, moves, self.c960)

    def perft(self, fen, moves, depth):
        legal = self.legal(fen, moves)
        if depth == 1:
            return len(legal)
        return sum(self.perft(fen, moves + [m], depth - 1) for m in legal)

    def status(self, start, moves, insufficient):
        """(over, 'win'|'draw'|None, winner 0/1|None, legal moves)."""
        stm = len(moves) % 2 if start.split()[1] == "w" else (len(moves) + 1) % 2
        legal = self.legal(start, moves)
        over, value = sf.is_immediate_game_end(self.v, start, moves, self.c960)
        if not over and not legal:
            over, value = True, sf.game_result(self.v, start, moves, self.c960)
        if not over:
            over, value = sf.is_optional_game_end(self.v, start, moves, self.c960)
        if not over and insufficient:
            white, black = sf.has_insufficient_material(self.v, start, moves, self.c960)
            if white and black:
                over, value = True, 0
        if not over:
            return (False, None, None, legal)
        if value == 0:
            return (True, "draw", None, [])
        return (True, "win", stm if value > 0 else 1 - stm, [])


def shuffled_start(rng, files):
    """A Chess960-style back rank for 8 files (Capablanca random: 10)."""
    while True:
        rank = list("rnbqkbnr" if files == 8 else "rnabqkbcnr")
        rng.shuffle(rank)
        bishops = [i for i, p in enumerate(rank) if p == "b"]
        rooks = [i for i, p in enumerate(rank) if p == "r"]
        king = rank.index("k")
        if (bishops[0] + bishops[1]) % 2 == 1 and rooks[0] < king < rooks[1]:
            row = "".join(rank)
            pawns = "p" * files
            empty = str(files)
            return f"{row}/{pawns}/{empty}/{empty}/{empty}/{empty}/{pawns.upper()}/{row.upper()} w KQkq - 0 1"


def normal_fen(fen):
    """The FEN with the hand sorted, for comparison."""
    board, rest = (fen.split(" ", 1) + [""])[:2]
    if "[" in board:
        b, hand = board.split("[", 1)
        hand = "".join(sorted(hand.rstrip("]").replace("-", "")))
        board = f"{b}[{hand}]"
    return f"{board} {rest}".strip()


class Tabula:
    def __init__(self, binary, name):
        self.binary, self.option = binary, ["--option", f"variant={name}"]

    def run(self, args, stdin=None, check=True):
        extra = {"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}
        done = subprocess.run([self.binary, *args, "--rules", "variants", *self.option], capture_output=True, text=True,
                              **extra)
        if check and done.returncode != 0:
            raise SystemExit(f"variants reference: tabula {' '.join(args[:1])} failed: {done.stderr.strip()[:300]}")
        return done.stdout if stdin is not None else done.stdout + ("" if done.returncode == 0 else done.stderr)

    def batch(self, lines):
        out = self.run(["moves"], "\n".join(lines) + "\n", check=False)
        got = out.split("\n")
        if got and got[-1] == "":
            got.pop()
        if len(got) != len(lines):
            raise SystemExit(f"variants reference: tabula moves answered {len(got)} lines for {len(lines)}")
        return [g if g.startswith("error") else sorted(g.split()) for g in got]

    def perft(self, fen, depth):
        out = self.run(["perft", "--depth", str(depth), "--position", fen], check=False)
        first = out.split()[0] if out.split() else ""
        return int(first) if first.isdigit() else f"failed: {out.strip()[:200]}"

    def position(self, fen, moves):
        args = ["position", "--position", fen] + (["--moves", " ".join(moves)] if moves else [])
        out = self.run(args, check=False)
        lines = out.strip("\n").split("\n")
        if len(lines) < 2:
            return None, out.strip()
        return lines[0], lines[1]


def check_variant(d, args, report):
    """Compares one variant; returns the number of positions compared."""
    ref, tab = Ref(d), Tabula(args.tabula, d.name)
    rng = random.Random(f"{args.seed}:{d.name}")
    start = sf.start_fen(d.engine)
    for depth in range(1, args.perft_depth + 1):
        theirs = ref.perft(start, [], depth)
        ours = tab.perft(start, depth)
        if ours != theirs:
            report(f"{d.name}: perft {depth} from the start: tabula {ours}, fairy-stockfish {theirs}")
            break
        if theirs > args.perft_nodes:
            break
    positions = 0
    for game in range(args.games):
        first = shuffled_start(rng, d.files) if d.chess960 and game % 2 == 1 else start
        positions += play(d, ref, tab, rng, first, game, args, report)
    return positions


def play(d, ref, tab, rng, start, game, args, report):
    moves, records = [], []
    while True:
        over, kind, winner, legal = ref.status(start, moves, d.insufficient)
        fen = ref.fen(start, moves)
        # The FEN alone carries no history: a repetition is only seen by
        # the start-plus-moves query.
        from_fen = sorted(ref.status(fen, [], d.insufficient)[3])
        records.append((list(moves), fen, sorted(legal), over, kind, winner, from_fen))
        if over or len(moves) >= args.plies:
            break
        moves.append(rng.choice(legal))
    lines = []
    for played, fen, *_ in records:
        lines.append(fen)
        lines.append(f"{start} moves {' '.join(played)}" if played else start)
    answers = tab.batch(lines)
    for i, (played, fen, want, _, _, _, want_fen) in enumerate(records):
        a, b = answers[2 * i], answers[2 * i + 1]
        if a != want_fen or b != want:
            which = f"from the FEN: tabula {a}, fairy-stockfish {want_fen}" if a != want_fen else (
                f"after the moves: tabula {b}, fairy-stockfish {want}")
            report(f"{d.name} game {game}: {fen} (start {start} moves {' '.join(played)}): {which}")
            break
    played, fen, _, over, kind, winner, _ = records[-1]
    text, status = tab.position(start, played)
    if text is None or normal_fen(text) != normal_fen(fen):
        report(f"{d.name} game {game}: position text {text!r} ({status}), fairy-stockfish {fen!r}")
        return len(records)
    got = parse_tabula_status(status)
    names = d.players
    if over:
        ok = got is not None and ((kind == "draw" and got[0] == "draw") or (
            kind == "win" and got[0] == "win" and got[1] in names and names.index(got[1]) == winner))
        if not ok:
            report(f"{d.name} game {game}: {fen}: tabula '{status}', fairy-stockfish {kind} {winner}")
    elif got is None or got[0] != "ongoing":
        report(f"{d.name} game {game}: {fen}: tabula '{status}', fairy-stockfish ongoing")
    return len(records)


def write_perft(d, args):
    """A perft data file for `tabula_kit::perft`: the start and the
    positions after 12 and 30 plies of a seeded random game, each counted to
    depth 3 or until a depth counts more than --perft-nodes."""
    ref, rng = Ref(d), random.Random(f"perft:{d.name}")
    start = sf.start_fen(d.engine)
    moves, fens = [], [("start", start)]
    for ply in range(1, 31):
        legal = ref.legal(start, moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
        if ply in (12, 30) and ref.legal(start, moves):
            fens.append((f"after {ply} plies", ref.fen(start, moves)))
    lines = [f"# {d.name}: perft counts from Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))}),",
             "# by recursion over its legal moves; start, then positions of one seeded random game",
             f"# (tests/reference/variants_reference.py --write-perft)."]
    for label, fen in fens:
        counts = []
        for depth in range(1, 4):
            n = ref.perft(fen, [], depth)
            counts.append(f";D{depth} {n}")
            if n > args.perft_nodes:
                break
        lines.append(f"{fen} ;id {label} {' '.join(counts)}")
    with open(os.path.join(args.write_perft, f"{d.name}.epd"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{d.name}: {len(fens)} positions written", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--variants", default="all")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--perft-depth", type=int, default=3)
    ap.add_argument("--perft-nodes", type=int, default=20000)
    ap.add_argument("--list", action="store_true", help="print the variants compared and exit")
    ap.add_argument("--write-perft", metavar="DIR",
                    help="write DIR/<variant>.epd (start and two positions of a seeded game, counts from pyffish) and exit")
    args = ap.parse_args()
    defs = definitions()
    names = sorted(defs) if args.variants == "all" else args.variants.split(",")
    unknown = [n for n in names if n not in defs]
    if unknown:
        print(f"variants reference: no shipped definition {', '.join(unknown)}", file=sys.stderr)
        sys.exit(2)
    if args.list:
        print(" ".join(names))
        return
    if args.write_perft:
        for name in names:
            write_perft(defs[name], args)
        return
    mismatches = []
    positions = 0

    def report(what):
        mismatches.append(what)
        if len(mismatches) <= 8:
            print("MISMATCH", what, flush=True)

    for name in names:
        before = len(mismatches)
        n = check_variant(defs[name], args, report)
        positions += n
        print(f"{name}: checked {n} positions, {len(mismatches) - before} mismatches", flush=True)
    if mismatches:
        print(f"variants reference: {len(mismatches)} mismatches in {positions} positions")
        sys.exit(1)
    print(f"variants reference: no mismatch ({positions} positions, {len(names)} variants)")


if __name__ == "__main__":
    main()
