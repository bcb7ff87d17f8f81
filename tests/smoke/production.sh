#!/usr/bin/env bash
# Production smoke test without Docker, following the Dockerfile's runtime stage step by step:
#   1. a clean directory with only what the image gets: package.json, package-lock.json, `npm ci --omit=dev`,
#      then the built dist/ and dist-server/ (built here first unless SMOKE_SKIP_BUILD=1);
#   2. a throw-away cluster of Debian's own PostgreSQL (apt-get install postgresql) on a free port, and compose's
#      deploy/postgres-init.sh for the roles (owner, portal_app, runtime login);
#   3. the deploy step: `node dist-server/migrate.js` with the owner role (DATABASE_MIGRATION_URL);
#   4. `node dist-server/main.js` with the runtime role and NODE_ENV=production: readiness, the portal page, a signed-in
#      write and read through the real HTTP API, SIGTERM and exit code 0 (tests/smoke/driver.ts).
# Run it through npm (`npm run smoke:production`) so that `node` is the project's pinned Node, as in the image.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"

t0=$(date +%s%N)
declare -a TIMINGS=()
mark() { # mark "<step>" <start-ns>
  local ms=$(( ($(date +%s%N) - $2) / 1000000 ))
  TIMINGS+=("$(printf 'smoke timing: %-50s %6d.%02d s' "$1" $((ms / 1000)) $(( (ms % 1000) / 10 )))")
  echo "smoke: $1 ($((ms / 1000)).$(( (ms % 1000) / 10 )) s)"
}

node scripts/require-node.mjs --print
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$PGBIN/initdb" ] || { echo "smoke: Debian's PostgreSQL is missing: apt-get install postgresql" >&2; exit 1; }

WORK="$(mktemp -d /tmp/portal-smoke.XXXXXX)"
APP="$WORK/app"
PGDATA="$WORK/pgdata"
SOCK="$WORK/socket"
mkdir -p "$APP" "$SOCK" "$WORK/objects"

# PostgreSQL refuses to run as root: as root, the cluster belongs to Debian's postgres user.
if [ "$(id -u)" = 0 ]; then
  PGUSER_OS=postgres
  as_pg() { runuser -u postgres -- "$@"; }
  chown postgres "$WORK" "$SOCK"
  chmod 711 "$WORK"
else
  PGUSER_OS="$(id -un)"
  as_pg() { "$@"; }
fi

cleanup() {
  local rc=$?
  if [ -f "$PGDATA/postmaster.pid" ]; then as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true; fi
  if [ $rc -ne 0 ] && [ -f "$WORK/postgres.log" ]; then echo "--- postgres log ---" >&2; tail -40 "$WORK/postgres.log" >&2; fi
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT

# 1. The build (the Dockerfile's build stage), then the runtime stage's install.
if [ "${SMOKE_SKIP_BUILD:-0}" != 1 ]; then
  s=$(date +%s%N); npm run --silent build >/dev/null && npm run --silent build:server; mark "build (npm run build && npm run build:server)" "$s"
fi
[ -f dist/index.html ] && [ -f dist-server/main.js ] && [ -f dist-server/migrate.js ] \
  || { echo "smoke: dist/ or dist-server/ is missing: npm run build && npm run build:server" >&2; exit 1; }
s=$(date +%s%N)
cp package.json package-lock.json "$APP/"
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
mark "npm ci --omit=dev (clean directory)" "$s"
echo "smoke: production install: $(du -sh "$APP/node_modules" | cut -f1), $(cd "$APP" && npm ls --omit=dev --all --parseable 2>/dev/null | tail -n +2 | wc -l) packages"
cp -r dist dist-server "$APP/"

# 2. A throw-away cluster: password logins over TCP on a free port, the socket in the work directory.
s=$(date +%s%N)
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
SUPER_PASSWORD="$(openssl rand -hex 16)"; OWNER_PASSWORD="$(openssl rand -hex 16)"; RUNTIME_PASSWORD="$(openssl rand -hex 16)"
printf '%s\n' "$SUPER_PASSWORD" > "$WORK/pwfile"; chown "$PGUSER_OS" "$WORK/pwfile"
as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres --pwfile="$WORK/pwfile" --auth-local=trust --auth-host=scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 >/dev/null
rm -f "$WORK/pwfile"
touch "$WORK/postgres.log"; chown "$PGUSER_OS" "$WORK/postgres.log"
as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$WORK/postgres.log" -w -t 60 \
  -o "-p $PORT -k $SOCK -c listen_addresses=127.0.0.1" start >/dev/null
# The roles: compose's own init script (deploy/postgres-init.sh), run as the postgres image runs it.
install -m 644 deploy/postgres-init.sh "$WORK/postgres-init.sh" # readable by the postgres user wherever the clone is
as_pg env PATH="$PGBIN:$PATH" PGHOST="$SOCK" PGPORT="$PORT" POSTGRES_USER=postgres \
  PORTAL_OWNER_PASSWORD="$OWNER_PASSWORD" PORTAL_RUNTIME_PASSWORD="$RUNTIME_PASSWORD" bash "$WORK/postgres-init.sh" >/dev/null
mark "PostgreSQL $("$PGBIN/postgres" -V | awk '{print $3}') cluster and roles" "$s"

# 3. The deploy step: migrations as the owner role.
s=$(date +%s%N)
(cd "$APP" && DATABASE_MIGRATION_URL="postgres://portal_owner:$OWNER_PASSWORD@127.0.0.1:$PORT/portal" NODE_ENV=production \
  node --enable-source-maps dist-server/migrate.js)
mark "migrations (node dist-server/migrate.js, owner role)" "$s"

# 4. The server as the image runs it. The issuer's certificate: a CA of this run and a leaf for Cognito's host name.
s=$(date +%s%N)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=portal smoke CA" -keyout "$WORK/ca.key" -out "$WORK/ca.crt" \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=cognito-idp.us-east-1.amazonaws.com" -keyout "$WORK/issuer.key" -out "$WORK/issuer.csr" 2>/dev/null
printf 'subjectAltName=DNS:cognito-idp.us-east-1.amazonaws.com\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > "$WORK/issuer.ext"
openssl x509 -req -in "$WORK/issuer.csr" -CA "$WORK/ca.crt" -CAkey "$WORK/ca.key" -CAcreateserial -days 1 \
  -extfile "$WORK/issuer.ext" -out "$WORK/issuer.crt" 2>/dev/null
SMOKE_APP_DIR="$APP" SMOKE_WORK_DIR="$WORK" \
  SMOKE_DATABASE_URL="postgres://portal_runtime:$RUNTIME_PASSWORD@127.0.0.1:$PORT/portal" \
  node_modules/.bin/tsx tests/smoke/driver.ts
mark "server checks (tests/smoke/driver.ts)" "$s"

printf '%s\n' "${TIMINGS[@]}"
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "smoke: production smoke test passed in $((ms / 1000)).$(( (ms % 1000) / 10 )) s"
# The plain closing line: the install, the cluster, the migrations and each server check.
echo "smoke: $(( 3 + $(cat "$WORK/checks-passed") )) passed, 0 failed"
