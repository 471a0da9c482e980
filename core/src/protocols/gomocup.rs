//! `tabula gomocup`: a strategy plugin as a Gomocup (Piskvork) brain for a
//! placement game on a square grid.
//!
//! Coordinates are the protocol's `x,y`, 0-based from the top-left, mapped
//! onto the plugin's cells through its geometry ([`Grid`]). `START n` sets the
//! rules option named by `gomocup.size_option` in `config/protocols.toml`,
//! and `INFO rule N` sets the options its bits select there, so the front end
//! names no game. Answers: `OK`, a move `x,y`, `ERROR message` for a command
//! it cannot honour, `UNKNOWN message` for one it does not know.

use std::sync::mpsc::Receiver;
use std::sync::Arc;

use rules_api::{Move, RulesBox, SearchLimits, CELL_NONE};

use super::core::{await_answer, check_served, next_held, served_session, stdin_lines, Held, Input, Out, Thinker};
use super::grid::Grid;
use super::settings::GomocupSettings;
use super::ProtocolError;
use crate::lines::Line;
use crate::plugins::LoadedPlugin;
use crate::session::Session;

/// The turn time when the manager sends no `timeout_turn`, ms.
pub const DEFAULT_TURN_MS: u64 = 5000;
/// The turn time for `timeout_turn 0` ("play as fast as possible"), ms.
pub const FASTEST_TURN_MS: u64 = 100;

/// How long to think for one turn: the turn limit, at most a tenth of the
/// match time left, minus a margin of a tenth (at least 30 ms, at most half)
/// for the answer to travel back; never below 10 ms.
pub fn turn_budget(timeout_turn: Option<u64>, time_left: Option<u64>) -> u64 {
    let mut budget = match timeout_turn {
        Some(0) => FASTEST_TURN_MS,
        Some(t) => t,
        None => DEFAULT_TURN_MS,
    };
    if let Some(left) = time_left {
        budget = budget.min(left / 10);
    }
    let margin = (budget / 10).max(30).min(budget / 2);
    budget.saturating_sub(margin).max(10)
}

/// A Gomocup brain session.
pub struct Brain {
    rules_plugin: LoadedPlugin,
    base_options: Vec<(String, String)>,
    rule_options: Vec<(String, String)>,
    size: Option<u32>,
    settings: GomocupSettings,
    rules: Arc<RulesBox>,
    grid: Grid,
    session: Session,
    thinker: Thinker,
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
    out: Out,
    name: String,
    /// Lines read while a search ran, for after its answer.
    held: Held,
}

impl Brain {
    /// A brain playing `rules_plugin` (with `options`) using `thinker`.
    pub fn new(
        rules_plugin: LoadedPlugin,
        options: Vec<(String, String)>,
        settings: GomocupSettings,
        thinker: Thinker,
        name: &str,
    ) -> Result<Brain, ProtocolError> {
        let rules = Arc::new(rules_plugin.new_rules(&options)?);
        let grid = Grid::from_geometry(&rules.geometry().into_result()?);
        let session = served_session(&rules, "Gomocup")?;
        Ok(Brain {
            rules_plugin,
            base_options: options,
            rule_options: Vec::new(),
            size: None,
            settings,
            rules,
            grid,
            session,
            thinker,
            timeout_turn: None,
            time_left: None,
            out: Out::stdout(),
            name: name.to_string(),
            held: Held::new(),
        })
    }

    /// Reads commands from stdin until `END` or the end of input.
    pub fn run(self) -> std::io::Result<()> {
        let input = stdin_lines()?;
        self.run_on(&input);
        Ok(())
    }

    /// Sends answers to `sink` instead of stdout.
    pub fn with_output(mut self, sink: Box<dyn std::io::Write + Send>) -> Brain {
        self.out = Out::to(sink);
        self
    }

    /// Reads commands from `input` until `END` or its end.
    pub fn run_on(mut self, input: &Receiver<Line>) {
        loop {
            match next_held(input, &mut self.held, None) {
                Input::Line(line) => {
                    if !self.command(line.trim(), input) {
                        break;
                    }
                }
                Input::Invalid(why) => self.out.line(&format!("ERROR {why}")),
                Input::Idle => {}
                Input::Closed => break,
            }
        }
    }

