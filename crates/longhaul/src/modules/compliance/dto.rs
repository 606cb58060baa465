//! The compliance API's request and response bodies.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// One dated item of the fleet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplianceItem {
    /// Stable id: `doc:{id}`, `qual:{id}` or `fleet:mcs150`.
    pub key: String,
    /// document | qualification | fleet
    pub source: String,
    /// company | truck | trailer | driver
    pub kind: String,
    /// The document's name, or the item's label.
    pub title: String,
    /// The document type's or the qualification's label.
    pub type_label: String,
    pub asset_id: Option<Uuid>,
    pub asset_name: Option<String>,
    pub document_id: Option<Uuid>,
    pub due_on: NaiveDate,
    /// overdue | next30 | next90 | later
    pub group: String,
    /// Where the item is managed in the dashboard (an SPA path).
    pub link: String,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct GroupCounts {
    pub overdue: u64,
    pub next30: u64,
    pub next90: u64,
    pub later: u64,
}

/// One group of the calendar's list: its size and its first items.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CalendarGroupItems {
    pub group: String,
    pub total: u64,
    pub items: Vec<ComplianceItem>,
    /// Pass as `after` to `/api/fleet/compliance/items` for the rest.
    pub next_cursor: Option<String>,
}

/// The calendar page: every group's count and first items.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CalendarPage {
    pub today: NaiveDate,
    pub counts: GroupCounts,
    pub groups: Vec<CalendarGroupItems>,
}

/// Filters shared by the calendar, the item list and the export.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CalendarQuery {
    /// company | truck | trailer | driver
    pub kind: Option<String>,
    /// A truck, trailer or driver id (with its `kind`).
    pub asset_id: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ItemsQuery {
    pub kind: Option<String>,
    pub asset_id: Option<String>,
    /// overdue | next30 | next90 | later
    pub group: Option<String>,
    /// First date, YYYY-MM-DD (the month view).
    pub from: Option<String>,
    /// Last date, YYYY-MM-DD.
    pub to: Option<String>,
    /// The `next_cursor` of the page before.
    pub after: Option<String>,
    /// At most 500; 50 when not given.
    pub limit: Option<u64>,
}

/// The export's filters (every matching item, no paging).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    pub kind: Option<String>,
    pub asset_id: Option<String>,
    /// overdue | next30 | next90 | later
    pub group: Option<String>,
    /// First date, YYYY-MM-DD.
    pub from: Option<String>,
    /// Last date, YYYY-MM-DD.
    pub to: Option<String>,
}

