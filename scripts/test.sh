#!/usr/bin/env bash
# Installs what the tests need, checks formatting, lints and documentation,
# builds every crate and plugin (release: perft and searches run optimised)
# and runs every test of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

echo "tabula test: cargo fmt --check" >&2
cargo fmt --all --check
echo "tabula test: cargo clippy (warnings are errors)" >&2
cargo clippy --release --workspace --all-targets --quiet -- -D warnings
echo "tabula test: cargo doc (warnings are errors)" >&2
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
echo "tabula test: no import cycles between the files of a crate" >&2
python3 scripts/import-cycles.py
echo "tabula test: rules-api and tabula-kit publish (dry run) and keep their API (scripts/api-check.py)" >&2
scripts/publish-check.sh

cargo build --release --workspace
cargo test --release --workspace "$@"
