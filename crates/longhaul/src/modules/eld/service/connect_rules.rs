//! The ELD requests' field rules (spec part 2 §4): a connect request's
//! provider first, because it decides which credentials are asked for; the
//! sync frequency. Each refusal is the spec's text.

use crate::http::validation::refuse;
use crate::integrations::eld::ProviderKind;
use domain::texts::texts;

/// The provider a request names: the context its credentials are checked
/// against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderNamed {
    Missing,
    Unknown(String),
    Known(ProviderKind),
}

impl ProviderNamed {
    pub fn of(provider: Option<&str>) -> Self {
        match provider.map(str::trim) {
            None | Some("") => ProviderNamed::Missing,
            Some(name) => ProviderKind::parse(name)
                .map_or_else(|| ProviderNamed::Unknown(name.to_owned()), Self::Known),
        }
    }

    fn asks_for_api_key(&self) -> bool {
        matches!(
            self,
            ProviderNamed::Missing
                | ProviderNamed::Known(ProviderKind::Samsara | ProviderKind::Keeptruckin)
        )
    }
}

const MAX_SECRET_LEN: usize = 500;

fn too_long(value: &str) -> bool {
    value.len() > MAX_SECRET_LEN || value.chars().any(char::is_control)
}

fn missing() -> garde::Result {
    refuse(&texts().eld.missing_information)
}

pub(crate) fn provider(_: &Option<String>, named: &ProviderNamed) -> garde::Result {
    match named {
        ProviderNamed::Missing => missing(),
        ProviderNamed::Unknown(_) => refuse(&domain::texts().server.eld.unknown_provider),
        ProviderNamed::Known(_) => Ok(()),
    }
}

pub(crate) fn api_key(value: &Option<String>, named: &ProviderNamed) -> garde::Result {
    let key = value.as_deref().map(str::trim).unwrap_or_default();
    if !named.asks_for_api_key() {
        Ok(())
    } else if key.is_empty() {
        missing()
    } else if too_long(key) && *named != ProviderNamed::Missing {
        refuse(&domain::texts().server.eld.api_key_too_long)
    } else {
        Ok(())
    }
}

fn asks_for_geotab(named: &ProviderNamed) -> bool {
    *named == ProviderNamed::Known(ProviderKind::Geotab)
}

/// Database and user name (trimmed) and password (as typed).
pub(crate) fn geotab_required(value: &str, named: &ProviderNamed) -> garde::Result {
    if !asks_for_geotab(named) {
        Ok(())
    } else if value.is_empty() {
        missing()
    } else if too_long(value) {
        refuse(&domain::texts().server.eld.too_long)
    } else {
        Ok(())
    }
}

pub(crate) fn geotab_trimmed(value: &str, named: &ProviderNamed) -> garde::Result {
    geotab_required(value.trim(), named)
}

/// A host name; empty means Geotab's own server.
pub(crate) fn geotab_server(value: &str, named: &ProviderNamed) -> garde::Result {
    let server = value.trim();
    if asks_for_geotab(named) && (too_long(server) || server.contains('/')) {
        refuse(&domain::texts().server.eld.server_name)
    } else {
        Ok(())
    }
}

pub(crate) fn frequency(value: &str, _: &()) -> garde::Result {
    match value {
        "hourly" | "daily" | "weekly" => Ok(()),
        _ => refuse(&domain::texts().server.eld.frequency_invalid),
    }
}
