#!/usr/bin/env python3
"""The ELD sync budgets (issues 11 and 34), measured against the release binary
and a local fake Samsara, on SQLite or PostgreSQL:

- syncing 10,000 drivers, 10,000 vehicles and 10,000 trailers (Samsara cursor
  pages of 512, plus the trailer assignments the trailer sync reads after
  them) takes at most 1.2x the time needed just to download the same pages
  from the same fake (same requests in the same order, keep-alive client,
  whole bodies read); meant to be run with --samsara-limits
- the server's peak RSS stays at or under 250 MB during the first sync, and
  during the second one: each sync's peak is its own, the larger of VmHWM
  (reset through /proc/<pid>/clear_refs just before that sync starts) and
  VmRSS sampled every 10 ms while its runs are under way
- a second sync with nothing changed upstream writes no row: its runs'
  created / updated / deactivated (and trailer assignments updated) counts,
  read from the sync history API, are all 0
The script exits 1 when a budget fails.

The fake runs in its own process (this script with --fake-samsara) and
pre-renders every page's bytes (status line, headers, body) before anything
is timed; it speaks HTTP/1.1 with keep-alive and TCP_NODELAY and answers each
request with one write. It logs every request it answered with monotonic
timestamps, so the report splits each sync into its queue wait, its fetch
phase and what follows the last page (the write phase).

Usage: python3 bench/eld_sync_bench.py --bin target/release/longhaul --sqlite --samsara-limits
       python3 bench/eld_sync_bench.py --bin target/release/longhaul --samsara-limits --postgres postgres://postgres@127.0.0.1:5432/postgres
Options: --drivers/--vehicles/--trailers N, --latency-ms N (the fake waits N ms
before each page, as a distant provider would), --samsara-limits (the fake
enforces Samsara's documented request limits with 429 and Retry-After, and the
baseline download waits them out as the adapter does, each download starting
with the limits' windows empty, as each sync does), --keep (keep the database and
the server log), --server-wrapper 'perf record -g -o FILE --' (profile the server).

Each kind's figures split its time: until_first_page_s (the job queue's poll
interval and the run's set-up), fetch_phase_s (first request to last page
served; compare with download_s), after_last_page_s (the write phase and the
run's end, within one 20 ms poll), trailer_write_s (trailers only: the write
between the trailer pages and the assignment pages).
Standard library only; every wait is bounded; traffic stays on 127.0.0.1.
"""
import argparse, http.client, json, os, random, shutil, signal, socket, statistics, subprocess, sys
import tempfile, threading, time, uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit
import http_util

PORT = 3293
EMAIL, PASSWORD = "eld-bench@longhaul.test", "bench-fleet-password-1"
API_KEY = "samsara_api_bench_7Qm2xVt9LpR4"
PAGE = 512
KINDS = ("drivers", "trucks", "trailers")
# What each data kind's sync asks the fake for (the trailer sync reads the
# trailers, then every trailer's current assignment).
KIND_PATHS = {
    "drivers": ("/fleet/drivers",),
    "trucks": ("/fleet/vehicles",),
    "trailers": ("/fleet/trailers", "/v1/fleet/trailers/assignments"),
}
RATIO_BUDGET, RSS_BUDGET_MB = 1.2, 250
POLL_S = 0.02          # progress polling while a run is under way
RUN_TIMEOUT_S = 900    # one run may take this long before the bench gives up


def die_with_parent():
    """Popen preexec_fn: the child gets SIGTERM when this script dies, however it dies."""
    import ctypes
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def now():
    return time.clock_gettime(time.CLOCK_MONOTONIC)  # system-wide: comparable across processes


# ---------------------------------------------------------------------------
# Data: realistic Samsara records, deterministic.

FIRST = ["James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "William", "Elizabeth",
         "Carlos", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy", "Jose",
         "Lisa", "Mark", "Betty", "Luis", "Sandra", "Kevin", "Ashley", "Brian", "Dorothy", "Tyrone", "Kimberly",
         "Dmitri", "Emily", "Andre", "Donna", "Raj", "Michelle", "Juan", "Carol", "Mary Ann", "Jean-Luc"]
LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
        "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
        "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
        "Walker", "Young", "Allen", "King", "Wright", "Scott", "Nguyen", "Hill", "Flores", "Green", "O'Brien",
        "Kowalski", "Patel", "van Dyke"]
# State: (licence pattern, time zone). L = letter, D = digit.
STATES = {"CA": ("LDDDDDDD", "America/Los_Angeles"), "TX": ("DDDDDDDD", "America/Chicago"),
          "FL": ("LDDDDDDDDDDDD", "America/New_York"), "IL": ("LDDDDDDDDDDD", "America/Chicago"),
          "NY": ("DDDDDDDDD", "America/New_York"), "PA": ("DDDDDDDD", "America/New_York"),
          "OH": ("LLDDDDDD", "America/New_York"), "GA": ("DDDDDDDDD", "America/New_York"),
          "TN": ("DDDDDDDDD", "America/Chicago"), "KY": ("LDDDDDDDD", "America/New_York"),
          "IN": ("DDDDDDDDDD", "America/Indiana/Indianapolis"), "AZ": ("LDDDDDDDD", "America/Phoenix")}
