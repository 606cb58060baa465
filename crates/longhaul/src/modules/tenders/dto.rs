//! What the tender routes take and answer. A broker's facility takes the
//! same fields as a fleet's (`loads::dto::FacilityInput`), and a tender's
//! stops and accessorial lines the same as a load's.

use crate::modules::loads::dto::{AccessorialInput, FacilityView, StopInput};
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
pub struct BrokerFacilityList {
    pub facilities: Vec<FacilityView>,
}

/// A broker's offer of a load to the carrier of a board posting.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TenderInput {
    /// The truck-board posting the offer is for.
    pub posting_id: Uuid,
    /// The broker's load or order number.
    pub load_number: String,
    #[serde(default)]
    pub po_number: Option<String>,
    #[serde(default)]
    pub pickup_number: Option<String>,
    pub equipment_type: String,
    #[serde(default)]
    pub length_ft: Option<i32>,
    #[serde(default)]
    pub reefer_temp_f: Option<i32>,
    #[serde(default)]
    pub commodity: Option<String>,
    #[serde(default)]
    pub weight_lbs: Option<i32>,
    /// In order; each at one of the broker's facilities.
    pub stops: Vec<StopInput>,
    #[serde(flatten)]
    pub terms: TermsInput,
    /// Days from the invoice; 30 when not given.
    #[serde(default)]
    pub payment_terms_days: Option<i32>,
    #[serde(default)]
    pub notes: Option<String>,
    /// How long the offer stands, 15 minutes to 7 days; 120 when not given.
    #[serde(default)]
    pub expires_in_minutes: Option<i64>,
    /// Ask the carrier to share the truck's position; the carrier's
    /// default when not given.
    #[serde(default)]
    pub share_position: Option<bool>,
}

/// The money of an offer (or a counter, or a revision) and its terms.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TermsInput {
    pub linehaul_cents: i64,
    #[serde(default)]
    pub fuel_surcharge_cents: i64,
    #[serde(default)]
    pub accessorials: Vec<AccessorialInput>,
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
    #[serde(default)]
    pub lumper_terms: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LineView {
    pub kind: String,
    pub amount_cents: i64,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TermsView {
    pub linehaul_cents: i64,
    pub fuel_surcharge_cents: i64,
    pub accessorials: Vec<LineView>,
    pub detention_free_minutes: Option<i32>,
    pub detention_rate_cents: Option<i64>,
    pub detention_cap_cents: Option<i64>,
    pub tonu_cents: Option<i64>,
    pub tonu_window_hours: Option<i32>,
    pub lumper_terms: Option<String>,
    pub total_cents: i64,
}

/// A stop of an offer: the facility as it was tendered, and its time on
/// the facility's clock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TenderStopView {
    pub seq: i32,
    pub kind: String,
    pub facility_name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: Option<String>,
    pub time_zone: String,
    #[schema(value_type = String)]
    pub local_start: NaiveDateTime,
    #[schema(value_type = Option<String>)]
    pub local_end: Option<NaiveDateTime>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// "Mon Mar 2, 2026 08:00 CST" as the rate confirmation prints it.
    pub time_text: String,
    pub instructions: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PartyView {
    pub name: String,
    pub usdot_number: Option<String>,
    pub mc_number: Option<String>,
}

/// A carrier's counter-offer, waiting for the broker.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CounterView {
    pub terms: TermsView,
    pub note: Option<String>,
    pub by: String,
    pub at: DateTime<Utc>,
}

/// A tender as either party sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TenderView {
    pub id: Uuid,
    /// offered | countered | accepted | declined | withdrawn | expired
    pub status: String,
    pub expires_at: DateTime<Utc>,
    pub broker: PartyView,
    pub broker_contact_name: String,
    pub broker_contact_email: String,
    /// The broker's record on Longhaul when it tendered: loads tendered
    /// before this one.
    pub broker_loads_tendered: i32,
    pub carrier: PartyView,
    pub truck_number: Option<String>,
    pub load_number: String,
    pub po_number: Option<String>,
    pub pickup_number: Option<String>,
    pub equipment_type: String,
    pub length_ft: Option<i32>,
    pub reefer_temp_f: Option<i32>,
    pub commodity: Option<String>,
    pub weight_lbs: Option<i32>,
    pub stops: Vec<TenderStopView>,
    pub terms: TermsView,
    pub payment_terms_days: i32,
    pub notes: Option<String>,
    /// The broker's ask; null = the carrier's default.
    pub share_position: Option<bool>,
    pub counter: Option<CounterView>,
    pub decline_reason: Option<String>,
    pub accepted_by_name: Option<String>,
    pub accepted_by_title: Option<String>,
    pub accepted_at: Option<DateTime<Utc>>,
    /// The carrier's load, once accepted (shown to the carrier only).
    pub load_id: Option<Uuid>,
    /// The broker's shipment, once accepted (shown to the broker only).
    pub shipment_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TenderList {
    pub tenders: Vec<TenderView>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct TenderListQuery {
    /// open (offered or countered) | closed | all; open when not given.
    pub status: Option<String>,
}

/// The carrier's acceptance: who signs the rate confirmation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptInput {
    pub acceptor_name: String,
    pub acceptor_title: String,
    /// Why the carrier takes the load although the truck (or every truck)
    /// is committed to an overlapping load: the override.
    #[serde(default)]
    pub override_reason: Option<String>,
    /// Share the truck's position with the broker for this load; the
    /// broker's ask, else the fleet's default, when not given.
    #[serde(default)]
    pub share_position: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeclineInput {
    pub reason: String,
}

/// A counter-offer: new money for the same load.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CounterInput {
    #[serde(flatten)]
    pub terms: TermsInput,
    #[serde(default)]
    pub note: Option<String>,
}

