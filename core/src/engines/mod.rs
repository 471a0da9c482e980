//! External engines as players: a program speaking UCI, UCCI, the Gomocup
//! protocol or GTP on stdin/stdout sits in a seat like a strategy plugin. The host
//! starts it, handshakes, sends each position (start text or start position
//! plus the moves), enforces the time with the same grace period as for
//! strategies, and turns a crash, a hang, garbage or an illegal move into a
//! forfeit with the reason recorded. Isolation (`isolate:S`) is the same
//! machinery with a child `tabula uci` running the strategy plugin. The
//! program and its protocol are a [`crate::source::EngineSpec`].

mod conn;
pub mod gtp;
mod player;
mod process;
mod replies;

pub use conn::HANDSHAKE_TIMEOUT;
pub use player::{EngineContext, EnginePlayer};
pub use process::{EngineError, Process};
pub use replies::{Replies, Reply};
