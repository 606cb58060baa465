//! The fleet dashboard API: tenant isolation, the cleanups, drivers by hand,
//! settings and their bad input, and the enforced session timeout.

use crate::helpers::{Backend, TestApp, error_of, make_user, new_client};
use crate::on_each_backend;
use domain::Role;
use longhaul::seed::{Sizes, find_fleet_by_dot, seed_fleet_assets};
use reqwest::StatusCode;
use sea_orm::{
    ConnectionTrait, DatabaseBackend, EntityTrait, PaginatorTrait, Statement, TransactionTrait,
};
use serde_json::{Value, json};
use uuid::Uuid;

/// A fleet with its admin and seeded trucks, trailers and drivers.
pub(crate) async fn fleet(app: &TestApp, email: &str, name: &str, dot: &str, sizes: Sizes) -> Uuid {
    make_user(app, email, Some(Role::FleetAdmin), Some((name, dot))).await;
    let fleet = find_fleet_by_dot(&app.state, dot).await.unwrap();
    seed_fleet_assets(&app.state, fleet.id, sizes, name)
        .await
        .unwrap();
    fleet.id
}

async fn ids(app: &TestApp, path: &str) -> Vec<String> {
    let mut out = Vec::new();
    for tab in ["active", "inactive"] {
        let page: Value = app
            .get(&format!("{path}?tab={tab}&per_page=200"))
            .await
            .json()
            .await
            .unwrap();
        out.extend(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i["id"].as_str().unwrap().to_owned()),
        );
    }
    out
}

on_each_backend!(
    another_fleets_ids_answer_404_and_change_nothing,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "a@alpha.example",
            "Alpha Haulers",
            "6000001",
            Sizes {
                drivers: 6,
                trucks: 8,
                trailers: 5,
            },
        )
        .await;
        let beta = fleet(
            &app,
            "b@beta.example",
            "Beta Lines",
            "6000002",
            Sizes {
                drivers: 5,
                trucks: 7,
                trailers: 4,
            },
        )
        .await;

        app.sign_in("b@beta.example", "secret1").await;
        let (b_trucks, b_trailers, b_drivers) = (
            ids(&app, "/api/fleet/trucks").await,
            ids(&app, "/api/fleet/trailers").await,
            ids(&app, "/api/fleet/drivers").await,
        );
        assert_eq!(
            (b_trucks.len(), b_trailers.len(), b_drivers.len()),
            (6, 4, 5),
            "decommissioned truck hidden"
        );

        app.client = new_client();
        app.sign_in("a@alpha.example", "secret1").await;
        let account: Value = app.get("/api/fleet/account").await.json().await.unwrap();
        assert_eq!(account["legal_name"], "Alpha Haulers");
        let a_trucks = ids(&app, "/api/fleet/trucks").await;
        assert!(
            a_trucks.iter().all(|id| !b_trucks.contains(id)),
            "lists hold only the own fleet's rows"
        );

        let count_rows = || async {
            let db = &app.inspect_db().await;
            (
                db::entities::fleet_vehicle::Entity::find()
                    .count(db)
                    .await
                    .unwrap(),
                db::entities::fleet_driver::Entity::find()
                    .all(db)
                    .await
                    .unwrap()
                    .iter()
                    .map(|d| (d.id, d.first_name.clone(), d.is_active))
                    .collect::<Vec<_>>(),
            )
        };
        let before = count_rows().await;
        for id in &b_trucks {
            let (status, error) = error_of(app.get(&format!("/api/fleet/trucks/{id}")).await).await;
            assert_eq!(
                (status, error["code"].as_str()),
                (StatusCode::NOT_FOUND, Some("not_found"))
            );
        }
        for id in &b_trailers {
            assert_eq!(
                app.get(&format!("/api/fleet/trailers/{id}")).await.status(),
                StatusCode::NOT_FOUND
            );
        }
        for id in &b_drivers {
            assert_eq!(
                app.get(&format!("/api/fleet/drivers/{id}")).await.status(),
                StatusCode::NOT_FOUND
            );
            let res = app
                .put(
                    &format!("/api/fleet/drivers/{id}"),
                    json!({ "first_name": "Hijacked" }),
                )
                .await;
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
            let res = app
                .post(&format!("/api/fleet/drivers/{id}/deactivate"), json!({}))
                .await;
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
        }
        // A missing id and a malformed one look the same as a foreign one.
        assert_eq!(
            app.get(&format!("/api/fleet/trucks/{}", Uuid::new_v4()))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.get("/api/fleet/drivers/not-an-id").await.status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(count_rows().await, before, "nothing changed");

        // Other roles never get a fleet scope.
        app.client = new_client();
        let (status, _) = error_of(app.get("/api/fleet/trucks").await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        if app.backend == Backend::Postgres {
            rls_hides_the_other_fleet(&app, beta).await;
        }
    }
);

