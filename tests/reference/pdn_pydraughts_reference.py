"""Tabula's PDN (as the window writes it) against pydraughts' PDN reader.

pydraughts reads every game of a PDN file Tabula wrote (`draughts.PDN`:
its GameType picks the variant, its moves split by move number) and plays
them on its own board; `tabula position --rules draughts` plays the same
moves; the final positions (every piece, man or king, and the side to
move) must be the same, and the game must have as many moves as the file
says in `--moves` (the moves the window showed).

Exit 0: they agree; 1: a mismatch (printed); 2: pydraughts is missing.
"""

import argparse
import subprocess
import sys

try:
    import draughts
    from draughts.PDN import PDNReader
except ImportError:
    print("pdn reference: pydraughts is missing (python3 -m pip install pydraughts)", file=sys.stderr)
    sys.exit(2)

RULES = {"standard": "international", "english": "english"}


def pieces_of(fen):
    """PDN FEN (no ranges) -> ({square: (colour, king)}, side)."""
    fields = fen.strip().split(":")
    pieces = {}
    for field in fields[1:]:
        for item in filter(None, field[1:].split(",")):
            pieces[int(item.lstrip("K"))] = (field[0], item.startswith("K"))
    return pieces, fields[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tabula", required=True, help="the tabula binary")
    parser.add_argument("--pdn", required=True, help="a PDN file Tabula wrote")
    parser.add_argument("--moves", type=int, required=True, help="the moves of its first game")
    args = parser.parse_args()
    games = PDNReader(filename=args.pdn).games
    mismatches = []
    for number, game in enumerate(games, 1):
        if game.variant not in RULES:
            mismatches.append(f"game {number}: pydraughts reads GameType {game.tags.get('GameType')!r} as {game.variant}")
            continue
        fen = game.tags.get("FEN")
        board = draughts.Board(variant=game.variant, fen=fen) if fen else draughts.Board(variant=game.variant)
        for move in game.moves:
            board.push(draughts.Move(board, pdn_move=move))
        command = [args.tabula, "position", "--rules", "draughts", "--option", f"rule={RULES[game.variant]}"]
        if fen:
            command += ["--position", fen]
        command += ["--moves", " ".join(game.moves)]
        run = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if run.returncode != 0:
            mismatches.append(f"game {number}: tabula refused pydraughts' moves: {run.stderr.strip()[:300]}")
            continue
        ours, theirs = pieces_of(run.stdout.split("\n")[0]), pieces_of(board.fen)
        if ours != theirs:
            mismatches.append(f"game {number}: Tabula reaches {run.stdout.split()[0]}, pydraughts {board.fen}")
        if number == 1 and len(game.moves) != args.moves:
            mismatches.append(f"game 1: pydraughts reads {len(game.moves)} moves, the window played {args.moves}")
    if mismatches:
        print(f"pdn reference: {len(mismatches)} mismatches")
        for m in mismatches[:5]:
            print(f"  {m}")
        return 1
    print(f"pdn reference: no mismatch in {len(games)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
