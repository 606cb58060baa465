//! Accounts, fleet accounts, and making a user the fleet admin of a fleet.

use super::audit;
use super::emails;
use crate::http::ApiError;
use crate::http::paging::{Page, PageQuery, matches_any};
use crate::modules::auth::SessionUser;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use db::entities::{account, fleet_account, profile};
use domain::{Role, texts};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct FleetAccountItem {
    pub id: Uuid,
    pub legal_name: String,
    pub dot_number: String,
    pub power_units: i32,
    pub status: String,
    #[schema(required = true)]
    pub owner_id: Option<Uuid>,
    #[schema(required = true)]
    pub owner_email: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AccountItem {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub account_type: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub fleet_account: Option<FleetAccountItem>,
}

async fn owner_emails<C: ConnectionTrait>(
    db: &C,
    ids: Vec<Uuid>,
) -> Result<HashMap<Uuid, String>, ApiError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(profile::Entity::find()
        .filter(profile::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.email))
        .collect())
}

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

/// A system-scoped transaction: administration sees every fleet's rows.
pub async fn system_txn(state: &AppState) -> Result<DatabaseTransaction, ApiError> {
    let txn = db::begin_write(&state.db).await?;
    db::tenancy::set_system(&txn, &state.system_key).await?;
    Ok(txn)
}

