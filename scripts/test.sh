#!/usr/bin/env bash
# Installs what the tests need, builds every crate and plugin (release: perft
# and searches run optimised) and runs every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
cargo build --release --workspace
cargo test --release --workspace "$@"
