#!/usr/bin/env python3
"""Cross-checks Tabula's draughts against pydraughts (international and
English draughts) and OpenSpiel's `checkers` (English draughts).

Usage:
    draughts_reference.py --tabula PATH [--seed N] [--games N]
                          [--openspiel-games N] [--perft-nodes N]

What is compared, through the real `tabula` binary (`tabula moves` in
batch mode, `tabula position`, `tabula perft`):

  * pydraughts, both rules: seeded random games from the start position,
    from random middlegames with kings and (international) from random
    lone-king endings. After every move the legal moves, as (start, end,
    pieces taken), of the position written as PDN FEN and of the start
    plus the moves played (where the draw rules apply); the PDN FEN Tabula
    writes; the result at the end of each game and at one random position.
  * OpenSpiel `checkers`: random games, a multi-jump's actions joined into
    one move, the same comparisons.
  * perft: the start positions and every position of the plugin's perft
    files (`plugins/draughts/tests/data/perft-*.epd`), each count up to
    --perft-nodes, counted by the references (pydraughts, and OpenSpiel
    for English draughts), by `tabula perft` and as the file says.

Where a reference's rules differ from the published rules Tabula follows,
the expected result comes from the published rule (written out below) and
the reference's differing verdict is tallied, not counted as a mismatch,
after checking it differs only the known way:

  * pydraughts counts the FMJD 16- and 5-move endgame rules in plies of
    king moves without capture (a man's move restarts it); the FMJD count
    starts when the ending arises and runs on, so pydraughts may play on
    after Tabula's draw.
  * OpenSpiel draws after 40 plies without a capture (man moves
    included) where the English rules draw after 40 moves each with no
    man moved and no capture; it has no repetition draw; it calls the
    first player (the one on squares 1-12) "White", the rules Black.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 a reference is not installed.
"""

import argparse
import pathlib
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import draughts
except ImportError:
    draughts = None
try:
    import pyspiel
except ImportError:
    pyspiel = None

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIZE = {"international": 10, "english": 8}
MEN = {"international": 20, "english": 12}
FIRST = {"international": "W", "english": "B"}
NAME = {"W": "white", "B": "black"}


class Geo:
    """The numbered dark squares of one board size."""

    def __init__(self, size):
        self.size, self.half, self.count = size, size // 2, size * size // 2

    def rc(self, sq):
        r, k = divmod(sq - 1, self.half)
        return r, (2 * k + 1 if r % 2 == 0 else 2 * k)

    def sq(self, r, f):
        if 0 <= r < self.size and 0 <= f < self.size and (r + f) % 2 == 1:
            return r * self.half + f // 2 + 1
        return None

    def between(self, a, b):
        (ra, fa), (rb, fb) = self.rc(a), self.rc(b)
        n = abs(rb - ra)
        if n == 0 or n != abs(fb - fa):
            raise ValueError(f"{a} and {b} share no diagonal")
        dr, df = (rb - ra) // n, (fb - fa) // n
        return [self.sq(ra + i * dr, fa + i * df) for i in range(1, n)]

    def crowning(self, colour):
        return range(1, self.half + 1) if colour == "W" else range(self.count - self.half + 1, self.count + 1)


def parse_fen(fen):
    """PDN FEN (no ranges) -> ({square: (colour, king)}, side)."""
    fields = fen.strip().split(":")
    pieces = {}
    for field in fields[1:]:
        colour = field[0]
        for item in filter(None, field[1:].split(",")):
            king = item.startswith("K")
            pieces[int(item.lstrip("K"))] = (colour, king)
    return pieces, fields[0]


def write_fen(pieces, side):
    groups = []
    for colour in "WB":
        items = [("K" if king else "") + str(sq) for sq, (c, king) in sorted(pieces.items()) if c == colour]
        groups.append(colour + ",".join(items))
    return side + ":" + ":".join(groups)


def key_of(geo, pieces, side, text):
    """A move as (start, end, pieces taken) from its squares on the board."""
    squares = [int(s) for s in text.replace("x", "-").split("-")]
    if "x" not in text:
        return squares[0], squares[1], frozenset()
    taken = set()
    for a, b in zip(squares, squares[1:]):
        hit = [s for s in geo.between(a, b) if s in pieces and pieces[s][0] != side]
        if len(hit) != 1:
            raise ValueError(f"{text}: leg {a}-{b} crosses {hit}")
        taken.add(hit[0])
    return squares[0], squares[-1], frozenset(taken)