TRUCKS = [("Freightliner", "Cascadia", "1FUJ", "GLDR"), ("Peterbilt", "579", "1XPB", "DP9X"),
          ("Kenworth", "T680", "1XKY", "DB9X"), ("Volvo", "VNL 860", "4V4N", "C9EH"),
          ("International", "LT625", "3HSD", "ZAPR"), ("Mack", "Anthem", "1M1A", "N4GY"),
          ("Freightliner", "M2 106", "3ALA", "CYDT")]
TRAILER_MAKERS = [("Wabash", "1JJV", "532D"), ("Great Dane", "1GRA", "A062"), ("Utility", "1UYV", "S253"),
                  ("Hyundai Translead", "3H3V", "532C"), ("Stoughton", "1DW1", "A532")]
TRAILER_KINDS = ["53' Dry Van", "53' Reefer", "48' Flatbed", "53' Dry Van", "53' Reefer", "Step Deck"]
REGIONS = [("3914", "East Coast"), ("3915", "Midwest"), ("3916", "Southeast"), ("3917", "Texas"), ("3918", "West Coast")]
VIN_VALUES = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))), **dict(zip("JKLMN", range(1, 6))),
              "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10)))}
VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
YEAR_CODES = {2014: "E", 2015: "F", 2016: "G", 2017: "H", 2018: "J", 2019: "K", 2020: "L", 2021: "M", 2022: "N",
              2023: "P", 2024: "R", 2025: "S"}
CARRIER = {"carrierName": "Ridgeline Freight Lines LLC", "dotNumber": 1000005,
           "homeTerminalAddress": "4100 Lebanon Pike, Nashville, TN 37076", "homeTerminalName": "Nashville Terminal",
           "mainOfficeAddress": "4100 Lebanon Pike, Nashville, TN 37076"}


def vin(wmi, vds, year, plant, serial):
    """A 17-character VIN with a valid check digit (position 9)."""
    body = f"{wmi}{vds}0{YEAR_CODES[year]}{plant}{serial:06d}"
    total = sum(VIN_VALUES[c] * w for c, w in zip(body, VIN_WEIGHTS))
    check = "X" if total % 11 == 10 else str(total % 11)
    return body[:8] + check + body[9:]


def plate(rnd, taken):
    """A licence plate unique within `taken` (L letter, D digit)."""
    while True:
        pattern = rnd.choice(["LLLDDDD", "DLLLDDD", "PDDDDDD", "LDDDDLL"])
        p = "".join(rnd.choice("ABCDEFGHJKLMNPRSTUVWXYZ") if c == "L" else rnd.choice("0123456789") if c == "D" else c
                    for c in pattern)
        if p not in taken:
            taken.add(p)
            return p


def ts(rnd, start_year=2018):
    return f"{rnd.randint(start_year, 2024)}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}T{rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:{rnd.randint(0, 59):02d}Z"


def tag(region):
    return {"id": region[0], "name": region[1], "parentTagId": "4815"}


