//! The load sheet (issue 31 §3): what a dispatched driver needs to run the
//! load — its stops in order, each time on the stop's own clock with the
//! zone's abbreviation, the references, the freight, the instructions and
//! a map link per stop. Never the load's money. One `Sheet` is gathered
//! and rendered twice: as the dispatch e-mail (`emails.rs`, sent by
//! `lifecycle.rs`) and as a PDF (`sheet_pdf.rs`), so the two always hold
//! the same facts.

use super::{LoadsError, texts};
use crate::modules::loads::repo;
use chrono::{DateTime, NaiveDateTime, Utc};
use db::entities::{facility, load, load_stop};
use db::tenancy::FleetTx;
use domain::fleet::driver_display_name;
use domain::texts::fill;
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

/// A label and its value ("BOL", "88123").
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

/// A titled list of facts (references, freight, crew).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Section {
    pub title: String,
    pub facts: Vec<Fact>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SheetStop {
    /// "Stop 1: Pickup".
    pub heading: String,
    pub facility: String,
    /// Street, city, state and ZIP on one line.
    pub address: String,
    /// "Appointment" or "Window".
    pub time_label: String,
    /// On the facility's clock, with its zone's abbreviation.
    pub time: String,
    pub facts: Vec<Fact>,
    pub map_label: String,
    pub map_link: String,
}

/// The load sheet, ready to render.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Sheet {
    pub pro_number: i32,
    /// "Load sheet — PRO 1002".
    pub title: String,
    pub subject: String,
    pub intro: String,
    pub sections: Vec<Section>,
    pub stops_title: String,
    pub stops: Vec<SheetStop>,
    pub instructions_title: String,
    pub instructions: Option<String>,
    pub footer: String,
}

/// A driver the sheet goes to: their name, and their e-mail when they have one.
pub struct Recipient {
    pub name: String,
    pub email: Option<String>,
}

/// Google Maps' search link for a point (its documented `api=1` form).
pub fn map_link(lat: f64, lon: f64) -> String {
    format!("https://www.google.com/maps/search/?api=1&query={lat:.6},{lon:.6}")
}

/// The zone's abbreviation at `at` ("CST", "EDT"); the zone's name when the
/// zone is unknown.
fn abbreviation(zone: &str, at: DateTime<Utc>) -> String {
    domain::loads::time_zone(zone)
        .map(|tz| at.with_timezone(&tz).format("%Z").to_string())
        .unwrap_or_else(|| zone.to_owned())
}

const DAY: &str = "%a %b %-d, %Y";
const CLOCK: &str = "%H:%M";

/// A stop's appointment or window as its facility states it, each end with
/// its zone's abbreviation at that instant: "Mon Mar 2, 2026 08:00 CST",
/// "Tue Mar 3, 2026 09:00–15:00 EST", or both days when a window spans
/// midnight.
pub fn stop_time(
    zone: &str,
    local_start: NaiveDateTime,
    local_end: Option<NaiveDateTime>,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
) -> String {
    let start_zone = abbreviation(zone, starts_at);
    let start = format!("{} {}", local_start.format(DAY), local_start.format(CLOCK));
    match local_end {
        None => format!("{start} {start_zone}"),
        Some(end) => {
            let end_zone = abbreviation(zone, ends_at);
            if end.date() == local_start.date() && end_zone == start_zone {
                format!("{start}\u{2013}{} {end_zone}", end.format(CLOCK))
            } else {
                format!(
                    "{start} {start_zone} \u{2013} {} {} {end_zone}",
                    end.format(DAY),
                    end.format(CLOCK)
                )
            }
        }
    }
}

fn fact(label: &str, value: impl Into<String>) -> Fact {
    Fact {
        label: label.to_owned(),
        value: value.into(),
    }
}

fn some_fact(label: &str, value: Option<&str>) -> Option<Fact> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| fact(label, v))
}

fn place(f: &facility::Model) -> String {
    let mut line = format!("{}, {}, {}", f.address, f.city, f.state);
    if let Some(zip) = f.zip.as_deref().filter(|z| !z.trim().is_empty()) {
        line.push(' ');
        line.push_str(zip.trim());
    }
    line
}

