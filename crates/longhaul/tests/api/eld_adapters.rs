//! The real ELD adapters (Samsara, Motive, Geotab) against fakes that speak
//! each provider's wire format, faults included. No database: the adapters
//! are called directly.

use crate::helpers::eld_fakes::{
    Fault, GeotabErrorStyle, GeotabFake, MotiveErrorKey, MotiveFake, SAMSARA_ASSIGNED_MS,
    SamsaraFake, fake_position, fake_position_time, fixtures, geotab_device_id, geotab_trailer_id,
    geotab_user_id, motive_asset_id, motive_user_id, motive_vehicle_id, person, samsara_driver_id,
    samsara_trailer_id, samsara_vehicle_id, test_endpoints, test_retry,
};
use chrono::{DateTime, TimeZone, Utc};
use longhaul::integrations::eld::{
    self, Credentials, EldDriver, EldEndpoints, EldProvider, EldProviderError, EldRef, EldTrailer,
    EldTrailerAssignment, EldVehicle, EldVehicleLocation, Page, ProviderKind, RetryPolicy, Samsara,
};
use serde_json::{Value, json};
use std::future::Future;
use std::time::{Duration, Instant};
use wiremock::matchers::{header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// Every page of a list, following `next` (bounded, so a loop fails the test).
async fn walk<T, F, Fut>(mut page: F) -> (Vec<T>, Vec<Option<String>>)
where
    F: FnMut(Option<String>) -> Fut,
    Fut: Future<Output = Result<Page<T>, EldProviderError>>,
{
    let mut items = Vec::new();
    let mut cursors = vec![None];
    let mut cursor = None;
    for _ in 0..100 {
        let p = page(cursor.clone()).await.expect("page");
        items.extend(p.items);
        match p.next {
            Some(next) => {
                cursors.push(Some(next.clone()));
                cursor = Some(next);
            }
            None => return (items, cursors),
        }
    }
    panic!("more than 100 pages: the cursor does not end");
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> &str) -> Vec<String> {
    items.iter().map(|i| id(i).to_owned()).collect()
}

fn endpoints_with(base: EldEndpoints, timeout: Duration, retry: RetryPolicy) -> EldEndpoints {
    EldEndpoints {
        timeout,
        retry,
        ..base
    }
}

// ---------------------------------------------------------------------------
// Samsara

/// Serves a vendor fixture's exact body at its path, only for the query the
/// adapter must send.
async fn mount_fixture(server: &MockServer, fixture: &str, at: &str, query: &[(&str, &str)]) {
    let mut mock = Mock::given(method("GET"))
        .and(path(at))
        .and(header("authorization", "Bearer vendor-token-0001"));
    for (k, v) in query {
        mock = mock.and(query_param(*k, *v));
    }
    mock.respond_with(ResponseTemplate::new(200).set_body_json(fixtures::body(fixture)))
        .expect(1)
        .mount(server)
        .await;
}

#[tokio::test]
async fn samsara_parses_the_vendor_bodies() {
    let server = MockServer::start().await;
    mount_fixture(
        &server,
        fixtures::SAMSARA_DRIVERS,
        "/fleet/drivers",
        &[("limit", "512"), ("driverActivationStatus", "active")],
    )
    .await;
    mount_fixture(
        &server,
        fixtures::SAMSARA_VEHICLES,
        "/fleet/vehicles",
        &[("limit", "512")],
    )
    .await;
    mount_fixture(
        &server,
        fixtures::SAMSARA_TRAILERS,
        "/fleet/trailers",
        &[("limit", "512")],
    )
    .await;
    mount_fixture(
        &server,
        fixtures::SAMSARA_V1_TRAILER_ASSIGNMENTS,
        "/v1/fleet/trailers/assignments",
        &[("limit", "512")],
    )
    .await;
    let samsara = Samsara::new(&server.uri(), "vendor-token-0001", &test_endpoints());

    let drivers = samsara.drivers_page(None, None).await.unwrap();
    let raw = fixtures::record(fixtures::SAMSARA_DRIVERS, "/data");
    assert_eq!(
        drivers.items,
        vec![EldDriver {
            id: "123".into(),
            first_name: Some("Susan".into()),
            last_name: Some("Jones".into()),
            username: Some("SusanJones".into()),
            phone: Some("5558234327".into()),
            license_number: Some("E1234567".into()),
            license_state: Some("CA".into()),
            active: true,
            assigned_vehicle: Some(EldRef {
                id: "123456789".into(),
                name: Some("Midwest Truck #4".into()),
            }),
            raw: raw.into(),
        }]
    );
    // hasNextPage with endCursor "MjkY": more active drivers follow.
    assert_eq!(drivers.next.as_deref(), Some("active:MjkY"));

    let vehicles = samsara.vehicles_page(None, None).await.unwrap();
    let raw = fixtures::record(fixtures::SAMSARA_VEHICLES, "/data");
    assert_eq!(
        vehicles.items,
        vec![EldVehicle {
            id: "494123".into(),
            name: Some("Fleet Truck #1".into()),
            vin: Some("1GBJ6P1B2HV112765".into()),
            license_plate: Some("6SAM123".into()),
            make: Some("Ford".into()),
            model: Some("F150".into()),
            year: Some(2008),
            notes: Some("These are notes about this given vehicle.".into()),
            assigned_driver: Some(EldRef {
                id: "0987".into(),
                name: Some("Driver Name".into()),
            }),
            raw: raw.clone().into(),
        }]
    );
    assert_eq!(
        vehicles.items[0].raw.to_value()["staticAssignedDriver"],
        json!({ "id": "0987", "name": "Driver Name" })
    );
    assert_eq!(vehicles.next.as_deref(), Some("MjkY"));

    let trailers = samsara.trailers_page(None).await.unwrap();
    assert_eq!(
        trailers.items,
        vec![EldTrailer {
            id: "494123".into(),
            name: Some("Trailer-123".into()),
            // The serial number has a VIN's shape: it is the VIN.
            vin: Some("8V8WD530FLN016251".into()),
            license_plate: Some("7TYP290".into()),
            trailer_type: None,
            notes: Some("These are my trailer notes".into()),
            raw: fixtures::record(fixtures::SAMSARA_TRAILERS, "/data").into(),
        }]
    );
    assert_eq!(trailers.next.as_deref(), Some("MjkY"));

    // The vendor's only assignment has ended (endMs): no current driver.
    let assignments = samsara.trailer_assignments_page(None).await.unwrap();
    assert_eq!(assignments.items, vec![]);
    assert_eq!(assignments.next.as_deref(), Some("MTU5MTEzNjA2OTU0MzQ3"));
    server.verify().await;
}

#[tokio::test]
async fn samsara_current_trailer_assignment_is_the_one_without_end() {
    let server = MockServer::start().await;
    let mut body = fixtures::body(fixtures::SAMSARA_V1_TRAILER_ASSIGNMENTS);
    body["trailers"][0]["trailerAssignments"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "driverId": 2048, "startMs": 1462881998034_i64 }));
    body["pagination"]["hasNextPage"] = json!(false);
    Mock::given(path("/v1/fleet/trailers/assignments"))
        .and(query_param("startingAfter", "MTU5"))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .expect(1)
        .mount(&server)
        .await;
    let samsara = Samsara::new(&server.uri(), "t0ken-xyz", &test_endpoints());
    let page = samsara
        .trailer_assignments_page(Some("MTU5".into()))
        .await
        .unwrap();
    assert_eq!(
        page.items,
        vec![EldTrailerAssignment {
            trailer_id: "2041".into(),
            driver: EldRef {
                id: "2048".into(),
                name: None
            },
            since: DateTime::from_timestamp_millis(1462881998034),
        }]
    );
    // hasNextPage false ends the list even with an endCursor.
    assert_eq!(page.next, None);
}