def ending(pieces):
    """The FMJD lone-king ending of a board: '16', '5' or None."""
    for lone in "WB":
        mine = [k for c, k in pieces.values() if c == lone]
        theirs = [k for c, k in pieces.values() if c != lone]
        if len(mine) == 1 and mine[0] and any(theirs):
            return {1: "5", 2: "5", 3: "16"}.get(len(theirs))
    return None


class Rules:
    """The published draw rules, counted along a game (see the module doc)."""

    def __init__(self, rule, pieces, side):
        self.rule = rule
        self.king_plies = self.ending_plies = self.short_plies = 0
        self.seen = [(side, frozenset(pieces.items()))]

    def play(self, before, after, side_after, king_moved, taken):
        self.king_plies = self.king_plies + 1 if king_moved and not taken else 0
        if self.rule == "international":
            was, now = ending(before), ending(after)
            self.ending_plies = self.ending_plies + 1 if was and now else 0
            self.short_plies = self.short_plies + 1 if was == "5" and now == "5" else 0
        self.seen.append((side_after, frozenset(after.items())))

    def draw(self, pieces):
        if self.seen.count(self.seen[-1]) >= 3:
            return "threefold repetition"
        if self.rule == "english":
            return "40-move rule" if self.king_plies >= 80 else None
        if self.king_plies >= 50:
            return "25-move rule"
        kind = ending(pieces)
        if kind == "5" and self.short_plies >= 10:
            return "5-move endgame rule"
        if kind and self.ending_plies >= 32:
            return "16-move endgame rule"
        return None


def status(pieces, side, legal, draw):
    if not legal:
        why = "no legal move" if any(c == side for c, _ in pieces.values()) else "no pieces left"
        return ("win", NAME["B" if side == "W" else "W"], why)
    return ("draw", None, draw) if draw else ("ongoing", None, None)


def random_fen(rng, rule, kind):
    """A random position that can occur: 'middle' (kings and men) or
    'ending' (a lone king against one to three pieces with a king)."""
    geo = Geo(SIZE[rule])
    while True:
        pieces, free = {}, list(range(1, geo.count + 1))
        rng.shuffle(free)
        if kind == "ending":
            lone = rng.choice("WB")
            counts = {lone: 1, "B" if lone == "W" else "W": rng.randint(1, 3)}
        else:
            counts = {c: rng.randint(2, 8) for c in "WB"}
        for colour, n in counts.items():
            for i in range(n):
                sq = free.pop()
                king = i == 0 if kind == "ending" else rng.random() < 0.3
                if sq in geo.crowning(colour):
                    king = True
                pieces[sq] = (colour, king)
        return write_fen(pieces, rng.choice("WB"))


class Pydraughts:
    """pydraughts driven by (start, end, taken) keys."""

    def __init__(self, rule, fen):
        self.rule, self.geo = rule, Geo(SIZE[rule])
        self.board = draughts.Board(variant="standard" if rule == "international" else "english", fen=fen)

    def moves(self):
        """{key: (board move, pdn full path)} of the legal moves."""
        steps, taken = self.board._legal_moves_board()
        out = {}
        for move, caught in zip(steps, taken):
            caught = [] if caught[0] is None else caught
            key = (move[0][0], move[-1][1], frozenset(caught))
            path = [move[0][0]] + [leg[1] for leg in move]
            out.setdefault(key, (move, ("x" if caught else "-").join(map(str, path))))
        return out

    def push(self, move):
        steps, taken = self.board._legal_moves_board()
        self.board.push(draughts.Move(self.board, board_move=move, possible_moves=steps, possible_captures=taken))

    def pieces(self):
        return parse_fen(self.board.fen)

    def verdict(self):
        w = self.board.winner()
        return None if w is None else ("draw" if w == 0 else NAME["W" if w == 2 else "B"])


