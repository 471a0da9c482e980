#!/usr/bin/env python3
"""A second, deliberately simple tri-dimensional chess, written from the
rules' wording (docs/games/tridchess.md: Federation Standard 5.0 as Roth's
"Federation Revised Standard" reads it), to cross-check Tabula's
`tridchess` plugin. Nothing here is clever: squares are (file, rank,
elevation) tuples, every rule is applied by brute force, and a king is in
check when some enemy move would land on it.

Usage:
    tridchess_reference.py --tabula PATH [--seed N] [--games N] [--plies N]
    tridchess_reference.py --perft DEPTH [--position TEXT] [--moves "M1 M2 ..."]

The script plays seeded random games and, after every move, compares the
set of legal moves (coordinate notation) that `tabula moves` gives for the
start position plus the moves played with its own; at the end of each game
and at a random position of it, it compares `tabula position`'s text and
status with its own, and asks `tabula moves` again from the text it writes
itself. With --perft it only counts move paths from the position given (or
the start position) after the given moves (the counts of plugins/tridchess/tests/data/perft.epd)
and prints the position text it reached.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

FILES = "zabcde"
MAIN = {2: "W", 4: "N", 6: "B"}
# Per pin (level number 1..6): its fixed level's elevation, the rank of the
# corner it stands on, and the two ranks a board on it covers.
PINS = {1: (2, 1, (0, 1)), 2: (2, 4, (4, 5)), 3: (4, 3, (2, 3)), 4: (4, 6, (6, 7)), 5: (6, 5, (4, 5)), 6: (6, 8, (8, 9))}
SIDE_FILES = {"Q": (0, 1), "K": (4, 5)}
KINDS = "KQRBNP"
PROMOTE = "QRBN"
START = "4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:PP/RQ,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq - - 0 1"


def main_squares():
    """The fixed squares: level W at elevation 2 ranks 1-4, N at 4 ranks
    3-6, B at 6 ranks 5-8, files a-d."""
    out = []
    for elev, low in ((2, 1), (4, 3), (6, 5)):
        for r in range(low, low + 4):
            for f in range(1, 5):
                out.append((f, r, elev))
    return out


MAIN_SQUARES = set(main_squares())


def board_squares(place):
    """The four squares of an attack board at place (side, pin, inverted)."""
    side, pin, inverted = place
    elev, _, ranks = PINS[pin]
    e = elev - 1 if inverted else elev + 1
    return [(f, r, e) for r in ranks for f in SIDE_FILES[side]]


def place_name(place):
    side, pin, inverted = place
    return f"{side}L{pin}" + ("i" if inverted else "")


def parse_place(text):
    inverted = text.endswith("i")
    core = text[:-1] if inverted else text
    return (core[0], int(core[2]), inverted)


class Game:
    def __init__(self):
        self.pieces = {}      # square -> (colour 'w'/'b', kind letter)
        self.boards = {}      # place -> owner 'w'/'b'
        self.turn = "w"
        self.rights = set()   # subset of "KQkq"
        self.unmoved = set()  # squares of pawns that never moved
        self.ep = None  # after a pawn's two-step: (square passed over or None, the pawn)
        self.halfmove = 0
        self.fullmove = 1
        self.seen = []        # position keys since the start, for repetition

    # ---- squares -------------------------------------------------------
    def squares(self):
        out = set(MAIN_SQUARES)
        for place in self.boards:
            out.update(board_squares(place))
        return out

    def copy(self):
        """A separate game: the containers copied one level deep (squares
        and pieces are immutable tuples)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.pieces, other.boards = dict(self.pieces), dict(self.boards)
        other.rights, other.unmoved, other.seen = set(self.rights), set(self.unmoved), list(self.seen)
        other._columns = None
        return other

    def place_of(self, sq):
        for place in self.boards:
            if sq in board_squares(place):
                return place
        return None

    def name(self, sq):
        f, r, e = sq
        if sq in MAIN_SQUARES:
            level = MAIN[e]
        else:
            level = place_name(self.place_of(sq))
        return f"{FILES[f]}{r}{level}"

    def column(self, f, r):
        """The squares on file f and rank r, lowest first (remembered until
        the boards move)."""
        if getattr(self, "_columns", None) is None:
            self._columns = {}
            for s in sorted(self.squares(), key=lambda s: s[2]):
                self._columns.setdefault((s[0], s[1]), []).append(s)
        return self._columns.get((f, r), [])

    # ---- paths ---------------------------------------------------------
    def path_square(self, f, r, ceiling):
        """The highest square on (f, r) not above the ceiling, or None."""
        below = [s for s in self.column(f, r) if s[2] <= ceiling]
        return below[-1] if below else None

    def path_clear(self, between, ceiling):
        for f, r in between:
            s = self.path_square(f, r, ceiling)
            if s is not None and s in self.pieces:
                return False
        return True

    def can_slide(self, a, b, between):
        """Roth: every file and rank passed must have a square; path A at
        the higher end's elevation, or path B one higher over an attack
        board when that end is a fixed level."""
        if any(not self.column(f, r) for f, r in between):
            return False
        c = max(a[2], b[2])
        if self.path_clear(between, c):
            return True
        return c in MAIN and self.path_clear(between, c + 1)

    # ---- moves -----------------------------------------------------------
    def piece_targets(self, sq, colour, kind):
        """Squares the piece on sq reaches (not caring about its king)."""
        f, r, e = sq
        out = []
        if kind == "N":
            jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
            for df, dr in jumps:
                out.extend(self.column(f + df, r + dr))
        else:
            rook = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            dirs = {"R": rook, "B": bishop, "Q": rook + bishop, "K": rook + bishop}[kind]
            reach = 1 if kind == "K" else 9
            for df, dr in dirs:
                for k in range(1, reach + 1):
                    tf, tr = f + df * k, r + dr * k
                    if not (0 <= tf <= 5 and 0 <= tr <= 9) or not self.column(tf, tr):
                        break
                    between = [(f + df * i, r + dr * i) for i in range(1, k)]
                    for t in self.column(tf, tr):
                        if self.can_slide(sq, t, between):
                            out.append(t)
        return [t for t in out if self.pieces.get(t, ("", ""))[0] != colour]

    def pawn_moves(self, sq, colour):
        f, r, e = sq
        d = 1 if colour == "w" else -1
        out = []
        for t in self.column(f, r + d):
            if t not in self.pieces:
                out.append((sq, t, None))
        if sq in self.unmoved and self.column(f, r + d):
            for t in self.column(f, r + 2 * d):
                if t not in self.pieces and self.can_slide(sq, t, [(f, r + d)]):
                    out.append((sq, t, None))
        for df in (-1, 1):
            for t in self.column(f + df, r + d):
                if t in self.pieces and self.pieces[t][0] != colour:
                    out.append((sq, t, None))
        if self.ep:
            land, victim = self.ep
            if land and victim[1] == r and abs(victim[0] - f) == 1 and land not in self.pieces:
                out.append((sq, land, "ep"))
        return out

    def passed_square(self, start, end):
        """The square a double step passed over: on path A when that path
        was free, else on path B; None when it flew over no square."""
        f, r = start[0], (start[1] + end[1]) // 2
        c = max(start[2], end[2])
        height = c if self.path_clear([(f, r)], c) else c + 1
        return self.path_square(f, r, height)

    def promotes(self, colour, rank):
        return rank >= 8 if colour == "w" else rank <= 1

    def attacked(self, target, by):
        for sq, (colour, kind) in self.pieces.items():
            if colour != by:
                continue
            if kind == "P":
                d = 1 if by == "w" else -1
                if target[1] == sq[1] + d and abs(target[0] - sq[0]) == 1:
                    return True
            elif target in self.piece_targets(sq, by, kind):
                return True
        return False

    def king(self, colour):
        return next(s for s, p in self.pieces.items() if p == (colour, "K"))

    def in_check(self, colour=None):
        colour = colour or self.turn
        return self.attacked(self.king(colour), "b" if colour == "w" else "w")

    HOME = {
        "w": {"king": (4, 0, 3), "krook": (5, 0, 3), "qrook": (0, 0, 3), "queen": (1, 0, 3)},
        "b": {"king": (4, 9, 7), "krook": (5, 9, 7), "qrook": (0, 9, 7), "queen": (1, 9, 7)},
    }

    def pseudo_moves(self):
        """(kind, data) pairs: ('move', (from, to, promo)), ('ep', ...),
        ('castle', 'K'/'Q'), ('board', (from place, to place, promo))."""
        me = self.turn
        out = []
        for sq, (colour, kind) in list(self.pieces.items()):
            if colour != me:
                continue
            if kind == "P":
                for a, b, how in self.pawn_moves(sq, me):
                    if how == "ep":
                        out.append(("ep", (a, b, None)))
                    elif self.promotes(me, b[1]):
                        out.extend(("move", (a, b, k)) for k in PROMOTE)
                    else:
                        out.append(("move", (a, b, None)))
            else:
                out.extend(("move", (sq, t, None)) for t in self.piece_targets(sq, me, kind))
        home = self.HOME[me]
        letters = ("K", "Q") if me == "w" else ("k", "q")
        if letters[0] in self.rights and self.pieces.get(home["king"]) == (me, "K") and self.pieces.get(home["krook"]) == (me, "R"):
            out.append(("castle", "K"))
        if letters[1] in self.rights and self.pieces.get(home["king"]) == (me, "K") and self.pieces.get(home["qrook"]) == (me, "R"):
            if home["queen"] in self.squares() and home["queen"] not in self.pieces:
                out.append(("castle", "Q"))
        out.extend(("board", m) for m in self.board_moves())
        return out

    def board_moves(self):
        me = self.turn
        if not any(p == (me, "P") for p in self.pieces.values()):
            return []
        out = []
        for place, owner in list(self.boards.items()):
            if owner != me:
                continue
            cargo = [s for s in board_squares(place) if s in self.pieces]
            if len(cargo) > 1 or (cargo and self.pieces[cargo[0]] != (me, "P")):
                continue
            side, pin, inverted = place
            targets = [(side, pin, not inverted)]
            for other in range(1, 7):
                if other != pin and abs(PINS[other][1] - PINS[pin][1]) <= 2:
                    targets += [(side, other, False), (side, other, True)]
            for to in targets:
                if to in self.boards:
                    continue
                if cargo:
                    landing = self.carried(place, to, cargo[0])
                    if self.promotes(me, landing[1]):
                        out.extend((place, to, k) for k in PROMOTE)
                        continue
                out.append((place, to, None))
        return out

    @staticmethod
    def carried(place, to, sq):
        old, new = board_squares(place), board_squares(to)
        return new[old.index(sq)]

    def apply(self, move):
        kind, data = move
        me = self.turn
        them = "b" if me == "w" else "w"
        nxt = self.copy()
        nxt.ep = None
        progress = False
        if kind in ("move", "ep"):
            a, b, promo = data
            piece = nxt.pieces.pop(a)
            victim_sq = b
            if kind == "ep":
                victim_sq = self.ep[1]
            taken = nxt.pieces.pop(victim_sq, None)
            nxt.pieces[b] = (me, promo) if promo else piece
            nxt.unmoved.discard(a)
            nxt.unmoved.discard(victim_sq)
            if taken:
                progress = True
                place = self.place_of(victim_sq)
                if place and self.boards[place] == them and not any(nxt.pieces.get(s, ("",))[0] == them for s in board_squares(place)):
                    nxt.boards[place] = me
            if piece[1] == "P":
                progress = True
                if abs(b[1] - a[1]) == 2 and kind == "move":
                    nxt.ep = (self.passed_square(a, b), b)
        elif kind == "castle":
            home = self.HOME[me]
            king = nxt.pieces.pop(home["king"])
            if data == "K":
                rook = nxt.pieces.pop(home["krook"])
                nxt.pieces[home["krook"]] = king
            else:
                rook = nxt.pieces.pop(home["qrook"])
                nxt.pieces[home["queen"]] = king
            nxt.pieces[home["king"]] = rook
        else:
            place, to, promo = data
            for s in board_squares(place):
                if s in nxt.pieces:
                    piece = nxt.pieces.pop(s)
                    nxt.unmoved.discard(s)
                    nxt.pieces[self.carried(place, to, s)] = (me, promo) if promo else piece
                    progress = progress or promo is not None
            nxt.boards[to] = nxt.boards.pop(place)
        for right, colour, king, rook in (("K", "w", "king", "krook"), ("Q", "w", "king", "qrook"), ("k", "b", "king", "krook"), ("q", "b", "king", "qrook")):
            home = self.HOME[colour]
            if nxt.pieces.get(home[king]) != (colour, "K") or nxt.pieces.get(home[rook]) != (colour, "R"):
                nxt.rights.discard(right)
        nxt.turn = them
        nxt.halfmove = 0 if progress else self.halfmove + 1
        if me == "b":
            nxt.fullmove += 1
        nxt.seen = self.seen + [self.key()]
        return nxt

    def legal_moves(self):
        me = self.turn
        out = []
        for m in self.pseudo_moves():
            if m[0] == "castle" and self.in_check():
                continue
            if not self.apply(m).in_check(me):
                out.append(m)
        return out

    def ep_possible(self):
        if not self.ep:
            return False
        land, victim = self.ep
        return land is not None and any(
            p == (self.turn, "P") and s[1] == victim[1] and abs(s[0] - victim[0]) == 1 for s, p in self.pieces.items()
        )

    def key(self):
        ep = self.ep if self.ep_possible() else None
        return (frozenset(self.pieces.items()), frozenset(self.boards.items()), self.turn, frozenset(self.rights), ep, frozenset(self.unmoved))

    def status(self, no_progress=100):
        """('ongoing'|'win'|'draw', winner, reason)."""
        if not self.legal_moves():
            if self.in_check():
                return ("win", "white" if self.turn == "b" else "black", "checkmate")
            return ("draw", None, "stalemate")
        if self.seen.count(self.key()) >= 2:
            return ("draw", None, "threefold repetition")
        if self.halfmove >= no_progress:
            return ("draw", None, "no capture or pawn move for too long")
        if all(k == "K" for _, k in self.pieces.values()):
            return ("draw", None, "only the kings are left")
        return ("ongoing", None, None)

    # ---- text ------------------------------------------------------------
    def coordinate(self, move):
        kind, data = move
        if kind == "castle":
            home = self.HOME[self.turn]
            to = home["krook"] if data == "K" else home["queen"]
            return f"{self.name(home['king'])}-{self.name(to)}"
        if kind == "board":
            place, to, promo = data
            return f"{place_name(place)}-{place_name(to)}" + (promo.lower() if promo else "")
        a, b, promo = data
        return f"{self.name(a)}-{self.name(b)}" + (promo.lower() if promo else "")

    def row(self, squares):
        out, empty = "", 0
        for s in squares:
            p = self.pieces.get(s)
            if p is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += p[1] if p[0] == "w" else p[1].lower()
        return out + (str(empty) if empty else "")

    def text(self):
        levels = []
        for elev, low in ((2, 1), (4, 3), (6, 5)):
            levels.append("/".join(self.row([(f, r, elev) for f in range(1, 5)]) for r in range(low + 3, low - 1, -1)))
        order = sorted(self.boards, key=lambda p: (p[0] == "K", p[1], p[2]))
        boards = []
        for place in order:
            sq = board_squares(place)
            boards.append(f"{place_name(place)}{self.boards[place]}:{self.row(sq[2:])}/{self.row(sq[:2])}")
        rights = "".join(c for c in "KQkq" if c in self.rights) or "-"
        ep = "-"
        if self.ep_possible():
            ep = f"{self.name(self.ep[0])}:{self.name(self.ep[1])}"
        moved = [self.name(s) for c in "wb" for s in PAWN_STARTS[c] if self.pieces.get(s) == (c, "P") and s not in self.unmoved]
        return " ".join([
            "|".join(levels), ",".join(boards), self.turn, rights, ep, ",".join(moved) or "-",
            str(self.halfmove), str(self.fullmove),
        ])


