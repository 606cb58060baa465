//! Stop status from the ELD (issue 32 §2, decision 046): the
//! `eld_stop_geofence` job with the real Samsara adapter against a wiremock
//! server serving `GET /fleet/vehicles/locations` in Samsara's format.
//! Outside → nothing; inside → one arrival (X3, the ELD's report with its
//! position); again → nothing more; outside → one departure (AF); a
//! position older than 30 minutes → nothing; two runs at once → one event;
//! the driver's tap before the ELD's arrival → both kept, the earlier
//! time on the stop. The positions are read once per cycle (a 429 is
//! waited out).

use crate::fleet_dashboard::fleet;
use crate::helpers::eld_fakes::test_endpoints;
use crate::helpers::{TestApp, backends, spawn_with_eld};
use crate::loads::{created, crew, load, people_and_trucks};
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use db::entities::{eld_position, fleet_vehicle, stop_report};
use domain::geo::{EARTH_RADIUS_MI, LatLon};
use domain::loads::{Source, StopEvent};
use longhaul::integrations::eld::EldEndpoints;
use longhaul::job_registry::run_job;
use longhaul::jobs::Job;
use longhaul::modules::loads::jobs::EldStopGeofence;
use longhaul::modules::loads::service::loads::Actor;
use longhaul::modules::loads::service::stop_events::{self, Outcome, Report};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use uuid::Uuid;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

const TOKEN: &str = "geofence-token-0001";
const LOCATIONS: &str = "/fleet/vehicles/locations";

const CHICAGO: LatLon = LatLon {
    lat: 41.8781,
    lon: -87.6298,
};
const INDIANAPOLIS: LatLon = LatLon {
    lat: 39.7684,
    lon: -86.1581,
};

/// `miles` due north of `at`.
fn north(at: LatLon, miles: f64) -> LatLon {
    LatLon {
        lat: at.lat + (miles / EARTH_RADIUS_MI).to_degrees(),
        lon: at.lon,
    }
}

/// The trucks the fake reports: ELD id → place and time; and how many
/// 429s to answer first.
#[derive(Default)]
struct Fleet {
    at: BTreeMap<String, (LatLon, DateTime<Utc>)>,
    throttle: usize,
}

/// `GET /fleet/vehicles/locations` as Samsara documents it (one page).
#[derive(Clone, Default)]
struct Locations(Arc<Mutex<Fleet>>);

impl Locations {
    fn put(&self, vehicle: &str, at: LatLon, time: DateTime<Utc>) {
        self.0
            .lock()
            .unwrap()
            .at
            .insert(vehicle.to_owned(), (at, time));
    }
    fn throttle_next(&self, times: usize) {
        self.0.lock().unwrap().throttle = times;
    }
}

impl Respond for Locations {
    fn respond(&self, _: &Request) -> ResponseTemplate {
        let mut fleet = self.0.lock().unwrap();
        if fleet.throttle > 0 {
            fleet.throttle -= 1;
            return ResponseTemplate::new(429)
                .insert_header("retry-after", "0.2")
                .set_body_json(json!({ "message": "Rate limit exceeded", "requestId": "r-429" }));
        }
        let data: Vec<Value> = fleet
            .at
            .iter()
            .map(|(id, (at, time))| {
                json!({
                    "id": id,
                    "name": format!("Truck {id}"),
                    "location": {
                        "heading": 90,
                        "latitude": at.lat,
                        "longitude": at.lon,
                        "reverseGeo": { "formattedLocation": "somewhere on I-65" },
                        "speed": 0.0,
                        "time": time.to_rfc3339_opts(SecondsFormat::Millis, true),
                    }
                })
            })
            .collect();
        ResponseTemplate::new(200).set_body_json(json!({
            "data": data,
            "pagination": { "endCursor": "", "hasNextPage": false }
        }))
    }
}

struct World {
    app: TestApp,
    server: MockServer,
    trucks: Locations,
    fleet_id: Uuid,
}

