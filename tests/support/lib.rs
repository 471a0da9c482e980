//! Shared helpers for the cross-crate tests: they load the real plugins
//! through the real host and drive them only through `rules-api` (the
//! checks themselves live in `tabula-kit`).

pub mod diagram;
pub mod fixtures;
pub mod net;
pub mod reference;
pub mod window;
