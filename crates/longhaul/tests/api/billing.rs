//! Issue 13, billing: our copy of Stripe's data ends in the same state
//! whatever order (and however often) Stripe's events arrive; the billing
//! page reads Stripe once and then renders from stored rows; a fleet past
//! due beyond the grace period is read-only except Billing.

use crate::helpers::{Backend, TestApp, backends, error_of, make_user, spawn_configured};
use db::entities::{fleet_account, stripe_charge, stripe_customer, stripe_subscription};
use domain::Role;
use longhaul::app::Overrides;
use longhaul::config::Secret;
use longhaul::integrations::stripe::{StripeApi, webhook};
use longhaul::modules::billing::events::{StripeEvent, apply_event};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{Value, json};
use std::sync::Arc;
use wiremock::matchers::{body_string_contains, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

const WEBHOOK_SECRET: &str = "whsec_billing_test";
const DAY: i64 = 86_400;
/// 2026-01-01T00:00:00Z.
const T0: i64 = 1_767_225_600;

fn event(id: &str, kind: &str, created: i64, object: Value) -> Value {
    json!({ "id": id, "object": "event", "type": kind, "created": created, "livemode": false,
            "data": { "object": object } })
}

fn subscription(k: &str, status: &str, start: i64, pm: &str, cancel: bool) -> Value {
    json!({ "id": format!("sub_{k}"), "object": "subscription", "customer": format!("cus_{k}"),
        "status": status, "cancel_at_period_end": cancel, "default_payment_method": format!("{pm}_{k}"),
        "items": { "object": "list", "has_more": false, "data": [{ "id": format!("si_{k}"), "quantity": 1,
            "current_period_start": start, "current_period_end": start + 30 * DAY,
            "price": { "id": "price_1", "unit_amount": 39900, "currency": "usd" } }] } })
}

fn charge(k: &str, n: u32, status: &str, created: i64, refunded: i64, last4: &str) -> Value {
    json!({ "id": format!("ch_{n}_{k}"), "object": "charge", "customer": format!("cus_{k}"), "amount": 39900,
        "amount_refunded": refunded, "currency": "usd", "status": status, "created": created,
        "description": "Subscription update",
        "receipt_url": (status == "succeeded").then(|| format!("https://pay.stripe.com/receipts/{n}")),
        "payment_method_details": { "type": "card", "card": { "brand": "visa", "last4": last4, "exp_month": 4, "exp_year": 2030 } } })
}

fn invoice(k: &str, status: &str) -> Value {
    json!({ "id": format!("in_{k}"), "object": "invoice", "customer": format!("cus_{k}"), "status": status,
        "parent": { "subscription_details": { "subscription": format!("sub_{k}"), "metadata": {} } } })
}

/// A year's realistic life of one subscription, as Stripe would send it
/// (ids suffixed with `k`): created incomplete and activated in the same
/// second, a failed renewal and a failed retry, a new card, a late payment,
/// a partial refund, cancellation at period end, deletion. `past_due_only`
/// stops after the failed retry, so the stored state is past due.
fn life(k: &str, past_due_only: bool) -> Vec<Value> {
    let t1 = T0 + 30 * DAY;
    let mut events = vec![
        event(
            &format!("evt_1_{k}"),
            "customer.subscription.created",
            T0,
            subscription(k, "incomplete", T0, "pm_a", false),
        ),
        event(
            &format!("evt_2_{k}"),
            "charge.succeeded",
            T0,
            charge(k, 1, "succeeded", T0, 0, "4242"),
        ),
        event(
            &format!("evt_3_{k}"),
            "invoice.paid",
            T0,
            invoice(k, "paid"),
        ),
        event(
            &format!("evt_4_{k}"),
            "customer.subscription.updated",
            T0,
            subscription(k, "active", T0, "pm_a", false),
        ),
        event(
            &format!("evt_5_{k}"),
            "charge.failed",
            t1,
            charge(k, 2, "failed", t1, 0, "4242"),
        ),
        event(
            &format!("evt_6_{k}"),
            "invoice.payment_failed",
            t1,
            invoice(k, "open"),
        ),
        event(
            &format!("evt_7_{k}"),
            "customer.subscription.updated",
            t1,
            subscription(k, "past_due", t1, "pm_a", false),
        ),
        event(
            &format!("evt_8_{k}"),
            "charge.failed",
            t1 + 3 * DAY,
            charge(k, 3, "failed", t1 + 3 * DAY, 0, "4242"),
        ),
        event(
            &format!("evt_9_{k}"),
            "customer.subscription.updated",
            t1 + 3 * DAY,
            subscription(k, "past_due", t1, "pm_a", false),
        ),
    ];
    if past_due_only {
        return events;
    }
    let t2 = t1 + 5 * DAY;
    events.extend([
        event(&format!("evt_10_{k}"), "payment_method.attached", t2, json!({ "id": format!("pm_b_{k}"), "object": "payment_method", "customer": format!("cus_{k}") })),
        event(&format!("evt_11_{k}"), "customer.subscription.updated", t2, subscription(k, "past_due", t1, "pm_b", false)),
        event(&format!("evt_12_{k}"), "charge.pending", t2 + 60, charge(k, 4, "pending", t2 + 60, 0, "1881")),
        event(&format!("evt_13_{k}"), "charge.succeeded", t2 + 60, charge(k, 4, "succeeded", t2 + 60, 0, "1881")),
        event(&format!("evt_14_{k}"), "invoice.paid", t2 + 60, invoice(k, "paid")),
        event(&format!("evt_15_{k}"), "customer.subscription.updated", t2 + 60, subscription(k, "active", t1, "pm_b", false)),
        event(&format!("evt_16_{k}"), "charge.refunded", t2 + DAY, charge(k, 1, "succeeded", T0, 500, "4242")),
        event(&format!("evt_17_{k}"), "customer.subscription.updated", t2 + 10 * DAY, subscription(k, "active", t1, "pm_b", true)),
        event(&format!("evt_18_{k}"), "customer.subscription.deleted", t1 + 30 * DAY, subscription(k, "canceled", t1, "pm_b", true)),
    ]);
    events
}

/// The stored state of subscription `k`, with `k` taken out of every id.
async fn stored_state(app: &TestApp, k: &str) -> Value {
    let conn = app.inspect_db().await;
    let strip = |s: &str| s.replace(&format!("_{k}"), "");
    let sub = stripe_subscription::Entity::find_by_id(format!("sub_{k}"))
        .one(&conn)
        .await
        .unwrap()
        .expect("the subscription is stored");
    let mut charges: Vec<Value> = stripe_charge::Entity::find()
        .filter(stripe_charge::Column::CustomerId.eq(format!("cus_{k}")))
        .all(&conn)
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            json!([
                strip(&c.id),
                c.status,
                c.amount_cents,
                c.amount_refunded_cents,
                c.card_last4,
                c.receipt_url
            ])
        })
        .collect();
    charges.sort_by_key(|c| c[0].as_str().unwrap_or_default().to_owned());
    let customer = stripe_customer::Entity::find_by_id(format!("cus_{k}"))
        .one(&conn)
        .await
        .unwrap();
    json!({
        "status": sub.status,
        "amount": sub.amount_cents,
        "period": [sub.current_period_start.map(|t| t.timestamp()), sub.current_period_end.map(|t| t.timestamp())],
        "cancel_at_period_end": sub.cancel_at_period_end,
        "default_payment_method": sub.default_payment_method.as_deref().map(strip),
        "past_due_since": sub.past_due_since.map(|t| t.timestamp()),
        "charges": charges,
        "stale": customer.map(|c| c.stale),
    })
}

