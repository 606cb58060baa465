#!/usr/bin/env python3
"""Issue 31 budgets (loads and dispatch), against the release binary on loopback.

- the loads list (`GET /api/fleet/loads`: a page of 50 with the total, all
  statuses, one status, a search) answers in under 50 ms p95 with 20,000
  loads in one fleet among 200 fleets
- the dispatch board (`GET /api/fleet/dispatch`: the week's loads, the
  fleet's drivers, trucks and trailers) answers in under 50 ms p95 too
- an eligibility check (`POST /api/fleet/loads/{id}/eligibility`: the
  driver's qualifications, the truck's documents, overlapping loads) answers
  in under 100 ms p95 (hours of service are not part of it yet)

One client on loopback: an upper bound of server time. Runs on SQLite, or on
PostgreSQL with --postgres (a fresh database, dropped at the end).

Usage: python3 bench/loads_bench.py --bin target/release/longhaul [--postgres postgres://postgres@127.0.0.1:5432/postgres]
Standard library only; every loop is bounded and stays on 127.0.0.1.
"""
import argparse, json, os, shutil, subprocess, tempfile, time, uuid
import http_util, pgroles
from http_util import pct

PORT = 3296
EMAIL, PASSWORD = "bench@longhaul.test", "demo-fleet-1"
BUDGETS = {"list": 50, "eligibility": 100, "board": 50}


def call(method, path, body=None, headers=None):
    return http_util.call(PORT, method, path, body, headers)


def samples(method, path, auth, n, body=None):
    times = []
    for i in range(n + 5):
        status, payload, elapsed, _ = call(method, path, body, headers=auth)
        assert status == 200, (path, status, payload[:300])
        if i >= 5:
            times.append(elapsed * 1000)
    return {"p50_ms": round(pct(times, 50), 1), "p95_ms": round(pct(times, 95), 1), "max_ms": round(max(times), 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--postgres", help="a superuser URL; a fresh database is made and dropped")
    ap.add_argument("--fleets", type=int, default=200)
    ap.add_argument("--loads", type=int, default=20000)
    ap.add_argument("--samples", type=int, default=200)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-loads-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn",
               PUBLIC_URL=f"http://127.0.0.1:{PORT}",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    for name in ("DATABASE_URL", "DATABASE_MIGRATION_URL", "SMTP_URL"):
        env.pop(name, None)
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    if args.postgres:
        owner_url, db_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
        env.update(DATABASE_URL=db_url, DATABASE_MIGRATION_URL=owner_url)
    proc = None
    try:
        started = time.time()
        subprocess.run([args.bin, "seed-bench", "--fleets", str(args.fleets), "--trucks", "500", "--trailers", "0",
                        "--drivers", "500", "--qualifications", "--loads", str(args.loads),
                        "--small-fleet-loads", "40"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        seeded_s = time.time() - started
        if args.postgres:
            subprocess.run(["psql", superuser_url, "-qc", "VACUUM (ANALYZE)"], check=True)
        proc = subprocess.Popen([args.bin, "serve", "--no-worker"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(1200):
            try:
                if call("GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.025)
        status, body, _, headers = call("POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, (status, body)
        cookie = headers["set-cookie"].split(";")[0]
        csrf = json.loads(body).get("csrf_token") or ""
        auth = {"cookie": cookie, "x-csrf-token": csrf}
        first = json.loads(call("GET", "/api/fleet/loads?status=accepted&per_page=1", headers=auth)[1])
        assert first["loads"], "the bench fleet has unassigned loads"
        total = json.loads(call("GET", "/api/fleet/loads?per_page=1", headers=auth)[1])["total"]
        assert total == args.loads, (total, args.loads)
        load_id = first["loads"][0]["id"]
        driver = json.loads(call("GET", "/api/fleet/drivers?tab=active&page=1&per_page=1", headers=auth)[1])["items"][0]["id"]
        truck = json.loads(call("GET", "/api/fleet/trucks?tab=active&page=1&per_page=1", headers=auth)[1])["items"][0]["id"]
        results = {
            "list all (page 1 of 50)": samples("GET", "/api/fleet/loads?per_page=50", auth, args.samples),
            "list delivered, page 100": samples("GET", "/api/fleet/loads?status=delivered&page=100&per_page=50", auth, args.samples),
            "list search 'HFC-4'": samples("GET", "/api/fleet/loads?q=HFC-4&per_page=50", auth, args.samples),
            "list search customer 'keystone'": samples("GET", "/api/fleet/loads?q=keystone&per_page=50", auth, args.samples),
            "list search city 'nashville'": samples("GET", "/api/fleet/loads?q=nashville&per_page=50", auth, args.samples),
            "list in transit (4 statuses)": samples("GET", "/api/fleet/loads?status=at_pickup,loaded,in_transit,at_delivery&per_page=50", auth, args.samples),
            "dispatch board, this week": samples("GET", "/api/fleet/dispatch?days=7", auth, args.samples),
            "eligibility": samples("POST", f"/api/fleet/loads/{load_id}/eligibility", auth, args.samples,
                                   {"driver_id": driver, "truck_id": truck}),
        }
    finally:
        pgroles.stop(proc)
        if args.postgres:
            pgroles.drop_database(args.postgres, db_name)
        shutil.rmtree(data_dir, ignore_errors=True)

    backend = "PostgreSQL" if args.postgres else "SQLite"
    print(f"Loads ({backend}): {args.loads} loads in one fleet among {args.fleets} (seeded in {seeded_s:.0f} s), "
          f"{args.samples} requests each")
    failed = False
    for name, r in results.items():
        budget = BUDGETS["eligibility" if name == "eligibility" else "board" if name.startswith("dispatch") else "list"]
        ok = r["p95_ms"] <= budget
        failed |= not ok
        print(f"  {name:<34} p50 {r['p50_ms']:>6} ms  p95 {r['p95_ms']:>6} ms  max {r['max_ms']:>6} ms  "
              f"(budget p95 ≤ {budget} ms) {'ok' if ok else 'OVER BUDGET'}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
