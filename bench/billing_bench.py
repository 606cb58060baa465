#!/usr/bin/env python3
"""Issue 13 budget (billing page): the billing page's API answers in under
50 ms p95 from stored data, with no Stripe call on the hot path.

The server runs the real Stripe adapter against a local fake Stripe (this
script, on another port) that counts the calls it gets. The fleet's first
view reads Stripe once (nothing stored yet); every later view must be
answered from the database alone: the fake's call count must not move while
the samples are taken. Other customers' rows (--customers, each with a
subscription and a year of payments, delivered as signed webhooks to the
server's own endpoint) make the tables realistic.

Usage: python3 bench/billing_bench.py --bin target/release/longhaul --sqlite
       python3 bench/billing_bench.py --bin target/release/longhaul --postgres postgres://postgres@127.0.0.1:5432/postgres
Standard library only; every loop is bounded and stays on 127.0.0.1.
"""
import argparse, hashlib, hmac, http.client, http.server, json, os, shutil, subprocess, tempfile, threading, time, uuid
import http_util, pgroles
from http_util import pct

PORT, STRIPE_PORT = 3294, 3295
SECRET = "whsec_bench"
EMAIL, PASSWORD = "billing-bench@longhaul.test", "bench-password-1"
DOT = "3900001"
DAY = 86_400


def call(method, path, body=None, headers=None, port=PORT):
    return http_util.call(port, method, path, body, headers)


