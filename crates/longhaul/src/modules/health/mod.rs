//! Liveness and readiness for load balancers and orchestrators.

pub mod routes;