pub async fn list_fleet_accounts(
    state: &AppState,
    query: &PageQuery,
) -> Result<Page<FleetAccountItem>, ApiError> {
    let txn = system_txn(state).await?;
    let mut select = fleet_account::Entity::find();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                fleet_account::Column::LegalName,
                fleet_account::Column::DotNumber,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_asc(fleet_account::Column::LegalName)
        .order_by_asc(fleet_account::Column::Id)
        .paginate(&txn, query.per_page());
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(query.page() - 1).await?;
    let owners = owner_emails(&txn, rows.iter().filter_map(|f| f.owner_id).collect()).await?;
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
    state: &AppState,
    query: &PageQuery,
) -> Result<Page<AccountItem>, ApiError> {
    let txn = system_txn(state).await?;
    let mut select = account::Entity::find()
        .find_also_related(fleet_account::Entity)
        .filter(account::Column::AccountType.ne("system"));
    if let Some(text) = query.search() {
        select = select.filter(
            matches_any(&[account::Column::Name], &text).add(matches_any(
                &[
                    fleet_account::Column::DotNumber,
                    fleet_account::Column::LegalName,
                ],
                &text,
            )),
        );
    }
    let paginator = select
        .order_by_desc(account::Column::CreatedAt)
        .order_by_desc(account::Column::Id)
        .paginate(&txn, query.per_page());
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(query.page() - 1).await?;
    let owners = owner_emails(
        &txn,
        rows.iter()
            .filter_map(|(_, f)| f.as_ref().and_then(|f| f.owner_id))
            .collect(),
    )
    .await?;
    txn.commit().await?;
    Ok(Page {
        items: rows
            .into_iter()
            .map(|(a, f)| AccountItem {
                id: a.id,
                name: a.name,
                account_type: a.account_type,
                is_active: a.is_active,
                created_at: a.created_at,
                fleet_account: f.map(|f| fleet_item(f, &owners)),
            })
            .collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

/// The fleet's accounts row, created when it is missing (spec part 1 §4).
pub async fn account_for_fleet<C: ConnectionTrait>(
    db: &C,
    fleet: &fleet_account::Model,
) -> Result<account::Model, ApiError> {
    if let Some(existing) = account::Entity::find()
        .filter(account::Column::FleetAccountId.eq(fleet.id))
        .one(db)
        .await?
    {
        return Ok(existing);
    }
    Ok(account::ActiveModel {
        id: Set(Uuid::new_v4()),
        name: Set(fleet.legal_name.clone()),
        account_type: Set("fleet".into()),
        fleet_account_id: Set(Some(fleet.id)),
        is_active: Set(true),
        created_at: Set(Utc::now()),
    }
    .insert(db)
    .await?)
}

/// Makes `user_id` the fleet admin of `fleet_id`: role fleet_admin, the
/// account set, the fleet's owner and status active — one transaction —
/// then the "dashboard ready" e-mail.
pub async fn assign_fleet(
    state: &AppState,
    actor: &SessionUser,
    user_id: Uuid,
    fleet_id: Uuid,
    action: &str,
) -> Result<(profile::Model, fleet_account::Model), ApiError> {
    if user_id == actor.profile.id {
        return Err(ApiError::Conflict {
            code: "own_role",
            message: texts().admin.cannot_change_own_role.clone(),
        });
    }
    let txn = system_txn(state).await?;
    let user = profile::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let fleet = fleet_account::Entity::find_by_id(fleet_id)
        .one(&txn)
        .await?
        .ok_or_else(|| {
            ApiError::field("fleet_account_id", &texts().admin.fleet_account_required)
        })?;
    let account = account_for_fleet(&txn, &fleet).await?;
    // The previous owner loses the fleet: detached, signed out, audited.
    if let Some(previous) = fleet.owner_id.filter(|id| *id != user.id) {
        detach_owner(&txn, actor, previous, Some(account.id), "detach_owner").await?;
    }
    // The new owner owned another fleet: that fleet no longer names them.
    clear_ownerships(&txn, user.id, Some(fleet.id)).await?;
    let before = json!({ "role": user.role, "account_id": user.account_id, "fleet_owner_id": fleet.owner_id, "fleet_status": fleet.status });
    let mut active_user = user.clone().into_active_model();
    active_user.role = Set(Some(Role::FleetAdmin.as_str().into()));
    active_user.account_id = Set(Some(account.id));
    active_user.updated_at = Set(Utc::now());
    let user = active_user.update(&txn).await?;
    let mut active_fleet = fleet.into_active_model();
    active_fleet.owner_id = Set(Some(user.id));
    active_fleet.status = Set("active".into());
    active_fleet.updated_at = Set(Utc::now());
    let fleet = active_fleet.update(&txn).await?;
    let after = json!({ "role": user.role, "account_id": user.account_id, "fleet_owner_id": fleet.owner_id, "fleet_status": fleet.status, "fleet": fleet.legal_name });
    audit::record(
        &txn,
        actor,
        action,
        "profile",
        user.id.to_string(),
        Some(before),
        Some(after),
    )
    .await?;
    txn.commit().await?;
    send_dashboard_ready(state, &user.email, &fleet.legal_name, None).await;
    Ok((user, fleet))
}

/// Fleets owned by `user_id` (except `keep`) stop naming them as owner.
pub async fn clear_ownerships<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    keep: Option<Uuid>,
) -> Result<(), ApiError> {
    let mut update = fleet_account::Entity::update_many()
        .col_expr(
            fleet_account::Column::OwnerId,
            sea_orm::sea_query::Expr::value(Option::<Uuid>::None),
        )
        .col_expr(
            fleet_account::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(fleet_account::Column::OwnerId.eq(user_id));
    if let Some(keep) = keep {
        update = update.filter(fleet_account::Column::Id.ne(keep));
    }
    update.exec(db).await?;
    Ok(())
}

/// A fleet's previous owner: when their account is the fleet's, they lose
/// the account and the fleet_admin role and every session of theirs ends;
/// the audit log records it either way. (An owner who had already moved to
/// another account keeps that.)
pub async fn detach_owner<C: ConnectionTrait>(
    db: &C,
    actor: &SessionUser,
    owner_id: Uuid,
    fleet_account_row: Option<Uuid>,
    action: &str,
) -> Result<(), ApiError> {
    let Some(owner) = profile::Entity::find_by_id(owner_id).one(db).await? else {
        return Ok(());
    };
    let before = json!({ "role": owner.role, "account_id": owner.account_id });
    let on_this_fleet = owner.account_id.is_some() && owner.account_id == fleet_account_row;
    let mut after = before.clone();
    if on_this_fleet {
        let mut active = owner.clone().into_active_model();
        active.account_id = Set(None);
        if owner.role.as_deref() == Some(Role::FleetAdmin.as_str()) {
            active.role = Set(None);
        }
        active.updated_at = Set(Utc::now());
        let owner = active.update(db).await?;
        after = json!({ "role": owner.role, "account_id": owner.account_id });
        crate::modules::auth::repo::delete_sessions_of_user(db, owner_id).await?;
    }
    audit::record(
        db,
        actor,
        action,
        "profile",
        owner_id.to_string(),
        Some(before),
        Some(after),
    )
    .await?;
    Ok(())
}

pub async fn send_dashboard_ready(
    state: &AppState,
    to: &str,
    fleet_name: &str,
    set_password_url: Option<&str>,
) {
    let sign_in = format!("{}/auth", state.config.public_url);
    let sent = async {
        let email = emails::dashboard_ready(to, fleet_name, &sign_in, set_password_url)?;
        state.mailer.send(email).await
    };
    if let Err(err) = sent.await {
        tracing::error!(error = ?err, "dashboard-ready e-mail could not be sent");
    }
}

pub async fn fleet_item_by_id(
    state: &AppState,
    fleet_id: Uuid,
) -> Result<FleetAccountItem, ApiError> {
    let txn = system_txn(state).await?;
    let fleet = fleet_account::Entity::find_by_id(fleet_id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let owners = owner_emails(&txn, fleet.owner_id.into_iter().collect()).await?;
    txn.commit().await?;
    Ok(fleet_item(fleet, &owners))
}
