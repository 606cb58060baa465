//! Issue 13, driver portal: drivers sign in as their fleet's Portal Settings
//! say; a driver reads only documents shared with them, of their own fleet;
//! a driver's session is refused by every fleet-admin and admin endpoint;
//! renewals are reviewed once; the contact form reaches the inbox and the
//! admins' mail.

use crate::documents::{PDF, day, upload_ok};
use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use uuid::Uuid;

pub(crate) const SHARED_PASSWORD: &str = "Haul-it-2026";

fn sizes() -> Sizes {
    Sizes {
        drivers: 6,
        trucks: 6,
        trailers: 4,
    }
}

/// A fleet with its admin signed in (the returned app) and seeded assets.
pub(crate) async fn fleet_admin(
    backend: crate::helpers::Backend,
    email: &str,
    dot: &str,
) -> (TestApp, Uuid) {
    let mut app = spawn_app(backend).await;
    let id = fleet(&app, email, "Portal Freight", dot, sizes()).await;
    app.sign_in(email, "secret1").await;
    (app, id)
}

pub(crate) async fn set_portal(
    app: &TestApp,
    enabled: bool,
    login: &str,
    auth: &str,
    password: Option<&str>,
) {
    let res = app
        .put(
            "/api/fleet/settings/portal",
            json!({ "is_enabled": enabled, "login_method": login, "auth_type": auth,
                    "welcome_message": "Drive safe out there.", "system_password": password }),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );
}

/// An active driver of the fleet who has a truck assigned.
pub(crate) async fn driver_with_truck(app: &TestApp, fleet_id: Uuid) -> fleet_driver::Model {
    let conn = app.inspect_db().await;
    let truck = fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_vehicle::Column::AssignedDriverId.is_not_null())
        .order_by_asc(fleet_vehicle::Column::Name)
        .one(&conn)
        .await
        .unwrap()
        .expect("a truck with a driver");
    fleet_driver::Entity::find_by_id(truck.assigned_driver_id.unwrap())
        .one(&conn)
        .await
        .unwrap()
        .unwrap()
}

async fn portal_sign_in(
    app: &TestApp,
    fleet_id: Uuid,
    login: &str,
    password: &str,
) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/portal/{fleet_id}/sign-in")))
        .json(&json!({ "login": login, "password": password }))
        .send()
        .await
        .unwrap()
}

/// A browser signed in to the portal as the driver.
pub(crate) async fn driver_browser(
    app: &TestApp,
    fleet_id: Uuid,
    login: &str,
    password: &str,
) -> TestApp {
    let mut driver = app.another_browser();
    let res = portal_sign_in(&driver, fleet_id, login, password).await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );
    let body: Value = res.json().await.unwrap();
    driver.csrf = body["csrf_token"].as_str().map(str::to_owned);
    driver
}

