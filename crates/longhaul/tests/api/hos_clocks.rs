//! Hours-of-service clocks (issue 31 §3, decision 041): each provider's
//! adapter against a wiremock fake in the provider's documented shape
//! (pages, 429 with Retry-After, a stale or disconnected driver, an empty
//! list), and the eligibility check of a fleet connected to a Samsara fake:
//! a driver low on hours gets the finding, a fresh one none, and cached
//! clocks are not read again.

use crate::fleet_dashboard::fleet;
use crate::helpers::eld_fakes::test_endpoints;
use crate::helpers::{TestApp, backends};
use chrono::{Duration as Days, Utc};
use db::entities::{fleet_driver, fleet_vehicle};
use longhaul::integrations::eld::demo::DemoProvider;
use longhaul::integrations::eld::hos::all_clocks;
use longhaul::integrations::eld::{
    Credentials, DutyStatus, EldEndpoints, EldProvider, EldProviderError, Geotab, HosClock, Motive,
    ProviderKind, Samsara, connect,
};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use uuid::Uuid;
use wiremock::matchers::{
    body_partial_json, header, method, path, query_param, query_param_is_missing,
};
use wiremock::{Mock, MockServer, ResponseTemplate};

const TOKEN: &str = "hos-token-0001";
const MS_PER_MIN: i64 = 60_000;

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn rate_limited() -> ResponseTemplate {
    ResponseTemplate::new(429)
        .insert_header("retry-after", "0.2")
        .set_body_json(json!({ "message": "Rate limit exceeded" }))
}

fn by_driver(clocks: &[HosClock], id: &str) -> HosClock {
    clocks
        .iter()
        .find(|c| c.driver_id == id)
        .unwrap_or_else(|| panic!("no clocks for {id}: {clocks:?}"))
        .clone()
}

// ---------------------------------------------------------------------------
// Samsara: GET /fleet/hos/clocks

/// A clocks record in Samsara's documented shape (minutes given, sent in ms).
fn samsara_clock(id: &str, status: &str, drive: i64, shift: i64, cycle: i64, brk: i64) -> Value {
    json!({
        "driver": { "id": id, "name": format!("Driver {id}") },
        "currentDutyStatus": { "hosStatusType": status },
        "currentVehicle": { "id": "494123", "name": "Truck 7" },
        "clocks": {
            "break": { "timeUntilBreakDurationMs": brk * MS_PER_MIN },
            "drive": { "driveRemainingDurationMs": drive * MS_PER_MIN },
            "shift": { "shiftRemainingDurationMs": shift * MS_PER_MIN },
            "cycle": {
                "cycleRemainingDurationMs": cycle * MS_PER_MIN,
                "cycleStartedAtTime": "2026-03-01T07:06:25Z",
                "cycleTomorrowDurationMs": (cycle + 60) * MS_PER_MIN
            }
        },
        "violations": { "cycleViolationDurationMs": 0, "shiftDrivingViolationDurationMs": 0 }
    })
}

fn samsara_page(data: Vec<Value>, next: Option<&str>) -> Value {
    json!({
        "data": data,
        "pagination": { "endCursor": next.unwrap_or(""), "hasNextPage": next.is_some() }
    })
}

async fn mount_samsara_pages(server: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/fleet/hos/clocks"))
        .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
        .and(query_param("limit", "512"))
        .and(query_param_is_missing("after"))
        .respond_with(ok(samsara_page(
            vec![
                samsara_clock("101", "driving", 300, 400, 3000, 200),
                samsara_clock("102", "offDuty", 660, 840, 4200, 480),
            ],
            Some("MjkY"),
        )))
        .mount(server)
        .await;
    let mut disconnected = samsara_clock("103", "", 30, 45, 500, 20);
    disconnected["currentDutyStatus"] = json!({});
    Mock::given(method("GET"))
        .and(path("/fleet/hos/clocks"))
        .and(query_param("after", "MjkY"))
        .respond_with(ok(samsara_page(vec![disconnected], None)))
        .mount(server)
        .await;
}

