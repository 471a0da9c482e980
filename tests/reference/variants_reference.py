#!/usr/bin/env python3
"""Cross-checks Tabula's variants plugin against Fairy-Stockfish, move by move.

Usage:
    variants_reference.py --tabula PATH [--variants a,b,...] [--games N]
                          [--plies N] [--seed N] [--perft-depth D]

The reference is `pyffish` (Fairy-Stockfish's Python binding, from PyPI),
which knows every shipped variant by the same name. For each variant:

  * perft from the start position to `--perft-depth` (default 3), counted
    by recursion over pyffish's legal moves, against `tabula perft`;
  * `--games` seeded random games of up to `--plies` plies, the moves drawn
    from Fairy-Stockfish's legal moves. For every position one
    `tabula moves --rules variants` batch process is asked for the legal
    moves twice: from Fairy-Stockfish's FEN of the position, and as the
    start position plus the moves played. Both must equal Fairy-Stockfish's
    set, which is empty once the game is over;
  * at the end of each game `tabula position` gives the position text and
    the status: the text must read back in Fairy-Stockfish to the same
    position (same FEN, hands compared as multisets), and the status must
    be Fairy-Stockfish's result.

When the game is over (for Fairy-Stockfish): no legal move (its
`game_result`), an immediate end (extinction, a goal reached, checks given:
`is_immediate_game_end`), or a claimable end that Tabula applies
automatically (`is_optional_game_end`: repetition, the move-count rule),
and, for the variants whose definition has it, insufficient material on
both sides (`has_insufficient_material`).

Exit status: 0 all agree, 1 a mismatch (the first few are printed),
2 pyffish is missing or the run could not be done.
"""

import argparse
import random
import sys

from tabula_cli import Tabula, parse_tabula_status

INSTALL = "install it with `python3 -m pip install pyffish` (or run `scripts/setup.sh --test`)"

VARIANTS = [
    "chess", "capablanca", "grand", "shatranj", "makruk", "shogi", "minishogi",
    "crazyhouse", "kingofthehill", "3check", "antichess", "atomic", "racingkings",
    "losalamos", "gardner", "minixiangqi", "breakthrough",
]
# Variants whose definition ends the game on insufficient material.
INSUFFICIENT = {"chess", "capablanca"}
# Variants whose Fairy-Stockfish counting rules Tabula does not apply: their
# claimable ends are not compared, and a game stops being compared once
# counting would start (no pawn left), where Fairy-Stockfish's FEN gains
# its counting fields.
COUNTING = {"makruk"}

try:
    import pyffish as sf
except ImportError:
    print(f"variants reference: pyffish is missing; {INSTALL}", file=sys.stderr)
    sys.exit(2)


def fsf_perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, moves + [m], depth - 1) for m in legal)


def normal_fen(fen):
    """The FEN with the hand sorted, for comparison."""
    board, rest = (fen.split(" ", 1) + [""])[:2]
    if "[" in board:
        b, hand = board.split("[", 1)
        hand = "".join(sorted(hand.rstrip("]").replace("-", "")))
        board = f"{b}[{hand}]"
    return f"{board} {rest}".strip()


