#!/usr/bin/env python3
"""Issue 4 budget: with 10,000 signups and 10,000 users, each admin tab's
first page loads in under 200 ms p95 (measured on loopback, so an upper bound
of server time). Generates the data straight into the database after
`longhaul migrate`: SQLite by default, PostgreSQL with --postgres URL (a
server where a fresh database may be created).

Standard library only; every loop is bounded; traffic stays on 127.0.0.1.
"""
import argparse, json, os, random, shutil, sqlite3, subprocess, tempfile, time, uuid
import http_util, pgroles
from http_util import pct
from datetime import datetime, timedelta, timezone

PORT = 3291
ADMIN = ("admin@bench.test", "bench-admin-password")
N_SIGNUPS = N_USERS = 10_000
N_FLEETS = 2_000
STATES = ["TN", "KY", "TX", "OH", "GA", "AL", "NC", "MS", "AR", "MO"]
WORDS = ["Blue", "Ridge", "Delta", "Plains", "Great", "Lakes", "Summit", "River", "Iron", "Eagle", "Prairie", "Coastal"]


def ts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def rows():
    rnd = random.Random(42)
    now = datetime.now(timezone.utc)
    fleets, accounts, users, signups = [], [], [], []
    for i in range(N_FLEETS):
        fid, aid = uuid.uuid4(), uuid.uuid4()
        name = f"{rnd.choice(WORDS)} {rnd.choice(WORDS)} Freight {i} LLC"
        fleets.append((fid, str(2_000_000 + i), name, rnd.randint(1, 3000), ts(now - timedelta(days=rnd.randint(0, 900)))))
        accounts.append((aid, name, fid, ts(now - timedelta(days=rnd.randint(0, 900)))))
    for i in range(N_USERS):
        account = accounts[i % N_FLEETS] if i % 3 == 0 else None
        role = "fleet_admin" if account else rnd.choice(["fleet_driver", "broker_user", "broker_admin", None])
        users.append((uuid.uuid4(), f"user{i:05d}@carrier{i % 500}.example", role, rnd.choice(WORDS), f"Driver{i}",
                      account[0] if account else None, ts(now - timedelta(minutes=i))))
    for i in range(N_SIGNUPS):
        step = rnd.randint(1, 3)
        signups.append((uuid.uuid4(), str(3_000_000 + i), f"{rnd.choice(WORDS)} {rnd.choice(WORDS)} Carriers {i} Inc",
                        rnd.randint(0, 2500), step, f"owner{i}@signup{i % 700}.example", step == 3 and i % 2 == 0,
                        "active" if step == 3 else None, ts(now - timedelta(minutes=3 * i))))
    return fleets, accounts, users, signups


HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3D0J3J6q1TfU6Zk5o1lBvbUj0Y2b8gk3H7zZ4m2wq0c"


