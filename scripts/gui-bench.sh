#!/usr/bin/env bash
# Measures the window under Xvfb (docs/BENCHMARKS-gui.md): frame work and
# intervals while two computers play chess (alpha-beta, 2 s a move), the
# time from start to the first drawn frame, and the CPU an idle window
# uses (a game between two people, nobody moving, with and without a
# running clock). Needs Xvfb (scripts/setup.sh --test) and a release build.
# Usage: scripts/gui-bench.sh [seconds of play, default 25]
set -euo pipefail
cd "$(dirname "$0")/.."
play_s=${1:-25}
bin=target/release/tabula
work=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
# Xvfb picks a free display itself and writes its number once it listens.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
display=:$(cat "$work/display")
export DISPLAY=$display SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$work/data TABULA_SETTINGS=$work/settings.toml
plugins="[plugins]
dirs = [\"$PWD/target/release\"]"
cat > "$work/cvc.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "Alpha"
kind = "ai"
strategy = "alphabeta"
time_ms = 2000
[[players]]
name = "Beta"
kind = "ai"
strategy = "alphabeta"
time_ms = 2000
$plugins
TOML
TABULA_FRAME_LOG=$work/frames.txt "$bin" play --config "$work/cvc.toml" 2>"$work/cvc.log" &
pid=$!
sleep "$play_s"
kill -TERM $pid
wait $pid || true
grep -E "first frame|frames (while|idle)" "$work/cvc.log"

# Idle: two people, nobody moves. CPU ticks of the process over 30 s.
idle() {
    "$bin" play --config "$1" 2>/dev/null &
    local p=$!
    sleep 5
    local hz before after
    hz=$(getconf CLK_TCK)
    before=$(awk '{print $14 + $15}' /proc/$p/stat)
    sleep 30
    after=$(awk '{print $14 + $15}' /proc/$p/stat)
    kill -TERM $p
    wait $p || true
    awk -v t=$((after - before)) -v hz="$hz" -v label="$2" \
        'BEGIN { printf "idle %s: %.2f%% of a core (%d ticks in 30 s)\n", label, 100 * t / hz / 30, t }'
}
cat > "$work/people.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "A"
kind = "human"
[[players]]
name = "B"
kind = "human"
$plugins
TOML
idle "$work/people.toml" "(time-used clock ticking)"
cat > "$work/over.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "A"
kind = "human"
[[players]]
name = "B"
kind = "human"
[record]
moves = ["f2f3", "e7e5", "g2g4", "d8h4"]
result = "win black (checkmate)"
$plugins
TOML
idle "$work/over.toml" "(finished game, nothing moves)"
