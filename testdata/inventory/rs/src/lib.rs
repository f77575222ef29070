pub mod config;
pub mod invoices;
pub mod outbox;
