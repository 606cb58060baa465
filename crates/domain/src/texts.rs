//! The spec's texts, read from `contracts/texts.json` — the same file the SPA
//! imports — so a message is written once and used verbatim on both sides.

use serde::Deserialize;
use std::sync::LazyLock;

static RAW: &str = include_str!("../../../contracts/texts.json");

static TEXTS: LazyLock<Texts> =
    LazyLock::new(|| serde_json::from_str(RAW).expect("contracts/texts.json matches Texts"));

/// The texts the server itself sends (errors, e-mails). The SPA reads the rest.
pub fn texts() -> &'static Texts {
    &TEXTS
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Texts {
    pub brand: BrandTexts,
    pub auth: AuthTexts,
    pub errors: ErrorTexts,
    pub signup: SignupTexts,
    pub subscription_success: SubscriptionSuccessTexts,
    pub test_checkout: TestCheckoutTexts,
    pub admin: AdminTexts,
    pub fleet: FleetTexts,
    pub eld: EldTexts,
    pub documents: DocumentTexts,
    pub billing: BillingTexts,
    pub driver_portal: DriverPortalTexts,
    pub inbox: InboxTexts,
    pub portal_review: PortalReviewTexts,
    pub compliance: ComplianceTexts,
    pub server: ServerTexts,
    pub board: BoardTexts,
    pub brokers: BrokersTexts,
    pub loads: LoadsTexts,
    pub load_messages: LoadMessagesTexts,
    pub tenders: TendersTexts,
}

/// A broker's tender and its rate confirmation (issue 33).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TendersTexts {
    pub stops_shape: String,
    pub facility_exists: String,
    pub counter_acceptor_title: String,
    pub expiry_invalid: String,
    pub terms_days_invalid: String,
    pub closed: String,
    pub expired: String,
    pub acceptor_name_required: String,
    pub acceptor_title_required: String,
    pub decline_reason_required: String,
    pub counter_unchanged: String,
    pub truck_committed: String,
    pub fleet_committed: String,
    pub committed_badge: String,
    pub link_invalid: String,
    pub revision_pending: String,
    pub not_accepted: String,
    pub bell_title: String,
    pub bell_detail: String,
    pub offer_subject: String,
    pub offer_intro: String,
    pub offer_button: String,
    pub offer_link_note: String,
    pub answer_subject: String,
    pub answer_accepted: String,
    pub answer_declined: String,
    pub answer_countered: String,
    pub answer_intro: String,
    pub answer_button: String,
    pub answer_tenders_button: String,
    pub revision_subject: String,
    pub revision_intro: String,
    pub rate_con: TenderRateConTexts,
}

/// The rate confirmation's labels and clauses.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TenderRateConTexts {
    pub accessorials: std::collections::HashMap<String, String>,
    pub file_name: String,
    pub title: String,
    pub broker: String,
    pub carrier: String,
    pub load: String,
    pub name: String,
    pub usdot: String,
    pub mc: String,
    pub contact: String,
    pub load_number: String,
    pub revision: String,
    pub pro_number: String,
    pub truck: String,
    pub trailer: String,
    pub driver: String,
    pub driver_cell: String,
    pub equipment: String,
    pub commodity: String,
    pub weight: String,
    pub references: String,
    pub rate: String,
    pub linehaul: String,
    pub fuel: String,
    pub total: String,
    pub terms: String,
    pub detention: String,
    pub detention_terms: String,
    pub detention_cap: String,
    pub tonu: String,
    pub tonu_terms: String,
    pub lumper: String,
    pub layover: String,
    pub payment: String,
    pub payment_terms: String,
    pub payment_days: String,
    pub remit_to: String,
    pub tracking: String,
    pub tracking_shared: String,
    pub tracking_events: String,
    pub no_rebroker: String,
    pub no_rebroker_text: String,
    pub acceptance: String,
    pub accepted_by: String,
    pub acceptor_title: String,
    pub accepted_at: String,
    pub not_assigned: String,
    pub not_stated: String,
    pub stops: String,
    pub notes: String,
    pub footer: String,
}

