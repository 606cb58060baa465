//! The carrier's signup on the offline stand-ins, through the API.

use crate::helpers::{TestApp, error_of, new_client};
use crate::on_each_backend;
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

pub async fn pay(app: &TestApp, session: &str) {
    let res = app
        .post(
            &format!("/api/test-checkout/{session}/pay"),
            json!({ "card_number": "4242424242424242", "expiry": "12/40", "cvc": "123" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
}

async fn signup_row(app: &TestApp, id: &str) -> db::entities::fleet_signup::Model {
    db::entities::fleet_signup::Entity::find_by_id(uuid::Uuid::parse_str(id).unwrap())
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
}

pub async fn signup_to_checkout(app: &TestApp, dot: &str, email: &str) -> (String, String) {
    let res = app
        .post(
            "/api/signups",
            json!({ "dot_number": dot, "signup_id": null }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let signup: Value = res.json().await.unwrap();
    let id = signup["id"].as_str().unwrap().to_owned();
    app.put(
        &format!("/api/signups/{id}/step"),
        json!({ "current_step": 2 }),
    )
    .await;
    let res = app
        .put(
            &format!("/api/signups/{id}/contact"),
            json!({ "first_name": "Ada", "last_name": "Lane", "email": email, "phone": "(615) 555-0100" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .post(&format!("/api/signups/{id}/checkout"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let checkout: Value = res.json().await.unwrap();
    (id, checkout["session_id"].as_str().unwrap().to_owned())
}

on_each_backend!(
    carrier_signs_up_pays_and_creates_its_login,
    |mut app: TestApp| async move {
        let config: Value = app.get("/api/config").await.json().await.unwrap();
        assert_eq!(
            config["stand_ins"],
            json!({ "fmcsa": true, "stripe": true })
        );

        let res = app
            .post("/api/signup/lookup", json!({ "dot_number": "1000003" }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let found: Value = res.json().await.unwrap();
        assert_eq!(found["stand_in"], true);
        let company = &found["company"];
        assert_eq!(company["legal_name"], "DELTA PLAINS TRANSPORT LLC");
        assert_eq!(company["power_units"], 180);
        assert_eq!(company["fleet_size"], "100-250 units");
        assert_eq!(company["monthly_rate_cents"], 129_900);

        // No DBA: null (the card says 'N/A', issue 29 point 25), not the
        // legal name under 'DBA Name'; no phone: null.
        let res = app
            .post("/api/signup/lookup", json!({ "dot_number": "1000002" }))
            .await;
        let other: Value = res.json().await.unwrap();
        assert_eq!(other["company"]["dba_name"], Value::Null, "{other}");
        assert_eq!(other["company"]["phone_number"], Value::Null);
        // No power units reported: 0, the smallest band.
        let res = app
            .post("/api/signup/lookup", json!({ "dot_number": "1000007" }))
            .await;
        let solo: Value = res.json().await.unwrap();
        assert_eq!(solo["company"]["power_units"], 0);
        assert_eq!(solo["company"]["fleet_size"], "1-20 units");

        // The wizard: created at step 1, 'Save & Continue' → 2, contact → 3.
        let res = app
            .post("/api/signups", json!({ "dot_number": "1000003" }))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let signup: Value = res.json().await.unwrap();
        let id = signup["id"].as_str().unwrap().to_owned();
        assert_eq!(signup["current_step"], 1);
        assert_eq!(signup["contact"], Value::Null);
        // The same page searching again updates its record instead of adding one.
        let res = app
            .post(
                "/api/signups",
                json!({ "dot_number": "1000003", "signup_id": id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let again: Value = res.json().await.unwrap();
        assert_eq!(again["id"], signup["id"]);

        let step: Value = app
            .put(
                &format!("/api/signups/{id}/step"),
                json!({ "current_step": 2 }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(step["current_step"], 2);
        let res = app
        .put(
            &format!("/api/signups/{id}/contact"),
            json!({ "first_name": "Dee", "last_name": "Plains", "email": "Dee@DeltaPlains.example", "phone": "(901) 555-0177" }),
        )
        .await;
        let with_contact: Value = res.json().await.unwrap();
        assert_eq!(with_contact["current_step"], 3);
        assert_eq!(with_contact["contact"]["email"], "dee@deltaplains.example");

        // Restoring by id gives the saved company, contact and step.
        let restored: Value = app
            .get(&format!("/api/signups/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            restored["company"]["legal_name"],
            "DELTA PLAINS TRANSPORT LLC"
        );
        assert_eq!(restored["current_step"], 3);

        let res = app
            .post(&format!("/api/signups/{id}/checkout"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let checkout: Value = res.json().await.unwrap();
        let session_id = checkout["session_id"].as_str().unwrap().to_owned();
        assert!(
            checkout["url"]
                .as_str()
                .unwrap()
                .ends_with(&format!("/test-checkout/{session_id}"))
        );

        let page: Value = app
            .get(&format!("/api/test-checkout/{session_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page["amount_cents"], 129_900);
        assert_eq!(page["email"], "dee@deltaplains.example");

        // Not paid yet.
        let check: Value = app
            .post(
                "/api/subscriptions/check",
                json!({ "session_id": session_id }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["status"], "open");
        assert_eq!(check["email"], Value::Null, "nothing before payment");
        assert!(
            check["checkout_url"]
                .as_str()
                .unwrap()
                .ends_with(&format!("/test-checkout/{session_id}")),
            "the way back to checkout"
        );
        let (status, error) = error_of(
            app.post(
                "/api/subscriptions/account",
                json!({ "session_id": session_id, "password": "Str0ngPass" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "not_paid");

        // A declined test card, then a bad one, then the good one.
        let pay = format!("/api/test-checkout/{session_id}/pay");
        let (status, error) = error_of(
            app.post(
                &pay,
                json!({ "card_number": "4000 0000 0000 0002", "expiry": "12/40", "cvc": "123" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!(error["message"], "Your card was declined.");
        let (status, error) = error_of(
            app.post(
                &pay,
                json!({ "card_number": "1234", "expiry": "13/20", "cvc": "1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["card_number"],
            "Your card number is invalid."
        );
        assert_eq!(
            error["fields"]["expiry"],
            "Your card's expiration date is invalid."
        );
        let res = app
            .post(
                &pay,
                json!({ "card_number": "4242 4242 4242 4242", "expiry": "12/40", "cvc": "123" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let paid: Value = res.json().await.unwrap();
        assert_eq!(
            paid["success_url"],
            format!("http://localhost:3000/subscription-success?session_id={session_id}")
        );
        let (status, _) = error_of(
            app.post(
                &pay,
                json!({ "card_number": "4242424242424242", "expiry": "12/40", "cvc": "123" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "a session is paid once");

        // The restore link shows nothing once checkout has started.
        let restored: Value = app
            .get(&format!("/api/signups/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(restored["checkout_started"], true);
        assert_eq!(restored["company"], Value::Null);
        assert_eq!(restored["contact"], Value::Null);
        // The signup holds its subscription, still open for the super admin.
        let row =
            db::entities::fleet_signup::Entity::find_by_id(uuid::Uuid::parse_str(&id).unwrap())
                .one(&app.state.db)
                .await
                .unwrap()
                .unwrap();
        assert_eq!(row.subscription_status.as_deref(), Some("active"));
        assert_eq!(row.payer_email.as_deref(), Some("dee@deltaplains.example"));
        assert!(!row.completed);

        let check: Value = app
            .post(
                "/api/subscriptions/check",
                json!({ "session_id": session_id }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["status"], "paid");
        assert_eq!(check["mode"], "subscription");
        assert_eq!(check["account_exists"], false);
        assert_eq!(check["email"], "dee@deltaplains.example");
        assert!(
            check["subscription_id"]
                .as_str()
                .unwrap()
                .starts_with("sub_test_")
        );

        // The password rule of the success page.
        let (status, error) = error_of(
            app.post(
                "/api/subscriptions/account",
                json!({ "session_id": session_id, "password": "weakpass1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["password"],
            "Password must contain at least one uppercase letter"
        );

        let res = app
            .post(
                "/api/subscriptions/account",
                json!({ "session_id": session_id, "password": "Str0ngPass" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let created: Value = res.json().await.unwrap();
        assert_eq!(created["email"], "dee@deltaplains.example");
        // Not signed in: the e-mailed link confirms the account first.
        assert_eq!(app.session().await["user"], Value::Null);
        let (status, error) = error_of(
            app.post(
                "/api/auth/sign-in",
                json!({ "email": "dee@deltaplains.example", "password": "Str0ngPass" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(error["code"], "email_not_confirmed");
        let token = app
            .last_link_token("dee@deltaplains.example", "confirm=")
            .await;
        let res = app
            .post("/api/auth/confirm-email", json!({ "token": token }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let signed_in = app.sign_in("dee@deltaplains.example", "Str0ngPass").await;
        assert_eq!(signed_in["user"]["role"], "fleet_admin");
        assert_eq!(signed_in["user"]["account_id"], Value::Null);
        assert_eq!(signed_in["user"]["first_name"], "Dee");

        let (status, error) = error_of(
            app.post(
                "/api/subscriptions/account",
                json!({ "session_id": session_id, "password": "Str0ngPass" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            error["message"],
            "Please sign in to access your new fleet account"
        );
        let check: Value = app
            .post(
                "/api/subscriptions/check",
                json!({ "session_id": session_id }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["account_exists"], true);

        // A completed checkout leaves the wizard steps alone for a new session.
        let (_, second_session) =
            signup_to_checkout(&app, "1000001", "second@carrier.example").await;
        assert_ne!(second_session, session_id);
    }
);

on_each_backend!(
    signup_bad_input_gets_clear_errors,
    |app: TestApp| async move {
        for (dot, message) in [
            ("", "DOT number is required"),
            ("12ab", "DOT number must be numeric"),
            (
                &"9".repeat(50) as &str,
                "DOT number must be at most 8 digits",
            ),
        ] {
            let (status, error) = error_of(
                app.post("/api/signup/lookup", json!({ "dot_number": dot }))
                    .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{dot}");
            assert_eq!(error["fields"]["dot_number"], message);
        }
        let (status, error) = error_of(
            app.post("/api/signup/lookup", json!({ "dot_number": 1000001 }))
                .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "a number instead of a string: {error}"
        );
        let (status, error) = error_of(
            app.post("/api/signup/lookup", json!({ "dot_number": "7777777" }))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            error["message"],
            "No carrier information found for this DOT number"
        );

        for path in [
            "/api/signups/not-a-signup",
            "/api/signups/00000000-0000-0000-0000-000000000000",
        ] {
            let (status, error) = error_of(app.get(path).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(error["message"], "Signup not found");
        }
        let (status, _) = error_of(app.post("/api/signups/nope/checkout", json!({})).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let signup: Value = app
            .post("/api/signups", json!({ "dot_number": "1000001" }))
            .await
            .json()
            .await
            .unwrap();
        let id = signup["id"].as_str().unwrap();
        let (status, error) = error_of(
        app.put(&format!("/api/signups/{id}/contact"), json!({ "first_name": "", "last_name": "x".repeat(5000), "email": "no", "phone": "123" }))
            .await,
    )
    .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"]["first_name"], "First name is required");
        assert_eq!(error["fields"]["last_name"], "This field is too long");
        assert_eq!(
            error["fields"]["email"],
            "Please enter a valid email address"
        );
        assert_eq!(
            error["fields"]["phone"],
            "Please enter a valid phone number"
        );
        let (status, _) = error_of(
            app.put(
                &format!("/api/signups/{id}/step"),
                json!({ "current_step": 9 }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        // Checkout before the contact step: the e-mail is missing.
        let (status, error) = error_of(
            app.post(&format!("/api/signups/{id}/checkout"), json!({}))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["email"],
            "Please enter a valid email address"
        );
        // Nothing was half-written: the signup is still at step 1 without contact.
        let unchanged: Value = app
            .get(&format!("/api/signups/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(unchanged["current_step"], 1);
        assert_eq!(unchanged["contact"], Value::Null);

        for session in ["cs_does_not_exist", "../../etc", &"x".repeat(300)] {
            let (status, error) = error_of(
                app.post("/api/subscriptions/check", json!({ "session_id": session }))
                    .await,
            )
            .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{session}");
            assert_eq!(error["code"], "session_not_found");
        }
        let (status, _) = error_of(app.get("/api/test-checkout/cs_nope").await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

// Issue 9 point 2: the signup id is a bearer key (in /fleet-signup?id= and the
// checkout's cancel URL). After payment, whoever holds it must not be able to
// read the payer's details, swap the e-mail, or move the paid band to a
// bigger carrier; the success page's account belongs to the payer's e-mail.
on_each_backend!(
    a_paid_signup_cannot_be_rewritten_by_whoever_holds_its_id,
    |app: TestApp| async move {
        // The smallest band: DOT 1000007 reports no power units ($99).
        let (id, session) = signup_to_checkout(&app, "1000007", "payer@smallfleet.example").await;
        pay(&app, &session).await;

        let attacker = TestApp {
            client: new_client(),
            csrf: None,
            ..app
        };
        // The restore link echoes nothing once checkout has started.
        let res = attacker.get(&format!("/api/signups/{id}")).await;
        assert_eq!(res.status(), StatusCode::OK);
        let body = res.text().await.unwrap();
        for secret in ["payer@smallfleet.example", "555-0100", "Ada", "Lane"] {
            assert!(!body.contains(secret), "{secret} leaked: {body}");
        }
        let restored: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(restored["checkout_started"], true);

        // Swapping the e-mail starts a new signup; the paid one is untouched.
        let res = attacker
            .put(
                &format!("/api/signups/{id}/contact"),
                json!({ "first_name": "Eve", "last_name": "Mallory", "email": "eve@attacker.test", "phone": "(615) 555-0666" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let forked: Value = res.json().await.unwrap();
        assert_ne!(forked["id"], id.as_str(), "a new signup");
        // Moving the paid signup to a 320-unit carrier starts a new signup too.
        let res = attacker
            .post(
                "/api/signups",
                json!({ "dot_number": "1000004", "signup_id": id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let moved: Value = res.json().await.unwrap();
        assert_ne!(moved["id"], id.as_str());
        // Steps are refused with a clear message.
        let (status, error) = error_of(
            attacker
                .put(
                    &format!("/api/signups/{id}/step"),
                    json!({ "current_step": 1 }),
                )
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "signup_frozen");
        // A second checkout of the paid signup goes to a new signup as well.
        let res = attacker
            .post(&format!("/api/signups/{id}/checkout"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let again: Value = res.json().await.unwrap();
        assert_ne!(again["signup_id"], id.as_str());
        assert_ne!(again["session_id"], session.as_str());

        let row = signup_row(&attacker, &id).await;
        assert_eq!(row.email.as_deref(), Some("payer@smallfleet.example"));
        assert_eq!(row.dot_number, "1000007");
        assert_eq!(row.fleet_size.as_deref(), Some("1-20 units"));
        assert_eq!(row.stripe_session_id.as_deref(), Some(session.as_str()));
        assert_eq!(row.checkout_amount_cents, Some(9_900));

        // The super admin sees the band that was paid for.
        let mut admin = TestApp {
            client: new_client(),
            csrf: None,
            ..attacker
        };
        admin
            .sign_in(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD)
            .await;
        let list: Value = admin
            .get("/api/admin/signups?q=1000007")
            .await
            .json()
            .await
            .unwrap();
        let paid = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id.as_str())
            .unwrap();
        assert_eq!(paid["fleet_size"], "1-20 units");
        assert_eq!(paid["monthly_rate_cents"], 9_900);
        assert_eq!(paid["email"], "payer@smallfleet.example");
        assert_eq!(paid["subscription_status"], "active");

        // The success page: the account is for the payer, confirmed by the
        // payer's e-mail, and whoever holds the page is not signed in.
        let holder = TestApp {
            client: new_client(),
            csrf: None,
            ..admin
        };
        let res = holder
            .post(
                "/api/subscriptions/account",
                json!({ "session_id": session, "password": "Str0ngPass" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        assert_eq!(holder.session().await["user"], Value::Null);
        assert!(holder.emails_to("eve@attacker.test").await.is_empty());
        let token = holder
            .last_link_token("payer@smallfleet.example", "confirm=")
            .await;
        assert!(!token.is_empty());
        let profile = longhaul::modules::auth::service::profiles::find_by_email(
            &holder.state.db,
            "payer@smallfleet.example",
        )
        .await
        .unwrap()
        .unwrap();
        assert!(
            profile.email_confirmed_at.is_none(),
            "unconfirmed until the link"
        );
        assert!(
            longhaul::modules::auth::service::profiles::find_by_email(
                &holder.state.db,
                "eve@attacker.test"
            )
            .await
            .unwrap()
            .is_none()
        );
    }
);

// Issue 9 point 2: concurrent edits while checkout starts cannot change what
// the session charges for.
on_each_backend!(
    concurrent_edits_cannot_slip_into_a_started_checkout,
    |app: TestApp| async move {
        let res = app
            .post("/api/signups", json!({ "dot_number": "1000007" }))
            .await;
        let id = res.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let res = app
            .put(
                &format!("/api/signups/{id}/contact"),
                json!({ "first_name": "Ada", "last_name": "Lane", "email": "first@carrier.example", "phone": "(615) 555-0100" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let mut tasks = Vec::new();
        for i in 0..30 {
            let client = app.client.clone();
            let base = app.address.clone();
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                if i % 3 == 0 {
                    let res = client
                        .post(format!("{base}/api/signups/{id}/checkout"))
                        .json(&json!({}))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), StatusCode::OK);
                    let body: Value = res.json().await.unwrap();
                    Some((body["signup_id"].as_str().unwrap().to_owned(), body["session_id"].as_str().unwrap().to_owned()))
                } else {
                    let res = client
                        .put(format!("{base}/api/signups/{id}/contact"))
                        .json(&json!({ "first_name": "Eve", "last_name": "M", "email": format!("eve{i}@attacker.test"), "phone": "(615) 555-0666" }))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), StatusCode::OK);
                    None
                }
            }));
        }
        let mut checkouts = Vec::new();
        for task in tasks {
            if let Some(c) = task.await.unwrap() {
                checkouts.push(c);
            }
        }
        // Exactly one checkout charges for the original signup, and the
        // session it opened is for the e-mail the signup held at that moment.
        let on_original: Vec<_> = checkouts.iter().filter(|(s, _)| *s == id).collect();
        assert_eq!(on_original.len(), 1, "{checkouts:?}");
        let row = signup_row(&app, &id).await;
        assert_eq!(
            row.stripe_session_id.as_deref(),
            Some(on_original[0].1.as_str())
        );
        let page: Value = app
            .get(&format!("/api/test-checkout/{}", on_original[0].1))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page["email"], row.email.clone().unwrap().as_str());
        let after = signup_row(&app, &id).await;
        assert_eq!(after.email, row.email, "frozen after checkout");
    }
);

// Issue 9 point 8: the success page's check tells nothing about accounts
// unless the checkout is paid.
on_each_backend!(
    the_check_reveals_nothing_about_accounts_until_paid,
    |app: TestApp| async move {
        app.confirmed_user("known@carrier.example", "secret123")
            .await;
        let (_, session) = signup_to_checkout(&app, "1000002", "known@carrier.example").await;
        let check: Value = app
            .post("/api/subscriptions/check", json!({ "session_id": session }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["status"], "open");
        assert_eq!(check["account_exists"], false);
        assert_eq!(check["email"], Value::Null);
        pay(&app, &session).await;
        let check: Value = app
            .post("/api/subscriptions/check", json!({ "session_id": session }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(check["status"], "paid");
        assert_eq!(check["account_exists"], true);
        assert_eq!(check["email"], "known@carrier.example");
    }
);
