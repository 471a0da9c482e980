#!/usr/bin/env bash
# Installs what Tabula needs beyond the Rust toolchain, idempotently.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail

# A Rust toolchain from rustup brings no linker: cargo links with `cc`,
# which needs gcc and the C library's start files (a minimal Debian has
# neither; found by scripts/fresh-machine.sh). gcc also compiles SQLite in
# (rusqlite `bundled`) for the game server.
runtime_pkgs=(gcc libc6-dev pkg-config libsdl2-dev)
test_pkgs=()
if [[ "${1:-}" == "--test" ]]; then
    # The GUI's end-to-end test: a virtual X server, synthetic clicks and keys,
    # and ImageMagick's `import` for the screenshot artifact.
    test_pkgs+=(xvfb xdotool imagemagick)
    # tests/gui_play_sound.rs: SoX measures the window's recorded sound
    # effects (their length, pitch and loudness).
    test_pkgs+=(sox)
    # tests/reference_rules.rs: Fairy-Stockfish is the xiangqi reference.
    test_pkgs+=(fairy-stockfish python3 python3-pip)
    # host/tests/proto_*.rs: Stockfish is the external UCI engine seated in
    # matches (fairy-stockfish above plays xiangqi through UCI as well).
    test_pkgs+=(stockfish)
    # Go: GNU Go is the GTP engine seated in matches and the reference for
    # legality and area scoring (tests/go_gnugo.rs, host/tests/proto_gtp.rs).
    test_pkgs+=(gnugo)
    # host/tests/tournament_pg.rs: a private PostgreSQL cluster (started by
    # scripts/pg-cluster.sh as `nobody` when the tests run as root) holds
    # the queue of `tabula tournament --queue` and `tabula worker`;
    # util-linux's setpriv drops root for it.
    test_pkgs+=(postgresql util-linux)
fi
wanted=("${runtime_pkgs[@]}" "${test_pkgs[@]}")

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for p in "${wanted[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
else
    echo "tabula setup: this is not a Debian/Ubuntu system (no dpkg)." >&2
    echo "tabula setup: install these packages with your package manager, then run again: ${wanted[*]}" >&2
    exit 1
fi

install_python_test_deps() {
    [[ "${1:-}" == "--test" ]] || return 0
    # python-chess, the chess reference of tests/reference_rules.rs and the
    # UCI client / PGN reader of host/tests/proto_*.rs, is not
    # packaged by Debian bookworm: it comes from PyPI, for the python3 on
    # PATH (the one the tests run), and only when it is missing.
    if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import chess' >/dev/null 2>&1; then
        echo "tabula setup: installing python-chess from PyPI" >&2
        python3 -m pip install --quiet chess 2>/dev/null || python3 -m pip install --quiet --break-system-packages chess
    fi
    # pyffish (Fairy-Stockfish's Python binding), the reference of
    # tests/variants.rs and tests/reference/variants_reference.py: it knows
    # every shipped variant, atomic included (Debian's engine is older).
    if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pyffish' >/dev/null 2>&1; then
        echo "tabula setup: installing pyffish from PyPI" >&2
        python3 -m pip install --quiet pyffish 2>/dev/null || python3 -m pip install --quiet --break-system-packages pyffish
    fi
    # OpenSpiel, the reference for the games of wave 3 (backgammon, checkers,
    # Chinese checkers, ludo, amazons, morris, connect four, othello, oware;
    # tests/reference/*_reference.py), and pydraughts, the reference for
    # international draughts and the PDN format.
    if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pyspiel' >/dev/null 2>&1; then
        echo "tabula setup: installing open_spiel from PyPI" >&2
        python3 -m pip install --quiet open_spiel 2>/dev/null || python3 -m pip install --quiet --break-system-packages open_spiel
    fi
    if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import draughts' >/dev/null 2>&1; then
        echo "tabula setup: installing pydraughts from PyPI" >&2
        python3 -m pip install --quiet pydraughts 2>/dev/null || python3 -m pip install --quiet --break-system-packages pydraughts
    fi
}

install_rust_components() {
    [[ "${1:-}" == "--test" ]] || return 0
    # The test command checks formatting and lints: rustfmt and clippy come
    # with rustup's default profile, but a minimal toolchain lacks them.
    local wanted=()
    cargo fmt --version >/dev/null 2>&1 || wanted+=(rustfmt)
    cargo clippy --version >/dev/null 2>&1 || wanted+=(clippy)
    ((${#wanted[@]} == 0)) && return 0
    if command -v rustup >/dev/null 2>&1; then
        echo "tabula setup: adding Rust components: ${wanted[*]}" >&2
        rustup component add "${wanted[@]}"
    else
        echo "tabula setup: the tests need the Rust components ${wanted[*]} (no rustup here to add them)" >&2
        exit 1
    fi
}
install_rust_components "${1:-}"

if ((${#missing[@]} == 0)); then
    install_python_test_deps "${1:-}"
    exit 0
fi

echo "tabula setup: installing system packages: ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        echo "tabula setup: need root (or sudo) to install: ${missing[*]}" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_python_test_deps "${1:-}"
