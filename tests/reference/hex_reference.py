#!/usr/bin/env python3
"""Cross-checks Tabula's Hex rules against a second, independent Hex written
here in plain Python: a union-find over the cells and four virtual edge
nodes decides who has connected, straight from the rules' wording.

Usage:
    hex_reference.py --tabula PATH [--seed N] [--games N]

The rules as the reference implements them (HexWiki's conventions, the
same that docs/HEX.md documents):
  * an n x n rhombus, columns a.. from the left, rows 1..n from the top;
    each row sits half a cell to the right of the row above, so cell
    (column c, row r) touches (c+-1, r), (c, r+-1), (c+1, r-1), (c-1, r+1);
  * Red moves first and joins row 1 to row n; Blue joins column a to the
    last column; the first player to connect wins and no move follows;
  * with the swap rule on, Blue's first move may be `swap`: Red's stone
    becomes a blue stone on the cell mirrored across the long diagonal
    (column and row exchanged), and Red moves next.

The script plays seeded random games on random sizes from 7 to 19, with and
without the swap rule (taking the swap half the times it is offered), and
for every position asks one `tabula moves --rules hex` batch process per
size and rule for the legal moves twice: as the start position plus the
moves played, and from the position text the reference writes itself.
`tabula position` is asked for the text and the status at the end of every
game and at one random position of it.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
EMPTY, RED, BLUE = ".", "r", "b"


class Board:
    """A Hex board with a union-find over its cells and four edge nodes."""

    def __init__(self, n, swap):
        self.n = n
        self.swap_rule = swap
        self.cells = [EMPTY] * (n * n)
        self.plies = 0
        self.winner = None
        self.top, self.bottom, self.left, self.right = n * n, n * n + 1, n * n + 2, n * n + 3
        self.parent = list(range(n * n + 4))

    def find(self, a):
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)

    def name(self, i):
        return f"{chr(ord('a') + i % self.n)}{i // self.n + 1}"

    def to_move(self):
        return RED if self.plies % 2 == 0 else BLUE

    def legal(self):
        if self.winner:
            return []
        moves = [self.name(i) for i in range(self.n * self.n) if self.cells[i] == EMPTY]
        if self.swap_rule and self.plies == 1:
            moves.append("swap")
        return moves

    def put(self, i, colour):
        n = self.n
        c, r = i % n, i // n
        self.cells[i] = colour
        for dc, dr in NEIGHBOURS:
            cc, rr = c + dc, r + dr
            if 0 <= cc < n and 0 <= rr < n and self.cells[rr * n + cc] == colour:
                self.union(i, rr * n + cc)
        if colour == RED:
            if r == 0:
                self.union(i, self.top)
            if r == n - 1:
                self.union(i, self.bottom)
        else:
            if c == 0:
                self.union(i, self.left)
            if c == n - 1:
                self.union(i, self.right)
        if self.find(self.top) == self.find(self.bottom):
            self.winner = "red"
        elif self.find(self.left) == self.find(self.right):
            self.winner = "blue"

    def play(self, move):
        if move == "swap":
            (i,) = [k for k in range(self.n * self.n) if self.cells[k] == RED]
            c, r = i % self.n, i // self.n
            self.cells[i] = EMPTY
            self.parent = list(range(self.n * self.n + 4))
            self.put(c * self.n + r, BLUE)
        else:
            self.put(self.index(move), self.to_move())
        self.plies += 1

    def index(self, name):
        return (int(name[1:]) - 1) * self.n + ord(name[0]) - ord("a")

    def text(self):
        rows = ["".join(self.cells[r * self.n:(r + 1) * self.n]) for r in range(self.n)]
        return "/".join(rows) + " " + self.to_move()

    def status(self):
        return ("win", self.winner, "connected") if self.winner else ("ongoing", None, None)


def empty_text(n):
    return "/".join(["." * n] * n) + " r"


def play_game(rng, n, swap):
    """The moves of one random game and the board after each prefix."""
    board = Board(n, swap)
    boards = [(list(board.legal()), board.text(), board.status())]
    moves = []
    while board.legal():
        legal = board.legal()
        move = "swap" if "swap" in legal and rng.random() < 0.5 else rng.choice([m for m in legal if m != "swap"])
        board.play(move)
        moves.append(move)
        boards.append((list(board.legal()), board.text(), board.status()))
    return moves, boards


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    games = {}
    for _ in range(args.games):
        key = (rng.randint(7, 19), rng.random() < 0.6)
        games.setdefault(key, []).append(play_game(rng, *key))

    mismatches = []
    positions = swaps = 0
    wins = {"red": 0, "blue": 0}
    for (n, swap), group in sorted(games.items()):
        tabula = Tabula(args.tabula, "hex", [f"size={n}", f"swap={'on' if swap else 'off'}"])
        start = empty_text(n)
        lines, expected = [], []
        for moves, boards in group:
            for k, (legal, text, _) in enumerate(boards):
                played = f" moves {' '.join(moves[:k])}" if k else ""
                lines += [start + played, text]
                expected += [(legal, f"{n}x{n} swap={swap} after {k} moves (... {' '.join(moves[max(0, k - 4):k])})")] * 2
        answers = tabula.batch(lines)
        for line, answer, (legal, where) in zip(lines, answers, expected):
            positions += 1
            got = answer.split()
            if sorted(got) != sorted(legal):
                extra, missing = sorted(set(got) - set(legal)), sorted(set(legal) - set(got))
                mismatches.append(f"legal moves {where} (asked as '{line[:60]}...'): extra {extra}, missing {missing}")
        for moves, boards in group:
            swaps += "swap" in moves
            wins[boards[-1][2][1]] += 1
            for k in sorted({len(moves), rng.randrange(len(moves))}):
                _, text, status = boards[k]
                got_text, got_status = tabula.position(start, moves[:k])
                if got_text != text or parse_tabula_status(got_status or "") != status:
                    mismatches.append(
                        f"{n}x{n} swap={swap} after {k} moves (... {' '.join(moves[max(0, k - 4):k])}): "
                        f"tabula '{got_text}' / '{got_status}', reference '{text}' / {status}"
                    )

    print(f"hex reference: {args.games} games in {len(games)} size/rule groups, {positions} positions, "
          f"{swaps} games with a swap, wins red {wins['red']} blue {wins['blue']}")
    if mismatches:
        print(f"hex reference: {len(mismatches)} mismatches, the first ones:")
        for m in mismatches[:8]:
            print("  " + m)
        return 1
    print("hex reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
