pub mod client_ip;
pub mod control_characters;
pub mod cookies;
pub mod deadline;
pub mod error;
pub mod guards;
pub mod json;
pub mod loopback;
pub mod paging;
pub mod path_id;
pub mod request_metrics;
pub mod security_headers;
pub mod session;
pub mod upload;

pub use error::{ApiError, ApiResult};
pub use guards::{FleetAdmin, SuperAdmin};
pub use json::ValidJson;
pub use session::{CurrentUser, OptionalUser};
