//! The watched values as people read them (History, the bell, e-mails).

use crate::integrations::fmcsa::dollars;

/// A watched value as people read it.
pub fn shown(field: &str, value: Option<&str>) -> String {
    let Some(value) = value else {
        return "none".into();
    };
    match (field, value) {
        ("allowedToOperate" | "bipdInsuranceBelowRequired", "Y") => "Yes".into(),
        ("allowedToOperate" | "bipdInsuranceBelowRequired", "N") => "No".into(),
        ("statusCode" | "commonAuthorityStatus" | "contractAuthorityStatus", "A") => {
            "Active".into()
        }
        ("statusCode" | "commonAuthorityStatus" | "contractAuthorityStatus", "I") => {
            "Inactive".into()
        }
        ("commonAuthorityStatus" | "contractAuthorityStatus", "N") => "None".into(),
        ("safetyRating", "S") => "Satisfactory".into(),
        ("safetyRating", "C") => "Conditional".into(),
        ("safetyRating", "U") => "Unsatisfactory".into(),
        ("bipdInsuranceOnFile", amount) => match amount.parse::<i64>() {
            Ok(0) => "$0".into(),
            Ok(thousands) => dollars(thousands * 1000),
            Err(_) => amount.into(),
        },
        (_, other) => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_words() {
        assert_eq!(shown("allowedToOperate", Some("N")), "No");
        assert_eq!(shown("bipdInsuranceOnFile", Some("1000")), "$1,000,000");
        assert_eq!(shown("bipdInsuranceOnFile", Some("0")), "$0");
        assert_eq!(shown("safetyRating", Some("C")), "Conditional");
        assert_eq!(shown("oosDate", None), "none");
    }
}