fn stop_of(
    index: usize,
    stop: &load_stop::Model,
    facilities: &HashMap<Uuid, facility::Model>,
) -> Option<SheetStop> {
    let t = &texts().sheet;
    let f = facilities.get(&stop.facility_id)?;
    let kind = if stop.kind == "pickup" {
        &t.pickup
    } else {
        &t.delivery
    };
    let contact = [f.contact_name.as_deref(), f.contact_phone.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let facts = [
        some_fact(&t.contact, Some(contact.as_str())),
        some_fact(&t.hours, f.hours.as_deref()),
        some_fact(&t.stop_instructions, stop.instructions.as_deref()),
    ]
    .into_iter()
    .flatten()
    .collect();
    Some(SheetStop {
        heading: fill(
            &t.stop_heading,
            &[("n", &(index + 1).to_string()), ("kind", kind)],
        ),
        facility: f.name.clone(),
        address: place(f),
        time_label: if stop.local_end.is_some() {
            t.window.clone()
        } else {
            t.appointment.clone()
        },
        time: stop_time(
            &stop.time_zone,
            stop.local_start,
            stop.local_end,
            stop.starts_at,
            stop.ends_at,
        ),
        facts,
        map_label: t.map.clone(),
        map_link: map_link(f.lat, f.lon),
    })
}

fn freight(row: &load::Model) -> Vec<Fact> {
    let t = &texts().sheet;
    let equipment = domain::texts()
        .board
        .equipment
        .get(&row.equipment_type)
        .cloned()
        .unwrap_or_else(|| row.equipment_type.clone());
    let number = |n: i32| {
        // Thousands separated, as a driver reads a weight: 42,000.
        let digits = n.unsigned_abs().to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        if n < 0 { format!("-{out}") } else { out }
    };
    let hazmat = row.hazmat_class.as_deref().map(|class| {
        fill(
            &t.hazmat_value,
            &[
                ("class", class),
                ("un", row.un_number.as_deref().unwrap_or("")),
            ],
        )
        .trim_end_matches([',', ' '])
        .to_owned()
    });
    [
        Some(fact(&t.equipment, equipment)),
        row.length_ft.map(|ft| {
            fact(
                &t.length,
                fill(&t.length_value, &[("feet", &ft.to_string())]),
            )
        }),
        some_fact(&t.commodity, row.commodity.as_deref()),
        row.weight_lbs
            .map(|lb| fact(&t.weight, fill(&t.weight_value, &[("pounds", &number(lb))]))),
        row.pieces.map(|p| fact(&t.pieces, number(p))),
        row.reefer_temp_f.map(|f| {
            fact(
                &t.reefer_temp,
                fill(&t.reefer_value, &[("degrees", &f.to_string())]),
            )
        }),
        some_fact(&t.hazmat, hazmat.as_deref()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn name_of(name: Option<&String>, identifier: Option<&String>) -> Option<String> {
    name.or(identifier)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// The sheet of the load and the drivers it goes to, read in the caller's
/// transaction; another fleet's load is not found.
pub(super) async fn gather(tx: &FleetTx, id: Uuid) -> Result<(Sheet, Vec<Recipient>), LoadsError> {
    let t = &texts().sheet;
    let row = repo::load(tx, id).await?.ok_or(LoadsError::NotFound)?;
    let stops = repo::stops_of(tx, id).await?;
    let facilities: HashMap<Uuid, facility::Model> =
        repo::facilities_by_ids(tx, stops.iter().map(|s| s.facility_id).collect())
            .await?
            .into_iter()
            .map(|f| (f.id, f))
            .collect();
    let driver_ids: Vec<Uuid> = row
        .driver_id
        .into_iter()
        .chain(row.second_driver_id)
        .collect();
    let mut drivers = repo::drivers(tx, driver_ids.clone()).await?;
    // The first driver first, as assigned.
    drivers.sort_by_key(|d| driver_ids.iter().position(|id| *id == d.id));
    let recipients: Vec<Recipient> = drivers
        .iter()
        .map(|d| Recipient {
            name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            email: d
                .email
                .as_deref()
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .map(str::to_owned),
        })
        .collect();
    let truck = match row.truck_id {
        Some(id) => repo::truck(tx, id)
            .await?
            .and_then(|v| name_of(v.name.as_ref(), v.vehicle_id.as_ref())),
        None => None,
    };
    let trailer = match row.trailer_id {
        Some(id) => repo::trailer(tx, id)
            .await?
            .and_then(|v| name_of(v.name.as_ref(), v.trailer_id.as_ref())),
        None => None,
    };
    let fleet = repo::fleet_name(tx).await?.unwrap_or_default();

    let sheet_stops: Vec<SheetStop> = stops
        .iter()
        .enumerate()
        .filter_map(|(i, s)| stop_of(i, s, &facilities))
        .collect();
    let city = |stop: Option<&load_stop::Model>| {
        stop.and_then(|s| facilities.get(&s.facility_id))
            .map(|f| format!("{}, {}", f.city, f.state))
            .unwrap_or_default()
    };
    let pro = row.pro_number.to_string();
    let references = [
        Some(fact(&t.load_number, row.load_number.clone())),
        Some(fact(&t.pro, pro.clone())),
        some_fact(&t.bol, row.bol_number.as_deref()),
        some_fact(&t.po, row.po_number.as_deref()),
        some_fact(&t.pickup_number, row.pickup_number.as_deref()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let names = recipients
        .iter()
        .map(|r| r.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let crew = [
        some_fact(&t.drivers, Some(names.as_str())),
        some_fact(&t.truck, truck.as_deref()),
        some_fact(&t.trailer, trailer.as_deref()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>();
    let mut sections = vec![
        Section {
            title: t.references.clone(),
            facts: references,
        },
        Section {
            title: t.freight.clone(),
            facts: freight(&row),
        },
    ];
    if !crew.is_empty() {
        sections.push(Section {
            title: t.crew.clone(),
            facts: crew,
        });
    }
    let sheet = Sheet {
        pro_number: row.pro_number,
        title: format!("{} \u{2014} {} {pro}", t.title, t.pro),
        subject: fill(
            &t.subject,
            &[
                ("pro", &pro),
                ("origin", &city(stops.first())),
                ("destination", &city(stops.last())),
            ],
        ),
        intro: fill(&t.intro, &[("fleet", &fleet), ("pro", &pro)]),
        sections,
        stops_title: t.stops.clone(),
        stops: sheet_stops,
        instructions_title: t.instructions.clone(),
        instructions: row
            .notes
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned),
        footer: t.footer.clone(),
    };
    Ok((sheet, recipients))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn local(d: u32, h: u32, m: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 3, d)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    fn utc(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn an_appointment_reads_on_the_facility_clock_with_its_zone() {
        let at = utc("2026-03-02T14:00:00Z");
        assert_eq!(
            stop_time("America/Chicago", local(2, 8, 0), None, at, at),
            "Mon Mar 2, 2026 08:00 CST"
        );
    }

    #[test]
    fn a_window_of_one_day_names_its_zone_once() {
        assert_eq!(
            stop_time(
                "America/New_York",
                local(3, 9, 0),
                Some(local(3, 15, 0)),
                utc("2026-03-03T14:00:00Z"),
                utc("2026-03-03T20:00:00Z"),
            ),
            "Tue Mar 3, 2026 09:00\u{2013}15:00 EST"
        );
    }

    #[test]
    fn a_window_across_the_clock_change_names_each_ends_zone() {
        // 2026-03-08: US clocks go forward at 02:00.
        assert_eq!(
            stop_time(
                "America/Denver",
                local(7, 22, 0),
                Some(local(8, 6, 0)),
                utc("2026-03-08T05:00:00Z"),
                utc("2026-03-08T12:00:00Z"),
            ),
            "Sat Mar 7, 2026 22:00 MST \u{2013} Sun Mar 8, 2026 06:00 MDT"
        );
    }

    #[test]
    fn a_map_link_is_googles_search_form() {
        assert_eq!(
            map_link(41.878113, -87.6298),
            "https://www.google.com/maps/search/?api=1&query=41.878113,-87.629800"
        );
    }
}
