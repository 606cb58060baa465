//! The compliance e-mails: the daily digest and a change of the fleet's
//! FMCSA record.

use crate::mail::{OutgoingEmail, render};
use minijinja::{Value, context};

#[derive(Debug, Clone)]
pub struct DigestLine {
    pub title: String,
    pub asset: Option<String>,
    pub type_label: String,
    pub phrase: String,
    pub date: String,
    pub lapsed: bool,
}

impl DigestLine {
    fn value(&self) -> Value {
        context! {
            title => &self.title, asset => &self.asset, type_label => &self.type_label,
            phrase => &self.phrase, date => &self.date, lapsed => self.lapsed,
        }
    }
}

pub fn digest(
    to: &str,
    fleet_name: &str,
    items: &[DigestLine],
    link: &str,
) -> anyhow::Result<OutgoingEmail> {
    let subject = domain::texts()
        .compliance
        .digest_subject
        .replace("{fleet}", fleet_name)
        .replace("{count}", &items.len().to_string());
    render::email(
        to,
        &subject,
        "compliance_digest",
        context! { fleet_name, items => items.iter().map(DigestLine::value).collect::<Vec<_>>(), link, button => &domain::texts().server.emails.open_compliance_calendar },
    )
}

#[derive(Debug, Clone)]
pub struct ChangeLine {
    pub label: String,
    pub old: String,
    pub new: String,
    pub adverse: bool,
}

impl ChangeLine {
    fn value(&self) -> Value {
        context! { label => &self.label, old => &self.old, new => &self.new, adverse => self.adverse }
    }
}

pub fn fmcsa_changes(
    to: &str,
    fleet_name: &str,
    dot_number: &str,
    changes: &[ChangeLine],
    link: &str,
) -> anyhow::Result<OutgoingEmail> {
    let subject = domain::texts()
        .compliance
        .fmcsa_subject
        .replace("{fleet}", fleet_name);
    render::email(
        to,
        &subject,
        "fmcsa_changes",
        context! { fleet_name, dot_number, changes => changes.iter().map(ChangeLine::value).collect::<Vec<_>>(), link, button => &domain::texts().server.emails.open_company_profile },
    )
}
