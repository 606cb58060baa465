//! Motive (formerly KeepTruckin): `X-Api-Key`, paths under `/v1/`.
//!
//! Lists are `{ users: [ { user: {...} } ], pagination: { per_page, page_no,
//! total } }` with pages from 1; the cursor is the next `page_no`, and the
//! walk stops when `page_no * per_page >= total` (the figures the response
//! gives, so a server that caps `per_page` is followed correctly). Items
//! without the singular wrapper are read as they are (the assets list shape is
//! not documented).
//!
//! Drivers are `GET /v1/users?role=driver` without a status filter: active and
//! deactivated users, `status` telling which. Vehicles are `GET /v1/vehicles`,
//! trailers `GET /v1/assets`; a vehicle or asset whose `status` is
//! `deactivated` is left out, since the neutral records have no active flag
//! and the fleet no longer runs it. Motive documents no trailer↔driver
//! assignment, so that list is always empty.
//!
//! Vehicle locations are `GET /v1/vehicle_locations`: the vehicles list again
//! (`{ vehicles: [ { vehicle: {...} } ] }`), each with `current_location {
//! lat, lon, located_at, description, ... }` or null. A vehicle without one
//! (or without a time or a usable fix) is left out, as are deactivated
//! vehicles, which the vehicle sync leaves out too.
//!
//! Hours-of-service clocks are `GET /v1/available_time` (the users list
//! again: `{ users: [ { user: { id, first_name, last_name, duty_status,
//! available_time: { drive, shift, cycle, break } } } ], pagination }`, the
//! times in seconds, as Motive's public reference of the endpoint shows it).
//! Motive's current reference names the endpoint but not every field, so
//! the reading is tolerant (decision 041): the times may also be spelled
//! `drive_time`, `*_remaining`, `*_seconds` or `*_time_remaining`, may be
//! numeric strings, and `cycle_tomorrow` is read when present; the duty
//! status may be `duty_status` or `current_duty_status` (or a
//! `{ status }` object). A user without `available_time` is stale. The times
//! are computed at request time, so they are as of the read.

use super::hos::{DutyStatus, HosClock, minutes_of_seconds};
use super::http::{ProviderHttp, bad_cursor, wire};
use super::{
    EldDriver, EldEndpoints, EldProvider, EldProviderError, EldRef, EldTrailer,
    EldTrailerAssignment, EldVehicle, EldVehicleLocation, Page,
};
use crate::config::Secret;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

/// Motive's largest page size (probably; a smaller one in the response is followed).
const PER_PAGE: u64 = 100;

pub struct Motive {
    http: ProviderHttp,
    base_url: String,
    api_key: Secret,
}

impl Motive {
    /// `base_url`: `https://api.gomotive.com` (or the old `api.keeptruckin.com`).
    pub fn new(base_url: &str, api_key: &str, endpoints: &EldEndpoints) -> Self {
        Self {
            http: ProviderHttp::new("Motive", "API key", endpoints, vec![api_key.to_owned()]),
            base_url: base_url.trim_end_matches('/').to_owned(),
            api_key: Secret::new(api_key),
        }
    }

    async fn get(&self, path: &str, query: &[(&str, String)]) -> Result<Value, EldProviderError> {
        let url = format!("{}{path}", self.base_url);
        self.http
            .json(|client| {
                client
                    .get(&url)
                    .header("X-Api-Key", self.api_key.expose())
                    .query(query)
            })
            .await
    }

    /// One page of `list_key` items, unwrapped from `item_key`, and the next cursor.
    async fn list(
        &self,
        path: &str,
        list_key: &str,
        item_key: &str,
        extra: &[(&str, &str)],
        cursor: Option<String>,
    ) -> Result<(Vec<Value>, Option<String>), EldProviderError> {
        let page_no = match cursor {
            None => 1,
            Some(c) => c
                .parse::<u64>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| bad_cursor("Motive"))?,
        };
        let mut query: Vec<(&str, String)> =
            extra.iter().map(|(k, v)| (*k, v.to_string())).collect();
        query.push(("per_page", PER_PAGE.to_string()));
        query.push(("page_no", page_no.to_string()));
        let mut body = self.get(path, &query).await?;
        let page: ListPage = self.http.parse(&format!("a page of {list_key}"), &body)?;
        let items = match body.get_mut(list_key).map(Value::take) {
            Some(Value::Array(items)) => items,
            Some(Value::Null) | None => Vec::new(),
            Some(_) => {
                return Err(EldProviderError::Malformed(format!(
                    "Motive sent {list_key} in an unexpected format (not a list)"
                )));
            }
        };
        let items: Vec<Value> = items
            .into_iter()
            .map(|item| match item {
                Value::Object(mut map) if map.len() == 1 && map.contains_key(item_key) => {
                    map.remove(item_key).unwrap_or_default()
                }
                other => other,
            })
            .collect();
        let next = page.pagination.and_then(|p| {
            let page_no = p.page_no.unwrap_or(page_no);
            let per_page = p.per_page.unwrap_or(PER_PAGE).max(1);
            let total = p.total?;
            (!items.is_empty() && page_no.saturating_mul(per_page) < total)
                .then(|| (page_no + 1).to_string())
        });
        Ok((items, next))
    }
}

