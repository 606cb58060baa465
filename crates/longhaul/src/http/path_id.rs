//! Ids in paths. A malformed id answers 404, the same as a missing one (or
//! another fleet's), so a path reveals nothing about what exists.

use crate::http::ApiError;
use uuid::Uuid;

pub fn path_id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::NotFound)
}
