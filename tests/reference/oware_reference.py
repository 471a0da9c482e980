#!/usr/bin/env python3
"""Cross-checks Tabula's oware (abapa) against OpenSpiel's `oware`
(pyspiel), move by move, and perft against OpenSpiel.

Usage:
    oware_reference.py --tabula PATH [--seed N] [--games N] [--perft-depth D]
    oware_reference.py --emit-perft N [--seed N]

`--emit-perft N` prints N perft-file lines (plugins/oware/tests/data/perft.epd)
for positions of random OpenSpiel games whose counts cannot depend on
OpenSpiel's cycle history (a position read from text has none), preferring
ones where a player must feed the other or the game ends within the
depth; counts by a perft over OpenSpiel.

OpenSpiel plays the same abapa rules: 4 seeds in 6 pits a side, sowing
counter-clockwise past the emptied pit, captures of 2 and 3 running back
through the opponent's row, the grand slam capturing nothing, the
obligation to feed, the end at more than 24 (or 24 each), and the end of a
cycle (a position repeated since the last capture) or of a player who
cannot feed, with each player taking the seeds of their own row. Its
action strings are Tabula's pit names (`A`-`F` South, `a`-`f` North).

One difference, checked as such: when a player passes 24, OpenSpiel still
hands the seeds left on the board to their rows' owners in the final
score; Tabula leaves them on the board, uncounted (the result is decided).
At the end of a game the script therefore compares Tabula's stores plus
the seeds of each row with OpenSpiel's scores, and the winner.

The script plays seeded random games in OpenSpiel and, for every position,
asks one `tabula moves --rules oware` batch process for the legal moves
twice: as the start plus the moves played, and from the position text
written here from OpenSpiel's board. `tabula position` gives the text and
the status at the end of every game and at one random position of it.
`tabula perft` (reached by the moves, so the cycle rule sees the same
history) is compared with a perft over OpenSpiel.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the reference is missing or the run could not be done.
"""

import argparse
import random
import re
import subprocess
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
except ImportError:
    print("oware reference: OpenSpiel is not installed (pip install open_spiel)", file=sys.stderr)
    sys.exit(2)


def board_of(state):
    """(South's pits A..F, North's pits a..f, [south score, north score])
    from OpenSpiel's text, which prints North's row from f to a."""
    lines = [line for line in str(state).split("\n") if line.strip()]
    if lines[0].startswith("[FINISHED]"):
        lines = lines[1:]
    north_score = int(lines[0].split("=")[1].split()[0])
    south_score = int(lines[5].split("=")[1].split()[0])
    north = [int(x) for x in lines[2].split()][::-1]
    south = [int(x) for x in lines[3].split()]
    return south, north, [south_score, north_score]


def text_of(state):
    south, north, (s, n) = board_of(state)
    side = "s" if state.is_terminal() or state.current_player() == 0 else "n"
    if state.is_terminal():
        # OpenSpiel keeps no player to move at the end; Tabula's text does.
        side = "s" if len(state.history()) % 2 == 0 else "n"
    return f"{','.join(map(str, south))}/{','.join(map(str, north))} {s} {n} {side}"


def legal(state):
    if state.is_terminal():
        return []
    return [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]


def status(state):
    if not state.is_terminal():
        return ("ongoing", None, None)
    south, north = state.returns()
    if south > north:
        return ("win", "south", "more than half the seeds")
    if north > south:
        return ("win", "north", "more than half the seeds")
    return ("draw", None, "24 seeds each")


def play_game(game, rng):
    state = game.new_initial_state()
    moves, seen = [], []
    while True:
        seen.append((legal(state), text_of(state), status(state)))
        if state.is_terminal():
            return moves, seen, board_of(state)[2]
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def tabula_perft(binary, moves, depth):
    args = [binary, "perft", "--rules", "oware", "--depth", str(depth)]
    if moves:
        args += ["--moves", " ".join(moves)]
    run = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    first = run.stdout.split("\n")[0].strip()
    return int(first) if run.returncode == 0 and first.isdigit() else f"failed: {(run.stdout + run.stderr)[:300]}"


def final_counts(text):
    """Each player's store plus the seeds of their row, from Tabula's text."""
    pits, south, north, _ = text.split()
    rows = [sum(int(x) for x in row.split(",")) for row in pits.split("/")]
    return [int(south) + rows[0], int(north) + rows[1]]


