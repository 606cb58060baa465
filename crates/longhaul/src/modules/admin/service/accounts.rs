//! The Accounts and Fleet Accounts tabs, and making a user the fleet admin
//! of a fleet.

use super::super::dto::{AccountItem, FleetAccountItem};
use super::super::error::AdminError;
use super::super::repo::{accounts, users};
use super::{Actor, AdminDeps, record, send_dashboard_ready};
use crate::modules::auth::profiles as login;
use crate::modules::billing::{BillingError, billing_state_of_fleet};
use crate::paging::{Page, PageQuery};
use db::entities::{account, fleet_account, profile};
use domain::{Role, texts};
use sea_orm::ConnectionTrait;
use sea_orm::DbErr;
use serde_json::json;
use std::collections::HashMap;
use uuid::Uuid;

fn fleet_item(fleet: fleet_account::Model, owners: &HashMap<Uuid, String>) -> FleetAccountItem {
    FleetAccountItem {
        owner_email: fleet.owner_id.and_then(|id| owners.get(&id).cloned()),
        id: fleet.id,
        legal_name: fleet.legal_name,
        dot_number: fleet.dot_number,
        power_units: fleet.power_units,
        status: fleet.status,
        owner_id: fleet.owner_id,
    }
}

pub async fn list_fleet_accounts(
    deps: &AdminDeps<'_>,
    query: &PageQuery,
) -> Result<Page<FleetAccountItem>, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let (rows, total) = accounts::fleets_page(&txn, query).await?;
    let owners =
        accounts::emails_of(&txn, rows.iter().filter_map(|f| f.owner_id).collect()).await?;
    txn.commit().await?;
    Ok(Page {
        items: rows.into_iter().map(|f| fleet_item(f, &owners)).collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

/// Accounts newest first with their fleet account; system accounts hidden.
pub async fn list_accounts(
    deps: &AdminDeps<'_>,
    query: &PageQuery,
) -> Result<Page<AccountItem>, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let (rows, total) = accounts::accounts_page(&txn, query).await?;
    let owners = accounts::emails_of(
        &txn,
        rows.iter()
            .filter_map(|(_, f)| f.as_ref().and_then(|f| f.owner_id))
            .collect(),
    )
    .await?;
    let mut billing = Vec::with_capacity(rows.len());
    for (_, fleet) in &rows {
        billing.push(match fleet {
            Some(fleet) => Some(
                billing_state_of_fleet(&txn, fleet, deps.grace_days)
                    .await
                    .map_err(|err| match err {
                        BillingError::Database(err) => AdminError::Database(err),
                        other => AdminError::Database(DbErr::Custom(other.to_string())),
                    })?,
            ),
            None => None,
        });
    }
    txn.commit().await?;
    Ok(Page {
        items: rows
            .into_iter()
            .zip(billing)
            .map(|((a, f), billing)| AccountItem {
                id: a.id,
                name: a.name,
                account_type: a.account_type,
                is_active: a.is_active,
                created_at: a.created_at,
                mc_number: a.mc_number,
                fleet_account: f.map(|f| fleet_item(f, &owners)),
                billing,
            })
            .collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

pub async fn fleet_item_by_id(
    deps: &AdminDeps<'_>,
    fleet_id: Uuid,
) -> Result<FleetAccountItem, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let fleet = accounts::fleet(&txn, fleet_id)
        .await?
        .ok_or(AdminError::NotFound)?;
    let owners = accounts::emails_of(&txn, fleet.owner_id.into_iter().collect()).await?;
    txn.commit().await?;
    Ok(fleet_item(fleet, &owners))
}

/// The fleet's accounts row, created when it is missing (spec part 1 §4).
async fn account_for_fleet<C: ConnectionTrait>(
    db: &C,
    fleet: &fleet_account::Model,
) -> Result<account::Model, AdminError> {
    if let Some(existing) = accounts::account_of_fleet(db, fleet.id).await? {
        return Ok(existing);
    }
    Ok(accounts::insert_fleet_account_row(db, fleet).await?)
}

/// Makes `user_id` the fleet admin of `fleet_id`: role fleet_admin, the
/// account set, the fleet's owner and status active — one transaction —
/// then the "dashboard ready" e-mail. `action` names it in the audit log.
pub async fn assign_fleet(
    deps: &AdminDeps<'_>,
    actor: &Actor,
    user_id: Uuid,
    fleet_id: Uuid,
    action: &str,
) -> Result<(profile::Model, fleet_account::Model), AdminError> {
    if user_id == actor.id {
        return Err(AdminError::OwnRole);
    }
    let txn = db::tenancy::system_write(deps.db, deps.system_key).await?;
    let user = users::find(&txn, user_id)
        .await?
        .ok_or(AdminError::NotFound)?;
    let fleet = accounts::fleet(&txn, fleet_id).await?.ok_or_else(|| {
        AdminError::invalid("fleet_account_id", &texts().admin.fleet_account_required)
    })?;
    let account = account_for_fleet(&txn, &fleet).await?;
    // The previous owner loses the fleet: detached, signed out, audited.
    if let Some(previous) = fleet.owner_id.filter(|id| *id != user.id) {
        detach_owner(&txn, actor, previous, Some(account.id), "detach_owner").await?;
    }
    // The new owner owned another fleet: that fleet no longer names them.
    accounts::clear_ownerships(&txn, user.id, Some(fleet.id)).await?;
    let before = json!({ "role": user.role, "account_id": user.account_id, "fleet_owner_id": fleet.owner_id, "fleet_status": fleet.status });
    let user = users::set_role(
        &txn,
        user,
        Some(Role::FleetAdmin.as_str()),
        Some(account.id),
    )
    .await?;
    let fleet = accounts::set_owner(&txn, fleet, user.id).await?;
    let after = json!({ "role": user.role, "account_id": user.account_id, "fleet_owner_id": fleet.owner_id, "fleet_status": fleet.status, "fleet": fleet.legal_name });
    record(
        &txn,
        actor,
        action,
        ("profile", user.id.to_string()),
        Some(before),
        Some(after),
    )
    .await?;
    txn.commit().await?;
    send_dashboard_ready(deps, &user.email, &fleet.legal_name, None).await;
    Ok((user, fleet))
}

/// A fleet's previous owner: when their account is the fleet's, they lose
/// the account and the fleet_admin role and every session of theirs ends;
/// the audit log records it either way. (An owner who had already moved to
/// another account keeps that.)
async fn detach_owner<C: ConnectionTrait>(
    db: &C,
    actor: &Actor,
    owner_id: Uuid,
    fleet_account_row: Option<Uuid>,
    action: &str,
) -> Result<(), AdminError> {
    let Some(owner) = users::find(db, owner_id).await? else {
        return Ok(());
    };
    let before = json!({ "role": owner.role, "account_id": owner.account_id });
    let on_this_fleet = owner.account_id.is_some() && owner.account_id == fleet_account_row;
    let mut after = before.clone();
    if on_this_fleet {
        let role = match owner.role.as_deref() {
            Some(role) if role == Role::FleetAdmin.as_str() => None,
            other => other.map(str::to_owned),
        };
        let owner = users::set_role(db, owner, role.as_deref(), None).await?;
        after = json!({ "role": owner.role, "account_id": owner.account_id });
        login::end_sessions(db, owner_id).await?;
    }
    record(
        db,
        actor,
        action,
        ("profile", owner_id.to_string()),
        Some(before),
        Some(after),
    )
    .await
}
