//! Issue 31 §2, a load from a rate confirmation: every PDF of the generated
//! corpus (`tests/fixtures/rate_cons`, decision 042) read to the values it
//! states; the upload answering a draft, a scanned page a clear message,
//! other files and sizes refused; the PDF filed with the load it made, and
//! a load whose rate con leaves out protective terms flagged before
//! dispatch.

use serde_json::Value;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rate_cons")
}

/// Every corpus PDF with the values it states.
fn corpus() -> Vec<(String, Vec<u8>, Value)> {
    let mut out = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    names.sort();
    for pdf in names {
        let expected = pdf.with_extension("expected.json");
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected).unwrap()).unwrap();
        let name = pdf.file_stem().unwrap().to_string_lossy().into_owned();
        out.push((name, std::fs::read(&pdf).unwrap(), expected));
    }
    out
}

/// The field-by-field differences between what was read and what the PDF
/// states (stops by place: `stops.1.city`).
fn differences(got: &Value, want: &Value, path: &str, out: &mut Vec<String>) {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for (key, w) in w {
                let p = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                differences(g.get(key).unwrap_or(&Value::Null), w, &p, out);
            }
        }
        (Value::Array(g), Value::Array(w)) if path.ends_with("stops") => {
            if g.len() != w.len() {
                out.push(format!("{path}: {} stops, want {}", g.len(), w.len()));
            }
            for (i, (g, w)) in g.iter().zip(w).enumerate() {
                differences(g, w, &format!("{path}.{i}"), out);
            }
        }
        (g, w) if g != w => out.push(format!("{path}: got {g}, want {w}")),
        _ => {}
    }
}

