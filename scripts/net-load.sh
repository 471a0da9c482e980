#!/usr/bin/env bash
# The network load test (docs/NETWORK.md, "Load test"): one `tabula serve`
# on loopback, ROOMS rooms of two simulated clients each playing random
# legal games of RULES to the end, as fast as the server answers.
# Prints the load generator's JSON line and the server's peak memory.
# Usage: scripts/net-load.sh [ROOMS=100] [RULES=chess] [MAX_PLIES=0] [SYNC=normal]
set -euo pipefail
cd "$(dirname "$0")/.."
rooms=${1:-100}
rules=${2:-chess}
max_plies=${3:-0}
sync=${4:-normal}
cargo build --release --quiet --workspace
data=$(mktemp -d)
out=$(mktemp)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$data" "$out"' EXIT
# Simulated players move as fast as the server answers (--rate); every
# other limit is the default, and each client connects from a loopback
# address of its own (tabula-netload SPREAD=1), as players on the internet do.
target/release/tabula serve --listen 127.0.0.1:0 --data "$data/db" --rate 5000 --sync "$sync" >"$out" &
server=$!
for _ in $(seq 100); do grep -q listening "$out" && break; sleep 0.1; done
addr=$(sed -n 's/.*listening on \([^,]*\),.*/\1/p' "$out")
peak=0
( while kill -0 "$server" 2>/dev/null; do
      rss=$(awk '/VmRSS/ {print $2}' "/proc/$server/status" 2>/dev/null || echo 0)
      echo "$rss"
      sleep 0.2
  done ) >"$data/rss" &
sampler=$!
status=0
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
target/release/tabula-netload "$addr" "$rooms" "$rules" "$max_plies" 600 1 || status=$?
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill "$sampler" 2>/dev/null || true
peak=$(sort -n "$data/rss" | tail -1)
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
echo "server: VmRSS peak sampled ${peak} kB, VmHWM ${hwm} kB, threads $(awk '/Threads/ {print $2}' "/proc/$server/status")"
echo "database: $(du -k "$data/db/tabula.sqlite"* | awk '{s+=$1} END {print s}') kB"
exit $status