#[tokio::test]
async fn samsara_walks_active_then_deactivated_driver_pages_in_order() {
    let fake = SamsaraFake::start(7, 5, 5, 2).await;
    fake.deactivate_driver(&samsara_driver_id(1), "2024-06-02T00:00:00Z");
    fake.deactivate_driver(&samsara_driver_id(4), "2024-06-03T00:00:00Z");
    fake.deactivate_driver(&samsara_driver_id(5), "2024-06-03T00:00:00Z");
    let samsara = fake.adapter();

    let (drivers, cursors) = walk(|c| samsara.drivers_page(c, None)).await;
    let active = [0, 2, 3, 6].map(samsara_driver_id);
    let deactivated = [1, 4, 5].map(samsara_driver_id);
    let expected: Vec<String> = active.iter().chain(&deactivated).cloned().collect();
    assert_eq!(ids(&drivers, |d| &d.id), expected);
    for d in &drivers {
        assert_eq!(d.active, active.contains(&d.id), "{}", d.id);
    }
    // Active: 2 pages of 2; deactivated: 2 pages (2 + 1).
    assert_eq!(
        cursors,
        vec![
            None,
            Some("active:c2".into()),
            Some("deactivated:".into()),
            Some("deactivated:c2".into()),
        ]
    );
    let asked: Vec<(String, Option<String>, String)> = fake
        .seen("/fleet/drivers")
        .into_iter()
        .map(|s| {
            (
                s.query["driverActivationStatus"].clone(),
                s.query.get("after").cloned(),
                s.query["limit"].clone(),
            )
        })
        .collect();
    assert_eq!(
        asked,
        vec![
            ("active".into(), None, "512".into()),
            ("active".into(), Some("c2".into()), "512".into()),
            ("deactivated".into(), None, "512".into()),
            ("deactivated".into(), Some("c2".into()), "512".into()),
        ]
    );
    // Names split, vehicle refs kept.
    let (first, last) = person(0);
    assert_eq!(drivers[0].first_name.as_deref(), Some(first));
    assert_eq!(drivers[0].last_name.as_deref(), Some(last));
    assert_eq!(drivers[0].username.as_deref(), Some("driver0"));
    assert_eq!(
        drivers[0].assigned_vehicle,
        Some(EldRef {
            id: samsara_vehicle_id(0),
            name: Some("Truck 0".into())
        })
    );
    assert_eq!(drivers[3].assigned_vehicle, None); // driver 6: no truck 6

    // Incremental: only what changed after the instant, in both phases.
    fake.forget_seen();
    let since = Utc.with_ymd_and_hms(2024, 6, 2, 12, 0, 0).unwrap();
    let (changed, _) = walk(|c| samsara.drivers_page(c, Some(since))).await;
    assert_eq!(
        ids(&changed, |d| &d.id),
        vec![samsara_driver_id(4), samsara_driver_id(5)]
    );
    assert!(fake.seen("/fleet/drivers").iter().all(|s| {
        s.query.get("updatedAfterTime").map(String::as_str) == Some("2024-06-02T12:00:00Z")
    }));
}

#[tokio::test]
async fn samsara_walks_vehicle_trailer_and_assignment_pages() {
    let fake = SamsaraFake::start(4, 5, 5, 2).await;
    let samsara = fake.adapter();

    let (vehicles, cursors) = walk(|c| samsara.vehicles_page(c, None)).await;
    assert_eq!(
        ids(&vehicles, |v| &v.id),
        (0..5).map(samsara_vehicle_id).collect::<Vec<_>>()
    );
    assert_eq!(cursors.len(), 3);
    assert_eq!(vehicles[2].name.as_deref(), Some("Truck 2"));
    assert_eq!(vehicles[2].year, Some(2017));
    assert_eq!(
        vehicles[1].assigned_driver.as_ref().map(|d| d.id.clone()),
        Some(samsara_driver_id(1))
    );
    assert!(
        vehicles[1]
            .raw
            .to_value()
            .get("staticAssignedDriver")
            .is_some()
    );
    assert_eq!(vehicles[4].assigned_driver, None);
    assert_eq!(
        fake.seen("/fleet/vehicles")
            .iter()
            .map(|s| s.query.get("after").cloned())
            .collect::<Vec<_>>(),
        vec![None, Some("c2".into()), Some("c4".into())]
    );

    let (trailers, _) = walk(|c| samsara.trailers_page(c)).await;
    assert_eq!(
        ids(&trailers, |t| &t.id),
        (0..5).map(samsara_trailer_id).collect::<Vec<_>>()
    );
    assert_eq!(trailers[3].vin.as_deref(), Some("1JJV532D000000003"));
    assert_eq!(fake.seen_count("/fleet/trailers"), 3);

    let (assignments, _) = walk(|c| samsara.trailer_assignments_page(c)).await;
    // Trailers 0-3 pulled by drivers 0-3; trailer 4 by nobody. Trailer 0's
    // ended assignment (driver 1) is history.
    assert_eq!(
        assignments,
        (0..4)
            .map(|i| EldTrailerAssignment {
                trailer_id: samsara_trailer_id(i),
                driver: EldRef {
                    id: samsara_driver_id(i),
                    name: None
                },
                since: DateTime::from_timestamp_millis(SAMSARA_ASSIGNED_MS + i as i64),
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        fake.seen("/v1/fleet/trailers/assignments")
            .iter()
            .map(|s| s.query.get("startingAfter").cloned())
            .collect::<Vec<_>>(),
        vec![None, Some("v2".into()), Some("v4".into())]
    );
}

#[tokio::test]
async fn samsara_waits_out_a_429_with_fractional_retry_after() {
    let fake = SamsaraFake::start(1, 3, 0, 10).await;
    fake.fail_next("/fleet/vehicles", Fault::RateLimited(Some("0.2")));
    let started = Instant::now();
    let page = fake.adapter().vehicles_page(None, None).await.unwrap();
    assert_eq!(page.items.len(), 3);
    // The backoff is 10 ms: only Retry-After explains the wait.
    assert!(started.elapsed() >= Duration::from_millis(200));
    let seen = fake.seen("/fleet/vehicles");
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].fault, Some(Fault::RateLimited(Some("0.2"))));
    assert_eq!(seen[1].fault, None);
}

