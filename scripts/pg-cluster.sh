#!/usr/bin/env bash
# A private PostgreSQL cluster for tests and trials of `tabula tournament --queue`:
#   scripts/pg-cluster.sh start DIR PORT   # initdb in DIR/data, listen on 127.0.0.1:PORT
#   scripts/pg-cluster.sh stop DIR
# The cluster trusts local connections as user `tabula`; its URL is
# postgres://tabula@127.0.0.1:PORT/postgres. PostgreSQL refuses to run as
# root, so as root the cluster belongs to and runs as `nobody` (CI runs as
# root). Needs Debian's postgresql package (scripts/setup.sh --test).
set -euo pipefail

usage() { echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
action=$1 dir=$2

bindir=""
for candidate in "$(pg_config --bindir 2>/dev/null || true)" /usr/lib/postgresql/*/bin; do
    if [[ -n "$candidate" && -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]]; then bindir=$candidate; fi
done
if [[ -z "$bindir" ]]; then
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        bindir=$(dirname "$(command -v initdb)")
    else
        echo "pg-cluster: PostgreSQL's initdb and pg_ctl are not installed (run scripts/setup.sh --test)" >&2
        exit 1
    fi
fi

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups -- "$@"
    else
        "$@"
    fi
}

case "$action" in
start)
    [[ $# -eq 3 ]] || usage
    port=$3
    mkdir -p "$dir"
    if [[ $(id -u) -eq 0 ]]; then
        # nobody must reach DIR: a temporary directory's parent is often
        # private to root (mode 0700), so it is opened for traversal only.
        chown nobody "$dir"
        chmod a+x "$(dirname "$(realpath "$dir")")"
    fi
    as_owner "$bindir/initdb" -D "$dir/data" -U tabula --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50" start >/dev/null ||
        { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://tabula@127.0.0.1:$port/postgres"
    ;;
stop)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
*) usage ;;
esac
