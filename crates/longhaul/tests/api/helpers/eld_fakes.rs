//! Fakes of the ELD providers on wiremock, for the adapter tests and the
//! sync-engine tests alike.
//!
//! Each fake holds its records as JSON (generated from the fixture bodies in
//! `tests/fixtures/`, Samsara's being the vendor's own), serves them in pages
//! in the provider's wire format, checks the credentials the way the provider
//! does, logs every request it answered ([`Seen`]) and injects faults on
//! demand ([`Fault`]): `fail_next`, `fail_times`, `fail_page`, `fail_always`.
//! Each also serves its vehicles' current positions (Samsara
//! `/fleet/vehicles/locations`, Motive `/v1/vehicle_locations`, Geotab
//! `DeviceStatusInfo`): vehicle `i` is at [`fake_position`]`(i)`, recorded at
//! [`fake_position_time`]`(i)`.
//!
//! ```ignore
//! let fake = SamsaraFake::start(5, 3, 2, 2).await;           // 5 drivers, 3 trucks, 2 trailers, 2 per page
//! fake.fail_next("/fleet/vehicles", Fault::RateLimited(Some("0.2")));
//! let page = fake.adapter().vehicles_page(None, None).await?; // retried, then served
//! assert_eq!(fake.seen_count("/fleet/vehicles"), 2);
//! ```

#![allow(
    dead_code,
    reason = "shared with the sync-engine tests: not every helper is used by every test module"
)]

use chrono::{DateTime, Utc};
use longhaul::integrations::eld::{
    Credentials, EldEndpoints, Geotab, Motive, ProviderKind, RetryPolicy, Samsara,
};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

// ---------------------------------------------------------------------------
// Fixtures

pub mod fixtures {
    use serde_json::Value;

    pub const SAMSARA_DRIVERS: &str = include_str!("../../fixtures/samsara/drivers.json");
    pub const SAMSARA_VEHICLES: &str = include_str!("../../fixtures/samsara/vehicles.json");
    pub const SAMSARA_TRAILERS: &str = include_str!("../../fixtures/samsara/trailers.json");
    pub const SAMSARA_V1_TRAILER_ASSIGNMENTS: &str =
        include_str!("../../fixtures/samsara/v1-trailer-assignments.json");
    pub const MOTIVE_USERS: &str = include_str!("../../fixtures/motive/users.json");
    pub const MOTIVE_VEHICLES: &str = include_str!("../../fixtures/motive/vehicles.json");
    pub const MOTIVE_ASSETS: &str = include_str!("../../fixtures/motive/assets.json");
    pub const GEOTAB_AUTHENTICATE: &str = include_str!("../../fixtures/geotab/authenticate.json");
    pub const GEOTAB_USERS: &str = include_str!("../../fixtures/geotab/get-user.json");
    pub const GEOTAB_DEVICES: &str = include_str!("../../fixtures/geotab/get-device.json");
    pub const GEOTAB_TRAILERS: &str = include_str!("../../fixtures/geotab/get-trailer.json");

    /// `GET /fleet/vehicles/locations` in the shape Samsara documents
    /// (samsarahq/api-docs, `getvehiclelocations.md`: `data[] { id, name,
    /// location { heading, latitude, longitude, reverseGeo {
    /// formattedLocation }, speed, time } }`, `pagination`); the values are
    /// ours, as no vendor body was published. The third vehicle has no
    /// location.
    pub fn samsara_vehicle_locations() -> Value {
        serde_json::json!({
            "data": [
                {
                    "id": "112",
                    "name": "Truck A7",
                    "location": {
                        "heading": 120,
                        "latitude": 37.765363,
                        "longitude": -122.4029238,
                        "reverseGeo": {
                            "formattedLocation": "350 Rhode Island St, San Francisco, CA"
                        },
                        "speed": 48.3,
                        "time": "2020-01-27T07:06:25Z"
                    }
                },
                {
                    "id": "494123",
                    "name": "Fleet Truck #1",
                    "location": {
                        "heading": 0,
                        "latitude": 41.8781,
                        "longitude": -87.6298,
                        "speed": 0,
                        "time": "2020-01-27T07:01:09.468Z"
                    }
                },
                { "id": "281474977075805", "name": "Yard spare" }
            ],
            "pagination": { "endCursor": "MjkY", "hasNextPage": true }
        })
    }

    /// `GET /v1/vehicle_locations` in the shape Motive describes (the vehicles
    /// list with each vehicle's `current_location { lat, lon, located_at,
    /// description, ... }` or null, and its `current_driver`); values ours.
    /// The second vehicle has no location, the third sends its coordinates
    /// as text, the fourth has no `current_location` key at all.
    pub fn motive_vehicle_locations() -> Value {
        serde_json::json!({
            "vehicles": [
                { "vehicle": {
                    "id": 77120,
                    "number": "T-101",
                    "year": "2019",
                    "make": "Freightliner",
                    "model": "Cascadia",
                    "vin": "3AKJHHDR5KSKE1234",
                    "status": "active",
                    "current_location": {
                        "lat": 32.7767,
                        "lon": -96.797,
                        "located_at": "2024-05-18T09:41:55Z",
                        "bearing": 270.0,
                        "description": "2.1 mi W of Dallas, TX",
                        "engine_hours": 10234.5,
                        "fuel": 61.0,
                        "fuel_primary_remaining_percentage": 61.0,
                        "id": "1b4e8c1e-3f0a-4b8e-9e0c-5a0f6d2b7c11",
                        "kph": 88.5,
                        "odometer": 402331.2,
                        "type": "vehicle_moving"
                    },
                    "current_driver": {
                        "id": 318203,
                        "first_name": "Maria",
                        "last_name": "Lopez",
                        "username": "mlopez",
                        "email": "maria.lopez@example.com",
                        "driver_company_id": "D-1042",
                        "status": "active",
                        "role": "driver"
                    }
                } },
                { "vehicle": {
                    "id": 77121,
                    "number": "T-102",
                    "status": "active",
                    "current_location": null,
                    "current_driver": null
                } },
                { "vehicle": {
                    "id": 77122,
                    "number": "T-103",
                    "status": "active",
                    "current_location": {
                        "lat": "33.749",
                        "lon": "-84.388",
                        "located_at": "2024-05-18T04:40:00-05:00",
                        "description": ""
                    },
                    "current_driver": null
                } },
                { "vehicle": { "id": 77123, "number": "T-104", "status": "active" } }
            ],
            "pagination": { "per_page": 100, "page_no": 1, "total": 4 }
        })
    }

    /// One `DeviceStatusInfo` record as MyGeotab returns it (the demo
    /// database sample of fhoffa/geotab-vibe-guide's reference: `device
    /// { id }`, `dateTime`, `latitude`, `longitude`, `speed`, `bearing`, ...).
    pub fn geotab_device_status_info() -> Value {
        serde_json::json!({
            "device": { "id": "b15" },
            "dateTime": "2026-01-28T06:45:56.584Z",
            "latitude": 39.4767609,
            "longitude": -2.05665278,
            "speed": 88,
            "bearing": 79,
            "isDriving": true,
            "isDeviceCommunicating": true,
            "driver": "UnknownDriverId",
            "currentStateDuration": "02:09:09",
            "isHistoricLastDriver": false,
            "groups": [ { "id": "b27AD" } ],
            "exceptionEvents": []
        })
    }

