//! argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane). Hashing is
//! CPU-bound, so it runs on its own worker threads, one per core — at most
//! one hash per core at a time, with a short bounded queue in front: callers
//! beyond it get `HashError::Busy` (429 with Retry-After), never a pile of
//! 19 MiB buffers or a 5xx. Fixed threads rather than tokio's blocking pool:
//! the allocator keeps a freed 19 MiB block per thread that used one, and
//! the blocking pool grows to hundreds of threads under load.

use argon2::password_hash::{
    Output, ParamsString, PasswordHash, Salt, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a request may wait for a free core before it is told to retry.
const MAX_WAIT: Duration = Duration::from_secs(2);
/// Waiting requests per core beyond which new ones are turned away at once.
const QUEUE_PER_CORE: usize = 16;

#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("password hashing is at capacity")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

#[derive(Clone)]
pub struct PasswordHasher {
    /// A real hash of a random password: unknown e-mails are checked against
    /// it so they cost the same time as a wrong password.
    dummy_hash: Arc<str>,
    pool: Arc<Pool>,
}

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    cores: Arc<Semaphore>,
    /// Workers stop when the last hasher (and so this sender) is dropped.
    jobs: std::sync::mpsc::Sender<Job>,
    waiting: AtomicUsize,
    max_waiting: usize,
    hashes: AtomicU64,
    verifications: AtomicU64,
    running: AtomicUsize,
    peak_running: AtomicUsize,
}

fn params() -> Params {
    Params::new(19 * 1024, 2, 1, None).expect("OWASP argon2id parameters are valid")
}

thread_local! {
    /// Each hashing thread keeps one argon2 work area (19 MiB) and reuses
    /// it: allocating and freeing it per hash leaves freed blocks resident.
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The raw argon2 output of `password` with `salt`, computed in this
/// thread's reused work area.
fn compute(
    argon: &Argon2<'_>,
    params: &Params,
    password: &[u8],
    salt: Salt<'_>,
    output_len: usize,
) -> argon2::password_hash::Result<Output> {
    let mut salt_buf = [0u8; 64];
    let salt = salt.decode_b64(&mut salt_buf)?;
    BLOCKS.with(|blocks| {
        let mut blocks = blocks.borrow_mut();
        if blocks.len() != params.block_count() {
            *blocks = vec![Block::default(); params.block_count()];
        }
        Output::init_with(output_len, |out| {
            Ok(argon.hash_password_into_with_memory(password, salt, out, &mut blocks[..])?)
        })
    })
}

fn hash_sync(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    let params = params();
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let fail = |e| anyhow::anyhow!("hashing failed: {e}");
    let output = compute(
        &argon,
        &params,
        password.as_bytes(),
        salt.as_salt(),
        params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN),
    )
    .map_err(fail)?;
    Ok(PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(fail)?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    }
    .to_string())
}

/// Checks with the algorithm, version and parameters stored in the hash.
fn verify_sync(password: &str, hash: &str) -> bool {
    let check = || -> argon2::password_hash::Result<bool> {
        let parsed = PasswordHash::new(hash)?;
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return Ok(false);
        };
        let algorithm = Algorithm::try_from(parsed.algorithm)?;
        let version = parsed
            .version
            .map(Version::try_from)
            .transpose()?
            .unwrap_or_default();
        let params = Params::try_from(&parsed)?;
        let argon = Argon2::new(algorithm, version, params.clone());
        let computed = compute(&argon, &params, password.as_bytes(), salt, expected.len())?;
        // Output's equality is constant-time.
        Ok(computed == expected)
    };
    check().unwrap_or(false)
}