#[tokio::test]
async fn samsara_backs_off_after_a_500_and_gives_up_after_the_attempts() {
    let fake = SamsaraFake::start(3, 0, 0, 10).await;
    fake.fail_next("/fleet/drivers", Fault::ServerError);
    let page = fake.adapter().drivers_page(None, None).await.unwrap();
    assert_eq!(page.items.len(), 3);
    assert_eq!(fake.seen_count("/fleet/drivers"), 2);

    fake.forget_seen();
    fake.fail_always("/fleet/drivers", Fault::ServerError);
    let err = fake.adapter().drivers_page(None, None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t == "Samsara is unavailable (HTTP 500): Internal server error"),
        "{err:?}"
    );
    assert_eq!(
        fake.seen_count("/fleet/drivers"),
        test_retry().attempts as usize
    );
}

#[tokio::test]
async fn samsara_rate_limits_beyond_max_wait_or_the_attempts_are_unavailable() {
    let fake = SamsaraFake::start(0, 0, 2, 10).await;
    fake.fail_next("/fleet/trailers", Fault::RateLimited(Some("30")));
    let started = Instant::now();
    let err = fake.adapter().trailers_page(None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t.contains("asked to wait 30 s")),
        "{err:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(fake.seen_count("/fleet/trailers"), 1);

    fake.forget_seen();
    fake.fail_always("/fleet/trailers", Fault::RateLimited(None));
    let err = fake.adapter().trailers_page(None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t.contains("429")),
        "{err:?}"
    );
    assert_eq!(fake.seen_count("/fleet/trailers"), 3);
}

#[tokio::test]
async fn samsara_timeouts_are_retried_then_unavailable() {
    let fake = SamsaraFake::start(2, 0, 0, 10).await;
    fake.fail_always("/fleet/drivers", Fault::Slow(Duration::from_secs(3)));
    let endpoints = endpoints_with(
        fake.endpoints(),
        Duration::from_millis(300),
        RetryPolicy {
            attempts: 2,
            ..test_retry()
        },
    );
    let started = Instant::now();
    let err = fake
        .adapter_with(SamsaraFake::TOKEN, &endpoints)
        .drivers_page(None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t == "Samsara did not answer within 0.3 s."),
        "{err:?}"
    );
    assert_eq!(fake.seen_count("/fleet/drivers"), 2);
    assert!(started.elapsed() < Duration::from_secs(3));

    // A slow answer within the timeout is simply served.
    fake.clear_faults();
    fake.fail_next("/fleet/drivers", Fault::Slow(Duration::from_millis(50)));
    assert_eq!(
        fake.adapter()
            .drivers_page(None, None)
            .await
            .unwrap()
            .items
            .len(),
        2
    );
}

#[tokio::test]
async fn samsara_malformed_page_is_malformed() {
    let fake = SamsaraFake::start(5, 0, 0, 2).await;
    fake.fail_page("/fleet/drivers", 2, Fault::NotJson);
    let samsara = fake.adapter();
    let first = samsara.drivers_page(None, None).await.unwrap();
    assert_eq!(first.items.len(), 2);
    let err = samsara.drivers_page(first.next, None).await.unwrap_err();
    let EldProviderError::Malformed(text) = &err else {
        panic!("{err:?}")
    };
    assert!(
        text.starts_with("Samsara sent a response that is not JSON"),
        "{text}"
    );
    assert!(!text.contains("Cut off"), "the body stays out: {text}");
    // Not retried: the same body would come back.
    assert_eq!(fake.seen_count("/fleet/drivers"), 2);

    fake.fail_next("/fleet/vehicles", Fault::WrongShape);
    let err = samsara.vehicles_page(None, None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Malformed(t) if t.starts_with("Samsara sent a page of vehicles in an unexpected format")),
        "{err:?}"
    );
}

#[tokio::test]
async fn samsara_refused_token_is_unauthorized_without_the_token() {
    let fake = SamsaraFake::start(1, 1, 1, 10).await;
    let wrong = "revoked-token-77aa01";
    let samsara = fake.adapter_with(wrong, &fake.endpoints());
    let err = samsara.verify().await.unwrap_err();
    let EldProviderError::Unauthorized(text) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(text, "Samsara refused the API token (401): Unauthorized");
    assert!(!text.contains(wrong));
    // Not retried.
    assert_eq!(fake.seen_count("/fleet/drivers"), 1);
    assert!(matches!(
        samsara.trailers_page(None).await,
        Err(EldProviderError::Unauthorized(_))
    ));

    // The right token verifies with one small call.
    fake.forget_seen();
    fake.adapter().verify().await.unwrap();
    let seen = fake.seen("/fleet/drivers");
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].query.get("limit").map(String::as_str), Some("1"));
    assert_eq!(
        seen[0].credential.as_deref(),
        Some(format!("Bearer {}", SamsaraFake::TOKEN).as_str())
    );

    // A key revoked mid-sync is Unauthorized.
    fake.fail_next("/fleet/vehicles", Fault::Unauthorized);
    assert!(matches!(
        fake.adapter().vehicles_page(None, None).await,
        Err(EldProviderError::Unauthorized(_))
    ));
}

#[tokio::test]
async fn provider_messages_never_echo_the_credential() {
    let server = MockServer::start().await;
    let token = "secret-token-5b5b5b";
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(403).set_body_json(
            json!({ "message": format!("token {token} lacks the Read Drivers scope"), "requestId": "r" }),
        ))
        .mount(&server)
        .await;
    let err = Samsara::new(&server.uri(), token, &test_endpoints())
        .drivers_page(None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t)
            if t == "Samsara refused the API token (403): token [redacted] lacks the Read Drivers scope"),
        "{err:?}"
    );
}

#[tokio::test]
async fn unreachable_provider_is_unavailable_without_the_url() {
    // Nothing listens on port 9 of localhost.
    let endpoints = EldEndpoints {
        samsara_base_url: "http://127.0.0.1:9".into(),
        ..test_endpoints()
    };
    let err = eld::connect(
        ProviderKind::Samsara,
        &Credentials::ApiKey {
            api_key: "tok-unreachable".into(),
        },
        &endpoints,
    )
    .unwrap()
    .verify()
    .await
    .unwrap_err();
    let EldProviderError::Unavailable(text) = &err else {
        panic!("{err:?}")
    };
    assert!(text.starts_with("Could not reach Samsara"), "{text}");
    assert!(
        !text.contains("127.0.0.1") && !text.contains("tok-"),
        "{text}"
    );
}

