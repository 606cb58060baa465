#!/usr/bin/env python3
"""Issue 5 budgets on PostgreSQL: one fleet of 5,000 trucks, 5,000 trailers
and 6,000 drivers among 200 fleets.

- list and search endpoints p95 under 50 ms (loopback, an upper bound of server time)
- the trucks page usable within 1.5 s of navigation in Chromium
- the trucks list endpoint (page of 50, signed in, 16 clients, wrk) reaches at
  least 0.75x the transactions per second pgbench reaches running the same
  data statements at 16 clients
- what the session check and tenant scoping cost per request

Usage: python3 bench/fleet_bench.py --bin target/release/longhaul --postgres postgres://postgres@127.0.0.1:5432/postgres
Every load is bounded in time and stays on 127.0.0.1.
"""
import argparse, http.client, json, os, re, shutil, subprocess, tempfile, time, uuid
import pgroles

PORT = 3292
EMAIL, PASSWORD = "bench@longhaul.test", "demo-fleet-1"


def call(method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["content-type"] = "application/json"
    start = time.perf_counter()
    conn.request(method, path, body=data, headers=h)
    res = conn.getresponse()
    payload = res.read()
    elapsed = time.perf_counter() - start
    cookie = res.getheader("set-cookie")
    conn.close()
    return res.status, payload, elapsed, cookie


def pct(values, p):
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100 * len(values) + 0.5)) - 1))]


def wrk(path, cookie, seconds):
    out = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-H", f"cookie: {cookie}", f"http://127.0.0.1:{PORT}{path}"],
                         check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    p99 = re.search(r"99%\s+([\d.]+)(\w+)", out)
    return {"rps": rps, "non_2xx": int(non2xx.group(1)) if non2xx else 0, "p99": p99.group(1) + p99.group(2) if p99 else None}


