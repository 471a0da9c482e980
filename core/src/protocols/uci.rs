//! `tabula uci`, `tabula ucci` and `tabula usi`: a strategy plugin as a UCI,
//! UCCI or USI engine on stdin/stdout, for whatever rules plugin is loaded.
//!
//! The three protocols differ in a few words, handled by [`Dialect`]: the
//! handshake (`uci`/`uciok`, `ucci`/`ucciok`, `usi`/`usiok`), `setoption`
//! syntax (`name X value Y` versus UCCI's `X Y`), clock words (`wtime`...;
//! UCCI's `time`, `increment`, in seconds unless `usemillisec` is on; USI's
//! `btime` for the first player and `byoyomi`), the score word (`cp`/`mate`
//! versus a plain number; USI counts mate in plies), positions (USI's
//! `sfen`) and squares ([`Coordinates`]), and the end (UCCI answers `quit`
//! with `bye`; USI resigns with `bestmove resign`). Unknown commands are
//! ignored, as the specifications ask.

use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Duration;

use rules_api::{Notation, PositionBox, RulesBox, SearchInfo, SearchLimits};

use super::coordinates::Coordinates;
use super::core::{
    check_served, next_input, session_from, stdin_lines, time_budget, time_ceiling, Answer, Clock, Input, Out, Thinker,
    FAILURE_PREFIX, STOP_WAIT, UNBOUNDED_MS,
};
use super::uci_info::info_line;
use super::variant_switch::{VariantSwitch, UCI_VARIANT};
use super::ProtocolError;
use crate::lines::Line;
use crate::plugins::LoadError;

/// Which of the two protocols is spoken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI: `uci`/`uciok`, `setoption name X value Y`, clock in ms.
    Uci,
    /// UCCI: `ucci`/`ucciok`, `setoption X Y`, clock in seconds by default.
    Ucci,
    /// USI (shogi's): `usi`/`usiok`, `position sfen`, `btime` is the first
    /// player's, `byoyomi`, squares numbered from the first player's right.
    Usi,
}

impl Dialect {
    /// `UCI` or `UCCI`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "UCI",
            Dialect::Ucci => "UCCI",
            Dialect::Usi => "USI",
        }
    }
}

/// How often a running search is polled for progress.
const POLL: Duration = Duration::from_millis(5);

/// The name `Hash` (UCI) or `hashsize` (UCCI) stands for this strategy option.
const HASH_OPTION: &str = "hash_mb";

/// A UCI/UCCI engine session.
pub struct Engine {
    dialect: Dialect,
    rules: Arc<RulesBox>,
    thinker: Thinker,
    /// How the peer writes squares (USI's follow the board of the game).
    coordinates: Coordinates,
    position: PositionBox,
    /// UCCI `usemillisec`: clock values in ms instead of seconds.
    millis: bool,
    /// The clock budget of a pondering search, used at `ponderhit`.
    ponder_budget: Option<u64>,
    out: Out,
    name: String,
    /// Where the game comes from: for `UCI_Variant` and for a fresh rules
    /// process at `ucinewgame`.
    variants: Option<VariantSwitch>,
    /// The peer is a Tabula host running this engine as an isolated
    /// strategy: it rolls the dice itself (the rolls arrive in `position`
    /// like moves), never asks at a chance node and sends no clocks per
    /// colour, so games of chance and of any number of players are served.
    for_tabula: bool,
    /// The position was read from a player's view (`position view`, a
    /// Tabula host's hidden game): the strategy searches it as it is.
    from_view: bool,
}

impl Engine {
    /// Sends answers to `sink` instead of stdout.
    pub fn with_output(mut self, sink: Box<dyn std::io::Write + Send>) -> Engine {
        self.out = Out::to(sink);
        self
    }

    /// An engine for `rules` thinking with `thinker`; `name` is announced.
    /// A game of other than two players or with chance is refused
    /// ([`check_served`]).
    pub fn new(
        dialect: Dialect,
        rules: Arc<RulesBox>,
        thinker: Thinker,
        rank_offset: i32,
        name: &str,
    ) -> Result<Engine, ProtocolError> {
        check_served(&session_from(&rules, "", &[])?, dialect.name())?;
        Engine::build(dialect, rules, thinker, rank_offset, name)
    }

    /// [`Engine::new`] for a Tabula host that runs this engine as an
    /// isolated strategy: any game it can seat is served, chance and more
    /// players included (the host rolls and never asks at a roll).
    pub fn for_tabula_host(
        dialect: Dialect,
        rules: Arc<RulesBox>,
        thinker: Thinker,
        rank_offset: i32,
        name: &str,
    ) -> Result<Engine, ProtocolError> {
        let mut engine = Engine::build(dialect, rules, thinker, rank_offset, name)?;
        engine.for_tabula = true;
        Ok(engine)
    }

