//! Tabula's side of an isolated rules plugin: the child process, one
//! request and reply at a time under a time limit, and the boundary
//! objects ([`rules_api::Rules`], [`rules_api::Position`]) that forward
//! every call to it.
//!
//! The objects implement the boundary traits directly rather than through
//! `rules_api::plugin`'s adapters, so that a dead child is reported as the
//! boundary's own error value by every fallible call (the infallible ones
//! return the neutral value, as a poisoned in-process position does).

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use abi_stable::sabi_trait::TD_Opaque;
use rules_api::{
    CellChange, CellText, ChanceOutcome, ClickPath, GameInfo, Geometry, HandPiece, Highlight, Move, MoveInfo, Notation,
    Outcome, Piece, PlayerScore, PluginError, Position, PositionBox, PositionFlags, Position_TO, RResult, RSlice, RStr,
    RString, RVec, Rules, RulesBox, Rules_TO, Status,
};

use super::wire::{self, Call, Reply, Request, WMove, MAX_FRAME, VERSION};
use super::{describe_exit, SERVER_COMMAND};

/// The pipes to a running rules process.
struct Conn {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
    scratch: Vec<u8>,
    frame: Vec<u8>,
    /// Why the process can no longer be used, once it cannot.
    gone: Option<String>,
}

/// What went wrong in one exchange.
enum Failure {
    /// The pipe closed or broke: the process ended (or is ending).
    Closed,
    /// No answer in time.
    Timeout,
    /// An answer that is not a reply to the request.
    Garbled(String),
}

impl Conn {
    /// One request and its reply (`None` for a request without one).
    fn exchange(&mut self, request: &Request, limit: Duration) -> Result<Option<Reply>, Failure> {
        wire::write_frame(&mut self.input, request, &mut self.scratch)
            .and_then(|()| self.input.flush())
            .map_err(|_| Failure::Closed)?;
        if matches!(request, Request::Drop(_)) {
            return Ok(None);
        }
        let deadline = Instant::now() + limit;
        let mut len = [0u8; 4];
        self.fill(&mut len, deadline)?;
        let len = u32::from_le_bytes(len) as usize;
        if len > MAX_FRAME {
            return Err(Failure::Garbled(format!("a message of {len} bytes (at most {MAX_FRAME})")));
        }
        let mut frame = std::mem::take(&mut self.frame);
        frame.resize(len, 0);
        let read = self.fill(&mut frame, deadline);
        let reply = read.and_then(|()| wire::decode(&frame).map_err(|e| Failure::Garbled(e.to_string())));
        self.frame = frame;
        reply.map(Some)
    }

    /// Fills `buf` from the process's output by `deadline`.
    fn fill(&mut self, buf: &mut [u8], deadline: Instant) -> Result<(), Failure> {
        let mut got = 0;
        while got < buf.len() {
            if self.output.buffer().is_empty() {
                wait_readable(self.output.get_ref(), deadline)?;
            }
            match self.output.read(&mut buf[got..]) {
                Ok(0) => return Err(Failure::Closed),
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return Err(Failure::Closed),
            }
        }
        Ok(())
    }

    /// Stops the process after `failure` in `call` and keeps the reason
    /// every later call reports.
    fn give_up(&mut self, call: &str, failure: Failure, limit: Duration) -> String {
        let reason = match failure {
            Failure::Closed => self.ended(),
            Failure::Timeout => format!(
                "the rules process did not answer {call} within {:.1} s (TABULA_RULES_TIMEOUT_MS), so it was stopped",
                limit.as_secs_f64()
            ),
            Failure::Garbled(what) => {
                format!("the rules process answered {call} with {what}, so it was stopped")
            }
        };
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.gone = Some(reason.clone());
        reason
    }

    /// Why the process closed its pipes: how it exited, once it has (it
    /// is given a moment), or that it closed them while running.
    fn ended(&mut self) -> String {
        let until = Instant::now() + Duration::from_secs(2);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("the rules process exited: {}", describe_exit(status)),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return "the rules process closed its pipes".into(),
            }
        }
    }
}

/// Waits until `pipe` has something to read (or has closed) by `deadline`.
#[cfg(unix)]
fn wait_readable(pipe: &ChildStdout, deadline: Instant) -> Result<(), Failure> {
    use std::os::fd::AsRawFd;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let ms = left.as_millis().min(i32::MAX as u128) as i32;
        let mut fd = libc::pollfd { fd: pipe.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd, for the duration of the call.
        let ready = unsafe { libc::poll(&mut fd, 1, ms) };
        match ready {
            n if n > 0 => return Ok(()),
            0 => return Err(Failure::Timeout),
            _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            _ => return Err(Failure::Closed),
        }
    }
}

