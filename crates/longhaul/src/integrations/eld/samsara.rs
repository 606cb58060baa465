//! Samsara's REST API (`Authorization: Bearer <token>`), in the shapes of the
//! bodies kept in `tests/fixtures/samsara/` (Samsara's own API definition).
//!
//! - Drivers: `GET /fleet/drivers`, first every `driverActivationStatus=active`
//!   page, then every `deactivated` page, so a sync sees who was deactivated
//!   upstream. The cursor says which phase: `active:<endCursor>` or
//!   `deactivated:<endCursor>` (empty = the phase's first page).
//! - Vehicles `GET /fleet/vehicles`, trailers `GET /fleet/trailers`: the cursor
//!   is Samsara's `endCursor`.
//! - Trailer assignments: `GET /v1/fleet/trailers/assignments` (legacy API),
//!   the one endpoint that lists every trailer's assignments; without
//!   `startMs`/`endMs` it returns the current ones. The newer
//!   `GET /driver-trailer-assignments` needs a `driverIds` filter, so it
//!   cannot list a whole fleet in pages.
//! - Vehicle locations: `GET /fleet/vehicles/locations`, each vehicle's last
//!   known `location { time, latitude, longitude, heading, speed,
//!   reverseGeo { formattedLocation } }` (Samsara's api-docs, response schema
//!   of getVehicleLocations). The endpoint documents only `after`, `tagIds`
//!   and `vehicleIds`, so no `limit` is sent. A vehicle without a location, or
//!   whose location lacks a time or a usable fix, is left out.
//! - Hours-of-service clocks: `GET /fleet/hos/clocks` (cursor pages, `limit`
//!   512, inactive drivers included): per driver `driver { id, name }`,
//!   `currentDutyStatus.hosStatusType` (empty or missing when the driver's
//!   app is disconnected: the clocks are then stale), and `clocks { break {
//!   timeUntilBreakDurationMs }, drive { driveRemainingDurationMs }, shift {
//!   shiftRemainingDurationMs }, cycle { cycleRemainingDurationMs,
//!   cycleStartedAtTime, cycleTomorrowDurationMs } }` in milliseconds. The
//!   clocks carry no time of their own: they are as of the read.

use super::hos::{DutyStatus, HosClock, minutes_of_ms};
use super::http::{ProviderHttp, bad_cursor, wire};
use super::{
    EldDriver, EldEndpoints, EldProvider, EldProviderError, EldRef, EldTrailer,
    EldTrailerAssignment, EldVehicle, EldVehicleLocation, Page, RawRecord,
};
use crate::config::Secret;
use chrono::{DateTime, SecondsFormat, Utc};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// Samsara's maximum page size.
const LIMIT: &str = "512";

pub struct Samsara {
    http: ProviderHttp,
    base_url: String,
    token: Secret,
}

impl Samsara {
    /// `base_url`: `https://api.samsara.com` (EU: `https://api.eu.samsara.com`).
    pub fn new(base_url: &str, token: &str, endpoints: &EldEndpoints) -> Self {
        Self {
            http: ProviderHttp::new("Samsara", "API token", endpoints, vec![token.to_owned()]),
            base_url: base_url.trim_end_matches('/').to_owned(),
            token: Secret::new(token),
        }
    }

