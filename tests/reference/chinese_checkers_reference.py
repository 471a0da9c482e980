#!/usr/bin/env python3
"""Cross-checks Tabula's Chinese checkers plugin against OpenSpiel's
`chinese_checkers`, turn by turn, for 2, 3, 4 and 6 players.

Usage:
    chinese_checkers_reference.py --tabula PATH [--players 2,3,4,6]
        [--games N] [--limit TURNS] [--seed N] [--perft-depth D]

OpenSpiel plays a turn as several actions (a step, or each hop of a chain
and then a pass); Tabula plays it as one move, the marble's start and end
hole. For every position of `--games` seeded games per player count, the
script enumerates OpenSpiel's turns (every action sequence to the end of
the turn, the board diffed before and after) and compares the set of
(start, end) holes with `tabula moves` on the same position, given as
Tabula's position text built from OpenSpiel's board. The games follow
random moves biased towards progress (so they reach their end), the
status after the game is compared with OpenSpiel's returns (the winner,
or the move-limit draw), and `--perft-depth` counts turns from the start
(distinct end positions per turn, as Tabula counts moves).

Hole names come from OpenSpiel's own drawing (`ToString` lays the holes
out row by row): its board turned half a turn, so its player 0 (north)
sits at the bottom as Tabula's first player does. The player-to-corner
assignments agree (OpenSpiel's triangle k is Tabula's corner k turned).

The published rules Tabula follows (Masters Traditional Games) add two
rules OpenSpiel lacks; the expected moves apply them to OpenSpiel's:
  * a marble that stands in its destination corner moves only within it
    (each landing of its chain in the corner): OpenSpiel's chains that
    leave the corner are dropped;
  * when the destination corner is full, a marble entering it may end on
    an opponent's marble there and swap places: those moves are added,
    computed here from the holes' coordinates.
The move limit counts turns of all players together in both.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 OpenSpiel is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_result

try:
    import pyspiel
except ImportError:
    print("chinese checkers reference: OpenSpiel is missing; install it with "
          "`python3 -m pip install open_spiel`", file=sys.stderr)
    sys.exit(2)

PASS = 726
NAMES = ["red", "purple", "blue", "green", "yellow", "black"]
SLOTS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}


class Geometry:
    """Each OpenSpiel hole's name, cube coordinates and neighbours, read
    from OpenSpiel's drawing of the start position."""

    def __init__(self, game):
        lines = game.new_initial_state().to_string().split("\n")[:17]
        self.rc = []
        for row, line in enumerate(lines):
            for col, ch in enumerate(line):
                if ch != " ":
                    self.rc.append((row, col))
        assert len(self.rc) == 121, "OpenSpiel draws 121 holes"
        self.index = {rc: i for i, rc in enumerate(self.rc)}
        self.names = []
        self.cube = []
        for row, col in self.rc:
            # Half a turn: OpenSpiel's top row is Tabula's bottom.
            y = row - 8
            c = 12 - col
            q = (c - y) // 2
            self.names.append(f"{chr(ord('a') + q + 8)}{y + 9}")
            self.cube.append((q, -q - y, y))
        self.neighbours = []
        for row, col in self.rc:
            near = {}
            for d, (dr, dc) in enumerate([(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)]):
                n = self.index.get((row + dr, col + dc))
                far = self.index.get((row + 2 * dr, col + 2 * dc))
                near[d] = (n, far)
            self.neighbours.append(near)

    def board(self, state):
        """Owner of each hole (-1 empty) from OpenSpiel's drawing."""
        lines = state.to_string().split("\n")[:17]
        return [-1 if lines[r][c] == "." else int(lines[r][c]) - 1 for r, c in self.rc]


def corner(cube):
    x, yc, z = cube
    # Tabula's corners, clockwise from the bottom (OpenSpiel's north).
    if z < -4:
        return 0
    if yc > 4:
        return 1
    if x < -4:
        return 2
    if z > 4:
        return 3
    if yc < -4:
        return 4
    if x > 4:
        return 5
    return None


def progress(target, cube):
    x, yc, z = cube
    return [-z, yc, -x, z, -yc, x][target]