#[tokio::test]
async fn samsara_clocks_walk_the_pages_and_read_a_disconnected_app_as_stale() {
    let server = MockServer::start().await;
    mount_samsara_pages(&server).await;
    let samsara = Samsara::new(&server.uri(), TOKEN, &test_endpoints());
    let before = Utc::now();
    let clocks = all_clocks(&samsara).await.unwrap();
    assert_eq!(clocks.len(), 3);
    let first = by_driver(&clocks, "101");
    assert_eq!(
        first,
        HosClock {
            driver_id: "101".into(),
            duty_status: Some(DutyStatus::Driving),
            drive_minutes: Some(300),
            shift_minutes: Some(400),
            cycle_minutes: Some(3000),
            break_minutes: Some(200),
            cycle_tomorrow_minutes: Some(3060),
            as_of: first.as_of,
            stale: false,
        }
    );
    assert!(first.as_of >= before && first.as_of <= Utc::now());
    assert_eq!(
        by_driver(&clocks, "102").duty_status,
        Some(DutyStatus::OffDuty)
    );
    let gone = by_driver(&clocks, "103");
    assert!(gone.stale);
    assert_eq!(gone.duty_status, None);
    assert_eq!(gone.drive_minutes, Some(30));
    // One request a page, the second with the first's cursor.
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

#[tokio::test]
async fn samsara_clocks_wait_out_a_429_then_serve() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/fleet/hos/clocks"))
        .respond_with(rate_limited())
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    mount_samsara_pages(&server).await;
    let samsara = Samsara::new(&server.uri(), TOKEN, &test_endpoints());
    let started = Instant::now();
    let clocks = all_clocks(&samsara).await.unwrap();
    assert_eq!(clocks.len(), 3);
    // The backoff is 10 ms: only Retry-After explains the wait.
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(server.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn samsara_empty_clocks_are_an_empty_list() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/fleet/hos/clocks"))
        .respond_with(ok(
            json!({ "data": [], "pagination": { "endCursor": "", "hasNextPage": false } }),
        ))
        .mount(&server)
        .await;
    let samsara = Samsara::new(&server.uri(), TOKEN, &test_endpoints());
    assert!(all_clocks(&samsara).await.unwrap().is_empty());
}

#[tokio::test]
async fn samsara_refused_token_is_unauthorized() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/fleet/hos/clocks"))
        .respond_with(
            ResponseTemplate::new(401).set_body_json(json!({ "message": "Unauthorized" })),
        )
        .mount(&server)
        .await;
    let samsara = Samsara::new(&server.uri(), TOKEN, &test_endpoints());
    assert!(matches!(
        all_clocks(&samsara).await,
        Err(EldProviderError::Unauthorized(_))
    ));
}

// ---------------------------------------------------------------------------
// Motive: GET /v1/available_time

fn motive_user(id: i64, available: Option<Value>) -> Value {
    let mut user = json!({
        "id": id,
        "first_name": "Alexandrea",
        "last_name": "Koch",
        "driver_company_id": 75,
        "duty_status": "on_duty",
    });
    if let Some(a) = available {
        user["available_time"] = a;
    }
    json!({ "user": user })
}

fn motive_page(users: Vec<Value>, page_no: u64, total: u64) -> Value {
    json!({ "users": users, "pagination": { "per_page": 2, "page_no": page_no, "total": total } })
}