#[tokio::test]
async fn connect_builds_adapters_that_reach_their_fakes() {
    let samsara = SamsaraFake::start(1, 0, 0, 10).await;
    eld::connect(samsara.kind(), &samsara.credentials(), &samsara.endpoints())
        .unwrap()
        .verify()
        .await
        .unwrap();
    let motive = MotiveFake::start(1, 0, 0, 10).await;
    eld::connect(motive.kind(), &motive.credentials(), &motive.endpoints())
        .unwrap()
        .verify()
        .await
        .unwrap();
    assert_eq!(
        motive.seen("/v1/users")[0].credential.as_deref(),
        Some(MotiveFake::KEY)
    );
    let geotab = GeotabFake::start_redirected(1, 0, 0).await;
    eld::connect(geotab.kind(), &geotab.credentials(), &geotab.endpoints())
        .unwrap()
        .verify()
        .await
        .unwrap();
    assert_eq!(geotab.sessions_issued(), 1);

    let err = eld::connect(
        ProviderKind::Omnitracs,
        &Credentials::None,
        &test_endpoints(),
    )
    .err()
    .unwrap();
    let texts: Value =
        serde_json::from_str(include_str!("../../../../contracts/texts.json")).unwrap();
    assert!(
        matches!(&err, EldProviderError::Unsupported(t) if t == texts["eld"]["omnitracsPartnerOnly"].as_str().unwrap())
    );
}

// ---------------------------------------------------------------------------
// Motive

#[tokio::test]
async fn motive_maps_users_vehicles_and_assets_across_pages() {
    let fake = MotiveFake::start(5, 4, 3, 2).await;
    fake.edit(|d| {
        d.users[3]["status"] = json!("deactivated");
        d.vehicles[2]["status"] = json!("deactivated");
    });
    let motive = fake.adapter();

    let (drivers, cursors) = walk(|c| motive.drivers_page(c, None)).await;
    // The dispatcher (role admin) is not asked for; the deactivated driver is kept.
    assert_eq!(
        ids(&drivers, |d| &d.id),
        (0..5)
            .map(|i| motive_user_id(i).to_string())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        drivers.iter().map(|d| d.active).collect::<Vec<_>>(),
        vec![true, true, true, false, true]
    );
    assert_eq!(cursors, vec![None, Some("2".into()), Some("3".into())]);
    let seen = fake.seen("/v1/users");
    assert_eq!(
        seen.iter()
            .map(|s| (
                s.query["role"].as_str(),
                s.query["per_page"].as_str(),
                s.query["page_no"].as_str()
            ))
            .collect::<Vec<_>>(),
        vec![
            ("driver", "100", "1"),
            ("driver", "100", "2"),
            ("driver", "100", "3")
        ]
    );
    assert!(seen.iter().all(|s| !s.query.contains_key("status")));
    let fixture = fixtures::record(fixtures::MOTIVE_USERS, "/users/0/user");
    let (first, last) = person(1);
    assert_eq!(
        drivers[1],
        EldDriver {
            id: motive_user_id(1).to_string(),
            first_name: Some(first.into()),
            last_name: Some(last.into()),
            username: Some("driver1".into()),
            phone: Some("5122000001".into()),
            license_number: Some("TX40000001".into()),
            license_state: Some("TX".into()),
            active: true,
            assigned_vehicle: None,
            raw: drivers[1].raw.clone(),
        }
    );
    // raw is the unwrapped user, unknown fields and all.
    assert_eq!(drivers[1].raw.to_value()["cycle"], fixture["cycle"]);
    assert!(drivers[1].raw.to_value().get("user").is_none());

    let (vehicles, _) = walk(|c| motive.vehicles_page(c, None)).await;
    assert_eq!(
        ids(&vehicles, |v| &v.id),
        [0, 1, 3].map(|i| motive_vehicle_id(i).to_string()).to_vec()
    );
    let (first, last) = person(0);
    assert_eq!(
        vehicles[0],
        EldVehicle {
            id: motive_vehicle_id(0).to_string(),
            name: Some("T-100".into()),
            vin: Some("3AKJHHDR000000000".into()),
            license_plate: Some("R100000".into()),
            make: Some("Freightliner".into()),
            model: Some("Cascadia".into()),
            year: Some(2016),
            notes: None,
            assigned_driver: Some(EldRef {
                id: motive_user_id(0).to_string(),
                name: Some(format!("{first} {last}")),
            }),
            raw: vehicles[0].raw.clone(),
        }
    );
    assert_eq!(vehicles[0].raw.to_value()["eld_device"]["model"], "lbb-3");
    assert_eq!(fake.seen_count("/v1/vehicles"), 2);

    let (trailers, _) = walk(|c| motive.trailers_page(c)).await;
    assert_eq!(
        trailers[0],
        EldTrailer {
            id: motive_asset_id(0).to_string(),
            name: Some("TR-5300".into()),
            vin: Some("1JJV532D000000000".into()),
            license_plate: Some("TRL0000".into()),
            trailer_type: Some("trailer".into()),
            notes: Some("Swing doors".into()),
            raw: trailers[0].raw.clone(),
        }
    );
    assert_eq!(trailers.len(), 3);

    // The assets list shape is not documented: unwrapped items work too.
    fake.serve_bare_assets(true);
    let (bare, _) = walk(|c| motive.trailers_page(c)).await;
    assert_eq!(bare, trailers);

    let assignments = motive.trailer_assignments_page(None).await.unwrap();
    assert_eq!(
        assignments,
        Page {
            items: vec![],
            next: None
        }
    );
}

