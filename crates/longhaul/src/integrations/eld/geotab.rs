//! MyGeotab's JSON-RPC API: `POST {scheme}://{server}/apiv1` with
//! `{ method, params }` as JSON.
//!
//! `Authenticate` (database, user name, password) returns a session
//! (`credentials`) and a `path`: when it is not `"ThisServer"`, the database
//! lives on that server and every later call goes to `{scheme}://{path}/apiv1`.
//! The session is kept and reused (Geotab allows 10 `Authenticate` calls a
//! minute); when Geotab answers `InvalidUserException` (the session expired)
//! the adapter authenticates once more, against the configured server, and
//! repeats the call.
//!
//! Errors come as `{ error: { name, message, errors: [ { name, message } ] } }`,
//! usually with HTTP 200; the exception's name may be `error.name` or, when
//! that is `"JSONRPCError"`, `error.errors[].name` / `error.data.type`. Both
//! are read. `OverLimitException` is retried like a 429.
//!
//! Paging: `Get` has no cursor, only `resultsLimit`. Each list is one page of
//! at most [`RESULTS_LIMIT`] records (asked for one more to notice a larger
//! fleet, which fails the call instead of syncing part of it: a partial list
//! would make the sync deactivate the rest). Devices and trailers whose
//! `activeTo` has passed are archived in Geotab and left out; drivers keep
//! them, with `active: false`. Geotab's trailers are attached to devices, not
//! drivers, so the trailer assignment list is empty.
//!
//! Vehicle locations are `Get` of `DeviceStatusInfo` (one record per device:
//! `device { id }`, `latitude`, `longitude`, `dateTime`, `bearing`, `speed`,
//! ...), one page like the other lists. Geotab gives no place name; a device
//! without a time or a usable fix (0,0 before its first one) is left out.
//!
//! Hours-of-service clocks are `Get` of `DutyStatusAvailability`, which
//! Geotab answers for one driver at a time (`search: { userSearch: { id }
//! }`): the adapter lists the active drivers, then asks for their
//! availabilities in `ExecuteMultiCall` batches of [`HOS_BATCH`], as one
//! page. Each record has `driver { id }` and the time left as .NET
//! `TimeSpan` text: `driving` (drive), `duty` (the 14-hour window; `workday`
//! when `duty` is missing), `cycle`, `drivingBreakDuration` (until the
//! 30-minute break), `rest` and `recap`. A driver Geotab sends no figures
//! for is stale; the figures are as of the read.

use super::hos::{HosClock, timespan_minutes};
use super::http::{ProviderHttp, Verdict, bad_cursor, clip_message, wire};
use super::{
    EldDriver, EldEndpoints, EldProvider, EldProviderError, EldTrailer, EldTrailerAssignment,
    EldVehicle, EldVehicleLocation, Page,
};
use crate::config::Secret;
use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// The most records one list reads.
pub const RESULTS_LIMIT: usize = 5000;
pub const DEFAULT_SERVER: &str = "my.geotab.com";
/// The answer for a server that is not a Geotab host name.
pub const SERVER_REFUSED: &str =
    "Enter a Geotab server name such as my.geotab.com (a geotab.com host, without a port).";

/// Drivers whose availability one `ExecuteMultiCall` asks for.
pub const HOS_BATCH: usize = 100;

const INVALID_USER: &str = "InvalidUserException";
const DB_UNAVAILABLE: &str = "DbUnavailableException";
const OVER_LIMIT: &str = "OverLimitException";

pub struct Geotab {
    http: ProviderHttp,
    scheme: String,
    server: String,
    /// [`server_allowed`]'s list: a `path` Geotab answers with must pass it too.
    allowed: Vec<String>,
    database: String,
    user_name: String,
    password: Secret,
    results_limit: usize,
    session: Mutex<Option<Session>>,
}

#[derive(Clone)]
struct Session {
    /// Where calls go: the configured server or the one `path` named.
    url: String,
    /// `{ database, sessionId, userName }` as Geotab sent it.
    credentials: Value,
}

