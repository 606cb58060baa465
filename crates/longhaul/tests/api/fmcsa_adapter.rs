//! The real QCMobile adapter against a fake that speaks FMCSA's format.

use crate::helpers::{backends, error_of, spawn_configured};
use longhaul::app::Overrides;
use longhaul::config::Secret;
use longhaul::integrations::fmcsa::QcMobile;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn overrides(server: &MockServer, timeout: Duration) -> Overrides {
    Overrides {
        carriers: Some(Arc::new(QcMobile::with_timeout(
            &server.uri(),
            Secret::new("test-key"),
            timeout,
        ))),
        ..Default::default()
    }
}

fn carrier_body() -> Value {
    json!({
        "content": {
            "_links": { "basics": { "href": "https://mobile.fmcsa.dot.gov/qc/services/carriers/2233445/basics" } },
            "carrier": {
                "allowedToOperate": "Y", "bipdInsuranceOnFile": "1000", "carrierOperation": { "carrierOperationCode": "A", "carrierOperationDesc": "Interstate" },
                "dbaName": null, "dotNumber": 2233445, "legalName": "REAL ROAD CARRIERS LLC",
                "phyCity": "MURFREESBORO", "phyState": "TN", "phyStreet": "100 EXPRESS DR", "phyZipcode": "37130", "phyCountry": "US",
                "statusCode": "A", "totalDrivers": 260, "totalPowerUnits": 251
            }
        },
        "retrievalDate": "2026-11-22T12:00:00.000+0000"
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn found_carriers_are_mapped_and_cached() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/carriers/2233445"))
            .and(query_param("webKey", "test-key"))
            .respond_with(ResponseTemplate::new(200).set_body_json(carrier_body()))
            .expect(1)
            .mount(&server)
            .await;
        let app = spawn_configured(backend, &[], overrides(&server, Duration::from_secs(10))).await;
        for _ in 0..3 {
            let res = app
                .post("/api/signup/lookup", json!({ "dot_number": "2233445" }))
                .await;
            assert_eq!(res.status(), StatusCode::OK);
            let body: Value = res.json().await.unwrap();
            assert_eq!(body["stand_in"], false);
            assert_eq!(body["company"]["legal_name"], "REAL ROAD CARRIERS LLC");
            // No DBA on record: null (the card says N/A), not the legal name.
            assert_eq!(body["company"]["dba_name"], Value::Null);
            assert_eq!(body["company"]["power_units"], 251);
            assert_eq!(body["company"]["fleet_size"], "251-400 units");
            assert_eq!(body["company"]["monthly_rate_cents"], 259_900);
        }
        // The whole response is kept as fmcsa_data on the signup.
        let signup: Value = app
            .post("/api/signups", json!({ "dot_number": "2233445" }))
            .await
            .json()
            .await
            .unwrap();
        let id = uuid::Uuid::parse_str(signup["id"].as_str().unwrap()).unwrap();
        let row = db::entities::fleet_signup::Entity::find_by_id(id);
        use sea_orm::EntityTrait;
        let row = row.one(&app.state.db).await.unwrap().unwrap();
        assert_eq!(row.fmcsa_data, Some(carrier_body()));
        server.verify().await; // asked once: the rest came from the cache
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registry_failures_give_the_spec_messages() {
    for backend in backends() {
        let server = MockServer::start().await;
        // Unknown DOT: 200 with content null.
        Mock::given(method("GET"))
            .and(path("/carriers/1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "content": null })))
            .mount(&server)
            .await;
        // Unknown DOT, the other reading: 404 with a string.
        Mock::given(method("GET"))
            .and(path("/carriers/2"))
            .respond_with(
                ResponseTemplate::new(404).set_body_json(json!({ "content": "No carrier found" })),
            )
            .mount(&server)
            .await;
        // A bad key: a configuration error, not "not found".
        Mock::given(method("GET"))
            .and(path("/carriers/3"))
            .respond_with(
                ResponseTemplate::new(404).set_body_json(json!({ "content": "Webkey not found" })),
            )
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/carriers/4"))
            .respond_with(ResponseTemplate::new(500).set_body_string("Internal Server Error"))
            .mount(&server)
            .await;
        // Maintenance: 200 with an HTML page.
        Mock::given(method("GET"))
            .and(path("/carriers/5"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_string("<html><body>Down for maintenance</body></html>"),
            )
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/carriers/6"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(carrier_body())
                    .set_delay(Duration::from_secs(3)),
            )
            .mount(&server)
            .await;
        let app =
            spawn_configured(backend, &[], overrides(&server, Duration::from_millis(500))).await;

        let expect = |dot: &'static str, status: StatusCode, message: &'static str| {
            let app = &app;
            async move {
                let (got, error) = error_of(
                    app.post("/api/signup/lookup", json!({ "dot_number": dot }))
                        .await,
                )
                .await;
                assert_eq!(
                    (got, error["message"].as_str().unwrap()),
                    (status, message),
                    "DOT {dot}"
                );
            }
        };
        expect(
            "1",
            StatusCode::NOT_FOUND,
            "No carrier information found for this DOT number",
        )
        .await;
        expect(
            "2",
            StatusCode::NOT_FOUND,
            "No carrier information found for this DOT number",
        )
        .await;
        expect(
            "3",
            StatusCode::BAD_GATEWAY,
            "Error retrieving carrier information",
        )
        .await;
        expect(
            "4",
            StatusCode::BAD_GATEWAY,
            "Error retrieving carrier information",
        )
        .await;
        expect(
            "5",
            StatusCode::BAD_GATEWAY,
            "Error retrieving carrier information",
        )
        .await;
        expect(
            "6",
            StatusCode::GATEWAY_TIMEOUT,
            "The FMCSA registry did not answer in time. Please try again in a moment.",
        )
        .await;
        // Failures are not cached: FMCSA is asked again.
        expect(
            "4",
            StatusCode::BAD_GATEWAY,
            "Error retrieving carrier information",
        )
        .await;
        let asked_for_4 = server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == "/carriers/4")
            .count();
        assert_eq!(asked_for_4, 2);
    }
}
