//! A broker account's users: invited by e-mail with a one-time link to
//! choose a password (the app's set-password link), listed, moved between
//! broker_admin and broker_user, deactivated and reactivated.

use crate::crypto::password::PasswordHasher;
use crate::mail::Mailer;
use crate::modules::auth::AuthError;
use crate::modules::auth::SessionUser;
use crate::modules::auth::profiles::{self as auth_profiles, NewProfile};
use crate::modules::brokers::BrokersError;
use crate::modules::brokers::dto::{
    BrokerUserView, InviteBrokerUser, InviteSent, UpdateBrokerUser,
};
use crate::modules::brokers::emails;
use crate::modules::brokers::repo;
use chrono::Utc;
use db::entities::profile;
use db::tenancy::BrokerScope;
use domain::Role;
use domain::email::Email;
use sea_orm::{ConnectionTrait, DatabaseConnection, IntoActiveModel, Set};
use uuid::Uuid;

pub struct UserDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub passwords: &'a PasswordHasher,
    pub mailer: &'a dyn Mailer,
    pub public_url: &'a str,
}

pub fn view(p: &profile::Model) -> BrokerUserView {
    BrokerUserView {
        id: p.id,
        email: p.email.clone(),
        first_name: p.first_name.clone(),
        last_name: p.last_name.clone(),
        role: p.role.clone().unwrap_or_default(),
        is_active: p.deactivated_at.is_none(),
        invite_pending: p.email_confirmed_at.is_none(),
        created_at: p.created_at,
    }
}

fn broker_role(role: &str) -> Result<&'static str, BrokersError> {
    match role {
        "broker_admin" => Ok(Role::BrokerAdmin.as_str()),
        "broker_user" => Ok(Role::BrokerUser.as_str()),
        _ => Err(BrokersError::Invalid {
            field: "role",
            message: domain::texts().server.brokers.role_invalid.clone(),
        }),
    }
}

fn name_part(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(100).collect())
}

/// Makes the invited user (no usable password yet) and mails the link.
/// `conn` is the caller's transaction (the admin's broker account is made
/// in the same one); the e-mail goes after the commit, by the caller.
/// Who is invited, and as what.
pub struct Invitee<'a> {
    pub email: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    pub role: &'static str,
}

pub async fn create_invited<C: ConnectionTrait>(
    conn: &C,
    passwords: &PasswordHasher,
    broker_account_id: Uuid,
    invitee: Invitee<'_>,
    inviter: &str,
) -> Result<(profile::Model, String), BrokersError> {
    let Invitee {
        email,
        first_name,
        last_name,
        role,
    } = invitee;
    let email = Email::parse(email).map_err(|m| BrokersError::Invalid {
        field: "email",
        message: m.to_owned(),
    })?;
    let password_hash = passwords
        .hash_unusable()
        .await
        .map_err(|e| BrokersError::Internal(anyhow::anyhow!(e)))?;
    let created = auth_profiles::create(
        conn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: Some(role),
            first_name: name_part(first_name),
            last_name: name_part(last_name),
            confirmed: false,
            account_id: Some(broker_account_id),
        },
    )
    .await
    .map_err(|err| match err {
        AuthError::EmailTaken => BrokersError::EmailTaken(email.as_str().to_owned()),
        other => other.into(),
    })?;
    let token = auth_profiles::issue_invitation(conn, created.id, inviter).await?;
    Ok((created, token))
}

pub async fn list(
    db: &DatabaseConnection,
    scope: BrokerScope,
) -> Result<Vec<BrokerUserView>, BrokersError> {
    let rows = repo::users::of_account(db, scope.broker_account_id(), 1000).await?;
    Ok(rows.iter().map(view).collect())
}

async fn account_name<C: ConnectionTrait>(
    conn: &C,
    scope: BrokerScope,
) -> Result<String, BrokersError> {
    Ok(repo::accounts::by_id(conn, scope.broker_account_id())
        .await?
        .map(|a| a.name)
        .unwrap_or_default())
}

/// How a broker user is named to others: their name, or their e-mail.
pub fn display_name(p: &profile::Model) -> String {
    match (p.first_name.as_deref(), p.last_name.as_deref()) {
        (Some(f), Some(l)) => format!("{f} {l}"),
        (Some(f), None) => f.to_owned(),
        _ => p.email.clone(),
    }
}

