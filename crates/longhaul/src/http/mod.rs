pub mod client_ip;
pub mod control_characters;
pub mod error;
pub mod idle;
pub mod json;
pub mod loopback;
pub mod paging;
pub mod security_headers;
pub mod session;

pub use error::{ApiError, ApiResult};
pub use json::ValidJson;
pub use session::{CurrentUser, FleetScope, SuperAdmin};