impl World {
    async fn start(backend: crate::helpers::Backend, dot: &str) -> World {
        let server = MockServer::start().await;
        // verify() on connect
        Mock::given(method("GET"))
            .and(path("/fleet/drivers"))
            .respond_with(ResponseTemplate::new(200).set_body_json(
                json!({ "data": [], "pagination": { "endCursor": "", "hasNextPage": false } }),
            ))
            .mount(&server)
            .await;
        let trucks = Locations::default();
        Mock::given(method("GET"))
            .and(path(LOCATIONS))
            .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
            .respond_with(trucks.clone())
            .mount(&server)
            .await;
        let endpoints = EldEndpoints {
            samsara_base_url: server.uri(),
            ..test_endpoints()
        };
        let mut app = spawn_with_eld(backend, endpoints).await;
        let email = format!("ops@geo{dot}.test");
        let fleet_id = fleet(&app, &email, "Geofence Haul", dot, crew()).await;
        app.sign_in(&email, "secret1").await;
        World {
            app,
            server,
            trucks,
            fleet_id,
        }
    }

    async fn connect(&self) {
        let res = self
            .app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "samsara", "api_key": TOKEN }),
            )
            .await;
        assert!(res.status().is_success(), "{:?}", res.text().await);
    }

    /// A Chicago → Indianapolis load with crew `n`, dispatched; its id and
    /// its truck's ELD id.
    async fn dispatched_load(&self, n: usize) -> (String, String) {
        let app = &self.app;
        let customer = created(
            app,
            "/api/fleet/customers",
            json!({ "name": format!("Acme {n}"), "kind": "broker" }),
        )
        .await;
        let facility = |name: &str, city: &str, state: &str, zone: &str, at: LatLon| {
            json!({ "name": name, "address": "1 Dock St", "city": city, "state": state,
                    "time_zone": zone, "lat": at.lat, "lon": at.lon })
        };
        let shipper = created(
            app,
            "/api/fleet/facilities",
            facility(
                &format!("Windy City Foods {n}"),
                "Chicago",
                "IL",
                "America/Chicago",
                CHICAGO,
            ),
        )
        .await;
        let receiver = created(
            app,
            "/api/fleet/facilities",
            facility(
                &format!("Circle City DC {n}"),
                "Indianapolis",
                "IN",
                "America/New_York",
                INDIANAPOLIS,
            ),
        )
        .await;
        let id_of = |v: &Value| v["id"].as_str().unwrap().to_owned();
        let mut body = load(&id_of(&customer), &id_of(&shipper), &id_of(&receiver));
        body["load_number"] = json!(format!("GEO-{n}"));
        let made = created(app, "/api/fleet/loads", body).await;
        let id = id_of(&made);
        let (drivers, trucks) = people_and_trucks(app, self.fleet_id).await;
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/assignment"),
                json!({ "driver_id": drivers[n], "truck_id": trucks[n], "override_reason": "test" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let truck = fleet_vehicle::Entity::find_by_id(trucks[n])
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap();
        (id, truck.vehicle_id.expect("a seeded truck has an ELD id"))
    }

    async fn run(&self) {
        run_job(&self.app.state, EldStopGeofence::KIND, json!({}), true)
            .await
            .expect("the geofence job runs");
    }

    /// Ages the stored positions past the cache's reuse, as the next
    /// cycle finds them.
    async fn next_cycle(&self) {
        eld_position::Entity::update_many()
            .col_expr(
                eld_position::Column::FetchedAt,
                Expr::value(Utc::now() - Duration::minutes(3)),
            )
            .filter(eld_position::Column::FleetAccountId.eq(self.fleet_id))
            .exec(&self.app.inspect_db().await)
            .await
            .unwrap();
    }

    async fn reads(&self) -> usize {
        self.server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == LOCATIONS)
            .count()
    }

    async fn read_load(&self, id: &str) -> Value {
        let res = self.app.get(&format!("/api/fleet/loads/{id}")).await;
        assert_eq!(res.status(), StatusCode::OK);
        res.json().await.unwrap()
    }

    async fn reports(&self, load_id: &str) -> Vec<stop_report::Model> {
        stop_report::Entity::find()
            .filter(stop_report::Column::LoadId.eq(Uuid::parse_str(load_id).unwrap()))
            .order_by_asc(stop_report::Column::RecordedAt)
            .all(&self.app.inspect_db().await)
            .await
            .unwrap()
    }
}