async fn mount_motive_pages(server: &MockServer) {
    // The documented body: seconds, under `available_time`.
    Mock::given(method("GET"))
        .and(path("/v1/available_time"))
        .and(header("x-api-key", TOKEN))
        .and(query_param("page_no", "1"))
        .respond_with(ok(motive_page(
            vec![
                motive_user(
                    161,
                    Some(
                        json!({ "drive": 39600, "shift": 50400, "cycle": 252000, "break": 28800 }),
                    ),
                ),
                // A variant spelling, numbers as text, and a cycle tomorrow.
                motive_user(
                    159,
                    Some(json!({
                        "drive_time_remaining": "1800",
                        "shift_time_remaining": 3600,
                        "cycle_remaining": 7200,
                        "break_time": 600,
                        "cycle_tomorrow": 36000
                    })),
                ),
            ],
            1,
            3,
        )))
        .mount(server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/available_time"))
        .and(query_param("page_no", "2"))
        .respond_with(ok(motive_page(vec![motive_user(160, None)], 2, 3)))
        .mount(server)
        .await;
}

#[tokio::test]
async fn motive_available_time_walks_pages_and_reads_every_spelling() {
    let server = MockServer::start().await;
    mount_motive_pages(&server).await;
    let motive = Motive::new(&server.uri(), TOKEN, &test_endpoints());
    let clocks = all_clocks(&motive).await.unwrap();
    assert_eq!(clocks.len(), 3);
    let documented = by_driver(&clocks, "161");
    assert_eq!(
        (
            documented.drive_minutes,
            documented.shift_minutes,
            documented.cycle_minutes,
            documented.break_minutes,
            documented.duty_status,
            documented.stale
        ),
        (
            Some(660),
            Some(840),
            Some(4200),
            Some(480),
            Some(DutyStatus::OnDuty),
            false
        )
    );
    let variant = by_driver(&clocks, "159");
    assert_eq!(
        (
            variant.drive_minutes,
            variant.shift_minutes,
            variant.cycle_minutes,
            variant.break_minutes,
            variant.cycle_tomorrow_minutes
        ),
        (Some(30), Some(60), Some(120), Some(10), Some(600))
    );
    // No available time at all: stale, no figures.
    let none = by_driver(&clocks, "160");
    assert!(none.stale);
    assert_eq!(none.drive_minutes, None);
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

#[tokio::test]
async fn motive_available_time_waits_out_a_429_and_reads_an_empty_list() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/available_time"))
        .respond_with(rate_limited())
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/available_time"))
        .respond_with(ok(
            json!({ "users": [], "pagination": { "per_page": 100, "page_no": 1, "total": 0 } }),
        ))
        .mount(&server)
        .await;
    let motive = Motive::new(&server.uri(), TOKEN, &test_endpoints());
    let started = Instant::now();
    assert!(all_clocks(&motive).await.unwrap().is_empty());
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(server.received_requests().await.unwrap().len(), 2);
}

// ---------------------------------------------------------------------------
// Geotab: Get DutyStatusAvailability per driver, in ExecuteMultiCall batches

fn geotab_endpoints(server: &MockServer) -> EldEndpoints {
    EldEndpoints {
        geotab_hosts: vec![server.address().to_string()],
        ..test_endpoints()
    }
}

fn geotab_adapter(server: &MockServer) -> Geotab {
    Geotab::new(
        &server.address().to_string(),
        "fleetdb",
        "dispatch@fleet.example",
        "geotab-password",
        &geotab_endpoints(server),
    )
}

async fn mount_geotab(server: &MockServer, drivers: Vec<Value>, answers: Vec<Value>) {
    Mock::given(method("POST"))
        .and(path("/apiv1"))
        .and(body_partial_json(json!({ "method": "Authenticate" })))
        .respond_with(ok(json!({ "result": {
            "credentials": { "database": "fleetdb", "sessionId": "session-1", "userName": "dispatch@fleet.example" },
            "path": "ThisServer"
        }})))
        .mount(server)
        .await;
    Mock::given(method("POST"))
        .and(path("/apiv1"))
        .and(body_partial_json(
            json!({ "method": "Get", "params": { "typeName": "User" } }),
        ))
        .respond_with(ok(json!({ "result": drivers })))
        .mount(server)
        .await;
    Mock::given(method("POST"))
        .and(path("/apiv1"))
        .and(body_partial_json(json!({ "method": "ExecuteMultiCall" })))
        .respond_with(ok(json!({ "result": answers })))
        .mount(server)
        .await;
}

fn geotab_availability(id: &str, driving: &str, duty: &str, cycle: &str, brk: &str) -> Value {
    json!([{
        "driver": { "id": id },
        "driving": driving,
        "duty": duty,
        "cycle": cycle,
        "rest": "00:00:00",
        "workday": "16:00:00",
        "drivingBreakDuration": brk,
        "cycleAvailabilities": [],
        "recap": []
    }])
}

#[tokio::test]
async fn geotab_reads_timespans_per_driver_and_a_driver_without_figures_is_stale() {
    let server = MockServer::start().await;
    mount_geotab(
        &server,
        vec![
            json!({ "id": "b1", "name": "ann", "activeTo": "2050-01-01T00:00:00.000Z" }),
            json!({ "id": "b2", "name": "bob", "activeTo": "2050-01-01T00:00:00.000Z" }),
            // Archived: not asked about.
            json!({ "id": "b3", "name": "cy", "activeTo": "2020-01-01T00:00:00.000Z" }),
        ],
        vec![
            geotab_availability("b1", "10:59:00", "13:30:00", "2.22:00:00", "07:45:30"),
            json!([]),
        ],
    )
    .await;
    let clocks = all_clocks(&geotab_adapter(&server)).await.unwrap();
    assert_eq!(clocks.len(), 2);
    let b1 = by_driver(&clocks, "b1");
    assert_eq!(
        (
            b1.drive_minutes,
            b1.shift_minutes,
            b1.cycle_minutes,
            b1.break_minutes,
            b1.stale
        ),
        (Some(659), Some(810), Some(70 * 60), Some(465), false)
    );
    let b2 = by_driver(&clocks, "b2");
    assert!(b2.stale);
    assert_eq!(b2.drive_minutes, None);
    // The batch asked for exactly the active drivers, by id.
    let requests = server.received_requests().await.unwrap();
    let multi: Value = requests
        .iter()
        .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap())
        .find(|b| b["method"] == "ExecuteMultiCall")
        .unwrap();
    let calls = multi["params"]["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0]["params"]["typeName"], "DutyStatusAvailability");
    assert_eq!(calls[0]["params"]["search"]["userSearch"]["id"], "b1");
    assert_eq!(multi["params"]["credentials"]["sessionId"], "session-1");
}

#[tokio::test]
async fn geotab_over_limit_waits_then_serves_and_no_drivers_is_empty() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/apiv1"))
        .and(body_partial_json(json!({ "method": "ExecuteMultiCall" })))
        .respond_with(
            ok(json!({ "error": { "name": "OverLimitException", "message": "API calls quota exceeded" } }))
                .insert_header("retry-after", "0.2"),
        )
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    mount_geotab(
        &server,
        vec![json!({ "id": "b1", "name": "ann" })],
        vec![geotab_availability(
            "b1", "01:00:00", "02:00:00", "10:00:00", "00:20:00",
        )],
    )
    .await;
    let started = Instant::now();
    let clocks = all_clocks(&geotab_adapter(&server)).await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(by_driver(&clocks, "b1").drive_minutes, Some(60));

    let empty = MockServer::start().await;
    mount_geotab(&empty, vec![], vec![]).await;
    assert!(
        all_clocks(&geotab_adapter(&empty))
            .await
            .unwrap()
            .is_empty()
    );
    // No drivers: no batch is sent.
    let sent = empty.received_requests().await.unwrap();
    assert!(
        !sent
            .iter()
            .any(|r| String::from_utf8_lossy(&r.body).contains("ExecuteMultiCall"))
    );
}

