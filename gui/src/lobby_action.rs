//! What a click in the Network dialog asks for ([`LobbyAction`]), kept
//! apart from the dialog itself ([`crate::lobby`]) so the window's
//! [`crate::controls::Action`] can name it without depending on the
//! dialog.

/// The two halves of the dialog.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Games found, or a typed server.
    Join,
    /// Open a game on this computer.
    Host,
}

/// A text field of the dialog.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The player's name.
    Name,
    /// The room's password (to host a private room, or to join one).
    Password,
    /// A server typed as `host:port`.
    Address,
}

/// What a click in the dialog asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyAction {
    /// Show a tab.
    Tab(Tab),
    /// Type into a field.
    Focus(Field),
    /// Join the listed game at this index.
    Join(usize),
    /// Look up the games of the typed server.
    Lookup,
    /// Host: choose the game to host.
    Host,
}
