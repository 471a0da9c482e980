#!/usr/bin/env bash
# The two crates plugin authors depend on are ready to publish, and their
# source API keeps its promises:
#
# 1. `cargo publish --dry-run` of rules-api and tabula-kit together: each
#    is packaged as crates.io would receive it and built from the package
#    alone, the kit against the packaged rules-api (no path dependency can
#    hide a missing version or file). A dry run uploads nothing and needs
#    no crates.io token; it reads the registry's index, as any build does.
# 2. scripts/api-check.py: each crate's public API (as the toolchain's
#    rustdoc describes it) against its last release's, committed in
#    tests/api/ (rules-api 0.2.0; tabula-kit 0.1.0, which 0.2.0 replaces):
#    a change that would break a plugin's source needs a new major version
#    (0.x: a new minor), just as the loader refuses a broken binary layout.
#    It needs no tool beyond the toolchain and python3, and reuses what
#    `cargo doc` checked: cargo-semver-checks does the same job but costs
#    a build of ~400 crates on every fresh machine (see the script's docs).
#
# Usage: scripts/publish-check.sh [--no-api]
set -euo pipefail
cd "$(dirname "$0")/.."

echo "publish check: cargo publish --dry-run -p rules-api -p tabula-kit" >&2
# --allow-dirty: this checks packaging, not a release; a developer's
# uncommitted files are packaged as they are. The verify build gets a
# target directory of its own below target/, kept between runs.
cargo publish --dry-run --allow-dirty --quiet -p rules-api -p tabula-kit

[[ "${1:-}" == "--no-api" ]] && exit 0

echo "publish check: public API of rules-api and tabula-kit against their last releases (scripts/api-check.py)" >&2
python3 scripts/api-check.py check rules-api tabula-kit