    /// The `body` of a `{ method, path, query, status, body }` fixture.
    pub fn body(fixture: &str) -> Value {
        let file: Value = serde_json::from_str(fixture).expect("fixture is JSON");
        file["body"].clone()
    }

    /// The first record of the list under `pointer` (e.g. "/data", "/users/0/user").
    pub fn record(fixture: &str, pointer: &str) -> Value {
        let body = body(fixture);
        let found = body.pointer(pointer).expect("fixture has the record");
        match found {
            Value::Array(items) => items[0].clone(),
            other => other.clone(),
        }
    }
}

// ---------------------------------------------------------------------------
// Shared machinery: endpoints, faults, the request log

/// Short timeouts and backoffs: no test waits long.
pub fn test_retry() -> RetryPolicy {
    RetryPolicy {
        attempts: 3,
        first_backoff: Duration::from_millis(10),
        max_wait: Duration::from_secs(2),
    }
}

/// Endpoints for tests; each fake's `endpoints()` points its provider here.
pub fn test_endpoints() -> EldEndpoints {
    EldEndpoints {
        samsara_base_url: "http://127.0.0.1:9".into(),
        motive_base_url: "http://127.0.0.1:9".into(),
        geotab_scheme: "http".into(),
        geotab_hosts: Vec::new(),
        timeout: Duration::from_secs(5),
        retry: test_retry(),
    }
}

/// What a fake can do instead of answering normally.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// HTTP 429 (Geotab: `OverLimitException` with 200) with this
    /// `Retry-After`, or none.
    RateLimited(Option<&'static str>),
    /// HTTP 500 with the provider's error body.
    ServerError,
    /// The normal answer, after this delay (longer than the timeout: a timeout).
    Slow(Duration),
    /// HTTP 200 with a body cut off in the middle of the JSON.
    NotJson,
    /// HTTP 200 with JSON whose list is not a list.
    WrongShape,
    /// HTTP 401 (Geotab: `InvalidUserException`) with the provider's body.
    Unauthorized,
}

struct Rule {
    route: String,
    page: Option<usize>,
    /// None: every time.
    times: Option<usize>,
    fault: Fault,
}

/// One request a fake answered.
#[derive(Debug, Clone)]
pub struct Seen {
    /// Samsara/Motive: the path; Geotab: "Authenticate" or "Get:<typeName>".
    pub route: String,
    /// "api" (Samsara, Motive); Geotab: "login" or "data" (after redirection)
    /// or "api" when not redirected.
    pub server: &'static str,
    pub query: BTreeMap<String, String>,
    /// The JSON body (Geotab's JSON-RPC call).
    pub body: Option<Value>,
    /// The page asked for, from 1.
    pub page: usize,
    /// The fault served instead of the normal answer, if any.
    pub fault: Option<Fault>,
    /// The credential header as sent (Authorization / X-Api-Key).
    pub credential: Option<String>,
}

#[derive(Default)]
struct Core {
    rules: Mutex<Vec<Rule>>,
    seen: Mutex<Vec<Seen>>,
}

impl Core {
    fn add(&self, route: &str, page: Option<usize>, times: Option<usize>, fault: Fault) {
        self.rules.lock().unwrap().push(Rule {
            route: route.to_owned(),
            page,
            times,
            fault,
        });
    }

    fn take(&self, route: &str, page: usize) -> Option<Fault> {
        let mut rules = self.rules.lock().unwrap();
        let at = rules
            .iter()
            .position(|r| r.route == route && r.page.is_none_or(|p| p == page))?;
        let fault = rules[at].fault.clone();
        if let Some(times) = rules[at].times.as_mut() {
            *times -= 1;
            if *times == 0 {
                rules.remove(at);
            }
        }
        Some(fault)
    }

    fn log(&self, seen: Seen) {
        self.seen.lock().unwrap().push(seen);
    }
}

macro_rules! fault_controls {
    ($fake:ty) => {
        impl $fake {
            /// The next request to `route` gets `fault`, later ones the normal answer.
            pub fn fail_next(&self, route: &str, fault: Fault) {
                self.state.core.add(route, None, Some(1), fault);
            }
            /// The next `times` requests to `route` get `fault`.
            pub fn fail_times(&self, route: &str, times: usize, fault: Fault) {
                self.state.core.add(route, None, Some(times), fault);
            }
            /// Every request for page `page` (from 1) of `route` gets `fault`.
            pub fn fail_page(&self, route: &str, page: usize, fault: Fault) {
                self.state.core.add(route, Some(page), None, fault);
            }
            /// The next request for page `page` (from 1) of `route` gets `fault`.
            pub fn fail_page_once(&self, route: &str, page: usize, fault: Fault) {
                self.state.core.add(route, Some(page), Some(1), fault);
            }
            /// Every request to `route` gets `fault`.
            pub fn fail_always(&self, route: &str, fault: Fault) {
                self.state.core.add(route, None, None, fault);
            }
            /// Back to normal answers.
            pub fn clear_faults(&self) {
                self.state.core.rules.lock().unwrap().clear();
            }
            /// Every request answered so far, in order.
            pub fn seen_all(&self) -> Vec<Seen> {
                self.state.core.seen.lock().unwrap().clone()
            }
            /// The requests to `route`, in order.
            pub fn seen(&self, route: &str) -> Vec<Seen> {
                self.seen_all()
                    .into_iter()
                    .filter(|s| s.route == route)
                    .collect()
            }
            pub fn seen_count(&self, route: &str) -> usize {
                self.seen(route).len()
            }
            pub fn forget_seen(&self) {
                self.state.core.seen.lock().unwrap().clear();
            }
        }
    };
}

fn query_of(req: &Request) -> BTreeMap<String, String> {
    req.url.query_pairs().into_owned().collect()
}

fn header(req: &Request, name: &str) -> Option<String> {
    req.headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// `offset..end` of `len` items, `size` a page; whether more follow.
fn window(len: usize, offset: usize, size: usize) -> (std::ops::Range<usize>, bool) {
    let start = offset.min(len);
    let end = (start + size.max(1)).min(len);
    (start..end, end < len)
}

fn json_response(status: u16, body: Value) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(body)
}

fn cut_json() -> ResponseTemplate {
    ResponseTemplate::new(200)
        .set_body_raw(r#"{"data":[{"id":"1","name":"Cut off"#, "application/json")
}

fn rfc3339(text: Option<&str>) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text?)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

const FIRST: [&str; 8] = [
    "Susan", "Marcus", "Ana", "Deshawn", "Priya", "Tom", "Keiko", "Luis",
];
const LAST: [&str; 8] = [
    "Jones", "Reed", "Okafor", "Silva", "Novak", "Hart", "Ito", "Diaz",
];

/// A name for record `i`, varied but stable.
pub fn person(i: usize) -> (&'static str, &'static str) {
    (FIRST[i % 8], LAST[(i / 8 + i * 3) % 8])
}

