//! Broker accounts: made by the super admin with their first broker admin,
//! and the account as its users see it.

use super::users::{Invitee, UserDeps, create_invited, view};
use crate::modules::brokers::BrokersError;
use crate::modules::brokers::dto::{
    BrokerAccountSummary, BrokerAccountView, CreateBrokerAccount, CreatedBrokerAccount,
};
use crate::modules::brokers::emails;
use crate::modules::brokers::repo::accounts as repo;
use chrono::Utc;
use db::entities::account;
use db::tenancy::{self, BrokerScope, SystemKey};
use domain::Role;
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// "MC-123456", "mc 123456" or "123456" → "123456"; 1 to 8 digits.
pub fn parse_mc(raw: &str) -> Result<Option<String>, BrokersError> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    domain::fleet::mc_digits(t).map(Some).ok_or_else(|| {
        BrokersError::invalid("mc_number", &domain::texts().brokers.admin.mc_invalid)
    })
}

pub async fn create(
    deps: &UserDeps<'_>,
    key: &SystemKey,
    inviter: &str,
    input: &CreateBrokerAccount,
) -> Result<CreatedBrokerAccount, BrokersError> {
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(BrokersError::invalid(
            "name",
            &domain::texts().brokers.admin.name_required,
        ));
    }
    let mc = parse_mc(input.mc_number.as_deref().unwrap_or_default())?;
    let txn = tenancy::system_write(deps.db, key).await?;
    let now = Utc::now();
    let row = account::ActiveModel {
        id: Set(Uuid::new_v4()),
        name: Set(name.to_owned()),
        account_type: Set("broker".into()),
        fleet_account_id: Set(None),
        is_active: Set(true),
        mc_number: Set(mc),
        usdot_number: Set(None),
        created_at: Set(now),
    };
    let account = repo::insert(&txn, row).await?;
    let (admin, token) = create_invited(
        &txn,
        deps.passwords,
        account.id,
        Invitee {
            email: &input.admin_email,
            first_name: input.admin_first_name.as_deref(),
            last_name: input.admin_last_name.as_deref(),
            role: Role::BrokerAdmin.as_str(),
        },
        inviter,
    )
    .await
    .map_err(|err| match err {
        BrokersError::Invalid { message, .. } => BrokersError::Invalid {
            field: "admin_email",
            message,
        },
        other => other,
    })?;
    txn.commit().await?;
    emails::send_invite(
        deps.mailer,
        deps.public_url,
        &admin.email,
        &account.name,
        inviter,
        &token,
    )
    .await;
    Ok(CreatedBrokerAccount {
        account: BrokerAccountSummary {
            id: account.id,
            name: account.name,
            account_type: account.account_type,
            mc_number: account.mc_number,
            is_active: account.is_active,
            created_at: account.created_at,
        },
        admin: view(&admin),
    })
}

pub async fn current(
    db: &DatabaseConnection,
    scope: BrokerScope,
    role: &str,
) -> Result<BrokerAccountView, BrokersError> {
    let a = repo::by_id(db, scope.broker_account_id())
        .await?
        .ok_or(BrokersError::NotFound)?;
    Ok(BrokerAccountView {
        id: a.id,
        name: a.name,
        mc_number: a.mc_number,
        role: role.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::parse_mc;

    #[test]
    fn mc_numbers_are_digits_with_an_optional_prefix() {
        assert_eq!(parse_mc("MC-123456").unwrap().as_deref(), Some("123456"));
        assert_eq!(parse_mc(" mc 42 ").unwrap().as_deref(), Some("42"));
        assert_eq!(parse_mc("").unwrap(), None);
        assert!(parse_mc("123456789").is_err());
        assert!(parse_mc("MC-12a").is_err());
    }
}