impl From<ExportQuery> for ItemsQuery {
    fn from(q: ExportQuery) -> Self {
        ItemsQuery {
            kind: q.kind,
            asset_id: q.asset_id,
            group: q.group,
            from: q.from,
            to: q.to,
            after: None,
            limit: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ItemsPage {
    /// The server's date the groups and phrases count from.
    pub today: NaiveDate,
    pub items: Vec<ComplianceItem>,
    pub next_cursor: Option<String>,
}

/// The overview card's summary.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplianceSummary {
    pub overdue: u64,
    pub due_in30: u64,
    /// Whether the fleet has any truck, trailer or driver yet.
    pub has_assets: bool,
}

/// A driver's qualification item.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QualificationView {
    /// cdl | medical | mvr | clearinghouse | drug_test
    pub kind: String,
    pub label: String,
    /// Whether anything is recorded for it yet.
    pub recorded: bool,
    pub number: Option<String>,
    pub state: Option<String>,
    pub class: Option<String>,
    pub done_on: Option<NaiveDate>,
    pub expires_on: Option<NaiveDate>,
    /// When it lapses (the expiry, or 12 months after it was done).
    pub due_on: Option<NaiveDate>,
    /// overdue | next30 | next90 | later, when it has a due date.
    pub group: Option<String>,
    pub document_id: Option<Uuid>,
    pub document_name: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A qualification item as the fleet admin saves it. Which dates apply
/// depends on the kind: CDL and medical card have an expiry; MVR review,
/// Clearinghouse query and drug test the date done.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct QualificationInput {
    pub number: Option<String>,
    pub state: Option<String>,
    pub class: Option<String>,
    /// YYYY-MM-DD
    pub done_on: Option<String>,
    /// YYYY-MM-DD
    pub expires_on: Option<String>,
    /// A document of this driver that backs the item.
    pub document_id: Option<Uuid>,
}

/// A fleet admin who can receive the digest.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReminderRecipient {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub selected: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ComplianceSettingsView {
    /// Days before a date at which reminders go out (0: the day it lapses).
    pub thresholds: Vec<u32>,
    /// The choices: 90, 60, 30, 7, 1, 0.
    pub available_thresholds: Vec<u32>,
    pub recipients: Vec<ReminderRecipient>,
    /// Whether a calendar feed link is active, and since when.
    pub feed_active: bool,
    pub feed_created_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ComplianceSettingsInput {
    pub thresholds: Vec<u32>,
    /// Fleet admins' profile ids; every admin when empty.
    pub recipients: Vec<Uuid>,
}

/// A new calendar feed link: shown once, since only its hash is kept.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CalendarFeedLink {
    pub url: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NotificationView {
    pub id: Uuid,
    /// reminder | fmcsa
    pub kind: String,
    pub title: String,
    pub detail: Option<String>,
    pub due_on: Option<NaiveDate>,
    pub link: String,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NotificationList {
    pub unread: u64,
    pub items: Vec<NotificationView>,
    pub attention: BellAttention,
}

/// What needs the office now, read live from the calendar and the renewals
/// queue (not from notifications, which can be read and are made only when a
/// reminder runs): the bell says the same as the overview, and an overdue
/// item stays until it is resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BellAttention {
    pub overdue: u64,
    pub due_in30: u64,
    /// Driver renewals waiting for review.
    pub pending_renewals: u64,
    /// The first overdue items, oldest first.
    pub overdue_items: Vec<ComplianceItem>,
}

/// A change of a watched field of the fleet's FMCSA record.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FmcsaChangeView {
    pub id: Uuid,
    pub field: String,
    pub label: String,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    /// A change for the worse (red on the banner).
    pub adverse: bool,
    pub detected_at: DateTime<Utc>,
    pub dismissed: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FmcsaHistory {
    /// When the record was last read from FMCSA, if it has been.
    pub last_checked_at: Option<DateTime<Utc>>,
    /// The fleet's first reading, which later changes are compared with.
    pub baseline: Option<FmcsaBaselineView>,
    /// No reading at all yet: FMCSA could not be reached when the fleet
    /// was created; the first check that succeeds stores the baseline.
    pub baseline_pending: bool,
    /// When "Check FMCSA now" may be pressed again; null: now.
    pub next_check_at: Option<DateTime<Utc>>,
    pub changes: Vec<FmcsaChangeView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FmcsaBaselineView {
    pub taken_at: DateTime<Utc>,
    /// Stored after FMCSA could not be reached at the fleet's creation.
    pub late: bool,
}

/// What "Check FMCSA now" found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FmcsaCheckOutcome {
    NoChanges,
    Changes,
    /// The fleet's first reading: its baseline is stored.
    Baseline,
    /// FMCSA knows no carrier with the fleet's USDOT number.
    NotFound,
    /// Another check stored a newer reading while this one ran.
    AlreadyChecked,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FmcsaCheckResult {
    pub outcome: FmcsaCheckOutcome,
    /// Changes recorded (shown in History, the bell and the banner).
    pub changes: u32,
    /// When the next on-demand check may run.
    pub next_check_at: DateTime<Utc>,
}

/// What the reminder job did (the dev trigger answers it).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct ReminderRun {
    pub fleets_checked: u64,
    pub digests_sent: u64,
    pub reminders: u64,
}
