//! Tournaments between computer players (`tabula tournament`, `tabula worker`).
#![deny(missing_docs)]

pub mod sprt;
