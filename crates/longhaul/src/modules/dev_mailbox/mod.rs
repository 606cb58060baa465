//! The dev mailbox page: e-mails the server "sent" while no SMTP server is
//! configured. Mounted only outside production and only for that mailer.
pub mod routes;
