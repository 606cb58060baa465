//! What the ELD capability's files share: the dependencies its services
//! take, the data kinds a run pulls, the sync job's payload and the schedule.

use crate::crypto::Cipher;
use crate::integrations::eld::connector::EldConnector;
use crate::jobs::JobQueue;
use crate::modules::eld::dto::SyncSettings;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use db::entities::fleet_eld_integration;
use domain::texts::texts;
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub struct EldDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub jobs: &'a JobQueue,
    pub cipher: &'a Cipher,
    pub connector: &'a dyn EldConnector,
}

impl<'a> EldDeps<'a> {
    /// What the ELD services use, from the application's state.
    pub fn of(state: &'a AppState) -> EldDeps<'a> {
        EldDeps {
            db: &state.db,
            jobs: &state.jobs,
            cipher: &state.cipher,
            connector: state.eld.as_ref(),
        }
    }
}

/// The data kinds a sync run can pull.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DataKind {
    Drivers,
    Trucks,
    Trailers,
}

impl DataKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "drivers" => Some(DataKind::Drivers),
            "trucks" => Some(DataKind::Trucks),
            "trailers" => Some(DataKind::Trailers),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            DataKind::Drivers => "drivers",
            DataKind::Trucks => "trucks",
            DataKind::Trailers => "trailers",
        }
    }
    /// The spec's text when the fleet has no integration (part 2 §5, §8).
    pub(crate) fn not_connected(self) -> String {
        let t = &texts().eld;
        match self {
            DataKind::Drivers => t.drivers_not_connected.clone(),
            DataKind::Trucks => t.trucks_not_configured.clone(),
            DataKind::Trailers => t.integration_not_found.clone(),
        }
    }
    pub(crate) fn key_missing(self) -> String {
        let t = &texts().eld;
        match self {
            DataKind::Trucks => t.trucks_key_missing.clone(),
            DataKind::Drivers | DataKind::Trailers => t.api_key_missing.clone(),
        }
    }
}

/// The `eld_sync` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SyncJob {
    pub fleet_account_id: Uuid,
    pub run_id: Uuid,
}

pub fn settings_of(i: &fleet_eld_integration::Model) -> SyncSettings {
    SyncSettings {
        frequency: i.sync_frequency.clone(),
        drivers: i.sync_drivers,
        trucks: i.sync_trucks,
        trailers: i.sync_trailers,
    }
}

/// The next scheduled run after `from` for a frequency.
pub fn next_sync_after(frequency: &str, from: DateTime<Utc>) -> DateTime<Utc> {
    from + match frequency {
        "hourly" => Duration::hours(1),
        "weekly" => Duration::weeks(1),
        _ => Duration::days(1),
    }
}
