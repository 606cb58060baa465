//! The real Stripe adapter against a fake that speaks Stripe's format, and
//! webhooks signed as Stripe signs them.

use crate::helpers::{TestApp, backends, error_of, spawn_configured};
use crate::signup_flow::signup_to_checkout;
use longhaul::app::Overrides;
use longhaul::config::Secret;
use longhaul::integrations::stripe::{StripeApi, webhook};
use reqwest::StatusCode;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use std::sync::Arc;
use wiremock::matchers::{body_string_contains, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const WEBHOOK_SECRET: &str = "whsec_test_secret";

async fn app_with_stripe(backend: crate::helpers::Backend, server: &MockServer) -> TestApp {
    spawn_configured(
        backend,
        &[("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)],
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

async fn signup_row(app: &TestApp, id: &str) -> db::entities::fleet_signup::Model {
    db::entities::fleet_signup::Entity::find_by_id(uuid::Uuid::parse_str(id).unwrap())
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

async fn deliver(app: &TestApp, event: &Value, secret: &str) -> reqwest::Response {
    let body = serde_json::to_vec(event).unwrap();
    let signature = webhook::sign(&body, secret, chrono::Utc::now().timestamp());
    app.client
        .post(app.url("/api/webhooks/stripe"))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(body)
        .send()
        .await
        .unwrap()
}

fn event(id: &str, kind: &str, created: i64, object: Value) -> Value {
    json!({ "id": id, "object": "event", "type": kind, "created": created, "livemode": false, "data": { "object": object } })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checkout_session_is_created_in_subscription_mode() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions"))
            .and(header("authorization", "Bearer sk_test_123"))
            .and(body_string_contains("mode=subscription"))
            .and(body_string_contains("line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=9900"))
            .and(body_string_contains("line_items%5B0%5D%5Bprice_data%5D%5Brecurring%5D%5Binterval%5D=month"))
            .and(body_string_contains("line_items%5B0%5D%5Bprice_data%5D%5Bcurrency%5D=usd"))
            .and(body_string_contains("customer_email=owner%40blueridge.example"))
            .and(body_string_contains("session_id%3D%7BCHECKOUT_SESSION_ID%7D"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "cs_test_a1", "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/cs_test_a1",
                "status": "open", "payment_status": "unpaid", "mode": "subscription", "subscription": null, "customer": null
            })))
            .expect(1)
            .mount(&server)
            .await;
        let app = app_with_stripe(backend, &server).await;
        let (id, session) = signup_to_checkout(&app, "1000001", "owner@blueridge.example").await;
        assert_eq!(session, "cs_test_a1");
        let row = signup_row(&app, &id).await;
        assert_eq!(row.stripe_session_id.as_deref(), Some("cs_test_a1"));
        assert_eq!(row.current_step, 3);
        // client_reference_id carries the signup id.
        let sent = server.received_requests().await.unwrap();
        let body = String::from_utf8(sent[0].body.clone()).unwrap();
        assert!(
            body.contains(&format!("client_reference_id={id}")),
            "{body}"
        );

        // The customer comes back: Stripe says paid.
        Mock::given(method("GET"))
            .and(path("/v1/checkout/sessions/cs_test_a1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "cs_test_a1", "object": "checkout.session", "status": "complete", "payment_status": "paid",
                "mode": "subscription", "subscription": "sub_123", "customer": "cus_123", "client_reference_id": id, "url": null
            })))
            .mount(&server)
            .await;
        let check: Value = app
            .post(
                "/api/subscriptions/check",
                json!({ "session_id": "cs_test_a1" }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["status"], "paid");
        assert_eq!(check["subscription_id"], "sub_123");
        let row = signup_row(&app, &id).await;
        assert_eq!(row.subscription_status.as_deref(), Some("active"));
        assert_eq!(row.stripe_subscription_id.as_deref(), Some("sub_123"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stripe_failure_leaves_the_signup_ready_to_retry() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions"))
            .respond_with(ResponseTemplate::new(400).set_body_json(json!({
                "error": { "type": "invalid_request_error", "code": "parameter_invalid_integer", "message": "Invalid integer", "param": "line_items[0][price_data][unit_amount]" }
            })))
            .mount(&server)
            .await;
        let app = app_with_stripe(backend, &server).await;
        let signup: Value = app
            .post("/api/signups", json!({ "dot_number": "1000001" }))
            .await
            .json()
            .await
            .unwrap();
        let id = signup["id"].as_str().unwrap().to_owned();
        app.put(&format!("/api/signups/{id}/contact"), json!({ "first_name": "A", "last_name": "B", "email": "a@b.example", "phone": "6155550100" })).await;
        let (status, error) = error_of(
            app.post(&format!("/api/signups/{id}/checkout"), json!({}))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_GATEWAY);
        assert_eq!(
            error["message"],
            "Failed to proceed to checkout. Please try again."
        );
        assert_eq!(
            signup_row(&app, &id).await.stripe_session_id,
            None,
            "nothing recorded"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhooks_are_verified_applied_once_and_newest_wins() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "cs_test_w1", "url": "https://checkout.stripe.com/c/pay/cs_test_w1", "status": "open", "payment_status": "unpaid", "mode": "subscription"
            })))
            .mount(&server)
            .await;
        let app = app_with_stripe(backend, &server).await;
        let (id, _) = signup_to_checkout(&app, "1000002", "hooks@carrier.example").await;
        let events_count = || async {
            db::entities::stripe_event::Entity::find()
                .count(&app.state.db)
                .await
                .unwrap()
        };

        let completed = event(
            "evt_1",
            "checkout.session.completed",
            1_000,
            json!({
                "id": "cs_test_w1", "object": "checkout.session", "status": "complete", "payment_status": "paid", "mode": "subscription",
                "subscription": "sub_w1", "customer": "cus_w1", "client_reference_id": id
            }),
        );

        // A forged signature: 400 and nothing recorded.
        let res = deliver(&app, &completed, "whsec_wrong").await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(events_count().await, 0);
        assert_eq!(signup_row(&app, &id).await.subscription_status, None);
        let res = app
            .client
            .post(app.url("/api/webhooks/stripe"))
            .body(serde_json::to_vec(&completed).unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "no signature header");

        // A valid delivery, then the same event again.
        let res = deliver(&app, &completed, WEBHOOK_SECRET).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.json::<Value>().await.unwrap()["duplicate"], false);
        let row = signup_row(&app, &id).await;
        assert_eq!(row.subscription_status.as_deref(), Some("active"));
        assert_eq!(row.stripe_subscription_id.as_deref(), Some("sub_w1"));
        let res = deliver(&app, &completed, WEBHOOK_SECRET).await;
        assert_eq!(res.json::<Value>().await.unwrap()["duplicate"], true);
        assert_eq!(events_count().await, 1, "recorded once");

        // Out of order: a newer past_due arrives before an older active.
        let sub = |status: &str| json!({ "id": "sub_w1", "object": "subscription", "status": status, "customer": "cus_w1", "metadata": { "signup_id": id } });
        deliver(
            &app,
            &event(
                "evt_3",
                "customer.subscription.updated",
                3_000,
                sub("past_due"),
            ),
            WEBHOOK_SECRET,
        )
        .await;
        deliver(
            &app,
            &event(
                "evt_2",
                "customer.subscription.updated",
                2_000,
                sub("active"),
            ),
            WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            signup_row(&app, &id).await.subscription_status.as_deref(),
            Some("past_due"),
            "the older event must not win"
        );
        // An invoice paid later brings it back; a deletion ends it.
        deliver(
            &app,
            &event(
                "evt_4",
                "invoice.paid",
                4_000,
                json!({ "id": "in_1", "object": "invoice", "customer": "cus_w1",
            "parent": { "subscription_details": { "subscription": "sub_w1", "metadata": {} } } }),
            ),
            WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            signup_row(&app, &id).await.subscription_status.as_deref(),
            Some("active")
        );
        deliver(
            &app,
            &event(
                "evt_5",
                "customer.subscription.deleted",
                5_000,
                sub("canceled"),
            ),
            WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            signup_row(&app, &id).await.subscription_status.as_deref(),
            Some("canceled")
        );
        assert_eq!(events_count().await, 5);

        // A body that is signed but not an event.
        let res = app
            .client
            .post(app.url("/api/webhooks/stripe"))
            .header(
                "stripe-signature",
                webhook::sign(b"[1,2]", WEBHOOK_SECRET, chrono::Utc::now().timestamp()),
            )
            .body("[1,2]")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }
}

