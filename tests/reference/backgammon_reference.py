#!/usr/bin/env python3
"""Cross-checks Tabula's backgammon against OpenSpiel's (`pyspiel`,
game "backgammon" with scoring_type=full_scoring, so gammons count 2 and
backgammons 3).

Usage:
    backgammon_reference.py --tabula PATH [--seed N] [--games N]
    backgammon_reference.py --emit-chance FILE [--seed N] [--games N]
    backgammon_reference.py --perft-start

The script plays seeded random games in OpenSpiel: chance outcomes drawn
with OpenSpiel's probabilities, and at each turn one of the positions the
turn can end in (OpenSpiel plays a double as two actions of two checkers
each; the script follows both). It then asks one `tabula moves --rules
backgammon` batch process, for every node of every game, the legal moves
twice: as the start position plus the moves played, and from the position
text the script writes from OpenSpiel's state. It compares:

  * at chance nodes, the outcomes (`white:6-3` for the opening roll, which
    OpenSpiel draws as 30 outcomes of 1/30; `6-3` for the 21 rolls, which
    OpenSpiel 2.0 draws as 36 ordered outcomes, merged here);
  * at each turn, the set of positions Tabula's plays reach (each play,
    written in Tabula's coordinate notation, is applied here step by step
    with its own checks) against the set of positions OpenSpiel's legal
    action sequences reach;
  * where no die can be used, OpenSpiel's forced "Pass" against Tabula
    handing the roll straight to the opponent;
  * at the end of every game and at one random node, `tabula position`'s
    text and status (single game, gammon, backgammon and the winner)
    against OpenSpiel's state and returns.

One difference from OpenSpiel is expected and counted, not a mismatch:
OpenSpiel decides each half of a double separately, so when a first half
can be played in a way that leaves no second half it offers plays that use
fewer than the dice that can be used; the published rules ("all four
numbers of a double, or as many as can be played") forbid them, and Tabula
does not offer them. Those extra OpenSpiel positions are counted and
reported; every other difference is a mismatch.

--emit-chance writes `TEXT<TAB>MOVE<TAB>PROBABILITY` lines for OpenSpiel's
chance nodes (the Rust test tests/reference_backgammon.rs compares them
with the plugin's chance_outcomes). --perft-start prints the perft counts
of the start position to depth 4 computed from OpenSpiel.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the run could not be done (OpenSpiel missing).
"""

import argparse
import random
import re
import sys

try:
    import pyspiel
except ImportError:
    print("backgammon reference: pyspiel (OpenSpiel) is not installed: pip install open_spiel", file=sys.stderr)
    sys.exit(2)

from tabula_cli import Tabula, parse_tabula_status

SIDES = ("white", "black")
BAR, OFF = 25, 0
KINDS = {1: "single game", 2: "gammon", 3: "backgammon"}
BAR_POS = 24  # OpenSpiel's encoding of the bar in checker moves (kBarPos).


def game():
    return pyspiel.load_game("backgammon", {"scoring_type": "full_scoring"})


def board_of(state):
    """Each side's checkers from its own view: [off, points 1-24, bar].

    OpenSpiel's player 0 (X) is Tabula's white: its index i is its point
    24 - i; player 1 (O) is black: its index i is its point i + 1."""
    t = state.observation_tensor(0)
    board = [[0] * 26, [0] * 26]
    for i in range(24):
        board[0][24 - i] = state.board(0, i)
        board[1][i + 1] = state.board(1, i)
    board[0][BAR], board[0][OFF] = int(t[192]), int(t[193])
    board[1][BAR], board[1][OFF] = int(t[195]), int(t[196])
    return board


def key_of(board):
    return (tuple(board[0]), tuple(board[1]))


def dice_of(state):
    t = state.observation_tensor(0)
    a, b = (int(d) for d in t[198:200])
    return max(a, b), min(a, b)


def checkers_text(board, side):
    words = [SIDES[side]]
    for i in range(25, -1, -1):
        if board[side][i]:
            name = "bar" if i == BAR else "off" if i == OFF else str(i)
            words.append(f"{name}:{board[side][i]}")
    return " ".join(words)


