#!/usr/bin/env bash
# The hostile campaign (docs/RELIABILITY.md, "A server under attack"): one
# `tabula serve` on loopback with the settings docs/SECURITY.md gives for a
# public server, honest players in HONEST rooms (two each, a move every
# THINK_MS or so), and ATTACKERS threads of each attack, each from
# loopback addresses of its own, for SECONDS. Prints the campaign's JSON
# line (honest move round trips, acknowledged moves lost, attempts per
# attack), the server's peak memory and the load average around the run.
# Usage: scripts/net-campaign.sh [SECONDS=120] [HONEST=10] [ATTACKERS=2] [THINK_MS=100]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
honest=${2:-10}
attackers=${3:-2}
think=${4:-100}
cargo build --release --quiet --workspace
data=$(mktemp -d)
out=$(mktemp)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$data" "$out"' EXIT
# The public settings: the defaults, with TLS offered.
target/release/tabula serve --listen 127.0.0.1:0 --data "$data/db" --tls-self-signed >"$out" 2>"$data/stderr" &
server=$!
for _ in $(seq 100); do grep -q listening "$out" && break; sleep 0.1; done
addr=$(sed -n 's/.*listening on \([^,]*\),.*/\1/p' "$out")
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
( while kill -0 "$server" 2>/dev/null; do
      awk '/VmRSS/ {print $2}' "/proc/$server/status" 2>/dev/null || true
      sleep 0.2
  done ) >"$data/rss" &
sampler=$!
status=0
target/release/tabula-netcampaign "$addr" "$seconds" "$honest" "$attackers" "$think" || status=$?
kill "$sampler" 2>/dev/null || true
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill -0 "$server" || { echo "the server died"; status=1; }
echo "server: VmRSS peak sampled $(sort -n "$data/rss" | tail -1) kB, VmHWM $(awk '/VmHWM/ {print $2}' "/proc/$server/status") kB, threads $(awk '/Threads/ {print $2}' "/proc/$server/status")"
echo "database: $(du -k "$data/db/tabula.sqlite"* | awk '{s+=$1} END {print s}') kB"
echo "server stderr lines: $(wc -l <"$data/stderr")"
exit $status
