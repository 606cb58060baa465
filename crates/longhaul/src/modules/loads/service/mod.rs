//! The loads' rules: customers, facilities, creating a load, and moving it
//! through its lifecycle.

pub mod assignment;
mod audit;
pub mod customers;
pub mod driver;
pub mod edit;
pub mod facilities;
pub mod geofence;
pub mod lifecycle;
pub mod listing;
pub mod loads;
pub mod pdf_text;
pub mod rate;
pub mod rate_con;
pub mod sheet;
pub mod sheet_pdf;
pub mod stop_events;

use super::LoadsError;

fn texts() -> &'static domain::texts::LoadsTexts {
    &domain::texts().loads
}

/// Text a field may leave out: trimmed, None when empty, refused past `max`
/// characters.
fn optional_text(
    field: &str,
    value: Option<&str>,
    max: usize,
) -> Result<Option<String>, LoadsError> {
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    match value {
        Some(v) if v.chars().count() > max => Err(LoadsError::invalid(
            field,
            &texts().text_too_long.replace("{max}", &max.to_string()),
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
) -> Result<String, LoadsError> {
    optional_text(field, Some(value), max)?.ok_or_else(|| LoadsError::invalid(field, required))
}

/// A whole number a field may leave out, within `min..=max`.
fn number_in<T>(field: &str, value: Option<T>, min: T, max: T) -> Result<Option<T>, LoadsError>
where
    T: PartialOrd + ToString + Copy,
{
    match value {
        Some(v) if v < min || v > max => Err(LoadsError::invalid(
            field,
            &texts()
                .number_invalid
                .replace("{min}", &min.to_string())
                .replace("{max}", &max.to_string()),
        )),
        v => Ok(v),
    }
}

/// An amount in cents a field may carry (`domain::loads::check_cents`).
fn cents(field: &str, value: i64) -> Result<i64, LoadsError> {
    domain::loads::check_cents(value).map_err(|err| {
        let message = match err {
            domain::loads::MoneyError::Negative => &texts().amount_negative,
            domain::loads::MoneyError::TooLarge => &texts().amount_too_large,
        };
        LoadsError::invalid(field, message)
    })
}
