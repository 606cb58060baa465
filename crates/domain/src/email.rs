//! An e-mail address as the product stores it: trimmed, lower-cased, valid.

use crate::texts::texts;
use std::fmt;

/// RFC 5321 caps a forward path at 254 characters.
pub const MAX_EMAIL_LEN: usize = 254;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Parses user input; the error is the spec's message for the field.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(&texts().auth.email_password_required);
        }
        if trimmed.len() > MAX_EMAIL_LEN {
            return Err(&texts().auth.email_too_long);
        }
        let lowered = trimmed.to_lowercase();
        // A domain without a dot (user@localhost) cannot receive our mail.
        let domain_has_dot = lowered
            .rsplit_once('@')
            .is_some_and(|(_, d)| d.contains('.') && !d.ends_with('.'));
        if !email_address::EmailAddress::is_valid(&lowered) || !domain_has_dot {
            return Err(&texts().auth.email_invalid);
        }
        Ok(Self(lowered))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_and_whitespace() {
        assert_eq!(
            Email::parse("  Jo.Doe@Fleet.COM ").unwrap().as_str(),
            "jo.doe@fleet.com"
        );
    }

    #[test]
    fn refuses_empty_malformed_and_huge() {
        assert_eq!(
            Email::parse("").unwrap_err(),
            "Email and password are required"
        );
        assert_eq!(
            Email::parse("not-an-email").unwrap_err(),
            "Please enter a valid email address"
        );
        assert_eq!(
            Email::parse("a@localhost").unwrap_err(),
            "Please enter a valid email address"
        );
        let huge = format!("{}@example.com", "a".repeat(10_000));
        assert_eq!(
            Email::parse(&huge).unwrap_err(),
            "Email must be at most 254 characters"
        );
    }
}
