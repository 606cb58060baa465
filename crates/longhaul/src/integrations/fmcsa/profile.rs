//! Reading a stored QCMobile carrier record (`fmcsa_data`, kept as FMCSA
//! sent it) into the texts the dashboard shows: codes spelled out
//! ('A' → 'Active', 'Y' → 'Yes'), insurance amounts in dollars, and both the
//! nested and the flat field names FMCSA has used.

use serde_json::Value;

/// The carrier's details as shown, each None when FMCSA gave nothing.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct CarrierProfile {
    pub legal_name: Option<String>,
    pub dba_name: Option<String>,
    pub dot_number: Option<String>,
    pub operating_classification: Option<String>,
    pub total_power_units: Option<String>,
    pub total_drivers: Option<String>,
    pub mcs150_form_date: Option<String>,
    pub cargo_tank: Option<String>,
    pub passenger_carrier: Option<String>,
    pub hazmat: Option<String>,
    pub physical_street: Option<String>,
    pub physical_city: Option<String>,
    pub physical_state: Option<String>,
    pub physical_zip: Option<String>,
    pub authority_status: Option<String>,
    pub authority_date: Option<String>,
    pub registration_status: Option<String>,
    pub registration_date: Option<String>,
    pub insurance_required: Option<String>,
    pub insurance_on_file: Option<String>,
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "Yes" } else { "No" }.into()),
        _ => None,
    }
}

fn flag(v: &Value) -> Option<String> {
    match text(v)?.as_str() {
        "Y" | "y" | "true" | "Yes" => Some("Yes".into()),
        "N" | "n" | "false" | "No" => Some("No".into()),
        "u" | "U" => Some("Unknown".into()),
        other => Some(other.to_owned()),
    }
}

fn status(v: &Value) -> Option<String> {
    match text(v)?.as_str() {
        "A" => Some("Active".into()),
        "I" => Some("Inactive".into()),
        "N" => Some("None".into()),
        other => Some(other.to_owned()),
    }
}

/// FMCSA's "on file" amounts are thousands of dollars as text ("1000" = $1,000,000).
fn insurance_amount(v: &Value) -> Option<String> {
    let raw = text(v)?;
    match raw.parse::<i64>() {
        Ok(0) => Some("None".into()),
        Ok(thousands) => Some(dollars(thousands * 1000)),
        Err(_) => Some(raw),
    }
}

/// Whole dollars with thousands separators: 1000000 → "$1,000,000".
pub fn dollars(amount: i64) -> String {
    let digits = amount.to_string();
    let mut out = String::from("$");
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The carrier object of a stored record (enveloped or bare), if it has one.
pub fn carrier(fmcsa: &Value) -> Option<&Value> {
    let c = fmcsa
        .pointer("/content/carrier")
        .or_else(|| fmcsa.get("carrier"))?;
    c.is_object().then_some(c)
}

/// The profile of a stored record; None when it holds no carrier.
pub fn carrier_profile(fmcsa: &Value) -> Option<CarrierProfile> {
    let c = carrier(fmcsa)?;
    let op = &c["carrierOperation"];
    let phys = &c["physicalAddress"];
    Some(CarrierProfile {
        legal_name: text(&c["legalName"]),
        dba_name: text(&c["dbaName"]),
        dot_number: text(&c["dotNumber"]),
        operating_classification: text(&op["operationClassification"])
            .or_else(|| text(&op["carrierOperationDesc"])),
        total_power_units: text(&c["totalPowerUnits"]),
        total_drivers: text(&c["totalDrivers"]),
        mcs150_form_date: text(&c["mcs150FormDate"]),
        cargo_tank: flag(&op["cargoTank"]).or_else(|| flag(&c["cargoTank"])),
        passenger_carrier: flag(&op["passengerCarrier"]).or_else(|| flag(&c["isPassengerCarrier"])),
        hazmat: flag(&op["hazmatIndicator"]).or_else(|| flag(&c["hmFlag"])),
        physical_street: text(&phys["streetAddress"]).or_else(|| text(&c["phyStreet"])),
        physical_city: text(&phys["city"]).or_else(|| text(&c["phyCity"])),
        physical_state: text(&phys["state"]).or_else(|| text(&c["phyState"])),
        physical_zip: text(&phys["zipCode"]).or_else(|| text(&c["phyZipcode"])),
        authority_status: status(&c["commonAuthorityStatus"]),
        authority_date: text(&c["commonAuthorityAppliedFor"]),
        registration_status: status(&c["statusCode"]),
        registration_date: text(&c["registrationDate"]),
        insurance_required: flag(&c["bipdInsuranceRequired"]),
        insurance_on_file: insurance_amount(&c["bipdInsuranceOnFile"]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn insurance_is_in_thousands() {
        assert_eq!(
            insurance_amount(&Value::String("1000".into())).as_deref(),
            Some("$1,000,000")
        );
        assert_eq!(
            insurance_amount(&Value::String("750".into())).as_deref(),
            Some("$750,000")
        );
        assert_eq!(
            insurance_amount(&Value::String("0".into())).as_deref(),
            Some("None")
        );
    }

    #[test]
    fn codes_are_spelled_out_from_either_shape() {
        let record = json!({ "content": { "carrier": {
            "legalName": " ACME ", "dotNumber": 123, "commonAuthorityStatus": "A",
            "isPassengerCarrier": "N", "phyCity": "NASHVILLE",
            "physicalAddress": { "city": "MEMPHIS" }
        }}});
        let p = carrier_profile(&record).unwrap();
        assert_eq!(p.legal_name.as_deref(), Some("ACME"));
        assert_eq!(p.dot_number.as_deref(), Some("123"));
        assert_eq!(p.authority_status.as_deref(), Some("Active"));
        assert_eq!(p.passenger_carrier.as_deref(), Some("No"));
        assert_eq!(p.physical_city.as_deref(), Some("MEMPHIS"));
        assert!(carrier_profile(&json!({ "content": null })).is_none());
        assert!(carrier_profile(&json!({ "carrier": { "legalName": "X" } })).is_some());
    }
}
