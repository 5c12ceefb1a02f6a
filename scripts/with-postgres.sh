#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster, then removes the cluster.
#
#   scripts/with-postgres.sh npm test -w @lms/server
#
# The command sees TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres. Needs PostgreSQL's
# server binaries (initdb, pg_ctl) on PATH or under /usr/lib/postgresql/<version>/bin. As root the
# cluster runs as the `postgres` user (PostgreSQL refuses to run as root). PG_TEST_PORT picks the first
# port to try (default 54329); the next free one is used when it is taken.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin_dir() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
    echo "$dir"
    return
  fi
  echo "with-postgres: initdb/pg_ctl not found (install Debian's postgresql package)" >&2
  exit 1
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

bin_dir=$(find_bin_dir)

# PostgreSQL will not run as root; run its tools as the postgres user then.
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  fi
  as_owner=(runuser -u postgres --)
fi

port=${PG_TEST_PORT:-54329}
for _ in $(seq 1 50); do
  port_in_use "$port" || break
  port=$((port + 1))
done
if port_in_use "$port"; then
  echo "with-postgres: no free port from ${PG_TEST_PORT:-54329}" >&2
  exit 1
fi

cluster=$(mktemp -d "${TMPDIR:-/tmp}/lms-pg.XXXXXX")
if [[ $(id -u) -eq 0 ]]; then chown postgres: "$cluster"; fi

stop_cluster() {
  "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM

"${as_owner[@]}" "$bin_dir/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 --locale=C \
  >"$cluster/initdb.log" 2>&1 || {
  cat "$cluster/initdb.log" >&2
  exit 1
}

# A test cluster: durability off (it is deleted afterwards), loopback only, socket in the cluster folder.
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 start \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $cluster -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null || {
  cat "$cluster/server.log" >&2
  exit 1
}

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bin_dir/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

# Not exec: the EXIT trap must still remove the cluster afterwards.
status=0
"$@" || status=$?
exit "$status"
