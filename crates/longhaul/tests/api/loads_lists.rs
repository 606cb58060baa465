//! Issue 31, the loads as lists: the search (numbers, customer, city) with
//! its status counts, the CSV export, and the dispatch board's days.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, error_of};
use crate::loads::{created, crew, load, no_assets, parties, people_and_trucks, plan};
use crate::on_each_backend;
use db::entities::load;
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};

async fn json_of(app: &TestApp, path: &str) -> Value {
    let res = app.get(path).await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{path}: {:?}",
        res.text().await
    );
    res.json().await.unwrap()
}

/// A second customer and a load from Dallas to Denver for it.
async fn dallas_load(app: &TestApp, pickup: &str, delivery: &str) -> Value {
    let customer = created(
        app,
        "/api/fleet/customers",
        json!({ "name": "=Formula Freight", "kind": "shipper" }),
    )
    .await;
    let dallas = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Big D Plant", "address": "5 Elm St", "city": "Dallas", "state": "TX", "time_zone": "America/Chicago" }),
    )
    .await;
    let denver = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Mile High DC", "address": "7 Peak Rd", "city": "Denver", "state": "CO", "time_zone": "America/Denver" }),
    )
    .await;
    let mut body = load(
        customer["id"].as_str().unwrap(),
        dallas["id"].as_str().unwrap(),
        denver["id"].as_str().unwrap(),
    );
    body["load_number"] = json!("FF-100%");
    body["stops"][0]["appointment"] = json!(pickup);
    body["stops"][1] =
        json!({ "kind": "delivery", "facility_id": denver["id"], "appointment": delivery });
    created(app, "/api/fleet/loads", body).await
}

fn numbers(list: &Value) -> Vec<String> {
    list["loads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["load_number"].as_str().unwrap().to_owned())
        .collect()
}

on_each_backend!(
    the_list_finds_loads_by_number_customer_and_city_and_counts_each_status,
    |mut app: TestApp| async move {
        let fleet_id = fleet(&app, "ops@lists.test", "List Haul", "3100301", crew()).await;
        app.sign_in("ops@lists.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let chicago = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        let dallas = dallas_load(&app, "2026-03-04T08:00:00", "2026-03-06T08:00:00").await;
        plan(&app, fleet_id, dallas["id"].as_str().unwrap()).await;

        let all = json_of(&app, "/api/fleet/loads").await;
        assert_eq!(all["total"], 2);
        let row = all["loads"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == chicago["id"])
            .unwrap();
        assert_eq!(row["origin"], "Chicago, IL");
        assert_eq!(row["destination"], "Atlanta, GA");
        assert_eq!(row["revenue_cents"], 217500);
        assert_eq!(row["driver_name"], Value::Null);
        let planned = &all["loads"][0];
        assert_eq!(planned["load_number"], "FF-100%", "latest pickup first");
        assert!(planned["driver_name"].is_string());
        assert!(planned["truck_unit"].is_string());
        let mut counts: Vec<(String, u64)> = all["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["status"].as_str().unwrap().into(),
                    c["count"].as_u64().unwrap(),
                )
            })
            .collect();
        counts.sort();
        assert_eq!(counts, vec![("accepted".into(), 1), ("planned".into(), 1)]);

        // Customer name and city, whatever the case; a PRO number; LIKE's
        // own characters taken literally.
        for (q, expected) in [
            ("acme", vec!["ACM-778"]),
            ("FORMULA", vec!["FF-100%"]),
            ("denver", vec!["FF-100%"]),
            ("chicago", vec!["ACM-778"]),
            ("100%25", vec!["FF-100%"]),
            ("_", vec![]),
            (&chicago["pro_number"].to_string(), vec!["ACM-778"]),
        ] {
            let found = json_of(&app, &format!("/api/fleet/loads?q={q}")).await;
            assert_eq!(numbers(&found), expected, "q={q}");
        }
        // A search's pages, latest pickup first, and its total.
        for (page, expected) in [(1, vec!["FF-100%"]), (2, vec!["ACM-778"]), (3, vec![])] {
            let found = json_of(
                &app,
                &format!("/api/fleet/loads?q=bol-1&per_page=1&page={page}"),
            )
            .await;
            assert_eq!(numbers(&found), expected, "page {page}");
            assert_eq!(found["total"], 2);
        }
        // Several statuses at once; counts stay those of the whole search.
        let some = json_of(&app, "/api/fleet/loads?status=planned,dispatched").await;
        assert_eq!(numbers(&some), vec!["FF-100%"]);
        assert_eq!(some["counts"].as_array().unwrap().len(), 2);
        let searched = json_of(&app, "/api/fleet/loads?q=atlanta&status=planned").await;
        assert_eq!(searched["total"], 0);
        assert_eq!(
            searched["counts"],
            json!([{ "status": "accepted", "count": 1 }])
        );

        let (status, err) = error_of(app.get("/api/fleet/loads?status=planned,flying").await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["status"].is_string(), "{err}");

        // Another fleet sees none of it.
        fleet(
            &app,
            "other@lists.test",
            "Other Haul",
            "3100302",
            no_assets(),
        )
        .await;
        app.sign_in("other@lists.test", "secret1").await;
        let theirs = json_of(&app, "/api/fleet/loads?q=acme").await;
        assert_eq!(theirs["total"], 0);
        assert_eq!(theirs["counts"], json!([]));
    }
);