def play_pydraughts(rng, rule, fen, max_plies):
    """One random game: [(fen, moves so far, legal keys, status)] per
    position, the moves as (key, the reference's text), and pydraughts'
    own verdicts that differ from the rules."""
    game = Pydraughts(rule, fen)
    pieces, side = game.pieces()
    rules = Rules(rule, pieces, side)
    line, moves, differs = [], [], []
    while True:
        legal = game.moves()
        expect = status(pieces, side, legal, rules.draw(pieces))
        line.append((write_fen(pieces, side), len(moves), set(legal), expect))
        theirs = game.verdict()
        ours = None if expect[0] == "ongoing" else (expect[1] or "draw")
        if theirs != ours:
            differs.append((rule, write_fen(pieces, side), ours, theirs, expect[2], ending(pieces)))
        if expect[0] != "ongoing" or theirs is not None or len(moves) >= max_plies:
            return line, moves, differs
        key = rng.choice(sorted(legal, key=lambda k: (k[0], k[1], sorted(k[2]))))
        move, text = legal[key]
        king = pieces[key[0]][1]
        game.push(move)
        after, side_after = game.pieces()
        rules.play(pieces, after, side_after, king, bool(key[2]))
        pieces, side = after, side_after
        moves.append((key, text))


class Checker:
    """Collects comparisons against Tabula."""

    def __init__(self, tabula):
        self.tabula, self.mismatches, self.positions = tabula, [], 0
        # Per game, its moves as Tabula writes them (the host replays a
        # move list only in the game's own spelling).
        self.texts = []

    def legal(self, rule, games):
        """Each position's legal moves, asked from its FEN and then as the
        start plus the moves played."""
        geo = Geo(SIZE[rule])
        asked = [(g, k) for g, (_, (line, _, _)) in enumerate(games)
                 for k, position in enumerate(line) if position[2] is not None]

        def entry(g, k):
            return games[g][1][0][k]

        spelled = {}
        for (g, k), answer in zip(asked, self.tabula.batch([entry(g, k)[0] for g, k in asked])):
            fen, _, legal, _ = entry(g, k)
            spelled[(g, k)] = self.compare(rule, geo, fen, fen, answer, legal)
        self.texts = [[spelled.get((g, k), {}).get(key, text) for k, (key, text) in enumerate(moves)]
                      for g, (_, (_, moves, _)) in enumerate(games)]
        lines = []
        for g, k in asked:
            played = self.texts[g][:entry(g, k)[1]]
            lines.append(f"{games[g][0]} moves {' '.join(played)}" if played else games[g][0])
        for (g, k), line, answer in zip(asked, lines, self.tabula.batch(lines)):
            fen, _, legal, expect = entry(g, k)
            self.compare(rule, geo, fen, line, answer, legal if expect[0] == "ongoing" else set())

    def compare(self, rule, geo, fen, asked, answer, legal):
        """Checks one answer of `tabula moves`; returns {key: Tabula's text}."""
        self.positions += 1
        pieces, side = parse_fen(fen)
        if answer.startswith("error:"):
            self.mismatches.append(f"{rule} at {fen} (asked as '...{asked[-60:]}'): tabula says {answer}")
            return {}
        try:
            got = {key_of(geo, pieces, side, t): t for t in answer.split()}
        except ValueError as e:
            self.mismatches.append(f"{rule} {fen}: tabula wrote a move that does not parse: {e}")
            return {}
        if len(got) != len(answer.split()) or set(got) != legal:
            extra, missing = set(got) - legal, legal - set(got)
            self.mismatches.append(
                f"{rule} legal moves at {fen} (asked as '{asked[:70]}'): extra {show(extra)} missing {show(missing)}"
                f"{' duplicates' if len(got) != len(answer.split()) else ''}")
        return got

    def results(self, rule, game, start, line, rng):
        for k in sorted({len(line) - 1, rng.randrange(len(line))}):
            fen, moves, _, expect = line[k]
            text, got = self.tabula.position(start, self.texts[game][:moves])
            if text != fen or parse_tabula_status(got or "") != expect:
                self.mismatches.append(f"{rule} after {moves} moves from {start}: tabula '{text}' / '{got}', "
                                       f"expected '{fen}' / {expect}")


def show(keys):
    return sorted(f"{a}{'x' if t else '-'}{b}{sorted(t) if t else ''}" for a, b, t in keys)[:6]


def openspiel_pieces(state, side):
    """OpenSpiel's board in PDN terms: its player 0 ('o', '8') starts on
    the bottom rows of its diagram, which is Black's side (squares 1-12)
    turned half a turn. `side` is the side to move (OpenSpiel names none
    once the game is over)."""
    geo, pieces = Geo(8), {}
    rows = state.to_string().split("\n")[:8]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row[1:9]):
            if ch in "o8+*":
                pieces[geo.sq(7 - r, 7 - c)] = ("B" if ch in "o8" else "W", ch in "8*")
    return pieces, side


