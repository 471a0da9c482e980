#!/usr/bin/env python3
"""Cross-checks Tabula's xiangqi rules against Fairy-Stockfish, move by move.

Usage:
    xiangqi_reference.py --tabula PATH [--engine PATH] [--seed N] [--games N]

The reference is the Fairy-Stockfish UCI engine (Debian package
`fairy-stockfish`, run with `UCI_Variant xiangqi`): `go perft 1` lists the
legal moves of a position, `d` prints its FEN and the pieces giving check.
Fairy-Stockfish numbers ranks 1-10; Tabula's ICCS numbers them 0-9, so every
move is converted.

The script plays seeded random games with the engine choosing among its own
legal moves (now and then a piece steps back, so positions repeat) and, for
every position, asks one `tabula moves --rules xiangqi` batch process for the
legal moves twice: from the bare FEN, and as the game's start FEN plus the
moves played. Hand-made positions (flying general, horse legs, elephant eyes
and the river, cannon screens, soldiers, palace) and every position two plies
from a few of them are compared the same way. `tabula position` is asked for
the position text and status at the end of every game and of hand-made
endings.

The result rules (WXF/Asian rules as Tabula implements them; the engine
supplies the facts: legal moves and which positions are check):
  * a side with no legal move loses, whether in check or not;
  * the third occurrence of a position (same placement, same side to move)
    since the last capture ends the game: if every move of one side between
    the first occurrence and now gave check, and not every move of the other
    side did, the checking side loses (perpetual check); otherwise draw;
  * 120 plies without a capture (the FEN's counter plus the plies played)
    is a draw.
Tabula refuses every move once the game is over, so its move list is then
empty.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 the engine is missing or the run could not be done.
"""

import argparse
import random
import re
import shutil
import subprocess
import sys

from tabula_cli import Tabula, parse_tabula_status

INSTALL = (
    "install Fairy-Stockfish with `apt-get install fairy-stockfish` "
    "(or run `scripts/setup.sh --test`)"
)

MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def to_iccs(m):
    a = MOVE.match(m)
    return f"{a[1]}{int(a[2]) - 1}{a[3]}{int(a[4]) - 1}"


def to_fsf(m):
    a = MOVE.match(m)
    return f"{a[1]}{int(a[2]) + 1}{a[3]}{int(a[4]) + 1}"


def key_of(fen):
    """Placement and side to move: what makes two positions the same."""
    f = fen.split()
    return f[0] + " " + f[1]


def piece_count(fen):
    return sum(c.isalpha() for c in fen.split()[0])


def halfmove_of(fen):
    f = fen.split()
    return int(f[4]) if len(f) > 4 else 0


def other(side):
    return "black" if side == "red" else "red"


def side_of(fen):
    return "red" if fen.split()[1] in ("w", "r") else "black"


# ---------------------------------------------------------------- the engine

class Engine:
    """One Fairy-Stockfish process, spoken to line by line."""

    def __init__(self, path):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.until("readyok")

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("xiangqi_reference: Fairy-Stockfish stopped answering")
            line = line.rstrip("\n")
            out.append(line)
            if line.startswith(prefix):
                return out

    def set(self, fen, moves=()):
        self.send(f"position fen {fen}" + (" moves " + " ".join(to_fsf(m) for m in moves) if moves else ""))

    def legal(self, fen):
        """The legal moves of `fen`, in ICCS."""
        self.set(fen)
        self.send("go perft 1")
        out = self.until("Nodes searched")
        return [to_iccs(line.split(":")[0]) for line in out if MOVE.match(line.split(":")[0])]

    def play(self, fen, move):
        """(FEN after `move`, whether the side to move is then in check)."""
        self.set(fen, [move])
        self.send("d")
        out = self.until("Checkers:")
        fens = [line[len("Fen: "):] for line in out if line.startswith("Fen: ")]
        if not fens:
            raise SystemExit(f"xiangqi_reference: Fairy-Stockfish printed no FEN for {fen} moves {move}")
        return fens[-1], bool(out[-1][len("Checkers:"):].split())

    def perft(self, fen, depth):
        self.set(fen)
        self.send(f"go perft {depth}")
        return int(self.until("Nodes searched")[-1].split(":")[1])

    def in_check(self, fen):
        self.set(fen)
        self.send("d")
        return bool(self.until("Checkers:")[-1][len("Checkers:"):].split())

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.p.kill()