/// Without `poll`, reads block; the watchdog still bounds the call.
#[cfg(not(unix))]
fn wait_readable(_pipe: &ChildStdout, _deadline: Instant) -> Result<(), Failure> {
    Ok(())
}

impl Drop for Conn {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The process shared by the game and all its positions.
struct Shared {
    conn: Mutex<Conn>,
    limit: Duration,
}

impl Shared {
    /// Sends `request` (named `call` in messages) and returns the reply,
    /// or the error every call gets once the process is unusable.
    fn ask(&self, call: &str, request: &Request) -> Result<Reply, PluginError> {
        let mut conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(reason) = &conn.gone {
            return Err(PluginError::internal(reason.clone()));
        }
        match conn.exchange(request, self.limit) {
            Ok(Some(reply)) => Ok(reply),
            Ok(None) => Err(PluginError::internal("no reply expected")),
            Err(failure) => Err(PluginError::internal(conn.give_up(call, failure, self.limit))),
        }
    }

    /// A reply of the wrong shape: the process is not to be trusted again.
    fn wrong(&self, call: &str, reply: &Reply) -> PluginError {
        let mut conn = self.conn.lock().unwrap_or_else(PoisonError::into_inner);
        let what = format!("a reply of the wrong kind ({})", reply_name(reply));
        PluginError::internal(conn.give_up(call, Failure::Garbled(what), self.limit))
    }

    /// A new position from `request` (start, text, clone).
    fn position(self: &Arc<Self>, call: &str, request: &Request) -> Result<PositionBox, PluginError> {
        match self.ask(call, request)? {
            Reply::Handle(Ok(handle)) => {
                Ok(Position_TO::from_value(ProxyPosition { shared: Arc::clone(self), handle }, TD_Opaque))
            }
            Reply::Handle(Err(e)) | Reply::Failed(e) => Err(e.into()),
            other => Err(self.wrong(call, &other)),
        }
    }
}

fn reply_name(reply: &Reply) -> &'static str {
    match reply {
        Reply::Opened { .. } => "opened",
        Reply::Handle(_) => "a position",
        Reply::Unit(_) => "done",
        Reply::Byte(_) | Reply::Word(_) | Reply::Int(_) => "a number",
        Reply::Moves(_) | Reply::Move(_) => "moves",
        Reply::Infos(_) => "move information",
        Reply::Pieces(_) | Reply::Hands(_) => "pieces",
        Reply::Highlights(_) => "highlights",
        Reply::Text(_) => "a text",
        Reply::Count(_) => "a count",
        Reply::Scores(_) => "scores",
        Reply::Status(_) | Reply::Counted(_) => "a status",
        Reply::Failed(_) => "an error",
        Reply::Chance(_) => "chance outcomes",
        Reply::Outcome(_) => "a result",
        Reply::Ints(_) => "numbers",
        Reply::Paths(_) => "click paths",
        Reply::CellChanges(_) | Reply::CellTexts(_) => "cells",
    }
}

/// Starts `exe __rules-server`, has it build the game of the plugin at
/// `library` with `options`, and returns the game. The plugin's own
/// refusal (a bad option) comes back as the plugin's error.
pub fn spawn(exe: &Path, library: &Path, options: &[(String, String)]) -> Result<RulesBox, PluginError> {
    let cannot = |e: std::io::Error| PluginError::internal(format!("cannot start the rules process: {e}"));
    let mut child = Command::new(exe)
        .arg(SERVER_COMMAND)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(cannot)?;
    let missing = || PluginError::internal("cannot start the rules process: no pipes");
    let input = BufWriter::new(child.stdin.take().ok_or_else(missing)?);
    let output = BufReader::new(child.stdout.take().ok_or_else(missing)?);
    let conn = Conn { child, input, output, scratch: Vec::new(), frame: Vec::new(), gone: None };
    let shared = Arc::new(Shared { conn: Mutex::new(conn), limit: super::call_limit() });
    let request = Request::Open { version: VERSION, library: library.display().to_string(), options: options.to_vec() };
    let description = match shared.ask("new_rules", &request)? {
        Reply::Opened { version, .. } if version != VERSION => {
            return Err(PluginError::internal(format!(
                "the rules process speaks protocol version {version}, this Tabula {VERSION} (was tabula replaced \
                 while it ran?)"
            )))
        }
        Reply::Opened { game, .. } => game.map_err(PluginError::from)?,
        other => return Err(shared.wrong("new_rules", &other)),
    };
    let rules = ProxyRules {
        info: description.info.map(Into::into).map_err(Into::into),
        geometry: description.geometry.map(Into::into).map_err(Into::into),
        help: description.help.map(Into::into).map_err(Into::into),
        shared,
    };
    Ok(Rules_TO::from_value(rules, TD_Opaque))
}