    fn command(&mut self, line: &str, input: &Receiver<Line>) -> bool {
        if line.is_empty() {
            return true;
        }
        let (head, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        match head.to_ascii_uppercase().as_str() {
            "START" => match arg.parse::<u32>() {
                Ok(n) => {
                    self.size = Some(n);
                    let rebuilt = self.rebuild();
                    self.answer_ok(rebuilt);
                }
                Err(_) => self.out.line("ERROR START needs a board size"),
            },
            "RECTSTART" => match Grid::parse_xy(arg) {
                Some((w, h)) if w == h && w > 0 => {
                    self.size = Some(w as u32);
                    let rebuilt = self.rebuild();
                    self.answer_ok(rebuilt);
                }
                _ => self.out.line("ERROR only square boards are supported"),
            },
            "RESTART" => {
                // Isolated rules restart in a fresh process: one that
                // crashed is not reused.
                let reset = if self.rules_plugin.is_isolating() { self.rebuild() } else { self.reset() };
                self.answer_ok(reset);
            }
            "BEGIN" => self.think(input),
            "TURN" => match self.play_xy(arg) {
                Ok(()) => self.think(input),
                Err(e) => self.out.line(&format!("ERROR {e}")),
            },
            "BOARD" => self.board(input),
            "INFO" => self.info(arg),
            "TAKEBACK" => match self.take_back(arg) {
                Ok(()) => self.out.line("OK"),
                Err(e) => self.out.line(&format!("ERROR {e}")),
            },
            "ABOUT" => {
                let s = self.thinker.strategy();
                self.out.line(&format!(
                    "name=\"{} {}\", version=\"{}\", author=\"the Tabula authors\", country=\"\"",
                    self.name,
                    s.name(),
                    s.version()
                ));
            }
            "END" => return false,
            other => self.out.line(&format!("UNKNOWN command {other}")),
        }
        true
    }

    fn answer_ok(&self, outcome: Result<(), ProtocolError>) {
        match outcome {
            Ok(()) => self.out.line("OK"),
            Err(e) => self.out.line(&format!("ERROR {e}")),
        }
    }

    /// Builds the rules again with the size and rule options, checks the
    /// board has the size asked for, and starts an empty game.
    fn rebuild(&mut self) -> Result<(), ProtocolError> {
        let mut options = self.base_options.clone();
        let mut set = |k: &str, v: String| {
            options.retain(|(key, _)| key != k);
            options.push((k.to_string(), v));
        };
        if let Some(n) = self.size {
            if self.rules_plugin.has_option(&self.settings.size_option) {
                set(&self.settings.size_option.clone(), n.to_string());
            }
        }
        for (k, v) in self.rule_options.clone() {
            if self.rules_plugin.has_option(&k) {
                set(&k, v);
            }
        }
        let rules = Arc::new(self.rules_plugin.new_rules(&options).map_err(ProtocolError::Unsupported)?);
        let grid = Grid::from_geometry(&rules.geometry().into_result()?);
        if let Some(n) = self.size {
            if grid.width() != n as i32 || grid.height() != n as i32 {
                return Err(ProtocolError::Size { size: n, width: grid.width(), height: grid.height() });
            }
        }
        self.rules = rules;
        self.grid = grid;
        self.reset()
    }

    fn reset(&mut self) -> Result<(), ProtocolError> {
        self.session = served_session(&self.rules, "Gomocup")?;
        Ok(self.thinker.new_game()?)
    }

    /// The legal placement on the cell at `x,y`.
    fn move_at(&self, x: i32, y: i32) -> Result<Move, ProtocolError> {
        let cell = self.grid.cell_at(x, y).ok_or(ProtocolError::OffBoard { x, y })?;
        let legal = self.session.legal_moves()?;
        legal.into_iter().find(|m| m.to == cell && m.from == CELL_NONE).ok_or(ProtocolError::NotLegal { x, y })
    }

    fn play_xy(&mut self, text: &str) -> Result<(), ProtocolError> {
        let (x, y) = Grid::parse_xy(text).ok_or_else(|| ProtocolError::NotXy(text.to_string()))?;
        let m = self.move_at(x, y)?;
        self.session.play(m)?;
        if let Err(e) = check_served(&self.session, "Gomocup") {
            self.session.undo()?;
            return Err(e);
        }
        Ok(())
    }

    fn take_back(&mut self, text: &str) -> Result<(), ProtocolError> {
        let (x, y) = Grid::parse_xy(text).ok_or_else(|| ProtocolError::NotXy(text.to_string()))?;
        let last = self.session.history().last().ok_or(ProtocolError::NothingToTakeBack)?;
        if self.grid.xy(last.mv.to) != Some((x, y)) {
            return Err(ProtocolError::NotLastMove { x, y });
        }
        self.session.undo()?;
        Ok(())
    }

    /// `BOARD`: stones until `DONE` (1 = own, 2 = opponent's), replayed in
    /// the order sent but alternating sides, the side with more stones (or,
    /// with equal counts, the brain itself) having moved first.
    fn board(&mut self, input: &Receiver<Line>) {
        let (mut own, mut theirs) = (Vec::new(), Vec::new());
        let mut problem = None;
        loop {
            let line = match next_held(input, &mut self.held, None) {
                Input::Line(l) => l.trim().to_string(),
                Input::Invalid(why) => {
                    problem = problem.or(Some(why));
                    continue;
                }
                Input::Idle => continue,
                Input::Closed => return,
            };
            if line.eq_ignore_ascii_case("DONE") {
                break;
            }
            let parts: Vec<&str> = line.split(',').map(str::trim).collect();
            match parts.as_slice() {
                [x, y, f] => match (x.parse::<i32>(), y.parse::<i32>(), *f) {
                    (Ok(x), Ok(y), "1") => own.push((x, y)),
                    (Ok(x), Ok(y), "2") => theirs.push((x, y)),
                    _ => problem = problem.or(Some(format!("cannot use board line '{line}'"))),
                },
                _ => problem = problem.or(Some(format!("'{line}' is not x,y,field"))),
            }
        }
        if problem.is_none() {
            problem = self.replay(&own, &theirs).err().map(|e| e.to_string());
        }
        match problem {
            Some(p) => self.out.line(&format!("ERROR {p}")),
            None => self.think(input),
        }
    }

    fn replay(&mut self, own: &[(i32, i32)], theirs: &[(i32, i32)]) -> Result<(), ProtocolError> {
        if own.len() > theirs.len() || theirs.len() > own.len() + 1 {
            return Err(ProtocolError::NotMyTurn { own: own.len(), theirs: theirs.len() });
        }
        self.reset()?;
        let (first, second) = if theirs.len() > own.len() { (theirs, own) } else { (own, theirs) };
        for i in 0..first.len() {
            for list in [first, second] {
                if let Some(&(x, y)) = list.get(i) {
                    let m = self.move_at(x, y)?;
                    self.session.play(m)?;
                }
            }
        }
        Ok(())
    }

    fn info(&mut self, arg: &str) {
        let (key, value) = arg.split_once(char::is_whitespace).unwrap_or((arg, ""));
        let number = value.trim().parse::<i64>().ok();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Some(v)) => self.timeout_turn = Some(v.max(0) as u64),
            ("time_left", Some(v)) => self.time_left = Some(v.max(0) as u64),
            ("rule", Some(v)) => {
                self.rule_options = self.settings.rule_options(v.max(0) as u32);
                // A rule change only applies to an empty board (the manager
                // sends INFO before the game); refused rules keep the old ones.
                if self.session.history().is_empty() {
                    if let Err(e) = self.rebuild() {
                        self.out.line(&format!("ERROR {e}"));
                    }
                }
            }
            _ => {}
        }
    }

    /// Searches the current position and answers with the move, playing it.
    /// `END` or the end of input during the search stops it: the move so
    /// far is answered and the brain then ends.
    fn think(&mut self, input: &Receiver<Line>) {
        if let Err(e) = check_served(&self.session, "Gomocup") {
            self.out.line(&format!("ERROR {e}"));
            return;
        }
        let legal = match self.session.legal_moves() {
            Ok(l) if !l.is_empty() => l,
            _ => {
                self.out.line("ERROR the game is over");
                return;
            }
        };
        let limits = SearchLimits {
            time_ms: turn_budget(self.timeout_turn, self.time_left),
            depth: 0,
            nodes: 0,
            max_time_ms: 0,
        };
        let position = self.session.position().clone();
        let mut answer = None;
        match self.thinker.start(&position, limits, false) {
            Ok(()) => {
                let ends = |line: &str| line.eq_ignore_ascii_case("END");
                if let Some(a) = await_answer(&mut self.thinker, Some(input), &mut self.held, ends) {
                    if let Some(failure) = &a.failure {
                        self.out.line(&format!("MESSAGE strategy failed: {failure}"));
                    }
                    answer = a.best;
                }
            }
            Err(e) => self.out.line(&format!("MESSAGE strategy failed: {e}")),
        }
        let m = answer.filter(|m| legal.contains(m)).unwrap_or(legal[0]);
        let Some((x, y)) = self.grid.xy(m.to) else {
            self.out.line("ERROR the move is off the grid");
            return;
        };
        let _ = self.session.play(m);
        self.out.line(&format!("{x},{y}"));
    }
}

#[cfg(test)]
mod tests {
    use super::turn_budget;

    #[test]
    fn turn_budget_keeps_a_margin_and_respects_the_match_clock() {
        assert_eq!(turn_budget(Some(5000), None), 4500);
        assert_eq!(turn_budget(Some(1000), Some(3000)), 270);
        assert_eq!(turn_budget(Some(0), None), 70);
        assert_eq!(turn_budget(None, Some(50)), 10);
    }
}