/// A JSON-RPC error: every exception name found, and the message.
struct RpcError {
    names: Vec<String>,
    message: String,
}

impl RpcError {
    fn is(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    /// The most specific name: the exception rather than "JSONRPCError".
    fn name(&self) -> &str {
        self.names
            .iter()
            .rev()
            .find(|n| n.as_str() != "JSONRPCError")
            .or(self.names.first())
            .map_or("an error", String::as_str)
    }
}

/// Every exception name in an error body, outermost first.
fn error_names(body: &Value) -> Vec<String> {
    let Some(error) = body.get("error").filter(|e| e.is_object()) else {
        return Vec::new();
    };
    let mut names: Vec<String> = Vec::new();
    let mut add = |name: Option<&str>| {
        if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty())
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_owned());
        }
    };
    add(error.get("name").and_then(Value::as_str));
    add(error.pointer("/data/type").and_then(Value::as_str));
    for inner in error
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        add(inner.get("name").and_then(Value::as_str));
    }
    if names.is_empty() {
        names.push("JSONRPCError".to_owned());
    }
    names
}

/// Geotab's errors come with 200: hand them to the adapter, except the rate
/// limit, which is retried. A 5xx without a known exception is retried too.
fn inspect(status: StatusCode, body: &Value) -> Verdict {
    let names = error_names(body);
    if names.iter().any(|n| n == OVER_LIMIT) {
        Verdict::RateLimited
    } else if !names.is_empty()
        && (status.is_success()
            || names
                .iter()
                .any(|n| n == INVALID_USER || n == DB_UNAVAILABLE))
    {
        Verdict::Accept
    } else {
        Verdict::ByStatus
    }
}

/// "https://my3.geotab.com/apiv1/" → "my3.geotab.com".
fn host_of(server: &str) -> String {
    let server = server.trim();
    let server = server
        .strip_prefix("https://")
        .or_else(|| server.strip_prefix("http://"))
        .unwrap_or(server);
    let server = server.trim_end_matches('/');
    let server = server.strip_suffix("/apiv1").unwrap_or(server);
    server.trim_end_matches('/').to_owned()
}

