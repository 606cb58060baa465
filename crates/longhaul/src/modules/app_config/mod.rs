//! What the SPA needs to know about this installation: which outside systems
//! are stand-ins (the UI says so) and the booking widget's address.

pub mod routes;
