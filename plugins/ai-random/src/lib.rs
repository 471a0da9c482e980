//! Uniform random strategy plugin for Tabula
