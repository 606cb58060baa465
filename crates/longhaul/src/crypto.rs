//! Secrets at rest (ELD keys, queued e-mail): AES-256-GCM with a key derived
//! (HKDF-SHA-256) from `SECRET_KEY`, or — when that is unset, as in `make
//! run` — from a random key generated once into `DATA_DIR/secrets.key`.
//! Every value gets a fresh random nonce; the stored form is
//! `v1:<hex nonce><hex ciphertext+tag>`.

use aes_gcm::aead::{Aead, KeyInit, OsRng};
use aes_gcm::{AeadCore, Aes256Gcm, Key, Nonce};
use anyhow::Context;
use std::path::Path;

const PREFIX: &str = "v1:";
const NONCE_LEN: usize = 12;

pub struct Cipher(Aes256Gcm);

#[derive(Debug, thiserror::Error)]
#[error("the stored secret cannot be read with this server's key")]
pub struct UndecryptableSecret;

impl Cipher {
    pub fn from_secret(secret: &str) -> Self {
        let hk = hkdf::Hkdf::<sha2::Sha256>::new(Some(b"longhaul"), secret.as_bytes());
        let mut key = [0u8; 32];
        hk.expand(b"secrets at rest v1", &mut key)
            .expect("32 bytes is a valid HKDF-SHA-256 output length");
        Self(Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key)))
    }

    /// The configured secret, else the key file under `data_dir` (made on
    /// first start, readable by the owner only).
    pub fn load(secret: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        if let Some(secret) = secret {
            return Ok(Self::from_secret(secret));
        }
        let path = data_dir.join("secrets.key");
        let stored = match std::fs::read_to_string(&path) {
            Ok(text) => text.trim().to_owned(),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                let fresh = hex::encode(Aes256Gcm::generate_key(OsRng));
                write_private(&path, &fresh)
                    .with_context(|| format!("writing {}", path.display()))?;
                fresh
            }
            Err(err) => return Err(err).with_context(|| format!("reading {}", path.display())),
        };
        anyhow::ensure!(
            stored.len() >= 32,
            "{} is too short to be a key",
            path.display()
        );
        Ok(Self::from_secret(&stored))
    }

    pub fn encrypt(&self, plaintext: &str) -> String {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self
            .0
            .encrypt(&nonce, plaintext.as_bytes())
            .expect("AES-GCM encryption of an in-memory value does not fail");
        format!("{PREFIX}{}{}", hex::encode(nonce), hex::encode(sealed))
    }

    pub fn decrypt(&self, stored: &str) -> Result<String, UndecryptableSecret> {
        let bytes = stored
            .strip_prefix(PREFIX)
            .and_then(|h| hex::decode(h).ok())
            .filter(|b| b.len() > NONCE_LEN)
            .ok_or(UndecryptableSecret)?;
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let plain = self
            .0
            .decrypt(Nonce::from_slice(nonce), sealed)
            .map_err(|_| UndecryptableSecret)?;
        String::from_utf8(plain).map_err(|_| UndecryptableSecret)
    }
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()
}

pub mod password;
pub mod tokens;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_never_repeats_a_ciphertext() {
        let cipher = Cipher::from_secret("a-long-enough-server-secret-for-tests");
        let a = cipher.encrypt("samsa_live_token");
        let b = cipher.encrypt("samsa_live_token");
        assert_ne!(a, b, "fresh nonce per value");
        assert!(!a.contains("samsa"));
        assert_eq!(cipher.decrypt(&a).unwrap(), "samsa_live_token");
    }

    #[test]
    fn another_key_or_a_tampered_value_is_refused() {
        let cipher = Cipher::from_secret("first-secret-first-secret-first-secret");
        let other = Cipher::from_secret("second-secret-second-secret-second-secret");
        let sealed = cipher.encrypt("key");
        assert!(other.decrypt(&sealed).is_err());
        let mut tampered = sealed.clone();
        tampered.pop();
        tampered.push(if sealed.ends_with('0') { '1' } else { '0' });
        assert!(cipher.decrypt(&tampered).is_err());
        assert!(cipher.decrypt("plain").is_err());
    }

    #[test]
    fn the_generated_key_file_is_reused() {
        let dir = std::env::temp_dir().join(format!("lh-cipher-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let sealed = Cipher::load(None, &dir).unwrap().encrypt("x");
        assert_eq!(
            Cipher::load(None, &dir).unwrap().decrypt(&sealed).unwrap(),
            "x"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
