#!/usr/bin/env python3
"""Issue 14 budgets (compliance calendar), against the release binary on loopback.

- the daily reminder job over 2,000 fleets with 500,000 dated items (documents'
  expirations and drivers' qualification items) finishes in under 60 s on
  PostgreSQL (`longhaul run-job compliance_reminders`, the job's own code path,
  in its own process; digests go to the outbox and are queued as e-mail jobs)
- the calendar page (`GET /api/fleet/compliance/calendar`: every group's count
  and first 50 items with asset names) of a fleet with 5,000 trucks answers in
  under 100 ms p95 (one client on loopback: an upper bound of server time)

Usage: python3 bench/compliance_bench.py --bin target/release/longhaul --postgres postgres://postgres@127.0.0.1:5432/postgres
       python3 bench/compliance_bench.py --bin target/release/longhaul --sqlite
Standard library only; every loop is bounded and stays on 127.0.0.1.
"""
import argparse, glob, json, os, shutil, sqlite3, subprocess, tempfile, time, uuid
import http_util, pgroles
from http_util import pct

PORT = 3294
EMAIL, PASSWORD = "bench@longhaul.test", "demo-fleet-1"

COUNTS = {
    "dated_items": "SELECT (SELECT COUNT(*) FROM fleet_documents WHERE expiration_date IS NOT NULL)"
                   " + (SELECT COUNT(*) FROM driver_qualifications WHERE due_on IS NOT NULL)"
                   " + (SELECT COUNT(*) FROM fleet_accounts)",
    "fleets": "SELECT COUNT(*) FROM fleet_accounts",
    "digests": "SELECT COUNT(*) FROM compliance_digests",
    "reminders": "SELECT COUNT(*) FROM fleet_notifications WHERE kind = 'reminder'",
    "outbox": "SELECT COUNT(*) FROM outbox_emails",
}


def call(method, path, body=None, headers=None):
    return http_util.call(PORT, method, path, body, headers)


def counter(postgres, superuser_url, data_dir):
    def count(sql):
        if postgres:
            out = subprocess.run(["psql", superuser_url, "-Atc", sql], check=True, capture_output=True, text=True)
            return int(out.stdout.strip())
        path = next(p for p in glob.glob(os.path.join(data_dir, "*.db")) + glob.glob(os.path.join(data_dir, "*.sqlite*"))
                    if not p.endswith(("-wal", "-shm")))
        with sqlite3.connect(path) as db:
            return db.execute(sql).fetchone()[0]
    return lambda: {k: count(sql) for k, sql in COUNTS.items()}


def timed_samples(path, auth, samples):
    times = []
    payload = b""
    for i in range(samples + 5):
        status, payload, elapsed, _ = call("GET", path, headers=auth)
        assert status == 200, (path, status, payload[:300])
        if i >= 5:
            times.append(elapsed * 1000)
    return {"p50_ms": round(pct(times, 50), 1), "p95_ms": round(pct(times, 95), 1),
            "max_ms": round(max(times), 1), "bytes": len(payload)}, json.loads(payload) if payload[:1] in b"{[" else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--postgres", help="an administrator's URL; a fresh database is made and dropped")
    where.add_argument("--sqlite", action="store_true", help="a fresh SQLite file in a temporary DATA_DIR")
    ap.add_argument("--fleets", type=int, default=2000)
    ap.add_argument("--trucks", type=int, default=5000, help="trucks (and drivers) of the large fleet")
    ap.add_argument("--documents", type=int, default=20000, help="documents of the large fleet")
    ap.add_argument("--small-fleet-documents", type=int, default=215,
                    help="documents of each other fleet (about 3/4 dated; with 90 qualification items each: ~250 dated items a fleet)")
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-compliance-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn", DATABASE_MAX_CONNECTIONS="16",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    postgres = args.postgres is not None
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    superuser_url = None
    if postgres:
        owner_url, db_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
        env.update(DATABASE_URL=db_url, DATABASE_MIGRATION_URL=owner_url)
    else:
        env.pop("DATABASE_URL", None)
        env.pop("DATABASE_MIGRATION_URL", None)
    results = {"backend": "postgres" if postgres else "sqlite",
               "budgets": {"reminder_job_s": 60, "calendar_p95_ms": 100}}
    counts = counter(postgres, superuser_url, data_dir)
    proc = None
    try:
        t0 = time.perf_counter()
        subprocess.run([args.bin, "seed-bench", "--fleets", str(args.fleets), "--trucks", str(args.trucks),
                        "--trailers", "500", "--drivers", str(args.trucks), "--documents", str(args.documents),
                        "--small-fleet-documents", str(args.small_fleet_documents), "--qualifications"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        results["seed_s"] = round(time.perf_counter() - t0, 1)
        if postgres:
            subprocess.run(["psql", superuser_url, "-qc", "VACUUM (ANALYZE)"], check=True)
        results["data"] = counts()

        # 1. The daily reminder job, as the scheduler runs it; then again the
        #    same day (nothing to send), as a retry or a second replica would.
        t0 = time.perf_counter()
        subprocess.run([args.bin, "run-job", "compliance_reminders"], env=env, check=True, stdout=subprocess.DEVNULL)
        first = time.perf_counter() - t0
        after_first = counts()
        t0 = time.perf_counter()
        subprocess.run([args.bin, "run-job", "compliance_reminders"], env=env, check=True, stdout=subprocess.DEVNULL)
        second = time.perf_counter() - t0
        after_second = counts()
        results["reminder_job"] = {
            "first_run_s": round(first, 1), "same_day_rerun_s": round(second, 1),
            "digests": after_first["digests"], "reminders": after_first["reminders"],
            "e_mails_queued": after_first["outbox"],
            "rerun_sent_nothing": after_second["digests"] == after_first["digests"]
                                  and after_second["outbox"] == after_first["outbox"],
            "note": "process start and migrations check included",
        }

        # 2. The calendar page of the 5,000-truck fleet.
        proc = subprocess.Popen([args.bin, "serve", "--no-worker"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        status, body, _, headers = call("POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, (status, body)
        auth = {"cookie": headers["set-cookie"].split(";")[0]}
        page, data = timed_samples("/api/fleet/compliance/calendar", auth, args.samples)
        page["counts"] = data["counts"]
        results["calendar_page"] = page
        driver = next(i["asset_id"] for g in data["groups"] for i in g["items"] if i["kind"] == "driver")
        results["calendar_trucks"], _ = timed_samples("/api/fleet/compliance/calendar?kind=truck", auth, args.samples // 2)
        results["calendar_one_driver"], _ = timed_samples(
            f"/api/fleet/compliance/calendar?kind=driver&asset_id={driver}", auth, args.samples // 2)
        month = time.strftime("%Y-%m")
        results["month_view"], _ = timed_samples(
            f"/api/fleet/compliance/items?from={month}-01&to={month}-28&limit=500", auth, args.samples // 4)
        status, _, elapsed, _ = call("GET", "/api/fleet/compliance/export.csv", headers=auth)
        assert status == 200
        results["csv_export_all_s"] = round(elapsed, 2)
        results["pass"] = (results["reminder_job"]["first_run_s"] < 60 or not postgres) \
            and results["reminder_job"]["rerun_sent_nothing"] \
            and results["calendar_page"]["p95_ms"] < 100
    finally:
        pgroles.stop(proc)
        if args.keep:
            print(f"kept: {superuser_url if postgres else data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
            if postgres:
                pgroles.drop_database(args.postgres, db_name)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