fn codes(load: &Value) -> Vec<String> {
    load["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["at7_code"].as_str().map(str::to_owned))
        .collect()
}

fn minutes_ago(m: i64) -> DateTime<Utc> {
    // Whole milliseconds, as the wire carries them.
    let t = Utc::now() - Duration::minutes(m);
    DateTime::from_timestamp_millis(t.timestamp_millis()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_eld_arrives_and_departs_a_stop_once_each() {
    for backend in backends() {
        let w = World::start(backend, "3200001").await;
        let (id, truck) = w.dispatched_load(0).await;
        w.connect().await;

        // Two miles out: nothing.
        w.trucks.put(&truck, north(CHICAGO, 2.0), minutes_ago(1));
        w.run().await;
        assert!(w.reports(&id).await.is_empty());
        assert_eq!(w.read_load(&id).await["status"], "dispatched");
        assert_eq!(w.reads().await, 1);

        // Inside the half mile (after one 429, waited out): one arrival.
        let inside = north(CHICAGO, 0.3);
        let arrived_at = minutes_ago(1);
        w.trucks.put(&truck, inside, arrived_at);
        w.trucks.throttle_next(1);
        w.next_cycle().await;
        w.run().await;
        assert_eq!(w.reads().await, 3, "the 429 was retried");
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "at_pickup");
        assert_eq!(codes(&read), ["X3"]);
        let last = read["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["actor_name"], "ELD (Samsara)");
        assert_eq!(last["to_status"], "at_pickup");
        let arrived =
            DateTime::parse_from_rfc3339(read["stops"][0]["arrived_at"].as_str().unwrap()).unwrap();
        assert_eq!(arrived, arrived_at);
        let reports = w.reports(&id).await;
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        assert_eq!(
            (r.event.as_str(), r.source.as_str(), r.actor_name.as_str()),
            ("arrived", "eld", "ELD (Samsara)")
        );
        assert_eq!(r.at, arrived_at);
        assert!((r.lat.unwrap() - inside.lat).abs() < 1e-9);
        assert!((r.lon.unwrap() - inside.lon).abs() < 1e-9);

        // Again, within the cycle (the stored positions, no read) and in
        // the next one: no second arrival.
        w.run().await;
        assert_eq!(w.reads().await, 3, "a fresh read is reused");
        w.next_cycle().await;
        w.run().await;
        assert_eq!(w.reads().await, 4);
        assert_eq!(w.reports(&id).await.len(), 1);
        assert_eq!(codes(&w.read_load(&id).await), ["X3"]);

        // Out of the gate: one departure, then no other.
        let gone = north(CHICAGO, 3.0);
        w.trucks.put(&truck, gone, minutes_ago(0));
        w.next_cycle().await;
        w.run().await;
        w.next_cycle().await;
        w.run().await;
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "in_transit");
        assert_eq!(codes(&read), ["X3", "AF"]);
        let reports = w.reports(&id).await;
        assert_eq!(reports.len(), 2);
        assert_eq!(
            (reports[1].event.as_str(), reports[1].source.as_str()),
            ("departed", "eld")
        );
        assert!((reports[1].lat.unwrap() - gone.lat).abs() < 1e-9);

        // At the delivery, but the position is 31 minutes old: nothing.
        w.trucks.put(&truck, INDIANAPOLIS, minutes_ago(31));
        w.next_cycle().await;
        w.run().await;
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "in_transit");
        assert_eq!(w.reports(&id).await.len(), 2);

        // A fresh one there, and two runs at once: one arrival.
        w.trucks.put(&truck, INDIANAPOLIS, minutes_ago(0));
        w.next_cycle().await;
        let before = w.reads().await;
        tokio::join!(w.run(), w.run());
        assert_eq!(w.reads().await, before + 1, "one read for both runs");
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "at_delivery");
        assert_eq!(codes(&read), ["X3", "AF", "X1"]);
        let arrivals = w
            .reports(&id)
            .await
            .into_iter()
            .filter(|r| r.event == "arrived")
            .count();
        assert_eq!(arrivals, 2, "one at each stop");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_drivers_earlier_tap_and_the_elds_arrival_are_both_kept() {
    for backend in backends() {
        let w = World::start(backend, "3200002").await;
        let (id, truck) = w.dispatched_load(1).await;
        w.connect().await;
        let load_id = Uuid::parse_str(&id).unwrap();
        let scope = db::tenancy::TenantScope::for_job(w.fleet_id);
        let driver = Actor {
            id: None,
            name: "Dale Driver".into(),
            email: String::new(),
        };
        // The driver taps Arrived a mile early.
        let tapped = minutes_ago(10);
        let (outcome, _) = stop_events::report(
            &w.app.state.db,
            scope,
            load_id,
            Report {
                source: Source::Driver,
                actor: &driver,
                seq: 0,
                event: StopEvent::Arrived,
                at: tapped,
                position: Some((north(CHICAGO, 1.0).lat, CHICAGO.lon)),
                client_id: Some("tap-1"),
            },
        )
        .await
        .unwrap();
        assert_eq!(outcome, Outcome::Recorded);

        // Still a mile out: the ELD has not seen it arrive, so no departure.
        w.trucks.put(&truck, north(CHICAGO, 1.0), minutes_ago(6));
        w.run().await;
        assert_eq!(w.reports(&id).await.len(), 1);

        // Then the ELD sees the truck at the dock.
        w.trucks.put(&truck, CHICAGO, minutes_ago(2));
        w.next_cycle().await;
        w.run().await;
        let reports = w.reports(&id).await;
        let sources: Vec<(&str, &str)> = reports
            .iter()
            .map(|r| (r.event.as_str(), r.source.as_str()))
            .collect();
        assert_eq!(sources, [("arrived", "driver"), ("arrived", "eld")]);
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "at_pickup");
        // One arrival in the history, at the earlier time.
        assert_eq!(codes(&read), ["X3"]);
        let arrived =
            DateTime::parse_from_rfc3339(read["stops"][0]["arrived_at"].as_str().unwrap()).unwrap();
        assert_eq!(arrived, tapped);
    }
}

/// Moves the load's dispatch and the fleet's ELD connection `minutes`
/// into the past: where the demo truck's timeline starts.
async fn demo_started(w: &World, load_id: &str, minutes: i64) {
    use db::entities::{fleet_eld_integration, load_event};
    let db = w.app.inspect_db().await;
    let then = Utc::now() - Duration::minutes(minutes);
    load_event::Entity::update_many()
        .col_expr(load_event::Column::At, Expr::value(then))
        .filter(load_event::Column::LoadId.eq(Uuid::parse_str(load_id).unwrap()))
        .filter(load_event::Column::ToStatus.eq("dispatched"))
        .exec(&db)
        .await
        .unwrap();
    fleet_eld_integration::Entity::update_many()
        .col_expr(fleet_eld_integration::Column::CreatedAt, Expr::value(then))
        .filter(fleet_eld_integration::Column::FleetAccountId.eq(w.fleet_id))
        .exec(&db)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_truck_follows_its_load_into_the_first_stop() {
    for backend in backends() {
        let w = World::start(backend, "3200003").await;
        let (id, truck) = w.dispatched_load(0).await;
        let res = w
            .app
            .put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        assert!(res.status().is_success(), "{:?}", res.text().await);

        // The pickup is tomorrow: a minute in, the truck is still approaching: nothing.
        {
            use db::entities::load_stop;
            load_stop::Entity::update_many()
                .col_expr(
                    load_stop::Column::StartsAt,
                    Expr::value(Utc::now() + Duration::days(1)),
                )
                .filter(load_stop::Column::LoadId.eq(Uuid::parse_str(&id).unwrap()))
                .filter(load_stop::Column::Seq.eq(0))
                .exec(&w.app.inspect_db().await)
                .await
                .unwrap();
        }
        demo_started(&w, &id, 1).await;
        w.run().await;
        assert!(w.reports(&id).await.is_empty());
        let stored = eld_position::Entity::find_by_id((w.fleet_id, truck.clone()))
            .one(&w.app.inspect_db().await)
            .await
            .unwrap()
            .expect("the demo truck's position is stored");
        let out = domain::geo::distance_mi(
            CHICAGO,
            LatLon {
                lat: stored.lat,
                lon: stored.lon,
            },
        );
        assert!((out - 2.0).abs() < 0.01, "{out} miles out");

        // Six minutes in, it is at the pickup: "Arrived" by the demo ELD.
        demo_started(&w, &id, 6).await;
        w.next_cycle().await;
        w.run().await;
        let read = w.read_load(&id).await;
        assert_eq!(read["status"], "at_pickup");
        let last = read["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(
            (last["at7_code"].as_str(), last["actor_name"].as_str()),
            (Some("X3"), Some("ELD (Demo)"))
        );
        let reports = w.reports(&id).await;
        assert_eq!(reports.len(), 1);
        assert_eq!(reports[0].source, "eld");

        // A load dispatched when its pickup is already due: the truck is at
        // the dock from the start, and the first run records the arrival.
        let (due, _) = w.dispatched_load(1).await;
        demo_started(&w, &due, 0).await;
        w.next_cycle().await;
        w.run().await;
        assert_eq!(w.read_load(&due).await["status"], "at_pickup");
    }
}
