//! The Users tab: list, create (without signing the admin out), change role.

use super::accounts::{assign_fleet, clear_ownerships, system_txn};
use super::audit;
use crate::http::ApiError;
use crate::http::error::on_unique_violation;
use crate::http::paging::{Page, PageQuery, matches_any};
use crate::modules::auth::SessionUser;
use crate::modules::auth::repo::{self as auth_repo, NewProfile};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use db::entities::{account, profile};
use domain::{Email, Role, texts};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use std::collections::HashMap;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct UserItem {
    pub id: Uuid,
    pub email: String,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub role: Option<String>,
    #[schema(required = true)]
    pub account_id: Option<Uuid>,
    #[schema(required = true)]
    pub account_name: Option<String>,
    pub email_confirmed: bool,
    pub created_at: DateTime<Utc>,
}

fn item(p: profile::Model, names: &HashMap<Uuid, String>) -> UserItem {
    UserItem {
        account_name: p.account_id.and_then(|id| names.get(&id).cloned()),
        id: p.id,
        email: p.email,
        first_name: p.first_name,
        last_name: p.last_name,
        role: p.role,
        account_id: p.account_id,
        email_confirmed: p.email_confirmed_at.is_some(),
        created_at: p.created_at,
    }
}

async fn account_names(
    state: &AppState,
    ids: Vec<Uuid>,
) -> Result<HashMap<Uuid, String>, ApiError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(account::Entity::find()
        .filter(account::Column::Id.is_in(ids))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect())
}

pub async fn list(state: &AppState, query: &PageQuery) -> Result<Page<UserItem>, ApiError> {
    let mut select = profile::Entity::find();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                profile::Column::Email,
                profile::Column::FirstName,
                profile::Column::LastName,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_asc(profile::Column::Email)
        .paginate(&state.db, query.per_page());
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(query.page() - 1).await?;
    let names = account_names(state, rows.iter().filter_map(|p| p.account_id).collect()).await?;
    Ok(Page {
        items: rows.into_iter().map(|p| item(p, &names)).collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

pub async fn get(state: &AppState, id: Uuid) -> Result<UserItem, ApiError> {
    let p = profile::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or(ApiError::NotFound)?;
    let names = account_names(state, p.account_id.into_iter().collect()).await?;
    Ok(item(p, &names))
}

pub fn parse_role(role: Option<&str>) -> Result<Option<Role>, ApiError> {
    match role
        .map(str::trim)
        .filter(|r| !r.is_empty() && *r != "none")
    {
        None => Ok(None),
        Some(r) => Role::parse(r)
            .map(Some)
            .ok_or_else(|| ApiError::field("role", format!("Unknown role '{r}'"))),
    }
}

pub struct NewUser {
    pub email: String,
    pub password: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: Option<Role>,
}

/// admin_create_user (spec part 1 §7): a confirmed account; the admin's own
/// session is untouched.
pub async fn create(
    state: &AppState,
    actor: &SessionUser,
    input: NewUser,
) -> Result<Uuid, ApiError> {
    let email = Email::parse(&input.email).map_err(|m| ApiError::field("email", m))?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| ApiError::field("password", m))?;
    let clean = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let (first_name, last_name) = (clean(input.first_name), clean(input.last_name));
    if [&first_name, &last_name]
        .iter()
        .any(|n| n.as_ref().is_some_and(|n| n.chars().count() > 100))
    {
        return Err(ApiError::field("first_name", &texts().auth.name_too_long));
    }
    let exists = || ApiError::Conflict {
        code: "user_exists",
        message: texts().admin.user_exists.replace("{email}", email.as_str()),
    };
    if auth_repo::email_exists(&state.db, email.as_str()).await? {
        return Err(exists());
    }
    let password_hash = state.passwords.hash(input.password).await?;
    let txn = system_txn(state).await?;
    let profile = auth_repo::insert_profile(
        &txn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: input.role.map(Role::as_str),
            first_name,
            last_name,
            confirmed: true,
            account_id: None,
        },
    )
    .await
    .map_err(on_unique_violation(exists))?;
    audit::record(
        &txn,
        actor,
        "create_user",
        "profile",
        profile.id.to_string(),
        None,
        Some(json!({ "email": profile.email, "role": profile.role })),
    )
    .await?;
    txn.commit().await?;
    Ok(profile.id)
}

/// Role changes (spec part 1 §4): anything but fleet_admin clears the
/// account; fleet_admin needs the fleet account chosen in the assign dialog.
pub async fn change_role(
    state: &AppState,
    actor: &SessionUser,
    user_id: Uuid,
    role: Option<Role>,
    fleet_account_id: Option<Uuid>,
) -> Result<UserItem, ApiError> {
    if user_id == actor.profile.id {
        return Err(ApiError::Conflict {
            code: "own_role",
            message: texts().admin.cannot_change_own_role.clone(),
        });
    }
    if role == Some(Role::FleetAdmin) {
        let fleet_id = fleet_account_id.ok_or_else(|| {
            ApiError::field("fleet_account_id", &texts().admin.fleet_account_required)
        })?;
        assign_fleet(state, actor, user_id, fleet_id, "assign_fleet").await?;
        return get(state, user_id).await;
    }
    let txn = system_txn(state).await?;
    let user = profile::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let before = json!({ "role": user.role, "account_id": user.account_id });
    let was_fleet_admin = user.role.as_deref() == Some(Role::FleetAdmin.as_str());
    let mut active = user.into_active_model();
    active.role = Set(role.map(|r| r.as_str().to_owned()));
    active.account_id = Set(None);
    active.updated_at = Set(Utc::now());
    let user = active.update(&txn).await?;
    // No longer a fleet admin: no fleet names them as its owner, and their
    // sessions end so the old role's pages close now.
    clear_ownerships(&txn, user.id, None).await?;
    if was_fleet_admin {
        auth_repo::delete_sessions_of_user(&txn, user.id).await?;
    }
    audit::record(
        &txn,
        actor,
        "change_role",
        "profile",
        user.id.to_string(),
        Some(before),
        Some(json!({ "role": user.role, "account_id": user.account_id })),
    )
    .await?;
    txn.commit().await?;
    get(state, user_id).await
}