/// The game: its fixed facts kept from when it was built.
struct ProxyRules {
    shared: Arc<Shared>,
    info: Result<GameInfo, PluginError>,
    geometry: Result<Geometry, PluginError>,
    help: Result<RString, PluginError>,
}

impl Rules for ProxyRules {
    fn info(&self) -> RResult<GameInfo, PluginError> {
        self.info.clone().into()
    }
    fn geometry(&self) -> RResult<Geometry, PluginError> {
        self.geometry.clone().into()
    }
    fn start_position(&self) -> RResult<PositionBox, PluginError> {
        self.shared.position("start_position", &Request::Start).into()
    }
    fn position_from_text(&self, text: RStr<'_>) -> RResult<PositionBox, PluginError> {
        self.shared.position("position_from_text", &Request::FromText(text.as_str().to_string())).into()
    }
    fn help_text(&self) -> RResult<RString, PluginError> {
        self.help.clone().into()
    }
}

/// A position living in the rules process.
struct ProxyPosition {
    shared: Arc<Shared>,
    handle: u32,
}

/// Reply variants to plain results: `answer!(self, call, Variant)` asks
/// `call` and unwraps the reply `Variant(Answer<T>)`.
macro_rules! answer {
    ($self:ident, $call:expr, $variant:ident) => {{
        let call = $call;
        let name = call.name();
        match $self.shared.ask(name, &Request::Call($self.handle, call)) {
            Ok(Reply::$variant(answer)) => answer.map_err(PluginError::from),
            Ok(Reply::Failed(e)) => Err(e.into()),
            Ok(other) => Err($self.shared.wrong(name, &other)),
            Err(e) => Err(e),
        }
    }};
}

/// Same for infallible calls: the value, or `default` when the process
/// failed (the next fallible call reports why).
macro_rules! value {
    ($self:ident, $call:expr, $variant:ident, $default:expr) => {{
        let call = $call;
        let name = call.name();
        match $self.shared.ask(name, &Request::Call($self.handle, call)) {
            Ok(Reply::$variant(v)) => v,
            Ok(Reply::Failed(_)) => $default,
            Ok(other) => {
                $self.shared.wrong(name, &other);
                $default
            }
            Err(_) => $default,
        }
    }};
}

/// Clears `out` and fills it from `answer` converted by `f`.
fn fill<W, T>(out: &mut RVec<T>, answer: Result<Vec<W>, PluginError>, f: impl Fn(W) -> T) -> RResult<(), PluginError> {
    out.clear();
    answer.map(|items| out.extend(items.into_iter().map(f))).into()
}

impl Clone for ProxyPosition {
    /// A copy in the process; if that fails, a position whose calls report
    /// why (`Clone` cannot fail).
    fn clone(&self) -> Self {
        match self.shared.ask("clone", &Request::Clone(self.handle)) {
            Ok(Reply::Handle(Ok(handle))) => ProxyPosition { shared: Arc::clone(&self.shared), handle },
            Ok(other) => {
                if !matches!(other, Reply::Handle(_) | Reply::Failed(_)) {
                    self.shared.wrong("clone", &other);
                }
                ProxyPosition { shared: Arc::clone(&self.shared), handle: u32::MAX }
            }
            Err(_) => ProxyPosition { shared: Arc::clone(&self.shared), handle: u32::MAX },
        }
    }
}

impl Drop for ProxyPosition {
    fn drop(&mut self) {
        let mut conn = self.shared.conn.lock().unwrap_or_else(PoisonError::into_inner);
        if conn.gone.is_none() && self.handle != u32::MAX {
            // A failure shows at the next call that expects a reply.
            let _ = conn.exchange(&Request::Drop(self.handle), self.shared.limit);
        }
    }
}