#[tokio::test]
async fn motive_parses_the_documented_bodies() {
    let server = MockServer::start().await;
    for (fixture, at) in [
        (fixtures::MOTIVE_USERS, "/v1/users"),
        (fixtures::MOTIVE_VEHICLES, "/v1/vehicles"),
        (fixtures::MOTIVE_ASSETS, "/v1/assets"),
    ] {
        Mock::given(method("GET"))
            .and(path(at))
            .and(header("x-api-key", "motive-key-0001"))
            .and(query_param("page_no", "1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(fixtures::body(fixture)))
            .expect(1)
            .mount(&server)
            .await;
    }
    let motive = eld::Motive::new(&server.uri(), "motive-key-0001", &test_endpoints());
    let drivers = motive.drivers_page(None, None).await.unwrap();
    assert_eq!(drivers.next, None); // page 1 × 100 ≥ total 1
    assert_eq!(
        drivers.items,
        vec![EldDriver {
            id: "318203".into(),
            first_name: Some("Maria".into()),
            last_name: Some("Lopez".into()),
            username: Some("mlopez".into()),
            phone: Some("5125550142".into()),
            license_number: Some("TX48213377".into()),
            license_state: Some("TX".into()),
            active: true,
            assigned_vehicle: None,
            raw: fixtures::record(fixtures::MOTIVE_USERS, "/users/0/user").into(),
        }]
    );
    let vehicles = motive.vehicles_page(None, None).await.unwrap();
    assert_eq!(
        vehicles.items[0].assigned_driver,
        Some(EldRef {
            id: "318203".into(),
            name: Some("Maria Lopez".into())
        })
    );
    assert_eq!(vehicles.items[0].year, Some(2019));
    assert_eq!(vehicles.items[0].name.as_deref(), Some("T-101"));
    let trailers = motive.trailers_page(None).await.unwrap();
    assert_eq!(trailers.items[0].id, "90417");
    assert_eq!(trailers.items[0].license_plate.as_deref(), Some("TRL4455"));
    server.verify().await;
}

#[tokio::test]
async fn motive_stops_when_the_pages_cover_the_total() {
    let fake = MotiveFake::start(4, 0, 0, 2).await;
    let motive = fake.adapter();
    let (drivers, _) = walk(|c| motive.drivers_page(c, None)).await;
    assert_eq!(drivers.len(), 4);
    // 2 × 2 ≥ 4: no third, empty page is asked for.
    assert_eq!(fake.seen_count("/v1/users"), 2);
}

#[tokio::test]
async fn motive_retries_429_and_500_then_serves() {
    let fake = MotiveFake::start(3, 3, 0, 10).await;
    fake.fail_next("/v1/users", Fault::RateLimited(Some("0.2")));
    fake.fail_next("/v1/vehicles", Fault::ServerError);
    let motive = fake.adapter();
    let started = Instant::now();
    assert_eq!(
        motive.drivers_page(None, None).await.unwrap().items.len(),
        3
    );
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(fake.seen_count("/v1/users"), 2);
    assert_eq!(
        motive.vehicles_page(None, None).await.unwrap().items.len(),
        3
    );
    let seen = fake.seen("/v1/vehicles");
    assert_eq!(
        seen.iter().map(|s| s.fault.clone()).collect::<Vec<_>>(),
        vec![Some(Fault::ServerError), None]
    );
}

#[tokio::test]
async fn motive_failures_read_well() {
    let fake = MotiveFake::start(5, 0, 0, 2).await;
    let wrong = "motive-wrong-key-1234";
    let err = fake
        .adapter_with(wrong, &fake.endpoints())
        .verify()
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t == "Motive refused the API key (401): Invalid API key"),
        "{err:?}"
    );
    // The other reading of Motive's error body gives the same text.
    fake.set_error_key(MotiveErrorKey::Message);
    let err = fake
        .adapter_with(wrong, &fake.endpoints())
        .drivers_page(None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t == "Motive refused the API key (401): Invalid API key" && !t.contains(wrong)),
        "{err:?}"
    );

    fake.fail_page("/v1/users", 2, Fault::NotJson);
    let motive = fake.adapter();
    let first = motive.drivers_page(None, None).await.unwrap();
    assert_eq!(first.next.as_deref(), Some("2"));
    assert!(matches!(
        motive.drivers_page(first.next, None).await,
        Err(EldProviderError::Malformed(_))
    ));
    fake.fail_next("/v1/users", Fault::WrongShape);
    let err = motive.drivers_page(None, None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Malformed(t) if t == "Motive sent users in an unexpected format (not a list)"),
        "{err:?}"
    );
    assert!(matches!(
        motive.drivers_page(Some("zero".into()), None).await,
        Err(EldProviderError::Malformed(_))
    ));

    fake.fail_always("/v1/users", Fault::Slow(Duration::from_secs(3)));
    let endpoints = endpoints_with(
        fake.endpoints(),
        Duration::from_millis(300),
        RetryPolicy {
            attempts: 1,
            ..test_retry()
        },
    );
    let err = fake
        .adapter_with(MotiveFake::KEY, &endpoints)
        .drivers_page(None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t == "Motive did not answer within 0.3 s."),
        "{err:?}"
    );
}

// ---------------------------------------------------------------------------
// Geotab

#[tokio::test]
async fn geotab_follows_the_path_and_reuses_the_session() {
    let fake = GeotabFake::start_redirected(3, 4, 2).await;
    fake.edit(|d| {
        d.users[2]["activeTo"] = json!("2023-03-01T00:00:00.000Z");
        d.devices[1]["activeTo"] = json!("2022-01-01T00:00:00.000Z");
    });
    let geotab = fake.adapter();

    let drivers = geotab.drivers_page(None, None).await.unwrap();
    let vehicles = geotab.vehicles_page(None, None).await.unwrap();
    let trailers = geotab.trailers_page(None).await.unwrap();
    assert_eq!(
        (
            drivers.next.clone(),
            vehicles.next.clone(),
            trailers.next.clone()
        ),
        (None, None, None)
    );

    // One sign-in, on the configured server; the data from the server `path` named.
    let seen = fake.seen_all();
    assert_eq!(
        seen.iter()
            .map(|s| (s.route.as_str(), s.server))
            .collect::<Vec<_>>(),
        vec![
            ("Authenticate", "login"),
            ("Get:User", "data"),
            ("Get:Device", "data"),
            ("Get:Trailer", "data"),
        ]
    );
    assert_eq!(
        seen[0].body.as_ref().unwrap()["params"],
        json!({ "database": GeotabFake::DATABASE, "userName": GeotabFake::USER, "password": GeotabFake::PASSWORD })
    );
    for get in &seen[1..] {
        let params = &get.body.as_ref().unwrap()["params"];
        assert_eq!(params["credentials"]["sessionId"], "session-1");
        assert!(params["credentials"].get("password").is_none());
        assert_eq!(params["resultsLimit"], 5001);
    }
    assert_eq!(
        seen[1].body.as_ref().unwrap()["params"]["search"],
        json!({ "isDriver": true })
    );

    // The office user is no driver; the one whose activeTo passed is inactive.
    assert_eq!(
        ids(&drivers.items, |d| &d.id),
        (0..3).map(geotab_user_id).collect::<Vec<_>>()
    );
    let (first, last) = person(1);
    assert_eq!(
        drivers.items[1],
        EldDriver {
            id: geotab_user_id(1),
            first_name: Some(first.into()),
            last_name: Some(last.into()),
            username: Some("driver1@fleet.example".into()),
            phone: Some("6143000001".into()),
            license_number: Some("D0001-10001".into()),
            license_state: Some("IN".into()),
            active: true,
            assigned_vehicle: None,
            raw: drivers.items[1].raw.clone(),
        }
    );
    assert_eq!(drivers.items[1].raw.to_value()["employeeNo"], "E-0001");
    assert!(!drivers.items[2].active);

    // The archived device is left out.
    assert_eq!(
        ids(&vehicles.items, |v| &v.id),
        [0, 2, 3].map(geotab_device_id).to_vec()
    );
    assert_eq!(
        vehicles.items[0],
        EldVehicle {
            id: geotab_device_id(0),
            name: Some("Truck 0".into()),
            vin: Some("1XKYDP9X000000000".into()),
            license_plate: Some("PKR0000".into()),
            make: None,
            model: None,
            year: None,
            notes: Some("Day cab".into()),
            assigned_driver: None,
            raw: vehicles.items[0].raw.clone(),
        }
    );
    assert_eq!(
        vehicles.items[0].raw.to_value()["serialNumber"],
        "G9D010000000"
    );
    assert_eq!(
        trailers.items,
        (0..2)
            .map(|i| EldTrailer {
                id: geotab_trailer_id(i),
                name: Some(format!("Reefer {}", 4400 + i)),
                vin: None,
                license_plate: None,
                trailer_type: None,
                notes: Some("53 ft reefer".into()),
                raw: trailers.items[i].raw.clone(),
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        geotab.trailer_assignments_page(None).await.unwrap(),
        Page {
            items: vec![],
            next: None
        }
    );
    assert_eq!(fake.sessions_issued(), 1);
}

#[tokio::test]
async fn geotab_signs_in_again_once_when_the_session_expires() {
    for style in [GeotabErrorStyle::JsonRpc, GeotabErrorStyle::Flat] {
        let fake = GeotabFake::start_redirected(2, 2, 0).await;
        fake.set_error_style(style);
        let geotab = fake.adapter();
        geotab.vehicles_page(None, None).await.unwrap();
        fake.expire_sessions();
        let page = geotab.vehicles_page(None, None).await.unwrap();
        assert_eq!(page.items.len(), 2);
        assert_eq!(fake.sessions_issued(), 2, "{style:?}");
        assert_eq!(
            fake.seen_all()
                .iter()
                .map(|s| (s.route.as_str(), s.server))
                .collect::<Vec<_>>(),
            vec![
                ("Authenticate", "login"),
                ("Get:Device", "data"),
                ("Get:Device", "data"), // refused: InvalidUserException
                ("Authenticate", "login"),
                ("Get:Device", "data"),
            ],
            "{style:?}"
        );
        let last = fake.seen("Get:Device").pop().unwrap();
        assert_eq!(
            last.body.unwrap()["params"]["credentials"]["sessionId"],
            "session-2"
        );

        // The password changed meanwhile: the second sign-in is refused, once.
        fake.expire_sessions();
        fake.change_password("a-new-password");
        fake.forget_seen();
        let err = geotab.drivers_page(None, None).await.unwrap_err();
        let EldProviderError::Unauthorized(text) = &err else {
            panic!("{err:?}")
        };
        assert_eq!(
            text,
            "Geotab refused the user name or password for database \"longhaul_test\" (Incorrect login credentials)"
        );
        assert!(!text.contains(GeotabFake::PASSWORD));
        assert_eq!(fake.seen_count("Authenticate"), 1);
        assert_eq!(fake.seen_count("Get:User"), 1);
    }
}

#[tokio::test]
async fn geotab_refuses_wrong_passwords_and_unknown_databases() {
    let fake = GeotabFake::start(1, 1, 0).await;
    let wrong = "wrong-password-x1";
    let err = fake
        .adapter_with(GeotabFake::DATABASE, wrong, &fake.endpoints())
        .verify()
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t.starts_with("Geotab refused the user name or password") && !t.contains(wrong)),
        "{err:?}"
    );
    // A wrong password is asked once, not hammered (10 sign-ins a minute).
    assert_eq!(fake.seen_count("Authenticate"), 1);

    let err = fake
        .adapter_with("no_such_db", GeotabFake::PASSWORD, &fake.endpoints())
        .vehicles_page(None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t.starts_with("Geotab has no database \"no_such_db\"")),
        "{err:?}"
    );

    // Without redirection everything goes to the one server.
    fake.forget_seen();
    fake.adapter().verify().await.unwrap();
    assert!(fake.seen_all().iter().all(|s| s.server == "api"));
}

