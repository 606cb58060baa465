//! A USDOT number: digits only, at most 8 of them.

use crate::texts::texts;

pub const MAX_DIGITS: usize = 8;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DotNumber(String);

impl DotNumber {
    /// The error is the spec's message for the field.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(&texts().signup.dot_required);
        }
        if !trimmed.chars().all(|c| c.is_ascii_digit()) {
            return Err(&texts().signup.dot_numeric);
        }
        if trimmed.len() > MAX_DIGITS {
            return Err(&texts().signup.dot_too_long);
        }
        // Leading zeros are not part of the number FMCSA knows.
        let canonical = trimmed.trim_start_matches('0');
        if canonical.is_empty() {
            return Err(&texts().signup.dot_numeric);
        }
        Ok(Self(canonical.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!(DotNumber::parse(" 0123456 ").unwrap().as_str(), "123456");
        assert_eq!(DotNumber::parse("").unwrap_err(), "DOT number is required");
        assert_eq!(
            DotNumber::parse("12a4").unwrap_err(),
            "DOT number must be numeric"
        );
        assert_eq!(
            DotNumber::parse("-1").unwrap_err(),
            "DOT number must be numeric"
        );
        assert_eq!(
            DotNumber::parse(&"9".repeat(50)).unwrap_err(),
            "DOT number must be at most 8 digits"
        );
        assert!(DotNumber::parse("12345678").is_ok());
    }
}