/// A change to an accepted load's money or terms: a new revision of the
/// rate confirmation that the carrier accepts again.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RevisionInput {
    #[serde(flatten)]
    pub terms: TermsInput,
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RevisionView {
    pub id: Uuid,
    pub revision: i32,
    /// pending | accepted | declined
    pub status: String,
    pub terms: TermsView,
    pub notes: Option<String>,
    pub requested_by: String,
    pub accepted_by_name: Option<String>,
    pub accepted_by_title: Option<String>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// A tender and its rate confirmation's revisions (the carrier's view).
#[derive(Debug, Serialize, ToSchema)]
pub struct TenderDetail {
    pub tender: TenderView,
    pub revisions: Vec<RevisionView>,
    /// The overbooking rule's finding for this offer, if any (shown before
    /// the carrier accepts).
    pub committed: Option<String>,
}

/// What a one-time link shows: the tender, and who it was sent to.
#[derive(Debug, Serialize, ToSchema)]
pub struct TenderLinkView {
    pub tender: TenderView,
    pub committed: Option<String>,
    pub recipient_name: String,
}

/// One row of the broker's shipments list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShipmentRow {
    pub id: Uuid,
    pub load_number: String,
    pub pro_number: i32,
    pub carrier_name: String,
    pub carrier_dot: String,
    /// The carrier's load status.
    pub status: String,
    pub origin: String,
    pub destination: String,
    pub first_pickup_at: DateTime<Utc>,
    pub last_delivery_at: DateTime<Utc>,
    pub total_cents: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentPage {
    pub shipments: Vec<ShipmentRow>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct ShipmentListQuery {
    /// active | delivered | cancelled | all; all when not given.
    pub status: Option<String>,
    /// A load or PRO number, a carrier, a city.
    pub q: Option<String>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

/// A milestone of the carrier's load: an EDI 214 (AT7) status.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MilestoneView {
    pub at: DateTime<Utc>,
    /// X3 arrived at pickup, AF departed pickup, X1 arrived at delivery,
    /// D1 completed unloading, CD departed delivery…
    pub at7_code: String,
    pub status: String,
    pub stop_seq: Option<i32>,
    /// office | driver | eld (null for a change without a stop).
    pub source: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShipmentPositionView {
    pub lat: f64,
    pub lon: f64,
    pub at: DateTime<Utc>,
    pub age_minutes: i64,
}

/// What the broker sees while the load is active: never hours of service.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrackingView {
    pub milestones: Vec<MilestoneView>,
    /// The next stop not yet departed, and an estimate of the arrival there
    /// from the last shared position.
    pub next_stop_seq: Option<i32>,
    pub eta: Option<DateTime<Utc>>,
    /// Null when the carrier does not share the position for this load.
    pub position: Option<ShipmentPositionView>,
    pub position_shared: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShipmentDocumentView {
    pub id: Uuid,
    /// rate_confirmation | proof_of_delivery
    pub kind: String,
    pub revision: Option<i32>,
    pub file_name: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShipmentView {
    pub shipment: ShipmentRow,
    pub tender_id: Uuid,
    pub stops: Vec<TenderStopView>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// Null outside the tracking window (before acceptance, after delivery
    /// plus two hours, or cancelled).
    pub tracking: Option<TrackingView>,
    pub documents: Vec<ShipmentDocumentView>,
    pub revisions: Vec<RevisionView>,
}

/// The fleet's answer to brokers' tracking: whether an accepted load shares
/// the truck's position unless the tender or the acceptance says otherwise.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TenderSettings {
    pub share_position_default: bool,
}
