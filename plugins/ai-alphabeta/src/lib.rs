//! Alpha-beta search strategy plugin for Tabula
