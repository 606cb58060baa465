//! The load messages' rules: who may read and write a load's thread, what
//! each side has not read, and the e-mail for a message left unread.
pub mod notify;
pub mod thread;
