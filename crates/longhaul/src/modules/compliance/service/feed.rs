//! The iCalendar feed: a secret URL per fleet that calendar apps subscribe
//! to. Only the token's SHA-256 is stored, so the link is shown once when
//! made; making a new one or revoking ends the old one.

use super::calendar;
use super::filter::Filter;
use super::settings::default_row;
use crate::crypto::tokens::{hash_token, random_token};
use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{CalendarFeedLink, ComplianceItem};
use crate::modules::compliance::repo;
use chrono::{NaiveDate, Utc};
use db::SystemKey;
use db::entities::compliance_setting;
use db::tenancy::TenantScope;
use icalendar::{Calendar, Component, Event, EventLike};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// How far back the feed reaches (older lapsed items stay on the calendar page).
pub const FEED_PAST_DAYS: i64 = 365;

pub fn feed_url(public_url: &str, token: &str) -> String {
    format!("{public_url}/api/compliance/calendar/{token}.ics")
}

pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    public_url: &str,
) -> Result<CalendarFeedLink, ComplianceError> {
    let token = random_token();
    let now = Utc::now();
    let mut row = default_row(scope.fleet_account_id());
    row.calendar_token_hash = Set(Some(hash_token(&token)));
    row.calendar_token_created_at = Set(Some(now));
    let txn = db::tenancy::write(db, scope).await?;
    repo::settings::upsert(
        &txn,
        row,
        &[
            compliance_setting::Column::CalendarTokenHash,
            compliance_setting::Column::CalendarTokenCreatedAt,
        ],
    )
    .await?;
    txn.commit().await?;
    Ok(CalendarFeedLink {
        url: feed_url(public_url, &token),
        created_at: now,
    })
}

pub async fn revoke(db: &DatabaseConnection, scope: TenantScope) -> Result<(), ComplianceError> {
    let mut row = default_row(scope.fleet_account_id());
    row.calendar_token_hash = Set(None);
    row.calendar_token_created_at = Set(None);
    let txn = db::tenancy::write(db, scope).await?;
    repo::settings::upsert(
        &txn,
        row,
        &[
            compliance_setting::Column::CalendarTokenHash,
            compliance_setting::Column::CalendarTokenCreatedAt,
        ],
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The fleet a feed token opens, if it is live. The token is the only
/// credential, so the lookup is by its hash in the system scope.
pub async fn fleet_of_token(
    db: &DatabaseConnection,
    key: &SystemKey,
    token: &str,
) -> Result<Option<Uuid>, ComplianceError> {
    let token = token.trim_end_matches(".ics");
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let txn = db::tenancy::system_read(db, key).await?;
    let row = repo::settings::by_feed_token_hash(&txn, hash_token(token)).await?;
    txn.commit().await?;
    Ok(row.map(|r| r.fleet_account_id))
}

/// The feed a token opens, as iCalendar; `None` when the token opens none.
pub async fn feed_of_token(
    db: &DatabaseConnection,
    key: &SystemKey,
    token: &str,
    public_url: &str,
) -> Result<Option<String>, ComplianceError> {
    let Some(fleet) = fleet_of_token(db, key, token).await? else {
        return Ok(None);
    };
    // The token is the credential: the fleet it names, nothing else.
    let scope = TenantScope::for_calendar_feed(fleet);
    let today = calendar::today(db, scope, Utc::now()).await?;
    let filter = Filter {
        from: Some(feed_start(today)),
        ..Filter::default()
    };
    let items = calendar::all(db, scope, filter, today).await?;
    let txn = db::tenancy::read(db, scope).await?;
    let account = repo::items::fleet(&txn).await?;
    txn.commit().await?;
    let name = account
        .map(|a| domain::fleet::fleet_display_name(a.dba_name.as_deref(), &a.legal_name))
        .unwrap_or_default();
    Ok(Some(ics(&name, &items, public_url)))
}

/// The feed's earliest date.
pub fn feed_start(today: NaiveDate) -> NaiveDate {
    today - chrono::Duration::days(FEED_PAST_DAYS)
}

/// One all-day event per item, on its date.
pub fn ics(fleet_name: &str, items: &[ComplianceItem], public_url: &str) -> String {
    let mut calendar = Calendar::new();
    calendar.name(&format!("{fleet_name} — compliance"));
    let stamp = Utc::now();
    for item in items {
        let summary = match &item.asset_name {
            Some(asset) => format!("{} — {asset}", item.title),
            None => item.title.clone(),
        };
        let link = format!("{public_url}{}", item.link);
        let event = Event::new()
            .uid(&format!("{}@longhaul", item.key))
            .summary(&summary)
            .description(&format!("{} due {}. {link}", item.type_label, item.due_on))
            .url(&link)
            .all_day(item.due_on)
            .timestamp(stamp)
            .done();
        calendar.push(event);
    }
    calendar.done().to_string()
}
