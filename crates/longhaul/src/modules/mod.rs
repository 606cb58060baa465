pub mod admin;
pub mod app_config;
pub mod auth;
pub mod billing;
pub mod dev_mailbox;
pub mod fleet;
pub mod health;
pub mod signup;
