#!/usr/bin/env bash
# Who beats whom in the wave-3 games (docs/BENCHMARKS-engines.md): a
# round-robin of the four generic strategies per game, limited by depth and
# playouts (never by the clock), each pair playing ROUNDS sets of both seatings.
# Usage: scripts/wave3-matches.sh [ROUNDS] [GAME ...]   (AB_DEPTH: alpha-beta depth, default 4)
set -euo pipefail
cd "$(dirname "$0")/.."
TABULA=${TABULA:-target/release/tabula}
OUT=${OUT:-target/wave3-matches}
ROUNDS=${1:-2}
shift || true
GAMES=("$@")
[[ ${#GAMES[@]} -gt 0 ]] || GAMES=(connectfour othello oware amazons morris draughts chinesecheckers ludo backgammon tridchess)
mkdir -p "$OUT"
for game in "${GAMES[@]}"; do
    opts=()
    [[ $game == ludo ]] && opts=(--option players=2)
    rm -f "$OUT/$game.sqlite"
    echo "== $game" >&2
    start=$(date +%s.%N)
    "$TABULA" tournament --rules "$game" "${opts[@]}" --rounds "$ROUNDS" --seed 1 --max-moves 400 \
        --player random --player greedy --player alphabeta,depth=${AB_DEPTH:-4},time-ms=600000 \
        --player mcts,playouts=1000,time-ms=600000 \
        --results "$OUT/$game.sqlite" --record "$OUT/$game.txt" 2>"$OUT/$game.progress" | tee "$OUT/$game.table"
    end=$(date +%s.%N)
    echo "$game: $(echo "$end - $start" | bc) s wall" | tee -a "$OUT/times.txt"
done