    fn build(
        dialect: Dialect,
        rules: Arc<RulesBox>,
        thinker: Thinker,
        rank_offset: i32,
        name: &str,
    ) -> Result<Engine, ProtocolError> {
        let position = rules.start_position().into_result()?;
        let coordinates = coordinates_for(dialect, rank_offset, &position)?;
        Ok(Engine {
            dialect,
            rules,
            thinker,
            coordinates,
            position,
            millis: false,
            ponder_budget: None,
            out: Out::stdout(),
            name: name.to_string(),
            variants: None,
            for_tabula: false,
            from_view: false,
        })
    }

    /// Builds the game again from `switch`: offers its rules option as
    /// `UCI_Variant` (UCI only), and with isolated rules starts every
    /// `ucinewgame` in a fresh rules process.
    pub fn with_variants(mut self, mut switch: VariantSwitch) -> Engine {
        // Fairy-Stockfish takes UCI_Variant in its USI mode too.
        if self.dialect == Dialect::Ucci {
            switch = switch.without_variant();
        }
        self.variants = Some(switch);
        self
    }

    /// Rebuilds the game for `UCI_Variant` `value`; the position returns to
    /// the new game's start.
    fn switch_variant(&mut self, value: &str) {
        let Some(switch) = &mut self.variants else { return };
        let built = switch.switch(value);
        self.adopt(built, &format!("{UCI_VARIANT} {value}"));
    }

    /// With isolated rules, the next game runs in a fresh rules process,
    /// so one that crashed (or hung and was killed) costs one game only.
    fn renew_rules(&mut self) {
        let Some(switch) = self.variants.as_ref().filter(|s| s.isolating()) else { return };
        let built = switch.rebuild();
        self.adopt(built, "the game cannot be built again");
    }

    /// Goes on from the start of a newly built game, or says why the game
    /// could not be built (`what` failed) and keeps the old one.
    fn adopt(&mut self, built: Result<Arc<RulesBox>, LoadError>, what: &str) {
        let started = built.map_err(|e| e.to_string()).and_then(|rules| {
            if !self.for_tabula {
                check_served(&session_from(&rules, "", &[]).map_err(|e| e.to_string())?, self.dialect.name())
                    .map_err(|e| e.to_string())?;
            }
            let position = rules.start_position().into_result().map_err(|e| e.to_string())?;
            let coordinates = match self.coordinates {
                Coordinates::Usi(_) => coordinates_for(self.dialect, 0, &position).map_err(|e| e.to_string())?,
                shifted => shifted,
            };
            Ok((rules, position, coordinates))
        });
        match started {
            Ok((rules, position, coordinates)) => {
                self.rules = rules;
                self.position = position;
                self.from_view = false;
                self.coordinates = coordinates;
            }
            Err(e) => self.info_string(&format!("error: {what}: {e}")),
        }
    }

    /// Reads commands from stdin until `quit` or the end of input.
    pub fn run(self) -> std::io::Result<()> {
        let input = stdin_lines()?;
        self.run_on(&input);
        Ok(())
    }

    /// Reads commands from `input` until `quit` or its end.
    pub fn run_on(mut self, input: &Receiver<Line>) {
        loop {
            let poll = self.thinker.is_searching().then_some(POLL);
            match next_input(input, poll) {
                Input::Line(line) => {
                    if !self.command(&line) {
                        break;
                    }
                }
                Input::Invalid(why) => self.info_string(&format!("error: {why}; line ignored")),
                Input::Idle => {}
                Input::Closed => break,
            }
            self.watch();
        }
        // A search cut short by `quit` (or the end of input) still answers,
        // as Stockfish does: a GUI that sent `go` then `quit` at once gets
        // its move. A strategy that ignores the cancel is not waited for long.
        self.end_search();
        if self.dialect == Dialect::Ucci {
            self.out.line("bye");
        }
    }