def expected_status(variant, start, moves):
    """(over, 'win'|'draw'|None, winner-side 0/1|None) from Fairy-Stockfish."""
    stm = len(moves) % 2 if start.split()[1] == "w" else (len(moves) + 1) % 2
    legal = sf.legal_moves(variant, start, moves)
    over, value = sf.is_immediate_game_end(variant, start, moves)
    if not over and not legal:
        over, value = True, sf.game_result(variant, start, moves)
    if not over and variant not in COUNTING:
        over, value = sf.is_optional_game_end(variant, start, moves)
    if not over and variant in INSUFFICIENT:
        white, black = sf.has_insufficient_material(variant, start, moves)
        if white and black:
            over, value = True, 0
    if not over:
        return (False, None, None, legal)
    if value == 0:
        return (True, "draw", None, [])
    return (True, "win", stm if value > 0 else 1 - stm, [])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--perft-depth", type=int, default=3)
    args = ap.parse_args()
    mismatches = []
    positions = 0

    def report(what):
        mismatches.append(what)
        if len(mismatches) <= 8:
            print("MISMATCH", what)

    for variant in args.variants.split(","):
        rng = random.Random(f"{args.seed}:{variant}")
        start = sf.start_fen(variant)
        tab = Tabula(args.tabula, "variants")
        option = ["--option", f"variant={variant}"]
        for depth in range(1, args.perft_depth + 1):
            ours = tab_perft(tab, option, start, depth)
            theirs = fsf_perft(variant, start, [], depth)
            if ours != theirs:
                report(f"{variant}: perft {depth} from the start: tabula {ours}, fairy-stockfish {theirs}")
        for game in range(args.games):
            moves, records = [], []
            while True:
                over, kind, winner, legal = expected_status(variant, start, moves)
                if variant in COUNTING and "p" not in sf.get_fen(variant, start, moves).split()[0].lower():
                    break
                fen = sf.get_fen(variant, start, moves)
                # The FEN alone carries no history: a repetition is only
                # seen by the start-plus-moves query.
                from_fen = sorted(expected_status(variant, fen, [])[3])
                records.append((list(moves), fen, sorted(legal), over, kind, winner, from_fen))
                if over or len(moves) >= args.plies:
                    break
                moves.append(rng.choice(legal))
            positions += len(records)
            lines = []
            for played, fen, *_ in records:
                lines.append(fen)
                lines.append(f"{start} moves {' '.join(played)}" if played else start)
            answers = batch(tab, option, lines)
            for i, (played, fen, want, _, _, _, want_fen) in enumerate(records):
                a, b = answers[2 * i], answers[2 * i + 1]
                if a != want_fen or b != want:
                    which = f"from the FEN: tabula {a}, fairy-stockfish {want_fen}" if a != want_fen else (
                        f"after the moves: tabula {b}, fairy-stockfish {want}")
                    report(f"{variant} game {game}: {fen} (start moves {' '.join(played)}): {which}")
                    break
            played, fen, _, over, kind, winner, _ = records[-1]
            text, status = position(tab, option, start, played)
            if text is None or normal_fen(text) != normal_fen(fen):
                report(f"{variant} game {game}: position text {text!r} ({status}), fairy-stockfish {fen!r}")
                continue
            got = parse_tabula_status(status)
            if over:
                ok = got is not None and ((kind == "draw" and got[0] == "draw") or (
                    kind == "win" and got[0] == "win" and tab_winner(got[1], variant) == winner))
                if not ok:
                    report(f"{variant} game {game}: {fen}: tabula '{status}', fairy-stockfish {kind} {winner}")
            elif got is None or got[0] != "ongoing":
                report(f"{variant} game {game}: {fen}: tabula '{status}', fairy-stockfish ongoing")
        print(f"{variant}: checked", flush=True)
    if mismatches:
        print(f"variants reference: {len(mismatches)} mismatches in {positions} positions")
        sys.exit(1)
    print(f"variants reference: no mismatch ({positions} positions)")


PLAYERS = {"shogi": ["sente", "gote"], "minishogi": ["sente", "gote"]}


def tab_winner(word, variant):
    names = PLAYERS.get(variant, ["white", "black"])
    return names.index(word) if word in names else None


def batch(tab, option, lines):
    out = run(tab, ["moves"], option, "\n".join(lines) + "\n", check=False)
    got = out.split("\n")
    if got and got[-1] == "":
        got.pop()
    if len(got) != len(lines):
        raise SystemExit(f"variants reference: tabula moves answered {len(got)} lines for {len(lines)}")
    return [g if g.startswith("error") else sorted(g.split()) for g in got]


def tab_perft(tab, option, fen, depth):
    out = run(tab, ["perft", "--depth", str(depth), "--position", fen], option, None)
    return int(out.split()[0])


def position(tab, option, fen, moves):
    args = ["position", "--position", fen] + (["--moves", " ".join(moves)] if moves else [])
    out = run(tab, args, option, None, check=False)
    lines = out.strip("\n").split("\n")
    if len(lines) < 2:
        return None, out.strip()
    return lines[0], lines[1]


def run(tab, args, option, stdin, check=True):
    import subprocess
    extra = {"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}
    done = subprocess.run([tab.binary, *args, "--rules", "variants", *option], capture_output=True, text=True, **extra)
    if check and done.returncode != 0:
        raise SystemExit(f"variants reference: tabula {' '.join(args[:1])} failed: {done.stderr.strip()[:300]}")
    return done.stdout if stdin is not None else done.stdout + ("" if done.returncode == 0 else done.stderr)


if __name__ == "__main__":
    main()
