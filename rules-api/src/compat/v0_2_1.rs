//! rules-api 0.2.1: the boundary traits and the root module as released
//! (the 0.2.0 tables plus the methods 0.2.1 appended, defaults included).

#![allow(missing_docs)]

use abi_stable::library::RootModule;
use abi_stable::sabi_trait;
use abi_stable::sabi_types::VersionStrings;
use abi_stable::std_types::{RBox, RResult, RSlice, RStr, RString, RVec};
use abi_stable::{declare_root_module_statics, StableAbi};
use std::sync::atomic::AtomicBool;

use crate::error::PluginError;
use crate::geometry::Geometry;
use crate::growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
use crate::module::{OptionSpec, Options, PluginKind};
use crate::moves::{Move, MoveInfo};
use crate::position::{HandPiece, Highlight, Notation, Piece, PlayerScore, PositionFlags, Status};
use crate::rules::GameInfo;
use crate::strategy::{ObserverMut, SearchLimits, SearchResult};

#[sabi_trait]
pub trait Position: Clone + Send {
    fn side_to_move(&self) -> u8;

    fn legal_moves(&self, out: &mut RVec<Move>) -> RResult<(), PluginError>;

    fn make_move(&mut self, m: Move) -> RResult<(), PluginError>;

    fn unmake_move(&mut self) -> RResult<(), PluginError>;

    fn status(&self) -> RResult<Status, PluginError>;

    fn hash(&self) -> u64;

    fn evaluate(&self) -> i32;

    fn move_infos(&self, moves: RSlice<'_, Move>, out: &mut RVec<MoveInfo>) -> RResult<(), PluginError>;

    fn pieces(&self, out: &mut RVec<Piece>) -> RResult<(), PluginError>;

    fn highlights(&self, out: &mut RVec<Highlight>) -> RResult<(), PluginError>;

    fn to_text(&self) -> RResult<RString, PluginError>;

    fn move_to_text(&self, m: Move, notation: Notation) -> RResult<RString, PluginError>;

    fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError>;

    fn flags(&self) -> PositionFlags;

    fn count_legal_moves(&self) -> RResult<u64, PluginError>;

    fn make_null_move(&mut self) -> RResult<(), PluginError>;

    fn hands(&self, out: &mut RVec<HandPiece>) -> RResult<(), PluginError>;

    fn scores(&self, out: &mut RVec<PlayerScore>) -> RResult<(), PluginError>;

    #[sabi(last_prefix_field)]
    fn count_score(
        &self,
        dead: RSlice<'_, u16>,
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> RResult<Status, PluginError>;

    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    fn result(&self) -> RResult<Outcome, PluginError> {
        match self.status() {
            RResult::ROk(status) => RResult::ROk(Outcome::from_status(status)),
            RResult::RErr(e) => RResult::RErr(e),
        }
    }

    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
    }

    fn click_paths(&self, out: &mut RVec<ClickPath>) -> RResult<(), PluginError> {
        out.clear();
        let mut moves = RVec::new();
        if let RResult::RErr(e) = self.legal_moves(&mut moves) {
            return RResult::RErr(e);
        }
        out.extend(moves.iter().filter_map(|&m| ClickPath::from_cells(m)));
        RResult::ROk(())
    }

    fn cell_changes(&self, out: &mut RVec<CellChange>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    fn cell_texts(&self, out: &mut RVec<CellText>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    fn player_count(&self) -> u8 {
        2
    }

    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) -> RResult<(), PluginError> {
        let _ = viewer;
        self.pieces(out)
    }

    fn view_highlights(&self, viewer: u8, out: &mut RVec<Highlight>) -> RResult<(), PluginError> {
        let _ = viewer;
        self.highlights(out)
    }

    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) -> RResult<(), PluginError> {
        let _ = viewer;
        out.clear();
        RResult::ROk(())
    }

    fn view_text(&self, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        self.to_text()
    }

    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        self.move_to_text(m, notation)
    }

    fn announcement(&self, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        RResult::ROk(RString::new())
    }

    fn sample(&self, viewer: u8, seed: u64) -> RResult<PositionBox, PluginError> {
        let _ = (viewer, seed);
        RResult::RErr(PluginError::unsupported("this game hides nothing, so there is nothing to sample"))
    }
}

pub type PositionBox = Position_TO<'static, RBox<()>>;

#[sabi_trait]
pub trait Rules: Send + Sync {
    fn info(&self) -> RResult<GameInfo, PluginError>;
    fn geometry(&self) -> RResult<Geometry, PluginError>;
    fn start_position(&self) -> RResult<PositionBox, PluginError>;
    fn position_from_text(&self, text: RStr<'_>) -> RResult<PositionBox, PluginError>;
    #[sabi(last_prefix_field)]
    fn help_text(&self) -> RResult<RString, PluginError>;
    fn position_from_view(&self, text: RStr<'_>, seed: u64) -> RResult<PositionBox, PluginError> {
        let _ = seed;
        self.position_from_text(text)
    }
}

pub type RulesBox = Rules_TO<'static, RBox<()>>;

#[sabi_trait]
pub trait Strategy: Send {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: ObserverMut<'_>,
    ) -> RResult<SearchResult, PluginError>;
    #[sabi(last_prefix_field)]
    fn new_game(&mut self);
}

pub type StrategyBox = Strategy_TO<'static, RBox<()>>;

#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
#[sabi(missing_field(panic))]
pub struct PluginMod {
    pub kind: PluginKind,
    pub name: RStr<'static>,
    pub version: RStr<'static>,
    pub description: RStr<'static>,
    pub options: extern "C" fn() -> RVec<OptionSpec>,
    pub new_rules: extern "C" fn(options: &Options) -> RResult<RulesBox, PluginError>,
    #[sabi(last_prefix_field)]
    pub new_strategy: extern "C" fn(options: &Options) -> RResult<StrategyBox, PluginError>,
}

impl RootModule for PluginModRef {
    declare_root_module_statics! {PluginModRef}
    const BASE_NAME: &'static str = "tabula_plugin";
    const NAME: &'static str = "tabula_plugin";
    const VERSION_STRINGS: VersionStrings = VersionStrings::new("0.2.1");
}
