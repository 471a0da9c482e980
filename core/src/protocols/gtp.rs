//! `tabula gtp`: a strategy plugin as a Go Text Protocol (version 2) engine
//! for whatever rules plugin is loaded.
//!
//! GTP is Go's protocol, but nothing here names a game: player 0 is
//! `black`, player 1 `white`, vertices and `pass` are the rules plugin's
//! coordinate notation, and `boardsize`, `komi` and `fixed_handicap` set the
//! rules options named in the `[gtp]` table of `config/protocols.toml`
//! (the game is built again with them). Answers are `= result` or
//! `? message` followed by an empty line, with the command's id if it had
//! one. GTP lets a colour move twice; as the rules know only alternating
//! turns, `play` and `genmove` for the side not to move first pass for the
//! other side (refused when that pass would end the game), and `undo` takes
//! that pass back with the move, so the position is the one before the
//! command.

use std::sync::mpsc::Receiver;
use std::sync::Arc;

use rules_api::{ErrorKind, Move, Notation, PlayerScore, RSlice, RVec, RulesBox, SearchLimits, StatusKind};

use super::core::{
    await_answer, check_served, next_held, served_session, stdin_lines, time_budget, Clock, Held, Input, Out, Thinker,
};
use super::settings::GtpSettings;
use super::ProtocolError;
use crate::lines::Line;
use crate::plugins::LoadedPlugin;
use crate::session::Session;

/// The commands answered, in `list_commands` order.
pub const COMMANDS: [&str; 17] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "final_score",
    "showboard",
];

/// The player a GTP colour names (`b`, `black`, `w`, `white`, any case).
pub fn colour_player(word: &str) -> Option<u8> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(0),
        "w" | "white" => Some(1),
        _ => None,
    }
}

/// The GTP colour of a player.
pub fn player_colour(player: u8) -> &'static str {
    if player == 0 {
        "black"
    } else {
        "white"
    }
}

/// A GTP score (`B+3.5`, `W+0.5`, `0`) from the players' counted points.
pub fn score_text(scores: &[PlayerScore]) -> Option<String> {
    let points = |p: u8| scores.iter().find(|s| s.player == p).map(|s| s.points);
    let margin = points(0)? - points(1)?;
    Some(if margin > 0.0 {
        format!("B+{margin}")
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".to_string()
    })
}

/// One command line after GTP's preprocessing: control characters other
/// than tabs removed, tabs as spaces, a `#` comment cut off; `None` for a
/// line left empty. Returns the id (if the line starts with a number) and
/// the words, none when the line is only an id.
pub fn preprocess(line: &str) -> Option<(Option<String>, Vec<String>)> {
    let cleaned: String =
        line.chars().filter(|c| !c.is_control() || *c == '\t').map(|c| if c == '\t' { ' ' } else { c }).collect();
    let cleaned = cleaned.split('#').next().unwrap_or("");
    let mut words: Vec<String> = cleaned.split_whitespace().map(str::to_string).collect();
    if words.is_empty() {
        return None;
    }
    let id = words[0].bytes().all(|b| b.is_ascii_digit()).then(|| words.remove(0));
    Some((id, words))
}

/// The time controls of `time_settings` and what `time_left` said, seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Time {
    main: f64,
    byo_yomi: f64,
    stones: u32,
    settings: bool,
    left: [Option<(f64, u32)>; 2],
}

impl Time {
    /// The thinking budget of `player` in ms, if the controller set a clock.
    fn budget(&self, player: u8) -> Option<u64> {
        let period_ms = (self.stones > 0).then(|| self.byo_yomi * 1000.0 / self.stones as f64);
        let clock = match self.left[player as usize] {
            Some((left, stones)) if stones > 0 => {
                Clock { remaining_ms: Some((left * 1000.0) as u64), moves_to_go: Some(stones), ..Clock::default() }
            }
            Some((left, _)) => Clock { remaining_ms: Some((left * 1000.0) as u64), ..Clock::default() },
            None if self.settings && self.main > 0.0 => {
                Clock { remaining_ms: Some((self.main * 1000.0) as u64), ..Clock::default() }
            }
            None => return period_ms.map(|ms| (ms * 0.8).max(1.0) as u64),
        };
        let budget = time_budget(&clock)?;
        // In main time the byo-yomi period is still to come.
        Some(match (self.left[player as usize], period_ms) {
            (Some((_, 0)) | None, Some(ms)) => budget.max((ms * 0.8) as u64),
            _ => budget,
        })
    }
}

