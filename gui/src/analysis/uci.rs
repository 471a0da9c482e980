//! External engines as analysers. A UCI engine is told `MultiPV` and
//! reports each line as `info … multipv k … pv …`; a UCCI engine gives one
//! line. A USI engine (shogi's UCI) is spoken to the same way, with the
//! position as SFEN and its moves in USI's squares (`7g7f`, `P*5e`), which
//! are read back into the game's moves. The engine keeps running between
//! positions: a new position stops the search (`stop`), waits for its
//! `bestmove`, and starts the next. GTP and Gomocup have no analysis
//! commands, so their engines only play.

use std::sync::mpsc::{RecvTimeoutError, Sender};
use std::sync::PoisonError;
use std::time::{Duration, Instant};

use rules_api::score::{WIN, WIN_THRESHOLD};
use rules_api::{Move, Notation, PositionBox};
use tabula_core::engines::{EngineError, Process, HANDSHAKE_TIMEOUT};
use tabula_core::protocols::coordinates::Coordinates;
use tabula_core::protocols::usi_notation::UsiBoard;
use tabula_core::source::{EngineSpec, Protocol};

use super::worker::{Backend, Job, Line, Report};

/// How long a stopped search may take to send its `bestmove`.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// What an engine said in its handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    /// The `id name` it gave.
    pub name: String,
    /// The values of its `UCI_Variant` option, if it has one.
    pub variants: Vec<String>,
}

/// Starts `spec`, completes the handshake of its protocol and sends
/// `options`; what the engine said, or why it failed.
pub fn start(spec: &EngineSpec, options: &[(String, String)]) -> Result<(Process, Hello), String> {
    let process = Process::spawn(spec).map_err(|e| e.to_string())?;
    let hello = handshake(&process, spec.protocol).map_err(|e| e.to_string())?;
    for (k, v) in options {
        let line = match spec.protocol {
            Protocol::Ucci => format!("setoption {k} {v}"),
            Protocol::Uci | Protocol::Usi => format!("setoption name {k} value {v}"),
            Protocol::Gtp | Protocol::Gomocup => continue,
        };
        process.send(&line).map_err(|e| e.to_string())?;
    }
    Ok((process, hello))
}

fn handshake(p: &Process, protocol: Protocol) -> Result<Hello, EngineError> {
    let mut hello = Hello::default();
    match protocol {
        Protocol::Uci | Protocol::Ucci | Protocol::Usi => {
            let (say, ok) = match protocol {
                Protocol::Ucci => ("ucci", "ucciok"),
                Protocol::Usi => ("usi", "usiok"),
                _ => ("uci", "uciok"),
            };
            p.send(say)?;
            p.expect(HANDSHAKE_TIMEOUT, ok, |l| {
                read_hello(l, &mut hello);
                l.trim() == ok
            })?;
        }
        Protocol::Gtp => {
            p.send("1 name")?;
            let answer = p.expect(HANDSHAKE_TIMEOUT, "= (the answer to 'name')", |l| l.starts_with('='))?;
            hello.name = answer.trim_start_matches(|c: char| c == '=' || c.is_ascii_digit()).trim().to_string();
        }
        Protocol::Gomocup => {
            p.send("ABOUT")?;
            hello.name = p.expect(HANDSHAKE_TIMEOUT, "an answer to ABOUT", |l| !l.trim().is_empty())?;
        }
    }
    Ok(hello)
}

/// Picks the name and the `UCI_Variant` values out of a handshake line.
fn read_hello(line: &str, hello: &mut Hello) {
    if let Some(name) = line.strip_prefix("id name ") {
        hello.name = name.trim().to_string();
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() > 3 && words[0] == "option" && words[1] == "name" && words[2] == "UCI_Variant" {
        let vars = words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string());
        hello.variants = vars.collect();
    }
}

/// A UCI or UCCI engine analysing.
pub struct EngineBackend {
    process: Process,
    protocol: Protocol,
    coordinates: Coordinates,
    multipv: usize,
}

