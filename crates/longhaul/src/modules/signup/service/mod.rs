//! The wizard's rules (spec part 1 §4, fleet signup record): saving the
//! carrier found by DOT number, the steps and contact, and checkout of the
//! plan for the fleet's size.

use super::dto::{CompanyInfo, SignupView};
use super::error::SignupError;
use super::frozen::is_frozen;
use super::repo::signups as repo;
use crate::http::Refusal;
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::{CheckoutRequest, PaymentGateway};
use db::entities::fleet_signup;
use domain::DotNumber;
use domain::contact::parse_contact;
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
use uuid::Uuid;

/// What the wizard needs besides its inputs.
pub struct SignupDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub carriers: &'a dyn CarrierRegistry,
    pub payments: &'a dyn PaymentGateway,
    /// Where Stripe sends the customer back to.
    pub public_url: &'a str,
}

/// A new signup (step 1, not frozen) with the carrier data and contact of
/// `row`: what a change to a frozen signup starts from.
fn fork(row: &fleet_signup::Model) -> fleet_signup::ActiveModel {
    fleet_signup::ActiveModel {
        dot_number: Set(row.dot_number.clone()),
        legal_name: Set(row.legal_name.clone()),
        dba_name: Set(row.dba_name.clone()),
        street_address: Set(row.street_address.clone()),
        city: Set(row.city.clone()),
        state: Set(row.state.clone()),
        zip_code: Set(row.zip_code.clone()),
        phone_number: Set(row.phone_number.clone()),
        power_units: Set(row.power_units),
        fleet_size: Set(row.fleet_size.clone()),
        monthly_rate_cents: Set(row.monthly_rate_cents),
        fmcsa_data: Set(row.fmcsa_data.clone()),
        first_name: Set(row.first_name.clone()),
        last_name: Set(row.last_name.clone()),
        email: Set(row.email.clone()),
        contact_phone: Set(row.contact_phone.clone()),
        ..Default::default()
    }
}

fn parse_dot(raw: &str) -> Result<DotNumber, SignupError> {
    DotNumber::parse(raw).map_err(|msg| SignupError::field("dot_number", msg))
}

/// An id from the URL: anything that is not a signup's id is "not found".
pub fn parse_id(raw: &str) -> Result<Uuid, SignupError> {
    Uuid::parse_str(raw).map_err(|_| SignupError::NotFound)
}

async fn open_signup(
    db: &DatabaseConnection,
    id: Uuid,
) -> Result<fleet_signup::Model, SignupError> {
    let row = repo::find(db, id).await?.ok_or(SignupError::NotFound)?;
    if row.completed {
        return Err(SignupError::Completed);
    }
    Ok(row)
}

pub async fn lookup(deps: &SignupDeps<'_>, dot_raw: &str) -> Result<CompanyInfo, SignupError> {
    let dot = parse_dot(dot_raw)?;
    let record = lookup::find_carrier(deps.db, deps.carriers, &dot).await?;
    Ok(CompanyInfo::from_record(&record))
}

/// After a successful lookup: a new record at step 1, or the page's existing
/// one updated with the carrier's data.
pub async fn save_company(
    deps: &SignupDeps<'_>,
    dot_raw: &str,
    signup_id: Option<Uuid>,
) -> Result<(SignupView, bool), SignupError> {
    let db = deps.db;
    let dot = parse_dot(dot_raw)?;
    let record = lookup::find_carrier(db, deps.carriers, &dot).await?;
    let company = CompanyInfo::from_record(&record);
    let existing = match signup_id {
        Some(id) => repo::find(db, id)
            .await?
            .filter(|row| !row.completed && !is_frozen(row)),
        None => None,
    };
    let created = existing.is_none();
    let mut row = match existing {
        Some(row) => row.into_active_model(),
        None => fleet_signup::ActiveModel::default(),
    };
    row.dot_number = Set(company.dot_number.clone());
    row.legal_name = Set(company.legal_name.clone());
    row.dba_name = Set(record.dba_name.clone());
    row.street_address = Set(company.street_address.clone());
    row.city = Set(company.city.clone());
    row.state = Set(company.state.clone());
    row.zip_code = Set(company.zip_code.clone());
    row.phone_number = Set(company.phone_number.clone());
    row.power_units = Set(Some(i32::try_from(company.power_units).unwrap_or(i32::MAX)));
    row.fleet_size = Set(Some(company.fleet_size.clone()));
    row.monthly_rate_cents = Set(Some(company.monthly_rate_cents));
    row.fmcsa_data = Set(Some(record.raw.clone()));
    let saved = if created {
        repo::insert(db, row).await?
    } else {
        match repo::update_unfrozen(db, row.clone()).await? {
            Some(saved) => saved,
            // Checkout started a moment ago: the change starts a new signup.
            None => {
                return Ok((
                    SignupView::from(&repo::insert(db, reset_ids(row)).await?),
                    true,
                ));
            }
        }
    };
    Ok((SignupView::from(&saved), created))
}

pub async fn get(db: &DatabaseConnection, id: Uuid) -> Result<SignupView, SignupError> {
    let row = repo::find(db, id).await?.ok_or(SignupError::NotFound)?;
    Ok(SignupView::from(&row))
}

pub async fn set_step(
    db: &DatabaseConnection,
    id: Uuid,
    step: i32,
) -> Result<SignupView, SignupError> {
    if !(1..=3).contains(&step) {
        return Err(SignupError::field(
            "current_step",
            "current_step must be 1, 2 or 3",
        ));
    }
    let row = open_signup(db, id).await?;
    if is_frozen(&row) {
        return Err(SignupError::Frozen);
    }
    let mut row = row.into_active_model();
    row.current_step = Set(step);
    let saved = repo::update_unfrozen(db, row)
        .await?
        .ok_or(SignupError::Frozen)?;
    Ok(SignupView::from(&saved))
}