// Issue 9 point 2: the band charged is the one stored with the checkout; when
// the webhook arrives the carrier is checked again, and a carrier that has
// grown into a bigger band is flagged for the operator, not upgraded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paid_band_is_rechecked_and_a_mismatch_is_flagged_not_activated() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions"))
            .and(body_string_contains("metadata%5Bfleet_size%5D=1-20+units"))
            .and(body_string_contains("metadata%5Bamount_cents%5D=9900"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "cs_test_b1", "url": "https://checkout.stripe.com/c/pay/cs_test_b1", "status": "open", "payment_status": "unpaid", "mode": "subscription"
            })))
            .expect(1)
            .mount(&server)
            .await;
        let mut app = app_with_stripe(backend, &server).await;
        let (id, _) = signup_to_checkout(&app, "1000007", "small@carrier.example").await;

        // By the time the payment arrives the registry reports 2,500 units.
        use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
        let cached = db::entities::carrier_lookup::Entity::find_by_id("1000007")
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        let mut body = cached.response.clone().unwrap();
        body["content"]["carrier"]["totalPowerUnits"] = json!(2500);
        let mut active = cached.into_active_model();
        active.response = Set(Some(body));
        active.update(&app.state.db).await.unwrap();

        let completed = event(
            "evt_b1",
            "checkout.session.completed",
            1_000,
            json!({
                "id": "cs_test_b1", "object": "checkout.session", "status": "complete", "payment_status": "paid", "mode": "subscription",
                "subscription": "sub_b1", "customer": "cus_b1", "client_reference_id": id, "amount_total": 9900,
                "customer_email": "small@carrier.example", "customer_details": { "email": "Small@Carrier.example" }
            }),
        );
        let res = deliver(&app, &completed, WEBHOOK_SECRET).await;
        assert_eq!(res.status(), StatusCode::OK);
        let row = signup_row(&app, &id).await;
        assert_eq!(row.subscription_status.as_deref(), Some("active"));
        assert_eq!(row.payer_email.as_deref(), Some("small@carrier.example"));
        let review = row.band_review.clone().expect("flagged for the operator");
        assert!(review.contains("2500"), "{review}");

        app.sign_in(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD)
            .await;
        let list: Value = app.get("/api/admin/signups").await.json().await.unwrap();
        let item = &list["items"][0];
        assert_eq!(item["fleet_size"], "1-20 units", "the band paid");
        assert_eq!(item["monthly_rate_cents"], 9_900);
        assert_eq!(item["band_review"], review.as_str());
        let res = app
            .post(
                &format!("/api/admin/signups/{id}/fleet"),
                json!({ "with_user": false }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let created: Value = res.json().await.unwrap();
        let fleet = db::entities::fleet_account::Entity::find_by_id(
            uuid::Uuid::parse_str(created["fleet_account_id"].as_str().unwrap()).unwrap(),
        )
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap();
        assert_eq!(fleet.monthly_rate_cents, Some(9_900), "not the bigger band");
    }
}

// Stripe charged less than the band stored with the checkout: flagged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_amount_below_the_stored_price_is_flagged() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "cs_test_c1", "url": "https://checkout.stripe.com/c/pay/cs_test_c1", "status": "open", "payment_status": "unpaid", "mode": "subscription"
            })))
            .mount(&server)
            .await;
        let app = app_with_stripe(backend, &server).await;
        let (id, _) = signup_to_checkout(&app, "1000003", "mid@carrier.example").await;
        let completed = event(
            "evt_c1",
            "checkout.session.completed",
            1_000,
            json!({
                "id": "cs_test_c1", "object": "checkout.session", "status": "complete", "payment_status": "paid", "mode": "subscription",
                "subscription": "sub_c1", "customer": "cus_c1", "client_reference_id": id, "amount_total": 9900
            }),
        );
        assert_eq!(
            deliver(&app, &completed, WEBHOOK_SECRET).await.status(),
            StatusCode::OK
        );
        let row = signup_row(&app, &id).await;
        assert_eq!(row.checkout_amount_cents, Some(129_900));
        assert!(row.band_review.unwrap().contains("$99.00"));
    }
}