impl EngineBackend {
    /// Starts the engine (on the worker thread) with `options` (the game's
    /// dialect's presets first, then the user's).
    pub fn new(spec: &EngineSpec, options: &[(String, String)], rank_offset: i32) -> Result<EngineBackend, String> {
        if !matches!(spec.protocol, Protocol::Uci | Protocol::Ucci | Protocol::Usi) {
            return Err(crate::tr!("analysis-cannot-analyse", protocol = spec.protocol.word().to_uppercase()));
        }
        let (process, _) = start(spec, options)?;
        // USI's squares follow the board of each position (set in `go`).
        let coordinates = Coordinates::Shifted(if spec.protocol == Protocol::Uci { rank_offset } else { 0 });
        let backend = EngineBackend { process, protocol: spec.protocol, coordinates, multipv: 1 };
        if spec.protocol == Protocol::Usi {
            // USI asks for `usinewgame` after the engine is ready and
            // before its first position.
            backend.sync().map_err(|e| e.to_string())?;
            backend.process.send("usinewgame").map_err(|e| e.to_string())?;
        }
        Ok(backend)
    }

    fn sync(&self) -> Result<(), EngineError> {
        self.process.send("isready")?;
        self.process.expect(HANDSHAKE_TIMEOUT, "readyok", |l| l.trim() == "readyok")?;
        Ok(())
    }

    fn go(&mut self, job: &Job) -> Result<(), String> {
        let text = job.position.to_text().into_result().map_err(|e| e.to_string())?;
        let position = match self.protocol {
            Protocol::Usi => {
                let board = UsiBoard::of_position(&text).map_err(|e| e.to_string())?;
                self.coordinates = Coordinates::Usi(board);
                format!("position sfen {}", board.sfen_from_position(&text).map_err(|e| e.to_string())?)
            }
            _ => format!("position fen {text}"),
        };
        let send = |line: &str| self.process.send(line).map_err(|e| e.to_string());
        if self.protocol != Protocol::Ucci && self.multipv != job.lines {
            send(&format!("setoption name MultiPV value {}", job.lines))?;
            self.multipv = job.lines;
        }
        self.sync().map_err(|e| e.to_string())?;
        send(&position)?;
        send(&format!("go depth {}", job.depth))
    }

    /// Reads the search's lines until its `bestmove`, reporting the lines
    /// as each depth completes; stops the search when the job is stopped.
    fn listen(&mut self, job: &Job, out: &Sender<Report>) -> Result<(), String> {
        let reader = self.process.reader();
        let want = job.lines.min(legal_count(&job.position)).max(1);
        let mut lines: Vec<Option<Line>> = vec![None; want];
        let mut stop_sent: Option<Instant> = None;
        loop {
            if stop_sent.is_none() && job.stopped() {
                self.process.send("stop").map_err(|e| e.to_string())?;
                stop_sent = Some(Instant::now());
            }
            if stop_sent.is_some_and(|t| t.elapsed() > STOP_WAIT) {
                return Err("the engine did not stop".into());
            }
            let next = reader.lock().unwrap_or_else(PoisonError::into_inner).recv_timeout(Duration::from_millis(20));
            let text = match next {
                Ok(t) => t,
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited or crashed".into()),
                Err(RecvTimeoutError::Timeout) => continue,
            };
            if text.starts_with("bestmove") {
                if stop_sent.is_none() {
                    let found: Vec<Line> = lines.iter().flatten().cloned().collect();
                    let _ = out.send(Report::Lines { key: job.key, lines: found, done: true });
                }
                return Ok(());
            }
            if stop_sent.is_some() {
                continue;
            }
            let Some((k, line)) = read_info(&text, &job.position, self.coordinates) else { continue };
            if k == 0 || k > want {
                continue;
            }
            lines[k - 1] = Some(line);
            // A depth is complete when its last line arrives.
            if k == want && lines.iter().all(Option::is_some) {
                let found: Vec<Line> = lines.iter().flatten().cloned().collect();
                let _ = out.send(Report::Lines { key: job.key, lines: found, done: false });
            }
        }
    }
}

impl Backend for EngineBackend {
    fn run(&mut self, job: &Job, out: &Sender<Report>) {
        if legal_count(&job.position) == 0 {
            let _ = out.send(Report::Failed { key: job.key, reason: "the game is over in this position".into() });
            return;
        }
        if let Err(reason) = self.go(job).and_then(|()| self.listen(job, out)) {
            let _ = out.send(Report::Failed { key: job.key, reason });
        }
    }
}

