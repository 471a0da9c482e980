#!/usr/bin/env python3
"""Finds gomoku (freestyle, 15x15) positions where Black, to move, wins by
continuous fours (VCF), with an independent solver written from the rules:
a four is a five-cell window holding four of the attacker's stones and one
empty point (the five point) and none of the defender's; the attacker plays
only moves that make a four, the defender must take the five point, and a
move leaving two five points (or a five point the defender cannot take
before it is completed) wins. Lines the defender answers with a four of its
own are not counted (a pure VCF).

Usage: scripts/vcf_positions.py [--seed N] [--count N] [--max-fours 9]
Prints one line per position: `<gomoku text> ;vcf <fours> ;line <moves>`.
"""
import argparse
import random

N = 15
DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def windows_through(x, y):
    for dx, dy in DIRS:
        for k in range(5):
            sx, sy = x - k * dx, y - k * dy
            ex, ey = sx + 4 * dx, sy + 4 * dy
            if 0 <= sx < N and 0 <= sy < N and 0 <= ex < N and 0 <= ey < N:
                yield [(sx + i * dx, sy + i * dy) for i in range(5)]


def five_points(board, p):
    """Empty points where a stone of p completes five."""
    pts = set()
    for y in range(N):
        for x in range(N):
            if board[y][x] != 0:
                continue
            board[y][x] = p
            if any(all(board[b][a] == p for a, b in w) for w in windows_through(x, y)):
                pts.add((x, y))
            board[y][x] = 0
    return pts


def four_moves(board, p):
    """Empty points where a stone of p makes at least one four."""
    out = set()
    for y in range(N):
        for x in range(N):
            if board[y][x] != 0:
                continue
            for w in windows_through(x, y):
                cells = [board[b][a] for a, b in w]
                if cells.count(p) == 3 and cells.count(0) == 2:
                    out.add((x, y))
                    break
    return out


def vcf(board, p, fours, line):
    """A winning line of at most `fours` four-moves (then the five), or None."""
    q = 3 - p
    if five_points(board, p):
        return line + [next(iter(five_points(board, p)))]
    if fours == 0:
        return None
    for (x, y) in sorted(four_moves(board, p)):
        board[y][x] = p
        mine = five_points(board, p)
        result = None
        if mine and not five_points(board, q):
            if len(mine) >= 2:
                result = line + [(x, y), None, sorted(mine)[0]]
            else:
                (bx, by), = mine
                board[by][bx] = q
                if not five_points(board, q):
                    result = vcf(board, p, fours - 1, line + [(x, y), (bx, by)])
                board[by][bx] = 0
        board[y][x] = 0
        if result:
            return result
    return None


def name(pt):
    return "--" if pt is None else "abcdefghijklmno"[pt[0]] + str(N - pt[1])


def text(board):
    rows = ["".join(".xo"[c] for c in row) for row in board]
    return "/".join(rows) + " x"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--max-fours", type=int, default=9)
    ap.add_argument("--min-fours", type=int, default=2)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    found = {}
    tries = 0
    while len(found) < a.count and tries < 200000:
        tries += 1
        board = [[0] * N for _ in range(N)]
        stones = rng.randint(10, 18)
        spots = [(x, y) for x in range(3, 12) for y in range(3, 12)]
        rng.shuffle(spots)
        for i, (x, y) in enumerate(spots[: 2 * stones]):
            board[y][x] = 1 if i % 2 == 0 else 2
        if five_points(board, 1) or five_points(board, 2):
            continue
        best = None
        for f in range(1, a.max_fours + 1):
            best = vcf(board, 1, f, [])
            if best:
                length = f
                break
        if not best or length < a.min_fours or length in found and len(found) < a.max_fours - a.min_fours + 1:
            continue
        found.setdefault(length, (text(board), best))
        if len(found) >= a.count:
            break
        print(f"{text(board)} ;vcf {length} ;line {' '.join(name(p) for p in best)}", flush=True)


if __name__ == "__main__":
    main()
