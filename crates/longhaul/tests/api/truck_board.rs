//! Issue 15, the truck board: fleets post trucks, brokers search by radius
//! (a truck 1 mile inside and 1 mile outside), expired and withdrawn
//! postings never show, a carrier not allowed to operate is hidden by
//! default, broker accounts never see each other's users or saved
//! searches, and fleet and broker roles cannot call each other's API.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, make_user, spawn_app};
use chrono::{Duration, Utc};
use db::entities::{board_index, fleet_account, fleet_vehicle, truck_posting};
use domain::Role;
use domain::geo::{EARTH_RADIUS_MI, LatLon, distance_mi, resolve};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use uuid::Uuid;

fn sizes() -> Sizes {
    Sizes {
        drivers: 1,
        trucks: 3,
        trailers: 0,
    }
}

pub(crate) async fn trucks(app: &TestApp, fleet_id: Uuid) -> Vec<Uuid> {
    fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
        .order_by_asc(fleet_vehicle::Column::Id)
        .all(&app.inspect_db().await)
        .await
        .unwrap()
        .into_iter()
        .map(|v| v.id)
        .collect()
}

pub(crate) fn posting(vehicle: Uuid, origin: &str, equipment: &str) -> Value {
    let today = Utc::now().date_naive();
    json!({
        "vehicle_id": vehicle,
        "location_source": "typed",
        "origin": origin,
        "available_from": today,
        "available_to": today + Duration::days(3),
        "equipment_type": equipment,
        "length_ft": 53,
        "weight_lbs": 45000,
        "destinations": ["TX", "ok"],
        "rate_per_mile_cents": 250,
        "notes": "Team drivers"
    })
}