/// As the server's serving role (no BYPASSRLS, owns nothing) with fleet A
/// set, B's rows are invisible.
async fn rls_hides_the_other_fleet(app: &TestApp, beta: Uuid) {
    let db = &app.state.db;
    let alpha: String = app
        .inspect_db()
        .await
        .query_one_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT id::text AS id FROM fleet_accounts WHERE dot_number = '6000001'",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get("", "id")
        .unwrap();
    for table in ["fleet_vehicles", "fleet_trailers", "fleet_drivers"] {
        let txn = db.begin().await.unwrap();
        txn.execute_unprepared(&format!(
            "SELECT set_config('app.fleet_account_id', '{alpha}', true)"
        ))
        .await
        .unwrap();
        let row = txn
            .query_one_raw(Statement::from_string(DatabaseBackend::Postgres, format!(
                "SELECT COUNT(*) FILTER (WHERE fleet_account_id = '{beta}') AS other, COUNT(*) AS seen FROM {table}")))
            .await.unwrap().unwrap();
        let (other, seen): (i64, i64) = (
            row.try_get("", "other").unwrap(),
            row.try_get("", "seen").unwrap(),
        );
        assert_eq!(other, 0, "{table}: the other fleet's rows are invisible");
        assert!(seen > 0, "{table}: the own rows are visible");
        txn.rollback().await.unwrap();
        let txn = db.begin().await.unwrap();
        let row = txn
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                format!("SELECT COUNT(*) AS n FROM {table}"),
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            row.try_get::<i64>("", "n").unwrap(),
            0,
            "{table}: no fleet set, nothing visible"
        );
        txn.rollback().await.unwrap();
    }
}

