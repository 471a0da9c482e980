//! The rules process: `tabula __rules-server` loads one rules plugin and
//! answers its parent's requests ([`crate::isolation::wire`]) until its input
//! ends. It sits above both the plugin loader (it loads the plugin) and the
//! isolation client (whose wire format it answers in), so that the loader
//! can hand a game to the client without the client needing the loader.
//!
//! The protocol has the process's standard output to itself: before the
//! plugin is loaded, output is moved to a descriptor of its own and
//! descriptor 1 pointed at standard error, so whatever a plugin prints
//! cannot garble the replies.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use rules_api::{Move, Notation, PluginError, PositionBox, RSlice, RVec, RulesBox};

use crate::isolation::wire::{
    self, Answer, Call, Description, Reply, Request, WError, WHighlight, WMove, WStatus, VERSION,
};
use crate::plugins::{load_plugin, LoadError};

/// Serves requests on standard input until it ends; returns the exit code.
pub fn serve() -> i32 {
    let output = match protocol_output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("error: the rules process cannot set up its output: {e}");
            return 1;
        }
    };
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut output = BufWriter::new(output);
    let mut server = Server { rules: None, positions: Vec::new(), free: Vec::new(), moves: RVec::new() };
    let (mut frame, mut scratch) = (Vec::new(), Vec::new());
    loop {
        let len = match wire::read_length(&mut input) {
            Ok(Some(len)) => len,
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("error: the rules process cannot read its input: {e}");
                return 1;
            }
        };
        frame.resize(len, 0);
        if let Err(e) = input.read_exact(&mut frame) {
            eprintln!("error: the rules process cannot read its input: {e}");
            return 1;
        }
        let request: Request = match wire::decode(&frame) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: the rules process got a request it cannot read: {e}");
                return 1;
            }
        };
        let Some(reply) = server.handle(request) else { continue };
        if wire::write_frame(&mut output, &reply, &mut scratch).and_then(|()| output.flush()).is_err() {
            // The parent has gone.
            return 0;
        }
    }
}

/// The original standard output for the protocol, with descriptor 1 now
/// writing to standard error.
#[cfg(unix)]
fn protocol_output() -> std::io::Result<File> {
    use std::os::fd::FromRawFd;
    std::io::stdout().flush()?;
    // SAFETY: dup and dup2 on the process's own standard descriptors; the
    // new descriptor is owned by the returned file alone.
    unsafe {
        let fd = libc::dup(1);
        if fd < 0 || libc::dup2(2, 1) < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(File::from_raw_fd(fd))
    }
}

/// Elsewhere the protocol shares standard output with the plugin.
#[cfg(not(unix))]
fn protocol_output() -> std::io::Result<impl Write> {
    Ok(std::io::stdout())
}

struct Server {
    rules: Option<RulesBox>,
    /// Positions by handle; `None` for a free handle.
    positions: Vec<Option<PositionBox>>,
    free: Vec<u32>,
    moves: RVec<Move>,
}

fn no_game() -> WError {
    PluginError::internal("no game was built in the rules process").into()
}

impl Server {
    fn handle(&mut self, request: Request) -> Option<Reply> {
        Some(match request {
            Request::Open { library, options, .. } => {
                Reply::Opened { version: VERSION, game: self.open(&library, &options) }
            }
            Request::Start => Reply::Handle(self.create(|rules| rules.start_position().into_result())),
            Request::FromText(text) => {
                Reply::Handle(self.create(|rules| rules.position_from_text(text.as_str().into()).into_result()))
            }
            Request::Clone(h) => {
                let copy = self.position(h).cloned();
                Reply::Handle(copy.map(|p| self.keep(p)))
            }
            Request::Drop(h) => {
                if let Some(slot @ Some(_)) = self.positions.get_mut(h as usize) {
                    *slot = None;
                    self.free.push(h);
                }
                return None;
            }
            Request::Call(h, call) => self.call(h, call),
        })
    }

