//! Pure rules of the product: no I/O, no framework types. Both the server and
//! the tests lean on these, so every rule has its unit tests beside it.

pub mod billing;
pub mod board;
pub mod compliance;
pub mod contact;
pub mod csv_cell;
pub mod demo;
pub mod documents;
pub mod dot_number;
pub mod driver_form;
pub mod email;
pub mod fleet;
pub mod fleet_lists;
pub mod fleet_records;
pub mod geo;
pub mod loads;
pub mod password;
pub mod pricing;
pub mod role;
pub mod tenders;
pub mod text_input;
pub mod texts;
pub mod throttle;
pub mod time_zone;

pub use dot_number::DotNumber;
pub use email::Email;
pub use role::Role;
pub use texts::texts;