def openspiel_square(name):
    return Geo(8).sq(7 - (8 - int(name[1])), 7 - (ord(name[0]) - ord("a")))


def openspiel_moves(state):
    """{key: ([actions], full path text)} of the whole moves (multi-jumps
    joined)."""
    out, player = {}, state.current_player()

    def walk(s, actions, path, taken):
        for a in s.legal_actions():
            text = s.action_to_string(player, a)
            frm, to = openspiel_square(text[:2]), openspiel_square(text[2:])
            jump = abs(int(text[1]) - int(text[3])) == 2
            child = s.clone()
            child.apply_action(a)
            caught = taken | ({Geo(8).between(frm, to)[0]} if jump else set())
            route = (path or [frm]) + [to]
            if jump and not child.is_terminal() and child.current_player() == player:
                walk(child, actions + [a], route, caught)
            else:
                text = ("x" if jump else "-").join(map(str, route))
                out.setdefault((route[0], to, frozenset(caught)), (actions + [a], text))

    walk(state, [], [], set())
    return out


def play_openspiel(rng, max_plies):
    game = pyspiel.load_game("checkers")
    state = game.new_initial_state()
    pieces, side = openspiel_pieces(state, "B")
    rules = Rules("english", pieces, side)
    line, moves, differs, quiet = [], [], [], 0
    while True:
        legal = {} if state.is_terminal() else openspiel_moves(state)
        expect = status(pieces, side, legal, rules.draw(pieces))
        if state.is_terminal() and state.returns()[0] == 0:
            # OpenSpiel's 40 plies without a capture: the rules play on
            # (its move list is gone, so only the status is compared).
            draw = rules.draw(pieces)
            expect = ("draw", None, draw) if draw else ("ongoing", None, None)
            line.append((write_fen(pieces, side), len(moves), None, expect))
            differs.append(("english", write_fen(pieces, side), "openspiel 40 plies without capture", quiet))
            return line, moves, differs
        line.append((write_fen(pieces, side), len(moves), set(legal), expect))
        if expect[0] != "ongoing" or state.is_terminal() or len(moves) >= max_plies:
            if expect[0] == "draw" and not state.is_terminal():
                differs.append(("english", write_fen(pieces, side), f"tabula draws ({expect[2]})", quiet))
            return line, moves, differs
        key = rng.choice(sorted(legal, key=lambda k: (k[0], k[1], sorted(k[2]))))
        actions, text = legal[key]
        for a in actions:
            state.apply_action(a)
        after, side_after = openspiel_pieces(state, "W" if side == "B" else "B")
        rules.play(pieces, after, side_after, pieces[key[0]][1], bool(key[2]))
        quiet = 0 if key[2] else quiet + 1
        pieces, side = after, side_after
        moves.append((key, text))


def perft_file(rule):
    path = ROOT / "plugins" / "draughts" / "tests" / "data" / f"perft-{rule}.epd"
    cases = []
    for raw in path.read_text().splitlines():
        if raw.strip() and not raw.startswith("#"):
            fields = [f.strip() for f in raw.split(";")]
            counts = [tuple(map(int, f[1:].replace("_", "").split())) for f in fields[1:] if f.startswith("D")]
            ident = next((f[3:].strip() for f in fields[1:] if f.startswith("id ")), "")
            cases.append((fields[0], ident, counts))
    return cases


def reference_perft(rule, fen, depth, count, budgets):
    """The count by OpenSpiel (the English start) or pydraughts, or None
    when `count` is beyond that reference's budget."""
    openspiel_budget, pydraughts_budget = budgets
    if rule == "english" and fen == write_fen(*parse_fen(draughts.Board(variant="english").fen)):
        if count > openspiel_budget:
            return None
        return openspiel_perft(pyspiel.load_game("checkers").new_initial_state(), depth)
    if count > pydraughts_budget:
        return None
    game = draughts.Board(variant="standard" if rule == "international" else "english", fen=fen)._game
    return pydraughts_perft(game, depth)


def pydraughts_perft(game, depth):
    """Perft on pydraughts' own game object (its numbering may be turned,
    which counts do not see), one move per (start, end, pieces taken)."""
    moves, caught = game.legal_moves()
    distinct = {}
    for move, taken in zip(moves, caught):
        distinct.setdefault((move[0][0], move[-1][1], frozenset(t for t in taken if t is not None)), move)
    if depth == 1:
        return len(distinct)
    total = 0
    for move in distinct.values():
        game.push(move)
        total += pydraughts_perft(game, depth - 1)
        game.pop()
    return total


