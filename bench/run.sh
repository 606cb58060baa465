#!/usr/bin/env bash
# The budgets of the issues, measured against the release binary on loopback.
# Usage: LONGHAUL_BIN=target/release/longhaul bash bench/run.sh  (make bench)
# BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432/postgres adds the admin
# lists, the fleet dashboard benchmark (with pgbench) and the ELD sync on
# PostgreSQL; the fleet dashboard's lists, the ELD sync (a fake Samsara at
# Samsara's rate limits, 10,000 drivers, trucks and trailers) and a manual
# sync's click -> start (idle and under write load) are measured on SQLite
# either way.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${LONGHAUL_BIN:?set LONGHAUL_BIN}"
command -v wrk >/dev/null || { echo "make bench needs wrk (apt-get install wrk)" >&2; exit 2; }
status=0
python3 bench/budgets.py --bin "$BIN" || status=1
python3 bench/admin_bench.py --bin "$BIN" || status=1
python3 bench/auth_flood.py --bin "$BIN" || status=1
python3 bench/fleet_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/eld_sync_bench.py --bin "$BIN" --sqlite --samsara-limits || status=1
python3 bench/sync_start_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/documents_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/billing_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/portal_bench.py --bin "$BIN" || status=1
python3 bench/fleet_screens_bench.py --bin "$BIN" || status=1
python3 bench/compliance_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/board_bench.py --bin "$BIN" --sqlite || status=1
python3 bench/loads_bench.py --bin "$BIN" || status=1
python3 bench/tenders_bench.py --bin "$BIN" || status=1
if [ -n "${BENCH_POSTGRES:-}" ]; then
  python3 bench/admin_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/fleet_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/eld_sync_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" --samsara-limits || status=1
  python3 bench/sync_start_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/documents_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/billing_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/compliance_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/board_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
  python3 bench/loads_bench.py --bin "$BIN" --postgres "$BENCH_POSTGRES" || status=1
fi
exit $status
