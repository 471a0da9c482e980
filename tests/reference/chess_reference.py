#!/usr/bin/env python3
"""Cross-checks Tabula's chess rules against python-chess, move by move.

Usage:
    chess_reference.py --tabula PATH [--seed N] [--games N]
    chess_reference.py --emit-fens FILE [--seed N] [--limit N]
    chess_reference.py --check-san FILE

The first form plays seeded random games with python-chess and, for every
position, asks one `tabula moves --rules chess` batch process for the legal
moves twice: once from the bare FEN and once as the game's start FEN plus
the moves played, so the history rules (repetitions) are in play.
Both answers must equal python-chess's legal move set, or be empty where the
game is over by an automatic rule. Hand-made positions (perft suite, en
passant, castling, promotions, every kind of mate, every draw rule) are
checked the same way, and the perft-suite positions also two plies deep.
`tabula position` is asked for the position text, the status and the draw
the player to move may claim at the end of every game, at a random ply of
each, and at every hand-made game ending.

The reference result rules, FIDE's Laws (python-chess only provides the
pieces; `Board.is_game_over()` must agree that the game is over):
  * checkmate: the side that delivered mate wins (mate takes precedence over
    a seventy-five-move count reaching 150 on the same move, FIDE 9.6.2);
  * stalemate: draw;
  * insufficient material: `Board.is_insufficient_material()`. For the
    positions Tabula calls dead (K v K, K + minor v K, bishops all on one
    colour) python-chess agrees, and both call K+N v K+N, K+B v K+N, K+NN v K
    playable (a mate can still be composed);
  * seventy-five-move rule: `Board.is_seventyfive_moves()` (9.6.2);
  * fivefold repetition: `Board.is_fivefold_repetition()` (9.6.1).
When several draw rules hold at once (say stalemate with a lone bishop), any
of their reasons is accepted; the result itself must match.

The claims (FIDE 9.2, 9.3), where the game goes on: Tabula's `claim:` line
must name one of
  * threefold repetition: `Board.is_repetition(3)`, i.e. the *current*
    position has occurred three times (same placement, side to move,
    castling rights, and en passant square only when an en passant capture
    is legal: FIDE 9.2.2);
  * fifty-move rule: `Board.is_fifty_moves()` (clock at 100 or more);
and be absent when neither holds. `can_claim_threefold_repetition()` and
`can_claim_fifty_moves()` also allow the claim of a position that the next
move would produce (by writing that move down, 9.2.1.1 and 9.3.1): Tabula
does not offer that claim (its Help says so). Every position-claim must be
one python-chess allows; the claims by a move are counted and printed.

The second and third forms serve the SAN check done by
tests/reference_rules.rs: this script writes FENs, the Rust test loads the
chess plugin and writes `FEN<TAB>UCI<TAB>SAN` for every legal move, and this
script checks each SAN against `Board.san()`.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 python-chess is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import chess
except ImportError:
    print(
        "chess_reference: python-chess is not installed for "
        + sys.executable
        + ". Install it with `python3 -m pip install chess` "
        "(or run `scripts/setup.sh --test`).",
        file=sys.stderr,
    )
    sys.exit(2)


# ---------------------------------------------------------------- the reference

def reference_status(board, legal=None):
    """('ongoing'|'win'|'draw', winner 'white'/'black'/None, set of reasons).
    `legal`: the legal moves, if the caller has them already."""
    has_moves = bool(legal) if legal is not None else any(board.generate_legal_moves())
    if not has_moves and board.is_check():
        return ("win", "black" if board.turn == chess.WHITE else "white", {"checkmate"})
    reasons = set()
    if not has_moves:
        reasons.add("stalemate")
    if board.is_insufficient_material():
        reasons.add("insufficient material")
    if board.is_seventyfive_moves():
        reasons.add("seventy-five-move rule")
    if board.is_fivefold_repetition():
        reasons.add("fivefold repetition")
    if reasons:
        return ("draw", None, reasons)
    return ("ongoing", None, set())


def reference_claims(board):
    """The draws the player to move may claim by the position on the board
    (empty when the game is over)."""
    if reference_status(board)[0] != "ongoing":
        return set()
    claims = set()
    if board.is_repetition(3):
        claims.add("threefold repetition")
    if board.is_fifty_moves():
        claims.add("fifty-move rule")
    return claims


def claim_by_a_move_only(board):
    """Whether python-chess allows a claim here only by the next move (the
    claim Tabula does not offer)."""
    if reference_status(board)[0] != "ongoing" or reference_claims(board):
        return False
    return board.can_claim_threefold_repetition() or board.can_claim_fifty_moves()


def describe(status):
    kind, winner, reasons = status
    if kind == "ongoing":
        return "ongoing"
    if kind == "win":
        return f"win {winner} ({'/'.join(sorted(reasons))})"
    return f"draw ({'/'.join(sorted(reasons))})"


def status_agrees(expected, got):
    kind, winner, reasons = expected
    if got is None or got[0] != kind:
        return False
    if kind == "ongoing":
        return True
    if kind == "win" and got[1] != winner:
        return False
    return got[2] in reasons


def legal_set(board):
    return {m.uci() for m in board.legal_moves}


def legal_for_fen_only(board):
    """What `tabula moves --position FEN` must list: no history, so only the
    rules that a FEN alone decides can end the game."""
    if board.is_insufficient_material() or board.halfmove_clock >= 150:
        return set()
    return legal_set(board)


def legal_with_history(board):
    if reference_status(board)[0] != "ongoing":
        return set()
    return legal_set(board)


# ---------------------------------------------------------------- Tabula

def moves_of_line(line):
    if line.startswith("error:"):
        return None
    return line.split()


# ---------------------------------------------------------------- positions

START = chess.STARTING_FEN

# The chessprogramming-wiki perft suite ("Perft Results" page): positions 1-6
# and the mirrored position 4.
PERFT_SUITE = [
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]

# Hand-made positions: (what it shows, FEN). Only the legal moves are
# compared here; each is also the start of a random game.
SPECIAL = [
    ("en passant available", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("en passant from both sides", "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1"),
    ("en passant would expose the king on the rank", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"),
    ("en passant by a pawn pinned on a diagonal, along the pin", "8/8/6k1/8/3Pp3/8/8/1B2K3 b - d3 0 1"),
    ("en passant by a pawn pinned on a diagonal, off the pin", "8/8/2k5/8/3pP3/8/8/4K2B b - e3 0 1"),
    ("en passant removes the checking pawn", "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1"),
    ("en passant cannot answer a discovered check", "8/8/8/8/4Ppk1/8/8/3BK3 b - e3 0 1"),
    ("en passant square recorded but no capture possible", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    ("rank-pin through two pawns after e.p.", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"),
    ("castling both ways", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("castling through check (f1 attacked)", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"),
    ("castling into check (g1 attacked)", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1"),
    ("castling out of check", "r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1"),
    ("long castling with b1 attacked is legal", "r3k2r/8/8/8/8/n7/8/R3K2R w KQkq - 0 1"),
    ("long castling with d1 attacked", "r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1"),
    ("black castling through check", "r3k2r/8/5B2/8/8/8/8/R3K2R b KQkq - 0 1"),
    ("castling blocked by a piece", "rn2k1nr/8/8/8/8/8/8/R1B1KB1R w KQkq - 0 1"),
    ("castling rights without the rook moved away", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"),
    ("promotion with capture", "r1b1k3/1P6/8/8/8/8/8/4K3 w q - 0 1"),
    ("black promotion with capture", "4k3/8/8/8/8/8/1p6/R1N1K3 b Q - 0 1"),
    ("promotion while pinned", "4k3/8/8/8/8/8/K1p4r/1R6 b - - 0 1"),
    ("promotion that mates", "6k1/4PR2/6K1/8/8/8/8/8 w - - 0 1"),
    ("under-promotion to a knight gives check", "8/4P2k/8/8/8/8/8/K7 w - - 0 1"),
    ("double check: only king moves", "4k3/8/8/8/1b6/8/8/r3K2R w K - 0 1"),
    ("king next to king", "8/8/8/3k4/8/3K4/8/8 w - - 0 1"),
    ("218 moves", "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"),
]

# Positions python-chess calls invalid (`Board.status()`): Tabula must refuse
# them with an error.
INVALID = [
    ("the side not to move is in check", "QQQQQQQk/8/8/8/8/8/8/K7 w - - 0 1"),
    ("the side not to move is in check (black)", "7k/8/8/8/8/8/8/K6q b - - 0 1"),
    ("e.p. square although the double step gave no such check", "8/8/8/8/1k1pP3/8/8/1R2K3 b - e3 0 1"),
    ("a pawn on the first rank", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
    ("a pawn on the last rank", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("two white kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1"),
    ("e.p. square with no pawn that could have double-stepped", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1"),
    ("e.p. square on the wrong rank for the side to move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1"),
    ("nine white pawns", "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1"),
]

# Hand-made game endings: (what it shows, FEN, moves, expected kind, reason),
# where for a game that goes on the reason is the draw the player to move
# may claim ("" for none; None: not pinned). The expectation is checked
# against python-chess first (so a wrong fixture fails loudly), then Tabula
# is compared with python-chess.
ENDINGS = [
    ("mate by a promotion", "8/8/8/8/8/5k2/3p1p2/5K2 b - - 0 1", "d2d1q", "win", "checkmate"),
    ("mate by a pawn", "7k/5K1p/6P1/8/8/8/8/8 w - - 0 1", "g6g7", "win", "checkmate"),
    ("fool's mate (queen)", START, "f2f3 e7e5 g2g4 d8h4", "win", "checkmate"),
    ("smothered mate (knight)", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7", "win", "checkmate"),
    ("mate by a bishop", "7k/5K2/6P1/8/8/8/8/2B5 w - - 0 1", "c1b2", "win", "checkmate"),
    ("back-rank mate (rook)", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "win", "checkmate"),
    ("mate by a queen", "6k1/8/6K1/8/8/8/8/4Q3 w - - 0 1", "e1e8", "win", "checkmate"),
    ("discovered mate by a king move", "kr6/1p6/K7/8/8/8/8/R7 w - - 0 1", "a6b6", "win", "checkmate"),
    ("short castling mates", "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "win", "checkmate"),
    ("long castling mates", "2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "win", "checkmate"),
    ("en passant mates (discovered)", "8/4N3/7p/R2pP2k/8/5KP1/8/8 w - d6 0 1", "e5d6", "win", "checkmate"),
    ("promotion to a knight mates", "6bn/5P1k/7p/4B3/8/8/8/K7 w - - 0 1", "f7f8n", "win", "checkmate"),
    ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "draw", "stalemate"),
    ("stalemate by a move", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7", "draw", "stalemate"),
    ("stalemate with a lone bishop (two rules)", "k7/2K5/1B6/8/8/8/8/8 b - - 0 1", "", "draw", None),
    ("K v K", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "", "draw", "insufficient material"),
    ("K v K by a capture", "8/8/8/4k3/3Q4/8/8/4K3 b - - 0 1", "e5d4", "draw", "insufficient material"),
    ("K+N v K", "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", "", "draw", "insufficient material"),
    ("K+B v K", "8/8/8/4k3/8/8/8/4KB2 b - - 0 1", "", "draw", "insufficient material"),
    ("K+B v K+B same colour", "8/8/2b5/4k3/8/8/8/4KB2 w - - 0 1", "", "draw", "insufficient material"),
    ("K+B v K+B opposite colours", "8/8/3b4/4k3/8/8/8/4KB2 w - - 0 1", "", "ongoing", None),
    ("K+BB same colour v K", "8/8/8/4k3/8/8/6B1/4KB2 w - - 0 1", "", "draw", "insufficient material"),
    ("K+N v K+N", "8/8/8/4k1n1/8/8/8/4KN2 w - - 0 1", "", "ongoing", None),
    ("K+N v K+B", "8/8/8/4k1b1/8/8/8/4KN2 w - - 0 1", "", "ongoing", None),
    ("K+NN v K", "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", "", "ongoing", None),
    ("K+P v K", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "", "ongoing", None),
    ("K+R v K", "8/8/8/4k3/8/8/8/4K2R w - - 0 1", "", "ongoing", None),
    ("fifty moves reached by a move: a claim", "8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "a1a2", "ongoing", "fifty-move rule"),
    ("clock at 99: not yet", "8/8/8/4k3/8/8/8/R3K3 w - - 98 80", "a1a2", "ongoing", ""),
    ("clock at 100 in the FEN: a claim", "8/8/8/4k3/8/8/8/R3K3 w - - 100 80", "", "ongoing", "fifty-move rule"),
    ("a capture on the 100th ply resets", "8/8/8/4k3/8/8/r7/R3K3 w - - 99 80", "a1a2", "ongoing", ""),
    ("a pawn move on the 100th ply resets", "8/8/8/4k3/8/8/4P3/R3K3 w - - 99 80", "e2e4", "ongoing", ""),
    ("mate on the 100th ply: no claim", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "a1a8", "win", "checkmate"),
    ("stalemate on the 100th ply", "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80", "f1f7", "draw", None),
    ("seventy-five moves reached by a move", "8/8/8/4k3/8/8/8/R3K3 w - - 149 80", "a1a2", "draw", "seventy-five-move rule"),
    ("clock at 149: still a claim", "8/8/8/4k3/8/8/8/R3K3 w - - 148 80", "a1a2", "ongoing", "fifty-move rule"),
    ("clock at 150 in the FEN", "8/8/8/4k3/8/8/8/R3K3 w - - 150 80", "", "draw", "seventy-five-move rule"),
    ("mate on the 150th ply beats the seventy-five-move rule", "7k/8/6K1/8/8/8/8/R7 w - - 149 80", "a1a8", "win", "checkmate"),
    ("stalemate on the 150th ply", "7k/8/6K1/8/8/8/8/5Q2 w - - 149 80", "f1f7", "draw", None),
    ("threefold repetition of the start: a claim", START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "ongoing", "threefold repetition"),
    ("a repetition the next move would produce: not offered", START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", "ongoing", ""),
    ("only twice", START, "g1f3 g8f6 f3g1 f6g8", "ongoing", ""),
    ("fourfold: still a claim", START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "ongoing", "threefold repetition"),
    ("fivefold repetition of the start", START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "draw", "fivefold repetition"),
    ("threefold repetition not at the start", START, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "ongoing", "threefold repetition"),
    ("repetition across different move orders", START, "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8", "ongoing", "threefold repetition"),
    ("e.p. square not capturable: counts as the same position", START, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1", "ongoing", "threefold repetition"),
    ("e.p. square capturable: the first occurrence differs",
     "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1", "ongoing", ""),
    ("e.p. capturable only through a pin: not a real e.p. square",
     "8/8/8/8/k2p3Q/8/4P3/4K3 w - - 0 1",
     "e2e4 a4a5 e1e2 a5a4 e2e1 a4a5 e1e2 a5a4 e2e1", "ongoing", "threefold repetition"),
    ("castling rights lost: not the same position",
     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
     "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8", "ongoing", ""),
    ("castling rights lost: later repetitions count",
     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
     "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8 e1f1 e8f8", "ongoing", "threefold repetition"),
    ("a rook that never moved but cannot castle",
     "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 0 1",
     "h1h2 h8h7 h2h1 h7h8 h1h2 h8h7 h2h1 h7h8", "ongoing", "threefold repetition"),
    ("threefold with a FEN start clock", "8/8/8/4k3/8/8/8/R3K3 w - - 40 60",
     "a1a2 e5e6 a2a1 e6e5 a1a2 e5e6 a2a1 e6e5", "ongoing", "threefold repetition"),
]


def mirrored(fen, moves):
    """The same ending with the colours swapped (board flipped top to bottom)."""
    board = chess.Board(fen).mirror()
    flip = []
    for m in moves.split():
        move = chess.Move.from_uci(m)
        flip.append(chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square), move.promotion).uci())
    return board.fen(en_passant="fen"), " ".join(flip)


def all_endings():
    """ENDINGS, each also with the colours swapped."""
    out = []
    for desc, fen, moves, kind, reason in ENDINGS:
        out.append((desc, fen, moves, kind, reason))
        mfen, mmoves = mirrored(fen, moves)
        out.append((desc + ", colours swapped", mfen, mmoves, kind, reason))
    return out


# ---------------------------------------------------------------- games

def random_game(rng, start_fen, max_plies):
    """Plays a random game; returns the list of moves (UCI). Now and then a
    piece steps back to where it came from, so repetitions happen."""
    board = chess.Board(start_fen)
    moves = []
    while len(moves) < max_plies and reference_status(board)[0] == "ongoing":
        legal = list(board.legal_moves)
        choice = None
        if len(board.move_stack) >= 2 and rng.random() < 0.12:
            mine = board.move_stack[-2]
            back = chess.Move(mine.to_square, mine.from_square)
            if back in legal and not board.is_capture(back):
                choice = back
        if choice is None:
            choice = rng.choice(legal)
        board.push(choice)
        moves.append(choice.uci())
    return moves


def depth_two(fen):
    """Every position one and two plies from `fen` (FENs)."""
    out = []
    board = chess.Board(fen)
    for m in list(board.legal_moves):
        board.push(m)
        out.append(board.fen())
        for r in list(board.legal_moves):
            board.push(r)
            out.append(board.fen())
            board.pop()
        board.pop()
    return out


# ---------------------------------------------------------------- comparing

class Report:
    def __init__(self):
        self.mismatches = []

    def add(self, text):
        self.mismatches.append(text)


def compare_sets(report, what, expected, got_line):
    """`expected` None: the position must be refused."""
    got = moves_of_line(got_line)
    if expected is None:
        if got is not None:
            report.add(f"{what}\n    python-chess calls it invalid; tabula accepted it and listed: {got_line or '(no moves)'}")
        return
    if got is None:
        report.add(f"{what}\n    expected {len(expected)} moves, tabula said: {got_line}")
        return
    got_set = set(got)
    if len(got) != len(got_set):
        dup = sorted({m for m in got if got.count(m) > 1})
        report.add(f"{what}\n    tabula lists moves twice: {' '.join(dup)}")
    if got_set != expected:
        missing = sorted(expected - got_set)
        extra = sorted(got_set - expected)
        report.add(
            f"{what}\n    python-chess only: {' '.join(missing) or '-'}\n    tabula only:       {' '.join(extra) or '-'}"
        )


def compare_end(report, tabula, what, start_fen, moves, board):
    """`tabula position` on start+moves: same FEN, same status, same claim."""
    lines, failure = tabula.position_lines(start_fen, moves)
    shown = f"{what}\n    position: {start_fen}\n    moves: {' '.join(moves) or '-'}"
    if lines is None:
        report.add(f"{shown}\n    tabula failed: {failure}")
        return
    text, status_line = lines[0], lines[1]
    if (reference_status(board)[0] != "ongoing") != board.is_game_over():
        report.add(f"{shown}\n    the reference's status disagrees with Board.is_game_over(): fix the script")
    claims = reference_claims(board)
    if "threefold repetition" in claims and not board.can_claim_threefold_repetition():
        report.add(f"{shown}\n    python-chess allows no threefold claim where the reference sees one")
    if "fifty-move rule" in claims and not board.can_claim_fifty_moves():
        report.add(f"{shown}\n    python-chess allows no fifty-move claim where the reference sees one")
    claimed = [line[len("claim: "):] for line in lines[2:] if line.startswith("claim: ")]
    got_claim = claimed[0] if claimed else ""
    if (got_claim or claims) and got_claim not in claims:
        expected = " or ".join(sorted(claims)) or "no claim"
        report.add(f"{shown}\n    python-chess: {expected}\n    tabula claim: {got_claim or 'none'}")
    legal_ep = board.fen(en_passant="legal")
    any_ep = board.fen(en_passant="fen")
    if text not in (legal_ep, any_ep):
        report.add(f"{shown}\n    python-chess FEN: {legal_ep}\n    tabula FEN:       {text}")
    expected = reference_status(board)
    got = parse_tabula_status(status_line)
    if not status_agrees(expected, got):
        report.add(f"{shown}\n    python-chess (automatic rules): {describe(expected)}\n    tabula: {status_line}")


def run_compare(args):
    rng = random.Random(args.seed)
    tabula = Tabula(args.tabula, "chess")
    report = Report()
    lines, checks = [], []  # batch input lines, and what to expect of each

    def expect_fen_only(board, what):
        lines.append(board.fen(en_passant="fen"))
        checks.append((what, legal_for_fen_only(board)))

    def expect_history(start_fen, moves, board, what):
        lines.append(f"{start_fen} moves {' '.join(moves)}" if moves else start_fen)
        checks.append((what, legal_with_history(board)))

    # Hand-made positions and the perft suite, two plies deep.
    for desc, fen in SPECIAL + [("perft suite", fen) for fen in PERFT_SUITE]:
        if chess.Board(fen).status() != chess.STATUS_VALID:
            print(f"chess_reference: fixture '{desc}' is not a valid position: {fen}", file=sys.stderr)
            return 2
    for desc, fen in SPECIAL:
        expect_fen_only(chess.Board(fen), f"[{desc}] {fen}")
    for desc, fen in INVALID:
        if chess.Board(fen).status() == chess.STATUS_VALID:
            print(f"chess_reference: fixture '{desc}' is a valid position: {fen}", file=sys.stderr)
            return 2
        lines.append(fen)
        checks.append((f"[invalid: {desc}] {fen}", None))
    walked = 0
    for fen in PERFT_SUITE:
        for child in depth_two(fen):
            expect_fen_only(chess.Board(child), f"[perft suite, from {fen}] {child}")
            walked += 1

    # Hand-made endings: fixture sanity, legal moves with history, status.
    endings = []
    for desc, fen, moves, kind, reason in all_endings():
        moves = moves.split()
        board = chess.Board(fen)
        for i, m in enumerate(moves):
            if reference_status(board)[0] != "ongoing":
                print(f"chess_reference: fixture '{desc}' ends before move {i + 1} ({m})", file=sys.stderr)
                return 2
            board.push_uci(m)
        ref = reference_status(board)
        if chess.Board(fen).status() != chess.STATUS_VALID:
            print(f"chess_reference: fixture '{desc}' is not a valid position: {fen}", file=sys.stderr)
            return 2
        claims = reference_claims(board)
        if kind == "ongoing":
            wrong = ref[0] != kind or (reason is not None and (reason not in claims if reason else bool(claims)))
        else:
            wrong = ref[0] != kind or (reason is not None and reason not in ref[2])
        if wrong:
            print(
                f"chess_reference: fixture '{desc}' is wrong: python-chess says {describe(ref)}, "
                f"claims {sorted(claims) or 'none'}",
                file=sys.stderr,
            )
            return 2
        expect_history(fen, moves, board, f"[{desc}] {fen} moves {' '.join(moves)}")
        endings.append((desc, fen, moves, board))

    # Random games from the start position and from every hand-made one:
    # every position once from its bare FEN, once as start FEN plus moves.
    starts = [START] * args.games + [fen for _, fen in SPECIAL] + PERFT_SUITE[1:]
    games = []
    game_positions = 0
    for start in starts:
        board = chess.Board(start)
        moves = []
        while True:
            legal = list(board.legal_moves)
            ucis = {m.uci() for m in legal}
            status = reference_status(board, legal)
            fen = board.fen(en_passant="fen")
            ply = len(moves)
            lines.append(fen)
            dead = board.is_insufficient_material() or board.halfmove_clock >= 150
            checks.append(((fen, ply, start), set() if dead else ucis))
            history = " ".join(moves)
            lines.append(f"{start} moves {history}" if moves else start)
            checks.append(((start, history), ucis if status[0] == "ongoing" else set()))
            game_positions += 1
            if status[0] != "ongoing" or ply >= args.max_plies:
                break
            choice = None
            if len(board.move_stack) >= 2 and rng.random() < 0.12:
                mine = board.move_stack[-2]
                back = chess.Move(mine.to_square, mine.from_square)
                if back in legal and not board.is_capture(back):
                    choice = back
            if choice is None:
                choice = rng.choice(legal)
            board.push(choice)
            moves.append(choice.uci())
        games.append((start, moves, board))

    answers = tabula.batch(lines)
    for (what, expected), got in zip(checks, answers):
        if isinstance(what, tuple) and len(what) == 3:
            fen, ply, start = what
            what = f"{fen}\n    (ply {ply} of a game from {start})"
        elif isinstance(what, tuple):
            what = f"{what[0]} moves {what[1]}"
        compare_sets(report, what, expected, got)

    claim_counts = {"threefold repetition": 0, "fifty-move rule": 0, "by a move only": 0}

    def count_claims(board):
        for claim in reference_claims(board):
            claim_counts[claim] += 1
        claim_counts["by a move only"] += claim_by_a_move_only(board)

    for desc, fen, moves, board in endings:
        compare_end(report, tabula, f"[{desc}]", fen, moves, board)
        count_claims(board)
    endings_by_kind = {}
    for start, moves, board in games:
        compare_end(report, tabula, "[random game end]", start, moves, board)
        count_claims(board)
        kind = describe(reference_status(board))
        endings_by_kind[kind] = endings_by_kind.get(kind, 0) + 1
        if len(moves) > 2:
            cut = rng.randrange(1, len(moves))
            mid = chess.Board(start)
            for m in moves[:cut]:
                mid.push_uci(m)
            compare_end(report, tabula, f"[random game, ply {cut}]", start, moves[:cut], mid)
            count_claims(mid)

    print(
        f"chess reference: {len(lines)} legal-move sets compared: {game_positions} positions of "
        f"{len(games)} random games, each from its FEN and from start + moves; "
        f"{walked} perft-suite positions (two plies deep), {len(SPECIAL)} hand-made, "
        f"{len(INVALID)} invalid, {len(endings)} hand-made endings"
    )
    print(
        f"chess reference: {len(endings) + sum(1 + (len(m) > 2) for _, m, _ in games)} positions' FEN and status "
        f"compared through `tabula position`; {tabula.processes} tabula processes in all"
    )
    print("chess reference: random game endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(endings_by_kind.items())))
    print(
        "chess reference: positions with a claim (python-chess): "
        + ", ".join(f"{k}: {v}" for k, v in claim_counts.items())
        + " (claims by a move are not offered by Tabula; it must show none there)"
    )
    if report.mismatches:
        print(f"chess reference: {len(report.mismatches)} MISMATCHES; the first {min(args.show, len(report.mismatches))}:")
        for text in report.mismatches[: args.show]:
            print("  - " + text)
        return 1
    print("chess reference: no mismatch")
    return 0


# ---------------------------------------------------------------- SAN

def emit_fens(args):
    """Distinct FENs of random games and hand-made positions, for the SAN check."""
    rng = random.Random(args.seed)
    seen, out = set(), []

    def add(board):
        fen = board.fen(en_passant="fen")
        if fen not in seen and not board.is_game_over():
            seen.add(fen)
            out.append(fen)

    for _, fen in SPECIAL:
        add(chess.Board(fen))
    for desc, fen, moves, _, _ in all_endings():
        board = chess.Board(fen)
        add(board)
        for m in moves.split()[:-1]:
            board.push_uci(m)
            add(board)
    for fen in PERFT_SUITE:
        board = chess.Board(fen)
        add(board)
        for m in list(board.legal_moves):
            board.push(m)
            add(board)
            board.pop()
    while len(out) < args.limit:
        start = rng.choice([START] * 4 + [fen for _, fen in SPECIAL])
        board = chess.Board(start)
        for m in random_game(rng, start, args.max_plies):
            board.push_uci(m)
            add(board)
    with open(args.emit_fens, "w") as f:
        for fen in out[: max(args.limit, len(SPECIAL))]:
            f.write(fen + "\n")
    return 0


def check_san(args):
    report = Report()
    checked = 0
    positions = set()
    with open(args.check_san) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                report.add(f"line {number} is not FEN<TAB>UCI<TAB>SAN: {line!r}")
                continue
            fen, uci, san = parts
            board = chess.Board(fen)
            move = chess.Move.from_uci(uci)
            if move not in board.legal_moves:
                report.add(f"{fen}: tabula lists {uci}, which python-chess finds illegal")
                continue
            expected = board.san(move)
            checked += 1
            positions.add(fen)
            if expected != san:
                report.add(f"{fen} move {uci}\n    python-chess SAN: {expected}\n    tabula SAN:       {san}")
    print(f"chess SAN reference: {checked} moves in {len(positions)} positions compared")
    if checked == 0:
        print("chess SAN reference: nothing to compare", file=sys.stderr)
        return 2
    if report.mismatches:
        print(f"chess SAN reference: {len(report.mismatches)} MISMATCHES; the first {min(args.show, len(report.mismatches))}:")
        for text in report.mismatches[: args.show]:
            print("  - " + text)
        return 1
    print("chess SAN reference: no mismatch")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tabula", help="path of the tabula binary")
    p.add_argument("--seed", type=int, default=20240611)
    p.add_argument("--games", type=int, default=90, help="random games from the start position")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--show", type=int, default=8, help="mismatches to print")
    p.add_argument("--emit-fens", metavar="FILE")
    p.add_argument("--limit", type=int, default=2500, help="FENs to emit")
    p.add_argument("--check-san", metavar="FILE")
    args = p.parse_args()
    if args.emit_fens:
        return emit_fens(args)
    if args.check_san:
        return check_san(args)
    if not args.tabula:
        p.error("--tabula PATH is required")
    return run_compare(args)


if __name__ == "__main__":
    sys.exit(main())
