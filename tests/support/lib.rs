//! Shared helpers for the cross-crate tests: they load the real plugins
//! through the real host and drive them only through `rules-api`.

pub mod conformance;
pub mod diagram;
pub mod fixtures;
pub mod rng;
