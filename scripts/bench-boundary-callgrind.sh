#!/bin/bash
# usage: run.sh BIN LABEL game depth [moves]
BIN=$1; LABEL=$2; GAME=$3; D=$4; MOVES=$5
args=(bestmove --rules $GAME --ai alphabeta --depth $D --time-ms 3600000)
[[ -n $MOVES ]] && args+=(--moves "$MOVES")
nodes=$($BIN "${args[@]}" 2>&1 | grep -o 'nodes [0-9]*' | tail -1 | cut -d' ' -f2)
rm -f /tmp/cg/$LABEL-$GAME-$D.*.out
valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/tmp/cg/$LABEL-$GAME-$D.%p.out $BIN "${args[@]}" > /dev/null 2> /tmp/cg/$LABEL-$GAME-$D.err
ir=$(cat /tmp/cg/$LABEL-$GAME-$D.*.out | grep '^summary:' | awk '{s+=$2} END {print s}')
echo "$LABEL $GAME depth $D nodes $nodes Ir $ir"
