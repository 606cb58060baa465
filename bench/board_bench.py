#!/usr/bin/env python3
"""Issue 15 budget (truck board search), against the release binary on loopback.

With 1,000,000 active postings clustered around US metros (PostgreSQL) or
100,000 (SQLite), the broker search API (`GET /api/broker/board/search`)
answers nearest-first within a 250-mile radius in under 20 ms p95 at 8
concurrent clients on PostgreSQL, and under 50 ms p95 on SQLite.

The postings are written with SQL (trucks spread over 1,000 fleets, each
posting within ~120 miles of one of 60 metros, with equipment, destinations
and windows drawn at random); the searches start at random metros and ZIPs,
half of them filtered by equipment and a third by destination states.

Usage: python3 bench/board_bench.py --bin target/release/longhaul --postgres postgres://postgres@127.0.0.1:5432/postgres
       python3 bench/board_bench.py --bin target/release/longhaul --sqlite
Standard library only; every loop is bounded and stays on 127.0.0.1.
"""
import argparse, glob, json, os, random, shutil, sqlite3, subprocess, tempfile, time, urllib.parse, uuid
import http_util, pgroles

PORT = 3296
BROKER_EMAIL, BROKER_PASSWORD = "broker@bench.test", "bench-broker-1"

# (city, lat, lon): the metros the postings cluster around and searches start at.
METROS = [
    ("Chicago, IL", 41.88, -87.63), ("Dallas, TX", 32.78, -96.80), ("Atlanta, GA", 33.75, -84.39),
    ("Los Angeles, CA", 34.05, -118.24), ("Houston, TX", 29.76, -95.37), ("Memphis, TN", 35.15, -90.05),
    ("Indianapolis, IN", 39.77, -86.16), ("Columbus, OH", 39.96, -83.00), ("Kansas City, MO", 39.10, -94.58),
    ("Denver, CO", 39.74, -104.99), ("Phoenix, AZ", 33.45, -112.07), ("Nashville, TN", 36.16, -86.78),
    ("Charlotte, NC", 35.23, -80.84), ("Jacksonville, FL", 30.33, -81.66), ("Miami, FL", 25.76, -80.19),
    ("Newark, NJ", 40.74, -74.17), ("Philadelphia, PA", 39.95, -75.17), ("Pittsburgh, PA", 40.44, -79.99),
    ("Detroit, MI", 42.33, -83.05), ("Minneapolis, MN", 44.98, -93.27), ("St. Louis, MO", 38.63, -90.20),
    ("Louisville, KY", 38.25, -85.76), ("Cincinnati, OH", 39.10, -84.51), ("Cleveland, OH", 41.50, -81.69),
    ("Salt Lake City, UT", 40.76, -111.89), ("Seattle, WA", 47.61, -122.33), ("Portland, OR", 45.52, -122.68),
    ("Sacramento, CA", 38.58, -121.49), ("Oakland, CA", 37.80, -122.27), ("Fresno, CA", 36.74, -119.79),
    ("Las Vegas, NV", 36.17, -115.14), ("Albuquerque, NM", 35.08, -106.65), ("El Paso, TX", 31.76, -106.49),
    ("San Antonio, TX", 29.42, -98.49), ("Austin, TX", 30.27, -97.74), ("Oklahoma City, OK", 35.47, -97.52),
    ("Omaha, NE", 41.26, -95.93), ("Des Moines, IA", 41.59, -93.62), ("Milwaukee, WI", 43.04, -87.91),
    ("Birmingham, AL", 33.52, -86.80), ("New Orleans, LA", 29.95, -90.07), ("Little Rock, AR", 34.75, -92.29),
    ("Richmond, VA", 37.54, -77.44), ("Baltimore, MD", 39.29, -76.61), ("Boston, MA", 42.36, -71.06),
    ("Albany, NY", 42.65, -73.75), ("Buffalo, NY", 42.89, -78.88), ("Raleigh, NC", 35.78, -78.64),
    ("Savannah, GA", 32.08, -81.09), ("Tampa, FL", 27.95, -82.46), ("Orlando, FL", 28.54, -81.38),
    ("Boise, ID", 43.62, -116.20), ("Spokane, WA", 47.66, -117.43), ("Billings, MT", 45.78, -108.50),
    ("Fargo, ND", 46.88, -96.79), ("Sioux Falls, SD", 43.55, -96.73), ("Wichita, KS", 37.69, -97.34),
    ("Tulsa, OK", 36.15, -95.99), ("Laredo, TX", 27.51, -99.51), ("Reno, NV", 39.53, -119.81),
]
EQUIPMENT = ["van", "reefer", "flatbed", "step_deck", "power_only", "conestoga", "hotshot", "box_truck"]
STATES = ["TX", "CA", "IL", "GA", "FL", "OH", "PA", "NY", "TN", "AZ", "CO", "WA", "NC", "MO", "MI"]


