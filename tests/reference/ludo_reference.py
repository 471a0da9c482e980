#!/usr/bin/env python3
"""Cross-checks Tabula's ludo plugin (Mensch ärgere Dich nicht) against
OpenSpiel's `maedn`, roll by roll and move by move, for 2, 3 and 4 players.

Usage:
    ludo_reference.py --tabula PATH [--players 2,3,4] [--games N]
        [--seed N] [--perft-depth D] [--replay-every K]
        [--emit-chance FILE]

Both number the track from player 0's start field (Tabula's field 1 is
OpenSpiel's field 0, red's start) and give each colour its four goal
fields in the order they are entered; two players sit opposite (OpenSpiel's
`twoPlayersOpposite`, Tabula's red and green). OpenSpiel's board is read
from its observation tensor (from player 0's view, where fields are
absolute).

For every position of `--games` seeded random games per player count the
legal moves of OpenSpiel (the six rolls at a chance node; pass, bringing a
piece in, or moving the piece on a field after the roll) are compared,
written in Tabula's notation, with `tabula moves` on the same position,
given as Tabula's position text built from OpenSpiel's state, and every
`--replay-every`th position also as the moves played from the start. The
games end at the first player home in both (Tabula's default
`finish=first`); the winner is compared. `--perft-depth` counts move paths
(rolls included) from the start. `--emit-chance` writes each chance node
met (Tabula's position text, then OpenSpiel's outcomes and probabilities)
for `tests/reference_race.rs`, which compares them with the plugin's
`chance_outcomes`.

Where the published rules (Schmidt Spiele) differ from OpenSpiel's:
  * the start: Schmidt puts each player's first piece on its start field;
    OpenSpiel starts with all four waiting. The games here start from
    OpenSpiel's start, given to Tabula as a position text.
  * three attempts: a player none of whose pieces can move with a 1 to 5
    (none on the track, the goal packed) rolls up to three times for a
    six; OpenSpiel passes the die on after one roll. Where Tabula's player
    rolls again, OpenSpiel's pass and roll are taken back (its
    `UndoAction`) and the next roll is played in OpenSpiel's chance node
    before them, which holds the same board for the same player.
Everything else (the forced start-field moves, the six that must bring a
piece out, captures, no jumping restriction in the goal, another roll
after a six) is compared as it stands.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 OpenSpiel is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_chance_line, parse_tabula_result

try:
    import pyspiel
except ImportError:
    print("ludo reference: OpenSpiel is missing; install it with `python3 -m pip install open_spiel`",
          file=sys.stderr)
    sys.exit(2)

LETTERS = "rbgy"
NAMES = ["red", "blue", "green", "yellow"]
PASS, BRING_IN = 0, 1
CHANCE = -1


def seats(n):
    return [0, 2] if n == 2 else list(range(n))


class Node:
    """An OpenSpiel state with what Tabula's turn adds: whose roll it is,
    which attempt, and the chance node before the roll (to roll again)."""

    def __init__(self, state, roll_for, attempt, before_roll):
        self.state = state
        self.roll_for = roll_for
        self.attempt = attempt
        self.before_roll = before_roll


class Maedn:
    def __init__(self, players):
        self.n = players
        self.game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": True})
        self.colour = seats(players)

    def start(self):
        return Node(self.game.new_initial_state(), 0, 1, None)

    def read(self, state):
        """(track owners by absolute field, goal bits per player, waiting
        per player, die) from player 0's observation."""
        t = state.observation_tensor(0)
        track = []
        for f in range(40):
            one = t[4 * f:4 * f + 4]
            track.append(one.index(1.0) if 1.0 in one else -1)
        # Goal blocks in the tensor follow OpenSpiel's positions of players
        # 0, 1, 2, 3 (seen from player 0).
        position_of = [0, 2, 1, 3] if self.n == 2 else [0, 1, 2, 3]
        goal = [0] * self.n
        for block in range(4):
            pos = position_of[block]
            for j in range(4):
                one = t[160 + 16 * block + 4 * j:160 + 16 * block + 4 * j + 4]
                if 1.0 in one:
                    owner = one.index(1.0)
                    assert self.colour[owner] == pos, (owner, pos)
                    goal[owner] |= 1 << j
        waiting = [int(t[224 + p]) for p in range(self.n)]
        dice = t[232:238]
        die = dice.index(1.0) + 1 if 1.0 in dice else 0
        return track, goal, waiting, die

    def stuck(self, state, player):
        """Tabula's three-attempt rule: no piece on the track and the goal
        packed at its end."""
        track, goal, _, _ = self.read(state)
        packed = goal[player] in (0, 0b1000, 0b1100, 0b1110, 0b1111)
        return packed and player not in track

    def text(self, node):
        state = node.state
        track, goal, waiting, die = self.read(state)
        words = ["".join("." if o < 0 else LETTERS[self.colour[o]] for o in track)]
        for p in range(self.n):
            g = "".join("x" if goal[p] & (1 << j) else "." for j in range(4))
            words.append(f"{LETTERS[self.colour[p]]}{waiting[p]}{g}")
        side = state.current_player() if not state.is_chance_node() and not state.is_terminal() else node.roll_for
        words.append(LETTERS[self.colour[side]])
        words.append(str(die) if die else "-")
        words.append(str(node.attempt))
        finished = [p for p in range(self.n) if goal[p] == 0b1111]
        words.append("".join(LETTERS[self.colour[p]] for p in finished) or "-")
        return " ".join(words)

    def move_text(self, state, action):
        """OpenSpiel's action in Tabula's coordinate notation."""
        player = state.current_player()
        if player == CHANCE:
            return f"roll{action + 1}"
        if action == PASS:
            return "pass"
        track, goal, waiting, die = self.read(state)
        colour = self.colour[player]
        start = 10 * colour

        def name(rel):
            if rel < 40:
                return str((start + rel) % 40 + 1)
            return f"{LETTERS[colour]}{'abcd'[rel - 40]}"

        if action == BRING_IN:
            return f"{LETTERS[colour]}{waiting[player]}-{start + 1}"
        rel = action - 2
        return f"{name(rel)}-{name(rel + die)}"

    def successors(self, node):
        """[(Tabula's move text, OpenSpiel action, child node)]."""
        state = node.state
        out = []
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                child = state.clone()
                child.apply_action(action)
                out.append((f"roll{action + 1}", action, Node(child, node.roll_for, node.attempt, state)))
            return out
        player = state.current_player()
        _, _, _, die = self.read(state)
        for action in state.legal_actions():
            text = self.move_text(state, action)
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                # Tabula hands the turn on past the finisher.
                nxt = Node(child, (player + 1) % self.n, 1, None)
            elif action == PASS and die != 6 and node.attempt < 3 and self.stuck(state, player):
                # Tabula's player rolls again: back to the chance node
                # before this roll, the same board and the same player.
                nxt = Node(node.before_roll.clone(), player, node.attempt + 1, None)
            else:
                roll_for = player if die == 6 else (player + 1) % self.n
                nxt = Node(child, roll_for, 1, None)
            out.append((text, action, nxt))
        return out

    def winner(self, state):
        returns = state.returns()
        return NAMES[self.colour[returns.index(max(returns))]]