/// Where the fakes put vehicle `i`: near Chicago, a little further out each.
pub fn fake_position(i: usize) -> (f64, f64) {
    (41.5 + i as f64 * 0.01, -87.5 - i as f64 * 0.01)
}

/// When the fakes recorded vehicle `i`'s position: a minute apart from
/// 2024-06-01 12:00 UTC.
pub fn fake_position_time(i: usize) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2024-06-01T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + chrono::Duration::minutes(i as i64)
}

fn fake_time_text(i: usize) -> String {
    fake_position_time(i).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A 17-character VIN-shaped value, unique per prefix and `i`.
fn vin(prefix: &str, i: usize) -> String {
    format!("{prefix}{i:0width$}", width = 17 - prefix.len())
}

// ---------------------------------------------------------------------------
// Samsara

/// The records a [`SamsaraFake`] serves, in the vendor's shapes.
#[derive(Debug, Clone, Default)]
pub struct SamsaraData {
    pub drivers: Vec<Value>,
    pub vehicles: Vec<Value>,
    pub trailers: Vec<Value>,
    /// Entries of `GET /v1/fleet/trailers/assignments`:
    /// `{ id (int), name, trailerAssignments: [{ driverId (int), startMs, endMs? }] }`.
    pub trailer_assignments: Vec<Value>,
    /// Entries of `GET /fleet/vehicles/locations`: `{ id, name, location? }`.
    pub vehicle_locations: Vec<Value>,
}

pub fn samsara_driver_id(i: usize) -> String {
    (100_000 + i).to_string()
}
pub fn samsara_vehicle_id(i: usize) -> String {
    (200_000 + i).to_string()
}
pub fn samsara_trailer_id(i: usize) -> String {
    (300_000 + i).to_string()
}

/// Driver `i`, from the vendor's driver record; active, no vehicle.
pub fn samsara_driver(i: usize) -> Value {
    let mut d = fixtures::record(fixtures::SAMSARA_DRIVERS, "/data");
    let (first, last) = person(i);
    d["id"] = json!(samsara_driver_id(i));
    d["name"] = json!(format!("{first} {last}"));
    d["username"] = json!(format!("driver{i}"));
    d["email"] = json!(format!("driver{i}@fleet.example"));
    d["phone"] = json!(format!("555{:07}", 1_000_000 + i));
    d["licenseNumber"] = json!(format!("E{:07}", 1_000_000 + i));
    d["licenseState"] = json!(["CA", "TX", "OH", "GA"][i % 4]);
    d["driverActivationStatus"] = json!("active");
    d["isDeactivated"] = json!(false);
    d["updatedAtTime"] = json!("2024-01-01T00:00:00Z");
    d.as_object_mut().unwrap().remove("staticAssignedVehicle");
    d
}

/// Vehicle `i`, from the vendor's vehicle record; no static driver.
pub fn samsara_vehicle(i: usize) -> Value {
    let mut v = fixtures::record(fixtures::SAMSARA_VEHICLES, "/data");
    v["id"] = json!(samsara_vehicle_id(i));
    v["name"] = json!(format!("Truck {i}"));
    v["vin"] = json!(vin("1FUJA6BD", i));
    v["licensePlate"] = json!(format!("SAM{i:04}"));
    v["serial"] = json!(format!("VG{i:05}"));
    v["year"] = json!((2015 + i % 9).to_string());
    v["updatedAtTime"] = json!("2024-01-01T00:00:00Z");
    v.as_object_mut().unwrap().remove("staticAssignedDriver");
    v
}

/// Trailer `i`, from the vendor's trailer record.
pub fn samsara_trailer(i: usize) -> Value {
    let mut t = fixtures::record(fixtures::SAMSARA_TRAILERS, "/data");
    t["id"] = json!(samsara_trailer_id(i));
    t["name"] = json!(format!("Trailer-{i}"));
    t["trailerSerialNumber"] = json!(vin("1JJV532D", i));
    t["licensePlate"] = json!(format!("TRL{i:04}"));
    t
}

/// Vehicle `i`'s entry of `/fleet/vehicles/locations`, at [`fake_position`].
pub fn samsara_vehicle_location(i: usize) -> Value {
    let (lat, lon) = fake_position(i);
    json!({
        "id": samsara_vehicle_id(i),
        "name": format!("Truck {i}"),
        "location": {
            "heading": (i * 45) % 360,
            "latitude": lat,
            "longitude": lon,
            "reverseGeo": { "formattedLocation": format!("Exit {i}, I-80, Joliet, IL") },
            "speed": 55.5,
            "time": fake_time_text(i),
        },
    })
}

/// When the generated trailer assignments started (ms since the epoch).
pub const SAMSARA_ASSIGNED_MS: i64 = 1_717_200_000_000;

impl SamsaraData {
    /// `drivers` active drivers, `vehicles` trucks (truck i's static driver is
    /// driver i and the reverse, where both exist), `trailers` trailers
    /// (trailer i currently pulled by driver i where it exists; trailer 0 also
    /// has an ended assignment to driver 1).
    pub fn generate(drivers: usize, vehicles: usize, trailers: usize) -> Self {
        let mut data = SamsaraData {
            drivers: (0..drivers).map(samsara_driver).collect(),
            vehicles: (0..vehicles).map(samsara_vehicle).collect(),
            trailers: (0..trailers).map(samsara_trailer).collect(),
            trailer_assignments: Vec::new(),
            vehicle_locations: (0..vehicles).map(samsara_vehicle_location).collect(),
        };
        for i in 0..drivers.min(vehicles) {
            let driver_name = data.drivers[i]["name"].clone();
            data.drivers[i]["staticAssignedVehicle"] =
                json!({ "id": samsara_vehicle_id(i), "name": format!("Truck {i}") });
            data.vehicles[i]["staticAssignedDriver"] =
                json!({ "id": samsara_driver_id(i), "name": driver_name });
        }
        for i in 0..trailers {
            let mut assignments = Vec::new();
            if i == 0 && drivers > 1 {
                assignments.push(json!({
                    "driverId": 100_001,
                    "startMs": SAMSARA_ASSIGNED_MS - 86_400_000,
                    "endMs": SAMSARA_ASSIGNED_MS - 3_600_000,
                }));
            }
            if i < drivers {
                assignments.push(json!({
                    "driverId": 100_000 + i as i64,
                    "startMs": SAMSARA_ASSIGNED_MS + i as i64,
                }));
            }
            data.trailer_assignments.push(json!({
                "id": 300_000 + i as i64,
                "name": format!("Trailer-{i}"),
                "trailerAssignments": assignments,
            }));
        }
        data
    }

    /// Ends the trailer's current assignment and starts one to `driver_id`.
    pub fn set_trailer_driver(&mut self, trailer_id: &str, driver_id: Option<&str>, at_ms: i64) {
        let id: i64 = trailer_id.parse().expect("numeric trailer id");
        let entry = match self
            .trailer_assignments
            .iter_mut()
            .find(|t| t["id"].as_i64() == Some(id))
        {
            Some(entry) => entry,
            None => {
                self.trailer_assignments.push(
                    json!({ "id": id, "name": format!("Trailer {id}"), "trailerAssignments": [] }),
                );
                self.trailer_assignments.last_mut().unwrap()
            }
        };
        let list = entry["trailerAssignments"].as_array_mut().unwrap();
        for a in list.iter_mut() {
            if a.get("endMs").is_none() {
                a["endMs"] = json!(at_ms);
            }
        }
        if let Some(driver) = driver_id {
            let driver: i64 = driver.parse().expect("numeric driver id");
            list.push(json!({ "driverId": driver, "startMs": at_ms }));
        }
    }
}

struct SamsaraState {
    core: Core,
    data: Mutex<SamsaraData>,
    page_size: usize,
    token: String,
}

/// Samsara's API: `/fleet/drivers`, `/fleet/vehicles`, `/fleet/trailers`,
/// `/v1/fleet/trailers/assignments`, `/fleet/vehicles/locations`, bearer
/// token [`SamsaraFake::TOKEN`].
pub struct SamsaraFake {
    pub server: MockServer,
    state: Arc<SamsaraState>,
}

fault_controls!(SamsaraFake);

impl SamsaraFake {
    pub const TOKEN: &'static str = "samsara-test-token-4f9c2e";

    /// Generated records (see [`SamsaraData::generate`]), at most `page_size` a page.
    pub async fn start(drivers: usize, vehicles: usize, trailers: usize, page_size: usize) -> Self {
        Self::start_with(
            SamsaraData::generate(drivers, vehicles, trailers),
            page_size,
        )
        .await
    }

    pub async fn start_with(data: SamsaraData, page_size: usize) -> Self {
        let server = MockServer::start().await;
        let state = Arc::new(SamsaraState {
            core: Core::default(),
            data: Mutex::new(data),
            page_size,
            token: Self::TOKEN.to_owned(),
        });
        Mock::given(any())
            .respond_with(SamsaraResponder(state.clone()))
            .mount(&server)
            .await;
        Self { server, state }
    }

    pub fn uri(&self) -> String {
        self.server.uri()
    }

    /// [`test_endpoints`] with Samsara here.
    pub fn endpoints(&self) -> EldEndpoints {
        EldEndpoints {
            samsara_base_url: self.uri(),
            ..test_endpoints()
        }
    }

    pub fn credentials(&self) -> Credentials {
        Credentials::ApiKey {
            api_key: Self::TOKEN.to_owned(),
        }
    }

    pub fn kind(&self) -> ProviderKind {
        ProviderKind::Samsara
    }

    /// The real adapter, pointed here, with the right token.
    pub fn adapter(&self) -> Samsara {
        Samsara::new(&self.uri(), Self::TOKEN, &self.endpoints())
    }

    pub fn adapter_with(&self, token: &str, endpoints: &EldEndpoints) -> Samsara {
        Samsara::new(&self.uri(), token, endpoints)
    }

    /// Changes the served records (between two syncs, say).
    pub fn edit(&self, change: impl FnOnce(&mut SamsaraData)) {
        change(&mut self.state.data.lock().unwrap());
    }

    pub fn data(&self) -> SamsaraData {
        self.state.data.lock().unwrap().clone()
    }

    /// Marks a driver deactivated (and bumps its `updatedAtTime` to `at`).
    pub fn deactivate_driver(&self, id: &str, at: &str) {
        self.edit(|d| {
            let driver = d
                .drivers
                .iter_mut()
                .find(|x| x["id"] == id)
                .expect("driver exists");
            driver["driverActivationStatus"] = json!("deactivated");
            driver["isDeactivated"] = json!(true);
            driver["updatedAtTime"] = json!(at);
        });
    }
}

struct SamsaraResponder(Arc<SamsaraState>);

impl Respond for SamsaraResponder {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let state = &self.0;
        let route = req.url.path().to_owned();
        let query = query_of(req);
        let credential = header(req, "authorization");
        let cursor = query
            .get("after")
            .or_else(|| query.get("startingAfter"))
            .cloned();
        let page = cursor
            .as_deref()
            .and_then(|c| c.trim_start_matches(['c', 'v']).parse::<usize>().ok())
            .map_or(1, |offset| offset / state.page_size.max(1) + 1);
        let authorized = credential.as_deref() == Some(&format!("Bearer {}", state.token));
        let fault = if authorized {
            state.core.take(&route, page)
        } else {
            None
        };
        let response = if !authorized {
            samsara_error(401, "Unauthorized")
        } else {
            match &fault {
                None => state.answer(&route, &query),
                Some(Fault::Slow(delay)) => state.answer(&route, &query).set_delay(*delay),
                Some(Fault::RateLimited(retry_after)) => {
                    let r = samsara_error(429, "Rate limit exceeded");
                    match retry_after {
                        Some(value) => r.insert_header("Retry-After", *value),
                        None => r,
                    }
                }
                Some(Fault::ServerError) => samsara_error(500, "Internal server error"),
                Some(Fault::NotJson) => cut_json(),
                Some(Fault::WrongShape) => json_response(
                    200,
                    json!({ "data": { "unexpected": true }, "trailers": 7 }),
                ),
                Some(Fault::Unauthorized) => samsara_error(401, "Unauthorized"),
            }
        };
        state.core.log(Seen {
            route,
            server: "api",
            query,
            body: None,
            page,
            fault,
            credential,
        });
        response
    }
}