/// The loads' texts (issue 31): what the server refuses, by field.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadsTexts {
    pub customer_name_required: String,
    pub customer_kind_invalid: String,
    pub customer_exists: String,
    pub dot_invalid: String,
    pub mc_invalid: String,
    pub email_invalid: String,
    pub facility_name_required: String,
    pub address_required: String,
    pub place_unknown: String,
    pub coordinates_invalid: String,
    pub time_zone_invalid: String,
    pub load_number_required: String,
    pub equipment_invalid: String,
    pub rate_method_invalid: String,
    pub rate_required: String,
    pub stops_shape: String,
    pub stop_kind_invalid: String,
    pub stop_time_required: String,
    pub window_ends_before_start: String,
    pub no_such_local_time: String,
    pub stop_before_previous: String,
    pub load_span_too_long: String,
    pub too_many_stops: String,
    pub amount_negative: String,
    pub amount_too_large: String,
    pub accessorial_invalid: String,
    pub number_invalid: String,
    pub text_too_long: String,
    pub status_invalid: String,
    pub illegal_transition: String,
    pub cancel_reason_required: String,
    pub not_cancellable: String,
    pub miles_estimated: String,
    pub not_assignable: String,
    pub assign_first: String,
    /// An edit refused: `{status}` is the load's, or `under_way`.
    pub not_editable: String,
    pub under_way: String,
    /// An edit made against a version someone else changed since.
    pub edit_conflict: String,
    /// An edit whose new span overlaps another load of its crew or equipment (`{load}`).
    pub edit_overlap: String,
    /// The history's reason for an edit.
    pub edited_reason: String,
    pub assignment_blocked: String,
    pub event_invalid: String,
    pub stop_not_found: String,
    pub stop_out_of_order: String,
    pub event_repeated: String,
    pub position_invalid: String,
    pub radius_invalid: String,
    pub pod_received: String,
    pub arrive_first: String,
    pub depart_before_arrive: String,
    pub event_in_future: String,
    pub not_underway: String,
    pub date_invalid: String,
    pub export: LoadExportTexts,
    pub detention_note: String,
    /// A finding's sentence by its code (`loads::eligibility`).
    pub findings: std::collections::BTreeMap<String, String>,
    pub hos: LoadsHosTexts,
    pub sheet: LoadSheetTexts,
    pub rate_con: RateConTexts,
    pub driver: LoadsDriverTexts,
}

/// The driver's side of a load in the portal (issue 32): answering a
/// dispatch, stop events and PODs from the phone, and what the office is
/// told of them.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadsDriverTexts {
    pub accepted_reason: String,
    /// `{reason}`
    pub declined_reason: String,
    pub decline_reason_required: String,
    /// `{status}`
    pub not_dispatched: String,
    /// `{response}`: accepted | declined
    pub already_answered: String,
    /// `{driver}`, `{load}`
    pub bell_accepted: String,
    pub bell_declined: String,
    pub bell_declined_detail: String,
    /// `{load}`
    pub bell_pod: String,
    /// `{driver}`, `{n}`, `{receiver}`
    pub bell_pod_detail: String,
    /// `{document}`, `{load}`
    pub bell_receipt: String,
    /// `{driver}`, `{n}`, `{amount}`
    pub bell_receipt_detail: String,
    /// `{driver}`, `{load}`, `{pro}`
    pub email_accepted: String,
    pub email_declined: String,
    pub email_reason: String,
    pub open_load: String,
    pub client_id_invalid: String,
    pub kind_invalid: String,
    pub receiver_required: String,
    pub amount_required: String,
    pub position_incomplete: String,
    pub at_invalid: String,
    /// `{found}`
    pub file_type_not_allowed: String,
    /// `{n}`
    pub pod_at_pickup: String,
}

/// The hours-of-service findings' texts (issue 31 §3): sentences by code,
/// with `{minutes}` (the clocks' age) or `{plan}` (the rest plan).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadsHosTexts {
    pub findings: std::collections::BTreeMap<String, String>,
    /// A rest's words by kind (`break`, `reset`, `restart`).
    pub rests: std::collections::BTreeMap<String, String>,
    /// One rest of a plan: `{rest}` after `{driving}` of driving.
    pub rest_after: String,
    /// Between the rests of a plan.
    pub then: String,
    /// A duration: `{h}` hours and `{m}` minutes, or `{m}` minutes alone.
    pub hours_minutes: String,
    pub minutes_only: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadExportTexts {
    /// The CSV's header row.
    pub headers: Vec<String>,
}

