//! The plain-Rust traits a plugin implements and the option helpers,
//! below the exporting glue ([`crate::export`]) that wraps them into ABI
//! objects; the `plugin` module presents both to plugin authors.

use abi_stable::std_types::{RString, RVec};
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;

use crate::error::PluginError;
use crate::geometry::Geometry;
use crate::growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
use crate::module::{OptionSpec, Options};
use crate::moves::{Move, MoveFlags, MoveInfo};
use crate::position::{HandPiece, Highlight, Notation, Piece, PlayerScore, PositionBox, PositionFlags, Status};
use crate::rules::GameInfo;
use crate::strategy::{ObserverMut, SearchLimits, SearchResult};

/// A position, written in plain Rust. See [`crate::Position`] for the
/// contract; here fallible methods return `Result` and output buffers are
/// the caller's `RVec`s, already cleared.
pub trait PositionImpl: Clone + Send + 'static {
    /// Index of the player to move.
    fn side_to_move(&self) -> u8;
    /// Push every legal move onto `out` (none when the game is over).
    fn legal_moves(&self, out: &mut RVec<Move>);
    /// Play a legal move; refuse anything else with
    /// [`PluginError::illegal_move`].
    fn make_move(&mut self, m: Move) -> Result<(), PluginError>;
    /// Take back the last move (or null move).
    fn unmake_move(&mut self) -> Result<(), PluginError>;
    /// Ongoing or the result.
    fn status(&self) -> Status;
    /// Push every piece on the board onto `out`.
    fn pieces(&self, out: &mut RVec<Piece>);
    /// The position as text (the format [`RulesImpl::position_from_text`]
    /// reads).
    fn to_text(&self) -> String;
    /// A legal move as text.
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError>;

    /// Zobrist-style hash, equal for equal positions however reached.
    ///
    /// Default: a hash of [`Self::to_text`]. Correct whenever the text holds
    /// everything that decides the legal moves and the result, but it
    /// allocates; searching games should keep an incremental hash.
    fn hash(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.to_text().hash(&mut h);
        h.finish()
    }
    /// Static evaluation from the mover's view. Default: 0 (no opinion), so
    /// searches decide on results alone.
    fn evaluate(&self) -> i32 {
        0
    }
    /// Push one [`MoveInfo`] per move onto `out`. Default: no hint, and
    /// only the [`MoveFlags::PASS`] flag on [`Move::PASS`].
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            let flags = if m == Move::PASS { MoveFlags::PASS } else { MoveFlags::NONE };
            out.push(MoveInfo { hint: 0, flags });
        }
    }
    /// Push every highlighted cell onto `out`. Default: none.
    fn highlights(&self, _out: &mut RVec<Highlight>) {}
    /// A legal move from text. Default: the legal move whose
    /// [`Self::move_to_text`] in `notation` equals `text` (spaces around it
    /// ignored); override it to accept more spellings or explain refusals.
    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        let wanted = text.trim();
        let mut moves = RVec::new();
        self.legal_moves(&mut moves);
        for &m in moves.iter() {
            if self.move_to_text(m, notation)? == wanted {
                return Ok(m);
            }
        }
        Err(PluginError::illegal_move(format!("'{wanted}' is not a legal move here")))
    }
    /// Search facts (in check, zugzwang risk). Default: none.
    fn flags(&self) -> PositionFlags {
        PositionFlags::NONE
    }
    /// The number of legal moves. Default: the length of
    /// [`Self::legal_moves`] written into `scratch` (a buffer the adapter
    /// keeps, so the default allocates nothing once it has grown).
    fn count_legal_moves(&self, scratch: &mut RVec<Move>) -> u64 {
        scratch.clear();
        self.legal_moves(scratch);
        scratch.len() as u64
    }
    /// Pass the turn for null-move pruning. Default: unsupported.
    fn make_null_move(&mut self) -> Result<(), PluginError> {
        Err(PluginError::unsupported("this game has no null move"))
    }
    /// Push the pieces each player holds in hand onto `out`. Default: none.
    fn hands(&self, _out: &mut RVec<HandPiece>) {}
    /// Push each player's counted score onto `out`. Default: none.
    fn scores(&self, _out: &mut RVec<PlayerScore>) {}
    /// The result with the pieces on `dead` taken off (see
    /// [`crate::PositionFlags::MARK_DEAD`]). Default: unsupported.
    fn count_score(
        &self,
        _dead: &[u16],
        _marks: &mut RVec<Highlight>,
        _scores: &mut RVec<PlayerScore>,
    ) -> Result<Status, PluginError> {
        Err(PluginError::unsupported("this game is not scored by marking dead pieces"))
    }

    /// Push the outcomes of this chance node onto `out`, with probabilities
    /// that are positive and sum to one; and set
    /// [`PositionFlags::CHANCE`] in [`Self::flags`] here, where the legal
    /// moves are exactly these outcomes. Default: none (no chance).
    fn chance_outcomes(&self, _out: &mut RVec<ChanceOutcome>) {}
    /// The result in full (see [`Outcome`]): payoffs per player (gammons,
    /// places) and a reason composed at run time. Default: [`Self::status`].
    fn result(&self) -> Outcome {
        Outcome::from_status(self.status())
    }
    /// Push one evaluation per player onto `out`, each from that player's
    /// view. Default: none, meaning [`Self::evaluate`] for the mover and its
    /// negation for the others; games of three or more should say more.
    fn evaluate_all(&self, _out: &mut RVec<i32>) {}
    /// Push every way of choosing a legal move by clicks onto `out` (see
    /// [`ClickPath`]). Default: `from` then `to` (a placement: `to`), no path
    /// for moves without a cell, and none at a chance node.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if self.flags().contains(PositionFlags::CHANCE) {
            return;
        }
        let mut moves = RVec::new();
        self.legal_moves(&mut moves);
        out.extend(moves.iter().filter_map(|&m| ClickPath::from_cells(m)));
    }
    /// Push the cells this position moves, renames or hides onto `out`.
    /// Default: none.
    fn cell_changes(&self, _out: &mut RVec<CellChange>) {}
    /// Push short texts to draw on cells onto `out`. Default: none.
    fn cell_texts(&self, _out: &mut RVec<CellText>) {}
    /// The number of players, as [`RulesImpl::info`] lists them. Default:
    /// 2; a game of three or more must say so (the conformance suite checks
    /// that this agrees with the game's players).
    fn player_count(&self) -> u8 {
        2
    }
    /// Push the pieces as `viewer` sees them (see
    /// [`crate::Position::view_pieces`]). Default: [`Self::pieces`].
    fn view_pieces(&self, _viewer: u8, out: &mut RVec<Piece>) {
        self.pieces(out)
    }
    /// Push the highlights `viewer` may see. Default: [`Self::highlights`].
    fn view_highlights(&self, _viewer: u8, out: &mut RVec<Highlight>) {
        self.highlights(out)
    }
    /// Push the cells `viewer` cannot see into. Default: none.
    fn hidden_cells(&self, _viewer: u8, _out: &mut RVec<u16>) {}
    /// What `viewer` knows, as text (see [`crate::Position::view_text`]).
    /// Default: [`Self::to_text`].
    fn view_text(&self, _viewer: u8) -> String {
        self.to_text()
    }
    /// A legal move as `viewer` may read it in the record. Default:
    /// [`Self::move_to_text`].
    fn move_text_for(&self, m: Move, notation: Notation, _viewer: u8) -> Result<String, PluginError> {
        self.move_to_text(m, notation)
    }
    /// What `viewer` was told by the last move. Default: nothing.
    fn announcement(&self, _viewer: u8) -> String {
        String::new()
    }
    /// A position `viewer` cannot tell from this one, hidden parts drawn
    /// from `seed` (see [`crate::Position::sample`]); set
    /// [`PositionFlags::HIDDEN`] in [`Self::flags`] when you implement it.
    /// Default: unsupported.
    fn sample(&self, _viewer: u8, _seed: u64) -> Result<Self, PluginError> {
        Err(PluginError::unsupported("this game hides nothing, so there is nothing to sample"))
    }
}

