//! Xiangqi (Chinese chess) rules plugin for Tabula
