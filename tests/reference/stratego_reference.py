#!/usr/bin/env python3
"""A second, deliberately simple Stratego, written from the rules' wording
(docs/games/stratego.md: the Jumbo Stratego Original Game Rules as Gravon
publishes them, the ISF's game rules on top), to cross-check Tabula's
`stratego` plugin; there is no independent implementation to compare with
(OpenSpiel has none). Nothing here is clever: squares are (file, rank)
pairs, every rule is applied by brute force over the whole board.

Usage:
    stratego_reference.py --tabula PATH [--seed N] [--games N] [--plies N]
        [--option two_squares=3] [--option scout_strikes=no]
    stratego_reference.py --emit-chance FILE [--seed N] [--games N] [--plies N]

The script plays seeded random games from the empty board: the placement
phase (pieces placed one by one, the buttons `random` and `preset-N`, and
the squares chance then deals), then the battle. After every move it
compares the set of legal moves (coordinate notation: `M@b2`, `random`,
`preset-1`, `a4a5`) that `tabula moves` gives with its own; at the end of
each game and at a random ply of it, it compares `tabula position`'s text
and status with its own, and asks `tabula moves` again from the text it
writes itself. At chance nodes it compares the outcomes' probabilities
too (`tabula moves` prints them to six places; its own must sum to one).
With --emit-chance it only plays (no tabula) and writes each chance node
as a JSON line, the moves so far and the outcomes with their exact
probabilities, which tests/reference_stratego_banqi.rs compares with the
plugin's chance_outcomes.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the run could not be done.
"""

import argparse
import json
import os
import random
import re
import sys

from tabula_cli import Tabula, parse_tabula_status

FILES = "abcdefghij"
LAKES = {(2, 4), (3, 4), (2, 5), (3, 5), (6, 4), (7, 4), (6, 5), (7, 5)}
# rank number (modern: spy 1 … marshal 10, bomb 11, flag 12), letter, count
RANKS = [
    (10, "M", 1), (9, "G", 1), (8, "C", 2), (7, "J", 3), (6, "P", 4), (5, "L", 4),
    (4, "T", 4), (3, "N", 5), (2, "O", 8), (1, "S", 1), (11, "B", 6), (12, "F", 1),
]
LETTER = {r: l for r, l, _ in RANKS}
OF_LETTER = {l: r for r, l, _ in RANKS}
COUNT = {r: n for r, _, n in RANKS}
SPY, SCOUT, MINER, MARSHAL, BOMB, FLAG = 1, 2, 3, 10, 11, 12
PLAYERS = ("red", "blue")
STEPS = ((0, 1), (0, -1), (-1, 0), (1, 0))


def name(sq):
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def zone(player):
    """A player's four rows, in the order chance fills them: the front row
    first, each row from the owner's left (red: a4…j4, blue: j7…a7)."""
    out = []
    for front in range(4):
        for across in range(10):
            out.append((across, 3 - front) if player == 0 else (9 - across, 6 + front))
    return out


def read_presets():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "plugins", "stratego", "data",
                        "presets.txt")
    presets = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("setup "):
                presets.append([])
            else:
                presets[-1].extend(OF_LETTER[c] for c in line)
    return presets


PRESETS = read_presets()


def strike(a, d):
    """'a' attacker wins, 'd' defender wins, 'both' removed: the rule book's
    table read literally."""
    if d == FLAG:
        return "a"
    if d == BOMB:
        return "a" if a == MINER else "d"
    if a == SPY and d == MARSHAL:
        return "a"
    if a == d:
        return "both"
    return "a" if a > d else "d"