/// Invites a user to the broker account. An address that already has an
/// account (anywhere on the platform) is answered exactly like a new one —
/// the inviter learns nothing about other companies' users — and its owner
/// is told by e-mail instead.
pub async fn invite(
    deps: &UserDeps<'_>,
    scope: BrokerScope,
    by: &SessionUser,
    input: &InviteBrokerUser,
) -> Result<InviteSent, BrokersError> {
    let role = broker_role(&input.role)?;
    let txn = db::begin_write(deps.db).await?;
    let broker_name = account_name(&txn, scope).await?;
    let inviter = display_name(&by.profile);
    let invited = create_invited(
        &txn,
        deps.passwords,
        scope.broker_account_id(),
        Invitee {
            email: &input.email,
            first_name: input.first_name.as_deref(),
            last_name: input.last_name.as_deref(),
            role,
        },
        &inviter,
    )
    .await;
    let (email, token) = match invited {
        Ok((created, token)) => {
            txn.commit().await?;
            (created.email, Some(token))
        }
        // The failed insert ended the transaction on PostgreSQL.
        Err(BrokersError::EmailTaken(email)) => {
            txn.rollback().await?;
            (email, None)
        }
        Err(err) => return Err(err),
    };
    match token {
        Some(token) => {
            emails::send_invite(
                deps.mailer,
                deps.public_url,
                &email,
                &broker_name,
                &inviter,
                &token,
            )
            .await
        }
        None => {
            emails::send_invite_to_existing(
                deps.mailer,
                deps.public_url,
                &email,
                &broker_name,
                &inviter,
            )
            .await
        }
    }
    Ok(InviteSent {
        message: domain::texts()
            .brokers
            .users
            .invited
            .as_str()
            .replace("{email}", &email),
        email,
    })
}

pub async fn resend_invite(
    deps: &UserDeps<'_>,
    scope: BrokerScope,
    by: &SessionUser,
    id: Uuid,
) -> Result<(), BrokersError> {
    let txn = db::begin_write(deps.db).await?;
    let target = member(&txn, scope, id).await?;
    if target.email_confirmed_at.is_some() {
        return Err(BrokersError::conflict(
            "invite_accepted",
            &domain::texts().server.brokers.password_already_set,
        ));
    }
    let inviter = display_name(&by.profile);
    let token = auth_profiles::issue_invitation(&txn, target.id, &inviter).await?;
    let broker_name = account_name(&txn, scope).await?;
    txn.commit().await?;
    emails::send_invite(
        deps.mailer,
        deps.public_url,
        &target.email,
        &broker_name,
        &inviter,
        &token,
    )
    .await;
    Ok(())
}

async fn member<C: ConnectionTrait>(
    conn: &C,
    scope: BrokerScope,
    id: Uuid,
) -> Result<profile::Model, BrokersError> {
    repo::users::member(conn, scope.broker_account_id(), id)
        .await?
        .ok_or(BrokersError::NotFound)
}

/// Changes a user's role or switches them off. An admin cannot change
/// themselves, and the account keeps at least one active broker admin —
/// two admins demoting each other at once are serialised on the account
/// row, so both cannot pass the check.
pub async fn update(
    db: &DatabaseConnection,
    scope: BrokerScope,
    by: &SessionUser,
    id: Uuid,
    input: &UpdateBrokerUser,
) -> Result<BrokerUserView, BrokersError> {
    if id == by.profile.id {
        return Err(BrokersError::conflict(
            "self",
            domain::texts().brokers.users.self_.as_str(),
        ));
    }
    let role = input.role.as_deref().map(broker_role).transpose()?;
    let txn = db::begin_write(db).await?;
    repo::accounts::lock(&txn, scope.broker_account_id())
        .await?
        .ok_or(BrokersError::NotFound)?;
    let target = member(&txn, scope, id).await?;
    let mut row = target.clone().into_active_model();
    if let Some(role) = role {
        row.role = Set(Some(role.to_owned()));
    }
    let deactivating = input.is_active == Some(false) && target.deactivated_at.is_none();
    match input.is_active {
        Some(false) if target.deactivated_at.is_none() => {
            row.deactivated_at = Set(Some(Utc::now()))
        }
        Some(true) => row.deactivated_at = Set(None),
        _ => {}
    }
    row.updated_at = Set(Utc::now());
    let saved = repo::users::update(&txn, row).await?;
    let admins = repo::users::active_admin_count(&txn, scope.broker_account_id()).await?;
    if admins == 0 {
        txn.rollback().await?;
        return Err(BrokersError::conflict(
            "last_admin",
            domain::texts().brokers.users.last_admin.as_str(),
        ));
    }
    if deactivating || role.is_some() {
        // A role taken away or a user switched off takes effect at once.
        auth_profiles::end_sessions(&txn, saved.id).await?;
    }
    txn.commit().await?;
    Ok(view(&saved))
}