/// The load sheet: the dispatch e-mail and its PDF (issue 31 §3).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadSheetTexts {
    pub subject: String,
    /// The subject of the sheet sent again after an edit: `{subject}` is the usual one.
    pub updated_subject: String,
    pub title: String,
    pub intro: String,
    pub references: String,
    pub load_number: String,
    pub pro: String,
    pub bol: String,
    pub po: String,
    pub pickup_number: String,
    pub freight: String,
    pub equipment: String,
    pub length: String,
    pub length_value: String,
    pub commodity: String,
    pub weight: String,
    pub weight_value: String,
    pub pieces: String,
    pub reefer_temp: String,
    pub reefer_value: String,
    pub hazmat: String,
    pub hazmat_value: String,
    pub crew: String,
    pub drivers: String,
    pub truck: String,
    pub trailer: String,
    pub stops: String,
    pub stop_heading: String,
    pub pickup: String,
    pub delivery: String,
    pub appointment: String,
    pub window: String,
    pub contact: String,
    pub hours: String,
    pub stop_instructions: String,
    pub map: String,
    pub instructions: String,
    pub footer: String,
    pub emailed_to: String,
    pub no_email: String,
    pub unnamed_driver: String,
}

/// A load from a rate confirmation (issue 31 §2).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateConTexts {
    pub no_text_layer: String,
    pub file_required: String,
    pub file_empty: String,
    pub not_pdf: String,
    /// `{limit}`: "10 MB".
    pub too_large: String,
    pub unreadable: String,
    /// The filed document's file name; `{load}`: the customer's load number.
    pub file_name: String,
    /// How the `missing_terms` finding names each term.
    pub terms: std::collections::BTreeMap<String, String>,
}