class Game:
    def __init__(self, two_squares=5, scout_strikes=True):
        self.two_squares = two_squares
        self.scout_strikes = scout_strikes
        self.board = {}            # (file, rank) -> [owner, rank, moved, shown]
        self.phase = ("setup", 0, "place")   # or ("play", side)
        self.lost = [[], []]
        self.last = [None, None]   # (from, to, count)

    def copy(self):
        g = Game(self.two_squares, self.scout_strikes)
        g.board = {k: list(v) for k, v in self.board.items()}
        g.phase = self.phase
        g.lost = [list(self.lost[0]), list(self.lost[1])]
        g.last = list(self.last)
        return g

    def reserve(self, player):
        left = dict(COUNT)
        for owner, rank, _, _ in self.board.values():
            if owner == player:
                left[rank] -= 1
        for rank in self.lost[player]:
            left[rank] -= 1
        return left

    def empty_zone(self, player):
        return [sq for sq in zone(player) if sq not in self.board]

    def preset_deal(self, player, n):
        """The whole preset applied at once to the empty squares: each gets
        the preset's rank while the reserve has one (in zone order); the
        squares left over get what remains, strongest first."""
        left = self.reserve(player)
        plan = {}
        for i, sq in enumerate(zone(player)):
            if sq in self.board:
                continue
            want = PRESETS[n][i]
            if left[want] > 0:
                left[want] -= 1
                plan[sq] = want
        spare = [r for r, _, _ in RANKS for _ in range(left[r])]
        for sq in self.empty_zone(player):
            if sq not in plan:
                plan[sq] = spare.pop(0)
        first = self.empty_zone(player)[0]
        return f"{LETTER[plan[first]]}@{name(first)}"

    def chance(self):
        """(outcome, probability) pairs at a dealing node, else None."""
        if self.phase[0] != "setup" or self.phase[2] == "place":
            return None
        player, mode = self.phase[1], self.phase[2]
        if mode == "random":
            left = self.reserve(player)
            total = sum(left.values())
            sq = self.empty_zone(player)[0]
            return [(f"{LETTER[r]}@{name(sq)}", left[r] / total) for r in left if left[r] > 0]
        return [(self.preset_deal(player, mode), 1.0)]

    def piece_moves(self, side, sq):
        owner, rank, _, _ = self.board[sq]
        out = []
        if rank in (BOMB, FLAG):
            return out
        for dx, dy in STEPS:
            x, y, distance = sq[0], sq[1], 0
            while True:
                x, y = x + dx, y + dy
                distance += 1
                if not (0 <= x < 10 and 0 <= y < 10) or (x, y) in LAKES:
                    break
                target = self.board.get((x, y))
                if target is not None and target[0] == side:
                    break
                if target is None or distance == 1 or self.scout_strikes:
                    out.append((x, y))
                if target is not None or rank != SCOUT:
                    break
        last = self.last[side]
        return [to for to in out
                if not (last and last[2] >= self.two_squares and sq == last[1] and to == last[0])]

    def battle_moves(self, side):
        return [name(sq) + name(to) for sq in sorted(self.board) if self.board[sq][0] == side
                for to in self.piece_moves(side, sq)]

    def legal_moves(self):
        if self.phase[0] == "setup":
            chance = self.chance()
            if chance is not None:
                return [m for m, _ in chance]
            player = self.phase[1]
            left = self.reserve(player)
            moves = [f"{LETTER[r]}@{name(sq)}" for r in left if left[r] > 0 for sq in self.empty_zone(player)]
            return moves + ["random"] + [f"preset-{n + 1}" for n in range(len(PRESETS))]
        if self.status()[0] != "ongoing":
            return []
        return self.battle_moves(self.phase[1])

    def apply(self, move):
        g = self.copy()
        if g.phase[0] == "setup":
            player, mode = g.phase[1], g.phase[2]
            if move == "random":
                g.phase = ("setup", player, "random")
            elif move.startswith("preset-"):
                g.phase = ("setup", player, int(move[7:]) - 1)
            else:
                letter, square = move.split("@")
                g.board[(FILES.index(square[0]), int(square[1:]) - 1)] = [player, OF_LETTER[letter], False, False]
                if not g.empty_zone(player):
                    g.phase = ("setup", 1, "place") if player == 0 else ("play", 0)
            return g
        side = g.phase[1]
        a, b, c, d = re.fullmatch(r"([a-j])(\d+)([a-j])(\d+)", move).groups()
        fr, to = (FILES.index(a), int(b) - 1), (FILES.index(c), int(d) - 1)
        piece = g.board.pop(fr)
        target = g.board.get(to)
        if target is None:
            piece[2] = True
            if abs(fr[0] - to[0]) + abs(fr[1] - to[1]) > 1:
                piece[3] = True      # only a scout goes further: it is shown
            g.board[to] = piece
        else:
            result = strike(piece[1], target[1])
            if result == "a":
                g.lost[1 - side].append(target[1])
                g.board[to] = [side, piece[1], True, True]
            elif result == "d":
                g.lost[side].append(piece[1])
                target[3] = True
            else:
                g.lost[side].append(piece[1])
                g.lost[1 - side].append(target[1])
                del g.board[to]
        last = g.last[side]
        count = last[2] + 1 if last and fr == last[1] and to == last[0] else 1
        g.last[side] = (fr, to, count)
        g.phase = ("play", 1 - side)
        return g

    def status(self):
        if self.phase[0] != "play":
            return ("ongoing", None, None)
        for player in (0, 1):
            if FLAG in self.lost[player]:
                return ("win", PLAYERS[1 - player], "flag captured")
        side = self.phase[1]
        if self.battle_moves(side):
            return ("ongoing", None, None)
        if not self.battle_moves(1 - side):
            return ("draw", None, "neither side can move")
        movable = any(p[0] == side and p[1] not in (BOMB, FLAG) for p in self.board.values())
        return ("win", PLAYERS[1 - side], "no legal move" if movable else "no movable pieces")

    def text(self):
        rows = []
        for y in range(9, -1, -1):
            row = ""
            for x in range(10):
                if (x, y) in LAKES:
                    row += "~"
                    continue
                p = self.board.get((x, y))
                if p is None:
                    row += "."
                    continue
                letter = LETTER[p[1]]
                row += (letter if p[0] == 0 else letter.lower()) + ("+" if p[2] else "") + ("*" if p[3] else "")
            rows.append(row)
        if self.phase[0] == "play":
            phase = PLAYERS[self.phase[1]]
        else:
            mode = self.phase[2]
            word = "setup" if mode == "place" else "random" if mode == "random" else f"preset-{mode + 1}"
            phase = f"{PLAYERS[self.phase[1]]}-{word}"
        order = [r for r, _, _ in RANKS]
        lost = []
        for player in (0, 1):
            letters = "".join(LETTER[r] for r in sorted(self.lost[player], key=order.index))
            lost.append((letters if player == 0 else letters.lower()) or "-")
        last = [f"{name(s[0])}{name(s[1])}:{s[2]}" if s else "-" for s in self.last]
        return f"{'/'.join(rows)} {phase} lost={lost[0]}/{lost[1]} last={last[0]}/{last[1]}"


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


