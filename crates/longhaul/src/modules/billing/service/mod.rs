//! The subscription success page (spec part 1 §2, §4 Payment): checking a
//! returning customer's checkout, and creating their login.

use super::dto::{AccountCreated, SubscriptionCheck};
use super::emails;
use super::error::BillingError;
use super::subscription::{is_paid, record_checkout, review_band, signup_of};
use crate::crypto::password::PasswordHasher;
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::{CheckoutSession, PaymentGateway};
use crate::mail::{Mailer, send_or_log};
use crate::modules::auth::profiles::{self as login, NewProfile};
use chrono::Utc;
use domain::{Email, Role};
use sea_orm::DatabaseConnection;

/// What the success page needs besides its inputs.
pub struct BillingDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub payments: &'a dyn PaymentGateway,
    /// A paid band is re-checked with the carrier registry.
    pub carriers: &'a dyn CarrierRegistry,
    pub passwords: &'a PasswordHasher,
    pub mailer: &'a dyn Mailer,
    /// Where the links in e-mails point.
    pub public_url: &'a str,
}

async fn retrieve(
    payments: &dyn PaymentGateway,
    session_id: &str,
) -> Result<CheckoutSession, BillingError> {
    let plausible = !session_id.is_empty()
        && session_id.len() <= 255
        && session_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !plausible {
        return Err(BillingError::SessionNotFound);
    }
    payments
        .retrieve_checkout(session_id)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "checkout session could not be retrieved");
            BillingError::VerifyFailed
        })?
        .ok_or(BillingError::SessionNotFound)
}

/// The e-mail the payment was made with (Stripe's customer e-mail), never
/// the signup's contact e-mail, which anyone holding the signup id could
/// have typed.
fn payer_email(session: &CheckoutSession) -> Option<Email> {
    session.payer_email().and_then(|e| Email::parse(e).ok())
}

pub async fn check(
    deps: &BillingDeps<'_>,
    session_id: &str,
) -> Result<SubscriptionCheck, BillingError> {
    let session = retrieve(deps.payments, session_id).await?;
    let paid = is_paid(&session);
    let (email, account_exists) = if paid {
        // Webhooks may lag the customer's return: record what Stripe says now
        // through the same path the webhook takes (idempotent, newest wins).
        let review = review_band(deps.db, deps.carriers, &session).await?;
        record_checkout(deps.db, &session, Utc::now(), review).await?;
        match payer_email(&session) {
            Some(email) => {
                let exists = login::email_registered(deps.db, email.as_str()).await?;
                (Some(email.as_str().to_owned()), exists)
            }
            None => (None, false),
        }
    } else {
        // Unpaid: nothing about accounts or e-mails.
        (None, false)
    };
    let status = if paid {
        "paid".to_owned()
    } else {
        session
            .status
            .clone()
            .unwrap_or_else(|| session.payment_status.clone())
    };
    let checkout_url = if !paid && session.status.as_deref() == Some("open") {
        session.url.clone()
    } else {
        None
    };
    Ok(SubscriptionCheck {
        status,
        subscription_id: session.subscription.clone(),
        mode: session.mode.clone(),
        email,
        account_exists,
        checkout_url,
    })
}

/// The fleet admin's login for a paid checkout: for the e-mail the payment
/// was made with, and unconfirmed until the link e-mailed there is followed
/// (decision 010) — holding the success page proves nothing.
pub async fn create_account(
    deps: &BillingDeps<'_>,
    session_id: &str,
    password: String,
) -> Result<AccountCreated, BillingError> {
    let session = retrieve(deps.payments, session_id).await?;
    if !is_paid(&session) {
        return Err(BillingError::NotPaid {
            status: session
                .status
                .clone()
                .unwrap_or_else(|| session.payment_status.clone()),
        });
    }
    let email = payer_email(&session).ok_or(BillingError::MissingEmail)?;
    domain::password::check_account_password(&password)
        .map_err(|m| BillingError::field("password", m))?;
    if login::email_registered(deps.db, email.as_str()).await? {
        return Err(BillingError::AccountExists);
    }
    let signup = signup_of(deps.db, &session).await?;
    let password_hash = deps.passwords.hash(password).await?;
    let txn = db::begin_write(deps.db).await?;
    // A login made meanwhile for the e-mail: `AccountExists` too.
    let profile = login::create(
        &txn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: Some(Role::FleetAdmin.as_str()),
            first_name: signup.as_ref().and_then(|s| s.first_name.clone()),
            last_name: signup.as_ref().and_then(|s| s.last_name.clone()),
            confirmed: false,
            account_id: None,
        },
    )
    .await?;
    let token = login::issue_confirmation(&txn, profile.id).await?;
    txn.commit().await?;
    let link = login::confirm_link(deps.public_url, &token);
    // Signing in with the new password sends a fresh link.
    let email = emails::confirm_account(&profile.email, &link);
    send_or_log(deps.mailer, email, "account confirmation").await;
    Ok(AccountCreated {
        email: profile.email,
    })
}
pub mod events;
pub mod fleet_billing;
pub(super) mod subscription;
