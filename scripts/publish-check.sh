#!/usr/bin/env bash
# The two crates plugin authors depend on are ready to publish, and their
# source API keeps its promises:
#
# 1. `cargo publish --dry-run` of rules-api and tabula-kit together: each
#    is packaged as crates.io would receive it and built from the package
#    alone, the kit against the packaged rules-api (no path dependency can
#    hide a missing version or file).
# 2. cargo-semver-checks of both crates' public API against the 0.2.0
#    release (commit ff03a49, taken from git history): a change that would
#    break a plugin's source needs a new major version (0.x: a new minor),
#    just as the loader refuses a broken binary layout. rules-api 0.2.1 may
#    only add to 0.2.0; tabula-kit became 0.2.0 because it changed.
#
# Usage: scripts/publish-check.sh [--no-semver]
# Needs git history (a clone, not an export) for the baseline; installs
# cargo-semver-checks (pinned) with `cargo install` when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RELEASE=ff03a49
SEMVER_CHECKS_VERSION=0.51.0

echo "publish check: cargo publish --dry-run -p rules-api -p tabula-kit" >&2
# --allow-dirty: this checks packaging, not a release; a developer's
# uncommitted files are packaged as they are.
cargo publish --dry-run --allow-dirty --quiet -p rules-api -p tabula-kit

[[ "${1:-}" == "--no-semver" ]] && exit 0

if ! git cat-file -e "$RELEASE^{commit}" 2>/dev/null; then
    echo "publish check: commit $RELEASE (the 0.2.0 release) is not in this clone; the semver check needs" >&2
    echo "publish check: git history: clone without --depth, or run with --no-semver" >&2
    exit 2
fi
if ! cargo semver-checks --version 2>/dev/null | grep -q "$SEMVER_CHECKS_VERSION"; then
    echo "publish check: installing cargo-semver-checks $SEMVER_CHECKS_VERSION (once per machine)" >&2
    cargo install --quiet --locked cargo-semver-checks --version "$SEMVER_CHECKS_VERSION"
fi

# The baseline: the two crates as released, in a workspace of their own
# (their manifests inherit edition and licence from one), resolved with
# this tree's lock file so no other versions are fetched.
BASE=target/semver-baseline
rm -rf "$BASE"
mkdir -p "$BASE"
git archive "$RELEASE" rules-api kit | tar -x -C "$BASE"
cp Cargo.lock "$BASE/"
cat > "$BASE/Cargo.toml" <<'EOF'
[workspace]
resolver = "2"
members = ["rules-api", "kit"]

[workspace.package]
edition = "2021"
license = "MIT OR Apache-2.0"
rust-version = "1.80"

[workspace.dependencies]
abi_stable = { version = "0.11.3", default-features = false }
rules-api = { path = "rules-api" }
tabula-kit = { path = "kit" }
EOF
echo "publish check: cargo semver-checks (rules-api, tabula-kit) against $RELEASE" >&2
cargo semver-checks check-release -p rules-api -p tabula-kit --baseline-root "$BASE"