fn samsara_error(status: u16, message: &str) -> ResponseTemplate {
    json_response(
        status,
        json!({ "message": message, "requestId": "8d3f0c2a-1b7e-4c55-9a61-5e0f2d1c9b77" }),
    )
}

impl SamsaraState {
    fn answer(&self, route: &str, query: &BTreeMap<String, String>) -> ResponseTemplate {
        let data = self.data.lock().unwrap();
        let updated_after = rfc3339(query.get("updatedAfterTime").map(String::as_str));
        let fresh = |r: &&Value| match updated_after {
            Some(after) => rfc3339(r["updatedAtTime"].as_str()).is_some_and(|t| t > after),
            None => true,
        };
        match route {
            "/fleet/drivers" => {
                let status = query
                    .get("driverActivationStatus")
                    .map_or("active", String::as_str);
                let items: Vec<&Value> = data
                    .drivers
                    .iter()
                    .filter(|d| d["driverActivationStatus"] == status)
                    .filter(fresh)
                    .collect();
                self.page(&items, query)
            }
            "/fleet/vehicles" => {
                let items: Vec<&Value> = data.vehicles.iter().filter(fresh).collect();
                self.page(&items, query)
            }
            "/fleet/trailers" => {
                let items: Vec<&Value> = data.trailers.iter().collect();
                self.page(&items, query)
            }
            "/fleet/vehicles/locations" => {
                let items: Vec<&Value> = data.vehicle_locations.iter().collect();
                self.page(&items, query)
            }
            "/v1/fleet/trailers/assignments" => {
                let Some((offset, size)) = self.offset_and_size(query, "startingAfter", 'v') else {
                    return samsara_error(400, "Invalid startingAfter");
                };
                let all = &data.trailer_assignments;
                let (range, more) = window(all.len(), offset, size);
                let end = range.end;
                json_response(
                    200,
                    json!({
                        "pagination": {
                            "endCursor": if more { format!("v{end}") } else { String::new() },
                            "hasNextPage": more,
                            "hasPrevPage": offset > 0,
                            "startCursor": format!("v{offset}"),
                        },
                        "trailers": all[range].to_vec(),
                    }),
                )
            }
            _ => samsara_error(404, "Not Found"),
        }
    }

