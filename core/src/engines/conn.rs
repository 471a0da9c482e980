//! A started engine: the process after its handshake, and what the
//! handshake taught (UCCI's millisecond clock, Gomocup's grid). Started,
//! brought to a known state and spoken to on a turn's own thread, never on
//! the caller's: a slow engine never pauses a window.

use std::time::Duration;

use super::gtp;
use super::process::{read_line, EngineError, Line, Process};
use crate::protocols::grid::Grid;
use crate::source::{EngineSpec, Protocol};

/// How long an engine may take to start and answer the handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);

/// What starting an engine needs, gathered on the caller's thread.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The program and its protocol.
    pub spec: EngineSpec,
    /// Options sent at the start (a dialect's, then the player's).
    pub options: Vec<(String, String)>,
    /// The move time, for Gomocup's `INFO timeout_turn`.
    pub move_ms: u64,
    /// Gomocup: the board and the `INFO rule` value.
    pub gomocup: Option<(Grid, u32)>,
    /// GTP: the board and the komi to tell.
    pub gtp: Option<(Grid, Option<String>)>,
}

/// An engine after its handshake.
pub struct Conn {
    /// The process.
    pub process: Process,
    /// Gomocup's grid.
    pub grid: Option<Grid>,
    /// UCCI: the engine takes clock values in milliseconds.
    pub millis: bool,
    /// GTP: what the engine has accepted so far.
    pub gtp: gtp::State,
    /// GTP: the commands of the current turn, to match answers to.
    pub pending: gtp::Pending,
}

/// Lines a Gomocup brain may send at any time besides its answer.
pub fn is_gomocup_chatter(line: &str) -> bool {
    let head = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
    line.trim().is_empty() || matches!(head.as_str(), "MESSAGE" | "DEBUG" | "SUGGEST")
}

impl Conn {
    /// Starts the program and completes the handshake.
    pub fn start(setup: &Setup) -> Result<Conn, EngineError> {
        let p = Process::spawn(&setup.spec)?;
        let (mut grid, mut millis, mut state) = (None, false, gtp::State::default());
        match setup.spec.protocol {
            Protocol::Uci | Protocol::Ucci | Protocol::Usi => {
                let ucci = setup.spec.protocol == Protocol::Ucci;
                let usi = setup.spec.protocol == Protocol::Usi;
                let (hello, ok) = match setup.spec.protocol {
                    Protocol::Ucci => ("ucci", "ucciok"),
                    Protocol::Usi => ("usi", "usiok"),
                    _ => ("uci", "uciok"),
                };
                p.send(hello)?;
                let mut announced = Vec::new();
                p.expect(HANDSHAKE_TIMEOUT, ok, |l| {
                    announced.push(l.to_string());
                    l.trim() == ok
                })?;
                for (k, v) in &setup.options {
                    p.send(&if ucci { format!("setoption {k} {v}") } else { format!("setoption name {k} value {v}") })?;
                }
                millis = ucci && announced.iter().any(|l| l.split_whitespace().nth(1) == Some("usemillisec"));
                if millis {
                    p.send("setoption usemillisec true")?;
                }
                if usi {
                    p.send("usinewgame")?;
                } else if !ucci {
                    p.send("ucinewgame")?;
                }
            }
            Protocol::Gomocup => {
                let (board, rule) = setup.gomocup.clone().ok_or(EngineError::NoBoard)?;
                if board.width() != board.height() {
                    p.send(&format!("RECTSTART {},{}", board.width(), board.height()))?;
                } else {
                    p.send(&format!("START {}", board.width()))?;
                }
                let answer = p.expect(HANDSHAKE_TIMEOUT, "OK", |l| !is_gomocup_chatter(l))?;
                if !answer.trim().eq_ignore_ascii_case("OK") {
                    return Err(EngineError::Refused(answer));
                }
                p.send(&format!("INFO timeout_turn {}", setup.move_ms))?;
                p.send(&format!("INFO rule {rule}"))?;
                for (k, v) in &setup.options {
                    p.send(&format!("INFO {k} {v}"))?;
                }
                grid = Some(board);
            }
            Protocol::Gtp => {
                let (board, komi) = setup.gtp.clone().ok_or(EngineError::NoBoard)?;
                state.handshake(&p, &board, komi.as_deref(), setup.move_ms, HANDSHAKE_TIMEOUT)?;
            }
        }
        Ok(Conn { process: p, grid, millis, gtp: state, pending: gtp::Pending::default() })
    }

    /// Brings the engine to a known state before a search: whatever it
    /// still had to say about an earlier one (a `nobestmove` or a second
    /// `bestmove` answering a `stop` that crossed its move) is read and
    /// dropped. UCI and UCCI confirm with `isready`/`readyok`; a Gomocup
    /// brain has no such command, so only what already arrived is dropped.
    pub fn sync(&self, protocol: Protocol) -> Result<(), EngineError> {
        match protocol {
            Protocol::Uci | Protocol::Ucci | Protocol::Usi => {
                self.process.send("isready")?;
                self.process.expect(HANDSHAKE_TIMEOUT, "readyok", |l| l.trim() == "readyok")?;
            }
            // Neither Gomocup nor GTP has such a command (a GTP engine answers
            // every command, so nothing is left over): drop what arrived.
            Protocol::Gomocup | Protocol::Gtp => {
                while let Line::Text(_) = read_line(&self.process.reader(), Duration::ZERO) {}
            }
        }
        Ok(())
    }
}
