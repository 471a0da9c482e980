#!/usr/bin/env bash
# Is the alpha-beta of this tree stronger than a previous build of it? An
# SPRT with `tabula tournament` (docs/TOURNAMENTS.md) instead of a fixed
# number of games: it stops as soon as the log-likelihood ratio crosses a
# bound. Both players search a fixed number of nodes a move, so the verdict
# does not depend on the machine's load; games run two at a time.
#
# Usage: scripts/sprt-vs-previous.sh GAME [NODES=20000] [ELO1=30]
#   GAME       chess, xiangqi or gomoku (openings from scripts/openings)
#   BASELINE   directory holding the previous libtabula_plugin_alphabeta.so
#              (default target-baseline)
#   TABULA     the tabula binary (default target/release/tabula)
#   OUT        where the results, record and log go (default target/sprt)
#   CONCURRENCY  games at once (default 2)
# The hypotheses are elo0=0 against ELO1, alpha = beta = 0.05; at most 200
# rounds (400 games). Run again with the same arguments to continue a run
# that was stopped: the results file keeps every finished game.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?GAME}
nodes=${2:-20000}
elo1=${3:-30}
BASELINE=${BASELINE:-target-baseline}
TABULA=${TABULA:-target/release/tabula}
OUT=${OUT:-target/sprt}
case $game in
    chess | xiangqi) openings=scripts/openings/$game.fen ;;
    gomoku) openings=scripts/openings/gomoku-random.txt ;;
    *) echo "no openings for '$game' (chess, xiangqi or gomoku)" >&2; exit 2 ;;
esac
[[ -f $BASELINE/libtabula_plugin_alphabeta.so ]] || {
    echo "no previous alpha-beta in '$BASELINE' (set BASELINE)" >&2
    exit 2
}
ext=txt
[[ $game == chess ]] && ext=pgn
mkdir -p "$OUT"
uptime
"$TABULA" tournament --rules "$game" \
    --player "alphabeta,name=new" \
    --player "$BASELINE/libtabula_plugin_alphabeta.so,name=previous" \
    --nodes "$nodes" --max-moves 400 --openings "$openings" --rounds 200 \
    --sprt "elo0=0 elo1=$elo1 alpha=0.05 beta=0.05" --seed 1 \
    --concurrency "${CONCURRENCY:-2}" \
    --results "$OUT/$game-vs-previous.sqlite" --record "$OUT/$game-vs-previous.$ext" \
    2>&1 | tee "$OUT/$game-vs-previous.log"
uptime