def result_reason_agrees(got, got_text, text_before, scores):
    """The seed counts in Tabula's result reason ('north wins 26–13', the
    winner's first; two equal counts for a draw) against the reference.
    Where Tabula's board is empty (a cycle, or a player who cannot feed:
    both hand each row to its owner) they are OpenSpiel's scores. Where
    seeds are left (a player passed 24) they are Tabula's stores: the
    winner's above 24, and the loser's, who did not move last and so
    captured nothing since, the same as in OpenSpiel's position before the
    last move; the seeds left are checked by `final_counts`."""
    kind, winner, reason = got
    pits, south, north, _ = got_text.split()
    stores = {"south": int(south), "north": int(north)}
    board_empty = all(int(x) == 0 for row in pits.split("/") for x in row.split(","))
    want_counts = {"south": scores[0], "north": scores[1]} if board_empty else stores
    before = text_before.split()
    stores_before = {"south": int(before[1]), "north": int(before[2])}
    numbers = re.findall(r"\d+", reason or "")
    if kind == "draw":
        return [int(n) for n in numbers] == [24, 24] and want_counts == {"south": 24, "north": 24}
    loser = "north" if winner == "south" else "south"
    m = re.fullmatch(r"(south|north) wins (\d+)–(\d+)", reason or "")
    if not m or m.group(1) != winner:
        return False
    won, lost = int(m.group(2)), int(m.group(3))
    if (won, lost) != (want_counts[winner], want_counts[loser]):
        return False
    if not board_empty and (won <= 24 or lost != stores_before[loser]):
        return False
    return True


def compare_moves(tabula, games, mismatches):
    lines, expected = [], []
    for moves, seen, _ in games:
        for k, (moves_here, text, _) in enumerate(seen):
            played = f"moves {' '.join(moves[:k])}" if k else ""
            where = f"after {k} moves (... {' '.join(moves[max(0, k - 4):k])})"
            lines += [played, text]
            expected += [(moves_here, where)] * 2
    # The last move again from the text before it, which has no history:
    # if the game goes on there, only the cycle rule ended it.
    last_lines = [f"{seen[-2][1]} moves {moves[-1]}" for moves, seen, _ in games]
    answers = tabula.batch(lines + last_lines)
    for line, answer, (moves_here, where) in zip(lines, answers, expected):
        got = answer.split()
        if sorted(got) != sorted(moves_here):
            extra, missing = sorted(set(got) - set(moves_here)), sorted(set(moves_here) - set(got))
            mismatches.append(f"legal moves {where} (asked as '{line[:60]}'): extra {extra}, missing {missing}")
    cycles = 0
    for line, answer in zip(last_lines, answers[len(lines):]):
        if answer.startswith("error"):
            mismatches.append(f"'{line}' is refused: {answer}")
        cycles += bool(answer.split())
    return len(lines), cycles


def compare_positions(tabula, games, rng, mismatches):
    """Texts and statuses inside games; at the end, the status and the
    final counts (see the module's note on the seeds left)."""
    for moves, seen, scores in games:
        k = rng.randrange(len(moves))
        _, text, want = seen[k]
        got_text, got_status = tabula.position("", moves[:k])
        if got_text != text or parse_tabula_status(got_status or "") != want:
            mismatches.append(f"after {k} moves: tabula '{got_text}' / '{got_status}', reference '{text}' / {want}")
        got_text, got_status = tabula.position("", moves)
        want = seen[-1][2]
        got = parse_tabula_status(got_status or "")
        if (
            got_text is None
            or got is None
            or got[:2] != want[:2]
            or final_counts(got_text) != scores
            or not result_reason_agrees(got, got_text, seen[-2][1], scores)
        ):
            mismatches.append(
                f"the end after {len(moves)} moves (... {' '.join(moves[-4:])}): tabula '{got_text}' / "
                f"'{got_status}', reference scores {scores} / {want}"
            )


