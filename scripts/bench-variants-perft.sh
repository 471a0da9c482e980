#!/usr/bin/env bash
# Perft through the loaded variants plugin (`tabula perft`, its own timer)
# against Fairy-Stockfish's own `go perft` on the same start positions,
# side by side and alternating, in one run. Prints seconds and the ratio
# (Tabula's speed / Fairy-Stockfish's speed; above 1 is faster).
#
# Usage: scripts/bench-variants-perft.sh [DEPTH] [ROUNDS] [VARIANTS...]
#   defaults: depth 5, 3 rounds, chess capablanca
# Needs a release build (cargo build --release -p tabula -p tabula-variants-export)
# and Fairy-Stockfish (Debian's fairy-stockfish, or FSF=/path/to/engine).
set -euo pipefail
cd "$(dirname "$0")/.."
depth="${1:-5}"
rounds="${2:-3}"
shift $(( $# > 2 ? 2 : $# )) || true
variants=("$@")
((${#variants[@]})) || variants=(chess capablanca)
fsf="${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
tabula=target/release/tabula
[[ -x "$tabula" ]] || { echo "build first: cargo build --release -p tabula -p tabula-variants-export" >&2; exit 1; }
[[ -x "$fsf" ]] || { echo "Fairy-Stockfish not found (apt-get install fairy-stockfish, or FSF=path)" >&2; exit 1; }

now() { date +%s.%N; }
for v in "${variants[@]}"; do
    best_t=999999; best_f=999999; nodes_t=""; nodes_f=""
    for ((r = 1; r <= rounds; r++)); do
        out=$("$tabula" perft --rules variants --option "variant=$v" --depth "$depth" 2>&1 >/dev/null)
        t=$(sed -E 's/.* nodes in ([0-9.]+) s.*/\1/' <<<"$out")
        nodes_t=$(awk '{print $1}' <<<"$out")
        start=$(now)
        nodes_f=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$v" "$depth" \
            | "$fsf" | sed -n 's/^Nodes searched: //p')
        f=$(echo "$(now) - $start" | bc -l)
        best_t=$(echo "if ($t < $best_t) $t else $best_t" | bc -l)
        best_f=$(echo "if ($f < $best_f) $f else $best_f" | bc -l)
        printf '%-12s round %d: tabula %8.3f s  fairy-stockfish %8.3f s\n' "$v" "$r" "$t" "$f"
    done
    if [[ "$nodes_t" != "$nodes_f" ]]; then
        echo "$v: node counts differ: tabula $nodes_t, fairy-stockfish $nodes_f" >&2
        exit 1
    fi
    printf '%-12s perft %s = %s nodes: best tabula %.3f s, fairy-stockfish %.3f s, speed ratio %.2f\n' \
        "$v" "$depth" "$nodes_t" "$best_t" "$best_f" "$(echo "$best_f / $best_t" | bc -l)"
done