    fn offset_and_size(
        &self,
        query: &BTreeMap<String, String>,
        cursor_key: &str,
        prefix: char,
    ) -> Option<(usize, usize)> {
        let offset = match query.get(cursor_key) {
            None => 0,
            Some(c) => c.strip_prefix(prefix)?.parse().ok()?,
        };
        let limit = query
            .get("limit")
            .and_then(|l| l.parse::<usize>().ok())
            .unwrap_or(512)
            .min(512);
        Some((offset, limit.min(self.page_size).max(1)))
    }

    /// `{ data, pagination: { endCursor, hasNextPage } }`; the last page's
    /// `endCursor` is "" as Samsara sends it.
    fn page(&self, items: &[&Value], query: &BTreeMap<String, String>) -> ResponseTemplate {
        let Some((offset, size)) = self.offset_and_size(query, "after", 'c') else {
            return samsara_error(400, "Invalid pagination cursor");
        };
        let (range, more) = window(items.len(), offset, size);
        let end = range.end;
        json_response(
            200,
            json!({
                "data": items[range].to_vec(),
                "pagination": {
                    "endCursor": if more { format!("c{end}") } else { String::new() },
                    "hasNextPage": more,
                },
            }),
        )
    }
}

// ---------------------------------------------------------------------------
// Motive

#[derive(Debug, Clone, Default)]
pub struct MotiveData {
    /// Inner `user` objects (drivers and others; the fake filters by `role`).
    pub users: Vec<Value>,
    pub vehicles: Vec<Value>,
    pub assets: Vec<Value>,
    /// Inner `vehicle` objects of `/v1/vehicle_locations`: each vehicle with
    /// its `current_location` (or null).
    pub vehicle_locations: Vec<Value>,
}

pub fn motive_user_id(i: usize) -> i64 {
    5000 + i as i64
}
pub fn motive_vehicle_id(i: usize) -> i64 {
    7000 + i as i64
}
pub fn motive_asset_id(i: usize) -> i64 {
    9000 + i as i64
}

/// Driver `i`, from the fixture user; active.
pub fn motive_user(i: usize) -> Value {
    let mut u = fixtures::record(fixtures::MOTIVE_USERS, "/users/0/user");
    let (first, last) = person(i);
    u["id"] = json!(motive_user_id(i));
    u["first_name"] = json!(first);
    u["last_name"] = json!(last);
    u["email"] = json!(format!("driver{i}@fleet.example"));
    u["username"] = json!(format!("driver{i}"));
    u["phone"] = json!(format!("512{:07}", 2_000_000 + i));
    u["driver_company_id"] = json!(format!("D-{i:04}"));
    u["drivers_license_number"] = json!(format!("TX{:08}", 40_000_000 + i));
    u["drivers_license_state"] = json!("TX");
    u["role"] = json!("driver");
    u["status"] = json!("active");
    u
}

/// Vehicle `i`, from the fixture vehicle; no current driver.
pub fn motive_vehicle(i: usize) -> Value {
    let mut v = fixtures::record(fixtures::MOTIVE_VEHICLES, "/vehicles/0/vehicle");
    v["id"] = json!(motive_vehicle_id(i));
    v["number"] = json!(format!("T-{}", 100 + i));
    v["vin"] = json!(vin("3AKJHHDR", i));
    v["license_plate_number"] = json!(format!("R{:06}", 100_000 + i));
    v["year"] = json!((2016 + i % 8).to_string());
    v["status"] = json!("active");
    v["current_driver"] = Value::Null;
    v
}

/// Asset `i` (a trailer), from the fixture asset.
pub fn motive_asset(i: usize) -> Value {
    let mut a = fixtures::record(fixtures::MOTIVE_ASSETS, "/assets/0/asset");
    a["id"] = json!(motive_asset_id(i));
    a["name"] = json!(format!("TR-{}", 5300 + i));
    a["vin"] = json!(vin("1JJV532D", i));
    a["license_plate_number"] = json!(format!("TRL{:04}", i));
    a["status"] = json!("active");
    a
}

/// Vehicle `i` as `/v1/vehicle_locations` lists it, at [`fake_position`].
pub fn motive_vehicle_location(i: usize) -> Value {
    let (lat, lon) = fake_position(i);
    let mut v = motive_vehicle(i);
    v["current_location"] = json!({
        "id": format!("loc-{i}"),
        "lat": lat,
        "lon": lon,
        "located_at": fake_time_text(i),
        "bearing": 90.0,
        "description": format!("{i} mi E of Joliet, IL"),
        "engine_hours": 1000.0 + i as f64,
        "fuel": 50.0,
        "kph": 90.0,
        "odometer": 100_000.0,
        "type": "vehicle_moving",
    });
    v
}

impl MotiveData {
    /// `drivers` active drivers plus one dispatcher (role "admin"), trucks
    /// (truck i driven by driver i where it exists), `assets` trailers.
    pub fn generate(drivers: usize, vehicles: usize, assets: usize) -> Self {
        let mut users: Vec<Value> = (0..drivers).map(motive_user).collect();
        let mut admin = motive_user(999);
        admin["role"] = json!("admin");
        admin["first_name"] = json!("Dispatch");
        users.push(admin);
        let mut data = MotiveData {
            users,
            vehicles: (0..vehicles).map(motive_vehicle).collect(),
            assets: (0..assets).map(motive_asset).collect(),
            vehicle_locations: (0..vehicles).map(motive_vehicle_location).collect(),
        };
        for i in 0..drivers.min(vehicles) {
            let u = &data.users[i];
            data.vehicles[i]["current_driver"] = json!({
                "id": u["id"], "first_name": u["first_name"], "last_name": u["last_name"],
                "username": u["username"], "email": u["email"],
                "driver_company_id": u["driver_company_id"], "status": "active", "role": "driver",
            });
        }
        data
    }
}

/// Where Motive's error text is (unsure upstream: the fake sends either).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MotiveErrorKey {
    ErrorMessage,
    Message,
}

struct MotiveState {
    core: Core,
    data: Mutex<MotiveData>,
    page_size: usize,
    key: String,
    error_key: Mutex<MotiveErrorKey>,
    /// Serve assets without the `{ asset: ... }` wrapper.
    bare_assets: Mutex<bool>,
}

/// Motive's API: `/v1/users`, `/v1/vehicles`, `/v1/assets`,
/// `/v1/vehicle_locations`, header
/// `X-Api-Key: `[`MotiveFake::KEY`].
pub struct MotiveFake {
    pub server: MockServer,
    state: Arc<MotiveState>,
}

fault_controls!(MotiveFake);

