//! A fleet's customers: the brokers and shippers its loads are for.

use super::{LoadsError, number_in, optional_text, required_text, texts};
use crate::modules::loads::dto::{CustomerInput, CustomerView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::customer;
use db::tenancy::{self, TenantScope};
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
