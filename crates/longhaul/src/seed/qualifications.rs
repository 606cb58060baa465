//! Drivers' qualification items for the demo and the benchmarks: a CDL, a
//! medical card and an annual MVR review per driver, their dates spread
//! from two months lapsed to two years ahead, so the calendar has every
//! group and the reminder job has work on any day.

use chrono::{Days, NaiveDate, Utc};
use db::entities::{driver_qualification, fleet_driver};
use db::tenancy::{FleetOwned, FleetTx};
use domain::compliance::{QualificationKind, qualification_due};
use sea_orm::{EntityTrait, QuerySelect, Set};
use uuid::Uuid;

/// Rows per INSERT (14 columns).
const CHUNK: usize = 1000;

fn offset(today: NaiveDate, days: i64) -> NaiveDate {
    if days >= 0 {
        today.checked_add_days(Days::new(days as u64))
    } else {
        today.checked_sub_days(Days::new(days.unsigned_abs()))
    }
    .unwrap_or(today)
}

/// Three items for each of the fleet's drivers (at most 5,000 drivers).
pub async fn seed_qualifications(tx: &FleetTx) -> anyhow::Result<usize> {
    let fleet = tx.scope().fleet_account_id();
    let drivers: Vec<Uuid> = fleet_driver::Entity::within(tx)
        .select_only()
        .column(fleet_driver::Column::Id)
        .limit(5000)
        .into_tuple()
        .all(tx)
        .await?;
    let now = Utc::now();
    let today = now.date_naive();
    let mut rows = Vec::with_capacity(drivers.len() * 3);
    for (i, driver) in drivers.iter().enumerate() {
        let i = i as i64;
        for kind in [
            QualificationKind::Cdl,
            QualificationKind::Medical,
            QualificationKind::Mvr,
        ] {
            let (done_on, expires_on) = match kind {
                QualificationKind::Cdl => (None, Some(offset(today, -60 + (i * 37) % 790))),
                QualificationKind::Medical => (None, Some(offset(today, -30 + (i * 53) % 760))),
                _ => {
                    let done = offset(today, -((i * 17) % 380));
                    (Some(done), None)
                }
            };
            rows.push(driver_qualification::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(fleet),
                driver_id: Set(*driver),
                kind: Set(kind.as_str().to_owned()),
                number: Set(
                    (kind == QualificationKind::Cdl).then(|| format!("D{:07}", 1_000_000 + i))
                ),
                state: Set((kind == QualificationKind::Cdl).then(|| "TN".to_owned())),
                class: Set((kind == QualificationKind::Cdl).then(|| "A".to_owned())),
                done_on: Set(done_on),
                expires_on: Set(expires_on),
                due_on: Set(qualification_due(kind, done_on, expires_on)),
                document_id: Set(None),
                updated_at: Set(now),
                updated_by: Set(None),
            });
        }
    }
    let total = rows.len();
    for chunk in rows.chunks(CHUNK) {
        driver_qualification::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(tx)
            .await?;
    }
    Ok(total)
}