def subscription(customer, status, start):
    return {"id": f"sub_{customer}", "object": "subscription", "customer": customer, "status": status,
            "cancel_at_period_end": False,
            "default_payment_method": {"id": f"pm_{customer}", "object": "payment_method", "type": "card",
                                       "card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030}},
            "items": {"object": "list", "has_more": False, "data": [
                {"id": f"si_{customer}", "quantity": 1, "current_period_start": start,
                 "current_period_end": start + 30 * DAY,
                 "price": {"unit_amount": 39900, "currency": "usd"}}]}}


def charge(customer, n, created):
    return {"id": f"ch_{customer}_{n}", "object": "charge", "customer": customer, "amount": 39900,
            "amount_refunded": 0, "currency": "usd", "status": "succeeded", "created": created,
            "description": "Subscription update", "receipt_url": f"https://pay.stripe.com/receipts/{n}",
            "payment_method_details": {"type": "card", "card": {"brand": "visa", "last4": "4242",
                                                                 "exp_month": 12, "exp_year": 2030}}}


class FakeStripe(http.server.BaseHTTPRequestHandler):
    calls = 0
    now = int(time.time())

    def do_GET(self):
        FakeStripe.calls += 1
        path = self.path.split("?", 1)[0]
        customer = "cus_bench"
        if path == "/v1/subscriptions":
            body = {"object": "list", "has_more": False, "data": [subscription(customer, "active", self.now - 5 * DAY)]}
        elif path == "/v1/charges":
            body = {"object": "list", "has_more": False,
                    "data": [charge(customer, n, self.now - n * 30 * DAY) for n in range(12)]}
        else:
            body = {"id": customer, "object": "customer", "invoice_settings": {"default_payment_method": None}}
        payload = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


def signed(event):
    body = json.dumps(event).encode()
    t = int(time.time())
    sig = hmac.new(SECRET.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return body, {"stripe-signature": f"t={t},v1={sig}", "content-type": "application/json"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--postgres", help="an administrator's URL; a fresh database is made and dropped")
    where.add_argument("--sqlite", action="store_true")
    ap.add_argument("--customers", type=int, default=300, help="other customers, each with a subscription and 12 payments")
    ap.add_argument("--samples", type=int, default=500)
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="longhaul-billing-bench-")
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(PORT), RUST_LOG="warn", DATABASE_MAX_CONNECTIONS="16",
               SUPERADMIN_EMAIL="admin@bench.test", SUPERADMIN_PASSWORD="bench-admin-password",
               STRIPE_SECRET_KEY="sk_test_bench", STRIPE_WEBHOOK_SECRET=SECRET,
               STRIPE_API_BASE=f"http://127.0.0.1:{STRIPE_PORT}")
    postgres = args.postgres is not None
    db_name = f"lh_bench_{uuid.uuid4().hex[:8]}"
    superuser_url = None
    if postgres:
        owner_url, db_url, superuser_url = pgroles.fresh_database(args.postgres, db_name)
        env.update(DATABASE_URL=db_url, DATABASE_MIGRATION_URL=owner_url)
    else:
        env.pop("DATABASE_URL", None)
        env.pop("DATABASE_MIGRATION_URL", None)
    fake = http.server.ThreadingHTTPServer(("127.0.0.1", STRIPE_PORT), FakeStripe)
    threading.Thread(target=fake.serve_forever, daemon=True).start()
    results = {"backend": "postgres" if postgres else "sqlite", "budget_p95_ms": 50}
    proc = None
    try:
        subprocess.run([args.bin, "create-user", "--email", EMAIL, "--password", PASSWORD, "--role", "fleet_admin",
                        "--fleet-name", "Billing Bench Freight", "--dot-number", DOT],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        link = f"UPDATE fleet_accounts SET stripe_customer_id = 'cus_bench' WHERE dot_number = '{DOT}'"
        if postgres:
            subprocess.run(["psql", superuser_url, "-qc", link], check=True)
        else:
            import sqlite3
            db = sqlite3.connect(os.path.join(data_dir, "longhaul.db"))
            db.execute(link)
            db.commit()
            db.close()
        proc = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                if call("GET", "/readyz")[0] == 200: break
            except OSError:
                pass
            time.sleep(0.025)
        # Other customers' subscriptions and payments, through the webhook.
        now = int(time.time())
        t0 = time.perf_counter()
        for c in range(args.customers):
            customer = f"cus_other{c}"
            events = [("customer.subscription.updated", subscription(customer, "active", now - 5 * DAY))]
            events += [("charge.succeeded", charge(customer, n, now - n * 30 * DAY)) for n in range(12)]
            for i, (kind, obj) in enumerate(events):
                body, headers = signed({"id": f"evt_{customer}_{i}", "object": "event", "type": kind,
                                        "created": now - 60, "data": {"object": obj}})
                status, payload, _, _ = call("POST", "/api/webhooks/stripe", body, headers)
                assert status == 200, (status, payload[:200])
        results["other_customers"] = args.customers
        results["webhooks_applied"] = args.customers * 13
        results["webhook_mean_ms"] = round((time.perf_counter() - t0) * 1000 / max(1, args.customers * 13), 2)

        status, body, _, headers = call("POST", "/api/auth/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200, (status, body)
        auth = {"cookie": headers["set-cookie"].split(";")[0]}
        status, payload, first, _ = call("GET", "/api/fleet/billing", headers=auth)
        assert status == 200, (status, payload[:300])
        page = json.loads(payload)
        assert page["subscription"]["status"] == "active" and len(page["payments"]) == 12, page
        results["first_view_ms"] = round(first * 1000, 1)
        results["stripe_calls_first_view"] = FakeStripe.calls
        before = FakeStripe.calls
        for name, path in [("billing", "/api/fleet/billing"), ("billing_state", "/api/fleet/billing/state")]:
            times = []
            for i in range(args.samples + 20):
                status, payload, elapsed, _ = call("GET", path, headers=auth)
                assert status == 200, (path, status, payload[:200])
                if i >= 20: times.append(elapsed * 1000)
            results[name] = {"p50_ms": round(pct(times, 50), 2), "p95_ms": round(pct(times, 95), 2),
                             "p99_ms": round(pct(times, 99), 2), "samples": len(times)}
        results["stripe_calls_during_samples"] = FakeStripe.calls - before
        results["pass"] = (results["billing"]["p95_ms"] < 50 and results["billing_state"]["p95_ms"] < 50
                           and results["stripe_calls_during_samples"] == 0)
    finally:
        pgroles.stop(proc)
        fake.shutdown()
        shutil.rmtree(data_dir, ignore_errors=True)
        if postgres:
            pgroles.drop_database(args.postgres, db_name)
    print(json.dumps(results, indent=2))
    if not results.get("pass"):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
