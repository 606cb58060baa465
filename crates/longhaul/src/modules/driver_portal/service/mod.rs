//! driver_portal's service.
pub(super) mod home;
pub(super) mod invites;
pub(super) mod messages;
pub(super) mod renewals;
pub(super) mod shared_documents;
pub(super) mod sign_in;
