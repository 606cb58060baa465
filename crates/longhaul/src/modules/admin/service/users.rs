//! The Users tab: list, create (without signing the admin out), change role.

use super::super::dto::UserItem;
use super::super::error::AdminError;
use super::super::repo::{accounts, users};
use super::accounts::assign_fleet;
use super::{Actor, AdminDeps, record};
use crate::modules::auth::profiles::{self as login, NewProfile};
use crate::paging::{Page, PageQuery};
use db::entities::profile;
use domain::{Email, Role, texts};
use serde_json::json;
use std::collections::HashMap;
use uuid::Uuid;

const NAME_MAX: usize = 100;

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

/// Profiles and accounts are not tenant tables: no scope needed.
pub async fn list(deps: &AdminDeps<'_>, query: &PageQuery) -> Result<Page<UserItem>, AdminError> {
    let (rows, total) = users::page(deps.db, query).await?;
    let names =
        accounts::names_of(deps.db, rows.iter().filter_map(|p| p.account_id).collect()).await?;
    Ok(Page {
        items: rows.into_iter().map(|p| item(p, &names)).collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

pub async fn get(deps: &AdminDeps<'_>, id: Uuid) -> Result<UserItem, AdminError> {
    let p = users::find(deps.db, id)
        .await?
        .ok_or(AdminError::NotFound)?;
    let names = accounts::names_of(deps.db, p.account_id.into_iter().collect()).await?;
    Ok(item(p, &names))
}

/// A role as the dialog sends it: blank or "none" is no role.
pub fn parse_role(role: Option<&str>) -> Result<Option<Role>, AdminError> {
    match role
        .map(str::trim)
        .filter(|r| !r.is_empty() && *r != "none")
    {
        None => Ok(None),
        Some(r) => Role::parse(r).map(Some).ok_or_else(|| {
            AdminError::invalid(
                "role",
                domain::texts::fill(
                    &domain::texts().server.requests.unknown_role,
                    &[("role", r)],
                ),
            )
        }),
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
    deps: &AdminDeps<'_>,
    actor: &Actor,
    input: NewUser,
) -> Result<Uuid, AdminError> {
    let email = Email::parse(&input.email).map_err(|m| AdminError::invalid("email", m))?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| AdminError::invalid("password", m))?;
    let clean = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let (first_name, last_name) = (clean(input.first_name), clean(input.last_name));
    if [&first_name, &last_name]
        .iter()
        .any(|n| n.as_ref().is_some_and(|n| n.chars().count() > NAME_MAX))
    {
        return Err(AdminError::invalid(
            "first_name",
            &texts().auth.name_too_long,
        ));
    }
    if login::email_registered(deps.db, email.as_str()).await? {
        return Err(AdminError::UserExists {
            email: email.as_str().to_owned(),
        });
    }
    let password_hash = deps.passwords.hash(input.password).await?;
    let txn = db::tenancy::system_write(deps.db, deps.system_key).await?;
    let profile = login::create(
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
    .map_err(AdminError::user_exists_if_taken(email.as_str()))?;
    record(
        &txn,
        actor,
        "create_user",
        ("profile", profile.id.to_string()),
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
    deps: &AdminDeps<'_>,
    actor: &Actor,
    user_id: Uuid,
    role: Option<Role>,
    fleet_account_id: Option<Uuid>,
) -> Result<UserItem, AdminError> {
    if user_id == actor.id {
        return Err(AdminError::OwnRole);
    }
    if role == Some(Role::FleetAdmin) {
        let fleet_id = fleet_account_id.ok_or_else(|| {
            AdminError::invalid("fleet_account_id", &texts().admin.fleet_account_required)
        })?;
        assign_fleet(deps, actor, user_id, fleet_id, "assign_fleet").await?;
        return get(deps, user_id).await;
    }
    let txn = db::tenancy::system_write(deps.db, deps.system_key).await?;
    let user = users::find(&txn, user_id)
        .await?
        .ok_or(AdminError::NotFound)?;
    let before = json!({ "role": user.role, "account_id": user.account_id });
    let was_fleet_admin = user.role.as_deref() == Some(Role::FleetAdmin.as_str());
    let user = users::set_role(&txn, user, role.map(Role::as_str), None).await?;
    // No longer a fleet admin: no fleet names them as its owner, and their
    // sessions end so the old role's pages close now.
    accounts::clear_ownerships(&txn, user.id, None).await?;
    if was_fleet_admin {
        login::end_sessions(&txn, user.id).await?;
    }
    record(
        &txn,
        actor,
        "change_role",
        ("profile", user.id.to_string()),
        Some(before),
        Some(json!({ "role": user.role, "account_id": user.account_id })),
    )
    .await?;
    txn.commit().await?;
    get(deps, user_id).await
}
