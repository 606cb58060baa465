//! The carrier's signup on the offline stand-ins, through the API.

use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
use reqwest::StatusCode;
use serde_json::{Value, json};

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

        // No DBA: falls back to the legal name; no phone: null.
        let res = app
            .post("/api/signup/lookup", json!({ "dot_number": "1000002" }))
            .await;
        let other: Value = res.json().await.unwrap();
        assert_eq!(other["company"]["dba_name"], "CUMBERLAND CARRIERS INC");
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

        // The signup now holds its subscription, still open for the super admin.
        let restored: Value = app
            .get(&format!("/api/signups/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(restored["subscription_status"], "active");
        assert_eq!(restored["completed"], false);

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
        assert_eq!(created["user"]["role"], "fleet_admin");
        assert_eq!(created["user"]["account_id"], Value::Null);
        assert_eq!(created["user"]["first_name"], "Dee");
        app.csrf = created["csrf_token"].as_str().map(str::to_owned);
        assert_eq!(
            app.session().await["user"]["email"],
            "dee@deltaplains.example",
            "signed in"
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
