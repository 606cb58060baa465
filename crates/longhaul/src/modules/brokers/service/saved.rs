//! A broker user's saved searches: each user sees and changes only their
//! own, inside their broker account (row-level security on PostgreSQL).
//! Each has a one-click unsubscribe token for its alert e-mails.

use super::board::check;
use crate::crypto::Cipher;
use crate::crypto::tokens::{hash_token, random_token};
use crate::modules::brokers::BrokersError;
use crate::modules::brokers::dto::{
    CreateSavedSearch, SavedSearchView, SearchCriteria, Unsubscribed, UpdateSavedSearch,
};
use crate::modules::brokers::repo::saved as repo;
use chrono::Utc;
use db::entities::saved_search;
use db::tenancy::{self, BrokerScope, SystemKey};
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
use uuid::Uuid;

const MAX_NAME: usize = 100;
/// Saved searches per user: enough for every lane a broker works.
const MAX_PER_USER: u64 = 100;

pub fn view(s: &saved_search::Model) -> SavedSearchView {
    SavedSearchView {
        id: s.id,
        name: s.name.clone(),
        criteria: serde_json::from_value(s.criteria.clone()).unwrap_or_default(),
        alerts: s.alerts,
        created_at: s.created_at,
        last_alert_at: s.last_alert_at,
    }
}

fn name_of(raw: &str) -> Result<String, BrokersError> {
    let name = raw.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(BrokersError::invalid(
            "name",
            &domain::texts().board.saved.name_required,
        ));
    }
    Ok(name.to_owned())
}

pub async fn list(
    db: &DatabaseConnection,
    scope: BrokerScope,
    profile_id: Uuid,
) -> Result<Vec<SavedSearchView>, BrokersError> {
    let txn = tenancy::broker_read(db, scope).await?;
    let rows = repo::of_user(&txn, profile_id).await?;
    txn.commit().await?;
    Ok(rows.iter().map(view).collect())
}

pub async fn create(
    db: &DatabaseConnection,
    cipher: &Cipher,
    scope: BrokerScope,
    profile_id: Uuid,
    input: &CreateSavedSearch,
) -> Result<SavedSearchView, BrokersError> {
    let name = name_of(&input.name)?;
    let now = Utc::now();
    // The same checks as a search: a saved search always runs.
    check(&input.criteria, 1, now)?;
    let criteria = SearchCriteria {
        origin: input.criteria.origin.trim().to_owned(),
        ..input.criteria.clone()
    };
    let token = random_token();
    let txn = tenancy::broker_write(db, scope).await?;
    let count = repo::count_of_user(&txn, profile_id).await?;
    if count >= MAX_PER_USER {
        return Err(BrokersError::conflict(
            "too_many_saved_searches",
            domain::texts::fill(
                &domain::texts().server.brokers.saved_search_limit,
                &[("max", &MAX_PER_USER.to_string())],
            ),
        ));
    }
    let row = saved_search::ActiveModel {
        id: Set(Uuid::new_v4()),
        broker_account_id: Set(scope.broker_account_id()),
        profile_id: Set(profile_id),
        name: Set(name),
        criteria: Set(serde_json::to_value(&criteria).map_err(anyhow::Error::from)?),
        alerts: Set(input.alerts),
        unsubscribe_token_hash: Set(Some(hash_token(&token))),
        unsubscribe_token_sealed: Set(Some(cipher.encrypt(&token))),
        checked_until: Set(now),
        last_alert_at: Set(None),
        created_at: Set(now),
    };
    let saved = repo::insert(&txn, row).await?;
    txn.commit().await?;
    Ok(view(&saved))
}

async fn own(
    txn: &db::tenancy::BrokerTx,
    profile_id: Uuid,
    id: Uuid,
) -> Result<saved_search::Model, BrokersError> {
    repo::own(txn, profile_id, id)
        .await?
        .ok_or(BrokersError::NotFound)
}

pub async fn update(
    db: &DatabaseConnection,
    scope: BrokerScope,
    profile_id: Uuid,
    id: Uuid,
    input: &UpdateSavedSearch,
) -> Result<SavedSearchView, BrokersError> {
    let name = input.name.as_deref().map(name_of).transpose()?;
    let txn = tenancy::broker_write(db, scope).await?;
    let found = own(&txn, profile_id, id).await?;
    let turning_on = input.alerts == Some(true) && !found.alerts;
    let mut row = found.into_active_model();
    if let Some(name) = name {
        row.name = Set(name);
    }
    if let Some(alerts) = input.alerts {
        row.alerts = Set(alerts);
    }
    if turning_on {
        // Alerts are for what is new from now on, not what came while off.
        row.checked_until = Set(Utc::now());
    }
    let saved = repo::update(&txn, row).await?;
    txn.commit().await?;
    Ok(view(&saved))
}

pub async fn delete(
    db: &DatabaseConnection,
    scope: BrokerScope,
    profile_id: Uuid,
    id: Uuid,
) -> Result<(), BrokersError> {
    let txn = tenancy::broker_write(db, scope).await?;
    let deleted = repo::delete_own(&txn, profile_id, id).await?;
    if deleted == 0 {
        return Err(BrokersError::NotFound);
    }
    txn.commit().await?;
    Ok(())
}

fn token_ok(token: &str) -> bool {
    !token.is_empty() && token.len() <= 128
}

/// The search an unsubscribe link names (the link is the credential).
pub async fn by_token(
    db: &DatabaseConnection,
    key: &SystemKey,
    token: &str,
) -> Result<String, BrokersError> {
    if !token_ok(token) {
        return Err(BrokersError::NotFound);
    }
    let txn = tenancy::system_read(db, key).await?;
    let found = repo::by_token_hash(&txn, hash_token(token))
        .await?
        .ok_or(BrokersError::NotFound)?;
    txn.commit().await?;
    Ok(found.name)
}

/// Turns the search's alerts off; repeating it is harmless.
pub async fn unsubscribe(
    db: &DatabaseConnection,
    key: &SystemKey,
    token: &str,
) -> Result<Unsubscribed, BrokersError> {
    if !token_ok(token) {
        return Err(BrokersError::NotFound);
    }
    let txn = tenancy::system_write(db, key).await?;
    let found = repo::by_token_hash(&txn, hash_token(token))
        .await?
        .ok_or(BrokersError::NotFound)?;
    let name = found.name.clone();
    let mut row = found.into_active_model();
    row.alerts = Set(false);
    repo::update(&txn, row).await?;
    txn.commit().await?;
    Ok(Unsubscribed {
        name,
        unsubscribed: true,
    })
}