    fn open(&mut self, library: &str, options: &[(String, String)]) -> Answer<Description> {
        let plugin = load_plugin(Path::new(library)).map_err(|e| WError::from(PluginError::internal(e.to_string())))?;
        let rules = plugin.new_rules(options).map_err(|e| match e {
            LoadError::Construct { error, .. } => WError::from(error),
            other => WError::from(PluginError::internal(other.to_string())),
        })?;
        let description = Description {
            info: rules.info().into_result().map(|i| wire::WInfo::from(&i)).map_err(Into::into),
            geometry: rules.geometry().into_result().map(|g| wire::WGeometry::from(&g)).map_err(Into::into),
            help: rules.help_text().into_result().map(|h| h.to_string()).map_err(Into::into),
        };
        self.rules = Some(rules);
        Ok(description)
    }

    fn create(&mut self, make: impl FnOnce(&RulesBox) -> Result<PositionBox, PluginError>) -> Answer<u32> {
        let rules = self.rules.as_ref().ok_or_else(no_game)?;
        let position = make(rules)?;
        Ok(self.keep(position))
    }

    fn keep(&mut self, position: PositionBox) -> u32 {
        match self.free.pop() {
            Some(h) => {
                self.positions[h as usize] = Some(position);
                h
            }
            None => {
                self.positions.push(Some(position));
                (self.positions.len() - 1) as u32
            }
        }
    }

    fn position(&self, h: u32) -> Answer<&PositionBox> {
        self.positions
            .get(h as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| PluginError::internal(format!("the rules process has no position {h}")).into())
    }

    fn call(&mut self, h: u32, call: Call) -> Reply {
        let moves = &mut self.moves;
        let Some(Some(p)) = self.positions.get_mut(h as usize) else {
            let missing = || WError::from(PluginError::internal(format!("the rules process has no position {h}")));
            return match call {
                Call::SideToMove => Reply::Byte(0),
                Call::Hash | Call::Flags => Reply::Word(0),
                Call::Evaluate => Reply::Int(0),
                Call::EvaluateAll => Reply::Ints(Vec::new()),
                _ => Reply::Failed(missing()),
            };
        };
        let text = |r: rules_api::RResult<rules_api::RString, PluginError>| {
            Reply::Text(r.into_result().map(|t| t.into()).map_err(Into::into))
        };
        match call {
            Call::SideToMove => Reply::Byte(p.side_to_move()),
            Call::LegalMoves => {
                let r = p.legal_moves(moves).into_result();
                Reply::Moves(r.map(|()| moves.iter().map(|&m| WMove::from(m)).collect()).map_err(Into::into))
            }
            Call::MakeMove(m) => Reply::Unit(p.make_move(m.into()).into_result().map_err(Into::into)),
            Call::Unmake => Reply::Unit(p.unmake_move().into_result().map_err(Into::into)),
            Call::MakeNull => Reply::Unit(p.make_null_move().into_result().map_err(Into::into)),
            Call::Status => Reply::Status(p.status().into_result().map(|s| WStatus::from(&s)).map_err(Into::into)),
            Call::Hash => Reply::Word(p.hash()),
            Call::Evaluate => Reply::Int(p.evaluate()),
            Call::Flags => Reply::Word(p.flags().0 as u64),
            Call::MoveInfos(list) => {
                let list: Vec<Move> = list.into_iter().map(Move::from).collect();
                let mut out = RVec::new();
                let r = p.move_infos(RSlice::from_slice(&list), &mut out).into_result();
                Reply::Infos(r.map(|()| out.iter().map(wire::info_out).collect()).map_err(Into::into))
            }
            Call::Pieces => {
                let mut out = RVec::new();
                let r = p.pieces(&mut out).into_result();
                Reply::Pieces(r.map(|()| out.iter().map(wire::piece_out).collect()).map_err(Into::into))
            }
            Call::Highlights => {
                let mut out = RVec::new();
                let r = p.highlights(&mut out).into_result();
                Reply::Highlights(r.map(|()| out.iter().map(WHighlight::from).collect()).map_err(Into::into))
            }
            Call::ToText => text(p.to_text()),
            Call::MoveToText(m, n) => text(p.move_to_text(m.into(), Notation(n))),
            Call::ParseMove(t, n) => Reply::Move(
                p.parse_move(t.as_str().into(), Notation(n)).into_result().map(WMove::from).map_err(Into::into),
            ),
            Call::CountLegal => Reply::Count(p.count_legal_moves().into_result().map_err(Into::into)),
            Call::Hands => {
                let mut out = RVec::new();
                let r = p.hands(&mut out).into_result();
                Reply::Hands(r.map(|()| out.iter().map(wire::hand_out).collect()).map_err(Into::into))
            }
            Call::Scores => {
                let mut out = RVec::new();
                let r = p.scores(&mut out).into_result();
                Reply::Scores(r.map(|()| out.iter().map(wire::score_out).collect()).map_err(Into::into))
            }
            Call::CountScore(dead) => {
                let (mut marks, mut scores) = (RVec::new(), RVec::new());
                let r = p.count_score(RSlice::from_slice(&dead), &mut marks, &mut scores).into_result();
                Reply::Counted(
                    r.map(|s| {
                        let marks = marks.iter().map(WHighlight::from).collect();
                        (WStatus::from(&s), marks, scores.iter().map(wire::score_out).collect())
                    })
                    .map_err(Into::into),
                )
            }
            other => growth_call(p, other),
        }
    }
}

