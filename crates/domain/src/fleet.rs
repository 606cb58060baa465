//! Fleet dashboard rules (spec part 2 §4, §5, §9).

/// The ELD driver that marks trucks taken out of service.
pub const DECOMMISSIONED_DRIVER_ID: &str = "4118417";
pub const DECOMMISSIONED_DRIVER_NAME: &str = "Trucks no longer in service";

pub const SESSION_TIMEOUT_MIN: i32 = 15;
pub const SESSION_TIMEOUT_MAX: i32 = 24 * 60;
pub const SESSION_TIMEOUT_DEFAULT: i32 = 60;
pub const DEFAULT_PRIMARY_COLOR: &str = "#3E63DD";
pub const DEFAULT_SECONDARY_COLOR: &str = "#6E56CF";

/// How a fleet's drivers sign in to its portal (Portal Settings, spec part 2
/// §2), as the fleet account stores it (JSON). The dashboard edits it; the
/// portal and the session layer read it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PortalSettings {
    pub is_enabled: bool,
    /// username | email
    pub login_method: String,
    /// system_password | individual_password
    pub auth_type: String,
    pub welcome_message: Option<String>,
    /// Drivers see a load's revenue in the portal (owner-operators paid by
    /// percentage need it, 49 CFR 376.12); off unless the fleet turns it on.
    #[serde(default)]
    pub show_load_revenue: bool,
}

impl Default for PortalSettings {
    fn default() -> Self {
        PortalSettings {
            is_enabled: false,
            login_method: "username".into(),
            auth_type: "individual_password".into(),
            welcome_message: None,
            show_load_revenue: false,
        }
    }
}

impl PortalSettings {
    /// The stored settings, or the defaults (portal off) when none or unreadable.
    pub fn stored(value: Option<&serde_json::Value>) -> PortalSettings {
        value
            .cloned()
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
    }
}

/// An MC number's digits as FMCSA's docket lists them ("MC-778899",
/// "mc 778899", "778899" → "778899"): 1 to 8 digits after an optional "MC"
/// and separators; `None` for anything else.
pub fn mc_digits(raw: &str) -> Option<String> {
    let t = raw.trim();
    let digits = t
        .get(..2)
        .filter(|p| p.eq_ignore_ascii_case("MC"))
        .map_or(t, |_| &t[2..])
        .trim_start_matches(['-', ' ', '#']);
    ((1..=8).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.to_owned())
}

/// 10 digits as (AAA) BBB-CCCC, 11 as +C (AAA) BBB-CCCC, otherwise the raw
/// value; '-' when empty.
pub fn phone_display(raw: Option<&str>) -> String {
    let raw = raw.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return "-".into();
    }
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    match digits.len() {
        10 => format!("({}) {}-{}", &digits[..3], &digits[3..6], &digits[6..]),
        11 => format!(
            "+{} ({}) {}-{}",
            &digits[..1],
            &digits[1..4],
            &digits[4..7],
            &digits[7..]
        ),
        _ => raw.to_owned(),
    }
}

/// A fleet as the product names it: its DBA name, else its legal name
/// (the overview's welcome, the portal, e-mails).
pub fn fleet_display_name(dba_name: Option<&str>, legal_name: &str) -> String {
    dba_name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(legal_name)
        .to_owned()
}

/// First plus last; else whichever exists; else the username; else
/// 'Unknown Driver'.
pub fn driver_display_name(
    first: Option<&str>,
    last: Option<&str>,
    username: Option<&str>,
) -> String {
    fn clean(s: Option<&str>) -> Option<&str> {
        s.map(str::trim).filter(|s| !s.is_empty())
    }
    match (clean(first), clean(last)) {
        (Some(f), Some(l)) => format!("{f} {l}"),
        (Some(one), None) | (None, Some(one)) => one.to_owned(),
        (None, None) => clean(username)
            .map(str::to_owned)
            .unwrap_or_else(|| "Unknown Driver".into()),
    }
}

/// `#RRGGBB`, returned upper-cased.
pub fn parse_hex_color(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let hex = raw.strip_prefix('#')?;
    (hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("#{}", hex.to_uppercase()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn portal_settings_fall_back_to_a_closed_portal() {
        use super::PortalSettings;
        assert_eq!(PortalSettings::stored(None), PortalSettings::default());
        assert!(!PortalSettings::stored(None).is_enabled);
        // Unreadable (a field missing) reads as the defaults, not half of it.
        let partial = serde_json::json!({ "is_enabled": true });
        assert_eq!(
            PortalSettings::stored(Some(&partial)),
            PortalSettings::default()
        );
        let full = serde_json::json!({ "is_enabled": true, "login_method": "email",
            "auth_type": "system_password", "welcome_message": null });
        let read = PortalSettings::stored(Some(&full));
        assert!(read.is_enabled);
        assert_eq!(read.login_method, "email");
    }

    #[test]
    fn mc_numbers_are_their_digits() {
        use super::mc_digits;
        for raw in [
            "MC-778899",
            "mc 778899",
            "Mc#778899",
            "778899",
            " MC778899 ",
        ] {
            assert_eq!(mc_digits(raw).as_deref(), Some("778899"), "{raw}");
        }
        for raw in ["", "MC", "MC-12345678901", "DOT 123", "MC-12a4"] {
            assert_eq!(mc_digits(raw), None, "{raw}");
        }
    }

    #[test]
    fn a_fleet_goes_by_its_dba_name_else_its_legal_name() {
        use super::fleet_display_name;
        assert_eq!(
            fleet_display_name(Some("Blue Line"), "BLUE LINE LLC"),
            "Blue Line"
        );
        assert_eq!(
            fleet_display_name(Some("  "), "BLUE LINE LLC"),
            "BLUE LINE LLC"
        );
        assert_eq!(fleet_display_name(None, "BLUE LINE LLC"), "BLUE LINE LLC");
    }

    use super::*;

    #[test]
    fn phones() {
        assert_eq!(phone_display(Some("6155550100")), "(615) 555-0100");
        assert_eq!(phone_display(Some("1-615-555-0100")), "+1 (615) 555-0100");
        assert_eq!(phone_display(Some("555-0100")), "555-0100");
        assert_eq!(phone_display(Some("  ")), "-");
        assert_eq!(phone_display(None), "-");
    }

    #[test]
    fn names() {
        assert_eq!(
            driver_display_name(Some("Ann"), Some("Lee"), Some("alee")),
            "Ann Lee"
        );
        assert_eq!(driver_display_name(None, Some("Lee"), None), "Lee");
        assert_eq!(driver_display_name(Some("Ann"), Some(" "), None), "Ann");
        assert_eq!(driver_display_name(None, None, Some("alee")), "alee");
        assert_eq!(driver_display_name(None, None, None), "Unknown Driver");
    }

    #[test]
    fn colours() {
        assert_eq!(parse_hex_color("#3e63dd").as_deref(), Some("#3E63DD"));
        assert_eq!(parse_hex_color("3E63DD"), None);
        assert_eq!(parse_hex_color("#3E63D"), None);
        assert_eq!(parse_hex_color("#GGGGGG"), None);
        assert_eq!(parse_hex_color("red"), None);
    }
}
