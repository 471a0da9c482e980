//! The conformance suite: the position contract of [`rules_api::Position`],
//! checked on any game through the boundary alone.
//!
//! ```ignore
//! let rules = rules_api::plugin::rules_box(MyRules::new());
//! tabula_kit::conformance::run(&rules, &Budget::default()).assert_ok();
//! ```
//!
//! [`run_from`] starts the random games from given position texts instead,
//! for rules that random games from the start rarely reach.
//!
//! The suite plays seeded random games from the start position to their end
//! (or [`Budget::max_plies`]) and checks every position it visits; the
//! first [`Budget::deep_checks`] positions of each game also get every
//! legal move made, unmade and written and read in both notations. Each
//! game is then taken back move by move to the start. Move orders that
//! transpose are searched for from the start position and from early
//! positions of each game.
//!
//! Nothing panics on a broken plugin: every finding goes into the
//! [`Report`] under its [`Check`], with the position and the move, and a
//! plugin error or panic (which the boundary turns into an error) fails
//! the check that made the call and ends that game.

mod report;

use std::collections::HashMap;

use rand::Rng as _;
use rules_api::{
    score, GameInfo, Geometry, HandPiece, Move, Notation, Piece, PluginError, PositionBox, PositionExt, RulesBox,
    RulesExt, StatusKind, CELL_NONE,
};

pub use report::{Check, CheckResult, Failure, Report};

use crate::rng::{rng_from_seed, Rng};

/// How much work the suite does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Number of random games.
    pub playouts: usize,
    /// Most plies per random game.
    pub max_plies: usize,
    /// How many positions at the start of each game get the per-move
    /// checks (make/unmake and notation of every legal move).
    pub deep_checks: usize,
    /// Attempts at finding transpositions (A B C against C B A).
    pub transposition_tries: usize,
    /// Seed of the random choices.
    pub seed: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { playouts: 12, max_plies: 200, deep_checks: 12, transposition_tries: 200, seed: 0x7AB1_2024 }
    }
}

/// Runs every check on `rules` within `budget`, playing from the start
/// position.
pub fn run(rules: &RulesBox, budget: &Budget) -> Report {
    run_from(rules, &[], budget)
}

/// [`run`] with the random games starting in turn from each of `starts`
/// (position texts; the start position when empty), so positions a random
/// game rarely reaches (castling rights, promotions) are checked too. A
/// text the game refuses fails [`Check::Setup`].
pub fn run_from(rules: &RulesBox, starts: &[&str], budget: &Budget) -> Report {
    let Some(mut suite) = Suite::new(rules, budget.seed) else {
        return Suite::setup_failure(rules);
    };
    let mut origins = Vec::new();
    for &text in starts {
        let read = rules.position(text);
        let ok = read.is_ok();
        suite.expect(Check::Setup, ok, At::position(text), || {
            format!("the start text is refused: {}", read.as_ref().err().map(|e| e.to_string()).unwrap_or_default())
        });
        origins.extend(read.ok());
    }
    if origins.is_empty() {
        origins.push(suite.start.clone());
    }
    let probe_every = budget.transposition_tries.div_ceil(budget.playouts + origins.len());
    for origin in &origins {
        suite.transpositions(origin, probe_every);
    }
    for game in 0..budget.playouts {
        suite.playout(&origins[game % origins.len()], budget, probe_every);
    }
    suite.clone_independence();
    suite.report.distinct_positions = suite.hash_of_text.len() as u64;
    suite.report
}

/// What the suite remembers of the first position seen with a hash.
struct Seen {
    text: String,
    side: u8,
    pieces: Vec<Piece>,
    hands: Vec<HandPiece>,
    /// Sorted move bits when the game was ongoing there.
    moves: Option<Vec<u64>>,
}

struct Suite<'a> {
    rules: &'a RulesBox,
    info: GameInfo,
    geometry: Geometry,
    start: PositionBox,
    report: Report,
    rng: Rng,
    hash_of_text: HashMap<String, u64>,
    seen: HashMap<u64, Seen>,
}

/// Where a finding was made.
struct At<'t> {
    position: Option<&'t str>,
    mv: Option<String>,
}

impl<'t> At<'t> {
    fn position(text: &'t str) -> Self {
        At { position: Some(text), mv: None }
    }
    fn nowhere() -> Self {
        At { position: None, mv: None }
    }
    fn with_move(mut self, mv: String) -> Self {
        self.mv = Some(mv);
        self
    }
}