/// The calls of rules-api 0.2.1 (chance, results, evaluations per player,
/// click paths, cell changes and texts) and 0.2.2 (draw claims); the others
/// are answered above.
fn growth_call(p: &PositionBox, call: Call) -> Reply {
    match call {
        Call::ChanceOutcomes => {
            let mut out = RVec::new();
            let r = p.chance_outcomes(&mut out).into_result();
            Reply::Chance(
                r.map(|()| out.iter().map(|o| (WMove::from(o.mv), o.probability)).collect()).map_err(Into::into),
            )
        }
        Call::Result => Reply::Outcome(
            p.result()
                .into_result()
                .map(|o| (WStatus::from(&o.status), o.reason.to_string(), o.payoffs.to_vec()))
                .map_err(Into::into),
        ),
        Call::EvaluateAll => {
            let mut out = RVec::new();
            p.evaluate_all(&mut out);
            Reply::Ints(out.into_vec())
        }
        Call::ClickPaths => {
            let mut out = RVec::new();
            let r = p.click_paths(&mut out).into_result();
            let paths = |out: &RVec<rules_api::ClickPath>| {
                out.iter().map(|c| (WMove::from(c.mv), c.steps.iter().map(|s| s.to_vec()).collect())).collect()
            };
            Reply::Paths(r.map(|()| paths(&out)).map_err(Into::into))
        }
        Call::CellChanges => {
            let mut out = RVec::new();
            let r = p.cell_changes(&mut out).into_result();
            let changes = |out: &RVec<rules_api::CellChange>| {
                out.iter().map(|c| (c.cell, c.shown, c.x, c.y, c.layer, c.name.to_string())).collect()
            };
            Reply::CellChanges(r.map(|()| changes(&out)).map_err(Into::into))
        }
        Call::CellTexts => {
            let mut out = RVec::new();
            let r = p.cell_texts(&mut out).into_result();
            Reply::CellTexts(r.map(|()| out.iter().map(|t| (t.cell, t.text.to_string())).collect()).map_err(Into::into))
        }
        Call::DrawClaim => Reply::Text(p.draw_claim().into_result().map(|t| t.to_string()).map_err(Into::into)),
        other => Reply::Failed(WError::from(PluginError::internal(format!("{} is answered elsewhere", other.name())))),
    }
}