PGBENCH_SCRIPT = """\\set page 0
BEGIN;
SELECT set_config('app.fleet_account_id', '{fleet}', true);
SELECT SUM(CASE WHEN (assigned_driver_name IS NOT NULL AND assigned_driver_name <> '') THEN 1 ELSE 0 END), SUM(CASE WHEN (assigned_driver_name IS NULL OR assigned_driver_name = '') THEN 1 ELSE 0 END) FROM fleet_vehicles WHERE fleet_account_id = '{fleet}' AND {not_decom};
SELECT id, fleet_account_id, name, make, model, year, vehicle_id, vin, license_plate, status, notes, is_active, assigned_driver_eld_id, assigned_driver_name, assigned_driver_id, assigned_at, raw, created_at, updated_at FROM fleet_vehicles WHERE fleet_account_id = '{fleet}' AND {not_decom} AND (assigned_driver_name IS NOT NULL AND assigned_driver_name <> '') ORDER BY name ASC, id ASC LIMIT 50 OFFSET 0;
COMMIT;
"""
NOT_DECOM = ("(assigned_driver_eld_id IS NULL OR assigned_driver_eld_id <> '4118417') AND (assigned_driver_name IS NULL OR lower(assigned_driver_name) <> 'trucks no longer in service') "
             "AND (notes IS NULL OR lower(notes) NOT LIKE '%trucks no longer in service%')")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--postgres", required=True)
    ap.add_argument("--seconds", type=int, default=10)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-fleet-bench-")
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    # Served as production serves (decision 009); pgbench runs as the same role.
    owner_url, db_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn", DATABASE_URL=db_url, DATABASE_MIGRATION_URL=owner_url,
               DATABASE_MAX_CONNECTIONS="16", SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    proc = None
    results = {"backend": "postgres"}
    try:
        t0 = time.perf_counter()
        subprocess.run([args.bin, "seed-bench"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        results["seed_s"] = round(time.perf_counter() - t0, 1)
        fleet = subprocess.run(["psql", superuser_url, "-Atc", "SELECT fleet_account_id FROM accounts a JOIN profiles p ON p.account_id = a.id WHERE p.email = 'bench@longhaul.test'"],
                               check=True, capture_output=True, text=True).stdout.strip()
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        status, _, _, set_cookie = call("POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, status
        cookie = set_cookie.split(";")[0]
        auth = {"cookie": cookie}
        first = json.loads(call("GET", "/api/fleet/trucks?per_page=1", headers=auth)[1])
        truck_id = first["items"][0]["id"]
        results["big_fleet"] = {"trucks_listed": first["counts"]["active"] + first["counts"]["inactive"]}
        endpoints = {
            "trucks": "/api/fleet/trucks?per_page=50",
            "trucks_inactive": "/api/fleet/trucks?tab=inactive&per_page=50",
            "trucks_search": "/api/fleet/trucks?q=peterbilt&per_page=50",
            "trucks_page_50": "/api/fleet/trucks?per_page=50&page=50",
            "trailers": "/api/fleet/trailers?per_page=50",
            "trailers_search": "/api/fleet/trailers?q=reefer&per_page=50",
            "drivers": "/api/fleet/drivers?per_page=50",
            "drivers_search": "/api/fleet/drivers?q=garcia&per_page=50",
            "truck_detail": f"/api/fleet/trucks/{truck_id}",
            "overview": "/api/fleet/overview",
            "session_only": "/api/auth/session",
            "no_session_healthz": "/healthz",
        }
        for name, path in endpoints.items():
            times = []
            for i in range(120):
                status, payload, elapsed, _ = call("GET", path, headers=auth)
                assert status == 200, (path, status, payload[:200])
                if i >= 20: times.append(elapsed)
            results[name] = {"p50_ms": round(pct(times, 50) * 1000, 2), "p95_ms": round(pct(times, 95) * 1000, 2)}

        # Throughput: the endpoint under wrk, the same statements under pgbench.
        results["wrk_trucks_16c"] = wrk("/api/fleet/trucks?per_page=50", cookie, args.seconds)
        results["wrk_session_only_16c"] = wrk("/api/auth/session", cookie, args.seconds)
        results["wrk_healthz_16c"] = wrk("/healthz", cookie, args.seconds)
        script = tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False)
        script.write(PGBENCH_SCRIPT.format(fleet=fleet, not_decom=NOT_DECOM))
        script.close()
        out = subprocess.run(["pgbench", "-n", "-c16", "-j2", f"-T{args.seconds}", "-f", script.name, db_url],
                             check=True, capture_output=True, text=True).stdout
        tps = float(re.search(r"tps = ([\d.]+)", out).group(1))
        results["pgbench_same_statements_16c_tps"] = tps
        results["ratio_endpoint_to_pgbench"] = round(results["wrk_trucks_16c"]["rps"] / tps, 3)
        os.unlink(script.name)

        # Per-request cost of the session check (+ the fleet's tenant scoping).
        results["session_check_cost_ms"] = round(results["session_only"]["p50_ms"] - results["no_session_healthz"]["p50_ms"], 2)

        page = subprocess.run(["node", os.path.join(os.path.dirname(__file__), "trucks-page-load.mjs"), f"http://127.0.0.1:{PORT}", EMAIL, PASSWORD, "5"],
                              check=True, capture_output=True, text=True).stdout
        results["trucks_page_usable"] = json.loads(page.strip().splitlines()[-1])
    finally:
        pgroles.stop(proc)
        shutil.rmtree(data_dir, ignore_errors=True)
        pgroles.drop_database(args.postgres, db_name)

    print(json.dumps(results, indent=2))
    lists = ["trucks", "trucks_inactive", "trucks_search", "trucks_page_50", "trailers", "trailers_search", "drivers", "drivers_search"]
    budgets = [(f"{n} p95 < 50 ms", results[n]["p95_ms"] < 50) for n in lists]
    budgets.append(("trucks page usable < 1.5 s in Chromium", results["trucks_page_usable"]["max_ms"] < 1500))
    budgets.append((f"trucks endpoint >= 0.75x pgbench ({results['ratio_endpoint_to_pgbench']}x)", results["ratio_endpoint_to_pgbench"] >= 0.75))
    print()
    for name, ok in budgets:
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
    raise SystemExit(0 if all(ok for _, ok in budgets) else 1)


if __name__ == "__main__":
    main()
