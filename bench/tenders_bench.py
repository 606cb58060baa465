#!/usr/bin/env python3
"""Issue 33 budgets (tenders), against the binary on loopback (SQLite).

- a tender accept (`POST /api/fleet/tenders/{id}/accept`: the compare-and-set,
  the customer and facilities, the load, the broker's shipment, the first
  revision and its PDF filed on both sides, the posting withdrawn, the
  broker's e-mail) answers in under 300 ms p95
- the broker's shipment list (`GET /api/broker/shipments`: a page of 50
  with the total; all, one status group, a search) answers in under 50 ms
  p95 with 10,000 shipments

The shipments are real ones: one tender is made and accepted through the
API, and its tender and shipment rows are copied 10,000 times (new ids,
load numbers, places and dates) before the server starts again. One client
on loopback: an upper bound of server time.

Usage: python3 bench/tenders_bench.py --bin target/release/longhaul
Standard library only; every loop is bounded and stays on 127.0.0.1.
"""
import argparse, datetime, json, os, random, shutil, sqlite3, subprocess, tempfile, time, uuid
import http_util, pgroles
from http_util import pct

PORT = 3297
FLEET, FLEET_PASSWORD = "bench@longhaul.test", "demo-fleet-1"
BROKER, BROKER_PASSWORD = "broker@bench.test", "bench-broker-1"
BUDGETS = {"accept": 300, "list": 50}
CITIES = ["Chicago, IL", "Atlanta, GA", "Dallas, TX", "Nashville, TN", "Denver, CO", "Columbus, OH",
          "Memphis, TN", "Phoenix, AZ", "Reno, NV", "Omaha, NE"]


def call(method, path, body=None, headers=None):
    return http_util.call(PORT, method, path, body, headers)


def ok(method, path, auth, body=None, want=(200,)):
    status, payload, elapsed, _ = call(method, path, body, headers=auth)
    assert status in want, (method, path, status, payload[:300])
    return json.loads(payload) if payload else None, elapsed


def sign_in(email, password):
    status, body, _, headers = call("POST", "/api/auth/sign-in", {"email": email, "password": password})
    assert status == 200, (email, status, body[:200])
    return {"cookie": headers["set-cookie"].split(";")[0], "x-csrf-token": json.loads(body).get("csrf_token") or ""}


def serve(bin_path, env, worker=False):
    proc = subprocess.Popen([bin_path, "serve"] + ([] if worker else ["--no-worker"]), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1200):
        try:
            if call("GET", "/readyz")[0] == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.025)
    raise SystemExit("the server did not start")


def invitation_token(mailbox, to):
    """The set-password token of the invitation the dev mailbox holds."""
    for _ in range(400):
        if os.path.isdir(mailbox):
            for name in os.listdir(mailbox):
                if name.endswith(".json"):
                    with open(os.path.join(mailbox, name)) as f:
                        mail = json.load(f)
                    if mail.get("to") == to and "token=" in mail.get("text", ""):
                        return mail["text"].split("token=")[1].split()[0]
        time.sleep(0.05)
    raise SystemExit("the broker's invitation never arrived")


def offer(posting, shipper, receiver, n):
    day = datetime.date.today() + datetime.timedelta(days=2 + n % 20)
    return {
        "posting_id": posting, "load_number": f"BEN-{n}", "equipment_type": "van", "weight_lbs": 40000,
        "stops": [
            {"kind": "pickup", "facility_id": shipper, "appointment": f"{day}T08:00:00"},
            {"kind": "delivery", "facility_id": receiver,
             "window_start": f"{day + datetime.timedelta(days=1)}T09:00:00",
             "window_end": f"{day + datetime.timedelta(days=1)}T15:00:00"},
        ],
        "linehaul_cents": 180000, "fuel_surcharge_cents": 25000,
        "accessorials": [{"kind": "lumper", "amount_cents": 7500}],
        "detention_free_minutes": 120, "detention_rate_cents": 5000, "tonu_cents": 15000, "tonu_window_hours": 24,
        "expires_in_minutes": 600,
    }


