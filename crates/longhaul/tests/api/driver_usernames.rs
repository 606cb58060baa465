//! Issue 9 point 11: a driver's username is unique within its fleet, held by
//! a unique index — concurrent creations cannot make two — and answered 409.

use crate::helpers::{Backend, PgDatabase, TestApp, backends, make_user};
use crate::on_each_backend;
use chrono::Utc;
use domain::Role;
use reqwest::StatusCode;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ConnectionTrait, TransactionTrait};
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};
use uuid::Uuid;

async fn fleet_admin(app: &mut TestApp, email: &str, name: &str, dot: &str) {
    make_user(app, email, Some(Role::FleetAdmin), Some((name, dot))).await;
    app.client = crate::helpers::new_client();
    app.sign_in(email, "secret1").await;
}

/// `n` simultaneous requests; the statuses and error codes.
async fn at_once(
    app: &TestApp,
    n: usize,
    request: impl Fn(&reqwest::Client, &str, usize) -> reqwest::RequestBuilder,
) -> Vec<(StatusCode, Value)> {
    let csrf = app.csrf.clone().unwrap();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..n {
        let req = request(&app.client, &app.address, i).header("x-csrf-token", &csrf);
        tasks.spawn(async move {
            let res = req.send().await.unwrap();
            let status = res.status();
            (status, res.json::<Value>().await.unwrap_or(Value::Null))
        });
    }
    let mut out = Vec::new();
    while let Some(done) = tasks.join_next().await {
        out.push(done.unwrap());
    }
    out
}

async fn drivers_named(app: &TestApp, username: &str) -> usize {
    let page: Value = app
        .get(&format!("/api/fleet/drivers?q={username}&per_page=200"))
        .await
        .json()
        .await
        .unwrap();
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["username"] == username)
        .count()
}

on_each_backend!(
    concurrent_creations_with_one_username_make_one_driver,
    |mut app: TestApp| async move {
        fleet_admin(&mut app, "u@unique.test", "Unique Freight", "6100001").await;
        let results = at_once(&app, 30, |client, base, i| {
            client
                .post(format!("{base}/api/fleet/drivers"))
                .json(&json!({ "first_name": format!("Twin {i}"), "username": "jdoe" }))
        })
        .await;
        let created = results
            .iter()
            .filter(|(s, _)| *s == StatusCode::CREATED)
            .count();
        assert_eq!(created, 1, "{:?}: {results:?}", app.backend);
        for (status, body) in &results {
            if *status != StatusCode::CREATED {
                assert_eq!(*status, StatusCode::CONFLICT, "{body}");
                assert_eq!(body["error"]["code"], "username_taken", "{body}");
                assert_eq!(
                    body["error"]["message"],
                    "Another driver of this fleet already has that username"
                );
            }
        }
        assert_eq!(drivers_named(&app, "jdoe").await, 1);

        // Renaming two drivers to one name at once: one of them gets it.
        let mut ids = Vec::new();
        for name in ["amy", "ben"] {
            let body: Value = app
                .post(
                    "/api/fleet/drivers",
                    json!({ "first_name": name, "username": name }),
                )
                .await
                .json()
                .await
                .unwrap();
            ids.push(body["id"].as_str().unwrap().to_owned());
        }
        let results = at_once(&app, 20, |client, base, i| {
            client
                .put(format!("{base}/api/fleet/drivers/{}", ids[i % 2]))
                .json(&json!({ "first_name": "Renamed", "username": "shared" }))
        })
        .await;
        assert!(
            results
                .iter()
                .all(|(s, _)| *s == StatusCode::OK || *s == StatusCode::CONFLICT),
            "{results:?}"
        );
        assert_eq!(drivers_named(&app, "shared").await, 1, "{results:?}");

        // Another fleet may use the same username.
        fleet_admin(&mut app, "o@other.test", "Other Freight", "6100002").await;
        let res = app
            .post(
                "/api/fleet/drivers",
                json!({ "first_name": "Jo", "username": "jdoe" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
);

/// Drivers that already share a username when the index arrives: the
/// earliest keeps it, later ones are renamed `<name>-2`, `-3`, … skipping
/// names the fleet already uses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_migration_renames_existing_duplicates() {
    for backend in backends() {
        let (owner, inspect) = match backend {
            Backend::Sqlite => {
                let path = std::env::temp_dir()
                    .join(format!("longhaul-mig-{}.db", Uuid::new_v4().simple()));
                let db = db::connect(&format!("sqlite://{}?mode=rwc", path.display()), 1)
                    .await
                    .unwrap();
                (db.clone(), db)
            }
            Backend::Postgres => {
                let pg = PgDatabase::fresh().await;
                (
                    db::connect(&pg.owner, 1).await.unwrap(),
                    db::connect(&pg.superuser, 1).await.unwrap(),
                )
            }
        };
        // The schema as it was before the index (migrations 1 to 5).
        db::migrations::Migrator::up(&owner, Some(5)).await.unwrap();
        let fleet = Uuid::new_v4();
        let other = Uuid::new_v4();
        let txn = owner.begin().await.unwrap();
        if backend == Backend::Postgres {
            txn.execute_unprepared("SELECT set_config('app.scope', 'system', true)")
                .await
                .unwrap();
        }
        let now = Utc::now();
        for (id, dot) in [(fleet, "6200001"), (other, "6200002")] {
            txn.execute(
                &Query::insert()
                    .into_table(Alias::new("fleet_accounts"))
                    .columns(
                        ["id", "dot_number", "legal_name", "created_at", "updated_at"]
                            .map(Alias::new),
                    )
                    .values_panic([id.into(), dot.into(), "F".into(), now.into(), now.into()])
                    .to_owned(),
            )
            .await
            .unwrap();
        }
        // (fleet, username, seconds after now); inserted out of order.
        let rows = [
            (fleet, "bob", 30),
            (fleet, "bob", 10),
            (fleet, "bob-2", 5),
            (fleet, "bob", 20),
            (other, "bob", 40),
            (fleet, "ann", 1),
        ];
        let mut ids = Vec::new();
        for (fleet_id, username, secs) in rows {
            let id = Uuid::new_v4();
            ids.push(id);
            let at = now + chrono::Duration::seconds(secs);
            txn.execute(
                &Query::insert()
                    .into_table(Alias::new("fleet_drivers"))
                    .columns(
                        [
                            "id",
                            "fleet_account_id",
                            "username",
                            "first_name",
                            "created_at",
                            "updated_at",
                        ]
                        .map(Alias::new),
                    )
                    .values_panic([
                        id.into(),
                        fleet_id.into(),
                        username.into(),
                        "X".into(),
                        at.into(),
                        at.into(),
                    ])
                    .to_owned(),
            )
            .await
            .unwrap();
        }
        txn.commit().await.unwrap();

        db::migrations::Migrator::up(&owner, None).await.unwrap();

        let mut names = Vec::new();
        for id in &ids {
            let stmt = Query::select()
                .column(Alias::new("username"))
                .from(Alias::new("fleet_drivers"))
                .and_where(Expr::col(Alias::new("id")).eq(*id))
                .to_owned();
            let row = inspect.query_one(&stmt).await.unwrap().unwrap();
            names.push(row.try_get::<String>("", "username").unwrap());
        }
        assert_eq!(
            names,
            ["bob-4", "bob", "bob-2", "bob-3", "bob", "ann"],
            "{backend:?}"
        );
    }
}
