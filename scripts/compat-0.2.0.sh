#!/usr/bin/env bash
# The compatibility promise, checked with the real plugins of the 0.2.0
# release: builds every plugin of the last rules-api 0.2.0 commit (ff03a49)
# from git, unchanged, drops the .so files beside nothing else, and has this
# tree's `tabula` load, check and play each of them.
#
# Usage: scripts/compat-0.2.0.sh [--keep]   (--keep: reuse an earlier build)
# Needs: git history (a clone, not an export) and this tree built
# (`cargo build --release --workspace`).
set -euo pipefail
cd "$(dirname "$0")/.."
RELEASE=ff03a49
WORK=${COMPAT_DIR:-target/compat-0.2.0}
TABULA=target/release/tabula
[[ -x $TABULA ]] || { echo "build this tree first: cargo build --release --workspace" >&2; exit 2; }
git cat-file -e "$RELEASE^{commit}" 2>/dev/null || { echo "commit $RELEASE is not in this clone" >&2; exit 2; }

if [[ "${1:-}" != "--keep" || ! -d $WORK/plugins ]]; then
    rm -rf "$WORK"
    mkdir -p "$WORK/src" "$WORK/plugins"
    git archive "$RELEASE" | tar -x -C "$WORK/src"
    echo "compat: building the 0.2.0 plugins (commit $RELEASE)" >&2
    cargo build --release --quiet --manifest-path "$WORK/src/Cargo.toml" --workspace --exclude tabula-gui \
        --exclude tabula --exclude tabula-net --exclude tabula-suite --exclude tabula-xvfb
    cp "$WORK"/src/target/release/libtabula_plugin_*.so "$WORK/plugins/"
fi
PLUGINS=$WORK/plugins
old() { echo "$PLUGINS/libtabula_plugin_$1.so"; }

fail=0
check() {
    local what=$1; shift
    if out=$("$@" 2>&1); then
        echo "ok    $what"
    else
        echo "FAIL  $what"; echo "$out" | tail -5; fail=1
    fi
}

check "plugins lists every 0.2.0 library as usable" \
    bash -c "! $TABULA plugins --plugin-dir $PLUGINS | grep -q broken"
for game in chess xiangqi gomoku go hex raumschach tictactoe variants; do
    check "conform $game (0.2.0 build)" "$TABULA" conform --rules "$(old $game)" --games 6
done
for ai in random greedy alphabeta mcts; do
    check "0.2.0 $ai plays today's chess against today's alphabeta" \
        "$TABULA" match --rules chess --players "$(old $ai),alphabeta" --games 2 --time-ms 100
done
check "today's strategies play the 0.2.0 xiangqi" \
    "$TABULA" match --rules "$(old xiangqi)" --players alphabeta,mcts --games 2 --time-ms 100
check "today's strategies play the 0.2.0 go (9x9)" \
    "$TABULA" match --rules "$(old go)" --option size=9 --players alphabeta,random --games 2 --time-ms 100
check "the 0.2.0 alphabeta plays the 0.2.0 chess in this host" \
    "$TABULA" match --rules "$(old chess)" --players "$(old alphabeta),$(old greedy)" --games 2 --time-ms 100
check "an isolated 0.2.0 game plays" \
    "$TABULA" match --rules "$(old gomoku)" --isolate-rules --players alphabeta,random --games 1 --time-ms 100
for game in backgammon ludo; do
    if [[ -e target/release/libtabula_plugin_$game.so ]]; then
        check "the 0.2.0 greedy plays today's $game (dice)" \
            "$TABULA" match --rules $game --players "$(old greedy),random" --games 2 --time-ms 100
    fi
done
exit $fail