impl<'a> Suite<'a> {
    fn new(rules: &'a RulesBox, seed: u64) -> Option<Self> {
        let info = rules.game_info().ok()?;
        let geometry = rules.board().ok()?;
        let start = rules.start().ok()?;
        let mut suite = Suite {
            rules,
            report: Report::new(info.name.to_string()),
            info,
            geometry,
            start,
            rng: rng_from_seed(seed),
            hash_of_text: HashMap::new(),
            seen: HashMap::new(),
        };
        suite.check_setup();
        Some(suite)
    }

    /// The report of a game that cannot even describe itself.
    fn setup_failure(rules: &RulesBox) -> Report {
        let info = rules.game_info();
        let name = info.as_ref().map_or_else(|_| "(unnamed game)".to_string(), |i| i.name.to_string());
        let mut report = Report::new(name);
        let error = match (info, rules.board(), rules.start()) {
            (Err(e), _, _) => format!("info failed: {e}"),
            (_, Err(e), _) => format!("geometry failed: {e}"),
            (_, _, Err(e)) => format!("start_position failed: {e}"),
            _ => "the game could not be set up".to_string(),
        };
        let entry = report.entry(Check::Setup);
        entry.runs = 1;
        entry.failures = 1;
        entry.first_failure = Some(Failure { message: error, position: None, mv: None });
        report
    }

    /// Counts one application of `check`, failing it with `message` when
    /// `ok` is false. Returns `ok`.
    fn expect(&mut self, check: Check, ok: bool, at: At<'_>, message: impl FnOnce() -> String) -> bool {
        let entry = self.report.entry(check);
        entry.runs += 1;
        if !ok {
            entry.failures += 1;
            if entry.first_failure.is_none() {
                entry.first_failure =
                    Some(Failure { message: message(), position: at.position.map(str::to_string), mv: at.mv });
            }
        }
        ok
    }