on_each_backend!(
    the_export_is_the_search_as_csv_with_formulas_defused,
    |mut app: TestApp| async move {
        fleet(&app, "ops@csv.test", "Csv Haul", "3100303", no_assets()).await;
        app.sign_in("ops@csv.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        dallas_load(&app, "2026-03-04T08:00:00", "2026-03-06T08:00:00").await;

        let res = app.get("/api/fleet/loads/export.csv?q=formula").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        assert!(
            res.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains("loads-")
        );
        let body = res.text().await.unwrap();
        let mut reader = csv::Reader::from_reader(body.as_bytes());
        let headers = reader.headers().unwrap().clone();
        assert_eq!(&headers[0], "PRO");
        assert_eq!(&headers[2], "Customer");
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 1, "only the search's loads: {body}");
        assert_eq!(&rows[0][1], "FF-100%");
        assert_eq!(&rows[0][2], "'=Formula Freight");
        assert_eq!(&rows[0][4], "Dallas, TX");
        assert_eq!(&rows[0][11], "2175.00");

        let everything = app
            .get("/api/fleet/loads/export.csv")
            .await
            .text()
            .await
            .unwrap();
        assert_eq!(everything.lines().count(), 3);
    }
);

on_each_backend!(
    the_dispatch_board_shows_the_days_loads_and_whom_they_can_go_to,
    |mut app: TestApp| async move {
        let fleet_id = fleet(&app, "ops@board.test", "Board Haul", "3100304", crew()).await;
        app.sign_in("ops@board.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        // Chicago 2026-03-02 08:00 → Atlanta 2026-03-03.
        let inside = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        // Dallas 2026-03-20 → Denver 2026-03-21: another week.
        let later = dallas_load(&app, "2026-03-20T08:00:00", "2026-03-21T08:00:00").await;
        plan(&app, fleet_id, later["id"].as_str().unwrap()).await;

        let week = json_of(&app, "/api/fleet/dispatch?from=2026-03-01&days=7").await;
        assert_eq!(week["from"], "2026-03-01");
        assert_eq!(week["days"], 7);
        // The board's days are those of the fleet's home zone.
        let res = app
            .put(
                "/api/fleet/settings/general",
                json!({ "legal_name": "Board Haul", "contact": { "first_name": "Pat" }, "home_time_zone": "America/Los_Angeles" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let week = json_of(&app, "/api/fleet/dispatch?from=2026-03-01&days=7").await;
        assert_eq!(week["time_zone"], "America/Los_Angeles");
        let ids: Vec<&Value> = week["loads"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| &l["id"])
            .collect();
        assert_eq!(ids, vec![&inside["id"]]);
        assert_eq!(week["loads"][0]["origin"], "Chicago, IL");
        assert_eq!(week["loads"][0]["customer_name"], "Acme Logistics");
        let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
        assert!(week["drivers"].as_array().unwrap().len() >= drivers.len());
        assert!(week["trucks"].as_array().unwrap().len() >= trucks.len());

        let that_week = json_of(&app, "/api/fleet/dispatch?from=2026-03-16").await;
        assert_eq!(that_week["loads"].as_array().unwrap().len(), 1);
        let planned = &that_week["loads"][0];
        assert_eq!(planned["status"], "planned");
        let driver = planned["driver_id"].as_str().unwrap().to_owned();
        // By driver and by customer.
        let mine = json_of(
            &app,
            &format!("/api/fleet/dispatch?from=2026-03-01&days=31&driver_id={driver}"),
        )
        .await;
        assert_eq!(mine["loads"].as_array().unwrap().len(), 1);
        let theirs = json_of(
            &app,
            &format!("/api/fleet/dispatch?from=2026-03-01&days=31&customer_id={customer}"),
        )
        .await;
        assert_eq!(theirs["loads"][0]["id"], inside["id"]);
        assert_eq!(theirs["loads"].as_array().unwrap().len(), 1);

        for bad in ["days=0", "days=32", "from=2026-13-01", "driver_id=nope"] {
            let res = app.get(&format!("/api/fleet/dispatch?{bad}")).await;
            assert!(
                res.status() == StatusCode::UNPROCESSABLE_ENTITY
                    || res.status() == StatusCode::BAD_REQUEST,
                "{bad}: {}",
                res.status()
            );
        }

        fleet(
            &app,
            "other@board.test",
            "Other Board",
            "3100305",
            no_assets(),
        )
        .await;
        app.sign_in("other@board.test", "secret1").await;
        let other = json_of(&app, "/api/fleet/dispatch?from=2026-03-01&days=31").await;
        assert_eq!(other["loads"], json!([]));
        assert_eq!(other["drivers"], json!([]));
    }
);

on_each_backend!(
    loads_made_before_the_search_column_get_the_text_new_loads_are_given,
    |mut app: TestApp| async move {
        fleet(&app, "ops@mig.test", "Mig Haul", "3100304", no_assets()).await;
        app.sign_in("ops@mig.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let mut body = load(&customer, &shipper, &receiver);
        body["po_number"] = json!("PO-77");
        created(&app, "/api/fleet/loads", body).await;
        dallas_load(&app, "2026-03-04T08:00:00", "2026-03-06T08:00:00").await;
        let texts = |db: sea_orm::DatabaseConnection| async move {
            let mut rows: Vec<String> = load::Entity::find()
                .all(&db)
                .await
                .unwrap()
                .into_iter()
                .map(|l| l.search_text)
                .collect();
            rows.sort();
            rows
        };
        let written = texts(app.inspect_db().await).await;
        assert_eq!(
            written,
            vec![
                "acm-778\nbol-1\npo-77\nacme logistics\nchicago\natlanta",
                "ff-100%\nbol-1\n=formula freight\ndallas\ndenver",
            ]
        );

        // Back to before m0030 (the column gone; m0031 after it) and forward again.
        let owner = match &app.database_url {
            Some(pg) => db::connect(&pg.owner, 1).await.unwrap(),
            None => app.state.db.clone(),
        };
        db::migrations::Migrator::down(&owner, Some(1))
            .await
            .unwrap();
        db::migrations::Migrator::up(&owner, None).await.unwrap();
        assert_eq!(texts(app.inspect_db().await).await, written);
        let found = json_of(&app, "/api/fleet/loads?q=po-77").await;
        assert_eq!(numbers(&found), vec!["ACM-778"]);
    }
);