def fill_sqlite(path):
    fleets, accounts, users, signups = rows()
    c = sqlite3.connect(path)
    c.executemany("INSERT INTO fleet_accounts (id, dot_number, legal_name, power_units, status, created_at, updated_at) VALUES (?,?,?,?, 'active', ?, ?)",
                  [(f[0].bytes, f[1], f[2], f[3], f[4], f[4]) for f in fleets])
    c.executemany("INSERT INTO accounts (id, name, type, fleet_account_id, is_active, created_at) VALUES (?,?, 'fleet', ?, 1, ?)",
                  [(a[0].bytes, a[1], a[2].bytes, a[3]) for a in accounts])
    c.executemany("INSERT INTO profiles (id, email, password_hash, role, first_name, last_name, account_id, email_confirmed_at, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                  [(u[0].bytes, u[1], HASH, u[2], u[3], u[4], u[5].bytes if u[5] else None, u[6], u[6], u[6]) for u in users])
    c.executemany("INSERT INTO fleet_signups (id, dot_number, legal_name, power_units, current_step, email, completed, subscription_status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                  [(s[0].bytes, s[1], s[2], s[3], s[4], s[5], 1 if s[6] else 0, s[7], s[8], s[8]) for s in signups])
    c.commit()
    c.close()


def fill_postgres(url):
    fleets, accounts, users, signups = rows()
    def q(v):
        if v is None: return "\\N"
        if isinstance(v, bool): return "t" if v else "f"
        return str(v)
    def copy(table, cols, data):
        text = "\n".join("\t".join(q(v) for v in row) for row in data) + "\n"
        subprocess.run(["psql", url, "-q", "-c", f"COPY {table} ({', '.join(cols)}) FROM STDIN"], input=text, text=True, check=True)
    copy("fleet_accounts", ["id", "dot_number", "legal_name", "power_units", "status", "created_at", "updated_at"],
         [(f[0], f[1], f[2], f[3], "active", f[4], f[4]) for f in fleets])
    copy("accounts", ["id", "name", "type", "fleet_account_id", "is_active", "created_at"], [(a[0], a[1], "fleet", a[2], True, a[3]) for a in accounts])
    copy("profiles", ["id", "email", "password_hash", "role", "first_name", "last_name", "account_id", "email_confirmed_at", "created_at", "updated_at"],
         [(u[0], u[1], HASH, u[2], u[3], u[4], u[5], u[6], u[6], u[6]) for u in users])
    copy("fleet_signups", ["id", "dot_number", "legal_name", "power_units", "current_step", "email", "completed", "subscription_status", "created_at", "updated_at"],
         [(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[8]) for s in signups])
    subprocess.run(["psql", url, "-q", "-c", "ANALYZE"], check=True)


def call(method, path, body=None, cookie=None, headers=None):
    """(status, body, seconds, the set-cookie header or None)."""
    headers = dict(headers or {}, **({"cookie": cookie} if cookie else {}))
    status, payload, elapsed, answered = http_util.call(PORT, method, path, body, headers, timeout=30)
    return status, payload, elapsed, answered.get("set-cookie")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--postgres", help="server URL, e.g. postgres://postgres@127.0.0.1:5432/postgres")
    ap.add_argument("--requests", type=int, default=100)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-admin-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn", SUPERADMIN_EMAIL=ADMIN[0], SUPERADMIN_PASSWORD=ADMIN[1])
    env.pop("SMTP_URL", None)
    backend = "sqlite"
    db_name = None
    if args.postgres:
        backend = "postgres"
        db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
        owner_url, serving_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
        env["DATABASE_MIGRATION_URL"] = owner_url
        env["DATABASE_URL"] = serving_url
    else:
        env.pop("DATABASE_URL", None)
    proc = None
    try:
        subprocess.run([args.bin, "migrate"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t0 = time.perf_counter()
        if backend == "postgres":
            fill_postgres(superuser_url)
        else:
            fill_sqlite(os.path.join(data_dir, "longhaul.db"))
        generated_s = time.perf_counter() - t0
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        status, _, _, set_cookie = call("POST", "/api/auth/sign-in", {"email": ADMIN[0], "password": ADMIN[1]})
        assert status == 200, status
        cookie = set_cookie.split(";")[0]
        tabs = {
            "signups": "/api/admin/signups",
            "users": "/api/admin/users",
            "accounts": "/api/admin/accounts",
            "fleet_accounts": "/api/admin/fleet-accounts",
            "audit": "/api/admin/audit",
            "signups_search": "/api/admin/signups?q=ridge",
            "users_search": "/api/admin/users?q=carrier42",
            "accounts_search": "/api/admin/accounts?q=freight%2019",
        }
        results = {"backend": backend, "generated_rows": {"signups": N_SIGNUPS, "users": N_USERS, "fleet_accounts": N_FLEETS}, "generation_s": round(generated_s, 1)}
        for name, path in tabs.items():
            times = []
            for i in range(args.requests + 5):
                status, payload, elapsed, _ = call("GET", path, cookie=cookie)
                assert status == 200, (path, status, payload[:200])
                if i >= 5: times.append(elapsed)
            total = json.loads(payload)["total"]
            results[name] = {"total": total, "p50_ms": round(pct(times, 50) * 1000, 1), "p95_ms": round(pct(times, 95) * 1000, 1)}
        print(json.dumps(results, indent=2))
        failed = [n for n in tabs if results[n]["p95_ms"] >= 200]
        print()
        for name in tabs:
            print(f"{'PASS' if name not in failed else 'FAIL'}  {name} first page p95 {results[name]['p95_ms']} ms < 200 ms ({backend})")
        raise SystemExit(1 if failed else 0)
    finally:
        pgroles.stop(proc)
        shutil.rmtree(data_dir, ignore_errors=True)
        if db_name:
            pgroles.drop_database(args.postgres, db_name)


if __name__ == "__main__":
    main()
