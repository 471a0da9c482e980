//! The Tabula host library.
