//! [`Replies`]: reading what an external engine sends about one position
//! (UCI, UCCI, USI, Gomocup and GTP lines) and checking every move it names
//! against the position before it counts.

use rules_api::{
    score, ErrorKind, Move, Notation, PluginError, PositionBox, RVec, SearchInfo, SearchResult, CELL_NONE,
};

use super::conn::is_gomocup_chatter;
use super::gtp;
use crate::protocols::coordinates::Coordinates;
use crate::protocols::core::FAILURE_PREFIX;
use crate::protocols::grid::Grid;
use crate::source::Protocol;
use crate::turn::RESIGNED;

/// What one line from an engine says.
#[derive(Debug)]
pub enum Reply {
    /// Nothing the client needs (chatter, an unknown line).
    Nothing,
    /// A progress report.
    Progress(SearchInfo),
    /// The answer: a legal move of the position, or why there is none.
    Answer(Result<SearchResult, PluginError>),
}

/// Reads an engine's lines about one position: every move it names is
/// checked against the position before it counts.
pub struct Replies {
    /// The protocol spoken.
    pub protocol: Protocol,
    /// The position searched.
    pub position: PositionBox,
    /// How the engine writes squares.
    pub coordinates: Coordinates,
}

impl Replies {
    /// What `line` says (`grid`: the Gomocup board).
    pub fn read(&self, line: &str, grid: Option<&Grid>) -> Reply {
        match (self.protocol, grid) {
            (Protocol::Uci | Protocol::Ucci | Protocol::Usi, _) => self.uci_line(line),
            (Protocol::Gomocup, Some(grid)) => self.gomocup_line(line, grid),
            (Protocol::Gomocup, None) | (Protocol::Gtp, _) => Reply::Nothing,
        }
    }

    /// A GTP answer to one of the turn's `pending` commands.
    pub fn gtp_line(&self, line: &str, pending: &gtp::Pending) -> Option<Result<SearchResult, PluginError>> {
        match pending.reply(line) {
            gtp::Reply::Nothing => None,
            gtp::Reply::Refused(command, why) => {
                Some(Err(PluginError::internal(format!("the engine refused '{command}': {why}"))))
            }
            gtp::Reply::Move(text) => Some(match gtp::answer_move(&self.position, &text) {
                Ok(Some(best)) => Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() }),
                Ok(None) => Err(PluginError::new(RESIGNED, "resigned")),
                Err(e) => Err(PluginError::illegal_move(format!("sent the move '{text}', which is refused: {e}"))),
            }),
        }
    }

    /// A legal move of the position from the engine's text.
    fn parse(&self, text: &str) -> Result<Move, PluginError> {
        let ours = self
            .coordinates
            .from_peer(text)
            .map_err(|e| PluginError::illegal_move(format!("sent the move '{text}', which is refused: {e}")))?;
        self.position
            .parse_move(ours.as_str().into(), Notation::COORDINATE)
            .into_result()
            .map_err(|e| PluginError::illegal_move(format!("sent the move '{text}', which is refused: {e}")))
    }

    fn uci_line(&self, line: &str) -> Reply {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("info") if words.get(1) == Some(&"string") && words.get(2) == Some(&FAILURE_PREFIX) => {
                // A Tabula child (isolation) reports that its strategy failed.
                let reason = words[3..].join(" ");
                let kind =
                    if reason.starts_with("illegal move") { ErrorKind::ILLEGAL_MOVE } else { ErrorKind::INTERNAL };
                Reply::Answer(Err(PluginError::new(kind, format!("the strategy failed: {reason}"))))
            }
            Some("info") => self.uci_info(&words[1..]).map_or(Reply::Nothing, Reply::Progress),
            Some("bestmove") => Reply::Answer(match words.get(1) {
                Some(&"resign") if self.protocol == Protocol::Usi => Err(PluginError::new(RESIGNED, "resigned")),
                Some(&"win") if self.protocol == Protocol::Usi => Err(PluginError::internal(
                    "the engine declared a win (USI 'bestmove win', entering kings), which Tabula does not judge",
                )),
                Some(text) => {
                    self.parse(text).map(|best| SearchResult { best, pv: vec![best].into(), ..SearchResult::default() })
                }
                None => Err(PluginError::illegal_move("sent 'bestmove' without a move")),
            }),
            Some("nobestmove") => Reply::Answer(Err(PluginError::internal("the engine answered 'nobestmove'"))),
            _ => Reply::Nothing,
        }
    }

    fn uci_info(&self, words: &[&str]) -> Option<SearchInfo> {
        let mut info = SearchInfo::default();
        let mut any = false;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "depth" => info.depth = num(i).unwrap_or(0).max(0) as u32,
                "seldepth" => info.seldepth = num(i).unwrap_or(0).max(0) as u32,
                "nodes" => info.nodes = num(i).unwrap_or(0).max(0) as u64,
                "time" => info.time_ms = num(i).unwrap_or(0).max(0) as u64,
                "score" => {
                    let (kind, value) = match words.get(i + 1) {
                        Some(&k @ ("cp" | "mate")) => (k, words.get(i + 2).and_then(|w| w.parse::<i32>().ok())),
                        _ => ("cp", num(i).map(|n| n as i32)),
                    };
                    info.score = match (kind, value) {
                        // USI counts mate in plies, UCI in moves.
                        ("mate", Some(m)) if self.protocol == Protocol::Usi => {
                            m.signum() * (score::WIN - m.abs().min(score::WIN - score::MAX_EVAL - 1))
                        }
                        ("mate", Some(m)) if m > 0 => score::WIN - (2 * m - 1),
                        ("mate", Some(m)) => -(score::WIN - 2 * m.abs()),
                        (_, Some(cp)) => cp.clamp(-score::MAX_EVAL, score::MAX_EVAL),
                        _ => 0,
                    };
                    any = true;
                }
                "pv" => {
                    let mut copy = self.position.clone();
                    let mut pv = RVec::new();
                    for text in &words[i + 1..] {
                        let Ok(ours) = self.coordinates.from_peer(text) else { break };
                        let Ok(m) = copy.parse_move(ours.as_str().into(), Notation::COORDINATE).into_result() else {
                            break;
                        };
                        if copy.make_move(m).into_result().is_err() {
                            break;
                        }
                        pv.push(m);
                    }
                    info.pv = pv;
                    break;
                }
                "string" => break,
                _ => {}
            }
            i += 1;
        }
        (any || !info.pv.is_empty()).then_some(info)
    }

    fn gomocup_line(&self, line: &str, grid: &Grid) -> Reply {
        if is_gomocup_chatter(line) {
            return Reply::Nothing;
        }
        let head = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        if head == "ERROR" || head == "UNKNOWN" {
            return Reply::Answer(Err(PluginError::internal(format!("the engine answered '{line}'"))));
        }
        let found = Grid::parse_xy(line.trim()).and_then(|(x, y)| grid.cell_at(x, y));
        let mut legal = RVec::new();
        let _ = self.position.legal_moves(&mut legal);
        let m = found.and_then(|cell| legal.iter().copied().find(|m| m.to == cell && m.from == CELL_NONE));
        Reply::Answer(match m {
            Some(best) => Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() }),
            None => Err(PluginError::illegal_move(format!("sent '{line}', which is not a legal x,y"))),
        })
    }
}