def copy_shipments(db_path, count):
    """Copies the accepted tender and its shipment `count` times."""
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    tender = dict(con.execute("SELECT * FROM tenders WHERE status = 'accepted' LIMIT 1").fetchone())
    shipment = dict(con.execute("SELECT * FROM shipments LIMIT 1").fetchone())
    blob = isinstance(shipment["id"], bytes)

    def new_id():
        u = uuid.uuid4()
        return u.bytes if blob else str(u)

    rnd = random.Random(33)
    base = datetime.datetime.now(datetime.timezone.utc)
    tenders, shipments = [], []
    statuses = ["accepted", "planned", "dispatched", "in_transit", "delivered", "delivered", "invoiced", "cancelled"]
    for i in range(count):
        t_id, s_id, load_id = new_id(), new_id(), new_id()
        t = dict(tender, id=t_id, load_id=load_id, load_number=f"BK-{100000 + i}")
        tenders.append(t)
        origin, destination = rnd.sample(CITIES, 2)
        created = (base - datetime.timedelta(minutes=i * 7)).strftime(
            "%Y-%m-%d %H:%M:%S" if " " in str(shipment["created_at"]) else "%Y-%m-%dT%H:%M:%S") + \
            str(shipment["created_at"])[19:]
        s = dict(shipment, id=s_id, tender_id=t_id, load_id=load_id, load_number=t["load_number"],
                 pro_number=2000 + i, status=rnd.choice(statuses), origin=origin, destination=destination,
                 created_at=created, updated_at=created,
                 search_text="\n".join([t["load_number"].lower(), str(2000 + i), shipment["carrier_name"].lower(),
                                        origin.lower(), destination.lower()]))
        shipments.append(s)
    for table, rows in (("tenders", tenders), ("shipments", shipments)):
        cols = list(rows[0].keys())
        con.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                        [tuple(r[c] for c in cols) for r in rows])
    con.commit()
    con.execute("ANALYZE")
    con.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--shipments", type=int, default=10000)
    ap.add_argument("--accepts", type=int, default=60)
    ap.add_argument("--samples", type=int, default=200)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-tenders-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn",
               PUBLIC_URL=f"http://127.0.0.1:{PORT}",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    for name in ("DATABASE_URL", "DATABASE_MIGRATION_URL", "SMTP_URL"):
        env.pop(name, None)
    proc = None
    try:
        subprocess.run([args.bin, "migrate"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([args.bin, "seed-bench", "--fleets", "1", "--trucks", "20", "--trailers", "0", "--drivers", "20",
                        "--documents", "0", "--small-fleet-documents", "0"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        # The worker sends the broker's invitation (the dev mailbox).
        proc = serve(args.bin, env, worker=True)
        admin = sign_in("admin@bench.test", "bench-admin-password")
        ok("POST", "/api/admin/broker-accounts", admin,
           {"name": "Bench Brokerage", "mc_number": "MC-445566", "admin_email": BROKER}, want=(201,))
        token = invitation_token(os.path.join(data_dir, "mailbox"), BROKER)
        ok("POST", "/api/auth/password-reset/complete", {}, {"token": token, "password": BROKER_PASSWORD})
        fleet = sign_in(FLEET, FLEET_PASSWORD)
        broker = sign_in(BROKER, BROKER_PASSWORD)
        truck = ok("GET", "/api/fleet/trucks?tab=active&page=1&per_page=1", fleet)[0]["items"][0]["id"]
        today = datetime.date.today()
        posting = ok("POST", "/api/fleet/postings", fleet, {
            "vehicle_id": truck, "location_source": "typed", "origin": "60601", "available_from": str(today),
            "available_to": str(today + datetime.timedelta(days=10)), "equipment_type": "van",
            "destinations": [], "notes": None}, want=(201,))[0]["id"]
        shipper = ok("POST", "/api/broker/facilities", broker, {
            "name": "Bench Shipper", "address": "1 Dock St", "city": "Chicago", "state": "IL",
            "time_zone": "America/Chicago"}, want=(201,))[0]["id"]
        receiver = ok("POST", "/api/broker/facilities", broker, {
            "name": "Bench Receiver", "address": "9 Yard Rd", "city": "Atlanta", "state": "GA",
            "time_zone": "America/New_York"}, want=(201,))[0]["id"]
        tenders = [ok("POST", "/api/broker/tenders", broker, offer(posting, shipper, receiver, n), want=(201,))[0]["id"]
                   for n in range(args.accepts + 3)]
        accept_ms = []
        for i, tender in enumerate(tenders):
            _, elapsed = ok("POST", f"/api/fleet/tenders/{tender}/accept", fleet,
                            {"acceptor_name": "Dana Reyes", "acceptor_title": "Dispatch manager"})
            if i >= 3:
                accept_ms.append(elapsed * 1000)
        pgroles.stop(proc)
        proc = None
        copy_shipments(os.path.join(data_dir, "longhaul.db"), args.shipments)
        proc = serve(args.bin, env)
        broker = sign_in(BROKER, BROKER_PASSWORD)
        total = ok("GET", "/api/broker/shipments?per_page=1", broker)[0]["total"]
        assert total == args.shipments + len(tenders), total

        def samples(path):
            times = []
            for i in range(args.samples + 5):
                _, elapsed = ok("GET", path, broker)
                if i >= 5:
                    times.append(elapsed * 1000)
            return times

        results = {
            "accept (load, shipment, rate con PDF)": ("accept", accept_ms),
            "shipments, page 1 of 50": ("list", samples("/api/broker/shipments?per_page=50")),
            "shipments, page 100": ("list", samples("/api/broker/shipments?per_page=50&page=100")),
            "shipments, active": ("list", samples("/api/broker/shipments?status=active&per_page=50")),
            "shipments, delivered, page 20": ("list", samples("/api/broker/shipments?status=delivered&per_page=50&page=20")),
            "shipments, search 'nashville'": ("list", samples("/api/broker/shipments?q=nashville&per_page=50")),
            "shipments, search 'BK-1042'": ("list", samples("/api/broker/shipments?q=BK-1042&per_page=50")),
        }
    finally:
        pgroles.stop(proc)
        shutil.rmtree(data_dir, ignore_errors=True)

    print(f"Tenders (SQLite): {len(accept_ms)} accepts; {args.shipments} shipments of one broker, "
          f"{args.samples} list requests each")
    failed = False
    for name, (kind, times) in results.items():
        budget = BUDGETS[kind]
        p95 = round(pct(times, 95), 1)
        good = p95 <= budget
        failed |= not good
        print(f"  {name:<38} p50 {round(pct(times, 50), 1):>6} ms  p95 {p95:>6} ms  max {round(max(times), 1):>6} ms  "
              f"(budget p95 ≤ {budget} ms) {'ok' if good else 'OVER BUDGET'}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