/// A GTP engine session.
pub struct GtpEngine {
    rules_plugin: LoadedPlugin,
    base_options: Vec<(String, String)>,
    settings: GtpSettings,
    /// Options set by commands (`boardsize`, `komi`, `fixed_handicap`).
    set: Vec<(String, String)>,
    rules: Arc<RulesBox>,
    session: Session,
    /// The history's length before each `play` and `genmove` still on the
    /// board: what `undo` goes back to.
    turns: Vec<usize>,
    thinker: Thinker,
    time: Time,
    default_ms: u64,
    out: Out,
    name: String,
    /// Lines read while a search ran, for after its answer.
    held: Held,
}

/// A failed command: the message after `?`.
type Answer = Result<String, String>;

impl GtpEngine {
    /// An engine playing `rules_plugin` (with `options`) with `thinker`,
    /// thinking `default_ms` per move when the controller sets no clock.
    pub fn new(
        rules_plugin: LoadedPlugin,
        options: Vec<(String, String)>,
        settings: GtpSettings,
        thinker: Thinker,
        default_ms: u64,
        name: &str,
    ) -> Result<GtpEngine, ProtocolError> {
        let rules = Arc::new(rules_plugin.new_rules(&options)?);
        let session = served_session(&rules, "GTP")?;
        Ok(GtpEngine {
            rules_plugin,
            base_options: options,
            settings,
            set: Vec::new(),
            rules,
            session,
            turns: Vec::new(),
            thinker,
            time: Time::default(),
            default_ms,
            out: Out::stdout(),
            name: name.to_string(),
            held: Held::new(),
        })
    }

    /// Writes the answers to `sink` instead of stdout (tests, fuzzing).
    pub fn with_output(mut self, sink: Box<dyn std::io::Write + Send>) -> GtpEngine {
        self.out = Out::to(sink);
        self
    }

    /// Reads commands from stdin until `quit` or the end of input.
    pub fn run(self) -> std::io::Result<()> {
        let input = stdin_lines()?;
        self.run_on(&input);
        Ok(())
    }

    /// Reads commands from `input` until `quit` or its end; a line that is
    /// not UTF-8 gets an error answer and the session goes on.
    pub fn run_on(mut self, input: &Receiver<Line>) {
        loop {
            let line = match next_held(input, &mut self.held, None) {
                Input::Line(line) => line,
                Input::Invalid(why) => {
                    self.out.line(&format!("? {why}\n"));
                    continue;
                }
                Input::Idle => continue,
                Input::Closed => break,
            };
            let Some((id, words)) = preprocess(&line) else { continue };
            let id = id.unwrap_or_default();
            let Some((command, args)) = words.split_first() else {
                self.out.line(&format!("?{id} no command after the id\n"));
                continue;
            };
            let command = command.as_str();
            let answer = self.command_reading(command, args, Some(input));
            let text = match &answer {
                Ok(t) if t.is_empty() => format!("={id}"),
                Ok(t) => format!("={id} {t}"),
                Err(e) => format!("?{id} {e}"),
            };
            self.out.line(&format!("{text}\n"));
            if command == "quit" {
                break;
            }
        }
    }

    /// Answers one command.
    pub fn command(&mut self, command: &str, args: &[String]) -> Answer {
        self.command_reading(command, args, None)
    }

