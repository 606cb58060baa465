//! The Fleet Signups tab: the list, and turning a paid signup into a fleet
//! account (optionally with its fleet admin) in one transaction.

use super::super::dto::{CreatedFleet, SignupItem};
use super::super::error::AdminError;
use super::super::repo::{accounts, signups, users};
use super::{Actor, AdminDeps, record, send_dashboard_ready};
use crate::modules::auth::profiles::{self as login, NewProfile};
use crate::modules::compliance::monitor;
use crate::paging::{Page, PageQuery};
use domain::{Email, Role, texts};
use serde_json::json;
use std::time::Duration;
use uuid::Uuid;

pub async fn list(deps: &AdminDeps<'_>, query: &PageQuery) -> Result<Page<SignupItem>, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let (rows, total) = signups::page(&txn, query).await?;
    let owned =
        accounts::owned_dots(&txn, rows.iter().map(|r| r.dot_number.clone()).collect()).await?;
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

/// 'Create Fleet Only' (`with_user` false) or 'Create User & Fleet'.
pub async fn create_fleet(
    deps: &AdminDeps<'_>,
    actor: &Actor,
    signup_id: Uuid,
    with_user: bool,
) -> Result<CreatedFleet, AdminError> {
    let txn = db::tenancy::system_write(deps.db, deps.system_key).await?;
    let signup = signups::find(&txn, signup_id)
        .await?
        .ok_or(AdminError::NotFound)?;
    if signup.completed {
        return Err(AdminError::SignupCompleted);
    }
    let fleet_exists = || AdminError::FleetExists {
        dot: signup.dot_number.clone(),
    };
    if let Some(existing) = accounts::fleet_by_dot(&txn, &signup.dot_number).await? {
        return Err(match existing.owner_id {
            Some(_) => AdminError::FleetAdminExists,
            None => fleet_exists(),
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
            .ok_or_else(|| AdminError::invalid("email", &texts().signup.email_invalid))?;
        if let Some(profile) = login::find_by_email(&txn, email.as_str()).await? {
            // Someone with another fleet or a staff role is not taken over.
            let assignable = profile.account_id.is_none()
                && matches!(profile.role.as_deref(), None | Some("fleet_admin"));
            if !assignable {
                return Err(AdminError::UserExists {
                    email: email.as_str().to_owned(),
                });
            }
            existing_user = Some(profile);
        } else {
            // No password is chosen for them: they set one from the e-mailed link.
            let unusable = deps.passwords.hash_unusable().await?;
            let profile = login::create(
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
            .map_err(AdminError::user_exists_if_taken(email.as_str()))?;
            new_user = Some(profile);
        }
    }
    let owner = new_user.as_ref().or(existing_user.as_ref()).cloned();

    let fleet = accounts::insert_fleet_from_signup(&txn, &signup, owner.as_ref().map(|u| u.id))
        .await
        .map_err(|err| {
            if db::is_unique_violation(&err) {
                fleet_exists()
            } else {
                err.into()
            }
        })?;
    let account = accounts::insert_fleet_account_row(&txn, &fleet).await?;
    let mut token = None;
    if let Some(user) = &existing_user {
        users::set_role(
            &txn,
            user.clone(),
            Some(Role::FleetAdmin.as_str()),
            Some(account.id),
        )
        .await?;
    }
    if let Some(user) = &new_user {
        users::set_role(
            &txn,
            user.clone(),
            Some(Role::FleetAdmin.as_str()),
            Some(account.id),
        )
        .await?;
        token = Some(login::issue_set_password(&txn, user.id).await?);
    }
    let before = json!({ "completed": signup.completed, "user_id": signup.user_id });
    let signup = signups::complete(&txn, signup, owner.as_ref().map(|u| u.id), fleet.id).await?;
    record(
        &txn,
        actor,
        if with_user {
            "create_user_and_fleet"
        } else {
            "create_fleet"
        },
        ("fleet_signup", signup.id.to_string()),
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
    // The fleet's first FMCSA reading, which the monitor compares with; a
    // worker reads it now and retries while FMCSA cannot be reached.
    if let Err(err) = monitor::queue_baseline(deps.jobs, fleet.id, Duration::ZERO).await {
        tracing::warn!(error = %err, fleet = %fleet.id, "the FMCSA baseline was not queued; the daily check will store it");
    }

    if let (Some(user), Some(token)) = (&new_user, token) {
        let link = login::set_password_link(deps.public_url, &token);
        send_dashboard_ready(deps, &user.email, &fleet.legal_name, Some(&link)).await;
    }
    if let Some(user) = &existing_user {
        // They chose their password on the success page: sign in as usual.
        send_dashboard_ready(deps, &user.email, &fleet.legal_name, None).await;
    }
    Ok(CreatedFleet {
        fleet_account_id: fleet.id,
        account_id: account.id,
        user_id: owner.map(|u| u.id),
    })
}
