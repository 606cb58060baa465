//! The fleet's home time zone (issue 31, decision 043) and the day it is
//! there: "today" wherever a date is judged for the fleet (the compliance
//! calendar, its reminders, qualification items). Any module may call
//! `fleet_today` / `fleet_time_zone`; `now` is the caller's, so a test can
//! pin it.

use crate::integrations::fmcsa::{carrier, carrier_profile};
use crate::modules::fleet_account::repo;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::fleet_account;
use db::tenancy::{FleetTx, TenantScope};
use domain::time_zone::{FALLBACK_ZONE, Tz, ZoneSource, home_zone, local_date};
use sea_orm::{DatabaseConnection, DbErr};
use serde_json::Value;

/// The fleet's effective zone and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HomeZone {
    pub zone: Tz,
    pub source: ZoneSource,
}

/// The zone of `fleet`: the one chosen in Company Settings, else the one of
/// the state of its FMCSA physical address (`fmcsa`: its own record or the
/// sign-up's), else of the state stored on the account (copied from the
/// sign-up, which FMCSA filled), else `FALLBACK_ZONE`.
pub fn home_zone_of(fleet: &fleet_account::Model, fmcsa: Option<&Value>) -> HomeZone {
    let fmcsa_state = fmcsa
        .and_then(carrier_profile)
        .and_then(|p| p.physical_state)
        .filter(|s| domain::time_zone::zone_of_state(s).is_some());
    let state = fmcsa_state.or_else(|| fleet.physical_state.clone());
    let (zone, source) = home_zone(fleet.home_time_zone.as_deref(), state.as_deref());
    HomeZone { zone, source }
}

/// The FMCSA record the account view shows: the fleet's own, else the
/// newest sign-up's for its DOT number.
pub(crate) async fn fmcsa_record(
    tx: &FleetTx,
    fleet: &fleet_account::Model,
) -> Result<Option<Value>, DbErr> {
    match fleet.fmcsa_data.clone().filter(|d| carrier(d).is_some()) {
        Some(own) => Ok(Some(own)),
        None => repo::signup_fmcsa_record(tx, &fleet.dot_number).await,
    }
}

/// The home zone of the transaction's fleet (`FALLBACK_ZONE` for a fleet
/// that does not exist: its caller answers 404 anyway).
pub async fn fleet_home_zone(tx: &FleetTx) -> Result<HomeZone, DbErr> {
    let Some(fleet) = repo::account(tx).await? else {
        return Ok(HomeZone {
            zone: FALLBACK_ZONE,
            source: ZoneSource::Default,
        });
    };
    let fmcsa = if fleet.home_time_zone.is_some() {
        None
    } else {
        fmcsa_record(tx, &fleet).await?
    };
    Ok(home_zone_of(&fleet, fmcsa.as_ref()))
}

/// The zone of the transaction's fleet.
pub async fn fleet_time_zone(tx: &FleetTx) -> Result<Tz, DbErr> {
    Ok(fleet_home_zone(tx).await?.zone)
}

/// The fleet's calendar day at `now`, within a transaction of the fleet.
pub async fn fleet_today_in(tx: &FleetTx, now: DateTime<Utc>) -> Result<NaiveDate, DbErr> {
    Ok(local_date(fleet_time_zone(tx).await?, now))
}

/// The scope's fleet's calendar day at `now` (its own read transaction).
pub async fn fleet_today(
    db: &DatabaseConnection,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> Result<NaiveDate, DbErr> {
    let txn = db::tenancy::read(db, scope).await?;
    let today = fleet_today_in(&txn, now).await?;
    txn.commit().await?;
    Ok(today)
}