/// A fleet with its portal on (username, shared password), its admin signed
/// in (`app`), and a driver with a truck signed in to the portal (`browser`).
async fn signed_in_driver(
    backend: crate::helpers::Backend,
    email: &str,
    dot: &str,
) -> (TestApp, fleet_driver::Model, TestApp) {
    let (app, fleet_id) = fleet_admin(backend, email, dot).await;
    let driver = driver_with_truck(&app, fleet_id).await;
    set_portal(
        &app,
        true,
        "username",
        "system_password",
        Some(SHARED_PASSWORD),
    )
    .await;
    let login = driver.username.clone().unwrap();
    let browser = driver_browser(&app, fleet_id, &login, SHARED_PASSWORD).await;
    (app, driver, browser)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drivers_sign_in_with_the_fleets_shared_password_by_username() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office@portal.test", "2200001").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        let username = driver.username.clone().unwrap();
        // Off by default: a clear refusal naming the fleet.
        let (status, err) =
            error_of(portal_sign_in(&app.another_browser(), fleet_id, &username, "x").await).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(err["code"], "portal_disabled");
        assert!(
            err["message"].as_str().unwrap().contains("Portal Freight"),
            "{err}"
        );

        set_portal(
            &app,
            true,
            "username",
            "system_password",
            Some(SHARED_PASSWORD),
        )
        .await;
        let config: Value = app
            .another_browser()
            .get(&format!("/api/portal/{fleet_id}/config"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(config["login_method"], "username");
        assert_eq!(config["enabled"], true);
        assert_eq!(config["fleet_name"], "Portal Freight");

        let browser = app.another_browser();
        for (login, password, why) in [
            (username.as_str(), "wrong-password", "wrong password"),
            ("nobody-here", SHARED_PASSWORD, "unknown username"),
            (
                username.to_uppercase().as_str(),
                SHARED_PASSWORD,
                "usernames are exact",
            ),
            ("", SHARED_PASSWORD, "empty"),
        ] {
            let (status, err) =
                error_of(portal_sign_in(&browser, fleet_id, login, password).await).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{why}");
            assert_eq!(err["message"], "Invalid username or password", "{why}");
        }
        let (status, _) =
            error_of(portal_sign_in(&browser, Uuid::new_v4(), &username, SHARED_PASSWORD).await)
                .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "an unknown fleet link");

        let signed_in = driver_browser(&app, fleet_id, &username, SHARED_PASSWORD).await;
        let home: Value = signed_in.get("/api/portal/me").await.json().await.unwrap();
        assert_eq!(home["driver"]["id"], driver.id.to_string());
        assert_eq!(home["welcome_message"], "Drive safe out there.");
        assert_eq!(home["can_change_password"], false);
        assert!(
            home["truck"]["id"].is_string(),
            "the assigned truck: {home}"
        );

        // Rotating the shared password signs every driver out.
        set_portal(
            &app,
            true,
            "username",
            "system_password",
            Some("Rotated-2027"),
        )
        .await;
        assert_eq!(
            signed_in.get("/api/portal/me").await.status(),
            StatusCode::UNAUTHORIZED
        );
        let (status, _) =
            error_of(portal_sign_in(&browser, fleet_id, &username, SHARED_PASSWORD).await).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "the old password no longer works"
        );
        let again = driver_browser(&app, fleet_id, &username, "Rotated-2027").await;

        // Deactivating the driver ends the session and refuses sign-in.
        let res = app
            .post(
                &format!("/api/fleet/drivers/{}/deactivate", driver.id),
                json!({}),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "{}",
            res.text().await.unwrap()
        );
        assert_eq!(
            again.get("/api/portal/me").await.status(),
            StatusCode::UNAUTHORIZED
        );
        let (status, _) =
            error_of(portal_sign_in(&browser, fleet_id, &username, "Rotated-2027").await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // Turning the portal off ends the others' sessions too.
        let other = fleet_driver::Entity::find()
            .filter(fleet_driver::Column::FleetAccountId.eq(fleet_id))
            .filter(fleet_driver::Column::IsActive.eq(true))
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap();
        let other_browser = driver_browser(
            &app,
            fleet_id,
            other.username.as_deref().unwrap(),
            "Rotated-2027",
        )
        .await;
        set_portal(&app, false, "username", "system_password", None).await;
        assert_eq!(
            other_browser.get("/api/portal/me").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
}

fn link_token(app: &TestApp, to: &str) -> (String, String) {
    let mail = app
        .mailer
        .sent()
        .into_iter()
        .rev()
        .find(|m| m.to == to)
        .expect("an invite e-mail");
    let start = mail.text.find("/driver-portal/").expect("a portal link");
    let link: String = mail.text[start..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    let parts: Vec<&str> = link
        .trim_start_matches("/driver-portal/")
        .split('/')
        .collect();
    assert_eq!(parts[1], "invite");
    (parts[0].to_owned(), parts[2].to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drivers_set_their_own_password_from_a_one_time_invite_and_sign_in_by_email() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office2@portal.test", "2200002").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        set_portal(&app, true, "email", "individual_password", None).await;

        // No e-mail yet: the invite says what is missing.
        let invite_path = format!("/api/fleet/drivers/{}/portal-invite", driver.id);
        let (status, err) = error_of(app.post(&invite_path, json!({})).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["email"].is_string());

        let edit = json!({ "first_name": driver.first_name, "last_name": driver.last_name, "username": driver.username,
            "email": "  Nia.Lane@Portal.Example ", "phone": driver.phone, "license_number": driver.license_number,
            "license_state": driver.license_state });
        let res = app
            .put(&format!("/api/fleet/drivers/{}", driver.id), edit)
            .await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "{}",
            res.text().await.unwrap()
        );
        let res = app.post(&invite_path, json!({})).await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "{}",
            res.text().await.unwrap()
        );
        app.emails_to("nia.lane@portal.example").await;
        let (link_fleet, token) = link_token(&app, "nia.lane@portal.example");
        assert_eq!(link_fleet, fleet_id.to_string());

        let anon = app.another_browser();
        let invite_url = format!("/api/portal/{fleet_id}/invites/{token}");
        let view: Value = anon.get(&invite_url).await.json().await.unwrap();
        assert_eq!(view["login"], "nia.lane@portal.example");
        let (status, err) =
            error_of(anon.post(&invite_url, json!({ "password": "short" })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["password"].is_string());
        assert_eq!(
            anon.post(&invite_url, json!({ "password": "Nia-drives-2026" }))
                .await
                .status(),
            StatusCode::NO_CONTENT
        );
        let (status, err) = error_of(
            anon.post(&invite_url, json!({ "password": "Nia-drives-2027" }))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::GONE, "the link works once");
        assert_eq!(err["code"], "invite_invalid");
        // Another fleet's link with this token is no link at all.
        assert_eq!(
            anon.get(&format!("/api/portal/{}/invites/{token}", Uuid::new_v4()))
                .await
                .status(),
            StatusCode::GONE
        );

        let (status, err) = error_of(
            portal_sign_in(
                &anon,
                fleet_id,
                "nia.lane@portal.example",
                "wrong-Password1",
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(err["message"], "Invalid email or password");
        let phone =
            driver_browser(&app, fleet_id, "NIA.LANE@portal.example", "Nia-drives-2026").await;
        let laptop =
            driver_browser(&app, fleet_id, "nia.lane@portal.example", "Nia-drives-2026").await;
        let home: Value = phone.get("/api/portal/me").await.json().await.unwrap();
        assert_eq!(home["can_change_password"], true);

        // A new password: wrong current refused; the other session ends.
        let (status, err) = error_of(
            phone
                .put(
                    "/api/portal/password",
                    json!({ "current_password": "nope", "new_password": "Nia-drives-2028" }),
                )
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["current_password"].is_string());
        let res = phone
            .put(
                "/api/portal/password",
                json!({ "current_password": "Nia-drives-2026", "new_password": "Nia-drives-2028" }),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::NO_CONTENT,
            "{}",
            res.text().await.unwrap()
        );
        assert_eq!(
            laptop.get("/api/portal/me").await.status(),
            StatusCode::UNAUTHORIZED,
            "other sessions end"
        );
        driver_browser(&app, fleet_id, "nia.lane@portal.example", "Nia-drives-2028").await;

        // The phone number, checked like the admin's form.
        let (status, _) = error_of(
            phone
                .put("/api/portal/phone", json!({ "phone": "12" }))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let res = phone
            .put("/api/portal/phone", json!({ "phone": "(615) 555-0142" }))
            .await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "{}",
            res.text().await.unwrap()
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["phone_display"], "(615) 555-0142");
    }
}

async fn upload_shared(
    app: &TestApp,
    name: &str,
    shared: bool,
    vehicle: Option<(&str, Uuid)>,
) -> Value {
    let shared = if shared { "true" } else { "false" };
    let id;
    let mut fields = vec![
        ("name", name),
        ("document_type", "company_other"),
        ("share_with_drivers", shared),
    ];
    if let Some((kind, vehicle_id)) = vehicle {
        id = vehicle_id.to_string();
        fields.push(("vehicle_type", kind));
        fields.push(("vehicle_id", id.as_str()));
    }
    upload_ok(app, &fields, &format!("{name}.pdf"), PDF).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_driver_reads_only_documents_shared_with_them_in_their_own_fleet() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office3@portal.test", "2200003").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        let conn = app.inspect_db().await;
        let my_truck = fleet_vehicle::Entity::find()
            .filter(fleet_vehicle::Column::AssignedDriverId.eq(driver.id))
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let other_truck = fleet_vehicle::Entity::find()
            .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
            .filter(fleet_vehicle::Column::Id.ne(my_truck.id))
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let trailer = fleet_trailer::Entity::find()
            .filter(fleet_trailer::Column::FleetAccountId.eq(fleet_id))
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let company = upload_shared(&app, "Company insurance", true, None).await;
        let unshared = upload_shared(&app, "Internal audit", false, None).await;
        let mine = upload_shared(
            &app,
            "My truck registration",
            true,
            Some(("truck", my_truck.id)),
        )
        .await;
        let others = upload_shared(
            &app,
            "Other truck registration",
            true,
            Some(("truck", other_truck.id)),
        )
        .await;
        let unassigned_trailer =
            upload_shared(&app, "Trailer permit", true, Some(("trailer", trailer.id))).await;
        // Another fleet's shared document.
        let mut stranger = app.another_browser();
        fleet(
            &app,
            "office4@portal.test",
            "Stranger Freight",
            "2200004",
            sizes(),
        )
        .await;
        stranger.sign_in("office4@portal.test", "secret1").await;
        let foreign = upload_shared(&stranger, "Stranger insurance", true, None).await;

        set_portal(
            &app,
            true,
            "username",
            "system_password",
            Some(SHARED_PASSWORD),
        )
        .await;
        let browser = driver_browser(
            &app,
            fleet_id,
            driver.username.as_deref().unwrap(),
            SHARED_PASSWORD,
        )
        .await;
        let docs: Value = browser
            .get("/api/portal/documents")
            .await
            .json()
            .await
            .unwrap();
        let mut names: Vec<&str> = docs
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["name"].as_str().unwrap())
            .collect();
        names.sort();
        let trailer_is_mine = trailer.assigned_driver_id == Some(driver.id);
        let mut expected = vec!["Company insurance", "My truck registration"];
        if trailer_is_mine {
            expected.push("Trailer permit");
        }
        expected.sort();
        assert_eq!(names, expected);

        let browser = &browser;
        let download = |id: &Value| {
            let url = format!("/api/portal/documents/{}/download", id.as_str().unwrap());
            async move { browser.get(&url).await }
        };
        let res = download(&company["id"]).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);
        assert_eq!(download(&mine["id"]).await.status(), StatusCode::OK);
        for (doc, why) in [
            (&unshared, "not shared"),
            (&others, "another driver's truck"),
            (&foreign, "another fleet's"),
        ] {
            assert_eq!(
                download(&doc["id"]).await.status(),
                StatusCode::NOT_FOUND,
                "{why}"
            );
        }
        if !trailer_is_mine {
            assert_eq!(
                download(&unassigned_trailer["id"]).await.status(),
                StatusCode::NOT_FOUND,
                "a trailer not theirs"
            );
        }
        // The fleet admin's own document routes refuse a driver.
        let (status, _) = error_of(
            browser
                .get(&format!(
                    "/api/fleet/documents/{}/download",
                    company["id"].as_str().unwrap()
                ))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

/// Every path of the API contract under /api/fleet and /api/admin, with
/// each method, asked with a driver's session (and its CSRF token).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_driver_session_is_refused_by_every_fleet_admin_and_admin_endpoint() {
    let contract: Value = serde_json::from_str(&longhaul::app::spec_json()).unwrap();
    for backend in backends() {
        let (app, driver, browser) =
            signed_in_driver(backend, "office5@portal.test", "2200005").await;
        let some_id = driver.id.to_string();
        let mut checked = 0;
        for (path, item) in contract["paths"].as_object().unwrap() {
            if !(path.starts_with("/api/fleet") || path.starts_with("/api/admin")) {
                continue;
            }
            let url = path
                .split('/')
                .map(|seg| {
                    if seg.starts_with('{') {
                        some_id.as_str()
                    } else {
                        seg
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            for method in item.as_object().unwrap().keys() {
                let req = match method.as_str() {
                    "get" => browser.client.get(browser.url(&url)),
                    "post" => browser.client.post(browser.url(&url)),
                    "put" => browser.client.put(browser.url(&url)),
                    "patch" => browser.client.patch(browser.url(&url)),
                    "delete" => browser.client.delete(browser.url(&url)),
                    _ => continue,
                };
                let res = req
                    .header("x-csrf-token", browser.csrf.clone().unwrap())
                    .json(&json!({}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
                checked += 1;
            }
        }
        assert!(
            checked > 40,
            "the contract's fleet and admin endpoints: {checked}"
        );
        // And a fleet admin's session may not use the portal's endpoints.
        assert_eq!(
            app.get("/api/portal/me").await.status(),
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.another_browser().get("/api/portal/me").await.status(),
            StatusCode::UNAUTHORIZED
        );
        // A driver's write without the CSRF token is refused.
        let res = browser
            .client
            .put(browser.url("/api/portal/phone"))
            .json(&json!({ "phone": "6155550142" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
}

async fn submit_renewal(browser: &TestApp, fields: &[(&str, &str)]) -> reqwest::Response {
    let mut form = Form::new();
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    form = form.part(
        "file",
        Part::bytes(PDF.to_vec())
            .file_name("renewal.pdf")
            .mime_str("application/pdf")
            .unwrap(),
    );
    browser
        .client
        .post(browser.url("/api/portal/renewals"))
        .header("x-csrf-token", browser.csrf.clone().unwrap_or_default())
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn pending_in_bell(app: &TestApp) -> u64 {
    let bell: Value = app
        .get("/api/fleet/notifications")
        .await
        .json()
        .await
        .unwrap();
    bell["attention"]["pending_renewals"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_is_reviewed_once_and_filed_with_its_expiration() {
    for backend in backends() {
        let (app, _, browser) = signed_in_driver(backend, "office6@portal.test", "2200006").await;
        let expires = day(400);

        let (status, err) = error_of(
            submit_renewal(
                &browser,
                &[("target", "driver"), ("document_type", "no_such_type")],
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["document_type"].is_string());
        let (status, _) = error_of(
            submit_renewal(
                &browser,
                &[
                    ("target", "trailer"),
                    ("trailer_id", &Uuid::new_v4().to_string()),
                    ("document_type", "trailer_registration"),
                ],
            )
            .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "a trailer not theirs"
        );

        let res = submit_renewal(
            &browser,
            &[
                ("target", "truck"),
                ("document_type", "truck_registration"),
                ("name", "Truck registration 2027"),
                ("expiration_date", &expires),
                ("note", "Renewed at the DMV"),
            ],
        )
        .await;
        assert_eq!(
            res.status(),
            StatusCode::CREATED,
            "{}",
            res.text().await.unwrap()
        );
        let renewal: Value = res.json().await.unwrap();
        assert_eq!(renewal["status"], "pending");
        let res = submit_renewal(
            &browser,
            &[
                ("target", "driver"),
                ("document_type", "company_other"),
                ("name", "Medical card"),
                ("expiration_date", &day(700)),
            ],
        )
        .await;
        let second: Value = res.json().await.unwrap();

        let queue: Value = app.get("/api/fleet/renewals").await.json().await.unwrap();
        assert_eq!(queue.as_array().unwrap().len(), 2);
        assert_eq!(queue[0]["id"], renewal["id"], "oldest first");
        assert_eq!(
            pending_in_bell(&app).await,
            2,
            "the bell and side menu count the queue"
        );
        let file = app
            .get(&format!(
                "/api/fleet/renewals/{}/file",
                renewal["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(file.status(), StatusCode::OK);
        assert_eq!(file.bytes().await.unwrap().as_ref(), PDF);

        // Two admins accept at once: one files it, the other is told.
        let accept = format!(
            "/api/fleet/renewals/{}/accept",
            renewal["id"].as_str().unwrap()
        );
        let (a, b) = tokio::join!(app.post(&accept, json!({})), app.post(&accept, json!({})));
        let mut statuses = vec![a.status(), b.status()];
        statuses.sort();
        assert_eq!(statuses, vec![StatusCode::OK, StatusCode::CONFLICT]);
        let docs: Value = app
            .get("/api/fleet/documents?q=Truck%20registration%202027")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(docs["total"], 1, "filed once: {docs}");
        let doc = &docs["items"][0];
        assert_eq!(doc["expiration_date"], expires);
        assert_eq!(doc["is_shared_with_drivers"], true);

        // Rejected with a reason the driver sees; a reason is required.
        let reject = format!(
            "/api/fleet/renewals/{}/reject",
            second["id"].as_str().unwrap()
        );
        let (status, err) = error_of(app.post(&reject, json!({ "reason": "  " })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["reason"].is_string());
        assert_eq!(
            app.post(&reject, json!({ "reason": "The photo is blurry" }))
                .await
                .status(),
            StatusCode::OK
        );
        let (status, _) = error_of(app.post(&reject, json!({ "reason": "again" })).await).await;
        assert_eq!(status, StatusCode::CONFLICT);

        let mine: Value = browser
            .get("/api/portal/renewals")
            .await
            .json()
            .await
            .unwrap();
        let by_name = |name: &str| {
            mine.as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == name)
                .cloned()
                .unwrap()
        };
        assert_eq!(pending_in_bell(&app).await, 0, "reviewed: off the badge");
        assert_eq!(by_name("Truck registration 2027")["status"], "accepted");
        assert_eq!(by_name("Medical card")["status"], "rejected");
        assert_eq!(by_name("Medical card")["reason"], "The photo is blurry");
        let shared: Value = browser
            .get("/api/portal/documents")
            .await
            .json()
            .await
            .unwrap();
        assert!(
            shared
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["name"] == "Truck registration 2027"),
            "the driver finds it: {shared}"
        );
        assert!(
            app.get("/api/fleet/renewals")
                .await
                .json::<Value>()
                .await
                .unwrap()
                .as_array()
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_contact_form_reaches_the_inbox_and_the_fleet_admins_mail() {
    for backend in backends() {
        let (app, _, browser) = signed_in_driver(backend, "office7@portal.test", "2200007").await;

        let (status, err) = error_of(
            browser
                .post(
                    "/api/portal/messages",
                    json!({ "name": "", "email": "nope", "message": "" }),
                )
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        for field in ["name", "email", "message"] {
            assert!(err["fields"][field].is_string(), "{field}: {err}");
        }
        let res = browser.post("/api/portal/messages", json!({ "name": "Dale <b>Driver</b>", "email": "dale@drivers.example",
            "company": "Portal Freight", "message": "Truck 12 needs new tires.\nCan I stop in Nashville?" })).await;
        assert_eq!(
            res.status(),
            StatusCode::CREATED,
            "{}",
            res.text().await.unwrap()
        );

        let unread: Value = app
            .get("/api/fleet/inbox/unread")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(unread["unread"], 1);
        let inbox: Value = app.get("/api/fleet/inbox").await.json().await.unwrap();
        let message = &inbox["items"][0];
        assert_eq!(message["sender_email"], "dale@drivers.example");
        assert_eq!(
            message["message"],
            "Truck 12 needs new tires.\nCan I stop in Nashville?"
        );
        assert_eq!(message["read"], false);

        let mails = app.emails_to("office7@portal.test").await;
        let mail = mails.last().expect("the admin's e-mail");
        assert!(mail.text.contains("Truck 12 needs new tires."));
        assert!(
            !mail.html.contains("<b>Driver</b>"),
            "escaped: {}",
            mail.html
        );

        let read = format!("/api/fleet/inbox/{}/read", message["id"].as_str().unwrap());
        assert_eq!(
            app.post(&read, json!({})).await.status(),
            StatusCode::NO_CONTENT
        );
        let unread: Value = app
            .get("/api/fleet/inbox/unread")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(unread["unread"], 0);
        // Another fleet's admin sees none of it.
        let mut stranger = app.another_browser();
        fleet(
            &app,
            "office8@portal.test",
            "Stranger Freight",
            "2200008",
            sizes(),
        )
        .await;
        stranger.sign_in("office8@portal.test", "secret1").await;
        let theirs: Value = stranger.get("/api/fleet/inbox").await.json().await.unwrap();
        assert_eq!(theirs["items"], json!([]));
        assert_eq!(
            stranger.post(&read, json!({})).await.status(),
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_cdl_renewal_updates_the_drivers_qualification_item() {
    for backend in backends() {
        let (app, driver, browser) =
            signed_in_driver(backend, "office9@portal.test", "2200009").await;
        let qualifications = format!("/api/fleet/drivers/{}/qualifications", driver.id);
        let res = app
            .put(
                &format!("{qualifications}/cdl"),
                json!({ "number": "D7654321", "state": "TN", "class": "A", "expires_on": day(10) }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        let (status, err) = error_of(
            submit_renewal(
                &browser,
                &[
                    ("target", "driver"),
                    ("document_type", "company_other"),
                    ("qualification", "mvr"),
                ],
            )
            .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "only items kept by expiry"
        );
        assert!(err["fields"]["qualification"].is_string());
        let (status, err) = error_of(
            submit_renewal(
                &browser,
                &[
                    ("target", "driver"),
                    ("document_type", "company_other"),
                    ("qualification", "cdl"),
                ],
            )
            .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "a CDL renewal needs its new expiry"
        );
        assert!(err["fields"]["expiration_date"].is_string());

        let renewed = day(1460);
        let res = submit_renewal(
            &browser,
            &[
                ("target", "driver"),
                ("document_type", "company_other"),
                ("qualification", "cdl"),
                ("name", "CDL 2030"),
                ("expiration_date", &renewed),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let renewal: Value = res.json().await.unwrap();
        assert_eq!(renewal["qualification"], "cdl");
        // Filed as a CDL whatever type the form sent (issue 29: a medical
        // card's renewal reached the office labelled 'Other').
        assert_eq!(renewal["document_type"], "driver_cdl");
        assert_eq!(renewal["document_type_label"], "CDL");
        let res = app
            .post(
                &format!(
                    "/api/fleet/renewals/{}/accept",
                    renewal["id"].as_str().unwrap()
                ),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let accepted: Value = res.json().await.unwrap();

        let items: Value = app.get(&qualifications).await.json().await.unwrap();
        let cdl = &items[0];
        assert_eq!(cdl["kind"], "cdl");
        assert_eq!(cdl["expires_on"], renewed, "the new expiry");
        assert_eq!(cdl["due_on"], renewed);
        assert_eq!(
            cdl["document_id"], accepted["document_id"],
            "the filed document"
        );
        assert_eq!(cdl["number"], "D7654321", "the rest is kept");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_of_a_drivers_current_password_are_held_to_a_budget() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office9@portal.test", "2200009").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        set_portal(&app, true, "email", "individual_password", None).await;
        let edit = json!({ "first_name": driver.first_name, "last_name": driver.last_name, "username": driver.username,
            "email": "guess@portal.example", "phone": driver.phone, "license_number": driver.license_number,
            "license_state": driver.license_state });
        let res = app
            .put(&format!("/api/fleet/drivers/{}", driver.id), edit)
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let invite_path = format!("/api/fleet/drivers/{}/portal-invite", driver.id);
        assert_eq!(
            app.post(&invite_path, json!({})).await.status(),
            StatusCode::OK
        );
        app.emails_to("guess@portal.example").await;
        let (_, token) = link_token(&app, "guess@portal.example");
        let invite_url = format!("/api/portal/{fleet_id}/invites/{token}");
        let res = app
            .another_browser()
            .post(&invite_url, json!({ "password": "Guess-drives-2026" }))
            .await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        let phone =
            driver_browser(&app, fleet_id, "guess@portal.example", "Guess-drives-2026").await;

        // Eight wrong guesses at once: five are checked, three wait.
        let answers = futures_util::future::join_all((0..8).map(|i| {
            phone.put(
                "/api/portal/password",
                json!({ "current_password": format!("guess-{i}"), "new_password": "Guess-drives-2027" }),
            )
        }))
        .await;
        let checked = answers
            .iter()
            .filter(|r| r.status() == StatusCode::UNPROCESSABLE_ENTITY)
            .count();
        let limited = answers
            .iter()
            .filter(|r| r.status() == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert_eq!((checked, limited), (5, 3));
        // Once the budget is spent, even the right password waits.
        let res = phone
            .put(
                "/api/portal/password",
                json!({ "current_password": "Guess-drives-2026", "new_password": "Guess-drives-2027" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(res.headers().contains_key("retry-after"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_fleets_drivers_write_nothing_on_its_behalf() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office10@portal.test", "2200010").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        set_portal(
            &app,
            true,
            "username",
            "system_password",
            Some(SHARED_PASSWORD),
        )
        .await;
        let login = driver.username.clone().unwrap();
        let browser = driver_browser(&app, fleet_id, &login, SHARED_PASSWORD).await;
        crate::truck_board::past_due_since(&app, fleet_id, "portal_late", 20).await;

        let renewal = submit_renewal(
            &browser,
            &[
                ("target", "truck"),
                ("document_type", "truck_registration"),
                ("name", "Truck registration 2027"),
                ("expiration_date", &day(400)),
            ],
        )
        .await;
        let phone = browser
            .put("/api/portal/phone", json!({ "phone": "(615) 555-0142" }))
            .await;
        let message = browser
            .post(
                "/api/portal/messages",
                json!({ "name": "Dale", "email": "dale@drivers.example", "message": "Tires?" }),
            )
            .await;
        for (what, res) in [("renewal", renewal), ("phone", phone), ("message", message)] {
            let (status, err) = error_of(res).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{what}");
            assert_eq!(err["code"], "read_only", "{what}");
        }
        // Reading goes on, and so does signing out.
        assert_eq!(browser.get("/api/portal/me").await.status(), StatusCode::OK);
        assert_eq!(
            browser.get("/api/portal/renewals").await.status(),
            StatusCode::OK
        );
        assert!(
            browser
                .post("/api/portal/sign-out", json!({}))
                .await
                .status()
                .is_success()
        );
    }
}

/// The status the portal gives each shared document, by name.
async fn portal_statuses(browser: &TestApp) -> Vec<(String, String)> {
    let docs: Value = browser
        .get("/api/portal/documents")
        .await
        .json()
        .await
        .unwrap();
    let mut out: Vec<(String, String)> = docs
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["name"].as_str().unwrap().to_owned(),
                d["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    out.sort();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drivers_documents_expire_on_the_fleets_day_not_the_phones() {
    for backend in backends() {
        let (app, fleet_id) = fleet_admin(backend, "office9@portal.test", "2200009").await;
        let driver = driver_with_truck(&app, fleet_id).await;
        // 03:00 UTC on March 2 is 19:00 on March 1 in Los Angeles.
        app.state
            .clock
            .pin(Some("2026-03-02T03:00:00Z".parse().unwrap()));
        let res = app
            .put(
                "/api/fleet/settings/general",
                json!({ "legal_name": "Portal Freight", "contact": { "first_name": "Pat" },
                        "home_time_zone": "America/Los_Angeles" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        upload_ok(
            &app,
            &[
                ("name", "IFTA permit"),
                ("document_type", "company_other"),
                ("share_with_drivers", "true"),
                ("expiration_date", "2026-03-01"),
            ],
            "ifta.pdf",
            PDF,
        )
        .await;
        upload_shared(&app, "Company insurance", true, None).await;
        set_portal(
            &app,
            true,
            "username",
            "system_password",
            Some(SHARED_PASSWORD),
        )
        .await;
        let browser = driver_browser(
            &app,
            fleet_id,
            driver.username.as_deref().unwrap(),
            SHARED_PASSWORD,
        )
        .await;
        // Still March 1 at the fleet's home: due today, not lapsed.
        assert_eq!(
            portal_statuses(&browser).await,
            [
                ("Company insurance".to_owned(), "none".to_owned()),
                ("IFTA permit".to_owned(), "expiring_soon".to_owned())
            ]
        );
        app.state
            .clock
            .pin(Some("2026-03-02T08:00:00Z".parse().unwrap()));
        assert_eq!(portal_statuses(&browser).await[1].1, "expired");
    }
}