impl PasswordHasher {
    pub fn new() -> anyhow::Result<Self> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::with_cores(cores)
    }

    pub fn with_cores(cores: usize) -> anyhow::Result<Self> {
        let cores = cores.max(1);
        let random = super::tokens::random_token();
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let queue = Arc::new(std::sync::Mutex::new(queue));
        for n in 0..cores {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    loop {
                        let job = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })?;
        }
        // The dummy hash is made on a hashing thread too, so no other thread
        // keeps a work area.
        let (made, dummy) = std::sync::mpsc::channel();
        jobs.send(Box::new(move || {
            let _ = made.send(hash_sync(&random));
        }))
        .map_err(|_| anyhow::anyhow!("hashing thread stopped"))?;
        let dummy_hash = dummy
            .recv()
            .map_err(|_| anyhow::anyhow!("hashing thread stopped"))??;
        Ok(Self {
            dummy_hash: dummy_hash.into(),
            pool: Arc::new(Pool {
                cores: Arc::new(Semaphore::new(cores)),
                jobs,
                waiting: AtomicUsize::new(0),
                max_waiting: cores * QUEUE_PER_CORE,
                hashes: AtomicU64::new(0),
                verifications: AtomicU64::new(0),
                running: AtomicUsize::new(0),
                peak_running: AtomicUsize::new(0),
            }),
        })
    }

    /// Runs `work` on a hashing thread once a core is free. The permit moves
    /// into the job, so a caller that goes away does not free the core before
    /// the hash is done.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HashError> {
        let pool = &self.pool;
        if pool.waiting.fetch_add(1, Ordering::SeqCst) >= pool.max_waiting {
            pool.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(HashError::Busy);
        }
        let permit = tokio::time::timeout(MAX_WAIT, pool.cores.clone().acquire_owned()).await;
        pool.waiting.fetch_sub(1, Ordering::SeqCst);
        let Ok(Ok(permit)) = permit else {
            return Err(HashError::Busy);
        };
        let (done, result) = tokio::sync::oneshot::channel();
        let stats = self.pool.clone();
        let job: Job = Box::new(move || {
            let now = stats.running.fetch_add(1, Ordering::SeqCst) + 1;
            stats.peak_running.fetch_max(now, Ordering::SeqCst);
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            stats.running.fetch_sub(1, Ordering::SeqCst);
            drop(permit);
            if let Ok(out) = out {
                let _ = done.send(out);
            }
        });
        pool.jobs
            .send(job)
            .map_err(|_| HashError::Failed(anyhow::anyhow!("hashing threads stopped")))?;
        result
            .await
            .map_err(|_| HashError::Failed(anyhow::anyhow!("hashing panicked")))
    }

    pub async fn hash(&self, password: String) -> Result<String, HashError> {
        self.pool.hashes.fetch_add(1, Ordering::Relaxed);
        Ok(self.run(move || hash_sync(&password)).await??)
    }

    /// The hash of a random password nobody knows, for a login whose owner
    /// chooses their password through an e-mailed link.
    pub async fn hash_unusable(&self) -> Result<String, HashError> {
        self.hash(super::tokens::random_token()).await
    }

    /// Verifies against `hash`, or against the dummy hash when there is no
    /// user, so both paths take the same time. Returns false in the latter.
    pub async fn verify(&self, password: String, hash: Option<String>) -> Result<bool, HashError> {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.dummy_hash.to_string());
        let pool = self.pool.clone();
        let ok = self
            .run(move || {
                pool.verifications.fetch_add(1, Ordering::Relaxed);
                verify_sync(&password, &hash)
            })
            .await?;
        Ok(ok && known)
    }

    /// Password hashes started since the start (for tests and metrics).
    pub fn hashes(&self) -> u64 {
        self.pool.hashes.load(Ordering::Relaxed)
    }

    /// The most hashes or checks that ever ran at the same time.
    pub fn peak_concurrency(&self) -> usize {
        self.pool.peak_running.load(Ordering::SeqCst)
    }

    /// Password checks run since the start (for tests and metrics).
    pub fn verifications(&self) -> u64 {
        self.pool.verifications.load(Ordering::Relaxed)
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
        assert_eq!(hasher.verifications(), 3);
    }

    #[test]
    fn hashes_match_the_argon2_crate_both_ways() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let ours = hash_sync("correct horse").unwrap();
        let theirs_parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &theirs_parsed)
                .is_ok()
        );
        let salt = SaltString::generate(&mut OsRng);
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(verify_sync("correct horse", &theirs));
        assert!(!verify_sync("correct horsf", &theirs));
        assert!(!verify_sync("correct horse", "not a hash"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_pool_turns_callers_away_instead_of_queueing_without_bound() {
        let hasher = PasswordHasher::with_cores(1).unwrap();
        let calls: Vec<_> = (0..60)
            .map(|_| {
                let hasher = hasher.clone();
                tokio::spawn(async move { hasher.hash("correct horse".into()).await })
            })
            .collect();
        let mut results = Vec::new();
        for call in calls {
            results.push(call.await);
        }
        let busy = results
            .iter()
            .filter(|r| matches!(r.as_ref().unwrap(), Err(HashError::Busy)))
            .count();
        let hashed = results
            .iter()
            .filter(|r| r.as_ref().unwrap().is_ok())
            .count();
        assert_eq!(busy + hashed, 60);
        // One core, a queue of 16: at least the overflow is turned away.
        assert!(busy >= 60 - 17, "busy {busy}");
        assert!(hashed >= 1);
    }
}