def make_records(n_drivers, n_vehicles, n_trailers, deactivated_share, seed=11):
    """Drivers (active first, then deactivated), vehicles, trailers and the v1
    trailer-assignment entries, in Samsara's wire shapes."""
    rnd = random.Random(seed)
    n_deactivated = int(n_drivers * deactivated_share)
    n_active = n_drivers - n_deactivated
    licences, emails = set(), set()
    drivers = []
    for i in range(n_drivers):
        first, last = rnd.choice(FIRST), rnd.choice(LAST)
        state = rnd.choice(list(STATES))
        pattern, tz = STATES[state]
        while True:
            lic = "".join(rnd.choice("ABCDEFGHJKLMNPRSTUVWXYZ") if c == "L" else rnd.choice("0123456789") for c in pattern)
            if lic not in licences:
                licences.add(lic)
                break
        handle = f"{first}.{last}".lower().replace(" ", "").replace("'", "")
        email = f"{handle}{i}@ridgelinefreight.example"
        region = rnd.choice(REGIONS)
        active = i < n_active
        d = {
            "carrierSettings": CARRIER,
            "createdAtTime": ts(rnd),
            "currentIdCardCode": str(rnd.randint(100000000, 999999999)),
            "dateOfBirth": f"{rnd.randint(1958, 2001)}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}",
            "driverActivationStatus": "active" if active else "deactivated",
            "eldAdverseWeatherExemptionEnabled": rnd.random() < 0.3,
            "eldBigDayExemptionEnabled": rnd.random() < 0.2,
            "eldDayStartHour": 0,
            "eldExempt": False,
            "eldPcEnabled": True,
            "eldYmEnabled": True,
            "email": email,
            "externalIds": {"payrollId": f"RFL{100000 + i}", "maintenanceId": str(250000 + i)},
            "hasDrivingFeaturesHidden": False,
            "hasVehicleUnpinningEnabled": rnd.random() < 0.5,
            "id": str(52000000 + 7 * i + rnd.randint(0, 6)),
            "isDeactivated": not active,
            "licenseNumber": lic,
            "licenseState": state,
            "locale": "us",
            "name": f"{first} {last}",
            "peerGroupTag": tag(region),
            "phone": f"{rnd.choice(['615', '629', '901', '214', '404', '312'])}{rnd.randint(2000000, 9999999)}",
            "tags": [tag(region)],
            "timezone": tz,
            "updatedAtTime": ts(rnd, 2023),
            "usDriverRulesetOverride": {"cycle": "USA Property (8/70)", "restart": "34-hour Restart",
                                        "restbreak": "Property (off-duty/sleeper)", "usStateToOverride": ""},
            "username": f"{handle}{i}",
            "vehicleGroupTag": tag(region),
            "waitingTimeDutyStatusEnabled": rnd.random() < 0.5,
        }
        if rnd.random() < 0.25:
            d["attributes"] = [{"id": str(uuid.UUID(int=rnd.getrandbits(128))), "name": "Hazmat Endorsement"}]
        if rnd.random() < 0.15:
            d["notes"] = rnd.choice(["Team driver", "Prefers night runs", "Hazmat certified", "Trainer; OK for student ride-alongs"])
        drivers.append(d)

    plates, vehicles = set(), []
    assigned = list(range(n_active))
    rnd.shuffle(assigned)
    for i in range(n_vehicles):
        make, model, wmi, vds = rnd.choice(TRUCKS)
        year = rnd.randint(2014, 2025)
        region = rnd.choice(REGIONS)
        serial = f"G9{rnd.randint(10000000, 99999999)}"
        v = {
            "createdAtTime": ts(rnd),
            "esn": str(rnd.randint(10000000, 99999999)),
            "externalIds": {"samsara.serial": serial, "samsara.vin": None},
            "gateway": {"model": "VG54NA", "serial": f"{serial[:4]}-{serial[4:7]}-{serial[7:]}"},
            "harshAccelerationSettingType": "heavyDuty",
            "id": str(281474977000000 + 13 * i),
            "isRemotePrivacyButtonEnabled": False,
            "licensePlate": plate(rnd, plates),
            "make": make,
            "model": model,
            "name": f"Truck {1000 + i}",
            "serial": serial,
            "tags": [tag(region)],
            "updatedAtTime": ts(rnd, 2023),
            "vehicleRegulationMode": "regulated",
            "vehicleType": "truck",
            "vehicleWeightInPounds": rnd.choice([33000, 35000, 80000]),
            "vin": vin(wmi, vds, year, rnd.choice("NPJLDR"), 100000 + i),
            "year": str(year),
        }
        v["externalIds"]["samsara.vin"] = v["vin"]
        if rnd.random() < 0.3:
            v["cameraSerial"] = f"CNCK-{rnd.randint(100, 999)}-{rnd.choice('ABCDEFGH')}{rnd.randint(10, 99)}"
        if rnd.random() < 0.2:
            v["notes"] = rnd.choice(["Reefer unit serviced 03/2024", "APU installed", "Spare tractor", "Leased from Penske"])
        if rnd.random() < 0.1:
            v["attributes"] = [{"id": "494123", "name": "Compliance/ELD", "stringValues": ["HQ", "Leased"]}]
        # 85 % of trucks have a driver; each active driver drives at most one.
        if i < len(assigned) and rnd.random() < 0.85:
            d = drivers[assigned[i]]
            v["staticAssignedDriver"] = {"id": d["id"], "name": d["name"]}
            d["staticAssignedVehicle"] = {"id": v["id"], "name": v["name"]}
        vehicles.append(v)

    plates, trailers, assignments = set(), [], []
    pullers = list(range(n_active))
    rnd.shuffle(pullers)
    base_ms = 1_717_200_000_000
    for i in range(n_trailers):
        maker, wmi, vds = rnd.choice(TRAILER_MAKERS)
        kind = rnd.choice(TRAILER_KINDS)
        region = rnd.choice(REGIONS)
        gw = f"{rnd.choice('GHJK')}{rnd.choice('FGHJ')}{rnd.choice('RSTV')}V-{rnd.randint(10, 99)}N-{rnd.choice('VWXYZ')}{rnd.choice('GHJK')}X"
        t = {
            "enabledForMobile": True,
            "externalIds": {"fleetNumber": f"T{5000 + i}"},
            "id": str(281474981000000 + 11 * i),
            "installedGateway": {"model": "AT11", "serial": gw},
            "licensePlate": plate(rnd, plates),
            "name": f"Trailer {5000 + i} {kind}",
            "tags": [tag(region)],
            "trailerSerialNumber": vin(wmi, vds, rnd.randint(2014, 2025), rnd.choice("ABCDEL"), 200000 + i),
        }
        if rnd.random() < 0.3:
            t["notes"] = rnd.choice([f"{maker} reefer, Thermo King S-600", "Side skirts", "Liftgate", "Swing doors"])
        history = []
        if rnd.random() < 0.3:
            start = base_ms - rnd.randint(20, 90) * 86_400_000
            history.append({"driverId": int(drivers[rnd.randrange(n_active)]["id"]), "startMs": start,
                            "endMs": start + rnd.randint(1, 15) * 86_400_000})
        if i < len(pullers) and rnd.random() < 0.6:
            history.append({"driverId": int(drivers[pullers[i]]["id"]),
                            "startMs": base_ms + rnd.randint(0, 19) * 86_400_000 + rnd.randint(0, 86_399_000)})
        trailers.append(t)
        assignments.append({"trailerAssignments": history, "id": int(t["id"]), "name": t["name"]})
    return drivers, vehicles, trailers, assignments


# ---------------------------------------------------------------------------
# The fake Samsara (its own process).