#[derive(Deserialize)]
struct ListPage {
    pagination: Option<Pagination>,
}

#[derive(Deserialize)]
struct Pagination {
    #[serde(default, deserialize_with = "number")]
    per_page: Option<u64>,
    #[serde(default, deserialize_with = "number")]
    page_no: Option<u64>,
    #[serde(default, deserialize_with = "number")]
    total: Option<u64>,
}

/// Pagination figures as numbers or numeric strings.
fn number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum N {
        Number(u64),
        Text(String),
    }
    Ok(match Option::<N>::deserialize(d)? {
        Some(N::Number(n)) => Some(n),
        Some(N::Text(s)) => s.trim().parse().ok(),
        None => None,
    })
}

#[derive(Deserialize)]
struct User {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    first_name: Option<String>,
    last_name: Option<String>,
    username: Option<String>,
    phone: Option<String>,
    drivers_license_number: Option<String>,
    drivers_license_state: Option<String>,
    status: Option<String>,
}

#[derive(Deserialize)]
struct Vehicle {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default, deserialize_with = "wire::loose_text")]
    number: Option<String>,
    status: Option<String>,
    vin: Option<String>,
    make: Option<String>,
    model: Option<String>,
    #[serde(default, deserialize_with = "wire::year")]
    year: Option<i32>,
    license_plate_number: Option<String>,
    notes: Option<String>,
    current_driver: Option<CurrentDriver>,
}

/// A vehicle of `GET /v1/vehicle_locations`.
#[derive(Deserialize)]
struct LocatedVehicle {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    status: Option<String>,
    current_location: Option<CurrentLocation>,
}

#[derive(Deserialize)]
struct CurrentLocation {
    #[serde(default, deserialize_with = "wire::degrees")]
    lat: Option<f64>,
    #[serde(default, deserialize_with = "wire::degrees")]
    lon: Option<f64>,
    located_at: Option<String>,
    description: Option<String>,
}

impl LocatedVehicle {
    fn into_location(self) -> Option<EldVehicleLocation> {
        if !in_service(self.status.as_deref()) {
            return None;
        }
        let location = self.current_location?;
        let (lat, lon) = wire::position(location.lat, location.lon)?;
        Some(EldVehicleLocation {
            vehicle_id: self.id,
            lat,
            lon,
            at: wire::instant(location.located_at.as_deref())?,
            description: wire::text(location.description),
        })
    }
}

#[derive(Deserialize)]
struct CurrentDriver {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    first_name: Option<String>,
    last_name: Option<String>,
}

#[derive(Deserialize)]
struct Asset {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    status: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    vin: Option<String>,
    license_plate_number: Option<String>,
    notes: Option<String>,
}

