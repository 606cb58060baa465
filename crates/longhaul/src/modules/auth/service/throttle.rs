//! Attempt budgets (decision 008). Reserved before the work, so they bound
//! the number of password checks and hashes whatever the concurrency.

use super::super::error::AuthError;
use super::super::repo::throttles;
use domain::throttle::{AfterFree, Policy};
use sea_orm::ConnectionTrait;
use uuid::Uuid;

const MINUTE: i64 = 60;
/// One client address guessing one account's password.
const SIGN_IN_PAIR: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 5,
    after_free: AfterFree::Block,
};
/// One client address trying many accounts.
const SIGN_IN_ADDRESS: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 30,
    after_free: AfterFree::Block,
};
/// Many addresses guessing one account: slowed down, never shut, so nobody
/// can lock the owner out; above what one address can reach on its own.
const SIGN_IN_ACCOUNT: Policy = Policy {
    window_secs: 60 * MINUTE,
    free: 25,
    after_free: AfterFree::Delay {
        base: 2,
        cap: 5 * MINUTE,
    },
};
/// Anonymous requests that hash a password or send mail, per client address.
const PER_ADDRESS: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 10,
    after_free: AfterFree::Block,
};
/// Reset e-mails per account; beyond it the request is answered the same
/// but no mail goes out.
const RESET_MAILS_PER_ACCOUNT: Policy = Policy {
    window_secs: 60 * MINUTE,
    free: 3,
    after_free: AfterFree::Block,
};

/// What a signed-in user may do only so often.
#[derive(Debug, Clone, Copy)]
pub enum UserBudget {
    /// A broker's message to a carrier: a row in the carrier's inbox and an
    /// e-mail to each of its admins.
    ContactCarrier,
    /// A driver's password change: each one checks a guess of the current
    /// password.
    PortalPasswordChange,
}

impl UserBudget {
    fn key(self, user: Uuid) -> String {
        let action = match self {
            UserBudget::ContactCarrier => "contact-carrier",
            UserBudget::PortalPasswordChange => "portal-password-change",
        };
        format!("{action}:user:{user}")
    }

    fn policy(self) -> &'static Policy {
        match self {
            UserBudget::ContactCarrier => &CONTACT_CARRIER,
            UserBudget::PortalPasswordChange => &PORTAL_PASSWORD_CHANGE,
        }
    }
}

const CONTACT_CARRIER: Policy = Policy {
    window_secs: 10 * MINUTE,
    free: 10,
    after_free: AfterFree::Block,
};
const PORTAL_PASSWORD_CHANGE: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 5,
    after_free: AfterFree::Block,
};

/// Reserves one use of a signed-in user's budget before the work, so it
/// holds however many requests arrive at once; the key it took is returned
/// for a refund.
pub async fn reserve_for_user<C: ConnectionTrait>(
    db: &C,
    budget: UserBudget,
    user: Uuid,
) -> Result<String, AuthError> {
    let key = budget.key(user);
    throttles::reserve(db, &key, None, budget.policy())
        .await?
        .map_err(|retry_after_secs| AuthError::TooManyRequests { retry_after_secs })?;
    Ok(key)
}

/// Reserves one attempt of a per-address budget (`action` names it).
pub async fn reserve_for_address<C: ConnectionTrait>(
    db: &C,
    action: &str,
    ip: &str,
) -> Result<(), AuthError> {
    let key = format!("{action}:ip:{ip}");
    throttles::reserve(db, &key, None, &PER_ADDRESS)
        .await?
        .map_err(|retry_after_secs| AuthError::TooManyRequests { retry_after_secs })
}

/// Reserves one password check in each sign-in budget — this address and
/// account, this address, this account — and returns the keys reserved. When
/// one refuses, the ones already taken are given back and no check runs.
pub async fn reserve_sign_in<C: ConnectionTrait>(
    db: &C,
    email: &str,
    ip: &str,
) -> Result<Vec<String>, AuthError> {
    let budgets = [
        (
            format!("sign-in:pair:{ip}|{email}"),
            Some(email),
            &SIGN_IN_PAIR,
        ),
        (format!("sign-in:ip:{ip}"), None, &SIGN_IN_ADDRESS),
        (
            format!("sign-in:account:{email}"),
            Some(email),
            &SIGN_IN_ACCOUNT,
        ),
    ];
    let mut reserved = Vec::with_capacity(budgets.len());
    for (key, account, policy) in budgets {
        if let Err(retry_after_secs) = throttles::reserve(db, &key, account, policy).await? {
            throttles::refund(db, &reserved).await?;
            return Err(AuthError::TooManyAttempts { retry_after_secs });
        }
        reserved.push(key);
    }
    Ok(reserved)
}

/// Gives reserved sign-in attempts back.
pub async fn refund<C: ConnectionTrait>(db: &C, keys: &[String]) -> Result<(), AuthError> {
    Ok(throttles::refund(db, keys).await?)
}

/// Reserves one reset e-mail for the account; false when its budget is spent.
pub async fn reserve_reset_mail<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<bool, AuthError> {
    let key = format!("reset-request:account:{email}");
    Ok(
        throttles::reserve(db, &key, Some(email), &RESET_MAILS_PER_ACCOUNT)
            .await?
            .is_ok(),
    )
}

/// Forgets every budget tied to the account (after a successful reset).
pub async fn clear_account<C: ConnectionTrait>(db: &C, email: &str) -> Result<(), AuthError> {
    Ok(throttles::clear_account(db, email).await?)
}