#[tokio::test]
async fn geotab_over_limit_waits_and_other_faults_read_well() {
    let fake = GeotabFake::start(2, 3, 1).await;
    fake.fail_next("Get:Device", Fault::RateLimited(Some("0.2")));
    let geotab = fake.adapter();
    let started = Instant::now();
    assert_eq!(
        geotab.vehicles_page(None, None).await.unwrap().items.len(),
        3
    );
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(fake.seen_count("Get:Device"), 2);
    assert_eq!(fake.sessions_issued(), 1);

    fake.fail_next("Get:User", Fault::ServerError);
    assert_eq!(
        geotab.drivers_page(None, None).await.unwrap().items.len(),
        2
    );
    assert_eq!(fake.seen_count("Get:User"), 2);

    fake.fail_next("Get:Trailer", Fault::NotJson);
    assert!(matches!(
        geotab.trailers_page(None).await,
        Err(EldProviderError::Malformed(_))
    ));
    fake.fail_next("Get:Trailer", Fault::WrongShape);
    assert!(matches!(
        geotab.trailers_page(None).await,
        Err(EldProviderError::Malformed(t)) if t.starts_with("Geotab sent a list of trailers in an unexpected format")
    ));

    // More records than one list reads fails rather than syncing part.
    let small = fake.adapter().with_results_limit(2);
    let err = small.vehicles_page(None, None).await.unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t.contains("more than 2 vehicles")),
        "{err:?}"
    );
    assert_eq!(small.drivers_page(None, None).await.unwrap().items.len(), 2);

    fake.fail_always("Get:Device", Fault::Slow(Duration::from_secs(3)));
    let endpoints = endpoints_with(
        fake.endpoints(),
        Duration::from_millis(300),
        RetryPolicy {
            attempts: 1,
            ..test_retry()
        },
    );
    let err = geotab_with(&fake, &endpoints)
        .vehicles_page(None, None)
        .await
        .unwrap_err();
    assert!(
        // The same words as a refused connection: a timeout must not tell
        // an open port from a closed one (decision 027).
        matches!(&err, EldProviderError::Unavailable(t) if t == "Could not reach Geotab; check the server name and try again."),
        "{err:?}"
    );
}

fn geotab_with(fake: &GeotabFake, endpoints: &EldEndpoints) -> eld::Geotab {
    fake.adapter_with(GeotabFake::DATABASE, GeotabFake::PASSWORD, endpoints)
}

#[tokio::test]
async fn geotab_fake_accepts_the_form_encoded_call_too() {
    let fake = GeotabFake::start(0, 0, 0).await;
    let call = json!({
        "method": "Authenticate",
        "params": { "database": GeotabFake::DATABASE, "userName": GeotabFake::USER, "password": GeotabFake::PASSWORD },
    });
    let answer: Value = reqwest::Client::new()
        .post(format!("http://{}/apiv1", fake.server()))
        .form(&[("JSON-RPC", call.to_string())])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["result"]["path"], "ThisServer");
    assert_eq!(answer["result"]["credentials"]["sessionId"], "session-1");
}

// ---------------------------------------------------------------------------
// Vehicle locations

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

/// Vehicle `i` where the fakes put it, with the provider's description.
fn fake_location(id: String, i: usize, description: Option<String>) -> EldVehicleLocation {
    let (lat, lon) = fake_position(i);
    EldVehicleLocation {
        vehicle_id: id,
        lat,
        lon,
        at: fake_position_time(i),
        description,
    }
}

#[tokio::test]
async fn samsara_parses_the_documented_vehicle_locations_body() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/fleet/vehicles/locations"))
        .and(header("authorization", "Bearer vendor-token-0001"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(fixtures::samsara_vehicle_locations()),
        )
        .expect(1)
        .mount(&server)
        .await;
    let samsara = Samsara::new(&server.uri(), "vendor-token-0001", &test_endpoints());
    let page = samsara.vehicle_locations_page(None).await.unwrap();
    assert_eq!(
        page,
        Page {
            items: vec![
                EldVehicleLocation {
                    vehicle_id: "112".into(),
                    lat: 37.765363,
                    lon: -122.4029238,
                    at: at("2020-01-27T07:06:25Z"),
                    description: Some("350 Rhode Island St, San Francisco, CA".into()),
                },
                // No reverseGeo: no description; milliseconds kept.
                EldVehicleLocation {
                    vehicle_id: "494123".into(),
                    lat: 41.8781,
                    lon: -87.6298,
                    at: at("2020-01-27T07:01:09.468Z"),
                    description: None,
                },
                // The yard spare has no location: left out.
            ],
            next: Some("MjkY".into()),
        }
    );
    // Only the documented parameters: no `limit`, no `after` on the first page.
    let asked = &server.received_requests().await.unwrap()[0];
    assert_eq!(asked.url.query(), None);
    server.verify().await;
}

