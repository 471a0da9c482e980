//! Greedy one-ply strategy plugin for Tabula
