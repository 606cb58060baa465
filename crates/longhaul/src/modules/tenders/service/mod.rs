//! The tenders' rules: the broker's facilities and offers, the carrier's
//! answers, the rate confirmation, and the broker's shipments.

mod common;
pub mod facilities;
pub mod offer;
pub mod rate_con;
pub mod respond;
pub mod revisions;
pub mod shipments;
mod views;

use super::TendersError;
use crate::modules::loads::dto::AccessorialInput;
use crate::modules::tenders::dto::TermsInput;
use domain::loads::Accessorial;
use domain::tenders::{Line, Terms};

fn texts() -> &'static domain::texts::TendersTexts {
    &domain::texts().tenders
}

fn loads_texts() -> &'static domain::texts::LoadsTexts {
    &domain::texts().loads
}

/// Text a field may leave out: trimmed, None when empty, refused past `max`
/// characters.
fn optional_text(
    field: &str,
    value: Option<&str>,
    max: usize,
) -> Result<Option<String>, TendersError> {
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    match value {
        Some(v) if v.chars().count() > max => Err(TendersError::invalid(
            field,
            &loads_texts()
                .text_too_long
                .replace("{max}", &max.to_string()),
        )),
        v => Ok(v.map(str::to_owned)),
    }
}

/// Text a field must have: trimmed, `required` when empty.
fn required_text(
    field: &str,
    value: &str,
    max: usize,
    required: &str,
) -> Result<String, TendersError> {
    optional_text(field, Some(value), max)?.ok_or_else(|| TendersError::invalid(field, required))
}

/// A whole number a field may leave out, within `min..=max`.
fn number_in<T>(field: &str, value: Option<T>, min: T, max: T) -> Result<Option<T>, TendersError>
where
    T: PartialOrd + ToString + Copy,
{
    match value {
        Some(v) if v < min || v > max => Err(TendersError::invalid(
            field,
            &loads_texts()
                .number_invalid
                .replace("{min}", &min.to_string())
                .replace("{max}", &max.to_string()),
        )),
        v => Ok(v),
    }
}

fn lines(input: &[AccessorialInput]) -> Result<Vec<Line>, TendersError> {
    if input.len() > 30 {
        return Err(TendersError::invalid(
            "accessorials",
            &loads_texts()
                .number_invalid
                .replace("{min}", "0")
                .replace("{max}", "30"),
        ));
    }
    input
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let kind = Accessorial::parse(&line.kind).ok_or_else(|| {
                TendersError::invalid(
                    format!("accessorials.{i}.kind"),
                    &loads_texts().accessorial_invalid,
                )
            })?;
            Ok(Line {
                kind,
                amount_cents: line.amount_cents,
                note: optional_text(&format!("accessorials.{i}.note"), line.note.as_deref(), 200)?,
            })
        })
        .collect()
}

/// The money and terms of a request, checked.
fn terms(input: &TermsInput) -> Result<Terms, TendersError> {
    let terms = Terms {
        linehaul_cents: input.linehaul_cents,
        fuel_surcharge_cents: input.fuel_surcharge_cents,
        accessorials: lines(&input.accessorials)?,
        detention_free_minutes: number_in(
            "detention_free_minutes",
            input.detention_free_minutes,
            0,
            24 * 60,
        )?,
        detention_rate_cents: input.detention_rate_cents,
        detention_cap_cents: input.detention_cap_cents,
        tonu_cents: input.tonu_cents,
        tonu_window_hours: number_in("tonu_window_hours", input.tonu_window_hours, 0, 168)?,
        lumper_terms: optional_text("lumper_terms", input.lumper_terms.as_deref(), 500)?,
    };
    terms.check().map_err(|err| {
        let message = match err.problem {
            domain::loads::MoneyError::Negative => &loads_texts().amount_negative,
            domain::loads::MoneyError::TooLarge => &loads_texts().amount_too_large,
        };
        TendersError::invalid(err.field, message)
    })?;
    Ok(terms)
}

/// Terms as stored (JSON in a text column).
fn stored<T: serde::Serialize>(value: &T) -> Result<String, TendersError> {
    serde_json::to_string(value).map_err(|err| TendersError::Internal(err.into()))
}

/// Terms or stops read back from their column.
fn read_stored<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, TendersError> {
    serde_json::from_str(text).map_err(|err| TendersError::Internal(err.into()))
}

fn dollars(cents: i64) -> String {
    domain::loads::dollars(cents)
}