# ---------------------------------------------------------------- games

class Game:
    """A game as the reference sees it: FENs, checks, moves."""

    def __init__(self, engine, start):
        self.engine = engine
        self.start = start
        self.fens = [start]
        self.checks = [engine.in_check(start)]
        self.moves = []
        self.legal = [engine.legal(start)]
        self.since_capture = [0]  # plies played here since the last capture
        self.clock = [halfmove_of(start)]  # the same, counting the FEN's counter

    def push(self, move):
        fen, check = self.engine.play(self.fens[-1], move)
        captured = piece_count(fen) < piece_count(self.fens[-1])
        self.fens.append(fen)
        self.checks.append(check)
        self.moves.append(move)
        self.legal.append(self.engine.legal(fen))
        self.since_capture.append(0 if captured else self.since_capture[-1] + 1)
        self.clock.append(0 if captured else self.clock[-1] + 1)

    def status(self):
        """('ongoing'|'win'|'draw', winner, reason) of the last position."""
        i = len(self.fens) - 1
        side = side_of(self.fens[i])
        if not self.legal[i]:
            return ("win", other(side), "checkmate" if self.checks[i] else "stalemate")
        # Third occurrence since the last capture (positions at the same
        # parity only: the side to move is part of the position).
        window = self.since_capture[i]
        key = key_of(self.fens[i])
        seen, first = 1, None
        j = i - 2
        while j >= i - window and j >= 0:
            if key_of(self.fens[j]) == key:
                seen += 1
                first = j
                if seen == 3:
                    break
            j -= 2
        if seen >= 3:
            # Positions first+1..i: those at even distance from i follow a
            # move of the side that moved last (the opponent of `side`).
            last_mover_always = all(self.checks[k] for k in range(first + 1, i + 1) if (i - k) % 2 == 0)
            to_move_always = all(self.checks[k] for k in range(first + 1, i + 1) if (i - k) % 2 == 1)
            if last_mover_always and not to_move_always:
                return ("win", side, "perpetual check")
            if to_move_always and not last_mover_always:
                return ("win", other(side), "perpetual check")
            return ("draw", None, "repetition")
        if self.clock[i] >= 120:
            return ("draw", None, "no-capture limit")
        return ("ongoing", None, None)


def describe(status):
    kind, winner, reason = status
    if kind == "ongoing":
        return "ongoing"
    if kind == "win":
        return f"win {winner} ({reason})"
    return f"draw ({reason})"


def status_agrees(expected, got):
    if got is None or got[0] != expected[0]:
        return False
    if expected[0] == "ongoing":
        return True
    if expected[0] == "win" and got[1] != expected[1]:
        return False
    # A position without legal moves loses whatever it is called, but a
    # repetition must say which rule decided it.
    if expected[2] in ("checkmate", "stalemate"):
        return True
    return got[2] == expected[2]


# ---------------------------------------------------------------- positions

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

