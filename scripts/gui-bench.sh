#!/usr/bin/env bash
# Measures the window under Xvfb (docs/BENCHMARKS-gui.md):
#  1. frame work and intervals while two computers play chess (alpha-beta,
#     2 s a move), with the intervals while a computer's move slides (the
#     other computer searches meanwhile), and the time to the first frame;
#  2. the intervals while a person drags pieces (xdotool, a person against
#     the computer, 1 s a move);
#  3. the CPU an idle window uses (a game between two people, nobody
#     moving, with and without a running clock).
# For runs 1 and 2 it also prints the CPU time a frame costs the machine,
# which the load of other programs does not inflate: the window thread's
# (from the frame log), the GL driver's threads' (Mesa's llvmpipe-N) and
# the X server's, from their schedstat between a snapshot a few seconds
# after the start and one at the end, divided by the frames drawn in
# between. It works for any build, so TABULA_BIN can name an older one.
# Needs Xvfb, xdotool, python3 (scripts/setup.sh --test) and a release
# build of the workspace (the binary and the plugins).
# Usage: scripts/gui-bench.sh [seconds of computer play, default 25]
set -euo pipefail
cd "$(dirname "$0")/.."
play_s=${1:-25}
# TABULA_BIN: another build to compare (its plugins are those of this tree).
bin=${TABULA_BIN:-target/release/tabula}
work=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# Xvfb picks a free display itself and writes its number once it listens.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
display=:$(cat "$work/display")
export DISPLAY=$display SDL_AUDIODRIVER=dummy TABULA_SETTINGS=$work/settings.toml
plugins="[plugins]
dirs = [\"$PWD/target/release\"]"
# Each run keeps its autosave apart, so no window offers to resume another's game.
# Usage: window NAME CONFIG (run in the background: exec makes `$!` the
# window itself, for its SIGTERM).
window() {
    XDG_DATA_HOME=$work/data-$1 exec "$bin" play --config "$2"
}
# Prints "now-ns gl-driver-threads-cpu-ns x-server-cpu-ns" for window PID.
snapshot() {
    local render=0 xorg=0 task ns
    for task in /proc/$1/task/*; do
        case $(cat "$task/comm" 2>/dev/null) in
            llvmpipe*)
                ns=$(cut -d' ' -f1 "$task/schedstat" 2>/dev/null || echo 0)
                render=$((render + ns))
                ;;
        esac
    done
    for task in /proc/$xvfb/task/*; do
        ns=$(cut -d' ' -f1 "$task/schedstat" 2>/dev/null || echo 0)
        xorg=$((xorg + ns))
    done
    echo "$(date +%s%N) $render $xorg"
}
# Usage: cost LAUNCH-NS SNAPSHOT-A SNAPSHOT-B FRAME-LOG STDERR: the CPU
# time per frame drawn between the snapshots.
cost() {
    python3 "$PWD/scripts/gui-bench-cost.py" "$@"
}
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
launch=$(date +%s%N)
TABULA_FRAME_LOG=$work/frames.txt window cvc "$work/cvc.toml" 2>"$work/cvc.log" &
pid=$!
sleep 5
from=$(snapshot $pid)
sleep "$((play_s - 5))"
to=$(snapshot $pid)
kill -TERM $pid
wait $pid || true
echo "== computer against computer, $play_s s"
grep -E "first frame|frames (while|idle)|frame cost" "$work/cvc.log" || true
cost "$launch" "$from" "$to" "$work/frames.txt" "$work/cvc.log" || true

# Drags: a person (white) against the computer. The cells' places come
# from the layout dump of a first window; the measured one has it off.
cat > "$work/pvc.toml" <<TOML
[game]
rules = "chess"
[[players]]
name = "You"
kind = "human"
[[players]]
name = "Computer"
kind = "ai"
strategy = "alphabeta"
time_ms = 1000
$plugins
TOML
TABULA_GUI_TEST_LAYOUT=1 window layout "$work/pvc.toml" 2>"$work/layout.log" &
pid=$!
for _ in $(seq 300); do grep -q '^TABULA_LAYOUT ' "$work/layout.log" && break; sleep 0.1; done
kill -TERM $pid
wait $pid || true
cells=$(grep -m1 '^TABULA_LAYOUT ' "$work/layout.log" | cut -d' ' -f2- | python3 -c '
import json, sys
cells = json.load(sys.stdin)["cells"]
for a, b in [("e2", "e4"), ("d2", "d4"), ("g1", "f3"), ("b1", "c3"), ("f1", "e2"), ("e1", "g1")]:
    print(*[int(v) for v in cells[a] + cells[b]])
')
launch=$(date +%s%N)
TABULA_FRAME_LOG=$work/drags.txt window drags "$work/pvc.toml" 2>"$work/pvc.log" &
pid=$!
win=$(xdotool search --sync --name Tabula | head -1)
sleep 2
from=$(snapshot $pid)
# One drag: 40 steps at about 100 pointer moves a second, as a hand moves.
while read -r fx fy tx ty; do
    steps=(mousemove --window "$win" "$fx" "$fy" sleep 0.2 mousedown 1)
    for i in $(seq 1 40); do
        steps+=(sleep 0.01 mousemove --window "$win" $((fx + (tx - fx) * i / 40)) $((fy + (ty - fy) * i / 40)))
    done
    xdotool "${steps[@]}" sleep 0.1 mouseup 1
    # The computer's answer (1 s) and its slide.
    sleep 3
done <<<"$cells"
to=$(snapshot $pid)
kill -TERM $pid
wait $pid || true
echo "== a person drags six pieces against the computer"
grep -E "frames while dragging|frame cost" "$work/pvc.log" || true
cost "$launch" "$from" "$to" "$work/drags.txt" "$work/pvc.log" || true

# Idle: two people, nobody moves. CPU ticks of the process over 30 s.
idle() {
    window "$3" "$1" 2>/dev/null &
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
idle "$work/people.toml" "(time-used clock ticking)" people
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
idle "$work/over.toml" "(finished game, nothing moves)" over
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
