//! The loads API's bodies (snake_case, like the rest of the API). Money is
//! in integer cents; a stop's times are the facility's local clock
//! ("2026-03-02T08:00:00", no offset) in the facility's zone.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Deserialize, ToSchema)]
pub struct CustomerInput {
    pub name: String,
    /// broker | shipper
    pub kind: String,
    #[serde(default)]
    pub usdot_number: Option<String>,
    #[serde(default)]
    pub mc_number: Option<String>,
    #[serde(default)]
    pub billing_email: Option<String>,
    /// Days to pay; 30 when not given.
    #[serde(default)]
    pub payment_terms_days: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerView {
    pub id: Uuid,
    pub name: String,
    pub kind: String,
    #[schema(required = true)]
    pub usdot_number: Option<String>,
    #[schema(required = true)]
    pub mc_number: Option<String>,
    #[schema(required = true)]
    pub billing_email: Option<String>,
    pub payment_terms_days: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerList {
    pub customers: Vec<CustomerView>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FacilityInput {
    pub name: String,
    pub address: String,
    pub city: String,
    /// Two letters.
    pub state: String,
    #[serde(default)]
    pub zip: Option<String>,
    /// Both or neither: without them the city (or ZIP) is looked up in the
    /// embedded gazetteer.
    #[serde(default)]
    pub lat: Option<f64>,
    #[serde(default)]
    pub lon: Option<f64>,
    /// IANA ("America/Chicago").
    pub time_zone: String,
    #[serde(default)]
    pub contact_name: Option<String>,
    #[serde(default)]
    pub contact_phone: Option<String>,
    #[serde(default)]
    pub hours: Option<String>,
    /// The arrival geofence in miles, 0.1 to 5; 0.5 when not given.
    #[serde(default)]
    pub arrival_radius_miles: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FacilityView {
    pub id: Uuid,
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    #[schema(required = true)]
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    pub time_zone: String,
    #[schema(required = true)]
    pub contact_name: Option<String>,
    #[schema(required = true)]
    pub contact_phone: Option<String>,
    #[schema(required = true)]
    pub hours: Option<String>,
    /// The arrival geofence in miles (0.5 unless the facility sets one).
    pub arrival_radius_miles: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FacilityList {
    pub facilities: Vec<FacilityView>,
}

/// One stop of a new load: an appointment, or a window's start and end.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StopInput {
    /// pickup | delivery
    pub kind: String,
    pub facility_id: Uuid,
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "2026-03-02T08:00:00")]
    pub appointment: Option<NaiveDateTime>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub window_start: Option<NaiveDateTime>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub window_end: Option<NaiveDateTime>,
    #[serde(default)]
    pub instructions: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AccessorialInput {
    /// detention | layover | tonu | lumper | stop_off | tarp | driver_assist | other
    pub kind: String,
    pub amount_cents: i64,
    #[serde(default)]
    pub note: Option<String>,
}

/// A new load, as the rate confirmation states it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoadInput {
    pub customer_id: Uuid,
    /// The customer's load or order number.
    pub load_number: String,
    #[serde(default)]
    pub bol_number: Option<String>,
    #[serde(default)]
    pub po_number: Option<String>,
    #[serde(default)]
    pub pickup_number: Option<String>,
    /// The truck board's equipment types (`van`, `reefer`, `flatbed`…).
    pub equipment_type: String,
    #[serde(default)]
    pub length_ft: Option<i32>,
    #[serde(default)]
    pub reefer_temp_f: Option<i32>,
    #[serde(default)]
    pub commodity: Option<String>,
    #[serde(default)]
    pub weight_lbs: Option<i32>,
    #[serde(default)]
    pub pieces: Option<i32>,
    #[serde(default)]
    pub hazmat_class: Option<String>,
    #[serde(default)]
    pub un_number: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
    /// flat | per_mile
    pub rate_method: String,
    /// Flat linehaul; ignored for a rate per mile (it is the rate × the miles).
    #[serde(default)]
    pub linehaul_cents: i64,
    #[serde(default)]
    pub rate_per_mile_cents: Option<i64>,
    #[serde(default)]
    pub fuel_surcharge_cents: i64,
    #[serde(default)]
    pub detention_free_minutes: Option<i32>,
    #[serde(default)]
    pub detention_rate_cents: Option<i64>,
    #[serde(default)]
    pub detention_cap_cents: Option<i64>,
    #[serde(default)]
    pub tonu_cents: Option<i64>,
    #[serde(default)]
    pub tonu_window_hours: Option<i32>,
    /// What the rate confirmation says of lumper fees ("reimbursed with
    /// receipt"); none leaves the load flagged before dispatch.
    #[serde(default)]
    pub lumper_terms: Option<String>,
    /// The `upload_id` of `POST /api/fleet/loads/rate-con`: that PDF is
    /// filed as the load's rate confirmation.
    #[serde(default)]
    pub rate_con_upload_id: Option<Uuid>,
    pub stops: Vec<StopInput>,
    #[serde(default)]
    pub accessorials: Vec<AccessorialInput>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StopView {
    pub id: Uuid,
    pub seq: i32,
    pub kind: String,
    pub facility: FacilityView,
    /// The appointment or the window's start, on the facility's clock.
    #[schema(value_type = String)]
    pub local_start: NaiveDateTime,
    /// The window's end; null for an appointment.
    #[schema(value_type = Option<String>, required = true)]
    pub local_end: Option<NaiveDateTime>,
    pub time_zone: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    #[schema(required = true)]
    pub arrived_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub departed_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub instructions: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccessorialView {
    pub id: Uuid,
    pub kind: String,
    pub amount_cents: i64,
    #[schema(required = true)]
    pub note: Option<String>,
}

/// A change of status in the load's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoadEventView {
    pub at: DateTime<Utc>,
    pub actor_name: String,
    #[schema(required = true)]
    pub from_status: Option<String>,
    pub to_status: String,
    #[schema(required = true)]
    pub at7_code: Option<String>,
    #[schema(required = true)]
    pub reason: Option<String>,
    /// Who reported a stop event: office | driver | eld; null for other changes.
    #[schema(required = true)]
    pub source: Option<String>,
    /// The stop event (arrived | completed | departed) and its stop's seq.
    #[schema(required = true)]
    pub stop_event: Option<String>,
    #[schema(required = true)]
    pub stop_seq: Option<i32>,
    /// Every source that reported this stop event, earliest report first
    /// (the row's own source among them); empty for other changes.
    pub sources: Vec<String>,
}

/// An edit of a load: the whole of what creating it takes, and the
/// version (`LoadView.updated_at`) the edit was made from. A rate
/// confirmation upload is not filed by an edit (`rate_con_upload_id` is
/// ignored).
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoadEditInput {
    #[serde(flatten)]
    pub load: LoadInput,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoadView {
    pub id: Uuid,
    pub pro_number: i32,
    pub load_number: String,
    pub customer: CustomerView,
    pub status: String,
    #[schema(required = true)]
    pub bol_number: Option<String>,
    #[schema(required = true)]
    pub po_number: Option<String>,
    #[schema(required = true)]
    pub pickup_number: Option<String>,
    pub equipment_type: String,
    #[schema(required = true)]
    pub length_ft: Option<i32>,
    #[schema(required = true)]
    pub reefer_temp_f: Option<i32>,
    #[schema(required = true)]
    pub commodity: Option<String>,
    #[schema(required = true)]
    pub weight_lbs: Option<i32>,
    #[schema(required = true)]
    pub pieces: Option<i32>,
    #[schema(required = true)]
    pub hazmat_class: Option<String>,
    #[schema(required = true)]
    pub un_number: Option<String>,
    #[schema(required = true)]
    pub notes: Option<String>,
    pub rate_method: String,
    #[schema(required = true)]
    pub rate_per_mile_cents: Option<i64>,
    pub linehaul_cents: i64,
    pub fuel_surcharge_cents: i64,
    #[schema(required = true)]
    pub detention_free_minutes: Option<i32>,
    #[schema(required = true)]
    pub detention_rate_cents: Option<i64>,
    #[schema(required = true)]
    pub detention_cap_cents: Option<i64>,
    #[schema(required = true)]
    pub tonu_cents: Option<i64>,
    #[schema(required = true)]
    pub tonu_window_hours: Option<i32>,
    #[schema(required = true)]
    pub lumper_terms: Option<String>,
    /// The load was made from an uploaded rate confirmation, kept with it.
    pub rate_con_uploaded: bool,
    /// Linehaul + fuel surcharge + accessorials.
    pub revenue_cents: i64,
    /// Estimated: great circle × 1.2 until a routing provider exists.
    pub loaded_miles: i32,
    #[schema(required = true)]
    pub cancel_reason: Option<String>,
    /// The driver's answer to the dispatch: accepted | declined; null until
    /// answered (a new dispatch clears it).
    #[schema(required = true)]
    pub driver_response: Option<String>,
    #[schema(required = true)]
    pub decline_reason: Option<String>,
    #[schema(required = true)]
    pub driver_id: Option<Uuid>,
    #[schema(required = true)]
    pub second_driver_id: Option<Uuid>,
    #[schema(required = true)]
    pub truck_id: Option<Uuid>,
    #[schema(required = true)]
    pub trailer_id: Option<Uuid>,
    pub stops: Vec<StopView>,
    pub accessorials: Vec<AccessorialView>,
    pub history: Vec<LoadEventView>,
    /// The load's version: an edit sends it back (`LoadEditInput`).
    pub updated_at: DateTime<Utc>,
}

/// A row of the loads list.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoadRow {
    pub id: Uuid,
    pub pro_number: i32,
    pub load_number: String,
    pub customer_name: String,
    pub status: String,
    pub first_pickup_at: DateTime<Utc>,
    pub last_delivery_at: DateTime<Utc>,
    pub loaded_miles: i32,
    /// The first pickup's "City, ST".
    pub origin: String,
    /// The last delivery's "City, ST".
    pub destination: String,
    #[schema(required = true)]
    pub driver_name: Option<String>,
    #[schema(required = true)]
    pub truck_unit: Option<String>,
    /// Linehaul, fuel surcharge and accessorial lines.
    pub revenue_cents: i64,
}

/// How many loads (of the search) are in one status.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusCount {
    pub status: String,
    pub count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoadList {
    pub loads: Vec<LoadRow>,
    pub total: u64,
    /// Every status the search finds loads in, whatever `status` asked for.
    pub counts: Vec<StatusCount>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LoadListQuery {
    /// Statuses (`domain::loads::LoadStatus`), comma-separated; all when absent.
    pub status: Option<String>,
    /// Load, BOL, PO or PRO number, customer name or stop city.
    pub q: Option<String>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LoadExportQuery {
    /// Statuses, comma-separated; all when absent.
    pub status: Option<String>,
    pub q: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct DispatchQuery {
    /// The first day shown, in the fleet's time zone; today when absent.
    #[param(value_type = Option<String>, example = "2026-03-02")]
    pub from: Option<chrono::NaiveDate>,
    /// 1 to 31; 7 when absent.
    pub days: Option<u32>,
    pub customer_id: Option<Uuid>,
    pub driver_id: Option<Uuid>,
}

/// A load as the dispatch board draws it.
#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchLoad {
    pub id: Uuid,
    pub pro_number: i32,
    pub load_number: String,
    pub customer_id: Uuid,
    pub customer_name: String,
    pub status: String,
    pub equipment_type: String,
    pub first_pickup_at: DateTime<Utc>,
    pub last_delivery_at: DateTime<Utc>,
    pub origin: String,
    pub destination: String,
    /// The driver's answer to the dispatch: accepted | declined, or null.
    #[schema(required = true)]
    pub driver_response: Option<String>,
    #[schema(required = true)]
    pub decline_reason: Option<String>,
    #[schema(required = true)]
    pub driver_id: Option<Uuid>,
    #[schema(required = true)]
    pub second_driver_id: Option<Uuid>,
    #[schema(required = true)]
    pub truck_id: Option<Uuid>,
    #[schema(required = true)]
    pub trailer_id: Option<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchDriver {
    pub id: Uuid,
    pub name: String,
    pub active: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchTruck {
    pub id: Uuid,
    pub unit_number: String,
    pub active: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchTrailer {
    pub id: Uuid,
    pub unit_number: String,
    #[schema(required = true)]
    pub trailer_type: Option<String>,
}

/// The dispatch board: the loads whose span meets the days shown, and whom
/// and what they can go to.
#[derive(Debug, Serialize, ToSchema)]
pub struct DispatchBoard {
    #[schema(value_type = String, example = "2026-03-02")]
    pub from: chrono::NaiveDate,
    pub days: u32,
    /// The fleet's home zone (IANA): the board's days are its days.
    pub time_zone: String,
    pub loads: Vec<DispatchLoad>,
    pub drivers: Vec<DispatchDriver>,
    pub trucks: Vec<DispatchTruck>,
    pub trailers: Vec<DispatchTrailer>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusInput {
    pub status: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CancelInput {
    pub reason: String,
}

/// Who and what is to take the load.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AssignmentInput {
    pub driver_id: Uuid,
    /// A team's second driver.
    #[serde(default)]
    pub second_driver_id: Option<Uuid>,
    pub truck_id: Uuid,
    #[serde(default)]
    pub trailer_id: Option<Uuid>,
    /// Required to go ahead when a finding blocks; kept in the load's history.
    #[serde(default)]
    pub override_reason: Option<String>,
}

/// One eligibility finding and the record that causes it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingView {
    /// block | warn | info
    pub severity: String,
    pub code: String,
    pub message: String,
    /// driver | truck | trailer | qualification | document | load
    pub cause_kind: String,
    pub cause_id: Uuid,
    #[schema(required = true)]
    pub date: Option<chrono::NaiveDate>,
    /// How old the driver's hours-of-service clocks are (hos_clocks_old,
    /// hos_app_disconnected).
    #[schema(required = true)]
    pub minutes: Option<i64>,
    /// The rests an hours-of-service finding plans, in order (else empty).
    pub rest_plan: Vec<RestView>,
}

/// A rest of an hours-of-service rest plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct RestView {
    /// break (30 minutes) | reset (10 hours) | restart (34 hours)
    pub kind: String,
    /// Minutes of the rest.
    pub minutes: i64,
    /// After how many minutes of driving on the leg (to the first pickup,
    /// or from it through the load).
    pub after_driving_minutes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EligibilityView {
    pub findings: Vec<FindingView>,
    /// A Block is among the findings: assigning needs an override reason.
    pub blocked: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssignmentView {
    pub load: LoadView,
    pub findings: Vec<FindingView>,
}

/// Something that happened at a stop, on the facility's clock.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StopEventInput {
    /// arrived | completed (loaded or unloaded) | departed
    pub event: String,
    #[schema(value_type = String, example = "2026-03-02T08:10:00")]
    pub at: NaiveDateTime,
}

/// One stop as the rate confirmation states it, its times on the
/// facility's clock ("2026-03-02T08:00:00").
#[derive(Debug, Serialize, ToSchema)]
pub struct RateConStop {
    /// pickup | delivery
    pub kind: String,
    #[schema(required = true)]
    pub facility_name: Option<String>,
    #[schema(required = true)]
    pub address: Option<String>,
    #[schema(required = true)]
    pub city: Option<String>,
    #[schema(required = true)]
    pub state: Option<String>,
    #[schema(required = true)]
    pub zip: Option<String>,
    /// One of the fleet's facilities of that name, city and state.
    #[schema(required = true)]
    pub facility_id: Option<Uuid>,
    #[schema(value_type = Option<String>, required = true, example = "2026-03-02T08:00:00")]
    pub appointment: Option<NaiveDateTime>,
    #[schema(value_type = Option<String>, required = true)]
    pub window_start: Option<NaiveDateTime>,
    #[schema(value_type = Option<String>, required = true)]
    pub window_end: Option<NaiveDateTime>,
    /// IANA, from the zone the rate con states next to the time, else the
    /// state's.
    #[schema(required = true)]
    pub time_zone: Option<String>,
    #[schema(required = true)]
    pub instructions: Option<String>,
}

/// A load as far as the rate confirmation states it: the form's starting
/// values, every one open to correction.
#[derive(Debug, Serialize, ToSchema)]
pub struct RateConLoad {
    /// The fleet's customer with that USDOT number, else MC number, else name.
    #[schema(required = true)]
    pub customer_id: Option<Uuid>,
    #[schema(required = true)]
    pub customer_name: Option<String>,
    #[schema(required = true)]
    pub customer_mc: Option<String>,
    #[schema(required = true)]
    pub customer_usdot: Option<String>,
    #[schema(required = true)]
    pub load_number: Option<String>,
    #[schema(required = true)]
    pub bol_number: Option<String>,
    #[schema(required = true)]
    pub po_number: Option<String>,
    #[schema(required = true)]
    pub pickup_number: Option<String>,
    /// The truck board's equipment types (`van`, `reefer`, `flatbed`…).
    #[schema(required = true)]
    pub equipment_type: Option<String>,
    #[schema(required = true)]
    pub length_ft: Option<i32>,
    #[schema(required = true)]
    pub reefer_temp_f: Option<i32>,
    #[schema(required = true)]
    pub commodity: Option<String>,
    #[schema(required = true)]
    pub weight_lbs: Option<i32>,
    #[schema(required = true)]
    pub pieces: Option<i32>,
    /// flat | per_mile
    #[schema(required = true)]
    pub rate_method: Option<String>,
    #[schema(required = true)]
    pub linehaul_cents: Option<i64>,
    #[schema(required = true)]
    pub rate_per_mile_cents: Option<i64>,
    #[schema(required = true)]
    pub fuel_surcharge_cents: Option<i64>,
    #[schema(required = true)]
    pub detention_free_minutes: Option<i32>,
    #[schema(required = true)]
    pub detention_rate_cents: Option<i64>,
    #[schema(required = true)]
    pub detention_cap_cents: Option<i64>,
    #[schema(required = true)]
    pub tonu_cents: Option<i64>,
    #[schema(required = true)]
    pub tonu_window_hours: Option<i32>,
    #[schema(required = true)]
    pub lumper_terms: Option<String>,
    pub stops: Vec<RateConStop>,
}

/// What an uploaded rate confirmation says.
#[derive(Debug, Serialize, ToSchema)]
pub struct RateConDraft {
    /// False for a scanned PDF without a text layer: the draft is blank.
    pub has_text: bool,
    /// Said to the user when the PDF has no text layer.
    #[schema(required = true)]
    pub message: Option<String>,
    /// The stored PDF: `rate_con_upload_id` of the load made from it.
    pub upload_id: Uuid,
    pub draft: RateConLoad,
    /// The draft's fields found in the PDF ("load_number", "stops",
    /// "linehaul_cents"…), to mark them "from the rate con".
    pub from_rate_con: Vec<String>,
    /// Of detention | tonu | lumper: protective terms the rate con leaves out.
    pub missing_terms: Vec<String>,
}

// ---- The driver portal's Loads screen (issue 32) ---------------------------
// A load as its driver sees it: the stops, the freight, the references and
// the equipment — never its money (unless the fleet's portal setting
// `show_load_revenue` is on), never hours of service.

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
    /// `starts_at` on the stop's clock, as the driver reads it: "Mon, Mar 2,
    /// 08:10 CST" (the loads list shows it without formatting dates itself).
    #[schema(example = "Mon, Mar 2, 08:10 CST")]
    pub starts_on_clock: String,
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