    async fn get(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<bytes::Bytes, EldProviderError> {
        let url = format!("{}{path}", self.base_url);
        self.http
            .body(|client| {
                client
                    .get(&url)
                    .bearer_auth(self.token.expose())
                    .query(query)
            })
            .await
    }

    /// One page of `{ data: [...], pagination: { endCursor, hasNextPage } }`,
    /// each record read into `T` and kept as its own JSON text.
    async fn list<T: DeserializeOwned>(
        &self,
        path: &str,
        what: &str,
        record: &str,
        query: &[(&str, String)],
    ) -> Result<(Vec<(T, RawRecord)>, Option<String>), EldProviderError> {
        let body = self.get(path, query).await?;
        let page: ListPage = self.http.parse_bytes(&format!("a page of {what}"), &body)?;
        let items = page
            .data
            .into_iter()
            .map(|raw| {
                let item: T = self.http.parse_bytes(record, raw.get().as_bytes())?;
                Ok((item, RawRecord::from(raw.to_owned())))
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        Ok((items, page.pagination.and_then(Pagination::next)))
    }
}

#[derive(Deserialize)]
struct ListPage<'a> {
    #[serde(borrow)]
    data: Vec<&'a RawValue>,
    pagination: Option<Pagination>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pagination {
    #[serde(default)]
    end_cursor: Option<String>,
    #[serde(default)]
    has_next_page: bool,
}

impl Pagination {
    /// The next page's `after`; the last page may carry `endCursor: ""`.
    fn next(self) -> Option<String> {
        self.end_cursor
            .filter(|cursor| self.has_next_page && !cursor.is_empty())
    }
}

#[derive(Deserialize)]
struct Ref {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
}

impl From<Ref> for EldRef {
    fn from(r: Ref) -> Self {
        EldRef {
            id: r.id,
            name: wire::text(r.name),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    username: Option<String>,
    phone: Option<String>,
    license_number: Option<String>,
    license_state: Option<String>,
    driver_activation_status: Option<String>,
    is_deactivated: Option<bool>,
    static_assigned_vehicle: Option<Ref>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vehicle {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    vin: Option<String>,
    license_plate: Option<String>,
    make: Option<String>,
    model: Option<String>,
    #[serde(default, deserialize_with = "wire::year")]
    year: Option<i32>,
    notes: Option<String>,
    static_assigned_driver: Option<Ref>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Trailer {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    license_plate: Option<String>,
    trailer_serial_number: Option<String>,
    notes: Option<String>,
}

/// An entry of `GET /fleet/vehicles/locations`.
#[derive(Deserialize)]
struct VehicleLocation {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    location: Option<Location>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    time: Option<String>,
    #[serde(default, deserialize_with = "wire::degrees")]
    latitude: Option<f64>,
    #[serde(default, deserialize_with = "wire::degrees")]
    longitude: Option<f64>,
    reverse_geo: Option<ReverseGeo>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReverseGeo {
    formatted_location: Option<String>,
}

impl VehicleLocation {
    /// The position, when the vehicle has a usable one.
    fn into_location(self) -> Option<EldVehicleLocation> {
        let location = self.location?;
        let (lat, lon) = wire::position(location.latitude, location.longitude)?;
        Some(EldVehicleLocation {
            vehicle_id: self.id,
            lat,
            lon,
            at: wire::instant(location.time.as_deref())?,
            description: wire::text(location.reverse_geo.and_then(|g| g.formatted_location)),
        })
    }
}

/// An entry of `GET /fleet/hos/clocks`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Clocks {
    driver: Ref,
    current_duty_status: Option<CurrentDutyStatus>,
    #[serde(default)]
    clocks: ClockSet,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CurrentDutyStatus {
    hos_status_type: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ClockSet {
    #[serde(rename = "break")]
    brk: Option<BreakClock>,
    drive: Option<DriveClock>,
    shift: Option<ShiftClock>,
    cycle: Option<CycleClock>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BreakClock {
    time_until_break_duration_ms: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DriveClock {
    drive_remaining_duration_ms: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShiftClock {
    shift_remaining_duration_ms: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CycleClock {
    cycle_remaining_duration_ms: Option<f64>,
    cycle_tomorrow_duration_ms: Option<f64>,
}

impl Clocks {
    fn into_clock(self, read_at: DateTime<Utc>) -> HosClock {
        let status = self
            .current_duty_status
            .and_then(|s| s.hos_status_type)
            .filter(|s| !s.trim().is_empty());
        let c = self.clocks;
        HosClock {
            driver_id: self.driver.id,
            duty_status: status.as_deref().and_then(DutyStatus::parse),
            drive_minutes: minutes_of_ms(c.drive.and_then(|d| d.drive_remaining_duration_ms)),
            shift_minutes: minutes_of_ms(c.shift.and_then(|d| d.shift_remaining_duration_ms)),
            cycle_minutes: minutes_of_ms(
                c.cycle.as_ref().and_then(|d| d.cycle_remaining_duration_ms),
            ),
            break_minutes: minutes_of_ms(c.brk.and_then(|d| d.time_until_break_duration_ms)),
            cycle_tomorrow_minutes: minutes_of_ms(
                c.cycle.and_then(|d| d.cycle_tomorrow_duration_ms),
            ),
            as_of: read_at,
            // Samsara's word for a disconnected app: no duty status at all.
            stale: status.is_none(),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct V1AssignmentsPage {
    #[serde(default)]
    trailers: Vec<V1Trailer>,
    pagination: Option<Pagination>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct V1Trailer {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    trailer_assignments: Vec<V1Assignment>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct V1Assignment {
    #[serde(deserialize_with = "wire::id")]
    driver_id: String,
    start_ms: Option<i64>,
    end_ms: Option<i64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Active,
    Deactivated,
}

impl Phase {
    fn as_str(self) -> &'static str {
        match self {
            Phase::Active => "active",
            Phase::Deactivated => "deactivated",
        }
    }
}

fn driver_cursor(cursor: Option<&str>) -> Option<(Phase, Option<String>)> {
    let Some(cursor) = cursor else {
        return Some((Phase::Active, None));
    };
    let (phase, after) = cursor.split_once(':')?;
    let phase = match phase {
        "active" => Phase::Active,
        "deactivated" => Phase::Deactivated,
        _ => return None,
    };
    Some((phase, (!after.is_empty()).then(|| after.to_owned())))
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A trailer serial number that has the shape of a VIN (17 characters, no
/// I, O or Q) is the trailer's VIN; fleets usually enter it there.
fn vin_shaped(serial: &str) -> bool {
    serial.len() == 17
        && serial.chars().all(|c| {
            c.is_ascii_alphanumeric() && !matches!(c.to_ascii_uppercase(), 'I' | 'O' | 'Q')
        })
}

#[async_trait::async_trait]
impl EldProvider for Samsara {
    fn supports_updated_after(&self) -> bool {
        true
    }

    async fn verify(&self) -> Result<(), EldProviderError> {
        let body = self
            .get("/fleet/drivers", &[("limit", "1".to_owned())])
            .await?;
        self.http
            .parse_bytes::<serde::de::IgnoredAny>("a response", &body)
            .map(drop)
    }

    async fn drivers_page(
        &self,
        cursor: Option<String>,
        updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldDriver>, EldProviderError> {
        let (phase, after) =
            driver_cursor(cursor.as_deref()).ok_or_else(|| bad_cursor("Samsara"))?;
        let mut query = vec![
            ("limit", LIMIT.to_owned()),
            ("driverActivationStatus", phase.as_str().to_owned()),
        ];
        if let Some(after) = after {
            query.push(("after", after));
        }
        if let Some(at) = updated_after {
            query.push(("updatedAfterTime", rfc3339(at)));
        }
        let (data, next) = self
            .list::<Driver>("/fleet/drivers", "drivers", "a driver", &query)
            .await?;
        let items = data
            .into_iter()
            .map(|(d, raw)| {
                let (first_name, last_name) = wire::split_name(d.name.as_deref());
                let active = match (d.driver_activation_status.as_deref(), d.is_deactivated) {
                    (Some(status), _) => status == "active",
                    (None, Some(deactivated)) => !deactivated,
                    (None, None) => phase == Phase::Active,
                };
                Ok(EldDriver {
                    id: d.id,
                    first_name,
                    last_name,
                    username: wire::text(d.username),
                    phone: wire::text(d.phone),
                    license_number: wire::text(d.license_number),
                    license_state: wire::text(d.license_state),
                    active,
                    assigned_vehicle: d.static_assigned_vehicle.map(EldRef::from),
                    raw,
                })
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        let next = match (next, phase) {
            (Some(after), phase) => Some(format!("{}:{after}", phase.as_str())),
            (None, Phase::Active) => Some("deactivated:".to_owned()),
            (None, Phase::Deactivated) => None,
        };
        Ok(Page { items, next })
    }

    async fn vehicles_page(
        &self,
        cursor: Option<String>,
        updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldVehicle>, EldProviderError> {
        let mut query = vec![("limit", LIMIT.to_owned())];
        if let Some(after) = cursor {
            query.push(("after", after));
        }
        if let Some(at) = updated_after {
            query.push(("updatedAfterTime", rfc3339(at)));
        }
        let (data, next) = self
            .list::<Vehicle>("/fleet/vehicles", "vehicles", "a vehicle", &query)
            .await?;
        let items = data
            .into_iter()
            .map(|(v, raw)| {
                Ok(EldVehicle {
                    id: v.id,
                    name: wire::text(v.name),
                    vin: wire::text(v.vin),
                    license_plate: wire::text(v.license_plate),
                    make: wire::text(v.make),
                    model: wire::text(v.model),
                    year: v.year,
                    notes: wire::text(v.notes),
                    assigned_driver: v.static_assigned_driver.map(EldRef::from),
                    raw,
                })
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        Ok(Page { items, next })
    }

    async fn trailers_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailer>, EldProviderError> {
        let mut query = vec![("limit", LIMIT.to_owned())];
        if let Some(after) = cursor {
            query.push(("after", after));
        }
        let (data, next) = self
            .list::<Trailer>("/fleet/trailers", "trailers", "a trailer", &query)
            .await?;
        let items = data
            .into_iter()
            .map(|(t, raw)| {
                let serial = wire::text(t.trailer_serial_number);
                Ok(EldTrailer {
                    id: t.id,
                    name: wire::text(t.name),
                    vin: serial.filter(|s| vin_shaped(s)),
                    license_plate: wire::text(t.license_plate),
                    trailer_type: None,
                    notes: wire::text(t.notes),
                    raw,
                })
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        Ok(Page { items, next })
    }

    async fn vehicle_locations_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldVehicleLocation>, EldProviderError> {
        let query: Vec<(&str, String)> = cursor.map(|after| ("after", after)).into_iter().collect();
        let (data, next) = self
            .list::<VehicleLocation>(
                "/fleet/vehicles/locations",
                "vehicle locations",
                "a vehicle location",
                &query,
            )
            .await?;
        let items = data
            .into_iter()
            .filter_map(|(v, _raw)| v.into_location())
            .collect();
        Ok(Page { items, next })
    }

    async fn hos_clocks_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<HosClock>, EldProviderError> {
        let mut query = vec![("limit", LIMIT.to_owned())];
        if let Some(after) = cursor {
            query.push(("after", after));
        }
        let read_at = Utc::now();
        let (data, next) = self
            .list::<Clocks>(
                "/fleet/hos/clocks",
                "hours-of-service clocks",
                "a driver's clocks",
                &query,
            )
            .await?;
        let items = data
            .into_iter()
            .map(|(c, _raw)| c.into_clock(read_at))
            .collect();
        Ok(Page { items, next })
    }

    async fn trailer_assignments_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailerAssignment>, EldProviderError> {
        let mut query = vec![("limit", LIMIT.to_owned())];
        if let Some(after) = cursor {
            query.push(("startingAfter", after));
        }
        let body = self.get("/v1/fleet/trailers/assignments", &query).await?;
        let page: V1AssignmentsPage = self.http.parse_bytes("trailer assignments", &body)?;
        let items = page
            .trailers
            .into_iter()
            .filter_map(|trailer| {
                // The current assignment has no end; the latest start wins
                // should Samsara ever list two.
                let current = trailer
                    .trailer_assignments
                    .into_iter()
                    .filter(|a| a.end_ms.is_none())
                    .max_by_key(|a| a.start_ms)?;
                Some(EldTrailerAssignment {
                    trailer_id: trailer.id,
                    driver: EldRef {
                        id: current.driver_id,
                        name: None,
                    },
                    since: current.start_ms.and_then(DateTime::from_timestamp_millis),
                })
            })
            .collect();
        Ok(Page {
            items,
            next: page.pagination.and_then(Pagination::next),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_cursors_carry_the_phase() {
        assert!(matches!(driver_cursor(None), Some((Phase::Active, None))));
        assert!(matches!(
            driver_cursor(Some("active:MjkY")),
            Some((Phase::Active, Some(c))) if c == "MjkY"
        ));
        assert!(matches!(
            driver_cursor(Some("deactivated:")),
            Some((Phase::Deactivated, None))
        ));
        // Only the first ':' separates the phase.
        assert!(matches!(
            driver_cursor(Some("deactivated:a:b")),
            Some((Phase::Deactivated, Some(c))) if c == "a:b"
        ));
        assert!(driver_cursor(Some("MjkY")).is_none());
        assert!(driver_cursor(Some("other:MjkY")).is_none());
    }

    #[test]
    fn only_vin_shaped_serials_are_vins() {
        assert!(vin_shaped("8V8WD530FLN016251"));
        assert!(!vin_shaped("GFRV-43N-VGX"));
        assert!(!vin_shaped("8V8WD530FLN01625O"));
    }
}
