#!/usr/bin/env bash
# The release check of a fresh machine: the README's two commands on a
# freshly bootstrapped minimal Debian that has nothing but the Rust toolchain.
#
#   sudo scripts/fresh-machine.sh [DIR] [STEPS]
#
# DIR (default target/fresh-machine) receives Debian bookworm from
# `debootstrap --variant=minbase`; the Rust toolchain of this machine (the
# active rustup toolchain, copied whole: rustc, cargo, rustfmt, clippy) goes
# to DIR/opt/rust; the committed tree (`git archive HEAD`) to DIR/src. Then,
# in a chroot and as the README says, STEPS run in order (default
# "run test"):
#   run    ./scripts/run.sh demo   (the window needs a display: `demo` is
#                                   the same default game, headless)
#   test   ./scripts/test.sh       (installs its packages itself)
# Each step's output goes to DIR/../fresh-machine-<step>.log; the script
# stops at the first failure. Needs root, debootstrap and the network
# (Debian mirror and crates.io). A DIR left from an earlier run is reused.
# The CA bundle named by SSL_CERT_FILE, if any, is trusted inside too.
# CARGO_OFFLINE=1 copies this machine's downloaded crates (the registry's
# index and cache, nothing else of ~/.cargo) into the chroot and builds
# offline: for a machine whose TLS goes through a proxy the chroot does not
# trust (python-chess from PyPI still needs the network then).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(realpath -m "${1:-target/fresh-machine}")
steps=${2:-run test}
logs=$(dirname "$root")
mirror=${MIRROR:-http://deb.debian.org/debian}
if [[ $(id -u) -ne 0 ]]; then
    echo "fresh-machine: needs root (debootstrap, chroot)" >&2
    exit 1
fi
command -v debootstrap >/dev/null || { echo "fresh-machine: apt-get install debootstrap" >&2; exit 1; }

if [[ ! -x "$root/usr/bin/apt-get" ]]; then
    echo "fresh-machine: debootstrap --variant=minbase bookworm $root" >&2
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$logs/fresh-machine-debootstrap.log" 2>&1
fi
toolchain=$(rustc --print sysroot)
# KEEP_BUILD=1 keeps the build of an earlier run (src/target) for a rerun
# on a newer tree; the packages setup.sh installed stay in the chroot
# anyway. A release check runs without it, into a new DIR.
if [[ "${KEEP_BUILD:-}" == 1 && -d "$root/src/target" ]]; then
    mv "$root/src/target" "$root/kept-target"
fi
rm -rf "$root/opt/rust" "$root/src"
mkdir -p "$root/opt/rust" "$root/src"
cp -a "$toolchain/." "$root/opt/rust/"
git archive HEAD | tar -x -C "$root/src"
if [[ -d "$root/kept-target" ]]; then
    mv "$root/kept-target" "$root/src/target"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The CA bundle this machine trusts (SSL_CERT_FILE), so downloads from
# crates.io and PyPI work where TLS goes through a proxy this machine
# trusts; a stock Debian has no bundle until ca-certificates is installed.
trust=()
if [[ -n "${SSL_CERT_FILE:-}" && -f "$SSL_CERT_FILE" ]]; then
    mkdir -p "$root/etc/tabula-fresh"
    cp "$SSL_CERT_FILE" "$root/etc/tabula-fresh/ca.crt"
    ca=/etc/tabula-fresh/ca.crt
    trust=(SSL_CERT_FILE=$ca CARGO_HTTP_CAINFO=$ca PIP_CERT=$ca REQUESTS_CA_BUNDLE=$ca CURL_CA_BUNDLE=$ca)
fi
offline=()
if [[ "${CARGO_OFFLINE:-}" == 1 ]]; then
    cargo_home=${CARGO_HOME:-$HOME/.cargo}
    rm -rf "$root/root/.cargo/registry"
    mkdir -p "$root/root/.cargo/registry"
    cp -a "$cargo_home/registry/index" "$cargo_home/registry/cache" "$root/root/.cargo/registry/"
    offline=(CARGO_NET_OFFLINE=true)
fi

mounted=()
cleanup() {
    for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT
for m in proc sys dev dev/pts; do
    mount --bind "/$m" "$root/$m"
    mounted=("$root/$m" "${mounted[@]}")
done

in_chroot() {
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 "${trust[@]}" "${offline[@]}" \
        PATH=/opt/rust/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd /src && $1"
}
for step in $steps; do
    case "$step" in
    run) command="./scripts/run.sh demo" ;;
    test) command="./scripts/test.sh" ;;
    *)
        echo "fresh-machine: unknown step '$step' (run, test)" >&2
        exit 2
        ;;
    esac
    started=$(date +%s)
    if in_chroot "$command" >"$logs/fresh-machine-$step.log" 2>&1; then
        echo "fresh-machine: $command: passed in $(($(date +%s) - started)) s"
    else
        echo "fresh-machine: $command: FAILED after $(($(date +%s) - started)) s (see $logs/fresh-machine-$step.log)"
        exit 1
    fi
done