pub struct ContactInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

pub async fn set_contact(
    db: &DatabaseConnection,
    id: Uuid,
    input: ContactInput,
) -> Result<SignupView, SignupError> {
    let contact = parse_contact(
        &input.first_name,
        &input.last_name,
        &input.email,
        &input.phone,
    )
    .map_err(|errors| SignupError::from(Refusal::in_order(errors)))?;
    let existing = open_signup(db, id).await?;
    let apply = |mut row: fleet_signup::ActiveModel| {
        row.first_name = Set(Some(contact.first_name.clone()));
        row.last_name = Set(Some(contact.last_name.clone()));
        row.email = Set(Some(contact.email.to_string()));
        row.contact_phone = Set(Some(contact.phone.clone()));
        row
    };
    if !is_frozen(&existing) {
        let mut row = apply(existing.clone().into_active_model());
        row.current_step = Set(3);
        if let Some(saved) = repo::update_unfrozen(db, row).await? {
            return Ok(SignupView::from(&saved));
        }
    }
    // Checkout has started: the frozen signup stays as it was paid for, and
    // the change starts a new signup (the wizard adopts its id).
    let saved = repo::insert(db, apply(fork(&existing))).await?;
    let mut row = saved.into_active_model();
    row.current_step = Set(3);
    Ok(SignupView::from(&repo::update(db, row).await?))
}

pub struct StartedCheckout {
    pub url: String,
    pub session_id: String,
    /// The signup the session charges for: a new one when the signup asked
    /// for had already gone to checkout.
    pub signup_id: Uuid,
}

/// Opens a Stripe Checkout Session for the band's monthly price. The signup
/// is frozen first (a conditional update, so concurrent edits and checkouts
/// cannot slip in), with the price and band the session charges; then Stripe
/// is called and the session id stored. A signup that already went to
/// checkout is not reused: a new signup with the same data takes the new
/// checkout, so one signup is paid by at most one session.
pub async fn start_checkout(
    deps: &SignupDeps<'_>,
    id: Uuid,
) -> Result<StartedCheckout, SignupError> {
    let db = deps.db;
    let mut row = open_signup(db, id).await?;
    if row.email.is_none() {
        return Err(SignupError::EmailMissing);
    }
    // Frozen first, then read: what is charged is what the row holds now
    // that no edit can land any more. A signup already frozen (or frozen by
    // a concurrent checkout a moment ago) is copied to a new one.
    let mut frozen_row = None;
    for _ in 0..2 {
        if !is_frozen(&row) {
            if let Some(r) = repo::freeze_for_checkout(db, row.id).await? {
                frozen_row = Some(r);
                break;
            }
            row = repo::find(db, row.id).await?.ok_or(SignupError::NotFound)?;
        }
        row = repo::insert(db, fork(&row)).await?;
    }
    let row = frozen_row.ok_or(SignupError::Frozen)?;
    let email = row.email.clone().ok_or(SignupError::EmailMissing)?;
    let company = CompanyInfo::from_row(&row);
    let mut charged = row.into_active_model();
    charged.checkout_amount_cents = Set(Some(company.monthly_rate_cents));
    charged.checkout_fleet_size = Set(Some(company.fleet_size.clone()));
    charged.checkout_power_units =
        Set(Some(i32::try_from(company.power_units).unwrap_or(i32::MAX)));
    let row = repo::update(db, charged).await?;
    let public = deps.public_url;
    let request = CheckoutRequest {
        signup_id: row.id,
        customer_email: email,
        amount_cents: company.monthly_rate_cents,
        fleet_size: company.fleet_size.clone(),
        power_units: company.power_units,
        product_name: domain::texts::fill(
            &domain::texts().server.billing.plan_name,
            &[("size", &company.fleet_size)],
        ),
        description: format!("{} (DOT {})", company.legal_name, company.dot_number),
        success_url: format!("{public}/subscription-success?session_id={{CHECKOUT_SESSION_ID}}"),
        cancel_url: format!("{public}/fleet-signup?id={}", row.id),
    };
    let session = match deps.payments.create_checkout(request).await {
        Ok(session) => session,
        Err(err) => {
            tracing::error!(error = %err, signup = %row.id, "checkout session could not be created");
            // No session exists: the signup may be edited and checked out again.
            repo::unfreeze(db, row.id).await?;
            return Err(SignupError::CheckoutFailed);
        }
    };
    let url = session.url.clone().ok_or(SignupError::NoCheckoutUrl)?;
    let mut active = row.clone().into_active_model();
    active.stripe_session_id = Set(Some(session.id.clone()));
    active.current_step = Set(3);
    repo::update(db, active).await?;
    Ok(StartedCheckout {
        url,
        session_id: session.id,
        signup_id: row.id,
    })
}

/// An ActiveModel for inserting a copy: the key and bookkeeping are set by
/// `repo::insert`.
fn reset_ids(mut row: fleet_signup::ActiveModel) -> fleet_signup::ActiveModel {
    row.id = sea_orm::ActiveValue::NotSet;
    row.stripe_session_id = Set(None);
    row.checkout_started_at = Set(None);
    row.checkout_amount_cents = Set(None);
    row.checkout_fleet_size = Set(None);
    row.checkout_power_units = Set(None);
    row.payer_email = Set(None);
    row.band_review = Set(None);
    row.subscription_status = Set(None);
    row.stripe_customer_id = Set(None);
    row.stripe_subscription_id = Set(None);
    row.subscription_event_at = Set(None);
    row.user_id = Set(None);
    row.approved_fleet_id = Set(None);
    row
}
pub(super) mod frozen;
pub mod lookup;