def openspiel_perft(state, depth):
    moves = openspiel_moves(state)
    if depth == 1:
        return len(moves)
    total = 0
    for actions, _ in moves.values():
        child = state.clone()
        for a in actions:
            child.apply_action(a)
        total += openspiel_perft(child, depth - 1) if not child.is_terminal() else 0
    return total


def check_perft(rule, tabula, check, budgets, only):
    """Compares the perft file's counts with the reference's and Tabula's;
    returns how many were compared."""
    compared = 0
    for fen, ident, counts in perft_file(rule):
        if only and ident != only:
            continue
        for depth, count in counts:
            reference = reference_perft(rule, fen, depth, count, budgets)
            if reference is None:
                continue
            compared += 1
            got = tabula.perft(fen, depth)
            if not reference == got == count:
                check.mismatches.append(
                    f"{rule} perft {depth} of {fen}: reference {reference}, tabula {got}, file {count}")
    return compared


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=6, help="pydraughts games per rule and start kind")
    ap.add_argument("--openspiel-games", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--perft-nodes", type=int, default=3000, help="largest perft count pydraughts recounts")
    ap.add_argument("--openspiel-perft-nodes", type=int, default=50000,
                    help="largest perft count OpenSpiel recounts (the English start)")
    ap.add_argument("--rule", choices=["international", "english"], help="only this rule set")
    ap.add_argument("--perft-only", action="store_true", help="only the perft files")
    ap.add_argument("--perft-id", default="", help="only this position of the perft files")
    args = ap.parse_args()
    budgets = (args.openspiel_perft_nodes, args.perft_nodes)
    if draughts is None or pyspiel is None:
        print("draughts reference: needs pydraughts (pip install pydraughts) and OpenSpiel (pip install open_spiel)",
              file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    tally, differs, perfts = {}, [], 0
    checkers = []
    for rule in [args.rule] if args.rule else ["international", "english"]:
        tabula = Tabula(args.tabula, "draughts", [f"rule={rule}"])
        check = Checker(tabula)
        checkers.append(check)
        kinds = ["start", "middle"] + (["ending"] if rule == "international" else [])
        games = []
        for kind in kinds if not args.perft_only else []:
            for _ in range(args.games):
                start = draughts.Board(variant="standard" if rule == "international" else "english").fen
                start = write_fen(*parse_fen(start)) if kind == "start" else random_fen(rng, rule, kind)
                played = play_pydraughts(rng, rule, start, args.max_plies)
                games.append((start, played))
                differs += played[2]
                tally[(rule, played[0][-1][3][0])] = tally.get((rule, played[0][-1][3][0]), 0) + 1
        if rule == "english" and not args.perft_only:
            start = write_fen(*parse_fen(draughts.Board(variant="english").fen))
            for _ in range(args.openspiel_games):
                played = play_openspiel(rng, args.max_plies)
                games.append((start, played))
                differs += played[2]
        if games:
            check.legal(rule, games)
        for g, (start, (line, _, _)) in enumerate(games):
            check.results(rule, g, start, line, rng)
        perfts += check_perft(rule, tabula, check, budgets, args.perft_id)
    mismatches = [m for c in checkers for m in c.mismatches]
    endgame_rules = ("16-move endgame rule", "5-move endgame rule")
    for d in (d for d in differs if len(d) == 6):
        rule, fen, ours, theirs, reason, kind = d
        if not (rule == "international" and kind and ours == "draw" and theirs is None and reason in endgame_rules):
            mismatches.append(f"{rule} at {fen}: the rules say {ours} ({reason}), pydraughts {theirs}")
    positions = sum(c.positions for c in checkers)
    print(f"draughts reference: {positions} positions compared, {perfts} perft counts, results {sorted(tally.items())}")
    print(f"draughts reference: {len(differs)} known rule differences of the references seen "
          f"({sum(1 for d in differs if len(d) == 6)} pydraughts endgame counts, "
          f"{sum(1 for d in differs if len(d) == 4)} OpenSpiel draws)")
    if mismatches:
        print(f"draughts reference: {len(mismatches)} mismatches, the first ones:")
        for m in mismatches[:8]:
            print("  " + m)
        return 1
    print("draughts reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
