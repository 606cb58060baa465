//! The dev mailbox page: e-mails the server "sent" while no SMTP server is
//! configured. Mounted only outside production and only for that mailer.

mod page;
pub mod routes;