impl Position for ProxyPosition {
    fn side_to_move(&self) -> u8 {
        value!(self, Call::SideToMove, Byte, 0)
    }
    fn legal_moves(&self, out: &mut RVec<Move>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::LegalMoves, Moves), Move::from)
    }
    fn make_move(&mut self, m: Move) -> RResult<(), PluginError> {
        answer!(self, Call::MakeMove(WMove::from(m)), Unit).into()
    }
    fn unmake_move(&mut self) -> RResult<(), PluginError> {
        answer!(self, Call::Unmake, Unit).into()
    }
    fn status(&self) -> RResult<Status, PluginError> {
        answer!(self, Call::Status, Status).map(wire::WStatus::status).into()
    }
    fn hash(&self) -> u64 {
        value!(self, Call::Hash, Word, 0)
    }
    fn evaluate(&self) -> i32 {
        value!(self, Call::Evaluate, Int, 0)
    }
    fn move_infos(&self, moves: RSlice<'_, Move>, out: &mut RVec<MoveInfo>) -> RResult<(), PluginError> {
        let moves = moves.iter().map(|&m| WMove::from(m)).collect();
        fill(out, answer!(self, Call::MoveInfos(moves), Infos), wire::info_in)
    }
    fn pieces(&self, out: &mut RVec<Piece>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::Pieces, Pieces), wire::piece_in)
    }
    fn highlights(&self, out: &mut RVec<Highlight>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::Highlights, Highlights), wire::WHighlight::highlight)
    }
    fn to_text(&self) -> RResult<RString, PluginError> {
        answer!(self, Call::ToText, Text).map(RString::from).into()
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> RResult<RString, PluginError> {
        answer!(self, Call::MoveToText(WMove::from(m), notation.0), Text).map(RString::from).into()
    }
    fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError> {
        answer!(self, Call::ParseMove(text.as_str().to_string(), notation.0), Move).map(Move::from).into()
    }
    fn flags(&self) -> PositionFlags {
        PositionFlags(value!(self, Call::Flags, Word, 0) as u32)
    }
    fn count_legal_moves(&self) -> RResult<u64, PluginError> {
        answer!(self, Call::CountLegal, Count).into()
    }
    fn make_null_move(&mut self) -> RResult<(), PluginError> {
        answer!(self, Call::MakeNull, Unit).into()
    }
    fn hands(&self, out: &mut RVec<HandPiece>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::Hands, Hands), wire::hand_in)
    }
    fn scores(&self, out: &mut RVec<PlayerScore>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::Scores, Scores), wire::score_in)
    }
    fn count_score(
        &self,
        dead: RSlice<'_, u16>,
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> RResult<Status, PluginError> {
        marks.clear();
        scores.clear();
        answer!(self, Call::CountScore(dead.to_vec()), Counted)
            .map(|(status, m, s)| {
                marks.extend(m.into_iter().map(wire::WHighlight::highlight));
                scores.extend(s.into_iter().map(wire::score_in));
                status.status()
            })
            .into()
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::ChanceOutcomes, Chance), |(mv, probability)| ChanceOutcome {
            mv: Move::from(mv),
            probability,
        })
    }
    fn result(&self) -> RResult<Outcome, PluginError> {
        answer!(self, Call::Result, Outcome)
            .map(|(status, reason, payoffs)| Outcome {
                status: status.status(),
                reason: reason.into(),
                payoffs: payoffs.into(),
            })
            .into()
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
        out.extend(value!(self, Call::EvaluateAll, Ints, Vec::new()));
    }
    fn click_paths(&self, out: &mut RVec<ClickPath>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::ClickPaths, Paths), |(mv, steps)| ClickPath {
            mv: Move::from(mv),
            steps: steps.into_iter().map(RVec::from).collect(),
        })
    }
    fn cell_changes(&self, out: &mut RVec<CellChange>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::CellChanges, CellChanges), |(cell, shown, x, y, layer, name)| CellChange {
            cell,
            shown,
            x,
            y,
            layer,
            name: name.into(),
        })
    }
    fn cell_texts(&self, out: &mut RVec<CellText>) -> RResult<(), PluginError> {
        fill(out, answer!(self, Call::CellTexts, CellTexts), |(cell, text)| CellText { cell, text: text.into() })
    }
    fn draw_claim(&self) -> RResult<RString, PluginError> {
        answer!(self, Call::DrawClaim, Text).map(RString::from).into()
    }
}
