//! The plugin side: the plain-Rust traits a plugin implements, and small
//! helpers for options.
//!
//! Implement [`PositionImpl`] and [`RulesImpl`] (a game) or
//! [`StrategyImpl`] (a computer player) and export them from a tiny `cdylib`
//! crate with [`crate::export_rules_plugin!`] or
//! [`crate::export_strategy_plugin!`]. Only a handful of methods are
//! required; everything else has a default that is correct for any game and
//! merely slower or plainer than a game-specific answer.
//!
//! The exported objects run every call under `catch_unwind`: a panic becomes
//! a [`crate::PluginError`] of kind [`crate::ErrorKind::PANIC`] (or a neutral value
//! for infallible calls, with the object poisoned so its next fallible call
//! reports the panic). Plugin code never has to catch panics itself.

pub use crate::export::{position_box, rules_box, strategy_box};
pub use crate::impls::{check_options, option_or_default, PositionImpl, RulesImpl, StrategyImpl};
