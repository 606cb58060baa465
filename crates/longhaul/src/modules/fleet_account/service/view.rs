//! The fleet account as the dashboard shows it: the stored fields, with the
//! FMCSA record filling what the account leaves empty (spec part 2 §2,
//! Company Profile), the brand colours' defaults and the logo's URL.

use crate::integrations::fmcsa::{CarrierProfile, carrier_profile};
use crate::modules::fleet_account::dto::{
    Address, Authority, Branding, Contact, EldView, FleetAccountView, FmcsaView, PortalView,
    Security,
};
use crate::modules::fleet_account::time_zone::HomeZone;
use db::entities::fleet_account;
use domain::fleet::{DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, PortalSettings};
use serde_json::Value;

fn fmcsa_view(p: &CarrierProfile) -> FmcsaView {
    FmcsaView {
        legal_name: p.legal_name.clone(),
        dba_name: p.dba_name.clone(),
        dot_number: p.dot_number.clone(),
        operating_classification: p.operating_classification.clone(),
        total_power_units: p.total_power_units.clone(),
        total_drivers: p.total_drivers.clone(),
        mcs150_form_date: p.mcs150_form_date.clone(),
        cargo_tank: p.cargo_tank.clone(),
        passenger_carrier: p.passenger_carrier.clone(),
        hazmat: p.hazmat.clone(),
        physical_address: Address {
            street: p.physical_street.clone(),
            city: p.physical_city.clone(),
            state: p.physical_state.clone(),
            zip: p.physical_zip.clone(),
        },
    }
}

/// The view of `fleet`, with `fmcsa` (its stored record or the fallback) and
/// the provider of its active ELD connection and its home time zone.
pub fn account_view(
    fleet: fleet_account::Model,
    fmcsa: Option<Value>,
    eld_provider: Option<String>,
    zone: HomeZone,
) -> FleetAccountView {
    let profile = fmcsa.as_ref().and_then(carrier_profile);
    let or_fmcsa = |own: Option<String>, f: fn(&CarrierProfile) -> Option<String>| {
        own.or_else(|| profile.as_ref().and_then(f))
    };
    let portal = PortalSettings::stored(fleet.portal_settings.as_ref());
    let physical = Address {
        street: or_fmcsa(fleet.physical_street.clone(), |p| p.physical_street.clone()),
        city: or_fmcsa(fleet.physical_city.clone(), |p| p.physical_city.clone()),
        state: or_fmcsa(fleet.physical_state.clone(), |p| p.physical_state.clone()),
        zip: or_fmcsa(fleet.physical_zip.clone(), |p| p.physical_zip.clone()),
    };
    FleetAccountView {
        id: fleet.id,
        authority: Authority {
            authority_status: or_fmcsa(fleet.authority_status.clone(), |p| {
                p.authority_status.clone()
            }),
            authority_date: or_fmcsa(fleet.authority_date.clone(), |p| p.authority_date.clone()),
            registration_status: or_fmcsa(fleet.registration_status.clone(), |p| {
                p.registration_status.clone()
            }),
            registration_date: or_fmcsa(fleet.registration_date.clone(), |p| {
                p.registration_date.clone()
            }),
            insurance_required: or_fmcsa(fleet.insurance_required.clone(), |p| {
                p.insurance_required.clone()
            }),
            insurance_on_file: or_fmcsa(fleet.insurance_on_file.clone(), |p| {
                p.insurance_on_file.clone()
            }),
        },
        legal_name: fleet.legal_name,
        dba_name: fleet.dba_name,
        dot_number: fleet.dot_number,
        mc_number: fleet.mc_number,
        power_units: fleet.power_units,
        physical_address: physical,
        contact: Contact {
            first_name: fleet.contact_first_name,
            last_name: fleet.contact_last_name,
            email: fleet.contact_email,
            phone: fleet.contact_phone,
            address: Address {
                street: fleet.contact_street,
                city: fleet.contact_city,
                state: fleet.contact_state,
                zip: fleet.contact_zip,
            },
        },
        monthly_rate_cents: fleet.monthly_rate_cents,
        subscription_id_short: fleet
            .stripe_subscription_id
            .map(|s| s.chars().take(10).collect()),
        subscription_status: fleet.subscription_status,
        fmcsa: profile.as_ref().map(fmcsa_view),
        branding: Branding {
            logo_url: fleet
                .logo_path
                .as_ref()
                .map(|_| format!("/api/fleet/logo?v={}", fleet.updated_at.timestamp())),
            primary_color: if fleet.primary_color.is_empty() {
                DEFAULT_PRIMARY_COLOR.into()
            } else {
                fleet.primary_color
            },
            secondary_color: if fleet.secondary_color.is_empty() {
                DEFAULT_SECONDARY_COLOR.into()
            } else {
                fleet.secondary_color
            },
        },
        security: Security {
            session_timeout_minutes: fleet.session_timeout_minutes,
        },
        portal: PortalView {
            settings: portal.into(),
            has_system_password: fleet.portal_system_password_hash.is_some(),
        },
        eld: EldView {
            connected: eld_provider.is_some(),
            provider: eld_provider,
        },
        home_time_zone: zone.zone.name().to_owned(),
        home_time_zone_source: zone.source.into(),
    }
}
