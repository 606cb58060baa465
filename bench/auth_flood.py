#!/usr/bin/env python3
"""Issue 9 budget: a flood of anonymous password-hashing requests.

500 requests at once — sign-up, sign-in (known and unknown e-mails) and
password-reset completion — each from its own client address (TRUST_PROXY=1
and X-Forwarded-For), so only the bounded hashing pool and the database stand
in the way, not the per-address budgets. Measured on the release binary:

- peak RSS of the server (VmHWM) stays under 300 MiB
- no 5xx answers (429 with Retry-After is the expected overload answer)

Before the flood, sign-up for a known and for a new address is timed (one
client, interleaved): the answers must be identical and the medians close.

Standard library only; traffic stays on 127.0.0.1.
"""
import argparse, collections, http.client, json, os, shutil, statistics, subprocess, sys, tempfile, threading, time
import http_util

PORT = 3291
PASSWORD = "bench-secret-1"


def request(method, path, body=None, headers=None, timeout=60):
    """(status, the Retry-After header or None)."""
    status, _, _, answered = http_util.call(PORT, method, path, body, headers, timeout=timeout)
    return status, answered.get("retry-after")


def rss_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--requests", type=int, default=500)
    args = ap.parse_args()

    data_dir = tempfile.mkdtemp(prefix="longhaul-bench-auth-")
    env = dict(os.environ, DATA_DIR=data_dir, HOST="127.0.0.1", PORT=str(PORT), LOG_FORMAT="json",
               RUST_LOG="error", TRUST_PROXY="1", SUPERADMIN_EMAIL="admin@bench.test",
               SUPERADMIN_PASSWORD="bench-admin-password")
    env.pop("DATABASE_URL", None)
    env.pop("SMTP_URL", None)
    results = {}
    try:
        subprocess.run([args.bin, "migrate"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        known = [f"known{i}@bench.test" for i in range(20)]
        for email in known:
            subprocess.run([args.bin, "create-user", "--email", email, "--password", PASSWORD, "--role", "fleet_driver"],
                           env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + 20
            while True:
                try:
                    if request("GET", "/readyz", timeout=2)[0] == 200:
                        break
                except OSError:
                    pass
                if time.time() > deadline:
                    raise SystemExit("server did not become ready")
                time.sleep(0.01)
            results["rss_before_mib"] = rss_kib(proc.pid, "VmRSS") / 1024

            # Known vs new address: same answer, about the same time.
            def timed_sign_up(email, n):
                conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
                t0 = time.perf_counter()
                conn.request("POST", "/api/auth/sign-up", body=json.dumps({"email": email, "password": PASSWORD}),
                             headers={"content-type": "application/json", "x-forwarded-for": f"172.16.{n // 250}.{n % 250 + 1}"})
                res = conn.getresponse()
                body = res.read()
                conn.close()
                return (res.status, body), time.perf_counter() - t0
            known_t, new_t, answers_seen = [], [], set()
            for n in range(40):
                answer, elapsed = timed_sign_up(known[n % len(known)], 2 * n)
                answers_seen.add(answer); known_t.append(elapsed)
                answer, elapsed = timed_sign_up(f"fresh{n}@bench.test", 2 * n + 1)
                answers_seen.add(answer); new_t.append(elapsed)
            results["sign_up_known_median_ms"] = statistics.median(known_t) * 1000
            results["sign_up_new_median_ms"] = statistics.median(new_t) * 1000
            results["sign_up_distinct_answers"] = len(answers_seen)
            results["rss_before_flood_mib"] = rss_kib(proc.pid, "VmRSS") / 1024

            def body_of(i):
                kind = i % 4
                if kind == 0:
                    return "sign_up", "/api/auth/sign-up", {"email": f"new{i}@bench.test", "password": PASSWORD}
                if kind == 1:
                    return "sign_in_known", "/api/auth/sign-in", {"email": known[i % len(known)], "password": f"wrong-{i}"}
                if kind == 2:
                    return "sign_in_unknown", "/api/auth/sign-in", {"email": f"ghost{i}@bench.test", "password": f"wrong-{i}"}
                return "reset_complete", "/api/auth/password-reset/complete", {"token": "ab" * 32, "password": PASSWORD}

            answers = collections.Counter()
            missing_retry_after = [0]
            lock = threading.Lock()
            start = threading.Barrier(args.requests)

            def fire(i):
                kind, path, body = body_of(i)
                start.wait()
                try:
                    status, retry_after = request("POST", path, body,
                                                  {"x-forwarded-for": f"10.{i // 62500}.{i // 250 % 250}.{i % 250 + 1}"})
                except OSError as e:
                    status, retry_after = f"error:{type(e).__name__}", None
                with lock:
                    answers[(kind, status)] += 1
                    if status == 429 and retry_after is None:
                        missing_retry_after[0] += 1

            threads = [threading.Thread(target=fire, args=(i,)) for i in range(args.requests)]
            t0 = time.perf_counter()
            for t in threads: t.start()
            for t in threads: t.join()
            results["wall_s"] = time.perf_counter() - t0
            results["rss_after_mib"] = rss_kib(proc.pid, "VmRSS") / 1024
            results["peak_rss_mib"] = rss_kib(proc.pid, "VmHWM") / 1024
            results["answers"] = {f"{k} {s}": n for (k, s), n in sorted(answers.items(), key=str)}
            results["count_5xx"] = sum(n for (_, s), n in answers.items() if isinstance(s, int) and s >= 500)
            results["count_errors"] = sum(n for (_, s), n in answers.items() if not isinstance(s, int))
            results["count_429_without_retry_after"] = missing_retry_after[0]
            results["server_alive_after"] = request("GET", "/readyz", timeout=5)[0] == 200
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)

    budgets = [
        (f"{args.requests} concurrent anonymous hashing requests: peak RSS < 300 MiB", results["peak_rss_mib"] < 300),
        ("no 5xx and no dropped connection", results["count_5xx"] == 0 and results["count_errors"] == 0),
        ("every 429 carries Retry-After", results["count_429_without_retry_after"] == 0),
        ("server still ready afterwards", results["server_alive_after"]),
        ("sign-up: one answer for known and new addresses", results["sign_up_distinct_answers"] == 1),
        ("sign-up: known vs new median within 25 %",
         abs(results["sign_up_known_median_ms"] - results["sign_up_new_median_ms"])
         <= 0.25 * max(results["sign_up_known_median_ms"], results["sign_up_new_median_ms"])),
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