def position_text(board, what):
    return f"{checkers_text(board, 0)} | {checkers_text(board, 1)} | {what}"


def apply_steps(board, side, text, dice):
    """Plays Tabula's coordinate move `text` on a copy of `board`: checks
    each step (a checker there, the bar first, an open point, a die of the
    roll for it, bearing off only from home); the new board or an error."""
    b = [list(board[0]), list(board[1])]
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    for step in text.split(","):
        a, _, z = step.partition("/")
        f = BAR if a == "bar" else int(a)
        t = OFF if z == "off" else int(z)
        if b[side][f] == 0:
            return None, f"step {step}: no checker on {a}"
        if b[side][BAR] and f != BAR:
            return None, f"step {step}: a checker on the bar must enter first"
        if t > 0:
            die = f - t
            if die not in left:
                return None, f"step {step}: no die {die} left of {dice}"
            opp = b[1 - side][25 - t]
            if opp >= 2:
                return None, f"step {step}: the point is closed"
            if opp == 1:
                b[1 - side][25 - t] = 0
                b[1 - side][BAR] += 1
        else:
            if any(b[side][i] for i in range(7, 26)):
                return None, f"step {step}: bearing off with checkers outside home"
            bigger = [d for d in left if d == f] or [d for d in left if d > f and not any(b[side][i] for i in range(f + 1, 7))]
            if not bigger:
                return None, f"step {step}: no die bears off from {f}"
            die = min(bigger)
        left.remove(die)
        b[side][f] -= 1
        b[side][t] += 1
    return b, None


def checker_steps(state, player, action):
    """OpenSpiel's action as Tabula steps (from, to) in the mover's view."""
    steps = []
    for cm in state.spiel_move_to_checker_moves(player, action):
        if cm.pos < 0 or cm.num < 0:
            continue  # a pass
        if cm.pos == BAR_POS or cm.pos > 23:
            f = BAR
        else:
            f = 24 - cm.pos if player == 0 else cm.pos + 1
        steps.append((f, max(f - cm.num, 0)))
    return steps


def turn_ends(state):
    """Every way OpenSpiel lets the player on turn finish the turn: the
    position reached -> (dice used, Tabula coordinate text, actions)."""
    player = state.current_player()
    out = {}

    def walk(s, used, actions):
        for a in s.legal_actions():
            c = s.clone()
            steps = checker_steps(s, player, a)
            c.apply_action(a)
            more = used + steps
            if not c.is_terminal() and c.current_player() == player:
                walk(c, more, actions + [a])
            else:
                key = key_of(board_of(c))
                text = ",".join(("bar" if f == BAR else str(f)) + "/" + ("off" if t == OFF else str(t)) for f, t in more)
                if key not in out or len(more) > out[key][0]:
                    out[key] = (len(more), text, actions + [a])

    walk(state, [], [])
    return out


def chance_texts(state, opening):
    """OpenSpiel's chance outcomes as Tabula moves, with probabilities.

    OpenSpiel 2.0 draws a roll as 36 ordered outcomes of 1/36 (3-1 and 1-3
    apart); Tabula as the 21 rolls, so outcomes with the same dice are
    merged and their probabilities added. Each Tabula move keeps the first
    OpenSpiel action that rolls it."""
    out = {}
    for action, prob in state.chance_outcomes():
        c = state.clone()
        c.apply_action(action)
        high, low = dice_of(c)
        text = f"{SIDES[c.current_player()]}:{high}-{low}" if opening else f"{high}-{low}"
        p, first = out.get(text, (0.0, action))
        out[text] = (p + prob, first)
    return [(text, p, action) for text, (p, action) in out.items()]