def call(method, path, body=None, headers=None):
    return http_util.call(PORT, method, path, body, headers)


def seed_postgres(url, postings, fleets):
    """Trucks and postings by generate_series, as the superuser (RLS does not
    apply); the board index exactly as the server writes it."""
    metros = ",".join(f"({lat},{lon})" for _, lat, lon in METROS)
    eq = ",".join(f"'{e}'" for e in EQUIPMENT)
    sql = f"""
    CREATE TEMP TABLE metro(i serial, lat float8, lon float8);
    INSERT INTO metro(lat, lon) VALUES {metros};
    CREATE TEMP TABLE bench_fleet AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM fleet_accounts;
    INSERT INTO fleet_vehicles (id, fleet_account_id, name, status, is_active, created_at, updated_at, search_text, list_tab, unnamed)
      SELECT gen_random_uuid(), f.id, 'B' || g, 'active', true, now(), now(), 'b' || g, 'active', false
        FROM generate_series(0, {postings - 1}) g
        JOIN bench_fleet f ON f.n = g % (SELECT count(*) FROM bench_fleet);
    INSERT INTO truck_postings (id, fleet_account_id, vehicle_id, truck_number, origin_city, origin_state, origin_zip,
        lat, lon, location_source, location_updated_at, available_from, available_to, expires_at, equipment_type,
        length_ft, weight_lbs, destinations, rate_per_mile_cents, notes, status, carrier_name, carrier_dot, carrier_mc,
        contact_name, contact_phone, contact_email, carrier_approved, carrier_allowed, authority_active,
        insurance_on_file, posted_at, updated_at, ended_at)
      SELECT gen_random_uuid(), v.fleet_account_id, v.id, v.name, 'Bench', 'IL', NULL,
             m.lat + (random() + random() + random() - 1.5) * 1.2,
             m.lon + (random() + random() + random() - 1.5) * 1.5,
             'typed', NULL, current_date - (random() * 2)::int, current_date + 1 + (random() * 6)::int,
             (current_date + 8)::timestamptz, (ARRAY[{eq}])[1 + (random() * {len(EQUIPMENT) - 1})::int],
             53, 45000, CASE WHEN random() < 0.4 THEN '' ELSE ',TX,' END, 250, NULL, 'active', fa.legal_name,
             fa.dot_number, NULL, NULL, NULL, NULL, true, random() > 0.02, true, true,
             now() - random() * interval '72 hours', now(), NULL
        FROM fleet_vehicles v
        JOIN fleet_accounts fa ON fa.id = v.fleet_account_id
        JOIN metro m ON m.i = 1 + (abs(hashtext(v.id::text)) % {len(METROS)})
       WHERE v.name LIKE 'B%';
    INSERT INTO board_index (posting_id, board_key, lat, lon, equipment_type, destinations, available_from,
        available_to, expires_at, posted_at, carrier_allowed)
      SELECT id, ('x' || substr(replace(id::text, '-', ''), 1, 16))::bit(64)::bigint, lat, lon, equipment_type,
             destinations, available_from, available_to, expires_at, posted_at, carrier_allowed
        FROM truck_postings;
    """
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qc", sql], check=True)
    subprocess.run(["psql", url, "-qc", "VACUUM (ANALYZE)"], check=True)


