#!/usr/bin/env bash
# The strength campaigns of docs/BENCHMARKS-engines.md: long CPU runs, not
# part of the test suite. Each writes a PGN/text record and the match
# summary (with the Elo difference and its 95% interval) under $OUT.
#
# Usage: scripts/engine-matches.sh CAMPAIGN [GAMES]
#   TABULA     the tabula binary to use (default target/release/tabula)
#   PLUGINS    its plugin directory (default: the binary's directory)
#   BASELINE   a directory with the previous release's plugins, for the
#              head-to-head campaigns (libtabula_plugin_alphabeta.so)
#   OUT        where records and summaries go (default target/engine-matches)
#   AB         the alpha-beta player of the Stockfish campaigns (default alphabeta;
#              e.g. target-baseline/libtabula_plugin_alphabeta.so for the "before" row)
#   TAG        a suffix for the record names (default none)
#   OPENINGS   the openings of the head-to-head campaigns (default
#              scripts/openings/GAME.fen, gomoku.txt for gomoku; the
#              larger sets gomoku-random.txt and xiangqi-random.txt give
#              more distinct games)
#
# Campaigns (GAMES defaults to 40; openings from scripts/openings):
#   chess-vs-previous    alphabeta against BASELINE's alphabeta, chess, 200 ms a move
#   xiangqi-vs-previous  the same in xiangqi
#   gomoku-vs-previous   the same in gomoku
#   chess-stockfish ELO  alphabeta against Stockfish UCI_Elo=ELO, 10 s + 0.1 s
#   xiangqi-fairy ELO    alphabeta against Fairy-Stockfish (xiangqi) UCI_Elo=ELO, 10 s + 0.1 s
#   level N ELO          alphabeta strength=N against Stockfish UCI_Elo=ELO, 10 s + 0.1 s
#   ladder A B           alphabeta strength=A against strength=B, chess, 10 s + 0.1 s
#                        (the node caps, not the clock, limit both: load does not matter)
#   threads              alphabeta threads=2 against threads=1, chess, 200 ms a move
#   mcts GAME            mcts against alphabeta in GAME, 500 ms a move
#   eval GAME NEW OLD    alphabeta on GAME's rules plugin from directory NEW against the
#                        same from OLD (an evaluation change), both as `tabula uci`
#                        engines so they are seated alike, 200 ms a move
set -euo pipefail
cd "$(dirname "$0")/.."
TABULA=${TABULA:-target/release/tabula}
PLUGINS=${PLUGINS:-$(dirname "$TABULA")}
BASELINE=${BASELINE:-target-baseline}
OUT=${OUT:-target/engine-matches}
AB=${AB:-alphabeta}
TAG=${TAG:-}
mkdir -p "$OUT"
campaign=${1:?campaign}
shift
SF=/usr/games/stockfish
FSF=/usr/games/fairy-stockfish

run() { # name, then tabula match arguments
    local name=$1
    shift
    echo "== $name ($(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg))" | tee "$OUT/$name.log"
    "$TABULA" --plugin-dir "$PLUGINS" match --seed 1 --record "$OUT/$name.rec" "$@" | tee -a "$OUT/$name.log"
    echo "== done $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/$name.log"
}

case "$campaign" in
    chess-vs-previous | xiangqi-vs-previous | gomoku-vs-previous)
        game=${campaign%-vs-previous}
        games=${1:-40}
        openings=scripts/openings/$game.fen
        [[ $game == gomoku ]] && openings=scripts/openings/gomoku.txt
        openings=${OPENINGS:-$openings}
        run "$campaign" --rules "$game" --players "alphabeta,$BASELINE/libtabula_plugin_alphabeta.so" \
            --games "$games" --time-ms 200 --max-moves 400 --openings "$openings"
        ;;
    chess-stockfish)
        elo=${1:?Elo}
        games=${2:-40}
        run "chess-sf$elo$TAG" --rules chess --players "$AB,uci:$SF" --games "$games" --tc 10+0.1 \
            --max-moves 400 --openings scripts/openings/chess.fen \
            --engine-option UCI_LimitStrength=true --engine-option "UCI_Elo=$elo"
        ;;
    xiangqi-fairy)
        elo=${1:?Elo}
        games=${2:-40}
        run "xiangqi-fsf$elo$TAG" --rules xiangqi --players "$AB,uci:$FSF" --games "$games" --tc 10+0.1 \
            --max-moves 400 --openings scripts/openings/xiangqi.fen \
            --engine-option UCI_LimitStrength=true --engine-option "UCI_Elo=$elo"
        ;;
    level)
        level=${1:?level}
        elo=${2:?Elo}
        games=${3:-40}
        cat > "$OUT/level$level.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "alphabeta-strength$level"
kind = "ai"
strategy = "alphabeta"
[players.options]
strength = "$level"
[[players]]
name = "stockfish$elo"
kind = "engine"
command = "$SF"
[players.options]
UCI_LimitStrength = "true"
UCI_Elo = "$elo"
TOML
        run "level$level-sf$elo" --config "$OUT/level$level.toml" --games "$games" --tc 10+0.1 --max-moves 400 \
            --openings scripts/openings/chess.fen
        ;;
    ladder)
        a=${1:?level}
        b=${2:?level}
        games=${3:-40}
        cat > "$OUT/ladder$a-$b.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "strength$a"
kind = "ai"
strategy = "alphabeta"
[players.options]
strength = "$a"
[[players]]
name = "strength$b"
kind = "ai"
strategy = "alphabeta"
[players.options]
strength = "$b"
TOML
        run "ladder$a-$b" --config "$OUT/ladder$a-$b.toml" --games "$games" --tc 10+0.1 --max-moves 400 \
            --openings scripts/openings/chess.fen
        ;;
    threads)
        games=${1:-40}
        cat > "$OUT/threads.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "alphabeta-2threads"
kind = "ai"
strategy = "alphabeta"
time_ms = 200
[players.options]
threads = "2"
[[players]]
name = "alphabeta-1thread"
kind = "ai"
strategy = "alphabeta"
time_ms = 200
TOML
        run threads --config "$OUT/threads.toml" --games "$games" --max-moves 400 --openings scripts/openings/chess.fen
        ;;
    mcts)
        game=${1:?game}
        games=${2:-20}
        openings=()
        [[ -f scripts/openings/$game.fen ]] && openings=(--openings "scripts/openings/$game.fen")
        [[ $game == gomoku ]] && openings=(--openings scripts/openings/gomoku.txt)
        run "mcts-$game" --rules "$game" --players mcts,alphabeta --games "$games" --time-ms 500 --max-moves 400 \
            "${openings[@]}"
        ;;
    eval)
        game=${1:?game}
        new=${2:?directory of the new rules plugin}
        old=${3:?directory of the old rules plugin}
        games=${4:-40}
        run "eval-$game" --rules "$game" --games "$games" --time-ms 200 --max-moves 400 \
            --openings "scripts/openings/$game.fen" \
            --players "uci:$TABULA --plugin-dir $new uci --rules $game --ai alphabeta,uci:$TABULA --plugin-dir $old uci --rules $game --ai alphabeta"
        ;;
    *)
        echo "unknown campaign '$campaign' (see the comment at the top of $0)" >&2
        exit 2
        ;;
esac
