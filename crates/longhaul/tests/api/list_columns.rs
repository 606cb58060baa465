//! Issue 10 point 7 (decision 014): the states the fleet lists filter, sort
//! and search by are stored with each row. Every write keeps them equal to
//! `domain::fleet_lists`' rules, and migration 0009 derives them for the
//! rows that existed before it.

use crate::fleet_dashboard::fleet;
use crate::helpers::{Backend, PgDatabase, TestApp, backends};
use crate::on_each_backend;
use db::entities::{fleet_driver, fleet_list_count, fleet_trailer, fleet_vehicle};
use domain::fleet_lists::{
    driver_search_name, is_unnamed, phone_search_digits, search_document, trailer_list_tab,
    truck_list_tab,
};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    IntoActiveModel, QueryFilter, Set, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use uuid::Uuid;

/// Every row's stored list columns equal what the rules derive from it, and
/// the kept counts equal the rows per fleet, list and tab.
async fn assert_all_derived(db: &DatabaseConnection) {
    let mut counted: BTreeMap<(Uuid, String, String), i64> = BTreeMap::new();
    for t in fleet_vehicle::Entity::find().all(db).await.unwrap() {
        *counted
            .entry((t.fleet_account_id, "trucks".into(), t.list_tab.clone()))
            .or_default() += 1;
    }
    for t in fleet_trailer::Entity::find().all(db).await.unwrap() {
        *counted
            .entry((t.fleet_account_id, "trailers".into(), t.list_tab.clone()))
            .or_default() += 1;
    }
    for d in fleet_driver::Entity::find().all(db).await.unwrap() {
        let tab = if d.is_active { "active" } else { "inactive" };
        *counted
            .entry((d.fleet_account_id, "drivers".into(), tab.into()))
            .or_default() += 1;
    }
    let kept: BTreeMap<(Uuid, String, String), i64> = fleet_list_count::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .filter(|c| c.n != 0)
        .map(|c| ((c.fleet_account_id, c.list, c.tab), c.n))
        .collect();
    assert_eq!(kept, counted, "kept counts");

    for t in fleet_vehicle::Entity::find().all(db).await.unwrap() {
        let tab = truck_list_tab(
            t.assigned_driver_eld_id.as_deref(),
            t.assigned_driver_name.as_deref(),
            t.notes.as_deref(),
        );
        assert_eq!(
            (t.list_tab.as_str(), t.unnamed, t.search_text.as_str()),
            (
                tab.as_str(),
                is_unnamed(t.name.as_deref()),
                search_document(&[
                    t.name.as_deref(),
                    t.make.as_deref(),
                    t.model.as_deref(),
                    t.vin.as_deref(),
                    t.license_plate.as_deref(),
                ])
                .as_str()
            ),
            "truck {t:?}"
        );
    }
    for t in fleet_trailer::Entity::find().all(db).await.unwrap() {
        assert_eq!(
            (t.list_tab.as_str(), t.unnamed, t.search_text.as_str()),
            (
                trailer_list_tab(&t.status).as_str(),
                is_unnamed(t.name.as_deref()),
                search_document(&[
                    t.name.as_deref(),
                    t.trailer_id.as_deref(),
                    t.license_plate.as_deref(),
                    t.vin.as_deref(),
                    t.trailer_type.as_deref(),
                    t.assigned_driver_name.as_deref(),
                ])
                .as_str()
            ),
            "trailer {t:?}"
        );
    }
    for d in fleet_driver::Entity::find().all(db).await.unwrap() {
        assert_eq!(
            (
                d.search_name.clone(),
                d.phone_digits.clone(),
                d.search_text.clone()
            ),
            (
                driver_search_name(d.first_name.as_deref(), d.last_name.as_deref()),
                phone_search_digits(d.phone.as_deref()),
                search_document(&[
                    d.first_name.as_deref(),
                    d.last_name.as_deref(),
                    d.driver_id.as_deref(),
                    d.username.as_deref(),
                    d.license_number.as_deref(),
                    d.phone.as_deref(),
                ])
            ),
            "driver {d:?}"
        );
    }
}

async fn counts(app: &TestApp, path: &str) -> (u64, u64) {
    let page: Value = app.get(path).await.json().await.unwrap();
    (
        page["counts"]["active"].as_u64().unwrap(),
        page["counts"]["inactive"].as_u64().unwrap(),
    )
}

