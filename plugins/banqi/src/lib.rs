//! Banqi (in progress).