def dumps(v):
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False).encode()


def response(status, body, reason=b"OK", extra=b""):
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: %d\r\n"
            b"x-request-id: bench\r\n%s\r\n" % (status, reason, len(body), extra)) + body


class RateLimits:
    """Samsara's documented request limits (external-apis.md): about 150
    requests/s per token, vehicles 25/s, trailers and assignments 5/s, each
    over a sliding second. Over a limit: 429 with a fractional Retry-After,
    the time until the oldest request of that second leaves it."""
    PER_PATH = {"/fleet/vehicles": 25, "/fleet/trailers": 5, "/v1/fleet/trailers/assignments": 5}
    PER_TOKEN = 150

    def __init__(self):
        self.lock = threading.Lock()
        self.seen = {}

    def admit(self, path):
        """None when the request may pass (and counts), else seconds to wait."""
        buckets = [("token", self.PER_TOKEN)]
        if path in self.PER_PATH:
            buckets.append((path, self.PER_PATH[path]))
        with self.lock:
            t = time.monotonic()
            waits = []
            for name, limit in buckets:
                q = self.seen.setdefault(name, [])
                while q and q[0] <= t - 1.0:
                    q.pop(0)
                if len(q) >= limit:
                    waits.append(q[0] + 1.0 - t)
            if waits:
                return max(max(waits), 0.001)
            for name, _ in buckets:
                self.seen[name].append(t)
            return None


def render_pages(path, records, key_extra=()):
    """{(path, *key_extra, after): response bytes}: cursor pages of PAGE."""
    pages = {}
    chunks = [records[i:i + PAGE] for i in range(0, len(records), PAGE)] or [[]]
    after = ""
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        cursor = "" if last else str(uuid.uuid5(uuid.NAMESPACE_URL, f"{path}{key_extra}{n}"))
        if path == "/v1/fleet/trailers/assignments":
            body = {"pagination": {"endCursor": cursor, "hasNextPage": not last, "hasPrevPage": n > 0,
                                   "startCursor": after}, "trailers": chunk}
        else:
            body = {"data": chunk, "pagination": {"endCursor": cursor, "hasNextPage": not last}}
        pages[(path, *key_extra, after)] = response(200, dumps(body))
        after = cursor
    return pages


