//! What fleet admins see of the monitor: the profile's History, the
//! overview's banner, and the values as people read them.

use super::on_demand::ON_DEMAND_EVERY;
use super::shown::shown;
use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{FmcsaBaselineView, FmcsaChangeView, FmcsaHistory};
use crate::modules::compliance::repo;
use chrono::{DateTime, Utc};
use db::entities::fmcsa_change;
use db::tenancy::TenantScope;
use domain::compliance::monitored_label;
use sea_orm::DatabaseConnection;

fn change_view(c: fmcsa_change::Model) -> FmcsaChangeView {
    FmcsaChangeView {
        id: c.id,
        label: monitored_label(&c.field).to_owned(),
        old_value: Some(shown(&c.field, c.old_value.as_deref())),
        new_value: Some(shown(&c.field, c.new_value.as_deref())),
        field: c.field,
        adverse: c.adverse,
        detected_at: c.detected_at,
        dismissed: c.dismissed_at.is_some(),
    }
}

/// The profile's History: every change, newest first, the baseline, and
/// when "Check FMCSA now" may be pressed again.
pub async fn history(
    db: &DatabaseConnection,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> Result<FmcsaHistory, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::items::fleet(&txn)
        .await?
        .ok_or(ComplianceError::NotFound)?;
    let changes = repo::monitor::changes(&txn, false, 500).await?;
    let last = repo::monitor::last_snapshot(&txn).await?;
    let first = repo::monitor::first_snapshot(&txn).await?;
    txn.commit().await?;
    Ok(FmcsaHistory {
        last_checked_at: last.map(|s| s.taken_at),
        baseline_pending: first.is_none()
            && (fleet.fmcsa_data.is_none() || fleet.fmcsa_baseline_missed_at.is_some()),
        baseline: first
            .filter(|s| s.kind == "baseline")
            .map(|s| FmcsaBaselineView {
                taken_at: s.taken_at,
                late: fleet.fmcsa_baseline_missed_at.is_some(),
            }),
        next_check_at: fleet
            .fmcsa_check_requested_at
            .map(|at| at + ON_DEMAND_EVERY)
            .filter(|at| *at > now),
        changes: changes.into_iter().map(change_view).collect(),
    })
}

/// The overview's banner: changes not dismissed yet.
pub async fn alerts(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Vec<FmcsaChangeView>, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let changes = repo::monitor::changes(&txn, true, 20).await?;
    txn.commit().await?;
    Ok(changes.into_iter().map(change_view).collect())
}

pub async fn dismiss_alerts(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<(), ComplianceError> {
    let txn = db::tenancy::write(db, scope).await?;
    repo::monitor::dismiss_changes(&txn, Utc::now()).await?;
    txn.commit().await?;
    Ok(())
}
