//! Errors that cross the boundary.

use abi_stable::std_types::RString;
use abi_stable::StableAbi;
use std::fmt;

/// What went wrong, coarsely, so callers can react without parsing text.
///
/// A newtype over `u8` rather than an enum so that later versions can add
/// kinds without breaking the layout check.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ErrorKind(pub u8);

impl ErrorKind {
    /// Text that does not parse (a position, a move, an option value).
    pub const INVALID_INPUT: ErrorKind = ErrorKind(1);
    /// A move that is not legal in the position it was given to.
    pub const ILLEGAL_MOVE: ErrorKind = ErrorKind(2);
    /// The plugin panicked; the object that panicked is poisoned.
    pub const PANIC: ErrorKind = ErrorKind(3);
    /// The call makes no sense for this object (e.g. unmake with no history,
    /// `new_rules` on a strategy plugin).
    pub const UNSUPPORTED: ErrorKind = ErrorKind(4);
    /// An option name the plugin does not know, or a value it refuses.
    pub const BAD_OPTION: ErrorKind = ErrorKind(5);
    /// Anything else that went wrong inside the plugin.
    pub const INTERNAL: ErrorKind = ErrorKind(6);

    /// A short lowercase name for messages.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::INVALID_INPUT => "invalid input",
            ErrorKind::ILLEGAL_MOVE => "illegal move",
            ErrorKind::PANIC => "plugin panic",
            ErrorKind::UNSUPPORTED => "unsupported",
            ErrorKind::BAD_OPTION => "bad option",
            ErrorKind::INTERNAL => "internal error",
            _ => "error",
        }
    }
}

/// An error returned by a plugin: a kind plus a message meant for people.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug)]
pub struct PluginError {
    /// Coarse category.
    pub kind: ErrorKind,
    /// A complete sentence naming the culprit (the field, the move, the text).
    pub message: RString,
}

impl PluginError {
    /// Builds an error of the given kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        PluginError { kind, message: RString::from(message.into()) }
    }
    /// Text that does not parse.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::INVALID_INPUT, message)
    }
    /// A move that is not legal here.
    pub fn illegal_move(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::ILLEGAL_MOVE, message)
    }
    /// A bad option name or value.
    pub fn bad_option(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::BAD_OPTION, message)
    }
    /// A call that this object does not support.
    pub fn unsupported(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::UNSUPPORTED, message)
    }
    /// Anything else.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::INTERNAL, message)
    }
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PluginError {}
