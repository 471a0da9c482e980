#!/usr/bin/env bash
# A game across two network namespaces joined by a veth pair, as two
# machines on a LAN would play it (docs/NETWORK.md, "Two machines").
# "Machine" A (10.200.0.1) runs `tabula serve` and Ann's terminal client;
# machine B (10.200.0.2) runs Bob's. They play the fool's mate, Bob
# exports the game, and the script checks the PGN Bob received.
# Needs root and iproute2; every address is inside namespaces made here.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $(id -u) -eq 0 ]] || { echo "net-netns: needs root (ip netns)" >&2; exit 1; }
command -v ip >/dev/null || { echo "net-netns: needs iproute2" >&2; exit 1; }
cargo build --release --quiet --workspace
bin=$PWD/target/release/tabula
a=tabula-a-$$; b=tabula-b-$$
work=$(mktemp -d)
cleanup() {
    ip netns pids "$a" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns pids "$b" 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del "$a" 2>/dev/null || true
    ip netns del "$b" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$a"
ip netns add "$b"
ip link add "va$$" type veth peer name "vb$$"
ip link set "va$$" netns "$a"
ip link set "vb$$" netns "$b"
ip -n "$a" addr add 10.200.0.1/24 dev "va$$"
ip -n "$b" addr add 10.200.0.2/24 dev "vb$$"
for n in "$a" "$b"; do ip -n "$n" link set lo up; done
ip -n "$a" link set "va$$" up
ip -n "$b" link set "vb$$" up
ip -n "$b" route get 10.200.0.1 >/dev/null

ip netns exec "$a" "$bin" serve --listen 10.200.0.1:7717 --data "$work/data" >"$work/server.log" 2>&1 &
for _ in $(seq 100); do grep -q listening "$work/server.log" 2>/dev/null && break; sleep 0.1; done
cat "$work/server.log"

# Ann (machine A) opens room 1 as White; Bob (machine B) joins as Black.
( sleep 2; echo f3; sleep 2; echo g4; sleep 4; echo quit ) |
    ip netns exec "$a" "$bin" play --text --connect 10.200.0.1:7717 --create chess --name Ann >"$work/ann.log" 2>&1 &
ann=$!
sleep 1
( sleep 2; echo e5; sleep 2; echo 'Qh4#'; sleep 1; echo 'export pgn'; sleep 1; echo quit ) |
    ip netns exec "$b" "$bin" play --text --connect 10.200.0.1:7717 --room 1 --name Bob >"$work/bob.log" 2>&1 &
bob=$!
wait "$ann" "$bob" || true
echo "--- Ann (machine A) saw:"; grep -E "plays|game over|room" "$work/ann.log" || true
echo "--- Bob (machine B) saw:"; grep -E "plays|game over|room|Result|1\. " "$work/bob.log" || true
if grep -q '1. f3 e5 2. g4 Qh4#' "$work/bob.log" && grep -qi 'game over: win black' "$work/ann.log"; then
    echo "net-netns: a whole game across two namespaces: ok"
else
    echo "net-netns: FAILED" >&2
    cat "$work/ann.log" "$work/bob.log" >&2
    exit 1
fi