# Where each side's pawns start: rank 2 (7) of its level and rank 1 (8) of its boards.
PAWN_STARTS = {"w": [(f, 2, 2) for f in range(1, 5)] + [(0, 1, 3), (1, 1, 3), (4, 1, 3), (5, 1, 3)],
               "b": [(f, 7, 6) for f in range(1, 5)] + [(0, 8, 7), (1, 8, 7), (4, 8, 7), (5, 8, 7)]}


def put_row(g, row, squares):
    i = 0
    for ch in row:
        if ch.isdigit():
            i += int(ch)
        else:
            g.pieces[squares[i]] = ("w" if ch.isupper() else "b", ch.upper())
            i += 1


def read_text(text):
    """A position from the text format of docs/games/tridchess.md."""
    fields = text.split()
    levels, boards, side, rights, ep, moved = fields[:6]
    g = Game()
    for (elev, low), level in zip(((2, 1), (4, 3), (6, 5)), levels.split("|")):
        for i, row in enumerate(level.split("/")):
            put_row(g, row, [(f, low + 3 - i, elev) for f in range(1, 5)])
    for item in boards.split(","):
        head, rows = item.split(":")
        place = parse_place(head[:-1])
        g.boards[place] = head[-1]
        high, low = rows.split("/")
        squares = board_squares(place)
        put_row(g, high, squares[2:])
        put_row(g, low, squares[:2])
    g.turn = side
    g.rights = set() if rights == "-" else set(rights)
    named = {g.name(s): s for s in g.squares()}
    g.unmoved = {s for c in "wb" for s in PAWN_STARTS[c] if g.pieces.get(s) == (c, "P")}
    if moved != "-":
        g.unmoved -= {named[n] for n in moved.split(",")}
    if ep != "-":
        land, victim = ep.split(":")
        g.ep = (named[land], named[victim])
    if len(fields) > 6:
        g.halfmove = int(fields[6])
    if len(fields) > 7:
        g.fullmove = int(fields[7])
    return g