#[tokio::test]
async fn samsara_walks_vehicle_location_pages_and_skips_vehicles_without_one() {
    let fake = SamsaraFake::start(0, 5, 0, 2).await;
    fake.edit(|d| {
        d.vehicle_locations[1]
            .as_object_mut()
            .unwrap()
            .remove("location");
        // No fix yet (0,0) and a location without a time: no usable position.
        d.vehicle_locations[3]["location"]["latitude"] = json!(0.0);
        d.vehicle_locations[3]["location"]["longitude"] = json!(0.0);
        d.vehicle_locations[4]["location"]["time"] = Value::Null;
    });
    let samsara = fake.adapter();
    let (locations, cursors) = walk(|c| samsara.vehicle_locations_page(c)).await;
    assert_eq!(
        locations,
        [0, 2]
            .map(|i| fake_location(
                samsara_vehicle_id(i),
                i,
                Some(format!("Exit {i}, I-80, Joliet, IL"))
            ))
            .to_vec()
    );
    assert_eq!(cursors, vec![None, Some("c2".into()), Some("c4".into())]);
    let seen = fake.seen("/fleet/vehicles/locations");
    assert_eq!(
        seen.iter()
            .map(|s| s.query.get("after").cloned())
            .collect::<Vec<_>>(),
        vec![None, Some("c2".into()), Some("c4".into())]
    );
    assert!(seen.iter().all(|s| !s.query.contains_key("limit")));
}

#[tokio::test]
async fn samsara_vehicle_locations_wait_out_a_429_then_serve() {
    let fake = SamsaraFake::start(0, 3, 0, 10).await;
    fake.fail_next("/fleet/vehicles/locations", Fault::RateLimited(Some("0.2")));
    let started = Instant::now();
    let page = fake.adapter().vehicle_locations_page(None).await.unwrap();
    assert_eq!(page.items.len(), 3);
    assert_eq!(page.next, None);
    // The backoff is 10 ms: only Retry-After explains the wait.
    assert!(started.elapsed() >= Duration::from_millis(200));
    let seen = fake.seen("/fleet/vehicles/locations");
    assert_eq!(
        seen.iter().map(|s| s.fault.clone()).collect::<Vec<_>>(),
        vec![Some(Fault::RateLimited(Some("0.2"))), None]
    );
}

#[tokio::test]
async fn samsara_vehicle_locations_with_a_refused_token_are_unauthorized() {
    let fake = SamsaraFake::start(0, 2, 0, 10).await;
    let wrong = "revoked-token-9c9c01";
    let err = fake
        .adapter_with(wrong, &fake.endpoints())
        .vehicle_locations_page(None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t == "Samsara refused the API token (401): Unauthorized"),
        "{err:?}"
    );
    // Not retried.
    assert_eq!(fake.seen_count("/fleet/vehicles/locations"), 1);
    // Revoked between two pages.
    fake.fail_next("/fleet/vehicles/locations", Fault::Unauthorized);
    assert!(matches!(
        fake.adapter().vehicle_locations_page(None).await,
        Err(EldProviderError::Unauthorized(_))
    ));
}

#[tokio::test]
async fn motive_parses_the_documented_vehicle_locations_body() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/vehicle_locations"))
        .and(header("x-api-key", "motive-key-0001"))
        .and(query_param("per_page", "100"))
        .and(query_param("page_no", "1"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(fixtures::motive_vehicle_locations()),
        )
        .expect(1)
        .mount(&server)
        .await;
    let motive = eld::Motive::new(&server.uri(), "motive-key-0001", &test_endpoints());
    let page = motive.vehicle_locations_page(None).await.unwrap();
    assert_eq!(
        page,
        Page {
            items: vec![
                EldVehicleLocation {
                    vehicle_id: "77120".into(),
                    lat: 32.7767,
                    lon: -96.797,
                    at: at("2024-05-18T09:41:55Z"),
                    description: Some("2.1 mi W of Dallas, TX".into()),
                },
                // T-102 (null) and T-104 (no current_location) are left out;
                // T-103's coordinates came as text, its time with an offset.
                EldVehicleLocation {
                    vehicle_id: "77122".into(),
                    lat: 33.749,
                    lon: -84.388,
                    at: at("2024-05-18T09:40:00Z"),
                    description: None,
                },
            ],
            // page 1 × 100 ≥ total 4
            next: None,
        }
    );
    server.verify().await;
}

#[tokio::test]
async fn motive_walks_vehicle_location_pages_by_page_no_until_the_total() {
    let fake = MotiveFake::start(0, 5, 0, 2).await;
    fake.edit(|d| {
        d.vehicle_locations[1]["current_location"] = Value::Null;
        d.vehicle_locations[3]["status"] = json!("deactivated");
    });
    let motive = fake.adapter();
    let (locations, cursors) = walk(|c| motive.vehicle_locations_page(c)).await;
    assert_eq!(
        locations,
        [0, 2, 4]
            .map(|i| fake_location(
                motive_vehicle_id(i).to_string(),
                i,
                Some(format!("{i} mi E of Joliet, IL"))
            ))
            .to_vec()
    );
    // 5 vehicles, 2 a page: pages 1-3, and no fourth (3 × 2 ≥ 5).
    assert_eq!(cursors, vec![None, Some("2".into()), Some("3".into())]);
    assert_eq!(
        fake.seen("/v1/vehicle_locations")
            .iter()
            .map(|s| (s.query["per_page"].clone(), s.query["page_no"].clone()))
            .collect::<Vec<_>>(),
        vec![
            ("100".into(), "1".into()),
            ("100".into(), "2".into()),
            ("100".into(), "3".into())
        ]
    );
}

#[tokio::test]
async fn motive_vehicle_locations_wait_out_a_429_then_serve() {
    let fake = MotiveFake::start(0, 3, 0, 10).await;
    fake.fail_next("/v1/vehicle_locations", Fault::RateLimited(Some("0.2")));
    let started = Instant::now();
    let page = fake.adapter().vehicle_locations_page(None).await.unwrap();
    assert_eq!(page.items.len(), 3);
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(
        fake.seen("/v1/vehicle_locations")
            .iter()
            .map(|s| s.fault.clone())
            .collect::<Vec<_>>(),
        vec![Some(Fault::RateLimited(Some("0.2"))), None]
    );
}