#[test]
fn every_corpus_rate_con_reads_to_the_values_it_states() {
    let corpus = corpus();
    assert!(corpus.len() >= 9, "eight layouts and a scanned page");
    let mut wrong = Vec::new();
    for (name, bytes, expected) in &corpus {
        let reading = longhaul::modules::loads::service::pdf_text::read_rate_con(bytes).unwrap();
        let got = match &reading {
            Some(r) => serde_json::json!({
                "has_text": true,
                "draft": serde_json::to_value(&r.draft).unwrap(),
                "missing_terms": r.missing_terms,
            }),
            None => serde_json::json!({
                "has_text": false,
                "draft": serde_json::to_value(domain::loads::rate_con::Draft::default()).unwrap(),
                "missing_terms": [],
            }),
        };
        let mut diffs = Vec::new();
        differences(&got, expected, "", &mut diffs);
        wrong.extend(diffs.into_iter().map(|d| format!("{name}: {d}")));
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

mod api {
    use super::corpus_dir;
    use crate::fleet_dashboard::fleet;
    use crate::helpers::{TestApp, backends, error_of, spawn_app};
    use crate::loads::{created, crew, load, no_assets, parties, people_and_trucks};
    use reqwest::StatusCode;
    use reqwest::multipart::{Form, Part};
    use serde_json::{Value, json};

    fn fixture(name: &str) -> Vec<u8> {
        std::fs::read(corpus_dir().join(name)).unwrap()
    }

    async fn upload(app: &TestApp, file: Option<(&str, &str, Vec<u8>)>) -> reqwest::Response {
        let mut form = Form::new();
        if let Some((name, mime, bytes)) = file {
            form = form.part(
                "file",
                Part::bytes(bytes)
                    .file_name(name.to_owned())
                    .mime_str(mime)
                    .unwrap(),
            );
        }
        app.client
            .post(app.url("/api/fleet/loads/rate-con"))
            .header("x-csrf-token", app.csrf.clone().unwrap_or_default())
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    async fn drafted(app: &TestApp, name: &str) -> Value {
        let res = upload(app, Some((name, "application/pdf", fixture(name)))).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        res.json().await.unwrap()
    }

    #[tokio::test]
    async fn an_uploaded_rate_con_becomes_a_draft_matched_to_the_fleets_records() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            fleet(
                &app,
                "ops@ratecon.test",
                "Ratecon Haul",
                "3100301",
                no_assets(),
            )
            .await;
            app.sign_in("ops@ratecon.test", "secret1").await;
            // The broker under another name, known by its USDOT number; the
            // shipper's dock already on file.
            let broker = created(
                &app,
                "/api/fleet/customers",
                json!({ "name": "Summit Freight", "kind": "broker", "usdot_number": "2401187" }),
            )
            .await;
            let dock = created(
                &app,
                "/api/fleet/facilities",
                json!({ "name": "ACME FOODS DC", "address": "1450 Industrial Blvd", "city": "Dallas", "state": "TX", "time_zone": "America/Chicago" }),
            )
            .await;

            let r = drafted(&app, "01_summit_stacked.pdf").await;
            assert_eq!(r["has_text"], true);
            assert_eq!(r["message"], Value::Null);
            assert!(uuid::Uuid::parse_str(r["upload_id"].as_str().unwrap()).is_ok());
            let d = &r["draft"];
            assert_eq!(d["customer_id"], broker["id"]);
            assert_eq!(d["customer_name"], "SUMMIT FREIGHT BROKERAGE LLC");
            assert_eq!(d["load_number"], "SF-2026-10442");
            assert_eq!(d["equipment_type"], "van");
            assert_eq!(d["linehaul_cents"], 245000);
            assert_eq!(d["detention_rate_cents"], 5000);
            assert_eq!(d["lumper_terms"], "reimbursed with receipt");
            assert_eq!(d["stops"][0]["facility_id"], dock["id"]);
            assert_eq!(d["stops"][0]["appointment"], "2026-03-02T08:00:00");
            assert_eq!(d["stops"][0]["time_zone"], "America/Chicago");
            assert_eq!(d["stops"][1]["facility_id"], Value::Null);
            assert_eq!(d["stops"][1]["city"], "Atlanta");
            let from: Vec<&str> = r["from_rate_con"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            for field in [
                "load_number",
                "stops",
                "linehaul_cents",
                "detention_rate_cents",
            ] {
                assert!(from.contains(&field), "{field} in {from:?}");
            }
            assert!(!from.contains(&"bol_number"));
            assert_eq!(r["missing_terms"], json!([]));

            // A rate con that leaves terms out says which.
            let r = drafted(&app, "05_ironhorse_parties_side_by_side.pdf").await;
            assert_eq!(r["draft"]["customer_id"], Value::Null);
            assert_eq!(r["draft"]["customer_mc"], "1022384");
            assert_eq!(r["missing_terms"], json!(["detention", "tonu"]));
        }
    }

    #[tokio::test]
    async fn a_scanned_rate_con_gets_a_message_and_a_blank_draft() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            fleet(&app, "ops@scan.test", "Scan Haul", "3100302", no_assets()).await;
            app.sign_in("ops@scan.test", "secret1").await;
            let r = drafted(&app, "09_scanned_no_text.pdf").await;
            assert_eq!(r["has_text"], false);
            assert_eq!(
                r["message"],
                domain::texts().loads.rate_con.no_text_layer.as_str()
            );
            assert!(r["message"].as_str().unwrap().contains("no text layer"));
            assert!(uuid::Uuid::parse_str(r["upload_id"].as_str().unwrap()).is_ok());
            assert_eq!(r["draft"]["load_number"], Value::Null);
            assert_eq!(r["draft"]["customer_id"], Value::Null);
            assert_eq!(r["draft"]["stops"], json!([]));
            assert_eq!(r["from_rate_con"], json!([]));
        }
    }

    #[tokio::test]
    async fn other_files_sizes_and_empty_forms_are_refused() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            fleet(
                &app,
                "ops@refuse.test",
                "Refuse Haul",
                "3100303",
                no_assets(),
            )
            .await;
            app.sign_in("ops@refuse.test", "secret1").await;

            let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
            let (status, _) =
                error_of(upload(&app, Some(("scan.png", "image/png", png))).await).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
            // Named .pdf, but a text file inside.
            let (status, _) = error_of(
                upload(
                    &app,
                    Some(("ratecon.pdf", "application/pdf", b"Load # 1".to_vec())),
                )
                .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
            // Not a form upload at all.
            let (status, _) =
                error_of(app.post("/api/fleet/loads/rate-con", json!({})).await).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

            let mut big = b"%PDF-1.4\n".to_vec();
            big.resize(10 * 1024 * 1024 + 1, b' ');
            let (status, body) =
                error_of(upload(&app, Some(("big.pdf", "application/pdf", big))).await).await;
            assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

            // No parts, and a file part with nothing in it.
            for file in [None, Some(("empty.pdf", "application/pdf", Vec::new()))] {
                let (status, body) = error_of(upload(&app, file).await).await;
                assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
                assert!(body["fields"]["file"].is_string(), "{body}");
            }
            // A PDF header over nothing a reader can parse.
            let (status, body) = error_of(
                upload(
                    &app,
                    Some(("broken.pdf", "application/pdf", b"%PDF-1.4\n%%EOF".to_vec())),
                )
                .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(body["fields"]["file"].is_string(), "{body}");
        }
    }

    #[tokio::test]
    async fn the_pdf_is_filed_with_the_load_made_from_it_and_only_in_its_fleet() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            fleet(&app, "a@file-a.test", "File Alpha", "3100304", no_assets()).await;
            fleet(&app, "b@file-b.test", "File Beta", "3100305", no_assets()).await;
            app.sign_in("a@file-a.test", "secret1").await;
            let a_upload = drafted(&app, "02_northstar_two_column.pdf").await["upload_id"].clone();

            app.sign_in("b@file-b.test", "secret1").await;
            let (customer, shipper, receiver) = parties(&app).await;
            let mut body = load(&customer, &shipper, &receiver);
            body["rate_con_upload_id"] = a_upload.clone();
            let (status, _) = error_of(app.post("/api/fleet/loads", body.clone()).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "another fleet's upload");
            body["rate_con_upload_id"] = json!(uuid::Uuid::new_v4());
            let (status, _) = error_of(app.post("/api/fleet/loads", body.clone()).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "no such upload");

            let own = drafted(&app, "02_northstar_two_column.pdf").await["upload_id"].clone();
            body["rate_con_upload_id"] = own;
            let made = created(&app, "/api/fleet/loads", body.clone()).await;
            assert_eq!(made["rate_con_uploaded"], true);
            assert_eq!(made["lumper_terms"], "Reimbursed with receipt");
            let read: Value = app
                .get(&format!(
                    "/api/fleet/loads/{}",
                    made["id"].as_str().unwrap()
                ))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(read["rate_con_uploaded"], true);
            // Filed as the load's rate confirmation document.
            let docs: Value = app
                .get(&format!(
                    "/api/fleet/loads/{}/documents",
                    made["id"].as_str().unwrap()
                ))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(docs["items"].as_array().unwrap().len(), 1, "{docs}");
            assert_eq!(docs["items"][0]["document_type"], "rate_confirmation");
            assert_eq!(docs["items"][0]["file_type"], "application/pdf");
            // Filed once: the same upload cannot make a second load.
            let (status, _) = error_of(app.post("/api/fleet/loads", body.clone()).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND);

            // A load made by hand has none.
            body["rate_con_upload_id"] = Value::Null;
            let by_hand = created(&app, "/api/fleet/loads", body).await;
            assert_eq!(by_hand["rate_con_uploaded"], false);
        }
    }

    #[tokio::test]
    async fn uploads_never_saved_are_swept_after_a_day_and_others_kept() {
        use longhaul::modules::loads::service::rate_con::sweep_pending;
        let mut app = spawn_app(crate::helpers::Backend::Sqlite).await;
        fleet(&app, "a@sweep.test", "Sweep Haul", "3100306", no_assets()).await;
        app.sign_in("a@sweep.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let upload = drafted(&app, "02_northstar_two_column.pdf").await["upload_id"].clone();
        let saved = drafted(&app, "02_northstar_two_column.pdf").await["upload_id"].clone();
        let mut body = load(&customer, &shipper, &receiver);
        body["rate_con_upload_id"] = saved;
        created(&app, "/api/fleet/loads", body.clone()).await;
        let files = app.state.files.as_ref();

        let now = chrono::Utc::now();
        assert_eq!(
            sweep_pending(files, now - chrono::Duration::hours(1))
                .await
                .unwrap(),
            0
        );
        // Once the draft is older than the cut-off it is gone, and so is a
        // save that names it; the saved load's filed copy stays.
        assert_eq!(
            sweep_pending(files, now + chrono::Duration::seconds(1))
                .await
                .unwrap(),
            1
        );
        body["rate_con_upload_id"] = upload;
        let (status, _) = error_of(app.post("/api/fleet/loads", body).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let loads: Value = app.get("/api/fleet/loads").await.json().await.unwrap();
        let id = loads["loads"][0]["id"].as_str().unwrap().to_owned();
        let docs: Value = app
            .get(&format!("/api/fleet/loads/{id}/documents"))
            .await
            .json()
            .await
            .unwrap();
        let file = app
            .get(&format!(
                "/api/fleet/documents/{}/download",
                docs["items"][0]["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(file.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn a_load_missing_protective_terms_is_flagged_before_dispatch() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            let fleet_id = fleet(&app, "ops@terms.test", "Terms Haul", "3100306", crew()).await;
            app.sign_in("ops@terms.test", "secret1").await;
            let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
            let (customer, shipper, receiver) = parties(&app).await;
            let full = load(&customer, &shipper, &receiver);
            let mut bare = full.clone();
            bare["load_number"] = json!("BARE-1");
            for term in ["tonu_cents", "lumper_terms"] {
                bare.as_object_mut().unwrap().remove(term);
            }
            let findings = |id: String| {
                let app = &app;
                let body = json!({ "driver_id": drivers[0], "truck_id": trucks[0] });
                async move {
                    let res = app
                        .post(&format!("/api/fleet/loads/{id}/eligibility"), body)
                        .await;
                    assert_eq!(res.status(), StatusCode::OK);
                    let v: Value = res.json().await.unwrap();
                    v["findings"].as_array().unwrap().clone()
                }
            };

            let bare = created(&app, "/api/fleet/loads", bare).await;
            let bare_id = bare["id"].as_str().unwrap().to_owned();
            let found = findings(bare_id.clone()).await;
            let terms: Vec<&Value> = found
                .iter()
                .filter(|f| f["code"] == "missing_terms")
                .collect();
            assert_eq!(terms.len(), 1, "{found:?}");
            assert_eq!(terms[0]["severity"], "warn");
            assert_eq!(terms[0]["cause_kind"], "load");
            assert_eq!(terms[0]["cause_id"], bare_id.as_str());
            assert_eq!(
                terms[0]["message"],
                "The rate confirmation leaves out: TONU, lumper."
            );

            let full = created(&app, "/api/fleet/loads", full).await;
            let found = findings(full["id"].as_str().unwrap().to_owned()).await;
            assert!(
                found.iter().all(|f| f["code"] != "missing_terms"),
                "{found:?}"
            );
        }
    }
}
