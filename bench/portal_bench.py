#!/usr/bin/env python3
"""Issue 13 budget (driver portal): the portal's first screen on a
phone-sized Chromium (360 px) with 4x CPU throttling is usable in under 2 s.
Issue 32's budgets for its Loads screen on the same phone (usable in 1.5 s on
Slow 4G, 0.5 s offline from the service worker, 80 kB gzip of JavaScript):
bench/portal_loads_bench.mjs, against the same server.

Starts the release binary on a fresh SQLite DATA_DIR with the demo fleet,
turns its driver portal on (shared password), picks a driver with a truck,
and runs bench/portal-first-screen.mjs (Playwright, Debian's Chromium).

Usage: python3 bench/portal_bench.py --bin target/release/longhaul
Standard library only; stays on 127.0.0.1.
"""
import argparse, json, os, shutil, subprocess, tempfile, time
import http_util, pgroles

PORT = 3296
ADMIN, ADMIN_PASSWORD = "demo@longhaul.test", "demo-fleet-1"
SHARED = "Bench-drive-1"


def call(method, path, body=None, headers=None):
    status, payload, _, headers = http_util.call(PORT, method, path, body, headers)
    return status, payload, headers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-portal-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    env.pop("DATABASE_URL", None)
    proc = None
    try:
        subprocess.run([args.bin, "seed-demo"], env=env, check=True, stdout=subprocess.DEVNULL)
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        status, body, headers = call("POST", "/api/auth/sign-in", {"email": ADMIN, "password": ADMIN_PASSWORD})
        assert status == 200, (status, body)
        auth = {"cookie": headers["set-cookie"].split(";")[0], "x-csrf-token": json.loads(body)["csrf_token"]}
        status, body, _ = call("PUT", "/api/fleet/settings/portal", {
            "is_enabled": True, "login_method": "username", "auth_type": "system_password",
            "welcome_message": "Welcome to the Demo Freight driver portal.", "system_password": SHARED}, auth)
        assert status == 200, (status, body)
        fleet = json.loads(call("GET", "/api/fleet/portal/link", headers=auth)[1])["url"].rsplit("/", 1)[1]
        trucks = json.loads(call("GET", "/api/fleet/trucks?per_page=50", headers=auth)[1])["items"]
        drivers = json.loads(call("GET", "/api/fleet/drivers?per_page=200", headers=auth)[1])["items"]
        # A driver the dashboard shows with a truck.
        assigned = {t.get("assigned_driver_id") for t in trucks if t.get("assigned_driver_id")}
        driver = next((d for d in drivers if d["id"] in assigned and d.get("username")), drivers[0])
        out = subprocess.run(["node", "bench/portal-first-screen.mjs", f"http://127.0.0.1:{PORT}", fleet,
                              driver["username"], SHARED, str(args.runs)],
                             check=True, capture_output=True, text=True,
                             env=dict(os.environ, SCREENSHOT=os.environ.get("SCREENSHOT", "")))
        results = json.loads(out.stdout.strip().splitlines()[-1])
        results.update({"viewport": "360x740 (Pixel 5)", "cpu_throttling": 4, "driver": driver["username"]})
        loads = subprocess.run(["node", "bench/portal_loads_bench.mjs", "--base", f"http://127.0.0.1:{PORT}",
                                "--fleet", fleet, "--login", driver["username"], "--password", SHARED,
                                "--path", "/driver-portal/{fleet}/loads", "--runs", str(args.runs),
                                "--selector", '[data-testid="portal-loads"], [data-testid="portal-loads-empty"]'],
                               capture_output=True, text=True)
        print(loads.stdout, loads.stderr)
        results["loads_screen_pass"] = loads.returncode == 0
    finally:
        pgroles.stop(proc)
        shutil.rmtree(data_dir, ignore_errors=True)
    print(json.dumps(results, indent=2))
    if not results.get("pass") or not results.get("loads_screen_pass"):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
