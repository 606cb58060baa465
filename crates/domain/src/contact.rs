//! The signup wizard's contact step (spec part 1 §5).

use crate::Email;
use crate::texts::texts;

pub const NAME_MAX: usize = 100;
pub const PHONE_MIN: usize = 10;
pub const PHONE_MAX: usize = 30;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone: String,
}

/// Checks every field; the errors are (field, spec message) pairs.
pub fn parse_contact(
    first_name: &str,
    last_name: &str,
    email: &str,
    phone: &str,
) -> Result<Contact, Vec<(&'static str, &'static str)>> {
    let t = &texts().signup;
    let mut errors = Vec::new();
    let first = first_name.trim();
    let last = last_name.trim();
    let phone = phone.trim();
    if first.is_empty() {
        errors.push(("first_name", t.first_name_required.as_str()));
    } else if first.chars().count() > NAME_MAX {
        errors.push(("first_name", t.field_too_long.as_str()));
    }
    if last.is_empty() {
        errors.push(("last_name", t.last_name_required.as_str()));
    } else if last.chars().count() > NAME_MAX {
        errors.push(("last_name", t.field_too_long.as_str()));
    }
    let email = match Email::parse(email) {
        Ok(email) => Some(email),
        Err(_) => {
            errors.push(("email", t.email_invalid.as_str()));
            None
        }
    };
    let phone_len = phone.chars().count();
    if phone_len < PHONE_MIN {
        errors.push(("phone", t.phone_invalid.as_str()));
    } else if phone_len > PHONE_MAX {
        errors.push(("phone", t.field_too_long.as_str()));
    }
    match (errors.is_empty(), email) {
        (true, Some(email)) => Ok(Contact {
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            email,
            phone: phone.to_owned(),
        }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_contact() {
        let c = parse_contact(" Ann ", "Lee", "Ann@Carrier.com", "(615) 555-0100").unwrap();
        assert_eq!(c.first_name, "Ann");
        assert_eq!(c.email.as_str(), "ann@carrier.com");
    }

    #[test]
    fn every_message() {
        let errors = parse_contact("", " ", "nope", "12345").unwrap_err();
        assert_eq!(
            errors,
            vec![
                ("first_name", "First name is required"),
                ("last_name", "Last name is required"),
                ("email", "Please enter a valid email address"),
                ("phone", "Please enter a valid phone number"),
            ]
        );
        let errors = parse_contact(&"a".repeat(101), "b", "a@b.co", &"1".repeat(31)).unwrap_err();
        assert_eq!(
            errors,
            vec![
                ("first_name", "This field is too long"),
                ("phone", "This field is too long")
            ]
        );
    }
}