def play(tabula, rng, games, plies, config, problems):
    positions = chances = 0
    for game_no in range(games):
        g = Game(**config)
        played, lines, states, odds = [], [], [], []
        checkpoint = rng.randrange(1, plies)
        for ply in range(plies):
            if g.status()[0] != "ongoing":
                break
            moves = g.legal_moves()
            lines.append("moves " + " ".join(played) if played else "")
            states.append(sorted(moves))
            chance = g.chance()
            odds.append(dict(chance) if chance is not None else None)
            if chance is not None:
                chances += 1
                if abs(sum(p for _, p in chance) - 1.0) > 1e-12:
                    problems.append(f"game {game_no}: the reference's chance outcomes do not sum to 1")
                m = rng.choices([m for m, _ in chance], weights=[p for _, p in chance])[0]
            else:
                m = rng.choice(moves)
            if ply == checkpoint:
                compare_text(tabula, g, played, problems, game_no)
            played.append(m)
            g = g.apply(m)
        for line, mine, want, theirs in zip(lines, states, odds, tabula.batch(lines)):
            positions += 1
            got, probabilities = read_moves_line(theirs)
            if got != mine:
                problems.append(f"game {game_no}, after {line.count(' ')} moves: tabula has "
                                f"{sorted(set(got) - set(mine))[:8]}, lacks {sorted(set(mine) - set(got))[:8]}")
            elif want is not None and probabilities_differ(probabilities, want):
                problems.append(f"game {game_no}, after {line.count(' ')} moves: chance {theirs[:200]}, "
                                f"reference {want}")
        compare_text(tabula, g, played, problems, game_no)
    return positions, chances