// ---------------------------------------------------------------------------
// The demo provider and the providers without clocks

#[tokio::test]
async fn demo_clocks_are_seeded_and_some_drivers_are_low() {
    let demo = DemoProvider::new(42);
    let a = all_clocks(&demo).await.unwrap();
    let b = all_clocks(&DemoProvider::new(42)).await.unwrap();
    let figures = |c: &[HosClock]| {
        c.iter()
            .map(|c| {
                (
                    c.driver_id.clone(),
                    c.drive_minutes,
                    c.cycle_minutes,
                    c.stale,
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(figures(&a), figures(&b), "the same seed, the same clocks");
    assert!(a.len() >= 20);
    assert!(
        a.iter().any(|c| c.drive_minutes < Some(60)),
        "someone is nearly out of driving"
    );
    assert!(
        a.iter().any(|c| c.cycle_minutes < Some(300)),
        "someone is low on cycle"
    );
    assert!(a.iter().any(|c| c.stale), "someone's app is disconnected");
    assert!(
        a.iter()
            .filter(|c| !c.stale)
            .all(|c| c.drive_minutes <= c.shift_minutes && c.drive_minutes <= Some(660))
    );
}

#[tokio::test]
async fn providers_without_clocks_say_so() {
    let none = connect(
        ProviderKind::Omnitracs,
        &Credentials::None,
        &EldEndpoints::default(),
    );
    assert!(none.is_err());
    // The trait's default, for a provider that reports no clocks.
    struct NoClocks;
    #[async_trait::async_trait]
    impl EldProvider for NoClocks {
        async fn verify(&self) -> Result<(), EldProviderError> {
            Ok(())
        }
        async fn drivers_page(
            &self,
            _: Option<String>,
            _: Option<chrono::DateTime<Utc>>,
        ) -> Result<
            longhaul::integrations::eld::Page<longhaul::integrations::eld::EldDriver>,
            EldProviderError,
        > {
            unreachable!()
        }
        async fn vehicles_page(
            &self,
            _: Option<String>,
            _: Option<chrono::DateTime<Utc>>,
        ) -> Result<
            longhaul::integrations::eld::Page<longhaul::integrations::eld::EldVehicle>,
            EldProviderError,
        > {
            unreachable!()
        }
        async fn trailers_page(
            &self,
            _: Option<String>,
        ) -> Result<
            longhaul::integrations::eld::Page<longhaul::integrations::eld::EldTrailer>,
            EldProviderError,
        > {
            unreachable!()
        }
        async fn trailer_assignments_page(
            &self,
            _: Option<String>,
        ) -> Result<
            longhaul::integrations::eld::Page<longhaul::integrations::eld::EldTrailerAssignment>,
            EldProviderError,
        > {
            unreachable!()
        }
    }
    assert!(matches!(
        all_clocks(&NoClocks).await,
        Err(EldProviderError::Unsupported(_))
    ));
}

// ---------------------------------------------------------------------------
// Eligibility with a fleet connected to a Samsara fake

/// The fleet's two seeded drivers (ELD ids "50000" and "50001" at Samsara)
/// and its first truck in service.
async fn crew(app: &TestApp, fleet_id: Uuid) -> (Vec<fleet_driver::Model>, Uuid) {
    let db = app.inspect_db().await;
    let drivers = fleet_driver::Entity::find()
        .filter(fleet_driver::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_driver::Column::IsActive.eq(true))
        .order_by_asc(fleet_driver::Column::Id)
        .all(&db)
        .await
        .unwrap();
    let truck = fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_vehicle::Column::IsActive.eq(true))
        .filter(fleet_vehicle::Column::ListTab.ne("decommissioned"))
        .order_by_asc(fleet_vehicle::Column::Id)
        .one(&db)
        .await
        .unwrap()
        .unwrap();
    (drivers, truck.id)
}

async fn created(app: &TestApp, path: &str, body: Value) -> String {
    let res = app.post(path, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    let v: Value = res.json().await.unwrap();
    v["id"].as_str().unwrap().to_owned()
}

/// A Chicago → Indianapolis load (about 198 road miles: 238 minutes at 50
/// mph), picked up 20 hours from now: time for a 10-hour reset before it,
/// not for a 34-hour restart.
async fn chicago_to_indianapolis(app: &TestApp) -> String {
    let customer = created(
        app,
        "/api/fleet/customers",
        json!({ "name": "Acme Logistics", "kind": "broker" }),
    )
    .await;
    let shipper = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Windy City Foods", "address": "1 Dock St", "city": "Chicago", "state": "IL",
                "time_zone": "America/Chicago", "lat": 41.8781, "lon": -87.6298 }),
    )
    .await;
    let receiver = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Circle City DC", "address": "9 Warehouse Rd", "city": "Indianapolis", "state": "IN",
                "time_zone": "America/New_York", "lat": 39.7684, "lon": -86.1581 }),
    )
    .await;
    let local = |hours: i64, zone: &str| {
        let zone = domain::loads::time_zone(zone).unwrap();
        (Utc::now() + Days::hours(hours))
            .with_timezone(&zone)
            .naive_local()
            .format("%Y-%m-%dT%H:%M:00")
            .to_string()
    };
    created(
        app,
        "/api/fleet/loads",
        json!({
            "customer_id": customer,
            "load_number": "HOS-1",
            "equipment_type": "van",
            "rate_method": "flat",
            "linehaul_cents": 85000,
            "fuel_surcharge_cents": 0,
            "stops": [
                { "kind": "pickup", "facility_id": shipper, "appointment": local(20, "America/Chicago") },
                { "kind": "delivery", "facility_id": receiver, "appointment": local(48, "America/New_York") }
            ]
        }),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_driver_low_on_hours_gets_a_rest_plan_and_a_fresh_one_none() {
    for backend in backends() {
        let server = MockServer::start().await;
        // verify() on connect
        Mock::given(method("GET"))
            .and(path("/fleet/drivers"))
            .respond_with(ok(
                json!({ "data": [], "pagination": { "endCursor": "", "hasNextPage": false } }),
            ))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/fleet/hos/clocks"))
            .respond_with(ok(samsara_page(
                vec![
                    // 100 minutes left in the cycle (160 tomorrow): a reset
                    // does not give the load's 238 minutes, a restart does.
                    samsara_clock("50000", "onDuty", 120, 200, 100, 120),
                    samsara_clock("50001", "offDuty", 660, 840, 4200, 480),
                ],
                None,
            )))
            .mount(&server)
            .await;
        let endpoints = EldEndpoints {
            samsara_base_url: server.uri(),
            ..test_endpoints()
        };
        let mut app = crate::helpers::spawn_with_eld(backend, endpoints).await;
        let fleet_id = fleet(
            &app,
            "ops@hos.test",
            "Hours Haul",
            "3100141",
            Sizes {
                drivers: 2,
                trucks: 2,
                trailers: 0,
            },
        )
        .await;
        app.sign_in("ops@hos.test", "secret1").await;
        let res = app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "samsara", "api_key": TOKEN }),
            )
            .await;
        assert!(res.status().is_success(), "{:?}", res.text().await);
        let (drivers, truck) = crew(&app, fleet_id).await;
        let low = drivers
            .iter()
            .find(|d| d.driver_id.as_deref() == Some("50000"))
            .expect("seeded driver 50000");
        let fresh = drivers
            .iter()
            .find(|d| d.driver_id.as_deref() == Some("50001"))
            .expect("seeded driver 50001");
        let id = chicago_to_indianapolis(&app).await;
        let check = |driver: Uuid| {
            let app = &app;
            let id = id.clone();
            async move {
                let res = app
                    .post(
                        &format!("/api/fleet/loads/{id}/eligibility"),
                        json!({ "driver_id": driver, "truck_id": truck }),
                    )
                    .await;
                assert_eq!(res.status(), StatusCode::OK);
                let v: Value = res.json().await.unwrap();
                v["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|f| f["code"].as_str().unwrap().starts_with("hos_"))
                    .cloned()
                    .collect::<Vec<Value>>()
            }
        };

        let low_findings = check(low.id).await;
        assert_eq!(low_findings.len(), 1, "{low_findings:?}");
        let f = &low_findings[0];
        assert_eq!(f["code"], "hos_rest_on_load");
        assert_eq!(f["severity"], "info");
        assert_eq!(f["cause_kind"], "driver");
        assert_eq!(f["cause_id"], json!(low.id));
        // The wait for the pickup is a reset; the cycle then runs out after
        // 160 minutes of the load.
        assert_eq!(f["rest_plan"].as_array().unwrap().len(), 1, "{f}");
        assert_eq!(f["rest_plan"][0]["kind"], "restart");
        assert_eq!(f["rest_plan"][0]["minutes"], 34 * 60);
        assert_eq!(f["rest_plan"][0]["after_driving_minutes"], 160);
        assert_eq!(
            f["message"],
            "Rest plan through the load: a 34-hour restart after 2 h 40 min of driving."
        );
        assert!(
            check(fresh.id).await.is_empty(),
            "a fresh driver has no finding"
        );

        // Both checks came within two minutes: the provider was read once.
        let reads = server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == "/fleet/hos/clocks")
            .count();
        assert_eq!(reads, 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_without_an_eld_gets_the_no_data_note_and_concurrent_checks_read_once() {
    for backend in backends() {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/fleet/drivers"))
            .respond_with(ok(
                json!({ "data": [], "pagination": { "endCursor": "", "hasNextPage": false } }),
            ))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/fleet/hos/clocks"))
            .respond_with(
                ok(samsara_page(
                    vec![samsara_clock("50000", "offDuty", 660, 840, 4200, 480)],
                    None,
                ))
                .set_delay(Duration::from_millis(300)),
            )
            .mount(&server)
            .await;
        let endpoints = EldEndpoints {
            samsara_base_url: server.uri(),
            ..test_endpoints()
        };
        let mut app = crate::helpers::spawn_with_eld(backend, endpoints).await;
        let fleet_id = fleet(
            &app,
            "ops@nohos.test",
            "No Hours Haul",
            "3100142",
            Sizes {
                drivers: 1,
                trucks: 2,
                trailers: 0,
            },
        )
        .await;
        app.sign_in("ops@nohos.test", "secret1").await;
        let (drivers, truck) = crew(&app, fleet_id).await;
        let id = chicago_to_indianapolis(&app).await;
        let body = json!({ "driver_id": drivers[0].id, "truck_id": truck });
        let path = format!("/api/fleet/loads/{id}/eligibility");

        // No ELD connection: one Info on the driver.
        let v: Value = app.post(&path, body.clone()).await.json().await.unwrap();
        let hos: Vec<&Value> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"].as_str().unwrap().starts_with("hos_"))
            .collect();
        assert_eq!(hos.len(), 1, "{v}");
        assert_eq!(hos[0]["code"], "hos_no_data");
        assert_eq!(hos[0]["severity"], "info");
        assert_eq!(hos[0]["cause_id"], json!(drivers[0].id));

        // Connected: five checks at once read the provider once.
        let res = app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "samsara", "api_key": TOKEN }),
            )
            .await;
        assert!(res.status().is_success());
        let answers =
            futures_util::future::join_all((0..5).map(|_| app.post(&path, body.clone()))).await;
        for res in answers {
            assert_eq!(res.status(), StatusCode::OK);
            let v: Value = res.json().await.unwrap();
            assert!(
                !v["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f["code"] == "hos_no_data"),
                "{v}"
            );
        }
        let reads = server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == "/fleet/hos/clocks")
            .count();
        assert_eq!(reads, 1);
    }
}