on_each_backend!(
    cleanups_rules_and_drivers_by_hand,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "c@gamma.example",
            "Gamma Freight",
            "6000003",
            Sizes {
                drivers: 6,
                trucks: 10,
                trailers: 6,
            },
        )
        .await;
        app.sign_in("c@gamma.example", "secret1").await;

        // The seed leaves the fleet as a sync would: the truck whose ELD
        // driver this fleet does not know (truck 109) and the one of its
        // inactive driver (truck 108) have lost their drivers.
        let stamps = |db: sea_orm::DatabaseConnection| async move {
            db::entities::fleet_vehicle::Entity::find()
                .all(&db)
                .await
                .unwrap()
                .into_iter()
                .map(|t| (t.id, t.updated_at, t.assigned_driver_eld_id, t.status))
                .collect::<Vec<_>>()
        };
        let db = app.inspect_db().await;
        let before = stamps(db.clone()).await;
        let inactive: Value = app
            .get("/api/fleet/trucks?tab=inactive&q=truck%20109")
            .await
            .json()
            .await
            .unwrap();
        let unknown = inactive["items"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(inactive["items"][0]["assigned_driver_name"], Value::Null);
        let overview: Value = app.get("/api/fleet/overview").await.json().await.unwrap();
        assert_eq!(overview["welcome_name"], "Gamma Freight");
        assert_eq!(overview["drivers_active"], 5);
        assert_eq!(overview["power_units"]["registered"], 1);
        let truck_108: Value = app
            .get("/api/fleet/trucks?tab=inactive&q=truck%20108")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(truck_108["items"][0]["assigned_driver_name"], Value::Null);
        // The detail says why the truck has no driver, every time.
        for _ in 0..2 {
            let detail: Value = app
                .get(&format!("/api/fleet/trucks/{unknown}"))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(detail["cleanup_notice"], true);
            assert_eq!(detail["status"], "inactive");
            assert_eq!(detail["driver"], Value::Null);
        }
        // Reading the lists, the overview and the details wrote nothing.
        assert_eq!(stamps(db).await, before, "a read never writes");
        // The decommissioned truck never shows.
        let all = ids(&app, "/api/fleet/trucks").await;
        assert_eq!(all.len(), 9);

        // A synced driver on a truck links to the driver.
        let active: Value = app
            .get("/api/fleet/trucks?per_page=1")
            .await
            .json()
            .await
            .unwrap();
        let truck = active["items"][0]["id"].as_str().unwrap();
        let detail: Value = app
            .get(&format!("/api/fleet/trucks/{truck}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(detail["driver"]["kind"], "synced");
        let driver_id = detail["driver"]["id"].as_str().unwrap().to_owned();
        let driver: Value = app
            .get(&format!("/api/fleet/drivers/{driver_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(driver["assigned_truck"]["id"], truck);
        assert!(
            driver["phone_display"]
                .as_str()
                .unwrap()
                .starts_with("(615) 555-")
        );

        // Search is case-insensitive and done by the server.
        let found: Value = app
            .get("/api/fleet/drivers?q=JOHNSON")
            .await
            .json()
            .await
            .unwrap();
        assert!(found["total"].as_u64().unwrap() >= 1);
        assert!(
            found["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|d| d["display_name"].as_str().unwrap().contains("Johnson"))
        );

        // Drivers by hand.
        let (status, error) = error_of(
            app.post(
                "/api/fleet/drivers",
                json!({ "first_name": " ", "phone": "12", "license_state": "Tennessee" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"]["first_name"], "Enter a first or last name");
        assert!(
            error["fields"]["phone"].is_string() && error["fields"]["license_state"].is_string()
        );
        let res = app.post("/api/fleet/drivers", json!({ "first_name": "Nia", "last_name": "Newman", "username": "nnewman", "phone": "16155550199", "license_number": "x123", "license_state": "tn" })).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let nia: Value = res.json().await.unwrap();
        assert_eq!(nia["display_name"], "Nia Newman");
        assert_eq!(nia["phone_display"], "+1 (615) 555-0199");
        assert_eq!(nia["license_state"], "TN");
        let (status, error) = error_of(
            app.post(
                "/api/fleet/drivers",
                json!({ "first_name": "Other", "username": "nnewman" }),
            )
            .await,
        )
        .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("username_taken"))
        );
        let id = nia["id"].as_str().unwrap();
        let edited: Value = app
            .put(
                &format!("/api/fleet/drivers/{id}"),
                json!({ "last_name": "Newman-Lee", "username": "nnewman" }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(edited["display_name"], "Newman-Lee");
        let off: Value = app
            .post(&format!("/api/fleet/drivers/{id}/deactivate"), json!({}))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(off["is_active"], false);
        let inactive: Value = app
            .get("/api/fleet/drivers?tab=inactive")
            .await
            .json()
            .await
            .unwrap();
        assert!(
            inactive["items"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["id"] == id)
        );
        let (status, _) = error_of(app.get("/api/fleet/drivers?tab=sideways").await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (status, _) = error_of(app.get("/api/fleet/trucks?page=abc").await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
);

on_each_backend!(
    company_settings_refuse_bad_input_and_enforce_the_timeout,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "d@delta.example",
            "Delta Carriers",
            "6000004",
            Sizes {
                drivers: 2,
                trucks: 2,
                trailers: 1,
            },
        )
        .await;
        app.sign_in("d@delta.example", "secret1").await;

        let (status, error) = error_of(
            app.put(
                "/api/fleet/settings/branding",
                json!({ "primary_color": "blue", "secondary_color": "#12345" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["primary_color"],
            "Enter a colour as #RRGGBB"
        );
        assert_eq!(
            error["fields"]["secondary_color"],
            "Enter a colour as #RRGGBB"
        );
        let saved: Value = app
            .put(
                "/api/fleet/settings/branding",
                json!({ "primary_color": "#0a7f5a", "secondary_color": "#6E56CF" }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(saved["branding"]["primary_color"], "#0A7F5A");

        for (value, message) in [
            (json!(5), "Session timeout must be at least 15 minutes"),
            (
                json!("abc"),
                "Session timeout must be a whole number of minutes",
            ),
            (json!(2000), "Session timeout must be at most 1440 minutes"),
        ] {
            let (status, error) = error_of(
                app.put(
                    "/api/fleet/settings/security",
                    json!({ "session_timeout_minutes": value }),
                )
                .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert_eq!(error["fields"]["session_timeout_minutes"], message);
        }

        let portal = |password: Value| json!({ "is_enabled": true, "login_method": "email", "auth_type": "system_password", "welcome_message": "Hi", "system_password": password });
        let (status, error) = error_of(
            app.put("/api/fleet/settings/portal", portal(json!("")))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let required = "System Password Required: Please enter a system password when using company-wide authentication.";
        assert_eq!(error["message"], required);
        assert_eq!(error["fields"]["system_password"], required);
        // Every driver signs in with it: the accounts' password rule.
        for weak in ["123456", "drivers-2026", "DRIVERS-2026", "Drivers-only"] {
            let (status, error) = error_of(
                app.put("/api/fleet/settings/portal", portal(json!(weak)))
                    .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{weak}");
            assert!(error["fields"]["system_password"].is_string(), "{weak}");
        }
        let saved: Value = app
            .put("/api/fleet/settings/portal", portal(json!("Drivers-2026")))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(saved["portal"]["has_system_password"], true);
        assert!(
            !saved.to_string().contains("Drivers-2026"),
            "never sent back"
        );
        let row = db::entities::fleet_account::Entity::find_by_id(
            uuid::Uuid::parse_str(saved["id"].as_str().unwrap()).unwrap(),
        )
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap();
        assert!(
            row.portal_system_password_hash
                .unwrap()
                .starts_with("$argon2id$"),
            "stored hashed"
        );
        // Keeping the stored password: an empty field is fine now.
        assert_eq!(
            app.put("/api/fleet/settings/portal", portal(json!(null)))
                .await
                .status(),
            StatusCode::OK
        );

        // Logos: too big, not an image, then a real PNG.
        let upload = |bytes: Vec<u8>| {
            let part = reqwest::multipart::Part::bytes(bytes)
                .file_name("logo.png")
                .mime_str("image/png")
                .unwrap();
            app.client
                .post(app.url("/api/fleet/settings/logo"))
                .header("x-csrf-token", app.csrf.clone().unwrap())
                .multipart(reqwest::multipart::Form::new().part("logo", part))
                .send()
        };
        let (status, _) = error_of(upload(vec![0u8; 10 * 1024 * 1024]).await.unwrap()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let (status, _) = error_of(upload(b"%PDF-1.7 not an image".to_vec()).await.unwrap()).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let png = [
            &[0x89u8, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A][..],
            &[0u8; 64],
        ]
        .concat();
        let res = upload(png.clone()).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let saved: Value = res.json().await.unwrap();
        let logo = app
            .get(saved["branding"]["logo_url"].as_str().unwrap())
            .await;
        assert_eq!(logo.headers()["content-type"], "image/png");
        assert_eq!(logo.bytes().await.unwrap().to_vec(), png);

        // The timeout is enforced, not only stored.
        let saved: Value = app
            .put(
                "/api/fleet/settings/security",
                json!({ "session_timeout_minutes": 15 }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(saved["security"]["session_timeout_minutes"], 15);
        assert_eq!(app.get("/api/fleet/account").await.status(), StatusCode::OK);
        let stale = chrono::Utc::now() - chrono::Duration::minutes(16);
        db::entities::session::Entity::update_many()
            .col_expr(
                db::entities::session::Column::LastSeenAt,
                sea_orm::sea_query::Expr::value(stale),
            )
            .exec(&app.state.db)
            .await
            .unwrap();
        let (status, _) = error_of(app.get("/api/fleet/account").await).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "idle past the fleet's timeout: signed out"
        );
        assert_eq!(app.session().await["user"], Value::Null);
    }
);

/// The ids of one tab's page, with the page's (active, inactive) counts.
async fn page_of(app: &TestApp, path: &str) -> (Vec<String>, (u64, u64)) {
    let page: Value = app.get(path).await.json().await.unwrap();
    let ids = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect();
    let counts = (
        page["counts"]["active"].as_u64().unwrap(),
        page["counts"]["inactive"].as_u64().unwrap(),
    );
    (ids, counts)
}

on_each_backend!(
    searched_pages_walk_each_tab_in_order_with_both_counts,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "s@search-paging.example",
            "Search Paging Freight",
            "6000019",
            Sizes {
                drivers: 9,
                trucks: 12,
                trailers: 7,
            },
        )
        .await;
        app.sign_in("s@search-paging.example", "secret1").await;

        // Searches every row of the seed matches (a truck's name, a
        // trailer's name, a driver's phone), so both tabs have rows.
        for (list, q) in [
            ("/api/fleet/trucks", "truck"),
            ("/api/fleet/trailers", "trailer"),
            ("/api/fleet/drivers", "615555"),
        ] {
            let (_, unsearched) = page_of(&app, list).await;
            for tab in ["active", "inactive"] {
                let (whole, counts) =
                    page_of(&app, &format!("{list}?tab={tab}&q={q}&per_page=200")).await;
                assert_eq!(counts, unsearched, "{list} q={q}: every row is found");
                // The same rows, in the same order, two at a time.
                let mut walked = Vec::new();
                for page in 1.. {
                    let (ids, page_counts) = page_of(
                        &app,
                        &format!("{list}?tab={tab}&q={q}&per_page=2&page={page}"),
                    )
                    .await;
                    assert_eq!(page_counts, counts, "{list} {tab} page {page}");
                    if ids.is_empty() {
                        break;
                    }
                    walked.extend(ids);
                }
                assert!(!whole.is_empty(), "{list} {tab}");
                assert_eq!(walked, whole, "{list} {tab} q={q}");
            }
        }

        // A search whose rows are all in the other tab: an empty page that
        // still counts them.
        let last_phone = "6155550008";
        let (ids, counts) = page_of(
            &app,
            &format!("/api/fleet/drivers?tab=active&q={last_phone}"),
        )
        .await;
        assert_eq!(
            (ids.len(), counts),
            (0, (0, 1)),
            "the last driver is inactive"
        );
        let (ids, counts) = page_of(
            &app,
            &format!("/api/fleet/drivers?tab=inactive&q={last_phone}"),
        )
        .await;
        assert_eq!((ids.len(), counts), (1, (0, 1)));
    }
);

on_each_backend!(
    lists_answer_any_page_number_without_failing,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "p@paging.example",
            "Paging Freight",
            "6000009",
            Sizes {
                drivers: 7,
                trucks: 9,
                trailers: 6,
            },
        )
        .await;
        app.sign_in("p@paging.example", "secret1").await;

        for list in [
            "/api/fleet/trucks",
            "/api/fleet/trailers",
            "/api/fleet/drivers",
        ] {
            // The tab counts match each tab's own total, with and without a search.
            for q in ["", "&q=2"] {
                let mut totals = Vec::new();
                for tab in ["active", "inactive"] {
                    let page: Value = app
                        .get(&format!("{list}?tab={tab}{q}"))
                        .await
                        .json()
                        .await
                        .unwrap();
                    assert_eq!(
                        page["items"].as_array().unwrap().len() as u64,
                        page["total"].as_u64().unwrap(),
                        "{list} {tab}{q}"
                    );
                    totals.push((page["total"].clone(), page["counts"][tab].clone()));
                }
                assert_ne!(
                    totals[0].0, totals[1].0,
                    "{list}{q}: uneven tabs catch swapped counts"
                );
                for (total, count) in totals {
                    assert_eq!(total, count, "{list}{q}");
                }
            }

            // A page far past the end (u64::MAX overflowed the OFFSET maths once) is simply empty.
            let res = app.get(&format!("{list}?page=18446744073709551615")).await;
            assert_eq!(res.status(), StatusCode::OK, "{list}");
            let page: Value = res.json().await.unwrap();
            assert_eq!(page["items"].as_array().unwrap().len(), 0, "{list}");
            let first: Value = app.get(list).await.json().await.unwrap();
            assert!(!first["items"].as_array().unwrap().is_empty(), "{list}");
            assert_eq!(page["total"], first["total"], "{list}");

            // Not a number: a 400 that says so, not a 500.
            let (status, error) = error_of(app.get(&format!("{list}?page=abc")).await).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{list}");
            assert!(
                error["message"].as_str().unwrap().contains("page"),
                "{list}: {error}"
            );
        }

        app.sign_in(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD)
            .await;
        for list in ["signups", "users", "accounts", "fleet-accounts", "audit"] {
            let res = app
                .get(&format!(
                    "/api/admin/{list}?page=18446744073709551615&per_page=100"
                ))
                .await;
            assert_eq!(res.status(), StatusCode::OK, "{list}");
            let page: Value = res.json().await.unwrap();
            assert_eq!(page["items"].as_array().unwrap().len(), 0, "{list}");
        }
    }
);

on_each_backend!(
    concurrent_writes_of_one_fleet_all_succeed,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "w@writers.example",
            "Writers Freight",
            "6000010",
            Sizes {
                drivers: 4,
                trucks: 4,
                trailers: 2,
            },
        )
        .await;
        app.sign_in("w@writers.example", "secret1").await;
        let driver = ids(&app, "/api/fleet/drivers").await[0].clone();
        let truck = ids(&app, "/api/fleet/trucks").await[0].clone();

        // Office staff in several tabs: transactions that read, then write, at once.
        // On SQLite a deferred transaction fails such a race with "database is locked".
        let mut tasks = tokio::task::JoinSet::new();
        for n in 0..24 {
            let client = app.client.clone();
            let csrf = app.csrf.clone().unwrap();
            let base = app.address.clone();
            let (driver, truck) = (driver.clone(), truck.clone());
            tasks.spawn(async move {
                let req = match n % 4 {
                    0 => client.post(format!("{base}/api/fleet/drivers")).json(&json!({
                        "first_name": "Racer", "last_name": format!("Number {n}"), "username": format!("racer{n}")
                    })),
                    1 => client.post(format!("{base}/api/fleet/drivers/{driver}/deactivate")),
                    2 => client.get(format!("{base}/api/fleet/overview")),
                    _ => client.get(format!("{base}/api/fleet/trucks/{truck}")),
                };
                let res = req.header("x-csrf-token", csrf).send().await.unwrap();
                (n, res.status(), res.text().await.unwrap())
            });
        }
        while let Some(done) = tasks.join_next().await {
            let (n, status, body) = done.unwrap();
            assert!(status.is_success(), "request {n}: {status} {body}");
        }
        let racers: Value = app
            .get("/api/fleet/drivers?q=racer&per_page=200")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(racers["total"], 6);
    }
);

/// Every item of a list's tab, fetched `per_page` at a time.
async fn all_pages(app: &TestApp, path: &str, tab: &str, per_page: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for page in 1.. {
        let body: Value = app
            .get(&format!("{path}?tab={tab}&per_page={per_page}&page={page}"))
            .await
            .json()
            .await
            .unwrap();
        let items = body["items"].as_array().unwrap().clone();
        if items.is_empty() {
            break;
        }
        out.extend(items);
    }
    out
}

on_each_backend!(
    unnamed_trailers_sort_last_in_one_stable_order,
    |mut app: TestApp| async move {
        let fleet_id = fleet(
            &app,
            "u@unnamed.example",
            "Unnamed Freight",
            "6000011",
            Sizes {
                drivers: 3,
                trucks: 3,
                trailers: 20, // two without a name
            },
        )
        .await;
        // More shown as 'Unnamed Trailer' (no name, empty, blank) and named twins.
        let now = chrono::Utc::now();
        let names = [
            None,
            Some(""),
            Some("  "),
            None,
            Some("Trailer 000"),
            Some("Trailer 000"),
            Some("Trailer 000"),
        ];
        let rows = names.iter().map(|name| {
            let mut row = db::entities::fleet_trailer::ActiveModel {
                id: sea_orm::Set(Uuid::new_v4()),
                fleet_account_id: sea_orm::Set(fleet_id),
                name: sea_orm::Set(name.map(str::to_owned)),
                trailer_id: sea_orm::Set(None),
                trailer_type: sea_orm::Set(None),
                vin: sea_orm::Set(None),
                license_plate: sea_orm::Set(None),
                status: sea_orm::Set("active".into()),
                notes: sea_orm::Set(None),
                is_active: sea_orm::Set(true),
                assigned_driver_eld_id: sea_orm::Set(None),
                assigned_driver_name: sea_orm::Set(None),
                assigned_driver_id: sea_orm::Set(None),
                assigned_at: sea_orm::Set(None),
                raw: sea_orm::Set(None),
                eld_provider: sea_orm::Set(None),
                eld_fingerprint: sea_orm::Set(None),
                created_at: sea_orm::Set(now),
                updated_at: sea_orm::Set(now),
                list_tab: sea_orm::NotSet,
                unnamed: sea_orm::NotSet,
                search_text: sea_orm::NotSet,
            };
            // A bulk insert runs no `before_save`.
            row.derive_list_columns(true).unwrap();
            row
        });
        let txn = app.state.db.begin().await.unwrap();
        db::tenancy::set_system(&txn, &app.state.system_key)
            .await
            .unwrap();
        db::entities::fleet_trailer::Entity::insert_many(rows)
            .exec(&txn)
            .await
            .unwrap();
        txn.commit().await.unwrap();
        app.sign_in("u@unnamed.example", "secret1").await;

        for tab in ["active", "inactive"] {
            let whole = all_pages(&app, "/api/fleet/trailers", tab, 200).await;
            let name = |t: &Value| t["name"].as_str().unwrap_or("").trim().to_owned();
            let unnamed = whole.iter().filter(|t| name(t).is_empty()).count();
            if tab == "active" {
                assert_eq!(whole.len(), 18 + 7, "{:?}", app.backend);
                assert_eq!(unnamed, 6, "{:?}", app.backend);
            }
            // Named first, by name; the unnamed after them all.
            let first_unnamed = whole
                .iter()
                .position(|t| name(t).is_empty())
                .unwrap_or(whole.len());
            assert!(
                whole[first_unnamed..].iter().all(|t| name(t).is_empty()),
                "{tab} on {:?}: {:?}",
                app.backend,
                whole.iter().map(name).collect::<Vec<_>>()
            );
            let named: Vec<String> = whole[..first_unnamed].iter().map(name).collect();
            let mut sorted = named.clone();
            sorted.sort();
            assert_eq!(named, sorted, "{tab} on {:?}", app.backend);
            // Page by page the same rows in the same order: no repeats, none skipped.
            let ids = |items: &[Value]| items.iter().map(|t| t["id"].clone()).collect::<Vec<_>>();
            for per_page in [1, 4, 5] {
                let paged = all_pages(&app, "/api/fleet/trailers", tab, per_page).await;
                assert_eq!(
                    ids(&paged),
                    ids(&whole),
                    "{tab} by {per_page} on {:?}",
                    app.backend
                );
            }
        }
    }
);

on_each_backend!(
    drivers_search_finds_the_full_name_and_the_phone_as_displayed,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "s@search.example",
            "Search Freight",
            "6000012",
            Sizes {
                drivers: 16, // James Johnson is the first, phones 615555000n
                trucks: 2,
                trailers: 1,
            },
        )
        .await;
        app.sign_in("s@search.example", "secret1").await;
        let res = app
            .post(
                "/api/fleet/drivers",
                json!({ "first_name": "Nia", "last_name": "Newman", "phone": "+1 615.555.0199" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);

        let found = |q: &'static str| {
            let app = &app;
            async move {
                let q = q
                    .replace(' ', "%20")
                    .replace('+', "%2B")
                    .replace('(', "%28")
                    .replace(')', "%29");
                let page: Value = app
                    .get(&format!("/api/fleet/drivers?q={q}&per_page=200"))
                    .await
                    .json()
                    .await
                    .unwrap();
                page["items"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| {
                        format!(
                            "{} {}",
                            d["display_name"].as_str().unwrap(),
                            d["phone_display"].as_str().unwrap()
                        )
                    })
                    .collect::<Vec<_>>()
            }
        };
        let james = vec!["James Johnson (615) 555-0000".to_owned()];
        assert_eq!(found("james johnson").await, james, "{:?}", app.backend);
        assert_eq!(
            found("  JAMES   Johnson ").await,
            james,
            "{:?}",
            app.backend
        );
        assert_eq!(found("es joh").await, james, "{:?}", app.backend);
        let seventh = found("(615) 555-0007").await;
        assert_eq!(seventh.len(), 1, "{seventh:?} on {:?}", app.backend);
        assert!(seventh[0].ends_with("(615) 555-0007"), "{seventh:?}");
        assert_eq!(found("615-555-0007").await, seventh, "{:?}", app.backend);
        assert_eq!(
            found("+1 (615) 555-0007").await,
            seventh,
            "{:?}",
            app.backend
        );
        // A phone stored with punctuation is found by its digits in any format.
        let nia = vec!["Nia Newman +1 (615) 555-0199".to_owned()];
        assert_eq!(found("(615) 555-0199").await, nia, "{:?}", app.backend);
        assert_eq!(found("6155550199").await, nia, "{:?}", app.backend);
        assert_eq!(found("555 0199").await, nia, "{:?}", app.backend);
        // Names that do not go together find nobody.
        assert!(found("james garcia").await.is_empty(), "{:?}", app.backend);
    }
);

on_each_backend!(
    the_demo_fleets_rate_is_its_bands_rate,
    |mut app: TestApp| async move {
        use longhaul::seed::{DEMO_EMAIL, DEMO_PASSWORD, seed_demo};
        assert!(seed_demo(&app.state).await.unwrap());
        app.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await;
        let account: Value = app.get("/api/fleet/account").await.json().await.unwrap();
        let units = account["power_units"].as_i64().unwrap();
        let band = domain::pricing::band_for(units);
        assert_eq!(
            account["monthly_rate_cents"].as_i64(),
            Some(band.monthly_rate_cents),
            "{units} units are in the {} band",
            band.label
        );
    }
);

on_each_backend!(
    a_fleet_with_equipment_and_no_drivers_lists_it_unassigned,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "e@equipment.example",
            "Equipment Only",
            "6000031",
            Sizes {
                drivers: 0,
                trucks: 4,
                trailers: 3,
            },
        )
        .await;
        app.sign_in("e@equipment.example", "secret1").await;
        let trailers = ids(&app, "/api/fleet/trailers").await;
        assert_eq!(trailers.len(), 3);
        let page: Value = app
            .get("/api/fleet/trucks?tab=active&per_page=50")
            .await
            .json()
            .await
            .unwrap();
        assert!(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["assigned_driver_id"].is_null()),
            "{page}"
        );
    }
);