def play_game(rng):
    """One random game: its nodes (what Tabula should say at each) and moves."""
    state = game().new_initial_state()
    moves, nodes = [], []
    turn = None
    while not state.is_terminal():
        board = board_of(state)
        if state.is_chance_node():
            opening = turn is None
            what = "opening" if opening else f"{SIDES[turn]} to roll"
            outcomes = chance_texts(state, opening)
            nodes.append({"k": len(moves), "kind": "chance", "text": position_text(board, what),
                          "expect": sorted(t for t, _, _ in outcomes), "probs": [(t, p) for t, p, _ in outcomes]})
            text, _, action = rng.choices(outcomes, weights=[p for _, p, _ in outcomes])[0]
            state.apply_action(action)
            moves.append(text)
            turn = state.current_player()
            continue
        high, low = dice_of(state)
        ends = turn_ends(state)
        if list(ends) == [key_of(board)]:
            # No die can be used: OpenSpiel passes, Tabula hands the roll over.
            for a in ends[key_of(board)][2]:
                state.apply_action(a)
            turn = 1 - turn
            continue
        most = max(n for n, _, _ in ends.values())
        allowed = {k: v for k, v in ends.items() if v[0] == most}
        nodes.append({"k": len(moves), "kind": "play", "side": turn, "dice": (high, low), "board": board,
                      "text": position_text(board, f"{SIDES[turn]} to play {high}-{low}"),
                      "expect": set(allowed), "fewer": len(ends) - len(allowed)})
        choice = rng.choice(sorted(allowed))
        nodes[-1]["chosen"] = choice
        for a in allowed[choice][2]:
            state.apply_action(a)
        moves.append(allowed[choice][1])
        turn = 1 - turn
    returns = state.returns()
    board = board_of(state)
    if returns[0] == returns[1]:
        final = None  # OpenSpiel's turn limit: no result to compare
    else:
        winner = 0 if returns[0] > 0 else 1
        final = ("win", SIDES[winner], KINDS[int(abs(returns[0]))], position_text(board, f"{SIDES[winner]} wins"))
    return moves, nodes, final


def backgammon_status(line):
    """'status: win white scores white=2 black=-2 (gammon: 2 points)' ->
    ('win', 'white', 'gammon'): the host names the payoffs when they are
    not one point, and the plugin's reason ends with the points won."""
    line = (line or "").strip()
    match = re.match(r"status: win (\w+)(?: scores [^(]*)? \(([^:)]+)(?::[^)]*)?\)$", line)
    if match:
        return ("win", match.group(1).lower(), match.group(2))
    return parse_tabula_status(line)


def chance_names(answer):
    """The outcome names of the host's chance line, `chance: 21 outcomes:
    1-1 0.027778, 2-1 0.055556, ...`."""
    listed = answer.split("outcomes:", 1)[1]
    return [item.split()[0] for item in listed.split(",") if item.strip()]


def compare_node(node, answer, where):
    got = chance_names(answer) if answer.startswith("chance:") else answer.split()
    if answer.startswith("error"):
        return f"{where}: tabula says {answer[:200]}"
    if node["kind"] == "chance":
        if sorted(got) != node["expect"]:
            return f"{where}: chance outcomes {sorted(got)} against OpenSpiel's {node['expect']}"
        return None
    reached, problems = set(), []
    for move in got:
        after, error = apply_steps(node["board"], node["side"], move, node["dice"])
        if error:
            problems.append(f"{move}: {error}")
        else:
            reached.add(key_of(after))
    if problems:
        return f"{where}: tabula plays that do not apply: {problems[:3]}"
    if len(reached) != len(got):
        return f"{where}: {len(got)} tabula plays reach only {len(reached)} positions"
    extra, missing = reached - node["expect"], node["expect"] - reached
    if extra or missing:
        return f"{where}: {len(extra)} positions only tabula reaches, {len(missing)} only OpenSpiel reaches"
    return None


