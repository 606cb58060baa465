//! Customers, facilities and loads for the demo fleet and the benchmarks
//! (issue 31): forty a week, this week's from three days ago to four days
//! ahead in every status of the lifecycle, earlier weeks' done; the ones
//! under way assigned to the fleet's drivers and trucks, each with its
//! history.

use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};
use db::entities::{
    customer, facility, fleet_driver, fleet_vehicle, load, load_accessorial, load_counter,
    load_event, load_stop,
};
use db::tenancy::{FleetOwned, FleetTx};
use domain::geo::{LatLon, resolve};
use domain::loads::{LoadStatus, estimated_miles, time_zone};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};
use uuid::Uuid;

const CUSTOMERS: [(&str, &str, Option<&str>); 4] = [
    ("Summit Freight Brokerage", "broker", Some("612345")),
    ("Blue Ridge Logistics", "broker", Some("734512")),
    ("Harvest Foods Co.", "shipper", None),
    ("Keystone Building Supply", "shipper", None),
];

/// Name, street, city, state, zone.
const FACILITIES: [(&str, &str, &str, &str, &str); 8] = [
    (
        "Harvest Foods DC",
        "4100 S Ashland Ave",
        "Chicago",
        "IL",
        "America/Chicago",
    ),
    (
        "Peachtree Cold Storage",
        "780 Fulton Industrial Blvd",
        "Atlanta",
        "GA",
        "America/New_York",
    ),
    (
        "Keystone Yard",
        "55 Commerce Dr",
        "Harrisburg",
        "PA",
        "America/New_York",
    ),
    (
        "Lone Star Grocers",
        "9900 Forney Rd",
        "Dallas",
        "TX",
        "America/Chicago",
    ),
    (
        "Music City Warehouse",
        "1200 Freight Way",
        "Nashville",
        "TN",
        "America/Chicago",
    ),
    (
        "Front Range Supply",
        "4700 Holly St",
        "Denver",
        "CO",
        "America/Denver",
    ),
    (
        "Desert Sun Distribution",
        "2200 S 43rd Ave",
        "Phoenix",
        "AZ",
        "America/Phoenix",
    ),
    (
        "Bay Area Fulfillment",
        "8000 Edgewater Dr",
        "Oakland",
        "CA",
        "America/Los_Angeles",
    ),
];

/// The statuses the week shows, by how many days from today the pickup is.
fn status_for(i: usize, day: i64) -> LoadStatus {
    use LoadStatus::*;
    match day {
        d if d <= -3 => [Paid, Invoiced, Delivered][i % 3],
        -2 => [Delivered, Invoiced, Cancelled][i % 3],
        -1 => [Delivered, AtDelivery, InTransit][i % 3],
        0 => [InTransit, Loaded, AtPickup, Dispatched][i % 4],
        1 => [Dispatched, Planned, Accepted][i % 3],
        _ => [Planned, Accepted, Accepted][i % 3],
    }
}

/// The facility's clock at `at` (the zones above are all known).
fn local(zone: &str, at: DateTime<Utc>) -> NaiveDateTime {
    time_zone(zone).map_or(at.naive_utc(), |z| at.with_timezone(&z).naive_local())
}

/// The instant of a time on the facility's clock.
fn on_clock(zone: &str, local_time: NaiveDateTime) -> DateTime<Utc> {
    time_zone(zone)
        .and_then(|z| z.from_local_datetime(&local_time).earliest())
        .map_or_else(
            || Utc.from_utc_datetime(&local_time),
            |t| t.with_timezone(&Utc),
        )
}

