//! The loads' e-mails: the load sheet a dispatched driver receives.

use super::service::sheet::Sheet;
use crate::mail::{OutgoingEmail, render};
use minijinja::{Value, context};

/// The load sheet, to one driver: the same facts as its PDF (never the
/// load's money).
pub fn load_sheet(to: &str, sheet: &Sheet) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &sheet.subject,
        "load_sheet",
        context! { sheet => Value::from_serialize(sheet) },
    )
}
