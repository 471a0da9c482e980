//! A child process spoken to line by line: stdin for commands, a reader
//! thread turning stdout into a channel of lines. The child is killed when
//! the value is dropped, so an engine never outlives its game.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rules_api::PluginError;

use crate::lines::LineReader;
use crate::source::EngineSpec;

/// What went wrong talking to an engine; the message becomes the reason of
/// the engine's forfeit.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start '{command}': {source}")]
    Spawn {
        /// The program.
        command: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The child has no stdin or stdout pipe.
    #[error("no {0} pipe")]
    NoPipe(&'static str),
    /// A thread could not be started.
    #[error("cannot start a reader thread: {0}")]
    Thread(std::io::Error),
    /// Writing a command failed.
    #[error("cannot write to the engine: {0}")]
    Write(std::io::Error),
    /// An expected answer did not come in time.
    #[error("no '{what}' within {ms} ms")]
    Timeout {
        /// The answer awaited.
        what: String,
        /// How long the host waited.
        ms: u128,
    },
    /// The engine closed its output before an expected answer.
    #[error("the engine exited before '{what}'")]
    Exited {
        /// The answer awaited.
        what: String,
    },
    /// The engine refused the game (a Gomocup board size).
    #[error("START refused: {0}")]
    Refused(String),
    /// The rules plugin failed while the turn was prepared.
    #[error("{0}")]
    Plugin(#[from] PluginError),
    /// A Gomocup turn without a board.
    #[error("no board")]
    NoBoard,
    /// A move of the game is not on the Gomocup grid.
    #[error("a move is off the grid")]
    OffGrid,
    /// The engine process is gone.
    #[error("the engine is not running")]
    NotRunning,
    /// The engine wrote line after line without the answer awaited (a
    /// program that floods its output, like `yes`).
    #[error("{lines} lines without '{what}': the engine floods its output")]
    Flood {
        /// The answer awaited.
        what: String,
        /// The lines read without it.
        lines: usize,
    },
}

/// Lines read from an engine but not yet taken: the reader thread waits
/// (and the engine with it, on its full pipe) when this many are queued,
/// so an engine that floods its output cannot fill Tabula's memory
/// (at most this many lines of [`crate::lines::MAX_LINE`] bytes).
pub const QUEUE_LINES: usize = 64;

/// Lines an engine may write while an answer is awaited (a handshake, a
/// `readyok`, a GTP answer) before it forfeits for flooding: far more than
/// any engine announces (a few dozen options), far fewer than a runaway
/// program writes in the seconds the answer may take.
pub const MAX_SKIPPED_LINES: usize = 10_000;

/// A running engine.
pub struct Process {
    child: Child,
    stdin: Arc<Mutex<ChildStdin>>,
    lines: Arc<Mutex<Receiver<String>>>,
}

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (line end removed).
    Text(String),
    /// Nothing in time.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

impl Process {
    /// Starts the program; its stderr is discarded.
    pub fn spawn(spec: &EngineSpec) -> Result<Process, EngineError> {
        let mut command = Command::new(&spec.command);
        command.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        crate::priority::background_command(&mut command);
        let mut child =
            command.spawn().map_err(|source| EngineError::Spawn { command: spec.command.clone(), source })?;
        let stdin = child.stdin.take().ok_or(EngineError::NoPipe("stdin"))?;
        let stdout = child.stdout.take().ok_or(EngineError::NoPipe("stdout"))?;
        let (tx, rx) = sync_channel(QUEUE_LINES);
        std::thread::Builder::new()
            .name(format!("engine {}", spec.command))
            .spawn(move || {
                // Read as bytes: a line that is not UTF-8 arrives with its
                // bad bytes replaced (it is garbage to every protocol), an
                // overlong one as an empty line; the stream goes on.
                for line in LineReader::new(BufReader::new(stdout)) {
                    let Ok(line) = line else { break };
                    if tx.send(line.lossy()).is_err() {
                        break;
                    }
                }
            })
            .map_err(EngineError::Thread)?;
        Ok(Process { child, stdin: Arc::new(Mutex::new(stdin)), lines: Arc::new(Mutex::new(rx)) })
    }

    /// A handle for writing from another thread.
    pub fn writer(&self) -> Arc<Mutex<ChildStdin>> {
        Arc::clone(&self.stdin)
    }
    /// A handle for reading from another thread.
    pub fn reader(&self) -> Arc<Mutex<Receiver<String>>> {
        Arc::clone(&self.lines)
    }

    /// Sends one line.
    pub fn send(&self, line: &str) -> Result<(), EngineError> {
        send_to(&self.stdin, line)
    }

    /// Waits up to `timeout` for a line for which `wanted` is true; other
    /// lines are skipped, at most `MAX_SKIPPED_LINES` of them. Errors say
    /// what went wrong, for a forfeit reason.
    pub fn expect(
        &self,
        timeout: Duration,
        what: &str,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        let mut skipped = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match read_line(&self.lines, left) {
                Line::Text(t) if wanted(&t) => return Ok(t),
                Line::Text(_) if skipped >= MAX_SKIPPED_LINES => {
                    return Err(EngineError::Flood { what: what.to_string(), lines: skipped + 1 })
                }
                Line::Text(_) => skipped += 1,
                Line::Timeout => return Err(EngineError::Timeout { what: what.to_string(), ms: timeout.as_millis() }),
                Line::Closed => return Err(EngineError::Exited { what: what.to_string() }),
            }
        }
    }
}

/// Writes one line to an engine and flushes.
pub fn send_to(stdin: &Arc<Mutex<ChildStdin>>, line: &str) -> Result<(), EngineError> {
    let mut w = stdin.lock().unwrap_or_else(PoisonError::into_inner);
    writeln!(w, "{line}").and_then(|()| w.flush()).map_err(EngineError::Write)
}

/// Drops the lines already queued, at most [`QUEUE_LINES`] of them (an
/// engine that writes faster than they are dropped would keep the loop
/// going for ever); false when more kept coming.
pub fn drop_queued(lines: &Arc<Mutex<Receiver<String>>>) -> bool {
    (0..=QUEUE_LINES).any(|_| !matches!(read_line(lines, Duration::ZERO), Line::Text(_)))
}

/// Reads one line, waiting at most `timeout`.
pub fn read_line(lines: &Arc<Mutex<Receiver<String>>>, timeout: Duration) -> Line {
    let rx = lines.lock().unwrap_or_else(PoisonError::into_inner);
    match rx.recv_timeout(timeout) {
        Ok(t) => Line::Text(t),
        Err(RecvTimeoutError::Timeout) => Line::Timeout,
        Err(RecvTimeoutError::Disconnected) => Line::Closed,
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
