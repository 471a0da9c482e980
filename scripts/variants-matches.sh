#!/usr/bin/env bash
# Fairy-Stockfish against Tabula's alpha-beta: one `tabula match` per shipped
# variant (seats alternate), the engine told the variant through UCI_Variant.
# Prints each match's summary line and fails if any game ended in an error
# (an illegal or unreadable move, a crash, a time-out).
#
# Usage: scripts/variants-matches.sh [GAMES] [TIME_MS] [VARIANTS...]
#   defaults: 2 games of 100 ms a move, every shipped variant that
#   Fairy-Stockfish knows (Debian's 11.1 lacks atomic; FSF=/path/to/engine
#   picks another build)
# Needs a release build (cargo build --release -p tabula -p tabula-variants-export
# -p tabula-ai-alphabeta-export).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-2}"
time_ms="${2:-100}"
shift $(( $# > 2 ? 2 : $# )) || true
fsf="${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
tabula=target/release/tabula
[[ -x "$tabula" ]] || { echo "build first: cargo build --release" >&2; exit 1; }
[[ -x "$fsf" ]] || { echo "Fairy-Stockfish not found (apt-get install fairy-stockfish, or FSF=path)" >&2; exit 1; }
known=$(printf 'uci\nquit\n' | "$fsf" | sed -n 's/^option name UCI_Variant .* default [^ ]* //p')
variants=("$@")
if ((${#variants[@]} == 0)); then
    for f in plugins/variants/library/*.toml; do variants+=("$(basename "$f" .toml)"); done
fi
failed=0
for v in "${variants[@]}"; do
    if ! grep -qw -- "var $v" <<<"$known"; then
        echo "$v: skipped, $fsf does not know it"
        continue
    fi
    out=$("$tabula" match --plugin-dir target/release --rules variants --option "variant=$v" \
        --players "uci:$fsf,alphabeta" --games "$games" --time-ms "$time_ms" --max-moves 400 2>&1) || failed=1
    summary=$(grep '^summary:' <<<"$out" || echo "summary: none (match failed)")
    printf '%-14s %s\n' "$v" "$summary"
    grep -q 'errors 0' <<<"$summary" || { failed=1; grep -iE 'error|illegal' <<<"$out" | head -5; }
done
exit "$failed"
