//! Saved-search alerts (job `saved_search_alerts`, every 5 minutes): for
//! each search with alerts on whose last digest is an hour old or more,
//! the matching postings posted since it last looked; when there are any,
//! one digest e-mail. Claiming the search (moving `checked_until` and
//! `last_alert_at` only if nobody else did) and storing the mail in the
//! outbox are one transaction, so two runs at once send it once.

use super::board::{check, run as run_search};
use crate::modules::brokers::deps::BrokersDeps;
use crate::modules::brokers::dto::SearchCriteria;
use crate::modules::brokers::emails::{self, DigestTruck};
use crate::modules::brokers::repo;
use chrono::{DateTime, Duration, Utc};
use db::entities::saved_search;
use db::tenancy::{self, BrokerScope};

/// At most one digest per search in this long.
pub const DIGEST_EVERY: Duration = Duration::hours(1);
/// The trucks a digest lists by name; the rest are counted.
const LISTED: usize = 10;

/// Sends the digests that are due; returns how many.
pub async fn run(deps: &BrokersDeps<'_>, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let txn = tenancy::system_read(deps.db, deps.system_key).await?;
    let due = repo::saved::alerts_due(&txn, now - DIGEST_EVERY).await?;
    txn.commit().await?;
    let mut sent = 0;
    for search in due {
        match digest_one(deps, &search, now).await {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(err) => {
                tracing::warn!(saved_search = %search.id, error = %format!("{err:#}"), "saved-search digest failed");
            }
        }
    }
    Ok(sent)
}

fn label(equipment: &str) -> String {
    domain::texts()
        .board
        .equipment
        .get(equipment)
        .map(String::as_str)
        .map_or_else(|| equipment.to_owned(), str::to_owned)
}

async fn digest_one(
    deps: &BrokersDeps<'_>,
    search: &saved_search::Model,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let criteria: SearchCriteria = serde_json::from_value(search.criteria.clone())?;
    let Ok(mut checked) = check(&criteria, 1, now) else {
        return Ok(false);
    };
    let since = checked
        .query
        .posted_after
        .map_or(search.checked_until, |a| a.max(search.checked_until));
    checked.query.posted_after = Some(since + Duration::microseconds(1));
    let scope = BrokerScope::for_job(search.broker_account_id);
    let txn = tenancy::broker_write(deps.db, scope).await?;
    let (results, more) = run_search(&txn, &checked).await?;
    if results.is_empty() {
        txn.rollback().await?;
        return Ok(false);
    }
    let Some(owner) = repo::users::active(&txn, search.profile_id).await? else {
        txn.rollback().await?;
        return Ok(false);
    };
    // The claim: only if no other run moved it meanwhile.
    let claimed = repo::saved::claim_alert(&txn, search.id, search.checked_until, now).await?;
    if !claimed {
        txn.rollback().await?;
        return Ok(false);
    }
    let trucks: Vec<DigestTruck> = results
        .iter()
        .take(LISTED)
        .map(|r| DigestTruck {
            equipment: label(&r.equipment_type),
            origin: r.origin.label.clone(),
            deadhead: r
                .deadhead_mi
                .map_or_else(String::new, |m| format!("{m:.0}")),
            window: format!(
                "{} to {}",
                r.available_from.format(DATE),
                r.available_to.format(DATE)
            ),
            carrier: r.carrier.legal_name.clone(),
            dot: r.carrier.dot_number.clone(),
        })
        .collect();
    let token = search
        .unsubscribe_token_sealed
        .as_deref()
        .and_then(|sealed| deps.cipher.decrypt(sealed).ok())
        .unwrap_or_default();
    let public = deps.public_url;
    let count = results.len() + usize::from(more);
    let mail = emails::digest(
        &owner.email,
        &search.name,
        &trucks,
        count,
        &format!("{public}/broker/board?{}", board_query(&criteria)),
        &format!("{public}/unsubscribe/{token}"),
    )?;
    let stored = crate::mail::outbox::store_in(&txn, deps.cipher, &[mail]).await?;
    txn.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "saved-search digest").await;
    Ok(true)
}

/// Dates as the product shows them ('Jan 5, 2025').
const DATE: &str = "%b %-d, %Y";

/// The board's address for the search (as the web's `searchFromCriteria`
/// writes it), so the e-mail opens the matches rather than the list of
/// saved searches.
fn board_query(c: &SearchCriteria) -> String {
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    q.append_pair("origin", c.origin.trim());
    if let Some(radius) = c.radius_mi {
        q.append_pair("radius_mi", &radius.to_string());
    }
    if !c.destinations.is_empty() {
        q.append_pair("destinations", &c.destinations.join(","));
    }
    if !c.equipment.is_empty() {
        q.append_pair("equipment", &c.equipment.join(","));
    }
    if let Some(from) = c.available_from {
        q.append_pair("available_from", &from.to_string());
    }
    if let Some(to) = c.available_to {
        q.append_pair("available_to", &to.to_string());
    }
    if let Some(hours) = c.max_age_hours {
        q.append_pair("max_age_hours", &hours.to_string());
    }
    if c.include_not_allowed {
        q.append_pair("include_not_allowed", "true");
    }
    q.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_links_to_the_search_on_the_board() {
        let criteria: SearchCriteria = serde_json::from_value(serde_json::json!({
            "origin": "Chicago, IL", "radius_mi": 150, "equipment": ["van", "reefer"],
            "destinations": ["TX"], "available_from": "2026-12-01"
        }))
        .unwrap();
        assert_eq!(
            board_query(&criteria),
            "origin=Chicago%2C+IL&radius_mi=150&destinations=TX&equipment=van%2Creefer&available_from=2026-12-01"
        );
        let day = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap();
        assert_eq!(day.format(DATE).to_string(), "Jan 5, 2026");
    }
}
