//! The loads' e-mails: the load sheet a dispatched driver receives.

use super::service::sheet::{Fact, Sheet};
use crate::mail::{OutgoingEmail, render};
use minijinja::{Value, context};

fn facts(facts: &[Fact]) -> Vec<Value> {
    facts
        .iter()
        .map(|f| context! { label => &f.label, value => &f.value })
        .collect()
}

/// The sheet as the template reads it.
fn value(sheet: &Sheet) -> Value {
    let sections: Vec<Value> = sheet
        .sections
        .iter()
        .map(|s| context! { title => &s.title, facts => facts(&s.facts) })
        .collect();
    let stops: Vec<Value> = sheet
        .stops
        .iter()
        .map(|s| {
            context! {
                heading => &s.heading, facility => &s.facility, address => &s.address,
                time_label => &s.time_label, time => &s.time, facts => facts(&s.facts),
                map_label => &s.map_label, map_link => &s.map_link,
            }
        })
        .collect();
    context! {
        title => &sheet.title, intro => &sheet.intro, sections, stops_title => &sheet.stops_title,
        stops, instructions_title => &sheet.instructions_title,
        instructions => sheet.instructions.as_deref(), footer => &sheet.footer,
    }
}

/// The load sheet, to one driver: the same facts as its PDF (never the
/// load's money).
pub fn load_sheet(to: &str, sheet: &Sheet) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &sheet.subject,
        "load_sheet",
        context! { sheet => value(sheet) },
    )
}

/// The office told of a driver's answer to a dispatch.
pub fn driver_response(
    to: &str,
    subject: &str,
    intro: &str,
    reason: Option<&str>,
    link: &str,
) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        subject,
        "driver_response",
        context! { intro, reason, link, button => &domain::texts().loads.driver.open_load },
    )
}
