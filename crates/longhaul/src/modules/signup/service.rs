//! The wizard's rules (spec part 1 §4, fleet signup record).

use super::{lookup, repo};
use crate::http::ApiError;
use crate::integrations::fmcsa::CarrierRecord;
use crate::integrations::stripe::CheckoutRequest;
use crate::state::AppState;
use axum::http::StatusCode;
use db::entities::fleet_signup;
use domain::contact::parse_contact;
use domain::pricing::band_for;
use domain::{DotNumber, texts};
use sea_orm::{IntoActiveModel, Set};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

/// Company info as the wizard shows it (spec part 1 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct CompanyInfo {
    pub dot_number: String,
    pub legal_name: String,
    /// Falls back to the legal name.
    pub dba_name: String,
    #[schema(required = true)]
    pub street_address: Option<String>,
    #[schema(required = true)]
    pub city: Option<String>,
    #[schema(required = true)]
    pub state: Option<String>,
    #[schema(required = true)]
    pub zip_code: Option<String>,
    #[schema(required = true)]
    pub phone_number: Option<String>,
    pub power_units: i64,
    pub fleet_size: String,
    pub monthly_rate_cents: i64,
    pub plan_description: String,
}

impl CompanyInfo {
    fn from_record(r: &CarrierRecord) -> Self {
        let band = band_for(r.power_units);
        CompanyInfo {
            dot_number: r.dot_number.clone(),
            legal_name: r.legal_name.clone(),
            dba_name: r.dba_name.clone().unwrap_or_else(|| r.legal_name.clone()),
            street_address: r.street.clone(),
            city: r.city.clone(),
            state: r.state.clone(),
            zip_code: r.zip.clone(),
            phone_number: r.phone.clone(),
            power_units: r.power_units,
            fleet_size: band.label.clone(),
            monthly_rate_cents: band.monthly_rate_cents,
            plan_description: band.description.clone(),
        }
    }

