#!/usr/bin/env python3
"""Cross-checks Tabula's kriegspiel against OpenSpiel's `kriegspiel` (pyspiel),
with python-chess for what OpenSpiel does not announce.

Usage:
    kriegspiel_reference.py --tabula PATH [--games N] [--seed N] [--max-plies N]
                            [--emit-views FILE]

Both follow the ICC "wild 16" rules. The script plays seeded random games of
tries in OpenSpiel (from the start, from positions rich in castling, en
passant and promotions, and from an ending where mate and stalemate come
quickly) and, for every position, asks one
`tabula moves --rules kriegspiel` batch process for the tries (the start
text plus every try so far, refused ones included: a refusal is a move).
Both offer the same tries: every move of the mover's pieces on a board
holding only them, less the tries refused this turn.

Where OpenSpiel differs from the ICC rules Tabula follows (each is handled
here as stated, counted in the report, and pinned in
plugins/kriegspiel/tests/rules.rs):

* checks: OpenSpiel never announces one (its check test looks for the
  checked side's own moves onto its king). The check directions expected
  here are computed from python-chess's checkers with the ICC definition.
* en passant: OpenSpiel announces no capture (it looks for a piece on the
  target square); expected here: "Pawn at <square the pawn stood on>".
* an illegal try: OpenSpiel shows "Illegal move." to both players; the ICC
  tells the mover alone, so the other player's expected words are none.
* the end: OpenSpiel lets a mated or stalemated player go on trying until
  every try has been refused, and ends the game only then; Tabula (like the
  ICC umpire) ends it at once. When Tabula says the game is over the script
  checks with python-chess that the board is mate or stalemate, then plays
  OpenSpiel's remaining tries, each of which must be refused, and compares
  the result it finally gives.
* the fifty-move rule: OpenSpiel counts fifty plies, not fifty moves; it is
  switched off here and a game is stopped when python-chess's halfmove
  clock reaches 100, where Tabula must have drawn.

With `--emit-views FILE` every position after a try is written to FILE as
`START<TAB>TRIES<TAB>WHITE<TAB>BLACK`, each player's part `PLACEMENT|WORDS`:
their own pieces (OpenSpiel's observation) and the umpire's words to them
after that try, corrected as above. `tests/reference_fog.rs` replays every
line in the real plugin and compares its views and announcements.

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 a reference is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

try:
    import pyspiel
    import chess
except ImportError as e:
    print(f"kriegspiel reference: {e.name} is not installed (pip install open_spiel chess)", file=sys.stderr)
    sys.exit(2)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTS = [
    START,
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    # Mates and stalemates within a few random tries.
    "k7/8/1QK5/8/8/8/8/8 w - - 0 1",
]
CHECK_ORDER = ["Rank", "File", "Long-diagonal", "Short-diagonal", "Knight"]


def is_long_diagonal(king, checker):
    kx, ky = chess.square_file(king), chess.square_rank(king)
    cx, cy = chess.square_file(checker), chess.square_rank(checker)
    rising = (cx - kx) == (cy - ky)
    return rising == ((kx < 4) == (ky < 4))


def check_words(board):
    king = board.king(board.turn)
    words = []
    for sq in board.checkers():
        if board.piece_type_at(sq) == chess.KNIGHT:
            words.append("Knight")
        elif chess.square_file(sq) == chess.square_file(king):
            words.append("File")
        elif chess.square_rank(sq) == chess.square_rank(king):
            words.append("Rank")
        else:
            words.append("Long-diagonal" if is_long_diagonal(king, sq) else "Short-diagonal")
    return sorted(words, key=CHECK_ORDER.index)


def expected_words(msg, before, move, after):
    """The ICC words after a legal try: OpenSpiel's capture, side and pawn
    tries, with python-chess's checks and en passant capture."""
    parts = []
    if before.is_en_passant(move):
        victim = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        parts.append(f"Pawn at {chess.square_name(victim)} captured")
    else:
        for piece in ("Pawn", "Piece"):
            marker = f"{piece} at "
            if msg.startswith(marker):
                parts.append(msg.split(",")[0].rstrip("."))
    parts += [f"{w} check" for w in check_words(after)]
    parts.append("White's move" if after.turn == chess.WHITE else "Black's move")
    tries = sum(1 for m in after.legal_moves if after.piece_type_at(m.from_square) == chess.PAWN and after.is_capture(m))
    if tries == 1:
        parts.append("1 pawn try")
    elif tries > 1:
        parts.append(f"{tries} pawn tries")
    return ". ".join(parts) + "."