on_each_backend!(
    every_write_keeps_the_list_columns_derived,
    |mut app: TestApp| async move {
        // Bulk inserts (the seed).
        let fleet_id = fleet(
            &app,
            "l@lists.example",
            "List Lines",
            "6300001",
            Sizes {
                drivers: 6,
                trucks: 8,
                trailers: 5,
            },
        )
        .await;
        app.sign_in("l@lists.example", "secret1").await;
        let db = app.inspect_db().await;
        assert_all_derived(&db).await;

        // The seed's cleanup of trucks of unknown drivers (updates of loaded rows).
        let former = fleet_vehicle::Entity::find()
            .filter(fleet_vehicle::Column::Raw.is_not_null())
            .all(&db)
            .await
            .unwrap()
            .into_iter()
            .find(|t| longhaul::modules::vehicles::assignment::assignment_removed(t.raw.as_ref()))
            .expect("the seed removed an unknown driver");
        let detail: Value = app
            .get(&format!("/api/fleet/trucks/{}", former.id))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(detail["cleanup_notice"], true);
        assert_all_derived(&db).await;

        // Drivers by hand: created, edited, deactivated.
        let created: Value = app
            .post(
                "/api/fleet/drivers",
                json!({ "first_name": " Ann ", "last_name": "Lee", "phone": "(615) 555-0199" }),
            )
            .await
            .json()
            .await
            .unwrap();
        let id = created["id"].as_str().unwrap();
        let res = app
            .put(
                &format!("/api/fleet/drivers/{id}"),
                json!({ "first_name": "Anna", "last_name": "Lee-Park", "phone": "+1 615.555.0123" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let res = app
            .post(&format!("/api/fleet/drivers/{id}/deactivate"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let found: Value = app
            .get("/api/fleet/drivers?tab=inactive&q=anna%20lee-park")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(found["total"], 1, "found by the stored full name");
        let found: Value = app
            .get("/api/fleet/drivers?tab=inactive&q=615-555-0123")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(found["total"], 1, "found by the stored phone digits");
        assert_all_derived(&db).await;

        // A write through an active model (as an ELD sync or an edit does):
        // a note naming the marker driver takes the truck out of every tab.
        let before = counts(&app, "/api/fleet/trucks").await;
        let truck = fleet_vehicle::Entity::find()
            .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
            .filter(fleet_vehicle::Column::ListTab.eq("active"))
            .one(&db)
            .await
            .unwrap()
            .unwrap();
        let mut edit = truck.into_active_model();
        edit.notes = Set(Some("Moved to TRUCKS NO LONGER IN SERVICE".into()));
        edit.name = Set(Some("  ".into()));
        let edited = edit.update(&db).await.unwrap();
        assert_eq!(
            (edited.list_tab.as_str(), edited.unnamed),
            ("decommissioned", true)
        );
        assert_eq!(
            counts(&app, "/api/fleet/trucks").await,
            (before.0 - 1, before.1)
        );
        assert_all_derived(&db).await;

        // An update that sets an input without knowing the others cannot
        // derive the tab: it fails instead of storing a wrong one.
        let partial = fleet_vehicle::ActiveModel {
            id: sea_orm::Unchanged(edited.id),
            notes: Set(None),
            ..Default::default()
        };
        assert!(partial.update(&db).await.is_err());
    }
);

/// A truck before migration 0009 — (name, ELD driver id, driver name,
/// notes) — and the (tab, unnamed) the migration derives.
type TruckCase<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    bool,
);

/// Rows written before migration 0009 get their list columns from it, by
/// the same rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_migration_derives_the_existing_rows() {
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
        db::migrations::Migrator::up(&owner, Some(8)).await.unwrap();
        let fleet_id = Uuid::new_v4();
        let now = chrono::Utc::now();
        let txn = owner.begin().await.unwrap();
        if backend == Backend::Postgres {
            txn.execute_unprepared(
                "SELECT set_config('app.system_key', (SELECT key FROM longhaul_system_key), true)",
            )
            .await
            .unwrap();
        }
        let insert = |table: &str, cols: &[&str], values: Vec<sea_orm::Value>| {
            Query::insert()
                .into_table(Alias::new(table))
                .columns(cols.iter().map(|c| Alias::new(*c)))
                .values_panic(values.into_iter().map(Into::into))
                .to_owned()
        };
        txn.execute(&insert(
            "fleet_accounts",
            &["id", "dot_number", "legal_name", "created_at", "updated_at"],
            vec![
                fleet_id.into(),
                "6300002".into(),
                "F".into(),
                now.into(),
                now.into(),
            ],
        ))
        .await
        .unwrap();
        let trucks: [TruckCase; 6] = [
            (
                Some("T1"),
                Some("7"),
                Some("Ann Lee"),
                None,
                "active",
                false,
            ),
            (Some(" "), None, None, None, "inactive", true),
            (None, Some("4118417"), None, None, "decommissioned", true),
            (
                Some("T4"),
                None,
                Some("TRUCKS NO LONGER IN SERVICE"),
                None,
                "decommissioned",
                false,
            ),
            (
                Some("T5"),
                Some("8"),
                Some("Bo"),
                Some("see trucks no longer in service"),
                "decommissioned",
                false,
            ),
            (Some("T6"), None, Some(""), Some("fine"), "inactive", false),
        ];
        let mut truck_ids = Vec::new();
        for (name, eld, driver, notes, _, _) in trucks {
            let id = Uuid::new_v4();
            truck_ids.push(id);
            txn.execute(&insert(
                "fleet_vehicles",
                &[
                    "id",
                    "fleet_account_id",
                    "name",
                    "assigned_driver_eld_id",
                    "assigned_driver_name",
                    "notes",
                    "status",
                    "is_active",
                    "created_at",
                    "updated_at",
                ],
                vec![
                    id.into(),
                    fleet_id.into(),
                    name.into(),
                    eld.into(),
                    driver.into(),
                    notes.into(),
                    "active".into(),
                    true.into(),
                    now.into(),
                    now.into(),
                ],
            ))
            .await
            .unwrap();
        }
        // (name, status) → (tab, unnamed)
        let trailers = [
            (Some("R1"), "active", "active", false),
            (Some(""), "out_of_service", "inactive", true),
            (None, "Active", "inactive", true),
        ];
        let mut trailer_ids = Vec::new();
        for (name, status, _, _) in trailers {
            let id = Uuid::new_v4();
            trailer_ids.push(id);
            txn.execute(&insert(
                "fleet_trailers",
                &[
                    "id",
                    "fleet_account_id",
                    "name",
                    "status",
                    "is_active",
                    "created_at",
                    "updated_at",
                ],
                vec![
                    id.into(),
                    fleet_id.into(),
                    name.into(),
                    status.into(),
                    true.into(),
                    now.into(),
                    now.into(),
                ],
            ))
            .await
            .unwrap();
        }
        // (first, last, phone) → (search name, phone digits)
        let drivers = [
            (
                Some(" Ann "),
                Some("Lee"),
                Some("(615) 555-0007"),
                "ann lee",
                Some("6155550007"),
            ),
            (None, Some("Bo"), None, " bo", None),
        ];
        let mut driver_ids = Vec::new();
        for (first, last, phone, _, _) in drivers {
            let id = Uuid::new_v4();
            driver_ids.push(id);
            txn.execute(&insert(
                "fleet_drivers",
                &[
                    "id",
                    "fleet_account_id",
                    "first_name",
                    "last_name",
                    "phone",
                    "is_active",
                    "created_at",
                    "updated_at",
                ],
                vec![
                    id.into(),
                    fleet_id.into(),
                    first.into(),
                    last.into(),
                    phone.into(),
                    true.into(),
                    now.into(),
                    now.into(),
                ],
            ))
            .await
            .unwrap();
        }
        txn.commit().await.unwrap();

        db::migrations::Migrator::up(&owner, None).await.unwrap();

        let one = |table: &str, cols: &[&str], id: Uuid| {
            Query::select()
                .columns(cols.iter().map(|c| Alias::new(*c)))
                .from(Alias::new(table))
                .and_where(Expr::col(Alias::new("id")).eq(id))
                .to_owned()
        };
        for (id, (.., tab, unnamed)) in truck_ids.iter().zip(trucks) {
            let row = inspect
                .query_one(&one("fleet_vehicles", &["list_tab", "unnamed"], *id))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                (
                    row.try_get::<String>("", "list_tab").unwrap(),
                    row.try_get::<bool>("", "unnamed").unwrap()
                ),
                (tab.to_owned(), unnamed),
                "{backend:?} truck {:?}",
                trucks[truck_ids.iter().position(|i| i == id).unwrap()]
            );
        }
        for (id, (name, status, tab, unnamed)) in trailer_ids.iter().zip(trailers) {
            let row = inspect
                .query_one(&one("fleet_trailers", &["list_tab", "unnamed"], *id))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                (
                    row.try_get::<String>("", "list_tab").unwrap(),
                    row.try_get::<bool>("", "unnamed").unwrap()
                ),
                (tab.to_owned(), unnamed),
                "{backend:?} trailer {name:?} {status}"
            );
        }
        for (id, (.., name, digits)) in driver_ids.iter().zip(drivers) {
            let row = inspect
                .query_one(&one("fleet_drivers", &["search_name", "phone_digits"], *id))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                (
                    row.try_get::<String>("", "search_name").unwrap(),
                    row.try_get::<Option<String>>("", "phone_digits").unwrap()
                ),
                (name.to_owned(), digits.map(str::to_owned)),
                "{backend:?}"
            );
        }
        // The kept counts start from the existing rows.
        assert_all_derived(&inspect).await;
    }
}
