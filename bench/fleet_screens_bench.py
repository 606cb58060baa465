#!/usr/bin/env python3
"""Issue 29 budget (screens wait on themselves): every fleet-dashboard screen
is usable within 0.8 s at 1280x800 and within 1.2 s on a 360 px phone with 4x
CPU throttling (median of --runs cold loads each).

Starts the binary on a fresh SQLite DATA_DIR with the demo fleet
(demo@longhaul.test, as e2e/start-server.sh seeds it), signs in, and runs
bench/fleet-screens.mjs (Playwright, Debian's Chromium) on every screen of
the fleet dashboard: the overview, the lists, a truck's, a trailer's and a
driver's detail, documents, compliance, postings, the company screens,
billing and the inbox. Prints the median per screen and width against its
budget, then each screen's /api requests (start-end, ms from navigation
start) of the median phone run, and exits 1 when a median is over budget.

Usage: python3 bench/fleet_screens_bench.py --bin target/release/longhaul [--runs 5] [--screens trucks,documents]
A debug binary serves web/dist from disk and answers the API slower.
Standard library only; the server and the browser stay on 127.0.0.1.
"""
import argparse, json, os, shutil, subprocess, tempfile, time
import pgroles
from http_util import call

EMAIL, PASSWORD = "demo@longhaul.test", "demo-fleet-1"
BUDGETS = {"desktop": 800, "phone": 1200}


def screens(port, auth):
    def first(kind):
        status, body, _, _ = call(port, "GET", f"/api/fleet/{kind}?q=&tab=active&page=1&per_page=1", headers=auth)
        assert status == 200, (kind, status, body)
        return json.loads(body)["items"][0]["id"]

    fd = "/fleet-dashboard"
    return [
        ("overview", fd),
        ("profile", f"{fd}/profile"),
        ("trucks", f"{fd}/trucks"),
        ("truck", f"{fd}/trucks/{first('trucks')}"),
        ("trailers", f"{fd}/trailers"),
        ("trailer", f"{fd}/trailers/{first('trailers')}"),
        ("drivers", f"{fd}/drivers"),
        ("driver", f"{fd}/drivers/{first('drivers')}"),
        ("documents", f"{fd}/documents"),
        ("compliance", f"{fd}/compliance"),
        ("postings", f"{fd}/postings"),
        ("company-settings", f"{fd}/company-settings"),
        ("settings", f"{fd}/settings"),
        ("billing", f"{fd}/billing"),
        ("inbox", f"{fd}/inbox"),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--port", type=int, default=3297)
    ap.add_argument("--screens", help="comma-separated names (default: all)")
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-fleet-screens-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(args.port), RUST_LOG="warn",
               PUBLIC_URL=f"http://127.0.0.1:{args.port}",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    for name in ("DATABASE_URL", "SMTP_URL"):
        env.pop(name, None)
    proc = None
    try:
        subprocess.run([args.bin, "seed-demo"], env=env, check=True, stdout=subprocess.DEVNULL)
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(1200):
            try:
                if call(args.port, "GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.025)
        status, body, _, headers = call(args.port, "POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, (status, body)
        auth = {"cookie": headers["set-cookie"].split(";")[0]}
        chosen = screens(args.port, auth)
        if args.screens:
            wanted = set(args.screens.split(","))
            chosen = [s for s in chosen if s[0] in wanted]
        out = subprocess.run(
            ["node", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fleet-screens.mjs"),
             f"http://127.0.0.1:{args.port}", EMAIL, PASSWORD, str(args.runs),
             json.dumps([{"name": n, "path": p} for n, p in chosen])],
            check=True, capture_output=True, text=True)
        results = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        pgroles.stop(proc)
        shutil.rmtree(data_dir, ignore_errors=True)

    by = {(r["screen"], r["profile"]): r for r in results}
    print(f"Fleet-dashboard screens, usable (median of {args.runs} cold loads, ms from navigation start)")
    print(f"{'screen':<18}{'1280x800':>10}{'budget':>8}   {'360px 4x CPU':>13}{'budget':>8}   result")
    failed = False
    for name, _ in chosen:
        d, p = by[(name, "desktop")], by[(name, "phone")]
        ok = d["pass"] and p["pass"]
        failed |= not ok
        print(f"{name:<18}{d['median_ms']:>10}{'≤' + str(BUDGETS['desktop']):>8}   "
              f"{p['median_ms']:>13}{'≤' + str(BUDGETS['phone']):>8}   {'ok' if ok else 'OVER BUDGET'}")
    print("\n/api requests of the median phone run (start-end ms; path without the query):")
    for name, _ in chosen:
        p = by[(name, "phone")]
        calls = ", ".join(f"{a['path'].split('?')[0].removeprefix('/api/')} {a['start']}-{a['end']}" for a in p["api"])
        print(f"  {name:<17} usable {p['median_ms']:>5}: {calls}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