    /// Unwraps a boundary call, failing `check` with the plugin's error.
    fn call<T>(&mut self, check: Check, result: Result<T, PluginError>, at: At<'_>, what: &str) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.expect(check, false, at, || format!("{what} failed: {e}"));
                None
            }
        }
    }

    /// A move in coordinate notation, or its fields when the plugin cannot
    /// write it.
    fn describe(position: &PositionBox, m: Move) -> String {
        position.notate(m, Notation::COORDINATE).unwrap_or_else(|_| format!("{m:?}"))
    }

    fn check_setup(&mut self) {
        let players = self.info.players.len();
        self.expect(Check::Setup, players > 0, At::nowhere(), || "the game has no players".into());
        let cells = self.geometry.cells.len();
        self.expect(Check::Setup, cells > 0, At::nowhere(), || "the board has no cells".into());
        let mut names = HashMap::new();
        let mut twice = None;
        for (index, cell) in self.geometry.cells.iter().enumerate() {
            if let Some(first) = names.insert(cell.name.to_string(), index) {
                twice.get_or_insert((cell.name.to_string(), first, index));
            }
        }
        self.expect(Check::Setup, twice.is_none(), At::nowhere(), || {
            let (name, a, b) = twice.clone().unwrap_or_default();
            format!("cells {a} and {b} are both named '{name}'")
        });
    }

    /// Every check of one position; returns its legal moves, or `None`
    /// when the game cannot go on from here.
    fn visit(&mut self, position: &PositionBox) -> Option<Vec<Move>> {
        self.report.positions += 1;
        let text = self.call(Check::Playouts, position.text(), At::nowhere(), "to_text")?;
        let here = At::position;
        let moves = self.call(Check::Playouts, position.moves(), here(&text), "legal_moves")?;
        let status = self.call(Check::Status, position.outcome(), here(&text), "status")?;
        let players = self.info.players.len();
        self.expect(Check::Status, moves.is_empty() != status.is_ongoing(), here(&text), || {
            format!("status {:?} with {} legal moves", status.kind, moves.len())
        });
        if !status.is_ongoing() {
            self.expect(Check::Status, !status.reason.is_empty(), here(&text), || {
                "a finished game has no reason".into()
            });
            let winner_ok = status.kind != StatusKind::WIN || (status.winner as usize) < players;
            self.expect(Check::Status, winner_ok, here(&text), || format!("player {} won", status.winner));
        }
        let side = position.side_to_move();
        self.expect(Check::SideToMove, (side as usize) < players, here(&text), || {
            format!("player {side} is to move in a game of {players}")
        });
        if let Some(count) = self.call(Check::MoveCount, position.move_count(), here(&text), "count_legal_moves") {
            self.expect(Check::MoveCount, count == moves.len() as u64, here(&text), || {
                format!("count_legal_moves says {count}, the move list has {}", moves.len())
            });
        }
        let eval = position.evaluate();
        self.expect(Check::Evaluation, eval.abs() <= score::MAX_EVAL, here(&text), || {
            format!("evaluation {eval} is beyond ±{}", score::MAX_EVAL)
        });
        self.check_moves(position, &text, &moves);
        let pieces = self.check_pieces(position, &text)?;
        let hands = self.call(Check::Pieces, position.hand_list(), here(&text), "hands")?;
        self.check_hands(&text, &hands);
        self.check_hash(position, &text, &moves, status.is_ongoing(), pieces, hands);
        self.check_round_trip(position, &text, &moves, status.is_ongoing());
        Some(moves)
    }

    fn check_moves(&mut self, position: &PositionBox, text: &str, moves: &[Move]) {
        let cells = self.geometry.cells.len();
        let kinds = self.info.piece_types.len();
        for &m in moves {
            let from_ok = m.from == CELL_NONE || (m.from as usize) < cells;
            let to_ok = (m.to as usize) < cells || (m.is_off_board() && m.from == CELL_NONE);
            let extra_ok = m.is_off_board() || (m.extra as usize) <= kinds;
            self.expect(Check::MoveCells, from_ok && to_ok && extra_ok, At::position(text), || {
                format!("{m:?} names a cell or piece type the game does not have ({cells} cells, {kinds} piece types)")
            });
        }
        if let Some(infos) = self.call(Check::MoveInfos, position.infos(moves), At::position(text), "move_infos") {
            self.expect(Check::MoveInfos, infos.len() == moves.len(), At::position(text), || {
                format!("{} move infos for {} moves", infos.len(), moves.len())
            });
        }
        if let Some(marks) = self.call(Check::Highlights, position.highlight_list(), At::position(text), "highlights") {
            let players = self.info.players.len();
            let bad = marks.iter().find(|h| (h.cell as usize) >= cells || (h.player as usize) >= players);
            self.expect(Check::Highlights, bad.is_none(), At::position(text), || {
                let h = bad.expect("a bad highlight");
                format!("a highlight on cell {} for player {} ({cells} cells, {players} players)", h.cell, h.player)
            });
        }
    }

    fn check_pieces(&mut self, position: &PositionBox, text: &str) -> Option<Vec<Piece>> {
        let mut pieces = self.call(Check::Pieces, position.piece_list(), At::position(text), "pieces")?;
        let (cells, players, kinds) = (self.geometry.cells.len(), self.info.players.len(), self.info.piece_types.len());
        for p in &pieces {
            let ok = (p.cell as usize) < cells && (p.owner as usize) < players && (p.kind as usize) < kinds;
            self.expect(Check::Pieces, ok, At::position(text), || format!("{p:?} is not on the board or not owned"));
        }
        let mut occupied: Vec<u16> = pieces.iter().map(|p| p.cell).collect();
        occupied.sort_unstable();
        let stacked = occupied.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]);
        self.expect(Check::Pieces, stacked.is_none(), At::position(text), || {
            format!("two pieces stand on cell {}", stacked.unwrap_or_default())
        });
        pieces.sort_by_key(|p| (p.cell, p.owner, p.kind));
        Some(pieces)
    }

    fn check_hands(&mut self, text: &str, hands: &[HandPiece]) {
        let (players, kinds) = (self.info.players.len(), self.info.piece_types.len());
        for h in hands {
            let ok = (h.owner as usize) < players && (h.kind as usize) < kinds;
            self.expect(Check::Pieces, ok, At::position(text), || format!("{h:?} in hand is not a piece of a player"));
        }
    }

    /// One text, one hash; one hash, one position.
    fn check_hash(
        &mut self,
        position: &PositionBox,
        text: &str,
        moves: &[Move],
        ongoing: bool,
        pieces: Vec<Piece>,
        mut hands: Vec<HandPiece>,
    ) {
        let hash = position.hash();
        let known = *self.hash_of_text.entry(text.to_string()).or_insert(hash);
        self.expect(Check::HashConsistency, known == hash, At::position(text), || {
            format!("this text hashed to {known:#x} before and to {hash:#x} now")
        });
        hands.retain(|h| h.count > 0);
        hands.sort_by_key(|h| (h.owner, h.kind, h.count));
        let mut bits: Vec<u64> = moves.iter().map(|m| m.to_bits()).collect();
        bits.sort_unstable();
        let side = position.side_to_move();
        let here = Seen { text: text.to_string(), side, pieces, hands, moves: ongoing.then_some(bits) };
        let Some(first) = self.seen.get(&hash) else {
            self.seen.insert(hash, here);
            return;
        };
        if first.text == here.text {
            return;
        }
        // Different texts may be one position (move counters differ); a
        // different mover, board, hand or move list is a different position.
        let what = if first.side != here.side {
            Some("side to move")
        } else if first.pieces != here.pieces {
            Some("pieces")
        } else if first.hands != here.hands {
            Some("pieces in hand")
        } else if matches!((&first.moves, &here.moves), (Some(a), Some(b)) if a != b) {
            Some("legal moves")
        } else {
            None
        };
        let other = first.text.clone();
        self.expect(Check::HashConsistency, what.is_none(), At::position(text), || {
            format!("shares hash {hash:#x} with '{other}', whose {} differ", what.unwrap_or_default())
        });
    }

    fn check_round_trip(&mut self, position: &PositionBox, text: &str, moves: &[Move], ongoing: bool) {
        let Some(reread) = self.call(Check::TextRoundTrip, self.rules.position(text), At::position(text), "reading")
        else {
            return;
        };
        let Some(again) = self.call(Check::TextRoundTrip, reread.text(), At::position(text), "to_text") else {
            return;
        };
        self.expect(Check::TextRoundTrip, again == text, At::position(text), || format!("reads back as '{again}'"));
        let (hash, back) = (position.hash(), reread.hash());
        self.expect(Check::TextRoundTrip, hash == back, At::position(text), || {
            format!("hash {hash:#x} becomes {back:#x} when the text is read back")
        });
        let Some(reread_status) = self.call(Check::TextRoundTrip, reread.outcome(), At::position(text), "status")
        else {
            return;
        };
        // A result decided by history (repetition) is gone once the text is
        // read back without it; compare moves only where history cannot matter.
        if !ongoing && reread_status.is_ongoing() {
            return;
        }
        let Some(mut other) = self.call(Check::TextRoundTrip, reread.moves(), At::position(text), "legal_moves") else {
            return;
        };
        let mut mine = moves.to_vec();
        mine.sort_by_key(|m| m.to_bits());
        other.sort_by_key(|m| m.to_bits());
        self.expect(Check::TextRoundTrip, mine == other, At::position(text), || {
            format!("{} legal moves here, {} after reading the text back", mine.len(), other.len())
        });
    }

    /// Make/unmake and both notations for every legal move; `false` when
    /// the position can no longer be trusted.
    fn check_every_move(&mut self, position: &mut PositionBox, moves: &[Move]) -> bool {
        let Some(before) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else {
            return false;
        };
        let before_hash = position.hash();
        for &m in moves {
            let name = Self::describe(position, m);
            let at = || At::position(&before).with_move(name.clone());
            for notation in [Notation::STANDARD, Notation::COORDINATE] {
                let Some(written) = self.call(Check::Notation, position.notate(m, notation), at(), "move_to_text")
                else {
                    continue;
                };
                if let Some(parsed) = self.call(Check::Notation, position.read_move(&written, notation), at(), "parse")
                {
                    self.expect(Check::Notation, parsed == m, at(), || format!("'{written}' reads back as {parsed:?}"));
                }
            }
            self.report.moves_checked += 1;
            if self.call(Check::MakeUnmake, position.play(m), at(), "make_move").is_none() {
                return false;
            }
            if self.call(Check::MakeUnmake, position.undo(), at(), "unmake_move").is_none() {
                return false;
            }
            let Some(after) = self.call(Check::MakeUnmake, position.text(), at(), "to_text") else {
                return false;
            };
            self.expect(Check::MakeUnmake, after == before, at(), || format!("make and unmake leave '{after}'"));
            let hash = position.hash();
            self.expect(Check::MakeUnmake, hash == before_hash, at(), || {
                format!("make and unmake change the hash from {before_hash:#x} to {hash:#x}")
            });
            if after != before {
                return false;
            }
        }
        true
    }

    /// One random game from `origin` to its end, then taken back.
    fn playout(&mut self, origin: &PositionBox, budget: &Budget, probes: usize) {
        self.report.playouts += 1;
        let mut position = origin.clone();
        let mut path: Vec<(String, String, u64)> = Vec::new();
        let mut finished = false;
        for ply in 0..budget.max_plies {
            let Some(moves) = self.visit(&position) else { return };
            if moves.is_empty() {
                finished = true;
                break;
            }
            if ply < budget.deep_checks && !self.check_every_move(&mut position, &moves) {
                return;
            }
            if ply == 4 {
                self.transpositions(&position, probes);
            }
            let m = moves[self.rng.random_range(0..moves.len())];
            let name = Self::describe(&position, m);
            let before = position.text().unwrap_or_default();
            let at = At::position(&before).with_move(name.clone());
            if self.call(Check::Playouts, position.play(m), at, "make_move").is_none() {
                return;
            }
            let at = At::position(&before).with_move(name.clone());
            let Some(after) = self.call(Check::Playouts, position.text(), at, "to_text after the move") else {
                return;
            };
            path.push((name, after, position.hash()));
        }
        self.expect(Check::Playouts, true, At::nowhere(), String::new);
        self.report.games_finished += finished as u64;
        self.take_back(origin, position, path);
    }

    /// Unmakes a whole game: every position must come back as it was, far
    /// from where its move was made.
    fn take_back(&mut self, origin: &PositionBox, mut position: PositionBox, mut path: Vec<(String, String, u64)>) {
        while let Some((name, text, hash)) = path.pop() {
            let Some(now) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else { return };
            let same = now == text && position.hash() == hash;
            let at = At::position(&now).with_move(name.clone());
            if !self.expect(Check::MakeUnmake, same, at, || {
                format!("taking back the game reaches '{now}' instead of '{text}'")
            }) {
                return;
            }
            self.call(Check::MakeUnmake, position.undo(), At::position(&text).with_move(name), "unmake_move");
        }
        let start_text = origin.text().unwrap_or_default();
        let Some(now) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else { return };
        let same = now == start_text && position.hash() == origin.hash();
        self.expect(Check::MakeUnmake, same, At::position(&now), || {
            format!("taking back a whole game does not return to the start '{start_text}'")
        });
    }

    /// Looks for two move orders from `base` that reach one position
    /// (A B C against C B A) and checks they hash alike.
    fn transpositions(&mut self, base: &PositionBox, tries: usize) {
        let Ok(first) = base.moves() else { return };
        if first.len() < 2 {
            return;
        }
        for _ in 0..tries {
            let a = first[self.rng.random_range(0..first.len())];
            let c = first[self.rng.random_range(0..first.len())];
            if a == c {
                continue;
            }
            let mut after_a = base.clone();
            let replies = match after_a.play(a).and_then(|()| after_a.moves()) {
                Ok(replies) if !replies.is_empty() => replies,
                _ => continue,
            };
            let b = replies[self.rng.random_range(0..replies.len())];
            let (Some(one), Some(two)) = (line_end(base, &[a, b, c]), line_end(base, &[c, b, a])) else {
                continue;
            };
            if one.0 != two.0 {
                continue;
            }
            self.report.transpositions += 1;
            let line =
                format!("{} {} {}", Self::describe(base, a), Self::describe(&after_a, b), Self::describe(base, c));
            self.expect(Check::Transpositions, one.1 == two.1, At::position(&one.0).with_move(line), || {
                format!("two move orders reach this position with hashes {:#x} and {:#x}", one.1, two.1)
            });
        }
    }

    /// A clone is a separate position: moving on it leaves the original alone.
    fn clone_independence(&mut self) {
        let (Ok(text), Ok(moves)) = (self.start.text(), self.start.moves()) else { return };
        let Some(&m) = moves.first() else { return };
        let mut copy = self.start.clone();
        let name = Self::describe(&copy, m);
        if self.call(Check::CloneIndependence, copy.play(m), At::position(&text), "make_move on a clone").is_none() {
            return;
        }
        let same = self.start.text().ok() == Some(text.clone()) && self.start.moves().ok() == Some(moves.clone());
        self.expect(Check::CloneIndependence, same, At::position(&text).with_move(name), || {
            "moving on a clone changed the original".to_string()
        });
    }
}

/// Plays `line` from `base` if every move is legal in turn; the final text
/// and hash.
fn line_end(base: &PositionBox, line: &[Move]) -> Option<(String, u64)> {
    let mut position = base.clone();
    for &m in line {
        if !position.moves().ok()?.contains(&m) {
            return None;
        }
        position.play(m).ok()?;
    }
    Some((position.text().ok()?, position.hash()))
}
