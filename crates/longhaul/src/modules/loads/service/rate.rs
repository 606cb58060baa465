//! A booked load's money changed by a new revision of its rate
//! confirmation (issue 33): the same columns and lines a load is created
//! with; its stops and history are not touched.

use crate::modules::loads::LoadsError;
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::{load, load_accessorial};
use db::tenancy::FleetTx;
use domain::tenders::Terms;
use sea_orm::Set;
use uuid::Uuid;

pub async fn set_rate_in(tx: &FleetTx, load_id: Uuid, terms: &Terms) -> Result<(), LoadsError> {
    let fleet = tx.scope().fleet_account_id();
    let row = load::ActiveModel {
        rate_method: Set("flat".into()),
        rate_per_mile_cents: Set(None),
        linehaul_cents: Set(terms.linehaul_cents),
        fuel_surcharge_cents: Set(terms.fuel_surcharge_cents),
        detention_free_minutes: Set(terms.detention_free_minutes),
        detention_rate_cents: Set(terms.detention_rate_cents),
        detention_cap_cents: Set(terms.detention_cap_cents),
        tonu_cents: Set(terms.tonu_cents),
        tonu_window_hours: Set(terms.tonu_window_hours),
        lumper_terms: Set(terms.lumper_terms.clone()),
        updated_at: Set(Utc::now()),
        ..Default::default()
    };
    let lines = terms
        .accessorials
        .iter()
        .map(|l| load_accessorial::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            load_id: Set(load_id),
            kind: Set(l.kind.as_str().to_owned()),
            amount_cents: Set(l.amount_cents),
            note: Set(l.note.clone()),
        })
        .collect();
    if !repo::set_rate(tx, load_id, row, lines).await? {
        return Err(LoadsError::NotFound);
    }
    Ok(())
}