impl MotiveFake {
    pub const KEY: &'static str = "motive-test-key-b71d0a";

    /// Generated records (see [`MotiveData::generate`]), at most `page_size` a
    /// page whatever `per_page` asks.
    pub async fn start(drivers: usize, vehicles: usize, assets: usize, page_size: usize) -> Self {
        Self::start_with(MotiveData::generate(drivers, vehicles, assets), page_size).await
    }

    pub async fn start_with(data: MotiveData, page_size: usize) -> Self {
        let server = MockServer::start().await;
        let state = Arc::new(MotiveState {
            core: Core::default(),
            data: Mutex::new(data),
            page_size,
            key: Self::KEY.to_owned(),
            error_key: Mutex::new(MotiveErrorKey::ErrorMessage),
            bare_assets: Mutex::new(false),
        });
        Mock::given(any())
            .respond_with(MotiveResponder(state.clone()))
            .mount(&server)
            .await;
        Self { server, state }
    }

    pub fn uri(&self) -> String {
        self.server.uri()
    }

    pub fn endpoints(&self) -> EldEndpoints {
        EldEndpoints {
            motive_base_url: self.uri(),
            ..test_endpoints()
        }
    }

    pub fn credentials(&self) -> Credentials {
        Credentials::ApiKey {
            api_key: Self::KEY.to_owned(),
        }
    }

    pub fn kind(&self) -> ProviderKind {
        ProviderKind::Keeptruckin
    }

    pub fn adapter(&self) -> Motive {
        Motive::new(&self.uri(), Self::KEY, &self.endpoints())
    }

    pub fn adapter_with(&self, key: &str, endpoints: &EldEndpoints) -> Motive {
        Motive::new(&self.uri(), key, endpoints)
    }

    pub fn edit(&self, change: impl FnOnce(&mut MotiveData)) {
        change(&mut self.state.data.lock().unwrap());
    }

    pub fn data(&self) -> MotiveData {
        self.state.data.lock().unwrap().clone()
    }

    pub fn set_error_key(&self, key: MotiveErrorKey) {
        *self.state.error_key.lock().unwrap() = key;
    }

    /// Serve `{ assets: [ {...} ] }` instead of `{ assets: [ { asset: {...} } ] }`.
    pub fn serve_bare_assets(&self, bare: bool) {
        *self.state.bare_assets.lock().unwrap() = bare;
    }
}

struct MotiveResponder(Arc<MotiveState>);

impl Respond for MotiveResponder {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let state = &self.0;
        let route = req.url.path().to_owned();
        let query = query_of(req);
        let credential = header(req, "x-api-key");
        let page = query
            .get("page_no")
            .and_then(|p| p.parse().ok())
            .unwrap_or(1);
        let authorized = credential.as_deref() == Some(state.key.as_str());
        let fault = if authorized {
            state.core.take(&route, page)
        } else {
            None
        };
        let response = if !authorized {
            state.error(401, "Invalid API key")
        } else {
            match &fault {
                None => state.answer(&route, &query),
                Some(Fault::Slow(delay)) => state.answer(&route, &query).set_delay(*delay),
                Some(Fault::RateLimited(retry_after)) => {
                    let r = state.error(429, "Too many requests");
                    match retry_after {
                        Some(value) => r.insert_header("Retry-After", *value),
                        None => r,
                    }
                }
                Some(Fault::ServerError) => state.error(500, "Something went wrong"),
                Some(Fault::NotJson) => cut_json(),
                Some(Fault::WrongShape) => json_response(
                    200,
                    json!({ "users": "none", "vehicles": 3, "assets": {}, "pagination": {} }),
                ),
                Some(Fault::Unauthorized) => state.error(401, "Invalid API key"),
            }
        };
        state.core.log(Seen {
            route,
            server: "api",
            query,
            body: None,
            page,
            fault,
            credential,
        });
        response
    }
}

impl MotiveState {
    fn error(&self, status: u16, message: &str) -> ResponseTemplate {
        let key = match *self.error_key.lock().unwrap() {
            MotiveErrorKey::ErrorMessage => "error_message",
            MotiveErrorKey::Message => "message",
        };
        json_response(status, json!({ key: message }))
    }

    fn answer(&self, route: &str, query: &BTreeMap<String, String>) -> ResponseTemplate {
        let data = self.data.lock().unwrap();
        let (list_key, item_key, items): (&str, Option<&str>, Vec<&Value>) = match route {
            "/v1/users" => (
                "users",
                Some("user"),
                data.users
                    .iter()
                    .filter(|u| query.get("role").is_none_or(|r| u["role"] == r.as_str()))
                    .filter(|u| {
                        query
                            .get("status")
                            .is_none_or(|s| u["status"] == s.as_str())
                    })
                    .collect(),
            ),
            "/v1/vehicles" => ("vehicles", Some("vehicle"), data.vehicles.iter().collect()),
            "/v1/vehicle_locations" => (
                "vehicles",
                Some("vehicle"),
                data.vehicle_locations.iter().collect(),
            ),
            "/v1/assets" => (
                "assets",
                (!*self.bare_assets.lock().unwrap()).then_some("asset"),
                data.assets.iter().collect(),
            ),
            _ => return self.error(404, "Not found"),
        };
        let per_page = query
            .get("per_page")
            .and_then(|p| p.parse::<usize>().ok())
            .unwrap_or(25)
            .min(self.page_size)
            .max(1);
        let page_no = query
            .get("page_no")
            .and_then(|p| p.parse::<usize>().ok())
            .unwrap_or(1)
            .max(1);
        let (range, _) = window(items.len(), (page_no - 1) * per_page, per_page);
        let list: Vec<Value> = items[range]
            .iter()
            .map(|item| match item_key {
                Some(key) => json!({ key: item }),
                None => (*item).clone(),
            })
            .collect();
        json_response(
            200,
            json!({
                list_key: list,
                "pagination": { "per_page": per_page, "page_no": page_no, "total": items.len() },
            }),
        )
    }
}

// ---------------------------------------------------------------------------
// Geotab

#[derive(Debug, Clone, Default)]
pub struct GeotabData {
    /// Users (drivers have `isDriver: true`; the fake filters by `search`).
    pub users: Vec<Value>,
    pub devices: Vec<Value>,
    pub trailers: Vec<Value>,
    /// `DeviceStatusInfo` records, one per device.
    pub device_statuses: Vec<Value>,
}

pub fn geotab_user_id(i: usize) -> String {
    format!("b{:X}", 0x1000 + i)
}
pub fn geotab_device_id(i: usize) -> String {
    format!("b{:X}", 0x10 + i)
}
pub fn geotab_trailer_id(i: usize) -> String {
    format!("b{:X}", 0x2000 + i)
}