def serve_fake(args):
    drivers, vehicles, trailers, assignments = make_records(args.drivers, args.vehicles, args.trailers, args.deactivated_share)
    pages = {}
    pages.update(render_pages("/fleet/drivers", [d for d in drivers if not d["isDeactivated"]], ("active",)))
    pages.update(render_pages("/fleet/drivers", [d for d in drivers if d["isDeactivated"]], ("deactivated",)))
    pages.update(render_pages("/fleet/vehicles", vehicles))
    pages.update(render_pages("/fleet/trailers", trailers))
    pages.update(render_pages("/v1/fleet/trailers/assignments", assignments))
    verify = response(200, dumps({"data": drivers[:1], "pagination": {"endCursor": "bench1", "hasNextPage": True}}))
    unauthorized = response(401, dumps({"message": "Unauthorized", "requestId": "bench"}), b"Unauthorized")
    latency = args.latency_ms / 1000
    limiter = RateLimits() if args.samsara_limits else None
    info = {"drivers_active": sum(not d["isDeactivated"] for d in drivers),
            "drivers_deactivated": sum(d["isDeactivated"] for d in drivers),
            "vehicles": len(vehicles), "vehicles_with_driver": sum("staticAssignedDriver" in v for v in vehicles),
            "trailers": len(trailers), "trailers_with_driver": sum(any("endMs" not in a for a in t["trailerAssignments"]) for t in assignments),
            "pages": len(pages), "bytes": sum(len(p) for p in pages.values()),
            "record_bytes": {"driver": len(dumps(drivers[0])), "vehicle": len(dumps(vehicles[0])), "trailer": len(dumps(trailers[0]))}}
    del drivers, vehicles, trailers, assignments
    log, lock = [], threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, *a):
            pass

        def control(self, path):
            if path == "/__bench/info":
                body = dumps(info)
            else:  # /__bench/log: every request answered since the last call
                with lock:
                    body = dumps(log)
                    log.clear()
            self.wfile.write(response(200, body))

        def do_GET(self):
            t0 = now()
            url = urlsplit(self.path)
            if url.path.startswith("/__bench/"):
                return self.control(url.path)
            q = dict(parse_qsl(url.query, keep_blank_values=True))
            wait = limiter.admit(url.path) if limiter else None
            if self.headers.get("authorization") != f"Bearer {API_KEY}":
                out, note = unauthorized, "unauthorized"
            elif wait is not None:
                out = response(429, dumps({"message": "Rate limit exceeded", "requestId": "bench"}), b"Too Many Requests",
                               extra=b"retry-after: %.3f\r\n" % wait)
                note = "rate limited"
            elif url.path == "/fleet/drivers" and q.get("limit") == "1" and "after" not in q:
                out, note = verify, "verify"
            else:
                if url.path == "/fleet/drivers":
                    key = (url.path, q.get("driverActivationStatus", ""), q.get("after", ""))
                elif url.path == "/v1/fleet/trailers/assignments":
                    key = (url.path, q.get("startingAfter", ""))
                else:
                    key = (url.path, q.get("after", ""))
                out, note = pages.get(key), None
                if q.get("limit") != str(PAGE):
                    note = f"limit={q.get('limit')} (expected {PAGE})"
                if out is None:
                    out = response(400, dumps({"message": "Invalid cursor or path", "requestId": "bench"}), b"Bad Request")
                    note = "unknown page"
            if latency and wait is None:
                time.sleep(latency)
            self.wfile.write(out)
            entry = {"t0": t0, "t1": now(), "path": url.path, "query": q, "bytes": len(out), "note": note,
                     "status": int(out[9:12])}
            with lock:
                log.append(entry)

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 64

    server = Server(("127.0.0.1", 0), Handler)
    print(f"READY {server.server_address[1]}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server.serve_forever()


class Fake:
    """The fake Samsara process, seen from the bench."""

    def __init__(self, args):
        cmd = [sys.executable, os.path.abspath(__file__), "--fake-samsara", "--drivers", str(args.drivers),
               "--vehicles", str(args.vehicles), "--trailers", str(args.trailers),
               "--deactivated-share", str(args.deactivated_share), "--latency-ms", str(args.latency_ms)]
        if args.samsara_limits:
            cmd.append("--samsara-limits")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, preexec_fn=die_with_parent)
        line = self.proc.stdout.readline().split()
        if not line or line[0] != "READY":
            self.proc.kill()
            raise SystemExit("the fake Samsara did not start")
        self.port = int(line[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.info = self.control("/__bench/info")

    def control(self, path):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", path)
        body = conn.getresponse().read()
        conn.close()
        return json.loads(body)

    def take_log(self):
        return self.control("/__bench/log")

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def pagination_of(body):
    """The page's `pagination` object, found without parsing the records."""
    at = body.rfind(b'"pagination":')
    end = body.index(b"}", at)
    return json.loads(body[at + len(b'"pagination":'):end + 1])


def download(port, kind):
    """Every page the sync of `kind` reads, following the cursors, on one
    keep-alive connection; whole bodies read. Returns (seconds, requests, bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"authorization": f"Bearer {API_KEY}", "accept": "application/json"}
    requests, total = [], 0
    t0 = time.perf_counter()
    for path in KIND_PATHS[kind]:
        phases = ["active", "deactivated"] if path == "/fleet/drivers" else [None]
        for phase in phases:
            after = None
            while True:
                q = [("limit", str(PAGE))]
                if phase:
                    q.append(("driverActivationStatus", phase))
                if after:
                    q.append(("startingAfter" if path.startswith("/v1/") else "after", after))
                target = path + "?" + "&".join(f"{k}={v}" for k, v in q)
                conn.request("GET", target, headers=headers)
                res = conn.getresponse()
                body = res.read()
                if res.status == 429:  # as the adapter does: wait as told, ask again
                    time.sleep(float(res.getheader("retry-after")))
                    continue
                assert res.status == 200, (target, res.status, body[:200])
                total += len(body)
                requests.append((path, dict(q)))
                p = pagination_of(body)
                if not (p.get("hasNextPage") and p.get("endCursor")):
                    break
                after = p["endCursor"]
    elapsed = time.perf_counter() - t0
    conn.close()
    return elapsed, requests, total


# ---------------------------------------------------------------------------
# The server under test.

def server_env(data_dir, port, samsara_url):
    """The server's environment: a DATA_DIR, a port, the fake as Samsara, JSON
    logs at BENCH_RUST_LOG (default warn), no mail, no demo data, SQLite in
    DATA_DIR (prepare_database switches to PostgreSQL)."""
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(port), RUST_LOG=os.environ.get("BENCH_RUST_LOG", "warn"),
               LOG_FORMAT="json", SAMSARA_BASE_URL=samsara_url, SUPERADMIN_EMAIL="admin@bench.test",
               SUPERADMIN_PASSWORD="bench-admin-password")
    for k in ("SMTP_URL", "SECRET_KEY", "SEED_DEMO", "DATABASE_URL", "DATABASE_MIGRATION_URL"):
        env.pop(k, None)
    return env


def prepare_database(bin_path, env, log_file, postgres_url=None, db_name=None):
    """Migrates a fresh database and creates the fleet admin EMAIL with a fleet.
    With postgres_url: the database db_name is made here (env points at it) and
    the caller drops it (pgroles.drop_database) in its `finally`."""
    if postgres_url:
        import pgroles
        owner_url, serving_url, _ = pgroles.fresh_database(postgres_url, db_name)
        env.update(DATABASE_URL=serving_url, DATABASE_MIGRATION_URL=owner_url)
    quiet = dict(stdout=subprocess.DEVNULL, stderr=log_file, check=True)
    subprocess.run([bin_path, "migrate"], env=env, **quiet)
    subprocess.run([bin_path, "create-user", "--email", EMAIL, "--password", PASSWORD, "--role", "fleet_admin",
                    "--first-name", "Bench", "--last-name", "Admin", "--fleet-name", "Ridgeline Freight Lines LLC"],
                   env=env, **quiet)


def start_server(cmd, env, log_file, port, timeout_s=30):
    """Starts the server (`cmd`: perhaps under a wrapper); its Popen once /readyz answers 200.
    Refuses a port something already listens on (its /readyz would pass for ours)."""
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise SystemExit(f"port {port} is in use (another server or benchmark?)")
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log_file, preexec_fn=die_with_parent)
    deadline = time.perf_counter() + timeout_s
    while True:
        try:
            if http_util.call(port, "GET", "/readyz")[0] == 200 and proc.poll() is None:
                return proc
        except OSError:
            pass
        if time.perf_counter() > deadline or proc.poll() is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            raise SystemExit("the server did not become ready")
        time.sleep(0.025)


def sign_in(port):
    """The fleet admin's session: the headers of their requests (cookie and CSRF token)."""
    status, payload, _, headers = http_util.call(port, "POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
    assert status == 200, (status, payload[:300])
    return {"cookie": headers["set-cookie"].split(";")[0], "x-csrf-token": json.loads(payload)["csrf_token"]}


def connect_samsara(port, auth):
    """Connects the fleet to the fake Samsara (the key is verified against it); the seconds it took."""
    status, payload, elapsed, _ = http_util.call(port, "PUT", "/api/fleet/eld/connection",
                                                 {"provider": "samsara", "api_key": API_KEY}, auth)
    assert status in (200, 201), ("connect", status, payload[:300])
    return elapsed


def print_log_tail(server_log, chars=3000):
    """The end of the server's log on stderr (after a failure), without panic-catcher noise."""
    with open(server_log) as f:
        tail = "".join(line for line in f if "catch_panic()" not in line)[-chars:]
    if tail:
        print("server log (tail):\n" + tail, file=sys.stderr)


def call(method, path, body=None, headers=None, conn=None):
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["content-type"] = "application/json"
    conn.request(method, path, body=data, headers=h)
    res = conn.getresponse()
    payload = res.read()
    cookie = res.getheader("set-cookie")
    if own:
        conn.close()
    return res.status, payload, cookie


def proc_status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                k, v = line.split(":")
                out[k] = int(v.split()[0]) / 1024  # MB
    return out


def reset_peak_rss(pid):
    """Makes the process's VmHWM its current VmRSS (Linux 4.0+), so that the
    next read of VmHWM is the peak since now."""
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")


def server_pid(pid, bin_path):
    """The server's own process: `pid`, or under --server-wrapper the
    descendant of `pid` running the binary."""
    exe = os.path.realpath(bin_path)
    if os.path.realpath(f"/proc/{pid}/exe") == exe:
        return pid
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.path.realpath(f"/proc/{p}/exe") != exe:
                continue
            q = int(p)
            while q > 1:
                with open(f"/proc/{q}/stat") as f:
                    q = int(f.read().rsplit(")", 1)[1].split()[1])
                if q == pid:
                    return int(p)
        except OSError:
            continue
    raise SystemExit("the server process was not found under the wrapper")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


class RssSampler:
    """VmRSS of the server every 10 ms while a run is under way."""

    def __init__(self, pid):
        self.pid, self.samples, self.stop_flag = pid, [], threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)

    def loop(self):
        while not self.stop_flag.is_set():
            try:
                self.samples.append(proc_status(self.pid)["VmRSS"])
            except (OSError, KeyError):
                return
            time.sleep(0.01)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_flag.set()
        self.thread.join()


def run_sync(kind, auth, pid, fake):
    """Starts a sync of `kind` and waits for its end. Returns the figures."""
    fake.take_log()  # forget earlier requests
    poll = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    cpu0 = cpu_seconds(pid)
    with RssSampler(pid) as rss:
        t0 = now()
        status, payload, _ = call("POST", "/api/fleet/eld/syncs", {"kind": kind}, auth)
        assert status == 202, (kind, status, payload[:300])
        run = json.loads(payload)
        polls = 0
        while run["status"] in ("queued", "running"):
            if now() - t0 > RUN_TIMEOUT_S:
                raise SystemExit(f"the {kind} sync did not finish within {RUN_TIMEOUT_S} s")
            time.sleep(POLL_S)
            status, payload, _ = call("GET", f"/api/fleet/eld/syncs/{run['id']}", headers=auth, conn=poll)
            assert status == 200, (status, payload[:300])
            run = json.loads(payload)
            polls += 1
        t1 = now()
    poll.close()
    log = fake.take_log()
    # In the order they were made: the fake logs a request after writing its
    # answer, so the next request (on another pooled connection) can log first.
    sync_requests = sorted((e for e in log if e["path"] in KIND_PATHS[kind] and e["status"] != 429),
                           key=lambda e: e["t0"])
    out = {"run": run, "sync_s": t1 - t0, "polls": polls, "server_cpu_s": cpu_seconds(pid) - cpu0,
           "rate_limited": sum(e["status"] == 429 for e in log if e["path"] in KIND_PATHS[kind]),
           "rss_max_sampled_mb": max(rss.samples, default=0), "requests": sync_requests,
           "fake_notes": sorted({e["note"] for e in log if e["note"] and e["status"] != 429})}
    if sync_requests:
        first, last = sync_requests[0], sync_requests[-1]
        out["until_first_page_s"] = first["t0"] - t0      # queue wait + the job's set-up
        out["fetch_phase_s"] = last["t1"] - first["t0"]   # first request to last page written out
        out["after_last_page_s"] = t1 - last["t1"]         # write phase + the end of the run (+ poll lag)
        if kind == "trailers":
            split = [e for e in sync_requests if e["path"] == "/fleet/trailers"][-1]
            nxt = [e for e in sync_requests if e["path"] != "/fleet/trailers"]
            if nxt:
                out["trailer_write_s"] = nxt[0]["t0"] - split["t1"]  # between the two fetches: the trailers' write
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--postgres", help="an administrator's URL; a fresh database is made and dropped")
    where.add_argument("--sqlite", action="store_true", help="a fresh SQLite file in a temporary DATA_DIR")
    ap.add_argument("--drivers", type=int, default=10_000)
    ap.add_argument("--vehicles", type=int, default=10_000)
    ap.add_argument("--trailers", type=int, default=10_000)
    ap.add_argument("--deactivated-share", type=float, default=0.04, help="drivers deactivated upstream")
    ap.add_argument("--latency-ms", type=float, default=0, help="the fake's delay before each page")
    ap.add_argument("--samsara-limits", action="store_true", help="the fake enforces Samsara's documented "
                    "request limits (429 + Retry-After); the baseline download honours them as the adapter does")
    ap.add_argument("--downloads", type=int, default=3, help="baseline downloads per kind (median)")
    ap.add_argument("--keep", action="store_true", help="keep the database and the server log")
    ap.add_argument("--server-wrapper", default="", help="a profiler to run the server under, e.g. "
                    "'perf record -F 499 -g -o /tmp/eld.perf --' or 'heaptrack -o /tmp/eld.heaptrack' "
                    "(its overhead counts in the figures)")
    ap.add_argument("--fake-samsara", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.fake_samsara:
        return serve_fake(args)
    if not args.bin or not (args.sqlite or args.postgres):
        ap.error("--bin and one of --sqlite / --postgres are required")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a cancelled run still cleans up

    data_dir = tempfile.mkdtemp(prefix="longhaul-eld-bench-")
    server_log = os.path.join(data_dir, "server.log")
    postgres = args.postgres is not None
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    results = {"backend": "postgres" if postgres else "sqlite"}
    fake = proc = pid = None
    log_file = open(server_log, "w")
    try:
        t = time.perf_counter()
        fake = Fake(args)
        results["fake"] = dict(fake.info, render_s=round(time.perf_counter() - t, 1), latency_ms=args.latency_ms,
                               samsara_limits=args.samsara_limits)
        env = server_env(data_dir, PORT, fake.url)
        prepare_database(args.bin, env, log_file, args.postgres, db_name)

        # The baseline: the same pages, plainly downloaded (median of N per kind).
        baseline = {}
        def fresh_download(kind):
            # Under --samsara-limits each download starts once the fake's
            # one-second windows are empty, as each kind's sync does: a
            # download right after another of the same path would wait out
            # its predecessor's requests (a 1.0 s baseline for 8 ms of trucks).
            if args.samsara_limits:
                time.sleep(1.05)
            return download(fake.port, kind)

        for kind in KINDS:
            runs = [fresh_download(kind) for _ in range(args.downloads)]
            secs = sorted(r[0] for r in runs)
            baseline[kind] = {"s": statistics.median(secs), "min_s": secs[0], "requests": runs[0][1],
                              "mb": runs[0][2] / 1e6}
        fake.take_log()
        results["download"] = {k: {"s": round(v["s"], 3), "min_s": round(v["min_s"], 3), "requests": len(v["requests"]),
                                    "mb": round(v["mb"], 1)} for k, v in baseline.items()}
        results["download"]["total_s"] = round(sum(v["s"] for v in baseline.values()), 3)

        proc = start_server(args.server_wrapper.split() + [args.bin, "serve"], env, log_file, PORT)
        pid = server_pid(proc.pid, args.bin)
        results["rss_when_ready_mb"] = round(proc_status(pid)["VmRSS"], 1)
        auth = sign_in(PORT)
        results["connect_ms"] = round(connect_samsara(PORT, auth) * 1000, 1)
        fake.take_log()
        results["rss_before_sync_mb"] = round(proc_status(pid)["VmRSS"], 1)

        def sync_all(label):
            out = {}
            out["rss_at_start_mb"] = round(proc_status(pid)["VmRSS"], 1)
            reset_peak_rss(pid)  # this sync's peak, not an earlier one's
            for kind in KINDS:
                r = run_sync(kind, auth, pid, fake)
                run = r["run"]
                if run["status"] != "succeeded":
                    raise SystemExit(f"{label} {kind} sync {run['status']}: {run.get('error')}")
                made = [(e["path"], e["query"]) for e in r["requests"]]
                wanted = [(p, q) for p, q in baseline[kind]["requests"]]
                if made != wanted:
                    raise SystemExit(f"{label} {kind}: the sync's requests differ from the baseline's: "
                                     f"{len(made)} vs {len(wanted)}; first sync request {made[:1]}, baseline {wanted[:1]}")
                queued = (r["run"]["started_at"], r["run"]["finished_at"])
                out[kind] = {
                    "sync_s": round(r["sync_s"], 3),
                    "download_s": round(baseline[kind]["s"], 3),
                    "ratio": round(r["sync_s"] / baseline[kind]["s"], 2),
                    "until_first_page_s": round(r.get("until_first_page_s", 0), 3),
                    "fetch_phase_s": round(r.get("fetch_phase_s", 0), 3),
                    "after_last_page_s": round(r.get("after_last_page_s", 0), 3),
                    "server_cpu_s": round(r["server_cpu_s"], 2),
                    "rss_max_sampled_mb": round(r["rss_max_sampled_mb"], 1),
                    "pages": run["pages_fetched"], "synced": run["synced"],
                    "started_at": queued[0], "finished_at": queued[1],
                }
                if "trailer_write_s" in r:
                    out[kind]["trailer_write_s"] = round(r["trailer_write_s"], 3)
                if r["rate_limited"]:
                    out[kind]["rate_limited"] = r["rate_limited"]
                if r["fake_notes"]:
                    out[kind]["fake_notes"] = r["fake_notes"]
            out["total_sync_s"] = round(sum(out[k]["sync_s"] for k in KINDS), 3)
            out["ratio"] = round(out["total_sync_s"] / results["download"]["total_s"], 2)
            status = proc_status(pid)
            out["vm_hwm_mb"] = round(status["VmHWM"], 1)
            out["rss_at_end_mb"] = round(status["VmRSS"], 1)
            out["peak_rss_mb"] = max(out["vm_hwm_mb"], max(out[k]["rss_max_sampled_mb"] for k in KINDS))
            return out

        results["first_sync"] = sync_all("first")
        # What the fleet now has (the lists' tab counts).
        listed = {}
        for kind, path in (("drivers", "/api/fleet/drivers"), ("trucks", "/api/fleet/trucks"), ("trailers", "/api/fleet/trailers")):
            status, payload, _ = call("GET", f"{path}?per_page=1", headers=auth)
            assert status == 200, (path, status, payload[:200])
            listed[kind] = json.loads(payload)["counts"]
        results["listed_after_first_sync"] = listed
        results["second_sync"] = sync_all("second")
        status, payload, _ = call("GET", "/api/fleet/eld/syncs?per_page=10", headers=auth)
        assert status == 200, (status, payload[:300])
        history = json.loads(payload)["items"]
        counts = {}
        for kind in KINDS:
            run = next(r for r in history if r["kind"] == kind)  # newest first: the second sync's
            counts[kind] = {k: run[k] for k in ("created", "updated", "deactivated", "assignments_updated", "rows_written", "synced")}
            counts[kind] = {k: v for k, v in counts[kind].items() if v is not None}
        results["second_sync_counts"] = counts
        first_counts = {}
        for kind in KINDS:
            run = [r for r in history if r["kind"] == kind][1]
            first_counts[kind] = {k: run[k] for k in ("created", "updated", "deactivated", "assignments_updated") if run[k] is not None}
        results["first_sync_counts"] = first_counts
    finally:
        if pid is not None and pid != proc.pid:
            # Under a wrapper: stop the server itself; the wrapper then ends.
            os.kill(pid, signal.SIGTERM)
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if fake is not None:
            fake.stop()
        log_file.close()
        if sys.exc_info()[0] is not None:
            print_log_tail(server_log)
        if args.keep:
            print(f"kept: {data_dir}" + (f" and database {db_name}" if postgres else ""))
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
            if postgres:
                import pgroles
                pgroles.drop_database(args.postgres, db_name)

    print(json.dumps(results, indent=2))
    first, second = results["first_sync"], results["second_sync"]
    print()
    print(f"{results['backend']}: download {results['download']['total_s']:.2f} s, sync "
          + ", ".join(f"{k} {first[k]['sync_s']:.2f} s (x{first[k]['ratio']})" for k in KINDS)
          + f" = {first['total_sync_s']:.2f} s (x{first['ratio']}), peak RSS {first['peak_rss_mb']:.0f} MB; "
          f"second sync {second['total_sync_s']:.2f} s (x{second['ratio']}), peak RSS {second['peak_rss_mb']:.0f} MB; "
          f"RSS when ready {results['rss_when_ready_mb']:.0f} MB, after the syncs {second['rss_at_end_mb']:.0f} MB")
    writes = {k: {n: v for n, v in c.items() if n in ("created", "updated", "deactivated", "assignments_updated")}
              for k, c in results["second_sync_counts"].items()}
    budgets = [
        (f"sync of {args.drivers:,} drivers, {args.vehicles:,} trucks, {args.trailers:,} trailers <= {RATIO_BUDGET}x download "
         f"({first['total_sync_s']:.2f} s vs {results['download']['total_s']:.2f} s: x{first['ratio']}"
         + ("" if args.samsara_limits else "; without --samsara-limits") + ")",
         first["ratio"] <= RATIO_BUDGET),
        (f"server peak RSS during the first sync <= {RSS_BUDGET_MB} MB ({first['peak_rss_mb']:.0f} MB)",
         first["peak_rss_mb"] <= RSS_BUDGET_MB),
        (f"server peak RSS during the no-change sync <= {RSS_BUDGET_MB} MB ({second['peak_rss_mb']:.0f} MB)",
         second["peak_rss_mb"] <= RSS_BUDGET_MB),
        (f"second sync with nothing changed writes 0 rows ({json.dumps(writes)})",
         all(v == 0 for c in writes.values() for v in c.values())),
    ]
    for name, ok in budgets:
        print(f"{'PASS' if ok else 'FAIL'}  {name} ({results['backend']})")
    raise SystemExit(0 if all(ok for _, ok in budgets) else 1)


if __name__ == "__main__":
    main()
