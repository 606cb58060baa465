//! The fleet account as the dashboard shows it, and the overview. Callable
//! from a handler or a job alike: a connection and a scope in,
//! `FleetAccountError` out.

use super::dto::{FleetAccountView, Overview, PowerUnits};
use super::error::FleetAccountError;
use super::repo;
use super::view::account_view;
use db::tenancy::TenantScope;
use sea_orm::DatabaseConnection;

/// The account with its FMCSA record: the fleet's own, else the newest
/// sign-up's for its DOT number.
pub async fn account(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<FleetAccountView, FleetAccountError> {
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::account(&txn)
        .await?
        .ok_or(FleetAccountError::NotFound)?;
    let fmcsa = time_zone::fmcsa_record(&txn, &fleet).await?;
    let eld = repo::active_eld_provider(&txn).await?;
    txn.commit().await?;
    let zone = time_zone::home_zone_of(&fleet, fmcsa.as_ref());
    Ok(account_view(fleet, fmcsa, eld, zone))
}

/// The overview's counts, read in one transaction. The spec's "cleanup on
/// overview load" (trucks of unrecognized drivers lose them) is done by the
/// writers instead (`vehicles::assignment`): a read never writes.
pub async fn overview(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Overview, FleetAccountError> {
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::account(&txn)
        .await?
        .ok_or(FleetAccountError::NotFound)?;
    let counts = repo::overview_counts(&txn).await?;
    txn.commit().await?;
    Ok(Overview {
        welcome_name: fleet
            .dba_name
            .clone()
            .filter(|d| !d.trim().is_empty())
            .unwrap_or(fleet.legal_name),
        power_units: PowerUnits {
            active: counts.trucks_active,
            registered: fleet.power_units,
        },
        drivers_active: counts.drivers_active,
        trailers_active_assigned: counts.trailers_active_assigned,
    })
}
pub mod logo;
pub(super) mod rules;
pub mod settings;
pub mod time_zone;
pub mod view;