def own_placement(state, player):
    """OpenSpiel's observation of `player` (Tabula's index: 0 white)."""
    return state.observation_string(1 - player).split()[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=600)
    ap.add_argument("--emit-views")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tabula = Tabula(args.tabula, "kriegspiel")
    mismatches, lines, expected, view_lines, ends = [], [], [], [], []
    known = {"checks": 0, "en passant": 0, "refusal told": 0, "end by exhaustion": 0, "fifty moves": 0}
    for game in range(args.games):
        start = STARTS[game % len(STARTS)]
        state = pyspiel.load_game("kriegspiel", {"fen": start, "50_move_rule": False}).new_initial_state()
        board = chess.Board(start)
        tries = []
        end = None
        for _ in range(args.max_plies):
            legal = [] if state.is_terminal() else state.legal_actions()
            names = {a: state.action_to_string(state.current_player(), a) for a in legal}
            over = board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()
            over = over or board.halfmove_clock >= 100 or board.is_repetition(3)
            line = start + (" moves " + " ".join(tries) if tries else "")
            lines.append(line)
            expected.append((f"game {game} try {len(tries)} ({board.fen()})", [] if over else sorted(names.values())))
            if over or state.is_terminal():
                end = board
                break
            action = rng.choice(legal)
            uci = names[action]
            move = chess.Move.from_uci(uci)
            before = board.copy(stack=False)
            state.apply_action(action)
            msg = state.observation_string(0).split("\n")[1]
            mover = 0 if before.turn == chess.WHITE else 1
            tries.append(uci)
            if msg == "Illegal move.":
                if move in before.legal_moves:
                    mismatches.append(f"game {game}: OpenSpiel refused the legal {uci} in {before.fen()}")
                known["refusal told"] += 1
                words = ["Illegal move." if p == mover else "" for p in (0, 1)]
            else:
                board.push(move)
                if board.checkers():
                    known["checks"] += 1
                if before.is_en_passant(move):
                    known["en passant"] += 1
                words = [expected_words(msg, before, move, board)] * 2
            if board.is_checkmate() or board.is_stalemate() or board.halfmove_clock >= 100:
                words = ["", ""]  # the end is announced too; compared by status
            view_lines.append(
                f"{start}\t{' '.join(tries)}\t{own_placement(state, 0)}|{words[0]}\t{own_placement(state, 1)}|{words[1]}"
            )
        ends.append((game, start, list(tries), end, state))
    answers = tabula.batch(lines)
    for (where, moves), answer in zip(expected, answers):
        theirs = sorted(answer.split()) if not answer.startswith("error") else answer
        if theirs != moves:
            mismatches.append(f"{where}: expected {moves[:12]}..., tabula {str(theirs)[:200]}")
    finished = 0
    for game, start, tries, end, state in ends:
        if end is None:
            continue
        finished += 1
        _, status = tabula.position(start, tries)
        parsed = parse_tabula_status(status or "")
        if end.is_checkmate():
            want = ("win", "black" if end.turn == chess.WHITE else "white")
        else:
            want = ("draw", None)
        if parsed is None or parsed[:2] != want:
            mismatches.append(f"game {game} end: python-chess {want} ({end.fen()}), tabula {status}")
        if end.halfmove_clock >= 100 and not (end.is_checkmate() or end.is_stalemate()):
            known["fifty moves"] += 1
            continue
        if end.is_checkmate() or end.is_stalemate():
            # OpenSpiel goes on until every try is refused.
            while not state.is_terminal():
                state.apply_action(state.legal_actions()[0])
                if state.observation_string(0).split("\n")[1] != "Illegal move.":
                    mismatches.append(f"game {game}: OpenSpiel accepted a try after {'mate' if end.is_checkmate() else 'stalemate'}")
                    break
            known["end by exhaustion"] += 1
            r = state.returns()
            got = ("win", "white") if r[1] > 0 else ("win", "black") if r[0] > 0 else ("draw", None)
            if got != want:
                mismatches.append(f"game {game}: OpenSpiel finally gives {got}, python-chess {want}")
    if args.emit_views:
        with open(args.emit_views, "w") as f:
            f.write("\n".join(view_lines) + "\n")
    differences = ", ".join(f"{k} {v}" for k, v in known.items())
    print(
        f"kriegspiel reference: {args.games} games ({finished} finished), {len(lines)} positions, "
        f"{len(view_lines)} tries; OpenSpiel's differences met: {differences}; {len(mismatches)} mismatches"
    )
    for m in mismatches[:8]:
        print("  " + m)
    if mismatches:
        return 1
    print("kriegspiel reference: no mismatch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
