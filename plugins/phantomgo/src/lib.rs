//! # tabula-phantomgo — phantom Go for Tabula
//!
//! A rules plugin (exported as `"phantomgo"`) for phantom Go under the
//! Computer Olympiad referee rules (as the chessprogramming wiki and
//! Sensei's Library describe them):
//!
//! * each player sees only their own stones; a referee holds the real
//!   board, which is the Go plugin's (`tabula-go`: captures, no suicide,
//!   positional superko, two passes end the game, area scoring with komi);
//! * a player tries a point; if the stone is illegal on the referee's board
//!   (an enemy stone there, suicide, or a repeated position) the try is
//!   refused and told to that player, who tries again (the try is a legal
//!   move whose effect is the refusal); an enemy stone found this way stays
//!   in the player's view until it is captured; the other player hears only
//!   that a try was refused;
//! * every legal move, pass and the number of stones it captured are
//!   announced to both; the player whose stones were taken sees which.
//!
//! Tries: every point that is not the player's own stone, nor an enemy
//! stone they found, nor an empty point refused to them this turn (trying
//! it again would tell them nothing), and the pass.
//!
//! Options: `size` (9 by default, the Olympiad board; any odd size from 5
//! to 19) and `komi` (7.5). The position text is the Go plugin's followed
//! by what the players know: `GOTEXT | SEENBYBLACK SEENBYWHITE TRIED`,
//! each a comma list of points or `-` (see [`text`]).

#![deny(missing_docs)]

pub mod points;
pub mod position;
pub mod text;
pub mod view;

use std::sync::Arc;

use rules_api::plugin::{check_options, option_or_default, PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Highlight, Move, MoveInfo, Notation, OptionSpec, Options, Piece, PlayerScore, PluginError,
    PositionFlags, RVec, Status,
};
use tabula_go::GoRules;

pub use position::{PhantomGoPosition, Points, Told};

/// The board sizes offered.
const SIZES: [&str; 8] = ["5", "7", "9", "11", "13", "15", "17", "19"];

/// The options: `size` and `komi`.
pub fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("size", "9", &SIZES, "Lines each way (9 is the Computer Olympiad's phantom Go board)."),
        OptionSpec::new("komi", tabula_go::DEFAULT_KOMI, &[], "Points White receives at the count (such as 7.5)."),
    ]
}

impl PositionImpl for PhantomGoPosition {
    fn side_to_move(&self) -> u8 {
        self.side()
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if !self.truth.status().is_ongoing() {
            return;
        }
        out.extend((0..self.cells.len()).filter(|&p| self.may_try(p)).map(|p| Move::place(p as u16)));
        out.push(Move::PASS);
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.truth.status().is_ongoing() {
            return Err(PluginError::illegal_move("the game is over"));
        }
        self.play(m)
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.take_back()
    }

    fn status(&self) -> Status {
        self.truth.status()
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        self.truth.pieces(out)
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        if m == Move::PASS {
            return Ok("pass".into());
        }
        if m.from != rules_api::CELL_NONE || !self.may_try(m.to as usize) || m.extra != 0 || m.tag != 0 {
            return Err(PluginError::illegal_move(format!("{m:?} is not a try here")));
        }
        Ok(points::point_name(self.size, m.to))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::PASS);
        }
        let p = points::parse_point(self.size, text).ok_or_else(|| {
            PluginError::invalid_input(format!(
                "'{text}' is not a point of the {n}×{n} board (like D4) or 'pass'",
                n = self.size
            ))
        })?;
        if !self.may_try(p) {
            return Err(PluginError::illegal_move(format!(
                "{text} is your stone, a stone you found or a point refused to you this turn"
            )));
        }
        Ok(Move::place(p as u16))
    }

    fn hash(&self) -> u64 {
        self.truth.hash() ^ self.knowledge_key()
    }

    fn evaluate(&self) -> i32 {
        self.truth.evaluate()
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        // The referee's board would tell which tries capture: hints from
        // it would leak, so every try looks alike but the pass.
        for &m in moves {
            let flags = if m == Move::PASS { rules_api::MoveFlags::PASS } else { rules_api::MoveFlags::NONE };
            out.push(MoveInfo { hint: 0, flags });
        }
    }

    fn flags(&self) -> PositionFlags {
        let over = self.truth.flags().0 & PositionFlags::MARK_DEAD.0;
        PositionFlags(over) | PositionFlags::HIDDEN
    }

    fn scores(&self, out: &mut RVec<PlayerScore>) {
        self.truth.scores(out)
    }

    fn count_score(
        &self,
        dead: &[u16],
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> Result<Status, PluginError> {
        self.truth.count_score(dead, marks, scores)
    }

    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) {
        for p in 0..self.cells.len() {
            if let Some(owner) = view::sees(self, viewer, p) {
                out.push(Piece { cell: p as u16, owner, kind: 0 });
            }
        }
    }

    fn view_highlights(&self, _viewer: u8, _out: &mut RVec<Highlight>) {}

    fn view_text(&self, viewer: u8) -> String {
        view::view_text(self, viewer)
    }

    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        let text = self.move_to_text(m, notation)?;
        Ok(if viewer == self.side() || m == Move::PASS { text } else { "?".into() })
    }

    fn announcement(&self, viewer: u8) -> String {
        view::announcement(self, viewer)
    }

    fn sample(&self, viewer: u8, seed: u64) -> Result<Self, PluginError> {
        if viewer > 1 {
            return Err(PluginError::unsupported("phantom go samples a player's view, not a spectator's"));
        }
        let knowledge = view::parse_view(&view::view_text(self, viewer), self.size)?;
        sample_from(&self.rules, self.size, &knowledge, seed)
    }
}