/// The truck board's texts the server sends (`board`; the SPA reads the rest).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardTexts {
    pub origin_unknown: String,
    pub origin_required: String,
    pub window_invalid: String,
    pub window_past: String,
    pub window_too_long: String,
    pub equipment_invalid: String,
    pub destinations_invalid: String,
    pub radius_invalid: String,
    pub not_active: String,
    pub eld_location_none: String,
    pub truck_invalid: String,
    pub already_posted: String,
    pub number_invalid: String,
    pub notes_too_long: String,
    pub contact_subject: String,
    pub contact_inbox: String,
    pub equipment: std::collections::BTreeMap<String, String>,
    pub saved: BoardSavedTexts,
    pub search: BoardSearchTexts,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardSavedTexts {
    pub name_required: String,
    pub digest_subject: String,
    pub unsubscribe_not_found: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardSearchTexts {
    pub contact_required: String,
    pub page_invalid: String,
    pub max_age_invalid: String,
}

/// The broker portal's texts the server sends (`brokers`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokersTexts {
    pub users: BrokerUserTexts,
    pub invite: BrokerInviteTexts,
    pub admin: BrokerAdminTexts,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerUserTexts {
    #[serde(rename = "self")]
    pub self_: String,
    pub last_admin: String,
    pub exists: String,
    pub invited: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerInviteTexts {
    pub subject: String,
    pub invalid: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerAdminTexts {
    pub mc_invalid: String,
    pub name_required: String,
}

/// Texts only the server sends: its errors, e-mails, notifications and CSV
/// headers (`server` in contracts/texts.json, which the SPA never imports).
/// `{name}` in a text marks a value to fill in (`fill`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerTexts {
    pub emails: ServerEmailTexts,
    pub requests: ServerRequestTexts,
    pub eld: ServerEldTexts,
    pub brokers: ServerBrokerTexts,
    pub compliance: ServerComplianceTexts,
    pub driver_portal: ServerDriverPortalTexts,
    pub postings: ServerPostingTexts,
    pub billing: ServerBillingTexts,
    pub drivers: ServerDriverTexts,
    pub fleet: ServerFleetTexts,
    pub documents: ServerDocumentTexts,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerEmailTexts {
    pub choose_your_password: String,
    pub open_your_dashboard: String,
    pub confirm_account_subject: String,
    pub confirm_your_email: String,
    pub reset_password_subject: String,
    pub choose_new_password: String,
    pub account_exists_subject: String,
    pub sign_in: String,
    pub open_your_inbox: String,
    pub open_truck_board: String,
    pub open_compliance_calendar: String,
    pub open_company_profile: String,
    pub portal_password_subject: String,
    pub set_your_password: String,
    pub open_the_inbox: String,
    pub confirm_fleet_account_subject: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerRequestTexts {
    pub csv_multipart: String,
    pub renewal_multipart: String,
    pub logo_multipart: String,
    pub document_multipart: String,
    pub at_most: String,
    pub unknown_role: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerEldTexts {
    pub sync_kind_invalid: String,
    pub csv_too_large: String,
    pub csv_required: String,
    pub import_busy: String,
    pub sync_interrupted: String,
    pub unknown_provider_named: String,
    pub unknown_provider: String,
    pub api_key_invalid: String,
    pub api_key_too_long: String,
    pub too_long: String,
    pub server_name: String,
    pub connection_raced: String,
    pub frequency_invalid: String,
    pub csv_fleet: String,
    pub not_queued: String,
    pub assignment_warning: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerBrokerTexts {
    pub role_invalid: String,
    pub password_already_set: String,
    pub saved_search_limit: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerComplianceTexts {
    pub unknown_cursor: String,
    pub csv_headers: Vec<String>,
    pub lapse_notice: String,
    pub day_reminder: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerDriverPortalTexts {
    pub phone_invalid: String,
    pub renewal_target_invalid: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerPostingTexts {
    pub source_invalid: String,
    pub status_invalid: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerBillingTexts {
    pub charged_less: String,
    pub carrier_grew: String,
    pub carrier_not_rechecked: String,
    pub plan_name: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerDriverTexts {
    pub username_taken: String,
    pub email_taken: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerFleetTexts {
    pub image_required: String,
    pub session_timeout_invalid: String,
    pub login_method_invalid: String,
    pub password_mode_invalid: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerDocumentTexts {
    pub unnamed_asset: String,
}

/// A text with its `{name}` marks filled in from `values`.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ComplianceTexts {
    pub groups: std::collections::BTreeMap<String, String>,
    pub kinds: std::collections::BTreeMap<String, String>,
    pub mcs150: String,
    pub qualification_kinds: std::collections::BTreeMap<String, String>,
    pub digest_subject: String,
    pub fmcsa_subject: String,
    pub thresholds_invalid: String,
    pub recipients_invalid: String,
    pub date_invalid: String,
    pub kind_invalid: String,
    pub asset_needs_kind: String,
    pub range_invalid: String,
    pub feed_not_found: String,
    pub qualification_needs_expiry: String,
    pub qualification_needs_done_on: String,
    pub document_not_drivers: String,
    pub renewal_qualification_invalid: String,
    pub field_too_long: String,
    pub fmcsa_check: FmcsaCheckTexts,
}

/// What "Check FMCSA now" answers when it cannot run.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FmcsaCheckTexts {
    pub too_soon: String,
    pub unavailable: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PortalReviewTexts {
    pub reason_required: String,
}

/// Messages on a load (issue 32 §4): what the server refuses, the bell's
/// entry and the e-mails for a message left unread.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadMessagesTexts {
    pub message_required: String,
    pub message_too_long: String,
    pub control_characters: String,
    pub bell_title: String,
    pub office_email_subject: String,
    pub office_email_intro: String,
    pub driver_email_subject: String,
    pub driver_email_intro: String,
    pub open_load: String,
    pub open_portal: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboxTexts {
    pub email_subject: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriverPortalTexts {
    pub disabled: String,
    pub invalid_username_credentials: String,
    pub invalid_email_credentials: String,
    pub invite_invalid: String,
    pub invite_needs_email: String,
    pub shared_password: String,
    pub already_reviewed: String,
    pub wrong_current_password: String,
    pub field_required: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingTexts {
    pub plan_name: String,
    pub default_description: String,
    pub empty_state: String,
    pub portal_failed: String,
    pub read_only_refused: String,
    pub billing_unavailable: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentTexts {
    /// Stored type value → label.
    pub types: std::collections::BTreeMap<String, String>,
    pub file_required: String,
    pub required_fields: String,
    pub file_too_large: String,
    pub file_type_not_allowed: String,
    pub file_empty: String,
    pub unknown_document_type: String,
    pub vehicle_not_found: String,
    pub driver_not_found: String,
    pub vehicle_type_required: String,
    pub date_invalid: String,
    pub expiration_before_issue: String,
    pub name_too_long: String,
    pub description_too_long: String,
    pub load_documents: LoadDocumentTexts,
}

/// What the server says of a load's documents (the SPA reads the rest).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadDocumentTexts {
    pub type_on_load_only: String,
    pub type_not_for_load: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EldTexts {
    pub missing_information: String,
    pub omnitracs_partner_only: String,
    pub integration_not_found: String,
    pub api_key_missing: String,
    pub trucks_not_configured: String,
    pub trucks_key_missing: String,
    pub drivers_not_connected: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FleetTexts {
    pub assets: FleetAssetTexts,
    pub portal: PortalTexts,
    pub driver_form: DriverFormTexts,
    pub settings_form: SettingsFormTexts,
    pub unknown_driver: String,
    pub unnamed_trailer: String,
    pub color_invalid: String,
    pub session_timeout_min: String,
    pub session_timeout_max: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FleetAssetTexts {
    pub unnamed_truck: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriverFormTexts {
    pub name_required: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsFormTexts {
    pub legal_name_required: String,
    pub logo_too_large: String,
    pub logo_not_image: String,
    pub time_zone: TimeZoneTexts,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeZoneTexts {
    pub unknown: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PortalTexts {
    pub system_password_required: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminTexts {
    pub fleet_already_exists: String,
    pub fleet_admin_exists: String,
    pub user_exists: String,
    pub cannot_change_own_role: String,
    pub fleet_account_required: String,
    pub user_required: String,
    pub dashboard_ready_subject: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignupTexts {
    pub dot_required: String,
    pub dot_numeric: String,
    pub dot_too_long: String,
    pub first_name_required: String,
    pub last_name_required: String,
    pub email_invalid: String,
    pub phone_invalid: String,
    pub field_too_long: String,
    pub lookup_error: String,
    pub no_carrier: String,
    pub lookup_unavailable: String,
    pub checkout_failed: String,
    pub no_checkout_url: String,
    pub signup_not_found: String,
    pub signup_completed: String,
    pub signup_frozen: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionSuccessTexts {
    pub password_min: String,
    pub password_max: String,
    pub password_upper: String,
    pub password_lower: String,
    pub password_number: String,
    pub please_sign_in: String,
    pub missing_email: String,
    pub session_not_found: String,
    pub verify_failed: String,
    pub status_info: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestCheckoutTexts {
    pub declined: String,
    pub invalid_card: String,
    pub invalid_expiry: String,
    pub invalid_cvc: String,
    pub already_paid: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrandTexts {
    pub name: String,
    pub support_email: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthTexts {
    pub email_password_required: String,
    pub password_min: String,
    pub password_too_long: String,
    pub email_invalid: String,
    pub email_too_long: String,
    pub name_too_long: String,
    pub invalid_credentials: String,
    pub email_not_confirmed: String,
    pub email_already_registered: String,
    pub too_many_attempts: String,
    pub too_many_requests: String,
    pub server_busy: String,
    pub session_missing: String,
    pub csrf_invalid: String,
    pub email_confirmed_description: String,
    pub confirm_link_invalid: String,
    pub reset_request_sent: String,
    pub reset_done: String,
    pub reset_link_invalid: String,
    pub account_created_self_description: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorTexts {
    pub generic: String,
    pub control_characters: String,
    pub malformed_json: String,
    pub unsupported_media_type: String,
    pub payload_too_large: String,
    pub not_found: String,
    pub forbidden: String,
    pub unauthorized: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_puts_each_value_in_its_mark_and_leaves_the_rest() {
        assert_eq!(
            fill("At most {max} characters", &[("max", "200")]),
            "At most 200 characters"
        );
        assert_eq!(
            fill("{a} and {a}, not {b}", &[("a", "x")]),
            "x and x, not {b}"
        );
        assert_eq!(
            fill(&texts().server.billing.plan_name, &[("size", "6-10")]),
            "Longhaul 6-10 plan"
        );
        assert_eq!(texts().server.compliance.csv_headers.len(), 7);
        assert_eq!(texts().board.equipment["van"], "Dry Van");
    }

    #[test]
    fn texts_json_parses_and_keeps_spec_wording() {
        assert_eq!(
            texts().auth.email_password_required,
            "Email and password are required"
        );
        assert_eq!(
            texts().auth.account_created_self_description,
            "Please check your email to confirm your account."
        );
    }
}