fn legal_count(position: &PositionBox) -> usize {
    let mut moves = rules_api::RVec::new();
    let _ = position.legal_moves(&mut moves);
    moves.len()
}

/// One `info` line with a principal variation: its line number (`multipv`,
/// 1 when absent) and the line, its moves checked one by one against the
/// position (the line ends at the first move that is not legal there).
/// A USI engine (USI `coordinates`) counts `mate` in plies, and a mate of
/// unknown length (`mate +`) gives no line: its score cannot be shown.
pub fn read_info(text: &str, position: &PositionBox, coordinates: Coordinates) -> Option<(usize, Line)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let usi = matches!(coordinates, Coordinates::Usi(_));
    let (mut k, mut depth, mut score, mut pv_at) = (1usize, 0u32, None, None);
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "multipv" => k = words.get(i + 1)?.parse().ok()?,
            "depth" => depth = words.get(i + 1)?.parse().ok()?,
            "score" => {
                score = match (words.get(i + 1).copied(), words.get(i + 2)) {
                    (Some("cp"), Some(n)) => Some(n.parse::<i32>().ok()?),
                    (Some("mate"), Some(n)) if usi => Some(usi_mate_score(n.parse().ok()?)),
                    (Some("mate"), Some(n)) => Some(mate_score(n.parse().ok()?)),
                    // UCCI: a plain number.
                    (Some(n), _) => Some(n.parse::<i32>().ok()?),
                    _ => None,
                };
            }
            "pv" => {
                pv_at = Some(i + 1);
                break;
            }
            _ => {}
        }
        i += 1;
    }
    let pv = moves_of(&words[pv_at?..], position, coordinates);
    if pv.is_empty() {
        return None;
    }
    Some((k, Line { score: score?, depth, pv }))
}

/// UCI's `mate N` (moves; negative: the mover is mated) on Tabula's scale.
pub fn mate_score(moves: i32) -> i32 {
    if moves > 0 {
        WIN - (2 * moves - 1)
    } else {
        -(WIN - 2 * moves.abs())
    }
}

/// USI's `mate N` (plies; negative: the mover is mated) on Tabula's scale.
pub fn usi_mate_score(plies: i32) -> i32 {
    let plies = plies.clamp(-(WIN - WIN_THRESHOLD), WIN - WIN_THRESHOLD);
    if plies > 0 {
        WIN - plies
    } else {
        -(WIN - plies.abs())
    }
}

fn moves_of(words: &[&str], position: &PositionBox, coordinates: Coordinates) -> Vec<Move> {
    let mut position = position.clone();
    let mut pv = Vec::with_capacity(words.len());
    for w in words {
        let Ok(ours) = coordinates.from_peer(w) else { break };
        let Ok(m) = position.parse_move(ours.as_str().into(), Notation::COORDINATE).into_result() else { break };
        if position.make_move(m).into_result().is_err() {
            break;
        }
        pv.push(m);
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_moves_is_plies_on_tabulas_scale() {
        assert_eq!(mate_score(3), WIN - 5);
        assert_eq!(mate_score(-2), -(WIN - 4));
        assert_eq!(rules_api::score::plies_to_end(mate_score(1)), Some(1));
    }

    #[test]
    fn usi_counts_mate_in_plies() {
        assert_eq!(rules_api::score::plies_to_end(usi_mate_score(3)), Some(3));
        assert_eq!(rules_api::score::plies_to_end(usi_mate_score(-4)), Some(-4));
        assert!(rules_api::score::is_decided(usi_mate_score(i32::MAX)), "a huge count stays a decided score");
    }

    #[test]
    fn the_handshake_gives_the_name_and_the_variants() {
        let mut hello = Hello::default();
        read_hello("id name Fairy-Stockfish 14", &mut hello);
        read_hello("option name UCI_Variant type combo default chess var chess var xiangqi var shogi", &mut hello);
        assert_eq!(hello.name, "Fairy-Stockfish 14");
        assert_eq!(hello.variants, ["chess", "xiangqi", "shogi"]);
    }
}
