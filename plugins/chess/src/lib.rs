//! International chess rules plugin for Tabula
