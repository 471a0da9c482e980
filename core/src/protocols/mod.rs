//! Engine protocols spoken by Tabula to the outside world: `tabula uci`,
//! `tabula ucci` and `tabula gomocup` turn any strategy plugin into an engine
//! that other programs (GUIs, tournament managers, engine libraries) can drive,
//! for whatever rules plugin is loaded. Game-specific conversions (a rank
//! offset, Gomocup's size and rule codes) come from `config/protocols.toml`.

pub mod core;
pub mod gomocup;
pub mod grid;
pub mod settings;
pub mod uci;