def start_game():
    """The setup, built square by square from the rules' description."""
    g = Game()
    back = {1: "N", 2: "B", 3: "B", 4: "N"}
    for f in range(1, 5):
        g.pieces[(f, 1, 2)] = ("w", back[f])
        g.pieces[(f, 2, 2)] = ("w", "P")
        g.pieces[(f, 8, 6)] = ("b", back[f])
        g.pieces[(f, 7, 6)] = ("b", "P")
    for colour, rank, pawn_rank, elev in (("w", 0, 1, 3), ("b", 9, 8, 7)):
        for f, kind in ((0, "R"), (1, "Q"), (4, "K"), (5, "R")):
            g.pieces[(f, rank, elev)] = (colour, kind)
        for f in (0, 1, 4, 5):
            g.pieces[(f, pawn_rank, elev)] = (colour, "P")
    g.boards = {("Q", 1, False): "w", ("K", 1, False): "w", ("Q", 6, False): "b", ("K", 6, False): "b"}
    g.rights = set("KQkq")
    g.unmoved = {s for s, p in g.pieces.items() if p[1] == "P"}
    return g


def perft(g, depth):
    if depth == 0:
        return 1
    moves = g.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(g.apply(m), depth - 1) for m in moves)


def play(tabula, rng, games, plies, problems):
    positions = 0
    for game_no in range(games):
        g = start_game()
        played = []
        checkpoint = rng.randrange(1, plies)
        lines, states = [], []
        for ply in range(plies):
            status = g.status()
            if status[0] != "ongoing":
                break
            moves = g.legal_moves()
            lines.append(("START moves " + " ".join(played)) if played else "")
            states.append(sorted(g.coordinate(m) for m in moves))
            if ply == checkpoint:
                compare_text(tabula, g, played, problems, game_no)
            m = rng.choice(moves)
            played.append(g.coordinate(m))
            g = g.apply(m)
        answers = tabula.batch([line.replace("START ", "") if line.startswith("START") else line for line in lines])
        for line, mine, theirs in zip(lines, states, answers):
            positions += 1
            got = sorted(theirs.split()) if not theirs.startswith("error") else ["<" + theirs + ">"]
            if got != mine:
                problems.append(f"game {game_no}, after '{line[12:]}': tabula {sorted(set(got) - set(mine))} "
                                f"missing {sorted(set(mine) - set(got))}")
        compare_text(tabula, g, played, problems, game_no)
    return positions


