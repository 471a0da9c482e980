#!/usr/bin/env bash
# The soak: many headless games in one run, every one recorded.
#
#   scripts/soak.sh [GAMES] [OUT_DIR]      (default 10000 games, target/soak)
#
# Plays GAMES games split over chess, xiangqi and gomoku with mixed
# strategies and short time controls, each game kind in one `tabula match`
# process with --record, sampling that process's resident memory (VmRSS)
# every second into OUT_DIR/rss-<game>.tsv. Then python-chess reads every
# chess game of the PGN record, and a kill -9 phase kills a recording match
# at random moments and resumes it, checking that no finished game is lost
# or cut. Prints one summary line per check; exits non-zero on a failure.
# TABULA=path/to/tabula runs that binary (and the plugins beside it) instead
# of building the workspace, so a long soak is not disturbed by rebuilds.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10000}
out=${2:-target/soak}
mkdir -p "$out"
rm -f "$out"/*.pgn "$out"/*.toml "$out"/*.tsv "$out"/*.log
if [[ -z "${TABULA:-}" ]]; then
    cargo build --release --workspace --quiet
fi
tabula=${TABULA:-target/release/tabula}

# Plays N games of one kind with --record, sampling RSS; prints
# "first_kib last_kib max_kib samples".
run_sampled() {
    local name=$1 n=$2 record=$3
    shift 3
    "$tabula" match "$@" --games "$n" --record "$record" >"$out/$name.log" 2>&1 &
    local pid=$! t=0
    : >"$out/rss-$name.tsv"
    while kill -0 "$pid" 2>/dev/null; do
        local rss
        rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        [[ -n "$rss" ]] && printf '%s\t%s\n' "$t" "$rss" >>"$out/rss-$name.tsv"
        sleep 1
        t=$((t + 1))
    done
    wait "$pid"
    awk -F'\t' 'NR==1 {first=$2} {last=$2; if ($2>max) max=$2} END {print first, last, max, NR}' "$out/rss-$name.tsv"
}

third=$((games / 3))
rest=$((games - 2 * third))
started=$(date +%s)
echo "soak: $games games ($third chess, $third xiangqi, $rest gomoku)" >&2
chess=$(run_sampled chess "$third" "$out/chess.pgn" --rules chess --players random,greedy --time-ms 20 --max-moves 200 --seed 1)
xiangqi=$(run_sampled xiangqi "$third" "$out/xiangqi.pgn" --rules xiangqi --players greedy,random --time-ms 20 --max-moves 200 --seed 2)
gomoku=$(run_sampled gomoku "$rest" "$out/gomoku.toml" --rules gomoku --players random,alphabeta --time-ms 5 --seed 3)
elapsed=$(($(date +%s) - started))
for kind in chess xiangqi gomoku; do
    read -r first last max samples <<<"${!kind}"
    played=$(grep -c '^game ' "$out/$kind.log" || true)
    echo "soak: $kind: $played games, RSS first $first KiB, last $last KiB, max $max KiB ($samples samples)"
done
echo "soak: $games games in $elapsed s"

# Every game is in its record.
pgn_games() { grep -c '^\[Round ' "$1" || true; }
toml_games() { grep -c '^\[\[game\]\]' "$1" || true; }
echo "soak: recorded: chess $(pgn_games "$out/chess.pgn"), xiangqi $(pgn_games "$out/xiangqi.pgn"), gomoku $(toml_games "$out/gomoku.toml")"

# python-chess reads every chess game, every move legal.
python3 - "$out/chess.pgn" <<'PY'
import sys, chess.pgn
games = bad = 0
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        games += 1
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        if game.errors:
            bad += 1
print(f"soak: python-chess read {games} chess games, {bad} with errors")
sys.exit(1 if bad else 0)
PY

# kill -9 at random moments, then resume: no finished game is lost or cut.
kill_record="$out/killed.pgn"
kills=${KILLS:-20}
for i in $(seq 1 "$kills"); do
    "$tabula" match --rules chess --players random,random --time-ms 5 --max-moves 120 --games 1000 \
        --record "$kill_record" >"$out/killed.log" 2>&1 &
    pid=$!
    sleep "0.$((RANDOM % 9 + 1))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
done
python3 - "$kill_record" "$kills" <<'PY'
import sys, chess.pgn
games, rounds = 0, []
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        if game.errors:
            sys.exit(f"soak: a killed match left a damaged game: {game.errors}")
        games += 1
        rounds.append(int(game.headers["Round"]))
ok = rounds == list(range(1, games + 1))
print(f"soak: {sys.argv[2]} kill -9s: {games} finished games kept, rounds 1..{games} {'continuous' if ok else 'BROKEN'}")
sys.exit(0 if ok else 1)
PY