#[tokio::test]
async fn motive_vehicle_locations_with_a_refused_key_are_unauthorized() {
    let fake = MotiveFake::start(0, 2, 0, 10).await;
    let wrong = "motive-wrong-key-5678";
    let err = fake
        .adapter_with(wrong, &fake.endpoints())
        .vehicle_locations_page(None)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t == "Motive refused the API key (401): Invalid API key" && !t.contains(wrong)),
        "{err:?}"
    );
    assert_eq!(fake.seen_count("/v1/vehicle_locations"), 1);
    // A list that is not a list is malformed, not empty.
    fake.fail_next("/v1/vehicle_locations", Fault::WrongShape);
    assert!(matches!(
        fake.adapter().vehicle_locations_page(None).await,
        Err(EldProviderError::Malformed(t)) if t == "Motive sent vehicles in an unexpected format (not a list)"
    ));
}

#[tokio::test]
async fn geotab_reads_device_status_info_as_vehicle_locations() {
    let fake = GeotabFake::start_redirected(1, 4, 0).await;
    fake.edit(|d| {
        // The documented record as it is, for device 0.
        d.device_statuses[0] = fixtures::geotab_device_status_info();
        d.device_statuses[0]["device"]["id"] = json!(geotab_device_id(0));
        // No fix yet.
        d.device_statuses[2]["latitude"] = json!(0);
        d.device_statuses[2]["longitude"] = json!(0);
    });
    let geotab = fake.adapter();
    // The session of an earlier list is reused.
    geotab.vehicles_page(None, None).await.unwrap();
    let page = geotab.vehicle_locations_page(None).await.unwrap();
    assert_eq!(
        page,
        Page {
            items: vec![
                EldVehicleLocation {
                    vehicle_id: geotab_device_id(0),
                    lat: 39.4767609,
                    lon: -2.05665278,
                    at: at("2026-01-28T06:45:56.584Z"),
                    description: None,
                },
                fake_location(geotab_device_id(1), 1, None),
                fake_location(geotab_device_id(3), 3, None),
            ],
            next: None,
        }
    );
    assert_eq!(fake.sessions_issued(), 1);
    let call = fake.seen("Get:DeviceStatusInfo").pop().unwrap();
    assert_eq!(call.server, "data");
    let params = &call.body.unwrap()["params"];
    assert_eq!(params["typeName"], "DeviceStatusInfo");
    assert_eq!(params["resultsLimit"], 5001);
    assert_eq!(params["credentials"]["sessionId"], "session-1");
    // One page: there is no cursor to follow.
    assert!(matches!(
        geotab.vehicle_locations_page(Some("2".into())).await,
        Err(EldProviderError::Malformed(_))
    ));

    // OverLimitException waits Retry-After like a 429.
    fake.fail_next("Get:DeviceStatusInfo", Fault::RateLimited(Some("0.2")));
    let started = Instant::now();
    assert_eq!(
        geotab
            .vehicle_locations_page(None)
            .await
            .unwrap()
            .items
            .len(),
        3
    );
    assert!(started.elapsed() >= Duration::from_millis(200));
}

#[tokio::test]
async fn providers_without_an_adapter_report_no_locations() {
    // The CSV import and Omnitracs get no adapter at all; the trait's default
    // answers for a provider that reports no positions.
    struct NoPositions;
    #[async_trait::async_trait]
    impl EldProvider for NoPositions {
        async fn verify(&self) -> Result<(), EldProviderError> {
            Ok(())
        }
        async fn drivers_page(
            &self,
            _: Option<String>,
            _: Option<DateTime<Utc>>,
        ) -> Result<Page<EldDriver>, EldProviderError> {
            unreachable!()
        }
        async fn vehicles_page(
            &self,
            _: Option<String>,
            _: Option<DateTime<Utc>>,
        ) -> Result<Page<EldVehicle>, EldProviderError> {
            unreachable!()
        }
        async fn trailers_page(
            &self,
            _: Option<String>,
        ) -> Result<Page<EldTrailer>, EldProviderError> {
            unreachable!()
        }
        async fn trailer_assignments_page(
            &self,
            _: Option<String>,
        ) -> Result<Page<EldTrailerAssignment>, EldProviderError> {
            unreachable!()
        }
    }
    assert!(matches!(
        NoPositions.vehicle_locations_page(None).await,
        Err(EldProviderError::Unsupported(_))
    ));
    for kind in [ProviderKind::Omnitracs, ProviderKind::Other] {
        assert!(matches!(
            eld::connect(kind, &Credentials::None, &test_endpoints()).err(),
            Some(EldProviderError::Unsupported(_))
        ));
    }
}

// ---------------------------------------------------------------------------
// Geotab's server is the user's to type: only Geotab hosts are called

#[tokio::test]
async fn a_geotab_server_that_is_not_geotab_is_refused_before_any_call() {
    let fake = GeotabFake::start(1, 0, 0).await;
    // The fake's own address, but not allowed: as an IP:port would be in production.
    let err = eld::connect(fake.kind(), &fake.credentials(), &test_endpoints())
        .err()
        .expect("refused");
    assert!(
        matches!(&err, EldProviderError::Unauthorized(t) if t == eld::geotab::SERVER_REFUSED),
        "{err:?}"
    );
    assert!(fake.login.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_redirect_to_a_server_that_is_not_geotab_is_not_followed() {
    let fake = GeotabFake::start_redirected(1, 0, 0).await;
    // Only the login server is allowed: the `path` it answers is not.
    let endpoints = EldEndpoints {
        geotab_hosts: vec![fake.server()],
        ..test_endpoints()
    };
    let err = fake
        .adapter_with(GeotabFake::DATABASE, GeotabFake::PASSWORD, &endpoints)
        .verify()
        .await
        .unwrap_err();
    assert!(
        matches!(&err, EldProviderError::Unavailable(t) if t.contains("not a Geotab server")),
        "{err:?}"
    );
    let data = fake.data_server.as_ref().unwrap();
    assert!(data.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn geotab_transport_failures_read_alike_whatever_the_port_did() {
    // A closed port (refused) and a server that never answers in time
    // (timeout) must not be told apart: that would map open ports.
    let slow = MockServer::start().await;
    Mock::given(wiremock::matchers::any())
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
        .mount(&slow)
        .await;
    let slow_host = slow.address().to_string();
    let endpoints = EldEndpoints {
        geotab_hosts: vec!["127.0.0.1:9".into(), slow_host.clone()],
        timeout: Duration::from_millis(200),
        retry: RetryPolicy {
            attempts: 1,
            ..test_retry()
        },
        ..test_endpoints()
    };
    let mut texts = Vec::new();
    for server in ["127.0.0.1:9", slow_host.as_str()] {
        let credentials = Credentials::Geotab {
            server: server.into(),
            database: "db".into(),
            user_name: "user".into(),
            password: "pw-secret".into(),
        };
        let err = eld::connect(ProviderKind::Geotab, &credentials, &endpoints)
            .unwrap()
            .verify()
            .await
            .unwrap_err();
        let EldProviderError::Unavailable(text) = err else {
            panic!("{err:?}")
        };
        texts.push(text);
    }
    assert_eq!(texts[0], texts[1]);
    assert!(!texts[0].contains("127.0.0.1"), "{}", texts[0]);
}
