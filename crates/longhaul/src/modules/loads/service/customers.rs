//! A fleet's customers: the brokers and shippers its loads are for.

use super::{LoadsError, number_in, optional_text, required_text, texts};
use crate::modules::loads::dto::{CustomerInput, CustomerView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::customer;
use db::tenancy::{self, FleetTx, TenantScope};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

impl From<customer::Model> for CustomerView {
    fn from(c: customer::Model) -> Self {
        CustomerView {
            id: c.id,
            name: c.name,
            kind: c.kind,
            usdot_number: c.usdot_number,
            mc_number: c.mc_number,
            billing_email: c.billing_email,
            payment_terms_days: c.payment_terms_days,
        }
    }
}

fn digits(field: &str, value: Option<&str>, message: &str) -> Result<Option<String>, LoadsError> {
    let value = optional_text(field, value, 20)?.map(|v| {
        v.trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '-' || c == ' ')
            .to_owned()
    });
    match value {
        Some(v) if v.is_empty() || v.len() > 8 || !v.bytes().all(|b| b.is_ascii_digit()) => {
            Err(LoadsError::invalid(field, message))
        }
        v => Ok(v),
    }
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Vec<CustomerView>, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let rows = repo::customers(&tx).await?;
    tx.commit().await?;
    Ok(rows.into_iter().map(CustomerView::from).collect())
}

pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: &CustomerInput,
) -> Result<CustomerView, LoadsError> {
    let t = texts();
    let name = required_text("name", &input.name, 120, &t.customer_name_required)?;
    if !matches!(input.kind.as_str(), "broker" | "shipper") {
        return Err(LoadsError::invalid("kind", &t.customer_kind_invalid));
    }
    let usdot = digits(
        "usdot_number",
        input.usdot_number.as_deref(),
        &t.dot_invalid,
    )?;
    let mc = digits("mc_number", input.mc_number.as_deref(), &t.mc_invalid)?;
    let email = optional_text("billing_email", input.billing_email.as_deref(), 254)?;
    if let Some(email) = &email
        && domain::email::Email::parse(email).is_err()
    {
        return Err(LoadsError::invalid("billing_email", &t.email_invalid));
    }
    let terms = number_in("payment_terms_days", input.payment_terms_days, 0, 120)?.unwrap_or(30);
    let tx = tenancy::write(db, scope).await?;
    let saved = repo::insert_customer(
        &tx,
        customer::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(scope.fleet_account_id()),
            name: Set(name),
            kind: Set(input.kind.clone()),
            usdot_number: Set(usdot),
            mc_number: Set(mc),
            billing_email: Set(email),
            payment_terms_days: Set(terms),
            created_at: Set(Utc::now()),
            broker_account_id: Set(None),
        },
    )
    .await
    .map_err(|err| {
        if db::is_unique_violation(&err) {
            LoadsError::Duplicate(t.customer_exists.clone())
        } else {
            err.into()
        }
    })?;
    tx.commit().await?;
    Ok(saved.into())
}

/// A broker account that tenders loads, as the carrier's customer.
#[derive(Debug, Clone)]
pub struct BrokerParty {
    pub broker_account_id: Uuid,
    pub name: String,
    pub usdot_number: Option<String>,
    pub mc_number: Option<String>,
    pub billing_email: Option<String>,
    pub payment_terms_days: i32,
}

/// The fleet's customer that is `party`: the one linked to its account, or
/// the one of its name the fleet typed before (now linked), or a new one.
/// A name taken by another broker's customer gets the account's USDOT or
/// MC number after it.
pub async fn for_broker(tx: &FleetTx, party: &BrokerParty) -> Result<Uuid, LoadsError> {
    let broker = party.broker_account_id;
    if let Some(found) = repo::customer_for_broker(tx, broker, &party.name).await? {
        if found.broker_account_id.is_none() {
            repo::link_customer(tx, found.id, broker).await?;
        }
        return Ok(found.id);
    }
    let taken = repo::customers(tx)
        .await?
        .iter()
        .any(|c| c.name == party.name);
    let name = if taken {
        let id = party
            .usdot_number
            .as_deref()
            .map(|d| format!("USDOT {d}"))
            .or_else(|| party.mc_number.as_deref().map(|m| format!("MC {m}")))
            .unwrap_or_else(|| broker.to_string()[..8].to_owned());
        format!("{} ({id})", party.name)
    } else {
        party.name.clone()
    };
    let saved = repo::insert_customer(
        tx,
        customer::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(tx.scope().fleet_account_id()),
            name: Set(name),
            kind: Set("broker".into()),
            usdot_number: Set(party.usdot_number.clone()),
            mc_number: Set(party.mc_number.clone()),
            billing_email: Set(party.billing_email.clone()),
            payment_terms_days: Set(party.payment_terms_days),
            created_at: Set(Utc::now()),
            broker_account_id: Set(Some(broker)),
        },
    )
    .await?;
    Ok(saved.id)
}
