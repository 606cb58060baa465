//! Each fleet's idle timeout for its users' sessions, cached in memory for
//! a short while so the check costs no database round trip per request.
//! Another replica sees a changed setting within `TTL`.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};
use uuid::Uuid;

const TTL: Duration = Duration::from_secs(30);

#[derive(Default)]
pub struct SessionTimeouts {
    cache: RwLock<HashMap<Uuid, (i32, Instant)>>,
}

impl SessionTimeouts {
    pub fn get(&self, fleet: Uuid) -> Option<i32> {
        let cache = self.cache.read().ok()?;
        cache
            .get(&fleet)
            .filter(|(_, at)| at.elapsed() < TTL)
            .map(|(minutes, _)| *minutes)
    }

    pub fn put(&self, fleet: Uuid, minutes: i32) {
        if let Ok(mut cache) = self.cache.write() {
            if cache.len() > 10_000 {
                cache.retain(|_, (_, at)| at.elapsed() < TTL);
            }
            cache.insert(fleet, (minutes, Instant::now()));
        }
    }

    pub fn forget(&self, fleet: Uuid) {
        if let Ok(mut cache) = self.cache.write() {
            cache.remove(&fleet);
        }
    }
}