def compare_text(tabula, g, played, problems, game_no):
    text, status_line = tabula.position_from_start(played)
    if text is None:
        problems.append(f"game {game_no}: tabula position failed: {status_line}")
        return
    if text != g.text():
        problems.append(f"game {game_no} after {len(played)} moves: text\n  tabula    {text}\n  reference {g.text()}")
    mine = g.status()
    theirs = parse_tabula_status(status_line)
    if theirs is None or theirs[:2] != mine[:2] or (mine[2] and theirs[2] != mine[2]):
        problems.append(f"game {game_no} after {len(played)} moves: status {status_line!r}, reference {mine}")
    if mine[0] == "ongoing":
        again, _ = read_moves_line(tabula.batch([g.text()])[0])
        if again != sorted(g.legal_moves()):
            problems.append(f"game {game_no}: moves from the reference's text {g.text()} differ")


class StrategoTabula(Tabula):
    def position_from_start(self, moves):
        """`tabula position` after `moves` from the start (the empty board)."""
        import subprocess
        self.processes += 1
        args = [self.binary, "position", "--rules", self.rules, *self.options]
        if moves:
            args += ["--moves", " ".join(moves)]
        run = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        lines = run.stdout.strip("\n").split("\n")
        if run.returncode != 0 or len(lines) < 2:
            return None, f"exit {run.returncode}: {(run.stdout + run.stderr).strip()[:300]}"
        return lines[0], lines[1]


def emit_chance(path, rng, games, plies, config):
    count = 0
    with open(path, "w") as out:
        for _ in range(games):
            g, played = Game(**config), []
            rng.randrange(1, plies)
            for _ in range(plies):
                if g.status()[0] != "ongoing":
                    break
                chance = g.chance()
                if chance is not None:
                    out.write(json.dumps({"moves": played, "chance": dict(chance)}) + "\n")
                    count += 1
                    m = rng.choices([m for m, _ in chance], weights=[p for _, p in chance])[0]
                else:
                    m = rng.choice(g.legal_moves())
                played = played + [m]
                g = g.apply(m)
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=300)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--emit-chance")
    args = ap.parse_args()
    if args.emit_chance:
        n = emit_chance(args.emit_chance, random.Random(args.seed), args.games, args.plies, {})
        print(f"stratego reference: {n} chance nodes of {args.games} games written to {args.emit_chance}")
        return 0
    if not args.tabula or not os.path.exists(args.tabula):
        print("stratego_reference: --tabula PATH (the built tabula binary) is required", file=sys.stderr)
        return 2
    config = {}
    for kv in args.option:
        key, _, value = kv.partition("=")
        if key == "two_squares" and value in ("3", "5"):
            config["two_squares"] = int(value)
        elif key == "scout_strikes" and value in ("yes", "no"):
            config["scout_strikes"] = value == "yes"
        else:
            print(f"stratego_reference: option '{kv}' is not modelled here", file=sys.stderr)
            return 2
    tabula = StrategoTabula(args.tabula, "stratego", args.option)
    rng = random.Random(args.seed)
    problems = []
    positions, chances = play(tabula, rng, args.games, args.plies, config, problems)
    for p in problems[:5]:
        print(p)
    what = f"{positions} positions ({chances} chance nodes) of {args.games} games"
    if problems:
        print(f"stratego reference: {len(problems)} mismatches in {what}")
        return 1
    print(f"stratego reference: no mismatch in {what} ({tabula.processes} tabula processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