pub(crate) async fn post_ok(app: &TestApp, body: Value) -> Value {
    let res = app.post("/api/fleet/postings", body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

/// A super admin makes a broker account; its admin sets a password from
/// the invitation and signs in. Returns the admin's browser.
pub(crate) async fn broker(app: &TestApp, name: &str, admin_email: &str) -> TestApp {
    let mut root = app.another_browser();
    let root_email = format!("root-{}@longhaul.test", Uuid::new_v4().simple());
    make_user(app, &root_email, Some(Role::SuperAdmin), None).await;
    root.sign_in(&root_email, "secret1").await;
    let res = root
        .post(
            "/api/admin/broker-accounts",
            json!({ "name": name, "mc_number": "MC-778899", "admin_email": admin_email }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    // The Accounts tab lists it as a broker with its MC number.
    let accounts: Value = root
        .get("/api/admin/accounts?per_page=100")
        .await
        .json()
        .await
        .unwrap();
    let listed = accounts["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == name)
        .expect("the broker account is listed");
    assert_eq!(listed["type"], "broker");
    assert_eq!(listed["mc_number"], "778899");
    let mut b = app.another_browser();
    accept_invite(&b, admin_email).await;
    b.sign_in(admin_email, "Secret123").await;
    b
}

async fn accept_invite(app: &TestApp, email: &str) {
    let token = app.last_link_token(email, "reset-password?token=").await;
    let res = app
        .post(
            "/api/auth/password-reset/complete",
            json!({ "token": token, "password": "Secret123" }),
        )
        .await;
    assert!(res.status().is_success(), "{:?}", res.text().await);
}

/// The point `miles` due north of `from`.
fn north(from: LatLon, miles: f64) -> LatLon {
    LatLon {
        lat: from.lat + (miles / EARTH_RADIUS_MI).to_degrees(),
        lon: from.lon,
    }
}

async fn move_posting(app: &TestApp, id: &str, to: LatLon) {
    let id: Uuid = id.parse().unwrap();
    let db = app.inspect_db().await;
    truck_posting::Entity::update_many()
        .filter(truck_posting::Column::Id.eq(id))
        .col_expr(truck_posting::Column::Lat, Expr::value(to.lat))
        .col_expr(truck_posting::Column::Lon, Expr::value(to.lon))
        .exec(&db)
        .await
        .unwrap();
    board_index::Entity::update_many()
        .filter(board_index::Column::PostingId.eq(id))
        .col_expr(board_index::Column::Lat, Expr::value(to.lat))
        .col_expr(board_index::Column::Lon, Expr::value(to.lon))
        .exec(&db)
        .await
        .unwrap();
}

async fn search(b: &TestApp, query: &str) -> Value {
    let res = b.get(&format!("/api/broker/board/search?{query}")).await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    res.json().await.unwrap()
}

fn ids(page: &Value) -> Vec<String> {
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn radius_search_finds_trucks_inside_and_never_ended_ones() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(
            &app,
            "fleet@board.test",
            "Clear Haul LLC",
            "3100001",
            sizes(),
        )
        .await;
        app.sign_in("fleet@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        let inside = post_ok(&app, posting(t[0], "60601", "van")).await;
        let outside = post_ok(&app, posting(t[1], "60601", "van")).await;
        let withdrawn = post_ok(&app, posting(t[2], "Chicago, IL", "reefer")).await;
        assert_eq!(inside["origin"]["label"], "Chicago, IL");
        assert_eq!(inside["destinations"], json!(["OK", "TX"]));
        // A second active posting of one truck is refused.
        let again = app
            .post("/api/fleet/postings", posting(t[0], "60601", "van"))
            .await;
        assert_eq!(again.status(), StatusCode::CONFLICT);

        let origin = resolve("60601").unwrap().at;
        let radius = 100.0;
        move_posting(
            &app,
            inside["id"].as_str().unwrap(),
            north(origin, radius - 1.0),
        )
        .await;
        move_posting(
            &app,
            outside["id"].as_str().unwrap(),
            north(origin, radius + 1.0),
        )
        .await;
        let d_in = distance_mi(origin, north(origin, radius - 1.0));
        assert!((d_in - 99.0).abs() < 0.01, "{d_in}");

        let b = broker(&app, "Fast Freight Brokers", "boss@fastfreight.test").await;
        let page = search(&b, "origin=60601&radius_mi=100").await;
        assert_eq!(
            ids(&page),
            [
                withdrawn["id"].as_str().unwrap(),
                inside["id"].as_str().unwrap()
            ],
            "nearest first, the truck 1 mile outside left out"
        );
        let first = &page["results"][0];
        assert_eq!(first["carrier"]["legal_name"], "Clear Haul LLC");
        assert_eq!(first["carrier"]["dot_number"], "3100001");
        assert_eq!(first["badges"]["approved"], true);
        assert_eq!(first["badges"]["eld_location_updated_at"], Value::Null);
        assert!((page["results"][1]["deadhead_mi"].as_f64().unwrap() - 99.0).abs() < 0.11);
        // Equipment and destination filters.
        let vans = search(&b, "origin=60601&radius_mi=100&equipment=van").await;
        assert_eq!(ids(&vans), [inside["id"].as_str().unwrap()]);
        let to_ca = search(&b, "origin=60601&radius_mi=100&destinations=CA").await;
        assert!(ids(&to_ca).is_empty());
        // Widening the radius by 2 miles takes the outside truck in.
        let wider = search(&b, "origin=60601&radius_mi=102").await;
        assert_eq!(ids(&wider).len(), 3);

        // Withdrawn: gone from search and from its detail.
        let res = app
            .post(
                &format!(
                    "/api/fleet/postings/{}/withdraw",
                    withdrawn["id"].as_str().unwrap()
                ),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let page = search(&b, "origin=60601&radius_mi=102").await;
        assert!(!ids(&page).contains(&withdrawn["id"].as_str().unwrap().to_owned()));
        let res = b
            .get(&format!(
                "/api/broker/board/postings/{}",
                withdrawn["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);

        // Expired (its window ended): never shown, even before the sweep.
        let db = app.inspect_db().await;
        let id: Uuid = outside["id"].as_str().unwrap().parse().unwrap();
        let past = Utc::now() - Duration::minutes(1);
        truck_posting::Entity::update_many()
            .filter(truck_posting::Column::Id.eq(id))
            .col_expr(truck_posting::Column::ExpiresAt, Expr::value(past))
            .exec(&db)
            .await
            .unwrap();
        board_index::Entity::update_many()
            .filter(board_index::Column::PostingId.eq(id))
            .col_expr(board_index::Column::ExpiresAt, Expr::value(past))
            .exec(&db)
            .await
            .unwrap();
        let page = search(&b, "origin=60601&radius_mi=102").await;
        assert_eq!(ids(&page), [inside["id"].as_str().unwrap()]);
        let mine: Value = app
            .get("/api/fleet/postings?status=ended")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(mine["postings"].as_array().unwrap().len(), 2);
    }
}

#[tokio::test]
async fn a_carrier_not_allowed_to_operate_is_hidden_by_default() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "oos@board.test", "Grounded Inc", "3100002", sizes()).await;
        app.sign_in("oos@board.test", "secret1").await;
        let db = app.inspect_db().await;
        fleet_account::Entity::update_many()
            .filter(fleet_account::Column::Id.eq(fleet_id))
            .col_expr(
                fleet_account::Column::FmcsaData,
                Expr::value(json!({ "content": { "carrier": {
                    "allowedToOperate": "N", "commonAuthorityStatus": "A", "bipdInsuranceOnFile": "750"
                } } })),
            )
            .exec(&db)
            .await
            .unwrap();
        let t = trucks(&app, fleet_id).await;
        let p = post_ok(&app, posting(t[0], "Dallas, TX", "flatbed")).await;
        let b = broker(&app, "Careful Brokers", "care@careful.test").await;
        let page = search(&b, "origin=Dallas%2C%20TX&radius_mi=50").await;
        assert!(ids(&page).is_empty());
        let page = search(
            &b,
            "origin=Dallas%2C%20TX&radius_mi=50&include_not_allowed=true",
        )
        .await;
        assert_eq!(ids(&page), [p["id"].as_str().unwrap()]);
        let badges = &page["results"][0]["badges"];
        assert_eq!(badges["not_allowed_to_operate"], true);
        assert_eq!(badges["authority_active"], true);
        assert_eq!(badges["insurance_on_file"], true);
    }
}

#[tokio::test]
async fn brokers_never_see_each_others_users_or_saved_searches() {
    for backend in backends() {
        let app = spawn_app(backend).await;
        let a = broker(&app, "Alpha Brokerage", "admin@alpha.test").await;
        let b = broker(&app, "Beta Brokerage", "admin@beta.test").await;
        let res = a
            .post(
                "/api/broker/users",
                json!({ "email": "agent@alpha.test", "role": "broker_user" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let sent: Value = res.json().await.unwrap();
        assert_eq!(
            sent,
            json!({ "email": "agent@alpha.test", "message": "Invitation sent to agent@alpha.test" })
        );
        let listed: Value = a.get("/api/broker/users").await.json().await.unwrap();
        let agent = listed["users"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["email"] == "agent@alpha.test")
            .expect("the invited user is listed")
            .clone();
        assert_eq!(agent["invite_pending"], true);
        // An address with an account anywhere on the platform is answered
        // the same way; its owner is told by e-mail, and nothing changes.
        let res = a
            .post(
                "/api/broker/users",
                json!({ "email": "admin@beta.test", "role": "broker_user" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        assert_eq!(
            res.json::<Value>().await.unwrap(),
            json!({ "email": "admin@beta.test", "message": "Invitation sent to admin@beta.test" })
        );
        let told = app.emails_to("admin@beta.test").await;
        let last = told.last().expect("the owner is told");
        assert!(
            last.text.contains("already has a Longhaul account"),
            "{}",
            last.text
        );
        let again: Value = b.get("/api/broker/users").await.json().await.unwrap();
        assert_eq!(
            again["users"].as_array().unwrap().len(),
            1,
            "beta's admin stays beta's"
        );
        let saved = a
            .post(
                "/api/broker/saved-searches",
                json!({ "name": "Chicago vans", "criteria": { "origin": "Chicago, IL", "radius_mi": 150, "equipment": ["van"] }, "alerts": true }),
            )
            .await;
        assert_eq!(saved.status(), StatusCode::CREATED);
        let saved: Value = saved.json().await.unwrap();

        let users: Value = b.get("/api/broker/users").await.json().await.unwrap();
        let emails: Vec<&str> = users["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["email"].as_str().unwrap())
            .collect();
        assert_eq!(emails, ["admin@beta.test"]);
        let list: Value = b
            .get("/api/broker/saved-searches")
            .await
            .json()
            .await
            .unwrap();
        assert!(list["saved_searches"].as_array().unwrap().is_empty());
        let id = saved["id"].as_str().unwrap();
        for res in [
            b.delete(&format!("/api/broker/saved-searches/{id}")).await,
            b.client
                .patch(b.url(&format!("/api/broker/saved-searches/{id}")))
                .header("x-csrf-token", b.csrf.clone().unwrap())
                .json(&json!({ "alerts": false }))
                .send()
                .await
                .unwrap(),
            b.client
                .patch(b.url(&format!(
                    "/api/broker/users/{}",
                    agent["id"].as_str().unwrap()
                )))
                .header("x-csrf-token", b.csrf.clone().unwrap())
                .json(&json!({ "is_active": false }))
                .send()
                .await
                .unwrap(),
        ] {
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
        }
        // The invited user joins and sees the board, not user management.
        // The invitation's page names the brokerage and who invited them,
        // and choosing a password signs them in (issue 29 point 24).
        let mut agent_app = app.another_browser();
        let token = agent_app
            .last_link_token("agent@alpha.test", "reset-password?token=")
            .await;
        let link: Value = agent_app
            .post("/api/auth/password-reset/check", json!({ "token": token }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            link,
            json!({ "email": "agent@alpha.test", "invitation": { "account_name": "Alpha Brokerage", "inviter": "admin@alpha.test" } })
        );
        let res = agent_app
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "Secret123" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let done: Value = res.json().await.unwrap();
        assert_eq!(done["user"]["email"], "agent@alpha.test");
        agent_app.csrf = done["csrf_token"].as_str().map(str::to_owned);
        assert_eq!(
            agent_app.session().await["user"]["role"],
            "broker_user",
            "in, without signing in"
        );
        assert_eq!(
            agent_app.get("/api/broker/users").await.status(),
            StatusCode::FORBIDDEN
        );
        let account: Value = agent_app
            .get("/api/broker/account")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(account["name"], "Alpha Brokerage");
        assert_eq!(account["mc_number"], "778899");
        // A broker admin cannot remove the account's last admin (themself).
        let me: Value = a.session().await;
        let my_id = me["user"]["id"]
            .as_str()
            .map(str::to_owned)
            .unwrap_or_default();
        if !my_id.is_empty() {
            let res = a
                .client
                .patch(a.url(&format!("/api/broker/users/{my_id}")))
                .header("x-csrf-token", a.csrf.clone().unwrap())
                .json(&json!({ "role": "broker_user" }))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::CONFLICT);
        }
    }
}

#[tokio::test]
async fn fleet_admins_and_brokers_cannot_call_each_others_endpoints() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "roles@board.test", "Role Haul", "3100003", sizes()).await;
        app.sign_in("roles@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        let p = post_ok(&app, posting(t[0], "Atlanta, GA", "reefer")).await;
        for path in [
            "/api/broker/board/search?origin=Atlanta%2C%20GA",
            "/api/broker/saved-searches",
            "/api/broker/users",
            "/api/broker/account",
        ] {
            assert_eq!(
                app.get(path).await.status(),
                StatusCode::FORBIDDEN,
                "{path}"
            );
        }
        let b = broker(&app, "Gamma Brokers", "admin@gamma.test").await;
        for path in [
            "/api/fleet/postings",
            &format!("/api/fleet/postings/{}", p["id"].as_str().unwrap()),
        ] {
            assert_eq!(b.get(path).await.status(), StatusCode::FORBIDDEN, "{path}");
        }
        let res = b
            .post("/api/fleet/postings", posting(t[1], "Atlanta, GA", "van"))
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        // Bad input names the field.
        let (status, err) = error_of(
            b.get("/api/broker/board/search?origin=Atlantis%2C%20ZZ")
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err["fields"]["origin"],
            "We could not find that city or ZIP code"
        );
        let (status, err) = error_of(
            b.get("/api/broker/board/search?origin=30301&radius_mi=451")
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err["fields"]["radius_mi"],
            "Choose a radius between 1 and 450 miles"
        );
        let mut bad = posting(t[1], "Atlanta, GA", "spaceship");
        let (status, err) = error_of(app.post("/api/fleet/postings", bad.clone()).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(err["fields"]["equipment_type"], "Choose an equipment type");
        bad["equipment_type"] = json!("van");
        // Two days back: in the past on the fleet's own day too (decision
        // 043), whatever hour the test runs at.
        bad["available_to"] = json!(Utc::now().date_naive() - Duration::days(2));
        let (status, _) = error_of(app.post("/api/fleet/postings", bad).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        // A broker's message reaches the fleet's inbox and its admins' mail.
        let res = b
            .post(
                &format!(
                    "/api/broker/board/postings/{}/contact",
                    p["id"].as_str().unwrap()
                ),
                json!({ "message": "Load from ATL to MIA tomorrow?" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED, "{:?}", res.text().await);
    }
}

#[tokio::test]
async fn a_saved_search_mails_one_digest_for_new_matches_and_unsubscribes_in_one_click() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "digest@board.test", "Digest Haul", "3100004", sizes()).await;
        app.sign_in("digest@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        post_ok(&app, posting(t[0], "Denver, CO", "van")).await;
        let b = broker(&app, "Delta Brokers", "admin@delta.test").await;
        let res = b
            .post(
                "/api/broker/saved-searches",
                json!({ "name": "Denver vans", "criteria": { "origin": "Denver, CO", "radius_mi": 100, "equipment": "van" } }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let deps = longhaul::modules::brokers::deps::BrokersDeps::of(&app.state);
        let run = || longhaul::modules::brokers::alerts::run(&deps, Utc::now());
        // Nothing new since it was saved.
        assert_eq!(run().await.unwrap(), 0);
        post_ok(&app, posting(t[1], "80202", "van")).await;
        post_ok(&app, posting(t[2], "80202", "reefer")).await;
        assert_eq!(run().await.unwrap(), 1);
        // At most one an hour.
        assert_eq!(run().await.unwrap(), 0);
        let digest = app
            .emails_to("admin@delta.test")
            .await
            .into_iter()
            .find(|m| m.subject.contains("Denver vans"))
            .expect("a digest");
        assert!(
            digest.subject.starts_with("1 new truck(s)"),
            "{}",
            digest.subject
        );
        let token = app
            .last_link_token("admin@delta.test", "/unsubscribe/")
            .await;
        let anon = app.another_browser();
        let res = anon
            .post(
                &format!("/api/saved-searches/unsubscribe/{token}"),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let list: Value = b
            .get("/api/broker/saved-searches")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(list["saved_searches"][0]["alerts"], false);
        let res = anon
            .post("/api/saved-searches/unsubscribe/abc", json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn two_postings_of_one_truck_at_once_make_one() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "race@board.test", "Race Haul", "3100005", sizes()).await;
        app.sign_in("race@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        let (a, b) = tokio::join!(
            app.post("/api/fleet/postings", posting(t[0], "Memphis, TN", "van")),
            app.post("/api/fleet/postings", posting(t[0], "Memphis, TN", "van"))
        );
        let mut statuses = [a.status(), b.status()];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::CREATED, StatusCode::CONFLICT]);
        let mine: Value = app.get("/api/fleet/postings").await.json().await.unwrap();
        assert_eq!(mine["postings"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn a_posting_can_follow_the_eld_position_and_shows_its_age() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id =
            crate::eld_sync::admin_with_fleet(&mut app, "eld@board.test", "3100006").await;
        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let trucks_run = crate::eld_sync::sync(&app, fleet_id, "trucks").await;
        assert_eq!(trucks_run["status"], "succeeded");
        let t = trucks(&app, fleet_id).await;
        let pos: Value = app
            .get(&format!("/api/fleet/vehicles/{}/position", t[0]))
            .await
            .json()
            .await
            .unwrap();
        let label = pos["position"]["label"].as_str().expect("a demo position");
        assert!(label.starts_with("near "), "{label}");
        let mut body = posting(t[0], "", "reefer");
        body["location_source"] = json!("eld");
        body["origin"] = Value::Null;
        let p = post_ok(&app, body).await;
        assert_eq!(p["location_source"], "eld");
        // The demo provider reports ages relative to the call: compare loosely.
        let age = |v: &Value| {
            Utc::now()
                - v.as_str()
                    .unwrap()
                    .parse::<chrono::DateTime<Utc>>()
                    .unwrap()
        };
        let drift = age(&p["location_updated_at"]) - age(&pos["position"]["reported_at"]);
        assert!(drift.num_seconds().abs() < 60, "{drift}");
        let at = LatLon {
            lat: pos["position"]["lat"].as_f64().unwrap(),
            lon: pos["position"]["lon"].as_f64().unwrap(),
        };

        // Moved elsewhere with an older report: the refresh job puts it back
        // where the ELD says it is.
        let id: Uuid = p["id"].as_str().unwrap().parse().unwrap();
        move_posting(&app, &id.to_string(), north(at, 300.0)).await;
        truck_posting::Entity::update_many()
            .filter(truck_posting::Column::Id.eq(id))
            .col_expr(
                truck_posting::Column::LocationUpdatedAt,
                Expr::value(Some(Utc::now() - Duration::days(2))),
            )
            .exec(&app.inspect_db().await)
            .await
            .unwrap();
        let run = longhaul::modules::postings::refresh::run(
            &longhaul::modules::postings::refresh::RefreshDeps::of(&app.state),
        )
        .await
        .unwrap();
        assert_eq!(run.moved, 1);
        let b = broker(&app, "Eld Brokers", "admin@eldb.test").await;
        // Searched from the city the position is near.
        let near = label
            .trim_start_matches("near ")
            .replace(' ', "%20")
            .replace(',', "%2C");
        let page = search(&b, &format!("origin={near}&radius_mi=100")).await;
        let found = page["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == p["id"])
            .expect("the truck at its ELD position");
        let badge_age = age(&found["badges"]["eld_location_updated_at"]);
        assert!(badge_age < Duration::hours(7), "{badge_age}");
        // A withdrawn posting is no longer moved.
        app.post(&format!("/api/fleet/postings/{id}/withdraw"), json!({}))
            .await;
        let run = longhaul::modules::postings::refresh::run(
            &longhaul::modules::postings::refresh::RefreshDeps::of(&app.state),
        )
        .await
        .unwrap();
        assert_eq!(run.moved, 0);
    }
}

#[tokio::test]
async fn a_broker_contacting_carriers_in_a_burst_is_held_to_a_budget() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "burst@board.test", "Burst Haul", "3100009", sizes()).await;
        app.sign_in("burst@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        let p = post_ok(&app, posting(t[0], "Atlanta, GA", "van")).await;
        let b = broker(&app, "Burst Brokers", "admin@burst.test").await;
        let path = format!(
            "/api/broker/board/postings/{}/contact",
            p["id"].as_str().unwrap()
        );
        // 40 at once: the budget (10 per 10 minutes) holds under concurrency.
        let answers = futures_util::future::join_all(
            (0..40).map(|i| b.post(&path, json!({ "message": format!("Load {i}?") }))),
        )
        .await;
        let accepted = answers
            .iter()
            .filter(|r| r.status() == StatusCode::ACCEPTED)
            .count();
        let limited = answers
            .iter()
            .filter(|r| r.status() == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert_eq!((accepted, limited), (10, 30));
        let inbox = db::entities::fleet_message::Entity::find()
            .filter(db::entities::fleet_message::Column::FleetAccountId.eq(fleet_id))
            .all(&app.inspect_db().await)
            .await
            .unwrap();
        assert_eq!(inbox.len(), 10, "one inbox row per accepted message");
    }
}

/// The fleet's Stripe customer `cus_{k}` goes past due `days` ago.
pub(crate) async fn past_due_since(app: &TestApp, fleet_id: Uuid, k: &str, days: i64) {
    use longhaul::modules::billing::events::{StripeEvent, apply_event};
    use sea_orm::{ActiveModelTrait, Set};
    fleet_account::ActiveModel {
        id: Set(fleet_id),
        stripe_customer_id: Set(Some(format!("cus_{k}"))),
        ..Default::default()
    }
    .update(&app.inspect_db().await)
    .await
    .unwrap();
    let at = Utc::now().timestamp() - days * 86_400;
    let event: StripeEvent = serde_json::from_value(json!({
        "id": format!("evt_{k}"), "object": "event", "type": "customer.subscription.updated",
        "created": at, "livemode": false,
        "data": { "object": {
            "id": format!("sub_{k}"), "object": "subscription", "customer": format!("cus_{k}"),
            "status": "past_due", "cancel_at_period_end": false, "default_payment_method": "pm_1",
            "items": { "object": "list", "has_more": false, "data": [{ "id": format!("si_{k}"), "quantity": 1,
                "current_period_start": at, "current_period_end": at + 30 * 86_400,
                "price": { "id": "price_1", "unit_amount": 39900, "currency": "usd" } }] } } }
    }))
    .unwrap();
    apply_event(&app.state.db, app.state.carriers.as_ref(), &event)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_read_only_fleets_postings_leave_the_board() {
    use longhaul::job_registry::run_job;
    use longhaul::jobs::Job;
    use longhaul::modules::postings::jobs::BoardRefresh;
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "late@board.test", "Late Haul", "3100010", sizes()).await;
        {
            use sea_orm::{ActiveModelTrait, Set};
            fleet_account::ActiveModel {
                id: Set(fleet_id),
                mc_number: Set(Some("MC-778899".into())),
                contact_phone: Set(Some("6155550142".into())),
                ..Default::default()
            }
            .update(&app.inspect_db().await)
            .await
            .unwrap();
        }
        app.sign_in("late@board.test", "secret1").await;
        let t = trucks(&app, fleet_id).await;
        let p = post_ok(&app, posting(t[0], "Atlanta, GA", "van")).await;
        let id = p["id"].as_str().unwrap().to_owned();
        let b = broker(&app, "Late Brokers", "admin@lateb.test").await;
        let query = "origin=Atlanta%2C%20GA&radius_mi=50";
        let found = search(&b, query).await;
        assert_eq!(ids(&found), std::slice::from_ref(&id));
        // The card reads "MC 778899" and a dialable phone, not "MC MC-778899".
        let carrier = &found["results"][0]["carrier"];
        assert_eq!(carrier["mc_number"], "778899");
        assert_eq!(carrier["contact_phone"], "(615) 555-0142");
        // The carrier's internal id (the key of its portal link) is not on the board.
        let detail = b
            .get(&format!("/api/broker/board/postings/{id}"))
            .await
            .text()
            .await
            .unwrap();
        for body in [found.to_string(), detail] {
            assert!(!body.contains(&fleet_id.to_string()), "{body}");
            assert!(body.contains("carrier_id"), "{body}");
        }

        // Past due for 20 days (grace 14): read-only, and once the board's
        // refresh runs, off the board.
        past_due_since(&app, fleet_id, "late", 20).await;
        run_job(&app.state, BoardRefresh::KIND, json!({}), false)
            .await
            .unwrap();
        assert!(ids(&search(&b, query).await).is_empty());
        assert_eq!(
            b.get(&format!("/api/broker/board/postings/{id}"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        let res = b
            .post(
                &format!("/api/broker/board/postings/{id}/contact"),
                json!({ "message": "Still there?" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        // The fleet still sees its posting, and cannot change it.
        assert_eq!(
            app.get(&format!("/api/fleet/postings/{id}")).await.status(),
            StatusCode::OK
        );
    }
}