SPECIAL = [
    ("start", START),
    ("the generals may not face each other", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("a cannon pinned between the generals", "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1"),
    ("a horse pinned between the generals", "4k4/9/9/4n4/9/9/9/9/9/4K4 b - - 0 1"),
    ("horse legs blocked", "4k4/9/9/9/9/9/9/4N4/4A4/3K5 w - - 0 1"),
    ("elephant eye blocked", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1"),
    ("elephant at the river", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1"),
    ("black elephant at the river", "3k5/9/9/9/2b6/9/9/9/9/4K4 b - - 0 1"),
    ("cannon: move, capture over one screen, not two", "5k3/9/9/4r4/9/4p4/9/9/4C4/3K5 w - - 0 1"),
    ("cannon check: block with a second screen or move away", "3k5/9/9/9/4c4/9/4P4/9/9/3AK4 w - - 0 1"),
    ("double cannon check", "3k5/9/9/9/4c4/4c4/9/9/9/3AK4 w - - 0 1"),
    ("soldier before the river: forward only", "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1"),
    ("soldier across the river: sideways too", "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1"),
    ("soldier on the last rank: sideways only", "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("black soldiers", "4k4/9/9/9/4p4/2p6/9/9/p8/3K5 b - - 0 1"),
    ("general and advisors in the palace", "3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"),
    ("general in check by a horse", "4k4/9/9/9/9/9/9/4n4/9/3K5 w - - 0 1"),
    ("general in check by a chariot: capture, block or step", "3k5/9/9/9/9/9/9/9/3r5/3K1A3 w - - 0 1"),
    ("a middle game", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"),
    ("an open position", "2bak4/4a4/4b4/p1p1C1p1p/4n4/2P6/P3c1P1P/4B4/4A4/2BAK4 w - - 0 20"),
]

# Each with all positions two plies on compared too.
DEEP = [START, SPECIAL[-2][1], SPECIAL[-1][1], SPECIAL[8][1]]

# Hand-made endings: (what, FEN, ICCS moves, expected kind, winner, reason).
# Every fixture is checked against the engine's facts first.
ENDINGS = [
    ("mate by a chariot (with the flying general)", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a1d1", "win", "red", "checkmate"),
    ("mate by two cannons", "3aka3/9/9/9/1C7/4C4/9/9/9/3K5 w - - 0 1", "b5e5", "win", "red", "checkmate"),
    ("mate by a soldier", "3rkr3/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1", "e7e8", "win", "red", "checkmate"),
    ("mate by a horse", "3aka3/9/4P4/9/6N2/9/9/9/9/3K5 w - - 0 1", "g5f7", "win", "red", "checkmate"),
    ("no legal move, not in check: the side to move loses", "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0", "win", "red", "stalemate"),
    ("no legal move after a chariot move", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a1a8", "win", "red", "stalemate"),
    ("black mates", "4k4/r8/9/9/9/9/9/9/9/3K5 b - - 0 1", "a8d8", "win", "black", "checkmate"),
    ("perpetual check by a chariot loses", "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1",
     "a7a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9", "win", "black", "perpetual check"),
    ("perpetual check: only twice yet", "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1",
     "a7a9 e9e8 a9a8 e8e9 a8a9", "ongoing", None, None),
    ("perpetual check by black loses", "3k5/9/9/9/9/9/9/r8/9/4K4 b - - 0 1",
     "a2a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1 e1e0 a1a0", "win", "red", "perpetual check"),
    ("plain repetition draws", START, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9", "draw", None, "repetition"),
    ("repetition after a capture", "5k3/9/9/9/4p4/9/4R4/9/9/3K5 w - - 0 1",
     "e3e5 f9f8 e5e3 f8f9 e3e5 f9f8 e5e3 f8f9", "ongoing", None, None),
    ("120 plies without a capture", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 119 80", "e0e1", "draw", None, "no-capture limit"),
    ("119 plies: not yet", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 118 80", "e0e1", "ongoing", None, None),
    ("a capture on the 120th ply resets", "5k3/9/9/9/9/9/9/9/9/3rK4 w - - 119 80", "e0d0", "ongoing", None, None),
    ("120 in the FEN", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 120 80", "", "draw", None, "no-capture limit"),
]


def ending_game(engine, fen, moves):
    game = Game(engine, fen)
    for i, m in enumerate(moves):
        if game.status()[0] != "ongoing":
            return None, f"ends before move {i + 1} ({m}): {describe(game.status())}"
        if m not in game.legal[-1]:
            return None, f"move {i + 1} ({m}) is illegal per Fairy-Stockfish"
        game.push(m)
    return game, None


# ---------------------------------------------------------------- comparing

def compare_sets(mismatches, what, expected, got_line):
    if got_line.startswith("error:"):
        mismatches.append(f"{what}\n    expected {len(expected)} moves, tabula said: {got_line}")
        return
    got = got_line.split()
    got_set = set(got)
    if len(got) != len(got_set):
        mismatches.append(f"{what}\n    tabula lists moves twice: {' '.join(sorted({m for m in got if got.count(m) > 1}))}")
    if got_set != expected:
        mismatches.append(
            f"{what}\n    Fairy-Stockfish only: {' '.join(sorted(expected - got_set)) or '-'}"
            f"\n    tabula only:          {' '.join(sorted(got_set - expected)) or '-'}"
        )


def compare_end(mismatches, tabula, what, game):
    text, status_line = tabula.position(game.start, game.moves)
    shown = f"{what}\n    position: {game.start}\n    moves: {' '.join(game.moves) or '-'}"
    if text is None:
        mismatches.append(f"{shown}\n    tabula failed: {status_line}")
        return
    ref = game.fens[-1]
    if key_of(text) != key_of(ref):
        mismatches.append(f"{shown}\n    Fairy-Stockfish FEN: {ref}\n    tabula FEN:          {text}")
    else:
        clock = game.clock[-1]
        if halfmove_of(text) != clock:
            mismatches.append(f"{shown}\n    plies since the last capture: {clock}\n    tabula FEN: {text}")
    expected = game.status()
    got = parse_tabula_status(status_line)
    if not status_agrees(expected, got):
        mismatches.append(f"{shown}\n    reference: {describe(expected)}\n    tabula: {status_line}")


def two_plies(engine, fen):
    out = []
    for m in engine.legal(fen):
        child, _ = engine.play(fen, m)
        out.append(child)
        for r in engine.legal(child):
            out.append(engine.play(child, r)[0])
    return out


def run(args):
    engine_path = args.engine or shutil.which("fairy-stockfish") or (
        "/usr/games/fairy-stockfish" if shutil.which("/usr/games/fairy-stockfish") else None
    )
    if not engine_path or not shutil.which(engine_path):
        print(f"xiangqi_reference: Fairy-Stockfish not found ({engine_path or 'not on PATH'}): {INSTALL}", file=sys.stderr)
        return 2
    engine = Engine(engine_path)
    tabula = Tabula(args.tabula, "xiangqi")
    rng = random.Random(args.seed)
    mismatches = []
    lines, checks = [], []

    def expect_fen_only(fen, legal, what):
        lines.append(fen)
        checks.append((what, set() if halfmove_of(fen) >= 120 else set(legal)))

    for desc, fen in SPECIAL:
        expect_fen_only(fen, engine.legal(fen), f"[{desc}] {fen}")
    deep = 0
    for fen in DEEP:
        for child in two_plies(engine, fen):
            expect_fen_only(child, engine.legal(child), f"[two plies from {fen}] {child}")
            deep += 1

    endings = []
    for desc, fen, moves, kind, winner, reason in ENDINGS:
        game, error = ending_game(engine, fen, moves.split())
        if game is None:
            print(f"xiangqi_reference: fixture '{desc}' {error}", file=sys.stderr)
            return 2
        got = game.status()
        if got[0] != kind or got[1] != winner or got[2] != reason:
            print(f"xiangqi_reference: fixture '{desc}' is wrong: the reference says {describe(got)}", file=sys.stderr)
            return 2
        lines.append(f"{fen} moves {moves}" if moves else fen)
        checks.append((f"[{desc}] {fen} moves {moves}", set(game.legal[-1]) if kind == "ongoing" else set()))
        endings.append((desc, game))

    starts = [START] * args.games + [fen for _, fen in SPECIAL[1:]]
    games, positions = [], 0
    endings_by_kind = {}
    for start in starts:
        game = Game(engine, start)
        while True:
            i = len(game.fens) - 1
            fen, status = game.fens[i], game.status()
            expect_fen_only(fen, game.legal[i], f"{fen}\n    (ply {i} of a game from {start})")
            history = " ".join(game.moves)
            lines.append(f"{start} moves {history}" if history else start)
            checks.append((f"{start} moves {history}", set(game.legal[i]) if status[0] == "ongoing" else set()))
            positions += 1
            if status[0] != "ongoing" or i >= args.max_plies:
                break
            choice = None
            if i >= 2 and rng.random() < 0.08:
                mine = game.moves[-2]
                back = mine[2:] + mine[:2]
                if back in game.legal[i] and piece_count(game.fens[i]) == piece_count(game.fens[i - 1]):
                    choice = back
            if choice is None:
                legal = game.legal[i]
                # Prefer captures now and then, so games reach endgames.
                captures = [m for m in legal if occupied(fen, m[2:])]
                choice = rng.choice(captures) if captures and rng.random() < 0.5 else rng.choice(legal)
            game.push(choice)
        games.append(game)
        k = describe(game.status())
        endings_by_kind[k] = endings_by_kind.get(k, 0) + 1
    # Node counts three plies deep from every hand-made position.
    perfts = []
    for desc, fen in SPECIAL:
        perfts.append((desc, fen, engine.perft(fen, 3)))
    engine.quit()

    for (what, expected), got in zip(checks, tabula.batch(lines)):
        compare_sets(mismatches, what, expected, got)
    for desc, fen, expected in perfts:
        got = tabula.perft(fen, 3)
        if got != expected:
            mismatches.append(f"[{desc}] perft 3 of {fen}\n    Fairy-Stockfish: {expected}\n    tabula: {got}")
    for desc, game in endings:
        compare_end(mismatches, tabula, f"[{desc}]", game)
    for game in games:
        compare_end(mismatches, tabula, "[random game end]", game)

    print(
        f"xiangqi reference: {len(lines)} legal-move sets compared: {positions} positions of {len(games)} random games, "
        f"each from its FEN and from start + moves; {deep} positions two plies deep; {len(SPECIAL)} hand-made; "
        f"{len(ENDINGS)} hand-made endings; perft 3 of the {len(perfts)} hand-made positions "
        f"({sum(n for _, _, n in perfts)} nodes)"
    )
    print(f"xiangqi reference: {len(endings) + len(games)} positions' FEN and status compared; {tabula.processes} tabula processes")
    print("xiangqi reference: random game endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(endings_by_kind.items())))
    if mismatches:
        print(f"xiangqi reference: {len(mismatches)} MISMATCHES; the first {min(args.show, len(mismatches))}:")
        for text in mismatches[: args.show]:
            print("  - " + text)
        return 1
    print("xiangqi reference: no mismatch")
    return 0


def occupied(fen, square):
    """Whether the ICCS point `square` holds a piece in `fen`."""
    rows = fen.split()[0].split("/")
    row = rows[9 - int(square[1])]
    file = ord(square[0]) - ord("a")
    col = 0
    for c in row:
        if c.isdigit():
            col += int(c)
        else:
            if col == file:
                return True
            col += 1
        if col > file:
            return False
    return False


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tabula", required=True, help="path of the tabula binary")
    p.add_argument("--engine", help="path of fairy-stockfish (default: found on PATH or /usr/games)")
    p.add_argument("--seed", type=int, default=20240611)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--max-plies", type=int, default=160)
    p.add_argument("--show", type=int, default=8)
    return run(p.parse_args())


if __name__ == "__main__":
    sys.exit(main())
