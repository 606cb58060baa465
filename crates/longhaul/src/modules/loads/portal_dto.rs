//! What the driver portal's Loads screen reads and sends (issue 32). A
//! load as its driver sees it: the stops, the freight, the references and
//! the equipment — never its money (unless the fleet's portal setting
//! `show_load_revenue` is on), never hours of service.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The signed-in driver's loads, each list in time order (past: newest
/// first).
#[derive(Debug, Serialize, ToSchema)]
pub struct PortalLoads {
    /// Under way (at pickup … at delivery), or dispatched with the first
    /// pickup's window starting within `CURRENT_WITHIN_HOURS` (48 h).
    pub current: Vec<PortalLoad>,
    /// Dispatched, the first pickup further ahead.
    pub upcoming: Vec<PortalLoad>,
    /// Delivered, invoiced, paid or cancelled, the last delivery within
    /// the past 90 days.
    pub past: Vec<PortalLoad>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalLoad {
    pub id: Uuid,
    pub load_number: String,
    pub pro_number: i32,
    /// dispatched | at_pickup | loaded | in_transit | at_delivery |
    /// delivered | invoiced | paid | cancelled
    pub status: String,
    /// accepted | declined; null until a driver answers the dispatch.
    #[schema(required = true)]
    pub driver_response: Option<String>,
    #[schema(required = true)]
    pub decline_reason: Option<String>,
    /// Accept and decline are allowed now (dispatched, not yet answered).
    pub can_respond: bool,
    #[schema(required = true)]
    pub bol_number: Option<String>,
    #[schema(required = true)]
    pub po_number: Option<String>,
    #[schema(required = true)]
    pub pickup_number: Option<String>,
    #[schema(required = true)]
    pub commodity: Option<String>,
    #[schema(required = true)]
    pub weight_lbs: Option<i32>,
    #[schema(required = true)]
    pub pieces: Option<i32>,
    pub equipment_type: String,
    #[schema(required = true)]
    pub length_ft: Option<i32>,
    #[schema(required = true)]
    pub reefer_temp_f: Option<i32>,
    #[schema(required = true)]
    pub hazmat_class: Option<String>,
    #[schema(required = true)]
    pub un_number: Option<String>,
    #[schema(required = true)]
    pub notes: Option<String>,
    /// The truck's name or ELD number.
    #[schema(required = true)]
    pub truck_number: Option<String>,
    #[schema(required = true)]
    pub trailer_number: Option<String>,
    /// The other driver of a team load.
    #[schema(required = true)]
    pub co_driver_name: Option<String>,
    /// Linehaul + fuel surcharge + accessorials; null unless the fleet's
    /// portal settings show drivers the load's revenue.
    #[schema(required = true)]
    pub revenue_cents: Option<i64>,
    pub first_pickup_at: DateTime<Utc>,
    pub last_delivery_at: DateTime<Utc>,
    pub stops: Vec<PortalStop>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalStop {
    pub seq: i32,
    /// pickup | delivery
    pub kind: String,
    pub facility: PortalFacility,
    /// IANA zone of the facility: `local_start` and `local_end` are on its clock.
    pub time_zone: String,
    /// The appointment, or the window's start.
    #[schema(value_type = String, example = "2026-03-02T08:00:00")]
    pub local_start: NaiveDateTime,
    /// The window's end; null for an appointment.
    #[schema(value_type = Option<String>, required = true)]
    pub local_end: Option<NaiveDateTime>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    #[schema(required = true)]
    pub instructions: Option<String>,
    #[schema(required = true)]
    pub arrived_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub departed_at: Option<DateTime<Utc>>,
    /// Loaded (pickup) or unloaded (delivery): reported, or departed.
    pub completed: bool,
    /// Every source's report of this stop's events, oldest first.
    pub reports: Vec<PortalReport>,
    /// PODs and receipts filed at this stop.
    pub documents: Vec<PortalStopDocument>,
    /// The stop events the driver may report now, in order: arrived |
    /// completed | departed. Empty when the load takes none (not under
    /// way, or another stop comes first).
    pub next_actions: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalFacility {
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    #[schema(required = true)]
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    #[schema(required = true)]
    pub contact_name: Option<String>,
    #[schema(required = true)]
    pub contact_phone: Option<String>,
    #[schema(required = true)]
    pub hours: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalReport {
    /// arrived | completed | departed
    pub event: String,
    /// office | driver | eld
    pub source: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PortalStopDocument {
    pub id: Uuid,
    /// proof_of_delivery | lumper_receipt | scale_ticket
    pub document_type: String,
    pub file_name: String,
    #[schema(required = true)]
    pub receiver_name: Option<String>,
    #[schema(required = true)]
    pub amount_cents: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// Declining a dispatched load.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeclineInput {
    /// Why (1 to 500 characters): the office reads it.
    #[schema(min_length = 1, max_length = 500)]
    #[serde(default)]
    pub reason: String,
}

/// A stop event tapped on the phone, sent now or later from its queue.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PortalStopEventInput {
    /// The phone's own id of this report (8 to 64 of A–Z, a–z, 0–9, -):
    /// sending it again is the same write.
    #[schema(min_length = 8, max_length = 64, pattern = "^[A-Za-z0-9-]{8,64}$")]
    #[serde(default)]
    pub client_id: String,
    /// arrived | completed | departed
    #[serde(default)]
    pub event: String,
    /// When it happened, ISO 8601 with an offset (UTC: `Z`).
    #[schema(example = "2026-03-02T14:05:00Z")]
    #[serde(default)]
    pub at: String,
    /// Where the phone was, when the driver allows it (both or neither).
    #[serde(default)]
    pub lat: Option<f64>,
    #[serde(default)]
    pub lon: Option<f64>,
}

/// A POD or receipt filed from the phone (or found filed under its client
/// id), and the load after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PortalDocumentFiled {
    pub document: PortalStopDocument,
    pub load: PortalLoad,
}
