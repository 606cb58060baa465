pub mod client_ip;
pub mod control_characters;
pub mod cookies;
pub mod deadline;
pub mod download;
pub mod error;
pub mod json;
pub mod loopback;
pub mod path_id;
pub mod request_metrics;
pub mod security_headers;
pub mod session_timeouts;
pub mod upload;
pub mod validation;

pub use error::{ApiError, ApiResult};
pub use json::ValidJson;
pub use validation::Refusal;