/// Driver `i`, from the fixture user; active until 2050.
pub fn geotab_user(i: usize) -> Value {
    let mut u = fixtures::record(fixtures::GEOTAB_USERS, "/result");
    let (first, last) = person(i);
    u["id"] = json!(geotab_user_id(i));
    u["name"] = json!(format!("driver{i}@fleet.example"));
    u["firstName"] = json!(first);
    u["lastName"] = json!(last);
    u["employeeNo"] = json!(format!("E-{i:04}"));
    u["licenseNumber"] = json!(format!("D{:04}-{:05}", i, 10_000 + i));
    u["licenseProvince"] = json!(["OH", "IN", "MI"][i % 3]);
    u["phoneNumber"] = json!(format!("614{:07}", 3_000_000 + i));
    u["isDriver"] = json!(true);
    u
}

/// Device (vehicle) `i`, from the fixture device; active until 2050.
pub fn geotab_device(i: usize) -> Value {
    let mut d = fixtures::record(fixtures::GEOTAB_DEVICES, "/result");
    d["id"] = json!(geotab_device_id(i));
    d["name"] = json!(format!("Truck {i}"));
    d["serialNumber"] = json!(format!("G9D0{:08X}", 0x1000_0000 + i));
    d["vehicleIdentificationNumber"] = json!(vin("1XKYDP9X", i));
    d["licensePlate"] = json!(format!("PKR{i:04}"));
    d
}

/// Trailer `i`, from the fixture trailer.
pub fn geotab_trailer(i: usize) -> Value {
    let mut t = fixtures::record(fixtures::GEOTAB_TRAILERS, "/result");
    t["id"] = json!(geotab_trailer_id(i));
    t["name"] = json!(format!("Reefer {}", 4400 + i));
    t
}

/// Device `i`'s `DeviceStatusInfo`, from the documented record, at
/// [`fake_position`].
pub fn geotab_device_status(i: usize) -> Value {
    let (lat, lon) = fake_position(i);
    let mut d = fixtures::geotab_device_status_info();
    d["device"] = json!({ "id": geotab_device_id(i) });
    d["latitude"] = json!(lat);
    d["longitude"] = json!(lon);
    d["dateTime"] =
        json!(fake_position_time(i).to_rfc3339_opts(chrono::SecondsFormat::Millis, true));
    d
}

impl GeotabData {
    /// `drivers` drivers plus one user who is not a driver, `devices`, `trailers`.
    pub fn generate(drivers: usize, devices: usize, trailers: usize) -> Self {
        let mut users: Vec<Value> = (0..drivers).map(geotab_user).collect();
        let mut office = geotab_user(999);
        office["isDriver"] = json!(false);
        office["firstName"] = json!("Office");
        users.push(office);
        GeotabData {
            users,
            devices: (0..devices).map(geotab_device).collect(),
            trailers: (0..trailers).map(geotab_trailer).collect(),
            device_statuses: (0..devices).map(geotab_device_status).collect(),
        }
    }
}

/// How the fake writes a JSON-RPC error: MyGeotab's `JSONRPCError` envelope
/// with the exception in `errors[].name` and `data.type`, or the exception's
/// name straight in `error.name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeotabErrorStyle {
    JsonRpc,
    Flat,
}

struct GeotabState {
    core: Core,
    data: Mutex<GeotabData>,
    database: String,
    user_name: String,
    password: Mutex<String>,
    sessions: Mutex<HashSet<String>>,
    issued: Mutex<u32>,
    /// The `path` Authenticate answers on the login server.
    path: Mutex<String>,
    style: Mutex<GeotabErrorStyle>,
}

/// MyGeotab's JSON-RPC API (JSON bodies or the `JSON-RPC=` form field).
/// [`GeotabFake::start`]: one server (`path: "ThisServer"`);
/// [`GeotabFake::start_redirected`]: Authenticate on a login server answers
/// with the `path` of a second server that holds the data; the login server
/// refuses data calls.
pub struct GeotabFake {
    pub login: MockServer,
    pub data_server: Option<MockServer>,
    state: Arc<GeotabState>,
}

fault_controls!(GeotabFake);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Only,
    Login,
    Data,
}

impl GeotabFake {
    pub const DATABASE: &'static str = "longhaul_test";
    pub const USER: &'static str = "api@fleet.example";
    pub const PASSWORD: &'static str = "geotab-test-password-93e1";

    pub async fn start(drivers: usize, devices: usize, trailers: usize) -> Self {
        Self::start_with(GeotabData::generate(drivers, devices, trailers), false).await
    }

    pub async fn start_redirected(drivers: usize, devices: usize, trailers: usize) -> Self {
        Self::start_with(GeotabData::generate(drivers, devices, trailers), true).await
    }

    pub async fn start_with(data: GeotabData, redirected: bool) -> Self {
        let login = MockServer::start().await;
        let data_server = if redirected {
            Some(MockServer::start().await)
        } else {
            None
        };
        let state = Arc::new(GeotabState {
            core: Core::default(),
            data: Mutex::new(data),
            database: Self::DATABASE.to_owned(),
            user_name: Self::USER.to_owned(),
            password: Mutex::new(Self::PASSWORD.to_owned()),
            sessions: Mutex::new(HashSet::new()),
            issued: Mutex::new(0),
            path: Mutex::new(match &data_server {
                Some(server) => server.address().to_string(),
                None => "ThisServer".to_owned(),
            }),
            style: Mutex::new(GeotabErrorStyle::JsonRpc),
        });
        let role = if redirected { Role::Login } else { Role::Only };
        Mock::given(any())
            .respond_with(GeotabResponder(state.clone(), role))
            .mount(&login)
            .await;
        if let Some(server) = &data_server {
            Mock::given(any())
                .respond_with(GeotabResponder(state.clone(), Role::Data))
                .mount(server)
                .await;
        }
        Self {
            login,
            data_server,
            state,
        }
    }

    /// The configured server: `127.0.0.1:port` of the login server.
    pub fn server(&self) -> String {
        self.login.address().to_string()
    }

    /// Where the data lives: the redirect target, or the one server.
    pub fn data_host(&self) -> String {
        self.data_server
            .as_ref()
            .unwrap_or(&self.login)
            .address()
            .to_string()
    }

    /// [`test_endpoints`] that let calls go to this fake's servers.
    pub fn endpoints(&self) -> EldEndpoints {
        EldEndpoints {
            geotab_hosts: vec![self.server(), self.data_host()],
            ..test_endpoints()
        }
    }

    pub fn credentials(&self) -> Credentials {
        Credentials::Geotab {
            server: self.server(),
            database: Self::DATABASE.to_owned(),
            user_name: Self::USER.to_owned(),
            password: Self::PASSWORD.to_owned(),
        }
    }

    pub fn kind(&self) -> ProviderKind {
        ProviderKind::Geotab
    }

    pub fn adapter(&self) -> Geotab {
        Geotab::new(
            &self.server(),
            Self::DATABASE,
            Self::USER,
            Self::PASSWORD,
            &self.endpoints(),
        )
    }

    pub fn adapter_with(&self, database: &str, password: &str, endpoints: &EldEndpoints) -> Geotab {
        Geotab::new(&self.server(), database, Self::USER, password, endpoints)
    }

    pub fn edit(&self, change: impl FnOnce(&mut GeotabData)) {
        change(&mut self.state.data.lock().unwrap());
    }

    pub fn data(&self) -> GeotabData {
        self.state.data.lock().unwrap().clone()
    }

