//! Stripe webhook signatures: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]`
//! where v1 = HMAC-SHA256(secret, "{t}.{raw body}"), 300 s tolerance.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const TOLERANCE_SECS: i64 = 300;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing or malformed")]
    Malformed,
    #[error("the signature timestamp is outside the tolerance")]
    Expired,
    #[error("no signature matches")]
    Mismatch,
}

pub fn verify(payload: &[u8], header: &str, secret: &str, now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.push(sig),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(SignatureError::Expired);
    }
    for sig in signatures {
        let Ok(expected) = hex::decode(sig) else {
            continue;
        };
        let mut mac =
            Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        // verify_slice compares in constant time.
        if mac.verify_slice(&expected).is_ok() {
            return Ok(());
        }
    }
    Err(SignatureError::Mismatch)
}

/// Signs a payload the way Stripe does (tests and fakes).
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_its_own_signature_and_rejects_tampering() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign(body, "whsec_test", 1_700_000_000);
        assert_eq!(verify(body, &header, "whsec_test", 1_700_000_010), Ok(()));
        assert_eq!(
            verify(br#"{"id":"evt_2"}"#, &header, "whsec_test", 1_700_000_010),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(body, &header, "other", 1_700_000_010),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(body, &header, "whsec_test", 1_700_000_400),
            Err(SignatureError::Expired)
        );
        assert_eq!(
            verify(body, "garbage", "whsec_test", 0),
            Err(SignatureError::Malformed)
        );
        // Several v1 values: one matching is enough (secret rotation).
        let rotated = format!("{},v1=deadbeef", header);
        assert_eq!(verify(body, &rotated, "whsec_test", 1_700_000_000), Ok(()));
    }
}