async fn apply_all(app: &TestApp, events: &[Value]) {
    for e in events {
        let event: StripeEvent = serde_json::from_value(e.clone()).unwrap();
        apply_event(&app.state.db, app.state.carriers.as_ref(), &event)
            .await
            .unwrap();
    }
}

/// Shuffled, with about a third of the events delivered twice.
fn shuffled(events: Vec<Value>, rng: &mut StdRng) -> Vec<Value> {
    let mut out = events.clone();
    for e in &events {
        if rng.random_bool(0.35) {
            out.push(e.clone());
        }
    }
    out.shuffle(rng);
    out
}

async fn orderings_end_alike(backend: Backend, runs: usize, past_due_only: bool, seed: u64) {
    let app = spawn_configured(backend, &[], Overrides::default()).await;
    apply_all(&app, &life("ordered", past_due_only)).await;
    let expected = stored_state(&app, "ordered").await;
    if past_due_only {
        assert_eq!(expected["status"], "past_due");
        assert_eq!(
            expected["past_due_since"],
            T0 + 30 * DAY,
            "since the first failed renewal"
        );
    } else {
        assert_eq!(expected["status"], "canceled");
        assert_eq!(expected["past_due_since"], Value::Null);
        assert_eq!(expected["cancel_at_period_end"], true);
        assert_eq!(expected["default_payment_method"], "pm_b");
        assert_eq!(
            expected["charges"],
            json!([
                [
                    "ch_1",
                    "succeeded",
                    39900,
                    500,
                    "4242",
                    "https://pay.stripe.com/receipts/1"
                ],
                ["ch_2", "failed", 39900, 0, "4242", null],
                ["ch_3", "failed", 39900, 0, "4242", null],
                [
                    "ch_4",
                    "succeeded",
                    39900,
                    0,
                    "1881",
                    "https://pay.stripe.com/receipts/4"
                ],
            ])
        );
    }
    assert_eq!(
        expected["stale"], true,
        "invoice events ask for a read of the API"
    );
    // Several orderings at once, as concurrent deliveries would arrive.
    let app = Arc::new(app);
    let mut tasks = Vec::new();
    for worker in 0..4u64 {
        let app = app.clone();
        let expected = expected.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(seed + worker);
            for run in (worker as usize..runs).step_by(4) {
                let k = format!("r{run}");
                apply_all(&app, &shuffled(life(&k, past_due_only), &mut rng)).await;
                assert_eq!(
                    stored_state(&app, &k).await,
                    expected,
                    "ordering {run} (seed {seed}+{worker}) on {backend:?}"
                );
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_thousand_orderings_of_stripe_events_end_in_the_ordered_state() {
    for backend in backends() {
        orderings_end_alike(backend, 1_000, false, 13).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_unpaid_stretch_begins_at_its_first_failure_in_any_order() {
    for backend in backends() {
        orderings_end_alike(backend, 200, true, 77).await;
    }
}

async fn deliver(app: &TestApp, event: &Value, secret: &str, signed_at: i64) -> reqwest::Response {
    let body = serde_json::to_vec(event).unwrap();
    let signature = webhook::sign(&body, secret, signed_at);
    // Stripe's own client: no session cookie of ours.
    crate::helpers::new_client()
        .post(app.url("/api/webhooks/stripe"))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_and_stale_signatures_are_refused_and_change_nothing() {
    for backend in backends() {
        let app = spawn_configured(
            backend,
            &[("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)],
            Overrides::default(),
        )
        .await;
        let now = chrono::Utc::now().timestamp();
        let e = event(
            "evt_forged",
            "customer.subscription.updated",
            now,
            subscription("f", "past_due", now, "pm_a", false),
        );
        for (secret, signed_at, why) in [
            ("whsec_someone_else", now, "forged"),
            (
                WEBHOOK_SECRET,
                now - 301,
                "stale: outside the 300 s tolerance",
            ),
            (WEBHOOK_SECRET, now + 301, "from the future"),
        ] {
            let res = deliver(&app, &e, secret, signed_at).await;
            let (status, body) = error_of(res).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{why}");
            assert_eq!(body["code"], "invalid_signature", "{why}");
        }
        // The body changed after signing.
        let body = serde_json::to_vec(&e).unwrap();
        let signature = webhook::sign(&body, WEBHOOK_SECRET, now);
        let mut tampered = e.clone();
        tampered["data"]["object"]["status"] = json!("active");
        let res = crate::helpers::new_client()
            .post(app.url("/api/webhooks/stripe"))
            .header("stripe-signature", signature)
            .body(serde_json::to_vec(&tampered).unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "tampered body");
        let conn = app.inspect_db().await;
        assert!(
            stripe_subscription::Entity::find()
                .all(&conn)
                .await
                .unwrap()
                .is_empty(),
            "nothing stored"
        );
        assert_eq!(
            deliver(&app, &e, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK,
            "the genuine delivery"
        );
        assert_eq!(stored_state(&app, "f").await["status"], "past_due");
    }
}

/// A fleet admin whose fleet pays as Stripe customer `customer`.
async fn paying_fleet(
    app: &mut TestApp,
    email: &str,
    dot: &str,
    customer: Option<&str>,
) -> uuid::Uuid {
    make_user(
        app,
        email,
        Some(Role::FleetAdmin),
        Some(("Billing Test Freight", dot)),
    )
    .await;
    let conn = app.inspect_db().await;
    let fleet = fleet_account::Entity::find()
        .filter(fleet_account::Column::DotNumber.eq(dot))
        .one(&conn)
        .await
        .unwrap()
        .unwrap();
    if let Some(customer) = customer {
        fleet_account::Entity::update(fleet_account::ActiveModel {
            id: Set(fleet.id),
            stripe_customer_id: Set(Some(customer.to_owned())),
            ..Default::default()
        })
        .exec(&conn)
        .await
        .unwrap();
    }
    app.sign_in(email, "secret1").await;
    fleet.id
}

async fn app_with_stripe(backend: Backend, server: &MockServer, extra: &[(&str, &str)]) -> TestApp {
    let mut vars = vec![("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)];
    vars.extend_from_slice(extra);
    spawn_configured(
        backend,
        &vars,
        Overrides {
            payments: Some(Arc::new(StripeApi::new(
                &server.uri(),
                Secret::new("sk_test_123"),
            ))),
            ..Default::default()
        },
    )
    .await
}

fn list(data: Value) -> Value {
    json!({ "object": "list", "data": data, "has_more": false, "url": "/v1/x" })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_billing_page_reads_stripe_once_then_renders_from_stored_rows() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        let now = chrono::Utc::now().timestamp();
        let mut sub = subscription("p", "active", now - 5 * DAY, "pm_a", false);
        sub["default_payment_method"] = json!({ "id": "pm_a_p", "object": "payment_method", "type": "card",
            "card": { "brand": "mastercard", "last4": "4444", "exp_month": 8, "exp_year": 2031 } });
        // Stripe's answers: first as the fleet starts, then after a failed
        // renewal (one more payment, failed).
        let charges: Vec<Value> = (0..5)
            .map(|n| {
                charge(
                    "p",
                    n,
                    "succeeded",
                    now - i64::from(n) * 30 * DAY,
                    0,
                    "4444",
                )
            })
            .collect();
        let mut later_sub = sub.clone();
        later_sub["status"] = json!("past_due");
        let mut later_charges = vec![charge("p", 9, "failed", now, 0, "4444")];
        later_charges.extend(charges.clone());
        for (subs, charges, times) in [
            (json!([sub]), json!(charges), 1),
            (json!([later_sub]), json!(later_charges), 1),
        ] {
            Mock::given(method("GET"))
                .and(path("/v1/subscriptions"))
                .and(query_param("customer", "cus_p"))
                .and(query_param("status", "all"))
                .respond_with(ResponseTemplate::new(200).set_body_json(list(subs)))
                .up_to_n_times(times)
                .expect(1)
                .mount(&stripe)
                .await;
            Mock::given(method("GET"))
                .and(path("/v1/charges"))
                .and(query_param("customer", "cus_p"))
                .respond_with(ResponseTemplate::new(200).set_body_json(list(charges)))
                .up_to_n_times(times)
                .expect(1)
                .mount(&stripe)
                .await;
        }
        let mut app = app_with_stripe(backend, &stripe, &[]).await;
        paying_fleet(&mut app, "payer@billing.test", "2100001", Some("cus_p")).await;

        // First view: nothing stored, so Stripe is read once.
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        let s = &body["subscription"];
        assert_eq!(s["plan_name"], "Fleet Pro");
        assert_eq!(s["amount_cents"], 39900);
        assert_eq!(s["status"], "active");
        assert_eq!(s["current_period_end"], now - 5 * DAY + 30 * DAY);
        assert_eq!(
            s["card"],
            json!({ "brand": "mastercard", "last4": "4444", "exp_month": 8, "exp_year": 2031 })
        );
        assert_eq!(body["payments"].as_array().unwrap().len(), 5);
        assert_eq!(body["payments"][0]["id"], "ch_0_p", "newest first");
        assert_eq!(body["payments"][0]["created"], now);
        assert_eq!(
            body["payments"][0]["receipt_url"],
            "https://pay.stripe.com/receipts/0"
        );
        assert_eq!(body["refreshing"], false);
        assert_eq!(body["stand_in"], false);

        // Later views: stored rows only (the mocks expect two reads in all).
        for _ in 0..3 {
            let again: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
            assert_eq!(again["subscription"]["status"], "active");
            assert_eq!(again["refreshing"], false);
        }

        // A failed invoice: the webhook's own state is applied at once, and
        // the next view asks for a read of the API in the background. The
        // events are dated after the read, however long the start took.
        let after_read = chrono::Utc::now().timestamp() + 1;
        let failed = event(
            "evt_p_1",
            "customer.subscription.updated",
            after_read,
            subscription("p", "past_due", now - 5 * DAY, "pm_a", false),
        );
        assert_eq!(
            deliver(&app, &failed, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        let inv = event(
            "evt_p_2",
            "invoice.payment_failed",
            after_read,
            invoice("p", "open"),
        );
        assert_eq!(
            deliver(&app, &inv, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        assert_eq!(
            body["subscription"]["status"], "past_due",
            "from the webhook, before any read"
        );
        assert_eq!(body["refreshing"], true);
        assert_eq!(body["state"]["status"], "past_due");
        assert_eq!(body["state"]["read_only"], false, "within the grace period");
        // The queued read runs (tests run jobs explicitly) and brings what
        // the events did not carry: the failed payment.
        longhaul::job_registry::run_job(
            &app.state,
            <longhaul::modules::billing::BillingRefresh as longhaul::jobs::Job>::KIND,
            json!({ "customer": "cus_p" }),
            false,
        )
        .await
        .unwrap();
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        assert_eq!(body["subscription"]["status"], "past_due");
        assert_eq!(body["payments"].as_array().unwrap().len(), 6);
        assert_eq!(body["payments"][0]["status"], "failed");
        assert_eq!(body["payments"][0]["receipt_url"], Value::Null);
        assert_eq!(body["refreshing"], false);

        // Stale again minutes later: a refresh of its own is queued, not
        // dropped as a repeat of the one that already ran.
        let queued = || async {
            longhaul::jobs::job_counts(&app.state.db)
                .await
                .unwrap()
                .into_iter()
                .filter(|(kind, _, _)| kind == "billing_refresh")
                .map(|(_, _, n)| n)
                .sum::<i64>()
        };
        let before = queued().await;
        let paid = event("evt_p_3", "invoice.paid", now + 6, invoice("p", "paid"));
        assert_eq!(
            deliver(&app, &paid, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        assert_eq!(body["refreshing"], true);
        app.get("/api/fleet/billing").await;
        assert_eq!(queued().await, before + 1, "one new refresh for two views");
        stripe.verify().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_without_a_subscription_gets_the_empty_state_and_no_portal() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        let mut app = app_with_stripe(backend, &stripe, &[]).await;
        paying_fleet(&mut app, "nobody@billing.test", "2100002", None).await;
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        assert_eq!(body["subscription"], Value::Null);
        assert_eq!(body["payments"], json!([]));
        let (status, err) = error_of(app.post("/api/fleet/billing/portal", json!({})).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(err["message"], "No billing information found");
        assert!(
            stripe.received_requests().await.unwrap().is_empty(),
            "Stripe never asked"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_portal_button_opens_a_stripe_portal_session_for_the_fleets_customer() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/billing_portal/sessions"))
            .and(body_string_contains("customer=cus_portal"))
            .and(body_string_contains("return_url=http"))
            .and(body_string_contains("fleet-dashboard%2Fbilling"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "bps_1", "object": "billing_portal.session", "customer": "cus_portal",
                "url": "https://billing.stripe.com/p/session/test_abc" })))
            .expect(1)
            .mount(&stripe)
            .await;
        let mut app = app_with_stripe(backend, &stripe, &[]).await;
        paying_fleet(
            &mut app,
            "portal@billing.test",
            "2100003",
            Some("cus_portal"),
        )
        .await;
        let res = app.post("/api/fleet/billing/portal", json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["url"], "https://billing.stripe.com/p/session/test_abc");
        stripe.verify().await;

        // Stripe refusing: 502 with the spec's text, nothing leaked.
        stripe.reset().await;
        Mock::given(method("POST")).and(path("/v1/billing_portal/sessions"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({ "error": {
                "type": "invalid_request_error", "message": "No configuration provided and your test mode default configuration has not been created." } })))
            .mount(&stripe).await;
        let (status, err) = error_of(app.post("/api/fleet/billing/portal", json!({})).await).await;
        assert_eq!(status, StatusCode::BAD_GATEWAY);
        assert_eq!(err["message"], "Failed to open payment portal");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_due_beyond_the_grace_period_makes_the_dashboard_read_only_except_billing() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/billing_portal/sessions"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({ "url": "https://billing.stripe.com/p/session/x" })),
            )
            .mount(&stripe)
            .await;
        let mut app = app_with_stripe(backend, &stripe, &[("PAST_DUE_GRACE_DAYS", "10")]).await;
        paying_fleet(&mut app, "late@billing.test", "2100004", Some("cus_late")).await;
        let now = chrono::Utc::now().timestamp();
        let security = || {
            app.put(
                "/api/fleet/settings/security",
                json!({ "session_timeout_minutes": 45 }),
            )
        };
        assert_eq!(
            security().await.status(),
            StatusCode::OK,
            "active: writes work"
        );

        // Past due for 9 days: a banner, still writable.
        let e = event(
            "evt_late_1",
            "customer.subscription.updated",
            now - 9 * DAY,
            subscription("late", "past_due", now - 9 * DAY, "pm_a", false),
        );
        assert_eq!(
            deliver(&app, &e, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        let state: Value = app
            .get("/api/fleet/billing/state")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(state["status"], "past_due");
        assert_eq!(state["read_only"], false);
        assert_eq!(security().await.status(), StatusCode::OK);

        // An older failure arrives late: the unpaid stretch began 11 days ago.
        let e = event(
            "evt_late_0",
            "customer.subscription.updated",
            now - 11 * DAY,
            subscription("late", "past_due", now - 11 * DAY, "pm_a", false),
        );
        assert_eq!(
            deliver(&app, &e, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        let state: Value = app
            .get("/api/fleet/billing/state")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(state["read_only"], true);
        let since = chrono::DateTime::parse_from_rfc3339(state["past_due_since"].as_str().unwrap())
            .unwrap();
        assert_eq!(since.timestamp(), now - 11 * DAY);

        let (status, err) = error_of(security().await).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(err["code"], "read_only");
        assert_eq!(err["message"], domain::texts().billing.read_only_refused);
        let (status, _) = error_of(
            app.post(
                "/api/fleet/drivers",
                json!({ "first_name": "Late", "last_name": "Driver" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "every write, not one route");
        // Reading and paying still work.
        assert_eq!(app.get("/api/fleet/account").await.status(), StatusCode::OK);
        assert_eq!(app.get("/api/fleet/trucks").await.status(), StatusCode::OK);
        assert_eq!(
            app.post("/api/fleet/billing/portal", json!({}))
                .await
                .status(),
            StatusCode::OK
        );

        // The operator's Accounts tab shows it.
        let mut admin = app_admin(&app).await;
        let accounts: Value = admin
            .get("/api/admin/accounts?per_page=100")
            .await
            .json()
            .await
            .unwrap();
        let row = accounts["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["fleet_account"]["dot_number"] == "2100004")
            .expect("the fleet's account");
        assert_eq!(row["billing"]["read_only"], true);
        assert_eq!(row["billing"]["status"], "past_due");
        admin.csrf = None;

        // Paid: writable again.
        let e = event(
            "evt_late_2",
            "customer.subscription.updated",
            now,
            subscription("late", "active", now, "pm_a", false),
        );
        assert_eq!(
            deliver(&app, &e, WEBHOOK_SECRET, now).await.status(),
            StatusCode::OK
        );
        assert_eq!(security().await.status(), StatusCode::OK);
    }
}

/// The same server, signed in as the super admin in a client of its own.
async fn app_admin(app: &TestApp) -> TestApp {
    let mut admin = app.another_browser();
    admin
        .sign_in(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD)
        .await;
    admin
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_sees_only_its_own_billing() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        let mut app = app_with_stripe(backend, &stripe, &[]).await;
        let now = chrono::Utc::now().timestamp();
        apply_all(
            &app,
            &[
                event(
                    "evt_o_1",
                    "customer.subscription.updated",
                    now,
                    subscription("other", "past_due", now - DAY, "pm_a", false),
                ),
                event(
                    "evt_o_2",
                    "charge.failed",
                    now,
                    charge("other", 1, "failed", now, 0, "0002"),
                ),
            ],
        )
        .await;
        make_user(
            &app,
            "owner@other.test",
            Some(Role::FleetAdmin),
            Some(("Other Freight", "2100006")),
        )
        .await;
        let conn = app.inspect_db().await;
        let other = fleet_account::Entity::find()
            .filter(fleet_account::Column::DotNumber.eq("2100006"))
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        fleet_account::Entity::update(fleet_account::ActiveModel {
            id: Set(other.id),
            stripe_customer_id: Set(Some("cus_other".into())),
            ..Default::default()
        })
        .exec(&conn)
        .await
        .unwrap();
        paying_fleet(&mut app, "mine@billing.test", "2100005", None).await;
        let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
        assert_eq!(
            body["subscription"],
            Value::Null,
            "another fleet's subscription is not mine"
        );
        assert_eq!(body["payments"], json!([]));
        let state: Value = app
            .get("/api/fleet/billing/state")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(state["status"], Value::Null);
        // Roles that are not fleet admins get 403; no session 401.
        let anon = crate::helpers::new_client();
        assert_eq!(
            anon.get(app.url("/api/fleet/billing"))
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::UNAUTHORIZED
        );
        let admin = app_admin(&app).await;
        assert_eq!(
            admin.get("/api/fleet/billing").await.status(),
            StatusCode::FORBIDDEN
        );
    }
}

/// A paid signup row for `dot`, paying as `cus_{k}`; `approved` links it to
/// the fleet the operator approved it as.
async fn paid_signup(app: &TestApp, dot: &str, k: &str, approved: Option<uuid::Uuid>) {
    use db::entities::fleet_signup;
    use sea_orm::ActiveModelTrait;
    let now = chrono::Utc::now();
    fleet_signup::ActiveModel {
        id: Set(uuid::Uuid::new_v4()),
        dot_number: Set(dot.to_owned()),
        legal_name: Set("Billing Test Freight".into()),
        current_step: Set(4),
        completed: Set(approved.is_some()),
        subscription_status: Set(Some("active".into())),
        stripe_customer_id: Set(Some(format!("cus_{k}"))),
        stripe_subscription_id: Set(Some(format!("sub_{k}"))),
        approved_fleet_id: Set(approved),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&app.inspect_db().await)
    .await
    .unwrap();
}

/// What the fleet's Billing page and banner show.
async fn billing_seen(app: &TestApp) -> (Value, Value) {
    let body: Value = app.get("/api/fleet/billing").await.json().await.unwrap();
    let state: Value = app
        .get("/api/fleet/billing/state")
        .await
        .json()
        .await
        .unwrap();
    (body, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paid_signup_for_a_fleets_dot_number_does_not_become_its_billing() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        let mut app = app_with_stripe(backend, &stripe, &[("PAST_DUE_GRACE_DAYS", "10")]).await;
        paying_fleet(&mut app, "victim@billing.test", "2100011", None).await;
        let before = billing_seen(&app).await;

        // Anyone can start a signup for any DOT number and pay for it; this
        // one then stops paying.
        paid_signup(&app, "2100011", "evil", None).await;
        let now = chrono::Utc::now().timestamp();
        apply_all(
            &app,
            &[
                event(
                    "evt_evil_1",
                    "customer.subscription.updated",
                    now - 20 * DAY,
                    subscription("evil", "past_due", now - 20 * DAY, "pm_evil", false),
                ),
                event(
                    "evt_evil_2",
                    "charge.succeeded",
                    now - 50 * DAY,
                    charge("evil", 1, "succeeded", now - 50 * DAY, 0, "6666"),
                ),
            ],
        )
        .await;

        let after = billing_seen(&app).await;
        assert_eq!(after, before, "the fleet's billing is not the stranger's");
        assert_eq!(after.0["subscription"], Value::Null);
        assert_eq!(after.1["read_only"], false);
        let (status, _) = error_of(app.post("/api/fleet/billing/portal", json!({})).await).await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "no portal into the stranger's customer"
        );
        let res = app
            .put(
                "/api/fleet/settings/security",
                json!({ "session_timeout_minutes": 45 }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "still writable");
        assert!(stripe.received_requests().await.unwrap().is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_signup_approved_as_the_fleet_pays_for_it() {
    for backend in backends() {
        let stripe = MockServer::start().await;
        let mut app = app_with_stripe(backend, &stripe, &[]).await;
        let fleet = paying_fleet(&mut app, "own@billing.test", "2100012", None).await;
        paid_signup(&app, "2100012", "own", Some(fleet)).await;
        let now = chrono::Utc::now().timestamp();
        apply_all(
            &app,
            &[event(
                "evt_own_1",
                "customer.subscription.updated",
                now - DAY,
                subscription("own", "active", now - DAY, "pm_own", false),
            )],
        )
        .await;
        let state: Value = app
            .get("/api/fleet/billing/state")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(state["status"], "active", "{state}");
    }
}
