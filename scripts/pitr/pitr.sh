#!/usr/bin/env bash
# Backups to a point in time for the portal's PostgreSQL, with pgBackRest (issue 30 item 5,
# docs/decisions/215-point-in-time-backups.md; README "Backup and restore").
#
#   npm run backup:pitr-setup             configure the stanza and WAL archiving, then a full backup
#   npm run backup:pitr [-- full|diff]    another backup (default diff; nightly from cron)
#   npm run backup:pitr-info              what the repository holds: backups, WAL range
#   npm run backup:pitr-restore -- "2026-11-28 09:15:00+08" /var/lib/postgresql/restored
#                                         the cluster as it was at that moment, into an EMPTY folder
#
# Run as root or as the postgres OS user (pgBackRest and PostgreSQL's files belong to postgres; as
# root every pgBackRest and server command runs through `runuser -u postgres --`). It needs
# `apt-get install -y pgbackrest` and a PostgreSQL superuser reachable on the server's socket.
# Settings, from the environment (defaults for Debian's own cluster):
#
#   PITR_STANZA     portal                               the stanza's name
#   PITR_CONFIG     /etc/pgbackrest/pgbackrest.conf      written by setup
#   PITR_REPO       /var/lib/pgbackrest                  where backups and WAL go (put it on
#                                                        another disk or machine, or copy it off)
#   PITR_LOG        /var/log/pgbackrest                  pgBackRest's logs
#   PITR_RETENTION  2                                    full backups kept (with the WAL they need)
#   PITR_PG_PORT    5432
#   PITR_PG_SOCKET  /var/run/postgresql                  the server's Unix socket folder
#   PITR_PG_DATA    (asked from the server)              its data directory
#   PITR_RESTART    pg_ctlcluster <version> main restart when archive_mode must be switched on, the
#                                                        command that restarts the server (run as is)
set -euo pipefail

STANZA="${PITR_STANZA:-portal}"
CONFIG="${PITR_CONFIG:-/etc/pgbackrest/pgbackrest.conf}"
REPO="${PITR_REPO:-/var/lib/pgbackrest}"
LOGDIR="${PITR_LOG:-/var/log/pgbackrest}"
RETENTION="${PITR_RETENTION:-2}"
PG_PORT="${PITR_PG_PORT:-5432}"
PG_SOCKET="${PITR_PG_SOCKET:-/var/run/postgresql}"

say() { printf 'pitr: %s\n' "$*"; }
die() {
  printf 'pitr: %s\n' "$*" >&2
  exit 1
}

command -v pgbackrest >/dev/null || die "pgBackRest is not installed: apt-get install -y pgbackrest"

# As root, the postgres OS user runs pgBackRest (it must own the repository, as PostgreSQL owns the data).
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pgbr() { as_postgres pgbackrest --config="$CONFIG" --stanza="$STANZA" "$@"; }
sql() { as_postgres psql -X -q -A -t -h "$PG_SOCKET" -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1"; }

setup() {
  local data version archive_mode
  data="${PITR_PG_DATA:-$(sql 'show data_directory')}"
  version="$(sql "select current_setting('server_version_num')::int / 10000")"
  say "stanza $STANZA for the PostgreSQL $version cluster in $data (port $PG_PORT), repository $REPO"

  mkdir -p "$(dirname "$CONFIG")" "$REPO" "$LOGDIR"
  cat >"$CONFIG" <<EOF
# Written by scripts/pitr/pitr.sh setup (barangay portal, decision 215).
[global]
repo1-path=$REPO
repo1-retention-full=$RETENTION
log-path=$LOGDIR
log-level-console=warn
log-level-file=info
start-fast=y
compress-type=gz

[$STANZA]
pg1-path=$data
pg1-port=$PG_PORT
pg1-socket-path=$PG_SOCKET
pg1-user=postgres
EOF
  chmod 640 "$CONFIG"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$CONFIG" "$REPO" "$LOGDIR"; fi

  # Every finished WAL segment goes to the repository (archive-push), so that a restore can replay
  # the server's changes up to any moment after a backup.
  sql "alter system set archive_command = 'pgbackrest --config=$CONFIG --stanza=$STANZA archive-push %p'"
  sql "alter system set wal_level = 'replica'" >/dev/null
  archive_mode="$(sql 'show archive_mode')"
  if [ "$archive_mode" = off ] || [ "$(sql 'show wal_level')" = minimal ]; then
    sql "alter system set archive_mode = 'on'"
    local restart="${PITR_RESTART:-}"
    if [ -z "$restart" ] && command -v pg_ctlcluster >/dev/null && [ -d "/etc/postgresql/$version/main" ]; then
      restart="pg_ctlcluster --skip-systemctl-redirect $version main restart"
    fi
    [ -n "$restart" ] || die "archive_mode is set for the next start: restart PostgreSQL (or set PITR_RESTART), then run setup again"
    say "restarting PostgreSQL to switch archive_mode on: $restart"
    eval "$restart"
    for _ in $(seq 1 30); do
      sql 'select 1' >/dev/null 2>&1 && break
      sleep 1
    done
  else
    sql 'select pg_reload_conf()' >/dev/null
  fi
  [ "$(sql 'show archive_mode')" = on ] || die "archive_mode is still off after the restart"

  pgbr stanza-create
  # check: a WAL switch reaches the repository through archive_command.
  pgbr check
  say "first full backup"
  pgbr --type=full backup
  pgbr info
  say "ready: WAL is archived continuously; run 'npm run backup:pitr' nightly (cron), see the README"
}

backup() {
  local type="${1:-diff}"
  case "$type" in full | diff | incr) ;; *) die "backup type must be full, diff or incr (got $type)" ;; esac
  pgbr --type="$type" backup
  pgbr info
}

restore() {
  local target="${1:-}" into="${2:-}"
  [ -n "$target" ] && [ -n "$into" ] || die 'usage: restore "<time, e.g. 2026-11-28 09:15:00+08>" <empty folder>'
  if [ -e "$into" ] && [ -n "$(ls -A "$into" 2>/dev/null)" ]; then die "$into is not empty: restore into a new or empty folder"; fi
  mkdir -p "$into"
  chmod 700 "$into"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$into"; fi
  # The newest backup before the target, then WAL replayed up to the last commit before it; the
  # restored server is promoted there (a new timeline) and does not archive into this repository.
  pgbr restore --pg1-path="$into" --type=time --target="$target" --target-action=promote --archive-mode=off
  say "restored into $into as of $target. Start it on a free port, e.g.:"
  say "  runuser -u postgres -- /usr/lib/postgresql/<version>/bin/pg_ctl -D $into -o '-p 5433' -l $into/restore.log start"
}

case "${1:-}" in
  setup) setup ;;
  backup) backup "${2:-diff}" ;;
  info) pgbr info ;;
  restore) restore "${2:-}" "${3:-}" ;;
  *) die "usage: scripts/pitr/pitr.sh setup | backup [full|diff|incr] | info | restore <time> <folder>" ;;
esac
