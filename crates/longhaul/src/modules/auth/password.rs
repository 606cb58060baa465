//! argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane). Hashing is
//! CPU-bound, so it runs on the blocking pool.

use argon2::password_hash::{
    PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::Arc;

#[derive(Clone)]
pub struct PasswordHasher {
    /// A real hash of a random password: unknown e-mails are checked against
    /// it so they cost the same time as a wrong password.
    dummy_hash: Arc<str>,
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("OWASP argon2id parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn hash_sync(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
}

fn verify_sync(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

impl PasswordHasher {
    pub fn new() -> anyhow::Result<Self> {
        let random = crate::modules::auth::tokens::random_token();
        Ok(Self {
            dummy_hash: hash_sync(&random)?.into(),
        })
    }

    pub async fn hash(&self, password: String) -> anyhow::Result<String> {
        tokio::task::spawn_blocking(move || hash_sync(&password)).await?
    }

    /// Verifies against `hash`, or against the dummy hash when there is no
    /// user, so both paths take the same time. Returns false in the latter.
    pub async fn verify(&self, password: String, hash: Option<String>) -> anyhow::Result<bool> {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.dummy_hash.to_string());
        let ok = tokio::task::spawn_blocking(move || verify_sync(&password, &hash)).await?;
        Ok(ok && known)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let hasher = PasswordHasher::new().unwrap();
        let hash = hasher.hash("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(
            hasher
                .verify("correct horse".into(), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(!hasher.verify("wrong".into(), Some(hash)).await.unwrap());
        assert!(!hasher.verify("anything".into(), None).await.unwrap());
    }
}
