//! Monthly plan by fleet size (spec part 1 §9). The table lives in
//! `contracts/pricing-bands.json`, the one copy of the rule.

use serde::Deserialize;
use std::sync::LazyLock;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PricingBand {
    /// Highest power-unit count in the band; None for the open-ended last band.
    pub max_units: Option<i64>,
    pub label: String,
    pub monthly_rate_cents: i64,
    pub description: String,
}

#[derive(Deserialize)]
struct Table {
    bands: Vec<PricingBand>,
}

static BANDS: LazyLock<Vec<PricingBand>> = LazyLock::new(|| {
    let table: Table = serde_json::from_str(include_str!("../../../contracts/pricing-bands.json"))
        .expect("contracts/pricing-bands.json is valid");
    table.bands
});

/// The band for a number of power units. Zero or negative counts (a carrier
/// without reported units) are in the smallest band.
pub fn band_for(power_units: i64) -> &'static PricingBand {
    BANDS
        .iter()
        .find(|band| band.max_units.is_none_or(|max| power_units <= max))
        .expect("the last band is open-ended")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(units: i64, label: &str, dollars: i64) {
        let band = band_for(units);
        assert_eq!(band.label, label, "{units} units");
        assert_eq!(band.monthly_rate_cents, dollars * 100, "{units} units");
    }

    #[test]
    fn every_boundary() {
        check(-5, "1-20 units", 99);
        check(0, "1-20 units", 99);
        check(1, "1-20 units", 99);
        check(20, "1-20 units", 99);
        check(21, "21-99 units", 399);
        check(99, "21-99 units", 399);
        check(100, "100-250 units", 1299);
        check(250, "100-250 units", 1299);
        check(251, "251-400 units", 2599);
        check(400, "251-400 units", 2599);
        check(401, "401-2000 units", 3999);
        check(2000, "401-2000 units", 3999);
        check(2001, "Over 2000 units", 5999);
        check(1_000_000, "Over 2000 units", 5999);
    }

    #[test]
    fn descriptions_name_the_fleet_size() {
        assert!(band_for(10).description.contains("up to 20"));
        assert!(band_for(5000).description.contains("over 2000"));
    }
}
