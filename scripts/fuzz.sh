#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser and boundary input (fuzz/).
#
#   scripts/fuzz.sh smoke [SECONDS]   each target for SECONDS (default 3) from
#                                     the committed corpus fuzz/corpus/<target>
#   scripts/fuzz.sh campaign [RUNS] [SECONDS]
#                                     each target for RUNS inputs (default
#                                     10,000,000) or SECONDS (default: no
#                                     limit), whichever ends first; logs in
#                                     target/fuzz-campaign
#   scripts/fuzz.sh list              the targets
#
# TABULA_FUZZ_TARGETS="a b" runs only those targets (in that order).
# TABULA_FUZZ_MAX_LEN=N caps an input at N bytes (default 8192).
#
# cargo-fuzz needs nightly compiler flags; RUSTC_BOOTSTRAP=1 lets the stable
# toolchain accept them. The protocol and network targets open the plugin
# libraries of the main release build, so it is built first. The targets'
# bodies live in dev/fuzz-targets, which the main suite also runs (corpus
# replay and seeded mutations, without coverage guidance). The committed corpus is only
# read: new inputs go to a scratch copy. A crash leaves its input in
# fuzz/artifacts/<target>/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-smoke}
export RUSTC_BOOTSTRAP=1
targets=$(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^tabula-fuzz$')
if [[ -n "${TABULA_FUZZ_TARGETS:-}" ]]; then
    for t in $TABULA_FUZZ_TARGETS; do
        if ! grep -qx "$t" <<<"$targets"; then
            echo "tabula fuzz: no target '$t' (scripts/fuzz.sh list)" >&2
            exit 2
        fi
    done
    targets=$TABULA_FUZZ_TARGETS
fi
if [[ "$mode" == list ]]; then
    echo "$targets"
    exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "tabula fuzz: cargo-fuzz is missing (cargo install cargo-fuzz)" >&2
    exit 1
fi
# TABULA_PLUGIN_DIR=DIR takes the plugin libraries from DIR (a copy) and
# skips that build, so a long campaign is not disturbed by rebuilds.
if [[ -z "${TABULA_PLUGIN_DIR:-}" ]]; then
    cargo build --release --workspace --quiet
fi
# -s none: the targets are safe Rust; coverage guidance is what matters,
# and an uninstrumented allocator keeps the plugin libraries' memory sane.
cargo fuzz build -O -s none --fuzz-dir fuzz >/dev/null
common=(-detect_leaks=0 -rss_limit_mb=4096 -max_len="${TABULA_FUZZ_MAX_LEN:-8192}" -timeout=20 -print_final_stats=1)
case "$mode" in
smoke)
    seconds=${2:-3}
    args=(-max_total_time="$seconds")
    logs=target/fuzz-smoke
    ;;
campaign)
    runs=${2:-10000000}
    args=(-runs="$runs")
    [[ -n "${3:-}" ]] && args+=(-max_total_time="$3")
    logs=target/fuzz-campaign
    ;;
*)
    echo "usage: scripts/fuzz.sh smoke [SECONDS] | campaign [RUNS] | list" >&2
    exit 2
    ;;
esac
mkdir -p "$logs"
failed=0
for t in $targets; do
    work="$logs/corpus/$t"
    mkdir -p "$work"
    started=$(date +%s)
    if cargo fuzz run -O -s none --fuzz-dir fuzz "$t" "$work" "fuzz/corpus/$t" -- "${common[@]}" "${args[@]}" \
        >"$logs/$t.log" 2>&1; then
        verdict=ok
    else
        verdict=CRASH
        failed=1
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$t.log" | tail -1)
    echo "fuzz $mode: $t: ${execs:-?} inputs, $(($(date +%s) - started)) s, $verdict"
done
exit "$failed"
