#!/usr/bin/env python3
"""Issue 2 and 3 budgets, measured against the real release binary on loopback.

- sign-in p95 under 150 ms at 2 concurrent clients (argon2id at OWASP params)
- wrong e-mail vs wrong password: same message, median time within 10 %
- landing page JavaScript under 100 KB gzipped
- release binary ready to serve in under 1 s on an existing database
- a repeated DOT search answered from the cache in under 50 ms
- the signup pages load at most 50 KB gzipped of JavaScript beyond the landing page's

Standard library only. Every request loop is bounded; traffic stays on 127.0.0.1.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, threading, time
import http_util
from http_util import pct

PORT = 3290
PASSWORD = "bench-secret-1"


def request(method, path, body=None, headers=None):
    status, payload, elapsed, _ = http_util.call(PORT, method, path, body, headers, timeout=10)
    return status, payload, elapsed


def start_server(bin_path, env):
    proc = subprocess.Popen([bin_path, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = time.perf_counter()
    deadline = started + 20
    while time.perf_counter() < deadline:
        try:
            status, _, _ = request("GET", "/readyz")
            if status == 200:
                return proc, time.perf_counter() - started
        except OSError:
            pass
        time.sleep(0.005)
    proc.kill()
    raise SystemExit("server did not become ready")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--signins", type=int, default=200, help="sign-ins per client")
    ap.add_argument("--users", type=int, default=30)
    args = ap.parse_args()

    data_dir = tempfile.mkdtemp(prefix="longhaul-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), LOG_FORMAT="json", RUST_LOG="warn",
               TRUST_PROXY="true", SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    env.pop("DATABASE_URL", None)
    env.pop("SMTP_URL", None)
    results = {}
    try:
        subprocess.run([args.bin, "migrate"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        emails = [f"user{i}@bench.test" for i in range(args.users)]
        for email in emails:
            subprocess.run([args.bin, "create-user", "--email", email, "--password", PASSWORD, "--role", "fleet_driver"],
                           env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        # Start-up on an existing database (median of 5 starts).
        starts = []
        for _ in range(5):
            proc, ready = start_server(args.bin, env)
            starts.append(ready)
            proc.terminate()
            proc.wait(timeout=10)
        results["startup_ready_s_median"] = statistics.median(starts)
        results["startup_ready_s_max"] = max(starts)

        proc, _ = start_server(args.bin, env)
        try:
            for _ in range(10):  # warm-up
                request("POST", "/api/auth/sign-in", {"email": emails[0], "password": PASSWORD})

            # Sign-in latency at 2 concurrent clients.
            latencies, errors = [], []
            def client(idx):
                for n in range(args.signins):
                    email = emails[(idx * args.signins + n) % len(emails)]
                    status, _, elapsed = request("POST", "/api/auth/sign-in", {"email": email, "password": PASSWORD},
                                                 {"x-forwarded-for": f"10.0.{idx}.{n % 250}"})
                    (latencies if status == 200 else errors).append(elapsed if status == 200 else status)
            threads = [threading.Thread(target=client, args=(i,)) for i in range(2)]
            t0 = time.perf_counter()
            for t in threads: t.start()
            for t in threads: t.join()
            wall = time.perf_counter() - t0
            results["signin_count"] = len(latencies)
            results["signin_errors"] = len(errors)
            results["signin_p50_ms"] = pct(latencies, 50) * 1000
            results["signin_p95_ms"] = pct(latencies, 95) * 1000
            results["signin_rps"] = len(latencies) / wall

            # Wrong e-mail vs wrong password, interleaved, one client. Each
            # request comes from its own address and each wrong-password try
            # uses another user, so the rate limit never answers instead.
            wrong_pw, wrong_email, bodies = [], [], set()
            for n in range(args.users * 4):
                ip = {"x-forwarded-for": f"10.9.{n // 250}.{n % 250}"}
                s1, b1, e1 = request("POST", "/api/auth/sign-in", {"email": emails[n % len(emails)], "password": "wrong-password"}, ip)
                s2, b2, e2 = request("POST", "/api/auth/sign-in", {"email": f"ghost{n}@bench.test", "password": "wrong-password"}, ip)
                if s1 == 401: wrong_pw.append(e1)
                if s2 == 401: wrong_email.append(e2)
                bodies.add((s1, json.loads(b1)["error"]["message"]))
                bodies.add((s2, json.loads(b2)["error"]["message"]))
            m_pw, m_email = statistics.median(wrong_pw), statistics.median(wrong_email)
            results["wrong_password_median_ms"] = m_pw * 1000
            results["wrong_email_median_ms"] = m_email * 1000
            results["timing_difference_pct"] = abs(m_pw - m_email) / max(m_pw, m_email) * 100
            results["distinct_failure_answers"] = sorted(bodies)
            # Repeated DOT searches are answered from the 24 h cache.
            status, _, first = request("POST", "/api/signup/lookup", {"dot_number": "1000005"})
            assert status == 200, status
            cached = []
            for _ in range(300):
                status, _, elapsed = request("POST", "/api/signup/lookup", {"dot_number": "1000005"})
                assert status == 200, status
                cached.append(elapsed)
            results["dot_search_first_ms"] = first * 1000
            results["dot_search_cached_p50_ms"] = pct(cached, 50) * 1000
            results["dot_search_cached_p95_ms"] = pct(cached, 95) * 1000

            # What a browser really loads, on the wire: the landing page, and
            # the signup pages beyond what the landing page already loaded.
            base = f"http://127.0.0.1:{PORT}"
            out = subprocess.run(["node", os.path.join(os.path.dirname(__file__), "landing-js.mjs"), f"{base}/",
                                  f"{base}/fleet-signup", f"{base}/subscription-success?session_id=cs_none"],
                                 check=True, capture_output=True, text=True).stdout
            landing, signup, success = json.loads(out.strip().splitlines()[-1])
            results["landing_js_gzip_kb"] = landing["total_bytes"] / 1024
            results["landing_js_files"] = [f"{s['url']} {s['encoding']} {s['bytes']} B" for s in landing["scripts"]]
            landing_urls = {s["url"] for s in landing["scripts"]}
            for name, page in (("fleet_signup", signup), ("subscription_success", success)):
                extra = [s for s in page["scripts"] if s["url"] not in landing_urls]
                results[f"{name}_js_beyond_landing_kb"] = sum(s["bytes"] for s in extra) / 1024
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)

    budgets = [
        ("sign-in p95 at 2 clients < 150 ms", results["signin_p95_ms"] < 150 and results["signin_errors"] == 0),
        ("wrong e-mail vs wrong password within 10 %", results["timing_difference_pct"] < 10 and len(results["distinct_failure_answers"]) == 1),
        ("landing JS < 100 KB gzipped", results["landing_js_gzip_kb"] < 100),
        ("ready < 1 s after start (existing DB)", results["startup_ready_s_max"] < 1.0),
        ("repeated DOT search p95 < 50 ms (cache)", results["dot_search_cached_p95_ms"] < 50),
        ("/fleet-signup JS beyond landing <= 50 KB gz", results["fleet_signup_js_beyond_landing_kb"] <= 50),
        ("/subscription-success JS beyond landing <= 50 KB gz", results["subscription_success_js_beyond_landing_kb"] <= 50),
    ]
    print(json.dumps(results, indent=2, default=str))
    print()
    failed = 0
    for name, ok in budgets:
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
        failed += not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
