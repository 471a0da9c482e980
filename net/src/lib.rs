//! Tabula network play: the versioned protocol ([`protocol`], documented
//! in `docs/NETWORK.md`), the game server ([`server`]) that keeps rooms in
//! SQLite ([`store`]) and judges every move through the rules plugin, and
//! a blocking client ([`client`]) for the terminal, the window, tests and
//! the load generator ([`load`]). Links no SDL2 and knows no game.
//! Connections are plain TCP or TLS ([`tls`], [`link`]); what the server
//! accepts from the network is described in docs/SECURITY.md.

pub mod campaign;
pub mod client;
mod datadir;
pub mod discovery;
pub mod link;
pub mod load;
pub mod protocol;
pub mod server;
pub mod store;
pub mod text;
pub mod tls;