/// A number of seconds, written as a number or numeric text.
fn seconds_in(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The first of `names` that `object` holds as a number of seconds, each
/// also tried with the suffixes Motive's other endpoints use.
fn seconds_named(object: Option<&Value>, names: &[&str]) -> Option<f64> {
    let object = object?;
    for name in names {
        for suffix in ["", "_time", "_remaining", "_seconds", "_time_remaining"] {
            if let Some(v) = seconds_in(object.get(format!("{name}{suffix}"))) {
                return Some(v);
            }
        }
    }
    None
}

/// A user of `GET /v1/available_time` as a driver's clocks.
fn available_time(user: &Value, read_at: DateTime<Utc>) -> Option<HosClock> {
    let id = match user.get("id")? {
        Value::Number(n) => n.to_string(),
        Value::String(s) if !s.trim().is_empty() => s.trim().to_owned(),
        _ => return None,
    };
    let status = ["duty_status", "current_duty_status", "hos_status"]
        .iter()
        .find_map(|key| match user.get(*key)? {
            Value::String(s) => Some(s.clone()),
            Value::Object(o) => o.get("status").and_then(Value::as_str).map(str::to_owned),
            _ => None,
        });
    let times = user.get("available_time").filter(|v| v.is_object());
    let minutes = |names: &[&str]| minutes_of_seconds(seconds_named(times, names));
    Some(HosClock {
        driver_id: id,
        duty_status: status.as_deref().and_then(DutyStatus::parse),
        drive_minutes: minutes(&["drive", "driving"]),
        shift_minutes: minutes(&["shift", "duty"]),
        cycle_minutes: minutes(&["cycle"]),
        break_minutes: minutes(&["break"]),
        cycle_tomorrow_minutes: minutes_of_seconds(
            seconds_named(times, &["cycle_tomorrow"])
                .or_else(|| seconds_named(Some(user), &["cycle_tomorrow"])),
        ),
        as_of: read_at,
        stale: times.is_none(),
    })
}

fn in_service(status: Option<&str>) -> bool {
    !matches!(status, Some("deactivated" | "inactive"))
}

#[async_trait::async_trait]
impl EldProvider for Motive {
    async fn verify(&self) -> Result<(), EldProviderError> {
        self.get(
            "/v1/users",
            &[
                ("role", "driver".to_owned()),
                ("per_page", "1".to_owned()),
                ("page_no", "1".to_owned()),
            ],
        )
        .await
        .map(drop)
    }

    /// Motive has no "updated since" filter: every call lists everyone.
    async fn drivers_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldDriver>, EldProviderError> {
        let (data, next) = self
            .list("/v1/users", "users", "user", &[("role", "driver")], cursor)
            .await?;
        let items = data
            .into_iter()
            .map(|raw| {
                let u: User = self.http.parse("a driver", &raw)?;
                Ok(EldDriver {
                    id: u.id,
                    first_name: wire::text(u.first_name),
                    last_name: wire::text(u.last_name),
                    username: wire::text(u.username),
                    phone: wire::text(u.phone),
                    license_number: wire::text(u.drivers_license_number),
                    license_state: wire::text(u.drivers_license_state),
                    active: u.status.as_deref().is_none_or(|s| s == "active"),
                    assigned_vehicle: None,
                    raw: raw.into(),
                })
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        Ok(Page { items, next })
    }

    async fn vehicles_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldVehicle>, EldProviderError> {
        let (data, next) = self
            .list("/v1/vehicles", "vehicles", "vehicle", &[], cursor)
            .await?;
        let mut items = Vec::with_capacity(data.len());
        for raw in data {
            let v: Vehicle = self.http.parse("a vehicle", &raw)?;
            if !in_service(v.status.as_deref()) {
                continue;
            }
            items.push(EldVehicle {
                id: v.id,
                name: wire::text(v.number),
                vin: wire::text(v.vin),
                license_plate: wire::text(v.license_plate_number),
                make: wire::text(v.make),
                model: wire::text(v.model),
                year: v.year,
                notes: wire::text(v.notes),
                assigned_driver: v.current_driver.map(|d| EldRef {
                    name: wire::join_name(d.first_name.as_deref(), d.last_name.as_deref()),
                    id: d.id,
                }),
                raw: raw.into(),
            });
        }
        Ok(Page { items, next })
    }

    async fn trailers_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailer>, EldProviderError> {
        let (data, next) = self
            .list("/v1/assets", "assets", "asset", &[], cursor)
            .await?;
        let mut items = Vec::with_capacity(data.len());
        for raw in data {
            let a: Asset = self.http.parse("an asset", &raw)?;
            if !in_service(a.status.as_deref()) {
                continue;
            }
            items.push(EldTrailer {
                id: a.id,
                name: wire::text(a.name),
                vin: wire::text(a.vin),
                license_plate: wire::text(a.license_plate_number),
                trailer_type: wire::text(a.kind),
                notes: wire::text(a.notes),
                raw: raw.into(),
            });
        }
        Ok(Page { items, next })
    }

    async fn vehicle_locations_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldVehicleLocation>, EldProviderError> {
        let (data, next) = self
            .list("/v1/vehicle_locations", "vehicles", "vehicle", &[], cursor)
            .await?;
        let mut items = Vec::with_capacity(data.len());
        for raw in data {
            let v: LocatedVehicle = self.http.parse("a vehicle location", &raw)?;
            items.extend(v.into_location());
        }
        Ok(Page { items, next })
    }

    async fn hos_clocks_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<HosClock>, EldProviderError> {
        let read_at = Utc::now();
        let (data, next) = self
            .list("/v1/available_time", "users", "user", &[], cursor)
            .await?;
        let mut items = Vec::with_capacity(data.len());
        for raw in data {
            items.push(available_time(&raw, read_at).ok_or_else(|| {
                EldProviderError::Malformed(
                    "Motive sent a driver's available time without a driver id".to_owned(),
                )
            })?);
        }
        Ok(Page { items, next })
    }

    async fn trailer_assignments_page(
        &self,
        _cursor: Option<String>,
    ) -> Result<Page<EldTrailerAssignment>, EldProviderError> {
        Ok(Page {
            items: Vec::new(),
            next: None,
        })
    }
}
