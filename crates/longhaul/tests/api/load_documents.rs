//! Issue 31 §1, a load's documents: rate confirmation, BOL, POD, lumper
//! receipt and scale ticket uploaded to a load through the documents'
//! upload path (its size and type rules), listed on the load, on the
//! compliance calendar when they expire; another fleet's load not found;
//! and an object already stored filed as a load's document by a service call.

use crate::documents::{PDF, day};
use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use db::tenancy::{self, TenantScope};
use longhaul::seed::Sizes;
use object_store::path::Path;
use object_store::{ObjectStoreExt, PutPayload};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use uuid::Uuid;

fn no_assets() -> Sizes {
    Sizes {
        drivers: 0,
        trucks: 0,
        trailers: 0,
    }
}

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let res = app.post(path, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

/// A load of the customer `name` (made for it).
async fn a_load(app: &TestApp, name: &str) -> Value {
    let customer = created(
        app,
        "/api/fleet/customers",
        json!({ "name": name, "kind": "broker" }),
    )
    .await;
    let place = |name: &str, city: &str, state: &str, zone: &str| json!({ "name": name, "address": "1 Main St", "city": city, "state": state, "time_zone": zone });
    let shipper = created(
        app,
        "/api/fleet/facilities",
        place("Shipper", "Chicago", "IL", "America/Chicago"),
    )
    .await;
    let receiver = created(
        app,
        "/api/fleet/facilities",
        place("Receiver", "Atlanta", "GA", "America/New_York"),
    )
    .await;
    created(
        app,
        "/api/fleet/loads",
        json!({
            "customer_id": customer["id"], "load_number": "DOC-1", "equipment_type": "van",
            "rate_method": "flat", "linehaul_cents": 100000,
            "stops": [
                { "kind": "pickup", "facility_id": shipper["id"], "appointment": "2026-03-02T08:00:00" },
                { "kind": "delivery", "facility_id": receiver["id"], "appointment": "2026-03-03T09:00:00" }
            ]
        }),
    )
    .await
}

/// Posts a document to `path`: the text fields first, then the file.
pub(crate) async fn upload(
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let mut form = Form::new();
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    form = form.part(
        "file",
        Part::bytes(PDF.to_vec())
            .file_name("bol-4411.pdf")
            .mime_str("application/pdf")
            .unwrap(),
    );
    app.client
        .post(app.url(path))
        .header("x-csrf-token", app.csrf.clone().unwrap_or_default())
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn listed(app: &TestApp, load: &str) -> Vec<Value> {
    let res = app.get(&format!("/api/fleet/loads/{load}/documents")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    body["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_load_document_is_uploaded_listed_on_its_load_and_on_the_calendar() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@ldocs.test", "Doc Haul", "3100301", no_assets()).await;
        app.sign_in("ops@ldocs.test", "secret1").await;
        let load = a_load(&app, "Acme Logistics").await;
        let id = load["id"].as_str().unwrap();
        let other = a_load(&app, "Beta Brokerage").await;
        let path = format!("/api/fleet/loads/{id}/documents");
        assert!(listed(&app, id).await.is_empty());

        let expires = day(12);
        let res = upload(
            &app,
            &path,
            &[
                ("name", "BOL 4411"),
                ("document_type", "bill_of_lading"),
                ("expiration_date", &expires),
                // A load's paper names no vehicle: ignored.
                ("vehicle_type", "truck"),
                ("vehicle_id", &Uuid::new_v4().to_string()),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
        let item: Value = res.json().await.unwrap();
        assert_eq!(item["load_id"], id);
        assert_eq!(item["document_type"], "bill_of_lading");
        assert_eq!(item["vehicle"], Value::Null);
        assert_eq!(item["status"], "expiring_soon");
        let pod = upload(
            &app,
            &path,
            &[("name", "POD"), ("document_type", "proof_of_delivery")],
        )
        .await;
        assert_eq!(pod.status(), StatusCode::CREATED);

        let items = listed(&app, id).await;
        let names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["POD", "BOL 4411"], "newest first");
        assert!(listed(&app, other["id"].as_str().unwrap()).await.is_empty());
        // The fleet's list has them too, and filters by a load's type.
        let all: Value = app
            .get("/api/fleet/documents?type=bill_of_lading")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(all["total"], 1);
        assert_eq!(all["items"][0]["load_id"], id);

        // The expiring one is on the compliance calendar with its type's label.
        let calendar: Value = app
            .get(&format!(
                "/api/fleet/compliance/items?from={expires}&to={expires}"
            ))
            .await
            .json()
            .await
            .unwrap();
        let on_calendar: Vec<&Value> = calendar["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["document_id"] == item["id"])
            .collect();
        assert_eq!(on_calendar.len(), 1, "{calendar}");
        assert_eq!(on_calendar[0]["type_label"], "Bill of Lading (BOL)");
        assert_eq!(on_calendar[0]["due_on"], expires.as_str());
    }
}

#[tokio::test]
async fn a_load_document_keeps_the_upload_rules_and_another_fleets_load_is_not_found() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@ldocs2.test", "Doc Two", "3100302", no_assets()).await;
        fleet(&app, "ops@ldocs3.test", "Doc Three", "3100303", no_assets()).await;
        app.sign_in("ops@ldocs2.test", "secret1").await;
        let load = a_load(&app, "Acme Logistics").await;
        let id = load["id"].as_str().unwrap();
        let path = format!("/api/fleet/loads/{id}/documents");

        // A fleet document's type is not a load's, and a load's type is
        // not filed without a load.
        let (code, err) = error_of(
            upload(
                &app,
                &path,
                &[("name", "Reg"), ("document_type", "truck_registration")],
            )
            .await,
        )
        .await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err["fields"]["document_type"],
            "Choose one of the load document types."
        );
        let (code, err) = error_of(
            upload(
                &app,
                "/api/fleet/documents",
                &[("name", "BOL"), ("document_type", "bill_of_lading")],
            )
            .await,
        )
        .await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err["fields"]["document_type"],
            "This type is filed on a load: upload it from the load."
        );
        // A file that is not an allowed type: the upload path's 415.
        let form = Form::new()
            .text("name", "Script")
            .text("document_type", "scale_ticket")
            .part(
                "file",
                Part::bytes(b"MZ\x90\x00\x03\x00\x00\x00".to_vec()).file_name("ticket.exe"),
            );
        let res = app
            .client
            .post(app.url(&path))
            .header("x-csrf-token", app.csrf.clone().unwrap_or_default())
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(listed(&app, id).await.is_empty());

        // Another fleet: the load is not found, to upload or to list.
        let mut other = app.another_browser();
        other.sign_in("ops@ldocs3.test", "secret1").await;
        let (code, _) = error_of(
            upload(
                &other,
                &path,
                &[("name", "BOL"), ("document_type", "bill_of_lading")],
            )
            .await,
        )
        .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        let (code, _) = error_of(other.get(&path).await).await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        let missing = Uuid::new_v4();
        let (code, _) = error_of(
            app.get(&format!("/api/fleet/loads/{missing}/documents"))
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        assert!(listed(&app, id).await.is_empty());
    }
}

#[tokio::test]
async fn a_stored_rate_confirmation_is_filed_on_its_load_by_the_service() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@ldocs4.test", "Doc Four", "3100304", no_assets()).await;
        let other_fleet = fleet(&app, "ops@ldocs5.test", "Doc Five", "3100305", no_assets()).await;
        app.sign_in("ops@ldocs4.test", "secret1").await;
        let load = a_load(&app, "Acme Logistics").await;
        let id: Uuid = load["id"].as_str().unwrap().parse().unwrap();
        let key = format!("fleet-documents/{fleet_id}/{}", Uuid::new_v4());
        app.state
            .files
            .put(&Path::from(key.as_str()), PutPayload::from(PDF.to_vec()))
            .await
            .unwrap();
        let object = |key: &str| longhaul::modules::documents::StoredObject {
            file_path: key.to_owned(),
            file_name: "acme-ratecon-778.pdf".into(),
            file_type: "application/pdf".into(),
            file_size: PDF.len() as i64,
        };

        let scope = TenantScope::from_session(fleet_id);
        let tx = tenancy::write(&app.state.db, scope).await.unwrap();
        // Not a load's type; another fleet's key: refused, nothing filed.
        assert!(
            longhaul::modules::documents::file_for_load(
                &tx,
                id,
                "truck_registration",
                object(&key),
                None
            )
            .await
            .is_err()
        );
        let foreign = format!("fleet-documents/{other_fleet}/{}", Uuid::new_v4());
        assert!(
            longhaul::modules::documents::file_for_load(
                &tx,
                id,
                "rate_confirmation",
                object(&foreign),
                None
            )
            .await
            .is_err()
        );
        let doc = longhaul::modules::documents::file_for_load(
            &tx,
            id,
            "rate_confirmation",
            object(&key),
            None,
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();

        let items = listed(&app, &id.to_string()).await;
        assert_eq!(items.len(), 1);
        assert_eq!(items[0]["id"], doc.to_string());
        assert_eq!(items[0]["document_type"], "rate_confirmation");
        assert_eq!(items[0]["name"], "acme-ratecon-778");
        assert_eq!(items[0]["file_name"], "acme-ratecon-778.pdf");
        let res = app
            .get(&format!("/api/fleet/documents/{doc}/download"))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);

        // Another fleet's load: not found.
        let tx = tenancy::write(&app.state.db, TenantScope::from_session(other_fleet))
            .await
            .unwrap();
        let theirs = format!("fleet-documents/{other_fleet}/{}", Uuid::new_v4());
        assert!(matches!(
            longhaul::modules::documents::file_for_load(
                &tx,
                id,
                "rate_confirmation",
                object(&theirs),
                None
            )
            .await,
            Err(longhaul::modules::documents::DocumentsError::NotFound)
        ));
        tx.rollback().await.unwrap();
    }
}