class Race:
    def __init__(self, players, limit):
        self.players = players
        self.game = pyspiel.load_game("chinese_checkers", {"players": players, "max_moves": limit})
        self.geo = Geometry(self.game)
        self.corner = [corner(c) for c in self.geo.cube]

    def target(self, player):
        return (SLOTS[self.players][player] + 3) % 6

    def turns(self, state):
        """{(from, to): actions} for every turn OpenSpiel allows, with
        Tabula's rule that a marble in its destination corner stays in it."""
        player = state.current_player()
        if state.legal_actions() == [PASS]:
            return {"pass": [PASS]}
        target = self.target(player)
        out = {}

        def walk(st, board, path, origin, at):
            for a in st.legal_actions():
                if a == PASS:
                    self.record(out, origin, at, path + [a])
                    continue
                child = st.clone()
                child.apply_action(a)
                after = self.geo.board(child)
                landing = [i for i in range(121) if after[i] == player and board[i] != player]
                assert len(landing) == 1, landing
                start = a // 6 if origin is None else origin
                if self.corner[start] == target and self.corner[landing[0]] != target:
                    continue
                if child.is_terminal() or child.current_player() != player:
                    self.record(out, start, landing[0], path + [a])
                else:
                    walk(child, after, path + [a], start, landing[0])

        walk(state, self.geo.board(state), [], None, None)
        return out

    def record(self, out, origin, landing, actions):
        out.setdefault(f"{self.geo.names[origin]}{self.geo.names[landing]}", actions)

    def swaps(self, state):
        """The swaps into a full destination corner (not in OpenSpiel)."""
        player = state.current_player()
        board = self.geo.board(state)
        target = self.target(player)
        holes = [i for i in range(121) if self.corner[i] == target]
        if any(board[i] < 0 for i in holes):
            return set()
        found = set()
        for start in range(121):
            if board[start] != player or self.corner[start] == target:
                continue
            pieces = [b >= 0 and i != start for i, b in enumerate(board)]

            def swappable(h):
                return h is not None and self.corner[h] == target and board[h] >= 0 and board[h] != player

            for n, _ in self.geo.neighbours[start].values():
                if swappable(n):
                    found.add(f"{self.geo.names[start]}{self.geo.names[n]}")
            seen, stack = {start}, [start]
            while stack:
                at = stack.pop()
                for over, land in self.geo.neighbours[at].values():
                    if over is None or land is None or not pieces[over]:
                        continue
                    if pieces[land]:
                        if swappable(land):
                            found.add(f"{self.geo.names[start]}{self.geo.names[land]}")
                    elif land not in seen:
                        seen.add(land)
                        stack.append(land)
        return found

    def text(self, state, turns):
        """Tabula's position text for OpenSpiel's position."""
        board = self.geo.board(state)
        rows = {}
        for i, (r, c) in enumerate(self.geo.rc):
            rows.setdefault(16 - r, []).append((24 - c, board[i]))
        words = []
        for r in range(17):
            cells = sorted(rows[r])
            words.append("".join("." if o < 0 else str(o + 1) for _, o in cells))
        side = turns % self.players
        return f"{'/'.join(words)} {side + 1} {turns}"

    def status(self, state):
        if not state.is_terminal():
            return ("ongoing", None)
        returns = state.returns()
        if max(returns) > 0:
            winner = returns.index(max(returns))
            return ("win", NAMES[SLOTS[self.players][winner]])
        return ("draw", None)


def payoffs_agree(scores, returns, winner):
    """Tabula's payoffs by colour, when it names them, against OpenSpiel's
    returns; a plain line names none: +1/-1 for a two-player win, 0 each
    for a draw."""
    if scores is None:
        if winner is None:
            scores = {name: 0.0 for name in returns}
        else:
            scores = {name: 1.0 if name == winner else -1.0 for name in returns}
    return set(scores) == set(returns) and all(abs(scores[n] - returns[n]) < 1e-9 for n in returns)


def choose(race, state, moves, rng):
    """A random move, most often one that gains the most ground."""
    player = state.current_player()
    target = race.target(player)
    geo = race.geo
    names = {n: i for i, n in enumerate(geo.names)}

    def gain(key):
        if key == "pass":
            return 0
        split = next(i for i in range(2, len(key)) if key[i].isalpha())
        a, b = names[key[:split]], names[key[split:]]
        return progress(target, geo.cube[b]) - progress(target, geo.cube[a])

    keys = sorted(moves)
    if rng.random() < 0.75:
        best = max(gain(k) for k in keys)
        keys = [k for k in keys if gain(k) == best]
    return rng.choice(keys)