/// A position drawn from what a player knows.
fn sample_from(
    rules: &Arc<GoRules>,
    size: usize,
    k: &view::ViewKnowledge,
    seed: u64,
) -> Result<PhantomGoPosition, PluginError> {
    let cells = view::draw_cells(k, size, seed)?;
    let truth = rules.position_from_text(&text::go_text(&cells, size, k.side, k.passes))?;
    let mut seen = [Points::default(); 2];
    for (p, &c) in cells.iter().enumerate() {
        if c == 2 - k.viewer && k.cells[p] == c {
            seen[k.viewer as usize].add(p);
        }
    }
    let tried = if k.side == k.viewer { k.tried } else { Points::default() };
    Ok(PhantomGoPosition::new(Arc::clone(rules), truth, size, seen, tried, k.told))
}

/// Phantom Go on one board.
pub struct PhantomGoRules {
    go: Arc<GoRules>,
    size: usize,
    komi: String,
}

impl PhantomGoRules {
    /// Builds the game from the options `size` and `komi`.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = crate::options();
        check_options("phantomgo", options, &specs)?;
        let size_text = option_or_default(options, &specs, "size").to_string();
        let komi = option_or_default(options, &specs, "komi").to_string();
        let size: usize = size_text.parse().map_err(|_| PluginError::bad_option("phantomgo: bad size"))?;
        let go_options: Options =
            vec![("size".into(), size_text.as_str().into()), ("komi".into(), komi.as_str().into())]
                .into_iter()
                .map(|(a, b): (rules_api::RString, rules_api::RString)| rules_api::Tuple2(a, b))
                .collect();
        let go = GoRules::from_options(&go_options)
            .map_err(|e| PluginError::bad_option(format!("phantomgo: {}", e.message)))?;
        Ok(PhantomGoRules { go: Arc::new(go), size, komi })
    }
}

impl RulesImpl for PhantomGoRules {
    type Position = PhantomGoPosition;

    fn info(&self) -> GameInfo {
        let mut info = self.go.info();
        info.name = format!("Phantom Go {n}×{n}", n = self.size).into();
        info.position_format = "go text | seen-by-black seen-by-white tried".into();
        info
    }

    fn geometry(&self) -> Geometry {
        self.go.geometry()
    }

    fn start_position(&self) -> Result<PhantomGoPosition, PluginError> {
        let truth = self.go.start_position()?;
        Ok(PhantomGoPosition::new(
            Arc::clone(&self.go),
            truth,
            self.size,
            Default::default(),
            Points::default(),
            Told::Nothing,
        ))
    }

    fn position_from_text(&self, text: &str) -> Result<PhantomGoPosition, PluginError> {
        text::read(&self.go, self.size, text)
    }

    fn help_text(&self) -> String {
        format!("{HELP}\nThis game: {n}×{n} board, komi {}.\n", self.komi, n = self.size)
    }

    fn position_from_view(&self, text: &str, seed: u64) -> Result<PhantomGoPosition, PluginError> {
        let knowledge = view::parse_view(text, self.size)?;
        sample_from(&self.go, self.size, &knowledge, seed)
    }
}

/// The rules for a Help screen.
pub const HELP: &str = "\
PHANTOM GO (Computer Olympiad referee rules)

Go in which you see only your own stones. A referee keeps the real board.

YOUR TURN
  Point at an intersection (a try) or pass. If a stone there is legal on the
  referee's board it is played. If not - an enemy stone stands there, or the
  stone would be suicide or repeat an earlier board - the referee says
  'illegal', and you try again. An enemy stone you find this way is shown to
  you until it is captured. Your opponent hears only that you tried an
  illegal move.

WHAT EVERYONE HEARS
  Each move ('black played'), each pass, and how many stones a move
  captured; the player who lost them sees which (they leave the board).
  So both players always know how many stones each side has.

THE GO RULES
  As the Go plugin: captures, no suicide, positional superko, two passes in
  a row end the game, area scoring (stones plus surrounded points) with komi
  for White; every stone left on the board counts as alive unless the
  players mark dead ones.

NOTATION
  GTP points (D4; columns without the letter I) and 'pass'.
";