    /// Answers one command; a `genmove` keeps reading `input` while it
    /// thinks, so that `quit` or the end of input stops the search.
    fn command_reading(&mut self, command: &str, args: &[String], input: Option<&Receiver<Line>>) -> Answer {
        let arg = |i: usize| args.get(i).map(String::as_str).ok_or_else(|| "syntax error".to_string());
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(self.name.clone()),
            "version" => Ok(format!(
                "{} ({} {})",
                env!("CARGO_PKG_VERSION"),
                self.thinker.strategy().name(),
                self.rules_plugin.name()
            )),
            "known_command" => Ok(COMMANDS.contains(&arg(0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let size: u32 = arg(0)?.parse().map_err(|_| "syntax error".to_string())?;
                self.set_option(&self.settings.size_option.clone(), &size.to_string(), false)
                    .map_err(|_| "unacceptable size".to_string())?;
                Ok(String::new())
            }
            "clear_board" => {
                self.unset(&self.settings.handicap_option.clone());
                self.rebuild(false).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "komi" => {
                let komi = arg(0)?.parse::<f32>().ok().filter(|k| k.is_finite()).ok_or("syntax error")?;
                self.set_option(&self.settings.komi_option.clone(), &komi.to_string(), true)
                    .map_err(|e| format!("komi refused: {e}"))?;
                Ok(String::new())
            }
            "fixed_handicap" => self.fixed_handicap(arg(0)?),
            "play" => self.play(arg(0)?, arg(1)?),
            "genmove" => self.genmove(arg(0)?, input),
            "undo" => {
                let before = self.turns.pop().ok_or("cannot undo")?;
                self.take_back_to(before);
                Ok(String::new())
            }
            "time_settings" => {
                let (main, byo_yomi) = (seconds(arg(0)?)?, seconds(arg(1)?)?);
                let stones = stone_count(arg(2)?)?;
                self.time = Time { main, byo_yomi, stones, settings: true, left: [None, None] };
                Ok(String::new())
            }
            "time_left" => {
                let player = colour_player(arg(0)?).ok_or("syntax error")?;
                // A controller may report an overdrawn clock as negative.
                let left = arg(1)?.parse::<f64>().ok().filter(|t| t.is_finite()).ok_or("syntax error")?.max(0.0);
                let stones = stone_count(arg(2)?)?;
                self.time.left[player as usize] = Some((left, stones));
                Ok(String::new())
            }
            "final_score" => self.final_score(),
            "showboard" => {
                let board = tabula_kit::diagram::render_position(&self.rules, self.session.position())
                    .map_err(|e| e.to_string())?;
                let to_move = player_colour(self.session.side_to_move());
                Ok(format!("\n{}{to_move} to move", board))
            }
            _ => Err("unknown command".into()),
        }
    }

    /// Undoes moves until the history is `len` long.
    fn take_back_to(&mut self, len: usize) {
        while self.session.history().len() > len {
            if !matches!(self.session.undo(), Ok(true)) {
                break;
            }
        }
    }

    fn unset(&mut self, name: &str) {
        self.set.retain(|(k, _)| k != name);
    }

    /// Sets a rules option and builds the game again (keeping the moves
    /// when `keep`); on a refusal the previous options stay.
    fn set_option(&mut self, name: &str, value: &str, keep: bool) -> Result<(), ProtocolError> {
        let before = self.set.clone();
        self.unset(name);
        self.set.push((name.to_string(), value.to_string()));
        let rebuilt = self.rebuild(keep);
        if rebuilt.is_err() {
            self.set = before;
        }
        rebuilt
    }

    fn rebuild(&mut self, keep: bool) -> Result<(), ProtocolError> {
        let mut options = self.base_options.clone();
        for (k, v) in &self.set {
            options.retain(|(key, _)| key != k);
            options.push((k.clone(), v.clone()));
        }
        let rules = Arc::new(self.rules_plugin.new_rules(&options).map_err(ProtocolError::Unsupported)?);
        let mut session = served_session(&rules, "GTP")?;
        if keep {
            session.play_all(self.session.history().iter().map(|m| m.coordinate.as_str()))?;
        }
        self.rules = rules;
        self.session = session;
        if !keep {
            self.turns.clear();
            self.thinker.new_game()?;
        }
        Ok(())
    }

    fn fixed_handicap(&mut self, count: &str) -> Answer {
        let n: u32 = count.parse().map_err(|_| "syntax error".to_string())?;
        let empty = self.session.history().is_empty() && self.session.position().piece_list_len() == 0;
        if !empty {
            return Err("board not empty".into());
        }
        self.set_option(&self.settings.handicap_option.clone(), &n.to_string(), false)
            .map_err(|_| "invalid number of handicap stones".to_string())?;
        let geometry = self.rules.geometry().into_result().map_err(|e| e.to_string())?;
        let mut pieces = RVec::new();
        self.session.position().pieces(&mut pieces).into_result().map_err(|e| e.to_string())?;
        let names: Vec<String> =
            pieces.iter().filter_map(|p| geometry.cells.get(p.cell as usize)).map(|c| c.name.to_string()).collect();
        Ok(names.join(" "))
    }

    /// Makes `player` the side to move by passing for the other side.
    fn turn_to(&mut self, player: u8) -> Result<(), String> {
        if self.session.side_to_move() == player {
            return Ok(());
        }
        let pass = self.pass_move().ok_or("it is not that colour's turn")?;
        let mut probe = self.session.position().clone();
        probe.make_move(pass).into_result().map_err(|e| e.to_string())?;
        if !probe.status().into_result().map_err(|e| e.to_string())?.is_ongoing() {
            return Err("it is not that colour's turn (a pass for the other side would end the game)".into());
        }
        self.session.play(pass).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The game's pass, if it has one: the off-board move written `pass`.
    fn pass_move(&self) -> Option<Move> {
        let legal = self.session.legal_moves().ok()?;
        legal.into_iter().filter(|m| m.is_off_board()).find(|&m| {
            self.session.position().move_to_text(m, Notation::COORDINATE).into_result().is_ok_and(|t| t == "pass")
        })
    }

    fn play(&mut self, colour: &str, vertex: &str) -> Answer {
        let player = colour_player(colour).ok_or("syntax error")?;
        if !self.session.position().status().into_result().map_err(|e| e.to_string())?.is_ongoing() {
            return Err("illegal move (the game is over)".into());
        }
        let before = self.session.history().len();
        self.turn_to(player).map_err(|e| format!("illegal move ({e})"))?;
        let parsed = self.session.position().parse_move(vertex.into(), Notation::COORDINATE).into_result();
        let refused = match parsed {
            Ok(m) => match self.session.play(m).map(|_| ()).map_err(ProtocolError::from) {
                Ok(()) => match check_served(&self.session, "GTP") {
                    Ok(()) => {
                        self.turns.push(before);
                        return Ok(String::new());
                    }
                    Err(e) => format!("illegal move ({e})"),
                },
                Err(e) => format!("illegal move ({e})"),
            },
            Err(e) if e.kind == ErrorKind::INVALID_INPUT => format!("syntax error ({e})"),
            Err(e) => format!("illegal move ({e})"),
        };
        // Take back the pass made for the other colour.
        self.take_back_to(before);
        Err(refused)
    }

    fn genmove(&mut self, colour: &str, input: Option<&Receiver<Line>>) -> Answer {
        let player = colour_player(colour).ok_or("syntax error")?;
        if !self.session.position().status().into_result().map_err(|e| e.to_string())?.is_ongoing() {
            return Ok("pass".into());
        }
        let before = self.session.history().len();
        self.turn_to(player)?;
        let played = self.choose_and_play(player, input);
        match played {
            Ok(_) => self.turns.push(before),
            Err(_) => self.take_back_to(before),
        }
        played
    }

    /// Asks the strategy for a move of the side to move (the first legal
    /// move if it fails) and plays it. `quit` or the end of `input` during
    /// the search stops it: the move so far is the answer, then `quit` is.
    fn choose_and_play(&mut self, player: u8, input: Option<&Receiver<Line>>) -> Answer {
        check_served(&self.session, "GTP").map_err(|e| e.to_string())?;
        let legal = self.session.legal_moves().map_err(|e| e.to_string())?;
        let time_ms = self.time.budget(player).unwrap_or(self.default_ms);
        let limits = SearchLimits { time_ms, depth: 0, nodes: 0, max_time_ms: 0 };
        let position = self.session.position().clone();
        let mut answer = None;
        match self.thinker.start(&position, limits, false) {
            Ok(()) => {
                let quits =
                    |line: &str| preprocess(line).is_some_and(|(_, words)| words.first().is_some_and(|w| w == "quit"));
                if let Some(a) = await_answer(&mut self.thinker, input, &mut self.held, quits) {
                    if let Some(failure) = &a.failure {
                        eprintln!("tabula gtp: the strategy failed: {failure}");
                    }
                    answer = a.best;
                }
            }
            Err(e) => eprintln!("tabula gtp: the strategy failed: {e}"),
        }
        let m = answer.filter(|m| legal.contains(m)).or_else(|| legal.first().copied()).ok_or("no legal move")?;
        let text =
            self.session.position().move_to_text(m, Notation::COORDINATE).into_result().map_err(|e| e.to_string())?;
        self.session.play(m).map_err(|e| e.to_string())?;
        Ok(text.to_string())
    }

    /// The count with every stone alive (dead stones must have been
    /// captured, as under Tromp–Taylor rules).
    fn final_score(&self) -> Answer {
        let (mut marks, mut scores) = (RVec::new(), RVec::new());
        let status = self
            .session
            .position()
            .count_score(RSlice::from_slice(&[]), &mut marks, &mut scores)
            .into_result()
            .map_err(|e| format!("cannot score ({e})"))?;
        if status.kind == StatusKind::DRAW {
            return Ok("0".into());
        }
        score_text(&scores).ok_or_else(|| "cannot score".to_string())
    }
}

/// A time of `time_settings`: seconds, a finite number not below 0.
fn seconds(word: &str) -> Result<f64, String> {
    word.parse::<f64>().ok().filter(|t| t.is_finite() && *t >= 0.0).ok_or_else(|| "syntax error".to_string())
}

/// A count of byo-yomi stones: a whole number not below 0.
fn stone_count(word: &str) -> Result<u32, String> {
    word.parse().map_err(|_| "syntax error".to_string())
}

/// The number of pieces on the board of a position.
trait PieceCount {
    fn piece_list_len(&self) -> usize;
}

impl PieceCount for rules_api::PositionBox {
    fn piece_list_len(&self) -> usize {
        let mut pieces = RVec::new();
        let _ = self.pieces(&mut pieces);
        pieces.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cleaned_and_ids_split_off() {
        assert_eq!(
            preprocess("12 play\tb D4 # comment"),
            Some((Some("12".into()), vec!["play".into(), "b".into(), "D4".into()]))
        );
        assert_eq!(preprocess("# only a comment"), None);
        assert_eq!(preprocess("  \r"), None);
        assert_eq!(preprocess("name\u{7}"), Some((None, vec!["name".into()])));
    }

    #[test]
    fn scores_read_as_gtp_results() {
        let s =
            |b: f32, w: f32| score_text(&[PlayerScore { player: 0, points: b }, PlayerScore { player: 1, points: w }]);
        assert_eq!(s(45.0, 36.5).as_deref(), Some("B+8.5"));
        assert_eq!(s(40.0, 47.5).as_deref(), Some("W+7.5"));
        assert_eq!(s(40.0, 40.0).as_deref(), Some("0"));
    }

    #[test]
    fn clocks_give_budgets() {
        let t = Time { main: 0.0, byo_yomi: 10.0, stones: 1, settings: true, left: [None, None] };
        assert_eq!(t.budget(0), Some(8000));
        let t = Time { left: [Some((5.0, 1)), None], ..t };
        assert_eq!(t.budget(0), Some(3960));
        assert_eq!(Time::default().budget(1), None);
    }
}