def compare_perft(binary, game, games, depth, rng, mismatches):
    checked = 0
    want = [perft(game.new_initial_state(), d) for d in range(1, depth + 1)]
    for d in range(1, depth + 1):
        got = tabula_perft(binary, [], d)
        checked += 1
        if got != want[d - 1]:
            mismatches.append(f"perft {d} of the start: tabula {got}, reference {want[d - 1]}")
    for moves, seen, _ in games[:12]:
        # Near the end, where captures, feeding and the ends are dense.
        k = max(0, len(moves) - 1 - rng.randrange(8))
        state = game.new_initial_state()
        for name in moves[:k]:
            state.apply_action(next(a for a in state.legal_actions()
                                    if state.action_to_string(state.current_player(), a) == name))
        want_here = perft(state, 4)
        got = tabula_perft(binary, moves[:k], 4)
        checked += 1
        if got != want_here:
            mismatches.append(f"perft 4 after {k} moves ('{seen[k][1]}'): tabula {got}, reference {want_here}")
    return checked


def ends_within(state, plies):
    """Whether some line of at most `plies` moves ends the game."""
    if state.is_terminal():
        return True
    if plies == 0:
        return False
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if ends_within(child, plies - 1):
            return True
    return False


def key(state):
    south, north, _ = board_of(state)
    return (tuple(south), tuple(north), state.current_player())


def meets(state, earlier, plies):
    """Whether some line of at most `plies` moves reaches a position of
    `earlier`: only then can a history make the counts differ."""
    if state.is_terminal() or plies == 0:
        return False
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if (not child.is_terminal() and key(child) in earlier) or meets(child, earlier, plies - 1):
            return True
    return False


def emit_perft(game, rng, wanted):
    """Perft-file lines for positions whose counts do not depend on the
    history OpenSpiel keeps for its cycle rule (a text has none): just after
    a capture, or where no line within the depth meets an earlier position;
    a third each where a player must feed the other, where the game ends
    within the depth, and just after a capture."""
    kinds = ["must feed", "ends within the depth", "after a capture"]
    found = {kind: [] for kind in kinds}
    quota = -(-wanted // len(kinds))
    while any(len(lines) < quota for lines in found.values()):
        state = game.new_initial_state()
        earlier, taken = set(), set()
        while not state.is_terminal():
            before = sum(board_of(state)[2])
            earlier.add(key(state))
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
            captured = sum(board_of(state)[2]) != before
            if captured:
                earlier = set()
            south, north, _ = board_of(state)
            depth = 6 if sum(south) + sum(north) > 12 else 8
            if min(sum(south), sum(north)) == 0:
                kind = kinds[0]
            elif ends_within(state, depth - 1):
                kind = kinds[1]
            elif captured and rng.random() < 0.05:
                kind = kinds[2]
            else:
                continue
            if kind in taken or len(found[kind]) >= quota or (not captured and meets(state, earlier, depth)):
                continue
            taken.add(kind)
            counts = [perft(state, d) for d in range(1, depth + 1)]
            fields = " ".join(f";D{d} {n}" for d, n in enumerate(counts, 1))
            found[kind].append(f"{text_of(state)} {fields} ;id {kind}")
    for kind in kinds:
        for line in found[kind]:
            print(line)


def main():
    if "--emit-perft" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--emit-perft", type=int, required=True)
        ap.add_argument("--seed", type=int, default=7)
        args = ap.parse_args()
        emit_perft(pyspiel.load_game("oware"), random.Random(args.seed), args.emit_perft)
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--perft-depth", type=int, default=6)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game("oware")
    try:
        games = [play_game(game, rng) for _ in range(args.games)]
    except RuntimeError as e:  # OpenSpiel stops a game at 1000 moves
        print(f"oware reference: OpenSpiel could not finish a game: {e}", file=sys.stderr)
        return 2

    tabula = Tabula(args.tabula, "oware")
    mismatches = []
    positions, cycles = compare_moves(tabula, games, mismatches)
    compare_positions(tabula, games, rng, mismatches)
    perfts = compare_perft(args.tabula, game, games, args.perft_depth, rng, mismatches)

    results = {}
    for _, seen, _ in games:
        kind, winner, _ = seen[-1][2]
        results[winner or kind] = results.get(winner or kind, 0) + 1
    longest = max(len(m) for m, _, _ in games)
    print(f"oware reference: {args.games} games (longest {longest} moves, {cycles} ended by a cycle), "
          f"{positions} positions, {perfts} perft counts, results {dict(sorted(results.items()))}")
    if mismatches:
        print(f"oware reference: {len(mismatches)} mismatches, the first ones:")
        for m in mismatches[:8]:
            print("  " + m)
        return 1
    print("oware reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
