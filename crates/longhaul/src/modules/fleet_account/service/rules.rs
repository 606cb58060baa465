//! The company settings' field rules (spec part 2 §9), as the request types
//! name them in `#[garde(custom(…))]`; each refusal is the spec's text.

use crate::http::validation::{at_most, refuse};
use domain::fleet::parse_hex_color;
use domain::{Email, texts};

const TEXT_MAX: usize = 200;
const WELCOME_MAX: usize = 2000;

fn too_long(value: &str) -> bool {
    value.chars().count() > TEXT_MAX
}

/// Empty or blank is "no change"; anything else is checked as typed.
fn cleaned(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

pub(crate) fn legal_name(value: &str, _: &()) -> garde::Result {
    let value = value.trim();
    if value.is_empty() {
        refuse(&texts().fleet.settings_form.legal_name_required)
    } else if too_long(value) {
        refuse(&texts().signup.field_too_long)
    } else {
        Ok(())
    }
}

pub(crate) fn short_text(value: &Option<String>, _: &()) -> garde::Result {
    match value {
        Some(v) if too_long(v) => refuse(&texts().signup.field_too_long),
        _ => Ok(()),
    }
}

/// An address answers as one field, whichever of its lines is too long.
pub(crate) fn address_lines(lines: [&Option<String>; 4]) -> garde::Result {
    if lines.into_iter().flatten().any(|v| too_long(v)) {
        refuse(&texts().signup.field_too_long)
    } else {
        Ok(())
    }
}

pub(crate) fn optional_email(value: &Option<String>, _: &()) -> garde::Result {
    match cleaned(value).map(Email::parse) {
        Some(Err(_)) => refuse(&texts().signup.email_invalid),
        _ => Ok(()),
    }
}

pub(crate) fn color(value: &str, _: &()) -> garde::Result {
    match parse_hex_color(value) {
        Some(_) => Ok(()),
        None => refuse(&texts().fleet.color_invalid),
    }
}

pub(crate) fn login_method(value: &str, _: &()) -> garde::Result {
    match value {
        "username" | "email" => Ok(()),
        _ => refuse(&domain::texts().server.fleet.login_method_invalid),
    }
}

pub(crate) fn auth_type(value: &str, _: &()) -> garde::Result {
    match value {
        "system_password" | "individual_password" => Ok(()),
        _ => refuse(&domain::texts().server.fleet.password_mode_invalid),
    }
}

pub(crate) fn welcome_message(value: &Option<String>, _: &()) -> garde::Result {
    match cleaned(value) {
        Some(w) if w.chars().count() > WELCOME_MAX => refuse(&at_most(WELCOME_MAX)),
        _ => Ok(()),
    }
}

/// Every driver of the fleet signs in with it: the accounts' rule, not the
/// sign-up form's six characters. Empty keeps the stored one.
pub(crate) fn system_password(value: &Option<String>, _: &()) -> garde::Result {
    match value.as_deref().filter(|p| !p.is_empty()) {
        Some(p) => domain::password::check_account_password(p).or_else(refuse),
        None => Ok(()),
    }
}

/// An IANA zone, or nothing (back to the default).
pub(crate) fn home_time_zone(value: &Option<Option<String>>, _: &()) -> garde::Result {
    match value.as_ref().and_then(cleaned) {
        Some(zone) if domain::time_zone::parse_zone(zone).is_none() => {
            refuse(&texts().fleet.settings_form.time_zone.unknown)
        }
        _ => Ok(()),
    }
}