/// A configured game, written in plain Rust. See [`crate::Rules`].
pub trait RulesImpl: Send + Sync + 'static {
    /// The position type this game creates.
    type Position: PositionImpl;
    /// Name, players, piece types.
    fn info(&self) -> GameInfo;
    /// The board.
    fn geometry(&self) -> Geometry;
    /// The start position.
    fn start_position(&self) -> Result<Self::Position, PluginError>;
    /// A position from text; errors name what is wrong and where.
    fn position_from_text(&self, text: &str) -> Result<Self::Position, PluginError>;
    /// The rules for people. Default: none.
    fn help_text(&self) -> String {
        String::new()
    }
    /// A position consistent with a viewer's knowledge written by
    /// [`PositionImpl::view_text`], hidden parts drawn from `seed`.
    /// Default: [`Self::position_from_text`].
    fn position_from_view(&self, text: &str, _seed: u64) -> Result<Self::Position, PluginError> {
        self.position_from_text(text)
    }
}

/// A computer player, written in plain Rust. See [`crate::Strategy`].
pub trait StrategyImpl: Send + 'static {
    /// Pick a move; see [`crate::Strategy::choose_move`].
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError>;
    /// Forget the previous game. Default: nothing to forget.
    fn new_game(&mut self) {}
}

impl OptionSpec {
    /// Describes an option.
    pub fn new(name: &str, default: &str, choices: &[&str], description: &str) -> Self {
        OptionSpec {
            name: name.into(),
            default: default.into(),
            choices: choices.iter().map(|c| RString::from(*c)).collect(),
            description: description.into(),
        }
    }
}

/// Checks `options` against `specs`: every name must be known and given
/// once, and every value one of the listed choices (when there are any). Errors name the option and
/// list what is accepted.
pub fn check_options(plugin: &str, options: &Options, specs: &[OptionSpec]) -> Result<(), PluginError> {
    for (i, pair) in options.iter().enumerate() {
        let (name, value) = (pair.0.as_str(), pair.1.as_str());
        if options.iter().take(i).any(|earlier| earlier.0.as_str() == name) {
            return Err(PluginError::bad_option(format!("{plugin}: option '{name}' is given more than once")));
        }
        let Some(spec) = specs.iter().find(|s| s.name.as_str() == name) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(PluginError::bad_option(format!("{plugin}: unknown option '{name}' (known options: {known})")));
        };
        if !spec.choices.is_empty() && !spec.choices.iter().any(|c| c.as_str() == value) {
            let choices: Vec<&str> = spec.choices.iter().map(|c| c.as_str()).collect();
            return Err(PluginError::bad_option(format!(
                "{plugin}: option '{name}' cannot be '{value}' (choose one of: {})",
                choices.join(", ")
            )));
        }
    }
    Ok(())
}

/// The value of option `name`, or the default from `specs`.
pub fn option_or_default<'a>(options: &'a Options, specs: &'a [OptionSpec], name: &str) -> &'a str {
    crate::option_value(options, name)
        .or_else(|| specs.iter().find(|s| s.name.as_str() == name).map(|s| s.default.as_str()))
        .unwrap_or("")
}
