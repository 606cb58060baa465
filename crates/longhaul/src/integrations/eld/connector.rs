//! Builds a fleet's provider client from its stored connection. Tests swap
//! in a connector whose real adapters point at local fakes.

use super::{Credentials, EldEndpoints, EldProvider, EldProviderError, ProviderKind};
use crate::config::Config;
use std::sync::Arc;
use uuid::Uuid;

pub trait EldConnector: Send + Sync {
    fn connect(
        &self,
        fleet_account_id: Uuid,
        kind: ProviderKind,
        credentials: &Credentials,
    ) -> Result<Arc<dyn EldProvider>, EldProviderError>;
    /// One line for the startup log.
    fn describe(&self) -> String;
}

/// The real adapters at configurable base URLs; the demo provider offline.
pub struct RealConnector {
    pub endpoints: EldEndpoints,
}

impl EldConnector for RealConnector {
    fn connect(
        &self,
        fleet_account_id: Uuid,
        kind: ProviderKind,
        credentials: &Credentials,
    ) -> Result<Arc<dyn EldProvider>, EldProviderError> {
        match kind {
            ProviderKind::Demo => Ok(Arc::new(super::demo::DemoProvider::new(seed_of(
                fleet_account_id,
            )))),
            _ => super::connect(kind, credentials, &self.endpoints),
        }
    }

    fn describe(&self) -> String {
        format!(
            "Samsara at {}, Motive at {}, Geotab over {}; demo provider offline",
            self.endpoints.samsara_base_url,
            self.endpoints.motive_base_url,
            self.endpoints.geotab_scheme
        )
    }
}

/// The same fleet always gets the same demo data.
fn seed_of(fleet_account_id: Uuid) -> u64 {
    let bytes = fleet_account_id.as_bytes();
    u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
}

pub fn for_config(config: &Config) -> Arc<dyn EldConnector> {
    Arc::new(RealConnector {
        endpoints: EldEndpoints {
            samsara_base_url: config.samsara_base_url.clone(),
            motive_base_url: config.motive_base_url.clone(),
            ..EldEndpoints::default()
        },
    })
}
