#!/usr/bin/env bash
# Starts the real binary on a fresh data directory with one user per role,
# for the browser tests. Playwright runs this as its web server.
set -euo pipefail
BIN="${LONGHAUL_BIN:?set LONGHAUL_BIN to the longhaul binary}"
export DATA_DIR="${E2E_DATA_DIR:-/tmp/longhaul-e2e}"
export PORT="${E2E_PORT:-3100}"
export PUBLIC_URL="http://localhost:$PORT"
export SUPERADMIN_EMAIL="admin@longhaul.test"
export SUPERADMIN_PASSWORD="admin-password-123"
export LOG_FORMAT=json
# billing.spec.ts signs Stripe webhooks with this secret.
export STRIPE_WEBHOOK_SECRET="whsec_e2e_longhaul"
export RUST_LOG="${RUST_LOG:-warn}"
unset DATABASE_URL SMTP_URL
rm -rf "$DATA_DIR"

"$BIN" migrate
create() { "$BIN" create-user --password "secret123" "$@" >/dev/null; }
create --email fleetadmin@acme.test --role fleet_admin --first-name Fran --last-name Admin --fleet-name "Acme Freight LLC" --dot-number 3000001
create --email pending@acme.test --role fleet_admin
# A fleet with no assets and no ELD connection: eld-sync.spec.ts connects and syncs it.
create --email eld@freshhaul.test --role fleet_admin --first-name Erin --last-name Lane --fleet-name "Fresh Haul LLC" --dot-number 3000002
# A fleet of its own for compliance.spec.ts: it adds the only dated items.
create --email compliance@clearhaul.test --role fleet_admin --first-name Cora --last-name Lane --fleet-name "Clear Haul LLC" --dot-number 3000003
# A fleet of its own for eld-stops.spec.ts: it connects the demo ELD and dispatches a load.
create --email geo@geohaul.test --role fleet_admin --first-name Gus --last-name Geo --fleet-name "Geo Haul LLC" --dot-number 3000004
# A fleet of its own for tenders.spec.ts: it connects the demo ELD, posts a truck and accepts a tender.
create --email tender@tenderhaul.test --role fleet_admin --first-name Tess --last-name Tender --fleet-name "Tender Haul LLC" --dot-number 3000005
# A fleet of its own for fmcsa-check.spec.ts: a carrier the offline FMCSA
# stand-in knows, so create-user stores its baseline.
create --email fmcsa@watchhaul.test --role fleet_admin --first-name Wade --last-name Watch --fleet-name "Appalachian Express Inc" --dot-number 1000009
create --email driver@acme.test --role fleet_driver --first-name Dale --last-name Driver
create --email broker@brokers.test --role broker_admin --first-name Bea --last-name Broker
create --email agent@brokers.test --role broker_user
create --email norole@example.test --role none
"$BIN" seed-demo >/dev/null
# A fleet of its own for the driver-portal specs (bench@longhaul.test /
# demo-fleet-1, DOT 7000000), so their portal settings and shared password
# never meet the demo fleet's specs.
"$BIN" seed-bench --fleets 1 --trucks 8 --trailers 6 --drivers 8 --documents 0 --small-fleet-documents 0 >/dev/null

exec "$BIN" serve
