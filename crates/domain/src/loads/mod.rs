//! A load's pure rules (issue 31, `shared/dispatch-domain.md`): its status
//! lifecycle, the EDI 214 (AT7) code of each stop event, the checks on its
//! stops and money, the miles estimate, and the ELD's stop geofence.

mod detention;
pub mod eligibility;
pub mod geofence;
pub mod hos;
mod miles;
mod money;
pub mod rate_con;
mod search;
mod status;
mod stops;

pub use detention::detention_cents;
pub use miles::{ROAD_FACTOR, estimated_miles};
pub use money::{Accessorial, MAX_CENTS, MoneyError, check_cents, dollars};
pub use search::{like_pattern, search_text};
pub use status::{LoadStatus, Source, StopEvent, at7_code};
pub use stops::{
    MAX_SPAN_DAYS, Span, StopCheck, StopError, StopKind, StopTime, check_stops, start_of_day,
    time_zone,
};
