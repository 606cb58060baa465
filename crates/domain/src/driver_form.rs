//! The Add/Edit Driver form's rules (spec part 2 §6): values trimmed, empty
//! ones dropped, the license number and state upper-cased; a first or last
//! name, a phone of 10 to 15 digits, a two-letter state and bounded lengths.
//! The web checks the name rule too (same text from `contracts/texts.json`);
//! the rest is answered per field.

use crate::texts;
use std::collections::BTreeMap;

/// The characters a phone may hold besides digits.
pub const PHONE_PUNCTUATION: &str = " ()+-.";

/// A driver's editable fields, as typed or (after `clean`) as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DriverForm {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    /// The driver's e-mail: their portal login when the fleet's portal logs
    /// in by e-mail; stored lower-cased.
    pub email: Option<String>,
    pub phone: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub notes: Option<String>,
}

/// The message for each refused field, by field name.
pub type FieldErrors = BTreeMap<String, String>;

impl DriverForm {
    /// The form as stored, or the message for every field that breaks a rule.
    pub fn clean(self) -> Result<DriverForm, FieldErrors> {
        let trim = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        let d = DriverForm {
            first_name: trim(self.first_name),
            last_name: trim(self.last_name),
            username: trim(self.username),
            email: trim(self.email).map(|e| e.to_lowercase()),
            phone: trim(self.phone),
            license_number: trim(self.license_number).map(|l| l.to_uppercase()),
            license_state: trim(self.license_state).map(|s| s.to_uppercase()),
            notes: trim(self.notes),
        };
        let mut fields = FieldErrors::new();
        if d.first_name.is_none() && d.last_name.is_none() {
            fields.insert(
                "first_name".into(),
                texts().fleet.driver_form.name_required.clone(),
            );
        }
        for (key, value, max) in [
            ("first_name", &d.first_name, 100),
            ("last_name", &d.last_name, 100),
            ("username", &d.username, 100),
            ("license_number", &d.license_number, 30),
            ("notes", &d.notes, 2000),
        ] {
            if value.as_ref().is_some_and(|v| v.chars().count() > max) {
                fields.insert(key.into(), format!("At most {max} characters"));
            }
        }
        if d.email
            .as_ref()
            .is_some_and(|e| crate::Email::parse(e).is_err())
        {
            fields.insert("email".into(), texts().signup.email_invalid.clone());
        }
        if let Some(phone) = &d.phone {
            let digits = phone.chars().filter(char::is_ascii_digit).count();
            let allowed = phone
                .chars()
                .all(|c| c.is_ascii_digit() || PHONE_PUNCTUATION.contains(c));
            if !(10..=15).contains(&digits) || !allowed {
                fields.insert(
                    "phone".into(),
                    "Enter a phone number with 10 to 15 digits".into(),
                );
            }
        }
        if d.license_state
            .as_ref()
            .is_some_and(|s| s.len() != 2 || !s.chars().all(|c| c.is_ascii_alphabetic()))
        {
            fields.insert(
                "license_state".into(),
                "Use the two-letter state code".into(),
            );
        }
        if fields.is_empty() {
            Ok(d)
        } else {
            Err(fields)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(first: &str, phone: &str, state: &str) -> DriverForm {
        DriverForm {
            first_name: Some(first.into()),
            phone: Some(phone.into()),
            license_state: Some(state.into()),
            license_number: Some(" d123 ".into()),
            ..DriverForm::default()
        }
    }

    #[test]
    fn values_are_trimmed_and_upper_cased() {
        let d = form(" Nia ", "(615) 555-0199", "tn").clean().unwrap();
        assert_eq!(d.first_name.as_deref(), Some("Nia"));
        assert_eq!(d.license_number.as_deref(), Some("D123"));
        assert_eq!(d.license_state.as_deref(), Some("TN"));
        assert_eq!(d.last_name, None);
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let fields = form("  ", "555-01", "Tenn").clean().unwrap_err();
        assert_eq!(
            fields["first_name"],
            texts().fleet.driver_form.name_required
        );
        assert!(fields.contains_key("phone"));
        assert!(fields.contains_key("license_state"));
        let long = DriverForm {
            last_name: Some("x".repeat(101)),
            ..DriverForm::default()
        };
        assert_eq!(
            long.clean().unwrap_err()["last_name"],
            "At most 100 characters"
        );
    }

    #[test]
    fn an_email_is_lower_cased_and_must_be_one() {
        let d = DriverForm {
            first_name: Some("A".into()),
            email: Some(" Nia.Lane@Fleet.Example ".into()),
            ..DriverForm::default()
        };
        assert_eq!(
            d.clean().unwrap().email.as_deref(),
            Some("nia.lane@fleet.example")
        );
        let bad = DriverForm {
            first_name: Some("A".into()),
            email: Some("nia@".into()),
            ..DriverForm::default()
        };
        assert!(bad.clean().unwrap_err().contains_key("email"));
    }

    #[test]
    fn phones_are_ten_to_fifteen_digits_with_punctuation() {
        assert!(form("A", "+1 615.555.0199", "TN").clean().is_ok());
        assert!(form("A", "6155550199x", "TN").clean().is_err());
        assert!(form("A", "1234567890123456", "TN").clean().is_err());
    }
}