def compare_text(tabula, g, played, problems, game_no):
    text, status_line = tabula.position(START, played)
    if text is None:
        problems.append(f"game {game_no}: tabula position failed: {status_line}")
        return
    if text != g.text():
        problems.append(f"game {game_no} after {len(played)} plies: text\n  tabula    {text}\n  reference {g.text()}")
    mine = g.status()
    theirs = parse_tabula_status(status_line)
    if theirs is None or theirs[0] != mine[0] or theirs[1] != mine[1] or (mine[2] and theirs[2] != mine[2]):
        problems.append(f"game {game_no} after {len(played)} plies: status {status_line!r}, reference {mine}")
    if mine[0] == "ongoing":
        again = tabula.batch([g.text()])[0]
        if sorted(again.split()) != sorted(g.coordinate(m) for m in g.legal_moves()):
            problems.append(f"game {game_no}: moves from the reference's text {g.text()} differ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--perft", type=int)
    ap.add_argument("--moves", default="")
    ap.add_argument("--position", default=None)
    args = ap.parse_args()
    if args.perft is not None:
        g = read_text(args.position) if args.position else start_game()
        for text in args.moves.split():
            matching = [m for m in g.legal_moves() if g.coordinate(m) == text]
            if len(matching) != 1:
                print(f"tridchess_reference: '{text}' is not a legal move in {g.text()}", file=sys.stderr)
                return 2
            g = g.apply(matching[0])
        print(g.text())
        for depth in range(1, args.perft + 1):
            print(f"D{depth} {perft(g, depth)}")
        return 0
    if not args.tabula:
        print("tridchess_reference: --tabula PATH is required", file=sys.stderr)
        return 2
    tabula = Tabula(args.tabula, "tridchess")
    rng = random.Random(args.seed)
    problems = []
    positions = play(tabula, rng, args.games, args.plies, problems)
    for p in problems[:5]:
        print(p)
    if problems:
        print(f"tridchess reference: {len(problems)} mismatches in {positions} positions of {args.games} games")
        return 1
    print(f"tridchess reference: no mismatch in {positions} positions of {args.games} games "
          f"({tabula.processes} tabula processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
