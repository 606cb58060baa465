//! The Other (CSV import) provider: the template, a file with good and bad
//! rows, re-imports, and files the import refuses.

use crate::eld_sync::{admin_with_fleet, total};
use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

async fn upload(app: &TestApp, field: &str, bytes: Vec<u8>) -> reqwest::Response {
    let form = Form::new().part(
        field.to_owned(),
        Part::bytes(bytes)
            .file_name("fleet.csv")
            .mime_str("text/csv")
            .unwrap(),
    );
    app.client
        .post(app.url("/api/fleet/eld/import"))
        .header("x-csrf-token", app.csrf.clone().unwrap())
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn import(app: &TestApp, csv: &str) -> Value {
    let res = upload(app, "file", csv.as_bytes().to_vec()).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

const HEADER: &str = "record_type,external_id,first_name,last_name,license_number,license_state,name,vin,license_plate,year";

on_each_backend!(
    the_template_imports_and_a_second_import_writes_nothing,
    |mut app: TestApp| async move {
        admin_with_fleet(&mut app, "csv@fleet.example", "3330001").await;
        let res = app.get("/api/fleet/eld/import/template").await;
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
                .contains("attachment")
        );
        let template = res.text().await.unwrap();
        assert!(template.starts_with("record_type,external_id,"));

        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "other" }))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let first = import(&app, &template).await;
        assert_eq!(first["errors"], json!([]));
        assert_eq!(first["run"]["kind"], "import");
        assert_eq!(first["run"]["status"], "succeeded");
        assert_eq!(first["run"]["created"], 3, "{first}");
        assert_eq!(total(&app, "/api/fleet/drivers").await, 1);
        assert_eq!(total(&app, "/api/fleet/trucks").await, 1);
        assert_eq!(total(&app, "/api/fleet/trailers").await, 1);

        let again = import(&app, &template).await;
        assert_eq!(again["run"]["rows_written"], 0, "{again}");
        let history: Value = app.get("/api/fleet/eld/syncs").await.json().await.unwrap();
        assert_eq!(history["total"], 2);
        assert_eq!(history["items"][0]["kind"], "import");
    }
);

on_each_backend!(
    rows_with_errors_are_named_and_left_out_the_rest_import,
    |mut app: TestApp| async move {
        admin_with_fleet(&mut app, "rows@fleet.example", "3330002").await;
        app.put("/api/fleet/eld/connection", json!({ "provider": "other" }))
            .await;
        let csv = format!(
            "{HEADER}\n\
             driver,D-1,Ana,Silva,A1234567,CA,,,,\n\
             driver,D-2,Tom,Hart,B7654321,ZZ,,,,\n\
             truck,T-1,,,,,Unit 1,1XKYD49X0JJ553701,CA 1ABC234,2019\n\
             truck,T-2,,,,,Unit 2,NOT-A-VIN,,2019\n\
             trailer,TR-1,,,,,V-1,,ME 1234567,\n"
        );
        let result = import(&app, &csv).await;
        let errors = result["errors"].as_array().unwrap();
        let named: Vec<(i64, &str)> = errors
            .iter()
            .map(|e| (e["row"].as_i64().unwrap(), e["field"].as_str().unwrap()))
            .collect();
        assert!(named.contains(&(3, "license_state")), "{errors:?}");
        assert!(named.contains(&(5, "vin")), "{errors:?}");
        assert!(
            errors
                .iter()
                .all(|e| !e["message"].as_str().unwrap().is_empty())
        );
        assert_eq!(result["run"]["created"], 3, "{result}");
        assert!(result["run"]["warning"].is_string());
        assert_eq!(total(&app, "/api/fleet/drivers").await, 1);
        assert_eq!(total(&app, "/api/fleet/trucks").await, 1);
        assert_eq!(total(&app, "/api/fleet/trailers").await, 1);
    }
);

on_each_backend!(
    files_the_import_cannot_read_are_refused_whole,
    |mut app: TestApp| async move {
        admin_with_fleet(&mut app, "bad@fleet.example", "3330003").await;
        // No connection yet, then the wrong provider.
        let (status, body) = error_of(upload(&app, "file", b"x".to_vec()).await).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        app.put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        let (status, body) = error_of(upload(&app, "file", b"x".to_vec()).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "unsupported");

        app.put("/api/fleet/eld/connection", json!({ "provider": "other" }))
            .await;
        let cases: [(&str, Vec<u8>, StatusCode); 5] = [
            (
                "not UTF-8",
                b"record_type,external_id\ndriver,\xff\xfe\n".to_vec(),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            ("empty", Vec::new(), StatusCode::UNPROCESSABLE_ENTITY),
            (
                "no external_id column",
                b"record_type,name\ntruck,Unit 1\n".to_vec(),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "NUL bytes",
                b"record_type,external_id\x00\ntruck\x00,T\n".to_vec(),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                // One byte over: the server reads the rest and answers 413
                // (far larger bodies are cut off at the body limit).
                "over the limit",
                vec![b'a'; 8 * 1024 * 1024 + 1],
                StatusCode::PAYLOAD_TOO_LARGE,
            ),
        ];
        for (what, bytes, expected) in cases {
            let (status, body) = error_of(upload(&app, "file", bytes).await).await;
            assert_eq!(status, expected, "{what}: {body}");
            assert!(!body["message"].as_str().unwrap().is_empty(), "{what}");
        }
        let (status, body) =
            error_of(upload(&app, "document", b"record_type,external_id\n".to_vec()).await).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "no 'file' field: {body}"
        );
        let res = app
            .post("/api/fleet/eld/import", json!({ "file": "record_type" }))
            .await;
        assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

        assert_eq!(total(&app, "/api/fleet/drivers").await, 0);
        assert_eq!(total(&app, "/api/fleet/trucks").await, 0);
        let history: Value = app.get("/api/fleet/eld/syncs").await.json().await.unwrap();
        assert_eq!(history["total"], 0, "a refused file leaves no run behind");
    }
);