/// Seeds `count` loads (at least the week's mix) for the transaction's fleet.
pub async fn seed_loads(tx: &FleetTx, count: usize) -> anyhow::Result<usize> {
    let fleet = tx.scope().fleet_account_id();
    let now = Utc::now();
    let customers: Vec<customer::ActiveModel> = CUSTOMERS
        .iter()
        .map(|(name, kind, mc)| customer::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            name: Set((*name).to_owned()),
            kind: Set((*kind).to_owned()),
            usdot_number: Set(None),
            mc_number: Set(mc.map(str::to_owned)),
            billing_email: Set(Some(format!(
                "ap@{}.example",
                name.split_whitespace()
                    .next()
                    .unwrap_or("customer")
                    .to_lowercase()
            ))),
            payment_terms_days: Set(30),
            created_at: Set(now),
            broker_account_id: Set(None),
        })
        .collect();
    let customer_ids: Vec<Uuid> = customers.iter().map(|c| *c.id.as_ref()).collect();
    customer::Entity::insert_many(customers).exec(tx).await?;
    let mut places = Vec::new();
    let facilities: Vec<facility::ActiveModel> = FACILITIES
        .iter()
        .map(|(name, street, city, state, zone)| {
            let at = resolve(&format!("{city}, {state}")).map_or(
                LatLon {
                    lat: 39.8,
                    lon: -98.6,
                },
                |p| p.at,
            );
            let id = Uuid::new_v4();
            places.push((id, *zone, at, *city));
            facility::ActiveModel {
                id: Set(id),
                fleet_account_id: Set(fleet),
                name: Set((*name).to_owned()),
                address: Set((*street).to_owned()),
                city: Set((*city).to_owned()),
                state: Set((*state).to_owned()),
                zip: Set(None),
                lat: Set(at.lat),
                lon: Set(at.lon),
                time_zone: Set((*zone).to_owned()),
                contact_name: Set(Some("Receiving desk".into())),
                contact_phone: Set(Some("6155550100".into())),
                hours: Set(Some("Mon–Fri 06:00–18:00".into())),
                created_at: Set(now),
                ..Default::default()
            }
        })
        .collect();
    facility::Entity::insert_many(facilities).exec(tx).await?;
    let drivers: Vec<Uuid> = fleet_driver::Entity::within(tx)
        .filter(fleet_driver::Column::IsActive.eq(true))
        .select_only()
        .column(fleet_driver::Column::Id)
        .limit(10_000)
        .into_tuple()
        .all(tx)
        .await?;
    let trucks: Vec<Uuid> = fleet_vehicle::Entity::within(tx)
        .filter(fleet_vehicle::Column::IsActive.eq(true))
        .filter(fleet_vehicle::Column::ListTab.ne("decommissioned"))
        .select_only()
        .column(fleet_vehicle::Column::Id)
        .limit(10_000)
        .into_tuple()
        .all(tx)
        .await?;

    let (mut loads, mut stops, mut lines, mut events) = (vec![], vec![], vec![], vec![]);
    for i in 0..count {
        // Forty a week: this week from three days back to four ahead, then
        // a week earlier for every forty more (all of those done).
        let day = (i % 8) as i64 - 3 - 7 * (i / 40) as i64;
        let status = status_for(i / 8, day);
        let from = places[i % places.len()];
        let to = places[(i * 3 + 1) % places.len()];
        let to = if to.0 == from.0 {
            places[(i + 2) % places.len()]
        } else {
            to
        };
        let pickup_at = now + Duration::days(day) + Duration::hours(((i * 5) % 9) as i64 - 4);
        let miles = estimated_miles(&[from.2, to.2]);
        // ~50 mph with stops.
        let delivery_at = pickup_at + Duration::hours(i64::from(miles) / 50 + 2);
        let id = Uuid::new_v4();
        let assigned = !matches!(status, LoadStatus::Accepted | LoadStatus::Cancelled);
        let driver = (assigned && !drivers.is_empty()).then(|| drivers[i % drivers.len()]);
        let truck = (assigned && !trucks.is_empty()).then(|| trucks[i % trucks.len()]);
        let rate = 250 + (i as i64 * 7) % 120;
        let load_number = format!("{}-{:05}", ["SFB", "BRL", "HFC", "KBS"][i % 4], 40_000 + i);
        let bol_number = format!("BOL{:07}", 700_000 + i);
        let po_number = (i % 3 == 0).then(|| format!("PO-{:06}", 310_000 + i));
        let search_text = domain::loads::search_text(
            [&load_number, &bol_number]
                .into_iter()
                .map(String::as_str)
                .chain(po_number.as_deref())
                .chain([CUSTOMERS[i % CUSTOMERS.len()].0, from.3, to.3]),
        );
        loads.push(load::ActiveModel {
            id: Set(id),
            fleet_account_id: Set(fleet),
            customer_id: Set(customer_ids[i % customer_ids.len()]),
            pro_number: Set(1001 + i as i32),
            load_number: Set(load_number),
            bol_number: Set(Some(bol_number)),
            po_number: Set(po_number),
            pickup_number: Set(None),
            equipment_type: Set(["van", "reefer", "flatbed"][i % 3].to_owned()),
            length_ft: Set(Some(53)),
            reefer_temp_f: Set((i % 3 == 1).then_some(34)),
            commodity: Set(Some(
                ["Packaged foods", "Frozen produce", "Lumber"][i % 3].to_owned(),
            )),
            weight_lbs: Set(Some(32_000 + ((i * 977) % 12_000) as i32)),
            pieces: Set(Some(22 + (i % 4) as i32)),
            hazmat_class: Set(None),
            un_number: Set(None),
            notes: Set(None),
            status: Set(status.as_str().to_owned()),
            rate_method: Set("per_mile".to_owned()),
            rate_per_mile_cents: Set(Some(rate)),
            linehaul_cents: Set(rate * i64::from(miles)),
            fuel_surcharge_cents: Set(i64::from(miles) * 45),
            detention_free_minutes: Set(Some(120)),
            detention_rate_cents: Set(Some(5000)),
            detention_cap_cents: Set(Some(40_000)),
            tonu_cents: Set((i % 2 == 0).then_some(25_000)),
            tonu_window_hours: Set((i % 2 == 0).then_some(24)),
            // Every third rate con says nothing of lumpers (a Warn on dispatch).
            lumper_terms: Set((i % 3 != 0).then(|| "Reimbursed with receipt".into())),
            rate_con_file_key: Set(None),
            loaded_miles: Set(miles),
            first_pickup_at: Set(pickup_at),
            last_delivery_at: Set(delivery_at),
            cancel_reason: Set(
                (status == LoadStatus::Cancelled).then(|| "Shipper closed early".into())
            ),
            driver_id: Set(driver),
            second_driver_id: Set(None),
            truck_id: Set(truck),
            trailer_id: Set(None),
            created_at: Set(pickup_at - Duration::days(2)),
            updated_at: Set(now),
            search_text: Set(search_text),
            ..Default::default()
        });
        let under_way = |after: LoadStatus| {
            use LoadStatus::*;
            let order = [
                AtPickup, Loaded, InTransit, AtDelivery, Delivered, Invoiced, Paid,
            ];
            let rank = |s| order.iter().position(|o| *o == s);
            matches!((rank(status), rank(after)), (Some(a), Some(b)) if a >= b)
        };
        for (seq, (kind, place, at)) in [("pickup", from, pickup_at), ("delivery", to, delivery_at)]
            .into_iter()
            .enumerate()
        {
            let arrived = if seq == 0 {
                under_way(LoadStatus::AtPickup)
            } else {
                under_way(LoadStatus::AtDelivery)
            };
            let departed = if seq == 0 {
                under_way(LoadStatus::InTransit)
            } else {
                under_way(LoadStatus::Delivered)
            };
            let slot = local(place.1, at);
            stops.push(load_stop::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(fleet),
                load_id: Set(id),
                seq: Set(seq as i32),
                kind: Set(kind.to_owned()),
                facility_id: Set(place.0),
                local_start: Set(slot),
                local_end: Set((seq == 1).then(|| slot + Duration::hours(4))),
                time_zone: Set(place.1.to_owned()),
                starts_at: Set(on_clock(place.1, slot)),
                ends_at: Set(on_clock(
                    place.1,
                    slot + Duration::hours(if seq == 1 { 4 } else { 0 }),
                )),
                arrived_at: Set(arrived.then(|| at - Duration::minutes(10))),
                departed_at: Set(departed.then(|| at + Duration::minutes(95))),
                instructions: Set((seq == 0)
                    .then(|| "Check in at the guard shack; bring your own straps.".into())),
            });
        }
        if i % 5 == 0 {
            lines.push(load_accessorial::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(fleet),
                load_id: Set(id),
                kind: Set("lumper".to_owned()),
                amount_cents: Set(7500),
                note: Set(Some("Receipt on file".into())),
            });
        }
        events.push(load_event::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            load_id: Set(id),
            at: Set(pickup_at - Duration::days(2)),
            // Written now, before anything the user records: a demo load's
            // history is listed in the order it was written (m0031).
            recorded_at: Set(Some(now - Duration::seconds(1))),
            actor_id: Set(None),
            actor_name: Set("Dana Dispatcher".into()),
            from_status: Set(None),
            to_status: Set(LoadStatus::Accepted.as_str().to_owned()),
            at7_code: Set(None),
            reason: Set(None),
            ..Default::default()
        });
        if status != LoadStatus::Accepted {
            events.push(load_event::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(fleet),
                load_id: Set(id),
                at: Set(pickup_at - Duration::days(1)),
                recorded_at: Set(Some(now)),
                actor_id: Set(None),
                actor_name: Set("Dana Dispatcher".into()),
                from_status: Set(Some(LoadStatus::Accepted.as_str().to_owned())),
                to_status: Set(status.as_str().to_owned()),
                at7_code: Set((status == LoadStatus::Cancelled).then(|| "CA".into())),
                reason: Set(
                    (status == LoadStatus::Cancelled).then(|| "Shipper closed early".into())
                ),
                ..Default::default()
            });
        }
        if loads.len() == 500 {
            flush(tx, &mut loads, &mut stops, &mut lines, &mut events).await?;
        }
    }
    flush(tx, &mut loads, &mut stops, &mut lines, &mut events).await?;
    load_counter::Entity::insert(load_counter::ActiveModel {
        fleet_account_id: Set(fleet),
        last_pro: Set(1000 + count as i32),
    })
    .exec(tx)
    .await?;
    Ok(count)
}

async fn flush(
    tx: &FleetTx,
    loads: &mut Vec<load::ActiveModel>,
    stops: &mut Vec<load_stop::ActiveModel>,
    lines: &mut Vec<load_accessorial::ActiveModel>,
    events: &mut Vec<load_event::ActiveModel>,
) -> anyhow::Result<()> {
    if !loads.is_empty() {
        load::Entity::insert_many(std::mem::take(loads))
            .exec(tx)
            .await?;
    }
    // Stops and events are two and up to two per load: inserted in halves
    // so no statement passes SQLite's bound-parameter limit.
    for chunk in std::mem::take(stops).chunks(400) {
        load_stop::Entity::insert_many(chunk.to_vec())
            .exec(tx)
            .await?;
    }
    for chunk in std::mem::take(events).chunks(400) {
        load_event::Entity::insert_many(chunk.to_vec())
            .exec(tx)
            .await?;
    }
    if !lines.is_empty() {
        load_accessorial::Entity::insert_many(std::mem::take(lines))
            .exec(tx)
            .await?;
    }
    Ok(())
}
