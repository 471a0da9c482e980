"""Tabula's SGF writer and reader against GNU Go's SGF reader.

Seeded random Go games are played with the real `tabula` binary (each
move drawn from `tabula moves`' legal moves, a pass now and then, some
games with handicap stones), written by `tabula sgf --moves ... --out`,
and loaded by GNU Go (`loadsgf` over GTP); GNU Go's stones
(`list_stones`) must be the stones of Tabula's final position, captures
and all. Tabula then reads its own SGF back (`tabula sgf FILE`) and must
reach the same position text.

Exit 0: they agree; 1: a mismatch (the first few printed); 2: GNU Go is
missing.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def run(args):
    done = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"sgf reference: {' '.join(args[:3])} failed: {(done.stdout + done.stderr).strip()[:400]}")
    return done.stdout


def random_game(tabula, options, seed, plies):
    """Coordinate moves of a seeded random game: legal moves only, a pass
    one time in twelve, ending early at two passes in a row."""
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        legal = run([tabula, "moves", "--rules", "go", *options, "--moves", " ".join(moves)]).split()
        if not legal:
            break
        stones = [m for m in legal if m != "pass"]
        move = "pass" if not stones or rng.random() < 1 / 12 else rng.choice(stones)
        moves.append(move)
        if moves[-2:] == ["pass", "pass"]:
            break
    return moves


def tabula_stones(text, size):
    """{'black': set, 'white': set} of GTP vertices from Go's position
    text (rows from the top, x black, o white)."""
    rows = text.split()[0].split("/")
    stones = {"black": set(), "white": set()}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in "xo":
                stones["black" if ch == "x" else "white"].add(f"{COLUMNS[c]}{size - r}")
    return stones


def gnugo_stones(sgf_path):
    script = f"loadsgf {sgf_path}\nlist_stones black\nlist_stones white\nquit\n"
    done = subprocess.run([GNUGO, "--mode", "gtp"], input=script, capture_output=True, text=True)
    answers = [a.strip() for a in done.stdout.split("\n\n") if a.strip()]
    if len(answers) < 3 or any(not a.startswith("=") for a in answers[:3]):
        return None, f"GNU Go refused the file: {done.stdout.strip()[:300]}"
    parse = lambda a: set(a[1:].split())
    return {"black": parse(answers[1]), "white": parse(answers[2])}, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabula", required=True, help="the tabula binary")
    parser.add_argument("--games", type=int, default=6, help="games to play")
    args = parser.parse_args()
    if not os.path.exists(GNUGO):
        print(f"sgf reference: {GNUGO} is missing (apt-get install gnugo)", file=sys.stderr)
        return 2
    mismatches = []
    total_moves = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, args.games + 1):
            size = [9, 7, 13][seed % 3]
            handicap = 2 if seed % 4 == 0 else 0
            options = ["--option", f"size={size}", "--option", "komi=6.5", "--option", f"handicap={handicap}"]
            moves = random_game(args.tabula, options, seed, plies=size * size)
            total_moves += len(moves)
            path = os.path.join(tmp, f"game{seed}.sgf")
            out = run([args.tabula, "sgf", "--rules", "go", *options, "--moves", " ".join(moves), "--out", path])
            text = out.split("\n")[0]
            theirs, error = gnugo_stones(path)
            where = f"game {seed} ({size}x{size}, handicap {handicap}, {len(moves)} moves)"
            if error:
                mismatches.append(f"{where}: {error}")
                continue
            ours = tabula_stones(text, size)
            if ours != theirs:
                diff = {c: (sorted(ours[c] - theirs[c]), sorted(theirs[c] - ours[c])) for c in ours}
                mismatches.append(f"{where}: stones differ (only Tabula's, only GNU Go's): {diff}")
                continue
            back = run([args.tabula, "sgf", path]).split("\n")[0]
            if back != text:
                mismatches.append(f"{where}: read back as {back!r}, played as {text!r}")
    if mismatches:
        print(f"sgf reference: {len(mismatches)} of {args.games} games differ")
        for m in mismatches[:5]:
            print(f"  {m}")
        return 1
    print(f"sgf reference: no mismatch in {args.games} games, {total_moves} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
