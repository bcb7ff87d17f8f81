#!/usr/bin/env bash
# First start of the compose PostgreSQL (docker-entrypoint-initdb.d): the roles the README's "Database roles" asks for.
# portal_owner owns the database and runs the migrations; portal_app is the group the migrations grant the runtime
# rights to; portal_runtime is the server's login, a member of portal_app and owner of nothing.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$PORTAL_OWNER_PASSWORD" -v runtime_password="$PORTAL_RUNTIME_PASSWORD" <<'SQL'
CREATE ROLE portal_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE portal_app NOLOGIN;
CREATE ROLE portal_runtime LOGIN PASSWORD :'runtime_password' IN ROLE portal_app;
CREATE DATABASE portal OWNER portal_owner;
SQL