def perft(race, state, depth):
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for actions in race.turns(state).values():
        child = state.clone()
        for a in actions:
            child.apply_action(a)
        total += perft(race, child, depth - 1)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--players", default="2,3,4,6")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--limit", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft-depth", type=int, default=2)
    ap.add_argument("--midgame", type=int, default=30,
                    help="in each player count's first game, perft to --perft-depth after this many turns")
    args = ap.parse_args()

    mismatches = []
    positions = 0
    finished = 0
    stopped = 0
    processes = 0

    def mismatch(text):
        mismatches.append(text)

    for players in [int(p) for p in args.players.split(",")]:
        race = Race(players, args.limit)
        tabula = Tabula(args.tabula, "chinesecheckers", [f"players={players}", f"limit={args.limit}"])
        rng = random.Random(args.seed * 1000 + players)
        if args.perft_depth > 0:
            state = race.game.new_initial_state()
            for depth in range(1, args.perft_depth + 1):
                want = perft(race, state, depth)
                got = tabula.perft(race.text(state, 0), depth)
                print(f"perft {players} players from the start: ;D{depth} {want}")
                if got != want:
                    mismatch(f"{players} players: perft {depth} from the start: tabula {got}, OpenSpiel {want}")
        for game in range(args.games):
            state = race.game.new_initial_state()
            played, lines, expected, texts = [], [], [], []
            turns = 0
            while True:
                text = race.text(state, turns)
                texts.append(text)
                lines.append(text)
                if state.is_terminal():
                    expected.append(set())
                    break
                if game == 0 and turns == args.midgame:
                    for depth in range(1, args.perft_depth + 1):
                        want = perft(race, state, depth)
                        got = tabula.perft(text, depth)
                        print(f"perft {players} players after {turns} turns: {text} ;D{depth} {want}")
                        if got != want:
                            mismatch(f"{players} players: perft {depth} of '{text}': tabula {got}, OpenSpiel {want}")
                moves = race.turns(state)
                want = set(moves) | race.swaps(state)
                if not want:
                    # Every move OpenSpiel has leaves the destination
                    # corner: Tabula's mover passes, which OpenSpiel cannot
                    # follow, so the game stops being compared here.
                    want = {"pass"}
                expected.append(want)
                if not moves:
                    stopped += 1
                    break
                key = choose(race, state, moves, rng)
                for a in moves[key]:
                    state.apply_action(a)
                played.append(key)
                turns += 1
            lines.append("moves " + " ".join(played))
            answers = tabula.batch(lines)
            positions += len(expected)
            for i, (want, got) in enumerate(zip(expected, answers)):
                have = set(got.split()) if got.strip() else set()
                if got.startswith("error"):
                    mismatch(f"{players} players, game {game}, turn {i}: tabula refused '{texts[i]}': {got}")
                    break
                if have != want:
                    mismatch(
                        f"{players} players, game {game}, turn {i}: '{texts[i]}'\n"
                        f"  only tabula: {sorted(have - want)[:8]}\n  only OpenSpiel: {sorted(want - have)[:8]}"
                    )
                    break
            if not state.is_terminal():
                continue
            if answers[-1] != "":
                mismatch(f"{players} players, game {game}: after the whole game tabula still lists moves")
            text, status = tabula.position(texts[0], played)
            got = parse_tabula_result(status) if text else None
            want = race.status(state)
            finished += want[0] == "win"
            returns = {NAMES[SLOTS[players][p]]: r for p, r in enumerate(state.returns())}
            if got is None or (got[0], got[1]) != want or not payoffs_agree(got[2], returns, want[1]):
                mismatch(f"{players} players, game {game}: tabula says '{status}', OpenSpiel {want} returns {returns}")
            if text != texts[-1]:
                mismatch(f"{players} players, game {game}: tabula's final text '{text}', expected '{texts[-1]}'")
        processes += tabula.processes
        if len(mismatches) > 5:
            break

    print(
        f"chinese checkers reference: {positions} positions in {args.games} games per player count "
        f"({finished} won, {stopped} stopped where only Tabula's mover must pass, the rest drawn at the "
        f"limit), {processes} tabula processes"
    )
    if mismatches:
        for m in mismatches[:5]:
            print("MISMATCH", m)
        sys.exit(1)
    print("chinese checkers reference: no mismatch")


if __name__ == "__main__":
    main()
