//! Liveness and readiness for load balancers and orchestrators, and the
//! figures an operator scrapes.
pub mod routes;