    /// Every session issued so far stops working (`InvalidUserException`).
    pub fn expire_sessions(&self) {
        self.state.sessions.lock().unwrap().clear();
    }

    /// The account's password changes: Authenticate with the old one fails.
    pub fn change_password(&self, password: &str) {
        *self.state.password.lock().unwrap() = password.to_owned();
    }

    pub fn set_error_style(&self, style: GeotabErrorStyle) {
        *self.state.style.lock().unwrap() = style;
    }

    /// How many sessions Authenticate handed out.
    pub fn sessions_issued(&self) -> u32 {
        *self.state.issued.lock().unwrap()
    }
}

struct GeotabResponder(Arc<GeotabState>, Role);

/// The JSON-RPC call in a request: a JSON body, or the form field `JSON-RPC`.
fn rpc_call(req: &Request) -> Option<Value> {
    if let Ok(value) = serde_json::from_slice::<Value>(&req.body) {
        return Some(value);
    }
    url::form_urlencoded::parse(&req.body)
        .find(|(k, _)| k == "JSON-RPC")
        .and_then(|(_, v)| serde_json::from_str(&v).ok())
}

impl Respond for GeotabResponder {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let (state, role) = (&self.0, self.1);
        let call = rpc_call(req);
        let method = call
            .as_ref()
            .and_then(|c| c["method"].as_str())
            .unwrap_or("")
            .to_owned();
        let route = match method.as_str() {
            "Get" => format!(
                "Get:{}",
                call.as_ref()
                    .and_then(|c| c.pointer("/params/typeName"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
            ),
            other => other.to_owned(),
        };
        let fault = state.core.take(&route, 1);
        let response = match (&fault, &call) {
            (_, None) => state.error(
                "JsonSerializerException",
                "The request is not a JSON-RPC call",
            ),
            (_, Some(_)) if req.url.path() != "/apiv1" => {
                ResponseTemplate::new(404).set_body_string("Not Found")
            }
            (None, Some(call)) => state.answer(role, call),
            (Some(Fault::Slow(delay)), Some(call)) => state.answer(role, call).set_delay(*delay),
            (Some(Fault::RateLimited(retry_after)), _) => {
                let r = state.error(
                    "OverLimitException",
                    "API calls quota exceeded. Maximum admitted 10 per 1m.",
                );
                match retry_after {
                    Some(value) => r.insert_header("Retry-After", *value),
                    None => r,
                }
            }
            (Some(Fault::ServerError), _) => json_response(
                500,
                json!({ "error": { "name": "JSONRPCError", "message": "Internal server error" } }),
            ),
            (Some(Fault::NotJson), _) => cut_json(),
            (Some(Fault::WrongShape), _) => {
                json_response(200, json!({ "result": { "devices": 3 } }))
            }
            (Some(Fault::Unauthorized), _) => {
                state.error("InvalidUserException", "Incorrect login credentials")
            }
        };
        state.core.log(Seen {
            route,
            server: match role {
                Role::Only => "api",
                Role::Login => "login",
                Role::Data => "data",
            },
            query: query_of(req),
            body: call,
            page: 1,
            fault,
            credential: None,
        });
        response
    }
}

impl GeotabState {
    /// A JSON-RPC error, with HTTP 200 as MyGeotab sends them.
    fn error(&self, name: &str, message: &str) -> ResponseTemplate {
        let body = match *self.style.lock().unwrap() {
            GeotabErrorStyle::JsonRpc => json!({
                "error": {
                    "message": message,
                    "code": -32000,
                    "data": { "id": "3f2b1c9e-0d7a-4b8e-9c61-2a5d4e7f8b90", "type": name, "requestIndex": 0 },
                    "name": "JSONRPCError",
                    "errors": [ { "message": message, "name": name } ],
                },
                "jsonrpc": "2.0",
                "requestIndex": 0,
            }),
            GeotabErrorStyle::Flat => json!({
                "error": { "name": name, "message": message, "errors": [ { "name": name, "message": message } ] },
            }),
        };
        json_response(200, body)
    }

    fn answer(&self, role: Role, call: &Value) -> ResponseTemplate {
        let params = &call["params"];
        match call["method"].as_str().unwrap_or("") {
            "Authenticate" => self.authenticate(role, params),
            "Get" => {
                if role == Role::Login {
                    // This database does not live here: only the server
                    // Authenticate named knows the session.
                    return self.error("InvalidUserException", "Unknown session on this server");
                }
                if !self.session_ok(&params["credentials"]) {
                    return self.error("InvalidUserException", "Session expired");
                }
                let data = self.data.lock().unwrap();
                let all: Vec<&Value> = match params["typeName"].as_str().unwrap_or("") {
                    "User" => data
                        .users
                        .iter()
                        .filter(|u| match params.pointer("/search/isDriver") {
                            Some(Value::Bool(want)) => u["isDriver"].as_bool() == Some(*want),
                            _ => true,
                        })
                        .collect(),
                    "Device" => data.devices.iter().collect(),
                    "Trailer" => data.trailers.iter().collect(),
                    "DeviceStatusInfo" => data.device_statuses.iter().collect(),
                    other => {
                        return self
                            .error("MissingMemberException", &format!("Unknown type {other}"));
                    }
                };
                let limit = params["resultsLimit"]
                    .as_u64()
                    .map_or(usize::MAX, |l| l as usize);
                let result: Vec<Value> = all.into_iter().take(limit).cloned().collect();
                json_response(200, json!({ "result": result, "jsonrpc": "2.0" }))
            }
            other => self.error(
                "MissingMethodException",
                &format!("The method '{other}' could not be found"),
            ),
        }
    }

    fn authenticate(&self, role: Role, params: &Value) -> ResponseTemplate {
        if params["database"].as_str() != Some(self.database.as_str()) {
            return self.error(
                "DbUnavailableException",
                &format!(
                    "Database '{}' was not found",
                    params["database"].as_str().unwrap_or("")
                ),
            );
        }
        let password = self.password.lock().unwrap().clone();
        if params["userName"].as_str() != Some(self.user_name.as_str())
            || params["password"].as_str() != Some(password.as_str())
        {
            return self.error("InvalidUserException", "Incorrect login credentials");
        }
        let session = {
            let mut issued = self.issued.lock().unwrap();
            *issued += 1;
            format!("session-{}", *issued)
        };
        self.sessions.lock().unwrap().insert(session.clone());
        let path = match role {
            Role::Login => self.path.lock().unwrap().clone(),
            Role::Only | Role::Data => "ThisServer".to_owned(),
        };
        json_response(
            200,
            json!({
                "result": {
                    "credentials": {
                        "database": self.database,
                        "sessionId": session,
                        "userName": self.user_name,
                    },
                    "path": path,
                },
                "jsonrpc": "2.0",
            }),
        )
    }

    fn session_ok(&self, credentials: &Value) -> bool {
        credentials["database"].as_str() == Some(self.database.as_str())
            && credentials["userName"].as_str() == Some(self.user_name.as_str())
            && credentials["sessionId"]
                .as_str()
                .is_some_and(|s| self.sessions.lock().unwrap().contains(s))
    }
}
