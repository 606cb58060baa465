//! Password rules of the self sign-up form (spec part 1 §5, §9).

use crate::texts::texts;

pub const SIGN_UP_MIN_LEN: usize = 6;
/// bcrypt-era limit the spec keeps for account passwords; it also bounds the
/// work a single hashing request can cause.
pub const MAX_LEN: usize = 72;

/// Checks a password chosen on the Create Account form or a reset form.
pub fn check_sign_up_password(password: &str) -> Result<(), &'static str> {
    let len = password.chars().count();
    if len == 0 {
        return Err(&texts().auth.email_password_required);
    }
    if len < SIGN_UP_MIN_LEN {
        return Err(&texts().auth.password_min);
    }
    if len > MAX_LEN {
        return Err(&texts().auth.password_too_long);
    }
    Ok(())
}

pub const ACCOUNT_MIN_LEN: usize = 8;

/// The account-creation password of the subscription success page: 8 to 72
/// characters with an upper-case letter, a lower-case letter and a digit.
/// Checked in this order, as `contracts/password-vectors.json` pins.
pub fn check_account_password(password: &str) -> Result<(), &'static str> {
    let t = &texts().subscription_success;
    let len = password.chars().count();
    if len < ACCOUNT_MIN_LEN {
        return Err(&t.password_min);
    }
    if len > MAX_LEN {
        return Err(&t.password_max);
    }
    if !password.chars().any(|c| c.is_uppercase()) {
        return Err(&t.password_upper);
    }
    if !password.chars().any(|c| c.is_lowercase()) {
        return Err(&t.password_lower);
    }
    if !password.chars().any(|c| c.is_ascii_digit()) {
        return Err(&t.password_number);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_password_follows_the_shared_vectors() {
        let vectors: serde_json::Value =
            serde_json::from_str(include_str!("../../../contracts/password-vectors.json")).unwrap();
        for v in vectors["vectors"].as_array().unwrap() {
            let password = v["password"].as_str().unwrap();
            let expected = v["error"].as_str();
            assert_eq!(
                check_account_password(password).err(),
                expected,
                "{password:?}"
            );
        }
    }

    #[test]
    fn boundaries() {
        assert!(check_sign_up_password("").is_err());
        assert_eq!(
            check_sign_up_password("12345").unwrap_err(),
            "Password must be at least 6 characters"
        );
        assert!(check_sign_up_password("123456").is_ok());
        assert!(check_sign_up_password(&"x".repeat(72)).is_ok());
        assert_eq!(
            check_sign_up_password(&"x".repeat(73)).unwrap_err(),
            "Password must not exceed 72 characters"
        );
    }
}