def seed_sqlite(path, postings):
    """The same data through Python's sqlite3 (the R*Tree filled by the table's triggers)."""
    rnd = random.Random(15)
    db = sqlite3.connect(path)
    fleets = [r[0] for r in db.execute("SELECT id FROM fleet_accounts")]
    names = {r[0]: (r[1], r[2]) for r in db.execute("SELECT id, legal_name, dot_number FROM fleet_accounts")}
    now = time.time()
    iso = lambda t: time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t)) + "+00:00"
    day = lambda d: time.strftime("%Y-%m-%d", time.gmtime(now + d * 86400))
    vehicles, rows, index = [], [], []
    for g in range(postings):
        # SQLite keeps UUIDs as 16-byte blobs.
        vid, pid = uuid.UUID(int=rnd.getrandbits(128), version=4).bytes, uuid.UUID(int=rnd.getrandbits(128), version=4)
        fleet = fleets[g % len(fleets)]
        _, mlat, mlon = METROS[rnd.randrange(len(METROS))]
        lat = mlat + (rnd.random() + rnd.random() + rnd.random() - 1.5) * 1.2
        lon = mlon + (rnd.random() + rnd.random() + rnd.random() - 1.5) * 1.5
        eq = rnd.choice(EQUIPMENT)
        dest = "" if rnd.random() < 0.4 else ",TX,"
        frm, to = day(-rnd.randint(0, 2)), day(1 + rnd.randint(0, 6))
        expires = day(8) + " 00:00:00+00:00"
        posted = iso(now - rnd.random() * 72 * 3600)
        allowed = rnd.random() > 0.02
        vehicles.append((vid, fleet, f"B{g}", "active", 1, iso(now), iso(now), f"b{g}", "active", 0))
        rows.append((pid.bytes, fleet, vid, f"B{g}", "Bench", "IL", lat, lon, "typed", frm, to, expires, eq, 53, 45000,
                     dest, 250, "active", names[fleet][0], names[fleet][1], 1, int(allowed), 1, 1, posted, posted))
        key = int.from_bytes(pid.bytes[:8], "big", signed=True)
        index.append((pid.bytes, key, lat, lon, eq, dest, frm, to, expires, posted, int(allowed)))
    db.executemany("INSERT INTO fleet_vehicles (id, fleet_account_id, name, status, is_active, created_at, updated_at,"
                   " search_text, list_tab, unnamed) VALUES (?,?,?,?,?,?,?,?,?,?)", vehicles)
    db.executemany("INSERT INTO truck_postings (id, fleet_account_id, vehicle_id, truck_number, origin_city, origin_state,"
                   " lat, lon, location_source, available_from, available_to, expires_at, equipment_type, length_ft,"
                   " weight_lbs, destinations, rate_per_mile_cents, status, carrier_name, carrier_dot, carrier_approved,"
                   " carrier_allowed, authority_active, insurance_on_file, posted_at, updated_at)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    db.executemany("INSERT INTO board_index (posting_id, board_key, lat, lon, equipment_type, destinations,"
                   " available_from, available_to, expires_at, posted_at, carrier_allowed)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?,?)", index)
    db.commit()
    db.execute("ANALYZE")
    db.close()


def add_broker(postgres, url, sqlite_path):
    """The bench user's profile becomes a broker admin of a broker account."""
    sql = ("INSERT INTO accounts (id, name, type, fleet_account_id, is_active, created_at, mc_number) "
           "VALUES ('00000000-0000-4000-8000-00000000b0b0', 'Bench Brokers', 'broker', NULL, true, "
           "CURRENT_TIMESTAMP, '123456');"
           f"UPDATE profiles SET role = 'broker_admin', account_id = '00000000-0000-4000-8000-00000000b0b0' "
           f"WHERE email = '{BROKER_EMAIL}';")
    if postgres:
        subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qc", sql], check=True)
    else:
        # SQLite keeps UUIDs as 16-byte blobs.
        blob = "X'" + uuid.UUID("00000000-0000-4000-8000-00000000b0b0").hex + "'"
        with sqlite3.connect(sqlite_path) as db:
            db.executescript(sql.replace("true", "1").replace("'00000000-0000-4000-8000-00000000b0b0'", blob))


def searches(n, seed):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        city = rnd.choice(METROS)[0]
        q = {"origin": city, "radius_mi": "250"}
        if rnd.random() < 0.5:
            q["equipment"] = ",".join(rnd.sample(EQUIPMENT, 2))
        if rnd.random() < 0.33:
            q["destinations"] = ",".join(rnd.sample(STATES, 3))
        if rnd.random() < 0.25:
            q["max_age_hours"] = "24"
        out.append("/api/broker/board/search?" + "&".join(
            f"{k}={urllib.parse.quote(v)}" for k, v in q.items()))
    return out


WRK_SCRIPT = """
paths = {%s}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i %% #paths) + 1], { ["cookie"] = "%s" })
end
local errors = 0
response = function(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %%d %%d %%.3f %%.3f %%.3f %%.3f %%d\\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, summary.duration))
end
"""


def load(auth, clients, seconds, seed):
    """`clients` keep-alive connections for `seconds` (wrk: a light client, so
    the two cores are the server's), each request a random search."""
    paths = searches(2000, seed)
    script = os.path.join(tempfile.gettempdir(), f"longhaul-board-{seed}.lua")
    with open(script, "w") as f:
        f.write(WRK_SCRIPT % (",".join(json.dumps(p) for p in paths), auth["cookie"]))
    out = subprocess.run(["wrk", f"-t{min(clients, 2)}", f"-c{clients}", f"-d{seconds}s", "-s", script,
                          f"http://127.0.0.1:{PORT}/"], check=True, capture_output=True, text=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("RESULT"))
    n, errors, p50, p95, p99, worst, micros = line.split()[1:]
    return {"clients": clients, "requests": int(n), "p50_ms": round(float(p50), 1), "p95_ms": round(float(p95), 1),
            "p99_ms": round(float(p99), 1), "max_ms": round(float(worst), 1),
            "per_s": round(int(n) / (int(micros) / 1e6)), "non_2xx_or_errors": int(errors)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--postgres", help="an administrator's URL; a fresh database is made and dropped")
    where.add_argument("--sqlite", action="store_true", help="a fresh SQLite file in a temporary DATA_DIR")
    ap.add_argument("--postings", type=int, help="default 1,000,000 on PostgreSQL, 100,000 on SQLite")
    ap.add_argument("--fleets", type=int, default=1000)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=int, default=20, help="of load, per client count")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    postgres = args.postgres is not None
    postings = args.postings or (1_000_000 if postgres else 100_000)
    budget = 20 if postgres else 50
    data_dir = tempfile.mkdtemp(prefix="longhaul-board-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn", DATABASE_MAX_CONNECTIONS="16",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password")
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    superuser_url = None
    if postgres:
        owner_url, db_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
        env.update(DATABASE_URL=db_url, DATABASE_MIGRATION_URL=owner_url)
    else:
        env.pop("DATABASE_URL", None)
        env.pop("DATABASE_MIGRATION_URL", None)
    results = {"backend": "postgres" if postgres else "sqlite", "postings": postings,
               "budget": {"search_p95_ms": budget, "clients": args.clients, "radius_mi": 250}}
    proc = None
    try:
        t0 = time.perf_counter()
        subprocess.run([args.bin, "seed-bench", "--fleets", str(args.fleets), "--trucks", "10", "--trailers", "0",
                        "--drivers", "10", "--documents", "0", "--small-fleet-documents", "0"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([args.bin, "create-user", "--email", BROKER_EMAIL, "--password", BROKER_PASSWORD],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        sqlite_path = None
        if not postgres:
            sqlite_path = next(p for p in glob.glob(os.path.join(data_dir, "*.db")) + glob.glob(os.path.join(data_dir, "*.sqlite*"))
                               if not p.endswith(("-wal", "-shm")))
        add_broker(postgres, superuser_url, sqlite_path)
        if postgres:
            seed_postgres(superuser_url, postings, args.fleets)
        else:
            seed_sqlite(sqlite_path, postings)
        results["seed_s"] = round(time.perf_counter() - t0, 1)

        log = open(os.path.join(tempfile.gettempdir(), "longhaul-board-bench.log"), "w")
        proc = subprocess.Popen([args.bin, "serve", "--no-worker"], env=env, stdout=log, stderr=log)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        status, body, _, headers = call("POST", "/api/auth/sign-in", {"email": BROKER_EMAIL, "password": BROKER_PASSWORD})
        assert status == 200, (status, body)
        auth = {"cookie": headers["set-cookie"].split(";")[0]}
        # One search, checked: nearest first, within the radius, a full page.
        status, body, _, _ = call("GET", "/api/broker/board/search?origin=Chicago%2C%20IL&radius_mi=250", headers=auth)
        assert status == 200, (status, body[:300])
        page = json.loads(body)
        miles = [r["deadhead_mi"] for r in page["results"]]
        assert len(miles) == 25 and miles == sorted(miles) and miles[-1] <= 250, miles
        results["sample"] = {"first_deadhead_mi": miles[0], "last_deadhead_mi": miles[-1], "has_more": page["has_more"]}
        if postgres:
            plan = subprocess.run(["psql", superuser_url, "-Atc",
                                   "EXPLAIN SELECT posting_id FROM board_index WHERE cube(cube(cube(cos(radians(lat)) * "
                                   "cos(radians(lon))), cos(radians(lat)) * sin(radians(lon))), sin(radians(lat))) <@ "
                                   "cube(cube(cube(0.0, 0.1), -0.8, -0.7), 0.6, 0.7) ORDER BY cube(cube(cube(cos(radians(lat)) * "
                                   "cos(radians(lon))), cos(radians(lat)) * sin(radians(lon))), sin(radians(lat))) <-> "
                                   "cube(cube(cube(0.05), -0.75), 0.65) LIMIT 26"],
                                  check=True, capture_output=True, text=True).stdout
            results["uses_gist_index"] = "ix_board_index_point" in plan
        load(auth, args.clients, 3, 0)  # warm the caches
        results["one_client"] = load(auth, 1, args.seconds, 1)
        results["concurrent"] = load(auth, args.clients, args.seconds, 2)
        results["pass"] = results["concurrent"]["p95_ms"] < budget and not results["concurrent"]["non_2xx_or_errors"]
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