def perft_start():
    """Perft of the start to depth 4 from OpenSpiel, Tabula's way."""
    s = game().new_initial_state()
    d1, d2, d3, d4 = 0, 0, 0, 0
    for _, _, action in chance_texts(s, True):
        d1 += 1
        c = s.clone()
        c.apply_action(action)
        for _, _, actions in turn_ends(c).values():
            d2 += 1
            after = c.clone()
            for a in actions:
                after.apply_action(a)
            for _, _, roll in chance_texts(after, False):
                d3 += 1
                r = after.clone()
                r.apply_action(roll)
                ends = turn_ends(r)
                most = max(n for n, _, _ in ends.values())
                d4 += sum(1 for n, _, _ in ends.values() if n == most) if most > 0 else 21
    return d1, d2, d3, d4


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--emit-chance")
    ap.add_argument("--perft-start", action="store_true")
    args = ap.parse_args()
    if args.perft_start:
        print("backgammon perft from OpenSpiel: " + " ".join(f"D{d} {n}" for d, n in enumerate(perft_start(), 1)))
        return 0
    rng = random.Random(args.seed)
    games = [play_game(rng) for _ in range(args.games)]
    if args.emit_chance:
        with open(args.emit_chance, "w") as out:
            for _, nodes, _ in games:
                for node in nodes:
                    if node["kind"] == "chance":
                        for text, prob in node["probs"]:
                            out.write(f"{node['text']}\t{text}\t{prob!r}\n")
        print(f"backgammon reference: chance nodes of {args.games} games written to {args.emit_chance}")
        return 0
    if not args.tabula:
        ap.error("--tabula is required")
    tabula = Tabula(args.tabula, "backgammon")
    mismatches = []
    # First every node from the text the script writes; Tabula's answer at
    # a turn also names the play chosen, in Tabula's own coordinate text
    # (the host replays a move list only as the game writes it).
    nodes_all = [(g, node) for g, (_, nodes, _) in enumerate(games) for node in nodes]
    answers = tabula.batch([node["text"] for _, node in nodes_all])
    for (g, node), answer in zip(nodes_all, answers):
        moves = games[g][0]
        where = f"game {g} after {node['k']} moves (... {' '.join(moves[max(0, node['k'] - 3):node['k']])}) from the text"
        problem = compare_node(node, answer, where)
        if problem:
            mismatches.append(problem)
        if node["kind"] == "play" and not answer.startswith("error"):
            for move in answer.split():
                after, error = apply_steps(node["board"], node["side"], move, node["dice"])
                if not error and key_of(after) == node["chosen"]:
                    moves[node["k"]] = move
    # Then every node as the start position plus the moves played.
    lines = [f"moves {' '.join(games[g][0][:node['k']])}" if node["k"] else "" for g, node in nodes_all]
    answers = tabula.batch(lines)
    for (g, node), answer in zip(nodes_all, answers):
        moves = games[g][0]
        where = f"game {g} after {node['k']} moves (... {' '.join(moves[max(0, node['k'] - 3):node['k']])}) from the start"
        problem = compare_node(node, answer, where)
        if problem:
            mismatches.append(problem)
    finished, kinds, fewer = 0, {}, 0
    for g, (moves, nodes, final) in enumerate(games):
        fewer += sum(n.get("fewer", 0) for n in nodes)
        checks = [(len(moves), final)] if final else []
        node = rng.choice(nodes)
        checks.append((node["k"], ("ongoing", None, None, node["text"])))
        for k, expect in checks:
            text, status = tabula.position("", moves[:k])
            if text is None:
                mismatches.append(f"game {g} after {k} moves: tabula position failed: {status}")
                continue
            if text != expect[3] or backgammon_status(status) != expect[:3]:
                mismatches.append(f"game {g} after {k} moves: tabula '{text}' / '{status}', OpenSpiel '{expect[3]}' / {expect[:3]}")
        if final:
            finished += 1
            kinds[final[2]] = kinds.get(final[2], 0) + 1
    plays = sum(1 for _, nodes, _ in games for n in nodes if n["kind"] == "play")
    print(f"backgammon reference: {args.games} games ({finished} to the end: {kinds}), {2 * len(nodes_all)} positions asked, "
          f"{plays} turns compared; OpenSpiel offered {fewer} plays using fewer dice than the rules require (expected)")
    if mismatches:
        print(f"backgammon reference: {len(mismatches)} mismatches, the first ones:")
        for m in mismatches[:8]:
            print("  " + m)
        return 1
    print("backgammon reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
