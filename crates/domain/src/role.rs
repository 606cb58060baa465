//! Roles (spec part 1 §6) and where each one belongs.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    SuperAdmin,
    FleetAdmin,
    FleetDriver,
    BrokerAdmin,
    BrokerUser,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::SuperAdmin,
        Role::FleetAdmin,
        Role::FleetDriver,
        Role::BrokerAdmin,
        Role::BrokerUser,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::SuperAdmin => "super_admin",
            Role::FleetAdmin => "fleet_admin",
            Role::FleetDriver => "fleet_driver",
            Role::BrokerAdmin => "broker_admin",
            Role::BrokerUser => "broker_user",
        }
    }

    /// Unknown strings are "no recognised role", which the spec treats as a
    /// user without a role rather than an error.
    pub fn parse(value: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == value)
    }
}

/// The role a self-registered account gets: fleet_driver, promoted to
/// fleet_admin when the e-mail's domain is exactly 'fleet.com' (spec part 1
/// §5). The role alone grants nothing until an operator assigns a fleet.
pub fn self_sign_up_role(email: &str) -> Role {
    let domain = email.trim().rsplit_once('@').map(|(_, d)| d);
    if domain.is_some_and(|d| d.eq_ignore_ascii_case("fleet.com")) {
        Role::FleetAdmin
    } else {
        Role::FleetDriver
    }
}

/// Where a signed-in user is sent when a screen is not for their role
/// (spec part 1 §2, route guard).
pub fn home_path(role: Option<Role>, has_account: bool) -> &'static str {
    match role {
        Some(Role::FleetDriver) => "/driver-portal",
        Some(Role::FleetAdmin) if has_account => "/fleet-dashboard",
        Some(Role::FleetAdmin) => "/pending-approval",
        _ => "/dashboard",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_role() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("admin"), None);
    }

    #[test]
    fn fleet_dot_com_gets_fleet_admin() {
        assert_eq!(self_sign_up_role("ann@fleet.com"), Role::FleetAdmin);
        assert_eq!(self_sign_up_role("ann@FLEET.com"), Role::FleetAdmin);
        assert_eq!(self_sign_up_role("ann@fleetwood.com"), Role::FleetDriver);
        assert_eq!(self_sign_up_role("ann@example.com"), Role::FleetDriver);
    }

    #[test]
    fn fleet_dot_com_must_be_the_whole_domain() {
        assert_eq!(
            self_sign_up_role("x@fleet.com.attacker.test"),
            Role::FleetDriver
        );
        assert_eq!(self_sign_up_role("x@sub.fleet.com"), Role::FleetDriver);
        assert_eq!(self_sign_up_role("x@myfleet.com"), Role::FleetDriver);
        assert_eq!(self_sign_up_role("x@fleet.co"), Role::FleetDriver);
        assert_eq!(self_sign_up_role("x@fleet.com."), Role::FleetDriver);
        assert_eq!(
            self_sign_up_role("\"a@fleet.com\"@evil.test"),
            Role::FleetDriver
        );
        assert_eq!(self_sign_up_role("fleet.com"), Role::FleetDriver);
        assert_eq!(self_sign_up_role("x@Fleet.Com"), Role::FleetAdmin);
    }

    #[test]
    fn home_paths_follow_the_route_guard() {
        assert_eq!(home_path(Some(Role::FleetDriver), false), "/driver-portal");
        assert_eq!(home_path(Some(Role::FleetAdmin), true), "/fleet-dashboard");
        assert_eq!(
            home_path(Some(Role::FleetAdmin), false),
            "/pending-approval"
        );
        assert_eq!(home_path(Some(Role::SuperAdmin), false), "/dashboard");
        assert_eq!(home_path(Some(Role::BrokerAdmin), false), "/dashboard");
        assert_eq!(home_path(Some(Role::BrokerUser), false), "/dashboard");
        assert_eq!(home_path(None, false), "/dashboard");
    }
}
