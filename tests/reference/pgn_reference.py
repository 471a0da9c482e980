"""Tabula's PGN reader and writer against python-chess's `chess.pgn`.

`tabula pgn FILE --out OUT` reads a PGN file, checks every move (main
line and variations) with the chess rules plugin and writes the games
back out; python-chess then reads both the original and Tabula's output
and they must hold the same games: the same tags, the same move tree
(main line and every variation, each move played from its position by
python-chess, so an illegal or misplaced move shows), the same comments
(`[%clk]` commands included) and NAGs, and the same result. The listing
`tabula pgn FILE` prints is checked too: one line per game with its
players, result and main-line move count, as python-chess reads them.

Exit 0: they agree; 1: a mismatch (the first few printed); 2: python-chess
is missing.
"""

import argparse
import os
import subprocess
import sys
import tempfile

try:
    import chess.pgn
except ImportError:
    print("pgn_reference: python-chess is missing (python3 -m pip install chess)", file=sys.stderr)
    sys.exit(2)


def read_all(path):
    games = []
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            if game.errors:
                raise SystemExit(f"pgn_reference: python-chess found errors in {path}: {game.errors}")
            games.append(game)


def tree(node):
    """The move tree below `node`: (SAN, NAGs, comment, subtree) per variation."""
    out = []
    for child in node.variations:
        out.append((child.san(), sorted(child.nags), " ".join(child.comment.split()), tree(child)))
    return out


def describe(game):
    return {
        "headers": dict(game.headers),
        "first comment": " ".join(game.comment.split()),
        "moves": tree(game),
    }


def first_difference(a, b, where=""):
    if type(a) is not type(b):
        return f"{where}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            d = first_difference(a.get(key), b.get(key), f"{where}/{key}")
            if d:
                return d
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}: {a!r} vs {b!r}"[:400]
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{where}: {a!r} != {b!r}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabula", required=True, help="the tabula binary")
    parser.add_argument("--pgn", required=True, help="the PGN file to read and write back")
    args = parser.parse_args()

    originals = read_all(args.pgn)
    mismatches = []
    with tempfile.TemporaryDirectory() as tmp:
        written = os.path.join(tmp, "written.pgn")
        run = subprocess.run(
            [args.tabula, "pgn", args.pgn, "--rules", "chess", "--out", written],
            capture_output=True, text=True, stdin=subprocess.DEVNULL,
        )
        if run.returncode != 0:
            print(f"pgn_reference: tabula pgn failed (exit {run.returncode}): {run.stderr.strip()[:500]}")
            sys.exit(1)
        listing = [line.split("\t") for line in run.stdout.splitlines()]
        rewritten = read_all(written)

    if len(rewritten) != len(originals):
        mismatches.append(f"{len(originals)} games read, {len(rewritten)} written back")
    if len(listing) != len(originals):
        mismatches.append(f"{len(originals)} games read, {len(listing)} listed")
    for i, (original, again) in enumerate(zip(originals, rewritten), start=1):
        d = first_difference(describe(original), describe(again))
        if d:
            mismatches.append(f"game {i}: {d}")
    for i, (original, row) in enumerate(zip(originals, listing), start=1):
        want = [
            str(i),
            original.headers.get("White", "?"),
            original.headers.get("Black", "?"),
            original.headers.get("Result", "*"),
            f"{len(list(original.mainline_moves()))} plies",
            "ok",
        ]
        got = row[:4] + row[6:8]
        if got != want:
            mismatches.append(f"game {i} listed as {row}, python-chess reads {want}")

    plies = sum(len(list(g.mainline_moves())) for g in originals)
    variations = sum(1 for g in originals for n in walk(g) if not n.is_mainline())
    if mismatches:
        print(f"pgn reference: {len(mismatches)} mismatches")
        for m in mismatches[:5]:
            print("  " + m)
        sys.exit(1)
    print(f"pgn reference: no mismatch in {len(originals)} games, {plies} main-line moves, "
          f"{variations} moves in variations")


def walk(node):
    for child in node.variations:
        yield child
        yield from walk(child)


if __name__ == "__main__":
    main()