    fn from_row(row: &fleet_signup::Model) -> Self {
        let units = i64::from(row.power_units.unwrap_or(0));
        let band = band_for(units);
        CompanyInfo {
            dot_number: row.dot_number.clone(),
            legal_name: row.legal_name.clone(),
            dba_name: row
                .dba_name
                .clone()
                .unwrap_or_else(|| row.legal_name.clone()),
            street_address: row.street_address.clone(),
            city: row.city.clone(),
            state: row.state.clone(),
            zip_code: row.zip_code.clone(),
            phone_number: row.phone_number.clone(),
            power_units: units,
            fleet_size: row.fleet_size.clone().unwrap_or_else(|| band.label.clone()),
            monthly_rate_cents: row.monthly_rate_cents.unwrap_or(band.monthly_rate_cents),
            plan_description: band.description.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactInfo {
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub phone: Option<String>,
}

/// What the anonymous restore link gives back: only what the wizard needs to
/// resume, and nothing once checkout has started (decision 010).
#[derive(Debug, Serialize, ToSchema)]
pub struct SignupView {
    pub id: Uuid,
    pub current_step: i32,
    #[schema(required = true)]
    pub company: Option<CompanyInfo>,
    #[schema(required = true)]
    pub contact: Option<ContactInfo>,
    /// Checkout has started: the signup is frozen and shows nothing more; a
    /// change starts a new signup.
    pub checkout_started: bool,
}

impl From<&fleet_signup::Model> for SignupView {
    fn from(row: &fleet_signup::Model) -> Self {
        if is_frozen(row) {
            return SignupView {
                id: row.id,
                current_step: row.current_step,
                company: None,
                contact: None,
                checkout_started: true,
            };
        }
        let has_contact = row.first_name.is_some()
            || row.last_name.is_some()
            || row.email.is_some()
            || row.contact_phone.is_some();
        SignupView {
            id: row.id,
            current_step: row.current_step,
            company: (!row.legal_name.is_empty()).then(|| CompanyInfo::from_row(row)),
            contact: has_contact.then(|| ContactInfo {
                first_name: row.first_name.clone(),
                last_name: row.last_name.clone(),
                email: row.email.clone(),
                phone: row.contact_phone.clone(),
            }),
            checkout_started: false,
        }
    }
}

/// Once checkout has started nothing about the signup changes: the price,
/// band and e-mail are what the checkout session charges for.
pub fn is_frozen(row: &fleet_signup::Model) -> bool {
    row.checkout_started_at.is_some() || row.stripe_session_id.is_some()
}

fn frozen() -> ApiError {
    ApiError::Conflict {
        code: "signup_frozen",
        message: texts().signup.signup_frozen.clone(),
    }
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

fn parse_dot(raw: &str) -> Result<DotNumber, ApiError> {
    DotNumber::parse(raw).map_err(|msg| ApiError::field("dot_number", msg))
}

fn not_found() -> ApiError {
    ApiError::Status {
        status: StatusCode::NOT_FOUND,
        code: "not_found",
        message: texts().signup.signup_not_found.clone(),
    }
}

/// An id from the URL: anything that is not a signup's id is "not found".
pub fn parse_id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| not_found())
}

async fn open_signup(state: &AppState, id: Uuid) -> Result<fleet_signup::Model, ApiError> {
    let row = repo::find(&state.db, id).await?.ok_or_else(not_found)?;
    if row.completed {
        return Err(ApiError::Conflict {
            code: "signup_completed",
            message: texts().signup.signup_completed.clone(),
        });
    }
    Ok(row)
}

pub async fn lookup(state: &AppState, dot_raw: &str) -> Result<CompanyInfo, ApiError> {
    let dot = parse_dot(dot_raw)?;
    let record = lookup::find_carrier(state, &dot).await?;
    Ok(CompanyInfo::from_record(&record))
}

/// After a successful lookup: a new record at step 1, or the page's existing
/// one updated with the carrier's data.
pub async fn save_company(
    state: &AppState,
    dot_raw: &str,
    signup_id: Option<Uuid>,
) -> Result<(SignupView, bool), ApiError> {
    let dot = parse_dot(dot_raw)?;
    let record = lookup::find_carrier(state, &dot).await?;
    let company = CompanyInfo::from_record(&record);
    let existing = match signup_id {
        Some(id) => repo::find(&state.db, id)
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
        repo::insert(&state.db, row).await?
    } else {
        match repo::update_unfrozen(&state.db, row.clone()).await? {
            Some(saved) => saved,
            // Checkout started a moment ago: the change starts a new signup.
            None => {
                return Ok((
                    SignupView::from(&repo::insert(&state.db, reset_ids(row)).await?),
                    true,
                ));
            }
        }
    };
    Ok((SignupView::from(&saved), created))
}

pub async fn get(state: &AppState, id: Uuid) -> Result<SignupView, ApiError> {
    let row = repo::find(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(SignupView::from(&row))
}

pub async fn set_step(state: &AppState, id: Uuid, step: i32) -> Result<SignupView, ApiError> {
    if !(1..=3).contains(&step) {
        return Err(ApiError::field(
            "current_step",
            "current_step must be 1, 2 or 3",
        ));
    }
    let row = open_signup(state, id).await?;
    if is_frozen(&row) {
        return Err(frozen());
    }
    let mut row = row.into_active_model();
    row.current_step = Set(step);
    let saved = repo::update_unfrozen(&state.db, row)
        .await?
        .ok_or_else(frozen)?;
    Ok(SignupView::from(&saved))
}

pub struct ContactInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

pub async fn set_contact(
    state: &AppState,
    id: Uuid,
    input: ContactInput,
) -> Result<SignupView, ApiError> {
    let contact = parse_contact(
        &input.first_name,
        &input.last_name,
        &input.email,
        &input.phone,
    )
    .map_err(|errors| {
        let message = errors[0].1.to_owned();
        ApiError::Invalid {
            message,
            fields: errors
                .into_iter()
                .map(|(f, m)| (f.to_owned(), m.to_owned()))
                .collect::<BTreeMap<_, _>>(),
        }
    })?;
    let existing = open_signup(state, id).await?;
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
        if let Some(saved) = repo::update_unfrozen(&state.db, row).await? {
            return Ok(SignupView::from(&saved));
        }
    }
    // Checkout has started: the frozen signup stays as it was paid for, and
    // the change starts a new signup (the wizard adopts its id).
    let saved = repo::insert(&state.db, apply(fork(&existing))).await?;
    let mut row = saved.into_active_model();
    row.current_step = Set(3);
    Ok(SignupView::from(&repo::update(&state.db, row).await?))
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
pub async fn start_checkout(state: &AppState, id: Uuid) -> Result<StartedCheckout, ApiError> {
    let mut row = open_signup(state, id).await?;
    if row.email.is_none() {
        return Err(ApiError::field("email", &texts().signup.email_invalid));
    }
    // Frozen first, then read: what is charged is what the row holds now
    // that no edit can land any more. A signup already frozen (or frozen by
    // a concurrent checkout a moment ago) is copied to a new one.
    let mut frozen_row = None;
    for _ in 0..2 {
        if !is_frozen(&row) {
            if let Some(r) = repo::freeze_for_checkout(&state.db, row.id).await? {
                frozen_row = Some(r);
                break;
            }
            row = repo::find(&state.db, row.id).await?.ok_or_else(not_found)?;
        }
        row = repo::insert(&state.db, fork(&row)).await?;
    }
    let row = frozen_row.ok_or_else(frozen)?;
    let email = row
        .email
        .clone()
        .ok_or_else(|| ApiError::field("email", &texts().signup.email_invalid))?;
    let company = CompanyInfo::from_row(&row);
    let mut charged = row.into_active_model();
    charged.checkout_amount_cents = Set(Some(company.monthly_rate_cents));
    charged.checkout_fleet_size = Set(Some(company.fleet_size.clone()));
    charged.checkout_power_units =
        Set(Some(i32::try_from(company.power_units).unwrap_or(i32::MAX)));
    let row = repo::update(&state.db, charged).await?;
    let public = &state.config.public_url;
    let request = CheckoutRequest {
        signup_id: row.id,
        customer_email: email,
        amount_cents: company.monthly_rate_cents,
        fleet_size: company.fleet_size.clone(),
        power_units: company.power_units,
        product_name: format!("Longhaul {} plan", company.fleet_size),
        description: format!("{} (DOT {})", company.legal_name, company.dot_number),
        success_url: format!("{public}/subscription-success?session_id={{CHECKOUT_SESSION_ID}}"),
        cancel_url: format!("{public}/fleet-signup?id={}", row.id),
    };
    let checkout_failed = |message: String| ApiError::Status {
        status: StatusCode::BAD_GATEWAY,
        code: "checkout_failed",
        message,
    };
    let session = match state.payments.create_checkout(request).await {
        Ok(session) => session,
        Err(err) => {
            tracing::error!(error = %err, signup = %row.id, "checkout session could not be created");
            // No session exists: the signup may be edited and checked out again.
            repo::unfreeze(&state.db, row.id).await?;
            return Err(checkout_failed(texts().signup.checkout_failed.clone()));
        }
    };
    let url = session
        .url
        .clone()
        .ok_or_else(|| checkout_failed(texts().signup.no_checkout_url.clone()))?;
    let mut active = row.clone().into_active_model();
    active.stripe_session_id = Set(Some(session.id.clone()));
    active.current_step = Set(3);
    repo::update(&state.db, active).await?;
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
    row
}