def payoffs_agree(scores, returns):
    """Tabula's payoffs by colour, when it names them, against OpenSpiel's
    returns; a plain win line names none and stands for +1/-1 each."""
    if scores is None:
        scores = {name: 1.0 if r == max(returns.values()) else -1.0 for name, r in returns.items()}
    return set(scores) == set(returns) and all(abs(scores[n] - returns[n]) < 1e-9 for n in returns)


def perft(maedn, node, depth):
    if depth == 0 or node.state.is_terminal():
        return 1
    return sum(perft(maedn, child, depth - 1) for _, _, child in maedn.successors(node))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--perft-depth", type=int, default=5)
    ap.add_argument("--midgame", type=int, default=60,
                    help="in each player count's first game, perft to --perft-depth after this many moves")
    ap.add_argument("--replay-every", type=int, default=25)
    ap.add_argument("--emit-chance", default=None)
    args = ap.parse_args()

    mismatches = []
    positions = chance_nodes = retries = processes = 0
    emitted = []

    for players in [int(p) for p in args.players.split(",")]:
        maedn = Maedn(players)
        tabula = Tabula(args.tabula, "ludo", [f"players={players}"])
        rng = random.Random(args.seed * 1000 + players)
        start = maedn.start()
        start_text = maedn.text(start)
        if args.perft_depth > 0:
            for depth in range(1, args.perft_depth + 1):
                want = perft(maedn, start, depth)
                got = tabula.perft(start_text, depth)
                print(f"perft {players} players from OpenSpiel's start: {start_text} ;D{depth} {want}")
                if got != want:
                    mismatches.append(f"{players} players: perft {depth}: tabula {got}, OpenSpiel {want}")
        for game in range(args.games):
            node = start
            played, lines, expected = [], [], []
            while True:
                successors = [] if node.state.is_terminal() else maedn.successors(node)
                want = {t for t, _, _ in successors}
                text = maedn.text(node)
                if game == 0 and len(played) == args.midgame:
                    for depth in range(1, args.perft_depth + 1):
                        count = perft(maedn, node, depth)
                        got = tabula.perft(text, depth)
                        print(f"perft {players} players after {len(played)} moves: {text} ;D{depth} {count}")
                        if got != count:
                            mismatches.append(f"{players} players: perft {depth} of '{text}': tabula {got}, "
                                              f"OpenSpiel {count}")
                # At a chance node, the outcomes with OpenSpiel's probabilities.
                odds = ({f"roll{a + 1}": p for a, p in node.state.chance_outcomes()}
                        if successors and node.state.is_chance_node() else None)
                lines.append(text)
                expected.append((want, odds))
                if len(played) % args.replay_every == 0 or not successors:
                    lines.append(f"{start_text} moves {' '.join(played)}" if played else start_text)
                    expected.append((want, odds))
                if not successors:
                    break
                if node.state.is_chance_node():
                    chance_nodes += 1
                    if args.emit_chance and len(emitted) < 2000:
                        outcomes = " ".join(f"roll{a + 1}:{p!r}" for a, p in node.state.chance_outcomes())
                        emitted.append(f"{players}\t{text}\t{outcomes}")
                move, _, child = rng.choice(successors)
                retries += child.attempt > 1 and not node.state.is_chance_node()
                played.append(move)
                node = child
            answers = tabula.batch(lines)
            positions += len(answers)
            for i, ((want, odds), got) in enumerate(zip(expected, answers)):
                if got.startswith("error"):
                    mismatches.append(f"{players} players, game {game}: tabula refused '{lines[i]}': {got}")
                    break
                chance = parse_chance_line(got)
                if (odds is None) != (chance is None):
                    mismatches.append(f"{players} players, game {game}: '{lines[i]}': tabula answers '{got}', "
                                      f"OpenSpiel {'a chance node' if odds else 'moves'}")
                    break
                if chance is not None:
                    wrong = [(name, p) for name, p in chance if name not in odds or abs(odds[name] - p) > 5e-6]
                    if wrong or abs(sum(p for _, p in chance) - 1) > 1e-4:
                        mismatches.append(f"{players} players, game {game}: '{lines[i]}': tabula's odds {wrong or chance}, "
                                          f"OpenSpiel {odds}")
                        break
                have = {name for name, _ in chance} if chance is not None else set(got.split())
                if have != want:
                    mismatches.append(
                        f"{players} players, game {game}: '{lines[i]}'\n"
                        f"  only tabula: {sorted(have - want)[:8]}\n  only OpenSpiel: {sorted(want - have)[:8]}")
                    break
            text, status = tabula.position(start_text, played)
            got = parse_tabula_result(status) if text else None
            want = ("win", maedn.winner(node.state))
            returns = {NAMES[maedn.colour[p]]: r for p, r in enumerate(node.state.returns())}
            # The reason ranks the players ('green 1st, red 2nd, blue 2nd'):
            # OpenSpiel knows only the winner, who must come first.
            firsts = [w.split()[0] for w in (got[3] or "").split(", ") if w.endswith(" 1st")] if got else []
            if (got is None or (got[0], got[1]) != want or not payoffs_agree(got[2], returns)
                    or (firsts and firsts != [want[1]])):
                mismatches.append(f"{players} players, game {game}: tabula says '{status}', OpenSpiel {want} "
                                  f"returns {returns}")
            if text != maedn.text(node):
                mismatches.append(f"{players} players, game {game}: tabula's final text '{text}', "
                                  f"OpenSpiel's '{maedn.text(node)}'")
        processes += tabula.processes
        if len(mismatches) > 5:
            break

    if args.emit_chance:
        with open(args.emit_chance, "w") as f:
            f.write("\n".join(emitted) + "\n")
    print(f"ludo reference: {positions} positions ({chance_nodes} rolls, {retries} second or third attempts) "
          f"in {args.games} games per player count, {processes} tabula processes")
    if mismatches:
        for m in mismatches[:5]:
            print("MISMATCH", m)
        sys.exit(1)
    print("ludo reference: no mismatch")


if __name__ == "__main__":
    main()
