//! The Fleet Signups tab: the list, and turning a paid signup into a fleet
//! account (optionally with its fleet admin) in one transaction.

use super::accounts::{send_dashboard_ready, system_txn};
use super::audit;
use crate::http::ApiError;
use crate::http::error::on_unique_violation;
use crate::http::paging::{Page, PageQuery, matches_any};
use crate::modules::auth::SessionUser;
use crate::modules::auth::repo::{self as auth_repo, NewProfile, TokenPurpose};
use crate::modules::auth::tokens;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use db::entities::{account, fleet_account, fleet_signup};
use domain::{Email, Role, texts};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use std::collections::HashSet;
use utoipa::ToSchema;
use uuid::Uuid;

/// How long an admin-created fleet admin's "choose your password" link lives.
const SET_PASSWORD_TTL: Duration = Duration::hours(72);

#[derive(Serialize, ToSchema)]
pub struct SignupItem {
    pub id: Uuid,
    pub dot_number: String,
    pub legal_name: String,
    #[schema(required = true)]
    pub dba_name: Option<String>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub contact_phone: Option<String>,
    #[schema(required = true)]
    pub power_units: Option<i32>,
    #[schema(required = true)]
    pub fleet_size: Option<String>,
    #[schema(required = true)]
    pub monthly_rate_cents: Option<i64>,
    pub current_step: i32,
    pub completed: bool,
    /// A fleet account with this DOT number already has an owner.
    pub has_fleet_admin: bool,
    #[schema(required = true)]
    pub subscription_status: Option<String>,
    /// For the operator: the carrier no longer fits the band paid (or could
    /// not be re-checked); the fleet gets the band paid.
    #[schema(required = true)]
    pub band_review: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub async fn list(state: &AppState, query: &PageQuery) -> Result<Page<SignupItem>, ApiError> {
    let txn = system_txn(state).await?;
    let mut select = fleet_signup::Entity::find();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                fleet_signup::Column::LegalName,
                fleet_signup::Column::DotNumber,
                fleet_signup::Column::Email,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .order_by_desc(fleet_signup::Column::Id)
        .paginate(&txn, query.per_page());
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(query.page() - 1).await?;
    let dots: Vec<String> = rows.iter().map(|r| r.dot_number.clone()).collect();
    let owned: HashSet<String> = if dots.is_empty() {
        HashSet::new()
    } else {
        fleet_account::Entity::find()
            .filter(fleet_account::Column::DotNumber.is_in(dots))
            .filter(fleet_account::Column::OwnerId.is_not_null())
            .all(&txn)
            .await?
            .into_iter()
            .map(|f| f.dot_number)
            .collect()
    };
    txn.commit().await?;
    Ok(Page {
        items: rows
            .into_iter()
            .map(|r| SignupItem {
                has_fleet_admin: owned.contains(&r.dot_number),
                id: r.id,
                dot_number: r.dot_number,
                legal_name: r.legal_name,
                dba_name: r.dba_name,
                first_name: r.first_name,
                last_name: r.last_name,
                email: r.email,
                contact_phone: r.contact_phone,
                // Once checkout started, the band and price it charged.
                power_units: r.checkout_power_units.or(r.power_units),
                fleet_size: r.checkout_fleet_size.or(r.fleet_size),
                monthly_rate_cents: r.checkout_amount_cents.or(r.monthly_rate_cents),
                band_review: r.band_review,
                current_step: r.current_step,
                completed: r.completed,
                subscription_status: r.subscription_status,
                created_at: r.created_at,
            })
            .collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

#[derive(Serialize, ToSchema)]
pub struct CreatedFleet {
    pub fleet_account_id: Uuid,
    pub account_id: Uuid,
    #[schema(required = true)]
    pub user_id: Option<Uuid>,
}

fn fleet_exists(dot: &str) -> ApiError {
    ApiError::Conflict {
        code: "fleet_exists",
        message: texts().admin.fleet_already_exists.replace("{dot}", dot),
    }
}

/// 'Create Fleet Only' (`with_user` false) or 'Create User & Fleet'.
pub async fn create_fleet(
    state: &AppState,
    actor: &SessionUser,
    signup_id: Uuid,
    with_user: bool,
) -> Result<CreatedFleet, ApiError> {
    let txn = system_txn(state).await?;
    let signup = fleet_signup::Entity::find_by_id(signup_id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    if signup.completed {
        return Err(ApiError::Conflict {
            code: "signup_completed",
            message: texts().signup.signup_completed.clone(),
        });
    }
    if let Some(existing) = fleet_account::Entity::find()
        .filter(fleet_account::Column::DotNumber.eq(&signup.dot_number))
        .one(&txn)
        .await?
    {
        return Err(match existing.owner_id {
            Some(_) => ApiError::Conflict {
                code: "fleet_admin_exists",
                message: texts().admin.fleet_admin_exists.clone(),
            },
            None => fleet_exists(&signup.dot_number),
        });
    }

    // The user first (when asked). A customer who paid and created their
    // login on the success page already has a profile: it becomes the
    // fleet's admin in this same transaction.
    let mut new_user = None;
    let mut existing_user = None;
    if with_user {
        let email = signup
            .payer_email
            .as_deref()
            .or(signup.email.as_deref())
            .and_then(|e| Email::parse(e).ok())
            .ok_or_else(|| ApiError::field("email", &texts().signup.email_invalid))?;
        let user_exists = || ApiError::Conflict {
            code: "user_exists",
            message: texts().admin.user_exists.replace("{email}", email.as_str()),
        };
        if let Some(profile) = auth_repo::find_profile_by_email(&txn, email.as_str()).await? {
            // Someone with another fleet or a staff role is not taken over.
            let assignable = profile.account_id.is_none()
                && matches!(profile.role.as_deref(), None | Some("fleet_admin"));
            if !assignable {
                return Err(user_exists());
            }
            existing_user = Some(profile);
        } else {
            // No password is chosen for them: they set one from the e-mailed link.
            let unusable = state.passwords.hash(tokens::random_token()).await?;
            let profile = auth_repo::insert_profile(
                &txn,
                NewProfile {
                    email: email.as_str(),
                    password_hash: unusable,
                    role: Some(Role::FleetAdmin.as_str()),
                    first_name: signup.first_name.clone(),
                    last_name: signup.last_name.clone(),
                    confirmed: true,
                    account_id: None,
                },
            )
            .await
            .map_err(on_unique_violation(user_exists))?;
            new_user = Some(profile);
        }
    }
    let owner = new_user.as_ref().or(existing_user.as_ref()).cloned();

    let now = Utc::now();
    let fleet = fleet_account::ActiveModel {
        id: Set(Uuid::new_v4()),
        dot_number: Set(signup.dot_number.clone()),
        legal_name: Set(signup.legal_name.clone()),
        dba_name: Set(signup.dba_name.clone()),
        // The band paid (frozen at checkout), not whatever the carrier says now.
        power_units: Set(signup
            .checkout_power_units
            .or(signup.power_units)
            .filter(|u| *u > 0)
            .unwrap_or(1)),
        monthly_rate_cents: Set(signup.checkout_amount_cents.or(signup.monthly_rate_cents)),
        owner_id: Set(owner.as_ref().map(|u| u.id)),
        contact_first_name: Set(signup.first_name.clone()),
        contact_last_name: Set(signup.last_name.clone()),
        contact_email: Set(signup.email.clone()),
        contact_phone: Set(signup.contact_phone.clone()),
        status: Set("active".into()),
        subscription_status: Set(signup.subscription_status.clone()),
        fmcsa_data: Set(signup.fmcsa_data.clone()),
        physical_street: Set(signup.street_address.clone()),
        physical_city: Set(signup.city.clone()),
        physical_state: Set(signup.state.clone()),
        physical_zip: Set(signup.zip_code.clone()),
        stripe_customer_id: Set(signup.stripe_customer_id.clone()),
        stripe_subscription_id: Set(signup.stripe_subscription_id.clone()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(on_unique_violation(|| fleet_exists(&signup.dot_number)))?;
    let account = account::ActiveModel {
        id: Set(Uuid::new_v4()),
        name: Set(fleet.legal_name.clone()),
        account_type: Set("fleet".into()),
        fleet_account_id: Set(Some(fleet.id)),
        is_active: Set(true),
        created_at: Set(now),
    }
    .insert(&txn)
    .await?;
    let mut token = None;
    if let Some(user) = &existing_user {
        let mut active = user.clone().into_active_model();
        active.account_id = Set(Some(account.id));
        active.role = Set(Some(Role::FleetAdmin.as_str().to_owned()));
        active.updated_at = Set(now);
        active.update(&txn).await?;
    }
    if let Some(user) = &new_user {
        let mut active = user.clone().into_active_model();
        active.account_id = Set(Some(account.id));
        active.update(&txn).await?;
        let raw = tokens::random_token();
        auth_repo::insert_token(
            &txn,
            tokens::hash_token(&raw),
            user.id,
            TokenPurpose::PasswordReset,
            SET_PASSWORD_TTL,
        )
        .await?;
        token = Some(raw);
    }
    let before = json!({ "completed": signup.completed, "user_id": signup.user_id });
    let mut active_signup = signup.into_active_model();
    active_signup.completed = Set(true);
    active_signup.user_id = Set(owner.as_ref().map(|u| u.id));
    active_signup.updated_at = Set(now);
    let signup = active_signup.update(&txn).await?;
    audit::record(
        &txn,
        actor,
        if with_user {
            "create_user_and_fleet"
        } else {
            "create_fleet"
        },
        "fleet_signup",
        signup.id.to_string(),
        Some(before),
        Some(json!({
            "completed": true,
            "user_id": signup.user_id,
            "fleet_account_id": fleet.id,
            "account_id": account.id,
            "dot_number": fleet.dot_number,
            "user_email": owner.as_ref().map(|u| u.email.clone()),
            "existing_user": existing_user.is_some(),
        })),
    )
    .await?;
    txn.commit().await?;

    if let (Some(user), Some(token)) = (&new_user, token) {
        let link = format!("{}/reset-password?token={token}", state.config.public_url);
        send_dashboard_ready(state, &user.email, &fleet.legal_name, Some(&link)).await;
    }
    if let Some(user) = &existing_user {
        // They chose their password on the success page: sign in as usual.
        send_dashboard_ready(state, &user.email, &fleet.legal_name, None).await;
    }
    Ok(CreatedFleet {
        fleet_account_id: fleet.id,
        account_id: account.id,
        user_id: owner.map(|u| u.id),
    })
}
