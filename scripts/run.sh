#!/usr/bin/env bash
# Builds Tabula and its plugins (release) and runs it; arguments go to `tabula`.
# With no arguments it plays config/default.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --workspace --quiet
exec target/release/tabula "$@"
