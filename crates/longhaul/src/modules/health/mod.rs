//! Liveness and readiness for load balancers and orchestrators, and the
//! figures an operator scrapes.

mod metrics_route;
pub mod routes;
