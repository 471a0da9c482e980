//! Gomoku and renju rules plugin for Tabula