/// Whether calls may go to `server` (a host, or a URL as [`host_of`] reads
/// it): a host name that is `geotab.com` or under it — no IP address, no
/// port, no user info — or exactly an `allowed` entry that names a port
/// (tests). Geotab's servers are `my.geotab.com` and `myN.geotab.com`.
pub fn server_allowed(server: &str, allowed: &[String]) -> bool {
    let host = host_of(server).to_ascii_lowercase();
    if host.is_empty()
        || host.contains(['@', '/', '\\', '?', '#', '%'])
        || host.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return false;
    }
    allowed.iter().any(|entry| {
        let entry = entry.trim().to_ascii_lowercase();
        if entry.contains(':') {
            return host == entry;
        }
        let dns_name = !host.contains(':')
            && host.parse::<std::net::IpAddr>().is_err()
            && host.split('.').all(|label| {
                !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
            && !host
                .rsplit('.')
                .next()
                .is_some_and(|tld| tld.chars().all(|c| c.is_ascii_digit()));
        dns_name && (host == entry || host.ends_with(&format!(".{entry}")))
    })
}

fn still_active(active_to: Option<&str>, now: DateTime<Utc>) -> bool {
    match active_to.map(DateTime::parse_from_rfc3339) {
        Some(Ok(to)) => to > now,
        // Absent, or a date Geotab wrote some other way: not known to be over.
        _ => true,
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AuthResult {
    credentials: Value,
    path: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct User {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    phone_number: Option<String>,
    license_number: Option<String>,
    license_province: Option<String>,
    active_to: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Device {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    vehicle_identification_number: Option<String>,
    license_plate: Option<String>,
    comment: Option<String>,
    active_to: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Trailer {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    name: Option<String>,
    comment: Option<String>,
    active_to: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeviceStatusInfo {
    device: DeviceRef,
    #[serde(default, deserialize_with = "wire::degrees")]
    latitude: Option<f64>,
    #[serde(default, deserialize_with = "wire::degrees")]
    longitude: Option<f64>,
    date_time: Option<String>,
}

#[derive(Deserialize)]
struct DeviceRef {
    #[serde(deserialize_with = "wire::id")]
    id: String,
}

impl DeviceStatusInfo {
    fn into_location(self) -> Option<EldVehicleLocation> {
        let (lat, lon) = wire::position(self.latitude, self.longitude)?;
        Some(EldVehicleLocation {
            vehicle_id: self.device.id,
            lat,
            lon,
            at: wire::instant(self.date_time.as_deref())?,
            description: None,
        })
    }
}

/// A `DutyStatusAvailability` record.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Availability {
    driver: Option<DeviceRef>,
    driving: Option<String>,
    duty: Option<String>,
    workday: Option<String>,
    cycle: Option<String>,
    driving_break_duration: Option<String>,
}

impl Availability {
    fn into_clock(self, driver_id: &str, read_at: DateTime<Utc>) -> HosClock {
        let span = |t: Option<&String>| t.and_then(|t| timespan_minutes(t));
        let clock = HosClock {
            driver_id: self.driver.map_or_else(|| driver_id.to_owned(), |d| d.id),
            duty_status: None,
            drive_minutes: span(self.driving.as_ref()),
            shift_minutes: span(self.duty.as_ref()).or_else(|| span(self.workday.as_ref())),
            cycle_minutes: span(self.cycle.as_ref()),
            break_minutes: span(self.driving_break_duration.as_ref()),
            cycle_tomorrow_minutes: None,
            as_of: read_at,
            stale: false,
        };
        let none = clock.drive_minutes.is_none()
            && clock.shift_minutes.is_none()
            && clock.cycle_minutes.is_none();
        HosClock {
            stale: none,
            ..clock
        }
    }
}

impl Geotab {
    /// `server`: `my.geotab.com` unless the fleet's database lives elsewhere
    /// (a URL is accepted too); `endpoints.geotab_scheme` is `https` outside tests.
    pub fn new(
        server: &str,
        database: &str,
        user_name: &str,
        password: &str,
        endpoints: &EldEndpoints,
    ) -> Self {
        let server = host_of(server);
        Self {
            http: ProviderHttp::new(
                "Geotab",
                "user name or password",
                endpoints,
                vec![password.to_owned()],
            )
            .with_neutral_transport_errors(),
            allowed: endpoints.geotab_hosts.clone(),
            scheme: endpoints.geotab_scheme.clone(),
            server: if server.is_empty() {
                DEFAULT_SERVER.to_owned()
            } else {
                server
            },
            database: database.trim().to_owned(),
            user_name: user_name.trim().to_owned(),
            password: Secret::new(password),
            results_limit: RESULTS_LIMIT,
            session: Mutex::new(None),
        }
    }

    /// Reads at most `limit` records per list (tests use a small one).
    pub fn with_results_limit(mut self, limit: usize) -> Self {
        self.results_limit = limit.max(1);
        self
    }

    fn url_of(&self, host: &str) -> String {
        format!("{}://{}/apiv1", self.scheme, host_of(host))
    }

    /// One JSON-RPC call: its `result`, or the error Geotab reported.
    async fn rpc(
        &self,
        url: &str,
        body: &Value,
    ) -> Result<Result<Value, RpcError>, EldProviderError> {
        let mut answer = self
            .http
            .json_inspected(|client| client.post(url).json(body), inspect)
            .await?;
        let names = error_names(&answer);
        if !names.is_empty() {
            let message = answer
                .pointer("/error/message")
                .or_else(|| answer.pointer("/error/errors/0/message"))
                .and_then(Value::as_str)
                .map(|m| self.http.redact(&clip_message(m)))
                .unwrap_or_default();
            return Ok(Err(RpcError { names, message }));
        }
        match answer.get_mut("result").map(Value::take) {
            Some(result) => Ok(Ok(result)),
            None => Err(EldProviderError::Malformed(
                "Geotab sent an answer with neither a result nor an error".to_owned(),
            )),
        }
    }

    fn unauthorized(&self, err: &RpcError) -> EldProviderError {
        if err.is(DB_UNAVAILABLE) {
            EldProviderError::Unauthorized(format!(
                "Geotab has no database \"{}\" on {}: check the database name and the server ({})",
                self.database, self.server, err.message
            ))
        } else {
            EldProviderError::Unauthorized(format!(
                "Geotab refused the user name or password for database \"{}\" ({})",
                self.database, err.message
            ))
        }
    }

    fn failed(&self, err: &RpcError) -> EldProviderError {
        if err.is(INVALID_USER) || err.is(DB_UNAVAILABLE) {
            self.unauthorized(err)
        } else {
            EldProviderError::Unavailable(format!(
                "Geotab reported {}: {}",
                err.name(),
                err.message
            ))
        }
    }

    async fn authenticate(&self) -> Result<Session, EldProviderError> {
        let url = self.url_of(&self.server);
        let body = json!({
            "method": "Authenticate",
            "params": {
                "database": self.database,
                "userName": self.user_name,
                "password": self.password.expose(),
            }
        });
        let result = self.rpc(&url, &body).await?.map_err(|e| self.failed(&e))?;
        let auth: AuthResult = self.http.parse("a sign-in answer", &result)?;
        if !auth.credentials.is_object() {
            return Err(EldProviderError::Malformed(
                "Geotab sent a sign-in answer without a session".to_owned(),
            ));
        }
        let url = match auth.path.as_deref().map(str::trim) {
            None | Some("" | "ThisServer") => url,
            Some(path) if server_allowed(path, &self.allowed) => self.url_of(path),
            Some(_) => {
                return Err(EldProviderError::Unavailable(
                    "Geotab named a server for this database that is not a Geotab server."
                        .to_owned(),
                ));
            }
        };
        Ok(Session {
            url,
            credentials: auth.credentials,
        })
    }

    /// The kept session, or a new one.
    async fn session(&self) -> Result<Session, EldProviderError> {
        let mut kept = self.session.lock().await;
        if let Some(session) = kept.as_ref() {
            return Ok(session.clone());
        }
        let session = self.authenticate().await?;
        *kept = Some(session.clone());
        Ok(session)
    }

    /// Drops the session Geotab refused, unless another call already replaced it.
    async fn forget(&self, stale: &Session) {
        let mut kept = self.session.lock().await;
        if kept
            .as_ref()
            .is_some_and(|s| s.credentials == stale.credentials)
        {
            *kept = None;
        }
    }

    /// A call with the session; an expired session is renewed once.
    async fn call(&self, method: &str, params: Value) -> Result<Value, EldProviderError> {
        let mut renewed = false;
        loop {
            let session = self.session().await?;
            let mut params = params.clone();
            params["credentials"] = session.credentials.clone();
            let body = json!({ "method": method, "params": params });
            match self.rpc(&session.url, &body).await? {
                Ok(result) => return Ok(result),
                Err(err) if err.is(INVALID_USER) && !renewed => {
                    tracing::info!("Geotab session expired; signing in again");
                    self.forget(&session).await;
                    renewed = true;
                }
                Err(err) if err.is(INVALID_USER) => {
                    return Err(EldProviderError::Unauthorized(format!(
                        "Geotab refused a fresh session for database \"{}\" ({})",
                        self.database, err.message
                    )));
                }
                Err(err) => return Err(self.failed(&err)),
            }
        }
    }

    /// Every record of a type, as one page (see the module's note on paging).
    async fn get_all(
        &self,
        type_name: &str,
        what: &str,
        search: Option<Value>,
        cursor: Option<String>,
    ) -> Result<Vec<Value>, EldProviderError> {
        if cursor.is_some() {
            return Err(bad_cursor("Geotab"));
        }
        let mut params = json!({ "typeName": type_name, "resultsLimit": self.results_limit + 1 });
        if let Some(search) = search {
            params["search"] = search;
        }
        let result = self.call("Get", params).await?;
        let records: Vec<Value> = self.http.parse(&format!("a list of {what}"), &result)?;
        if records.len() > self.results_limit {
            return Err(EldProviderError::Unavailable(format!(
                "Geotab holds more than {} {what}; Longhaul reads at most {} in one sync.",
                self.results_limit, self.results_limit
            )));
        }
        Ok(records)
    }
}

#[async_trait::async_trait]
impl EldProvider for Geotab {
    /// A fresh sign-in (whatever session was kept) and one small read.
    async fn verify(&self) -> Result<(), EldProviderError> {
        *self.session.lock().await = None;
        self.call(
            "Get",
            json!({ "typeName": "User", "search": { "isDriver": true }, "resultsLimit": 1 }),
        )
        .await
        .map(drop)
    }

    /// Geotab has no "updated since" filter on `Get`: every call lists all drivers.
    async fn drivers_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldDriver>, EldProviderError> {
        let records = self
            .get_all("User", "drivers", Some(json!({ "isDriver": true })), cursor)
            .await?;
        let now = Utc::now();
        let items = records
            .into_iter()
            .map(|raw| {
                let u: User = self.http.parse("a driver", &raw)?;
                Ok(EldDriver {
                    id: u.id,
                    first_name: wire::text(u.first_name),
                    last_name: wire::text(u.last_name),
                    username: wire::text(u.name),
                    phone: wire::text(u.phone_number),
                    license_number: wire::text(u.license_number),
                    license_state: wire::text(u.license_province),
                    active: still_active(u.active_to.as_deref(), now),
                    assigned_vehicle: None,
                    raw: raw.into(),
                })
            })
            .collect::<Result<Vec<_>, EldProviderError>>()?;
        Ok(Page { items, next: None })
    }

    async fn vehicles_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldVehicle>, EldProviderError> {
        let records = self.get_all("Device", "vehicles", None, cursor).await?;
        let now = Utc::now();
        let mut items = Vec::with_capacity(records.len());
        for raw in records {
            let d: Device = self.http.parse("a vehicle", &raw)?;
            if !still_active(d.active_to.as_deref(), now) {
                continue;
            }
            items.push(EldVehicle {
                id: d.id,
                name: wire::text(d.name),
                vin: wire::text(d.vehicle_identification_number),
                license_plate: wire::text(d.license_plate),
                make: None,
                model: None,
                year: None,
                notes: wire::text(d.comment),
                assigned_driver: None,
                raw: raw.into(),
            });
        }
        Ok(Page { items, next: None })
    }

    async fn trailers_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailer>, EldProviderError> {
        let records = self.get_all("Trailer", "trailers", None, cursor).await?;
        let now = Utc::now();
        let mut items = Vec::with_capacity(records.len());
        for raw in records {
            let t: Trailer = self.http.parse("a trailer", &raw)?;
            if !still_active(t.active_to.as_deref(), now) {
                continue;
            }
            items.push(EldTrailer {
                id: t.id,
                name: wire::text(t.name),
                vin: None,
                license_plate: None,
                trailer_type: None,
                notes: wire::text(t.comment),
                raw: raw.into(),
            });
        }
        Ok(Page { items, next: None })
    }

    async fn vehicle_locations_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldVehicleLocation>, EldProviderError> {
        let records = self
            .get_all("DeviceStatusInfo", "vehicle locations", None, cursor)
            .await?;
        let mut items = Vec::with_capacity(records.len());
        for raw in records {
            let status: DeviceStatusInfo = self.http.parse("a vehicle location", &raw)?;
            items.extend(status.into_location());
        }
        Ok(Page { items, next: None })
    }

    async fn hos_clocks_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<HosClock>, EldProviderError> {
        let drivers = self
            .get_all("User", "drivers", Some(json!({ "isDriver": true })), cursor)
            .await?;
        let now = Utc::now();
        let mut ids = Vec::with_capacity(drivers.len());
        for raw in drivers {
            let u: User = self.http.parse("a driver", &raw)?;
            if still_active(u.active_to.as_deref(), now) {
                ids.push(u.id);
            }
        }
        let mut items = Vec::with_capacity(ids.len());
        for batch in ids.chunks(HOS_BATCH) {
            let calls: Vec<Value> = batch
                .iter()
                .map(|id| {
                    json!({
                        "method": "Get",
                        "params": {
                            "typeName": "DutyStatusAvailability",
                            "search": { "userSearch": { "id": id } },
                        }
                    })
                })
                .collect();
            let read_at = Utc::now();
            let result = self
                .call("ExecuteMultiCall", json!({ "calls": calls }))
                .await?;
            let answers: Vec<Value> = self
                .http
                .parse("a batch of duty status availabilities", &result)?;
            if answers.len() != batch.len() {
                return Err(EldProviderError::Malformed(format!(
                    "Geotab answered {} of {} duty status availability calls",
                    answers.len(),
                    batch.len()
                )));
            }
            for (id, answer) in batch.iter().zip(answers) {
                // Each answer is Get's list; an empty one is a driver without figures.
                let records: Vec<Availability> =
                    self.http.parse("a duty status availability", &answer)?;
                match records.into_iter().next() {
                    Some(a) => items.push(a.into_clock(id, read_at)),
                    None => items.push(HosClock {
                        driver_id: id.clone(),
                        duty_status: None,
                        drive_minutes: None,
                        shift_minutes: None,
                        cycle_minutes: None,
                        break_minutes: None,
                        cycle_tomorrow_minutes: None,
                        as_of: read_at,
                        stale: true,
                    }),
                }
            }
        }
        Ok(Page { items, next: None })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_names_are_read_from_both_shapes() {
        let flat = json!({ "error": { "name": "InvalidUserException", "message": "m" } });
        assert_eq!(error_names(&flat), vec!["InvalidUserException"]);
        let rpc = json!({ "error": {
            "name": "JSONRPCError", "message": "m",
            "data": { "type": "DbUnavailableException" },
            "errors": [ { "name": "DbUnavailableException", "message": "m" } ]
        }});
        assert_eq!(
            error_names(&rpc),
            vec!["JSONRPCError", "DbUnavailableException"]
        );
        assert!(error_names(&json!({ "result": [] })).is_empty());
        assert_eq!(error_names(&json!({ "error": {} })), vec!["JSONRPCError"]);
    }

    #[test]
    fn servers_are_hosts() {
        assert_eq!(host_of("https://my3.geotab.com/apiv1/"), "my3.geotab.com");
        assert_eq!(host_of(" my.geotab.com "), "my.geotab.com");
        assert_eq!(host_of("127.0.0.1:4000"), "127.0.0.1:4000");
    }

    #[test]
    fn only_geotab_host_names_are_servers() {
        let geotab = vec!["geotab.com".to_owned()];
        for ok in [
            "my.geotab.com",
            "my3.geotab.com",
            "MY12.Geotab.com",
            "https://my.geotab.com/apiv1",
            "geotab.com",
        ] {
            assert!(server_allowed(ok, &geotab), "{ok}");
        }
        for refused in [
            "127.0.0.1",
            "10.0.0.5",
            "169.254.169.254",
            "[::1]",
            "localhost",
            "my.geotab.com:8080",
            "user@my.geotab.com",
            "user:pw@my.geotab.com",
            "evilgeotab.com",
            "my.geotab.com.evil.net",
            "my.geotab.com/../x",
            "my.geotab.com\\@evil.net",
            "my .geotab.com",
            "",
            "0x7f.0.0.1",
            "2130706433",
        ] {
            assert!(!server_allowed(refused, &geotab), "{refused}");
        }
        // A test's fake: exactly the address named, port and all.
        let fake = vec!["127.0.0.1:4000".to_owned()];
        assert!(server_allowed("127.0.0.1:4000", &fake));
        assert!(!server_allowed("127.0.0.1:4001", &fake));
        assert!(!server_allowed("127.0.0.1", &fake));
    }

    #[test]
    fn active_to_in_the_past_is_over() {
        let now = Utc::now();
        assert!(still_active(None, now));
        assert!(still_active(Some("2050-01-01T00:00:00.000Z"), now));
        assert!(!still_active(Some("2020-01-01T00:00:00Z"), now));
        assert!(still_active(Some("not a date"), now));
    }
}