    /// Handles one command; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&head) = words.first() else { return true };
        let rest = &words[1..];
        match (head, self.dialect) {
            ("uci", Dialect::Uci) | ("ucci", Dialect::Ucci) | ("usi", Dialect::Usi) => self.handshake(),
            ("isready", _) => {
                if let Err(e) = self.thinker.ensure_ready() {
                    self.info_string(&format!("error: {e}"));
                }
                self.out.line("readyok");
            }
            ("ucinewgame", Dialect::Uci | Dialect::Ucci) | ("usinewgame", Dialect::Usi) => {
                self.renew_rules();
                if let Err(e) = self.thinker.new_game() {
                    self.info_string(&format!("error: {e}"));
                }
            }
            ("setoption", _) => self.set_option(rest),
            ("position", _) => self.set_position(rest),
            ("go", _) => self.go(rest),
            ("stop", _) => self.thinker.stop(),
            ("ponderhit", _) => self.thinker.release(self.ponder_budget),
            ("quit", _) => return false,
            _ => {}
        }
        true
    }

    fn handshake(&mut self) {
        let strategy = self.thinker.strategy().clone();
        self.out.line(&format!("id name {} ({} {})", self.name, strategy.name(), strategy.version()));
        if self.dialect == Dialect::Ucci {
            self.out.line("id copyright the Tabula authors");
        }
        self.out.line("id author the Tabula authors");
        if self.dialect == Dialect::Ucci {
            self.out.line("option usemillisec type check default false");
        }
        if let Some(line) = self.variants.as_ref().and_then(VariantSwitch::announcement) {
            self.out.line(&line);
        }
        for spec in strategy.options() {
            let current = self.thinker.options().iter().find(|(k, _)| k == spec.name.as_str()).map(|(_, v)| v.clone());
            let default = current.unwrap_or_else(|| spec.default.to_string());
            let name = if spec.name.as_str() == HASH_OPTION {
                match self.dialect {
                    Dialect::Uci => "Hash".to_string(),
                    Dialect::Ucci => "hashsize".to_string(),
                    Dialect::Usi => "USI_Hash".to_string(),
                }
            } else {
                spec.name.to_string()
            };
            let line = if !spec.choices.is_empty() {
                let vars: Vec<String> = spec.choices.iter().map(|c| format!("var {c}")).collect();
                format!("option name {name} type combo default {default} {}", vars.join(" "))
            } else if let Ok(n) = default.parse::<i64>() {
                // A table needs at least 1 MiB; other numbers may be 0.
                let (min, max) = if spec.name.as_str() == HASH_OPTION { (1, 65_536) } else { (n.min(0), i64::MAX) };
                format!("option name {name} type spin default {n} min {min} max {max}")
            } else {
                format!(
                    "option name {name} type string default {}",
                    if default.is_empty() { "<empty>" } else { &default }
                )
            };
            // UCCI writes `option NAME type ...` without the `name` keyword.
            let line = match self.dialect {
                Dialect::Uci | Dialect::Usi => line,
                Dialect::Ucci => line.replacen("option name ", "option ", 1),
            };
            self.out.line(&line);
        }
        self.out.line(match self.dialect {
            Dialect::Uci => "uciok",
            Dialect::Ucci => "ucciok",
            Dialect::Usi => "usiok",
        });
    }

    fn set_option(&mut self, rest: &[&str]) {
        let (name, value) = match self.dialect {
            Dialect::Uci | Dialect::Usi => {
                let joined = rest.join(" ");
                let Some(after) = joined.strip_prefix("name ") else { return };
                match after.split_once(" value ") {
                    Some((n, v)) => (n.trim().to_string(), v.trim().to_string()),
                    None => (after.trim().to_string(), String::new()),
                }
            }
            Dialect::Ucci => match rest {
                [name, value @ ..] => (name.to_string(), value.join(" ")),
                [] => return,
            },
        };
        if self.dialect == Dialect::Ucci && name.eq_ignore_ascii_case("usemillisec") {
            self.millis = value.eq_ignore_ascii_case("true");
            return;
        }
        if self.variants.as_ref().is_some_and(VariantSwitch::offers_variant) && name.eq_ignore_ascii_case(UCI_VARIANT) {
            self.switch_variant(value.trim());
            return;
        }
        let lower = name.to_ascii_lowercase();
        if lower == "usi_ponder" {
            return;
        }
        let key = if matches!(lower.as_str(), "hash" | "hashsize" | "usi_hash") {
            HASH_OPTION.to_string()
        } else {
            name.clone()
        };
        let Some(spec) =
            self.thinker.strategy().options().into_iter().find(|o| o.name.as_str().eq_ignore_ascii_case(&key))
        else {
            self.info_string(&format!("unknown option '{name}' ignored"));
            return;
        };
        if spec.name.as_str() == HASH_OPTION && value.trim() == "0" {
            return;
        }
        let value = if spec.name.as_str() == HASH_OPTION { self.clamp_hash(&name, value) } else { value };
        let value = if value == "<empty>" { String::new() } else { value };
        self.thinker.set_option(spec.name.as_str(), &value);
    }

    /// A table size the machine can give: larger requests are cut to
    /// half the memory available, and the peer is told.
    fn clamp_hash(&self, name: &str, value: String) -> String {
        let (Ok(mb), Some(limit)) = (value.trim().parse::<u64>(), tabula_kit::memory::table_limit_mib()) else {
            return value;
        };
        if mb <= limit {
            return value;
        }
        self.info_string(&format!(
            "{name} {mb} MiB is more than this machine can give now; using {limit} MiB (half of the memory available)"
        ));
        limit.to_string()
    }

    fn set_position(&mut self, rest: &[&str]) {
        if let ["view", seed, view @ ..] = rest {
            self.set_view(seed, &view.join(" "));
            return;
        }
        self.from_view = false;
        let moves_at = rest.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let start = match (head, self.coordinates) {
            (["startpos", ..], _) => String::new(),
            (["fen", fen @ ..], _) if self.dialect != Dialect::Usi => fen.join(" "),
            (["sfen", sfen @ ..], Coordinates::Usi(board)) => match board.position_from_sfen(&sfen.join(" ")) {
                Ok(text) => text,
                Err(e) => {
                    self.info_string(&format!("error: bad position: {e}"));
                    return;
                }
            },
            _ => {
                let word = if self.dialect == Dialect::Usi { "sfen" } else { "fen" };
                self.info_string(&format!("position needs startpos or {word}"));
                return;
            }
        };
        let moves: Result<Vec<String>, _> = moves.iter().map(|m| self.coordinates.from_peer(m)).collect();
        let moves = match moves {
            Ok(moves) => moves,
            Err(e) => {
                self.info_string(&format!("error: bad position: {e}"));
                return;
            }
        };
        let served = session_from(&self.rules, &start, &moves).and_then(|session| {
            if !self.for_tabula || session.is_chance_node() {
                check_served(&session, self.dialect.name())?;
            }
            Ok(session)
        });
        match served {
            Ok(session) => self.position = session.position().clone(),
            Err(e) => self.info_string(&format!("error: bad position: {e}")),
        }
    }

    /// Stops the running search and announces its move, waiting at most
    /// [`STOP_WAIT`] for a strategy that ignores the stop.
    fn end_search(&mut self) {
        let (dialect, coordinates, out) = (self.dialect, self.coordinates, self.out.clone());
        let report =
            |info: &SearchInfo, position: &PositionBox| out.line(&info_line(dialect, info, position, coordinates));
        if let Some(answer) = self.thinker.stop_and_wait(std::time::Instant::now() + STOP_WAIT, report) {
            self.give(answer);
        }
    }

    /// `position view SEED TEXT` (a Tabula host only): the position the
    /// rules read from a player's view text of a game with hidden
    /// information, its hidden parts drawn from `SEED`. Nothing else of
    /// the game reaches this process.
    fn set_view(&mut self, seed: &str, view: &str) {
        self.from_view = false;
        if !self.for_tabula {
            self.info_string("error: bad position: position view is for a Tabula host only");
            return;
        }
        let Ok(seed) = seed.parse::<u64>() else {
            self.info_string(&format!("error: bad position: the view seed '{seed}' is not a whole number"));
            return;
        };
        match self.rules.position_from_view(view.into(), seed).into_result() {
            Ok(position) => {
                self.position = position;
                self.from_view = true;
            }
            Err(e) => self.info_string(&format!("error: bad position: {e}")),
        }
    }

    fn go(&mut self, rest: &[&str]) {
        // GUIs send `stop`, `position` and the next `go` at once: the
        // stopped search answers first, then this one starts, so every
        // `go` gets its bestmove. A `go` during a search that was not
        // stopped stops it the same way.
        if self.thinker.is_searching() {
            self.end_search();
        }
        let mut clock = Clock::default();
        let mut limits = SearchLimits::default();
        let (mut infinite, mut ponder) = (false, false);
        let side = self.position.side_to_move();
        // USI's black (`btime`) is the first player, UCI's white.
        let (first, second) = if self.dialect == Dialect::Usi { ("b", "w") } else { ("w", "b") };
        let mine =
            |word: &str, prefix: &str| word.strip_prefix(prefix).is_some_and(|rest| rest == "time" || rest == "inc");
        let unit = if self.dialect == Dialect::Ucci && !self.millis { 1000 } else { 1 };
        let mut byoyomi = 0;
        let mut i = 0;
        while i < rest.len() {
            let value = rest.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let mut used = value.is_some();
            match (rest[i], value) {
                ("infinite", _) => {
                    infinite = true;
                    used = false;
                }
                ("ponder", _) => {
                    ponder = true;
                    used = false;
                }
                (word, Some(v)) if mine(word, if side == 0 { first } else { second }) => {
                    if word.ends_with("time") {
                        clock.remaining_ms = Some(v);
                    } else {
                        clock.increment_ms = v;
                    }
                }
                ("byoyomi", Some(v)) if self.dialect == Dialect::Usi => byoyomi = v,
                ("time", Some(v)) => clock.remaining_ms = Some(v * unit),
                ("increment", Some(v)) => clock.increment_ms = v * unit,
                ("movestogo", Some(v)) => clock.moves_to_go = Some(v.min(u32::MAX as u64) as u32),
                ("movetime", Some(v)) => clock.move_time_ms = Some(v),
                ("depth", Some(v)) => limits.depth = v.min(u32::MAX as u64) as u32,
                ("depth", None) if rest.get(i + 1) == Some(&"infinite") => {
                    infinite = true;
                    used = true;
                }
                ("nodes", Some(v)) => limits.nodes = v,
                _ => {}
            }
            i += if used { 2 } else { 1 };
        }
        let (budget, ceiling) = if byoyomi > 0 {
            // Byoyomi is spent after the main time, every move anew: the
            // main time's share plus the byoyomi less a margin, no stretch.
            let main = clock.remaining_ms.filter(|&r| r > 0).and_then(|_| time_budget(&clock)).unwrap_or(0);
            let budget = (main + byoyomi - (byoyomi / 10).min(100)).max(1);
            (Some(budget), Some(budget))
        } else {
            (time_budget(&clock), time_ceiling(&clock))
        };
        self.ponder_budget = budget;
        let hold = infinite || ponder;
        limits.time_ms = if hold { UNBOUNDED_MS } else { budget.unwrap_or(0) };
        limits.max_time_ms = if hold { 0 } else { ceiling.unwrap_or(0) };
        if limits.time_ms == 0 && limits.depth == 0 && limits.nodes == 0 && !hold {
            // A bare `go`: the strategy's own modest budget.
            limits = SearchLimits::default();
        }
        let position = self.position.clone();
        let started = if self.from_view {
            self.thinker.start_sample(&position, limits)
        } else {
            self.thinker.start(&position, limits, hold)
        };
        if let Err(e) = started {
            self.info_string(&format!("error: {e}"));
            self.announce(None);
        }
    }

    /// Forwards progress and announces the answer once there is one.
    fn watch(&mut self) {
        self.watch_until(None);
    }

    /// Reports progress and announces the answer once there is one;
    /// with `until`, sleeps on the search until then.
    fn watch_until(&mut self, until: Option<std::time::Instant>) {
        let (dialect, coordinates, out) = (self.dialect, self.coordinates, self.out.clone());
        let report =
            |info: &SearchInfo, position: &PositionBox| out.line(&info_line(dialect, info, position, coordinates));
        let answer = match until {
            Some(u) => self.thinker.wait(Some(u), report),
            None => self.thinker.poll(report),
        };
        if let Some(answer) = answer {
            self.give(answer);
        }
    }

    /// Announces a search's answer, and its failure first when it failed.
    fn give(&mut self, answer: Answer) {
        if let Some(failure) = &answer.failure {
            self.info_string(&format!("{FAILURE_PREFIX} {failure}"));
        }
        self.announce(answer.best.map(|m| (m, answer.position)));
    }

    fn announce(&mut self, answer: Option<(rules_api::Move, PositionBox)>) {
        let text = answer.and_then(|(m, p)| p.move_to_text(m, Notation::COORDINATE).into_result().ok());
        match (text, self.dialect) {
            (Some(t), _) => self.out.line(&format!("bestmove {}", self.coordinates.to_peer(t.as_str()))),
            (None, Dialect::Uci) => self.out.line("bestmove (none)"),
            (None, Dialect::Ucci) => self.out.line("nobestmove"),
            (None, Dialect::Usi) => self.out.line("bestmove resign"),
        }
    }

    fn info_string(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }
}

/// The peer's coordinates for a dialect: USI's follow the board of
/// `position`; the others shift ranks by `rank_offset`.
fn coordinates_for(dialect: Dialect, rank_offset: i32, position: &PositionBox) -> Result<Coordinates, ProtocolError> {
    if dialect != Dialect::Usi {
        return Ok(Coordinates::Shifted(rank_offset));
    }
    let text = position.to_text().into_result()?;
    Coordinates::usi_for(text.as_str()).map_err(|e| ProtocolError::Unrepresentable(format!("USI: {e}")))
}
