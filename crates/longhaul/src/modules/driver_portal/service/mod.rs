//! The driver portal's rules, one topic a file: signing in, invites and
//! passwords, the home screen, shared documents, renewals and messages to
//! the office. Queries are in `super::repo`.

pub(super) mod home;
pub(super) mod invites;
pub(super) mod messages;
pub(super) mod renewals;
pub(super) mod shared_documents;
pub(super) mod sign_in;
