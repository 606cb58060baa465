//! The demo fleet's login. Its password is published (README, the seed's
//! output), so the sign-in rule refuses it in production, and the seed uses
//! the same address.

pub const DEMO_EMAIL: &str = "demo@longhaul.test";
